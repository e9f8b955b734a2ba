//! How much of perft's time goes into making moves (copy-make)? Runs start-position
//! perft with each move made once (as perft does) and twice (one extra copy-make per
//! move, thrown away); the difference bounds what make/unmake could save.
//!
//! `cargo run --release -p sliders-movegen --example make_cost [depth]`

use std::hint::black_box;
use std::time::Instant;

use sliders_core::schemes::{Scheme, WithScheme};
use sliders_movegen::Board;

fn perft<S: Scheme, const EXTRA: bool>(s: S, board: &Board, depth: u32) -> u64 {
    if depth == 1 {
        return board.count_moves_with(s);
    }
    let mut total = 0;
    for &mv in board.legal_moves_with(s).iter() {
        if EXTRA {
            black_box(black_box(board).after_unchecked(black_box(mv)));
        }
        total += perft::<S, EXTRA>(s, &board.after_unchecked(mv), depth - 1);
    }
    total
}

struct Job(u32);

impl WithScheme for Job {
    type Output = ();
    fn run<S: Scheme>(self, s: S) {
        let board = Board::startpos();
        // Interleaved rounds, best of each: the machine may be shared.
        let (mut best_once, mut best_twice) = (f64::MAX, f64::MAX);
        for _ in 0..7 {
            let t = Instant::now();
            let once = perft::<S, false>(s, &board, self.0);
            best_once = best_once.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let twice = perft::<S, true>(s, &board, self.0);
            best_twice = best_twice.min(t.elapsed().as_secs_f64());
            assert_eq!(once, twice);
        }
        println!(
            "perft {} ({}), best of 7: {best_once:.3} s; with an extra copy-make per move {best_twice:.3} s; copy-make ~{:.1}% of the time",
            self.0,
            s.name(),
            100.0 * (best_twice - best_once) / best_once
        );
    }
}

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    sliders_core::schemes::dispatch(Job(depth));
}
