//! `pext-pdep`: the PEXT index of [`pext`](super::pext), into a table of 16-bit
//! compressed attack sets: each entry keeps only the bits of the square's empty-board
//! attacks (at most 14 squares for a rook, 13 for a bishop), and PDEP spreads them back
//! onto those squares. A quarter of the PEXT table: 107,648 x 2 bytes = 210 KiB, at the
//! price of one more dependent instruction. Needs BMI2 like `pext`.
//!
//! The idea: Zach Wegner's and others' PEXT/PDEP posts on talkchess; the chessprogramming
//! wiki "BMI2" page ("PEXT/PDEP bitboards", about 210 KiB).

use super::bmi2::Bmi2;
use super::data::pext_pdep as data;
use crate::reference::{
    BISHOP_MASKS, BISHOP_OFFSETS, BISHOP_RAYS, ROOK_MASKS, ROOK_OFFSETS, ROOK_RAYS,
};
use crate::{Bitboard, Square};

/// Entries in the compressed table.
pub const TABLE_ENTRIES: usize = data::TABLE_ENTRIES;
/// The table's size in bytes.
pub const TABLE_BYTES: usize = core::mem::size_of::<[u16; TABLE_ENTRIES]>();

/// The reference table with every entry compressed under its square's rays
/// ([`data::fill`](super::data::pext_pdep::fill)), written by the build script.
static COMPRESSED: [u16; TABLE_ENTRIES] =
    super::layout::include_table!("pext-pdep", u16, TABLE_ENTRIES);

/// A square's masks and offset: PEXT mask (relevant occupancy), PDEP mask (empty-board
/// attacks), offset into the compressed table.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Entry {
    mask: u64,
    rays: u64,
    offset: usize,
}

const fn entries(
    masks: &[Bitboard; 64],
    rays: &[Bitboard; 64],
    offsets: &[u32; 64],
) -> [Entry; 64] {
    let mut out = [Entry {
        mask: 0,
        rays: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = Entry {
            mask: masks[i].0,
            rays: rays[i].0,
            offset: offsets[i] as usize,
        };
        i += 1;
    }
    out
}

static ROOK: [Entry; 64] = entries(&ROOK_MASKS, &ROOK_RAYS, &ROOK_OFFSETS);
static BISHOP: [Entry; 64] = entries(&BISHOP_MASKS, &BISHOP_RAYS, &BISHOP_OFFSETS);

/// The `pext-pdep` scheme; a value proves this CPU has BMI2.
///
/// ```
/// use sliders_core::schemes::{PextPdep, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// if let Some(scheme) = PextPdep::detect() {
///     let occupied = Bitboard(0x0042_0000_1800_2400);
///     assert_eq!(scheme.queen_attacks(Square::D4, occupied), reference::queen_attacks(Square::D4, occupied));
///     assert_eq!(scheme.table_bytes(), 107_648 * 2);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PextPdep(Bmi2);

impl PextPdep {
    /// The scheme, if this CPU has BMI2.
    pub fn detect() -> Option<Self> {
        Bmi2::detect().map(PextPdep)
    }

    #[inline(always)]
    fn lookup(self, e: &Entry, occupied: Bitboard) -> Bitboard {
        let compressed = COMPRESSED[e.offset + self.0.extract(occupied.0, e.mask) as usize];
        Bitboard(self.0.deposit(compressed as u64, e.rays))
    }
}

impl super::Scheme for PextPdep {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&ROOK[square as usize], occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.lookup(&BISHOP[square as usize], occupied)
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&COMPRESSED)
    }

    fn name(&self) -> &'static str {
        "pext-pdep"
    }
}
