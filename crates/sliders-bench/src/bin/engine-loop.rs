//! `engine-loop`: the engine's own loop (generate, copy-make, hash, `is_check`, order)
//! on cozy-chess, shakmaty and `sliders-movegen` in one binary: node counts checked
//! equal first, then interleaved rounds, time given as a ratio to cozy-chess's.
//!
//! `engine-loop [--rounds N] [--smoke]`: `--rounds` (default 7) timed rounds, each
//! running every crate once per workload in a rotating order; `--smoke` a run on
//! smaller inputs (seconds); `--only sliders|sliders-sorted|cozy|shakmaty` runs one crate's workloads
//! `--rounds` times and prints their times (for a profiler), `--workload perft|quiescence|search`
//! with it only that workload. Exit 1 when the crates disagree on a tree, 2 on a bad
//! argument.

#![deny(clippy::print_stdout, clippy::print_stderr)]

use sliders_bench::{errln, outln};
use std::process::ExitCode;
use std::time::Instant;

use sliders_bench::engine_loop::{run, Crate, Inputs, Tally, Workload};
use sliders_bench::stats::{median, paired_ratio, paired_ratio_range};

fn main() -> ExitCode {
    let mut rounds = 7usize;
    let mut scale = 1usize;
    let mut only = None;
    let mut workloads = Workload::ALL.to_vec();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) if (1..=1000).contains(&n) => rounds = n,
                _ => return usage("--rounds takes a whole number in 1..=1000"),
            },
            "--smoke" => scale = 10,
            "--only" => match args.next().as_deref() {
                Some("sliders") => only = Some(Crate::Sliders),
                Some("sliders-sorted") => only = Some(Crate::SlidersSorted),
                Some("cozy") => only = Some(Crate::Cozy),
                Some("shakmaty") => only = Some(Crate::Shakmaty),
                _ => return usage("--only takes sliders, sliders-sorted, cozy or shakmaty"),
            },
            "--workload" => match args.next().as_deref() {
                Some("perft") => workloads = vec![Workload::Perft],
                Some("quiescence") => workloads = vec![Workload::Quiescence],
                Some("search") => workloads = vec![Workload::Search],
                _ => return usage("--workload takes perft, quiescence or search"),
            },
            other => return usage(&format!("unknown argument {other:?}")),
        }
    }
    outln!("{}", sliders_bench::build_line());
    let inputs = Inputs::standard(scale);
    if let Some(krate) = only {
        for &workload in &workloads {
            let start = Instant::now();
            for _ in 0..rounds {
                std::hint::black_box(run(krate, workload, &inputs));
            }
            outln!(
                "{} {}: {:.1} ms a run",
                krate.name(),
                workload.name(),
                start.elapsed().as_secs_f64() * 1e3 / rounds as f64
            );
        }
        return ExitCode::SUCCESS;
    }
    // The trees first: every crate must visit the same nodes, checks and scores.
    let mut tallies: Vec<(Workload, Tally)> = Vec::new();
    for &workload in &workloads {
        let reference = run(Crate::Cozy, workload, &inputs);
        for krate in Crate::ALL {
            let t = run(krate, workload, &inputs);
            if t != reference {
                errln!(
                    "engine-loop: {} on {}: {t:?}, but cozy-chess visited {reference:?}",
                    krate.name(),
                    workload.name()
                );
                return ExitCode::FAILURE;
            }
        }
        tallies.push((workload, reference));
    }
    outln!(
        "{} rounds; per round each crate runs each workload once, the order rotating; \
         ratio = time / cozy-chess's time in the same round, median (min-max) of the rounds",
        rounds
    );
    outln!(
        "| workload | nodes | cozy-chess ms | shakmaty / cozy | sliders / cozy | sliders, sort in the engine / cozy |\n|---|---:|---:|---:|---:|---:|"
    );
    for (workload, tally) in tallies {
        let mut times = vec![Vec::new(); Crate::ALL.len()];
        for round in 0..rounds {
            for k in 0..Crate::ALL.len() {
                let i = (k + round) % Crate::ALL.len();
                let start = Instant::now();
                let t = run(Crate::ALL[i], workload, &inputs);
                times[i].push(start.elapsed().as_secs_f64());
                std::hint::black_box(t);
            }
        }
        let cell = |i: usize| {
            let (lo, hi) = paired_ratio_range(&times[i], &times[0]);
            format!(
                "**{:.2}** ({lo:.2}-{hi:.2})",
                paired_ratio(&times[i], &times[0])
            )
        };
        outln!(
            "| {} | {} | {:.0} | {} | {} | {} |",
            workload.name(),
            tally.nodes,
            median(&times[0]) * 1e3,
            cell(1),
            cell(2),
            cell(3)
        );
    }
    ExitCode::SUCCESS
}

fn usage(message: &str) -> ExitCode {
    errln!("engine-loop: {message}; usage: engine-loop [--rounds N] [--smoke] [--only CRATE] [--workload NAME]");
    ExitCode::from(2)
}
