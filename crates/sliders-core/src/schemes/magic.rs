//! The magic-bitboard layout shared by `fancy`, `fancy-best`, `plain` and `fixed-shift`:
//! per square a mask, a magic factor, a shift and an offset into one attack table, and
//! the index `offset + ((occupied & mask) * magic >> shift)`.
//!
//! The schemes differ only in their data: how many index bits each square uses and
//! whether squares share table space. [`fill_all`] is the one checked filler: the build
//! script fills every built-in magic table with it, and
//! [`MagicTables::fill`](crate::schemes::MagicTables::fill) plugs a user's own magics in
//! with it at run time.
//!
//! This module is compiled by the build script too, so it uses only the core types.

use crate::reference::{BISHOP_MASKS, ROOK_MASKS};
use crate::{Bitboard, Slider, Square};

/// One square's magic: the index of an occupancy is
/// `offset + ((occupied & mask) * magic >> shift)` (wrapping multiplication).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MagicEntry {
    /// The relevant-occupancy mask.
    pub mask: Bitboard,
    /// The magic factor.
    pub magic: u64,
    /// The right shift of the 64-bit product: 64 minus the index bits.
    pub shift: u32,
    /// Where the square's index 0 lies in the attack table.
    pub offset: u32,
}

impl MagicEntry {
    /// The table index of `occupied`.
    ///
    /// ```
    /// use sliders_core::schemes::MagicEntry;
    /// use sliders_core::Bitboard;
    /// let entry = MagicEntry { mask: Bitboard(0b110), magic: 1 << 62, shift: 62, offset: 10 };
    /// assert_eq!(entry.index(Bitboard(0b111)), 10 + 0b10);
    /// ```
    #[inline(always)]
    pub const fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// A magic (factor, shift, offset) per square as published, before its mask is filled in.
pub(crate) type MagicData = [(u64, u32, u32); 64];

/// The items of a data module of published magics: `magic_data!(entries, index)` after
/// `ROOK_DATA` and `BISHOP_DATA` (`MagicData`) gives `TABLE_ENTRIES`, `INDEX`, and the
/// `ROOK` and `BISHOP` entries with the standard masks filled in.
macro_rules! magic_data {
    ($entries:expr, $index:expr) => {
        /// Entries in the attack table.
        pub const TABLE_ENTRIES: usize = $entries;
        /// How an occupancy becomes an index.
        pub const INDEX: $crate::schemes::magic::IndexFn = $index;
        /// The rook entries (mask, magic, shift, offset), indexed by square.
        pub const ROOK: [$crate::schemes::magic::MagicEntry; 64] =
            $crate::schemes::magic::entries($crate::Slider::Rook, &ROOK_DATA);
        /// The bishop entries, indexed by square.
        pub const BISHOP: [$crate::schemes::magic::MagicEntry; 64] =
            $crate::schemes::magic::entries($crate::Slider::Bishop, &BISHOP_DATA);
    };
}
pub(crate) use magic_data;

/// Fills in the standard masks of `slider` for published (magic, shift, offset) triples.
pub(crate) const fn entries(slider: Slider, data: &MagicData) -> [MagicEntry; 64] {
    let masks = match slider {
        Slider::Bishop => &BISHOP_MASKS,
        _ => &ROOK_MASKS,
    };
    let mut out = [MagicEntry {
        mask: Bitboard::EMPTY,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        let (magic, shift, offset) = data[i];
        out[i] = MagicEntry {
            mask: masks[i],
            magic,
            shift,
            offset,
        };
        i += 1;
    }
    out
}

/// Where a filled table went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillError {
    /// Two occupancies of `square` with different attack sets landed on one entry
    /// (a destructive collision, or another square's conflicting data in a shared table).
    Collision {
        /// Rook or bishop.
        slider: Slider,
        /// The square whose occupancy found the entry taken.
        square: Square,
        /// The occupancy that found the entry taken.
        occupied: Bitboard,
        /// The entry's index in the table.
        index: usize,
    },
    /// An index fell outside the table.
    OutOfRange {
        /// Rook or bishop.
        slider: Slider,
        /// The square.
        square: Square,
        /// The occupancy.
        occupied: Bitboard,
        /// The index, at or past the table's end.
        index: usize,
    },
    /// The entry's mask is not the standard relevant-occupancy mask for the square.
    WrongMask {
        /// Rook or bishop.
        slider: Slider,
        /// The square.
        square: Square,
    },
}

/// Writes every attack set of one square into `table`, checked against the ones already
/// there. An entry of 0 is unused: a slider always attacks at least one square.
const fn fill_square(
    table: &mut [Bitboard],
    entry: &MagicEntry,
    index_of: IndexFn,
    slider: Slider,
    square: Square,
) -> Result<(), FillError> {
    let mask = entry.mask.0;
    let mut subset = 0u64;
    loop {
        let attacks = crate::reference::attacks(slider, square, Bitboard(subset));
        let index = index_of.index(entry, Bitboard(subset));
        if index >= table.len() {
            return Err(FillError::OutOfRange {
                slider,
                square,
                occupied: Bitboard(subset),
                index,
            });
        }
        if table[index].0 == 0 {
            table[index] = attacks;
        } else if table[index].0 != attacks.0 {
            return Err(FillError::Collision {
                slider,
                square,
                occupied: Bitboard(subset),
                index,
            });
        }
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return Ok(());
        }
    }
}

