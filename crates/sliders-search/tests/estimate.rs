//! `sliders_search::prove::estimate`: the nodes an exhaustive search has left, from a
//! sample of its cubes, against the search itself on questions small enough to finish.

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::estimate::estimate;
use sliders_search::prove::exhaust::{exhaust, Exhaust, ExhaustOptions, ExhaustState, Order};
use sliders_search::prove::{shard, verify_magic, IndexScheme, ProveError, Question};

fn question(piece: RookOrBishop, square: Square, bits: u32) -> Question {
    Question {
        piece,
        square,
        bits,
        scheme: IndexScheme::Fancy,
    }
}

/// A fresh directory of this test's own (`sliders-estimate-<name>-<random>` in the temp
/// directory), removed when dropped: when the test ends, passed or panicked.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("sliders-estimate-{name}-"))
        .tempdir()
        .unwrap()
}

/// Bishop c1 at 4 bits: no magic, a search of under a second; its cubes and each
/// cube's nodes, searched one by one.
fn c1_cube_nodes() -> (Question, u32, Vec<u64>) {
    let q = question(RookOrBishop::Bishop, Square::C1, 4);
    let ex = Exhaust::new(&q).unwrap();
    let whole = exhaust(&q, &ExhaustOptions::default()).unwrap();
    assert_eq!(whole.answer, Some(None));
    let nodes: Vec<u64> = ex
        .cubes(whole.depth)
        .iter()
        .map(|&c| ex.search_cube(c, whole.depth).nodes)
        .collect();
    assert_eq!(nodes.iter().sum::<u64>(), whole.nodes);
    (q, whole.depth, nodes)
}

fn state_at(q: &str, depth: u32, cubes: usize, done: usize) -> ExhaustState {
    ExhaustState {
        question: q.into(),
        depth,
        cubes,
        shard: None,
        done,
        nodes: 7,
        found: None,
        found_cube: None,
    }
}

#[test]
fn a_sample_of_every_cube_left_gives_the_nodes_left_exactly() {
    let (q, depth, nodes) = c1_cube_nodes();
    let dir = scratch("census");
    let path = dir.path().join("c1.json");
    let done = nodes.len() / 3;
    let text = serde_json::to_string(&state_at("bishop c1 4", depth, nodes.len(), done)).unwrap();
    std::fs::write(&path, &text).unwrap();
    let options = ExhaustOptions {
        threads: 2,
        state: Some(path.clone()),
        ..ExhaustOptions::default()
    };
    let e = estimate(&q, &options, 1 << 20, 1).unwrap();
    assert_eq!(e.cubes_left, nodes.len() - done);
    assert_eq!(e.sampled, e.cubes_left);
    assert_eq!(e.nodes_left, nodes[done..].iter().sum::<u64>() as f64);
    assert_eq!(e.sample_nodes, nodes[done..].iter().sum::<u64>());
    assert_eq!(e.heaviest, *nodes[done..].iter().max().unwrap());
    assert_eq!(e.standard_error, Some(0.0));
    assert_eq!((e.found, e.found_cube), (None, None));
    // The state is read, never written.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    dir.close().unwrap();
}

#[test]
fn a_sample_estimates_the_nodes_left_within_its_standard_error() {
    // Fixed seeds, so these are fixed numbers, not chance: a sample of one cube in 20
    // lands within three standard errors of the truth, for three seeds, and the seeds
    // draw different cubes.
    // The standard error is within a factor of 2 either way of the true one (from
    // every cube's nodes, stratum by stratum).
    let (q, _, nodes) = c1_cube_nodes();
    let truth: u64 = nodes.iter().sum();
    let k = nodes.len() / 20;
    assert!(k >= 10, "{} cubes", nodes.len());
    let true_se = (0..k)
        .map(|j| {
            let stratum = &nodes[shard::range(nodes.len(), (j, k))];
            let n = stratum.len() as f64;
            let mean = stratum.iter().sum::<u64>() as f64 / n;
            let spread = stratum
                .iter()
                .map(|&x| (x as f64 - mean).powi(2))
                .sum::<f64>()
                / n;
            n * n * spread
        })
        .sum::<f64>()
        .sqrt();
    let mut estimates = Vec::new();
    for seed in 1..=3 {
        let e = estimate(&q, &ExhaustOptions::default(), k, seed).unwrap();
        assert_eq!((e.sampled, e.cubes_left), (k, nodes.len()));
        let se = e.standard_error.unwrap();
        assert!(
            se > true_se / 2.0 && se < true_se * 2.0,
            "seed {seed}: standard error {se}, the true one {true_se}"
        );
        assert!(
            (e.nodes_left - truth as f64).abs() <= 3.0 * se,
            "seed {seed}: {} against {truth}, standard error {se}",
            e.nodes_left
        );
        // The sample's own nodes are a twentieth or so of the whole, not all of it.
        assert!(e.sample_nodes < truth / 4);
        estimates.push(e.nodes_left);
    }
    assert!(estimates[0] != estimates[1] || estimates[1] != estimates[2]);
}

