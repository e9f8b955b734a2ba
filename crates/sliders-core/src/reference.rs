//! The reference: slider attacks by walking each ray square by square until a blocker.
//!
//! Slow and obviously right. Every scheme is tested against it, and every table is
//! built from it by the build script. It is also the
//! [`Classical`](crate::schemes::Classical) scheme, the speed baseline. The crate's tests
//! check it in turn against an independent formulation (`tests/exhaustive.rs`).

use crate::{Bitboard, Square};

/// The four rook directions as (file step, rank step).
pub(crate) const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four bishop directions as (file step, rank step).
pub(crate) const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

// The piece types live in `crate::piece`; their old paths here stay. (The build
// script's crate root compiles this file too and has no use for the re-export.)
#[allow(unused_imports)]
pub use crate::piece::{RookOrBishop, Slider};

impl RookOrBishop {
    /// The relevant-occupancy mask of `square` ([`ROOK_MASKS`], [`BISHOP_MASKS`]).
    pub const fn mask(self, square: Square) -> Bitboard {
        match self {
            RookOrBishop::Rook => rook_mask(square),
            RookOrBishop::Bishop => bishop_mask(square),
        }
    }

    /// The attacks from `square`, by walking the rays.
    pub const fn attacks(self, square: Square, occupied: Bitboard) -> Bitboard {
        attacks(self.slider(), square, occupied)
    }
}

const fn ray_walk(square: Square, occupied: Bitboard, directions: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = directions[d];
        let mut current = square;
        while let Some(next) = current.offset(df, dr) {
            attacks |= 1 << next as u8;
            if occupied.0 & (1 << next as u8) != 0 {
                break;
            }
            current = next;
        }
        d += 1;
    }
    Bitboard(attacks)
}

/// The squares along the rays that stop before the board's edge: a blocker on them
/// changes the attack set, a blocker on the last square of a ray never does.
const fn relevant_rays(square: Square, directions: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = directions[d];
        let mut current = square;
        while let Some(next) = current.offset(df, dr) {
            if next.offset(df, dr).is_none() {
                break;
            }
            mask |= 1 << next as u8;
            current = next;
        }
        d += 1;
    }
    Bitboard(mask)
}

/// Rook attacks from `square` given the `occupied` squares, by walking the rays.
/// The attack set includes the first blocker on each ray (it may be captured).
///
/// ```
/// use sliders_core::{reference, Bitboard, Square};
/// let blockers = Bitboard::from(Square::E6) | Bitboard::from(Square::C4);
/// let attacks = reference::rook_attacks(Square::E4, blockers);
/// assert!(attacks.contains(Square::E6) && !attacks.contains(Square::E7));
/// assert!(attacks.contains(Square::C4) && !attacks.contains(Square::B4));
/// assert_eq!(reference::rook_attacks(Square::A1, Bitboard::EMPTY).len(), 14);
/// ```
pub const fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ray_walk(square, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks from `square` given the `occupied` squares, by walking the rays.
///
/// ```
/// use sliders_core::{reference, Bitboard, Square};
/// assert_eq!(reference::bishop_attacks(Square::D4, Bitboard::EMPTY).len(), 13);
/// assert_eq!(reference::bishop_attacks(Square::A1, Bitboard::FULL), Bitboard::from(Square::B2));
/// ```
pub const fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    ray_walk(square, occupied, &BISHOP_DIRECTIONS)
}

/// Queen attacks: the union of rook and bishop attacks.
///
/// ```
/// use sliders_core::{reference, Bitboard, Square};
/// assert_eq!(reference::queen_attacks(Square::D4, Bitboard::EMPTY).len(), 27);
/// ```
pub const fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_attacks(square, occupied).0 | bishop_attacks(square, occupied).0)
}

/// Attacks of any slider, by walking the rays.
///
/// ```
/// use sliders_core::{reference, Bitboard, Slider, Square};
/// assert_eq!(
///     reference::attacks(Slider::Queen, Square::A1, Bitboard::EMPTY),
///     reference::queen_attacks(Square::A1, Bitboard::EMPTY),
/// );
/// ```
pub const fn attacks(slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    match slider {
        Slider::Rook => rook_attacks(square, occupied),
        Slider::Bishop => bishop_attacks(square, occupied),
        Slider::Queen => queen_attacks(square, occupied),
    }
}

