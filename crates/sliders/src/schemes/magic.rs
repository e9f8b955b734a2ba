//! The magic-bitboard layout shared by `fancy`, `fancy-best`, `plain` and `fixed-shift`:
//! per square a mask, a magic factor, a shift and an offset into one attack table, and
//! the index `offset + ((occupied & mask) * magic >> shift)`.
//!
//! The schemes differ only in their data: how many index bits each square uses and
//! whether squares share table space. [`MagicTables`] is also how a user's own magics
//! plug in: build the attack table with [`MagicTables::fill`] and use it as a scheme.

use crate::reference::{BISHOP_MASKS, ROOK_MASKS};
use crate::schemes::Scheme;
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
    /// use sliders::schemes::MagicEntry;
    /// use sliders::Bitboard;
    /// let entry = MagicEntry { mask: Bitboard(0b110), magic: 1 << 62, shift: 62, offset: 10 };
    /// assert_eq!(entry.index(Bitboard(0b111)), 10 + 0b10);
    /// ```
    #[inline(always)]
    pub const fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// A magic (square, factor, shift, offset) as published, before its mask is filled in.
#[cfg(feature = "tables")]
pub(crate) type MagicData = [(u64, u32, u32); 64];

/// Fills in the standard masks of `slider` for published (magic, shift, offset) triples.
#[cfg(feature = "tables")]
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

/// Writes every attack set of one square into `table`; the subsets of the mask are
/// visited in carry-rippler order, so `reference[k]` holds the attacks of the `k`-th.
/// An entry of 0 is unused: a slider always attacks at least one square.
const fn fill_square(
    table: &mut [Bitboard],
    entry: &MagicEntry,
    index_of: IndexFn,
    slider: Slider,
    square: Square,
    reference: Option<&[Bitboard]>,
) -> Result<(), FillError> {
    let mask = entry.mask.0;
    let mut subset = 0u64;
    let mut k = 0;
    loop {
        let attacks = match reference {
            Some(table) => table[k],
            None => crate::reference::attacks(slider, square, Bitboard(subset)),
        };
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
        k += 1;
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
    /// use sliders::schemes::{IndexFn, MagicEntry};
    /// use sliders::Bitboard;
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
/// use sliders::schemes::{magic::fill_all, IndexFn, MagicEntry};
/// use sliders::{reference, Bitboard, Square};
/// // Plain magics of 12 and 9 bits; the magic factors here are the built-in fancy ones.
/// # #[cfg(feature = "tables")] {
/// let widen = |e: MagicEntry, bits: u32, base: usize, i: usize| MagicEntry { shift: 64 - bits, offset: (base + (i << bits)) as u32, ..e };
/// let f = &sliders::schemes::fancy::TABLES;
/// let rook: [MagicEntry; 64] = std::array::from_fn(|i| widen(f.rook[i], 12, 0, i));
/// let bishop: [MagicEntry; 64] = std::array::from_fn(|i| widen(f.bishop[i], 9, 64 * 4096, i));
/// let mut table = vec![Bitboard::EMPTY; 64 * 4096 + 64 * 512];
/// assert!(fill_all(&mut table, &rook, &bishop, IndexFn::Magic).is_ok());
/// # }
/// ```
pub fn fill_all(
    table: &mut [Bitboard],
    rook: &[MagicEntry; 64],
    bishop: &[MagicEntry; 64],
    index_of: IndexFn,
) -> Result<(), FillError> {
    fill_from(table, rook, bishop, index_of, None)
}

/// [`fill_all`] with the reference attacks taken from `reference` (the PEXT layout) when
/// given, which makes the compile-time build fast, or walked when not.
const fn fill_from(
    table: &mut [Bitboard],
    rook: &[MagicEntry; 64],
    bishop: &[MagicEntry; 64],
    index_of: IndexFn,
    reference: Option<&[Bitboard]>,
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
        let own = match reference {
            Some(all) => {
                let (_, rest) = all.split_at(reference_offset(slider, square));
                Some(rest)
            }
            None => None,
        };
        if let Err(e) = fill_square(table, entry, index_of, slider, square, own) {
            return Err(e);
        }
        s += 1;
    }
    Ok(())
}

/// Where the attacks of `slider` on `square` begin in the PEXT-layout reference table.
const fn reference_offset(slider: Slider, square: Square) -> usize {
    match slider {
        Slider::Bishop => crate::reference::BISHOP_OFFSETS[square as usize] as usize,
        _ => crate::reference::ROOK_OFFSETS[square as usize] as usize,
    }
}

/// Builds a table at compile time; a wrong magic fails the build.
#[cfg(feature = "tables")]
pub(crate) const fn build<const N: usize>(
    rook: &[MagicEntry; 64],
    bishop: &[MagicEntry; 64],
    index_of: IndexFn,
) -> [Bitboard; N] {
    let mut table = [Bitboard::EMPTY; N];
    match fill_from(
        &mut table,
        rook,
        bishop,
        index_of,
        Some(&crate::schemes::pext::REFERENCE),
    ) {
        Ok(()) => table,
        Err(FillError::Collision { .. }) => panic!("magic table: destructive collision"),
        Err(FillError::OutOfRange { .. }) => panic!("magic table: index out of range"),
        Err(FillError::WrongMask { .. }) => panic!("magic table: wrong mask"),
    }
}

/// A complete magic scheme: 64 rook and 64 bishop entries and the attack table they
/// index. The built-in `fancy`, `fancy-best`, `plain` and `fixed-shift` schemes are
/// `'static` values of this type built at compile time; a user's own magics make one at
/// run time with [`MagicTables::fill`].
///
/// ```
/// use sliders::schemes::{MagicEntry, MagicTables, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// # #[cfg(feature = "tables")] {
/// // Plain magics: 12 rook bits and 9 bishop bits per square, taken here from the
/// // built-in fancy set (a magic that works with fewer bits works with more).
/// let fancy = sliders::schemes::fancy::TABLES;
/// let rook = fancy.rook.map(|e| MagicEntry { shift: 52, offset: 0, ..e });
/// let bishop = fancy.bishop.map(|e| MagicEntry { shift: 55, offset: 0, ..e });
/// let mut rook = rook;
/// let mut bishop = bishop;
/// for i in 0..64 {
///     rook[i].offset = (i * 4096) as u32;
///     bishop[i].offset = (64 * 4096 + i * 512) as u32;
/// }
/// let mut table = vec![Bitboard::EMPTY; 64 * 4096 + 64 * 512];
/// let tables = MagicTables::fill(rook, bishop, &mut table).expect("valid magics");
/// let occupied = Bitboard(0x0000_1000_0010_0000);
/// assert_eq!(tables.rook_attacks(Square::E4, occupied), reference::rook_attacks(Square::E4, occupied));
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MagicTables<'a> {
    /// The rook entries, indexed by square.
    pub rook: [MagicEntry; 64],
    /// The bishop entries, indexed by square.
    pub bishop: [MagicEntry; 64],
    /// The attack table every entry indexes.
    pub attacks: &'a [Bitboard],
    /// How an occupancy becomes an index: the 64-bit magic, black magic or 32-bit index.
    pub index: IndexFn,
}

