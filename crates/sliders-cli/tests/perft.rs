//! The `perft` contract, run through the real binary.

mod common;

use common::{sliders, Sliders, TempDir, BIN};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A file `<name>.epd` in a temp directory of its own, removed (with the directory)
/// when dropped.
struct TempFile {
    _dir: TempDir,
    path: String,
}

impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        let dir = TempDir::new(name);
        let path = dir.file(&format!("{name}.epd"));
        std::fs::write(&path, contents).unwrap();
        TempFile { _dir: dir, path }
    }
    fn path(&self) -> &str {
        &self.path
    }
}

/// Checks the divide format and returns the (move, count) lines and the total.
fn parse_divide(stdout: &str) -> (Vec<(String, u64)>, u64) {
    let (body, tail) = stdout.split_once("\n\n").expect("a blank line");
    let lines = body
        .lines()
        .map(|l| {
            let (mv, n) = l.split_once(": ").expect("`<move>: <count>`");
            (mv.to_owned(), n.parse().unwrap())
        })
        .collect();
    let total = tail
        .strip_prefix("Nodes searched: ")
        .and_then(|t| t.strip_suffix('\n'))
        .expect("`Nodes searched: <total>`")
        .parse()
        .unwrap();
    (lines, total)
}

#[test]
fn divide_format_for_the_start_position() {
    let out = sliders(["perft", "3"]);
    assert!(out.status.success());
    let (lines, total) = parse_divide(&text(&out.stdout));
    assert_eq!(lines.len(), 20);
    assert_eq!(total, 8_902);
    assert_eq!(lines.iter().map(|l| l.1).sum::<u64>(), 8_902);
    assert!(lines.contains(&("e2e4".to_owned(), 600)));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("Mnps"), "{stderr}");
}

