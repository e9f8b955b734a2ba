//! `hyperbola`: hyperbola quintessence. For a line through the slider that crosses each
//! rank at most once (a file, a diagonal, an anti-diagonal), reversing the board's ranks
//! with one byte swap reverses the line, so `o - s` (attacks towards higher squares) and
//! `swap(swap(o) - swap(s))` (towards lower ones) give both directions; XOR and mask.
//! Ranks cross every file, so they use the rank method instead: the 6 inner occupancy
//! bits of the rank index a 512-byte first-rank table.
//!
//! No large table: 64 entries of three line masks and a square bit (2 KiB) plus the rank
//! table (512 B). This is the default of a build with no table scheme feature (wasm,
//! embedded): such users trade speed for about 1.5 MiB of tables.
//!
//! The method: Gerd Isenberg and Aleksander Naumov on the chessprogramming wiki
//! ("Hyperbola Quintessence", "o^(o-2r)").

use crate::reference::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use crate::{Bitboard, Square};

/// One square's line masks, each without the square itself.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct Lines {
    pub(crate) bit: u64,
    pub(crate) file: u64,
    pub(crate) diagonal: u64,
    pub(crate) anti_diagonal: u64,
}

const fn line(square: Square, forward: (i8, i8)) -> u64 {
    let mut mask = 0u64;
    let mut sign = 0;
    while sign < 2 {
        let (df, dr) = if sign == 0 {
            forward
        } else {
            (-forward.0, -forward.1)
        };
        let mut current = square;
        while let Some(next) = current.offset(df, dr) {
            mask |= 1 << next as u8;
            current = next;
        }
        sign += 1;
    }
    mask
}

/// The tables' size in bytes: the line masks and the first-rank table.
pub const TABLE_BYTES: usize =
    core::mem::size_of::<[Lines; 64]>() + core::mem::size_of::<[[u8; 64]; 8]>();

pub(crate) static LINES: [Lines; 64] = {
    let mut out = [Lines {
        bit: 0,
        file: 0,
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        let square = Square::ALL[i];
        out[i] = Lines {
            bit: 1 << i,
            file: line(square, ROOK_DIRECTIONS[2]),
            diagonal: line(square, BISHOP_DIRECTIONS[0]),
            anti_diagonal: line(square, BISHOP_DIRECTIONS[1]),
        };
        i += 1;
    }
    out
};

/// `FIRST_RANK[file][inner]`: the attacks along the first rank of a slider on `file`
/// when the six inner squares b1..g1 hold the bits of `inner`.
// Written by the build script from `reference::first_rank_table` (evaluated as a
// constant, its 512 ray walks cost 0.11 s of every `cargo check`).
pub(crate) static FIRST_RANK: [[u8; 64]; 8] =
    super::layout::include_table!("first-rank", [u8; 64], 8);

/// Attacks along one rank-crossing line: `mask` is the line without the slider's bit.
#[inline(always)]
pub(crate) const fn line_attacks(occupied: u64, bit: u64, mask: u64) -> u64 {
    let forward = occupied & mask;
    let reverse = forward.swap_bytes();
    let forward = forward.wrapping_sub(bit);
    let reverse = reverse.wrapping_sub(bit.swap_bytes());
    (forward ^ reverse.swap_bytes()) & mask
}

/// Attacks along the slider's rank, by the rank table.
#[inline(always)]
pub(crate) fn rank_attacks(square: Square, occupied: u64) -> u64 {
    let shift = (square as u32) & 56;
    let inner = (occupied >> (shift + 1)) & 63;
    (FIRST_RANK[square as usize & 7][inner as usize] as u64) << shift
}

/// The `hyperbola` scheme.
///
/// ```
/// use sliders_core::schemes::{Hyperbola, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Hyperbola.queen_attacks(Square::D4, occupied), reference::queen_attacks(Square::D4, occupied));
/// assert!(Hyperbola.table_bytes() < 4096);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hyperbola;

impl super::Scheme for Hyperbola {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let l = &LINES[square as usize];
        Bitboard(line_attacks(occupied.0, l.bit, l.file) | rank_attacks(square, occupied.0))
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let l = &LINES[square as usize];
        Bitboard(
            line_attacks(occupied.0, l.bit, l.diagonal)
                | line_attacks(occupied.0, l.bit, l.anti_diagonal),
        )
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&LINES) + core::mem::size_of_val(&FIRST_RANK)
    }

    fn name(&self) -> &'static str {
        "hyperbola"
    }
}
