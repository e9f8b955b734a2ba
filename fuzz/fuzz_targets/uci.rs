//! Fuzzes UCI move reading: the first line is a FEN (the start position if it does not
//! parse), the rest one move or a space-separated list; no input may panic, and a move
//! that parses is legal and writes back to the text it came from (case aside).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_movegen::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, moves) = text.split_once('\n').unwrap_or(("", &text));
    let board = Board::from_fen(fen).unwrap_or_else(|_| Board::startpos());
    if let Ok(mv) = board.parse_uci(moves) {
        assert!(board.legal_moves().iter().any(|&m| m == mv), "{moves}");
        let again = mv.uci(board.is_chess960()).to_string();
        assert_eq!(board.parse_uci(&again), Ok(mv), "{moves} -> {again}");
    }
    let list: Vec<&str> = moves.split_whitespace().collect();
    let _ = board.play_uci_moves(&list);
});
