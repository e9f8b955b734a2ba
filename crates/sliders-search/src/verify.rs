//! Exhaustive verification of a [`MagicSet`]: every relevant occupancy of every square
//! against the reference ray walk, with the first failure named.

use std::fmt;

use sliders_core::{Bitboard, RookOrBishop, Square};

use crate::set::{MagicSet, SchemeKind, SquareMagic, MAX_TABLE_ENTRIES};

/// What `verify` found wrong first (squares are checked rook a1..h8, then bishop a1..h8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// Two occupancies of one square with different attack sets share an index.
    Collision {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The table index (including the offset).
        index: u64,
        /// The occupancy that took the entry first.
        first: Bitboard,
        /// The occupancy that found it taken by other attacks.
        second: Bitboard,
    },
    /// An index falls outside the table the set may address.
    OffsetOutOfRange {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The square's offset.
        offset: u32,
        /// The index reached.
        index: u64,
        /// The limit it passed.
        limit: u64,
    },
    /// In a shared table (or overlapping windows), an entry is wanted with different
    /// attacks by two squares.
    Conflict {
        /// The square whose occupancy found the entry taken.
        piece: RookOrBishop,
        /// Its square.
        square: Square,
        /// Its occupancy.
        occupancy: Bitboard,
        /// The square that filled the entry first.
        other_piece: RookOrBishop,
        /// Its square.
        other_square: Square,
        /// The other square's occupancy at that entry.
        other_occupancy: Bitboard,
        /// The table index.
        index: u64,
    },
}

