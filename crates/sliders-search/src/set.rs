//! The magic set value: a scheme and, per piece and square, a magic factor, its index
//! bits and its offset.

use std::fmt;

use sliders_core::schemes::{IndexFn, MagicEntry};
use sliders_core::{Bitboard, RookOrBishop, Square};

/// The largest table (in entries) a set may address: 2^22 entries (32 MiB of attack
/// sets). Far above any real set (plain magics use 294,912), it bounds what `verify`
/// allocates.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 22;

/// The magic layouts a set can use: the six magic schemes of the core crate, named as
/// there (`sliders_core::schemes::SchemeId`, `sliders_core::schemes::KNOWN`). A core scheme names
/// one built-in table; a `SchemeKind` is the layout and index function any set of
/// magics in it shares (so `fancy-best`'s magics are a [`SchemeKind::Fancy`] set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SchemeKind {
    /// Variable shift per square; rook and bishop tables each numbered from 0.
    Fancy,
    /// Fancy with the 32-bit folded index `(lo*lo ^ hi*hi) >> (32 - bits)`.
    Fancy32,
    /// 12 rook bits and 9 bishop bits everywhere; rook and bishop tables each from 0.
    Plain,
    /// One shift for all rooks and one for all bishops; one table shared by all squares.
    FixedShift,
    /// Black magics: index `((occ | !mask) * magic) >> shift`; one shared table.
    Black,
    /// Eugene Kotlov's offset-in-magic: fixed shifts 52 / 55, one shared table, and the
    /// square's offset kept in the magic's low 16 bits (`(m & 0xFFFF) << offset_shift`),
    /// which also take part in the product. See [`crate::offset`].
    OffsetInMagic,
}

impl SchemeKind {
    /// Every scheme, in a fixed order.
    pub const ALL: [SchemeKind; 6] = [
        SchemeKind::Fancy,
        SchemeKind::Fancy32,
        SchemeKind::Plain,
        SchemeKind::FixedShift,
        SchemeKind::Black,
        SchemeKind::OffsetInMagic,
    ];

    /// The core scheme's name, on the command line and in files: `fancy`, `fancy32`,
    /// `plain`, `fixed-shift`, `black`, `offset-in-magic`.
    pub const fn name(self) -> &'static str {
        match self {
            SchemeKind::Fancy => "fancy",
            SchemeKind::Fancy32 => "fancy32",
            SchemeKind::Plain => "plain",
            SchemeKind::FixedShift => "fixed-shift",
            SchemeKind::Black => "black",
            SchemeKind::OffsetInMagic => "offset-in-magic",
        }
    }

    /// The scheme [`SchemeKind::name`] names, as the core parses names (the whole name,
    /// spaces around it aside). `_` for `-` (`fixed_shift`) is read too: the command
    /// line and magic files have always accepted it.
    ///
    /// ```
    /// use sliders_search::SchemeKind;
    /// assert_eq!(SchemeKind::from_name("fixed-shift"), Some(SchemeKind::FixedShift));
    /// assert_eq!(SchemeKind::from_name("fancy-best"), None); // a table, not a layout
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        let name = name.trim().replace('_', "-");
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The names of [`SchemeKind::ALL`], for messages: `fancy, fancy32, ..., or
    /// offset-in-magic`.
    pub fn names() -> String {
        let names = Self::ALL.map(Self::name);
        let (last, rest) = names.split_last().expect("there are schemes");
        format!("{} or {last}", rest.join(", "))
    }

    /// Whether rook and bishop squares share one table (fixed-shift, black,
    /// offset-in-magic).
    pub const fn shared_table(self) -> bool {
        matches!(
            self,
            SchemeKind::FixedShift | SchemeKind::Black | SchemeKind::OffsetInMagic
        )
    }

    /// The width of the product the shift applies to: 32 for fancy32, else 64.
    pub const fn product_bits(self) -> u32 {
        match self {
            SchemeKind::Fancy32 => 32,
            _ => 64,
        }
    }

    /// The core crate's index function for this scheme.
    pub const fn index_fn(self) -> IndexFn {
        match self {
            SchemeKind::Fancy32 => IndexFn::Magic32,
            SchemeKind::Black => IndexFn::Black,
            _ => IndexFn::Magic,
        }
    }
}

