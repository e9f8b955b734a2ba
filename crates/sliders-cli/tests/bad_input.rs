//! Issue 21 through the binary: bounds on every number typed, no panic or abort on
//! input, the right square named, outputs never set back, and exit codes as the contract
//! (docs/robustness.md) lists them. (The work-unit cases are in perft_units.rs.)

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use common::{sliders, Run, Sliders, TempDir};

const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);
/// Our refined black set: 87,712 entries, smaller than the published 87,988.
const BLACK_SMALLER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/black_magics_87712_refined.csv"
);

/// `o` exited with status 2 and its message contains every one of `needles`.
fn assert_refused(o: &Run, what: &str, needles: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{what}: {}", o.stderr());
    assert!(
        needles.iter().all(|n| o.stderr().contains(n)),
        "{what}: {}",
        o.stderr()
    );
}

/// Exit 2 and a message that contains `expect`.
fn refused(args: &[&str], expect: &str) {
    assert_refused(&sliders(args), &format!("{args:?}"), &[expect]);
}

/// Each number a user types is bounded: exit 2 naming the option and its range, where
/// `--time 99999999999999999999h` panicked (exit 101), `--candidates 2^64-1` aborted on
/// a 5 EB allocation and `--threads 100000` never finished.
#[test]
fn numbers_out_of_range_exit_2_naming_the_option_and_range() {
    let dir = TempDir::new("bounds");
    let out = dir.file("out.csv");
    for (args, expect) in [
        (
            vec![
                "refine",
                BLACK,
                "--out",
                &out,
                "--time",
                "99999999999999999999h",
            ],
            "'--time <TIME>': \"99999999999999999999h\" is out of range 0..=8784h",
        ),
        (
            vec![
                "find",
                "--scheme",
                "fancy",
                "--time",
                "99999999999999999999h",
            ],
            "'--time <TIME>'",
        ),
        (
            vec![
                "refine",
                BLACK,
                "--out",
                &out,
                "--visits",
                "1",
                "--candidates",
                "18446744073709551615",
            ],
            "'--candidates <CANDIDATES>': \"18446744073709551615\" is out of range 1..=16777216",
        ),
        (
            vec![
                "refine",
                BLACK,
                "--out",
                &out,
                "--visits",
                "1",
                "--threads",
                "100000",
            ],
            "'--threads <THREADS>': \"100000\" is out of range 1..=1024",
        ),
        (
            vec!["find", "--scheme", "fancy", "--threads", "100000"],
            "'--threads <THREADS>': \"100000\" is out of range 1..=1024",
        ),
        (
            vec!["find", "--scheme", "fancy", "--threads", "0"],
            "\"0\" is out of range 1..=1024",
        ),
        (
            vec!["perft", "3", "--threads", "100000"],
            "'--threads <THREADS>': \"100000\" is out of range 0..=1024 (0: one per core)",
        ),
        (vec!["perft", "25"], "\"25\" is out of range 0..=24 plies"),
        (
            vec!["perft", "1", "--hash", "18446744073709551615"],
            "'--hash <HASH>': \"18446744073709551615\" is out of range 0..=1048576 MB",
        ),
        (
            vec!["perft", "1", "--hash", "-1"],
            "unexpected argument '-1'",
        ),
        (
            vec!["bench", "--lookups", "100000000000"],
            "'--lookups <LOOKUPS>': \"100000000000\" is out of range 1..=100000000",
        ),
        (
            vec!["bench", "--perft", "30"],
            "\"30\" is out of range 0..=8 plies",
        ),
        (
            vec!["find", "--scheme", "offset-in-magic", "--trials", "0"],
            "'--trials <TRIALS>': \"0\" is out of range 1..=1048576",
        ),
        (
            vec![
                "refine",
                BLACK,
                "--out",
                &out,
                "--visits",
                "18446744073709551615",
            ],
            "'--visits <VISITS>': \"18446744073709551615\" is out of range 1..=4611686018427387904",
        ),
        (
            vec![
                "find",
                "--scheme",
                "fancy",
                "--candidates",
                "4611686018427387905",
            ],
            "'--candidates <CANDIDATES>': \"4611686018427387905\" is out of range 1..=4611686018427387904",
        ),
        (
            vec!["find", "--scheme", "black", "--range-candidates", "0"],
            "'--range-candidates <RANGE_CANDIDATES>': \"0\" is out of range 1..=4611686018427387904",
        ),
    ] {
        refused(&args, expect);
    }
    assert!(
        !Path::new(&out).exists(),
        "nothing written on refused input"
    );
}

