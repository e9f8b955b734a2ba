//! `peer-perft`: sliders next to cozy-chess, shakmaty and chess, in interleaved rounds.
//!
//! ```text
//! peer-perft [--depth N | --depths N,M..] [--rounds R] [--scheme NAME]...   perft (default)
//! peer-perft --lookups [--pairs N] [--rounds R]                             rook+bishop lookups
//! peer-perft --builds BIN[:SIDE] BIN[:SIDE]... [--depths N,M..] [--rounds R]  across builds
//! ```
//!
//! Perft: start position at depths 5 and 6 and Kiwipete at 4 and 5 (`--depth N`: the
//! start position at N and Kiwipete at N-1; `--depths 6,7`: both, at each depth),
//! single-threaded, bulk counting. Our rows: the counting engine (`sliders engine`, the
//! `perft-engine` feature) and the general generator (`sliders generator`). Every
//! crate's node count is checked against the known value for every position and depth
//! before anything is timed; a wrong count exits with status 1. Then each round times
//! every crate once, one after the other, the order rotating from round to round; the
//! tables give the median, the range over rounds, and the median of the per-round
//! ratios of each crate's time to the fastest crate's time in the same round.
//!
//! `--builds` runs `BIN --child FEN DEPTH SIDE` for each entry in turn, the order
//! rotating from round to round (the child runs one side's perft once untimed, then once
//! timed, and prints the count and the seconds), and gives each entry's time as a ratio
//! to the first entry's in the same round. SIDE is `sliders` (the default), `generator`,
//! `cozy`, `shakmaty` or `chess`. So builds with different flags meet in one run: ours in
//! the plain build against cozy-chess in the native + pext + fat LTO build, and ours in
//! both builds:
//!
//! ```text
//! peer-perft --builds plain/peer-perft native/peer-perft:cozy native/peer-perft --depths 6,7
//! ```

#![deny(clippy::print_stdout, clippy::print_stderr)]

use sliders_bench::{err, errln, outln};
use std::hint::black_box;
use std::process::{Command, ExitCode};
use std::time::Instant;

use sliders_bench::clock;
use sliders_bench::lookups::{self, Density, Inputs, Lookup};
use sliders_bench::perft::Side;
use sliders_bench::stats::{median, paired_ratio, paired_ratio_range, range, relative_spread};
use sliders_bench::{Position, KIWIPETE, STARTPOS};
use sliders_core::schemes::SchemeId;

