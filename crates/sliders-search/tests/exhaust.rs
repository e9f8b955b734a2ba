//! Issue 24's second method: the exhaustive search with interval pruning
//! (`sliders_search::prove::exhaust`), against a plain brute force where the period is
//! small enough to try every magic, and against the answers of the status file
//! (`tests/data/magics/niklasf_magics_square_status.csv`) and of the SAT formula.
//!
//! The search visits the magic's bits from the top, 0 before 1, so the first magic it
//! finds is the smallest that works: a brute force counting up from 0 must stop at the
//! same one, and must find none where the search finds none.

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::exhaust::{
    exhaust, merge, works, Exhaust, ExhaustOptions, ExhaustState, Order,
};
use sliders_search::prove::{verify_magic, IndexScheme, ProveError, Question};

const STATUS: &str = include_str!("../../../tests/data/magics/niklasf_magics_square_status.csv");

/// A fresh directory of this test's own (`sliders-<what>-<random>` in the temp
/// directory), removed when dropped: when the test ends, passed or panicked.
fn scratch(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("sliders-{what}-"))
        .tempdir()
        .unwrap()
}

fn question(piece: RookOrBishop, square: Square, bits: u32) -> Question {
    Question {
        piece,
        square,
        bits,
        scheme: IndexScheme::Fancy,
    }
}

/// The magics of `magics` that map every occupancy without a destructive collision,
/// tried one by one with the index as the scheme defines it (`occupied & mask`, or
/// `occupied | !mask` for black) and a table of their own (not the search's test).
fn brute_force_over(q: &Question, magics: impl Iterator<Item = u64>) -> impl Iterator<Item = u64> {
    let mask = q.piece.mask(q.square);
    let black = q.scheme == IndexScheme::Black;
    let occupancies: Vec<(u64, u64)> = mask
        .subsets()
        .map(|o| {
            let relevant = if black { o.0 | !mask.0 } else { o.0 };
            (relevant, q.piece.attacks(q.square, o).0)
        })
        .collect();
    let shift = 64 - q.bits;
    let mut table = vec![(0u64, 0u32); 1 << q.bits];
    let mut stamp = 0u32;
    magics.filter(move |&magic| {
        stamp = stamp.wrapping_add(1);
        occupancies.iter().all(|&(relevant, attacks)| {
            let i = (relevant.wrapping_mul(magic) >> shift) as usize;
            let clash = table[i].1 == stamp && table[i].0 != attacks;
            table[i] = (attacks, stamp);
            !clash
        })
    })
}

/// Every magic below the period (counting down if `descending`) that works.
fn brute_force_magics(q: &Question, descending: bool) -> impl Iterator<Item = u64> {
    let all = 0..1u64 << q.period_bits();
    let magics: Box<dyn Iterator<Item = u64>> = if descending {
        Box::new(all.rev())
    } else {
        Box::new(all)
    };
    brute_force_over(q, magics)
}

/// The smallest magic below the period that works (the largest if `descending`).
fn brute_force_in(q: &Question, descending: bool) -> Option<u64> {
    brute_force_magics(q, descending).next()
}

/// The smallest magic below the period that works, the two halves of the range tried at
/// once (one thread each; the upper half stops when the lower one has found a magic):
/// the same answer as [`brute_force_in`] ascending, in half the time on two cores.
fn brute_force(q: &Question) -> Option<u64> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let half = 1u64 << (q.period_bits() - 1);
    let low_found = AtomicBool::new(false);
    std::thread::scope(|s| {
        let high = s.spawn(|| {
            brute_force_over(
                q,
                (half..2 * half).take_while(|_| !low_found.load(Ordering::Relaxed)),
            )
            .next()
        });
        let low = brute_force_over(q, 0..half).next();
        low_found.store(low.is_some(), Ordering::Relaxed);
        let high = high.join().expect("the upper half's thread");
        low.or(high)
    })
}

fn first_found(q: &Question) -> Option<u64> {
    first_found_in(q, false)
}

fn first_found_in(q: &Question, descending: bool) -> Option<u64> {
    let ex = Exhaust::new(q).unwrap();
    let done = exhaust(
        q,
        &ExhaustOptions {
            order: if descending {
                Order::Descending
            } else {
                Order::Ascending
            },
            ..ExhaustOptions::default()
        },
    )
    .unwrap();
    let answer = done.answer.expect("no time limit");
    if let Some(magic) = answer {
        assert!(works(&ex, magic));
        assert!(verify_magic(q, magic).is_ok());
    }
    answer
}

#[test]
fn the_search_finds_what_a_brute_force_finds_where_one_can_try_every_magic() {
    // Periods of 26 and 31 bits (bishops d8 and e8, the status file's two smallest):
    // their N-1 questions (none), N (found) and N-2 (none). Every magic below 2^31 is
    // within a brute force's reach.
    let cases = [
        (Square::D8, 4),
        (Square::D8, 5),
        (Square::D8, 3),
        (Square::E8, 5),
        (Square::E8, 4),
    ];
    for (square, bits) in cases {
        let q = question(RookOrBishop::Bishop, square, bits);
        assert_eq!(
            first_found(&q),
            brute_force(&q),
            "bishop {square} with {bits} bits"
        );
    }
}

