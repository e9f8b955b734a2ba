//! `sliders perft split|run|merge` through the real binary: determinism, sharding,
//! resume after a kill, and a merge that refuses what does not add up.

mod common;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{sliders, Run, Sliders, TempDir};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn split(dir: &TempDir, name: &str, args: &[&str]) -> String {
    let out = dir.file(name);
    let mut all = vec!["perft", "split"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", &out]);
    let result = sliders(&all);
    assert!(result.status.success(), "{}", text(&result.stderr));
    out
}

fn run_shard(units: &str, shard: &str, out: &str) {
    let result = sliders(["perft", "run", units, "--shard", shard, "--out", out]);
    assert!(result.status.success(), "{}", text(&result.stderr));
}

/// The split identity a units file's header carries.
fn identity(units: &str) -> String {
    let header = std::fs::read_to_string(units).unwrap();
    let header: serde_json::Value = serde_json::from_str(header.lines().next().unwrap()).unwrap();
    header["split"].as_str().unwrap().to_owned()
}

fn merge(units: &str, results: &[&str]) -> Run {
    let mut all = vec!["perft", "merge", units];
    all.extend_from_slice(results);
    sliders(&all)
}

fn nodes(output: &Run) -> String {
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout).trim().to_owned()
}

#[test]
fn split_is_deterministic_and_merges_transpositions() {
    let dir = TempDir::new("split");
    let a = split(&dir, "a.jsonl", &["5", "--at", "3"]);
    let b = split(&dir, "b.jsonl", &["5", "--at", "3"]);
    let (a, b) = (std::fs::read(a).unwrap(), std::fs::read(b).unwrap());
    assert_eq!(a, b, "the same input writes the same file");
    let lines: Vec<serde_json::Value> = text(&a)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let header = &lines[0];
    assert_eq!(header["depth"], 5);
    assert_eq!(header["at"], 3);
    // 8,902 move sequences of three plies reach 5,362 distinct positions (the
    // chessprogramming wiki's perft(3) and OEIS A083276).
    assert_eq!(header["positions"], 8_902);
    assert_eq!(header["units"], 5_362);
    assert_eq!(lines.len(), 1 + 5_362);
    let sum: u64 = lines[1..]
        .iter()
        .map(|u| u["multiplicity"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 8_902);
    assert!(lines[1..].iter().all(|u| u["depth"] == 2));
    assert!(lines[1..]
        .iter()
        .any(|u| u["multiplicity"].as_u64().unwrap() > 1));
}

#[test]
fn shards_add_up_to_the_known_count_whatever_their_number() {
    let dir = TempDir::new("shards");
    let units = split(&dir, "units.jsonl", &["5", "--at", "2"]);
    for shards in [1, 3, 4] {
        let outs: Vec<String> = (0..shards)
            .map(|i| {
                let out = dir.file(&format!("r{shards}-{i}.jsonl"));
                run_shard(&units, &format!("{i}/{shards}"), &out);
                out
            })
            .collect();
        let refs: Vec<&str> = outs.iter().map(String::as_str).collect();
        assert_eq!(nodes(&merge(&units, &refs)), "Nodes searched: 4865609");
    }
    // Moves played from the root first: 1. e4 leads to 13,160 of perft(4)'s leaves (the
    // divide of the start position).
    let units = split(&dir, "e4.jsonl", &["3", "--at", "1", "--moves", "e2e4"]);
    let header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&units)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(header["moves"], serde_json::json!(["e2e4"]));
    assert!(header["root"]
        .as_str()
        .unwrap()
        .starts_with("rnbqkbnr/pppppppp/8/8/8/8/"));
    let out = dir.file("e4-r.jsonl");
    run_shard(&units, "0/1", &out);
    assert_eq!(nodes(&merge(&units, &[&out])), "Nodes searched: 13160");

    // Kiwipete from a FEN, split at one ply.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let units = split(&dir, "kiwi.jsonl", &["4", "--at", "1", "--fen", kiwipete]);
    let out = dir.file("kiwi-r.jsonl");
    run_shard(&units, "0/1", &out);
    assert_eq!(nodes(&merge(&units, &[&out])), "Nodes searched: 4085603");
    let json = sliders(["perft", "merge", &units, &out, "--json"]);
    let value: serde_json::Value = serde_json::from_str(&text(&json.stdout)).unwrap();
    assert_eq!(value["nodes"], 4_085_603);
}

