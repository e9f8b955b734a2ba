//! `sliders bench`: every available scheme on the same pre-generated inputs, in one
//! process, in interleaved rounds; medians, spreads, ratios, the first-lookup latency of a
//! fresh process, JSON and an SVG chart.
//!
//! Honesty: inputs are generated before any timing. Each round runs every scheme once per
//! input set, starting from a different scheme each round, so drift in the machine's load
//! spreads over all schemes alike. Each occupancy passes through `black_box`, which keeps
//! the loop one lookup at a time as in a move generator (no vector gathers), and the XOR
//! of all answers is checked against the classical scheme's before anything is reported.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};
use sliders_core::schemes::{self, Classical, Scheme, SchemeId, WithScheme};
use sliders_core::{Bitboard, Square};
use sliders_movegen::{perft_by_id, perft_parallel, perft_with, Board, STARTPOS_FEN};

/// Kiwipete, the standard second perft position (chessprogramming wiki, Perft Results).
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

use crate::io::error::CliError;
use crate::io::parse;

/// Arguments of `sliders bench`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Comma-separated schemes to time (default: every available one).
    #[arg(long, value_delimiter = ',')]
    schemes: Option<Vec<String>>,
    /// (square, occupancy) pairs per input set; each pair is a rook and a bishop lookup.
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::io::parse::lookups)]
    lookups: usize,
    /// Timed rounds per scheme and input set (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = crate::io::parse::bench_rounds)]
    rounds: usize,
    /// Perft depth for the start position (Kiwipete runs one ply less); 0 skips perft.
    #[arg(long, default_value_t = 5, value_parser = crate::io::parse::bench_perft_depth)]
    perft: u32,
    /// Fresh processes spawned per scheme to time the first lookup (0 skips it).
    #[arg(long, default_value_t = 5, value_parser = crate::io::parse::rounds)]
    first_lookup_runs: usize,
    /// Write every figure as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Draw the scheme table as an SVG bar chart to this file.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Internal: time one lookup of this scheme in this fresh process and print the ns.
    #[arg(long, hide = true)]
    first_lookup_probe: Option<String>,
}

/// One named set of inputs.
struct Inputs {
    name: &'static str,
    what: &'static str,
    pairs: Vec<(Square, Bitboard)>,
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn random_inputs(count: usize) -> Vec<Inputs> {
    let mut rng = Rng(0x853c_49e6_748f_ea9b);
    let mut make = |name, what, density: &mut dyn FnMut(&mut Rng) -> u64| Inputs {
        name,
        what,
        pairs: (0..count)
            .map(|_| {
                let square = Square::index_wrapping(rng.next() as usize);
                (square, Bitboard(density(&mut rng)))
            })
            .collect(),
    };
    vec![
        make("sparse", "random, 1/8 of the squares occupied", &mut |r| {
            r.next() & r.next() & r.next()
        }),
        make("mid", "random, about 1/3 occupied", &mut |r| {
            (r.next() & r.next()) | (r.next() & r.next() & r.next())
        }),
        make("dense", "random, 5/8 occupied", &mut |r| {
            r.next() | (r.next() & r.next())
        }),
    ]
}

thread_local! {
    static RECORDED: std::cell::RefCell<Vec<(Square, Bitboard)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A scheme that answers like `classical` and records every (square, occupancy) the
/// move generator asks, up to the vector's capacity: the queries of real positions.
#[derive(Clone, Copy)]
struct Recorder;

impl Recorder {
    fn note(square: Square, occupied: Bitboard) {
        RECORDED.with(|r| {
            let mut r = r.borrow_mut();
            if r.len() < r.capacity() {
                r.push((square, occupied));
            }
        });
    }
}

impl Scheme for Recorder {
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        Recorder::note(square, occupied);
        Classical.rook_attacks(square, occupied)
    }

    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        Recorder::note(square, occupied);
        Classical.bishop_attacks(square, occupied)
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn name(&self) -> &'static str {
        "recorder"
    }
}

