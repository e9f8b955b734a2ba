//! The engine author's own code, in a crate that depends on sliders-movegen as theirs
//! does (issue 62): three workloads written in each crate's plain idioms, the node
//! counts checked equal, then interleaved rounds timed by the thread's CPU time, each
//! crate's time given as a ratio to cozy-chess's in the same round.
//!
//! - perft: full perft, the legal moves of every node, `hash()` and `is_check()` read at
//!   every node (start position to depth 5, Kiwipete to depth 4);
//! - captures: a captures-only walk to depth 4 from 1,000 positions (en passant skipped,
//!   as cozy-chess's capture set `to &= them` has none);
//! - alpha-beta: depth 4 from 200 positions, material at the leaves, a key per move
//!   (victim, attacker, from, to, promotion), the best remaining move picked by
//!   selection, so a cutoff leaves the rest unsorted.
//!
//! `sliders-dependent-bench [--rounds N] [--smoke] [--only WHO --workload W]`. Exit 1
//! when the crates disagree on a tree, 2 on a bad argument.

mod common;
mod cozy;
mod ours;
mod shak;

use common::{positions, Sink, Tally};
use std::process::ExitCode;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Cozy,
    Shakmaty,
    /// Ours, the child by `after_unchecked`.
    After,
    /// Ours, the child by the in-place copy.
    InPlace,
    /// Ours in engine-loop's form: alpha-beta on the generator's MVV-LVA order (perft
    /// and the captures walk, which order nothing, as the in-place copy).
    Ordered,
}

const WHO: [Who; 5] = [
    Who::Cozy,
    Who::Shakmaty,
    Who::After,
    Who::InPlace,
    Who::Ordered,
];

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Cozy => "cozy",
            Who::Shakmaty => "shakmaty",
            Who::After => "after_unchecked",
            Who::InPlace => "in-place",
            Who::Ordered => "mvv-lva-generator",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Workload {
    Perft,
    Captures,
    Search,
}

const WORKLOADS: [Workload; 3] = [Workload::Perft, Workload::Captures, Workload::Search];

impl Workload {
    fn name(self) -> &'static str {
        match self {
            Workload::Perft => "perft",
            Workload::Captures => "captures",
            Workload::Search => "alpha-beta",
        }
    }
}