impl fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The popcount of `piece`'s mask on `square`: the index bits of a fancy magic.
pub const fn mask_bits(piece: RookOrBishop, square: Square) -> u32 {
    piece.mask(square).0.count_ones()
}

/// The index bits of a plain, fixed-shift or offset-in-magic magic: 12 for rooks, 9 for
/// bishops (the most any square's mask has).
pub const fn plain_bits(piece: RookOrBishop) -> u32 {
    match piece {
        RookOrBishop::Rook => 12,
        RookOrBishop::Bishop => 9,
    }
}

/// One square's magic: the factor, the index bits and the offset of its index 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareMagic {
    /// The magic factor (for black magics, the factor of `occ | !mask`; for fancy32 the
    /// two halves multiply the two halves of the masked occupancy).
    pub magic: u64,
    /// Index bits: the shift is 64 (or 32 for fancy32) minus this.
    pub bits: u32,
    /// Where index 0 lies in the square's table.
    pub offset: u32,
}

impl SquareMagic {
    /// The index of `occupied` relative to the offset, under `scheme`.
    #[inline(always)]
    pub fn local_index(&self, scheme: SchemeKind, mask: u64, occupied: u64) -> u64 {
        match scheme {
            SchemeKind::Fancy32 => {
                let relevant = occupied & mask;
                let lo = (relevant as u32).wrapping_mul(self.magic as u32);
                let hi = ((relevant >> 32) as u32).wrapping_mul((self.magic >> 32) as u32);
                ((lo ^ hi) as u64) >> (32 - self.bits)
            }
            SchemeKind::Black => (occupied | !mask).wrapping_mul(self.magic) >> (64 - self.bits),
            _ => (occupied & mask).wrapping_mul(self.magic) >> (64 - self.bits),
        }
    }
}

/// Why a set cannot even be built (before any occupancy is checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// An offset-in-magic square whose offset is not its magic's low 16 bits shifted by
    /// the set's offset shift.
    OffsetNotInMagic {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The offset given.
        offset: u32,
        /// The magic.
        magic: u64,
        /// The set's offset shift.
        offset_shift: u32,
    },
    /// An offset-in-magic set's offset shift past
    /// [`MAX_OFFSET_SHIFT`]: the shift is the set's, not a
    /// square's.
    OffsetShift {
        /// The shift given.
        offset_shift: u32,
    },
    /// Index bits the scheme does not allow on this square.
    Bits {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The bits given.
        bits: u32,
        /// What the scheme allows.
        expected: ExpectedBits,
    },
}

/// The index bits a scheme allows, in a [`SetError::Bits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectedBits {
    /// 1 to 24 (1 to 32 would do for the product, but no table that large is useful).
    Range,
    /// The scheme's one width for the piece (plain, offset-in-magic: 12 rook, 9 bishop).
    Fixed {
        /// The scheme.
        scheme: SchemeKind,
        /// The width.
        bits: u32,
    },
    /// The width of the piece's a1 square: fixed-shift and black have one shift per
    /// piece.
    SameAsA1 {
        /// The a1 square's bits.
        bits: u32,
    },
}

impl fmt::Display for ExpectedBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExpectedBits::Range => f.write_str("1 to 24"),
            ExpectedBits::Fixed { scheme, bits } => write!(f, "{bits} for {scheme} magics"),
            ExpectedBits::SameAsA1 { bits } => {
                write!(f, "{bits} (the a1 width: one shift per piece)")
            }
        }
    }
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Bits {
                piece,
                square,
                bits,
                expected,
            } => write!(f, "{piece} {square}: {bits} index bits, expected {expected}"),
            SetError::OffsetShift { offset_shift } => write!(
                f,
                "offset shift {offset_shift}: offset-in-magic allows 0 to {}",
                MAX_OFFSET_SHIFT
            ),
            SetError::OffsetNotInMagic {
                piece,
                square,
                offset,
                magic,
                offset_shift,
            } => write!(
                f,
                "{piece} {square}: offset {offset} disagrees with the magic 0x{magic:016x}: its low 16 bits give 0x{:04x} << {offset_shift} = {}",
                magic & 0xFFFF,
                decoded_offset(*magic, *offset_shift)
            ),
        }
    }
}

