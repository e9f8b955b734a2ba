//! `sliders verify|export|find|pack` through the binary.

mod common;

use std::process::Stdio;

use common::{sliders, Sliders, TempDir};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/magics/");

fn data(name: &str) -> String {
    format!("{DATA}{name}")
}

const SETS: [(&str, &str, &str); 7] = [
    ("fancy_stockfish_seeds_107648.csv", "fancy", "107648"),
    ("fancy_best_known_92864.csv", "fancy", "92864"),
    (
        "fixed_shift_magics_88772_annuss.csv",
        "fixed-shift",
        "88772",
    ),
    (
        "fixed_shift_magics_89524_annuss.csv",
        "fixed-shift",
        "89524",
    ),
    (
        "fixed_shift_magics_97264_annuss.csv",
        "fixed-shift",
        "97264",
    ),
    ("black_magics_88507_annuss_2017.csv", "black", "88507"),
    ("black_magics_87988_annuss_fiekas.csv", "black", "87988"),
];

#[test]
fn verify_accepts_every_published_set_with_its_size() {
    for (name, scheme, size) in SETS {
        let o = sliders(["verify", &data(name), "--scheme", scheme]);
        assert!(o.status.success(), "{name}: {}", o.stderr());
        let out = o.stdout();
        assert!(out.contains(&format!("scheme: {scheme}")), "{out}");
        assert!(
            out.contains(&format!("table: {size} entries")),
            "{name}: {out}"
        );
    }
    // fancy-best: 15 rook + 24 bishop squares below their mask bits.
    let o = sliders(["verify", &data("fancy_best_known_92864.csv")]);
    assert!(
        o.stdout().contains("below mask bits: 39 squares"),
        "{}",
        o.stdout()
    );
}

#[test]
fn verify_infers_the_scheme() {
    for (name, scheme, size) in SETS {
        let o = sliders(["verify", &data(name)]);
        assert!(o.status.success(), "{name}: {}", o.stderr());
        let out = o.stdout();
        assert!(
            out.contains(&format!("scheme: {scheme} (inferred")),
            "{name}: {out}"
        );
        assert!(
            out.contains(&format!("table: {size} entries")),
            "{name}: {out}"
        );
    }
}

