//! `pext-pdep`: the PEXT index of [`pext`](super::pext), into a table of 16-bit
//! compressed attack sets: each entry keeps only the bits of the square's empty-board
//! attacks (at most 14 squares for a rook, 13 for a bishop), and PDEP spreads them back
//! onto those squares. A quarter of the PEXT table: 107,648 x 2 bytes = 210 KiB, at the
//! price of one more dependent instruction. Needs BMI2 like `pext`.
//!
//! The idea: Zach Wegner's and others' PEXT/PDEP posts on talkchess; the chessprogramming
//! wiki "BMI2" page ("PEXT/PDEP bitboards", about 210 KiB).

use super::pext::{pext_soft, Pext, BISHOP_OFFSETS, REFERENCE, ROOK_OFFSETS, TABLE_ENTRIES};
use crate::reference::{BISHOP_MASKS, BISHOP_RAYS, ROOK_MASKS, ROOK_RAYS};
use crate::{Bitboard, Square};

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

/// Compresses the reference entries of slider-squares `from..to` (0..64 rook, 64..128
/// bishop) under their squares' rays; the rest of the table stays zero.
const fn compress(from: usize, to: usize) -> [u16; TABLE_ENTRIES] {
    let mut table = [0u16; TABLE_ENTRIES];
    let mut s = from;
    while s < to {
        let (rays, start, end) = if s < 64 {
            (
                ROOK_RAYS[s].0,
                ROOK_OFFSETS[s] as usize,
                ROOK_OFFSETS[s] as usize + (1 << ROOK_MASKS[s].0.count_ones()),
            )
        } else {
            let b = s - 64;
            (
                BISHOP_RAYS[b].0,
                BISHOP_OFFSETS[b] as usize,
                BISHOP_OFFSETS[b] as usize + (1 << BISHOP_MASKS[b].0.count_ones()),
            )
        };
        let mut at = start;
        while at < end {
            let compressed = pext_soft(REFERENCE[at].0, rays);
            assert!(compressed <= u16::MAX as u64);
            table[at] = compressed as u16;
            at += 1;
        }
        s += 1;
    }
    table
}

// Separate constant evaluations, used only while compiling (never copied at run time): one would run past rustc's long-evaluation lint.
#[allow(clippy::large_const_arrays)]
const PART_0: [u16; TABLE_ENTRIES] = compress(0, 16);
#[allow(clippy::large_const_arrays)]
const PART_1: [u16; TABLE_ENTRIES] = compress(16, 32);
#[allow(clippy::large_const_arrays)]
const PART_2: [u16; TABLE_ENTRIES] = compress(32, 48);
#[allow(clippy::large_const_arrays)]
const PART_3: [u16; TABLE_ENTRIES] = compress(48, 64);
#[allow(clippy::large_const_arrays)]
const PART_4: [u16; TABLE_ENTRIES] = compress(64, 128);

/// The reference table with every entry compressed under its square's rays.
static COMPRESSED: [u16; TABLE_ENTRIES] = {
    let mut table = [0u16; TABLE_ENTRIES];
    // Bind each part once: every use of a const item is a fresh copy of it in the
    // evaluator, and indexing them in the loop cost 27 s of build time.
    let parts = [&PART_0, &PART_1, &PART_2, &PART_3, &PART_4];
    let mut i = 0;
    while i < TABLE_ENTRIES {
        table[i] = parts[0][i] | parts[1][i] | parts[2][i] | parts[3][i] | parts[4][i];
        i += 1;
    }
    table
};

/// The `pext-pdep` scheme; a value proves this CPU has BMI2.
///
/// ```
/// use sliders::schemes::{PextPdep, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// if let Some(scheme) = PextPdep::detect() {
///     let occupied = Bitboard(0x0042_0000_1800_2400);
///     assert_eq!(scheme.queen_attacks(Square::D4, occupied), reference::queen_attacks(Square::D4, occupied));
///     assert_eq!(scheme.table_bytes(), 107_648 * 2);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PextPdep(Pext);

impl PextPdep {
    /// The scheme, if this CPU has BMI2.
    pub fn detect() -> Option<Self> {
        Pext::detect().map(PextPdep)
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