impl std::error::Error for SetError {}

impl SetError {
    /// The piece and square the error is about (`None` for the set-wide offset shift).
    pub fn square(&self) -> Option<(RookOrBishop, Square)> {
        match *self {
            SetError::Bits { piece, square, .. }
            | SetError::OffsetNotInMagic { piece, square, .. } => Some((piece, square)),
            SetError::OffsetShift { .. } => None,
        }
    }
}

/// Why [`MagicSet::fill_table`] could not fill the core's attack table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A square's window (its offset plus 2^bits entries) passes [`MAX_TABLE_ENTRIES`]:
    /// the table would be larger than any set may address.
    OffsetOutOfRange {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The offset.
        offset: u32,
        /// The index bits.
        bits: u32,
    },
    /// The core's filler found a wrong entry (a collision or an index out of range).
    Fill(sliders_core::schemes::FillError),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use sliders_core::schemes::FillError;
        match *self {
            TableError::OffsetOutOfRange {
                piece,
                square,
                offset,
                bits,
            } => write!(
                f,
                "{piece} {square}: offset {offset} out of range (offset + 2^{bits} passes {MAX_TABLE_ENTRIES} entries)"
            ),
            TableError::Fill(FillError::Collision {
                slider,
                square,
                occupied,
                index,
            }) => write!(
                f,
                "{} {square}: occupancy 0x{:016x} finds entry {index} holding other attacks",
                slider.name(),
                occupied.0
            ),
            TableError::Fill(FillError::OutOfRange {
                slider,
                square,
                occupied,
                index,
            }) => write!(
                f,
                "{} {square}: occupancy 0x{:016x} indexes {index}, past the table",
                slider.name(),
                occupied.0
            ),
            TableError::Fill(FillError::WrongMask { slider, square }) => {
                write!(f, "{} {square}: not the standard mask", slider.name())
            }
        }
    }
}

impl std::error::Error for TableError {}

/// A complete magic set: 64 rook and 64 bishop magics under one scheme. Building one
/// checks its shape (bits, offsets); [`MagicSet::verify`] checks every occupancy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSet {
    scheme: SchemeKind,
    magics: [[SquareMagic; 64]; 2],
    /// Offset-in-magic: the offset unit's shift (0 for other schemes).
    offset_shift: u32,
    /// Free-text lines saying where the set comes from (written as comments).
    pub provenance: Vec<String>,
}

impl MagicSet {
    /// Builds a set, checking each square's bits against the scheme (fixed widths for
    /// plain and offset-in-magic; one width per piece for fixed-shift and black; 1..=24
    /// bits). Offsets are checked by [`MagicSet::verify`] (an index past
    /// [`MAX_TABLE_ENTRIES`] is out of range), except offset-in-magic ones, which must
    /// equal the magic's low 16 bits shifted by the set's offset shift: the shift is
    /// taken from the first square (rook a1..h8, then bishop) whose low bits are not 0
    /// (see [`MagicSet::offset_in_magic`] to give it).
    pub fn new(
        scheme: SchemeKind,
        rook: [SquareMagic; 64],
        bishop: [SquareMagic; 64],
    ) -> Result<Self, SetError> {
        let magics = [rook, bishop];
        for piece in RookOrBishop::BOTH {
            let first_bits = magics[piece.index()][0].bits;
            for square in Square::ALL {
                let m = magics[piece.index()][square as usize];
                let expected = match scheme {
                    _ if !(1..=24).contains(&m.bits) => Some(ExpectedBits::Range),
                    SchemeKind::Plain | SchemeKind::OffsetInMagic
                        if m.bits != plain_bits(piece) =>
                    {
                        Some(ExpectedBits::Fixed {
                            scheme,
                            bits: plain_bits(piece),
                        })
                    }
                    SchemeKind::FixedShift | SchemeKind::Black if m.bits != first_bits => {
                        Some(ExpectedBits::SameAsA1 { bits: first_bits })
                    }
                    _ => None,
                };
                if let Some(expected) = expected {
                    return Err(SetError::Bits {
                        piece,
                        square,
                        bits: m.bits,
                        expected,
                    });
                }
            }
        }
        let mut offset_shift = 0;
        if scheme == SchemeKind::OffsetInMagic {
            let first = magics
                .iter()
                .flat_map(|p| p.iter())
                .find(|m| m.magic & OFFSET_BITS_MASK != 0);
            if let Some(m) = first {
                let low = (m.magic & OFFSET_BITS_MASK) as u32;
                offset_shift = (0..=MAX_OFFSET_SHIFT)
                    .find(|&s| low << s == m.offset)
                    .unwrap_or(0);
            }
            check_offsets(&magics, offset_shift)?;
        }
        Ok(MagicSet {
            scheme,
            magics,
            offset_shift,
            provenance: Vec::new(),
        })
    }

