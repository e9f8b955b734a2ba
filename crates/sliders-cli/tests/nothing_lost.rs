//! Issue 39 through the binary: one way out (a closed or full stdout is exit 1 with a
//! message, never a panic), numbers with their range, writes that fail say so and leave
//! nothing behind, and one bounded way in (BOM, line and size limits, one
//! classification of unreadable inputs).

mod common;

use common::{sliders, Run, Sliders, TempDir, BIN};
use std::fs::File;
use std::path::Path;

const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);
const FANCY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/fancy_best_known_92864.csv"
);
const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Where a test points stdout.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// A pipe whose reading end is closed before the command starts: every write is
    /// EPIPE (as `| true` gives once `true` has exited).
    Closed,
    /// `/dev/full`: every write is ENOSPC.
    Full,
}

/// Runs `args` (stdin from `input`, or none) with stdout at `sink`.
fn run_into(sink: Sink, args: &[&str], input: Option<&Path>) -> Run {
    let mut command = Sliders::new(args);
    if let Some(input) = input {
        command = command.stdin_file(input);
    }
    match sink {
        Sink::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.stdout(writer).output()
        }
        Sink::Full => {
            let full = File::options().write(true).open("/dev/full").unwrap();
            command.stdout(full).output()
        }
    }
}

/// With stdout closed and full, `args` exits 1 saying so, and never panics.
fn exits_1_on_a_lost_stdout(args: &[&str], input: Option<&Path>) {
    for sink in [Sink::Closed, Sink::Full] {
        let o = run_into(sink, args, input);
        let err = o.stderr();
        assert!(!err.contains("panicked"), "{args:?} {sink:?}: {err}");
        assert_eq!(o.status.code(), Some(1), "{args:?} {sink:?}: {err}");
        assert!(err.contains("writing stdout"), "{args:?} {sink:?}: {err}");
    }
}

/// Defect 3: `show` (every mode), `prove` (SAT, `--exhaust`, `--cubes`, `--merge`) and
/// `bench` panicked (`failed printing to stdout`, exit 101) on a closed or full stdout;
/// every subcommand that writes to stdout is tried here.
#[test]
fn a_closed_or_full_stdout_is_exit_1_for_every_subcommand() {
    let dir = TempDir::new("lost-stdout");
    let lines = dir.file("attacks.txt");
    std::fs::write(&lines, "rook a1 0x0\n").unwrap();
    let fens = dir.file("fens.txt");
    std::fs::write(&fens, format!("{STARTPOS}\n")).unwrap();
    let epd = dir.file("suite.epd");
    std::fs::write(&epd, format!("{STARTPOS} ;D1 20\n")).unwrap();
    let units = dir.file("units.jsonl");
    let results = dir.file("results.jsonl");
    for args in [
        vec!["perft", "split", "2", "--at", "1", "--out", &units],
        vec!["perft", "run", &units, "--shard", "0/1", "--out", &results],
    ] {
        let o = sliders(&args);
        assert!(o.status.success(), "{args:?}: {}", o.stderr());
    }
    let perftree = format!("{BIN} perft --perftree");
    for args in [
        &["schemes"][..],
        &["show", "0x81"],
        &["show", "0x81", "--square", "a1", "--piece", "rook"],
        &[
            "show",
            "0x81",
            "--square",
            "a1",
            "--piece",
            "queen",
            "--explain",
        ],
        &[
            "bench",
            "--schemes",
            "classical",
            "--lookups",
            "10",
            "--rounds",
            "1",
            "--first-lookup-runs",
            "0",
            "--perft",
            "0",
        ],
        &["perft", "2"],
        &["perft", "2", "--json"],
        &["perft", "2", "--depths"],
        &["perft", "2", "--stats"],
        &["perft", "--perftree", "2", STARTPOS],
        &["perft", "--epd", &epd],
        &["perft", "--compare", &perftree, "2"],
        &["perft", "split", "2", "--at", "1"],
        &["perft", "merge", &units, &results],
        &[
            "find",
            "--scheme",
            "fancy",
            "--seed",
            "stockfish",
            "--piece",
            "bishop",
            "--squares",
            "b1",
        ],
        &["verify", BLACK],
        &["pack", BLACK],
        &["export", BLACK, "--format", "rust"],
        &["merge-sets", FANCY, "--scheme", "fancy"],
        &["prove", "bishop", "b1", "--bits", "4", "--exhaust"],
        &["prove", "bishop", "b1", "--bits", "4", "--cubes", "2"],
        &["prove", "bishop", "b1", "--bits", "4"],
    ] {
        exits_1_on_a_lost_stdout(args, None);
    }
    exits_1_on_a_lost_stdout(&["attacks"], Some(Path::new(&lines)));
    exits_1_on_a_lost_stdout(&["analyze"], Some(Path::new(&fens)));

    // --exhaust --merge and --cubes --merge, of two shards each.
    for how in [&["--exhaust"][..], &["--cubes", "2"]] {
        let mut states = Vec::new();
        for i in 0..2 {
            let state = dir.file(&format!("{}-{i}.json", how.len()));
            let shard = format!("{i}/2");
            let mut args = vec!["prove", "bishop", "d1", "--bits", "4"];
            args.extend_from_slice(how);
            args.extend(["--shard", &shard, "--state", &state]);
            let o = sliders(&args);
            assert!(o.status.success(), "{args:?}: {}", o.stderr());
            states.push(state);
        }
        let mut args = vec!["prove", "bishop", "d1", "--bits", "4"];
        args.extend_from_slice(how);
        args.push("--merge");
        args.extend(states.iter().map(String::as_str));
        exits_1_on_a_lost_stdout(&args, None);
    }
}

