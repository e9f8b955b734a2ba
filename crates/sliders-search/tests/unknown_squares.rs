//! The status file's 18 unknown N-1 squares in our results file
//! (`tests/data/own/n_minus_1_results.csv`): no question is both found and none, and
//! every magic it names verifies. The docs' tables of these squares are generated from
//! the same file (`tools/n-minus-1-tables.py`, checked in CI), so no test reads them.

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::{verify_magic, IndexScheme, Question};

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

/// What the results file settles for one N-1 question, in the tables' words: the
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
fn the_results_files_answers_for_the_unknown_squares_hold() {
    let unknown = unknown_squares();
    assert_eq!(unknown.len(), 18);
    let mut answered = 0;
    for (piece, square, mask_bits) in &unknown {
        for scheme in ["fancy", "black"] {
            let said = evidence(piece, square, scheme, mask_bits - 1);
            if said != "open" {
                answered += 1;
            }
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
                verify_magic(&question, magic)
                    .unwrap_or_else(|e| panic!("{piece} {square} {scheme} {hex}: {e:?}"));
            }
        }
    }
    // Bishops c1 and d1 and rooks b2, c2, d2, e2, f2 and d1 both ways, a2 and g1 fancy
    // (2026-12-07): the results file never loses an answer.
    assert!(answered >= 18, "only {answered} answers");
}
