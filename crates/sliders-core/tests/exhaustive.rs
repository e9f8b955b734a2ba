//! Every compiled-in scheme against the reference ray walk, and the reference against an
//! independent formulation: for every square, rook and bishop, every subset of the
//! relevant mask, the same subset with random bits outside the mask, and with every bit
//! outside the mask set.

use sliders_core::reference::{self, bishop_mask, rook_mask};
use sliders_core::schemes::{Scheme, SchemeId, WithScheme, KNOWN};
use sliders_core::{Bitboard, Slider, Square};

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

/// Every relevant occupancy three ways: (slider, square, occupied).
fn occupancies() -> Vec<(Slider, Square, Bitboard)> {
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::with_capacity(3 * 107_648);
    for square in Square::ALL {
        for (slider, mask) in [
            (Slider::Rook, rook_mask(square)),
            (Slider::Bishop, bishop_mask(square)),
        ] {
            for subset in mask.subsets() {
                let outside = Bitboard(noise.next()) - mask;
                for occupied in [subset, subset | outside, subset | !mask] {
                    out.push((slider, square, occupied));
                }
            }
        }
    }
    out
}

/// The attacks by another route than the ray walk: a square is attacked when it lies on
/// one of the slider's lines (by file and rank arithmetic) and every square strictly
/// between the two is empty. Shares no code with `sliders_core::reference`.
fn attacks_by_betweenness(slider: Slider, from: Square, occupied: Bitboard) -> Bitboard {
    let (f0, r0) = (from as i32 % 8, from as i32 / 8);
    let mut out = 0u64;
    for to in 0..64i32 {
        let (f1, r1) = (to % 8, to / 8);
        let (df, dr) = (f1 - f0, r1 - r0);
        if df == 0 && dr == 0 {
            continue;
        }
        let straight = df == 0 || dr == 0;
        let diagonal = df.abs() == dr.abs();
        let on_line = match slider {
            Slider::Rook => straight,
            Slider::Bishop => diagonal,
            Slider::Queen => straight || diagonal,
        };
        if !on_line {
            continue;
        }
        let steps = df.abs().max(dr.abs());
        let clear = (1..steps).all(|k| {
            let between = (r0 + dr / steps * k) * 8 + (f0 + df / steps * k);
            occupied.0 >> between & 1 == 0
        });
        if clear {
            out |= 1 << to;
        }
    }
    Bitboard(out)
}

#[test]
fn the_reference_agrees_with_an_independent_formulation() {
    let all = occupancies();
    assert_eq!(all.len(), 3 * 107_648);
    for (slider, square, occupied) in all {
        assert_eq!(
            reference::attacks(slider, square, occupied),
            attacks_by_betweenness(slider, square, occupied),
            "{} on {square}, occupied {occupied:?}",
            slider.name()
        );
    }
    let mut noise = Noise(3);
    for square in Square::ALL {
        let occupied = Bitboard(noise.next());
        assert_eq!(
            reference::queen_attacks(square, occupied),
            attacks_by_betweenness(Slider::Queen, square, occupied)
        );
    }
}

/// Checks one scheme on every occupancy; returns how many lookups it compared.
struct Exhaustive<'a>(&'a [(Slider, Square, Bitboard)]);
impl WithScheme for Exhaustive<'_> {
    type Output = usize;
    fn run<S: Scheme>(self, scheme: S) -> usize {
        for &(slider, square, occupied) in self.0 {
            assert_eq!(
                scheme.attacks(slider, square, occupied),
                reference::attacks(slider, square, occupied),
                "{}: {} on {square}, occupied {occupied:?}",
                scheme.name(),
                slider.name()
            );
        }
        // Queens are a rook plus a bishop; check the trait's composition too.
        let mut noise = Noise(11);
        for square in Square::ALL {
            let occupied = Bitboard(noise.next());
            assert_eq!(
                scheme.queen_attacks(square, occupied),
                reference::queen_attacks(square, occupied),
                "{}: queen on {square}",
                scheme.name()
            );
        }
        self.0.len()
    }
}

/// Whether this CPU lacks an instruction the scheme needs.
fn lacks_instructions(id: SchemeId) -> bool {
    match id.name() {
        "pext" | "pext-pdep" => !sliders_core::cpu::has_bmi2(),
        "simd-avx2" => !sliders_core::cpu::has_avx2(),
        _ => false,
    }
}