    /// An offset-in-magic set from its 128 magics and the offset unit's shift (0..=3):
    /// bits 12 / 9, offsets decoded from the magics' low 16 bits.
    pub fn offset_in_magic(
        rook: [u64; 64],
        bishop: [u64; 64],
        offset_shift: u32,
    ) -> Result<Self, SetError> {
        let make = |piece: RookOrBishop, magics: [u64; 64]| -> [SquareMagic; 64] {
            magics.map(|magic| SquareMagic {
                magic,
                bits: plain_bits(piece),
                offset: decoded_offset(magic, offset_shift.min(MAX_OFFSET_SHIFT)),
            })
        };
        Self::with_offset_shift(
            SchemeKind::OffsetInMagic,
            make(RookOrBishop::Rook, rook),
            make(RookOrBishop::Bishop, bishop),
            offset_shift,
        )
    }

    /// [`MagicSet::new`] with the offset shift given (offset-in-magic; other schemes
    /// need 0): every square's offset must equal its magic's low bits shifted by it.
    pub fn with_offset_shift(
        scheme: SchemeKind,
        rook: [SquareMagic; 64],
        bishop: [SquareMagic; 64],
        offset_shift: u32,
    ) -> Result<Self, SetError> {
        if scheme == SchemeKind::OffsetInMagic {
            if offset_shift > MAX_OFFSET_SHIFT {
                return Err(SetError::OffsetShift { offset_shift });
            }
            // Checked against the given shift first, so an error names the right square.
            check_offsets(&[rook, bishop], offset_shift)?;
        }
        let mut set = MagicSet::new(scheme, rook, bishop)?;
        if scheme == SchemeKind::OffsetInMagic {
            set.offset_shift = offset_shift;
        }
        Ok(set)
    }

    /// The offset unit's shift of an offset-in-magic set (0 for other schemes).
    pub fn offset_shift(&self) -> u32 {
        self.offset_shift
    }

    /// The scheme.
    pub fn scheme(&self) -> SchemeKind {
        self.scheme
    }

    /// One square's magic.
    pub fn get(&self, piece: RookOrBishop, square: Square) -> SquareMagic {
        self.magics[piece.index()][square as usize]
    }

    /// The 64 magics of a piece, by square.
    pub fn piece(&self, piece: RookOrBishop) -> &[SquareMagic; 64] {
        &self.magics[piece.index()]
    }

    /// The same magics with other offsets (checked like [`MagicSet::new`]; an
    /// offset-in-magic set cannot move its offsets, they live in the magics).
    pub fn with_offsets(&self, rook: [u32; 64], bishop: [u32; 64]) -> Result<Self, SetError> {
        let mut magics = self.magics;
        for i in 0..64 {
            magics[0][i].offset = rook[i];
            magics[1][i].offset = bishop[i];
        }
        let mut set =
            MagicSet::with_offset_shift(self.scheme, magics[0], magics[1], self.offset_shift)?;
        set.provenance = self.provenance.clone();
        Ok(set)
    }

