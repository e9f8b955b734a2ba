//! `fixed-shift`: every rook square uses shift 52 (12 bits) and every bishop square 55
//! (9 bits), so the shift is a constant; the squares' index ranges overlap in one shared
//! table where their entries agree or are unused: 88,772 entries (693.5 KiB).
//!
//! Source: Volker Annuss' fixed-shift magics with offsets (the set in Cfish and
//! shakmaty), `tests/data/magics/fixed_shift_magics_88772_annuss.csv`.

use crate::{Bitboard, Square};

super::layout::magic_scheme!("fixed-shift", fixed_shift);

/// The `fixed-shift` scheme. The shifts are constants in the lookup, not loaded.
///
/// ```
/// use sliders_core::schemes::{FixedShift, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(FixedShift.queen_attacks(Square::H1, occupied), reference::queen_attacks(Square::H1, occupied));
/// assert_eq!(FixedShift.table_bytes(), 88_772 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedShift;

impl super::Scheme for FixedShift {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_STATIC[square as usize];
        ATTACKS[e.offset as usize + ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 52) as usize]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_STATIC[square as usize];
        ATTACKS[e.offset as usize + ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 55) as usize]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "fixed-shift"
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