#[test]
fn a_sampled_cube_that_holds_a_magic_gives_it_verified_with_its_cube() {
    // Bishop b1 at 5 bits (its mask's): magics in most cubes. In shard 1 of runs of
    // about 16 cubes, from a state with 5 of its cubes done, sampling every cube left,
    // the answer is the first cube after them that holds a magic, named by its place
    // among all the cubes.
    let q = question(RookOrBishop::Bishop, Square::B1, 5);
    let ex = Exhaust::new(&q).unwrap();
    let depth = exhaust(&q, &ExhaustOptions::default()).unwrap().depth;
    let cubes = ex.cubes(depth);
    let part = (1, cubes.len() / 16);
    let range = shard::range(cubes.len(), part);
    let done = 5;
    let (at, magic) = (range.start + done..range.end)
        .find_map(|i| ex.search_cube(cubes[i], depth).found.map(|m| (i, m)))
        .expect("a magic in the shard's cubes left");
    let dir = scratch("found");
    let path = dir.path().join("b1.json");
    let mut state = state_at("bishop b1 5", depth, cubes.len(), done);
    state.shard = Some(shard::name(part));
    std::fs::write(&path, serde_json::to_string(&state).unwrap()).unwrap();
    let options = ExhaustOptions {
        state: Some(path),
        shard: Some(part),
        ..ExhaustOptions::default()
    };
    let e = estimate(&q, &options, 1 << 20, 1).unwrap();
    assert_eq!(e.cubes_left, range.len() - done);
    assert_eq!((e.found, e.found_cube), (Some(magic), Some(at)));
    assert!(verify_magic(&q, magic).is_ok());
    // A state that holds the magic is the answer at once, nothing sampled.
    state.found = Some(format!("0x{magic:016x}"));
    state.found_cube = Some(at);
    std::fs::write(
        options.state.as_ref().unwrap(),
        serde_json::to_string(&state).unwrap(),
    )
    .unwrap();
    let e = estimate(&q, &options, 1 << 20, 1).unwrap();
    assert_eq!(
        (e.found, e.found_cube, e.sampled),
        (Some(magic), Some(at), 0)
    );
    dir.close().unwrap();
}

#[test]
fn bad_samples_and_states_are_refused_by_name() {
    let q = question(RookOrBishop::Bishop, Square::C1, 4);
    let err = estimate(&q, &ExhaustOptions::default(), 0, 1).unwrap_err();
    assert!(
        matches!(&err, ProveError::Question(m) if m.contains("0 cubes")),
        "{err}"
    );
    let dir = scratch("refused");
    let path = dir.path().join("other.json");
    let ex = Exhaust::new(&q).unwrap();
    let whole = exhaust(&q, &ExhaustOptions::default()).unwrap();
    let cubes = ex.cubes(whole.depth).len();
    let options = ExhaustOptions {
        state: Some(path.clone()),
        order: Order::Ascending,
        ..ExhaustOptions::default()
    };
    std::fs::write(
        &path,
        serde_json::to_string(&state_at("bishop d1 4", whole.depth, cubes, 0)).unwrap(),
    )
    .unwrap();
    let err = estimate(&q, &options, 10, 1).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("other.json") && m.contains("bishop d1 4")),
        "{err}"
    );
    std::fs::write(
        &path,
        serde_json::to_string(&state_at("bishop c1 4", whole.depth, cubes, cubes + 1)).unwrap(),
    )
    .unwrap();
    assert!(matches!(
        estimate(&q, &options, 10, 1),
        Err(ProveError::State(_))
    ));
    // A finished state leaves nothing to sample: an estimate of 0 nodes, no error.
    std::fs::write(
        &path,
        serde_json::to_string(&state_at("bishop c1 4", whole.depth, cubes, cubes)).unwrap(),
    )
    .unwrap();
    let e = estimate(&q, &options, 10, 1).unwrap();
    assert_eq!((e.cubes_left, e.sampled, e.nodes_left), (0, 0, 0.0));
    assert!(e.nodes_left.is_sign_positive() && e.thread_seconds.is_sign_positive());
    // One cube left, one drawn: exact, not "unknown" for want of a second stratum.
    std::fs::write(
        &path,
        serde_json::to_string(&state_at("bishop c1 4", whole.depth, cubes, cubes - 1)).unwrap(),
    )
    .unwrap();
    let e = estimate(&q, &options, 1, 1).unwrap();
    assert_eq!(
        (e.cubes_left, e.sampled, e.standard_error),
        (1, 1, Some(0.0))
    );
    // A state file that is not there is a mistyped path, not a fresh start.
    std::fs::remove_file(&path).unwrap();
    let err = estimate(&q, &options, 10, 1).unwrap_err();
    assert!(
        matches!(&err, ProveError::State(m) if m.contains("other.json") && m.contains("no such file")),
        "{err}"
    );
    // Stopped by its time limit before the sample is searched: no estimate.
    let stopped = ExhaustOptions {
        limit: Some(std::time::Duration::ZERO),
        ..ExhaustOptions::default()
    };
    let err = estimate(&q, &stopped, 10, 1).unwrap_err();
    assert!(matches!(&err, ProveError::Interrupted(_)), "{err}");
    dir.close().unwrap();
}
