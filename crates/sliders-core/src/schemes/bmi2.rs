//! [`Bmi2`]: the PEXT and PDEP instructions, reachable only through a value that
//! `cpuid` detection alone can create. The `pext` and `pext-pdep` schemes hold one.

/// A proof that this CPU has BMI2, and its two instructions.
///
/// ```
/// use sliders_core::schemes::bmi2::Bmi2;
/// if let Some(bmi2) = Bmi2::detect() {
///     assert_eq!(bmi2.extract(0b1011_0110, 0b1111_0000), 0b1011);
///     assert_eq!(bmi2.deposit(0b1011, 0b1111_0000), 0b1011_0000);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bmi2 {
    _proof_of_bmi2: (),
}

impl Bmi2 {
    /// The proof, if this CPU has BMI2 (fast or slow: see [`crate::cpu::pext_is_fast`]).
    #[inline]
    pub fn detect() -> Option<Self> {
        if crate::cpu::has_bmi2() {
            Some(Bmi2 { _proof_of_bmi2: () })
        } else {
            None
        }
    }

    /// PEXT: the bits of `value` under `mask`, packed down.
    #[inline(always)]
    pub fn extract(self, value: u64, mask: u64) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            // SAFETY: BMI2 is enabled for the whole build (`-C target-feature=+bmi2` or a
            // target CPU that has it), so the instruction exists wherever this code runs.
            #[allow(unused_unsafe)]
            unsafe {
                core::arch::x86_64::_pext_u64(value, mask)
            }
        }
        #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
        {
            let out: u64;
            // SAFETY: a `Bmi2` value exists only after `detect` saw the BMI2 bit in
            // cpuid (the field is private), so the CPU executes PEXT. Inline assembly,
            // unlike the intrinsic, needs no `#[target_feature]` on the caller, so it
            // inlines into generic hot code in a build for the baseline x86-64 CPU.
            // PEXT reads only registers and writes only `out`: no memory, no stack, no
            // flags. Covered by the `pext` scheme in
            // `every_compiled_scheme_matches_the_reference_on_every_occupancy`
            // (`tests/exhaustive.rs`) and this type's doc test.
            unsafe {
                core::arch::asm!(
                    "pext {out}, {value}, {mask}",
                    value = in(reg) value,
                    mask = in(reg) mask,
                    out = lateout(reg) out,
                    options(pure, nomem, nostack, preserves_flags),
                );
            }
            out
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self;
            super::data::pext_pdep::pext_soft(value, mask)
        }
    }

    /// PDEP: the low bits of `value` spread out to the squares of `mask`, in order.
    #[inline(always)]
    pub fn deposit(self, value: u64, mask: u64) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            // SAFETY: BMI2 is enabled for the whole build, as for `extract`.
            #[allow(unused_unsafe)]
            unsafe {
                core::arch::x86_64::_pdep_u64(value, mask)
            }
        }
        #[cfg(all(target_arch = "x86_64", not(target_feature = "bmi2")))]
        {
            let out: u64;
            // SAFETY: as for `extract`: a `Bmi2` value proves cpuid reported BMI2, and
            // PDEP touches only the named registers. Covered by the `pext-pdep` scheme in
            // `every_compiled_scheme_matches_the_reference_on_every_occupancy`
            // (`tests/exhaustive.rs`) and this type's doc test.
            unsafe {
                core::arch::asm!(
                    "pdep {out}, {value}, {mask}",
                    value = in(reg) value,
                    mask = in(reg) mask,
                    out = lateout(reg) out,
                    options(pure, nomem, nostack, preserves_flags),
                );
            }
            out
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self;
            super::data::pext_pdep::pdep_soft(value, mask)
        }
    }
}
