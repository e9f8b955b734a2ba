//! Every subcommand that writes a file (`--out`, `--json`, `--svg`, states) writes
//! through to what the path names when it is not a regular file, and never replaces
//! it: a FIFO stays a FIFO and its reader gets the bytes, a symlink stays a link (its
//! file is replaced atomically), a link to `/proc/self/fd/1` reaches stdout, a
//! directory is refused. One table of the writers, so a new one is covered by adding
//! its row.

mod common;

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::Command;

use common::{sliders, Sliders};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");

/// The writers: the arguments with `OUT` where the path goes, and a piece of what the
/// file must hold.
fn writers() -> Vec<(Vec<String>, &'static str)> {
    let black = format!("{DATA}magics/black_magics_87988_annuss_fiekas.csv");
    let fancy = format!("{DATA}magics/fancy_stockfish_seeds_107648.csv");
    let rows = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        (
            rows(&["perft", "split", "2", "--at", "1", "--out", "OUT"]),
            "\"moves\"",
        ),
        (
            rows(&["export", &fancy, "--format", "csv", "--out", "OUT"]),
            "piece,square",
        ),
        (rows(&["pack", &black, "--out", "OUT"]), "piece,square"),
        (
            rows(&["merge-sets", &fancy, "--scheme", "fancy", "--out", "OUT"]),
            "piece,square",
        ),
        (
            rows(&[
                "find",
                "--scheme",
                "fancy",
                "--piece",
                "bishop",
                "--squares",
                "a1",
                "--out",
                "OUT",
            ]),
            "bishop,a1",
        ),
        (
            rows(&[
                "bench",
                "--schemes",
                "fancy",
                "--lookups",
                "1000",
                "--rounds",
                "1",
                "--perft",
                "0",
                "--first-lookup-runs",
                "0",
                "--json",
                "OUT",
            ]),
            "\"schemes\"",
        ),
    ]
}

fn with_out(args: &[String], out: &Path) -> Vec<String> {
    args.iter()
        .map(|a| {
            if a == "OUT" {
                out.display().to_string()
            } else {
                a.clone()
            }
        })
        .collect()
}

/// Lets a reader still waiting on the FIFO go (a command that failed before opening
/// it): an open for writing that does not wait (O_NONBLOCK, 0o4000 on Linux) succeeds
/// only while a reader waits, and closing it gives the reader its end of file.
fn release(path: &Path) {
    use std::os::unix::fs::OpenOptionsExt;
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(0o4000)
        .open(path);
}

fn fifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

#[test]
fn a_fifo_gets_the_bytes_and_stays_a_fifo() {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    for (args, holds) in writers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        fifo(&path);
        // The reader end, opened first without waiting (O_NONBLOCK, 0o4000 on Linux):
        // the command's open for writing then succeeds at once, and its bytes (well
        // under the pipe's 64 KiB) wait in the pipe. A command that replaced the FIFO
        // leaves this reader with nothing, and the test fails instead of hanging.
        let mut reader = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(0o4000)
            .open(&path)
            .unwrap();
        let o = sliders(with_out(&args, &path));
        assert!(o.status.success(), "{args:?}: {}", o.stderr());
        let mut got = Vec::new();
        let _ = reader.read_to_end(&mut got);
        let got = String::from_utf8_lossy(&got);
        assert!(got.contains(holds), "{args:?}: the reader got {got:?}");
        let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
        assert!(kind.is_fifo(), "{args:?}: the FIFO was replaced");
    }
}

#[test]
fn a_symlink_stays_a_link_and_one_to_stdout_reaches_stdout() {
    for (args, holds) in writers() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("real");
        std::fs::write(&file, b"old").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let o = sliders(with_out(&args, &link));
        assert!(o.status.success(), "{args:?}: {}", o.stderr());
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{args:?}"
        );
        assert!(
            std::fs::read_to_string(&file).unwrap().contains(holds),
            "{args:?}"
        );

        let to_stdout = dir.path().join("stdout");
        std::os::unix::fs::symlink("/proc/self/fd/1", &to_stdout).unwrap();
        let o = sliders(with_out(&args, &to_stdout));
        assert!(o.status.success(), "{args:?}: {}", o.stderr());
        assert!(o.stdout().contains(holds), "{args:?}: not on stdout");
        assert!(
            std::fs::symlink_metadata(&to_stdout)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{args:?}"
        );
    }
}

#[test]
fn a_directory_is_refused_and_left_alone() {
    for (args, _) in writers() {
        let dir = tempfile::tempdir().unwrap();
        let o = sliders(with_out(&args, dir.path()));
        assert!(!o.status.success(), "{args:?}");
        assert!(dir.path().is_dir());
    }
}

#[test]
fn a_state_that_is_a_fifo_is_refused_at_once() {
    // Opening a FIFO for reading waits for a writer: the state readers look first.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state");
    fifo(&path);
    let state = path.display().to_string();
    for args in [
        vec![
            "prove",
            "bishop",
            "c1",
            "--bits",
            "4",
            "--exhaust",
            "--ascending",
            "--state",
            &state,
        ],
        vec![
            "dense", "bishop", "c1", "--bits", "4", "--rounds", "1", "--state", &state,
        ],
    ] {
        // A run that opened the FIFO would wait for a writer: `release` gives it one
        // after a while, so a regression fails here instead of hanging.
        let child = Sliders::new(&args).spawn();
        let waiter = {
            let path = path.clone();
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_secs(30));
                release(&path);
            })
        };
        let o = child.wait_with_output().unwrap();
        drop(waiter);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("not a regular file"),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_fifo());
    }
}
