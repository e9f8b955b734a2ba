//! Every scheme against the reference ray walk: for every square, rook and bishop, every
//! subset of the relevant mask, and the same subset with random bits outside the mask.

use sliders::reference::{self, bishop_mask, rook_mask};
use sliders::schemes::{Scheme, SchemeId, WithScheme};
use sliders::{Bitboard, Slider, Square};

/// xorshift64*: deterministic noise, no dependency.
struct Noise(u64);
impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Checks one scheme; returns how many lookups it compared.
struct Exhaustive;
impl WithScheme for Exhaustive {
    type Output = usize;
    fn run<S: Scheme>(self, scheme: S) -> usize {
        let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for square in Square::ALL {
            for (slider, mask) in [
                (Slider::Rook, rook_mask(square)),
                (Slider::Bishop, bishop_mask(square)),
            ] {
                for subset in mask.subsets() {
                    let outside = Bitboard(noise.next()) - mask;
                    for occupied in [subset, subset | outside, subset | !mask] {
                        let expected = reference::attacks(slider, square, occupied);
                        let got = scheme.attacks(slider, square, occupied);
                        assert_eq!(
                            got,
                            expected,
                            "{}: {} on {square}, occupied {occupied:?}",
                            scheme.name(),
                            slider.name()
                        );
                        checked += 1;
                    }
                }
            }
            // Queens are a rook plus a bishop; check the trait's composition too.
            let occupied = Bitboard(noise.next());
            assert_eq!(
                scheme.queen_attacks(square, occupied),
                reference::queen_attacks(square, occupied)
            );
        }
        checked
    }
}

fn check(id: SchemeId) {
    match id.run(Exhaustive) {
        // 107,648 relevant occupancies, each three ways.
        Ok(checked) => assert_eq!(checked, 3 * 107_648, "{id}"),
        Err(_) => {
            let tableless = matches!(
                id,
                SchemeId::Classical
                    | SchemeId::Hyperbola
                    | SchemeId::KoggeStone
                    | SchemeId::Simd
                    | SchemeId::SimdScalar
            );
            let instructions = match id {
                SchemeId::Pext | SchemeId::PextPdep => !sliders::cpu::has_bmi2(),
                SchemeId::SimdAvx2 => !sliders::cpu::has_avx2(),
                _ => false,
            };
            assert!(
                !tableless && (instructions || !cfg!(feature = "tables")),
                "{id} is unavailable, but only a scheme whose instructions this CPU lacks, or a table scheme in a build without tables, may be"
            );
            eprintln!("{id}: skipped, unavailable in this build or on this CPU");
        }
    }
}

#[test]
fn classical() {
    check(SchemeId::Classical);
}

#[test]
fn fancy() {
    check(SchemeId::Fancy);
}

#[test]
fn fancy_best() {
    check(SchemeId::FancyBest);
}

#[test]
fn fancy32() {
    check(SchemeId::Fancy32);
}

#[test]
fn plain() {
    check(SchemeId::Plain);
}

#[test]
fn fixed_shift() {
    check(SchemeId::FixedShift);
}

#[test]
fn black() {
    check(SchemeId::Black);
}

#[test]
fn pext() {
    check(SchemeId::Pext);
}

#[test]
fn pext_pdep() {
    check(SchemeId::PextPdep);
}

#[test]
fn byte_lookup() {
    check(SchemeId::ByteLookup);
}

#[test]
fn hyperbola() {
    check(SchemeId::Hyperbola);
}

#[test]
fn kogge_stone() {
    check(SchemeId::KoggeStone);
}

#[test]
fn shift_in_magic() {
    check(SchemeId::ShiftInMagic);
}

#[test]
fn offset_in_magic() {
    check(SchemeId::OffsetInMagic);
}

#[test]
fn shared() {
    check(SchemeId::Shared);
}

#[test]
fn simd() {
    check(SchemeId::Simd);
}

#[test]
fn simd_avx2() {
    check(SchemeId::SimdAvx2);
}

#[test]
fn simd_scalar() {
    check(SchemeId::SimdScalar);
}

