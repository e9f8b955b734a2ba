//! Zobrist keys for the perft transposition table, made at compile time.

use crate::board::Board;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, z) = splitmix(state);
        state = s;
        out[i] = z;
        i += 1;
    }
    out
}

/// One key per (colour, role, square): index `(color * 6 + role) * 64 + square`.
static PIECES: [u64; 768] = keys(1);
/// One key per castling rook square.
static CASTLING: [u64; 64] = keys(2);
/// One key per en passant file, and the side to move, and depths.
static MISC: [u64; 8 + 1 + 64] = keys(3);

pub(crate) fn depth_key(depth: u32) -> u64 {
    MISC[9 + (depth as usize & 63)]
}

/// The position's Zobrist key, computed from scratch (perft hashing only needs it at
/// interior nodes, so normal perft pays nothing for it).
pub(crate) fn hash(board: &Board) -> u64 {
    let mut h = 0u64;
    for color in 0..2 {
        for role in 0..6 {
            let mut bb = board.colors[color] & board.roles[role];
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                h ^= PIECES[(color * 6 + role) * 64 + sq];
            }
        }
    }
    let mut c = board.castling;
    while c != 0 {
        h ^= CASTLING[c.trailing_zeros() as usize];
        c &= c - 1;
    }
    if let Some(ep) = board.ep {
        h ^= MISC[ep.index() & 7];
    }
    if board.turn == crate::Color::Black {
        h ^= MISC[8];
    }
    h
}