/// The slider queries of perft(4) from the start position and perft(3) from Kiwipete,
/// half each, in the order the generator asked them.
fn perft_stream(count: usize) -> Inputs {
    let mut pairs = Vec::with_capacity(count);
    // Half from each position, the start position taking the odd one: `--lookups 1`
    // is one pair, not none (which made every time per pair infinite).
    for (fen, depth, wanted) in [
        (STARTPOS_FEN, 4, count - count / 2),
        (KIWIPETE, 3, count / 2),
    ] {
        let board = Board::from_fen(fen).expect("the bench's FENs are valid");
        RECORDED.with(|r| *r.borrow_mut() = Vec::with_capacity(wanted));
        perft_with(Recorder, &board, depth);
        RECORDED.with(|r| {
            let mut r = r.borrow_mut();
            r.truncate(wanted);
            pairs.append(&mut r);
        });
    }
    Inputs {
        name: "perft",
        what: "queries met in perft(4) of the start position and perft(3) of Kiwipete",
        pairs,
    }
}

/// Median, min and max of some samples (ns per pair).
#[derive(Clone, Copy)]
struct Stats {
    median: f64,
    min: f64,
    max: f64,
}

/// `part / whole`, or `if_zero` when `whole` is 0 (a time below the clock's resolution):
/// never NaN or infinity in a table.
fn ratio(part: f64, whole: f64, if_zero: f64) -> f64 {
    if whole > 0.0 && whole.is_finite() {
        part / whole
    } else {
        if_zero
    }
}

fn stats(samples: &mut [f64]) -> Stats {
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    let median = if n % 2 == 1 {
        samples[n / 2]
    } else {
        (samples[n / 2 - 1] + samples[n / 2]) / 2.0
    };
    Stats {
        median,
        min: samples[0],
        max: samples[n - 1],
    }
}

pub fn run(args: BenchArgs) -> Result<(), CliError> {
    if let Some(name) = &args.first_lookup_probe {
        return first_lookup_probe(name);
    }
    let ids = chosen_schemes(args.schemes.as_deref())?;
    // The report and the chart are written after the timing: their paths are checked
    // before it.
    crate::io::files::check_distinct(&[
        ("--json", args.json.as_deref()),
        ("--plot", args.plot.as_deref()),
    ])?;
    if let Some(path) = &args.json {
        crate::io::files::check_writable(path, "--json", "the report")?;
    }
    if let Some(path) = &args.plot {
        crate::io::files::check_writable(path, "--plot", "the chart")?;
    }
    let mut inputs = random_inputs(args.lookups);
    inputs.push(perft_stream(args.lookups));

    // Every scheme must give the classical answer on every input set before timing.
    for set in &inputs {
        let expected = SchemeId::Classical.run(LookupChecksum(&set.pairs)).ok();
        for &id in &ids {
            if id.run(LookupChecksum(&set.pairs)).ok() != expected {
                return Err(CliError {
                    code: 1,
                    message: format!("scheme {id} disagrees with classical on {}", set.name),
                });
            }
        }
    }

    let progress = ProgressBar::new((args.rounds * inputs.len() * ids.len()) as u64);
    progress.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress.set_message("timing lookups");
    // samples[input][scheme] = ns per pair, one per round.
    let mut samples = vec![vec![Vec::with_capacity(args.rounds); ids.len()]; inputs.len()];
    for round in 0..args.rounds {
        for (i, set) in inputs.iter().enumerate() {
            for k in 0..ids.len() {
                let s = (k + round) % ids.len();
                let start = Instant::now();
                black_box(ids[s].run(LookupChecksum(black_box(&set.pairs))).ok());
                let ns = start.elapsed().as_nanos() as f64 / set.pairs.len() as f64;
                samples[i][s].push(ns);
                progress.inc(1);
            }
        }
    }
    progress.finish_and_clear();

    let perft = if args.perft > 0 {
        Some(perft_speeds(&ids, args.perft, args.rounds)?)
    } else {
        None
    };

    let table: Vec<Vec<Stats>> = samples
        .iter_mut()
        .map(|per| per.iter_mut().map(|s| stats(s)).collect())
        .collect();
    let first_lookup: Vec<Option<Stats>> = ids
        .iter()
        .map(|&id| first_lookup(id, args.first_lookup_runs))
        .collect();

    print_table(
        &ids,
        &inputs,
        &table,
        &first_lookup,
        args.lookups,
        args.rounds,
    )?;

    if let Some(perft) = &perft {
        print_perft(perft)?;
    }

    let mut report = json_report(&ids, &inputs, &table, &first_lookup, &args);
    if let Some(perft) = &perft {
        report["perft"] = perft_json(perft);
    }
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::input(format!("json: {e}")))?;
        crate::io::files::write_output(Some(path), &(text + "\n"))?;
    }
    if let Some(path) = &args.plot {
        let mid = inputs.iter().position(|s| s.name == "perft").unwrap_or(0);
        plot(path, &ids, &table[mid], inputs[mid].name)?;
    }
    Ok(())
}

