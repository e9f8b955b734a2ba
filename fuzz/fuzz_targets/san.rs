//! Fuzzes the SAN reader: the first line is a FEN (the start position if it does not
//! parse), the rest SAN text; no input may panic, and the SAN of every legal move parses
//! back to that move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_movegen::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, san) = text.split_once('\n').unwrap_or(("", &text));
    let board = Board::from_fen(fen).unwrap_or_else(|_| Board::startpos());
    if let Ok(mv) = board.parse_san(san) {
        assert!(board.legal_moves().iter().any(|&m| m == mv), "{san}");
    }
    for &mv in board.legal_moves().iter() {
        let written = board.san(mv);
        assert_eq!(board.parse_san(&written), Ok(mv), "{fen} {written}");
    }
});
