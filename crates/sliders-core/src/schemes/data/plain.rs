//! `plain`: `fancy`'s magics widened to 12 rook and 9 bishop bits at fixed offsets
//! (`square * 4096`, then `64 * 4096 + square * 512`). A magic that hashes a mask into
//! `n` bits also works with more: the longer index only splits the same buckets.

use super::fancy;
use crate::schemes::magic::{IndexFn, MagicEntry};

/// Entries in the attack table.
pub const TABLE_ENTRIES: usize = 64 * 4096 + 64 * 512;
/// How an occupancy becomes an index.
pub const INDEX: IndexFn = IndexFn::Magic;
/// The rook entries, indexed by square: offset `square << 12`, shift 52.
pub const ROOK: [MagicEntry; 64] = widen(&fancy::ROOK, 12, 0);
/// The bishop entries, indexed by square: offset `64 * 4096 + (square << 9)`, shift 55.
pub const BISHOP: [MagicEntry; 64] = widen(&fancy::BISHOP, 9, 64 * 4096);

const fn widen(from: &[MagicEntry; 64], bits: u32, base: usize) -> [MagicEntry; 64] {
    let mut out = *from;
    let mut i = 0;
    while i < 64 {
        out[i].shift = 64 - bits;
        out[i].offset = (base + (i << bits)) as u32;
        i += 1;
    }
    out
}