/// Perft speeds: per scheme single-threaded, then the auto scheme on one thread against
/// every thread, one ply deeper (a shallow tree is too short to split well).
struct PerftSpeeds {
    /// (name, depth, nodes, parallel depth, parallel nodes)
    positions: Vec<(&'static str, u32, u128, u32, u128)>,
    /// `mnps[position][scheme]`
    per_scheme: Vec<Vec<Stats>>,
    ids: Vec<SchemeId>,
    threads: usize,
    /// (single-thread auto, all threads auto) per position.
    parallel: Vec<(Stats, Stats)>,
}

fn perft_speeds(ids: &[SchemeId], depth: u32, rounds: usize) -> Result<PerftSpeeds, CliError> {
    let positions = [
        ("startpos", STARTPOS_FEN, depth),
        ("kiwipete", KIWIPETE, depth.saturating_sub(1).max(1)),
    ];
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let progress = ProgressBar::new((positions.len() * rounds * (ids.len() + 2)) as u64);
    progress.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress.set_message("timing perft");
    let mut out = PerftSpeeds {
        positions: Vec::new(),
        per_scheme: Vec::new(),
        ids: ids.to_vec(),
        threads,
        parallel: Vec::new(),
    };
    for (name, fen, depth) in positions {
        let board = Board::from_fen(fen)
            .map_err(|e| CliError::input(format!("bench position {name}: {e}")))?;
        // Counts first, checked across schemes, before anything is timed.
        // Through the board crate's `perft_by_id`: its per-scheme copies of the count
        // are compiled there once, not again in this crate.
        let nodes = perft_by_id(SchemeId::Classical, &board, depth).ok_or_else(|| CliError {
            code: 1,
            message: "the classical scheme is not in this build".to_owned(),
        })?;
        for &id in ids {
            if perft_by_id(id, &board, depth) != Some(nodes) {
                return Err(CliError {
                    code: 1,
                    message: format!("perft with scheme {id} disagrees on {name}"),
                });
            }
        }
        let deep = depth + 1;
        let deep_nodes = perft_parallel(&board, deep, threads);
        let timed_parallel = |threads: usize| -> Result<f64, CliError> {
            let start = Instant::now();
            let got = perft_parallel(black_box(&board), deep, threads);
            let mnps = deep_nodes as f64 / start.elapsed().as_secs_f64() / 1e6;
            if got != deep_nodes {
                return Err(CliError {
                    code: 1,
                    message: format!("perft({deep}) of {name} on {threads} threads gave {got}, expected {deep_nodes}"),
                });
            }
            Ok(mnps)
        };
        let mut samples = vec![Vec::new(); ids.len()];
        let (mut single, mut parallel) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            for k in 0..ids.len() {
                let s = (k + round) % ids.len();
                let start = Instant::now();
                black_box(perft_by_id(ids[s], black_box(&board), depth));
                samples[s].push(nodes as f64 / start.elapsed().as_secs_f64() / 1e6);
                progress.inc(1);
            }
            single.push(timed_parallel(1)?);
            parallel.push(timed_parallel(threads)?);
            progress.inc(2);
        }
        out.positions.push((name, depth, nodes, deep, deep_nodes));
        out.per_scheme
            .push(samples.iter_mut().map(|s| stats(s)).collect());
        out.parallel
            .push((stats(&mut single), stats(&mut parallel)));
    }
    progress.finish_and_clear();
    Ok(out)
}