#[test]
fn fen_moves_threads_and_hash_agree() {
    let plain = sliders(["perft", "3", "--fen", KIWIPETE]);
    assert!(plain.status.success());
    let (_, total) = parse_divide(&text(&plain.stdout));
    assert_eq!(total, 97_862);
    for extra in [
        &["--threads", "2"][..],
        &["--hash", "4"],
        &["--threads", "2", "--hash", "1"],
    ] {
        let mut args = vec!["perft", "3", "--fen", KIWIPETE];
        args.extend_from_slice(extra);
        let out = sliders(&args);
        assert!(out.status.success());
        assert_eq!(out.stdout, plain.stdout, "{extra:?}");
    }
    // Castling written king to target in standard chess.
    let castled = sliders(["perft", "2", "--fen", KIWIPETE, "--moves", "e1g1"]);
    assert!(castled.status.success());
    assert_eq!(parse_divide(&text(&castled.stdout)).1, 2_059);
    assert!(text(&plain.stdout).contains("e1g1: "));
    // Several moves, as separate arguments or one.
    let a = sliders(["perft", "2", "--moves", "e2e4", "e7e5", "g1f3"]);
    let b = sliders(["perft", "2", "--moves", "e2e4 e7e5 g1f3"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    // Shredder-FEN castling: moves print in the Chess960 convention.
    let out = sliders(["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K2R w H - 0 1"]);
    assert!(out.status.success());
    let (lines, total) = parse_divide(&text(&out.stdout));
    assert_eq!(total, 15);
    assert!(lines.iter().any(|(m, _)| m == "e1h1"), "{lines:?}");
    assert!(!lines.iter().any(|(m, _)| m == "e1g1"), "{lines:?}");
    // The same position in standard FEN: king to its target square.
    let out = sliders(["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
    let (lines, _) = parse_divide(&text(&out.stdout));
    assert!(lines.iter().any(|(m, _)| m == "e1g1"), "{lines:?}");
    // Either spelling is accepted by --moves.
    for mv in ["e1g1", "e1h1"] {
        let out = sliders([
            "perft",
            "1",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w H - 0 1",
            "--moves",
            mv,
        ]);
        assert!(out.status.success(), "{mv}");
    }
}

#[test]
fn perftree_protocol() {
    let out = sliders(["perft", "--perftree", "2", KIWIPETE, "e1g1 h3g2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let (body, total) = stdout.split_once("\n\n").unwrap();
    let sum: u64 = body
        .lines()
        .map(|l| l.split_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(total.trim().parse::<u64>().unwrap(), sum);
    // No moves: an empty third argument, or none.
    let a = sliders(["perft", "--perftree", "1", KIWIPETE, ""]);
    let b = sliders(["perft", "--perftree", "1", KIWIPETE]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert!(text(&a.stdout).ends_with("\n\n48\n"));
}

#[test]
fn bad_fen_and_bad_moves_exit_2_naming_the_problem() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "perft",
                "2",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            ],
            "placement",
        ),
        (
            &["perft", "2", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"],
            "side to move",
        ),
        (
            &["perft", "2", "--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1"],
            "no king",
        ),
        (
            &["perft", "2", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk"],
            "trailing",
        ),
        (&["perft", "--perftree", "2", "not a fen"], "FEN"),
        (&["perft", "2", "--moves", "e2e5"], "e2e5"),
        (&["perft", "2", "--moves", "e2e4", "xyz"], "xyz"),
        (&["perft", "--perftree", "2", KIWIPETE, "e1g1 e1g1"], "e1g1"),
        (&["perft"], "depth"),
    ];
    for (args, needle) in cases {
        let out = sliders(*args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn epd_suite_passes_fails_and_skips() {
    let suite = TempFile::new(
        "mixed",
        "# a comment\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;D6 119060324\n\
         r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 ;D1 26 ;D2 568\n\
         \n\
         4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 ;D1 26 ;D2 99\n\
         bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528\n",
    );
    let out = sliders(["perft", "--epd", suite.path(), "--max-nodes", "1000000"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("passed 8, failed 1, skipped 1"));
    let failure = lines.next().unwrap();
    assert!(
        failure.contains("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        "{failure}"
    );
    assert!(
        failure.contains("depth 2") && failure.contains("99") && failure.contains("got"),
        "{failure}"
    );
    // Then our divide of the failing position: 26 root moves adding up to what we got.
    let got: u64 = failure.rsplit(' ').next().unwrap().parse().unwrap();
    let divide: Vec<(String, u64)> = lines
        .map(|l| {
            let (mv, n) = l.trim().split_once(": ").expect("  <uci>: <count>");
            (mv.to_owned(), n.parse().unwrap())
        })
        .collect();
    assert_eq!(divide.len(), 26);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), got);
    assert!(divide.iter().any(|(mv, _)| mv == "e1g1"));

    let out = sliders([
        "perft",
        "--epd",
        suite.path(),
        "--max-depth",
        "1",
        "--threads",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "passed 4, failed 0, skipped 6\n");
}

#[test]
fn epd_x_fen_castling() {
    // The same Chess960 position in Shredder-FEN and X-FEN.
    let suite = TempFile::new(
        "xfen",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189\n\
         bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KFkf - 2 9 ;D1 21 ;D2 528 ;D3 12189\n",
    );
    let out = sliders(["perft", "--epd", suite.path()]);
    assert_eq!(text(&out.stdout), "passed 6, failed 0, skipped 0\n");
    assert!(out.status.success());
}

/// EPD operations other than `D<n>` (an `id`, a comment, a trailing `;`, the EPD
/// style with no clocks) are read and ignored, not errors.
#[test]
fn epd_suites_with_other_operations() {
    let suite = TempFile::new(
        "ops",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - D1 14; D2 191; id \"position 3\"; c0 \"a; b\";\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400;\n",
    );
    let out = sliders(["perft", "--epd", suite.path()]);
    assert_eq!(
        text(&out.stdout),
        "passed 4, failed 0, skipped 0\n",
        "{}",
        text(&out.stderr)
    );
    assert!(out.status.success());
}

#[test]
fn malformed_epd_lines_exit_2_with_the_line_number() {
    for (name, contents, needle) in [
        (
            "nocount",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1\n",
            ":1: operation 1: D1: no node count after the depth",
        ),
        (
            "negative",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 -20\n",
            ":1: operation 1: D1: \"-20\" is not a node count",
        ),
        (
            "badfen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n4k3/8/8 w - - 0 1 ;D1 3\n",
            ":2:",
        ),
        ("nodepths", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", ":1:"),
        ("baddepth", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;Dx 5\n", ":1:"),
    ] {
        let suite = TempFile::new(name, contents);
        let out = sliders(["perft", "--epd", suite.path()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(needle), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"));
    }
    let out = sliders(["perft", "--epd", "/nonexistent/suite.epd"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `--compare` with our own perftree answer agrees (exit 0); a failing command or one
/// that prints something else is exit 2, naming the call or the line. The two real
/// engines (Stockfish, a broken generator) are in `contrib/perftree/test-compare.sh`.
#[test]
fn compare_agrees_with_itself_and_names_bad_engines() {
    let me = format!("{BIN} perft --perftree");
    let out = sliders(["perft", "--compare", &me, "3", "--fen", KIWIPETE]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "agree: perft(3) = 97862 nodes\n");
    let out = sliders(["perft", "--compare", &me, "2", "--moves", "e2e4", "e7e5"]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let out = sliders(["perft", "--compare", "false", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("failed"),
        "{}",
        text(&out.stderr)
    );
    let out = sliders([
        "perft",
        "--compare",
        "printf 'e2e4 20\\nd2d4 x\\n\\n40\\n'; true",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("printed line 2: the count \"x\" is not a whole number"),
        "{}",
        text(&out.stderr)
    );
    // An engine that lists the start position's moves but one: found at the root.
    let short = format!("{me} \"$@\" | grep -v '^h2h4 '; true #");
    let out = sliders(["perft", "--compare", &short, "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("path (the root)\n"), "{stdout}");
    assert!(stdout.contains("missing h2h4\n"), "{stdout}");
}

/// `--json` for a count and for a suite, and `--depths` with and without it.
#[test]
fn json_and_depths() {
    let out = sliders(["perft", "4", "--fen", KIWIPETE, "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["nodes"], 4_085_603);
    assert_eq!(value["depth"], 4);
    assert_eq!(value["divide"].as_object().unwrap().len(), 48);
    assert_eq!(value["divide"]["e1g1"], 86_975);
    assert!(value["mnps"].as_f64().unwrap() > 0.0 && value["scheme"].is_string());

    let out = sliders(["perft", "4", "--depths"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines[0], "depth nodes seconds");
    let nodes: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(nodes, ["20", "400", "8902", "197281"]);
    let out = sliders(["perft", "3", "--depths", "--json", "--threads", "0"]);
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(value["depths"][2]["nodes"], 8_902);
    assert!(
        value["threads"].as_u64().unwrap() >= 1,
        "--threads 0 is all cores"
    );

    let suite = TempFile::new(
        "json",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n",
    );
    let out = sliders(["perft", "--epd", suite.path(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(
        (value["passed"].as_u64(), value["failed"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(value["failures"][0]["got"], 400);
    assert_eq!(value["failures"][0]["line"], 1);
}

/// `--scheme` names the slider scheme of the count: same counts, named in the output.
#[test]
fn a_named_scheme_counts_the_same() {
    for scheme in ["classical", "hyperbola", "black", "fancy"] {
        let out = sliders([
            "perft", "4", "--fen", KIWIPETE, "--scheme", scheme, "--json",
        ]);
        assert!(out.status.success(), "{scheme}: {}", text(&out.stderr));
        let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        assert_eq!(value["nodes"], 4_085_603, "{scheme}");
        assert_eq!(value["scheme"], scheme);
    }
    let out = sliders(["perft", "3", "--scheme", "no-such-scheme"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown scheme"),
        "{}",
        text(&out.stderr)
    );
}

/// A suite runs in parallel across positions, with a shared `--hash` table, and gives
/// the same tally and failures as one thread without a table.
#[test]
fn epd_in_parallel_with_a_table_tallies_the_same() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/perft/tricky.epd"
    );
    let one = sliders(["perft", "--epd", path, "--max-nodes", "200000", "--json"]);
    let two = sliders([
        "perft",
        "--epd",
        path,
        "--max-nodes",
        "200000",
        "--json",
        "--threads",
        "2",
        "--hash",
        "16",
    ]);
    assert!(
        one.status.success() && two.status.success(),
        "{}",
        text(&two.stderr)
    );
    let (one, two): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&text(&one.stdout)).unwrap(),
        serde_json::from_str(&text(&two.stdout)).unwrap(),
    );
    for key in ["passed", "failed", "skipped", "nodes"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert!(one["passed"].as_u64().unwrap() > 100);
    assert_eq!(two["threads"], 2);
}

/// `--stats` reproduces the chessprogramming wiki's Perft Results tables: the start
/// position (depths 1-6), Kiwipete (1-5) and positions 3-6 (3: 1-7, 4: 1-4, 5 and 6:
/// only node counts are published; depths capped here to keep the test to seconds).
/// Columns: nodes captures ep castles promotions checks discovered double checkmates.
/// Where the wiki is known to be wrong, the row says so and asserts the value that
/// independent generators agree on.
#[test]
fn stats_reproduce_the_wiki_tables() {
    type Table = &'static [[u64; 9]];
    const START: Table = &[
        [20, 0, 0, 0, 0, 0, 0, 0, 0],
        [400, 0, 0, 0, 0, 0, 0, 0, 0],
        [8902, 34, 0, 0, 0, 12, 0, 0, 0],
        [197281, 1576, 0, 0, 0, 469, 0, 0, 8],
        [4865609, 82719, 258, 0, 0, 27351, 6, 0, 347],
        [119060324, 2812008, 5248, 0, 0, 809099, 329, 46, 10828],
    ];
    const KIWIPETE_TABLE: Table = &[
        [48, 8, 0, 2, 0, 0, 0, 0, 0],
        [2039, 351, 1, 91, 0, 3, 0, 0, 0],
        [97862, 17102, 45, 3162, 0, 993, 0, 0, 1],
        [4085603, 757163, 1929, 128013, 15172, 25523, 42, 6, 43],
        // The wiki prints 2637 double checks; other generators count 2645 too (TalkChess,
        // "Perft statistics - chessprogrammingwiki", 2021), so the table is off here.
        [
            193690690, 35043416, 73365, 4993637, 8392, 3309887, 19883, 2645, 30171,
        ],
    ];
    const POSITION_3: Table = &[
        [14, 1, 0, 0, 0, 2, 0, 0, 0],
        [191, 14, 0, 0, 0, 10, 0, 0, 0],
        [2812, 209, 2, 0, 0, 267, 3, 0, 0],
        [43238, 3348, 123, 0, 0, 1680, 106, 0, 17],
        [674624, 52051, 1165, 0, 0, 52950, 1292, 3, 0],
        [11030083, 940350, 33325, 0, 7552, 452473, 26067, 0, 2733],
        [
            178633661, 14519036, 294874, 0, 140024, 12797406, 370630, 3612, 87,
        ],
    ];
    const POSITION_4: Table = &[
        [6, 0, 0, 0, 0, 0, 0, 0, 0],
        [264, 87, 0, 6, 48, 10, 0, 0, 0],
        [9467, 1021, 4, 0, 120, 38, 2, 0, 22],
        [422333, 131393, 0, 7795, 60032, 15492, 19, 0, 5],
    ];
    let positions: [(&str, Table); 4] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            START,
        ),
        (KIWIPETE, KIWIPETE_TABLE),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", POSITION_3),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            POSITION_4,
        ),
    ];
    for (fen, table) in positions {
        let depth = table.len().to_string();
        let out = sliders(["perft", &depth, "--stats", "--fen", fen, "--threads", "0"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let mut lines = stdout.lines();
        assert_eq!(
            lines.next(),
            Some("depth nodes captures ep castles promotions checks discovered double checkmates")
        );
        for (d, expected) in table.iter().enumerate() {
            let got: Vec<u64> = lines
                .next()
                .unwrap()
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            assert_eq!(got[0], d as u64 + 1);
            assert_eq!(&got[1..], expected, "{fen} depth {}", d + 1);
        }
    }
    // Positions 5 and 6: the wiki publishes node counts only.
    for (fen, nodes) in [
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            [44, 1486, 62379, 2103487],
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            [46, 2079, 89890, 3894594],
        ),
    ] {
        let out = sliders(["perft", "4", "--stats", "--fen", fen, "--json"]);
        let value: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        let got: Vec<u64> = (0..4)
            .map(|d| value["stats"][d]["nodes"].as_u64().unwrap())
            .collect();
        assert_eq!(got, nodes, "{fen}");
        assert_eq!(value["stats"][3]["depth"], 4);
    }
}

/// A long count shows its progress on a terminal (here a pseudo-terminal from util-linux's
/// `script`, present on every Debian system), and nothing extra when stderr is a pipe.
#[test]
fn progress_on_a_terminal_only() {
    let out = Sliders::via("script")
        .args(["-qec", &format!("{BIN} perft 6"), "/dev/null"])
        .output();
    let screen = text(&out.stdout);
    assert!(out.status.success(), "{screen}");
    assert!(screen.contains("20/20 root moves"), "{screen}");
    assert!(screen.contains("s elapsed, about"), "{screen}");
    assert!(screen.contains("Nodes searched: 119060324"), "{screen}");

    let piped = sliders(["perft", "6"]);
    assert!(
        !text(&piped.stderr).contains("root moves"),
        "{}",
        text(&piped.stderr)
    );
    assert!(text(&piped.stdout).ends_with("Nodes searched: 119060324\n"));
}