struct Options {
    depths: Vec<u32>,
    rounds: usize,
    schemes: Vec<SchemeId>,
    lookups: bool,
    pairs: usize,
    builds: Vec<(String, Side)>,
    child: Option<(String, u32, Side)>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        depths: Vec::new(),
        rounds: 7,
        schemes: Vec::new(),
        lookups: false,
        pairs: 1 << 16,
        builds: Vec::new(),
        child: None,
    };
    let mut args = std::env::args().skip(1).peekable();
    let number = |flag: &str, v: Option<String>| -> Result<usize, String> {
        v.ok_or(format!("{flag} needs a value"))?
            .parse::<usize>()
            .map_err(|e| format!("{flag}: {e}"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--depth" => o.depths = vec![number("--depth", args.next())? as u32],
            "--depths" => {
                let list = args.next().ok_or("--depths needs a list such as 6,7")?;
                o.depths = list
                    .split(',')
                    .map(|d| {
                        d.trim()
                            .parse::<u32>()
                            .map_err(|e| format!("--depths {list}: {e}"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--rounds" => o.rounds = number("--rounds", args.next())?.max(1),
            "--pairs" => o.pairs = number("--pairs", args.next())?.max(1),
            "--lookups" => o.lookups = true,
            "--scheme" => {
                let name = args.next().ok_or("--scheme needs a name")?;
                let id = SchemeId::from_name(&name).ok_or(format!(
                    "--scheme {name}: {}",
                    sliders_core::schemes::describe_choices()
                ))?;
                if !id.is_available() {
                    return Err(format!("--scheme {name}: unavailable on this CPU"));
                }
                o.schemes.push(id);
            }
            "--builds" => {
                while let Some(entry) = args.next_if(|a| !a.starts_with("--")) {
                    let (bin, side) = match entry.rsplit_once(':') {
                        Some((bin, name)) => (
                            bin.to_string(),
                            Side::from_name(name).ok_or(format!(
                                "--builds {entry}: unknown side {name:?} (sliders, generator, cozy, shakmaty, chess)"
                            ))?,
                        ),
                        None => (entry.clone(), Side::Sliders),
                    };
                    o.builds.push((bin, side));
                }
                if o.builds.len() < 2 {
                    return Err("--builds needs at least two BIN[:SIDE] entries".into());
                }
            }
            "--child" => {
                let fen = args.next().ok_or("--child needs FEN DEPTH [SIDE]")?;
                let depth = number("--child", args.next())? as u32;
                let side = match args.next_if(|a| !a.starts_with("--")) {
                    Some(name) => {
                        Side::from_name(&name).ok_or(format!("--child: unknown side {name:?}"))?
                    }
                    None => Side::Sliders,
                };
                o.child = Some((fen, depth, side));
            }
            "-h" | "--help" => {
                outln!(
                    "peer-perft [--depth N | --depths N,M..] [--rounds R] [--scheme NAME]...\n\
                     peer-perft --lookups [--pairs N] [--rounds R]\n\
                     peer-perft --builds BIN[:SIDE] BIN[:SIDE]... [--depths N,M..] [--rounds R]\n\
                     SIDE: sliders (default), generator, cozy, shakmaty, chess"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(o)
}

fn configs(depths: &[u32]) -> Vec<(Position, u32)> {
    let depths = if depths.is_empty() {
        &[5, 6][..]
    } else {
        depths
    };
    let mut out: Vec<(Position, u32)> = depths.iter().map(|&d| (STARTPOS, d)).collect();
    out.extend(
        depths
            .iter()
            .map(|&d| (KIWIPETE, d.saturating_sub(1).max(1))),
    );
    out
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            errln!("peer-perft: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some((fen, depth, side)) = &o.child {
        return child(fen, *depth, *side);
    }
    outln!("{}", sliders_bench::build_line());
    let result = if !o.builds.is_empty() {
        builds(&o)
    } else if o.lookups {
        lookup_rounds(&o)
    } else {
        perft_rounds(&o)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("peer-perft: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft_rounds(o: &Options) -> Result<(), String> {
    let mut sides: Vec<Side> = Side::PEERS.to_vec();
    sides.extend(o.schemes.iter().map(|&id| Side::SlidersWith(id)));
    let configs = configs(&o.depths);

    // 1. Every node count, every crate, before any timing.
    outln!("\nchecking node counts (untimed):");
    for &(pos, depth) in &configs {
        let known = pos.known(depth);
        for &side in &sides {
            let nodes = side.perft(pos.fen, depth)?;
            let ok = known.is_none_or(|k| k == nodes);
            outln!(
                "  {} d{depth} {:<26} {nodes:>13} {}",
                pos.name,
                side.name(),
                match known {
                    Some(_) if ok => "ok",
                    Some(_) => "WRONG",
                    None => "(no known value)",
                }
            );
            if !ok {
                return Err(format!(
                    "{} gives {nodes} nodes for {} at depth {depth}, expected {}",
                    side.name(),
                    pos.name,
                    known.unwrap_or_default()
                ));
            }
        }
        // Without a known value the crates must at least agree.
        let counts: Vec<u64> = sides
            .iter()
            .map(|s| s.perft(pos.fen, depth))
            .collect::<Result<_, _>>()?;
        if counts.iter().any(|&c| c != counts[0]) {
            return Err(format!("node counts disagree: {counts:?}"));
        }
    }

    // 2. Interleaved rounds.
    for &(pos, depth) in &configs {
        let prepared: Vec<_> = sides
            .iter()
            .map(|s| s.prepare(pos.fen))
            .collect::<Result<_, _>>()?;
        let nodes = pos
            .known(depth)
            .map_or_else(|| sides[0].perft(pos.fen, depth), Ok)?;
        let mut secs = vec![Vec::with_capacity(o.rounds); sides.len()];
        let mut cpus = vec![Vec::with_capacity(o.rounds); sides.len()];
        err!("{} d{depth}: {} rounds ", pos.name, o.rounds);
        for round in 0..o.rounds {
            for k in 0..sides.len() {
                let i = (k + round) % sides.len();
                let board = black_box(&prepared[i]);
                let (n, wall, cpu) = clock::time(|| black_box(board.run(black_box(depth))));
                if n != nodes {
                    return Err(format!("{}: {n} nodes in a timed run", sides[i].name()));
                }
                secs[i].push(wall);
                cpus[i].extend(cpu);
            }
            err!(".");
        }
        errln!();
        let names: Vec<String> = sides.iter().map(|s| s.name()).collect();
        print_table(
            &format!(
                "{} perft({depth}), {nodes} nodes, single thread, bulk counting, {} rounds",
                pos.name, o.rounds
            ),
            &names,
            &secs,
            &cpus,
            nodes as f64 / 1e6,
            "Mnps",
            None,
        );
        let ours = sides.iter().position(|s| *s == Side::Sliders).unwrap();
        let cozy = sides.iter().position(|s| *s == Side::Cozy).unwrap();
        let (lo, hi) = paired_ratio_range(&secs[ours], &secs[cozy]);
        outln!(
            "\n{} / {} time, median of per-round ratios: {:.3} (rounds: {lo:.3} to {hi:.3}; below 1 means sliders is faster)",
            names[ours],
            names[cozy],
            paired_ratio(&secs[ours], &secs[cozy]),
        );
        if cpus[ours].len() == o.rounds && cpus[cozy].len() == o.rounds {
            outln!(
                "{} / {} thread CPU time, median of per-round ratios: {:.3}",
                names[ours],
                names[cozy],
                paired_ratio(&cpus[ours], &cpus[cozy]),
            );
        }
    }
    Ok(())
}

/// Prints one markdown table: per row the median rate (`work / seconds`), its range over
/// the rounds, the median time, its relative spread, and the median per-round ratio to
/// the row with the smallest median time.
/// With `items`, the time column is nanoseconds per item instead of the whole run.
/// With thread CPU times (`cpus`, one per round), two more columns give the median rate
/// by CPU time (the rate without the time spent waiting for a core) and the median
/// per-round ratio of CPU times to the row with the smallest median CPU time.
fn print_table(
    title: &str,
    names: &[String],
    secs: &[Vec<f64>],
    cpus: &[Vec<f64>],
    work: f64,
    unit: &str,
    items: Option<(f64, &str)>,
) {
    let fastest = (0..secs.len())
        .min_by(|&a, &b| median(&secs[a]).total_cmp(&median(&secs[b])))
        .unwrap();
    outln!("\n{title}\n");
    let with_cpu =
        cpus.len() == secs.len() && cpus.iter().zip(secs).all(|(c, s)| c.len() == s.len());
    outln!(
        "| crate | median {unit} | {unit} range (min to max) | median {} | spread | time / fastest |{}",
        items.map_or("time".to_string(), |(_, item)| format!("ns / {item}")),
        if with_cpu {
            format!(" median {unit} by thread CPU time | CPU time / fastest |")
        } else {
            String::new()
        }
    );
    outln!(
        "|---|---:|---:|---:|---:|---:|{}",
        if with_cpu { "---:|---:|" } else { "" }
    );
    let cpu_fastest = (0..cpus.len())
        .min_by(|&a, &b| median(&cpus[a]).total_cmp(&median(&cpus[b])))
        .unwrap_or(0);
    for (i, name) in names.iter().enumerate() {
        let rates: Vec<f64> = secs[i].iter().map(|t| work / t).collect();
        let (lo, hi) = range(&rates);
        let t = median(&secs[i]);
        let time = if let Some((count, _)) = items {
            format!("{:.2}", t / count * 1e9)
        } else if t >= 0.1 {
            format!("{t:.3} s")
        } else {
            format!("{:.2} ms", t * 1e3)
        };
        let cpu_rate = if with_cpu {
            let rates: Vec<f64> = cpus[i].iter().map(|t| work / t).collect();
            format!(
                " {:.1} | {:.3} |",
                median(&rates),
                paired_ratio(&cpus[i], &cpus[cpu_fastest])
            )
        } else {
            String::new()
        };
        outln!(
            "| {name} | {:.1} | {lo:.1} to {hi:.1} | {time} | ±{:.1}% | {:.3} |{cpu_rate}",
            median(&rates),
            relative_spread(&secs[i]) * 50.0,
            paired_ratio(&secs[i], &secs[fastest]),
        );
    }
}

fn lookup_rounds(o: &Options) -> Result<(), String> {
    let all = Lookup::all();
    for density in Density::ALL {
        let pairs = lookups::pairs(density, o.pairs);
        let inputs = Inputs::new(&pairs);
        lookups::check_all(&inputs, &all)?;
        // Each sample repeats the pairs enough times to take about 10 ms for that
        // lookup, calibrated by one untimed-for-the-table run.
        let reps: Vec<usize> = all
            .iter()
            .map(|&lookup| {
                let start = Instant::now();
                black_box(inputs.run(black_box(lookup)));
                let once = start.elapsed().as_secs_f64().max(1e-7);
                ((0.01 / once).ceil() as usize).clamp(1, 1 << 20)
            })
            .collect();
        let mut secs = vec![Vec::with_capacity(o.rounds); all.len()];
        let mut cpus = vec![Vec::with_capacity(o.rounds); all.len()];
        err!("lookups {}: {} rounds ", density.name(), o.rounds);
        for round in 0..o.rounds {
            for k in 0..all.len() {
                let i = (k + round) % all.len();
                let ((), wall, cpu) = clock::time(|| {
                    for _ in 0..reps[i] {
                        black_box(inputs.run(black_box(all[i])));
                    }
                });
                secs[i].push(wall / reps[i] as f64);
                cpus[i].extend(cpu.map(|c| c / reps[i] as f64));
            }
            err!(".");
        }
        errln!();
        let names: Vec<String> = all.iter().map(|l| l.name()).collect();
        print_table(
            &format!(
                "lookups, {} occupancies: {} (square, occupancy) pairs, one rook + one bishop lookup each, {} rounds",
                density.name(),
                inputs.len(),
                o.rounds
            ),
            &names,
            &secs,
            &cpus,
            inputs.len() as f64 / 1e6,
            "M pairs/s",
            Some((inputs.len() as f64, "pair")),
        );
    }
    Ok(())
}

/// The child of `--builds`: one side's perft once untimed (page faults, caches), once
/// timed.
fn child(fen: &str, depth: u32, side: Side) -> ExitCode {
    let prepared = match side.prepare(fen) {
        Ok(p) => p,
        Err(e) => {
            errln!("peer-perft --child: {e}");
            return ExitCode::from(2);
        }
    };
    black_box(prepared.run(depth.saturating_sub(1)));
    let (nodes, wall, cpu) = clock::time(|| black_box(prepared.run(black_box(depth))));
    outln!("{nodes} {wall} {}", cpu.unwrap_or(f64::NAN));
    ExitCode::SUCCESS
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Sliders => "sliders",
        Side::Generator => "generator",
        Side::Cozy => "cozy",
        Side::Shakmaty => "shakmaty",
        Side::Chess => "chess",
        Side::SlidersWith(_) => "sliders",
    }
}

fn run_child(
    bin: &str,
    side: Side,
    fen: &str,
    depth: u32,
) -> Result<(u64, f64, Option<f64>), String> {
    let out = Command::new(bin)
        .args(["--child", fen, &depth.to_string(), side_name(side)])
        .output()
        .map_err(|e| format!("{bin}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{bin} --child failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let nodes = words.next().and_then(|w| w.parse().ok());
    let wall: Option<f64> = words.next().and_then(|w| w.parse().ok());
    let cpu: Option<f64> = words.next().and_then(|w| w.parse().ok());
    match (nodes, wall) {
        (Some(n), Some(t)) => Ok((n, t, cpu.filter(|c| !c.is_nan()))),
        _ => Err(format!("{bin} --child printed {text:?}")),
    }
}

/// `--builds`: each entry (a binary and a side) as a child process, in turn.
fn builds(o: &Options) -> Result<(), String> {
    for (bin, _) in &o.builds {
        let out = Command::new(bin)
            .arg("--help")
            .output()
            .map_err(|e| format!("{bin}: {e}"))?;
        if !out.status.success() {
            return Err(format!("{bin} --help failed"));
        }
        // Each binary names its build (target features, cozy-chess's pext).
        let first = Command::new(bin)
            .args(["--depth", "1", "--rounds", "1"])
            .output()
            .map_err(|e| format!("{bin}: {e}"))?;
        let line = String::from_utf8_lossy(&first.stdout);
        outln!("{bin}: {}", line.lines().next().unwrap_or("?"));
    }
    let names: Vec<String> = o
        .builds
        .iter()
        .enumerate()
        .map(|(i, (bin, side))| format!("{}: {} in {bin}", (b'A' + i as u8) as char, side.name()))
        .collect();
    let n = o.builds.len();
    for (pos, depth) in configs(&o.depths) {
        let mut secs = vec![Vec::new(); n];
        let mut cpus = vec![Vec::new(); n];
        err!("{} d{depth}: {} rounds ", pos.name, o.rounds);
        for round in 0..o.rounds {
            for k in 0..n {
                let i = (k + round) % n;
                let (bin, side) = &o.builds[i];
                let (nodes, t, cpu) = run_child(bin, *side, pos.fen, depth)?;
                if pos.known(depth).is_some_and(|k| k != nodes) {
                    return Err(format!(
                        "{bin} ({}): {nodes} nodes for {} d{depth}",
                        side.name(),
                        pos.name
                    ));
                }
                secs[i].push(t);
                cpus[i].extend(cpu);
            }
            err!(".");
        }
        errln!();
        print_table(
            &format!(
                "builds in turn: {} perft({depth}), {} rounds, one child process per run",
                pos.name, o.rounds
            ),
            &names,
            &secs,
            &cpus,
            pos.known(depth).unwrap_or(0) as f64 / 1e6,
            "Mnps",
            None,
        );
        outln!();
        for i in 0..n {
            let (lo, hi) = paired_ratio_range(&secs[i], &secs[0]);
            outln!(
                "{} / A time, median of per-round ratios: {:.3} (rounds: {lo:.3} to {hi:.3})",
                (b'A' + i as u8) as char,
                paired_ratio(&secs[i], &secs[0])
            );
        }
        for i in 1..n {
            let (lo, hi) = paired_ratio_range(&secs[0], &secs[i]);
            outln!(
                "A / {} time, median of per-round ratios: {:.3} (rounds: {lo:.3} to {hi:.3})",
                (b'A' + i as u8) as char,
                paired_ratio(&secs[0], &secs[i])
            );
        }
    }
    Ok(())
}
