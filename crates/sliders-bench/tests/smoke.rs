//! Fast checks that every crate's perft and lookups do the same work: real runs at small
//! depths, no timing.

use sliders_bench::lookups::{self, Density, Inputs, Lookup};
use sliders_bench::perft::Side;
use sliders_bench::{KIWIPETE, POSITIONS, STARTPOS};
use sliders_core::schemes::SchemeId;

/// A few more positions with captures, promotions, en passant and checks.
const EXTRA: &[(&str, &[u64])] = &[
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[1, 14, 191, 2_812],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[1, 6, 264, 9_467],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[1, 44, 1_486, 62_379],
    ),
];

#[test]
fn every_crate_agrees_with_the_known_counts() {
    let mut sides = Side::PEERS.to_vec();
    sides.push(Side::SlidersWith(SchemeId::Fancy));
    for pos in POSITIONS {
        for depth in 0..=3 {
            for &side in &sides {
                assert_eq!(
                    side.perft(pos.fen, depth),
                    Ok(pos.known[depth as usize]),
                    "{} at depth {depth} by {}",
                    pos.name,
                    side.name()
                );
            }
        }
    }
    for &(fen, known) in EXTRA {
        for (depth, &nodes) in known.iter().enumerate() {
            for &side in &sides {
                assert_eq!(
                    side.perft(fen, depth as u32),
                    Ok(nodes),
                    "{fen} d{depth} {side:?}"
                );
            }
        }
    }
}

#[test]
fn known_counts_at_the_bench_depths() {
    assert_eq!(STARTPOS.known(5), Some(4_865_609));
    assert_eq!(STARTPOS.known(6), Some(119_060_324));
    assert_eq!(KIWIPETE.known(4), Some(4_085_603));
    assert_eq!(KIWIPETE.known(5), Some(193_690_690));
}

#[test]
fn a_bad_fen_is_an_error_for_every_crate() {
    for side in Side::PEERS {
        assert!(side.perft("not a fen", 1).is_err(), "{side:?}");
    }
}

#[test]
fn every_lookup_gives_the_classical_answers() {
    let all = Lookup::all();
    assert!(all.len() >= 3 + 10, "{all:?}");
    for density in Density::ALL {
        let pairs = lookups::pairs(density, 4096);
        let inputs = Inputs::new(&pairs);
        lookups::check_all(&inputs, &all).unwrap();
        // The densities are what they say.
        let ones: u32 = pairs.iter().map(|&(_, o)| o.count_ones()).sum();
        let fill = ones as f64 / (64.0 * pairs.len() as f64);
        let expected = match density {
            Density::Sparse => 0.125,
            Density::Middlegame => 0.289,
            Density::Dense => 0.5,
        };
        assert!((fill - expected).abs() < 0.03, "{density:?}: {fill}");
    }
}

/// The engine-loop benchmark compares like with like only if every crate walks the same
/// trees: the same nodes, checks and root scores in each workload (small inputs).
#[test]
fn every_crate_walks_the_same_engine_loop_trees() {
    use sliders_bench::engine_loop::{run, Crate, Inputs, Workload};
    let inputs = Inputs::standard(20);
    for workload in Workload::ALL {
        let reference = run(Crate::Cozy, workload, &inputs);
        assert!(reference.nodes > 1_000, "{workload:?}: {reference:?}");
        for krate in Crate::ALL {
            assert_eq!(
                run(krate, workload, &inputs),
                reference,
                "{krate:?} {workload:?}"
            );
        }
    }
    // The perft workload visits every node: perft(0) + ... + perft(4) of the start
    // position and perft(0) + ... + perft(3) of Kiwipete (the smoke depths).
    let perft = run(Crate::Sliders, Workload::Perft, &inputs);
    assert_eq!(
        perft.nodes,
        (1 + 20 + 400 + 8_902 + 197_281) + (1 + 48 + 2_039 + 97_862)
    );
}
