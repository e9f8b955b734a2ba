//! Lines through two squares: the squares [`between`] them, the whole [`line`], and the
//! [`ray`] from one through the other. Tables for the first two, written by the build
//! script.

use crate::lines::{step, walk};
use crate::{Bitboard, Square};

// Computed by the build script (natively: evaluating the 8,192 entries as constants
// cost 0.49 s of every `cargo check` of the crate) from `lines::pair_table`, and checked
// against a brute force over coordinates by `tests/geometry.rs`.
static BETWEEN: [[Bitboard; 64]; 64] =
    crate::schemes::layout::include_table!("between", [Bitboard; 64], 64);
static LINE: [[Bitboard; 64]; 64] =
    crate::schemes::layout::include_table!("line", [Bitboard; 64], 64);

/// The squares strictly between `a` and `b`; empty unless they share a rank, file or
/// diagonal (and for neighbours). What a checking slider's line can be blocked on.
///
/// ```
/// use sliders_core::{between, bitboard, Square};
/// assert_eq!(between(Square::B2, Square::F6), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . X . . .
///     . . . X . . . .
///     . . X . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// });
/// assert!(between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a as usize][b as usize]
}

/// The whole line (rank, file or diagonal) through `a` and `b`, edge to edge, both
/// included; empty unless they are aligned. A pinned piece moves only along it.
///
/// ```
/// use sliders_core::{bitboard, line, Square};
/// assert_eq!(line(Square::C3, Square::D2), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . .
///     . X . . . . . .
///     . . X . . . . .
///     . . . X . . . .
///     . . . . X . . .
/// });
/// assert!(line(Square::A1, Square::A1).is_empty());
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a as usize][b as usize]
}

/// The ray from `from` (excluded) through `through` to the edge of the board; empty
/// unless they are aligned. What a slider on `from` would attack on an empty board in
/// that direction.
///
/// ```
/// use sliders_core::{bitboard, ray, Square};
/// assert_eq!(ray(Square::E4, Square::E6), bitboard! {
///     . . . . X . . .
///     . . . . X . . .
///     . . . . X . . .
///     . . . . X . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// });
/// assert!(ray(Square::E4, Square::F6).is_empty());
/// ```
pub fn ray(from: Square, through: Square) -> Bitboard {
    match step(from, through) {
        Some(d) => Bitboard(walk(from, d, None)),
        None => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables the build script wrote are the computed ones, entry for entry (the byte
    /// order and the layout of the include): the pair tables, and the hyperbola scheme's
    /// first-rank table.
    #[test]
    fn included_tables_are_the_computed_ones() {
        assert!(BETWEEN == crate::lines::pair_table(false));
        assert!(LINE == crate::lines::pair_table(true));
        assert!(crate::schemes::hyperbola::FIRST_RANK == crate::reference::first_rank_table());
    }
}
