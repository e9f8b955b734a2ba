//! Lines through two squares: the squares [`between`] them, the whole [`line`], and the
//! [`ray`] from one through the other. Const tables for the first two.

use crate::{Bitboard, Square};

/// The unit step from `a` towards `b` when they share a rank, file or diagonal.
const fn step(a: Square, b: Square) -> Option<(i8, i8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df != dr && df != -dr) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// The squares from `from` (excluded) in direction `d` up to `stop` (excluded) or the
/// edge.
const fn walk(from: Square, d: (i8, i8), stop: Option<Square>) -> u64 {
    let mut bits = 0u64;
    let mut at = from;
    while let Some(next) = at.offset(d.0, d.1) {
        if let Some(stop) = stop {
            if next as u8 == stop as u8 {
                break;
            }
        }
        bits |= 1 << next as u8;
        at = next;
    }
    bits
}

/// One table over pairs of squares: `f(a, b, step)` where aligned, empty elsewhere.
const fn pair_table(whole_line: bool) -> [[Bitboard; 64]; 64] {
    let mut t = [[Bitboard::EMPTY; 64]; 64];
    let mut i = 0;
    while i < 64 {
        let mut j = 0;
        while j < 64 {
            let (a, b) = (Square::ALL[i], Square::ALL[j]);
            if let Some(d) = step(a, b) {
                t[i][j] = Bitboard(if whole_line {
                    walk(a, d, None) | walk(a, (-d.0, -d.1), None) | 1 << i
                } else {
                    walk(a, d, Some(b))
                });
            }
            j += 1;
        }
        i += 1;
    }
    t
}

static BETWEEN: [[Bitboard; 64]; 64] = pair_table(false);
static LINE: [[Bitboard; 64]; 64] = pair_table(true);

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
