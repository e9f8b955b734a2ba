//! The `peer-perft` binary end to end, at depths and sizes that take well under a second.

use std::process::{Command, Output};

/// `bin` (one of this crate's binaries) with no `SLIDERS_*` or `SLURM_*` variable from
/// the developer's shell (`SLIDERS_SCHEME` would change the scheme `auto` takes), so a
/// variable in the shell never changes what a test tests.
fn command(bin: &str) -> Command {
    let mut command = Command::new(bin);
    for (key, _) in std::env::vars_os() {
        let ours = key
            .to_str()
            .is_some_and(|key| key.starts_with("SLIDERS_") || key.starts_with("SLURM_"));
        if ours {
            command.env_remove(key);
        }
    }
    command
}

fn peer_perft(args: &[&str]) -> Output {
    command(env!("CARGO_BIN_EXE_peer-perft"))
        .args(args)
        .output()
        .expect("peer-perft runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn perft_checks_every_count_then_prints_a_table_per_position() {
    let out = peer_perft(&["--depth", "3", "--rounds", "2", "--scheme", "fancy"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    // 6 sides (our engine and generator, three peers, fancy) x 2 positions, each
    // checked against the known count.
    assert_eq!(
        text.lines().filter(|l| l.ends_with(" ok")).count(),
        12,
        "{text}"
    );
    assert!(text.contains("startpos perft(3), 8902 nodes"), "{text}");
    assert!(text.contains("kiwipete perft(2), 2039 nodes"), "{text}");
    for name in [
        "| sliders engine (",
        "| sliders generator (",
        "| cozy-chess 0.3.4",
        "| shakmaty 0.30.1",
        "| chess 3.2",
        "| sliders [fancy]",
    ] {
        assert_eq!(text.matches(name).count(), 2, "{name} in\n{text}");
    }
    assert_eq!(
        text.matches("median of per-round ratios").count(),
        2 + 2,
        "{text}"
    );
}

#[test]
fn lookups_print_every_crate_at_every_density() {
    let out = peer_perft(&["--lookups", "--pairs", "64", "--rounds", "1"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    for density in ["sparse", "middlegame", "dense"] {
        assert!(
            text.contains(&format!("lookups, {density} occupancies: 64")),
            "{text}"
        );
    }
    for name in [
        "| sliders pext |",
        "| sliders fancy |",
        "| cozy-chess",
        "| shakmaty",
        "| chess",
    ] {
        if name.contains("pext") && !sliders_core::schemes::SchemeId::Pext.is_available() {
            // A skip for want of BMI2 proves itself under CI: std's own detection must
            // agree that the instruction is missing.
            #[cfg(target_arch = "x86_64")]
            assert!(
                std::env::var_os("CI").is_none() || !std::arch::is_x86_feature_detected!("bmi2"),
                "pext reports unavailable on a CPU with BMI2"
            );
            eprintln!("lookups: the pext rows skipped: no BMI2 here");
            continue;
        }
        assert_eq!(text.matches(name).count(), 3, "{name} in\n{text}");
    }
}

#[test]
fn builds_mode_runs_two_binaries_in_turn() {
    let bin = env!("CARGO_BIN_EXE_peer-perft");
    let out = peer_perft(&["--builds", bin, bin, "--depth", "2", "--rounds", "2"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert_eq!(text.matches("A / B time").count(), 2, "{text}");
}

#[test]
fn builds_mode_runs_any_side_of_any_binary() {
    let bin = env!("CARGO_BIN_EXE_peer-perft");
    let cozy = format!("{bin}:cozy");
    let generator = format!("{bin}:generator");
    let out = peer_perft(&[
        "--builds", bin, &cozy, &generator, "--depths", "2,3", "--rounds", "2",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    // Two depths for each of the two positions, each with three rows.
    for depth in [
        "startpos perft(2)",
        "startpos perft(3)",
        "kiwipete perft(1)",
        "kiwipete perft(2)",
    ] {
        assert!(text.contains(depth), "{depth} in\n{text}");
    }
    assert_eq!(
        text.matches("| B: cozy-chess 0.3.4 in ").count(),
        4,
        "{text}"
    );
    assert_eq!(
        text.matches("| C: sliders generator (").count(),
        4,
        "{text}"
    );
    assert_eq!(text.matches("A / C time").count(), 4, "{text}");
    // An unknown side is refused with exit 2, naming it.
    let bad = format!("{bin}:stockfish");
    let out = peer_perft(&["--builds", bin, &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\"stockfish\""));
}

#[test]
fn child_prints_the_count_and_times() {
    let out = peer_perft(&["--child", sliders_bench::KIWIPETE.fen, "2"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words.len(), 3, "{text}");
    assert_eq!(words[0], "2039");
    assert!(words[1].parse::<f64>().unwrap() > 0.0);
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["--bogus"][..],
        &["--depth"],
        &["--depth", "x"],
        &["--scheme", "nope"],
        &["--builds", "only-one"],
    ] {
        let out = peer_perft(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
}

/// Runs `bin` with its stdout a pipe whose reading end is closed before it starts.
fn with_stdout_closed(bin: &str, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    command(bin)
        .args(args)
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn a_closed_stdout_ends_both_binaries_with_exit_1_not_a_panic() {
    for (bin, args) in [
        (
            env!("CARGO_BIN_EXE_engine-loop"),
            &["--smoke", "--rounds", "1"][..],
        ),
        (
            env!("CARGO_BIN_EXE_peer-perft"),
            &["--depth", "1", "--rounds", "1"][..],
        ),
    ] {
        let out = with_stdout_closed(bin, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{bin}: {out:?}");
        assert!(err.contains("writing stdout"), "{bin}: {err}");
        assert!(!err.contains("panicked"), "{bin}: {err}");
    }
}
