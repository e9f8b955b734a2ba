//! Times the whole fancy search (all 128 squares) on one thread, repeatedly; run under
//! `perf stat -e task-clock` to get CPU time on a busy machine:
//! `finder_time <stockfish|tuned|N> [REPS] [THREADS]`.

use sliders_search::finder::{all_targets, find, FindOptions, Seeding};
use sliders_search::SchemeKind;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeding = Seeding::parse(args.get(1).map_or("stockfish", |s| s)).expect("seed");
    let reps: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let opts = FindOptions::new(SchemeKind::Fancy, seeding);
    let targets = all_targets();
    let mut best = f64::MAX;
    let mut tested = 0;
    for _ in 0..reps {
        let start = std::time::Instant::now();
        let outcome = pool.install(|| find(&targets, &opts, None).unwrap());
        best = best.min(start.elapsed().as_secs_f64());
        tested = outcome.found.iter().map(|f| f.tested).sum::<u64>();
    }
    println!(
        "{}: {tested} candidates tested; best wall {:.2} ms over {reps} runs on {threads} thread(s)",
        seeding.name(),
        best * 1e3
    );
}
