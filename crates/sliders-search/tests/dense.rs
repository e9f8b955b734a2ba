//! The guided dense finder (`sliders_search::dense`): it finds magics below the mask's
//! bits on small questions from a seed, the same magic whatever the threads, a resumed
//! run ends as an uninterrupted one, and a state of another run is refused.

use sliders_core::{RookOrBishop, Square};
use sliders_search::dense::{hunt, DenseError, DenseOptions, DenseOutcome, Forcing};
use sliders_search::prove::{verify_magic, IndexScheme, Question};

fn question(piece: RookOrBishop, square: &str, bits: u32, scheme: IndexScheme) -> Question {
    Question {
        piece,
        square: square.parse::<Square>().unwrap(),
        bits,
        scheme,
    }
}

fn bishop(square: &str, bits: u32) -> Question {
    question(RookOrBishop::Bishop, square, bits, IndexScheme::Fancy)
}

fn run(q: &Question, options: &DenseOptions) -> DenseOutcome {
    hunt(q, options).unwrap()
}

#[test]
fn it_finds_n_minus_1_bishop_magics_fancy_and_black_and_they_verify() {
    // Bishop a1, b1, h1 and a2 at one bit below their masks (5, 4, 5, 4 of 6, 5, 6, 5).
    for (square, bits) in [("a1", 5), ("b1", 4), ("h1", 5), ("a2", 4)] {
        for scheme in [IndexScheme::Fancy, IndexScheme::Black] {
            let q = question(RookOrBishop::Bishop, square, bits, scheme);
            let out = run(
                &q,
                &DenseOptions {
                    rounds: Some(50),
                    threads: 1,
                    ..DenseOptions::default()
                },
            );
            let magic = out
                .found
                .unwrap_or_else(|| panic!("bishop {square} {bits} {scheme:?}: {out:?}"));
            let used = verify_magic(&q, magic).unwrap();
            assert_eq!(out.slots_used, Some(used), "bishop {square}");
            assert!(used <= 1 << bits);
            assert_eq!(
                out.best_measure,
                out.best_measure.min(8),
                "a near-miss was walked"
            );
        }
    }
}

#[test]
fn the_seed_decides_the_magic_not_the_threads() {
    let q = bishop("b1", 4);
    let with = |threads, seed| {
        run(
            &q,
            &DenseOptions {
                seed,
                threads,
                rounds: Some(50),
                ..DenseOptions::default()
            },
        )
    };
    let (one, two) = (with(1, 7), with(2, 7));
    assert!(one.found.is_some());
    assert_eq!(one.found, two.found);
    assert_eq!(one.rounds, two.rounds);
    assert_eq!(one.candidates, two.candidates);
    // Seed 1's magic for bishop a1 at 5 bits, fixed: a change to the draw, the measure
    // or the walk shows here.
    let a1 = run(
        &bishop("a1", 5),
        &DenseOptions {
            rounds: Some(50),
            threads: 2,
            ..DenseOptions::default()
        },
    );
    assert_eq!(a1.found, Some(0x0010_6f69_5884_3fff));
}

#[test]
fn a_resumed_run_ends_as_an_uninterrupted_one() {
    // Rook c2 at 9 bits (its mask has 10): a dense magic the walk finds after some
    // hundred rounds of learning; stopped after 40 rounds, then resumed from the state.
    let q = question(RookOrBishop::Rook, "c2", 9, IndexScheme::Fancy);
    let options = DenseOptions {
        threads: 2,
        rounds: Some(400),
        ..DenseOptions::default()
    };
    let whole = run(&q, &options);
    let magic = whole.found.expect("rook c2 9 bits in 400 rounds");
    assert!(verify_magic(&q, magic).is_ok());
    assert_eq!(magic & 0xffff, 0xfffa, "a dense magic: {magic:#x}");

    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("c2.json");
    let first = run(
        &q,
        &DenseOptions {
            rounds: Some(40),
            state: Some(state.clone()),
            ..options.clone()
        },
    );
    assert_eq!(first.found, None);
    assert_eq!(first.stopped, Some("rounds"));
    assert_eq!(first.rounds, 40);
    let resumed = run(
        &q,
        &DenseOptions {
            state: Some(state.clone()),
            ..options.clone()
        },
    );
    assert_eq!(resumed.found, Some(magic));
    assert_eq!(resumed.rounds, whole.rounds);
    assert_eq!(resumed.candidates, whole.candidates);
    assert_eq!(resumed.cubes_walked, whole.cubes_walked);
    assert_eq!(resumed.nodes, whole.nodes);
    // A finished state answers at once.
    let again = run(
        &q,
        &DenseOptions {
            state: Some(state),
            ..options
        },
    );
    assert_eq!(again.found, Some(magic));
    assert_eq!(again.rounds, whole.rounds);
}

