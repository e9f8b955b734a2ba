//! Finder benchmarks: the whole fancy search (Stockfish's seeds, our tuned seeds, seed 1)
//! on one thread, and the candidate-test throughput of a record hunt (bishop a1 with 5
//! bits, dense candidates, no filter), per core.
//!
//! `cargo bench -p sliders-search --bench finder`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sliders_core::{RookOrBishop, Square};
use sliders_search::finder::{all_targets, find, CandidateKind, FindOptions, Seeding, Target};
use sliders_search::SchemeKind;

fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
}

fn full_search(c: &mut Criterion) {
    let pool = one_thread();
    let targets = all_targets();
    let mut group = c.benchmark_group("fancy_all_128_one_thread");
    group.sample_size(20);
    for (name, seeding) in [
        ("stockfish_seeds", Seeding::Stockfish),
        ("tuned_seeds", Seeding::Tuned),
        ("seed_1", Seeding::Seed(1)),
    ] {
        let opts = FindOptions::new(SchemeKind::Fancy, seeding);
        group.bench_function(name, |b| {
            b.iter(|| pool.install(|| find(&targets, &opts, None).unwrap()))
        });
    }
    group.finish();
}

fn record_hunt_throughput(c: &mut Criterion) {
    let pool = one_thread();
    let target = [Target {
        piece: RookOrBishop::Bishop,
        square: Square::A1,
        bits: 5,
    }];
    let mut opts = FindOptions::new(SchemeKind::Fancy, Seeding::Seed(12345));
    opts.kind = CandidateKind::Dense;
    opts.min_top_popcount = 0;
    const N: u64 = 4 << 20;
    opts.max_candidates = Some(N);
    let mut group = c.benchmark_group("record_hunt_bishop_a1_5_bits");
    group.sample_size(10);
    group.throughput(Throughput::Elements(N));
    group.bench_function("candidate_tests_one_core", |b| {
        b.iter(|| pool.install(|| find(&target, &opts, None).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, full_search, record_hunt_throughput);
criterion_main!(benches);