/// The index functions of the magic family, so one filler serves them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexFn {
    /// `offset + ((occ & mask) * magic >> shift)`.
    Magic,
    /// Black magic: `offset + ((occ | !mask) * magic >> shift)`.
    Black,
    /// 32-bit: `offset + ((lo(occ & mask) * lo(magic)) ^ (hi(occ & mask) * hi(magic))) >> shift`.
    Magic32,
}

impl IndexFn {
    /// The table index of `occupied` under `entry` with this function.
    ///
    /// ```
    /// use sliders_core::schemes::{IndexFn, MagicEntry};
    /// use sliders_core::Bitboard;
    /// let entry = MagicEntry { mask: Bitboard(0b110), magic: 1 << 62, shift: 62, offset: 10 };
    /// assert_eq!(IndexFn::Magic.index(&entry, Bitboard(0b111)), 10 + 0b10);
    /// // Black magics set the bits outside the mask instead of clearing them.
    /// assert_eq!(IndexFn::Black.index(&entry, Bitboard(0)), 10 + 0b01);
    /// ```
    #[inline(always)]
    pub const fn index(self, entry: &MagicEntry, occupied: Bitboard) -> usize {
        match self {
            IndexFn::Magic => entry.index(occupied),
            IndexFn::Black => {
                entry.offset as usize
                    + ((occupied.0 | !entry.mask.0).wrapping_mul(entry.magic) >> entry.shift)
                        as usize
            }
            IndexFn::Magic32 => {
                let relevant = occupied.0 & entry.mask.0;
                let lo = (relevant as u32).wrapping_mul(entry.magic as u32);
                let hi = ((relevant >> 32) as u32).wrapping_mul((entry.magic >> 32) as u32);
                entry.offset as usize + ((lo ^ hi) >> entry.shift) as usize
            }
        }
    }
}

/// Fills `table` (all [`Bitboard::EMPTY`] to start with) for all 128 entries under
/// `index_of`, checking every relevant occupancy of every square against the reference
/// ray walk. The first failure is returned, naming the slider, square and occupancy.
/// Entries hold the standard masks (not their complements, even for black magics).
///
/// ```
/// use sliders_core::schemes::{magic::fill_all, IndexFn, MagicEntry};
/// use sliders_core::{reference, Bitboard, Square};
/// // Plain magics of 12 and 9 bits; the magic factors here are the built-in fancy ones.
/// let widen = |e: MagicEntry, bits: u32, base: usize, i: usize| MagicEntry { shift: 64 - bits, offset: (base + (i << bits)) as u32, ..e };
/// let f = &sliders_core::schemes::data::fancy::ROOK;
/// let b = &sliders_core::schemes::data::fancy::BISHOP;
/// let rook: [MagicEntry; 64] = std::array::from_fn(|i| widen(f[i], 12, 0, i));
/// let bishop: [MagicEntry; 64] = std::array::from_fn(|i| widen(b[i], 9, 64 * 4096, i));
/// let mut table = vec![Bitboard::EMPTY; 64 * 4096 + 64 * 512];
/// assert!(fill_all(&mut table, &rook, &bishop, IndexFn::Magic).is_ok());
/// ```
pub const fn fill_all(
    table: &mut [Bitboard],
    rook: &[MagicEntry; 64],
    bishop: &[MagicEntry; 64],
    index_of: IndexFn,
) -> Result<(), FillError> {
    let mut s = 0;
    while s < 128 {
        let (slider, entry, masks) = if s < 64 {
            (Slider::Rook, &rook[s], &ROOK_MASKS)
        } else {
            (Slider::Bishop, &bishop[s - 64], &BISHOP_MASKS)
        };
        let square = Square::ALL[s % 64];
        if entry.mask.0 != masks[s % 64].0 {
            return Err(FillError::WrongMask { slider, square });
        }
        if let Err(e) = fill_square(table, entry, index_of, slider, square) {
            return Err(e);
        }
        s += 1;
    }
    Ok(())
}
