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

use super::data::byte_lookup::{self as data, Entry};
use crate::{Bitboard, Square};

pub use data::{BISHOP_DISTINCT, ROOK_DISTINCT};

/// The tables' size in bytes: the index bytes and the distinct sets.
pub const TABLE_BYTES: usize = core::mem::size_of::<[u8; data::INDEX_BYTES]>()
    + core::mem::size_of::<[Bitboard; data::SETS]>();

static ROOK: [Entry; 64] = data::ROOK;
static BISHOP: [Entry; 64] = data::BISHOP;
/// Per occupancy, the number of its attack set ([`data::fill`](super::data::byte_lookup::fill)).
static BYTES: [u8; data::INDEX_BYTES] =
    *include_bytes!(concat!(env!("OUT_DIR"), "/byte-lookup.index.bin"));
/// The distinct attack sets, square after square.
static LIST: [Bitboard; data::SETS] =
    super::layout::include_table!("byte-lookup.sets", Bitboard, data::SETS);

/// The `byte-lookup` scheme.
///
/// ```
/// use sliders_core::schemes::{ByteLookup, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
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
