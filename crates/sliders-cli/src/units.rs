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
//! The units file is JSON lines: a header `{"root": FEN, "moves": [...], "depth": d,
//! "at": k, "units": n, "positions": p}` (the root as given, the moves played from it
//! first, `p` the leaves at ply `k` after them, the sum of the multiplicities), then `{"id": i, "fen": FEN, "depth": d - k, "multiplicity": m}` per
//! unit, ids from 0 in the order of their position keys. Counts are JSON numbers while
//! they fit in 64 bits, decimal strings past that; both are read.

use std::collections::{BTreeMap, HashMap};
use std::fs::OpenOptions;
use std::io::{BufWriter, IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};
use sliders_movegen::{divide_parallel, perft, Board};

use crate::error::CliError;
use crate::perft::count_json;

/// The work-unit subcommands of `sliders perft`.
#[derive(clap::Subcommand)]
pub enum UnitCommand {
    /// Split perft(<depth>) into the distinct positions after --at plies (JSON lines).
    Split {
        /// The total depth in plies.
        depth: u32,
        /// Split after this many plies (the units count depth - at).
        #[arg(long)]
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
    /// Count one shard's units, appending `{"id": i, "nodes": n}` lines to --out; a unit
    /// already in --out is skipped, so a killed run continues where it stopped.
    Run {
        /// The units file `perft split` wrote.
        units: PathBuf,
        /// This shard and the shard count, `I/N` with 0 <= I < N. Default:
        /// SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT.
        #[arg(long)]
        shard: Option<String>,
        /// Perft transposition table size in MB (0: none), kept across the shard's units.
        #[arg(long, default_value_t = 0)]
        hash: usize,
        /// Threads per unit (0: one per core).
        #[arg(long, default_value_t = 1)]
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
        Some(fen) => Board::from_fen(fen).map_err(CliError::input)?,
        None => Board::startpos(),
    };
    let moves = crate::perft::split_moves(moves);
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
    let mut text = String::new();
    let header = json!({
        "root": start.to_fen(),
        "moves": moves,
        "depth": depth,
        "at": at,
        "units": level.len(),
        "positions": count_json(positions),
    });
    text.push_str(&header.to_string());
    text.push('\n');
    for (id, (board, multiplicity)) in level.values().enumerate() {
        let unit = json!({
            "id": id,
            "fen": board.to_fen(),
            "depth": depth - at,
            "multiplicity": count_json(*multiplicity),
        });
        text.push_str(&unit.to_string());
        text.push('\n');
    }
    eprintln!(
        "perft({depth}) split at ply {at}: {} units for {positions} positions",
        level.len()
    );
    match out {
        Some(path) => sliders_search::write_atomic(path, text.as_bytes())
            .map_err(|e| CliError::io(&format!("writing {}", path.display()), e)),
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| CliError::io("writing stdout", e)),
    }
}

/// One work unit.
#[derive(Clone, Debug)]
struct Unit {
    id: usize,
    fen: String,
    depth: u32,
    multiplicity: u128,
}

/// The units file: the header and the units, ids 0..n in order.
struct Units {
    header: Value,
    units: Vec<Unit>,
}

/// A non-negative integer written as a JSON number or a decimal string.
fn integer(value: &Value) -> Option<u128> {
    match value {
        Value::Number(n) => n.as_u64().map(u128::from),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn read_units(path: &Path) -> Result<Units, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::io(&format!("reading {}", path.display()), e))?;
    let bad = |line: usize, what: String| {
        CliError::input(format!("{}: line {line}: {what}", path.display()))
    };
    let mut lines = text.lines().enumerate();
    let header: Value = match lines.next() {
        Some((_, line)) => {
            serde_json::from_str(line).map_err(|e| bad(1, format!("not a JSON header: {e}")))?
        }
        None => return Err(bad(1, "empty file: no header".into())),
    };
    let declared = header
        .get("units")
        .and_then(Value::as_u64)
        .ok_or_else(|| bad(1, "the header has no \"units\" count".into()))?;
    let mut units = Vec::new();
    for (index, line) in lines {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(line).map_err(|e| bad(number, format!("not JSON: {e}")))?;
        let field = |name: &str| {
            value
                .get(name)
                .ok_or_else(|| bad(number, format!("no \"{name}\"")))
        };
        let id = field("id")?
            .as_u64()
            .ok_or_else(|| bad(number, "\"id\" is not a whole number".into()))?
            as usize;
        if id != units.len() {
            return Err(bad(
                number,
                format!("id {id} out of order (expected {})", units.len()),
            ));
        }
        let fen = field("fen")?
            .as_str()
            .ok_or_else(|| bad(number, "\"fen\" is not a string".into()))?
            .to_owned();
        Board::from_fen(&fen).map_err(|e| bad(number, format!("bad FEN: {e}")))?;
        let depth = field("depth")?
            .as_u64()
            .and_then(|d| u32::try_from(d).ok())
            .ok_or_else(|| bad(number, "\"depth\" is not a whole number".into()))?;
        let multiplicity = integer(field("multiplicity")?)
            .ok_or_else(|| bad(number, "\"multiplicity\" is not a whole number".into()))?;
        units.push(Unit {
            id,
            fen,
            depth,
            multiplicity,
        });
    }
    if units.len() as u64 != declared {
        return Err(bad(
            1,
            format!(
                "the header declares {declared} units, the file has {}",
                units.len()
            ),
        ));
    }
    Ok(Units { header, units })
}

