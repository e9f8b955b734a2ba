//! Fuzzes the FEN parser: no input may panic, and whatever parses must write back to a
//! FEN that parses to the same board, generate moves, and play them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_movegen::Board;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(board) = Board::from_fen(&text) else {
        return;
    };
    let written = board.to_fen();
    assert_eq!(Board::from_fen(&written), Ok(board), "{written}");
    let moves = board.legal_moves();
    for &mv in moves.iter() {
        let child = board.after_unchecked(mv);
        // Every move's UCI text reads back as the same move.
        assert_eq!(board.parse_uci(&mv.uci(true).to_string()), Ok(mv));
        let _ = child.legal_moves();
        let _ = child.to_fen();
    }
    // Any text is a safe move string.
    let _ = board.parse_uci(&text);
});
