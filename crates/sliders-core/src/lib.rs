//! # sliders-core
//!
//! Sliding-piece attacks for chess: which squares a rook, bishop or queen on a square
//! attacks, given the occupied squares. Every table scheme of the literature sits behind
//! one trait, [`schemes::Scheme`], each proven against the slow [`reference`](mod@reference) on every
//! relevant occupancy of every square, and the best one for the running CPU is chosen
//! at run time.
//!
//! ## 1. Look up attacks
//!
//! Squares are [`Square`] (a1 = 0 ... h8 = 63), sets of squares are [`Bitboard`]s; the
//! [`bitboard!`] macro writes one as a picture.
//!
//! ```
//! use sliders_core::{bitboard, Bitboard, Square};
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
//! let attacks = sliders_core::rook_attacks(Square::E4, occupied);
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
//! // Sets behave as sets: membership, size, union, iteration in square order.
//! assert!(attacks.contains(Square::E7) && !attacks.contains(Square::E8));
//! assert_eq!(attacks.len(), 12);
//! let queen = sliders_core::queen_attacks(Square::D4, Bitboard::EMPTY);
//! assert_eq!(queen.len(), 27);
//! assert_eq!(queen.into_iter().next(), Some(Square::A1));
//! ```
//!
//! ## 2. Choose a scheme
//!
//! Three ways, from the simplest to the fastest:
//!
//! - **Let the crate choose, per call.** The free functions [`rook_attacks`],
//!   [`bishop_attacks`] and [`queen_attacks`] use [`schemes::auto`]'s choice (`pext`
//!   where PEXT is fast, `black` elsewhere; `SLIDERS_SCHEME=<name>` overrides it with
//!   the `std` feature) and branch on the cached choice at every call.
//! - **Let the crate choose, once.** Write the hot code generic over
//!   [`schemes::Scheme`] and enter it through [`schemes::dispatch`]: one choice at the
//!   entry, none per lookup.
//! - **Name a scheme.** Every scheme is a value: `schemes::Fancy`, `schemes::Hyperbola`,
//!   ...; those that need an instruction ([`schemes::Pext`]) are made by `detect()`,
//!   which returns `None` where the CPU lacks it.
//!
//! ```
//! use sliders_core::schemes::{self, dispatch, Hyperbola, Scheme, SchemeId, WithScheme};
//! use sliders_core::{Bitboard, Square};
//!
//! /// Queen moves from every square, summed, with `occupied` blocking.
//! struct Mobility(Bitboard);
//!
//! impl WithScheme for Mobility {
//!     type Output = u32;
//!     fn run<S: Scheme>(self, scheme: S) -> u32 {
//!         Square::ALL
//!             .iter()
//!             .map(|&square| scheme.count(scheme.queen_attacks(square, self.0)))
//!             .sum()
//!     }
//! }
//!
//! // Chosen once for this CPU ...
//! assert_eq!(dispatch(Mobility(Bitboard::EMPTY)), 1_456);
//! // ... or named: a scheme with no large table, and no choice at all.
//! assert_eq!(Mobility(Bitboard::EMPTY).run(Hyperbola), 1_456);
//! // What was chosen, and what each scheme costs in table bytes.
//! let chosen: SchemeId = schemes::auto();
//! assert!(chosen.is_available() && chosen.table_bytes() > 0);
//! assert_eq!(SchemeId::Hyperbola.name(), "hyperbola");
//! ```
//!
//! Which scheme wins where, measured (ns per lookup, perft speed, table size), is in
//! the repository's docs/schemes.md; in short: `pext` where PEXT is fast, `black` (the
//! smallest published shared table) elsewhere, `hyperbola` when 2.5 KiB of tables is
//! all the memory there is.
//!
//! ## 3. Your own magics
//!
//! The built-in sets' data is public ([`schemes::data`]: masks, magics, shifts,
//! offsets), and [`schemes::MagicTables::fill`] turns any set into a scheme at run
//! time, checking every occupancy; the `sliders-search` crate finds and verifies sets.
//!
//! ## Tables
//!
//! Tables are built and checked by the crate's build script (natively, for the enabled
//! schemes only) and included as static data: there is no initialisation call and no
//! first-use cost, and a wrong magic fails the build.
//!
//! The pieces that do not slide have their own const tables ([`knight_attacks`],
//! [`king_attacks`], [`pawn_attacks`]), and so does the geometry a move generator needs
//! for checks and pins ([`between`], [`line`](fn@line), [`ray`]).
//!
//! `no_std`, no dependencies by default. Features:
//! - `std` (default): the `SLIDERS_SCHEME` environment override; CPU detection uses
//!   `cpuid` from `core` either way.
//! - one feature per scheme with a table of more than a few KiB, named as the scheme:
//!   `pext` and `black` (default: what [`schemes::auto`] chooses, on CPUs with and
//!   without fast PEXT), `fancy`, `fancy-best`, `fancy32`, `plain`, `fixed-shift`,
//!   `pext-pdep`, `byte-lookup`, `shift-in-magic`, `shared`, `offset-in-magic`;
//!   `all-schemes` turns on every one. `classical`, `hyperbola`, `kogge-stone` and the
//!   `simd` family (4.5 KiB of tables in all) are always there. User magics plug in
//!   through [`schemes::MagicTables::fill`] in any build. The costs are measured in the
//!   repository's docs/schemes.md.
//! - `serde` (off): `Serialize`/`Deserialize` for [`Square`] (as `"e4"`) and
//!   [`Bitboard`] (as its `u64`), through serde without its `std` feature. The only
//!   dependency the crate can have, and only when asked for.

#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "std")]
extern crate std;

mod bitboard;
mod color;
pub mod cpu;
mod geometry;
mod leapers;
mod lines;
mod piece;
pub mod reference;
pub mod schemes;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;

pub use bitboard::{Bitboard, Squares, Subsets};
pub use color::Color;
pub use geometry::{between, line, ray};
pub use leapers::{king_attacks, knight_attacks, pawn_attacks};
pub use piece::{RookOrBishop, Slider};
pub use square::{File, ParseSquareError, Rank, Square};

use schemes::{Scheme, WithScheme};

/// One lookup with the `auto` scheme: one match on the cached choice, the lookup inlined
/// into each arm; no POPCNT wrapper, since one lookup never counts.
#[inline(always)]
fn lookup(slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    schemes::registry::dispatch_plain(Lookup(slider, square, occupied))
}

/// One lookup as a job for [`schemes::SchemeId::run_plain`].
struct Lookup(Slider, Square, Bitboard);

impl WithScheme for Lookup {
    type Output = Bitboard;
    #[inline(always)]
    fn run<S: Scheme>(self, scheme: S) -> Bitboard {
        scheme.attacks(self.0, self.1, self.2)
    }
}

/// Rook attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders_core::{Bitboard, Square};
/// assert_eq!(sliders_core::rook_attacks(Square::A1, Bitboard::FULL), Bitboard(0x102));
/// ```
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(Slider::Rook, square, occupied)
}

/// Bishop attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders_core::{Bitboard, Square};
/// assert_eq!(sliders_core::bishop_attacks(Square::A1, Bitboard::FULL), Bitboard::from(Square::B2));
/// ```
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(Slider::Bishop, square, occupied)
}

/// Queen attacks with the [`schemes::auto`] scheme.
///
/// ```
/// use sliders_core::{Bitboard, Square};
/// assert_eq!(sliders_core::queen_attacks(Square::D4, Bitboard::EMPTY).len(), 27);
/// ```
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(Slider::Queen, square, occupied)
}

/// The crate README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