/// The GFNI path has no id of its own (`simd` takes it where it exists): test it directly.
#[test]
fn simd_gfni() {
    match sliders::schemes::SimdGfni::detect() {
        Some(gfni) => assert_eq!(Exhaustive.run(gfni), 3 * 107_648),
        None => eprintln!("simd-gfni: skipped, no GFNI here"),
    }
}

/// Every batch path, on every relevant occupancy of every square (as queen queries).
#[test]
fn simd_batch_every_path() {
    let mut noise = Noise(99);
    let mut queries = Vec::new();
    for square in Square::ALL {
        for mask in [rook_mask(square), bishop_mask(square)] {
            for subset in mask.subsets() {
                queries.push((square, subset | (Bitboard(noise.next()) - mask)));
            }
        }
    }
    // An odd count exercises the AVX-512 path's leftover query.
    queries.push((Square::H8, Bitboard::FULL));
    let expected: Vec<Bitboard> = queries
        .iter()
        .map(|&(sq, occ)| reference::queen_attacks(sq, occ))
        .collect();
    for path in ["avx512", "gfni", "avx2", "scalar"] {
        let mut out = vec![Bitboard::EMPTY; queries.len()];
        sliders::schemes::simd::batch_with(path, &queries, &mut out);
        assert!(
            out == expected,
            "batch path {path} differs from the reference"
        );
    }
    let mut out = vec![Bitboard::EMPTY; queries.len()];
    sliders::schemes::simd::queen_attacks_batch(&queries, &mut out);
    assert!(out == expected);
    eprintln!(
        "batch path on this CPU: {}",
        sliders::schemes::simd::batch_path()
    );
}

#[test]
fn every_scheme_has_an_exhaustive_test_above() {
    // Adding a SchemeId without a test here fails this count.
    assert_eq!(SchemeId::ALL.len(), 18);
}

#[test]
fn table_sizes_are_the_published_ones() {
    let entries = |id: SchemeId| id.table_bytes() / 8;
    assert_eq!(entries(SchemeId::Fancy), 107_648);
    assert_eq!(entries(SchemeId::FancyBest), 92_864);
    assert_eq!(entries(SchemeId::Fancy32), 107_648);
    assert_eq!(entries(SchemeId::Plain), 294_912);
    assert_eq!(entries(SchemeId::FixedShift), 88_772);
    assert_eq!(entries(SchemeId::Black), 87_988);
    assert_eq!(entries(SchemeId::Shared), 57_952);
    // Our own search's set (tests/data/own/offset_in_magic_sliders.csv); the literal
    // is checked against the built table below.
    assert_eq!(entries(SchemeId::OffsetInMagic), 226_716);
    assert_eq!(entries(SchemeId::Pext), 107_648);
    assert_eq!(SchemeId::PextPdep.table_bytes(), 107_648 * 2);
    assert_eq!(
        SchemeId::ByteLookup.table_bytes(),
        107_648 + (4_900 + 1_428) * 8
    );
    struct Bytes;
    impl WithScheme for Bytes {
        type Output = usize;
        fn run<S: Scheme>(self, scheme: S) -> usize {
            scheme.table_bytes()
        }
    }
    for &id in SchemeId::ALL {
        if let Ok(bytes) = id.run(Bytes) {
            assert_eq!(bytes, id.table_bytes(), "{id}");
        }
    }
}

#[test]
fn free_functions_agree_with_the_reference() {
    let mut noise = Noise(7);
    for _ in 0..10_000 {
        let square = Square::index_wrapping(noise.next() as usize);
        let occupied = Bitboard(noise.next() & noise.next());
        assert_eq!(
            sliders::rook_attacks(square, occupied),
            reference::rook_attacks(square, occupied)
        );
        assert_eq!(
            sliders::bishop_attacks(square, occupied),
            reference::bishop_attacks(square, occupied)
        );
        assert_eq!(
            sliders::queen_attacks(square, occupied),
            reference::queen_attacks(square, occupied)
        );
    }
}
