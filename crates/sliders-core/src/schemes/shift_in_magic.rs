//! `shift-in-magic`: Grant Osborne's layout. The shift lives in the top 6 bits of the
//! magic, index `((occupied & pre_mask) * magic) >> (magic >> 58)`, so a square's entry
//! is exactly pre-mask, post-mask, magic and table offset: 32 bytes, half a cache line,
//! two squares per line. The looked-up set is ANDed with the post-mask (the square's
//! empty-board attacks), which lets tables be shared between squares; with this set's
//! popcount-sized tables (107,648 entries, 841 KiB) it changes nothing.
//!
//! The magics must have their shift in their own top bits, so published sets do not
//! serve: ours come from a search with the top 6 bits fixed (xorshift64* seed 1,
//! sparse candidates, top-byte filter; 1,263,447 candidates, 0.15 s), recorded in
//! `tests/data/own/shift_in_magic_sliders_seed1.csv`.

use crate::reference::{BISHOP_RAYS, ROOK_RAYS};
use crate::{Bitboard, Square};

super::layout::magic_scheme!("shift-in-magic", shift_in_magic);

/// Pre-mask, post-mask, magic (shift in its top 6 bits) and offset: 32 bytes.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Entry {
    pre_mask: u64,
    post_mask: u64,
    magic: u64,
    offset: usize,
}

const fn lookups(from: &[super::MagicEntry; 64], rays: &[Bitboard; 64]) -> [Entry; 64] {
    let mut out = [Entry {
        pre_mask: 0,
        post_mask: 0,
        magic: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        // The lookup takes the shift from the magic: it must be the data's shift.
        assert!(from[i].magic >> 58 == from[i].shift as u64);
        out[i] = Entry {
            pre_mask: from[i].mask.0,
            post_mask: rays[i].0,
            magic: from[i].magic,
            offset: from[i].offset as usize,
        };
        i += 1;
    }
    out
}

static ROOK_LOOKUPS: [Entry; 64] = lookups(&ROOK_ENTRIES, &ROOK_RAYS);
static BISHOP_LOOKUPS: [Entry; 64] = lookups(&BISHOP_ENTRIES, &BISHOP_RAYS);

#[inline(always)]
fn lookup(e: &Entry, occupied: Bitboard) -> Bitboard {
    let index = (occupied.0 & e.pre_mask).wrapping_mul(e.magic) >> (e.magic >> 58);
    Bitboard(ATTACKS[e.offset + index as usize].0 & e.post_mask)
}

/// The `shift-in-magic` scheme.
///
/// ```
/// use sliders_core::schemes::{Scheme, ShiftInMagic};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(ShiftInMagic.queen_attacks(Square::A8, occupied), reference::queen_attacks(Square::A8, occupied));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftInMagic;

impl super::Scheme for ShiftInMagic {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK_LOOKUPS[square as usize], occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP_LOOKUPS[square as usize], occupied)
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "shift-in-magic"
    }
}
