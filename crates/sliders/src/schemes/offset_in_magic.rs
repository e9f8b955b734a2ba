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
//! `tests/data/own/offset_in_magic_sliders.csv`). The exact layout of Kotlov's published
//! set was not available to us; the offset unit `1 << OFFSET_SHIFT` is ours, chosen so 16
//! bits reach the whole table.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry, MagicTables};
use crate::{Bitboard, Slider, Square};

#[path = "offset_in_magic_data.rs"]
mod data;

/// The offset unit: a square's offset is `(magic & 0xFFFF) << OFFSET_SHIFT`.
pub const OFFSET_SHIFT: u32 = data::OFFSET_SHIFT;

/// Entries in the shared attack table.
pub const TABLE_ENTRIES: usize = data::TABLE_ENTRIES;

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
        (((self.magic & 0xFFFF) as usize) << data::OFFSET_SHIFT)
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> shift) as usize
    }
}

/// The magics as the generic filler wants them: the offset decoded from the low bits.
const fn decoded(magics: &[u64; 64], shift: u32) -> MagicData {
    let mut out = [(0u64, 0u32, 0u32); 64];
    let mut i = 0;
    while i < 64 {
        let m = magics[i];
        out[i] = (m, shift, ((m & 0xFFFF) as u32) << data::OFFSET_SHIFT);
        i += 1;
    }
    out
}

const ROOK_ENTRIES: [MagicEntry; 64] = entries(Slider::Rook, &decoded(&data::ROOK_MAGICS, 52));
const BISHOP_ENTRIES: [MagicEntry; 64] =
    entries(Slider::Bishop, &decoded(&data::BISHOP_MAGICS, 55));

/// Built and checked at compile time (every relevant occupancy of every square, with the
/// offset decoded from the magic): a wrong magic fails the build.
static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Magic);

const fn compact(entries: &[MagicEntry; 64]) -> [OffsetMagic; 64] {
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

/// The scheme's entries and table in the generic magic form (offsets decoded).
pub static TABLES: MagicTables<'static> = MagicTables {
    rook: ROOK_ENTRIES,
    bishop: BISHOP_ENTRIES,
    attacks: &ATTACKS,
    index: IndexFn::Magic,
};

/// The `offset-in-magic` scheme.
///
/// ```
/// use sliders::schemes::{OffsetInMagic, Scheme};
/// use sliders::{reference, Bitboard, Square};
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offsets_are_in_the_magics() {
        // The 16-byte lookup data (offset decoded on the fly) indexes exactly where the
        // compile-time-checked generic entries (offset stored) do.
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

    #[test]
    fn the_table_is_no_larger_than_it_needs() {
        // The build fills every entry some occupancy reaches; the last one must be among
        // them, or TABLE_ENTRIES (from the search's report) would overstate the table.
        assert!(ATTACKS[TABLE_ENTRIES - 1].0 != 0);
    }
}
