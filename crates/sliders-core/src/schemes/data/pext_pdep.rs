//! `pext-pdep`: the PEXT layout (see [`crate::reference::fill_pext_layout`]) with every
//! attack set compressed to 16 bits under its square's empty-board attacks.

use crate::reference::{self, BISHOP_MASKS, BISHOP_RAYS, ROOK_MASKS, ROOK_RAYS};
use crate::{Slider, Square};

/// Entries in the compressed table, one per relevant occupancy.
pub const TABLE_ENTRIES: usize = reference::PEXT_LAYOUT_ENTRIES;

/// Software PEXT: the bits of `value` under `mask`, packed down in order.
///
/// ```
/// use sliders_core::schemes::data::pext_pdep::pext_soft;
/// assert_eq!(pext_soft(0b1011_0110, 0b1111_0000), 0b1011);
/// assert_eq!(pext_soft(0b0100, 0b0110), 0b10);
/// ```
pub const fn pext_soft(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & lowest != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// Software PDEP: the low bits of `value` spread to the squares of `mask`, in order.
///
/// ```
/// use sliders_core::schemes::data::pext_pdep::pdep_soft;
/// assert_eq!(pdep_soft(0b1011, 0b1111_0000), 0b1011_0000);
/// assert_eq!(pdep_soft(0b10, 0b0110), 0b0100);
/// ```
pub const fn pdep_soft(value: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value >> bit & 1 != 0 {
            out |= lowest;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// Fills the compressed table: entry `k` of a square is the PEXT of its `k`-th subset's
/// attacks under its empty-board attacks. Checks that PDEP gives every set back.
pub fn fill(table: &mut [u16; TABLE_ENTRIES]) {
    for s in 0..128 {
        let square = Square::ALL[s % 64];
        let (slider, mask, rays) = if s < 64 {
            (Slider::Rook, ROOK_MASKS[s], ROOK_RAYS[s].0)
        } else {
            (Slider::Bishop, BISHOP_MASKS[s - 64], BISHOP_RAYS[s - 64].0)
        };
        let start = reference::pext_layout_offset(slider, square);
        for (k, subset) in mask.subsets().enumerate() {
            let attacks = reference::attacks(slider, square, subset).0;
            let compressed = pext_soft(attacks, rays);
            assert!(compressed <= u16::MAX as u64 && pdep_soft(compressed, rays) == attacks);
            table[start + k] = compressed as u16;
        }
    }
}
