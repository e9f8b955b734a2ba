//! `sliders perft split|run|merge`: deep perft as deterministic work units that any batch
//! scheduler can run (issue 13).
//!
//! - `split` lists the distinct positions after `k` plies, each once with its
//!   multiplicity (transpositions merged by position: placement, side to move, castling
//!   rights and en-passant square; the move clocks do not change a perft count);
//! - `run` counts one shard's units and appends `{"id": i, "nodes": n}` lines as it
//!   goes; run again with the same `--out`, it skips the units already there;
//! - `merge` checks that every unit has exactly one agreed result and prints the total,
//!   the sum of `nodes * multiplicity`.
//!
//! The file formats (the units' identity, which every result line repeats) are
//! [`sliders_cli::work_units`]'s.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::fs::OpenOptions;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::json;
use sliders_cli::work_units::{
    count_json, parse_result_line, parse_units, result_line, write_units, Unit, Units,
};
use sliders_movegen::{divide_parallel, perft, Board};

use crate::commands::perft::counting::{estimate, split_moves, warn_if_beyond_reason};
use crate::io::error::CliError;
use crate::io::parse;

/// The work-unit subcommands of `sliders perft`.
#[derive(clap::Subcommand)]
pub enum UnitCommand {
    /// Split perft(<depth>) into the distinct positions after --at plies (JSON lines).
    Split {
        /// The total depth in plies, 0 to 24.
        #[arg(value_parser = parse::depth)]
        depth: u32,
        /// Split after this many plies (the units count depth - at), 0 to 8.
        #[arg(long, value_parser = parse::split_at)]
        at: u32,
        /// The root position (standard, Shredder or X-FEN castling); the start position
        /// by default.
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from the root first, in UCI notation.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Write the units here (atomically) instead of stdout.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Count one shard's units, appending `{"split": ID, "id": i, "nodes": n}` lines to
    /// --out; a unit already in --out is skipped, so a killed run continues where it
    /// stopped; results of another split there are refused (exit 1).
    Run {
        /// The units file `perft split` wrote.
        units: PathBuf,
        /// This shard and the shard count, `I/N` with 0 <= I < N <= 4000001. Default:
        /// SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT.
        #[arg(long)]
        shard: Option<String>,
        /// Perft transposition table size in MB (0: none, at most 1048576), kept across
        /// the shard's units.
        #[arg(long, default_value_t = 0, value_parser = parse::hash_mb)]
        hash: usize,
        /// Threads per unit (0: one per core), at most 1024.
        #[arg(long, default_value_t = 1, value_parser = parse::threads)]
        threads: usize,
        /// The results file (appended to, created if missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// Check the results of every shard against the units and print the total as
    /// `Nodes searched: N`; exit 1 naming missing, conflicting or unknown ids.
    Merge {
        /// The units file.
        units: PathBuf,
        /// The results files of the shards.
        #[arg(required = true)]
        results: Vec<PathBuf>,
        /// Print the total as a JSON object instead.
        #[arg(long)]
        json: bool,
    },
}

/// Runs one of the subcommands.
pub fn run(command: UnitCommand) -> Result<(), CliError> {
    match command {
        UnitCommand::Split {
            depth,
            at,
            fen,
            moves,
            out,
        } => split(depth, at, fen.as_deref(), &moves, out.as_deref()),
        UnitCommand::Run {
            units,
            shard,
            hash,
            threads,
            out,
        } => run_shard(&units, shard.as_deref(), hash, threads, &out),
        UnitCommand::Merge {
            units,
            results,
            json,
        } => merge(&units, &results, json),
    }
}

/// The part of a FEN that decides a perft count: placement, side to move, castling
/// rights, en-passant square (not the clocks).
fn position_key(board: &Board) -> String {
    let fen = board.to_fen();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn split(
    depth: u32,
    at: u32,
    fen: Option<&str>,
    moves: &[String],
    out: Option<&Path>,
) -> Result<(), CliError> {
    if at > depth {
        return Err(CliError::input(format!(
            "--at {at} is deeper than the depth {depth}"
        )));
    }
    let root = match fen {
        Some(fen) => Board::from_fen_lax(fen).map_err(CliError::input)?,
        None => Board::startpos(),
    };
    let moves = split_moves(moves);
    let start = root;
    let root = root.play_uci_moves(&moves).map_err(CliError::input)?;
    // Position key -> (a board there, how many move sequences reach it).
    let mut level: BTreeMap<String, (Board, u128)> = BTreeMap::new();
    level.insert(position_key(&root), (root, 1));
    for _ in 0..at {
        let mut next: BTreeMap<String, (Board, u128)> = BTreeMap::new();
        for (board, count) in level.values() {
            for &mv in board.legal_moves().iter() {
                let child = board.after_unchecked(mv);
                next.entry(position_key(&child))
                    .or_insert_with(|| (child, 0))
                    .1 += count;
            }
        }
        level = next;
    }
    let positions: u128 = level.values().map(|(_, m)| m).sum();
    let units: Vec<(Board, u128)> = level.into_values().collect();
    let text = write_units(&start.to_fen(), &moves, depth, at, &units);
    crate::io::output::noteln!(
        "perft({depth}) split at ply {at}: {} units for {positions} positions",
        units.len()
    );
    crate::io::files::write_output(out, &text)
}

/// Which shard counts each unit: longest estimated units first, each to the shard with
/// the least estimated work so far (ties: the lower shard, then the lower id). Every
/// shard computes the same assignment from the same file. A heap of the shards that
/// have work, and one of those that have none yet, keeps this to O(units log shards)
/// time and O(min(units, shards)) memory, whatever the shard count.
fn assign(units: &[Unit], shards: usize) -> Vec<usize> {
    let estimates: Vec<u128> = units
        .iter()
        .map(|unit| perft(&unit.board, unit.depth.min(2)).max(1))
        .collect();
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| estimates[b].cmp(&estimates[a]).then(a.cmp(&b)));
    // Shards never given work have load 0, lower than any loaded shard (estimates are
    // at least 1), and are taken in order: the next one is `fresh`.
    let mut fresh = 0usize;
    let mut loaded: BinaryHeap<Reverse<(u128, usize)>> = BinaryHeap::new();
    let mut owner = vec![0; units.len()];
    for id in order {
        let (load, shard) = if fresh < shards {
            fresh += 1;
            (0, fresh - 1)
        } else {
            let Reverse(least) = loaded.pop().expect("every shard is loaded");
            least
        };
        loaded.push(Reverse((load + estimates[id], shard)));
        owner[id] = shard;
    }
    owner
}

/// A result read from a file: the unit, its count and where it was read.
struct Found {
    id: usize,
    nodes: u128,
    line: usize,
}

/// The results in `path` for the split `units`, with their lines. A last line without
/// its newline (the run was killed while writing it) is cut off, so appending continues
/// cleanly. A malformed line is exit status 2; a line of another split (or of none: from
/// before issue 21) is exit status 1, naming the file and the line.
fn read_results(
    path: &Path,
    units_path: &Path,
    units: &Units,
    truncate_partial: bool,
) -> Result<Vec<Found>, CliError> {
    // `perft run` appends its results to --out: the units file itself is refused by
    // name (it would be read as results and fail on its first line).
    if truncate_partial && crate::io::files::same_file(path, units_path) {
        return Err(CliError::input(format!(
            "--out {} is the units file: the results need a file of their own",
            path.display()
        )));
    }
    // `perft run` reads its --out back and appends to it: anything but a regular file
    // (a pipe, /dev/stdout, /dev/full) is refused, as reading it could never end.
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && truncate_partial => {
            return Ok(Vec::new())
        }
        Ok(meta) if truncate_partial && !meta.is_file() => {
            return Err(CliError::input(format!(
            "{}: not a regular file: --out is read back (to skip the units done) and appended to",
            path.display()
        )))
        }
        _ => {}
    }
    let mut file = if truncate_partial {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| CliError::input(format!("{}: cannot be read: {e}", path.display())))?
    } else {
        crate::io::input::open(path)?
    };
    let mut bytes = crate::io::input::read_bytes(&mut file, path, crate::io::input::MAX_WORK_FILE)?;
    let complete = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(end) => end + 1,
        None => 0,
    };
    if complete < bytes.len() {
        crate::io::output::noteln!(
            "{}: ignoring an unfinished last line ({} bytes)",
            path.display(),
            bytes.len() - complete
        );
        if truncate_partial {
            file.set_len(complete as u64)
                .and_then(|()| file.seek(SeekFrom::End(0)).map(|_| ()))
                .map_err(|e| CliError::io(&format!("truncating {}", path.display()), e))?;
        }
    }
    bytes.truncate(complete);
    let text = crate::io::input::text_of(bytes, &path.display().to_string())?;
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let result = parse_result_line(line).map_err(|what| {
            CliError::input(format!("{}: line {number}: {what}", path.display()))
        })?;
        let foreign = |why: String| CliError {
            code: 1,
            message: format!(
                "{}: line {number}: {why}; {} is split {}",
                path.display(),
                units_path.display(),
                units.identity
            ),
        };
        match &result.split {
            None => {
                return Err(foreign(
                    "a result without a \"split\" (written before results named their split): it cannot be tied to these units".into(),
                ))
            }
            Some(split) if *split != units.identity => {
                return Err(foreign(format!("a result of another split, {split}")))
            }
            Some(_) => {}
        }
        if result.id >= units.units.len() {
            return Err(foreign(format!(
                "unit {} is not among its {} units",
                result.id,
                units.units.len()
            )));
        }
        out.push(Found {
            id: result.id,
            nodes: result.nodes,
            line: number,
        });
    }
    Ok(out)
}

