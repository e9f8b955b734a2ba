//! The smallest engine worth the name, on the board crate's public API: what
//! docs/board.md walks through.
//!
//! - negamax alpha-beta with a cutoff as soon as a move reaches beta;
//! - moves in MVV-LVA order straight from the generator
//!   ([`Board::for_each_legal_move_mvv_lva`]: captures of the most valuable victim by the
//!   least valuable attacker first, no sort), kept in one buffer per ply that is cleared,
//!   never reallocated;
//! - quiescence on captures only (every legal move when in check), standing pat on the
//!   material count;
//! - mate scored by its distance from the root, stalemate as a draw.
//!
//! ```text
//! cargo run --release -p sliders-movegen --example minimal_engine                 # three positions
//! cargo run --release -p sliders-movegen --example minimal_engine -- 5 "FEN"      # depth 5 on FEN
//! ```

use sliders_movegen::{Board, Color, Move, MoveFilter, Role};

/// A mate at the root; a mate `n` plies away scores `MATE - n`.
const MATE: i32 = 30_000;

/// Material, in centipawns, by role (the king is not counted).
const VALUES: [(Role, i32); 5] = [
    (Role::Pawn, 100),
    (Role::Knight, 320),
    (Role::Bishop, 330),
    (Role::Rook, 500),
    (Role::Queen, 900),
];

/// The material balance from the side to move's point of view.
fn evaluate(board: &Board) -> i32 {
    let us = board.turn();
    VALUES
        .iter()
        .map(|&(role, value)| {
            let pieces = board.by_role(role);
            let ours = (pieces & board.by_color(us)).len() as i32;
            let theirs = (pieces & board.by_color(!us)).len() as i32;
            value * (ours - theirs)
        })
        .sum()
}

struct Search {
    /// One move buffer per ply: filled, searched, cleared (no allocation per node).
    buffers: Vec<Vec<Move>>,
    nodes: u64,
}

impl Search {
    fn new() -> Search {
        Search {
            buffers: Vec::new(),
            nodes: 0,
        }
    }

    /// The legal moves that `filter` admits, in MVV-LVA order, in ply `ply`'s buffer
    /// (taken out of `self` while the ply is searched, so the recursion can borrow it).
    fn moves(&mut self, board: &Board, ply: usize, filter: MoveFilter) -> Vec<Move> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        board.for_each_legal_move_mvv_lva(filter, |detail| moves.push(detail.mv));
        moves
    }

    /// Negamax alpha-beta: the score of `board` for the side to move, within
    /// `alpha..beta` (a score at or past either bound only says which side of it).
    fn alpha_beta(
        &mut self,
        board: &Board,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth == 0 {
            return self.quiesce(board, ply, alpha, beta);
        }
        self.nodes += 1;
        let moves = self.moves(board, ply, MoveFilter::ALL);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            // No legal move: mated (sooner is worse) or stalemate (a draw).
            return if board.is_check() {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        let mut best = -MATE;
        for &mv in &moves {
            let mut child = *board; // the board is 96 bytes and Copy: copy-make
            child.play_unchecked(mv); // legal: it came from the generator
            let score = -self.alpha_beta(&child, depth - 1, ply + 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break; // beta cutoff: the opponent will not allow this line
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Captures only, until the position is quiet: the side to move may also "stand
    /// pat" on the material count. In check there is no standing pat: every legal move
    /// is searched, and none is a mate.
    fn quiesce(&mut self, board: &Board, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let in_check = board.is_check();
        let mut best = -MATE;
        if !in_check {
            best = evaluate(board);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let filter = if in_check {
            MoveFilter::ALL
        } else {
            MoveFilter::ALL.captures_only()
        };
        let moves = self.moves(board, ply, filter);
        if in_check && moves.is_empty() {
            self.buffers[ply] = moves;
            return -(MATE - ply as i32);
        }
        for &mv in &moves {
            let mut child = *board;
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// The best move at `depth` and its score; `None` when there is no legal move.
    fn best_move(&mut self, board: &Board, depth: u32) -> Option<(Move, i32)> {
        let moves = self.moves(board, 0, MoveFilter::ALL);
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = -MATE;
        for &mv in &moves {
            let mut child = *board;
            child.play_unchecked(mv);
            let score = -self.alpha_beta(&child, depth - 1, 1, -MATE, -alpha);
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((mv, score));
                alpha = alpha.max(score);
            }
        }
        self.buffers[0] = moves;
        best
    }
}

/// Searches `fen` to `depth` (iterative deepening: depth 1, 2, ... so that each
/// iteration's line is printed) and returns the last best move and score.
fn think(fen: &str, depth: u32) -> Option<(Move, i32)> {
    let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let side = if board.turn() == Color::White {
        "white"
    } else {
        "black"
    };
    println!("{fen} ({side} to move)");
    let mut search = Search::new();
    let mut answer = None;
    for d in 1..=depth.max(1) {
        answer = search.best_move(&board, d);
        match answer {
            Some((mv, score)) if score.abs() > MATE - 100 => {
                let plies = MATE - score.abs();
                let who = if score > 0 { "mates" } else { "is mated" };
                let unit = if plies == 1 { "ply" } else { "plies" };
                println!(
                    "  depth {d}: {mv}, {side} {who} in {plies} {unit} ({} nodes)",
                    search.nodes
                );
            }
            Some((mv, score)) => println!(
                "  depth {d}: {mv}, score {score} cp ({} nodes)",
                search.nodes
            ),
            None if board.is_check() => println!("  checkmate: no legal move"),
            None => println!("  stalemate: no legal move"),
        }
        if answer.is_none() {
            break;
        }
    }
    answer
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [depth, fen] = &args[..] {
        let depth = depth.parse().expect("the depth: a whole number");
        think(fen, depth);
        return;
    }
    // The start position, a rook mate in one, and stalemate.
    think(sliders_movegen::STARTPOS_FEN, 5);
    let mate = think("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!(
        mate.map(|(mv, score)| (mv.to_string(), score)),
        Some(("a1a8".into(), MATE - 1))
    );
    assert_eq!(think("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3), None);
}
