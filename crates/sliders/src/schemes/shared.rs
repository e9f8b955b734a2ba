//! `shared`: Lasse Hansen's post-mask sharing. Several squares index one region of the
//! attack table, each with its own magic; the region's entry holds the union of their
//! attack sets, and a lookup ANDs the entry with the square's empty-board attacks (the
//! post-mask) to keep only its own squares. Rook squares share in pairs, bishop squares
//! in fours: 56,320 rook + 1,632 bishop = 57,952 entries (452.75 KiB, 54% of fancy's
//! 107,648). Hansen's published figure is about 400 KiB; see below for why ours is larger.
//!
//! Why the union is exact: squares `a` and `b` may share when every square both can
//! attack on an empty board is next to both of them. Such a square is the first square
//! of a ray from `a` and from `b`, so both always attack it, whatever the occupancy.
//! Then for any entry, `(attacks_a | attacks_b) & post_a == attacks_a`: the bits `b`
//! adds inside `a`'s post-mask are already in `attacks_a`. No magic has to be searched
//! for the layout: any valid magic of each square works in its region, so the regions
//! use the best-known fancy magics (`fancy-best`) with their N-1-bit squares.
//!
//! Which squares may share (checked at compile time by [`compatible`]):
//! - rooks: two squares' rook lines always cross in two squares, and both are next to
//!   both squares only for diagonal neighbours (a1 with b2, b1 with a2). No rook triple
//!   is pairwise diagonal neighbours, so rooks share in pairs.
//! - bishops: a light and a dark square never share a line; two squares of one colour two
//!   files or two ranks apart (a1 and c1) cross only next to both, or off the board. The
//!   largest such groups have four squares.
//!
//! A region is as large as its largest member needs, so the groups pair large squares
//! with large ones where the rule allows. The rook pairs are a minimum-cost matching of
//! the diagonal-neighbour graph with cost `max(2^bits)` per pair (56,320 entries; checked
//! with an exact weighted matching, networkx `max_weight_matching`, which allowed
//! unpaired squares too). The bishop fours are the best of 3,000 randomised greedy
//! groupings, largest squares first (1,632 entries; not proven minimal). Rook corners and
//! edges mostly neighbour interior squares, which is why the rook part is above the
//! 51,200 that pairs of equal sizes would give: under this rule no pairing does better.
//!
//! The groups come from `tools/shared_groups.py`.
//!
//! Source of the idea: Lasse Hansen, as described on the chessprogramming wiki (Magic
//! Bitboards); the construction and the groups here are our own.

use super::fancy_best;
use super::magic::MagicData;
use crate::reference::{
    BISHOP_MASKS, BISHOP_OFFSETS, BISHOP_RAYS, ROOK_MASKS, ROOK_OFFSETS, ROOK_RAYS,
};
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
/// use sliders::schemes::shared::compatible;
/// use sliders::{Slider, Square};
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

/// The index bits a published magic uses.
const fn bits(data: &MagicData, square: Square) -> u32 {
    64 - data[square as usize].1
}

/// Lays the groups out one region after another and fills in each square's entry.
const fn layout<const G: usize, const K: usize>(
    slider: Slider,
    groups: &[[Square; K]; G],
    data: &MagicData,
    base: u32,
) -> ([SharedEntry; 64], u32) {
    let masks = match slider {
        Slider::Bishop => &BISHOP_MASKS,
        _ => &ROOK_MASKS,
    };
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
            if 1 << bits(data, square) > size {
                size = 1 << bits(data, square);
            }
            let (magic, shift, _) = data[square as usize];
            out[square as usize] = SharedEntry {
                mask: masks[square as usize],
                magic,
                post: empty_board(slider, square),
                offset,
                shift,
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

/// The rook entries, indexed by square.
pub static ROOK_ENTRIES: [SharedEntry; 64] = ROOK_LAYOUT.0;
/// The bishop entries, indexed by square.
pub static BISHOP_ENTRIES: [SharedEntry; 64] = BISHOP_LAYOUT.0;

/// Visits every relevant occupancy of every square: ORs its attacks into the table
/// (`check` false), or checks that the post-masked entry gives them back (`check` true).
const fn pass(table: &mut [Bitboard; TABLE_ENTRIES], check: bool) {
    let reference = &super::pext::REFERENCE;
    let mut s = 0;
    while s < 128 {
        let (entry, start) = if s < 64 {
            (&ROOK_LAYOUT.0[s], ROOK_OFFSETS[s])
        } else {
            (&BISHOP_LAYOUT.0[s - 64], BISHOP_OFFSETS[s - 64])
        };
        let mask = entry.mask.0;
        let mut subset = 0u64;
        let mut k = start as usize;
        loop {
            let index = entry.index(Bitboard(subset));
            let attacks = reference[k].0;
            if check {
                assert!(
                    table[index].0 & entry.post.0 == attacks,
                    "shared: wrong attacks"
                );
            } else {
                table[index].0 |= attacks;
            }
            k += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        s += 1;
    }
}

/// The attack table, built and then checked occupancy by occupancy at compile time.
static ATTACKS: [Bitboard; TABLE_ENTRIES] = {
    let mut table = [Bitboard::EMPTY; TABLE_ENTRIES];
    pass(&mut table, false);
    pass(&mut table, true);
    table
};

/// The `shared` scheme.
///
/// ```
/// use sliders::schemes::{Scheme, Shared};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Shared.queen_attacks(Square::B2, occupied), reference::queen_attacks(Square::B2, occupied));
/// assert_eq!(Shared.table_bytes(), 57_952 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Shared;

impl super::Scheme for Shared {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_ENTRIES[square as usize];
        ATTACKS[e.index(occupied)] & e.post
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_ENTRIES[square as usize];
        ATTACKS[e.index(occupied)] & e.post
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "shared"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::Scheme;

    #[test]
    fn sizes_are_the_documented_ones() {
        assert_eq!(ROOK_LAYOUT.1, 56_320);
        assert_eq!(TABLE_ENTRIES, 57_952);
    }

    #[test]
    fn the_table_really_is_shared() {
        // Some entry holds attacks of two squares: without the post-mask a lookup would
        // be wrong, so the post-mask is doing work.
        let e = &ROOK_ENTRIES[Square::A1 as usize];
        let raw = ATTACKS[e.index(Bitboard::EMPTY)];
        assert_ne!(raw, raw & e.post);
        assert_eq!(Shared.rook_attacks(Square::A1, Bitboard::EMPTY), e.post);
    }

    #[test]
    fn members_of_a_group_share_one_offset() {
        for group in ROOK_GROUPS {
            assert_eq!(
                ROOK_ENTRIES[group[0] as usize].offset,
                ROOK_ENTRIES[group[1] as usize].offset
            );
        }
        for group in BISHOP_GROUPS {
            let offsets = group.map(|s| BISHOP_ENTRIES[s as usize].offset);
            assert!(offsets.iter().all(|&o| o == offsets[0]));
        }
    }

    #[test]
    fn incompatible_squares_would_break_the_union() {
        // a1 and c3 cross at a3 and c1; with both in one region some lookup must fail,
        // which is why `compatible` refuses them.
        assert!(!compatible(Slider::Rook, Square::A1, Square::C3));
        let a1 = crate::reference::rook_attacks(Square::A1, Bitboard(1 << Square::B1 as u32));
        let c3 = crate::reference::rook_attacks(Square::C3, Bitboard::EMPTY);
        let post = crate::reference::rook_attacks(Square::A1, Bitboard::EMPTY);
        assert_ne!((a1 | c3) & post, a1);
    }
}