#[test]
fn descending_the_search_finds_the_largest_magic_a_brute_force_counting_down_finds() {
    // Bishop d8 (period 26): 5 bits (found), 4 (none), 3 (none). The descending search
    // stops at the largest magic below the period, as a brute force counting down does.
    for bits in [5, 4, 3] {
        let q = question(RookOrBishop::Bishop, Square::D8, bits);
        let largest = first_found_in(&q, true);
        assert_eq!(
            largest,
            brute_force_in(&q, true),
            "bishop d8 with {bits} bits"
        );
        assert_eq!(largest.is_some(), first_found(&q).is_some());
    }
    // Its cubes are the same prefixes, in decreasing order.
    let q = question(RookOrBishop::Bishop, Square::B1, 4);
    let up = Exhaust::new(&q).unwrap().cubes(40);
    let mut down = Exhaust::new(&q)
        .unwrap()
        .order(Order::Descending)
        .unwrap()
        .cubes(40);
    assert!(down.windows(2).all(|w| w[0] > w[1]) && up.len() > 10);
    down.reverse();
    assert_eq!(up, down);
}

/// The low-first search's order, written out on its own: the magic's bits cut at every
/// `64 - square` of a mask square and at the cubes' low bits (20, or the period less
/// one), compared as numbers from the lowest piece up.
fn low_first_key(q: &Question, magic: u64) -> Vec<u64> {
    let mask = q.piece.mask(q.square).0;
    let period = q.period_bits();
    let mut cuts: Vec<u32> = (0..64)
        .filter(|b| mask >> b & 1 == 1)
        .map(|b| 64 - b)
        .collect();
    cuts.push(20.min(period - 1));
    cuts.sort_unstable();
    cuts.dedup();
    let mut from = 0;
    cuts.iter()
        .map(|&to| {
            let piece = magic >> from & ((1u64 << (to - from)) - 1);
            from = to;
            piece
        })
        .collect()
}

#[test]
fn low_first_the_search_finds_the_first_magic_of_its_order_that_a_brute_force_finds() {
    // Bishop d8 (period 26): every magic below 2^26 tried. With 5 bits the search from
    // bit 0 up must stop at the brute force's first magic in the low-first order; with
    // 4 and 3 there is none. A search that skipped a value it should have tried would
    // stop at a later magic.
    for bits in [5, 4, 3] {
        let q = question(RookOrBishop::Bishop, Square::D8, bits);
        let expected = brute_force_magics(&q, false).min_by_key(|&m| low_first_key(&q, m));
        let done = exhaust(
            &q,
            &ExhaustOptions {
                order: Order::LowFirst,
                ..ExhaustOptions::default()
            },
        )
        .unwrap();
        assert_eq!(done.answer, Some(expected), "bishop d8 with {bits} bits");
        assert_eq!(expected.is_some(), bits == 5);
    }
    // The cubes are values of the low 20 bits, in the search's order, and searching them
    // one by one finds the whole search's magic.
    let q = question(RookOrBishop::Bishop, Square::D8, 5);
    let ex = Exhaust::new(&q).unwrap().order(Order::LowFirst).unwrap();
    let depth = q.period_bits() - 20;
    let cubes = ex.cubes(depth);
    assert!(cubes.len() > 10 && cubes.iter().all(|&c| c < 1 << 20));
    assert!(cubes
        .windows(2)
        .all(|w| low_first_key(&q, w[0]) < low_first_key(&q, w[1])));
    let first = cubes.iter().find_map(|&c| ex.search_cube(c, depth).found);
    assert_eq!(first, first_found_in_order(&q, Order::LowFirst));
    // Every cube, searched alone, gives the brute force's first magic with its low 20
    // bits (or none where the brute force has none), and no such magic is in a cube the
    // listing pruned: a value skipped anywhere in the walk would show here.
    let mut first_of_cube = std::collections::BTreeMap::new();
    for magic in brute_force_magics(&q, false) {
        let best = first_of_cube
            .entry(magic & ((1 << 20) - 1))
            .or_insert(magic);
        if low_first_key(&q, magic) < low_first_key(&q, *best) {
            *best = magic;
        }
    }
    assert!(first_of_cube.len() > 10);
    assert!(first_of_cube.keys().all(|c| cubes
        .binary_search_by_key(&low_first_key(&q, *c), |&x| low_first_key(&q, x))
        .is_ok()));
    for &cube in &cubes {
        let found = ex.search_cube(cube, depth).found;
        assert_eq!(found, first_of_cube.get(&cube).copied(), "cube {cube:#x}");
    }
}

fn first_found_in_order(q: &Question, order: Order) -> Option<u64> {
    let done = exhaust(
        q,
        &ExhaustOptions {
            order,
            ..ExhaustOptions::default()
        },
    )
    .unwrap();
    let answer = done.answer.expect("no time limit");
    if let Some(magic) = answer {
        assert!(works(&Exhaust::new(q).unwrap(), magic));
        assert!(verify_magic(q, magic).is_ok());
    }
    answer
}

#[test]
fn low_first_the_search_agrees_with_the_status_file_on_high_bishops() {
    // The 4-bit questions of 5-bit-mask bishops whose diagonals stay high (the squares
    // the search from bit 0 up is for): published ones are found, disproved ones are
    // not. (Bishops c7 and f7, whose diagonals reach rank 2 and 3, take over a minute
    // this way; the search from the top is the one for them.)
    for (square, published) in [
        (Square::B8, true),
        (Square::B7, true),
        (Square::C8, false),
        (Square::D8, false),
        (Square::E8, false),
    ] {
        let status = STATUS
            .lines()
            .find(|l| l.starts_with(&format!("bishop,{square},")))
            .unwrap();
        let expected = if published { "published" } else { "disproved" };
        assert_eq!(status.split(',').nth(5), Some(expected), "bishop {square}");
        let q = question(RookOrBishop::Bishop, square, 4);
        let found = first_found_in_order(&q, Order::LowFirst);
        assert_eq!(found.is_some(), published, "bishop {square}");
    }
}

