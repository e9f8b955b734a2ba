//! The four long-running commands speak one vocabulary (docs/cli.md, "Long runs"):
//! `--time` takes the same durations, `--state FILE` keeps and resumes the run (with
//! `find`'s and `refine`'s old `--resume` an alias), the search order has one set of
//! words, and the time printed is this run's, a state's total labelled `in all`.

mod common;

use common::{sliders, TempDir};

/// A small dense run, seeded and on one thread; callers add its rounds and the rest.
const DENSE: [&str; 9] = [
    "dense",
    "rook",
    "a1",
    "--bits",
    "12",
    "--seed",
    "1",
    "--threads",
    "1",
];

const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);

#[test]
fn time_and_state_work_alike_in_find_refine_prove_and_dense() {
    let dir = TempDir::new("long-runs");
    for (command, args) in [
        (
            "find",
            vec![
                "find",
                "--scheme",
                "fancy",
                "--piece",
                "bishop",
                "--squares",
                "c1",
                "--seed",
                "1",
                "--threads",
                "1",
            ],
        ),
        (
            "refine",
            vec![
                "refine",
                BLACK,
                "--out",
                &dir.file("refined.csv"),
                "--visits",
                "2",
                "--threads",
                "1",
            ],
        ),
        (
            "prove",
            vec![
                "prove",
                "bishop",
                "b2",
                "--bits",
                "5",
                "--exhaust",
                "--order",
                "low-first",
                "--threads",
                "1",
            ],
        ),
        (
            "dense",
            [&DENSE[..], &["--rounds", "1", "--quiet"]].concat(),
        ),
    ] {
        for time in ["60s", "2m", "1h", "90"] {
            let state = dir.file(&format!("{command}-{time}.json"));
            let run = sliders([&args[..], &["--time", time, "--state", &state]].concat());
            // dense ends at its round limit without a magic (exit 1); the rest answer.
            let expected = if command == "dense" { 1 } else { 0 };
            run.assert_code(expected);
            assert!(
                std::path::Path::new(&state).exists(),
                "{command} --time {time} --state: no state written\n{}",
                run.stderr()
            );
        }
        // A duration that is none is refused alike, naming the option.
        let bad = sliders([&args[..], &["--time", "soon"]].concat());
        bad.assert_code(2);
        assert!(
            bad.stderr()
                .contains("'--time <TIME>': \"soon\": expected like 90s"),
            "{command}: {}",
            bad.stderr()
        );
    }
}

#[test]
fn find_and_refine_still_take_resume_as_the_state_s_old_name() {
    let dir = TempDir::new("resume-alias");
    let state = dir.file("find.json");
    // The same search under the old flag name, then under the new one.
    let find = |flag: &str| {
        sliders([
            "find",
            "--scheme",
            "fancy",
            "--piece",
            "bishop",
            "--squares",
            "c1,d1",
            "--seed",
            "1",
            "--threads",
            "1",
            flag,
            &state,
        ])
    };
    let first = find("--resume");
    first.assert_success();
    let second = find("--state");
    second.assert_success();
    // The state written under the old name resumes under the new: the same set.
    assert_eq!(first.stdout(), second.stdout());

    let refine_state = dir.file("refine.json");
    sliders([
        "refine",
        BLACK,
        "--out",
        &dir.file("refined.csv"),
        "--visits",
        "2",
        "--threads",
        "1",
        "--resume",
        &refine_state,
    ])
    .assert_success();
    assert!(std::path::Path::new(&refine_state).exists());
}

#[test]
fn prove_takes_the_order_as_a_word_or_a_flag_and_dense_the_same_words() {
    let ask = |order: &[&str]| {
        sliders(
            [
                &[
                    "prove",
                    "bishop",
                    "b2",
                    "--bits",
                    "5",
                    "--exhaust",
                    "--threads",
                    "1",
                ][..],
                order,
            ]
            .concat(),
        )
    };
    for (word, flag) in [("low-first", "--low-first"), ("ascending", "--ascending")] {
        let by_word = ask(&["--order", word]);
        let by_flag = ask(&[flag]);
        by_word.assert_success();
        by_flag.assert_success();
        let answer = |text: String| text.lines().last().unwrap_or("").to_owned();
        assert_eq!(answer(by_word.stdout()), answer(by_flag.stdout()), "{word}");
    }
    // One order at a time.
    ask(&["--order", "descending", "--ascending"]).assert_code(2);

    let dense = |order: &str| {
        sliders([&DENSE[..], &["--rounds", "1", "--quiet", "--order", order]].concat())
    };
    let ascending = dense("ascending");
    let top_down = dense("top-down");
    ascending.assert_code(1);
    top_down.assert_code(1);
    let summary = |run: &common::Run| {
        run.stderr()
            .lines()
            .find(|line| line.contains(" rounds, "))
            .map(|line| line.split(", best").next().unwrap_or("").to_owned())
    };
    assert_eq!(summary(&ascending), summary(&top_down));
}

#[test]
fn dense_says_this_run_s_time_and_the_total_in_all() {
    let dir = TempDir::new("dense-in-all");
    let state = dir.file("dense.json");
    let run = |rounds: &str| {
        sliders(
            [
                &DENSE[..],
                &["--rounds", rounds, "--quiet", "--state", &state],
            ]
            .concat(),
        )
    };
    run("1").assert_code(1);
    let resumed = run("2");
    resumed.assert_code(1);
    let stderr = resumed.stderr();
    assert!(
        stderr.contains("2 rounds, ")
            && stderr.contains(" s this run, ")
            && stderr.contains(" s in all;"),
        "{stderr}"
    );
    // No message a user reads prints Rust's debug forms (a state of another run).
    let other = sliders([
        "dense",
        "rook",
        "a1",
        "--bits",
        "12",
        "--seed",
        "2",
        "--threads",
        "1",
        "--rounds",
        "3",
        "--quiet",
        "--state",
        &state,
    ]);
    other.assert_code(2);
    let message = other.stderr();
    assert!(message.contains("a state of another run"), "{message}");
    for debug in ["Learned", "[]", "None", "Some("] {
        assert!(!message.contains(debug), "{debug:?} in {message}");
    }
}
