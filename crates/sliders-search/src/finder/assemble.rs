//! From found magics to a set: the scheme's layout of offsets (cumulative for fancy and
//! fancy32, `square << bits` for plain, a packed shared table for fixed-shift and
//! black), and the targets of a whole set.

use sliders_core::{RookOrBishop, Square};

use super::{Found, Target};
use crate::pack::{pack, PackError};
use crate::set::{
    cumulative_offsets, mask_bits, ExpectedBits, MagicSet, SchemeKind, SetError, SquareMagic,
};

/// The error of a square whose table does not fit below `2^32` entries.
fn too_many_bits(piece: RookOrBishop, square: usize, bits: u32) -> AssembleError {
    AssembleError::Set(SetError::Bits {
        piece,
        square: Square::ALL[square],
        bits,
        expected: ExpectedBits::Range,
    })
}

/// Builds a full set (all 128 squares found) with the scheme's layout: cumulative
/// offsets for fancy and fancy32, `square << bits` for plain, and a greedy packing of
/// the shared table for fixed-shift and black.
pub fn assemble(scheme: SchemeKind, found: &[Found]) -> Result<MagicSet, AssembleError> {
    if scheme == SchemeKind::OffsetInMagic {
        return Err(AssembleError::OffsetInMagic);
    }
    let mut out = by_square(found.iter().map(|f| {
        let magic = SquareMagic {
            magic: f.magic,
            bits: f.bits,
            offset: 0,
        };
        (f.piece, f.square, magic)
    }))?;
    for piece in RookOrBishop::BOTH {
        let bits: [u32; 64] = std::array::from_fn(|i| out[piece.index()][i].bits);
        let offsets: [u32; 64] = match scheme {
            SchemeKind::Plain => {
                let mut offsets = [0u32; 64];
                for (i, offset) in offsets.iter_mut().enumerate() {
                    *offset = 1u32
                        .checked_shl(bits[i])
                        .and_then(|size| (i as u32).checked_mul(size))
                        .ok_or_else(|| too_many_bits(piece, i, bits[i]))?;
                }
                offsets
            }
            SchemeKind::FixedShift | SchemeKind::Black => {
                // Disjoint windows to start with (rooks, then bishops); packed below.
                let base = if piece == RookOrBishop::Rook {
                    0
                } else {
                    64 << 12
                };
                std::array::from_fn(|i| base + ((i as u32) << 12))
            }
            _ => cumulative_offsets(&bits).map_err(|i| too_many_bits(piece, i, bits[i]))?,
        };
        for i in 0..64 {
            out[piece.index()][i].offset = offsets[i];
        }
    }
    let set = MagicSet::new(scheme, out[0], out[1]).map_err(AssembleError::Set)?;
    if scheme.shared_table() {
        Ok(pack(&set).map_err(AssembleError::Pack)?.set)
    } else {
        Ok(set)
    }
}

/// One value per piece and square from `items` (the last one given for a square), or
/// the first square (rook a1..h8, then bishop) without one.
pub(crate) fn by_square<T: Copy + Default>(
    items: impl IntoIterator<Item = (RookOrBishop, Square, T)>,
) -> Result<[[T; 64]; 2], AssembleError> {
    let mut given = [[None; 64]; 2];
    for (piece, square, value) in items {
        given[piece.index()][square as usize] = Some(value);
    }
    let mut out = [[T::default(); 64]; 2];
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            out[piece.index()][square as usize] = given[piece.index()][square as usize]
                .ok_or(AssembleError::Missing { piece, square })?;
        }
    }
    Ok(out)
}

/// Why found magics do not make a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssembleError {
    /// Offset-in-magic magics are found together with their offsets
    /// ([`crate::offset::search`]).
    OffsetInMagic,
    /// No magic for this square.
    Missing {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
    },
    /// The magics' bits do not fit the scheme.
    Set(SetError),
    /// The shared table could not be packed.
    Pack(PackError),
}

impl std::fmt::Display for AssembleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AssembleError::OffsetInMagic => f.write_str(
                "offset-in-magic magics are found together with their offsets: use offset::search",
            ),
            AssembleError::Missing { piece, square } => write!(f, "no magic for {piece} {square}"),
            AssembleError::Set(e) => e.fmt(f),
            AssembleError::Pack(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AssembleError {}

/// All 128 squares at their mask bits: rook a1..h8, then bishop a1..h8.
pub fn all_targets() -> Vec<Target> {
    let mut out = Vec::with_capacity(128);
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            out.push(Target {
                piece,
                square,
                bits: mask_bits(piece, square),
            });
        }
    }
    out
}
