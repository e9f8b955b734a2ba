//! Cube and conquer (`sliders_search::prove::cubes`): split on the magic's top bits, it
//! must give the same answers as one solver run (none with every cube's proof checked,
//! or a magic that verifies), resume from its state, and refuse a state it cannot
//! resume from. Under CI (`CI` set) a missing solver is a failure; elsewhere these tests
//! say so and pass.

mod common;

use common::solver_present;
use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::cubes::{split, CubeOptions, CubeState};
use sliders_search::prove::{
    prove, verify_magic, Answer, Collisions, IndexScheme, Options, ProveError, Question,
};

fn bishop(square: Square, bits: u32) -> Question {
    Question {
        piece: RookOrBishop::Bishop,
        square,
        bits,
        scheme: IndexScheme::Fancy,
    }
}

fn options(bits: u32) -> CubeOptions {
    CubeOptions {
        bits,
        collisions: Collisions::Slots,
        threads: 2,
        state: None,
        limit: None,
        check: true,
        formula: None,
        shard: None,
        progress: None,
        stop: Default::default(),
    }
}

/// A fresh directory of this test's own (`sliders-<what>-<random>` in the temp
/// directory), removed when dropped: when the test ends, passed or panicked.
fn scratch(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("sliders-{what}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn cubes_give_the_answers_of_one_solver_run() {
    if !solver_present() {
        return;
    }
    // b1 has a 4-bit magic; c1, d1 and d8 have none (the SAT proofs, the exhaustive
    // search and the status file agree on these).
    for (square, bits) in [
        (Square::B1, 4),
        (Square::C1, 4),
        (Square::D1, 4),
        (Square::D8, 4),
    ] {
        let q = bishop(square, bits);
        let whole = prove(&q, &Options::default()).unwrap().answer;
        for cube_bits in [1, 4] {
            let split = split(&q, &options(cube_bits)).unwrap();
            match (&whole, split.answer) {
                (Answer::Found { .. }, Some(Some(magic))) => {
                    assert!(verify_magic(&q, magic).is_ok(), "{square}");
                    // Cubes are answered in order and cube i fixes the top bits to i:
                    // the magic's top bits name the cube that found it, the last done.
                    let top = magic >> (q.period_bits() - cube_bits);
                    assert_eq!(top as usize, split.cubes_done - 1, "{square} {cube_bits}");
                }
                (Answer::None { .. }, Some(None)) => {
                    assert_eq!(split.cubes, 1 << cube_bits);
                    assert_eq!(split.cubes_done, split.cubes, "{square}");
                    assert_eq!(split.checked, split.cubes, "every cube's proof checked");
                    assert!(split.lemmas > 0 && split.proof_bytes > 0);
                }
                (whole, split) => panic!("{square} {cube_bits}: {whole:?} against {split:?}"),
            }
        }
    }
}

#[test]
fn a_run_resumes_from_its_state_and_refuses_a_foreign_one() {
    if !solver_present() {
        return;
    }
    let q = bishop(Square::D1, 4);
    let dir = scratch("cubes-resume");
    let state = dir.path().join("d1.json");
    let mut opts = options(3);
    opts.state = Some(state.clone());
    // A state saying the first 5 of 8 cubes are answered (with made-up totals): the run
    // answers the other 3 and adds to the totals.
    let saved = CubeState {
        question: "bishop d1 4 fancy slots".into(),
        bits: 3,
        done: 5,
        proof_bytes: 1000,
        lemmas: 10,
        checked: 5,
        check: true,
        found: None,
        shard: None,
    };
    std::fs::write(&state, serde_json::to_string(&saved).unwrap()).unwrap();
    let resumed = split(&q, &opts).unwrap();
    assert_eq!(resumed.answer, Some(None));
    assert_eq!(resumed.cubes_done, 8);
    assert_eq!(resumed.checked, 8);
    let whole = split(&q, &options(3)).unwrap();
    assert!(resumed.proof_bytes > 1000 && resumed.proof_bytes < 1000 + whole.proof_bytes);
    let kept: CubeState = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(kept.done, 8);

    // Another question, other cube bits, impossible counts, not JSON: refused, naming
    // the file.
    let bad = [
        serde_json::to_string(&CubeState {
            question: "bishop c1 4 fancy slots".into(),
            ..saved.clone()
        })
        .unwrap(),
        serde_json::to_string(&CubeState {
            bits: 2,
            ..saved.clone()
        })
        .unwrap(),
        serde_json::to_string(&CubeState {
            done: 9,
            ..saved.clone()
        })
        .unwrap(),
        "{\"question\": 1".to_string(),
    ];
    let mut bad = bad.to_vec();
    bad.extend([
        // A run that did not check its proofs is not resumed by one that does.
        serde_json::to_string(&CubeState {
            check: false,
            checked: 0,
            ..saved.clone()
        })
        .unwrap(),
        // A magic with no cube done, a magic that does not verify, one that is not hex.
        serde_json::to_string(&CubeState {
            done: 0,
            checked: 0,
            found: Some("0x0000000000000001".into()),
            ..saved.clone()
        })
        .unwrap(),
        serde_json::to_string(&CubeState {
            found: Some("0x0000000000000001".into()),
            ..saved.clone()
        })
        .unwrap(),
        serde_json::to_string(&CubeState {
            found: Some("0x0x12".into()),
            ..saved.clone()
        })
        .unwrap(),
    ]);
    for text in bad {
        std::fs::write(&state, &text).unwrap();
        match split(&q, &opts) {
            Err(ProveError::State(m)) => assert!(m.contains(&*state.to_string_lossy()), "{m}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn cube_bits_and_shards_out_of_range_are_refused() {
    let q = bishop(Square::D1, 4);
    for bits in [0, 21] {
        assert!(matches!(
            split(&q, &options(bits)),
            Err(ProveError::Question(_))
        ));
    }
    // More shards than cubes: refused before any solver runs.
    let mut opts = options(3);
    opts.shard = Some((5, 16));
    match split(&q, &opts) {
        Err(ProveError::Question(m)) => assert!(m.contains("5/16"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn shards_merge_to_the_whole_run_and_a_missing_shard_leaves_no_answer() {
    if !solver_present() {
        return;
    }
    use sliders_search::prove::cubes::merge;
    let q = bishop(Square::D1, 4);
    let whole = split(&q, &options(3)).unwrap();
    let dir = scratch("cubes-shards");
    let paths: Vec<_> = (0..3)
        .map(|i| dir.path().join(format!("shard-{i}.json")))
        .collect();
    let mut covered = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        let mut opts = options(3);
        opts.shard = Some((i, 3));
        opts.state = Some(path.clone());
        let part = split(&q, &opts).unwrap();
        assert_eq!(part.answer, Some(None), "none in shard {i}");
        covered.extend(part.range.clone());
        // The shard's state is not the whole run's, nor another shard's.
        let mut other = options(3);
        other.state = Some(path.clone());
        assert!(matches!(split(&q, &other), Err(ProveError::State(_))));
    }
    assert_eq!(
        covered,
        (0..8).collect::<Vec<_>>(),
        "the shards cover every cube once"
    );
    let merged = merge(&q, Collisions::Slots, 3, &paths).unwrap();
    assert_eq!(merged.standing.answer, Some(None));
    assert_eq!(merged.standing.cubes_done, 8);
    assert_eq!(merged.checked, 8);
    assert_eq!(merged.proof_bytes, whole.proof_bytes);

    let partial = merge(&q, Collisions::Slots, 3, &paths[..2]).unwrap();
    assert_eq!(partial.standing.answer, None);
    assert_eq!(partial.standing.missing, vec![2]);
    for bad in [
        vec![paths[0].clone(), paths[0].clone()],
        vec![dir.path().join("no-such-state.json")],
    ] {
        assert!(matches!(
            merge(&q, Collisions::Slots, 3, &bad),
            Err(ProveError::State(_))
        ));
    }
    assert!(matches!(
        merge(&bishop(Square::C1, 4), Collisions::Slots, 3, &paths),
        Err(ProveError::State(_))
    ));
    // A shard run with --no-check does not merge with shards that checked.
    let unchecked: CubeState =
        serde_json::from_str(&std::fs::read_to_string(&paths[2]).unwrap()).unwrap();
    std::fs::write(
        &paths[2],
        serde_json::to_string(&CubeState {
            check: false,
            checked: 0,
            ..unchecked
        })
        .unwrap(),
    )
    .unwrap();
    match merge(&q, Collisions::Slots, 3, &paths) {
        Err(ProveError::State(m)) => assert!(m.contains("--no-check"), "{m}"),
        other => panic!("{other:?}"),
    }
    for path in &paths {
        std::fs::remove_file(path).unwrap();
    }
}