#[test]
fn low_first_the_rank_7_rook_magic_it_found_comes_out_of_its_cube() {
    // `sliders prove rook g7 --bits 9 --exhaust --low-first` (2026-11-24) found
    // 0x0003ffd7d87058c0 in cube 70,912 of 772,636 without being given any of it (the
    // published 9-bit magic is 0x0003ff95e5e6a4c0). Its cube, searched alone, gives the
    // same magic first; it verifies (448 of 512 entries).
    let q = question(RookOrBishop::Rook, Square::G7, 9);
    let magic = 0x0003_ffd7_d870_58c0;
    assert_eq!(verify_magic(&q, magic), Ok(448));
    let ex = Exhaust::new(&q).unwrap().order(Order::LowFirst).unwrap();
    let depth = q.period_bits() - 20;
    let cube = magic & ((1 << 20) - 1);
    let out = ex.search_cube(cube, depth);
    assert_eq!(out.found, Some(magic));
    assert!(out.nodes > 0);
}

#[test]
fn the_search_agrees_with_the_status_file_on_the_first_two_ranks() {
    // Every 4-bit question of a 5-bit-mask bishop on ranks 1 and 2, the squares whose
    // masks start low, as the open rooks' do: published ones are found, disproved ones
    // are not; c1 and d1 (unknown in the file) come out none, as the SAT proofs say.
    // (On ranks 3 to 6 the masks reach both ways and the search takes minutes a square;
    // docs/research-n-minus-1.md has the times.)
    let mut seen = 0;
    for line in STATUS.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if f[0] != "bishop" || f[3] != "5" || !(f[1].ends_with('1') || f[1].ends_with('2')) {
            continue;
        }
        let square: Square = f[1].parse().unwrap();
        let q = question(RookOrBishop::Bishop, square, 4);
        let found = first_found(&q);
        match f[5] {
            "published" => assert!(found.is_some(), "bishop {square}: published, not found"),
            "disproved" => assert_eq!(found, None, "bishop {square}: disproved, but found"),
            "unknown" => {
                assert!(["c1", "d1"].contains(&f[1]));
                assert_eq!(found, None, "bishop {square}: the SAT proof says none");
            }
            other => panic!("status {other}"),
        }
        seen += 1;
    }
    assert_eq!(seen, 14);
}

#[test]
fn cubes_cover_the_search() {
    // Searching the cubes one by one finds the same first magic as the whole search, and
    // the cubes before it hold none.
    let q = question(RookOrBishop::Bishop, Square::B1, 4);
    let ex = Exhaust::new(&q).unwrap();
    let depth = 30;
    let cubes = ex.cubes(depth);
    assert!(cubes.len() > 10);
    let first = cubes
        .iter()
        .find_map(|&c| ex.search_cube(c, depth).found)
        .unwrap();
    assert_eq!(Some(first), first_found(&q));
    assert!(cubes.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn a_run_stopped_by_its_time_limit_resumes_from_its_state() {
    let dir = scratch("exhaust-resume");
    let state = dir.path().join("c1.json");
    let q = question(RookOrBishop::Bishop, Square::C1, 4);
    let stopped = exhaust(
        &q,
        &ExhaustOptions {
            threads: 1,
            state: Some(state.clone()),
            limit: Some(std::time::Duration::ZERO),
            progress: None,
            stop: Default::default(),
            shard: None,
            order: Order::Ascending,
        },
    )
    .unwrap();
    assert_eq!(stopped.answer, None);
    // Do part of the work by hand: the state says the first half of the cubes is done.
    let mut saved: ExhaustState = ExhaustState {
        question: "bishop c1 4".into(),
        depth: stopped.depth,
        cubes: stopped.cubes,
        shard: None,
        done: stopped.cubes / 2,
        nodes: 7,
        found: None,
        found_cube: None,
    };
    std::fs::write(&state, serde_json::to_string(&saved).unwrap()).unwrap();
    let options = ExhaustOptions {
        threads: 2,
        state: Some(state.clone()),
        limit: None,
        progress: None,
        stop: Default::default(),
        shard: None,
        order: Order::Ascending,
    };
    let resumed = exhaust(&q, &options).unwrap();
    assert_eq!(resumed.answer, Some(None));
    assert_eq!(resumed.cubes_done, resumed.cubes);
    assert!(resumed.nodes > 7);
    // A state for another question, or one that does not add up, is refused by name.
    saved.question = "bishop d1 4".into();
    std::fs::write(&state, serde_json::to_string(&saved).unwrap()).unwrap();
    let err = exhaust(&q, &options).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("c1.json") && m.contains("bishop d1 4"))
    );
    saved.question = "bishop c1 4".into();
    saved.done = saved.cubes + 1;
    std::fs::write(&state, serde_json::to_string(&saved).unwrap()).unwrap();
    assert!(matches!(exhaust(&q, &options), Err(ProveError::State(_))));
    // A depth other than the search's own is refused before any listing (depth 1
    // would list every prefix of the period: days).
    saved.done = 0;
    saved.depth = 1;
    std::fs::write(&state, serde_json::to_string(&saved).unwrap()).unwrap();
    let err = exhaust(&q, &options).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("depth 1")),
        "{err}"
    );
    std::fs::write(&state, "{\"question\": 3}").unwrap();
    assert!(matches!(exhaust(&q, &options), Err(ProveError::State(_))));
    dir.close().unwrap();
}

