//! Issue 39 through the binary: one way out (a closed or full stdout is exit 1 with a
//! message, never a panic), numbers with their range, writes that fail say so and leave
//! nothing behind, and one bounded way in (BOM, line and size limits, one
//! classification of unreadable inputs).

mod common;

use std::fs::File;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_sliders");
const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);
const FANCY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/fancy_best_known_92864.csv"
);
const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .env_remove("SLIDERS_SCHEME")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn sliders(args: &[&str]) -> Output {
    command(args).output().expect("the binary runs")
}

/// `sliders args` with `input` as its stdin.
fn sliders_with_stdin(args: &[&str], input: &Path) -> Output {
    command(args)
        .stdin(File::open(input).unwrap())
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

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
fn run_into(sink: Sink, args: &[&str], input: Option<&Path>) -> Output {
    let mut command = command(args);
    if let Some(input) = input {
        command.stdin(File::open(input).unwrap());
    }
    match sink {
        Sink::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            command.stdout(writer);
        }
        Sink::Full => {
            let full = File::options().write(true).open("/dev/full").unwrap();
            command.stdout(full);
        }
    }
    let child = command.spawn().expect("the binary runs");
    drop(command);
    child.wait_with_output().unwrap()
}

/// With stdout closed and full, `args` exits 1 saying so, and never panics.
fn exits_1_on_a_lost_stdout(args: &[&str], input: Option<&Path>) {
    for sink in [Sink::Closed, Sink::Full] {
        let o = run_into(sink, args, input);
        let err = stderr(&o);
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
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
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
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
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
    let o = sliders(&["perft", "2"]);
    assert!(
        stdout(&o).ends_with("Nodes searched: 400\n"),
        "{}",
        stdout(&o)
    );
    let o = sliders(&["show", "0x81"]);
    assert!(stdout(&o).contains("occupancy 0x0000000000000081 (2 squares)"));
    assert_eq!(o.status.code(), Some(0));
}
