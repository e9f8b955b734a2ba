//! `black`: black magics index with `offset + ((occupied | !mask) * magic >> shift)`.
//! Setting every bit outside the mask, instead of clearing it, gives the search more
//! freedom: the index ranges shrink and pack tighter into one shared table, 87,988
//! entries (687.4 KiB), the smallest verified shared table published. Fixed shifts 52/55.
//!
//! Source: Volker Annuss and Niklas Fiekas (2017), the set in Cfish and cozy-chess,
//! `tests/data/magics/black_magics_87988_annuss_fiekas.csv`.

use crate::{Bitboard, Square};

super::layout::magic_scheme!("black", black);

/// What the lookup loads: the complement of the mask, precomputed, and the rest.
#[derive(Clone, Copy)]
struct Lookup {
    not_mask: u64,
    magic: u64,
    offset: usize,
}

const fn lookups(from: &[super::MagicEntry; 64]) -> [Lookup; 64] {
    let mut out = [Lookup {
        not_mask: 0,
        magic: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = Lookup {
            not_mask: !from[i].mask.0,
            magic: from[i].magic,
            offset: from[i].offset as usize,
        };
        i += 1;
    }
    out
}

static ROOK_LOOKUPS: [Lookup; 64] = lookups(&ROOK_ENTRIES);
static BISHOP_LOOKUPS: [Lookup; 64] = lookups(&BISHOP_ENTRIES);

/// The `black` scheme.
///
/// ```
/// use sliders_core::schemes::{Black, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Black.queen_attacks(Square::C6, occupied), reference::queen_attacks(Square::C6, occupied));
/// assert_eq!(Black.table_bytes(), 87_988 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Black;

impl super::Scheme for Black {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_LOOKUPS[square as usize];
        ATTACKS[e.offset + ((occupied.0 | e.not_mask).wrapping_mul(e.magic) >> 52) as usize]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_LOOKUPS[square as usize];
        ATTACKS[e.offset + ((occupied.0 | e.not_mask).wrapping_mul(e.magic) >> 55) as usize]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "black"
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
