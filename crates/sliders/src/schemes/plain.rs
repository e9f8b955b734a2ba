//! `plain`: the original magic bitboards. Every rook square gets 4,096 entries and every
//! bishop square 512, at fixed offsets, whatever its mask size: 294,912 entries
//! (2,304 KiB). The offset is implied by the square, and the shift is a constant.
//!
//! A magic that hashes a mask into `n` bits also works with more bits (the longer index
//! only splits the same buckets), so the `fancy` magics serve here with shifts 52 and 55.

use super::magic::{build, IndexFn, MagicEntry, MagicTables};
use crate::{Bitboard, Square};

/// Entries in the attack table.
pub const TABLE_ENTRIES: usize = 64 * 4096 + 64 * 512;

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

const ROOK_ENTRIES: [MagicEntry; 64] = widen(&super::fancy::ROOK_ENTRIES, 12, 0);
const BISHOP_ENTRIES: [MagicEntry; 64] = widen(&super::fancy::BISHOP_ENTRIES, 9, 64 * 4096);

static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Magic);

static ROOK_STATIC: [MagicEntry; 64] = ROOK_ENTRIES;
static BISHOP_STATIC: [MagicEntry; 64] = BISHOP_ENTRIES;

/// The scheme's entries and table.
pub static TABLES: MagicTables<'static> = MagicTables {
    rook: ROOK_ENTRIES,
    bishop: BISHOP_ENTRIES,
    attacks: &ATTACKS,
    index: IndexFn::Magic,
};

/// The `plain` scheme: offset and shift follow from the square, so neither is loaded.
///
/// ```
/// use sliders::schemes::{Plain, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Plain.queen_attacks(Square::E5, occupied), reference::queen_attacks(Square::E5, occupied));
/// assert_eq!(Plain.table_bytes(), 294_912 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl super::Scheme for Plain {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_STATIC[square as usize];
        let index = ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 52) as usize;
        ATTACKS[(square as usize) << 12 | index]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_STATIC[square as usize];
        let index = ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 55) as usize;
        ATTACKS[64 * 4096 + ((square as usize) << 9 | index)]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "plain"
    }
}
