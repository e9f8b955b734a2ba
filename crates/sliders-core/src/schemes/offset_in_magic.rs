//! `offset-in-magic`: Eugene Kotlov's idea on top of fixed-shift magics. Every rook square
//! uses shift 52 and every bishop square 55, in one shared table as in `fixed-shift`, and
//! the square's table offset lives in the low 16 bits of its magic:
//!
//! ```text
//! index = ((magic & 0xFFFF) << OFFSET_SHIFT) + ((occupied & mask) * magic >> 52)   // rook
//! ```
//!
//! So a square's data is 16 bytes (mask and magic) instead of fixed-shift's mask, magic
//! and offset, and the lookup loads one word fewer. The low 16 bits take part in the
//! multiplication too, so each magic was searched together with its offset bits
//! (`sliders find --scheme offset-in-magic`, data in
//! `tests/data/own/offset_in_magic_sliders.csv`, and [`data::offset_in_magic`](super::data::offset_in_magic)). The exact layout of Kotlov's published
//! set was not available to us; the offset unit `1 << OFFSET_SHIFT` is ours, chosen so 16
//! bits reach the whole table.

use crate::{Bitboard, Square};

super::layout::magic_scheme!("offset-in-magic", offset_in_magic);

pub use data::OFFSET_SHIFT;

/// One square's whole lookup data: the mask and the magic, whose low 16 bits are the
/// offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct OffsetMagic {
    /// The relevant-occupancy mask.
    pub mask: Bitboard,
    /// The magic factor; `(magic & 0xFFFF) << OFFSET_SHIFT` is the square's offset.
    pub magic: u64,
}

impl OffsetMagic {
    /// The table index of `occupied` for a square with index shift `shift`.
    #[inline(always)]
    pub const fn index(&self, occupied: Bitboard, shift: u32) -> usize {
        (((self.magic & 0xFFFF) as usize) << OFFSET_SHIFT)
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> shift) as usize
    }
}

const fn compact(entries: &[super::MagicEntry; 64]) -> [OffsetMagic; 64] {
    let mut out = [OffsetMagic {
        mask: Bitboard::EMPTY,
        magic: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = OffsetMagic {
            mask: entries[i].mask,
            magic: entries[i].magic,
        };
        i += 1;
    }
    out
}

/// The rook masks and magics, indexed by square.
pub static ROOK: [OffsetMagic; 64] = compact(&ROOK_ENTRIES);
/// The bishop masks and magics, indexed by square.
pub static BISHOP: [OffsetMagic; 64] = compact(&BISHOP_ENTRIES);

/// The `offset-in-magic` scheme.
///
/// ```
/// use sliders_core::schemes::{OffsetInMagic, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(OffsetInMagic.queen_attacks(Square::E5, occupied), reference::queen_attacks(Square::E5, occupied));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OffsetInMagic;

impl super::Scheme for OffsetInMagic {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        ATTACKS[ROOK[square as usize].index(occupied, 52)]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        ATTACKS[BISHOP[square as usize].index(occupied, 55)]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "offset-in-magic"
    }
}

// The shifts the lookup hard-codes must be the data's.
const _: () = {
    let mut i = 0;
    while i < 64 {
        assert!(ROOK_ENTRIES[i].shift == 52 && BISHOP_ENTRIES[i].shift == 55);
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offsets_are_in_the_magics() {
        // The 16-byte lookup data (offset decoded on the fly) indexes exactly where the
        // generic entries the build script filled and checked the table with (offset
        // stored) do.
        for s in 0..64 {
            for occ in [
                Bitboard::EMPTY,
                Bitboard(u64::MAX),
                Bitboard(0x0042_0000_1800_2400),
            ] {
                assert_eq!(
                    ROOK[s].index(occ, 52),
                    TABLES.rook[s].index(occ),
                    "rook {s}"
                );
                assert_eq!(
                    BISHOP[s].index(occ, 55),
                    TABLES.bishop[s].index(occ),
                    "bishop {s}"
                );
            }
        }
        // The offsets differ between squares (the data is not one window for all).
        let mut offsets = TABLES.rook.map(|e| e.offset);
        offsets.sort_unstable();
        assert!(offsets.windows(2).all(|w| w[0] != w[1]));
    }
}
