//! The README's table of the status file's 18 unknown N-1 squares says, per square and
//! scheme, exactly what our results file (`tests/data/own/n_minus_1_results.csv`) holds
//! as its strongest evidence, and every magic it names verifies.

use std::collections::BTreeSet;

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::{verify_magic, IndexScheme, Question};

const README: &str = include_str!("../../../README.md");
const STATUS: &str = include_str!("../../../tests/data/magics/niklasf_magics_square_status.csv");
const RESULTS: &str = include_str!("../../../tests/data/own/n_minus_1_results.csv");

/// The status file's unknown squares, with their mask bits.
fn unknown_squares() -> Vec<(String, String, u32)> {
    STATUS
        .lines()
        .skip(1)
        .map(|line| line.split(',').collect::<Vec<_>>())
        .filter(|f| f[5] == "unknown")
        .map(|f| (f[0].to_string(), f[1].to_string(), f[3].parse().unwrap()))
        .collect()
}

/// What the results file settles for one N-1 question, in the README's words: the
/// strongest evidence it has.
fn evidence(piece: &str, square: &str, scheme: &str, bits: u32) -> String {
    let rows: Vec<Vec<&str>> = RESULTS
        .lines()
        .skip(1)
        .map(|line| line.split(',').collect())
        .filter(|f: &Vec<&str>| {
            f[0] == piece && f[1] == square && f[2] == scheme && f[3] == bits.to_string()
        })
        .collect();
    let nones: Vec<&Vec<&str>> = rows.iter().filter(|f| f[5] == "none").collect();
    if let Some(found) = rows.iter().find(|f| f[5] == "found") {
        assert!(
            nones.is_empty(),
            "{piece} {square} {scheme}: found and none"
        );
        return format!("found `{}`", found[6]);
    }
    if nones.iter().any(|f| f[4] == "exhaust certificate") {
        "none: checked certificate".into()
    } else if nones.iter().any(|f| f[13].contains("DRAT checker")) {
        "none: checked DRAT proof".into()
    } else if nones.len() >= 2 {
        "none: two searches".into()
    } else if nones.len() == 1 {
        "none: one search".into()
    } else {
        "open".into()
    }
}

#[test]
fn the_readmes_unknown_squares_table_is_the_results_files_evidence() {
    let unknown = unknown_squares();
    assert_eq!(unknown.len(), 18);
    let mut seen = BTreeSet::new();
    let rows: Vec<&str> = README
        .lines()
        .skip_while(|line| !line.starts_with("| N-1 question "))
        .skip(2)
        .take_while(|line| line.starts_with("| "))
        .collect();
    assert!(
        !rows.is_empty(),
        "no table of the unknown squares in the README"
    );
    for row in rows {
        // `| rook g2, h2 | open | open |`, `| rook c2, d2 | found `0x…`, `0x…` | open |`
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        assert_eq!(cells.len(), 3, "{row}");
        let (piece, squares) = cells[0].split_once(' ').unwrap();
        let squares: Vec<&str> = squares.split(", ").collect();
        // A row of several squares with magics gives one magic per square, in order.
        let cell = |cell: &str, i: usize| match cell.strip_prefix("found ") {
            Some(list) => {
                let magics: Vec<&str> = list.split(", ").collect();
                assert_eq!(magics.len(), squares.len(), "{row}");
                format!("found {}", magics[i])
            }
            None => cell.to_string(),
        };
        for (i, &square) in squares.iter().enumerate() {
            let (_, _, mask_bits) = unknown
                .iter()
                .find(|(p, s, _)| p == piece && s == square)
                .unwrap_or_else(|| panic!("{piece} {square} is not unknown in the status file"));
            assert!(seen.insert((piece, square)), "{piece} {square} twice");
            for (scheme, cell) in [("fancy", cell(cells[1], i)), ("black", cell(cells[2], i))] {
                let said = evidence(piece, square, scheme, mask_bits - 1);
                assert_eq!(cell, said, "{piece} {square} {scheme}");
                if let Some(hex) = said.strip_prefix("found `0x") {
                    let magic = u64::from_str_radix(hex.trim_end_matches('`'), 16).unwrap();
                    let question = Question {
                        piece: RookOrBishop::from_name(piece).unwrap(),
                        square: square.parse::<Square>().unwrap(),
                        bits: mask_bits - 1,
                        scheme: if scheme == "black" {
                            IndexScheme::Black
                        } else {
                            IndexScheme::Fancy
                        },
                    };
                    verify_magic(&question, magic).unwrap();
                }
            }
        }
    }
    assert_eq!(seen.len(), 18, "the table leaves out unknown squares");
}