const fn masks(directions: &[(i8, i8); 4]) -> [Bitboard; 64] {
    let mut masks = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        masks[i] = relevant_rays(Square::ALL[i], directions);
        i += 1;
    }
    masks
}

/// The relevant-occupancy mask of every square for a rook: its rays on an empty board
/// without the last square of each ray. Indexed by square.
pub const ROOK_MASKS: [Bitboard; 64] = masks(&ROOK_DIRECTIONS);
/// The relevant-occupancy mask of every square for a bishop.
pub const BISHOP_MASKS: [Bitboard; 64] = masks(&BISHOP_DIRECTIONS);

/// The rook's relevant-occupancy mask: only blockers on these squares change its attacks.
///
/// ```
/// use sliders_core::{reference::rook_mask, Square};
/// assert_eq!(rook_mask(Square::A1).len(), 12);
/// assert_eq!(rook_mask(Square::E4).len(), 10);
/// ```
#[inline(always)]
pub const fn rook_mask(square: Square) -> Bitboard {
    ROOK_MASKS[square as usize]
}

/// The bishop's relevant-occupancy mask.
///
/// ```
/// use sliders_core::{reference::bishop_mask, Square};
/// assert_eq!(bishop_mask(Square::D4).len(), 9);
/// assert_eq!(bishop_mask(Square::A1).len(), 6);
/// ```
#[inline(always)]
pub const fn bishop_mask(square: Square) -> Bitboard {
    BISHOP_MASKS[square as usize]
}

/// The relevant-occupancy mask of a rook or bishop (a queen has none of its own: it is
/// looked up as a rook and a bishop), or `None` for a queen.
///
/// ```
/// use sliders_core::{reference::mask, Slider, Square};
/// assert_eq!(mask(Slider::Rook, Square::A1).map(|m| m.len()), Some(12));
/// assert_eq!(mask(Slider::Queen, Square::A1), None);
/// ```
pub const fn mask(slider: Slider, square: Square) -> Option<Bitboard> {
    match slider {
        Slider::Rook => Some(rook_mask(square)),
        Slider::Bishop => Some(bishop_mask(square)),
        Slider::Queen => None,
    }
}

const fn offsets(masks: &[Bitboard; 64], start: usize) -> [u32; 64] {
    let mut out = [0u32; 64];
    let mut next = start;
    let mut i = 0;
    while i < 64 {
        out[i] = next as u32;
        next += 1 << masks[i].0.count_ones();
        i += 1;
    }
    out
}

/// The popcount-sized ("fancy") layout: where each rook square's `2^popcount(mask)`
/// slice begins in a table that holds all rook squares, then all bishop squares.
pub(crate) const ROOK_OFFSETS: [u32; 64] = offsets(&ROOK_MASKS, 0);
/// Where each bishop square's slice begins: after all 102,400 rook entries.
pub(crate) const BISHOP_OFFSETS: [u32; 64] = offsets(&BISHOP_MASKS, 102_400);

/// Entries in the PEXT layout: one per relevant occupancy of every square, rook squares
/// first (102,400), then bishop squares (5,248).
pub const PEXT_LAYOUT_ENTRIES: usize = 107_648;

/// Where the attacks of `slider` (rook or bishop; a queen counts as a rook) on `square`
/// begin in the PEXT layout.
///
/// ```
/// use sliders_core::{reference, Slider, Square};
/// assert_eq!(reference::pext_layout_offset(Slider::Rook, Square::B1), 4096);
/// assert_eq!(reference::pext_layout_offset(Slider::Bishop, Square::A1), 102_400);
/// ```
pub const fn pext_layout_offset(slider: Slider, square: Square) -> usize {
    match slider {
        Slider::Bishop => BISHOP_OFFSETS[square as usize] as usize,
        _ => ROOK_OFFSETS[square as usize] as usize,
    }
}

