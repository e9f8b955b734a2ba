//! A deliberately broken move generator for testing `sliders perft --compare`: it speaks
//! the perftree protocol (`broken_perftree <depth> "<fen>" "<moves>"`) over this crate's
//! legal moves, but never generates under-promotions (to a knight, bishop or rook), at
//! any depth. `contrib/perftree/test-compare.sh` checks that `--compare` names the exact
//! position and move.

use sliders_movegen::{Board, Move};

/// The broken move list: legal moves except under-promotions.
fn moves(board: &Board) -> Vec<Move> {
    board
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| {
            let uci = mv.uci(board.is_chess960()).to_string();
            !(uci.len() == 5 && matches!(&uci[4..], "n" | "b" | "r"))
        })
        .collect()
}

fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => moves(board).len() as u64,
        _ => moves(board)
            .iter()
            .map(|&mv| perft(&board.after_unchecked(mv), depth - 1))
            .sum(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(depth), Some(fen)) = (args.get(1).and_then(|d| d.parse::<u32>().ok()), args.get(2))
    else {
        eprintln!("usage: broken_perftree <depth> <fen> [moves]");
        std::process::exit(2);
    };
    let moves_played = args.get(3).map(String::as_str).unwrap_or("");
    let board =
        match Board::from_fen(fen).map(|b| b.play_uci_moves(moves_played.split_whitespace())) {
            Ok(Ok(board)) => board,
            Ok(Err(e)) => {
                eprintln!("bad moves: {e}");
                std::process::exit(2)
            }
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2)
            }
        };
    let mut total = 0;
    let mut lines: Vec<(String, u64)> = moves(&board)
        .iter()
        .map(|&mv| {
            let n = perft(&board.after_unchecked(mv), depth.saturating_sub(1));
            (mv.uci(board.is_chess960()).to_string(), n)
        })
        .collect();
    lines.sort();
    for (uci, n) in &lines {
        println!("{uci} {n}");
        total += n;
    }
    println!();
    println!("{total}");
}
