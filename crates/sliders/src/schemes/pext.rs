//! `pext`: BMI2's parallel bit extract packs the occupancy under the mask into a dense
//! index, so the table needs no magic and no collisions: 2^popcount(mask) entries per
//! square, 107,648 in all (841 KiB). Entry `k` of a square holds the attacks of the
//! `k`-th subset of its mask in carry-rippler order, which is exactly the subset whose
//! PEXT is `k`. That makes this table the reference the other tables are built from.
//!
//! PEXT is fast on Intel since Haswell and on AMD since Zen 3, but microcoded and slow
//! on AMD Excavator and Zen 1/2 (see [`crate::cpu`]). Without BMI2 the scheme is
//! unavailable: [`Pext::detect`] returns `None`, and no value of [`Pext`] can exist.

use crate::reference::{bishop_attacks, rook_attacks, BISHOP_MASKS, ROOK_MASKS};
pub(crate) use crate::reference::{BISHOP_OFFSETS, ROOK_OFFSETS};
use crate::schemes::Scheme;
use crate::{Bitboard, Square};

/// Entries in the PEXT (and popcount-sized fancy) table.
pub const TABLE_ENTRIES: usize = 107_648;

const fn build() -> [Bitboard; TABLE_ENTRIES] {
    let mut table = [Bitboard::EMPTY; TABLE_ENTRIES];
    let mut s = 0;
    while s < 128 {
        let square = Square::ALL[s % 64];
        let (mask, mut at) = if s < 64 {
            (ROOK_MASKS[s].0, ROOK_OFFSETS[s] as usize)
        } else {
            (BISHOP_MASKS[s - 64].0, BISHOP_OFFSETS[s - 64] as usize)
        };
        let mut subset = 0u64;
        loop {
            table[at] = if s < 64 {
                rook_attacks(square, Bitboard(subset))
            } else {
                bishop_attacks(square, Bitboard(subset))
            };
            at += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        s += 1;
    }
    table
}

/// The attack table in PEXT layout, computed once at compile time by the reference
/// ray walk; every other built-in table is filled from it.
pub(crate) static REFERENCE: [Bitboard; TABLE_ENTRIES] = build();

/// Software PEXT: the bits of `value` under `mask`, packed down in order.
/// Used where the instruction is missing, and to build tables.
///
/// ```
/// assert_eq!(sliders::schemes::pext::pext_soft(0b1011_0110, 0b1111_0000), 0b1011);
/// assert_eq!(sliders::schemes::pext::pext_soft(0b0100, 0b0110), 0b10);
/// ```
pub const fn pext_soft(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & lowest != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// Software PDEP: the low bits of `value` spread to the squares of `mask`, in order.
///
/// ```
/// assert_eq!(sliders::schemes::pext::pdep_soft(0b1011, 0b1111_0000), 0b1011_0000);
/// assert_eq!(sliders::schemes::pext::pdep_soft(0b10, 0b0110), 0b0100);
/// ```
pub const fn pdep_soft(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value >> bit & 1 != 0 {
            out |= lowest;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// The `pext` scheme. A value proves that this CPU has BMI2: get one from
/// [`Pext::detect`].
///
/// ```
/// use sliders::schemes::{Pext, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// if let Some(pext) = Pext::detect() {
///     let occupied = Bitboard(0x00ff_0000_0000_ff00);
///     assert_eq!(pext.rook_attacks(Square::D4, occupied), reference::rook_attacks(Square::D4, occupied));
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pext {
    _proof_of_bmi2: (),
}

impl Pext {
    /// The scheme, if this CPU has BMI2 (fast or slow: see [`crate::cpu::pext_is_fast`]).
    #[inline]
    pub fn detect() -> Option<Self> {
        if crate::cpu::has_bmi2() {
            Some(Pext { _proof_of_bmi2: () })
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
            // SAFETY: a `Pext` value exists only after `detect` saw the BMI2 bit in
            // cpuid (the field is private), so the CPU executes PEXT. Inline assembly,
            // unlike the intrinsic, needs no `#[target_feature]` on the caller, so it
            // inlines into generic hot code in a build for the baseline x86-64 CPU.
            // PEXT reads only registers and writes only `out`: no memory, no stack, no
            // flags. Covered by the exhaustive `pext` test in `tests/exhaustive.rs`.
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
            pext_soft(value, mask)
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
            // SAFETY: as for `extract`: a `Pext` value proves cpuid reported BMI2, and
            // PDEP touches only the named registers. Covered by the exhaustive
            // `pext-pdep` test in `tests/exhaustive.rs`.
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
            pdep_soft(value, mask)
        }
    }
}

/// A square's mask and offset side by side: one cache line serves both loads.
#[derive(Clone, Copy)]
struct Entry {
    mask: u64,
    offset: usize,
}

const fn lookups(masks: &[Bitboard; 64], offsets: &[u32; 64]) -> [Entry; 64] {
    let mut out = [Entry { mask: 0, offset: 0 }; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = Entry {
            mask: masks[i].0,
            offset: offsets[i] as usize,
        };
        i += 1;
    }
    out
}

static ROOK_LOOKUPS: [Entry; 64] = lookups(&ROOK_MASKS, &ROOK_OFFSETS);
static BISHOP_LOOKUPS: [Entry; 64] = lookups(&BISHOP_MASKS, &BISHOP_OFFSETS);

impl Scheme for Pext {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_LOOKUPS[square as usize];
        REFERENCE[e.offset + self.extract(occupied.0, e.mask) as usize]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_LOOKUPS[square as usize];
        REFERENCE[e.offset + self.extract(occupied.0, e.mask) as usize]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&REFERENCE)
    }

    fn name(&self) -> &'static str {
        "pext"
    }
}
