//! Fuzzes the work-unit files of `perft split|run|merge` (the parsers the CLI calls): no
//! input may panic; a units file that reads is written back by `write_units` to the
//! same units and identity; every line is also read as a result line, and one that
//! reads writes back to a line that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
// The CLI crate's file alone: the fuzz target does not build the CLI's dependencies.
#[path = "../../crates/sliders-cli/src/work_units.rs"]
#[allow(dead_code)]
mod work_units;

use work_units::{parse_result_line, parse_units, result_line, write_units};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(units) = parse_units(&text) {
        let boards: Vec<_> = units
            .units
            .iter()
            .map(|u| (u.board, u.multiplicity))
            .collect();
        let written = write_units(&units.root, &units.moves, units.depth, units.at, &boards);
        let again = parse_units(&written).unwrap_or_else(|e| panic!("{written}\n{e}"));
        assert_eq!(again.units.len(), units.units.len());
        assert_eq!(again.positions, units.positions);
        // The FENs written back are the boards' own; the identity matches when the
        // file wrote them that way (as `perft split` does).
        if units.units.iter().all(|u| u.fen == u.board.to_fen()) {
            assert_eq!(again.identity, units.identity);
        }
    }
    for line in text.lines() {
        if let Ok(result) = parse_result_line(line) {
            let split = result.split.clone().unwrap_or_default();
            let again = parse_result_line(&result_line(&split, result.id, result.nodes))
                .expect("a written result line reads");
            assert_eq!((again.id, again.nodes), (result.id, result.nodes));
        }
    }
});
