//! `sliders refine` through the binary: the set it writes verifies smaller, its state
//! resumes, its summary line has the contract's shape, and bad input is refused.

mod common;

use common::{sliders, Run, TempDir};

const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);
const OFFSET: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/offset_in_magic_sliders.csv"
);
const FANCY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/fancy_stockfish_seeds_107648.csv"
);

fn entries(path: &str) -> usize {
    let o = sliders(["verify", path]);
    assert!(o.status.success(), "{}", o.stderr());
    let out = o.stdout();
    let line = out.lines().find(|l| l.starts_with("table: ")).unwrap();
    line["table: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn refines_writes_a_smaller_set_and_resumes() {
    /// `refine` of the published black set, 256 candidates per visit.
    fn refine(out: &str, state: &str, visits: &str, seed: &str, threads: &str) -> Run {
        sliders([
            "refine",
            BLACK,
            "--out",
            out,
            "--resume",
            state,
            "--visits",
            visits,
            "--candidates",
            "256",
            "--seed",
            seed,
            "--threads",
            threads,
        ])
    }
    let dir = TempDir::new("resumes");
    let (out, state) = (dir.file("set.csv"), dir.file("state.json"));
    let o = refine(&out, &state, "40", "1", "1");
    let err = o.stderr();
    assert!(o.status.success(), "{err}");
    // One summary line, nothing else (stderr is not a terminal here).
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("{BLACK}: 87988 -> ")), "{err}");
    assert!(
        err.contains(" visits, ") && err.contains("; gains: replace "),
        "{err}"
    );
    let first = entries(&out);
    assert!(first < 87_988, "{first}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# scheme: black\n"), "{text}");
    assert!(
        text.contains("# refined by sliders refine --seed 1 --candidates 256:"),
        "{text}"
    );
    let json = std::fs::read_to_string(&state).unwrap();
    assert!(json.contains("\"visits\": 40"), "{json}");

    // Resumed to 80 visits in all: the same as 80 visits at once.
    let o = refine(&out, &state, "80", "1", "1");
    assert!(o.status.success(), "{}", o.stderr());
    let resumed = std::fs::read_to_string(&out).unwrap();
    let (once, once_state) = (dir.file("once.csv"), dir.file("once.json"));
    let o = refine(&once, &once_state, "80", "1", "2");
    assert!(o.status.success(), "{}", o.stderr());
    assert_eq!(std::fs::read_to_string(&once).unwrap(), resumed);
    assert!(entries(&once) <= first);

    // The state with another seed is refused, naming the state file.
    let o = refine(&out, &state, "90", "2", "1");
    assert_eq!(o.status.code(), Some(2));
    let err = o.stderr();
    assert!(err.contains(&format!("{state}: the state file")), "{err}");
    assert!(err.contains("another seed"), "{err}");
    // ... and so is the state of another input set.
    let other = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/own/black_magics_87783_repacked.csv"
    );
    let o = sliders([
        "refine",
        other,
        "--out",
        &out,
        "--resume",
        &state,
        "--visits",
        "90",
        "--candidates",
        "256",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = o.stderr();
    assert!(err.contains("another input set"), "{err}");

    // Round 3's probe: counters that do not fit the input set were taken and printed
    // (`1 -> 88507 entries`). Each is refused, naming the state file and the field.
    let good: serde_json::Value = serde_json::from_str(&json).unwrap();
    let edits: [(&str, serde_json::Value, &str); 3] = [
        (
            "/start_entries",
            1.into(),
            "it starts from 1 entries, the input set has 87988",
        ),
        (
            "/gains/mutate/entries",
            u64::MAX.into(),
            "gains.mutate: 18446744073709551615 entries",
        ),
        ("/gains/fresh/accepted", 41.into(), "gains.fresh:"),
    ];
    let tampered = dir.file("tampered.json");
    for (at, value, says) in edits {
        let mut edited = good.clone();
        *edited.pointer_mut(at).unwrap() = value;
        std::fs::write(&tampered, edited.to_string()).unwrap();
        let o = refine(&out, &tampered, "90", "1", "1");
        let err = o.stderr();
        assert_eq!(o.status.code(), Some(2), "{at}: {err}");
        assert!(
            err.contains(&format!(
                "{tampered}: the state's counters do not fit: {says}"
            )),
            "{at}: {err}"
        );
    }
}

#[test]
fn bad_input_is_refused() {
    let dir = TempDir::new("bad");
    let out = dir.file("bad.csv");
    for (file, extra, expect) in [
        (BLACK, "", "needs a budget"),
        (FANCY, "--visits 1", "offset-in-magic sets, not fancy"),
        (
            BLACK,
            "--visits 1 --trials 0",
            "'--trials <TRIALS>': \"0\" is out of range 1..=1048576",
        ),
        (
            OFFSET,
            "--visits 1 --trials 4000000000",
            "'--trials <TRIALS>': \"4000000000\" is out of range 1..=1048576",
        ),
        (
            BLACK,
            "--time soon",
            "'--time <TIME>': \"soon\": expected like 90s",
        ),
        (
            BLACK,
            "--visits 1 --threads 0",
            "'--threads <THREADS>': \"0\" is out of range 1..=1024",
        ),
        (
            BLACK,
            "--visits 1 --no-mutate --no-fresh",
            "leave no candidates",
        ),
    ] {
        let mut args = vec!["refine", file, "--out", &out];
        args.extend(extra.split_whitespace());
        let o = sliders(&args);
        let err = o.stderr();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
    // One file for both the set and the state.
    let o = sliders([
        "refine", BLACK, "--out", &out, "--visits", "1", "--resume", &out,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr().contains("name the same file"));
    // A state file that is not one.
    let state = dir.file("not-a-state.json");
    std::fs::write(&state, "{\"visits\": ").unwrap();
    let o = sliders([
        "refine", BLACK, "--out", &out, "--visits", "1", "--resume", &state,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr().contains("not-a-state.json"));
    assert!(
        !std::path::Path::new(&out).exists(),
        "nothing written on refused input"
    );
}

/// An offset-in-magic set: the refined set is one (its offsets in its magics, which
/// `verify` checks), smaller, and the summary line has the contract's shape.
#[test]
fn refines_offset_in_magic_sets() {
    let dir = TempDir::new("offset");
    let out = dir.file("offset.csv");
    let o = sliders([
        "refine", OFFSET, "--out", &out, "--visits", "30", "--seed", "1",
    ]);
    let err = o.stderr();
    assert!(o.status.success(), "{err}");
    let size = entries(&out);
    assert!(size < 226_716, "{size}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# scheme: offset-in-magic\n# offset_shift: 2\n"));
    assert!(text.contains("# refined by sliders refine --seed 1 --trials 48: 226716 -> "));
    assert!(
        err.contains(&format!(": 226716 -> {size} entries (")) && err.contains("30 visits"),
        "{err}"
    );
}
