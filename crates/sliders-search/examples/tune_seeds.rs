//! Tunes the per-(piece, rank) seeds of `--seed tuned`:
//! `cargo run --release -p sliders-search --example tune_seeds -- [MAX_SEED]`.

use sliders_search::finder::{tune_seeds, FindOptions, Seeding};
use sliders_search::SchemeKind;

fn main() {
    let max: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1024);
    let opts = FindOptions::new(SchemeKind::Fancy, Seeding::Seed(1));
    let start = std::time::Instant::now();
    let (seeds, work) = tune_seeds(&opts, max);
    println!("seeds 1..={max}, {:.1} s", start.elapsed().as_secs_f64());
    println!("{seeds:?}");
    println!(
        "work per group: {work:?}, total {}",
        work.iter().sum::<u64>()
    );
}
