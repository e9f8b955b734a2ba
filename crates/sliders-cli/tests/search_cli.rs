//! `sliders verify|export|find|pack` through the binary.

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_sliders");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/magics/");

fn sliders(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run sliders")
}

fn data(name: &str) -> String {
    format!("{DATA}{name}")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh directory under the system temp dir for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("sliders-search-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
        let o = sliders(&["verify", &data(name), "--scheme", scheme]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(&format!("scheme: {scheme}")), "{out}");
        assert!(
            out.contains(&format!("table: {size} entries")),
            "{name}: {out}"
        );
    }
    // fancy-best: 15 rook + 24 bishop squares below their mask bits.
    let o = sliders(&["verify", &data("fancy_best_known_92864.csv")]);
    assert!(
        stdout(&o).contains("below mask bits: 39 squares"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn verify_infers_the_scheme() {
    for (name, scheme, size) in SETS {
        let o = sliders(&["verify", &data(name)]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let out = stdout(&o);
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
    let dir = temp_dir("altered");
    for (name, scheme, _) in SETS {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let bad = alter(&text, "bishop", "f5", "0x0000000000000101");
        let path = dir.join(name);
        std::fs::write(&path, bad).unwrap();
        let o = sliders(&["verify", path.to_str().unwrap(), "--scheme", scheme]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains("bishop f5"), "{name}: {}", stderr(&o));
    }
}

#[test]
fn verify_reports_malformed_files_with_the_line() {
    let dir = temp_dir("malformed");
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
        let path = dir.join(format!("{case}.csv"));
        std::fs::write(&path, content).unwrap();
        let o = sliders(&["verify", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{case}: {}", stderr(&o));
        assert!(stderr(&o).contains(line), "{case}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{case}");
    }
    let o = sliders(&["verify", dir.join("nonexistent.csv").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = sliders(&["verify", &data(SETS[0].0), "--scheme", "purple"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn export_round_trips_through_csv() {
    let dir = temp_dir("export");
    for format in ["csv", "rust", "json"] {
        let out = dir.join(format!("set.{format}"));
        let o = sliders(&[
            "export",
            &data("black_magics_87988_annuss_fiekas.csv"),
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{format}: {}", stderr(&o));
        let text = std::fs::read_to_string(&out).unwrap();
        if format != "csv" {
            assert!(text.contains("87988"), "{format}");
        }
    }
    // The exported CSV verifies again, scheme from its comment.
    let o = sliders(&["verify", dir.join("set.csv").to_str().unwrap()]);
    assert!(
        stdout(&o).contains("scheme: black (named in the file)"),
        "{}",
        stdout(&o)
    );
    let rust = std::fs::read_to_string(dir.join("set.rust")).unwrap();
    assert!(
        rust.contains("#[rustfmt::skip]")
            && rust.contains("pub const TABLE_ENTRIES: usize = 87988;")
    );
}