    /// The shift of a square's magic: the product width (64, or 32 for fancy32) minus its
    /// bits.
    pub fn shift(&self, piece: RookOrBishop, square: Square) -> u32 {
        self.scheme.product_bits() - self.get(piece, square).bits
    }

    /// The core crate's entries (standard masks, shifts, offsets) and index function, so
    /// the core's `fill_all` can build the attack table from this set. For fixed-shift
    /// and black sets both arrays index one shared table; for the others, bishop offsets
    /// are moved past the rook table so one table holds both.
    pub fn entries(&self) -> ([MagicEntry; 64], [MagicEntry; 64], IndexFn) {
        let bishop_base = if self.scheme.shared_table() {
            0
        } else {
            self.separate_sizes().0 as u32
        };
        let make = |piece: RookOrBishop, base: u32| -> [MagicEntry; 64] {
            std::array::from_fn(|i| {
                let square = Square::ALL[i];
                let m = self.get(piece, square);
                MagicEntry {
                    mask: piece.mask(square),
                    magic: m.magic,
                    shift: self.shift(piece, square),
                    offset: m.offset + base,
                }
            })
        };
        (
            make(RookOrBishop::Rook, 0),
            make(RookOrBishop::Bishop, bishop_base),
            self.scheme.index_fn(),
        )
    }

    /// For separate tables (fancy, fancy32, plain): the rook and bishop table sizes,
    /// each the highest `offset + 2^bits`. Meaningless for shared tables.
    pub fn separate_sizes(&self) -> (usize, usize) {
        let size = |piece: RookOrBishop| {
            self.piece(piece)
                .iter()
                .map(|m| m.offset as usize + (1usize << m.bits))
                .max()
                .unwrap_or(0)
        };
        (size(RookOrBishop::Rook), size(RookOrBishop::Bishop))
    }

    /// The squares whose magic uses fewer index bits than their mask has bits.
    pub fn below_mask(&self) -> Vec<(RookOrBishop, Square, u32, u32)> {
        let mut out = Vec::new();
        for piece in RookOrBishop::BOTH {
            for square in Square::ALL {
                let bits = self.get(piece, square).bits;
                let mask_bits = mask_bits(piece, square);
                if bits < mask_bits {
                    out.push((piece, square, bits, mask_bits));
                }
            }
        }
        out
    }

    /// Fills an attack table for this set with the core crate's `fill_all` (a second,
    /// independent check of [`MagicSet::verify`]); the table is what the core's schemes
    /// index with [`MagicSet::entries`].
    pub fn fill_table(&self) -> Result<Vec<Bitboard>, TableError> {
        let (rook, bishop, index_fn) = self.entries();
        let mut len = 0;
        for (piece, entries) in [(RookOrBishop::Rook, &rook), (RookOrBishop::Bishop, &bishop)] {
            for (square, e) in Square::ALL.into_iter().zip(entries) {
                let bits = self.scheme.product_bits() - e.shift;
                let end = e.offset as u64 + (1 << bits);
                if end > MAX_TABLE_ENTRIES {
                    return Err(TableError::OffsetOutOfRange {
                        piece,
                        square,
                        offset: e.offset,
                        bits,
                    });
                }
                len = len.max(end as usize);
            }
        }
        let mut table = vec![Bitboard::EMPTY; len];
        sliders_core::schemes::magic::fill_all(&mut table, &rook, &bishop, index_fn)
            .map_err(TableError::Fill)?;
        // Trim to the highest used entry (shared tables may leave the tail unused).
        let used = table.iter().rposition(|b| b.0 != 0).map_or(0, |i| i + 1);
        table.truncate(used);
        Ok(table)
    }
}

