//! The files of `sliders perft split|run|merge` (the `work-units` feature): a units file
//! and a result line read back as written, and edits to them refused.

use sliders_cli::work_units::{parse_result_line, parse_units, result_line, write_units};
use sliders_movegen::Board;

#[test]
fn units_round_trip_and_edits_are_caught() {
    let root = Board::startpos();
    let units: Vec<(Board, u128)> = root
        .legal_moves()
        .iter()
        .map(|&mv| (root.after_unchecked(mv), 1))
        .collect();
    let text = write_units(&root.to_fen(), &[], 3, 1, &units);
    let parsed = parse_units(&text).unwrap();
    assert_eq!(parsed.units.len(), 20);
    assert_eq!(parsed.positions, 20);
    assert!(parsed.identity_written);
    let edited = text.replacen("\"multiplicity\":1", "\"multiplicity\":2", 1);
    assert!(parse_units(&edited).is_err());
    let zero = text.replacen("\"multiplicity\":1", "\"multiplicity\":0", 1);
    assert!(parse_units(&zero)
        .unwrap_err()
        .message
        .contains("multiplicity 0"));
}

#[test]
fn result_lines() {
    let line = result_line("abc", 7, 1 << 70);
    let parsed = parse_result_line(&line).unwrap();
    assert_eq!(parsed.split.as_deref(), Some("abc"));
    assert_eq!((parsed.id, parsed.nodes), (7, 1 << 70));
    assert_eq!(
        parse_result_line(r#"{"id":1,"nodes":2}"#).unwrap().split,
        None
    );
    assert!(parse_result_line(r#"{"id":1,"nodes":"-2"}"#).is_err());
    assert!(parse_result_line(r#"{"id":1,"nodes":"+2"}"#).is_err());
}