#[test]
fn a_state_of_another_run_or_a_broken_one_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let options = DenseOptions {
        rounds: Some(1),
        threads: 1,
        state: Some(state.clone()),
        ..DenseOptions::default()
    };
    run(&bishop("c1", 4), &options);
    let before = std::fs::read(&state).unwrap();
    for (q, o) in [
        (bishop("d1", 4), options.clone()),
        (bishop("c1", 3), options.clone()),
        (
            bishop("c1", 4),
            DenseOptions {
                seed: 2,
                ..options.clone()
            },
        ),
        (
            bishop("c1", 4),
            DenseOptions {
                population: 2048,
                ..options.clone()
            },
        ),
    ] {
        match hunt(&q, &o) {
            Err(DenseError::State(m)) => {
                assert!(m.contains("s.json") && m.contains("another run"), "{m}")
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        std::fs::read(&state).unwrap(),
        before,
        "a refused state is left alone"
    );
    // A state edited to hold a magic that is none: refused, not trusted (nor a panic).
    let text = String::from_utf8(before.clone()).unwrap();
    let forged = text.replace("\"found\": null", "\"found\": \"0x0000000000000001\"");
    assert_ne!(forged, text);
    std::fs::write(&state, forged).unwrap();
    match hunt(&bishop("c1", 4), &options) {
        Err(DenseError::State(m)) => {
            assert!(m.contains("is no magic for bishop c1 4 fancy"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    // Numbers no run writes (round 3's probe: each was taken as is): refused, naming
    // the field.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let edits: [(&str, serde_json::Value, &str); 6] = [
        ("/model/p/0", 5.0.into(), "bit 0 has probability 5"),
        ("/model/p/1", (-1.0).into(), "bit 1 has probability -1"),
        ("/round", u64::MAX.into(), "past 10^12"),
        ("/seconds", (-3.0).into(), "not a time spent"),
        ("/restarts", 7.into(), "restarts 7 in 1 rounds"),
        (
            "/nodes",
            (1u64 << 63).into(),
            "\"nodes\": 9223372036854775808 is out of range",
        ),
    ];
    for (at, new, says) in edits {
        let mut edited = value.clone();
        *edited.pointer_mut(at).unwrap() = new;
        std::fs::write(&state, edited.to_string()).unwrap();
        match hunt(&bishop("c1", 4), &options) {
            Err(DenseError::State(m)) => {
                assert!(m.contains("s.json") && m.contains(says), "{at}: {m}")
            }
            other => panic!("{at}: {other:?}"),
        }
    }
    let mut short = value.clone();
    short["model"]["p"] = serde_json::json!([0.5, 0.5, 0.5]);
    std::fs::write(&state, short.to_string()).unwrap();
    match hunt(&bishop("c1", 4), &options) {
        Err(DenseError::State(m)) => assert!(m.contains("3 probabilities"), "{m}"),
        other => panic!("{other:?}"),
    }
    std::fs::write(&state, b"{\"version\": 1, \"question\": ").unwrap();
    match hunt(&bishop("c1", 4), &options) {
        Err(DenseError::State(m)) => assert!(m.contains("not a dense-finder state"), "{m}"),
        other => panic!("{other:?}"),
    }
    // A state where no file can be written is refused before any work.
    let nowhere = DenseOptions {
        state: Some(dir.path().join("no/such/dir/s.json")),
        ..options
    };
    assert!(matches!(
        hunt(&bishop("c1", 4), &nowhere),
        Err(DenseError::Write(_))
    ));
}

#[test]
fn bad_options_are_refused() {
    let q = bishop("c1", 4);
    for o in [
        DenseOptions {
            elite: 0,
            ..DenseOptions::default()
        },
        DenseOptions {
            population: 1024,
            elite: 2048,
            ..DenseOptions::default()
        },
        DenseOptions {
            cubes_per_round: 0,
            ..DenseOptions::default()
        },
    ] {
        assert!(matches!(hunt(&q, &o), Err(DenseError::Input(_))));
    }
    assert!(matches!(
        hunt(&bishop("c1", 13), &DenseOptions::default()),
        Err(DenseError::Input(_))
    ));
    // Round 3's probe: more bits than the mask, a forced or pinned value with bits
    // outside its mask, and a force and a pin that disagree were all taken.
    let refused = |q: &Question, o: &DenseOptions, says: &str| match hunt(q, o) {
        Err(DenseError::Input(m)) => assert!(m.contains(says), "{m}"),
        other => panic!("{says}: {other:?}"),
    };
    refused(
        &bishop("a1", 7),
        &DenseOptions::default(),
        "1 to its 6 mask bits",
    );
    let forcing = |mask, value| DenseOptions {
        forcing: Forcing::Bits(mask, value),
        ..DenseOptions::default()
    };
    refused(
        &q,
        &forcing(0x1, 0x2),
        "--force 0x1:0x2: the value has bits outside the mask",
    );
    let pin = |mask, value| DenseOptions {
        pin: (mask, value),
        ..DenseOptions::default()
    };
    refused(
        &q,
        &pin(0x1, 0x3),
        "--pin 0x1:0x3: the value has bits outside the mask",
    );
    refused(
        &q,
        &DenseOptions {
            pin: (0x1, 0x1),
            ..forcing(0x1, 0x0)
        },
        "disagree on bits 0x1",
    );
}

/// `widen`: where the elite names no new cube (a pinned run on rook c1, whose best
/// candidates keep landing in the cubes already walked), the widened run walks the best
/// new cubes of the whole round instead of restarting into the same ones.
#[test]
fn widening_walks_new_cubes_where_restarts_would_repeat_old_ones() {
    let q = question(RookOrBishop::Rook, "c1", 10, IndexScheme::Fancy);
    let with = |widen| {
        run(
            &q,
            &DenseOptions {
                seed: 7,
                pin: (0x00ff_0000_0000_ff00, 0x0000_0000_0000_ff00),
                model_first: true,
                population: 1024,
                elite: 32,
                cube_nodes: 65_536,
                rounds: Some(300),
                threads: 1,
                widen,
                ..DenseOptions::default()
            },
        )
    };
    let (plain, widened) = (with(false), with(true));
    assert_eq!((plain.rounds, widened.rounds), (300, 300));
    assert!(
        widened.cubes_walked > 4 * plain.cubes_walked,
        "cubes walked: {} widened, {} plain",
        widened.cubes_walked,
        plain.cubes_walked
    );
    assert!(
        widened.restarts < plain.restarts,
        "restarts: {} widened, {} plain",
        widened.restarts,
        plain.restarts
    );
    // Deterministic from the seed, as every run.
    assert_eq!(with(true).cubes_walked, widened.cubes_walked);
}
