//! `sliders perft`: leaf counts of the legal move tree, suites of them, and the
//! perftree debugging protocol.
//!
//! - `sliders perft <depth> [--fen FEN] [--moves m1 m2 ...] [--threads N] [--hash MB]`
//!   prints Stockfish's divide format on stdout (`<move>: <count>` per root move, a
//!   blank line, `Nodes searched: <total>`) and the speed on stderr.
//! - `sliders perft --epd FILE [--max-depth D] [--max-nodes N] [--threads N]` checks a
//!   suite of `FEN ;D1 n ;D2 n` lines: `passed N, failed M, skipped K`, then each
//!   failure; exit status 1 on any failure.
//! - `sliders perft --perftree <depth> <fen> [moves]`: `<move> <count>` lines, a blank
//!   line and the total, as the perftree tool expects.

mod compare;
pub mod counting;
mod perftree;
mod stats;
pub mod units;

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use sliders_core::schemes::SchemeId;
use sliders_movegen::{Board, Epd, Move, PerftTable};

use crate::io::error::CliError;
use crate::io::parse;
use counting::{
    beyond_reason, count_json, divide, estimate, hash_table, sorted, split_moves, total,
    warn_if_beyond_reason,
};

/// Arguments of `sliders perft`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PerftArgs {
    /// Work units for deep perft on a cluster: split, run, merge.
    #[command(subcommand)]
    unit: Option<units::UnitCommand>,

    /// The depth in plies (not needed with --epd), 0 to 24.
    #[arg(value_parser = parse::depth)]
    depth: Option<u32>,

    /// With --perftree: the FEN, then the moves (one argument, space-separated, may be empty).
    #[arg(value_name = "FEN_AND_MOVES", requires = "perftree")]
    perftree_args: Vec<String>,

    /// The position (standard, Shredder or X-FEN castling); the start position by default.
    #[arg(long, conflicts_with_all = ["epd", "perftree"])]
    fen: Option<String>,

    /// Moves to play from the position first, in UCI notation.
    #[arg(long, num_args = 1.., conflicts_with_all = ["epd", "perftree"])]
    moves: Vec<String>,

    /// The slider scheme: `auto` (the run-time choice, honouring SLIDERS_SCHEME) or a
    /// name from `sliders schemes`.
    #[arg(long, default_value = "auto")]
    scheme: String,

    /// Threads for the count (0: one per core), at most 1024.
    #[arg(long, default_value_t = 1, value_parser = parse::threads)]
    threads: usize,

    /// Perft transposition table size in MB (0: none), at most 1048576 (1 TiB); with
    /// --epd, one table shared by the threads.
    #[arg(long, default_value_t = 0, value_parser = parse::hash_mb)]
    hash: usize,

    /// Check a suite of `FEN ;D1 n ;D2 n ...` lines.
    #[arg(long, value_name = "FILE", conflicts_with = "perftree")]
    epd: Option<PathBuf>,

    /// With --epd: check no depth above this.
    #[arg(long, requires = "epd", value_parser = parse::any_u32)]
    max_depth: Option<u32>,

    /// With --epd: skip (and count as skipped) a depth whose expected count exceeds this.
    #[arg(long, requires = "epd", value_parser = parse::any_u64)]
    max_nodes: Option<u64>,

    /// Speak the perftree protocol: `perft --perftree <depth> <fen> [moves]`.
    #[arg(long)]
    perftree: bool,

    /// Compare with a move generator that speaks the perftree protocol (the command is
    /// run as `<command> <depth> "<fen>" "<moves>"`), walking down the first differing
    /// move to where the move lists differ. Exit 0: all agree; 1: a difference; 2: the
    /// command failed or printed something unparsable.
    #[arg(long, value_name = "COMMAND", conflicts_with_all = ["epd", "perftree"])]
    compare: Option<String>,

    /// With --compare: how long the other generator may take for one call before it is
    /// killed (exit status 2): `90s`, `10m`, `1h` (at most a year).
    #[arg(long, default_value = "1h", value_parser = parse::duration, requires = "compare")]
    compare_timeout: std::time::Duration,

    /// Print perft(1) to perft(<depth>), each with its time, instead of the divide.
    #[arg(long, conflicts_with_all = ["epd", "perftree", "compare"])]
    depths: bool,

    /// Print the chessprogramming wiki's perft table columns for depths 1 to <depth>:
    /// `depth nodes captures ep castles promotions checks discovered double checkmates`.
    #[arg(long, conflicts_with_all = ["epd", "perftree", "compare", "depths"])]
    stats: bool,

    /// Write the result as one JSON object on stdout (the divide or the depths, or the
    /// suite's tally with --epd), the speed included.
    #[arg(long, conflicts_with_all = ["perftree", "compare"])]
    json: bool,
}

