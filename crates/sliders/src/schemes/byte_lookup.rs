//! `byte-lookup`: Houdini's layout. The fancy magic index selects a *byte*, and the byte
//! selects one of the square's distinct attack sets, kept once each in a short list.
//! A slider's attack set is fixed by how far it reaches along each ray, so a square has
//! only the product of its ray lengths distinct sets (a rook on d4: 3*4*3*4 = 144), at
//! most 144 for a rook and far fewer for a bishop, which fits in a byte. In all: 4,900
//! rook and 1,428 bishop sets.
//!
//! Size: 107,648 index bytes + 6,328 sets x 8 bytes = 158,272 bytes (154.6 KiB), against
//! fancy's 841 KiB, for one more dependent load. The magics are `fancy`'s.
//!
//! The layout: Robert Houdart's Houdini, as described on the chessprogramming wiki
//! ("Magic Bitboards", "Houdini").

use super::magic::MagicEntry;
use crate::reference::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use crate::{Bitboard, Square};

/// Distinct rook attack sets over all squares.
pub const ROOK_DISTINCT: usize = 4_900;
/// Distinct bishop attack sets over all squares.
pub const BISHOP_DISTINCT: usize = 1_428;
const INDEX_BYTES: usize = super::fancy::TABLE_ENTRIES;

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

#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    bytes: u32,
    list: u32,
}

struct Built {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    bytes: [u8; INDEX_BYTES],
    list: [Bitboard; ROOK_DISTINCT + BISHOP_DISTINCT],
}

const fn build() -> Built {
    let reference = &super::pext::REFERENCE;
    let empty = Entry {
        mask: 0,
        magic: 0,
        shift: 0,
        bytes: 0,
        list: 0,
    };
    let mut built = Built {
        rook: [empty; 64],
        bishop: [empty; 64],
        bytes: [0; INDEX_BYTES],
        list: [Bitboard::EMPTY; ROOK_DISTINCT + BISHOP_DISTINCT],
    };
    let mut list_next = 0;
    let mut s = 0;
    while s < 128 {
        let square = Square::ALL[s % 64];
        let (magic, rays, mut k): (&MagicEntry, _, usize) = if s < 64 {
            (
                &super::fancy::ROOK_ENTRIES[s],
                rays(square, &ROOK_DIRECTIONS),
                super::pext::ROOK_OFFSETS[s] as usize,
            )
        } else {
            (
                &super::fancy::BISHOP_ENTRIES[s - 64],
                rays(square, &BISHOP_DIRECTIONS),
                super::pext::BISHOP_OFFSETS[s - 64] as usize,
            )
        };
        let count = distinct_count(&rays);
        assert!(count <= 256, "a square's distinct sets must fit in a byte");
        let entry = Entry {
            mask: magic.mask.0,
            magic: magic.magic,
            shift: magic.shift,
            bytes: magic.offset,
            list: list_next as u32,
        };
        let mut subset = 0u64;
        loop {
            let attacks = reference[k];
            let number = set_number(attacks.0, &rays);
            assert!(number < count);
            let slot = magic.index(Bitboard(subset));
            built.bytes[slot] = number as u8;
            built.list[list_next + number] = attacks;
            k += 1;
            subset = subset.wrapping_sub(magic.mask.0) & magic.mask.0;
            if subset == 0 {
                break;
            }
        }
        if s < 64 {
            built.rook[s] = entry;
        } else {
            built.bishop[s - 64] = entry;
        }
        list_next += count;
        s += 1;
    }
    assert!(list_next == ROOK_DISTINCT + BISHOP_DISTINCT);
    built
}

const BUILT: Built = build();
static ROOK: [Entry; 64] = BUILT.rook;
static BISHOP: [Entry; 64] = BUILT.bishop;
static BYTES: [u8; INDEX_BYTES] = BUILT.bytes;
static LIST: [Bitboard; ROOK_DISTINCT + BISHOP_DISTINCT] = BUILT.list;

/// The `byte-lookup` scheme.
///
/// ```
/// use sliders::schemes::{ByteLookup, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(ByteLookup.queen_attacks(Square::D4, occupied), reference::queen_attacks(Square::D4, occupied));
/// assert_eq!(ByteLookup.table_bytes(), 107_648 + (4_900 + 1_428) * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ByteLookup;

#[inline(always)]
fn lookup(e: &Entry, occupied: Bitboard) -> Bitboard {
    let slot = e.bytes as usize + ((occupied.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
    LIST[e.list as usize + BYTES[slot] as usize]
}

impl super::Scheme for ByteLookup {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK[square as usize], occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP[square as usize], occupied)
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&BYTES) + core::mem::size_of_val(&LIST)
    }

    fn name(&self) -> &'static str {
        "byte-lookup"
    }
}
