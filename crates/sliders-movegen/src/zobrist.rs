//! Polyglot Zobrist keys by what they stand for. The board combines them into its key
//! and keeps it up to date in every move ([`crate::Board::hash`]).

use sliders_core::{Color, File, Square};

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

/// The key of a castling right: `color`'s rook on the h-side (a higher file than its
/// king) or on the a-side, as Polyglot and python-chess define it (which also covers
/// Chess960).
#[inline(always)]
pub(crate) fn castling(color: Color, h_side: bool) -> u64 {
    RANDOM64[768 + 2 * color as usize + usize::from(!h_side)]
}

/// The key of an en passant file.
#[inline(always)]
pub(crate) fn en_passant(file: File) -> u64 {
    RANDOM64[772 + file as usize]
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
