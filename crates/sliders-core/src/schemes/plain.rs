//! `plain`: the original magic bitboards. Every rook square gets 4,096 entries and every
//! bishop square 512, at fixed offsets, whatever its mask size: 294,912 entries
//! (2,304 KiB). The offset is implied by the square, and the shift is a constant.
//!
//! A magic that hashes a mask into `n` bits also works with more bits (the longer index
//! only splits the same buckets), so the `fancy` magics serve here with shifts 52 and 55.

use crate::{Bitboard, Square};

super::layout::magic_scheme!("plain", plain);

/// The `plain` scheme: offset and shift follow from the square, so neither is loaded.
///
/// ```
/// use sliders_core::schemes::{Plain, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
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

// The offsets and shifts the lookup derives from the square must be the data's.
const _: () = {
    let mut i = 0;
    while i < 64 {
        assert!(ROOK_ENTRIES[i].shift == 52 && ROOK_ENTRIES[i].offset as usize == i << 12);
        assert!(BISHOP_ENTRIES[i].shift == 55);
        assert!(BISHOP_ENTRIES[i].offset as usize == 64 * 4096 + (i << 9));
        i += 1;
    }
};