struct Inputs {
    perft: Vec<(&'static str, u32)>,
    captures: Vec<String>,
    search: Vec<String>,
    depth: u32,
}

impl Inputs {
    fn new(smoke: bool) -> Inputs {
        let all = positions(if smoke { 100 } else { 1000 }, 0x5eed_1e55);
        let less = u32::from(smoke);
        Inputs {
            perft: vec![(STARTPOS, 5 - less), (KIWIPETE, 4 - less)],
            search: all[..if smoke { 20 } else { 200 }].to_vec(),
            captures: all,
            depth: 4 - less,
        }
    }
}

fn run(who: Who, workload: Workload, inputs: &Inputs) -> Tally {
    let mut t = Tally::default();
    let mut h = Sink::default();
    macro_rules! each {
        ($parse:path, $perft:path, $captures:path, $search:path, $plain:expr) => {
            match workload {
                Workload::Perft => {
                    for &(fen, depth) in &inputs.perft {
                        $perft(&$parse(fen), depth, &mut t, &mut h);
                    }
                }
                Workload::Captures => {
                    for fen in &inputs.captures {
                        $captures(&$plain(&$parse(fen)), 4, &mut t);
                    }
                }
                Workload::Search => {
                    for fen in &inputs.search {
                        t.score += $search(&$parse(fen), inputs.depth, &mut t, &mut h) as i64;
                    }
                }
            }
        };
    }
    match who {
        Who::Cozy => each!(
            cozy::parse,
            cozy::perft,
            cozy::captures,
            cozy::search_root,
            |b| b
        ),
        Who::Shakmaty => each!(
            shak::parse,
            shak::perft,
            shak::captures,
            shak::search_root,
            |n: &shak::Node| n.0.clone()
        ),
        Who::After => each!(
            ours::parse,
            ours::perft::<true>,
            ours::captures::<true>,
            ours::search_root::<true>,
            |b| b
        ),
        Who::InPlace => each!(
            ours::parse,
            ours::perft::<false>,
            ours::captures::<false>,
            ours::search_root::<false>,
            |b| b
        ),
        Who::Ordered => each!(
            ours::parse,
            ours::perft::<false>,
            ours::captures::<false>,
            ours::search_ordered_root,
            |b| b
        ),
    }
    std::hint::black_box(h.0);
    t
}

/// Seconds of CPU time the calling thread has used (Linux: `clock_gettime` with
/// `CLOCK_THREAD_CPUTIME_ID`); the wall clock elsewhere.
fn cpu_seconds() -> f64 {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
        }
        let mut ts = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `ts` is a writable timespec of two 64-bit fields (64-bit Linux), and 3
        // is Linux's CLOCK_THREAD_CPUTIME_ID.
        if unsafe { clock_gettime(3, &mut ts) } == 0 {
            return ts.sec as f64 + ts.nsec as f64 * 1e-9;
        }
    }
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() -> ExitCode {
    let mut rounds = 7usize;
    let mut smoke = false;
    let mut only: Option<(Who, Workload)> = None;
    let mut who = None;
    let mut workload = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) if (1..=1000).contains(&n) => rounds = n,
                _ => return usage("--rounds takes a whole number in 1..=1000"),
            },
            "--smoke" => smoke = true,
            "--only" => match args
                .next()
                .and_then(|v| WHO.into_iter().find(|w| w.name() == v))
            {
                Some(w) => who = Some(w),
                None => return usage(
                    "--only takes cozy, shakmaty, after_unchecked, in-place or mvv-lva-generator",
                ),
            },
            "--workload" => {
                match args
                    .next()
                    .and_then(|v| WORKLOADS.into_iter().find(|w| w.name() == v))
                {
                    Some(w) => workload = Some(w),
                    None => return usage("--workload takes perft, captures or alpha-beta"),
                }
            }
            other => return usage(&format!("unknown argument {other:?}")),
        }
    }
    match (who, workload) {
        (Some(w), Some(l)) => only = Some((w, l)),
        (None, None) => {}
        _ => return usage("--only and --workload go together"),
    }
    let inputs = Inputs::new(smoke);
    if let Some((w, l)) = only {
        let start = cpu_seconds();
        for _ in 0..rounds {
            std::hint::black_box(run(w, l, &inputs));
        }
        println!(
            "{} {}: {:.1} ms a run",
            w.name(),
            l.name(),
            (cpu_seconds() - start) * 1e3 / rounds as f64
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "{rounds} rounds; each round runs every crate once per workload, the order rotating; \
         ratio = CPU time / cozy-chess's in the same round, median (min-max) of the rounds"
    );
    println!("| workload | nodes | cozy-chess ms | shakmaty / cozy | ours, after_unchecked / cozy | ours, in-place copy / cozy | ours, engine-loop's form / cozy |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for workload in WORKLOADS {
        let reference = run(Who::Cozy, workload, &inputs);
        for who in WHO {
            let t = run(who, workload, &inputs);
            if t != reference {
                eprintln!(
                    "sliders-dependent-bench: {} on {}: {t:?}, but cozy-chess visited {reference:?}",
                    who.name(),
                    workload.name()
                );
                return ExitCode::FAILURE;
            }
        }
        let mut times = vec![Vec::new(); WHO.len()];
        for round in 0..rounds {
            for k in 0..WHO.len() {
                let i = (k + round) % WHO.len();
                let start = cpu_seconds();
                std::hint::black_box(run(WHO[i], workload, &inputs));
                times[i].push(cpu_seconds() - start);
            }
        }
        let cell = |i: usize| {
            let ratios: Vec<f64> = times[i].iter().zip(&times[0]).map(|(a, b)| a / b).collect();
            let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = ratios.iter().copied().fold(0.0, f64::max);
            format!("**{:.2}** ({lo:.2}-{hi:.2})", median(ratios))
        };
        println!(
            "| {} | {} | {:.0} | {} | {} | {} | {} |",
            workload.name(),
            reference.nodes,
            median(times[0].clone()) * 1e3,
            cell(1),
            cell(2),
            cell(3),
            cell(4)
        );
    }
    ExitCode::SUCCESS
}

fn usage(message: &str) -> ExitCode {
    eprintln!(
        "sliders-dependent-bench: {message}; usage: sliders-dependent-bench [--rounds N] [--smoke] [--only WHO --workload W]"
    );
    ExitCode::from(2)
}