/// What a well-behaved run prints is unchanged by the writer: the last line of a proof
/// and the divide's total.
#[test]
fn output_still_arrives_whole() {
    let o = sliders(["perft", "2"]);
    assert!(
        o.stdout().ends_with("Nodes searched: 400\n"),
        "{}",
        o.stdout()
    );
    let o = sliders(["show", "0x81"]);
    assert!(o
        .stdout()
        .contains("occupancy 0x0000000000000081 (2 squares)"));
    assert_eq!(o.status.code(), Some(0));
}

/// Exit 2 and a message that contains every one of `needles`.
fn assert_refused(o: &Run, what: &str, needles: &[&str]) {
    let err = o.stderr();
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_eq!(o.status.code(), Some(2), "{what}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{what}: {needle:?} not in {err}");
    }
}

/// Defect 1: one lookup and one round printed `inf ± NaN%` (no pair of the perft input
/// set was recorded) and the plot asked for 4 GiB and aborted.
#[test]
fn bench_with_one_lookup_reports_numbers_and_a_small_plot() {
    let dir = TempDir::new("bench-one");
    let svg = dir.file("x.svg");
    let o = sliders([
        "bench",
        "--schemes",
        "classical",
        "--lookups",
        "1",
        "--rounds",
        "1",
        "--first-lookup-runs",
        "0",
        "--perft",
        "0",
        "--plot",
        &svg,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", o.stderr());
    let text = o.stdout();
    assert!(!text.contains("inf") && !text.contains("NaN"), "{text}");
    let size = std::fs::metadata(&svg).unwrap().len();
    assert!(size > 0 && size < 1 << 20, "{size} bytes");
}

/// Defect 2: `prove --time` past the bounds panicked adding durations; every number
/// typed out of range now says its range (defect 11: not "not a whole number").
#[test]
fn numbers_out_of_range_say_their_range() {
    for (args, expect) in [
        (
            &[
                "prove",
                "bishop",
                "a1",
                "--bits",
                "6",
                "--time",
                "18446744073709551615",
            ][..],
            "\"18446744073709551615\" is out of range 0..=8784h (a year)",
        ),
        (
            &[
                "prove",
                "bishop",
                "a1",
                "--bits",
                "6",
                "--cubes",
                "1",
                "--time",
                "9223372036854775807",
            ],
            "is out of range 0..=8784h (a year)",
        ),
        (
            &["prove", "bishop", "a1", "--bits", "6", "--time", "1e3"],
            "\"1e3\": expected like 90s, 2m, 1h, 500ms, 0.5s",
        ),
        (
            &["perft", "1", "--threads", "99999999999999999999999"],
            "\"99999999999999999999999\" is out of range 0..=1024",
        ),
        (
            &[
                "perft",
                "--epd",
                "x.epd",
                "--max-nodes",
                "18446744073709551616",
            ],
            "\"18446744073709551616\" is out of range 0..=18446744073709551615",
        ),
        (
            &["find", "--scheme", "fancy", "--bits", "99999999999"],
            "\"99999999999\" is out of range 0..=4294967295",
        ),
        (
            &[
                "find",
                "--scheme",
                "fancy",
                "--shard",
                "0/18446744073709551616",
            ],
            "the shard count \"18446744073709551616\" is out of range 1..=4000001",
        ),
        (
            &["bench", "--rounds", "x"],
            "\"x\" is not a whole number (expected 1..=1000)",
        ),
    ] {
        assert_refused(&sliders(args), &format!("{args:?}"), &[expect]);
    }
}

/// Defect 4: a state that cannot be written was "progress saved".
#[test]
fn find_refuses_a_state_it_cannot_save() {
    let dir = TempDir::new("find-state");
    let out = dir.file("f.csv");
    let o = sliders([
        "find",
        "--scheme",
        "fancy",
        "--resume",
        "/nonexistent_dir/s.json",
        "--out",
        &out,
        "--candidates",
        "1000",
    ]);
    let err = o.stderr();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("progress saved"), "{err}");
    assert!(
        err.contains("/nonexistent_dir/s.json: the state cannot be saved"),
        "{err}"
    );
}

/// A generator for `perft --compare`: a shell script in `dir`.
fn generator(dir: &TempDir, name: &str, body: &str) -> String {
    let path = dir.file(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    path
}

/// Defect 5: a generator that never stops writing was read whole before parsing (7.5 GB
/// in 20 s); it is stopped at the bound, which the message names. Defect 11: a count
/// past 2^128 - 1 is out of range, not "not a whole number".
#[test]
fn compare_stops_a_generator_that_never_stops() {
    let dir = TempDir::new("compare");
    let endless = generator(&dir, "yes.sh", "exec yes 'e2e4 1'");
    let o = sliders(["perft", "--compare", &endless, "2"]);
    assert_refused(&o, "yes", &["printed more than 16777216 bytes"]);
    let huge = generator(
        &dir,
        "huge.sh",
        "echo 'e2e4 999999999999999999999999999999999999999999'; echo; echo 1",
    );
    let o = sliders(["perft", "--compare", &huge, "1"]);
    assert_refused(&o, "huge", &["is out of range 0..="]);
    let long = generator(
        &dir,
        "long.sh",
        "head -c 100000 /dev/zero | tr '\\0' x; echo",
    );
    let o = sliders(["perft", "--compare", &long, "1"]);
    assert_refused(&o, "long", &["line 1: longer than 65536 bytes"]);
    assert!(o.stderr().len() < 1000, "{}", o.stderr().len());
    // Round 3's probe: a generator that answers and exits but leaves a process holding
    // its output open was waited for past --compare-timeout (until that process ended).
    let answer = "echo 'e2e4: 1'; echo; echo 'Nodes searched: 1'";
    let pid_file = dir.file("linger.pid");
    let lingering = generator(
        &dir,
        "linger.sh",
        &format!("{answer}\nsleep 30 &\necho $! > {pid_file}"),
    );
    let o = sliders([
        "perft",
        "--compare",
        &lingering,
        "1",
        "--compare-timeout",
        "1s",
    ]);
    assert_refused(
        &o,
        "lingering",
        &["kept its output open past 1 s", "killed"],
    );
    // What it left running was killed with it: gone, or a zombie not yet reaped, once
    // the signal is delivered (a loaded machine may take a moment to run it; the sleep
    // itself would last 30 s).
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let stat = || std::fs::read_to_string(format!("/proc/{}/stat", pid.trim()));
    let dead = || stat().map_or(true, |s| s.contains(") Z "));
    let mut waited = 0;
    while !dead() && waited < 100 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    assert!(dead(), "the sleep still runs: {:?}", stat());
}

/// Defect 6: `perft run --out` is read back; a pipe (/dev/stdout into `| cat`) hung and
/// /dev/full read without end. Anything but a regular file is refused.
#[test]
fn perft_run_refuses_an_out_that_is_not_a_regular_file() {
    let dir = TempDir::new("run-out");
    let units = dir.file("units.jsonl");
    let o = sliders(["perft", "split", "2", "--at", "1", "--out", &units]);
    assert!(o.status.success(), "{}", o.stderr());
    // The units file as its own --out: refused by name, the file untouched.
    let before = std::fs::read(&units).unwrap();
    let o = sliders(["perft", "run", &units, "--shard", "0/1", "--out", &units]);
    assert_refused(&o, "units as --out", &["is the units file"]);
    assert_eq!(std::fs::read(&units).unwrap(), before);
    for out in ["/dev/full", "/dev/stdout", "/dev/null"] {
        let o = sliders(["perft", "run", &units, "--shard", "0/1", "--out", out]);
        assert_refused(&o, out, &[out, "not a regular file"]);
    }
}

/// A finished `--exhaust` state of bishop d1 with 4 bits, written to `path`.
fn exhaust_state(path: &str, shard: Option<&str>) {
    let mut args = vec![
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--state",
        path,
    ];
    if let Some(shard) = shard {
        args.extend(["--shard", shard]);
    }
    let o = sliders(&args);
    assert!(o.status.success(), "{args:?}: {}", o.stderr());
}

/// Defect 7: `"nodes": 2^64 - 1` in an `--exhaust` state wrapped on resume; such
/// counters are refused as the state is read.
#[test]
fn a_state_counter_past_its_bound_is_refused() {
    let dir = TempDir::new("nodes");
    let state = dir.file("s.json");
    exhaust_state(&state, None);
    let text = std::fs::read_to_string(&state).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for nodes in [u64::MAX, (1 << 62) + 1] {
        value["nodes"] = nodes.into();
        std::fs::write(&state, value.to_string()).unwrap();
        let o = sliders([
            "prove",
            "bishop",
            "d1",
            "--bits",
            "4",
            "--exhaust",
            "--state",
            &state,
        ]);
        assert_refused(
            &o,
            "nodes",
            &[
                &state,
                &format!("\"nodes\": {nodes} is out of range 0..=4611686018427387904"),
            ],
        );
    }
}

/// Defect 8: a directory given to `prove --state`, `prove --merge` or `perft merge`
/// exited 1; a directory is bad input (exit 2) everywhere.
#[test]
fn a_directory_as_input_is_exit_2_everywhere() {
    let dir = TempDir::new("dirs");
    let units = dir.file("units.jsonl");
    let o = sliders(["perft", "split", "2", "--at", "1", "--out", &units]);
    assert!(o.status.success(), "{}", o.stderr());
    let d = dir.path().to_str().unwrap();
    for args in [
        &[
            "prove",
            "bishop",
            "d1",
            "--bits",
            "4",
            "--exhaust",
            "--state",
            d,
        ][..],
        &[
            "prove", "bishop", "d1", "--bits", "4", "--cubes", "2", "--state", d,
        ],
        &[
            "prove",
            "bishop",
            "d1",
            "--bits",
            "4",
            "--exhaust",
            "--merge",
            d,
        ],
        &[
            "prove", "bishop", "d1", "--bits", "4", "--cubes", "2", "--merge", d,
        ],
        &["perft", "merge", &units, d],
        &["perft", "merge", d, &units],
        &["perft", "--epd", d],
        &["verify", d],
    ] {
        assert_refused(&sliders(args), &format!("{args:?}"), &[d, "is a directory"]);
    }
}

/// Defect 9: a UTF-8 byte-order mark is accepted everywhere: EPD files, prove states
/// (`--state` and `--merge`), results files, `analyze` and `attacks` stdin.
#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let dir = TempDir::new("bom");
    let bom = |path: &str| {
        let text = std::fs::read(path).unwrap();
        std::fs::write(path, [b"\xef\xbb\xbf".as_slice(), &text].concat()).unwrap();
    };
    let epd = dir.file("suite.epd");
    std::fs::write(&epd, format!("\u{feff}{STARTPOS} ;D1 20 ;D2 400\n")).unwrap();
    let o = sliders(["perft", "--epd", &epd]);
    assert_eq!(o.status.code(), Some(0), "{}", o.stderr());

    let stdin = dir.file("stdin.txt");
    std::fs::write(&stdin, format!("\u{feff}{STARTPOS}\n")).unwrap();
    let o = Sliders::new(["analyze"]).stdin_file(&stdin).output();
    assert_eq!(o.status.code(), Some(0), "{}", o.stdout());
    std::fs::write(&stdin, "\u{feff}rook a1 0x0\n").unwrap();
    let o = Sliders::new(["attacks"]).stdin_file(&stdin).output();
    assert_eq!(o.stdout(), "0x01010101010101fe\n", "{}", o.stderr());

    let units = dir.file("units.jsonl");
    let results = dir.file("results.jsonl");
    for args in [
        vec!["perft", "split", "2", "--at", "1", "--out", &units],
        vec!["perft", "run", &units, "--shard", "0/1", "--out", &results],
    ] {
        assert!(sliders(&args).status.success(), "{args:?}");
    }
    bom(&results);
    let o = sliders(["perft", "merge", &units, &results]);
    assert_eq!(o.stdout(), "Nodes searched: 400\n", "{}", o.stderr());
    // perft run reads its own --out back, with the mark, and skips the units done.
    let o = sliders(["perft", "run", &units, "--shard", "0/1", "--out", &results]);
    assert!(o.stderr().contains("20 already in"), "{}", o.stderr());

    let state = dir.file("state.json");
    exhaust_state(&state, None);
    bom(&state);
    let o = sliders([
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--state",
        &state,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", o.stderr());
    assert!(o.stdout().ends_with("none\n"), "{}", o.stdout());

    let shards: Vec<String> = (0..2)
        .map(|i| dir.file(&format!("shard-{i}.json")))
        .collect();
    for (i, shard) in shards.iter().enumerate() {
        exhaust_state(shard, Some(&format!("{i}/2")));
        bom(shard);
    }
    let mut args = vec![
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--merge",
    ];
    args.extend(shards.iter().map(String::as_str));
    let o = sliders(&args);
    assert_eq!(o.status.code(), Some(0), "{}", o.stderr());
    assert!(o.stdout().ends_with("none\n"), "{}", o.stdout());
    // The user's files keep their mark (a merge only reads).
    assert!(std::fs::read(&shards[0])
        .unwrap()
        .starts_with(b"\xef\xbb\xbf"));
}

/// Defect 10: a write that fails (here past the file size limit, as a full disk fails)
/// left `.NAME.tmpPID` behind after a normal exit.
#[test]
fn a_failed_write_leaves_no_temporary_file() {
    let dir = TempDir::new("tmpfile");
    let out = dir.file("set.rs");
    // SIGXFSZ ignored, so the write past `ulimit -f` fails with EFBIG instead.
    let o = Sliders::via("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"")
        .args([BIN, "export", BLACK, "--format", "rust", "--out", &out])
        .output();
    assert_eq!(o.status.code(), Some(1), "{}", o.stderr());
    assert!(o.stderr().contains(&out), "{}", o.stderr());
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Defect 11: a 50 MB malformed line was echoed whole, and a line with no end was read
/// without bound; `prove --merge` of a non-shard state said `(shard None)`.
#[test]
fn messages_stay_short_and_say_what_is_wrong() {
    let dir = TempDir::new("messages");
    let stdin = dir.file("long.txt");
    // Under the line limit, malformed: the message is cut.
    std::fs::write(&stdin, format!("rook a1 0x0\n{}\n", "x".repeat(60_000))).unwrap();
    let o = Sliders::new(["attacks"]).stdin_file(&stdin).output();
    assert_refused(&o, "60 kB", &["stdin: line 2", "bytes in all"]);
    assert!(o.stderr().len() < 1000, "{} bytes", o.stderr().len());
    assert_eq!(o.stdout(), "0x01010101010101fe\n");
    // Past it, with no newline: refused without reading it all.
    std::fs::write(&stdin, "y".repeat(1 << 20)).unwrap();
    let o = Sliders::new(["attacks"]).stdin_file(&stdin).output();
    assert_refused(&o, "1 MB", &["stdin: line 1: longer than 65536 bytes"]);
    assert!(o.stderr().len() < 1000, "{} bytes", o.stderr().len());
    // analyze answers each line in place, a long one too, and goes on after it.
    std::fs::write(
        &stdin,
        format!("{STARTPOS}\n{}\n{STARTPOS}\n", "y".repeat(1 << 20)),
    )
    .unwrap();
    let o = Sliders::new(["analyze"]).stdin_file(&stdin).output();
    assert_refused(
        &o,
        "analyze",
        &["analyze: 1 malformed line(s), reported in place"],
    );
    let out = o.stdout();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(
        lines[1],
        r#"{"line":2,"error":"longer than 65536 bytes, the limit of a line"}"#
    );
    assert!(lines[0].starts_with(r#"{"fen":"rnbqkbnr"#) && lines[0] == lines[2]);
    let epd = dir.file("long.epd");
    std::fs::write(
        &epd,
        format!("{STARTPOS} ;D1 20\n{}\n", "z".repeat(1 << 17)),
    )
    .unwrap();
    let o = sliders(["perft", "--epd", &epd]);
    assert_refused(
        &o,
        "epd",
        &[&format!("{epd}: line 2: longer than 65536 bytes")],
    );

    // A file with no newline at all is refused at the line limit, not read to its end.
    for args in [
        &["perft", "--epd", "/dev/zero"][..],
        &["perft", "merge", "/dev/zero", "/dev/zero"],
        &["verify", "/dev/zero"],
    ] {
        assert_refused(
            &sliders(args),
            &format!("{args:?}"),
            &["/dev/zero: line 1: longer than 65536 bytes"],
        );
    }

    let state = dir.file("whole.json");
    exhaust_state(&state, None);
    let o = sliders([
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--merge",
        &state,
    ]);
    assert_refused(&o, "merge", &[&state, "not a shard state"]);
    assert!(!o.stderr().contains("None"), "{}", o.stderr());
}

/// The searches' progress lines went through `eprintln!`, which panics on a closed
/// stderr: a long `prove --exhaust` or `--cubes` died of it after its work. A lost
/// progress line is now only lost.
#[test]
fn a_closed_stderr_loses_progress_lines_not_the_search() {
    for mode in [&["--exhaust"][..], &["--cubes", "2"][..]] {
        let mut args = vec!["prove", "bishop", "d1", "--bits", "4"];
        args.extend_from_slice(mode);
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = Sliders::new(&args).stderr(writer).output();
        assert_ne!(o.status.code(), Some(101), "{args:?}: a panic");
        assert!(o.status.code().is_some(), "{args:?}: ended by a signal");
        assert!(o.stdout().contains("none"), "{args:?}: {}", o.stdout());
    }
}

/// Issue 63: a stdout closed before the start (`>&-`) is reopened on /dev/null by
/// Rust's runtime, so the command's writes succeed unseen: exit 0, as the docs now say
/// (they promised exit 1). A pipe closed during the run stays exit 1 (above).
#[test]
fn a_stdout_closed_before_the_start_is_dev_null_as_the_docs_say() {
    let o = Sliders::via("sh")
        .arg("-c")
        .arg(format!("'{BIN}' schemes >&-"))
        .output();
    assert_eq!(o.status.code(), Some(0), "{}", o.stderr());
    assert!(o.stdout.is_empty());
}

/// Issue 63 (smaller): a key given twice in a state, a units file or a result line
/// is refused naming the key and the file, for every reader of such a file; it was
/// taken last-wins without a word. Each file is made by the binary, then one of its
/// keys is repeated with another value, as a hand edit would.
#[test]
fn a_key_given_twice_is_refused_naming_it() {
    let dir = TempDir::new("duplicate-keys");
    let repeat = |path: &str, key: &str, other: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        let at = text
            .find(&format!("\"{key}\""))
            .unwrap_or_else(|| panic!("{key} in {text}"));
        let edited = format!("{}\"{key}\": {other}, {}", &text[..at], &text[at..]);
        std::fs::write(path, edited).unwrap();
    };
    let refused = |o: &Run, file: &str, key: &str| {
        let err = o.stderr();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(file), "{err}");
        assert!(
            err.contains(&format!("duplicate field `{key}`"))
                || err.contains(&format!("the key \"{key}\" is given twice")),
            "{err}"
        );
    };

    // perft split / run / merge: the units file's header and a unit, and a result line.
    let units = dir.file("u.jsonl");
    let results = dir.file("r.jsonl");
    assert!(
        sliders(["perft", "split", "3", "--at", "1", "--out", &units])
            .status
            .success()
    );
    let run = ["perft", "run", &units, "--shard", "0/1", "--out", &results];
    assert!(sliders(run).status.success());
    let pristine = std::fs::read_to_string(&units).unwrap();
    let again = dir.file("again.jsonl");
    for key in ["depth", "multiplicity"] {
        repeat(&units, key, "7");
        let o = sliders(["perft", "run", &units, "--shard", "0/1", "--out", &again]);
        refused(&o, &units, key);
        std::fs::write(&units, &pristine).unwrap();
    }
    repeat(&results, "nodes", "5");
    refused(
        &sliders(["perft", "merge", &units, &results]),
        &results,
        "nodes",
    );

    // prove --exhaust's state (every prove and dense state has one reader).
    let prove_state = dir.file("p.json");
    let prove = [
        "prove",
        "bishop",
        "c1",
        "--bits",
        "4",
        "--exhaust",
        "--ascending",
        "--state",
        &prove_state,
    ];
    sliders(prove);
    repeat(&prove_state, "done", "0");
    refused(&sliders(prove), &prove_state, "done");

    // dense's state.
    let dense_state = dir.file("d.json");
    let dense = [
        "dense",
        "bishop",
        "a1",
        "--bits",
        "5",
        "--quiet",
        "--state",
        &dense_state,
    ];
    assert!(sliders(dense).status.success());
    repeat(&dense_state, "round", "9");
    refused(&sliders(dense), &dense_state, "round");

    // find --resume's state.
    let find_state = dir.file("f.json");
    let out = dir.file("f.csv");
    let find = [
        "find",
        "--scheme",
        "fancy",
        "--resume",
        &find_state,
        "--out",
        &out,
        "--candidates",
        "1000",
    ];
    sliders(find);
    repeat(&find_state, "chunk", "1");
    let o = sliders(find);
    let err = o.stderr();
    assert_ne!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("duplicate field `chunk`"), "{err}");
}

/// Round 3's probe: `prove --formula` over its own `--state` destroyed the state before
/// reading it, and outputs written after the work (`find --out`, `bench --json`,
/// `--plot`) were checked only then. Both are refused before anything runs.
#[test]
fn outputs_are_checked_before_the_work_and_never_overwrite_each_other() {
    let dir = TempDir::new("outputs-first");
    let state = dir.file("state.json");
    std::fs::write(&state, "{\"kept\": true}\n").unwrap();
    // The cube run's state under its formula; a plain SAT run's formula under its proof.
    let cases: [&[&str]; 2] = [
        &["--cubes", "2", "--state", &state, "--formula", &state],
        &["--formula", &state, "--proof", &state],
    ];
    for case in cases {
        let mut args = vec!["prove", "bishop", "a1", "--bits", "2"];
        args.extend_from_slice(case);
        let o = sliders(&args);
        assert_refused(&o, &args.join(" "), &["name the same file"]);
        let kept = std::fs::read_to_string(&state).unwrap();
        assert_eq!(kept, "{\"kept\": true}\n", "{args:?}: the file was written");
    }
    let o = sliders([
        "find",
        "--scheme",
        "fancy",
        "--piece",
        "bishop",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_refused(
        &o,
        "find --out DIR",
        &["is a directory; the set needs a file name"],
    );
    assert!(o.stdout().is_empty());
    // The smallest benchmark, with the outputs under test.
    let bench = |outputs: &[&str]| {
        let mut args = vec!["bench", "--lookups", "1", "--rounds", "1"];
        args.extend_from_slice(outputs);
        sliders(&args)
    };
    let plot = dir.file("b.svg");
    let o = bench(&["--json", &plot, "--plot", &plot]);
    assert_refused(
        &o,
        "bench --json F --plot F",
        &["--json", "--plot", "name the same file"],
    );
    let o = bench(&["--json", "/nonexistent_dir/b.json"]);
    let err = o.stderr();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--json /nonexistent_dir/b.json: the report cannot be saved"),
        "{err}"
    );
    assert!(
        o.stdout().is_empty(),
        "the benchmark ran first: {}",
        o.stdout()
    );
}
