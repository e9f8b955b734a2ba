//! The `analyze` contract, run through the real binary: every position of the
//! python-chess fixture (`crates/sliders-movegen/tests/data/python-chess/`) in one
//! run, each line's key, flags and moves (UCI and SAN) equal to python-chess's; and
//! malformed lines answered in place with exit status 2.

mod common;

use std::io::Read;

use common::Sliders;
use serde_json::Value;

/// Runs `sliders analyze` on `input`: (raw stdout, its lines as JSON, exit code).
fn analyze(input: &str) -> (String, Vec<Value>, Option<i32>) {
    analyze_bytes(input.as_bytes())
}

fn analyze_bytes(input: &[u8]) -> (String, Vec<Value>, Option<i32>) {
    let out = Sliders::new(["analyze"]).stdin(input).output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (stdout, lines, out.status.code())
}

/// The fixture's positions: (FEN, key, [check, checkmate, stalemate, insufficient],
/// [(uci, san)]).
type Expected = (String, String, [bool; 4], Vec<(String, String)>);

fn fixture() -> Vec<Expected> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sliders-movegen/tests/data/python-chess/fixtures.txt.gz"
    );
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    let mut positions: Vec<Expected> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "P" => positions.push((
                f[1].to_owned(),
                f[2].to_owned(),
                [f[3] == "1", f[4] == "1", f[5] == "1", f[6] == "1"],
                Vec::new(),
            )),
            "M" => positions
                .last_mut()
                .unwrap()
                .3
                .push((f[1].to_owned(), f[2].to_owned())),
            _ => {}
        }
    }
    positions
}

#[test]
fn every_fixture_position_as_python_chess_says() {
    let positions = fixture();
    let input: String = positions.iter().map(|p| format!("{}\n", p.0)).collect();
    let (_, lines, code) = analyze(&input);
    assert_eq!(code, Some(0));
    assert_eq!(lines.len(), positions.len());
    for ((fen, key, flags, moves), got) in positions.iter().zip(&lines) {
        assert_eq!(got["fen"], fen.as_str());
        assert_eq!(got["hash"], key.as_str(), "{fen}");
        let names = ["check", "checkmate", "stalemate", "insufficient_material"];
        for (name, flag) in names.iter().zip(flags) {
            assert_eq!(got[name], *flag, "{fen}: {name}");
        }
        let got_moves: Vec<(String, String)> = got["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["uci"].as_str().unwrap().to_owned(),
                    m["san"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(&got_moves, moves, "{fen}");
    }
}

#[test]
fn malformed_lines_are_answered_in_place() {
    let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                 rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                 \n\
                 bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n";
    let (raw, lines, code) = analyze(input);
    assert_eq!(code, Some(2));
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["hash"], "0x463b96181691fc9c");
    assert_eq!(lines[0]["moves"].as_array().unwrap().len(), 20);
    assert_eq!(lines[1]["line"], 2);
    assert!(
        lines[1]["error"].as_str().unwrap().contains("rank 6"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["line"], 3);
    assert_eq!(
        lines[3]["fen"],
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
    // Key order is the contract's (serde_json's `Value` sorts keys: look at the text).
    let keys = [
        "fen",
        "hash",
        "check",
        "checkmate",
        "stalemate",
        "insufficient_material",
        "moves",
    ];
    let first = raw.lines().next().unwrap();
    let at: Vec<usize> = keys
        .iter()
        .map(|k| first.find(&format!("\"{k}\":")).unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{first}");
}

/// A line that is not UTF-8 is malformed like any other: answered in place, the rest
/// still read.
#[test]
fn a_line_that_is_not_utf8_is_answered_in_place() {
    let mut input = b"8/8/8/8/8/8/8/K6k w - - 0 1\n\xff\xfe\n".to_vec();
    input.extend_from_slice(b"8/8/8/8/8/8/8/K6k b - - 0 1\n");
    let (_, lines, code) = analyze_bytes(&input);
    assert_eq!(code, Some(2));
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"], "not UTF-8 text");
    assert_eq!(lines[2]["fen"], "8/8/8/8/8/8/8/K6k b - - 0 1");
}

/// A check the en passant square's double push cannot have given (issue 63, defect 5):
/// every line of the python-chess check fixture answered as python-chess answers it
/// (refused in place, or analysed), beside a line that is fine.
#[test]
fn checks_python_chess_calls_impossible_are_refused_in_place() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sliders-movegen/tests/data/python-chess/checks.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once(';').unwrap())
        .filter(|(_, answer)| *answer != "ok")
        .collect();
    let mut input: String = rows.iter().map(|(fen, _)| format!("{fen}\n")).collect();
    input.push_str("8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1\n");
    let (_, lines, code) = analyze(&input);
    assert_eq!(code, Some(2));
    assert_eq!(lines.len(), rows.len() + 1);
    for (i, ((fen, answer), line)) in rows.iter().zip(&lines).enumerate() {
        let error = line["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{fen}: {line}"));
        assert_eq!(line["line"], i + 1, "{fen}");
        let expected = match *answer {
            "too_many_checkers" => "more than two pieces give check",
            _ => "the check is one no move can give",
        };
        assert!(error.contains(expected), "{fen} ({answer}): {error}");
    }
    assert_eq!(lines[rows.len()]["check"], true);
}
