//! Issue 71, item 3: the dense finder's walked cubes past 4,096. The rook b1 run whose
//! restarts rose from 32 to 2,851 "as the walked cubes reached 4,096"
//! (docs/research-dense.md, "What is weak") was pinned with `--pin
//! 0x00ff00000000ff00:0xff00`: eight of the twenty bits that make a cube (b1's cubes fix
//! bits 42-61) were pinned, which leaves 2^12 = 4,096 cubes in the space it searched. It
//! had walked them all; every proposal after that named a cube already walked, so every
//! round restarted. The walked cubes are kept in a list and a set without a bound; these
//! tests show both halves: an unpinned run goes on walking new cubes past 4,096 at the
//! rate it had, and a pinned run stops at its space's cubes: it used to go on restarting,
//! and now ends, saying that every cube of its pin was walked.

use sliders_core::{RookOrBishop, Square};
use sliders_search::dense::{hunt, DenseOptions, DenseOutcome};
use sliders_search::prove::{IndexScheme, Question};

/// Bishop d1 at 4 bits, black: no magic (the exhaustive search and its certificate
/// say so), and a black question's walk covers some 2^59 magics, so its cubes (20
/// bits below the top) are many, each walked in milliseconds.
fn bishop_d1_black() -> Question {
    Question {
        piece: RookOrBishop::Bishop,
        square: "d1".parse::<Square>().unwrap(),
        bits: 4,
        scheme: IndexScheme::Black,
    }
}

fn rounds(q: &Question, pin: (u64, u64), rounds: u64) -> DenseOutcome {
    hunt(
        q,
        &DenseOptions {
            seed: 3,
            population: 1024,
            elite: 64,
            cubes_per_round: 64,
            cube_nodes: 65_536,
            widen: true,
            pin,
            rounds: Some(rounds),
            threads: 1,
            ..DenseOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn an_unpinned_run_walks_past_4096_cubes_and_restarts_at_the_rate_it_had() {
    let q = bishop_d1_black();
    // The same seed, so the longer run is the shorter one and then more rounds.
    let (half, whole) = (rounds(&q, (0, 0), 150), rounds(&q, (0, 0), 300));
    for (r, o) in [(150, &half), (300, &whole)] {
        println!(
            "{r} rounds: {} cubes walked, {} restarts",
            o.cubes_walked, o.restarts
        );
    }
    assert_eq!(half.found, None);
    assert_eq!(whole.found, None);
    assert!(
        whole.cubes_walked > 4096 + 2048,
        "walked {} cubes in 300 rounds",
        whole.cubes_walked
    );
    assert!(half.cubes_walked <= 4096 + 1024, "{}", half.cubes_walked);
    // New cubes keep coming in the second half (at least half as many as in the
    // first), and the restarts do not rise past what the first half had plus a
    // quarter of its rounds.
    let later = whole.cubes_walked - half.cubes_walked;
    assert!(
        2 * later >= half.cubes_walked,
        "{later} after {}",
        half.cubes_walked
    );
    let later_restarts = whole.restarts - half.restarts;
    assert!(
        later_restarts <= half.restarts + 20,
        "restarts: {} in the first 150 rounds, {later_restarts} in the next 150",
        half.restarts
    );
}

#[test]
fn a_pinned_run_ends_once_it_has_walked_every_cube_its_pin_allows() {
    // Rook b1 at 10 bits: cubes fix bits 42-61. Pinning 16 of them (44-59) leaves 16
    // cubes, as b1's pin of 8 left 4,096. Once all are walked every proposal names a
    // walked cube, and the run only restarted (b1: 2,851 restarts); it now ends there,
    // saying so, with the rounds it was given left over.
    let q = Question {
        piece: RookOrBishop::Rook,
        square: "b1".parse::<Square>().unwrap(),
        bits: 10,
        scheme: IndexScheme::Fancy,
    };
    let pin = (0x0fff_f000_0000_0000, 0x0a5a_5000_0000_0000);
    let out = rounds(&q, pin, 400);
    println!(
        "{} cubes walked, {} restarts, {} rounds, stopped by {:?}",
        out.cubes_walked, out.restarts, out.rounds, out.stopped
    );
    assert_eq!(out.found, None);
    assert_eq!(out.pin_cubes, Some(16));
    assert_eq!(out.cubes_walked, 16, "every cube of the pin, each once");
    assert_eq!(out.stopped, Some("pin"));
    assert!(out.rounds < 400, "{} rounds", out.rounds);
    // Unpinned, or pinned outside the cube bits, the cubes are not counted.
    let free = rounds(&q, (0, 0), 2);
    assert_eq!((free.pin_cubes, free.stopped), (None, Some("rounds")));
    let low = rounds(&q, (0xffff, 0xffff), 2);
    assert_eq!(
        (low.pin_cubes, low.stopped),
        (Some(1 << 20), Some("rounds"))
    );
}