pub fn run(mut args: PerftArgs) -> Result<(), CliError> {
    // Report a bad --scheme or SLIDERS_SCHEME instead of silently ignoring it.
    let scheme = crate::io::parse::scheme(&args.scheme)?;
    if let Some(command) = args.unit.take() {
        return units::run(command);
    }
    args.threads = counting::threads(args.threads);
    if let Some(path) = &args.epd {
        if args.depth.is_some() {
            return Err(CliError::input(
                "perft --epd takes no depth (use --max-depth)",
            ));
        }
        return run_epd(path, &args, scheme);
    }
    let Some(depth) = args.depth else {
        return Err(CliError::input(
            "perft needs a depth (or --epd FILE, or --perftree <depth> <fen> [moves])",
        ));
    };
    if args.perftree {
        let table = hash_table(args.hash)?;
        return run_perftree(
            scheme,
            depth,
            &args.perftree_args,
            args.threads,
            table.as_ref(),
        );
    }
    let root = match &args.fen {
        Some(fen) => Board::from_fen_lax(fen).map_err(CliError::input)?,
        None => Board::startpos(),
    };
    let moves = split_moves(&args.moves);
    let board = root.play_uci_moves(&moves).map_err(CliError::input)?;

    if depth > 8 {
        warn_if_beyond_reason(
            &format!("perft({depth})"),
            estimate(&board, depth),
            args.threads,
        );
    }
    let table = hash_table(args.hash)?;
    if let Some(command) = &args.compare {
        let counting = compare::Counting {
            scheme,
            threads: args.threads,
            table: table.as_ref(),
            timeout: args.compare_timeout,
        };
        let agreed = compare::compare(command, depth, &root, moves, &counting)?;
        return if agreed {
            Ok(())
        } else {
            Err(CliError {
                code: 1,
                message: "perft --compare: the move generators differ (above)".into(),
            })
        };
    }
    if args.depths {
        return run_depths(&board, depth, &args, scheme, table.as_ref());
    }
    if args.stats {
        return run_stats(&board, depth, &args);
    }
    let start = Instant::now();
    // A long count on a terminal shows its progress, root move by root move.
    let counts = if depth >= PROGRESS_DEPTH && crate::io::output::stderr_is_terminal() {
        divide_showing_progress(scheme, &board, depth, args.threads, table.as_ref())
    } else {
        divide(scheme, &board, depth, args.threads, table.as_ref())
    };
    let seconds = start.elapsed().as_secs_f64();
    let total = total(depth, &counts);
    let mnps = total as f64 / seconds.max(1e-9) / 1e6;

    let mut out = BufWriter::new(crate::io::output::stdout());
    let write = |out: &mut BufWriter<_>| -> std::io::Result<()> {
        if args.json {
            let divide: serde_json::Map<String, serde_json::Value> = sorted(&board, &counts)
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
                "threads": args.threads,
                "hash_mb": args.hash,
            });
            writeln!(out, "{value}")?;
        } else {
            for (uci, n) in sorted(&board, &counts) {
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
        scheme,
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// `perft --stats`: the wiki table's columns per depth, as text lines or JSON.
fn run_stats(board: &Board, depth: u32, args: &PerftArgs) -> Result<(), CliError> {
    let rows = stats::stats(board, depth, args.threads).map_err(CliError::input)?;
    let mut out = BufWriter::new(crate::io::output::stdout());
    let io = crate::io::output::stdout_failed;
    if args.json {
        let rows: Vec<serde_json::Value> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let mut object = serde_json::Map::new();
                object.insert("depth".into(), (i + 1).into());
                for (name, value) in stats::HEADER[1..].iter().zip(row.values()) {
                    object.insert((*name).into(), value.into());
                }
                serde_json::Value::Object(object)
            })
            .collect();
        let value = serde_json::json!({"fen": board.to_fen(), "stats": rows});
        writeln!(out, "{value}").map_err(io)?;
    } else {
        writeln!(out, "{}", stats::HEADER.join(" ")).map_err(io)?;
        for (i, row) in rows.iter().enumerate() {
            let values: Vec<String> = row.values().iter().map(u64::to_string).collect();
            writeln!(out, "{} {}", i + 1, values.join(" ")).map_err(io)?;
        }
    }
    out.flush().map_err(io)
}