impl MagicSet {
    /// Builds the core crate's run-time scheme from this set: fills `table` (resized to
    /// fit) and returns a [`sliders_core::schemes::MagicTables`], which `&MagicTables`
    /// implements [`sliders_core::schemes::Scheme`] for. Every scheme plugs in: the tables
    /// carry the set's index function (64-bit, black or 32-bit).
    pub fn to_tables<'a>(
        &self,
        table: &'a mut Vec<Bitboard>,
    ) -> Result<sliders_core::schemes::MagicTables<'a>, TableError> {
        let filled = self.fill_table()?;
        let (rook, bishop, _) = self.entries();
        table.clear();
        table.resize(filled.len(), Bitboard::EMPTY);
        sliders_core::schemes::MagicTables::fill_with(rook, bishop, table, self.scheme.index_fn())
            .map_err(TableError::Fill)
    }
}

/// The standard fancy offsets for the given bits: cumulative `2^bits` in square order.
/// `Err(square)`: the first square whose table does not fit below `2^32` entries (bits
/// from a file can be anything).
pub fn cumulative_offsets(bits: &[u32; 64]) -> Result<[u32; 64], usize> {
    let mut out = [0u32; 64];
    let mut next = 0u32;
    for i in 0..64 {
        out[i] = next;
        next = 1u32
            .checked_shl(bits[i])
            .and_then(|size| next.checked_add(size))
            .ok_or(i)?;
    }
    Ok(out)
}

// The offset-in-magic encoding ([`SchemeKind::OffsetInMagic`]): a square's offset in
// its magic's low 16 bits. Here, with the set that checks it, so that the set and the
// offset-in-magic search (`crate::offset`, which re-exports these) do not import each
// other.

/// The bits of the magic that hold the offset (in units of `2^offset_shift` entries).
pub const OFFSET_BITS_MASK: u64 = 0xFFFF;

/// The largest offset shift the scheme allows.
pub const MAX_OFFSET_SHIFT: u32 = 3;

/// The decoded table offset of a magic: `(m & 0xFFFF) << offset_shift`.
#[inline(always)]
pub const fn decoded_offset(magic: u64, offset_shift: u32) -> u32 {
    ((magic & OFFSET_BITS_MASK) as u32) << offset_shift
}

/// Checks that every square's `offset` equals its magic's low bits shifted by
/// `offset_shift`: the first square that disagrees (rook a1..h8, then bishop).
pub(crate) fn check_offsets(
    magics: &[[SquareMagic; 64]; 2],
    offset_shift: u32,
) -> Result<(), SetError> {
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let m = magics[piece.index()][square as usize];
            if m.offset != decoded_offset(m.magic, offset_shift) {
                return Err(SetError::OffsetNotInMagic {
                    piece,
                    square,
                    offset: m.offset,
                    magic: m.magic,
                    offset_shift,
                });
            }
        }
    }
    Ok(())
}

/// Serde for [`Square`] as its name (`"e4"`), for `#[serde(with = ...)]`.
pub mod square_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use sliders_core::Square;

    /// Writes the square's name.
    pub fn serialize<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&square.to_string())
    }

    /// Reads a square's name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let name = String::deserialize(d)?;
        name.parse()
            .map_err(|_| serde::de::Error::custom(format!("unknown square '{name}'")))
    }
}

/// Serde for [`RookOrBishop`] as its name (`"rook"`, `"bishop"`), for
/// `#[serde(with = ...)]`.
pub mod piece_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use sliders_core::RookOrBishop;

    /// Writes the piece's name.
    pub fn serialize<S: Serializer>(piece: &RookOrBishop, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(piece.name())
    }

    /// Reads a piece's name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<RookOrBishop, D::Error> {
        let name = String::deserialize(d)?;
        RookOrBishop::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown piece '{name}': expected rook or bishop"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_names_are_the_core_schemes_names() {
        for kind in SchemeKind::ALL {
            assert!(
                sliders_core::schemes::KNOWN
                    .iter()
                    .any(|k| k.name == kind.name()),
                "{kind}"
            );
            assert_eq!(SchemeKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(
            SchemeKind::names(),
            "fancy, fancy32, plain, fixed-shift, black or offset-in-magic"
        );
    }
}
