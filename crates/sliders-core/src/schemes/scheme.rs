//! The [`Scheme`] trait every way of computing attacks implements, and [`WithScheme`],
//! code written once for any scheme.

use crate::{Bitboard, Slider, Square};

/// A way to compute slider attacks. Every scheme gives the same answers as
/// [`crate::reference`] for every square and every occupancy; they differ in speed and
/// memory.
///
/// ```
/// use sliders_core::schemes::{Hyperbola, KoggeStone, Scheme};
/// use sliders_core::{Bitboard, Square};
/// fn mobility<S: Scheme>(scheme: S, occupied: Bitboard) -> usize {
///     scheme.queen_attacks(Square::D4, occupied).len()
/// }
/// assert_eq!(mobility(Hyperbola, Bitboard::EMPTY), mobility(KoggeStone, Bitboard::EMPTY));
/// ```
pub trait Scheme: Copy + Send + Sync {
    /// Whether the lookups are `#[target_feature(enable = "avx2")]` functions (the
    /// `simd-avx2` scheme): a baseline caller cannot inline them, so a hot loop over many
    /// lookups (perft) is worth entering through a copy of itself compiled for AVX2,
    /// after checking [`crate::cpu::has_avx2`]. A hint for speed, not a safety
    /// contract: callers check the CPU themselves. Default: `false`.
    const AVX2_LOOKUPS: bool = false;

    /// The squares a rook on `square` attacks when `occupied` holds the pieces.
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `square` attacks when `occupied` holds the pieces.
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen attacks: rook and bishop attacks together.
    #[inline(always)]
    fn queen_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(square, occupied) | self.bishop_attacks(square, occupied)
    }

    /// The attacks of any slider.
    #[inline(always)]
    fn attacks(&self, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        match slider {
            Slider::Rook => self.rook_attacks(square, occupied),
            Slider::Bishop => self.bishop_attacks(square, occupied),
            Slider::Queen => self.queen_attacks(square, occupied),
        }
    }

    /// How many squares `set` holds. Hot code that is generic over the scheme should
    /// count with this rather than [`Bitboard::len`]: the x86-64 baseline has no POPCNT
    /// instruction, and [`SchemeId::run`](super::SchemeId::run) wraps every scheme in [`Popcnt`](super::Popcnt) on CPUs that
    /// have it, so a build without target flags still counts with one instruction.
    ///
    /// ```
    /// use sliders_core::schemes::{Hyperbola, Scheme};
    /// assert_eq!(Hyperbola.count(sliders_core::Bitboard(0b1011)), 3);
    /// ```
    #[inline(always)]
    fn count(&self, set: Bitboard) -> u32 {
        set.0.count_ones()
    }

    /// The size of the scheme's attack table in bytes (the per-square entries, 128 of
    /// them, are not counted, as in the literature).
    fn table_bytes(&self) -> usize;

    /// The scheme's name, as `sliders schemes` lists it.
    fn name(&self) -> &'static str;
}

/// Code to run with a scheme chosen at run time: implement `run` generically once, and
/// [`dispatch`](super::dispatch) or [`SchemeId::run`](super::SchemeId::run) monomorphises it for the chosen scheme.
pub trait WithScheme {
    /// What `run` returns.
    type Output;

    /// Runs with `scheme`; every lookup through it is inlined.
    fn run<S: Scheme>(self, scheme: S) -> Self::Output;
}