#[test]
fn the_shard_comes_from_slurm_variables_when_not_given() {
    let dir = TempDir::new("slurm");
    let units = split(&dir, "units.jsonl", &["4", "--at", "1"]);
    let mut outs = Vec::new();
    for task in 0..2 {
        let out = dir.file(&format!("r{task}.jsonl"));
        let result = Sliders::new(["perft", "run", &units, "--out", &out])
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_ARRAY_TASK_COUNT", "2")
            .output();
        assert!(result.status.success(), "{}", text(&result.stderr));
        outs.push(out);
    }
    assert_eq!(
        nodes(&merge(&units, &[&outs[0], &outs[1]])),
        "Nodes searched: 197281"
    );
    let missing = sliders(["perft", "run", &units, "--out", &dir.file("x.jsonl")]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("SLURM_ARRAY_TASK_ID"));
    let bad = sliders([
        "perft",
        "run",
        &units,
        "--shard",
        "2/2",
        "--out",
        &dir.file("y.jsonl"),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("0 <= I < N"));
}

#[test]
fn merge_refuses_missing_conflicting_and_unknown_results() {
    let dir = TempDir::new("merge");
    let units = split(&dir, "units.jsonl", &["3", "--at", "1"]);
    let all = dir.file("all.jsonl");
    run_shard(&units, "0/1", &all);
    let good = std::fs::read_to_string(&all).unwrap();
    assert_eq!(nodes(&merge(&units, &[&all])), "Nodes searched: 8902");

    // The same results twice agree: still fine.
    assert_eq!(nodes(&merge(&units, &[&all, &all])), "Nodes searched: 8902");

    // A unit left out.
    let short = dir.file("short.jsonl");
    let without_7: String = good
        .lines()
        .filter(|l| !l.contains("\"id\":7,"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&short, without_7).unwrap();
    let out = merge(&units, &[&short]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("missing results for units 7"),
        "{}",
        text(&out.stderr)
    );

    // Two results for one unit that disagree, both named with file and line.
    let split_id = identity(&units);
    let extra = dir.file("extra.jsonl");
    std::fs::write(
        &extra,
        format!("{{\"split\":\"{split_id}\",\"id\":3,\"nodes\":1}}\n"),
    )
    .unwrap();
    let out = merge(&units, &[&all, &extra]);
    assert_eq!(out.status.code(), Some(1));
    let message = text(&out.stderr);
    assert!(
        message.contains("conflicting results: unit 3: 600 (")
            && message.contains("extra.jsonl: line 1)"),
        "{message}"
    );
    assert!(
        out.stdout.is_empty(),
        "no total when the results do not add up"
    );
    // A result for a unit that does not exist: the file and line are named.
    std::fs::write(
        &extra,
        format!("{{\"split\":\"{split_id}\",\"id\":20,\"nodes\":5}}\n"),
    )
    .unwrap();
    let out = merge(&units, &[&all, &extra]);
    assert_eq!(out.status.code(), Some(1));
    let message = text(&out.stderr);
    assert!(
        message.contains("extra.jsonl: line 1: unit 20 is not among its 20 units"),
        "{message}"
    );

    // A malformed line is bad input, named by file and line.
    let broken = dir.file("broken.jsonl");
    std::fs::write(
        &broken,
        format!("{{\"split\":\"{split_id}\",\"id\":0,\"nodes\":20}}\nnot json\n"),
    )
    .unwrap();
    let out = merge(&units, &[&broken]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("broken.jsonl: line 2"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_killed_run_resumes_and_loses_at_most_the_unit_in_progress() {
    let dir = TempDir::new("resume");
    // 400 units of about 8 M nodes each: seconds in all, so the kill lands mid-run.
    let units = split(&dir, "units.jsonl", &["7", "--at", "2"]);
    let out = dir.file("r.jsonl");
    // A first run, killed once some units are written.
    let mut child = Sliders::new(["perft", "run", &units, "--shard", "0/1", "--out", &out])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let start = Instant::now();
    let lines = |p: &str| {
        std::fs::read_to_string(p)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    while lines(&out) < 20 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let written = lines(&out);
    assert!(
        (20..400).contains(&written),
        "killed after {written} of 400 units"
    );
    // As if the kill had cut the last line in half.
    let mut text_so_far = std::fs::read_to_string(&out).unwrap();
    text_so_far.push_str("{\"id\":39");
    std::fs::write(&out, &text_so_far).unwrap();

    let again = sliders(["perft", "run", &units, "--shard", "0/1", "--out", &out]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let stderr = text(&again.stderr);
    assert!(stderr.contains("unfinished last line"), "{stderr}");
    assert!(
        stderr.contains(&format!("{written} already in")),
        "{stderr}"
    );
    assert_eq!(lines(&out), 400, "each unit once");
    assert_eq!(nodes(&merge(&units, &[&out])), "Nodes searched: 3195901860");
}

#[test]
fn bad_arguments_and_files_are_named() {
    let dir = TempDir::new("bad");
    let out = sliders(["perft", "split", "3", "--at", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--at 4 is deeper than the depth 3"));
    let out = sliders(["perft", "split", "25", "--at", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("\"25\" is out of range 0..=24 plies"),
        "{}",
        text(&out.stderr)
    );
    let units = dir.file("units.jsonl");
    std::fs::write(
        &units,
        "{\"root\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"moves\":[],\"depth\":2,\"at\":1,\"units\":1,\"positions\":1}\n{\"id\":0,\"fen\":\"nonsense\",\"depth\":1,\"multiplicity\":1}\n",
    )
    .unwrap();
    let out = sliders([
        "perft",
        "run",
        &units,
        "--shard",
        "0/1",
        "--out",
        &dir.file("r"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 2: bad FEN"),
        "{}",
        text(&out.stderr)
    );
    assert!(
        !Path::new(&dir.file("r")).exists(),
        "nothing written for a bad units file"
    );
}

/// Issue 21: a result is tied to its split. Results of `split 4 --at 2` merged against
/// the units of `split 5 --at 2` used to print 197281 with exit 0; `run` on the other
/// split's units skipped them as "already in". Both now refuse with exit 1, naming the
/// results file and line.
#[test]
fn results_of_another_split_are_refused() {
    let dir = TempDir::new("foreign");
    let four = split(&dir, "four.jsonl", &["4", "--at", "2"]);
    let five = split(&dir, "five.jsonl", &["5", "--at", "2"]);
    let results = dir.file("r4.jsonl");
    run_shard(&four, "0/1", &results);
    assert_eq!(nodes(&merge(&four, &[&results])), "Nodes searched: 197281");
    let out = merge(&five, &[&results]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let message = text(&out.stderr);
    assert!(
        message.contains("r4.jsonl: line 1: a result of another split"),
        "{message}"
    );
    assert!(out.stdout.is_empty());
    let before = std::fs::read_to_string(&results).unwrap();
    let out = sliders(["perft", "run", &five, "--shard", "0/1", "--out", &results]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("r4.jsonl: line 1: a result of another split"));
    assert_eq!(std::fs::read_to_string(&results).unwrap(), before);
    // A line from before the identity cannot be tied to any split.
    let old = dir.file("old.jsonl");
    std::fs::write(&old, "{\"id\":0,\"nodes\":20}\n").unwrap();
    let out = merge(&four, &[&old]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("old.jsonl: line 1: a result without a \"split\""),
        "{}",
        text(&out.stderr)
    );
}

/// Issue 21: the merge sum is checked. Two results of 2^127 nodes used to wrap to a
/// small total with exit 0.
#[test]
fn a_total_past_128_bits_is_refused() {
    let dir = TempDir::new("wrap");
    let units = split(&dir, "units.jsonl", &["3", "--at", "1"]);
    let split_id = identity(&units);
    let results = dir.file("r.jsonl");
    let mut lines = String::new();
    for id in 0..20 {
        let nodes = if id < 2 {
            "\"170141183460469231731687303715884105728\"".to_owned()
        } else {
            "1".to_owned()
        };
        lines.push_str(&format!(
            "{{\"split\":\"{split_id}\",\"id\":{id},\"nodes\":{nodes}}}\n"
        ));
    }
    std::fs::write(&results, lines).unwrap();
    let out = merge(&units, &[&results]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("past 2^128 - 1"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

/// Issue 21: a units file edited to multiplicity 0 or 2, or with a header whose
/// position count is not the multiplicities' sum, is refused (exit 2, file and line).
#[test]
fn edited_units_files_are_refused() {
    let dir = TempDir::new("edited");
    let units = split(&dir, "units.jsonl", &["3", "--at", "1"]);
    let good = std::fs::read_to_string(&units).unwrap();
    let results = dir.file("r.jsonl");
    run_shard(&units, "0/1", &results);
    for (edit, expect) in [
        (
            good.replacen("\"multiplicity\":1", "\"multiplicity\":0", 1),
            "line 2: multiplicity 0",
        ),
        (
            good.replacen("\"multiplicity\":1", "\"multiplicity\":2", 1),
            "line 1: the header declares 20 positions, the multiplicities add up to 21",
        ),
        (
            good.replacen("\"positions\":20", "\"positions\":21", 1),
            "line 1: the header declares 21 positions, the multiplicities add up to 20",
        ),
        (
            good.replacen("\"positions\":20", "\"positions\":21", 1)
                .replacen("\"multiplicity\":1", "\"multiplicity\":2", 1),
            "the file was edited",
        ),
    ] {
        std::fs::write(&units, &edit).unwrap();
        let out = merge(&units, &[&results]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        let message = text(&out.stderr);
        assert!(message.contains(expect), "{expect}: {message}");
    }
    // An old units file (no identity in its header) is still read.
    let old: String = good
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                let mut header: serde_json::Value = serde_json::from_str(l).unwrap();
                header.as_object_mut().unwrap().remove("split");
                format!("{header}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&units, old).unwrap();
    assert_eq!(nodes(&merge(&units, &[&results])), "Nodes searched: 8902");
}

/// Issue 21: shard counts are bounded (`0/18446744073709551615` overflowed a capacity,
/// `0/4294967296` aborted on 64 GiB, `0/100000000` ran a loop per shard per unit), from
/// --shard and from Slurm's variables alike; a large valid count runs at once.
#[test]
fn shard_counts_are_bounded() {
    let dir = TempDir::new("shards");
    let units = split(&dir, "units.jsonl", &["3", "--at", "1"]);
    for shard in ["0/18446744073709551615", "0/4294967296", "0/100000000"] {
        let out = sliders([
            "perft",
            "run",
            &units,
            "--shard",
            shard,
            "--out",
            &dir.file("r.jsonl"),
        ]);
        assert_eq!(out.status.code(), Some(2), "{shard}: {}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("--shard")
                && text(&out.stderr).contains("is out of range 1..=4000001"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = Sliders::new(["perft", "run", &units, "--out", &dir.file("r.jsonl")])
        .env("SLURM_ARRAY_TASK_ID", "0")
        .env("SLURM_ARRAY_TASK_COUNT", "18446744073709551615")
        .output();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("SLURM_ARRAY_TASK_ID/COUNT"));
    let results = dir.file("last.jsonl");
    run_shard(&units, "4000000/4000001", &results);
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "");
}

/// Issue 21: a missing results file is bad input (exit 2), as for `verify` and `--epd`.
#[test]
fn a_missing_results_file_is_bad_input() {
    let dir = TempDir::new("missing");
    let units = split(&dir, "units.jsonl", &["2", "--at", "1"]);
    let out = merge(&units, &[&dir.file("nowhere.jsonl")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("nowhere.jsonl"));
}
