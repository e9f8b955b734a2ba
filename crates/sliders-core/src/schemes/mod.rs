//! Every scheme behind one trait, [`Scheme`], and the run-time choice among them.
//!
//! # Dispatch without a per-lookup cost
//!
//! Hot code is written once, generic over `S: Scheme`, and entered through
//! [`dispatch`] (the best scheme for this CPU) or [`SchemeId::run`] (a named one). The
//! choice is made once at the entry; inside, every lookup is monomorphised and inlined,
//! with no branch and no indirect call.
//!
//! ```
//! use sliders_core::schemes::{dispatch, Scheme, WithScheme};
//! use sliders_core::{Bitboard, Square};
//!
//! /// Sums the rook mobility of every square: the hot loop is generic.
//! struct Mobility(Bitboard);
//! impl WithScheme for Mobility {
//!     type Output = usize;
//!     fn run<S: Scheme>(self, scheme: S) -> usize {
//!         Square::ALL.iter().map(|&sq| scheme.rook_attacks(sq, self.0).len()).sum()
//!     }
//! }
//! assert_eq!(dispatch(Mobility(Bitboard::EMPTY)), 64 * 14);
//! ```
//!
//! # The choice
//!
//! [`auto`] picks `pext` when it is compiled in and the CPU has fast PEXT
//! ([`crate::cpu`]), and otherwise [`DEFAULT_PORTABLE`] (`black` with the default
//! features). With the `std` feature the environment variable `SLIDERS_SCHEME=<name>`
//! overrides it (for benchmarks and tests); a name that is unknown, not compiled in,
//! unavailable here or not dispatchable ([`SchemeId::is_dispatchable`]: without the
//! `dispatch-all` feature, [`dispatch`] is compiled for the two schemes `auto` picks on
//! its own, not for every scheme in the build) is ignored by the library (the CLI
//! reports it).
//!
//! # Modules
//!
//! - [`scheme`]: the trait; [`registry`]: one row per scheme, [`SchemeId`], the choice.
//! - One module per scheme. Every scheme with a table of more than a few KiB sits behind
//!   a cargo feature of its name; its table is built and checked by the build script from
//!   [`data`] and brought in by `layout`'s macros.
//! - [`magic`]: the magic index and the checked filler; [`MagicTables`]: user magics.

pub mod bmi2;
pub mod data;
pub(crate) mod layout;
pub mod magic;
mod magic_tables;
mod popcnt;
pub mod registry;
pub mod scheme;

#[cfg(feature = "black")]
pub mod black;
#[cfg(feature = "byte-lookup")]
pub mod byte_lookup;
pub mod classical;
#[cfg(feature = "fancy")]
pub mod fancy;
#[cfg(feature = "fancy32")]
pub mod fancy32;
#[cfg(feature = "fancy-best")]
pub mod fancy_best;
#[cfg(feature = "fixed-shift")]
pub mod fixed_shift;
pub mod hyperbola;
pub mod kogge_stone;
#[cfg(feature = "offset-in-magic")]
pub mod offset_in_magic;
#[cfg(feature = "pext")]
pub mod pext;
#[cfg(feature = "pext-pdep")]
pub mod pext_pdep;
#[cfg(feature = "plain")]
pub mod plain;
#[cfg(feature = "shared")]
pub mod shared;
#[cfg(feature = "shift-in-magic")]
pub mod shift_in_magic;
pub mod simd;

#[cfg(feature = "black")]
pub use black::Black;
#[cfg(feature = "byte-lookup")]
pub use byte_lookup::ByteLookup;
pub use classical::Classical;
#[cfg(feature = "fancy")]
pub use fancy::Fancy;
#[cfg(feature = "fancy32")]
pub use fancy32::Fancy32;
#[cfg(feature = "fancy-best")]
pub use fancy_best::FancyBest;
#[cfg(feature = "fixed-shift")]
pub use fixed_shift::FixedShift;
pub use hyperbola::Hyperbola;
pub use kogge_stone::KoggeStone;
pub use magic::{FillError, IndexFn, MagicEntry};
pub use magic_tables::MagicTables;
#[cfg(feature = "offset-in-magic")]
pub use offset_in_magic::OffsetInMagic;
#[cfg(feature = "pext")]
pub use pext::Pext;
#[cfg(feature = "pext-pdep")]
pub use pext_pdep::PextPdep;
#[cfg(feature = "plain")]
pub use plain::Plain;
pub use popcnt::Popcnt;
pub use registry::{
    auto, detect_best, dispatch, dispatch_plain, missing_feature, Known, SchemeId,
    DEFAULT_PORTABLE, KNOWN,
};
#[cfg(feature = "std")]
pub use registry::{describe_choices, env_override};
pub use scheme::{Scheme, WithScheme};
#[cfg(feature = "shared")]
pub use shared::Shared;
#[cfg(feature = "shift-in-magic")]
pub use shift_in_magic::ShiftInMagic;
pub use simd::{SimdAvx2, SimdGfni, SimdScalar};