/// `verify` and `pack` without `--scheme` name the square that is wrong: a black set
/// with one bit of rook f1's magic flipped was reported as "rook b1" (the fixed-shift
/// reading, tried first, fails there).
#[test]
fn an_inferred_scheme_names_the_bad_square() {
    let dir = TempDir::new("f1");
    let text = std::fs::read_to_string(BLACK).unwrap();
    let flipped = text.replace(
        "rook,f1,5,0x0020012120a00020,",
        "rook,f1,5,0x0020012120a00021,",
    );
    assert_ne!(flipped, text);
    let path = dir.file("flipped.csv");
    std::fs::write(&path, flipped).unwrap();
    for args in [vec!["verify", &path], vec!["pack", &path]] {
        let o = sliders(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", o.stderr());
        assert!(
            o.stderr()
                .contains("bad black set (also tried: fixed-shift): rook f1:"),
            "{args:?}: {}",
            o.stderr()
        );
    }
}

/// A UTF-8 byte-order mark before the header is not part of it ("header lacks the
/// column 'piece'" with the mark invisible, before).
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = TempDir::new("bom");
    let path = dir.file("bom.csv");
    let text = std::fs::read_to_string(BLACK).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let o = sliders(["verify", &path]);
    assert!(o.status.success(), "{}", o.stderr());
}

/// Bytes that are not UTF-8 on `attacks`' stdin are bad input: exit 2 (was 1).
#[test]
fn attacks_refuses_non_utf8_with_exit_2() {
    let o = Sliders::new(["attacks"])
        .stdin(&b"rook a1 0x0\nrook \xff\xfe 0x0\n"[..])
        .output();
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(o.stderr().contains("line 2: not UTF-8"), "{}", o.stderr());
    assert_eq!(o.stdout(), "0x01010101010101fe\n");
}

