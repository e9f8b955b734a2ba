//! Every scheme on the same 1 M pre-generated random (square, occupancy) pairs, one rook
//! and one bishop lookup per pair, results consumed.
//!
//! `cargo bench -p sliders-bench --bench schemes`
//!
//! Honesty: the inputs are generated before timing; each occupancy passes through
//! `black_box` so the loop cannot be turned into vector gathers (a move generator asks
//! one lookup at a time), and the XOR of all answers goes through `black_box` too.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sliders_bench::lookups::LookupChecksum;
use sliders_core::schemes::SchemeId;
use sliders_core::{Bitboard, Square};

const PAIRS: usize = 1 << 20;

fn inputs() -> Vec<(Square, Bitboard)> {
    let mut state = 0x853c_49e6_748f_ea9bu64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    (0..PAIRS)
        .map(|_| {
            let square = Square::index_wrapping(next() as usize);
            // About a third of the board occupied: a middlegame density.
            let occupied =
                Bitboard(next() & (next() | next()) & !next() | (next() & next() & next()));
            (square, occupied)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let pairs = inputs();
    let mut group = c.benchmark_group("rook+bishop per pair");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.sample_size(20);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(3));
    let expected = SchemeId::Classical.run(LookupChecksum(&pairs)).ok();
    for &id in SchemeId::ALL {
        if !id.is_available() {
            continue;
        }
        // Every scheme must give the classical answer on the benchmark's own inputs.
        assert_eq!(id.run(LookupChecksum(&pairs)).ok(), expected, "{id}");
        group.bench_function(id.name(), |b| {
            b.iter(|| black_box(id.run(LookupChecksum(&pairs)).ok()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
