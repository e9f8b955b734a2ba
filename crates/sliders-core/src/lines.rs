//! Lines through pairs of squares, computed: what the build script writes as the
//! `between` and `line` tables (`build.rs`), and what [`crate::ray`] walks at run time.
//! Compiled by both crate roots (the library and the build script).

use crate::{Bitboard, Square};

/// The unit step from `a` towards `b` when they share a rank, file or diagonal.
pub(crate) const fn step(a: Square, b: Square) -> Option<(i8, i8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df != dr && df != -dr) {
        return None;
    }
    Some((df.signum(), dr.signum()))
}

/// The squares from `from` (excluded) in direction `d` up to `stop` (excluded) or the
/// edge.
pub(crate) const fn walk(from: Square, d: (i8, i8), stop: Option<Square>) -> u64 {
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
// Called by the build script, and in the library only by the test that compares the
// included tables with it.
#[allow(dead_code)]
pub(crate) const fn pair_table(whole_line: bool) -> [[Bitboard; 64]; 64] {
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
