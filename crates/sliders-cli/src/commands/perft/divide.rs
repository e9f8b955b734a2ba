//! `sliders perft <depth>`: the divide (Stockfish's format, or JSON), `--depths`, and
//! the same divide in the perftree protocol's format.

use std::io::{BufWriter, Write};
use std::time::Instant;

use sliders_movegen::{Board, Move, PerftTable};

use super::counting::{count_json, divide, sorted, split_moves, total};
use super::Settings;
use crate::io::error::CliError;

/// `perft <depth>`: one line per root move, a blank line and `Nodes searched: N` (or one
/// JSON object), the speed on stderr.
pub(super) fn run(
    board: &Board,
    depth: u32,
    how: &Settings,
    table: Option<&PerftTable>,
) -> Result<(), CliError> {
    let scheme = how.scheme;
    let start = Instant::now();
    // A long count on a terminal shows its progress, root move by root move.
    let counts = if depth >= PROGRESS_DEPTH && crate::io::output::stderr_is_terminal() {
        divide_showing_progress(scheme, board, depth, how.threads, table)
    } else {
        divide(scheme, board, depth, how.threads, table)
    };
    let seconds = start.elapsed().as_secs_f64();
    let total = total(depth, &counts);
    let mnps = total as f64 / seconds.max(1e-9) / 1e6;

    let mut out = BufWriter::new(crate::io::output::stdout());
    let write = |out: &mut BufWriter<_>| -> std::io::Result<()> {
        if how.json {
            let divide: serde_json::Map<String, serde_json::Value> = sorted(board, &counts)
                .into_iter()
                .map(|(uci, n)| (uci, count_json(n)))
                .collect();
            let value = serde_json::json!({
                "fen": board.to_fen(),
                "depth": depth,
                "nodes": count_json(total),
                "divide": divide,
                "seconds": seconds,
                "mnps": mnps,
                "scheme": scheme.name(),
                "threads": how.threads,
                "hash_mb": how.hash,
            });
            writeln!(out, "{value}")?;
        } else {
            for (uci, n) in sorted(board, &counts) {
                writeln!(out, "{uci}: {n}")?;
            }
            writeln!(out)?;
            writeln!(out, "Nodes searched: {total}")?;
        }
        out.flush()
    };
    write(&mut out).map_err(crate::io::output::stdout_failed)?;
    crate::io::output::noteln!(
        "perft {depth}: {total} nodes in {seconds:.3} s, {mnps:.1} Mnps ({} scheme, {} thread{})",
        how.scheme,
        how.threads,
        if how.threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `perft --depths`: perft(1) to perft(depth), each timed; `depth nodes seconds` lines
/// under a header, or JSON.
pub(super) fn run_depths(
    board: &Board,
    depth: u32,
    how: &Settings,
    table: Option<&PerftTable>,
) -> Result<(), CliError> {
    let scheme = how.scheme;
    let mut rows = Vec::new();
    let mut out = BufWriter::new(crate::io::output::stdout());
    let io = crate::io::output::stdout_failed;
    if !how.json {
        writeln!(out, "depth nodes seconds").map_err(io)?;
    }
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = total(d, &divide(scheme, board, d, how.threads, table));
        let seconds = start.elapsed().as_secs_f64();
        if how.json {
            rows.push(
                serde_json::json!({"depth": d, "nodes": count_json(nodes), "seconds": seconds}),
            );
        } else {
            writeln!(out, "{d} {nodes} {seconds:.3}")
                .and_then(|()| out.flush())
                .map_err(io)?;
        }
    }
    if how.json {
        let value = serde_json::json!({
            "fen": board.to_fen(),
            "depths": rows,
            "scheme": scheme.name(),
            "threads": how.threads,
            "hash_mb": how.hash,
        });
        writeln!(out, "{value}").map_err(io)?;
    }
    out.flush().map_err(io)
}

/// From this depth on, `perft` on a terminal shows its progress (shallower counts end
/// before a line would be read).
const PROGRESS_DEPTH: u32 = 6;

/// [`divide`], one root move at a time (each counted on all `threads`), with a line on
/// stderr after each: root moves done, time elapsed, and an estimate of the time left
/// (the mean time per root move so far, times the moves left).
fn divide_showing_progress(
    scheme: sliders_core::schemes::SchemeId,
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u128)> {
    let moves: Vec<Move> = board.legal_moves().iter().copied().collect();
    let start = Instant::now();
    let mut counts = Vec::with_capacity(moves.len());
    for (done, &mv) in moves.iter().enumerate() {
        let child = board.after_unchecked(mv);
        counts.push((
            mv,
            total(
                depth - 1,
                &divide(scheme, &child, depth - 1, threads, table),
            ),
        ));
        let elapsed = start.elapsed().as_secs_f64();
        let left = elapsed / (done + 1) as f64 * (moves.len() - done - 1) as f64;
        crate::io::output::note!(
            "\r{}/{} root moves, {elapsed:.1} s elapsed, about {left:.1} s left  ",
            done + 1,
            moves.len()
        );
    }
    crate::io::output::note!("\r{:60}\r", "");
    counts
}

/// `perft --perftree <depth> <fen> [moves]`: `<move> <count>` lines, a blank line and
/// the total, as the perftree tool expects.
pub(super) fn run_perftree(
    scheme: sliders_core::schemes::SchemeId,
    depth: u32,
    rest: &[String],
    threads: usize,
    table: Option<&PerftTable>,
) -> Result<(), CliError> {
    let Some((fen, moves)) = rest.split_first() else {
        return Err(CliError::input(
            "perft --perftree needs <depth> <fen> [moves]",
        ));
    };
    let board = Board::from_fen_lax(fen).map_err(CliError::input)?;
    let board = board
        .play_uci_moves(split_moves(moves))
        .map_err(CliError::input)?;
    let counts = divide(scheme, &board, depth, threads, table);
    let total = total(depth, &counts);
    let mut out = BufWriter::new(crate::io::output::stdout());
    let write = |out: &mut BufWriter<_>| -> std::io::Result<()> {
        for (uci, n) in sorted(&board, &counts) {
            writeln!(out, "{uci} {n}")?;
        }
        writeln!(out)?;
        writeln!(out, "{total}")?;
        out.flush()
    };
    write(&mut out).map_err(crate::io::output::stdout_failed)
}