#[test]
fn the_rank_2_rook_magics_the_search_found_verify() {
    // `sliders prove rook <square> --bits 9 --exhaust` (2026-11-24): the status file has
    // these rooks' N-1 questions as unknown; each 9-bit magic (shift 55) maps all 1,024
    // occupancies to 511 of 512 entries. Checked here by the verifier and by the search's
    // own leaf test; a separate Python ray walk agreed (docs/research-n-minus-1.md).
    for (square, magic) in [
        (Square::C2, 0x0002_002c_ac99_fffa),
        (Square::D2, 0x0002_0014_544d_fffe),
        (Square::E2, 0x0002_000b_2b25_ffff),
    ] {
        let q = question(RookOrBishop::Rook, square, 9);
        assert_eq!(verify_magic(&q, magic), Ok(511), "rook {square}");
        assert!(works(&Exhaust::new(&q).unwrap(), magic), "rook {square}");
    }
}

#[test]
fn the_published_rank_7_8_rook_questions_the_low_first_search_answered_verify() {
    // `sliders prove rook <square> --bits <N-1> --exhaust --low-first` (2026-11-24), given
    // no bit of the answer (b7, c7, a7, c8 and a8 by one shard of the search each:
    // `--shard 31/64`, `31/64`, `32/64`, `21/64`, `21/64`): the status file's published
    // N-1 questions, answered with these magics (entries used of 2^bits). h7's is the
    // published magic below its period. A separate Python ray walk agreed on each
    // (docs/research-n-minus-1.md).
    for (square, bits, magic, entries) in [
        (Square::G7, 9, 0x0003_ffd7_d870_58c0, 448),
        (Square::F7, 9, 0x0007_ffd5_ffd2_8600, 480),
        (Square::E7, 9, 0x000f_ffe9_ffe6_8a00, 480),
        (Square::D7, 9, 0x001f_ffd1_ffce_9200, 480),
        (Square::C7, 9, 0x003f_ffa1_ff9f_2200, 480),
        (Square::B7, 9, 0x007f_fe7e_8390_c200, 480),
        (Square::A7, 10, 0x00ff_ff4d_b171_2200, 1024),
        (Square::H7, 10, 0x0001_fff5_f63c_96a0, 896),
        (Square::B8, 10, 0x007f_ffbf_ffc0_a0c1, 864),
        (Square::C8, 10, 0x003f_ffe5_6570_c602, 992),
        (Square::D8, 10, 0x001f_ffea_3fe6_4a02, 864),
        (Square::E8, 10, 0x000f_fff5_fff3_84a2, 928),
        (Square::G8, 10, 0x0003_fff8_8f69_a884, 1024),
        (Square::H8, 11, 0x0001_fffe_c3fe_a1a2, 1920),
        (Square::A8, 11, 0x00ff_ff9e_ffb0_2202, 1728),
    ] {
        let q = question(RookOrBishop::Rook, square, bits);
        assert_eq!(verify_magic(&q, magic), Ok(entries), "rook {square}");
        assert!(works(&Exhaust::new(&q).unwrap(), magic), "rook {square}");
        assert!(magic < 1 << q.period_bits(), "rook {square}");
    }
}

fn black(piece: RookOrBishop, square: Square, bits: u32) -> Question {
    Question {
        scheme: IndexScheme::Black,
        ..question(piece, square, bits)
    }
}

/// A plain generator for the magics tried below (splitmix64).
fn magics(mut seed: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Some(z ^ (z >> 31))
    })
}

/// The first magic of `first..first + count` that works as a black magic for `q`.
fn black_brute_force(q: &Question, first: u64, count: u64) -> Option<u64> {
    brute_force_over(q, first..first + count).next()
}

#[test]
fn the_black_leaf_test_is_the_verifiers_and_the_bits_above_the_period_only_rotate() {
    // The search takes a black question as the walk on `(mask ^ o) + 1` (the module's
    // text). Its leaf test must say what the verifier says of the black index; the
    // verifier must say the same of a magic, of its bits below `2^covers`, and of their
    // mirror `2^covers - m`, which is why the walk visits only the magics below half of
    // that. On sparse random magics (three random numbers ANDed, as magic finders draw
    // them), and on the magics the search finds with random bits put above `covers`.
    let mut verdicts = [0, 0];
    for (piece, square, bits) in [
        (RookOrBishop::Bishop, Square::B1, 5),
        (RookOrBishop::Bishop, Square::D4, 9),
        (RookOrBishop::Rook, Square::B2, 9),
        (RookOrBishop::Rook, Square::A2, 10),
        (RookOrBishop::Rook, Square::H7, 10),
    ] {
        let q = black(piece, square, bits);
        let ex = Exhaust::new(&q).unwrap();
        let covers = ex.covers();
        assert_eq!(
            ex.period(),
            covers - 1,
            "{square}: the mirror halves the walk"
        );
        let low = (1u64 << covers) - 1;
        let mut draws = magics(square as u64);
        let mut tried: Vec<u64> = (0..2_000)
            .map(|_| draws.next().unwrap() & draws.next().unwrap() & draws.next().unwrap())
            .collect();
        if piece == RookOrBishop::Bishop {
            let found = first_found(&q).unwrap();
            assert!(found < 1 << ex.period());
            tried.extend(draws.by_ref().take(200).map(|high| found | high << covers));
            let mirror = (1u64 << covers) - found;
            tried.extend(draws.by_ref().take(200).map(|high| mirror | high << covers));
        }
        for magic in tried {
            let valid = verify_magic(&q, magic).is_ok();
            let mirror = (1u64 << covers).wrapping_sub(magic) & low;
            for (other, what) in [
                (magic & low, "its bits below covers"),
                (mirror, "its mirror"),
            ] {
                assert_eq!(
                    verify_magic(&q, other).is_ok(),
                    valid,
                    "{square} 0x{magic:x}: {what}"
                );
                assert_eq!(works(&ex, other), valid, "{square} 0x{magic:x}: {what}");
            }
            verdicts[valid as usize] += 1;
        }
    }
    assert!(verdicts[0] > 5_000 && verdicts[1] >= 800, "{verdicts:?}");
}

