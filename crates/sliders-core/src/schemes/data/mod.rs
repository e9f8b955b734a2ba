//! What every table is built from: magic factors, shifts and offsets, the layouts
//! derived from them, and the builders that fill a table from the reference ray walk.
//!
//! These modules hold plain constants and functions over the core types only
//! ([`Bitboard`](crate::Bitboard), [`Square`](crate::Square), [`crate::reference`],
//! [`crate::schemes::magic`]). The crate's build script compiles these same files, under
//! the same module paths, and runs the builders natively for the enabled schemes: every
//! table is filled and checked occupancy by occupancy there, so a wrong magic fails the
//! build. The scheme modules include the bytes it writes.

pub mod black;
pub mod byte_lookup;
pub mod fancy;
pub mod fancy32;
pub mod fancy_best;
pub mod fixed_shift;
pub mod offset_in_magic;
pub mod pext_pdep;
pub mod plain;
pub mod shared;
pub mod shift_in_magic;