impl VerifyError {
    /// The failing piece and square.
    pub fn square(&self) -> (RookOrBishop, Square) {
        match *self {
            VerifyError::Collision { piece, square, .. }
            | VerifyError::OffsetOutOfRange { piece, square, .. }
            | VerifyError::Conflict { piece, square, .. } => (piece, square),
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Collision {
                piece,
                square,
                index,
                first,
                second,
            } => write!(
                f,
                "{piece} {square}: destructive collision at index {index}: occupancies \
                 0x{:016x} and 0x{:016x} have different attacks",
                first.0, second.0
            ),
            VerifyError::OffsetOutOfRange {
                piece,
                square,
                offset,
                index,
                limit,
            } => write!(
                f,
                "{piece} {square}: offset {offset} out of range: index {index} passes the \
                 limit of {limit} entries"
            ),
            VerifyError::Conflict {
                piece,
                square,
                occupancy,
                other_piece,
                other_square,
                other_occupancy,
                index,
            } => write!(
                f,
                "{piece} {square}: conflicts with {other_piece} {other_square} in the shared \
                 table at index {index} (occupancies 0x{:016x} and 0x{:016x} have different \
                 attacks)",
                occupancy.0, other_occupancy.0
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

/// What a verified set costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The scheme.
    pub scheme: SchemeKind,
    /// Table entries in all: for a shared table the highest used index + 1; for separate
    /// tables the sum of each table's highest `offset + 2^bits`.
    pub entries: usize,
    /// Rook and bishop table sizes for separate tables (`None` for shared ones).
    pub separate: Option<(usize, usize)>,
    /// Entries actually written (distinct indices used).
    pub used_entries: usize,
    /// `(piece, square, bits, mask bits)` of every square below its mask bits.
    pub below_mask: Vec<(RookOrBishop, Square, u32, u32)>,
}

impl Report {
    /// The table size in KiB (8-byte entries).
    pub fn kib(&self) -> f64 {
        self.entries as f64 * 8.0 / 1024.0
    }
}

#[derive(Clone, Copy, Default)]
struct Slot {
    attacks: u64,
    occupancy: u64,
    /// 0 = unused, else 1 + piece * 64 + square.
    owner: u8,
}

fn owner_of(code: u8) -> (RookOrBishop, Square) {
    let i = (code - 1) as usize;
    let piece = if i < 64 {
        RookOrBishop::Rook
    } else {
        RookOrBishop::Bishop
    };
    (piece, Square::ALL[i % 64])
}

impl MagicSet {
    /// Checks every relevant occupancy of every square against the reference attacks.
    /// Returns the table size and the reduced squares, or the first failure: a
    /// destructive collision (both occupancies named), an index out of range, or a
    /// conflict with another square in a shared table (both squares named).
    pub fn verify(&self) -> Result<Report, VerifyError> {
        let scheme = self.scheme();
        let mut tables: [Vec<Slot>; 2] = [Vec::new(), Vec::new()];
        let mut occupancies = Vec::with_capacity(4096);
        for piece in RookOrBishop::BOTH {
            let t = if scheme.shared_table() {
                0
            } else {
                piece.index()
            };
            for square in Square::ALL {
                let m = self.get(piece, square);
                let mask = piece.mask(square);
                let owner = 1 + (piece.index() * 64 + square as usize) as u8;
                occupancies.clear();
                occupancies.extend(mask.subsets().map(|b| b.0));
                for &occ in &occupancies {
                    let index = m.offset as u64 + m.local_index(scheme, mask.0, occ);
                    if index >= MAX_TABLE_ENTRIES {
                        return Err(VerifyError::OffsetOutOfRange {
                            piece,
                            square,
                            offset: m.offset,
                            index,
                            limit: MAX_TABLE_ENTRIES,
                        });
                    }
                    let attacks = piece.attacks(square, Bitboard(occ)).0;
                    let table = &mut tables[t];
                    let i = index as usize;
                    if i >= table.len() {
                        table.resize(i + 1, Slot::default());
                    }
                    let slot = &mut table[i];
                    if slot.owner == 0 {
                        *slot = Slot {
                            attacks,
                            occupancy: occ,
                            owner,
                        };
                    } else if slot.attacks != attacks {
                        if slot.owner == owner {
                            return Err(VerifyError::Collision {
                                piece,
                                square,
                                index,
                                first: Bitboard(slot.occupancy),
                                second: Bitboard(occ),
                            });
                        }
                        let (other_piece, other_square) = owner_of(slot.owner);
                        return Err(VerifyError::Conflict {
                            piece,
                            square,
                            occupancy: Bitboard(occ),
                            other_piece,
                            other_square,
                            other_occupancy: Bitboard(slot.occupancy),
                            index,
                        });
                    }
                }
            }
        }
        let used_entries = tables
            .iter()
            .map(|t| t.iter().filter(|s| s.owner != 0).count())
            .sum();
        let (entries, separate) = if scheme.shared_table() {
            (tables[0].len(), None)
        } else {
            let (r, b) = self.separate_sizes();
            (r + b, Some((r, b)))
        };
        Ok(Report {
            scheme,
            entries,
            separate,
            used_entries,
            below_mask: self.below_mask(),
        })
    }
}

/// Checks one square's magic alone (its offset taken as 0) under `scheme`'s index
/// function, every relevant occupancy against the reference ray walk, as
/// [`MagicSet::verify`] does for a whole set. Returns the entries used, or the first
/// destructive collision. `magic.bits` must be 1 to 24 (it panics otherwise, as the
/// shift would).
///
/// ```
/// use sliders_core::{RookOrBishop, Square};
/// use sliders_search::{verify::verify_square, SchemeKind, SquareMagic};
/// // Bishop b1 with 4 bits, from niklasf/magics (the N-1 status file).
/// let m = SquareMagic { magic: 0xfc0962854a77f576, bits: 4, offset: 0 };
/// assert!(verify_square(SchemeKind::Fancy, RookOrBishop::Bishop, Square::B1, m).is_ok());
/// let wrong = SquareMagic { magic: 1, ..m };
/// assert!(verify_square(SchemeKind::Fancy, RookOrBishop::Bishop, Square::B1, wrong).is_err());
/// ```
pub fn verify_square(
    scheme: SchemeKind,
    piece: RookOrBishop,
    square: Square,
    magic: SquareMagic,
) -> Result<usize, VerifyError> {
    let magic = SquareMagic { offset: 0, ..magic };
    assert!(
        (1..=24).contains(&magic.bits),
        "verify_square: {} index bits, not 1 to 24",
        magic.bits
    );
    let mask = piece.mask(square);
    let mut table: Vec<Option<(u64, u64)>> = vec![None; 1 << magic.bits];
    for occ in mask.subsets() {
        let index = magic.local_index(scheme, mask.0, occ.0);
        let attacks = piece.attacks(square, occ).0;
        match table[index as usize] {
            None => table[index as usize] = Some((attacks, occ.0)),
            Some((a, _)) if a == attacks => {}
            Some((_, first)) => {
                return Err(VerifyError::Collision {
                    piece,
                    square,
                    index,
                    first: Bitboard(first),
                    second: occ,
                })
            }
        }
    }
    Ok(table.iter().filter(|e| e.is_some()).count())
}