#[test]
fn black_cubes_find_what_a_brute_force_over_the_cube_finds() {
    // Within a cube of 2^22 magics (every magic with the same bits from 22 up), the
    // search stops at the first black magic a brute force counting up through the cube
    // stops at, or finds none where it finds none: cubes of random magics, and the
    // cubes of magics the search found.
    let depth = 22;
    let mut answers = [0, 0];
    for (square, bits, seed) in [
        (Square::B1, 4, 1),
        (Square::G1, 4, 2),
        (Square::H1, 5, 3),
        (Square::D1, 4, 4),
    ] {
        let q = black(RookOrBishop::Bishop, square, bits);
        let ex = Exhaust::new(&q).unwrap();
        let low = (1u64 << ex.period()) - 1;
        let mut prefixes: Vec<u64> = magics(seed).take(3).map(|m| m & low).collect();
        prefixes.extend(first_found(&q));
        for prefix in prefixes {
            let cube = prefix >> depth << depth;
            let found = ex.search_cube(cube, depth).found;
            assert_eq!(
                found,
                black_brute_force(&q, cube, 1 << depth),
                "bishop {square}, cube 0x{cube:x}"
            );
            answers[found.is_some() as usize] += 1;
        }
    }
    assert!(answers[0] >= 3 && answers[1] >= 3, "{answers:?}");
}

#[test]
fn the_black_search_agrees_with_the_sat_answers() {
    // `sliders prove bishop SQ --bits N --scheme black` (CaDiCaL, proofs checked;
    // docs/research-n-minus-1.md): b1 4, g1 4 and h1 5 satisfiable, d1 4 (the open
    // square, proof committed) and e1 4 unsatisfiable. The whole black search must
    // agree, and a magic it finds must verify.
    for (square, bits, exists) in [
        (Square::B1, 4, true),
        (Square::G1, 4, true),
        (Square::H1, 5, true),
        (Square::D1, 4, false),
        (Square::E1, 4, false),
    ] {
        let q = black(RookOrBishop::Bishop, square, bits);
        assert_eq!(first_found(&q).is_some(), exists, "bishop {square}");
    }
}

#[test]
fn black_questions_are_refused_the_low_first_order() {
    let q = black(RookOrBishop::Bishop, Square::D1, 4);
    assert!(Exhaust::new(&q).unwrap().order(Order::LowFirst).is_none());
    let low_first = ExhaustOptions {
        order: Order::LowFirst,
        ..ExhaustOptions::default()
    };
    assert!(matches!(
        exhaust(&q, &low_first),
        Err(ProveError::Question(_))
    ));
    // The black search's states are its own.
    let dir = scratch("black-state");
    let state = dir.path().join("state.json");
    let with_state = ExhaustOptions {
        state: Some(state.clone()),
        ..ExhaustOptions::default()
    };
    assert!(exhaust(&q, &with_state).is_ok());
    let text = std::fs::read_to_string(&state).unwrap();
    assert!(text.contains("\"bishop d1 4 black\""), "{text}");
    let fancy = question(RookOrBishop::Bishop, Square::D1, 4);
    assert!(matches!(
        exhaust(&fancy, &with_state),
        Err(ProveError::State(_))
    ));
    dir.close().unwrap();
}

/// Runs shard `i` of `n` of `q` with its state in `state`.
fn shard_run(
    q: &Question,
    state: &std::path::Path,
    i: usize,
    n: usize,
) -> sliders_search::prove::exhaust::Exhausted {
    exhaust(
        q,
        &ExhaustOptions {
            threads: 2,
            state: Some(state.to_path_buf()),
            limit: None,
            progress: None,
            stop: Default::default(),
            shard: Some((i, n)),
            order: Order::Ascending,
        },
    )
    .unwrap()
}

