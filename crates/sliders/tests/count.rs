//! `Scheme::count` is a popcount through every scheme, with and without the `Popcnt`
//! wrapper (whose inline-assembly POPCNT this covers on CPUs that have it).

use sliders::schemes::{Hyperbola, Popcnt, Scheme, SchemeId, WithScheme};
use sliders::Bitboard;

struct Counts(Vec<u64>);
impl WithScheme for Counts {
    type Output = Vec<u32>;
    fn run<S: Scheme>(self, scheme: S) -> Vec<u32> {
        self.0.iter().map(|&b| scheme.count(Bitboard(b))).collect()
    }
}

fn sets() -> Vec<u64> {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut out = vec![0, u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001];
    for _ in 0..10_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        out.push(state & state.rotate_left(17));
    }
    out
}

#[test]
fn count_is_popcount_through_every_scheme() {
    let sets = sets();
    let expected: Vec<u32> = sets.iter().map(|b| b.count_ones()).collect();
    for &id in SchemeId::ALL {
        let results = [
            id.run(Counts(sets.clone())).ok(),
            id.run_plain(Counts(sets.clone())).ok(),
        ];
        for counts in results.into_iter().flatten() {
            assert_eq!(counts, expected, "{id}");
        }
    }
}

#[test]
fn the_wrapper_exists_exactly_when_cpuid_reports_popcnt() {
    assert_eq!(
        Popcnt::wrap(Hyperbola).is_some(),
        sliders::cpu::has_popcnt()
    );
    if let Some(counted) = Popcnt::wrap(Hyperbola) {
        for b in sets() {
            assert_eq!(counted.count(Bitboard(b)), b.count_ones());
        }
    }
}