impl<'a> MagicTables<'a> {
    /// Fills `table` (which must be all [`Bitboard::EMPTY`]) from the entries under the
    /// standard 64-bit magic index, checking every relevant occupancy of every square
    /// against the reference, and returns the scheme. An error names the first square
    /// that fails and why.
    pub fn fill(
        rook: [MagicEntry; 64],
        bishop: [MagicEntry; 64],
        table: &'a mut [Bitboard],
    ) -> Result<Self, FillError> {
        Self::fill_with(rook, bishop, table, IndexFn::Magic)
    }

    /// [`MagicTables::fill`] for any index function: black magics and 32-bit magics plug
    /// in too.
    ///
    /// ```
    /// # #[cfg(feature = "tables")] {
    /// use sliders::schemes::{black, IndexFn, MagicTables, Scheme};
    /// use sliders::{reference, Bitboard, Square};
    /// let mut table = vec![Bitboard::EMPTY; black::TABLE_ENTRIES];
    /// let tables = MagicTables::fill_with(black::ROOK_ENTRIES, black::BISHOP_ENTRIES, &mut table, IndexFn::Black).unwrap();
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(tables.rook_attacks(Square::C3, occupied), reference::rook_attacks(Square::C3, occupied));
    /// # }
    /// ```
    pub fn fill_with(
        rook: [MagicEntry; 64],
        bishop: [MagicEntry; 64],
        table: &'a mut [Bitboard],
        index: IndexFn,
    ) -> Result<Self, FillError> {
        fill_all(table, &rook, &bishop, index)?;
        Ok(MagicTables {
            rook,
            bishop,
            attacks: table,
            index,
        })
    }

    /// Rook attacks (also available through the [`Scheme`] impl on `&MagicTables`).
    #[inline(always)]
    pub fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.index.index(&self.rook[square as usize], occupied)]
    }

    /// Bishop attacks.
    #[inline(always)]
    pub fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.index.index(&self.bishop[square as usize], occupied)]
    }
}

impl Scheme for &MagicTables<'_> {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        MagicTables::rook_attacks(self, square, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        MagicTables::bishop_attacks(self, square, occupied)
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(self.attacks)
    }

    fn name(&self) -> &'static str {
        "magic"
    }
}