/// What std's own detection (`is_x86_feature_detected!`) says of the instructions a
/// scheme needs (`None` for a scheme that needs none): the witness a skip is checked by.
fn std_detects_instructions(id: SchemeId) -> Option<(&'static str, bool)> {
    #[cfg(target_arch = "x86_64")]
    let (bmi2, avx2) = (
        std::arch::is_x86_feature_detected!("bmi2"),
        std::arch::is_x86_feature_detected!("avx2"),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let (bmi2, avx2) = (false, false);
    match id.name() {
        "pext" | "pext-pdep" => Some(("BMI2", bmi2)),
        "simd-avx2" => Some(("AVX2", avx2)),
        _ => None,
    }
}

/// For a batch path this CPU lacks (as `sliders_core::cpu` says), what it needs and
/// whether std's own detection sees it; `None` for a path this CPU runs.
fn std_detects_batch_path(path: &str) -> Option<(&'static str, bool)> {
    use sliders_core::cpu;
    #[cfg(target_arch = "x86_64")]
    let std = |feature: &str| match feature {
        "avx2" => std::arch::is_x86_feature_detected!("avx2"),
        "gfni" => std::arch::is_x86_feature_detected!("gfni"),
        "avx512f" => std::arch::is_x86_feature_detected!("avx512f"),
        "avx512bw" => std::arch::is_x86_feature_detected!("avx512bw"),
        _ => unreachable!(),
    };
    #[cfg(not(target_arch = "x86_64"))]
    let std = |_: &str| false;
    match path {
        "avx512" if !cpu::has_avx512() => Some((
            "AVX-512 F and BW with GFNI",
            std("avx512f") && std("avx512bw") && std("gfni") && std("avx2"),
        )),
        "gfni" if !cpu::has_gfni() => Some(("GFNI with AVX2", std("gfni") && std("avx2"))),
        "avx2" if !cpu::has_avx2() => Some(("AVX2", std("avx2"))),
        _ => None,
    }
}

/// A test (or a part of one, `what`) skipped because this CPU lacks `feature`. CI's
/// machines vary (AMD Zen 1 to 5, Intel Xeon), so the feature may honestly be missing
/// there, but the skip must prove itself: under CI (`CI` set) std's own detection
/// (`std_detects`) must agree that it is missing, so a scheme that wrongly calls itself
/// unavailable fails instead of skipping. The skip is said on stderr with its reason.
fn skip_for_want_of(what: &str, feature: &str, std_detects: bool) {
    if std_detects {
        let disagree = format!("{what}: skipped for want of {feature}, but std detects it");
        assert!(std::env::var_os("CI").is_none(), "{disagree}");
        eprintln!("warning: {disagree} (a failure under CI)");
    }
    eprintln!("skipped: {what}: this CPU lacks {feature}");
}

/// Every scheme in the registry, by construction: a scheme added to the registry is
/// checked here without a line of its own.
#[test]
fn every_compiled_scheme_matches_the_reference_on_every_occupancy() {
    let all = occupancies();
    let mut checked = Vec::new();
    for &id in SchemeId::ALL {
        match id.run(Exhaustive(&all)) {
            Ok(count) => {
                assert_eq!(count, 3 * 107_648, "{id}");
                checked.push(id.name());
            }
            Err(_) => {
                assert!(
                    lacks_instructions(id),
                    "{id} is unavailable, but only a scheme whose instructions this CPU lacks may be"
                );
                let (feature, std_detects) = std_detects_instructions(id)
                    .unwrap_or_else(|| panic!("{id} is unavailable but needs no instruction"));
                skip_for_want_of(&format!("{id}"), feature, std_detects);
            }
        }
    }
    eprintln!("checked exhaustively: {}", checked.join(", "));
    // The always-present schemes are never skipped.
    for name in [
        "classical",
        "hyperbola",
        "kogge-stone",
        "simd",
        "simd-scalar",
    ] {
        assert!(checked.contains(&name), "{name}");
    }
}

/// The registry knows the 18 schemes the CLI contract names, in its order, with the
/// features `Cargo.toml` declares; a scheme is compiled in exactly when its feature is on.
#[test]
fn the_registry_knows_every_scheme() {
    let contract = [
        "classical",
        "fancy",
        "fancy-best",
        "fancy32",
        "plain",
        "fixed-shift",
        "black",
        "pext",
        "pext-pdep",
        "byte-lookup",
        "hyperbola",
        "kogge-stone",
        "shift-in-magic",
        "shared",
        "offset-in-magic",
        "simd",
        "simd-avx2",
        "simd-scalar",
    ];
    let names: Vec<&str> = KNOWN.iter().map(|known| known.name).collect();
    assert_eq!(names, contract);
    // The features this build was compiled with, read by the compiler, not the registry.
    let enabled = [
        ("black", cfg!(feature = "black")),
        ("byte-lookup", cfg!(feature = "byte-lookup")),
        ("fancy", cfg!(feature = "fancy")),
        ("fancy-best", cfg!(feature = "fancy-best")),
        ("fancy32", cfg!(feature = "fancy32")),
        ("fixed-shift", cfg!(feature = "fixed-shift")),
        ("offset-in-magic", cfg!(feature = "offset-in-magic")),
        ("pext", cfg!(feature = "pext")),
        ("pext-pdep", cfg!(feature = "pext-pdep")),
        ("plain", cfg!(feature = "plain")),
        ("shared", cfg!(feature = "shared")),
        ("shift-in-magic", cfg!(feature = "shift-in-magic")),
    ];
    for known in KNOWN {
        let compiled = SchemeId::from_name(known.name).is_some();
        match known.feature {
            None => assert!(compiled, "{} is always compiled in", known.name),
            Some(feature) => {
                assert_eq!(
                    feature, known.name,
                    "a scheme's feature is named as the scheme"
                );
                let on = enabled
                    .iter()
                    .find(|(f, _)| *f == feature)
                    .map(|(_, on)| *on);
                assert_eq!(on, Some(compiled), "{}", known.name);
            }
        }
    }
    if cfg!(feature = "all-schemes") {
        assert_eq!(SchemeId::ALL.len(), 18);
    }
}

/// The GFNI path has no id of its own (`simd` takes it where it exists): test it directly.
#[test]
fn simd_gfni() {
    match sliders_core::schemes::SimdGfni::detect() {
        Some(gfni) => assert_eq!(Exhaustive(&occupancies()).run(gfni), 3 * 107_648),
        // `SimdGfni` runs VEX-encoded GFNI, so it needs AVX2 as well.
        #[cfg(target_arch = "x86_64")]
        None => skip_for_want_of(
            "simd-gfni",
            "GFNI with AVX2",
            std::arch::is_x86_feature_detected!("gfni")
                && std::arch::is_x86_feature_detected!("avx2"),
        ),
        #[cfg(not(target_arch = "x86_64"))]
        None => skip_for_want_of("simd-gfni", "GFNI with AVX2", false),
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
        // A path this CPU lacks falls back to the scalar one: say so, and prove it.
        if let Some((feature, std_detects)) = std_detects_batch_path(path) {
            skip_for_want_of(&format!("simd batch path {path}"), feature, std_detects);
        }
        let mut out = vec![Bitboard::EMPTY; queries.len()];
        sliders_core::schemes::simd::batch_with(path, &queries, &mut out);
        assert!(
            out == expected,
            "batch path {path} differs from the reference"
        );
    }
    let mut out = vec![Bitboard::EMPTY; queries.len()];
    sliders_core::schemes::simd::queen_attacks_batch(&queries, &mut out);
    assert!(out == expected);
    eprintln!(
        "batch path on this CPU: {}",
        sliders_core::schemes::simd::batch_path()
    );
}

#[test]
fn table_sizes_are_the_published_ones() {
    let published: [(&str, usize); 12] = [
        ("fancy", 107_648 * 8),
        // The published best set with Caissa's rooks d1, g1 at 10 bits and our rooks c2,
        // d2, e2 at 9 bits (tests/data/own/fancy_best_89280.csv).
        ("fancy-best", 89_280 * 8),
        ("fancy32", 107_648 * 8),
        ("plain", 294_912 * 8),
        ("fixed-shift", 88_772 * 8),
        ("black", 87_988 * 8),
        ("shared", 56_928 * 8),
        // Our own search's set (tests/data/own/offset_in_magic_sliders.csv).
        ("offset-in-magic", 226_716 * 8),
        ("pext", 107_648 * 8),
        ("shift-in-magic", 107_648 * 8),
        ("pext-pdep", 107_648 * 2),
        ("byte-lookup", 107_648 + (4_900 + 1_428) * 8),
    ];
    for (name, bytes) in published {
        match SchemeId::from_name(name) {
            Some(id) => assert_eq!(id.table_bytes(), bytes, "{name}"),
            None if cfg!(feature = "all-schemes") => panic!("{name} is missing"),
            None => {}
        }
    }
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
            sliders_core::rook_attacks(square, occupied),
            reference::rook_attacks(square, occupied)
        );
        assert_eq!(
            sliders_core::bishop_attacks(square, occupied),
            reference::bishop_attacks(square, occupied)
        );
        assert_eq!(
            sliders_core::queen_attacks(square, occupied),
            reference::queen_attacks(square, occupied)
        );
    }
}
