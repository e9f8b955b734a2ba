//! What `perft`, `perft --compare` and the work units (`perft split|run|merge`) share:
//! threads, the hash table, the divide and its printing order, and the warning before a
//! count that would outlast anyone's patience. It sits below all three, so that their
//! imports point one way (`perft` -> `compare`, `units` -> `counting`).

use sliders_core::schemes::SchemeId;
use sliders_movegen::{divide_by_id, perft, Board, Move, PerftTable};

use crate::io::error::CliError;

pub use sliders_cli::work_units::count_json;

/// A `--threads` value as `parse::threads` admits it: 0 means one per core.
pub fn threads(requested: usize) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// A divide with `scheme`, which `parse::scheme` has checked this CPU can run.
pub fn divide(
    scheme: SchemeId,
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u128)> {
    // The board crate's entry point, not a job of our own: its per-scheme copies of the
    // count are compiled there once (sliders_movegen::perft_by_id says why).
    match divide_by_id(scheme, board, depth, threads, table) {
        Some(counts) => counts,
        None => unreachable!("parse::scheme returns only schemes this CPU can run"),
    }
}

/// Moves may come as separate arguments or as one space-separated argument.
pub fn split_moves(moves: &[String]) -> Vec<String> {
    moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .map(str::to_owned)
        .collect()
}

/// The total of a divide (1 at depth 0, where the divide is empty).
pub fn total(depth: u32, counts: &[(Move, u128)]) -> u128 {
    if depth == 0 {
        1
    } else {
        counts.iter().map(|&(_, n)| n).sum()
    }
}

/// The root moves in UCI notation (the board's castling convention), sorted.
pub fn sorted(board: &Board, counts: &[(Move, u128)]) -> Vec<(String, u128)> {
    let mut lines: Vec<(String, u128)> = counts
        .iter()
        .map(|&(mv, n)| (mv.uci(board.is_chess960()).to_string(), n))
        .collect();
    lines.sort();
    lines
}

/// The `--hash` table: none for 0 MB, an error when the memory cannot be had.
pub fn hash_table(mb: usize) -> Result<Option<PerftTable>, CliError> {
    if mb == 0 {
        return Ok(None);
    }
    PerftTable::new(mb)
        .map(Some)
        .ok_or_else(|| CliError::input(format!("--hash {mb}: cannot allocate {mb} MB")))
}

/// The nodes per second per thread the estimate assumes: bulk counting without a table
/// runs at about 0.46 G per core on Zen 3 (README, "Beyond one machine"), so this errs
/// on the fast side.
const ASSUMED_RATE: f64 = 1e9;

/// A count expected to take longer than this gets a warning.
const PATIENCE_SECONDS: f64 = 24.0 * 3600.0;

/// A rough estimate of perft(`depth`) from `board`: perft(2) times the mean branching
/// factor of the first two plies to the power of the plies left.
pub fn estimate(board: &Board, depth: u32) -> f64 {
    if depth <= 2 {
        return perft(board, depth) as f64;
    }
    let two = perft(board, 2) as f64;
    let branching = two.sqrt().max(1.0);
    two * branching.powi(depth as i32 - 2)
}

/// Human units for a number of seconds.
pub fn duration_words(seconds: f64) -> String {
    let year = 365.25 * 86400.0;
    if seconds >= year {
        format!("{:.1e} years", seconds / year)
    } else if seconds >= 86400.0 {
        format!("{:.0} days", seconds / 86400.0)
    } else {
        format!("{:.0} hours", seconds / 3600.0)
    }
}

/// Whether a count of about `nodes` on `threads` threads would take more than a day.
pub fn beyond_reason(nodes: f64, threads: usize) -> bool {
    nodes / (ASSUMED_RATE * threads.max(1) as f64) > PATIENCE_SECONDS
}

/// Warns on stderr (and goes on) when a count of about `nodes` on `threads` threads
/// would take more than a day ([`beyond_reason`]); `what` names the count.
pub fn warn_if_beyond_reason(what: &str, nodes: f64, threads: usize) {
    let seconds = nodes / (ASSUMED_RATE * threads.max(1) as f64);
    if beyond_reason(nodes, threads) {
        crate::io::output::noteln!(
            "sliders: warning: {what} is about {nodes:.1e} nodes: about {} on {threads} thread{} at 1 G nodes/s each (a hash table helps; it goes on)",
            duration_words(seconds),
            if threads == 1 { "" } else { "s" }
        );
    }
}