fn print_perft(p: &PerftSpeeds) -> Result<(), CliError> {
    crate::io::output::sayln!()?;
    crate::io::output::sayln!(
        "perft, bulk counting, Mnps (median of the rounds; ratio: to the fastest scheme)"
    )?;
    let mut header = format!("{:<16}", "scheme");
    for (name, depth, ..) in &p.positions {
        header.push_str(&format!(
            " {:>20} {:>6}",
            format!("{name} d{depth} Mnps"),
            "ratio"
        ));
    }
    crate::io::output::sayln!("{header}")?;
    for (s, id) in p.ids.iter().enumerate() {
        let mut line = format!("{:<16}", id.name());
        for per in &p.per_scheme {
            let best = per.iter().map(|st| st.median).fold(0.0, f64::max);
            let st = per[s];
            let spread = ratio(st.max - st.min, st.median, 0.0) * 100.0;
            line.push_str(&format!(
                " {:>13.1} ±{:>4.0}% {:>6.2}",
                st.median,
                spread / 2.0,
                ratio(best, st.median, 1.0)
            ));
        }
        crate::io::output::sayln!("{line}")?;
    }
    for ((name, _, _, deep, deep_nodes), (one, all)) in p.positions.iter().zip(&p.parallel) {
        crate::io::output::sayln!(
            "{name} perft({deep}) = {deep_nodes}: auto scheme, 1 thread {:.1} Mnps, {} threads {:.1} Mnps ({:.2}x)",
            one.median,
            p.threads,
            all.median,
            ratio(all.median, one.median, 1.0)
        )?;
    }
    Ok(())
}

fn perft_json(p: &PerftSpeeds) -> Value {
    let positions: Vec<Value> = p
        .positions
        .iter()
        .enumerate()
        .map(|(i, (name, depth, nodes, deep, deep_nodes))| {
            let schemes: Vec<Value> = p
                .ids
                .iter()
                .zip(&p.per_scheme[i])
                .map(|(id, st)| json!({"name": id.name(), "median_mnps": st.median, "min_mnps": st.min, "max_mnps": st.max}))
                .collect();
            let (one, all) = p.parallel[i];
            json!({
                "position": name,
                "depth": depth,
                "nodes": nodes.to_string(),
                "schemes": schemes,
                "parallel_depth": deep,
                "parallel_nodes": deep_nodes.to_string(),
                "auto_single_thread_mnps": one.median,
                "auto_all_threads_mnps": all.median,
                "threads": p.threads,
            })
        })
        .collect();
    Value::Array(positions)
}