/// `I/N` from `--shard`, else from Slurm's array variables when both are set, else
/// `None` (no sharding).
pub fn shard_or_slurm(shard: Option<&str>) -> Result<Option<(usize, usize)>, CliError> {
    let slurm = std::env::var_os("SLURM_ARRAY_TASK_ID").is_some()
        && std::env::var_os("SLURM_ARRAY_TASK_COUNT").is_some();
    if shard.is_none() && !slurm {
        return Ok(None);
    }
    parse_shard(shard).map(Some)
}

/// `I/N` from `--shard`, else from Slurm's array variables.
fn parse_shard(shard: Option<&str>) -> Result<(usize, usize), CliError> {
    let (text, source) = match shard {
        Some(text) => (text.to_owned(), "--shard"),
        None => {
            let id = std::env::var("SLURM_ARRAY_TASK_ID");
            let count = std::env::var("SLURM_ARRAY_TASK_COUNT");
            match (id, count) {
                (Ok(id), Ok(count)) => (format!("{id}/{count}"), "SLURM_ARRAY_TASK_ID/COUNT"),
                _ => {
                    return Err(CliError::input(
                        "no --shard I/N, and SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not both set",
                    ))
                }
            }
        }
    };
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((i, n)) if n > 0 && i < n => Ok((i, n)),
        _ => Err(CliError::input(format!(
            "{source} {text:?}: expected I/N with 0 <= I < N"
        ))),
    }
}

/// Which shard counts each unit: longest estimated units first, each to the shard with
/// the least estimated work so far (ties: the lower shard, then the lower id). Every
/// shard computes the same assignment from the same file.
fn assign(units: &[Unit], shards: usize) -> Vec<usize> {
    let estimates: Vec<u128> = units
        .iter()
        .map(|unit| {
            let board = Board::from_fen(&unit.fen).expect("checked when read");
            perft(&board, unit.depth.min(2)).max(1)
        })
        .collect();
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| estimates[b].cmp(&estimates[a]).then(a.cmp(&b)));
    let mut load = vec![0u128; shards];
    let mut owner = vec![0; units.len()];
    for id in order {
        let shard = (0..shards).min_by_key(|&s| (load[s], s)).unwrap_or(0);
        load[shard] += estimates[id];
        owner[id] = shard;
    }
    owner
}