fn run_shard(
    units_path: &Path,
    shard: Option<&str>,
    hash: usize,
    threads: usize,
    out: &Path,
) -> Result<(), CliError> {
    let (shard, shards) = crate::io::shard::from_flag_or_slurm(shard)?;
    let threads = crate::commands::perft::counting::threads(threads);
    let units = read_units(units_path)?;
    let owner = assign(&units.units, shards);
    let done: HashMap<usize, u128> = read_results(out, units_path, &units, true)?
        .into_iter()
        .map(|f| (f.id, f.nodes))
        .collect();
    let mine: Vec<&Unit> = units
        .units
        .iter()
        .filter(|u| owner[u.id] == shard)
        .collect();
    let todo: Vec<&Unit> = mine
        .iter()
        .copied()
        .filter(|u| !done.contains_key(&u.id))
        .collect();
    crate::io::output::noteln!(
        "shard {shard}/{shards}: {} of {} units, {} already in {}",
        mine.len(),
        units.units.len(),
        mine.len() - todo.len(),
        out.display()
    );
    if units.depth - units.at > 6 {
        let nodes: f64 = todo.iter().map(|u| estimate(&u.board, u.depth)).sum();
        warn_if_beyond_reason(&format!("shard {shard}/{shards}"), nodes, threads);
    }
    let table = crate::commands::perft::counting::hash_table(hash)?;
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| CliError::io(&format!("opening {}", out.display()), e))?;
    let mut file = BufWriter::new(file);
    let start = Instant::now();
    let progress = crate::io::output::stderr_is_terminal();
    for (k, unit) in todo.iter().enumerate() {
        let nodes: u128 = if unit.depth == 0 {
            1
        } else {
            divide_parallel(&unit.board, unit.depth, threads, table.as_ref())
                .iter()
                .map(|&(_, n)| n)
                .sum()
        };
        let line = result_line(&units.identity, unit.id, nodes);
        writeln!(file, "{line}")
            .and_then(|()| file.flush())
            .map_err(|e| CliError::io(&format!("writing {}", out.display()), e))?;
        if progress {
            crate::io::output::note!(
                "\r{} of {} units, {:.1} s",
                k + 1,
                todo.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    if progress {
        crate::io::output::noteln!();
    }
    crate::io::output::noteln!(
        "shard {shard}/{shards}: counted {} units in {:.2} s",
        todo.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A list of ids for a message: all of them, or the first 20 and how many more.
fn id_list(ids: &[usize]) -> String {
    let shown: Vec<String> = ids.iter().take(20).map(usize::to_string).collect();
    if ids.len() > 20 {
        format!("{}, ... ({} in all)", shown.join(", "), ids.len())
    } else {
        shown.join(", ")
    }
}

/// The units file, read and checked ([`parse_units`]); a problem names the file and line.
fn read_units(path: &Path) -> Result<Units, CliError> {
    let text = crate::io::input::read_file_limited(path, crate::io::input::MAX_WORK_FILE)?;
    parse_units(&text).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

fn merge(units_path: &Path, results: &[PathBuf], json_out: bool) -> Result<(), CliError> {
    let units = read_units(units_path)?;
    let count = units.units.len();
    let mut nodes: Vec<Option<(u128, usize, usize)>> = vec![None; count];
    let mut conflicting = Vec::new();
    for (file, path) in results.iter().enumerate() {
        for found in read_results(path, units_path, &units, false)? {
            match &mut nodes[found.id] {
                slot @ None => *slot = Some((found.nodes, file, found.line)),
                Some((seen, _, _)) if *seen == found.nodes => {}
                Some((seen, first_file, first_line)) => conflicting.push(format!(
                    "unit {}: {} ({}: line {}) against {} ({}: line {})",
                    found.id,
                    seen,
                    results[*first_file].display(),
                    first_line,
                    found.nodes,
                    path.display(),
                    found.line
                )),
            }
        }
    }
    let missing: Vec<usize> = (0..count).filter(|&id| nodes[id].is_none()).collect();
    if !(missing.is_empty() && conflicting.is_empty()) {
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("missing results for units {}", id_list(&missing)));
        }
        if !conflicting.is_empty() {
            let shown: Vec<&str> = conflicting.iter().take(20).map(String::as_str).collect();
            problems.push(format!(
                "conflicting results: {}{}",
                shown.join("; "),
                if conflicting.len() > 20 {
                    format!(" ... ({} units in all)", conflicting.len())
                } else {
                    String::new()
                }
            ));
        }
        return Err(CliError {
            code: 1,
            message: format!("{}: {}", units_path.display(), problems.join("; ")),
        });
    }
    // Checked: a count times its multiplicity, or the sum, past 2^128 - 1 is refused,
    // never wrapped into a small total.
    let mut total: u128 = 0;
    for unit in &units.units {
        let (n, file, line) = nodes[unit.id].expect("none missing");
        total = n
            .checked_mul(unit.multiplicity)
            .and_then(|product| total.checked_add(product))
            .ok_or_else(|| CliError {
                code: 1,
                message: format!(
                    "{}: line {line}: unit {} brings the total past 2^128 - 1: not a perft count",
                    results[file].display(),
                    unit.id
                ),
            })?;
    }
    let mut out = crate::io::output::stdout();
    let written = if json_out {
        let value = json!({
            "root": units.root,
            "moves": units.moves,
            "depth": units.depth,
            "units": count,
            "nodes": count_json(total),
        });
        writeln!(out, "{value}")
    } else {
        writeln!(out, "Nodes searched: {total}")
    };
    written.map_err(crate::io::output::stdout_failed)
}