fn chosen_schemes(names: Option<&[String]>) -> Result<Vec<SchemeId>, CliError> {
    match names {
        None => Ok(SchemeId::ALL
            .iter()
            .copied()
            .filter(|id| id.is_available())
            .collect()),
        Some(names) => {
            let mut ids = Vec::new();
            for name in names {
                let id = parse::scheme(name)?;
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            Ok(ids)
        }
    }
}

/// Spawns fresh processes that each time their first lookup of `id`.
fn first_lookup(id: SchemeId, runs: usize) -> Option<Stats> {
    let exe = std::env::current_exe().ok()?;
    let mut samples = Vec::new();
    for _ in 0..runs {
        let out = Command::new(&exe)
            .args(["bench", "--first-lookup-probe", id.name()])
            .output()
            .ok()?;
        let ns: f64 = String::from_utf8(out.stdout).ok()?.trim().parse().ok()?;
        samples.push(ns);
    }
    (!samples.is_empty()).then(|| stats(&mut samples))
}

fn first_lookup_probe(name: &str) -> Result<(), CliError> {
    let id = parse::scheme(name)?;
    struct One;
    impl WithScheme for One {
        type Output = u64;
        fn run<S: Scheme>(self, scheme: S) -> u64 {
            scheme
                .rook_attacks(
                    black_box(Square::D4),
                    black_box(Bitboard(0x0008_0000_2200_0800)),
                )
                .0
        }
    }
    let start = Instant::now();
    black_box(id.run(One).ok());
    crate::io::output::sayln!("{}", start.elapsed().as_nanos())?;
    Ok(())
}

fn print_table(
    ids: &[SchemeId],
    inputs: &[Inputs],
    table: &[Vec<Stats>],
    first: &[Option<Stats>],
    lookups: usize,
    rounds: usize,
) -> Result<(), CliError> {
    crate::io::output::sayln!("sliders bench: {lookups} pairs per input set (a rook and a bishop lookup each), {rounds} interleaved rounds")?;
    crate::io::output::sayln!("auto scheme on this CPU: {}", schemes::auto())?;
    for set in inputs {
        crate::io::output::sayln!("  {}: {}", set.name, set.what)?;
    }
    crate::io::output::sayln!()?;
    let mut header = format!("{:<15} {:>9}", "scheme", "KiB");
    for set in inputs {
        header.push_str(&format!(
            " {:>16} {:>6}",
            format!("{} ns/pair", set.name),
            "ratio"
        ));
    }
    header.push_str(&format!(" {:>16}", "first lookup us"));
    crate::io::output::sayln!("{header}")?;
    for (s, id) in ids.iter().enumerate() {
        let mut line = format!(
            "{:<15} {:>9.1}",
            id.name(),
            id.table_bytes() as f64 / 1024.0
        );
        for (i, _) in inputs.iter().enumerate() {
            let best = table[i]
                .iter()
                .map(|st| st.median)
                .fold(f64::INFINITY, f64::min);
            let st = table[i][s];
            let spread = ratio(st.max - st.min, st.median, 0.0) * 100.0;
            line.push_str(&format!(
                " {:>9.3} ±{:>4.0}% {:>6.2}",
                st.median,
                spread / 2.0,
                ratio(st.median, best, 1.0)
            ));
        }
        match first[s] {
            Some(st) => line.push_str(&format!(" {:>16.1}", st.median / 1000.0)),
            None => line.push_str(&format!(" {:>16}", "-")),
        }
        crate::io::output::sayln!("{line}")?;
    }
    crate::io::output::sayln!()?;
    crate::io::output::sayln!("ns/pair: median of the rounds; ±: half the min-max spread, % of the median; ratio: to the fastest median of that input set.")?;
    Ok(())
}

fn json_report(
    ids: &[SchemeId],
    inputs: &[Inputs],
    table: &[Vec<Stats>],
    first: &[Option<Stats>],
    args: &BenchArgs,
) -> Value {
    let schemes: Vec<Value> = ids
        .iter()
        .enumerate()
        .map(|(s, id)| {
            let mut results = serde_json::Map::new();
            for (i, set) in inputs.iter().enumerate() {
                let best = table[i].iter().map(|st| st.median).fold(f64::INFINITY, f64::min);
                let st = table[i][s];
                results.insert(
                    set.name.to_string(),
                    json!({
                        "median_ns_per_pair": st.median,
                        "min_ns_per_pair": st.min,
                        "max_ns_per_pair": st.max,
                        "ratio_to_fastest": ratio(st.median, best, 1.0),
                    }),
                );
            }
            json!({
                "name": id.name(),
                "table_bytes": id.table_bytes(),
                "table_kib": id.table_bytes() as f64 / 1024.0,
                "lookups": results,
                "first_lookup_ns": first[s].map(|st| json!({"median": st.median, "min": st.min, "max": st.max})),
            })
        })
        .collect();
    json!({
        "auto": schemes::auto().name(),
        "pairs_per_input": args.lookups,
        "rounds": args.rounds,
        "inputs": inputs.iter().map(|s| json!({"name": s.name, "what": s.what})).collect::<Vec<_>>(),
        "schemes": schemes,
    })
}

fn plot(
    path: &std::path::Path,
    ids: &[SchemeId],
    stats: &[Stats],
    input: &str,
) -> Result<(), CliError> {
    use plotters::prelude::*;
    let fail = |e: &dyn std::fmt::Display| CliError::input(format!("plot {}: {e}", path.display()));
    // A log axis needs a positive, finite range: a time below the clock's resolution
    // (0 ns) set its bottom to 0, and the axis asked for gigabytes of key points.
    const FLOOR_NS: f64 = 0.01;
    let finite = || {
        stats
            .iter()
            .flat_map(|s| [s.min, s.max])
            .filter(|v| v.is_finite())
    };
    let bottom = (finite().fold(f64::INFINITY, f64::min) * 0.7).max(FLOOR_NS);
    let top = (finite().fold(0.0, f64::max) * 1.3).max(bottom * 10.0);
    // Drawn into memory, then written whole like every other output.
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1400, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| fail(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("sliders bench: ns per rook+bishop pair ({input} occupancy)"),
                ("sans-serif", 22),
            )
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((0..ids.len()).into_segmented(), (bottom..top).log_scale())
            .map_err(|e| fail(&e))?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(ids.len() + 1)
            .x_label_style(("sans-serif", 13))
            .y_desc("ns per pair, log scale (median; whiskers min-max)")
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => ids
                    .get(*i)
                    .map(|id| id.name().to_string())
                    .unwrap_or_default(),
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(|e| fail(&e))?;
        chart
            .draw_series(stats.iter().enumerate().map(|(i, st)| {
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(i), 0.0),
                        (SegmentValue::Exact(i + 1), st.median.max(bottom)),
                    ],
                    BLUE.mix(0.6).filled(),
                );
                bar.set_margin(0, 0, 8, 8);
                bar
            }))
            .map_err(|e| fail(&e))?;
        chart
            .draw_series(stats.iter().enumerate().map(|(i, st)| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(i),
                    st.min.max(bottom),
                    st.median.max(bottom),
                    st.max.max(bottom),
                    BLACK.filled(),
                    10,
                )
            }))
            .map_err(|e| fail(&e))?;
        root.present().map_err(|e| fail(&e))?;
    }
    crate::io::files::write_output(Some(path), &svg)
}

/// The lookup kernel every scheme is timed with: one rook and one bishop lookup per
/// pair, the XOR of all answers returned so nothing can be dropped. Each occupancy passes
/// through `black_box` one at a time, so the loop cannot become vector gathers: a move
/// generator asks one lookup at a time. (The peer bench's kernel,
/// `sliders_bench::lookups::LookupChecksum`, is the same loop.)
struct LookupChecksum<'a>(&'a [(Square, Bitboard)]);

impl WithScheme for LookupChecksum<'_> {
    type Output = u64;

    #[inline(never)]
    fn run<S: Scheme>(self, scheme: S) -> u64 {
        let mut acc = 0u64;
        for &(square, occupied) in self.0 {
            let occupied = black_box(occupied);
            acc ^= scheme.rook_attacks(square, occupied).0;
            acc ^= scheme.bishop_attacks(square, occupied).0;
        }
        acc
    }
}
