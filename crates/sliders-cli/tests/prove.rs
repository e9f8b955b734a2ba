//! `sliders prove` (issue 24): its contract (last line `found 0x<16 hex>` or `none`,
//! exit 0 on either, 2 on bad input naming what is wrong), and the committed proofs of
//! the open bishops c1 and d1 (fancy, 4 bits): their formulas are what the encoder
//! writes today, and our checker accepts the proofs. Under CI (`CI` set) a missing
//! solver is a failure; elsewhere the solver tests say so and pass.

mod common;

use std::io::Read;
use std::process::{Command, Output};

use common::{sliders, tool_present, Run, Sliders, TempDir};

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::{self, drat, Collisions, IndexScheme, Question};

const OWN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/n-minus-1/"
);

fn solver_present() -> bool {
    tool_present(
        "the SAT solver",
        prove::solver::version().is_some(),
        "apt-get install cadical",
    )
}

#[test]
fn bad_input_is_refused_with_status_2_naming_it() {
    let cases: [(&[&str], &str); 6] = [
        (&["prove", "bishop", "i9", "--bits", "4"], "square \"i9\""),
        (&["prove", "queen", "d1", "--bits", "4"], "piece \"queen\""),
        (
            &["prove", "bishop", "d1", "--bits", "0"],
            "--bits 0 is out of range",
        ),
        (
            &["prove", "bishop", "d1", "--bits", "6"],
            "1 to its 5 mask bits",
        ),
        (
            &["prove", "bishop", "d1", "--bits", "4", "--scheme", "plain"],
            "--scheme \"plain\"",
        ),
        (
            &["prove", "rook", "b2", "--bits", "9", "--encoding", "magic"],
            "--encoding \"magic\"",
        ),
    ];
    for (args, says) in cases {
        let out = sliders(args);
        let stderr = out.stderr();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_magic_found_is_the_last_line_and_verifies() {
    if !solver_present() {
        return;
    }
    let out = sliders(["prove", "bishop", "b1", "--bits", "4", "--scheme", "black"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    let hex = last.strip_prefix("found 0x").expect(&stdout);
    assert_eq!(hex.len(), 16);
    let magic = u64::from_str_radix(hex, 16).unwrap();
    let q = Question {
        piece: RookOrBishop::Bishop,
        square: Square::B1,
        bits: 4,
        scheme: IndexScheme::Black,
    };
    assert!(prove::verify_magic(&q, magic).is_ok());
    assert!(stdout.contains("variables") && stdout.contains("solver: CaDiCaL"));
}

#[test]
fn none_comes_with_a_checked_proof_file() {
    if !solver_present() {
        return;
    }
    let dir = TempDir::new("d8");
    let proof = dir.path().join("d8.drat");
    let out = sliders([
        "prove",
        "bishop",
        "d8",
        "--bits",
        "4",
        "--encoding",
        "pairwise",
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().last(), Some("none"), "{stdout}");
    assert!(stdout.contains("checked by sliders' DRAT checker"));
    assert!(std::fs::metadata(&proof).unwrap().len() > 0);
    std::fs::remove_file(&proof).unwrap();
}

fn gunzip(name: &str) -> Vec<u8> {
    let file = std::fs::File::open(format!("{OWN}{name}")).expect(name);
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .expect(name);
    bytes
}

#[test]
fn the_committed_proofs_for_the_open_bishops_check() {
    for square in [Square::D1, Square::C1] {
        let name = format!("bishop-{square}-4-fancy");
        let q = Question {
            piece: RookOrBishop::Bishop,
            square,
            bits: 4,
            scheme: IndexScheme::Fancy,
        };
        // The committed formula is the encoder's, byte for byte.
        let dir = TempDir::new("committed");
        let path = dir.path().join(format!("{name}.cnf"));
        let encoded = prove::encode(&q, Collisions::Slots);
        prove::write_formula(&q, &encoded, Collisions::Slots, &path, None).unwrap();
        let ours = std::fs::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        let committed = gunzip(&format!("{name}.cnf.gz"));
        assert!(ours == committed, "{name}: the formula changed");
        let formula = prove::dimacs::parse(std::str::from_utf8(&committed).unwrap()).unwrap();
        let steps = drat::parse_proof(&gunzip(&format!("{name}.drat.gz"))).unwrap();
        let checked = drat::check(formula.variables, &formula.clauses, &steps)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(checked.lemmas > 1000, "{name}");
        // ... and the same proof without its last quarter refutes nothing.
        let cut = &steps[..steps.len() * 3 / 4];
        assert!(drat::check(formula.variables, &formula.clauses, cut).is_err());
    }
}

#[test]
fn the_exhaustive_search_answers_on_its_last_line_and_resumes() {
    let last = |out: &Run| {
        let text = out.stdout();
        text.lines().last().unwrap_or_default().to_string()
    };
    let found = sliders(["prove", "bishop", "b1", "--bits", "4", "--exhaust"]);
    assert_eq!(found.status.code(), Some(0));
    // The smallest 4-bit magic for b1: the search tries 0 before 1 from the top bit.
    assert_eq!(last(&found), "found 0x00040405027fffc0");
    // The cube that held it is named (the search crate's test checks which one it is).
    assert!(found
        .stdout()
        .contains("exhaust: the magic came from cube "));
    // --descending tries 1 before 0: the largest magic below the period (2^54) instead.
    let largest = sliders([
        "prove",
        "bishop",
        "b1",
        "--bits",
        "4",
        "--exhaust",
        "--descending",
    ]);
    assert_eq!(largest.status.code(), Some(0));
    let text = last(&largest);
    let magic = u64::from_str_radix(text.trim_start_matches("found 0x"), 16).unwrap();
    assert!(magic > 0x0004_0405_027f_ffc0 && magic < 1 << 54, "{text}");
    let refused = sliders(["prove", "bishop", "b1", "--bits", "4", "--descending"]);
    assert_eq!(refused.status.code(), Some(2));
    // --low-first fixes the magic's bits from bit 0 up: the first magic in that order.
    let low = [
        "prove",
        "bishop",
        "b8",
        "--bits",
        "4",
        "--exhaust",
        "--low-first",
    ];
    let found = sliders(low);
    assert_eq!(found.status.code(), Some(0));
    assert_eq!(last(&found), "found 0x000003fe7df00429");
    for wrong in [&["--descending"][..], &[]] {
        let mut args = low.to_vec();
        args.extend_from_slice(wrong);
        if wrong.is_empty() {
            args.retain(|&a| a != "--exhaust");
        }
        let refused = sliders(&args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
    }
    let none = sliders([
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--threads",
        "1",
    ]);
    assert_eq!(none.status.code(), Some(0));
    assert_eq!(last(&none), "none");
    // --scheme black: bishop d1 has no 4-bit black magic either (the SAT proof agrees),
    // over every magic below 2^60 (the bits above only rotate the index); bishop g1 has.
    let mut black = [
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--exhaust",
        "--scheme",
        "black",
    ];
    let none = sliders(black);
    assert_eq!(none.status.code(), Some(0));
    assert_eq!(last(&none), "none");
    assert!(none.stdout().contains("every magic below 2^60 in "));
    black[2] = "g1";
    let found = sliders(black);
    let text = last(&found);
    let magic = u64::from_str_radix(text.trim_start_matches("found 0x"), 16).unwrap();
    let q = Question {
        piece: RookOrBishop::Bishop,
        square: Square::G1,
        bits: 4,
        scheme: IndexScheme::Black,
    };
    assert!(prove::verify_magic(&q, magic).is_ok(), "{text}");

    let dir = TempDir::new("exhaust");
    let state = dir.path().join("exhaust-c1.json");
    let state_arg = state.to_str().unwrap();
    let args = [
        "prove",
        "bishop",
        "c1",
        "--bits",
        "4",
        "--exhaust",
        "--state",
        state_arg,
    ];
    let done = sliders(args);
    assert_eq!(done.status.code(), Some(0));
    assert_eq!(last(&done), "none");
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(saved.contains("\"question\": \"bishop c1 4\""), "{saved}");
    // Run again: the state says every cube is done, so the answer comes at once.
    let again = sliders(args);
    assert_eq!(last(&again), "none");

    std::fs::write(&state, "not json").unwrap();
    let refused = sliders(args);
    assert_eq!(refused.status.code(), Some(2));
    let err = refused.stderr();
    assert!(
        err.contains(state_arg) && err.contains("not an exhaust state"),
        "{err}"
    );
    std::fs::remove_file(&state).unwrap();

    // Shards, each with its state, put together by --merge.
    let shards: Vec<_> = (0..2)
        .map(|i| dir.path().join(format!("exhaust-shard-{i}.json")))
        .collect();
    let mut merge = args[..6].to_vec();
    merge.push("--merge");
    for (i, path) in shards.iter().enumerate() {
        let shard = format!("{i}/2");
        let mut args = args[..6].to_vec();
        args.extend(["--shard", &shard, "--state", path.to_str().unwrap()]);
        let out = sliders(&args);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(last(&out), format!("none in shard {shard}"));
        merge.push(path.to_str().unwrap());
        let merged = sliders(&merge);
        if i == 0 {
            assert_eq!(merged.status.code(), Some(1));
            let err = merged.stderr();
            assert!(err.contains("missing [1]"), "{err}");
        } else {
            assert_eq!(merged.status.code(), Some(0));
            assert_eq!(last(&merged), "none");
            let said = merged.stdout();
            assert!(said.contains("merged: 2 shards"), "{said}");
        }
    }
    for path in &shards {
        std::fs::remove_file(path).unwrap();
    }

    for (bad, says) in [
        (&["--shard", "2/2"][..], "--shard \"2/2\""),
        (
            &["--merge", "x.json", "--state", "s.json"][..],
            "cannot be used with",
        ),
        (&["--merge", "no-such-state.json"][..], "no such file"),
        (
            &["--scheme", "black", "--low-first"][..],
            "fancy questions, not black ones",
        ),
        (&["--proof", "x.drat"][..], "cannot be used with"),
        (&["--threads", "5000"][..], "--threads"),
    ] {
        let mut args = vec!["prove", "bishop", "d1", "--bits", "4", "--exhaust"];
        args.extend_from_slice(bad);
        let out = sliders(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = out.stderr();
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

#[test]
fn cubes_answer_on_the_last_line_with_every_proof_checked() {
    if !solver_present() {
        return;
    }
    let text = |out: &Run| out.stdout();
    let dir = TempDir::new("cubes");
    let formula = dir.path().join("cubes-d1.cnf");
    let none = sliders([
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--cubes",
        "3",
        "--formula",
        formula.to_str().unwrap(),
    ]);
    assert_eq!(none.status.code(), Some(0));
    let said = text(&none);
    assert_eq!(said.lines().last(), Some("none"), "{said}");
    assert!(said.contains("cubes: 8 of 8 answered"), "{said}");
    assert!(said.contains("8 of them checked"), "{said}");
    // The whole formula, without the cubes' units: the committed one, byte for byte.
    assert!(std::fs::read(&formula).unwrap() == gunzip("bishop-d1-4-fancy.cnf.gz"));
    std::fs::remove_file(&formula).unwrap();
    let found = sliders(["prove", "bishop", "b1", "--bits", "4", "--cubes", "2"]);
    assert_eq!(found.status.code(), Some(0));
    let last = text(&found).lines().last().unwrap_or_default().to_string();
    assert!(last.starts_with("found 0x") && last.len() == 24, "{last}");

    let state = dir.path().join("cubes-d1.json");
    let state_arg = state.to_str().unwrap();
    let args = [
        "prove", "bishop", "d1", "--bits", "4", "--cubes", "2", "--state", state_arg,
    ];
    assert_eq!(text(&sliders(args)).lines().last(), Some("none"));
    let saved = std::fs::read_to_string(&state).unwrap();
    assert!(
        saved.contains("\"question\": \"bishop d1 4 fancy slots\""),
        "{saved}"
    );
    std::fs::write(&state, "[]").unwrap();
    let refused = sliders(args);
    assert_eq!(refused.status.code(), Some(2));
    let err = refused.stderr();
    assert!(
        err.contains(state_arg) && err.contains("not a cube state"),
        "{err}"
    );
    std::fs::remove_file(&state).unwrap();

    // Shards, each with its state, put together by --merge.
    let shards: Vec<_> = (0..2)
        .map(|i| dir.path().join(format!("cubes-shard-{i}.json")))
        .collect();
    for (i, path) in shards.iter().enumerate() {
        let shard = format!("{i}/2");
        let out = sliders([
            "prove",
            "bishop",
            "d1",
            "--bits",
            "4",
            "--cubes",
            "3",
            "--shard",
            &shard,
            "--state",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        let said = text(&out);
        assert_eq!(
            said.lines().last(),
            Some(&*format!("none in shard {shard}")),
            "{said}"
        );
    }
    let mut merge = vec![
        "prove", "bishop", "d1", "--bits", "4", "--cubes", "3", "--merge",
    ];
    merge.push(shards[0].to_str().unwrap());
    let partial = sliders(&merge);
    assert_eq!(partial.status.code(), Some(1));
    let err = partial.stderr();
    assert!(err.contains("missing [1]"), "{err}");
    merge.push(shards[1].to_str().unwrap());
    let merged = sliders(&merge);
    assert_eq!(merged.status.code(), Some(0));
    let said = text(&merged);
    assert_eq!(said.lines().last(), Some("none"), "{said}");
    assert!(said.contains("8 of 8 cubes answered"), "{said}");
    for path in &shards {
        std::fs::remove_file(path).unwrap();
    }

    for (bad, says) in [
        (&["--cubes", "0"][..], "--cubes 0 is out of range"),
        (&["--cubes", "3", "--shard", "2/2"][..], "--shard \"2/2\""),
        (&["--shard", "0/2"][..], "--cubes"),
        (
            &["--cubes", "3", "--merge", "x.json", "--state", "s.json"][..],
            "cannot be used with",
        ),
        (&["--cubes", "21"][..], "--cubes 21 is out of range"),
        (&["--cubes", "x"][..], "--cubes"),
        (
            &["--cubes", "2", "--proof", "x.drat"][..],
            "cannot be used with",
        ),
        (&["--cubes", "2", "--exhaust"][..], "cannot be used with"),
        (&["--state", "s.json"][..], "--exhaust|--cubes"),
    ] {
        let mut args = vec!["prove", "bishop", "d1", "--bits", "4"];
        args.extend_from_slice(bad);
        let out = sliders(&args);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = out.stderr();
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

/// Sends SIGTERM to `pid` (with the `kill` program: the test needs no `unsafe`).
fn terminate(pid: u32) {
    let status = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
}

/// Waits for `child` (at most 2 minutes, then kills it and fails).
fn wait(mut child: std::process::Child) -> Output {
    for _ in 0..1200 {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!("sliders did not stop after SIGTERM");
}

#[test]
fn sigterm_stops_the_solver_process_and_keeps_the_state() {
    if !solver_present() {
        return;
    }
    // The solver through a wrapper that notes its process id: `sliders prove` runs it
    // once for `--version`, then on the formula (bishop c1 black: minutes).
    let dir = TempDir::new("sigterm");
    let pids = dir.path().join("solver-pids");
    let wrapper = dir.path().join("solver.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho $$ >> '{}'\nexec {} \"$@\"\n",
            pids.display(),
            prove::solver::program()
        ),
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(&wrapper)
        .status()
        .unwrap();
    // SIGTERM to sliders alone, then to sliders and the solver at once (as Ctrl-C
    // reaches a terminal's process group, or Slurm's scancel every process of a job).
    for also_solver in [false, true] {
        let _ = std::fs::remove_file(&pids);
        let child = Sliders::new(["prove", "bishop", "c1", "--bits", "4", "--scheme", "black"])
            .env("SLIDERS_CADICAL", &wrapper)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn();
        let solver_pid: u32 = (0..600)
            .find_map(|_| {
                std::thread::sleep(std::time::Duration::from_millis(100));
                let text = std::fs::read_to_string(&pids).unwrap_or_default();
                text.lines().nth(1).and_then(|l| l.trim().parse().ok())
            })
            .expect("the solver started");
        if also_solver {
            terminate(solver_pid);
        }
        terminate(child.id());
        let out = wait(child);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("interrupted"), "{err}");
        assert!(
            !std::path::Path::new(&format!("/proc/{solver_pid}")).exists(),
            "the solver process {solver_pid} is still running"
        );
    }
    std::fs::remove_file(&pids).unwrap();
    std::fs::remove_file(&wrapper).unwrap();

    // The exhaustive search: rook g1's fifth cube runs for minutes; SIGTERM abandons
    // it, and the state keeps the cubes done before it (the first four, unless the
    // signal came while the cubes were still being listed).
    let state = dir.path().join("interrupted-g1.json");
    let child = Sliders::new([
        "prove",
        "rook",
        "g1",
        "--bits",
        "10",
        "--exhaust",
        "--threads",
        "1",
    ])
    .arg("--state")
    .arg(&state)
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped())
    .spawn();
    std::thread::sleep(std::time::Duration::from_secs(3));
    terminate(child.id());
    let out = wait(child);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let done: usize = err
        .split("interrupted after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(done <= 4 && err.contains("--state to go on"), "{err}");
    // (No state file when the signal came before the first batch ended.)
    let saved = std::fs::read_to_string(&state).unwrap_or_default();
    assert!(
        done == 0 || saved.contains(&format!("\"done\": {done},")),
        "{saved}"
    );
}

#[test]
fn a_certificate_is_written_before_the_answer_and_refused_where_it_cannot_be() {
    let dir = TempDir::new("certificate");
    let path = dir.path().join("d1.cert");
    let file = path.to_str().unwrap();
    let base = [
        "prove",
        "bishop",
        "d1",
        "--bits",
        "4",
        "--certificate",
        file,
    ];
    let mut args = base.to_vec();
    args.extend_from_slice(&["--exhaust", "--shard", "1/3"]);
    let out = sliders(&args);
    assert_eq!(out.status.code(), Some(0));
    let text = out.stdout();
    assert_eq!(text.lines().last(), Some("none in shard 1/3"), "{text}");
    assert!(text.contains(&format!("certificate: {file}, ")), "{text}");
    let written = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    // d1 has 2,209 cubes at depth 34: shard 1/3 is 736..1472.
    let header = b"sliders exhaust certificate 1 bishop d1 4 depth 34 cubes 736 1472 of 2209\n";
    assert!(written.starts_with(header), "{:?}", &written[..80]);
    // A black question's certificate says so in its header (its walk: the mirror's half).
    let mut args = base.to_vec();
    args.extend_from_slice(&["--exhaust", "--scheme", "black", "--shard", "1/3"]);
    let out = sliders(&args);
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let header =
        b"sliders exhaust certificate 1 bishop d1 4 black depth 39 cubes 107892 215784 of 323677\n";
    assert!(written.starts_with(header), "{:?}", &written[..90]);
    for extra in [
        &["--exhaust", "--state", "s.json"][..],
        &["--exhaust", "--descending"],
        &["--exhaust", "--low-first"],
        &[],
    ] {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        let refused = sliders(&args);
        assert_eq!(refused.status.code(), Some(2), "{extra:?}");
        assert!(!path.exists(), "{extra:?}: a refused run created the file");
    }
    let mut args = base.to_vec();
    args[6] = "/nonexistent-dir/c.cert";
    args.push("--exhaust");
    let unwritable = sliders(&args);
    assert_eq!(unwritable.status.code(), Some(2));
    assert!(unwritable.stderr().contains("/nonexistent-dir/c.cert"));
}

/// Without an order flag, `--exhaust` measures both orders and goes on with the faster:
/// on bishop f8 at 4 bits from bit 0 up (about 5 times faster here than from the top,
/// docs/research-n-minus-1.md). Stopped by `--time` while measuring, it leaves both
/// orders' states (`FILE`, `FILE.low-first`); resumed, it answers `none`, and then
/// `FILE` holds the finished state of the order that answered and the other is gone.
/// `--ascending` names the old default.
#[test]
fn the_exhaustive_search_chooses_its_order_and_resumes_both() {
    let dir = TempDir::new("auto");
    let state = dir.path().join("auto.json");
    let sidecar = dir.path().join("auto.json.low-first");
    let path = state.to_str().unwrap();
    let args = [
        "prove",
        "bishop",
        "f8",
        "--bits",
        "4",
        "--exhaust",
        "--threads",
        "2",
        "--state",
        path,
    ];
    let o = sliders([&args[..], &["--time", "1"]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", o.stderr());
    assert!(state.exists() && sidecar.exists());
    let o = sliders(args);
    let err = o.stderr();
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("exhaust: order low-first (estimated to finish: ascending "),
        "{err}"
    );
    assert!(o.stdout().ends_with("none\n"));
    let finished = std::fs::read_to_string(&state).unwrap();
    assert!(
        finished.contains("\"question\": \"bishop f8 4 low-first\""),
        "{finished}"
    );
    assert!(!sidecar.exists());
    // A finished state is answered from, in its order, without measuring again.
    let o = sliders(args);
    assert!(o.stderr().contains("exhaust: order low-first\n"));
    assert!(o.stdout().ends_with("none\n"));
    // --ascending takes the old default order, whatever is faster.
    let o = sliders([
        "prove",
        "bishop",
        "c7",
        "--bits",
        "4",
        "--exhaust",
        "--ascending",
    ]);
    assert!(o.status.success());
    assert!(!o.stderr().contains("exhaust: order"));
}

#[test]
fn an_estimate_of_every_cube_left_gives_the_search_s_nodes_and_bad_ones_are_refused() {
    // Bishop c1 at 4 bits, from the top: the whole search's nodes (its own line) are
    // the nodes left of a sample that takes every cube; a sample of fewer gives a
    // standard error, another --seed another sample; the order must be named; a
    // sampled cube with a magic (bishop b1, 5 bits) is an answer.
    let stdout = |out: &Run| out.stdout();
    let whole = sliders([
        "prove",
        "bishop",
        "c1",
        "--bits",
        "4",
        "--exhaust",
        "--ascending",
    ]);
    assert_eq!(whole.status.code(), Some(0));
    let text = stdout(&whole);
    let nodes = text
        .split(" nodes")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .unwrap()
        .to_string();
    let dir = TempDir::new("estimate");
    let state = dir.path().join("estimate-c1.json");
    std::fs::write(
        &state,
        "{\"question\": \"bishop c1 4\", \"depth\": 1, \"cubes\": 1, \"done\": 0, \"nodes\": 0, \"found\": null}",
    )
    .unwrap();
    let args = |k: &'static str| {
        vec![
            "prove",
            "bishop",
            "c1",
            "--bits",
            "4",
            "--exhaust",
            "--ascending",
            "--estimate",
            k,
        ]
    };
    let census = sliders(args("1048576"));
    assert_eq!(census.status.code(), Some(0), "{:?}", census);
    let text = stdout(&census);
    assert!(
        text.contains(&format!(
            "estimate: {nodes} nodes left, standard error 0 (0.0 %)"
        )),
        "{text} against {nodes}"
    );
    let sample = sliders(args("50"));
    let text = stdout(&sample);
    assert!(text.starts_with("estimate: 50 of "), "{text}");
    assert!(!text.contains("standard error 0 "), "{text}");
    let mut reseeded = args("50");
    reseeded.extend(["--seed", "2"]);
    let other = stdout(&sliders(&reseeded));
    let left = |t: &str| t.lines().nth(1).unwrap_or_default().to_string();
    assert!(other.starts_with("estimate: 50 of "), "{other}");
    assert_ne!(left(&other), left(&text));
    // Without the order named (a plain run chooses its own and may keep two states).
    let mut unordered = args("50");
    unordered.retain(|&a| a != "--ascending");
    assert_eq!(sliders(&unordered).status.code(), Some(2));
    // A state of another depth is refused (exit 2), and so is a missing one.
    let mut with_state = args("50");
    with_state.extend(["--state", state.to_str().unwrap()]);
    let refused = sliders(&with_state);
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stderr().contains("depth 1,"));
    std::fs::remove_file(&state).unwrap();
    let missing = sliders(&with_state);
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stderr().contains("no such file"));
    for bad in ["0", "1048577", "x"] {
        assert_eq!(
            sliders(args(bad)).status.code(),
            Some(2),
            "--estimate {bad}"
        );
    }
    let mut without_exhaust = args("50");
    without_exhaust.retain(|&a| a != "--exhaust");
    assert_eq!(sliders(&without_exhaust).status.code(), Some(2));
    let found = sliders([
        "prove",
        "bishop",
        "b1",
        "--bits",
        "5",
        "--exhaust",
        "--ascending",
        "--estimate",
        "2000",
    ]);
    assert_eq!(found.status.code(), Some(0));
    let text = stdout(&found);
    assert!(
        text.lines().last().unwrap().starts_with("found 0x"),
        "{text}"
    );
    assert!(text.contains("verified: "), "{text}");
    assert!(
        text.contains("exhaust: the magic came from cube "),
        "{text}"
    );
}

#[test]
fn a_plain_exhaust_keeps_its_states_in_a_directory_of_its_own_and_sweeps_killed_runs() {
    // Issue 63: a plain `--exhaust` kept its states at `$TMPDIR/sliders-exhaust-<pid>-<order>`,
    // so a later run with the pid of a killed one resumed its stale state. Now each run
    // has a new directory, removed at the end, and removes the ones dead runs left.
    let tmp = tempfile::tempdir().unwrap();
    let stale = tmp.path().join("sliders-exhaust-4000000000-dead");
    std::fs::create_dir(&stale).unwrap();
    std::fs::write(stale.join("exhaust-ascending"), b"{}").unwrap();
    let o = Sliders::new([
        "prove",
        "bishop",
        "b1",
        "--bits",
        "4",
        "--exhaust",
        "--threads",
        "1",
    ])
    .env("TMPDIR", tmp.path())
    .output();
    assert!(o.status.success(), "{}", o.stderr());
    assert!(o.stdout().contains("found 0x"));
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left behind in TMPDIR: {left:?}");
}

#[test]
fn a_state_that_cannot_be_written_is_refused_before_any_work() {
    // Issue 63: `prove --cubes --state nodir/s.json` solved cubes before it found out.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("no/such/dir/s.json");
    let state = state.to_str().unwrap();
    for args in [
        vec![
            "prove", "bishop", "e4", "--bits", "8", "--cubes", "4", "--state", state,
        ],
        vec![
            "prove",
            "bishop",
            "c1",
            "--bits",
            "4",
            "--exhaust",
            "--ascending",
            "--state",
            state,
        ],
    ] {
        let o = sliders(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = o.stderr();
        assert!(err.contains("the state cannot be saved"), "{args:?}: {err}");
        assert!(!err.contains("cube 1"), "{args:?} worked first: {err}");
    }
}

fn cadical_under(pid: u32) -> Vec<u32> {
    // The solver runs as `setpriv ... cadical`, which execs into cadical: the same pid.
    let mut found = Vec::new();
    for thread in std::fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let tid = thread.file_name().to_string_lossy().into_owned();
        let list =
            std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).unwrap_or_default();
        found.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<u32>().ok()),
        );
    }
    found
}

#[test]
fn a_sigkilled_prove_takes_its_solver_with_it_and_the_next_run_sweeps_its_files() {
    // Issue 63: SIGKILL of `prove` left CaDiCaL running (reparented to init) and its
    // scratch directory behind. Bishop c1 black, 4 bits: minutes of solving.
    if !solver_present() {
        return;
    }
    assert!(
        sliders_search::process::dies_with_parent() || std::env::var_os("CI").is_none(),
        "CI is set but setpriv --pdeathsig cannot be run (util-linux)"
    );
    let tmp = tempfile::tempdir().unwrap();
    let mut child = Sliders::new(["prove", "bishop", "c1", "--bits", "4", "--scheme", "black"])
        .env("TMPDIR", tmp.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let pid = child.id();
    // Wait (up to a minute) for the solver to start.
    let mut solver = Vec::new();
    for _ in 0..600 {
        solver = cadical_under(pid);
        if !solver.is_empty()
            && solver.iter().all(|s| {
                std::fs::read_to_string(format!("/proc/{s}/comm"))
                    .is_ok_and(|c| c.trim() == "cadical")
            })
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(!solver.is_empty(), "no solver started under {pid}");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    // The kernel kills the solver at once; give it ten seconds to be reaped.
    let alive = |s: &u32| {
        std::fs::read_to_string(format!("/proc/{s}/stat")).is_ok_and(|stat| !stat.contains(") Z "))
    };
    for _ in 0..100 {
        if !solver.iter().any(alive) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let left: Vec<&u32> = solver.iter().filter(|s| alive(s)).collect();
    for s in &left {
        let _ = Command::new("kill")
            .args(["-KILL", &s.to_string()])
            .status();
    }
    assert!(left.is_empty(), "the solver outlived its parent: {left:?}");
    // The killed run's scratch directory is still there; the next run removes it.
    let before: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
    assert!(!before.is_empty(), "a SIGKILL leaves the scratch directory");
    let o = Sliders::new(["prove", "bishop", "a1", "--bits", "5"])
        .env("TMPDIR", tmp.path())
        .output();
    assert!(o.status.success(), "{}", o.stderr());
    let after: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(after.is_empty(), "left in TMPDIR: {after:?}");
}

#[test]
fn an_estimate_of_a_finished_state_says_it_is_finished() {
    // Issue 63: it printed `? to ? thread-hours`.
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let state = state.to_str().unwrap();
    let run = [
        "prove",
        "bishop",
        "c1",
        "--bits",
        "4",
        "--exhaust",
        "--ascending",
        "--state",
        state,
    ];
    assert!(sliders(run).status.success());
    let mut args = run.to_vec();
    args.extend(["--estimate", "10"]);
    let o = sliders(&args);
    assert!(o.status.success(), "{}", o.stderr());
    let out = o.stdout();
    assert_eq!(
        out.trim(),
        "estimate: 0 of 282695 cubes left: the search is finished, 0 nodes left"
    );
}