/// Replaces the magic of one row (by piece and square) in a CSV text.
fn alter(text: &str, piece: &str, square: &str, magic: &str) -> String {
    text.lines()
        .map(|line| {
            let mut f: Vec<&str> = line.split(',').collect();
            if f.len() > 3 && f[0] == piece && f[1] == square {
                f[3] = magic;
            }
            f.join(",")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn verify_rejects_an_altered_magic_naming_the_square() {
    let dir = TempDir::new("altered");
    for (name, scheme, _) in SETS {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let bad = alter(&text, "bishop", "f5", "0x0000000000000101");
        let path = dir.path().join(name);
        std::fs::write(&path, bad).unwrap();
        let o = sliders(["verify", path.to_str().unwrap(), "--scheme", scheme]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", o.stderr());
        assert!(o.stderr().contains("bishop f5"), "{name}: {}", o.stderr());
    }
}

#[test]
fn verify_reports_malformed_files_with_the_line() {
    let dir = TempDir::new("malformed");
    let text = std::fs::read_to_string(data("fancy_stockfish_seeds_107648.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let replace = |n: usize, with: &str| {
        let mut l = lines.clone();
        l[n - 1] = with;
        l.join("\n")
    };
    let cases = [
        (
            "badhex",
            replace(7, "rook,f1,5,0x21000100040002g8,53,11,11,12288"),
            ":7:",
        ),
        (
            "missingcol",
            replace(
                1,
                "piece,square,square_index,shift,bits_used,mask_bits,offset",
            ),
            ":1:",
        ),
        (
            "badsquare",
            replace(9, "rook,i1,8,0x0800800080400024,53,11,11,20480"),
            ":9:",
        ),
        (
            "duplicate",
            replace(9, "rook,g1,6,0x0800800080400024,53,11,11,20480"),
            ":9:",
        ),
        ("short", lines[..128].join("\n"), ":129:"),
    ];
    for (case, content, line) in cases {
        let path = dir.path().join(format!("{case}.csv"));
        std::fs::write(&path, content).unwrap();
        let o = sliders(["verify", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{case}: {}", o.stderr());
        assert!(o.stderr().contains(line), "{case}: {}", o.stderr());
        assert!(!o.stderr().contains("panicked"), "{case}");
    }
    let o = sliders([
        "verify",
        dir.path().join("nonexistent.csv").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = sliders(["verify", &data(SETS[0].0), "--scheme", "purple"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn export_round_trips_through_csv() {
    let dir = TempDir::new("export");
    for format in ["csv", "rust", "json"] {
        let out = dir.path().join(format!("set.{format}"));
        let o = sliders([
            "export",
            &data("black_magics_87988_annuss_fiekas.csv"),
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{format}: {}", o.stderr());
        let text = std::fs::read_to_string(&out).unwrap();
        if format != "csv" {
            assert!(text.contains("87988"), "{format}");
        }
    }
    // The exported CSV verifies again, scheme from its comment.
    let o = sliders(["verify", dir.path().join("set.csv").to_str().unwrap()]);
    assert!(
        o.stdout().contains("scheme: black (named in the file)"),
        "{}",
        o.stdout()
    );
    let rust = std::fs::read_to_string(dir.path().join("set.rust")).unwrap();
    assert!(
        rust.contains("#[rustfmt::skip]")
            && rust.contains("pub const TABLE_ENTRIES: usize = 87988;")
    );
}

#[test]
fn find_seed_one_is_valid_and_the_same_across_runs_and_threads() {
    let dir = TempDir::new("find");
    let mut outputs = Vec::new();
    for threads in ["1", "2", "2"] {
        let out = dir
            .path()
            .join(format!("seed1-{threads}-{}.csv", outputs.len()));
        let o = sliders([
            "find",
            "--scheme",
            "fancy",
            "--seed",
            "1",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", o.stderr());
        assert!(o.stderr().contains("candidates/s/core"), "{}", o.stderr());
        let v = sliders(["verify", out.to_str().unwrap()]);
        assert!(v.status.success(), "{}", v.stderr());
        assert!(v.stdout().contains("table: 107648 entries"));
        outputs.push(std::fs::read_to_string(&out).unwrap());
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[1], outputs[2]);
}

#[test]
fn find_with_stockfish_seeds_writes_the_published_set() {
    let o = sliders(["find", "--scheme", "fancy", "--seed", "stockfish"]);
    assert!(o.status.success(), "{}", o.stderr());
    let published = std::fs::read_to_string(data("fancy_stockfish_seeds_107648.csv")).unwrap();
    let ours: Vec<String> = o
        .stdout()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    let theirs: Vec<String> = published
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect();
    assert_eq!(ours, theirs);
    assert!(
        o.stderr().contains("204846 candidates tested"),
        "{}",
        o.stderr()
    );
}

#[test]
fn an_interrupted_search_resumes_to_the_same_result() {
    let dir = TempDir::new("resume");
    // A record hunt small enough for a test: bishop b1 and g1 with 4 bits (mask 5;
    // the published reduced magics show it possible).
    let base = [
        "find",
        "--scheme",
        "fancy",
        "--piece",
        "bishop",
        "--squares",
        "b1,g1",
        "--bits",
        "4",
        "--seed",
        "7",
    ];
    let full = dir.path().join("full.csv");
    let o = sliders([&base[..], &["--out", full.to_str().unwrap()]].concat());
    let full_status = o.status.code();
    let full_text = std::fs::read_to_string(&full).unwrap_or_default();

    // Interrupted by a tiny candidate budget, then resumed from the state file.
    let state = dir.path().join("state.json");
    let part = dir.path().join("part.csv");
    let args = [
        &base[..],
        &[
            "--resume",
            state.to_str().unwrap(),
            "--out",
            part.to_str().unwrap(),
        ],
    ]
    .concat();
    let first = sliders([&args[..], &["--candidates", "2000"]].concat());
    assert_eq!(first.status.code(), Some(1), "{}", first.stderr());
    assert!(
        first.stderr().contains("continue with --state"),
        "{}",
        first.stderr()
    );
    assert!(state.exists());
    let second = sliders(&args);
    assert_eq!(second.status.code(), full_status, "{}", second.stderr());
    assert_eq!(std::fs::read_to_string(&part).unwrap(), full_text);

    // A state file from another search is refused.
    let other = sliders([
        "find",
        "--scheme",
        "fancy",
        "--seed",
        "8",
        "--resume",
        state.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        other.stderr().contains("another search"),
        "{}",
        other.stderr()
    );
    // A corrupt one too.
    std::fs::write(&state, "{ not json").unwrap();
    let bad = sliders(&args);
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stderr().contains("state.json"), "{}", bad.stderr());
}

#[test]
fn pack_shrinks_a_spread_out_table() {
    let dir = TempDir::new("pack");
    let out = dir.path().join("packed.csv");
    let o = sliders([
        "pack",
        &data("fixed_shift_magics_97264_annuss.csv"),
        "--scheme",
        "fixed-shift",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(o.stderr().contains("97264 entries"), "{}", o.stderr());
    let v = sliders(["verify", out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", v.stderr());
    let o = sliders(["pack", &data("fancy_stockfish_seeds_107648.csv")]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn verify_rejects_an_offset_out_of_range_naming_the_square() {
    let dir = TempDir::new("offset");
    let text = std::fs::read_to_string(data("fancy_stockfish_seeds_107648.csv")).unwrap();
    let bad: Vec<String> = text
        .lines()
        .map(|l| {
            if l.starts_with("bishop,c4,") {
                let mut f: Vec<&str> = l.trim_end().split(',').collect();
                f[7] = "4294960000";
                f.join(",")
            } else {
                l.to_string()
            }
        })
        .collect();
    let path = dir.path().join("offset.csv");
    std::fs::write(&path, bad.join("\n")).unwrap();
    let o = sliders(["verify", path.to_str().unwrap(), "--scheme", "fancy"]);
    assert_eq!(o.status.code(), Some(1), "{}", o.stderr());
    assert!(
        o.stderr()
            .contains("bishop c4: offset 4294960000 out of range"),
        "{}",
        o.stderr()
    );
}

#[test]
fn bad_find_arguments_exit_2() {
    for args in [
        &["find", "--scheme", "fancy", "--bits", "0"][..],
        &["find", "--scheme", "fancy", "--squares", "z9"],
        &["find", "--scheme", "fancy", "--time", "soon"],
        &["find", "--scheme", "fancy", "--seed", "x"],
        &["find", "--scheme", "plain", "--bits", "8"],
        &["find", "--scheme", "nope"],
        &["find", "--scheme", "fancy", "--format", "xml"],
    ] {
        let o = sliders(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", o.stderr());
        assert!(!o.stderr().contains("panicked"));
    }
}

#[test]
fn a_killed_search_loses_nothing_and_resumes_to_the_same_result() {
    let dir = TempDir::new("kill");
    let base = [
        "find",
        "--scheme",
        "fancy",
        "--piece",
        "bishop",
        "--squares",
        "b1,g1,a2,b2,g2,h2,a7,b7",
        "--bits",
        "4",
        "--seed",
        "5",
        "--threads",
        "1",
    ];
    let full = dir.path().join("full.csv");
    let o = sliders([&base[..], &["--out", full.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", o.stderr());

    let state = dir.path().join("state.json");
    let part = dir.path().join("part.csv");
    let args = [
        &base[..],
        &[
            "--resume",
            state.to_str().unwrap(),
            "--out",
            part.to_str().unwrap(),
        ],
    ]
    .concat();
    let mut child = Sliders::new(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    std::thread::sleep(std::time::Duration::from_millis(60));
    let _ = child.kill(); // SIGKILL: no chance to clean up.
    let _ = child.wait();
    // Whatever the timing, the state file is whole (written by rename) or absent.
    if state.exists() {
        let text = std::fs::read_to_string(&state).unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("state is whole JSON");
        assert!(parsed["found"].is_array());
    }
    let o = sliders(&args);
    assert!(o.status.success(), "{}", o.stderr());
    assert_eq!(
        std::fs::read_to_string(&part).unwrap(),
        std::fs::read_to_string(&full).unwrap()
    );
}

/// State files written by an earlier `sliders find` (commit b50bad3), stopped by a
/// candidate budget: the state format is a contract, so they must still resume, to the
/// magics an uninterrupted run finds.
#[test]
fn state_files_of_earlier_versions_resume() {
    let dir = TempDir::new("old-state");
    let cases = [
        (
            "state_fancy_bishop_b1_g1_4_bits_seed_3.json",
            &[
                "--scheme",
                "fancy",
                "--squares",
                "b1,g1",
                "--bits",
                "4",
                "--seed",
                "3",
            ][..],
            "bishop,b1,1,0xc9910b98ac8fffaa,60,4,5,\nbishop,g1,6,0xe587491a73fff892,60,4,5,\n",
        ),
        (
            "state_black_range_bishop_a1_b2_c3_seed_4.json",
            &[
                "--scheme",
                "black",
                "--squares",
                "a1,b2,c3",
                "--seed",
                "4",
                "--range-candidates",
                "100000",
            ][..],
            "bishop,a1,0,0x0400480100282040,55,9,6,\n\
             bishop,b2,9,0xa602002041172010,55,9,5,\n\
             bishop,c3,18,0x2000400401002004,55,9,7,\n",
        ),
    ];
    for (name, args, rows) in cases {
        let state = dir.path().join(name);
        std::fs::copy(
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/").to_string() + name,
            &state,
        )
        .unwrap();
        let common = ["find", "--piece", "bishop", "--threads", "1", "--resume"];
        let o = sliders([&common[..], &[state.to_str().unwrap()], args].concat());
        assert!(o.status.success(), "{name}: {}", o.stderr());
        assert!(o.stdout().ends_with(rows), "{name}: {}", o.stdout());
    }
}

#[test]
fn a_bad_shift_in_an_inferred_fancy32_set_is_named_at_its_own_line() {
    // Issue 63: the scheme was inferred only when every row fit fancy32, so one bad
    // shift made the file fancy and the error named line 2.
    let text = std::fs::read_to_string(format!("{DATA}../own/fancy32_sliders_seed1.csv")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (shift, says) in [
        ("22", "disagree for fancy32"),
        ("40", "too large for fancy32"),
    ] {
        let bad: String = text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                if i == 4 {
                    let mut f: Vec<&str> = line.split(',').collect();
                    f[4] = shift;
                    f.join(",") + "\n"
                } else {
                    format!("{line}\n")
                }
            })
            .collect();
        let path = dir.path().join("bad.csv");
        std::fs::write(&path, bad).unwrap();
        let o = sliders(["verify", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        let err = o.stderr();
        assert!(err.contains("bad.csv:5:") && err.contains(says), "{err}");
    }
}

#[test]
fn control_bytes_echoed_in_a_message_are_escaped() {
    // Issue 63: a NUL in an offset was printed raw (`bad offset '8192<NUL>'` reads as a
    // valid number), an escape in a name reached the terminal.
    let text = std::fs::read_to_string(data("fancy_stockfish_seeds_107648.csv")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (from, to, says) in [
        // (The file's lines end in CR LF.)
        (",8192\r\n", ",8192\0\r\n", "8192\\0"),
        ("rook,d1,", "ro\u{1b}[31mok,d1,", "ro\\u{1b}[31mok"),
        (",8192\r\n", ",8192\u{7}\r\n", "8192\\u{7}"),
    ] {
        assert!(text.contains(from), "{from:?} not in the file");
        let path = dir.path().join("bad.csv");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let o = sliders(["verify", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            !o.stderr.iter().any(|&b| b == 0 || b == 0x1b || b == 7),
            "{:?}",
            o.stderr
        );
        assert!(o.stderr().contains(says), "{}", o.stderr());
    }
}

#[test]
fn a_set_with_cr_only_line_endings_reads_as_lines() {
    // Issue 63: "wrong count: 0 rows" for a file whose lines end in CR alone.
    let text = std::fs::read_to_string(data("fancy_stockfish_seeds_107648.csv")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cr.csv");
    std::fs::write(&path, text.replace("\r\n", "\r").replace('\n', "\r")).unwrap();
    let o = sliders(["verify", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(
        o.stdout().contains("table: 107648 entries"),
        "{}",
        o.stdout()
    );
}
