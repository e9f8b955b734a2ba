//! Magic search: find, verify, pack and export magic sets.
//!
//! - [`MagicSet`]: a scheme (fancy, fancy32, plain, fixed-shift, black) and per piece
//!   and square a magic, its index bits and its offset; [`MagicSet::verify`] checks
//!   every relevant occupancy and reports the table size.
//! - [`csv`], [`export`]: the CSV format of `tests/data/magics`, Rust source, JSON.
//! - [`finder`]: the magic search (Stockfish's method, per-square seeding, parallel,
//!   resumable); [`pack`]: shared-table packing for fixed-shift and black sets.
#![deny(missing_docs)]

pub mod csv;
pub mod set;
pub mod verify;

pub use set::{MagicSet, Piece, SchemeKind, SetError, SquareMagic};
pub use verify::{Report, VerifyError};
