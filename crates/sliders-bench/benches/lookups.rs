//! Rook + bishop lookups of every available sliders scheme and of cozy-chess 0.3.4,
//! shakmaty 0.30 and chess 3.2, on the same pre-generated (square, occupancy) pairs at
//! three densities.
//!
//! `cargo bench -p sliders-bench --bench lookups`
//!
//! Honesty (see `sliders_bench::lookups`): the pairs are generated and converted to each
//! crate's types before timing; every occupancy goes through `black_box` on its way into
//! each lookup, so the loop cannot become vector gathers; the XOR of all answers goes
//! through `black_box`, and every crate's XOR must equal the classical one before timing.
//! Criterion times one function at a time; `peer-perft --lookups` interleaves them.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sliders_bench::lookups::{self, Density, Inputs, Lookup};

const PAIRS: usize = 1 << 16;

fn bench(c: &mut Criterion) {
    let all = Lookup::all();
    for density in Density::ALL {
        let pairs = lookups::pairs(density, PAIRS);
        let inputs = Inputs::new(&pairs);
        if let Err(e) = lookups::check_all(&inputs, &all) {
            panic!("{e}");
        }
        let mut group = c.benchmark_group(format!("lookups/{}", density.name()));
        group.throughput(Throughput::Elements(PAIRS as u64));
        group.sample_size(20);
        group.warm_up_time(std::time::Duration::from_millis(300));
        group.measurement_time(std::time::Duration::from_secs(1));
        for &lookup in &all {
            group.bench_function(lookup.name(), |b| {
                b.iter(|| black_box(inputs.run(black_box(lookup))))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
