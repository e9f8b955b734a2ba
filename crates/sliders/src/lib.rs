//! # sliders
//!
//! Sliding-piece attacks for chess: which squares a rook, bishop or queen on a square
//! attacks, given the occupied squares. Every table scheme of the literature sits behind
//! one trait, [`schemes::Scheme`], each proven against the slow [`reference`] on every
//! relevant occupancy of every square, and the best one for the running CPU is chosen
//! at run time.
//!
//! ```
//! use sliders::{bitboard, Bitboard, Square};
//! let occupied = bitboard! {
//!     . . . . . . . .
//!     . . . . X . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . X . . . . . .
//!     . . . . . . . .
//!     . . . . . . . .
//!     . . . . . . . .
//! };
//! let attacks = sliders::rook_attacks(Square::E4, occupied);
//! assert_eq!(attacks, bitboard! {
//!     . . . . . . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//!     . X X X . X X X
//!     . . . . X . . .
//!     . . . . X . . .
//!     . . . . X . . .
//! });
//! ```
//!
//! The free functions [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`] branch
//! on the cached choice at every call. Hot code should instead be generic over
//! [`schemes::Scheme`] and enter through [`schemes::dispatch`], which decides once.
//!
//! Tables are built and checked by `const` evaluation while compiling: there is no
//! initialisation call and no first-use cost, and a wrong magic fails the build.
//!
//! `no_std`, no dependencies. The default `std` feature only adds the `SLIDERS_SCHEME`
//! environment override; CPU detection uses `cpuid` from `core`.

#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "std")]
extern crate std;

mod bitboard;
pub mod cpu;
pub mod reference;
pub mod schemes;
mod square;

pub use bitboard::{Bitboard, Squares, Subsets};
pub use reference::Slider;
pub use square::{File, ParseSquareError, Rank, Square};

use schemes::{
    Black, ByteLookup, Classical, Fancy, Fancy32, FancyBest, FixedShift, Hyperbola, KoggeStone,
    Pext, PextPdep, Plain, Scheme, SchemeId, ShiftInMagic, SimdAvx2, SimdGfni, SimdScalar,
};

macro_rules! on_auto {
    ($method:ident($square:expr, $occupied:expr)) => {
        match schemes::auto() {
            SchemeId::Classical => Classical.$method($square, $occupied),
            SchemeId::Fancy => Fancy.$method($square, $occupied),
            SchemeId::FancyBest => FancyBest.$method($square, $occupied),
            SchemeId::Fancy32 => Fancy32.$method($square, $occupied),
            SchemeId::Plain => Plain.$method($square, $occupied),
            SchemeId::FixedShift => FixedShift.$method($square, $occupied),
            SchemeId::Black => Black.$method($square, $occupied),
            SchemeId::Pext => match Pext::detect() {
                Some(pext) => pext.$method($square, $occupied),
                None => Fancy.$method($square, $occupied),
            },
            SchemeId::PextPdep => match PextPdep::detect() {
                Some(scheme) => scheme.$method($square, $occupied),
                None => Fancy.$method($square, $occupied),
            },
            SchemeId::ByteLookup => ByteLookup.$method($square, $occupied),
            SchemeId::Hyperbola => Hyperbola.$method($square, $occupied),
            SchemeId::KoggeStone => KoggeStone.$method($square, $occupied),
            SchemeId::ShiftInMagic => ShiftInMagic.$method($square, $occupied),
            SchemeId::Simd => match SimdGfni::detect() {
                Some(gfni) => gfni.$method($square, $occupied),
                None => match SimdAvx2::detect() {
                    Some(avx2) => avx2.$method($square, $occupied),
                    None => SimdScalar.$method($square, $occupied),
                },
            },
            SchemeId::SimdAvx2 => match SimdAvx2::detect() {
                Some(avx2) => avx2.$method($square, $occupied),
                None => SimdScalar.$method($square, $occupied),
            },
            SchemeId::SimdScalar => SimdScalar.$method($square, $occupied),
        }
    };
}

/// Rook attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders::{Bitboard, Square};
/// assert_eq!(sliders::rook_attacks(Square::A1, Bitboard::FULL), Bitboard(0x102));
/// ```
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    on_auto!(rook_attacks(square, occupied))
}

/// Bishop attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders::{Bitboard, Square};
/// assert_eq!(sliders::bishop_attacks(Square::A1, Bitboard::FULL), Bitboard::from(Square::B2));
/// ```
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    on_auto!(bishop_attacks(square, occupied))
}

/// Queen attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders::{Bitboard, Square};
/// assert_eq!(sliders::queen_attacks(Square::D4, Bitboard::EMPTY).len(), 27);
/// ```
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    on_auto!(queen_attacks(square, occupied))
}
