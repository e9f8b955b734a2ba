//! `kogge-stone`: occluded fills, no table at all. Each direction floods from the slider
//! through empty squares in three shift-and-mask steps (1, 2, 4 squares, a parallel
//! prefix), then moves one more step to include the blocker. Eight directions, each a
//! chain of shifts and ANDs that vectorises well.
//!
//! The method: Peter M. Kogge and Harold S. Stone's parallel prefix, applied to chess by
//! Steffan Westcott (chessprogramming wiki, "Kogge-Stone Algorithm").

use crate::{Bitboard, Square};

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// One direction: a left shift (positive) or right shift (negative) by `step` squares,
/// with the squares that a shift must not wrap into.
#[inline(always)]
const fn shift(bits: u64, step: i32, keep: u64) -> u64 {
    (if step > 0 {
        bits << step
    } else {
        bits >> -step
    }) & keep
}

/// The squares a slider on `from` attacks in one direction.
#[inline(always)]
const fn ray(from: u64, empty: u64, step: i32, keep: u64) -> u64 {
    let mut generator = from;
    let mut propagator = empty & keep;
    generator |= propagator & shift(generator, step, !0);
    propagator &= shift(propagator, step, !0);
    generator |= propagator & shift(generator, 2 * step, !0);
    propagator &= shift(propagator, 2 * step, !0);
    generator |= propagator & shift(generator, 4 * step, !0);
    shift(generator, step, keep)
}

/// The `kogge-stone` scheme.
///
/// ```
/// use sliders_core::schemes::{KoggeStone, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(KoggeStone.queen_attacks(Square::H8, occupied), reference::queen_attacks(Square::H8, occupied));
/// assert_eq!(KoggeStone.table_bytes(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct KoggeStone;

impl super::Scheme for KoggeStone {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let (from, empty) = (1u64 << square as u8, !occupied.0);
        Bitboard(
            ray(from, empty, 8, !0)
                | ray(from, empty, -8, !0)
                | ray(from, empty, 1, NOT_A)
                | ray(from, empty, -1, NOT_H),
        )
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let (from, empty) = (1u64 << square as u8, !occupied.0);
        Bitboard(
            ray(from, empty, 9, NOT_A)
                | ray(from, empty, 7, NOT_H)
                | ray(from, empty, -7, NOT_A)
                | ray(from, empty, -9, NOT_H),
        )
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn name(&self) -> &'static str {
        "kogge-stone"
    }
}
