//! What this CPU can do, read once with `cpuid` (no `std` needed) and cached.
//!
//! # The PEXT rule
//!
//! PEXT is used only when the CPU has BMI2 **and** its PEXT is fast. AMD implemented
//! PEXT and PDEP in microcode before Zen 3: about 18 cycles per source bit set, up to
//! hundreds of cycles, against 3 cycles on Intel (Haswell and later) and on AMD Zen 3
//! and later. So PEXT counts as slow on:
//!
//! - `AuthenticAMD` with family below 0x19: Excavator (0x15), Zen, Zen+ and Zen 2 (0x17),
//!   and every older AMD family that has BMI2 at all;
//! - `HygonGenuine` family 0x18 (Dhyana, a Zen 1 derivative).
//!
//! Everything else with BMI2 counts as fast. The rule is [`pext_is_fast_on`].

use core::sync::atomic::{AtomicU8, Ordering};

/// The facts about a CPU that the scheme choice depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuFacts {
    /// The 12-byte vendor string, e.g. `GenuineIntel`, `AuthenticAMD`.
    pub vendor: [u8; 12],
    /// The display family (base family plus extended family when the base is 0xF).
    pub family: u32,
    /// Whether cpuid leaf 7 reports BMI2.
    pub bmi2: bool,
    /// AVX2, and the OS saves the YMM registers.
    pub avx2: bool,
    /// GFNI with AVX (the VEX-encoded Galois-field instructions), OS support included.
    pub gfni: bool,
    /// AVX-512 F and BW, and the OS saves the ZMM and mask registers.
    pub avx512: bool,
    /// The POPCNT instruction (not in the x86-64 baseline, in every CPU since about 2008).
    pub popcnt: bool,
}

