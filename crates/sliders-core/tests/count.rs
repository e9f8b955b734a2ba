//! `Scheme::count` is a popcount through every scheme, with and without the `Popcnt`
//! wrapper (whose inline-assembly POPCNT this covers on CPUs that have it).

use sliders_core::schemes::{Hyperbola, Popcnt, Scheme, SchemeId, WithScheme};
use sliders_core::Bitboard;

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
        sliders_core::cpu::has_popcnt()
    );
    if let Some(counted) = Popcnt::wrap(Hyperbola) {
        for b in sets() {
            assert_eq!(counted.count(Bitboard(b)), b.count_ones());
        }
    }
}

/// Only the AVX2 vector scheme asks hot loops to enter AVX2 code (movegen's perft does),
/// and the POPCNT wrapper passes that on; the GFNI path needs more than AVX2, so it
/// does not ask.
#[test]
fn only_the_avx2_vector_scheme_asks_for_avx2_code() {
    use sliders_core::schemes::{SimdAvx2, SimdGfni, SimdScalar};
    const {
        assert!(SimdAvx2::AVX2_LOOKUPS);
        assert!(<Popcnt<SimdAvx2> as Scheme>::AVX2_LOOKUPS);
        assert!(!SimdGfni::AVX2_LOOKUPS);
        assert!(!SimdScalar::AVX2_LOOKUPS);
        assert!(!Hyperbola::AVX2_LOOKUPS);
        assert!(!<Popcnt<Hyperbola> as Scheme>::AVX2_LOOKUPS);
    }
}
