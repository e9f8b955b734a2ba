//! `sliders dense`: its contract (`found 0x<16 hex> (...)` and a summary line with the
//! seed on stdout, exit 0; exit 1 naming the limit, or the pin whose cubes are all
//! walked, when none is found; exit 2 naming bad input), and the committed rook d1
//! magic reproduced from its command.

mod common;

use common::sliders;

#[test]
fn a_found_magic_is_printed_with_its_entries_and_seed() {
    let o = sliders([
        "dense",
        "bishop",
        "a1",
        "--bits",
        "5",
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    let out = o.stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        "found 0x00106f6958843fff (bishop a1 5 fancy; 26 of 32 entries used)"
    );
    assert!(lines[1].ends_with("; seed 1"), "{out}");
    assert!(o.stderr.is_empty(), "--quiet: {}", o.stderr());
}

#[test]
fn no_magic_within_the_limit_is_exit_1_and_the_state_resumes() {
    // Bishop c1 has no 4-bit magic (a checked DRAT proof): the run ends at its rounds.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("c1.json");
    let state = state.to_str().unwrap();
    let args = [
        "dense", "bishop", "c1", "--bits", "4", "--rounds", "3", "--state", state,
    ];
    let o = sliders(args);
    assert_eq!(o.status.code(), Some(1), "{}", o.stderr());
    let err = o.stderr();
    assert!(err.contains("no magic for bishop c1 4 fancy before the round limit; run again with the same --state"), "{err}");
    assert!(
        err.contains("dense bishop c1 4 fancy: round 3,"),
        "progress lines: {err}"
    );
    // The same command again: the state is at its limit already, nothing more is drawn.
    let again = sliders(args);
    assert_eq!(again.status.code(), Some(1));
    assert!(!again.stderr().contains("round 4,"), "{}", again.stderr());
    // Another question on the same state: exit 2, naming it.
    let other = sliders([
        "dense", "bishop", "d1", "--bits", "4", "--rounds", "3", "--state", state,
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        other.stderr().contains("a state of another run"),
        "{}",
        other.stderr()
    );
}

#[test]
fn a_pin_whose_cubes_are_all_walked_ends_the_run_exit_1_saying_so() {
    // Rook b1: its cubes fix bits 42-61; this pin fixes 16 of them, which leaves 16
    // cubes. Once all are walked the run ends (it used to restart round after round).
    let o = sliders([
        "dense",
        "rook",
        "b1",
        "--bits",
        "10",
        "--seed",
        "3",
        "--population",
        "1024",
        "--elite",
        "64",
        "--cubes-per-round",
        "64",
        "--cube-nodes",
        "65536",
        "--widen",
        "--pin",
        "0x0ffff00000000000:0x0a5a500000000000",
        "--rounds",
        "400",
        "--threads",
        "1",
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", o.stderr());
    let err = o.stderr();
    assert!(
        err.contains("no magic for rook b1 10 fancy in the 16 cubes its --pin allows: every one has been walked, each to --cube-nodes at most"),
        "{err}"
    );
    assert!(err.contains(", 16 cubes walked ("), "{err}");
}

#[test]
fn bad_input_is_exit_2_naming_it() {
    for (args, says) in [
        (vec!["dense", "knight", "a1", "--bits", "5"], "knight"),
        (vec!["dense", "rook", "i9", "--bits", "5"], "i9"),
        (vec!["dense", "rook", "a1", "--bits", "13"], "--bits 13"),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--scheme", "pext"],
            "pext",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--force", "0xffff"],
            "MASK:VALUE",
        ),
        (
            vec![
                "dense",
                "rook",
                "a1",
                "--bits",
                "5",
                "--force",
                "0xffff:0xg",
            ],
            "hex digits",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--population", "10"],
            "out of range",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--elite", "20000"],
            "--elite 20000",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--shard", "3/2"],
            "--shard",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--start-from", "12"],
            "0x",
        ),
        (
            vec!["dense", "rook", "a1", "--bits", "5", "--order", "sideways"],
            "sideways",
        ),
        (
            vec![
                "dense",
                "rook",
                "a1",
                "--bits",
                "5",
                "--order",
                "low-first",
                "--scheme",
                "black",
            ],
            "black",
        ),
    ] {
        let o = sliders(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", o.stderr());
        assert!(o.stderr().contains(says), "{args:?}: {}", o.stderr());
    }
}