/// Reads the CPU facts with `cpuid`, or `None` off x86-64.
///
/// ```
/// let facts = sliders_core::cpu::facts();
/// # #[cfg(target_arch = "x86_64")]
/// assert!(facts.is_some());
/// ```
pub fn facts() -> Option<CpuFacts> {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__cpuid;
        // cpuid exists on every x86-64 CPU; `#[allow(unused_unsafe)]` because newer
        // compilers mark the intrinsic safe.
        #[allow(unused_unsafe)]
        let (leaf0, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
        let mut vendor = [0u8; 12];
        vendor[0..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
        vendor[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
        vendor[8..12].copy_from_slice(&leaf0.ecx.to_le_bytes());
        let base = (leaf1.eax >> 8) & 0xf;
        let family = if base == 0xf {
            base + ((leaf1.eax >> 20) & 0xff)
        } else {
            base
        };
        #[allow(unused_unsafe)]
        let leaf7 = if leaf0.eax >= 7 {
            unsafe { core::arch::x86_64::__cpuid_count(7, 0) }
        } else {
            leaf0
        };
        let has7 = |reg: u32, bit: u32| leaf0.eax >= 7 && reg & (1 << bit) != 0;
        // Vector registers are usable only when the OS saves them: OSXSAVE, then XCR0.
        let xcr0 = if leaf1.ecx & (1 << 27) != 0 {
            // SAFETY: cpuid's OSXSAVE bit says the OS enabled XGETBV.
            unsafe { core::arch::x86_64::_xgetbv(0) }
        } else {
            0
        };
        let avx = leaf1.ecx & (1 << 28) != 0 && xcr0 & 0x6 == 0x6;
        let os_avx512 = xcr0 & 0xe6 == 0xe6;
        Some(CpuFacts {
            vendor,
            family,
            bmi2: has7(leaf7.ebx, 8),
            avx2: avx && has7(leaf7.ebx, 5),
            gfni: avx && has7(leaf7.ecx, 8),
            avx512: os_avx512 && has7(leaf7.ebx, 16) && has7(leaf7.ebx, 30),
            popcnt: leaf1.ecx & (1 << 23) != 0,
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

/// The rule: does a CPU of this vendor and family have fast PEXT, given it has BMI2?
///
/// ```
/// use sliders_core::cpu::pext_is_fast_on;
/// assert!(pext_is_fast_on(b"GenuineIntel", 6));
/// assert!(!pext_is_fast_on(b"AuthenticAMD", 0x17)); // Zen 2
/// assert!(pext_is_fast_on(b"AuthenticAMD", 0x19)); // Zen 3
/// assert!(!pext_is_fast_on(b"HygonGenuine", 0x18));
/// ```
pub const fn pext_is_fast_on(vendor: &[u8; 12], family: u32) -> bool {
    let amd = matches!(vendor, b"AuthenticAMD");
    let hygon = matches!(vendor, b"HygonGenuine");
    !((amd && family < 0x19) || (hygon && family == 0x18))
}

// Every feature bit, read once with cpuid and cached; KNOWN marks the cache as filled.
const KNOWN: u8 = 0x80;
const BMI2: u8 = 1;
const FAST_PEXT: u8 = 2;
const AVX2: u8 = 4;
const GFNI: u8 = 8;
const AVX512: u8 = 16;
const POPCNT: u8 = 32;
static FEATURES: AtomicU8 = AtomicU8::new(0);

#[inline]
fn features() -> u8 {
    match FEATURES.load(Ordering::Relaxed) {
        0 => {
            let bits = match facts() {
                Some(f) => {
                    let pext_fast = f.bmi2 && pext_is_fast_on(&f.vendor, f.family);
                    (f.bmi2 as u8 * BMI2)
                        | (pext_fast as u8 * FAST_PEXT)
                        | (f.avx2 as u8 * AVX2)
                        | ((f.avx2 && f.gfni) as u8 * GFNI)
                        | ((f.avx2 && f.gfni && f.avx512) as u8 * AVX512)
                        | (f.popcnt as u8 * POPCNT)
                }
                None => 0,
            };
            // Every thread computes the same value, so a race only repeats the work.
            FEATURES.store(bits | KNOWN, Ordering::Relaxed);
            bits
        }
        known => known,
    }
}

/// Whether this CPU executes BMI2 instructions (PEXT, PDEP), fast or slow.
///
/// ```
/// let _ = sliders_core::cpu::has_bmi2();
/// ```
#[inline]
pub fn has_bmi2() -> bool {
    features() & BMI2 != 0
}

/// Whether this CPU has BMI2 and its PEXT is fast (see the module docs for the rule).
///
/// ```
/// if sliders_core::cpu::pext_is_fast() {
///     assert!(sliders_core::cpu::has_bmi2());
/// }
/// ```
#[inline]
pub fn pext_is_fast() -> bool {
    features() & FAST_PEXT != 0
}

/// Whether this CPU has the POPCNT instruction.
///
/// ```
/// let _ = sliders_core::cpu::has_popcnt();
/// ```
#[inline]
pub fn has_popcnt() -> bool {
    features() & POPCNT != 0
}

/// Whether this CPU and OS run AVX2.
///
/// ```
/// let _ = sliders_core::cpu::has_avx2();
/// ```
#[inline]
pub fn has_avx2() -> bool {
    features() & AVX2 != 0
}

/// Whether this CPU and OS run AVX2 and VEX-encoded GFNI.
///
/// ```
/// if sliders_core::cpu::has_gfni() { assert!(sliders_core::cpu::has_avx2()); }
/// ```
#[inline]
pub fn has_gfni() -> bool {
    features() & GFNI != 0
}

/// Whether this CPU and OS run AVX-512 F and BW with GFNI (and AVX2).
///
/// ```
/// if sliders_core::cpu::has_avx512() { assert!(sliders_core::cpu::has_gfni()); }
/// ```
#[inline]
pub fn has_avx512() -> bool {
    features() & AVX512 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_pext_families() {
        for family in [0x15, 0x16, 0x17, 0x18] {
            assert!(!pext_is_fast_on(b"AuthenticAMD", family), "{family:#x}");
        }
        for family in [0x19, 0x1a] {
            assert!(pext_is_fast_on(b"AuthenticAMD", family), "{family:#x}");
        }
        assert!(!pext_is_fast_on(b"HygonGenuine", 0x18));
        assert!(pext_is_fast_on(b"GenuineIntel", 6));
    }
}
