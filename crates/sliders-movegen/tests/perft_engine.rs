//! The counting engine (`perft-engine` feature) against the published suites, against
//! the general generator on random positions (a property test), and against
//! python-chess's positions and moves.

use std::io::Read;

use proptest::prelude::*;
use sliders_core::schemes::{Black, Hyperbola, Scheme};
use sliders_movegen::{engine, perft_generator_with, Board};

/// Counts above this are skipped in the suites (the general generator's suite test
/// uses the same limit).
const MAX_NODES: u64 = 1_000_000;

fn suite(file: &str) -> String {
    let path = format!(
        "{}/../../tests/data/perft/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every `FEN ;D1 n ;D2 n ...` line of a suite, with the counts up to `MAX_NODES`.
fn suite_lines(file: &str) -> Vec<(String, Vec<(u32, u128)>)> {
    suite(file)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_owned();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("`Dn count`");
                    (
                        d.trim_start_matches('D').parse().expect("depth"),
                        n.trim().parse().expect("count"),
                    )
                })
                .filter(|&(_, n)| n <= u128::from(MAX_NODES))
                .collect();
            (fen, depths)
        })
        .collect()
}

fn check_suite<S: Scheme>(scheme: S, file: &str) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (fen, depths) in suite_lines(file) {
        let board = Board::from_fen_lax(&fen).unwrap_or_else(|e| panic!("{file}: {fen}: {e}"));
        for (depth, expected) in depths {
            let got = engine::perft_with(scheme, &board, depth);
            checked += 1;
            if got != expected {
                failures.push(format!("{fen} depth {depth}: {got}, expected {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{file}:\n{}", failures.join("\n"));
    checked
}

#[test]
fn every_suite_with_the_dispatched_scheme() {
    let mut checked = 0;
    for file in [
        "standard.epd",
        "tricky.epd",
        "chess960.epd",
        "tricky_unreachable.epd",
    ] {
        // Through `engine::perft`: the scheme this CPU gets (PEXT here when it has
        // BMI2), as `sliders perft` runs it.
        for (fen, depths) in suite_lines(file) {
            let board = Board::from_fen_lax(&fen).unwrap();
            for (depth, expected) in depths {
                assert_eq!(
                    engine::perft(&board, depth),
                    expected,
                    "{file}: {fen} d{depth}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} counts checked");
}

#[test]
fn every_suite_with_a_portable_scheme() {
    // The portable default (no BMI2 needed), and one without tables.
    for file in ["standard.epd", "tricky.epd", "chess960.epd"] {
        assert!(check_suite(Black, file) > 100);
    }
    assert!(check_suite(Hyperbola, "tricky.epd") > 100);
}

#[test]
fn deep_counts_go_through_u128_and_agree() {
    // Depth 9 passes the engine's u64 limit (8 plies) at the root: the top ply is
    // counted through the board, the rest by the engine. Bare kings keep it small.
    let board = Board::from_fen("8/8/8/3k4/8/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        engine::perft_with(Black, &board, 9),
        perft_generator_with(Black, &board, 9)
    );
    assert_eq!(engine::perft_with(Black, &board, 0), 1);
}

/// A position after `plies` random legal moves (a simple xorshift on `seed`) from the
/// start position or the Chess960 start position `seed % 960`; the walk stops early at
/// a position without moves.
fn random_position(seed: u64, plies: usize, chess960: bool) -> Board {
    let mut board = if chess960 {
        Board::chess960((seed % 960) as u16).unwrap()
    } else {
        Board::startpos()
    };
    let mut state = seed | 1;
    for _ in 0..plies {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = moves[(state % moves.len() as u64) as usize];
        board = board.after_unchecked(mv);
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The engine and the general generator count the same trees from random
    /// positions of random games, standard and Chess960, with the portable scheme and
    /// the dispatched one.
    #[test]
    fn engine_agrees_with_the_general_generator(
        seed in any::<u64>(),
        plies in 0usize..120,
        chess960 in any::<bool>(),
        depth in 1u32..=3,
    ) {
        let board = random_position(seed, plies, chess960);
        let expected = perft_generator_with(Black, &board, depth);
        prop_assert_eq!(engine::perft_with(Black, &board, depth), expected, "{}", board.to_fen());
        prop_assert_eq!(engine::perft(&board, depth), expected, "{}", board.to_fen());
    }
}

/// python-chess's positions and moves (`tests/data/python-chess/`): at every position
/// of the fixture games, the engine's perft(1) is python-chess's number of legal moves,
/// and its perft(2) is the sum of its perft(1) over the positions python-chess says each
/// move leads to, so every move the engine makes is checked against python-chess's.
#[test]
fn engine_agrees_with_python_chess() {
    const FIXTURE: &[u8] = include_bytes!("data/python-chess/fixtures.txt.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(FIXTURE)
        .read_to_string(&mut text)
        .expect("the fixture is gzip'd UTF-8");
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    let mut positions = 0;
    while let Some(line) = lines.next() {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] != "P" {
            continue;
        }
        let board = Board::from_fen(fields[1]).unwrap();
        let mut afters = Vec::new();
        while let Some(m) = lines.next_if(|l| l.starts_with("M\t")) {
            let after = m.split('\t').nth(3).expect("an M line has the FEN after");
            afters.push(Board::from_fen(after).unwrap());
        }
        assert_eq!(
            engine::perft_with(Black, &board, 1),
            afters.len() as u128,
            "{}",
            fields[1]
        );
        let below: u128 = afters
            .iter()
            .map(|after| engine::perft_with(Black, after, 1))
            .sum();
        assert_eq!(engine::perft_with(Black, &board, 2), below, "{}", fields[1]);
        positions += 1;
    }
    assert_eq!(positions, 6028);
}