/// `--out ./same.json --resume same.json` names one file: caught on the real path (the
/// check compared the text).
#[test]
fn out_and_resume_clash_on_the_real_path() {
    let dir = TempDir::new("clash");
    let o = Sliders::new([
        "refine",
        BLACK,
        "--out",
        "./same.json",
        "--resume",
        "same.json",
        "--visits",
        "1",
    ])
    .current_dir(dir.path())
    .output();
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(o.stderr().contains("name the same file"), "{}", o.stderr());
    let o = Sliders::new([
        "find",
        "--scheme",
        "fancy",
        "--squares",
        "a1",
        "--piece",
        "rook",
        "--out",
        "./s.json",
        "--resume",
        "s.json",
    ])
    .current_dir(dir.path())
    .output();
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(o.stderr().contains("name the same file"), "{}", o.stderr());
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// A state whose counters no run could have written (`"seconds": -5`, `drawn` =
/// 2^64-1) is refused naming the state file.
#[test]
fn a_tampered_refine_state_is_refused() {
    let dir = TempDir::new("tampered");
    let out = dir.file("out.csv");
    let state = dir.file("state.json");
    let o = sliders([
        "refine",
        BLACK,
        "--out",
        &out,
        "--resume",
        &state,
        "--visits",
        "1",
        "--threads",
        "1",
        "--candidates",
        "256",
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    let good = std::fs::read_to_string(&state).unwrap();
    let value: serde_json::Value = serde_json::from_str(&good).unwrap();
    for (field, bad, expect) in [
        ("seconds", serde_json::json!(-5), "\"seconds\": -5"),
        (
            "drawn",
            serde_json::json!(u64::MAX),
            "\"drawn\": 18446744073709551615 is more than any run counts",
        ),
        ("valid", serde_json::json!(1u64 << 40), "more than the"),
    ] {
        let mut edited = value.clone();
        edited[field] = bad;
        std::fs::write(&state, edited.to_string()).unwrap();
        let o = sliders([
            "refine",
            BLACK,
            "--out",
            &out,
            "--resume",
            &state,
            "--visits",
            "2",
            "--threads",
            "1",
            "--candidates",
            "256",
        ]);
        assert_refused(&o, field, &["state.json", expect]);
    }
}

/// A find state with counters no run could write is refused with exit 2 naming the
/// file and the count (it was read as it stood: a chunk count past 2^64 / chunk made the
/// next candidate's index wrap, and summed candidate counts overflowed).
#[test]
fn a_tampered_find_state_is_refused() {
    let dir = TempDir::new("tampered-find");
    let state = dir.file("find.json");
    let run = |state: &str| {
        sliders([
            "find",
            "--scheme",
            "fancy",
            "--squares",
            "a1,b1",
            "--piece",
            "bishop",
            "--seed",
            "1",
            "--threads",
            "1",
            "--resume",
            state,
        ])
    };
    let o = run(&state);
    assert!(o.status.success(), "{}", o.stderr());
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert!(
        good["found"].as_array().is_some_and(|f| f.len() == 2),
        "{good}"
    );
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit, &str); 5] = [
        ("chunk 0", |v| v["chunk"] = 0.into(), "chunk 0"),
        (
            "candidates past 2^62",
            |v| v["found"][0]["candidates"] = u64::MAX.into(),
            "candidates 18446744073709551615 is past 2^62",
        ),
        (
            "more tested than drawn",
            |v| v["found"][1]["tested"] = (1u64 << 40).into(),
            "tested of",
        ),
        (
            "a square found twice",
            |v| {
                let first = v["found"][0].clone();
                v["found"][1] = first;
            },
            "found twice",
        ),
        (
            "an index past the bits",
            |v| v["found"][0]["max_index"] = u32::MAX.into(),
            "does not fit",
        ),
    ];
    for (what, edit, expect) in edits {
        let mut bad = good.clone();
        edit(&mut bad);
        std::fs::write(&state, bad.to_string()).unwrap();
        let o = run(&state);
        assert_refused(&o, what, &["find.json", expect]);
    }
}

/// `refine --out` is never set back to a larger set: a run that starts from (or resumes
/// to) a set larger than the one --out holds keeps --out (87,938 entries became 87,953
/// before).
#[test]
fn refine_never_replaces_out_with_a_larger_set() {
    let dir = TempDir::new("backwards");
    let out = dir.file("best.csv");
    std::fs::copy(BLACK_SMALLER, &out).unwrap();
    let before = std::fs::read_to_string(&out).unwrap();
    let o = sliders([
        "refine",
        BLACK,
        "--out",
        &out,
        "--visits",
        "3",
        "--threads",
        "1",
        "--candidates",
        "256",
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(
        o.stderr()
            .contains("kept: it holds a set of 87712 entries, smaller than this run's"),
        "{}",
        o.stderr()
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
    // A file that holds no set of the scheme is replaced, as before.
    std::fs::write(&out, "not a set\n").unwrap();
    let o = sliders([
        "refine",
        BLACK,
        "--out",
        &out,
        "--visits",
        "1",
        "--threads",
        "1",
        "--candidates",
        "256",
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(sliders(["verify", &out]).status.success());
}

/// The first stderr line of a run that would take beyond reason: read, then the run is
/// ended (its count is not waited for).
fn first_warning(args: &[&str]) -> String {
    let mut child = Sliders::new(args).stdout(Stdio::null()).spawn();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    line
}

/// A perft depth, or an EPD `D14`, whose count would take beyond reason gets a
/// warning with the estimate, and runs on (not a refusal). An EPD depth past the
/// command line's bound of 24 whose estimate is beyond reason (`D100` from the start)
/// is refused, naming the line, unless `--max-depth` skips it (round 3's probe: it ran
/// for ever); one over a locked position (`D32 1` in tricky.epd) still runs.
#[test]
fn deep_counts_are_warned_about() {
    let line = first_warning(&["perft", "14"]);
    assert!(
        line.contains("warning: perft(14) is about") && line.contains("years"),
        "{line}"
    );
    let dir = TempDir::new("d100");
    let epd = dir.file("deep.epd");
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D14 1\n",
    )
    .unwrap();
    let line = first_warning(&["perft", "--epd", &epd]);
    assert!(
        line.contains("deep.epd:1: D14 is about") && line.contains("warning"),
        "{line}"
    );
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D100 1\n",
    )
    .unwrap();
    let o = sliders(["perft", "--epd", &epd]);
    let err = o.stderr();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("deep.epd:1: D100: depth out of range 0..=24 for this position"),
        "{err}"
    );
    let o = sliders(["perft", "--epd", &epd, "--max-depth", "1"]);
    let out = o.stdout();
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("passed 1, failed 0, skipped 1"), "{out}");
}

/// An executable script in `dir` that prints `body` whatever its arguments.
fn engine(dir: &TempDir, name: &str, body: &str) -> String {
    let path = dir.file(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    path
}

/// `--compare` reads Stockfish's `e2e4: 20` style (it read `e2e4:` as a move and
/// reported a difference, exit 1); a line that is not a move is exit 2; an engine that
/// hangs is killed after `--compare-timeout` (exit 2), where it was waited for forever.
#[test]
fn compare_reads_stockfish_style_refuses_junk_and_times_out() {
    let dir = TempDir::new("compare");
    let divide: String = [
        "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4", "c2c4",
        "d2d4", "e2e4", "f2f4", "g2g4", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ]
    .iter()
    .map(|m| format!("{m}: 1\\n"))
    .collect();
    let stockfish = engine(
        &dir,
        "sf.sh",
        &format!("printf '{divide}\\nNodes searched: 20\\n'"),
    );
    let o = sliders(["perft", "--compare", &stockfish, "1"]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(o.stdout().contains("agree: perft(1) = 20 nodes"));
    let junk = engine(&dir, "junk.sh", "printf 'e2e4x 1\\n\\n1\\n'");
    let o = sliders(["perft", "--compare", &junk, "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(
        o.stderr()
            .contains("printed line 1: \"e2e4x\" is not a move in UCI notation"),
        "{}",
        o.stderr()
    );
    let hangs = engine(&dir, "hangs.sh", "sleep 600");
    let o = sliders(["perft", "--compare", &hangs, "1", "--compare-timeout", "1s"]);
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(
        o.stderr().contains("did not answer within 1 s"),
        "{}",
        o.stderr()
    );
}

/// Exit status 2 for bad input, for every subcommand (docs/robustness.md's table; the
/// 0 and 1 cases are in each subcommand's own tests).
#[test]
fn every_subcommand_exits_2_on_bad_input() {
    let dir = TempDir::new("exit2");
    let missing = dir.file("missing");
    let out = dir.file("out");
    for args in [
        vec!["schemes", "--bogus"],
        vec!["attacks", "--scheme", "nope"],
        vec!["show", "0xZZ"],
        vec!["bench", "--schemes", "nope"],
        vec!["perft", "1", "--fen", "not a fen"],
        vec!["perft", "--epd", &missing],
        vec!["perft", "--perftree", "1", "not a fen"],
        vec!["perft", "--compare", "true", "1", "--moves", "e2e5"],
        vec!["perft", "split", "3", "--at", "4"],
        vec!["perft", "run", &missing, "--shard", "0/1", "--out", &out],
        vec!["perft", "merge", &missing, &missing],
        vec!["find", "--scheme", "nope"],
        vec!["verify", &missing],
        vec!["pack", &missing],
        vec!["export", &missing, "--format", "csv"],
        vec!["refine", &missing, "--out", &out, "--visits", "1"],
        vec!["merge-sets", &missing],
    ] {
        let o = sliders(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", o.stderr());
        assert!(!o.stderr().contains("panicked"), "{args:?}");
    }
    let o = Sliders::new(["analyze"]).stdin("not a fen\n").output();
    assert_eq!(o.status.code(), Some(2));
    assert!(!Path::new(&out).exists());
}

/// Issue 63 (defect 9, the class): whatever a subcommand echoes back of its input (an
/// argument, a path, a FEN, a line of stdin) reaches the terminal escaped, for every
/// subcommand with such a message: an escape byte in the input is never written raw.
#[test]
fn every_subcommand_escapes_the_input_it_echoes() {
    let dir = TempDir::new("echo");
    let esc = "\u{1b}[31m";
    let missing = dir.file(&format!("miss{esc}ing"));
    let out = dir.file("out");
    let raw = |bytes: &[u8]| bytes.contains(&0x1b);
    let bad = |text: &str| text.replace('X', esc);
    for args in [
        vec!["schemes".to_owned(), bad("--boXgus")],
        vec!["attacks".into(), "--scheme".into(), bad("noXpe")],
        vec!["show".into(), bad("0xZXZ")],
        vec!["bench".into(), "--schemes".into(), bad("noXpe")],
        vec![
            "perft".into(),
            "1".into(),
            "--fen".into(),
            bad("notX a fen"),
        ],
        vec!["perft".into(), "--epd".into(), missing.clone()],
        vec![
            "perft".into(),
            "--compare".into(),
            "true".into(),
            "1".into(),
            "--moves".into(),
            bad("e2Xe5"),
        ],
        vec![
            "perft".into(),
            "split".into(),
            "3".into(),
            "--at".into(),
            bad("1X"),
        ],
        vec![
            "perft".into(),
            "run".into(),
            missing.clone(),
            "--shard".into(),
            "0/1".into(),
            "--out".into(),
            out.clone(),
        ],
        vec![
            "perft".into(),
            "merge".into(),
            missing.clone(),
            missing.clone(),
        ],
        vec!["find".into(), "--scheme".into(), bad("noXpe")],
        vec!["find".into(), "--squares".into(), bad("aX1")],
        vec!["verify".into(), missing.clone()],
        vec!["pack".into(), missing.clone()],
        vec![
            "export".into(),
            missing.clone(),
            "--format".into(),
            "csv".into(),
        ],
        vec![
            "refine".into(),
            missing.clone(),
            "--out".into(),
            out.clone(),
            "--visits".into(),
            "1".into(),
        ],
        vec!["merge-sets".into(), missing.clone()],
        vec![
            "prove".into(),
            "rook".into(),
            bad("dX1"),
            "--bits".into(),
            "10".into(),
        ],
        vec![
            "dense".into(),
            "rook".into(),
            bad("dX1"),
            "--bits".into(),
            "10".into(),
        ],
        vec![
            "dense".into(),
            "rook".into(),
            "d1".into(),
            "--bits".into(),
            bad("1X0"),
        ],
    ] {
        let o = sliders(args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        assert!(!raw(&o.stderr), "{args:?}: {:?}", o.stderr());
        assert!(!raw(&o.stdout), "{args:?}: {:?}", o.stdout());
    }
    // Lines of stdin: `analyze` answers in JSON (escaped by JSON), `attacks` names the line.
    for (command, line) in [
        ("analyze", bad("notX a fen\n")),
        ("attacks", bad("rook eX4 0x0\n")),
    ] {
        let o = Sliders::new([command]).stdin(line.as_bytes()).output();
        assert_eq!(o.status.code(), Some(2), "{command}");
        assert!(
            !raw(&o.stderr) && !raw(&o.stdout),
            "{command}: {:?} {:?}",
            o.stdout,
            o.stderr
        );
    }
}