#[test]
fn shards_merge_to_the_whole_search_and_a_missing_shard_leaves_no_answer() {
    let dir = scratch("exhaust-shards");
    // Bishop c1, 4 bits: none. Three shards cover every cube once and add up to the
    // whole run's nodes.
    let q = question(RookOrBishop::Bishop, Square::C1, 4);
    let whole = exhaust(&q, &ExhaustOptions::default()).unwrap();
    assert_eq!(whole.answer, Some(None));
    let paths: Vec<_> = (0..3)
        .map(|i| dir.path().join(format!("c1-{i}.json")))
        .collect();
    let mut next = 0;
    for (i, path) in paths.iter().enumerate() {
        let part = shard_run(&q, path, i, 3);
        assert_eq!(part.answer, Some(None), "none in shard {i}");
        assert_eq!(part.range.start, next);
        assert_eq!(part.cubes_done, part.range.len());
        next = part.range.end;
        // The shard's state is not the whole run's, nor another shard's.
        let err = exhaust(
            &q,
            &ExhaustOptions {
                state: Some(path.clone()),
                ..ExhaustOptions::default()
            },
        )
        .unwrap_err();
        assert!(
            matches!(&err, ProveError::State(m) if m.contains(&format!("shard {i}/3"))),
            "{err}"
        );
    }
    assert_eq!(next, whole.cubes, "the shards cover every cube once");
    let merged = merge(&q, Order::Ascending, &paths).unwrap();
    assert_eq!(merged.standing.answer, Some(None));
    assert_eq!(
        (merged.standing.cubes, merged.standing.cubes_done),
        (whole.cubes, whole.cubes)
    );
    assert_eq!(merged.nodes, whole.nodes);
    // Shard 1 missing: no answer, and the merge names it.
    let partial = merge(&q, Order::Ascending, &[paths[0].clone(), paths[2].clone()]).unwrap();
    assert_eq!(
        (partial.standing.answer, partial.standing.missing),
        (None, vec![1])
    );
    // Refused, naming the file: a shard twice, a whole run's state, another question's.
    let err = merge(&q, Order::Ascending, &[paths[0].clone(), paths[0].clone()]).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("given twice")),
        "{err}"
    );
    let all = dir.path().join("all.json");
    exhaust(
        &q,
        &ExhaustOptions {
            state: Some(all.clone()),
            ..ExhaustOptions::default()
        },
    )
    .unwrap();
    let err = merge(&q, Order::Ascending, std::slice::from_ref(&all)).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("all.json") && m.contains("not a shard state")),
        "{err}"
    );
    // The state's reader is the one way in: a byte-order mark is dropped (the run
    // resumes from the state as it stood), a directory and a counter past 2^62 are
    // refused naming the file.
    let text = std::fs::read_to_string(&all).unwrap();
    let resume = |path: &std::path::Path| {
        exhaust(
            &q,
            &ExhaustOptions {
                state: Some(path.to_path_buf()),
                ..ExhaustOptions::default()
            },
        )
    };
    let with_bom = dir.path().join("bom.json");
    std::fs::write(&with_bom, format!("\u{feff}{text}")).unwrap();
    let resumed = resume(&with_bom).unwrap();
    assert_eq!(resumed.cubes_done, resumed.cubes, "{resumed:?}");
    let err = resume(dir.path()).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("is a directory")),
        "{err}"
    );
    let huge = dir.path().join("huge.json");
    let nodes = text.find("\"nodes\"").expect("a nodes counter");
    let end = nodes + text[nodes..].find(',').unwrap();
    std::fs::write(
        &huge,
        format!(
            "{}\"nodes\": 18446744073709551615{}",
            &text[..nodes],
            &text[end..]
        ),
    )
    .unwrap();
    let err = resume(&huge).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("huge.json") && m.contains("out of range")),
        "{err}"
    );
    let d1 = question(RookOrBishop::Bishop, Square::D1, 4);
    let err = merge(&d1, Order::Ascending, &paths).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("bishop c1 4")),
        "{err}"
    );
    // An unfinished shard leaves no answer.
    let mut state: ExhaustState =
        serde_json::from_str(&std::fs::read_to_string(&paths[2]).unwrap()).unwrap();
    state.done -= 1;
    std::fs::write(&paths[2], serde_json::to_string(&state).unwrap()).unwrap();
    let unfinished = merge(&q, Order::Ascending, &paths).unwrap();
    assert_eq!(
        (unfinished.standing.answer, unfinished.standing.unfinished),
        (None, vec![2])
    );
    // More shards than cubes: refused before searching.
    let err = exhaust(
        &q,
        &ExhaustOptions {
            shard: Some((0, whole.cubes + 1)),
            ..ExhaustOptions::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(&err, ProveError::Question(m) if m.contains("expected 0 <= I < N")),
        "{err}"
    );
    dir.close().unwrap();
}

#[test]
fn a_shard_that_finds_a_magic_makes_the_merge_find_it() {
    let dir = scratch("exhaust-found");
    // Bishop b1, 4 bits: magics exist. Each shard finds its own smallest magic or none;
    // the first shard with one has the whole run's (the smallest of all), and the merge
    // answers with a magic that verifies.
    let q = question(RookOrBishop::Bishop, Square::B1, 4);
    let smallest = first_found(&q).expect("bishop b1 has 4-bit magics");
    let paths: Vec<_> = (0..4)
        .map(|i| dir.path().join(format!("b1-{i}.json")))
        .collect();
    let answers: Vec<_> = paths
        .iter()
        .enumerate()
        .map(|(i, path)| shard_run(&q, path, i, 4).answer.expect("no time limit"))
        .collect();
    assert_eq!(answers.iter().flatten().next(), Some(&smallest));
    let merged = merge(&q, Order::Ascending, &paths).unwrap();
    let magic = merged.standing.answer.unwrap().unwrap();
    assert!(answers.contains(&Some(magic)));
    assert!(verify_magic(&q, magic).is_ok());
    dir.close().unwrap();
}