/// The results already in `path`, as id -> nodes. A last line without its newline (the
/// run was killed while writing it) is cut off, so appending continues cleanly.
fn read_results(path: &Path, truncate_partial: bool) -> Result<Vec<(usize, u128)>, CliError> {
    let mut file = match OpenOptions::new()
        .read(true)
        .write(truncate_partial)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && truncate_partial => {
            return Ok(Vec::new())
        }
        Err(e) => return Err(CliError::io(&format!("reading {}", path.display()), e)),
    };
    let mut text = String::new();
    file.read_to_string(&mut text)
        .map_err(|e| CliError::io(&format!("reading {}", path.display()), e))?;
    let complete = match text.rfind('\n') {
        Some(end) => end + 1,
        None => 0,
    };
    if complete < text.len() {
        eprintln!(
            "{}: ignoring an unfinished last line ({} bytes)",
            path.display(),
            text.len() - complete
        );
        if truncate_partial {
            file.set_len(complete as u64)
                .and_then(|()| file.seek(SeekFrom::End(0)).map(|_| ()))
                .map_err(|e| CliError::io(&format!("truncating {}", path.display()), e))?;
        }
    }
    let mut out = Vec::new();
    for (index, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad =
            |what: &str| CliError::input(format!("{}: line {}: {what}", path.display(), index + 1));
        let value: Value =
            serde_json::from_str(line).map_err(|e| bad(&format!("not JSON: {e}")))?;
        let id = value
            .get("id")
            .and_then(Value::as_u64)
            .ok_or_else(|| bad("no whole-number \"id\""))? as usize;
        let nodes = value
            .get("nodes")
            .and_then(integer)
            .ok_or_else(|| bad("no whole-number \"nodes\""))?;
        out.push((id, nodes));
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
    let (shard, shards) = parse_shard(shard)?;
    let threads = crate::perft::threads(threads)?;
    let Units { units, .. } = read_units(units_path)?;
    let owner = assign(&units, shards);
    let done: HashMap<usize, u128> = read_results(out, true)?.into_iter().collect();
    if let Some(&id) = done.keys().find(|&&id| id >= units.len()) {
        return Err(CliError::input(format!(
            "{}: unit {id} is not in {} ({} units): another split's results?",
            out.display(),
            units_path.display(),
            units.len()
        )));
    }
    let mine: Vec<&Unit> = units.iter().filter(|u| owner[u.id] == shard).collect();
    let todo: Vec<&Unit> = mine
        .iter()
        .copied()
        .filter(|u| !done.contains_key(&u.id))
        .collect();
    eprintln!(
        "shard {shard}/{shards}: {} of {} units, {} already in {}",
        mine.len(),
        units.len(),
        mine.len() - todo.len(),
        out.display()
    );
    let table = crate::perft::hash_table(hash)?;
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| CliError::io(&format!("opening {}", out.display()), e))?;
    let mut file = BufWriter::new(file);
    let start = Instant::now();
    let progress = std::io::stderr().is_terminal();
    for (k, unit) in todo.iter().enumerate() {
        let board = Board::from_fen(&unit.fen).expect("checked when read");
        let nodes: u128 = if unit.depth == 0 {
            1
        } else {
            divide_parallel(&board, unit.depth, threads, table.as_ref())
                .iter()
                .map(|&(_, n)| n)
                .sum()
        };
        let line = json!({"id": unit.id, "nodes": count_json(nodes)});
        writeln!(file, "{line}")
            .and_then(|()| file.flush())
            .map_err(|e| CliError::io(&format!("writing {}", out.display()), e))?;
        if progress {
            eprint!(
                "\r{} of {} units, {:.1} s",
                k + 1,
                todo.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    if progress {
        eprintln!();
    }
    eprintln!(
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

fn merge(units_path: &Path, results: &[PathBuf], json_out: bool) -> Result<(), CliError> {
    let Units { header, units } = read_units(units_path)?;
    let mut nodes: Vec<Option<u128>> = vec![None; units.len()];
    let mut conflicting = Vec::new();
    let mut unknown = Vec::new();
    for path in results {
        for (id, n) in read_results(path, false)? {
            match nodes.get_mut(id) {
                None => unknown.push(id),
                Some(slot @ None) => *slot = Some(n),
                Some(Some(seen)) if *seen == n => {}
                Some(Some(_)) => conflicting.push(id),
            }
        }
    }
    let missing: Vec<usize> = (0..units.len()).filter(|&id| nodes[id].is_none()).collect();
    conflicting.sort_unstable();
    conflicting.dedup();
    unknown.sort_unstable();
    unknown.dedup();
    if !(missing.is_empty() && conflicting.is_empty() && unknown.is_empty()) {
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("missing results for units {}", id_list(&missing)));
        }
        if !conflicting.is_empty() {
            problems.push(format!(
                "conflicting results for units {}",
                id_list(&conflicting)
            ));
        }
        if !unknown.is_empty() {
            problems.push(format!(
                "results for unknown units {} (the units file has ids 0 to {})",
                id_list(&unknown),
                units.len().saturating_sub(1)
            ));
        }
        return Err(CliError {
            code: 1,
            message: format!("{}: {}", units_path.display(), problems.join("; ")),
        });
    }
    let total: u128 = units
        .iter()
        .map(|u| nodes[u.id].unwrap_or(0) * u.multiplicity)
        .sum();
    let mut out = std::io::stdout().lock();
    let written = if json_out {
        let value = json!({
            "root": header.get("root"),
            "moves": header.get("moves"),
            "depth": header.get("depth"),
            "units": units.len(),
            "nodes": count_json(total),
        });
        writeln!(out, "{value}")
    } else {
        writeln!(out, "Nodes searched: {total}")
    };
    written.map_err(|e| CliError::io("writing stdout", e))
}
