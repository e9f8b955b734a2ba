//! [`Popcnt`]: a scheme that counts with the POPCNT instruction, on CPUs that have it.

use super::Scheme;
use crate::{Bitboard, Square};

/// A scheme whose [`Scheme::count`] uses the POPCNT instruction; a value proves the CPU
/// has it. [`SchemeId::run`](super::SchemeId::run) and [`dispatch`](super::dispatch) wrap their scheme in it where they can.
///
/// ```
/// use sliders_core::schemes::{Hyperbola, Popcnt, Scheme};
/// use sliders_core::Bitboard;
/// if let Some(counted) = Popcnt::wrap(Hyperbola) {
///     assert_eq!(counted.count(Bitboard(u64::MAX)), 64);
///     assert_eq!(counted.name(), "hyperbola");
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Popcnt<S> {
    inner: S,
    _proof_of_popcnt: (),
}

impl<S: Scheme> Popcnt<S> {
    /// `inner` with an instruction popcount, if this CPU has POPCNT.
    #[inline]
    pub fn wrap(inner: S) -> Option<Self> {
        crate::cpu::has_popcnt().then_some(Popcnt {
            inner,
            _proof_of_popcnt: (),
        })
    }
}

impl<S: Scheme> Scheme for Popcnt<S> {
    const AVX2_LOOKUPS: bool = S::AVX2_LOOKUPS;

    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.bishop_attacks(square, occupied)
    }

    #[inline(always)]
    fn queen_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.queen_attacks(square, occupied)
    }

    #[inline(always)]
    fn count(&self, set: Bitboard) -> u32 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        {
            let out: u64;
            // SAFETY: a `Popcnt` value exists only after cpuid reported POPCNT (`wrap`;
            // the field is private). POPCNT reads and writes only the named registers and
            // the flags (so no `preserves_flags`). Covered by `tests/count.rs`.
            unsafe {
                core::arch::asm!(
                    "popcnt {out}, {set}",
                    set = in(reg) set.0,
                    out = lateout(reg) out,
                    options(pure, nomem, nostack),
                );
            }
            out as u32
        }
        #[cfg(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))))]
        {
            set.0.count_ones()
        }
    }

    fn table_bytes(&self) -> usize {
        self.inner.table_bytes()
    }

    fn name(&self) -> &'static str {
        self.inner.name()
    }
}