#[test]
fn a_run_names_the_cube_that_held_its_magic() {
    // Bishop b1, 4 bits: the whole run's magic comes out of the cube it names and the
    // cubes before that hold none; a run on the same state names it again, and so does
    // the first shard with a magic, by its place among all the cubes.
    let dir = scratch("exhaust-cube");
    let q = question(RookOrBishop::Bishop, Square::B1, 4);
    let options = ExhaustOptions {
        threads: 2,
        state: Some(dir.path().join("whole.json")),
        ..ExhaustOptions::default()
    };
    let whole = exhaust(&q, &options).unwrap();
    let magic = whole.answer.unwrap().expect("bishop b1 has 4-bit magics");
    let at = whole.found_cube.expect("the cube of the magic");
    let ex = Exhaust::new(&q).unwrap();
    let cubes = ex.cubes(whole.depth);
    assert_eq!(cubes.len(), whole.cubes);
    assert_eq!(ex.search_cube(cubes[at], whole.depth).found, Some(magic));
    assert!(cubes[..at]
        .iter()
        .all(|&c| ex.search_cube(c, whole.depth).found.is_none()));
    let again = exhaust(&q, &options).unwrap();
    assert_eq!((again.answer, again.found_cube), (whole.answer, Some(at)));
    let shards: Vec<_> = (0..4)
        .map(|i| shard_run(&q, &dir.path().join(format!("{i}.json")), i, 4))
        .collect();
    let first = shards.iter().find(|s| s.found_cube.is_some()).unwrap();
    assert_eq!((first.answer, first.found_cube), (whole.answer, Some(at)));
    assert!(first.range.contains(&at));
    dir.close().unwrap();
}

#[test]
fn a_cube_under_way_is_abandoned_when_asked_to_halt() {
    // Rook g1, 10 bits: its first cubes are cut at once, the fifth runs for minutes
    // (2026-11-24, Zen 3: over 8 minutes unfinished). Asked to halt, the search gives
    // it up after its first 65,536 nodes instead; cubes that end sooner are answered.
    let q = question(RookOrBishop::Rook, Square::G1, 10);
    let ex = Exhaust::new(&q).unwrap();
    let depth = ex.period() - 20;
    let cubes = ex.cubes(depth);
    let asked = std::cell::Cell::new(0);
    let halt = || {
        asked.set(asked.get() + 1);
        true
    };
    for &cube in &cubes[..4] {
        let done = ex.search_cube_until(cube, depth, &halt);
        assert_eq!(done, Some(ex.search_cube(cube, depth)));
    }
    assert_eq!(asked.get(), 0, "short cubes never ask");
    assert_eq!(ex.search_cube_until(cubes[4], depth, &halt), None);
    assert_eq!(asked.get(), 1);
}

#[test]
fn the_magics_found_in_the_published_rank_7_cubes_verify() {
    // Searching only the cube (20 top bits) of the published rook g7 and f7 magics
    // (docs/research-n-minus-1.md): g7 gave the published magic itself, f7 a smaller
    // one. Both map the 1,024 occupancies to 480 of 512 entries.
    for (square, magic) in [
        (Square::G7, 0x0003_ff95_e5e6_a4c0),
        (Square::F7, 0x0007_fff5_fff2_2600),
    ] {
        let q = question(RookOrBishop::Rook, square, 9);
        assert_eq!(verify_magic(&q, magic), Ok(480), "rook {square}");
        assert!(works(&Exhaust::new(&q).unwrap(), magic), "rook {square}");
        assert!(
            !works(&Exhaust::new(&q).unwrap(), magic ^ 1 << 20),
            "rook {square}"
        );
    }
}

/// The ranges of 20-bit cubes that tools/independent-exhaust (C, written without
/// reading this crate) answered for one question, as its run-ranges.sh keeps them: each
/// `start end nodes answer seconds`, sorted, checked to be disjoint and every one
/// `none` (a `found` range would be a magic the other search missed).
fn independent_ranges(text: &str, question: &str) -> Vec<(u64, u64)> {
    assert!(text.contains(question), "the question {question}");
    let mut ranges: Vec<(u64, u64)> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let field: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(field.len(), 5, "start end nodes answer seconds: {line}");
            let number = |i: usize| field[i].parse::<u64>().expect(line);
            assert!(number(2) > 0, "no nodes: {line}");
            assert_eq!(field[3], "none", "{line}");
            (number(0), number(1))
        })
        .collect();
    ranges.sort_unstable();
    let mut past = 0;
    for &(start, end) in &ranges {
        assert!(start >= past, "ranges overlap before cube {start}");
        assert!(end > start && end <= 1 << 20, "range {start}..{end}");
        past = end;
    }
    ranges
}

#[test]
fn the_independent_searches_of_rooks_b2_and_a2_answered_none_on_every_cube_once() {
    // Together each file's ranges must cover every cube, each once, with `none`: a lost
    // range would leave that square's second look incomplete.
    for (text, question) in [
        (
            include_str!("../../../tests/data/own/rook_b2_9_independent_exhaust.txt"),
            "exhaust rook b2 9 --cube-bits 20",
        ),
        (
            include_str!("../../../tests/data/own/rook_a2_10_independent_exhaust.txt"),
            "exhaust rook a2 10 --cube-bits 20",
        ),
    ] {
        let ranges = independent_ranges(text, question);
        let mut next = 0;
        for &(start, end) in &ranges {
            assert_eq!(start, next, "{question}: a gap before cube {start}");
            next = end;
        }
        assert_eq!(next, 1 << 20, "{question}: every cube of 20 bits");
    }
}

