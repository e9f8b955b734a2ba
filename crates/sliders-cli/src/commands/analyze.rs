//! `sliders analyze`: one FEN per line on stdin, one JSON object per line on stdout
//! with the position's Polyglot key, status flags and legal moves in UCI and SAN.
//!
//! ```text
//! {"fen": "...", "hash": "0x463b96181691fc9c", "check": false, "checkmate": false,
//!  "stalemate": false, "insufficient_material": false,
//!  "moves": [{"uci": "a2a3", "san": "a3"}, ...]}
//! ```
//! (one line each). Moves are sorted by UCI string; castling is written as the FEN's
//! convention implies (king takes rook for Chess960 boards). A malformed line gets
//! `{"line": N, "error": "..."}` in its place, the rest is still processed, and the
//! exit status is 2 if any line was malformed.

use std::io::{BufWriter, Write};

use serde::Serialize;
use sliders_movegen::Board;

use crate::io::error::CliError;

/// One position's line, fields in the contract's order.
#[derive(Serialize)]
struct Analysis {
    fen: String,
    hash: String,
    check: bool,
    checkmate: bool,
    stalemate: bool,
    insufficient_material: bool,
    moves: Vec<MoveNames>,
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct MoveNames {
    uci: String,
    san: String,
}

/// The line written in place of a malformed one.
#[derive(Serialize)]
struct Malformed {
    line: usize,
    error: String,
}

pub fn run() -> Result<(), CliError> {
    let mut lines = crate::io::input::Lines::new(crate::io::input::stdin(), "stdin");
    let mut out = BufWriter::new(crate::io::output::stdout());
    let mut malformed = 0usize;
    loop {
        // A line too long is answered in place like any malformed line; a failing
        // read ends the run (exit 1), the answers before it kept.
        let (number, bytes) = match lines.next_or_too_long() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                out.flush().map_err(crate::io::output::stdout_failed)?;
                return Err(e);
            }
        };
        let parsed = bytes
            .ok_or_else(crate::io::input::too_long_in_place)
            .and_then(|b| std::str::from_utf8(b).map_err(|_| "not UTF-8 text".to_owned()))
            .and_then(|line| Board::from_fen(line.trim()).map_err(|e| e.to_string()));
        let written = match parsed {
            Ok(board) => serde_json::to_string(&analyze(&board)),
            Err(error) => {
                malformed += 1;
                serde_json::to_string(&Malformed {
                    line: number,
                    error,
                })
            }
        };
        let written = written.map_err(|e| CliError::io("writing JSON", e.into()))?;
        writeln!(out, "{written}").map_err(crate::io::output::stdout_failed)?;
    }
    out.flush().map_err(crate::io::output::stdout_failed)?;
    if malformed > 0 {
        return Err(CliError::input(format!(
            "analyze: {malformed} malformed line(s), reported in place"
        )));
    }
    Ok(())
}

fn analyze(board: &Board) -> Analysis {
    let mut moves: Vec<MoveNames> = board
        .legal_moves()
        .iter()
        .map(|&m| MoveNames {
            uci: m.uci(board.is_chess960()).to_string(),
            san: board.san(m),
        })
        .collect();
    moves.sort();
    Analysis {
        fen: board.to_fen(),
        hash: format!("0x{:016x}", board.hash()),
        check: board.is_check(),
        checkmate: board.is_checkmate(),
        stalemate: board.is_stalemate(),
        insufficient_material: board.is_insufficient_material(),
        moves,
    }
}
