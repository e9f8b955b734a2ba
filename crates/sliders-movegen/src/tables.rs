//! Attack and geometry tables for the non-sliding pieces, built at compile time.

use sliders::Bitboard;

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq & 7) as i8;
        let rank = (sq >> 3) as i8;
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = bits;
        sq += 1;
    }
    table
}

/// Knight attacks from each square.
pub(crate) static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// King attacks from each square.
pub(crate) static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

/// Pawn captures from each square: `[white, black]`.
pub(crate) static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const fn sign(x: i8) -> i8 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// The direction from `a` to `b` if they share a rank, file or diagonal.
const fn direction(a: usize, b: usize) -> Option<(i8, i8)> {
    let df = (b & 7) as i8 - (a & 7) as i8;
    let dr = (b >> 3) as i8 - (a >> 3) as i8;
    if a == b {
        return None;
    }
    if df == 0 || dr == 0 || df == dr || df == -dr {
        Some((sign(df), sign(dr)))
    } else {
        None
    }
}

const fn walk(from: usize, d: (i8, i8), stop: Option<usize>) -> u64 {
    let mut bits = 0u64;
    let mut f = (from & 7) as i8 + d.0;
    let mut r = (from >> 3) as i8 + d.1;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        let s = (r * 8 + f) as usize;
        if let Some(stop) = stop {
            if s == stop {
                break;
            }
        }
        bits |= 1u64 << s;
        f += d.0;
        r += d.1;
    }
    bits
}

const fn between_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some(d) = direction(a, b) {
                t[a][b] = walk(a, d, Some(b));
            }
            b += 1;
        }
        a += 1;
    }
    t
}

const fn line_table() -> [[u64; 64]; 64] {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some(d) = direction(a, b) {
                t[a][b] = walk(a, d, None) | walk(a, (-d.0, -d.1), None) | (1u64 << a);
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// The squares strictly between two squares on a line (empty when not aligned).
pub(crate) static BETWEEN: [[u64; 64]; 64] = between_table();

/// The whole line through two aligned squares, both included (empty when not aligned).
pub(crate) static LINE: [[u64; 64]; 64] = line_table();

#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> Bitboard {
    Bitboard(BETWEEN[a][b])
}

#[inline(always)]
pub(crate) fn line(a: usize, b: usize) -> Bitboard {
    Bitboard(LINE[a][b])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_and_king_counts() {
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[27].count_ones(), 8);
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(KING[27].count_ones(), 8);
        assert_eq!(PAWN[0][8], 1 << 17);
        assert_eq!(PAWN[1][15], 1 << 6);
    }

    #[test]
    fn between_and_line() {
        // a1..h8 diagonal
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][17], 0);
        assert_eq!(LINE[0][9].count_ones(), 8);
        assert_eq!(LINE[0][1], 0xff);
        assert_eq!(BETWEEN[4][7], (1 << 5) | (1 << 6));
    }
}
