//! Polyglot Zobrist keys: the board keeps its key up to date in every move
//! ([`Board::hash`]); [`from_scratch`] computes it anew, for FEN input and for tests.

use sliders::{pawn_attacks, Bitboard, Color, Square};

use crate::board::Board;
use crate::piece::Role;
use crate::polyglot_keys::RANDOM64;

/// The key of a piece of `color` and `role` on `square`.
#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, square: Square) -> u64 {
    let kind = 2 * role as usize + (color == Color::White) as usize;
    RANDOM64[64 * kind + square as usize]
}

/// XORed in when white is to move.
pub(crate) const WHITE_TO_MOVE: u64 = RANDOM64[780];

/// The castling part: one key per side of each king that still has a castling rook,
/// as Polyglot and python-chess define it (h-side = a rook on a higher file than the
/// king, which also covers Chess960).
pub(crate) fn castling(board: &Board) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        let rooks = board.castling & board.colors[color as usize];
        if rooks.is_empty() {
            continue;
        }
        let king = board.king(color) as u64;
        let base = 768 + 2 * color as usize;
        if rooks.0 >> king > 1 {
            key ^= RANDOM64[base];
        }
        if rooks.0 & ((1 << king) - 1) != 0 {
            key ^= RANDOM64[base + 1];
        }
    }
    key
}

/// The en passant part: the file's key when a pawn of the side to move stands next to
/// the pawn that just made a double push, whether or not the capture is legal.
#[inline(always)]
pub(crate) fn en_passant(board: &Board) -> u64 {
    match board.ep {
        Some(ep) if capturers(board, ep).0 != 0 => RANDOM64[772 + ep.file() as usize],
        _ => 0,
    }
}

/// The pawns of the side to move that attack the en passant square `ep`.
#[inline(always)]
pub(crate) fn capturers(board: &Board, ep: Square) -> Bitboard {
    capturers_for(board, board.turn, ep)
}

/// The pawns of `color` that attack `ep`.
#[inline(always)]
pub(crate) fn capturers_for(board: &Board, color: Color, ep: Square) -> Bitboard {
    pawn_attacks(color.other(), ep)
        & board.roles[Role::Pawn as usize]
        & board.colors[color as usize]
}

/// The whole key, computed from the pieces, castling rights, en passant and turn.
pub(crate) fn from_scratch(board: &Board) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            for square in board.roles[role as usize] & board.colors[color as usize] {
                key ^= piece(color, role, square);
            }
        }
    }
    if board.turn == Color::White {
        key ^= WHITE_TO_MOVE;
    }
    key ^ castling(board) ^ en_passant(board)
}

#[cfg(test)]
mod tests {
    use crate::Board;

    /// The test positions of the Polyglot book format specification (see
    /// `polyglot_keys.rs` for the source): keys after each line of moves.
    #[test]
    fn the_specification_examples() {
        let cases: [(&[&str], u64); 9] = [
            (&[], 0x463b_9618_1691_fc9c),
            (&["e2e4"], 0x823c_9b50_fd11_4196),
            (&["e2e4", "d7d5"], 0x0756_b944_61c5_0fb0),
            (&["e2e4", "d7d5", "e4e5"], 0x662f_afb9_65db_29d4),
            (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a4_8b5a_8e47_ff78),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
                0x652a_607c_a3f2_42c1,
            ),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
                0x00fd_d303_c946_bdd9,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
                0x3c81_23ea_7b06_7637,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
                0x5c3f_9b82_9b27_9560,
            ),
        ];
        for (moves, key) in cases {
            let board = Board::startpos().play_uci_moves(moves).unwrap();
            assert_eq!(board.hash(), key, "after {moves:?}");
            let fresh = Board::from_fen(&board.to_fen()).unwrap();
            assert_eq!(fresh.hash(), key, "from the FEN after {moves:?}");
        }
    }
}
