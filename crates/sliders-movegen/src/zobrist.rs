//! Polyglot Zobrist keys by what they stand for. The board combines them into its key
//! and keeps it up to date in every move ([`crate::Board::hash`]).

use sliders_core::{Color, File, Square};

use crate::piece::Role;
use crate::polyglot_keys::RANDOM64;

/// The key of a piece of `color` and `role` on `square`.
#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, square: Square) -> u64 {
    piece_code(color, role as u8, square)
}

/// [`piece`] with the role as its index (`Role as u8`).
#[inline(always)]
pub(crate) fn piece_code(color: Color, role: u8, square: Square) -> u64 {
    let kind = 2 * role as usize + (color == Color::White) as usize;
    RANDOM64[64 * kind + square as usize]
}

/// XORed in when white is to move.
pub(crate) const WHITE_TO_MOVE: u64 = RANDOM64[780];

/// The key of a castling right: `color`'s rook on the h-side (a higher file than its
/// king) or on the a-side, as Polyglot and python-chess define it (which also covers
/// Chess960).
#[inline(always)]
pub(crate) const fn castling(color: Color, h_side: bool) -> u64 {
    RANDOM64[768 + 2 * color as usize + !h_side as usize]
}

/// The key of an en passant file.
#[inline(always)]
pub(crate) fn en_passant(file: File) -> u64 {
    RANDOM64[772 + file as usize]
}