/// Fills the PEXT layout: for every square, rook then bishop, the attacks of each subset
/// of its mask, in carry-rippler order from the empty set, at
/// [`pext_layout_offset`]. The `k`-th subset is the one whose PEXT under the mask is
/// `k`, so this is exactly the `pext` scheme's table.
///
/// ```
/// use sliders_core::{reference, Bitboard, Slider, Square};
/// let mut table = vec![Bitboard::EMPTY; reference::PEXT_LAYOUT_ENTRIES];
/// reference::fill_pext_layout(table.as_mut_slice().try_into().unwrap());
/// let a1 = reference::pext_layout_offset(Slider::Rook, Square::A1);
/// assert_eq!(table[a1], reference::rook_attacks(Square::A1, Bitboard::EMPTY));
/// ```
pub fn fill_pext_layout(table: &mut [Bitboard; PEXT_LAYOUT_ENTRIES]) {
    for square in Square::ALL {
        for (slider, mask) in [
            (Slider::Rook, rook_mask(square)),
            (Slider::Bishop, bishop_mask(square)),
        ] {
            let start = pext_layout_offset(slider, square);
            for (k, subset) in mask.subsets().enumerate() {
                table[start + k] = attacks(slider, square, subset);
            }
        }
    }
}

/// `[file][inner]`: the attacks along the first rank of a rook on `file` when the six
/// inner squares b1..g1 hold the bits of `inner` (the hyperbola scheme's rank table; the
/// build script writes it).
#[allow(dead_code)]
pub(crate) fn first_rank_table() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    for (file, row) in table.iter_mut().enumerate() {
        for (inner, entry) in row.iter_mut().enumerate() {
            let occupied = (inner as u64) << 1;
            *entry = rook_attacks(Square::ALL[file], Bitboard(occupied)).0 as u8;
        }
    }
    table
}

/// Rook attacks on an empty board, indexed by square.
pub const ROOK_RAYS: [Bitboard; 64] = {
    let mut rays = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        rays[i] = rook_attacks(Square::ALL[i], Bitboard::EMPTY);
        i += 1;
    }
    rays
};

/// Bishop attacks on an empty board, indexed by square.
pub const BISHOP_RAYS: [Bitboard; 64] = {
    let mut rays = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        rays[i] = bishop_attacks(Square::ALL[i], Bitboard::EMPTY);
        i += 1;
    }
    rays
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_sizes_match_the_literature() {
        assert_eq!(rook_mask(Square::A1).len(), 12);
        assert_eq!(rook_mask(Square::E4).len(), 10);
        assert_eq!(bishop_mask(Square::D4).len(), 9);
        assert_eq!(bishop_mask(Square::A1).len(), 6);
        // 2^bits summed over squares: the popcount-sized ("fancy") table sizes.
        let rook: usize = ROOK_MASKS.iter().map(|m| 1 << m.len()).sum();
        let bishop: usize = BISHOP_MASKS.iter().map(|m| 1 << m.len()).sum();
        assert_eq!((rook, bishop), (102_400, 5_248));
    }

    #[test]
    fn masks_exclude_edges_of_rays_but_not_whole_edges() {
        // A rook on a1 still sees b1..g1 as relevant (the first rank is its own ray).
        assert!(rook_mask(Square::A1).contains(Square::G1));
        assert!(!rook_mask(Square::A1).contains(Square::H1));
        assert!(!rook_mask(Square::A1).contains(Square::A1));
        assert!(!bishop_mask(Square::D4).intersects(Bitboard::EDGES));
    }

    #[test]
    fn blockers_outside_the_mask_never_matter() {
        for sq in Square::ALL {
            let outside = !rook_mask(sq);
            assert_eq!(rook_attacks(sq, Bitboard::EMPTY), rook_attacks(sq, outside));
            let outside = !bishop_mask(sq);
            assert_eq!(
                bishop_attacks(sq, Bitboard::EMPTY),
                bishop_attacks(sq, outside)
            );
        }
    }

    #[test]
    fn own_square_as_blocker_changes_nothing() {
        for sq in Square::ALL {
            let own = Bitboard::from(sq);
            assert_eq!(queen_attacks(sq, Bitboard::EMPTY), queen_attacks(sq, own));
        }
    }
}