/// `perft --depths`: perft(1) to perft(depth), each timed; `depth nodes seconds` lines
/// under a header, or JSON.
fn run_depths(
    board: &Board,
    depth: u32,
    args: &PerftArgs,
    scheme: sliders_core::schemes::SchemeId,
    table: Option<&PerftTable>,
) -> Result<(), CliError> {
    let mut rows = Vec::new();
    let mut out = BufWriter::new(crate::io::output::stdout());
    let io = crate::io::output::stdout_failed;
    if !args.json {
        writeln!(out, "depth nodes seconds").map_err(io)?;
    }
    for d in 1..=depth {
        let start = Instant::now();
        let nodes = total(d, &divide(scheme, board, d, args.threads, table));
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            rows.push(
                serde_json::json!({"depth": d, "nodes": count_json(nodes), "seconds": seconds}),
            );
        } else {
            writeln!(out, "{d} {nodes} {seconds:.3}")
                .and_then(|()| out.flush())
                .map_err(io)?;
        }
    }
    if args.json {
        let value = serde_json::json!({
            "fen": board.to_fen(),
            "depths": rows,
            "scheme": scheme.name(),
            "threads": args.threads,
            "hash_mb": args.hash,
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
    scheme: SchemeId,
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

fn run_perftree(
    scheme: SchemeId,
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

/// One line of a suite.
struct SuiteLine {
    number: usize,
    fen: String,
    board: Board,
    depths: Vec<(u32, u128)>,
}

/// Reads EPD lines with `D<depth> <count>` operations (`FEN ;D1 n ;D2 n` perft suites,
/// or four fields with `D1 n; id "..";`); other operations are read and ignored, blank
/// lines and `#` comments skipped.
fn parse_suite(text: &str, path: &str) -> Result<Vec<SuiteLine>, CliError> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let bad = |why: String| CliError::input(format!("{path}:{number}: {why}"));
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let epd = Epd::parse_lax(line).map_err(|e| bad(e.to_string()))?;
        let depths = epd.perft_counts().map_err(|e| bad(e.to_string()))?;
        if depths.is_empty() {
            return Err(bad(
                "no `D<depth> <count>` operation after the position".to_owned()
            ));
        }
        lines.push(SuiteLine {
            number,
            fen: epd.board.to_fen(),
            board: epd.board,
            depths,
        });
    }
    Ok(lines)
}

fn run_epd(
    path: &std::path::Path,
    args: &PerftArgs,
    scheme: sliders_core::schemes::SchemeId,
) -> Result<(), CliError> {
    let shown = path.display().to_string();
    let text = crate::io::input::read_file(path)?;
    let suite = parse_suite(&text, &shown)?;
    let max_depth = args.max_depth.unwrap_or(u32::MAX);
    let max_nodes = args.max_nodes.map_or(u128::MAX, u128::from);
    let wanted = |d: u32, n: u128| d <= max_depth && n <= max_nodes;

    // Progress is measured in expected nodes (plus one per check), so the ETA holds
    // when a few deep counts dominate.
    let weight = |n: u128| u64::try_from(n).unwrap_or(u64::MAX).saturating_add(1);
    let planned = suite
        .iter()
        .flat_map(|l| &l.depths)
        .filter(|&&(d, n)| wanted(d, n));
    let checks = planned.clone().count();
    let work = planned.fold(0u64, |sum, &(_, n)| sum.saturating_add(weight(n)));
    let bar = if crate::io::output::stderr_is_terminal() {
        let bar = indicatif::ProgressBar::new(work);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {percent}% of nodes, {elapsed_precise} (eta {eta}) {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };

    // The checks run in parallel across positions, each on one thread, in a pool of
    // --threads threads sharing the --hash table; results keep the suite's order.
    let skipped = suite
        .iter()
        .flat_map(|l| &l.depths)
        .filter(|&&(d, n)| !wanted(d, n))
        .count() as u64;
    let planned: Vec<(&SuiteLine, u32, u128)> = suite
        .iter()
        .flat_map(|l| l.depths.iter().map(move |&(d, n)| (l, d, n)))
        .filter(|&(_, d, n)| wanted(d, n))
        .collect();
    // A depth past the command line's bound is refused as there when our estimate of
    // it is beyond reason (a count that would not end: `D99` from the start); a deep
    // line over a locked position (`D32 1`) counts at once and runs. --max-depth skips
    // either.
    if let Some(&(line, depth, _)) = planned.iter().find(|&&(l, d, _)| {
        d > crate::io::parse::bounds::MAX_DEPTH && beyond_reason(estimate(&l.board, d), 1)
    }) {
        return Err(CliError::input(format!(
            "{shown}:{}: D{depth}: depth out of range 0..={} for this position (about {:.1e} nodes; skip such lines with --max-depth)",
            line.number,
            crate::io::parse::bounds::MAX_DEPTH,
            estimate(&line.board, depth)
        )));
    }
    // A depth the file asks for may still be far beyond reason (`D20`), whatever count
    // it claims: warn with our own estimate (each position counts on one thread).
    for &(line, depth, expected) in &planned {
        if depth > 8 {
            let nodes = estimate(&line.board, depth).max(expected as f64);
            warn_if_beyond_reason(&format!("{shown}:{}: D{depth}", line.number), nodes, 1);
        }
    }
    let table = hash_table(args.hash)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| CliError::input(format!("thread pool: {e}")))?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    let counted: Vec<u128> = pool.install(|| {
        use rayon::prelude::*;
        planned
            .par_iter()
            .map(|&(line, depth, expected)| {
                let got = total(
                    depth,
                    &divide(scheme, &line.board, depth, 1, table.as_ref()),
                );
                let done = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                let failed = failed.fetch_add(
                    usize::from(got != expected),
                    std::sync::atomic::Ordering::Relaxed,
                ) + usize::from(got != expected);
                bar.set_message(format!("{done}/{checks} checks, {failed} failed"));
                bar.inc(weight(expected));
                got
            })
            .collect()
    });
    let nodes: u128 = counted.iter().sum();
    let mut passed = 0u64;
    let mut failures = Vec::new();
    for (&(line, depth, expected), &got) in planned.iter().zip(&counted) {
        if got == expected {
            passed += 1;
        } else {
            // Our divide of the failing position, to compare with another generator's.
            let divide = sorted(&line.board, &divide(scheme, &line.board, depth, 1, None));
            failures.push((line.number, line.fen.clone(), depth, expected, got, divide));
        }
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();

    let mut out = BufWriter::new(crate::io::output::stdout());
    let write = |out: &mut BufWriter<_>| -> std::io::Result<()> {
        if args.json {
            let failed: Vec<serde_json::Value> = failures
                .iter()
                .map(|(number, fen, depth, expected, got, divide)| {
                    let divide: serde_json::Map<String, serde_json::Value> = divide
                        .iter()
                        .map(|(uci, n)| (uci.clone(), count_json(*n)))
                        .collect();
                    serde_json::json!({
                        "line": number,
                        "fen": fen,
                        "depth": depth,
                        "expected": count_json(*expected),
                        "got": count_json(*got),
                        "divide": divide,
                    })
                })
                .collect();
            let value = serde_json::json!({
                "passed": passed,
                "failed": failures.len(),
                "skipped": skipped,
                "failures": failed,
                "nodes": count_json(nodes),
                "seconds": seconds,
                "mnps": nodes as f64 / seconds.max(1e-9) / 1e6,
                "scheme": scheme.name(),
                "threads": args.threads,
            });
            writeln!(out, "{value}")?;
        } else {
            writeln!(
                out,
                "passed {passed}, failed {}, skipped {skipped}",
                failures.len()
            )?;
            for (number, fen, depth, expected, got, divide) in &failures {
                writeln!(
                    out,
                    "FAIL line {number}: {fen} depth {depth}: expected {expected}, got {got}"
                )?;
                for (uci, n) in divide {
                    writeln!(out, "  {uci}: {n}")?;
                }
            }
        }
        out.flush()
    };
    write(&mut out).map_err(crate::io::output::stdout_failed)?;
    crate::io::output::noteln!(
        "{nodes} nodes in {seconds:.3} s, {:.1} Mnps",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(CliError {
            code: 1,
            message: format!(
                "{} of {} checks failed",
                failures.len(),
                passed + failures.len() as u64
            ),
        })
    }
}
