//! `shared`: which squares share a region (the groups), the rule that allows it
//! ([`compatible`]), the layout of the regions with `fancy-best`'s magics, and the filler
//! that ORs each region's attack sets together and checks every lookup after the
//! post-mask. The scheme module explains the idea.

use super::fancy_best;
use crate::reference::{self, BISHOP_RAYS, ROOK_RAYS};
use crate::schemes::magic::MagicEntry;
use crate::{Bitboard, Slider, Square};

/// One square's lookup: `table[offset + ((occupied & mask) * magic >> shift)] & post`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct SharedEntry {
    /// The relevant-occupancy mask.
    pub mask: Bitboard,
    /// The magic factor.
    pub magic: u64,
    /// The post-mask: the square's attacks on an empty board.
    pub post: Bitboard,
    /// Where the square's region begins.
    pub offset: u32,
    /// The right shift of the product: 64 minus the index bits.
    pub shift: u32,
}

impl SharedEntry {
    /// The table index of `occupied`.
    #[inline(always)]
    pub const fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The rook pairs: each pair of diagonal neighbours shares one region.
#[rustfmt::skip]
pub const ROOK_GROUPS: [[Square; 2]; 32] = {
    use Square::*;
    [
        [A1, B2], [H1, G2], [B1, A2], [C1, D2], [D1, C2], [E1, F2], [F1, E2], [G1, H2],
        [A3, B4], [H3, G4], [B3, A4], [G3, H4], [A5, B6], [H5, G6], [B5, A6], [G5, H6],
        [B7, A8], [E7, F8], [G7, H8], [C3, D4], [D3, C4], [E3, F4], [F3, E4], [C5, D6],
        [D5, C6], [E5, F6], [F5, E6], [A7, B8], [H7, G8], [D7, C8], [C7, D8], [F7, E8],
    ]
};

/// The bishop fours: two light and two dark squares, the squares of one colour two
/// files or two ranks apart or crossing off the board.
#[rustfmt::skip]
pub const BISHOP_GROUPS: [[Square; 4]; 16] = {
    use Square::*;
    [
        [D3, D4, D5, D6], [C4, E4, C5, E5], [C3, E3, F3, F5], [F4, C6, E6, F6],
        [C2, E2, D8, F8], [D1, F1, D2, F2], [A2, A4, G5, G7], [C1, E1, D7, F7],
        [A5, A7, C8, E8], [H1, H3, C7, E7], [B2, B4, A6, A8], [G2, G4, H6, H8],
        [A1, A3, H5, H7], [H2, H4, B5, B7], [B1, G1, B3, G3], [B6, G6, B8, G8],
    ]
};

/// The squares next to `square` (a king's moves).
const fn neighbours(square: Square) -> Bitboard {
    let (f, r) = (square as i32 % 8, square as i32 / 8);
    let mut bits = 0u64;
    let mut df = -1;
    while df <= 1 {
        let mut dr = -1;
        while dr <= 1 {
            let (x, y) = (f + df, r + dr);
            if (df != 0 || dr != 0) && x >= 0 && x < 8 && y >= 0 && y < 8 {
                bits |= 1 << (y * 8 + x);
            }
            dr += 1;
        }
        df += 1;
    }
    Bitboard(bits)
}

/// The attacks of `slider` on `square` on an empty board (the post-mask).
const fn empty_board(slider: Slider, square: Square) -> Bitboard {
    match slider {
        Slider::Rook => ROOK_RAYS[square as usize],
        Slider::Bishop => BISHOP_RAYS[square as usize],
        Slider::Queen => Bitboard(ROOK_RAYS[square as usize].0 | BISHOP_RAYS[square as usize].0),
    }
}

/// Whether `a` and `b` may share a region under the post-mask: every square both attack
/// on an empty board is next to both, so both attack it under any occupancy.
///
/// ```
/// use sliders_core::schemes::data::shared::compatible;
/// use sliders_core::{Slider, Square};
/// assert!(compatible(Slider::Rook, Square::A1, Square::B2));
/// assert!(!compatible(Slider::Rook, Square::A1, Square::C3)); // they cross at a3 and c1
/// assert!(compatible(Slider::Bishop, Square::A1, Square::B1)); // different colours
/// assert!(compatible(Slider::Bishop, Square::C1, Square::E1)); // they cross at d2
/// assert!(!compatible(Slider::Bishop, Square::C1, Square::G1)); // they cross at e3
/// ```
pub const fn compatible(slider: Slider, a: Square, b: Square) -> bool {
    let both = empty_board(slider, a).0 & empty_board(slider, b).0;
    both & !(neighbours(a).0 & neighbours(b).0) == 0
}

/// Lays the groups out one region after another and fills in each square's entry.
const fn layout<const G: usize, const K: usize>(
    slider: Slider,
    groups: &[[Square; K]; G],
    magics: &[MagicEntry; 64],
    base: u32,
) -> ([SharedEntry; 64], u32) {
    let mut out = [SharedEntry {
        mask: Bitboard::EMPTY,
        magic: 0,
        post: Bitboard::EMPTY,
        offset: 0,
        shift: 0,
    }; 64];
    let mut seen = 0u64;
    let mut offset = base;
    let mut g = 0;
    while g < G {
        let mut size = 0u32;
        let mut i = 0;
        while i < K {
            let square = groups[g][i];
            assert!(seen & (1 << square as u32) == 0, "square in two groups");
            seen |= 1 << square as u32;
            let mut j = i + 1;
            while j < K {
                assert!(
                    compatible(slider, square, groups[g][j]),
                    "incompatible group"
                );
                j += 1;
            }
            let magic = &magics[square as usize];
            if 1 << (64 - magic.shift) > size {
                size = 1 << (64 - magic.shift);
            }
            out[square as usize] = SharedEntry {
                mask: magic.mask,
                magic: magic.magic,
                post: empty_board(slider, square),
                offset,
                shift: magic.shift,
            };
            i += 1;
        }
        offset += size;
        g += 1;
    }
    assert!(seen == u64::MAX, "a square is in no group");
    (out, offset)
}

const ROOK_LAYOUT: ([SharedEntry; 64], u32) =
    layout(Slider::Rook, &ROOK_GROUPS, &fancy_best::ROOK, 0);
const BISHOP_LAYOUT: ([SharedEntry; 64], u32) = layout(
    Slider::Bishop,
    &BISHOP_GROUPS,
    &fancy_best::BISHOP,
    ROOK_LAYOUT.1,
);

/// Entries in the attack table: the rook regions, then the bishop regions.
pub const TABLE_ENTRIES: usize = BISHOP_LAYOUT.1 as usize;
/// Entries in the rook regions.
pub const ROOK_TABLE_ENTRIES: usize = ROOK_LAYOUT.1 as usize;
/// The rook entries, indexed by square.
pub const ROOK: [SharedEntry; 64] = ROOK_LAYOUT.0;
/// The bishop entries, indexed by square.
pub const BISHOP: [SharedEntry; 64] = BISHOP_LAYOUT.0;

/// Fills the table: ORs every relevant occupancy's attacks into its region, then checks
/// that the post-masked entry gives each of them back. Panics naming the square.
pub fn fill(table: &mut [Bitboard; TABLE_ENTRIES]) {
    for check in [false, true] {
        for s in 0..128 {
            let square = Square::ALL[s % 64];
            let (slider, entry) = if s < 64 {
                (Slider::Rook, &ROOK[s])
            } else {
                (Slider::Bishop, &BISHOP[s - 64])
            };
            for subset in entry.mask.subsets() {
                let index = entry.index(subset);
                let attacks = reference::attacks(slider, square, subset);
                if check {
                    assert!(
                        table[index] & entry.post == attacks,
                        "shared: {slider:?} {square}: wrong attacks after the post-mask"
                    );
                } else {
                    table[index] |= attacks;
                }
            }
        }
    }
}
