//! `sliders perft --epd FILE`: a suite of `FEN ;D1 n ;D2 n` lines checked, with node
//! and depth bounds so that CI can run thousands of positions.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use sliders_movegen::{Board, Epd};

use super::counting::{
    beyond_reason, count_json, divide, estimate, hash_table, sorted, total, warn_if_beyond_reason,
};
use super::Settings;
use crate::io::error::CliError;

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

/// `perft --epd FILE`: every line's depths within the bounds, `passed N, failed M,
/// skipped K` and each failure (exit 1 on any), or the tally as JSON.
pub(super) fn run(
    path: &Path,
    max_depth: Option<u32>,
    max_nodes: Option<u64>,
    how: &Settings,
) -> Result<(), CliError> {
    let scheme = how.scheme;
    let shown = path.display().to_string();
    let text = crate::io::input::read_file(path)?;
    let suite = parse_suite(&text, &shown)?;
    let max_depth = max_depth.unwrap_or(u32::MAX);
    let max_nodes = max_nodes.map_or(u128::MAX, u128::from);
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
    let table = hash_table(how.hash)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(how.threads)
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
        if how.json {
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
                "threads": how.threads,
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