#[test]
fn the_independent_sample_of_rook_g2_answered_none_on_over_2000_of_its_cubes() {
    // Searching all of g2's cubes again would cost its 1.8 T-node search again; the
    // second search (tools/independent-exhaust) checked a random sample of cubes of 20
    // bits instead (`run-ranges.sh --sample N:SEED`, one cube a range). Every one must
    // be `none`, the sample as large as its file says, and at least 2,000 of its cubes
    // must be cubes this search walked (the rest are prefixes its listing cut, which
    // the second search must find empty too).
    let text = include_str!("../../../tests/data/own/rook_g2_9_independent_sample.txt");
    let ranges = independent_ranges(text, "exhaust rook g2 9 --cube-bits 20");
    let drawn: usize = text
        .split("for the sample ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .expect("the file names its sample N:SEED");
    assert_eq!(ranges.len(), drawn, "every cube of the sample, each once");
    assert!(
        ranges.iter().all(|&(start, end)| end == start + 1),
        "one cube a range"
    );
    let ex = Exhaust::new(&question(RookOrBishop::Rook, Square::G2, 9)).unwrap();
    let depth = ex.period() - 20;
    let walked: std::collections::HashSet<u64> = ex
        .cubes(depth)
        .into_iter()
        .map(|cube| cube >> depth)
        .collect();
    let ours = ranges
        .iter()
        .filter(|&&(start, _)| walked.contains(&start))
        .count();
    println!("{ours} of the {drawn} cubes of the sample are cubes of the walk");
    assert!(
        ours >= 2000,
        "{ours} of the sample's cubes are cubes of the walk"
    );
}

#[test]
fn the_committed_black_state_resumes_and_the_results_file_gives_its_count() {
    // Rook b2's black search is a long run: its state is committed so that any machine
    // goes on from it. It must be the search's own (a run on it loads it, lists the same
    // cubes and goes on from its count, or gives its answer when it has one), a magic in
    // it must verify, and its row in the results file (which the docs quote) must give
    // its nodes and cubes.
    let row = RESULTS
        .lines()
        .find(|line| line.starts_with("rook,b2,black,9,exhaust,none,"))
        .expect("the results file's row for rook b2 black's exhaustive search");
    let cubes = number_before(row, " cubes");
    committed_state(
        include_str!("../../../tests/data/own/rook_b2_9_black_exhaust_state.json"),
        Square::B2,
        true,
        (cubes, cubes, number_before(row, " nodes")),
    );
}

#[test]
fn the_committed_g2_state_resumes_and_its_last_run_gives_its_count() {
    // Rook g2's fancy search (from the top) is days of one core: its state is committed
    // so that any machine goes on from it, as b2's black one above. The last row of its
    // run log (tests/data/own/rook_g2_runs.csv, which the docs quote) gives the state's
    // count: a run that advances the state adds that row, and no prose changes.
    let runs = include_str!("../../../tests/data/own/rook_g2_runs.csv");
    let mut lines = runs.lines().filter(|line| !line.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let last: Vec<&str> = lines.next_back().unwrap().split(',').collect();
    assert_eq!(header.len(), last.len(), "{last:?}");
    let field = |name: &str| -> u64 {
        let at = header.iter().position(|&h| h == name).unwrap();
        last[at]
            .parse()
            .unwrap_or_else(|_| panic!("the last run's {name}: {:?}", last[at]))
    };
    committed_state(
        include_str!("../../../tests/data/own/rook_g2_9_exhaust_state.json"),
        Square::G2,
        false,
        (field("to_cube"), field("cubes"), field("nodes_after")),
    );
}

/// The results file (one row per run; the docs' N-1 tables are generated from it).
const RESULTS: &str = include_str!("../../../tests/data/own/n_minus_1_results.csv");

/// The number written just before `unit` in `text` ("29929035231 nodes").
fn number_before(text: &str, unit: &str) -> u64 {
    let at = text
        .find(unit)
        .unwrap_or_else(|| panic!("no {unit:?} in {text}"));
    let digits = text[..at]
        .rsplit(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number before {unit:?} in {text}"))
}

/// [`the_committed_black_state_resumes_and_the_results_file_gives_its_count`] for the
/// state `text` of rook `square`'s 9-bit question, black or fancy, whose cubes done,
/// cubes and nodes a data file gives as `(done, cubes, nodes)`.
fn committed_state(text: &str, square: Square, is_black: bool, recorded: (u64, u64, u64)) {
    let state: ExhaustState = serde_json::from_str(text).unwrap();
    let (name, q) = if is_black {
        (
            format!("rook {square} 9 black"),
            black(RookOrBishop::Rook, square, 9),
        )
    } else {
        (
            format!("rook {square} 9"),
            question(RookOrBishop::Rook, square, 9),
        )
    };
    assert_eq!(state.question, name);
    let found = state.found.as_deref().map(|hex| {
        let magic = u64::from_str_radix(hex.trim_start_matches("0x"), 16).unwrap();
        assert!(verify_magic(&q, magic).is_ok(), "{hex}");
        magic
    });
    let finished = state.done == state.cubes || found.is_some();
    assert_eq!(
        (state.done as u64, state.cubes as u64, state.nodes),
        recorded,
        "{name}: the state's (cubes done, cubes, nodes) against its data row"
    );
    let dir = scratch(&name.replace(' ', "-"));
    let path = dir.path().join("state.json");
    std::fs::write(&path, text).unwrap();
    let resumed = exhaust(
        &q,
        &ExhaustOptions {
            threads: 1,
            state: Some(path.clone()),
            limit: Some(std::time::Duration::ZERO),
            ..ExhaustOptions::default()
        },
    )
    .unwrap();
    assert_eq!(
        (
            resumed.cubes,
            resumed.cubes_done,
            resumed.nodes,
            resumed.answer
        ),
        (
            state.cubes,
            state.done,
            state.nodes,
            finished.then_some(found)
        )
    );
    assert_eq!(resumed.covers, 55);
    dir.close().unwrap();
}
