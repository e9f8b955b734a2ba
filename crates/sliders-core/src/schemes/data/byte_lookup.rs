//! `byte-lookup`: `fancy`'s magics index a byte, and the byte numbers one of the
//! square's distinct attack sets. A set is fixed by how far the slider reaches along
//! each ray, so the reaches, read as digits of a mixed-radix number, number the sets.

use super::fancy;
use crate::reference::{self, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use crate::schemes::magic::MagicEntry;
use crate::{Bitboard, Slider, Square};

/// Distinct rook attack sets over all squares.
pub const ROOK_DISTINCT: usize = 4_900;
/// Distinct bishop attack sets over all squares.
pub const BISHOP_DISTINCT: usize = 1_428;
/// Entries in the set list: the rook sets, then the bishop sets.
pub const SETS: usize = ROOK_DISTINCT + BISHOP_DISTINCT;
/// Bytes in the index table: one per entry of `fancy`'s table.
pub const INDEX_BYTES: usize = fancy::TABLE_ENTRIES;

/// One square's lookup: the byte at `bytes + ((occupied & mask) * magic >> shift)` is
/// the number of its attack set, which lies at `list + number` in the set list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Entry {
    /// The relevant-occupancy mask.
    pub mask: u64,
    /// The magic factor (`fancy`'s).
    pub magic: u64,
    /// The right shift of the product.
    pub shift: u32,
    /// Where the square's bytes begin in the index table.
    pub bytes: u32,
    /// Where the square's distinct sets begin in the set list.
    pub list: u32,
}

/// The rook entries, indexed by square.
pub const ROOK: [Entry; 64] = layout(&fancy::ROOK, &ROOK_DIRECTIONS, 0);
/// The bishop entries, indexed by square.
pub const BISHOP: [Entry; 64] = layout(&fancy::BISHOP, &BISHOP_DIRECTIONS, ROOK_DISTINCT);

/// The four rays of a square in `directions`, each as a set and its length.
const fn rays(square: Square, directions: &[(i8, i8); 4]) -> [(u64, usize); 4] {
    let mut out = [(0u64, 0usize); 4];
    let mut d = 0;
    while d < 4 {
        let mut current = square;
        while let Some(next) = current.offset(directions[d].0, directions[d].1) {
            out[d].0 |= 1 << next as u8;
            out[d].1 += 1;
            current = next;
        }
        d += 1;
    }
    out
}

/// The number of the attack set `attacks` among the square's distinct sets: the reach
/// along each ray, as digits of a mixed-radix number.
const fn set_number(attacks: u64, rays: &[(u64, usize); 4]) -> usize {
    let mut number = 0;
    let mut d = 4;
    while d > 0 {
        d -= 1;
        let (ray, length) = rays[d];
        if length > 0 {
            number = number * length + (attacks & ray).count_ones() as usize - 1;
        }
    }
    number
}

/// How many distinct attack sets a square has: the product of its ray lengths.
const fn distinct_count(rays: &[(u64, usize); 4]) -> usize {
    let mut count = 1;
    let mut d = 0;
    while d < 4 {
        if rays[d].1 > 0 {
            count *= rays[d].1;
        }
        d += 1;
    }
    count
}

const fn layout(
    magics: &[MagicEntry; 64],
    directions: &[(i8, i8); 4],
    first: usize,
) -> [Entry; 64] {
    let empty = Entry {
        mask: 0,
        magic: 0,
        shift: 0,
        bytes: 0,
        list: 0,
    };
    let mut out = [empty; 64];
    let mut list = first;
    let mut s = 0;
    while s < 64 {
        let count = distinct_count(&rays(Square::ALL[s], directions));
        assert!(count <= 256, "a square's distinct sets must fit in a byte");
        out[s] = Entry {
            mask: magics[s].mask.0,
            magic: magics[s].magic,
            shift: magics[s].shift,
            bytes: magics[s].offset,
            list: list as u32,
        };
        list += count;
        s += 1;
    }
    out
}

/// Fills the index bytes and the set list from the reference ray walk, checking that
/// no byte or set is written twice with different values. Panics naming the square.
pub fn fill(bytes: &mut [u8; INDEX_BYTES], list: &mut [Bitboard; SETS]) {
    let mut written = [false; INDEX_BYTES];
    for s in 0..128 {
        let (slider, entry, directions) = if s < 64 {
            (Slider::Rook, &ROOK[s], &ROOK_DIRECTIONS)
        } else {
            (Slider::Bishop, &BISHOP[s - 64], &BISHOP_DIRECTIONS)
        };
        let square = Square::ALL[s % 64];
        let rays = rays(square, directions);
        for subset in Bitboard(entry.mask).subsets() {
            let attacks = reference::attacks(slider, square, subset);
            let number = set_number(attacks.0, &rays);
            let slot = entry.bytes as usize
                + ((subset.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize;
            let set = entry.list as usize + number;
            assert!(
                !written[slot] || bytes[slot] as usize == number,
                "byte-lookup: {slider:?} {square}: two sets share byte {slot}"
            );
            assert!(
                list[set].0 == 0 || list[set] == attacks,
                "byte-lookup: {slider:?} {square}: set {number} is ambiguous"
            );
            bytes[slot] = number as u8;
            written[slot] = true;
            list[set] = attacks;
        }
    }
    assert!(
        list.iter().all(|set| set.0 != 0),
        "byte-lookup: a distinct set was never reached"
    );
}
