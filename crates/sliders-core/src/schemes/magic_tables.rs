//! [`MagicTables`]: a complete magic scheme as a value, for a user's own magics.

use super::magic::{fill_all, FillError, IndexFn, MagicEntry};
use super::Scheme;
use crate::{Bitboard, Square};

/// A complete magic scheme: 64 rook and 64 bishop entries and the attack table they
/// index. Every built-in magic scheme exposes its entries and built table as a
/// `'static` value of this type (`TABLES` in its module); a user's own magics make one at
/// run time with [`MagicTables::fill`].
///
/// ```
/// use sliders_core::schemes::{MagicEntry, MagicTables, Scheme};
/// use sliders_core::{reference, Bitboard, Square};
/// use sliders_core::schemes::data::fancy;
/// // Plain magics: 12 rook bits and 9 bishop bits per square, taken here from the
/// // built-in fancy set (a magic that works with fewer bits works with more).
/// let rook = fancy::ROOK.map(|e| MagicEntry { shift: 52, offset: 0, ..e });
/// let bishop = fancy::BISHOP.map(|e| MagicEntry { shift: 55, offset: 0, ..e });
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
    /// use sliders_core::schemes::{data::black, IndexFn, MagicTables, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let mut table = vec![Bitboard::EMPTY; black::TABLE_ENTRIES];
    /// let tables = MagicTables::fill_with(black::ROOK, black::BISHOP, &mut table, IndexFn::Black).unwrap();
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(tables.rook_attacks(Square::C3, occupied), reference::rook_attacks(Square::C3, occupied));
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
