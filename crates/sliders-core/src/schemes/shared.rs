//! `shared`: Lasse Hansen's post-mask sharing. Several squares index one region of the
//! attack table, each with its own magic; the region's entry holds the union of their
//! attack sets, and a lookup ANDs the entry with the square's empty-board attacks (the
//! post-mask) to keep only its own squares. Rook squares share in pairs, bishop squares
//! in fours: 55,296 rook + 1,632 bishop = 56,928 entries (444.75 KiB, 53% of fancy's
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
//! the diagonal-neighbour graph with cost `max(2^bits)` per pair (56,320 entries with the
//! 91,328-entry set's magics; checked with an exact weighted matching, networkx
//! `max_weight_matching`, which allowed unpaired squares too); with rook d1 at 10 bits
//! (the 89,280-entry set) the same pairs hold 55,296, not re-matched since. The bishop fours are the best of 3,000 randomised greedy
//! groupings, largest squares first (1,632 entries; not proven minimal). Rook corners and
//! edges mostly neighbour interior squares, which is why the rook part is above the
//! 51,200 that pairs of equal sizes would give: under this rule no pairing does better.
//!
//! The groups come from `tools/shared_groups.py`.
//!
//! Source of the idea: Lasse Hansen, as described on the chessprogramming wiki (Magic
//! Bitboards); the construction and the groups here are our own.

use super::data::shared as data;
use crate::{Bitboard, Square};

pub use data::{compatible, SharedEntry, BISHOP_GROUPS, ROOK_GROUPS, TABLE_ENTRIES};

/// The attack table's size in bytes.
pub const TABLE_BYTES: usize = core::mem::size_of::<[Bitboard; TABLE_ENTRIES]>();

/// The rook entries, indexed by square.
pub static ROOK_ENTRIES: [SharedEntry; 64] = data::ROOK;
/// The bishop entries, indexed by square.
pub static BISHOP_ENTRIES: [SharedEntry; 64] = data::BISHOP;

/// The regions' unions ([`data::fill`](super::data::shared::fill)), built and checked
/// occupancy by occupancy after the post-mask by the build script.
static ATTACKS: [Bitboard; TABLE_ENTRIES] =
    super::layout::include_table!("shared", Bitboard, TABLE_ENTRIES);

/// The `shared` scheme.
///
/// ```
/// use sliders_core::schemes::{Scheme, Shared};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Shared.queen_attacks(Square::B2, occupied), reference::queen_attacks(Square::B2, occupied));
/// assert_eq!(Shared.table_bytes(), 56_928 * 8);
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
    use crate::Slider;

    #[test]
    fn sizes_are_the_documented_ones() {
        assert_eq!(data::ROOK_TABLE_ENTRIES, 55_296);
        assert_eq!(TABLE_ENTRIES, 56_928);
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
