//! The no-offset tables (a magic per square, the own square in the key, one shift, one
//! shared table, no offsets; docs/research-wishing-dream.md): the search finds bishop
//! tables the verifier accepts, the committed one verifies at its exact size, and the
//! verifier names a conflict.

use sliders_core::{RookOrBishop, Square};
use sliders_search::no_offset::{search, verify, Conflict};

const COMMITTED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/no_offset_bishop_32735.csv"
);

/// The magics and the shift of a no-offset CSV (offsets must all be 0).
fn read(text: &str) -> ([u64; 64], u32) {
    let mut magics = [0u64; 64];
    let mut shifts = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[0], "bishop");
        assert_eq!(cells[7], "0", "an offset in a no-offset table");
        let index: usize = cells[2].parse().unwrap();
        magics[index] = u64::from_str_radix(cells[3].trim_start_matches("0x"), 16).unwrap();
        shifts.push(cells[4].parse::<u32>().unwrap());
    }
    assert_eq!(shifts.len(), 64);
    assert!(shifts.iter().all(|&s| s == shifts[0]), "one shift");
    (magics, shifts[0])
}

#[test]
fn the_committed_bishop_table_verifies_at_its_exact_size() {
    let (magics, shift) = read(&std::fs::read_to_string(COMMITTED).unwrap());
    assert_eq!(
        verify(RookOrBishop::Bishop, 64 - shift, &magics),
        Ok((32_735, 5_232))
    );
}

#[test]
fn the_search_finds_a_bishop_table_the_verifier_accepts() {
    let table = search(RookOrBishop::Bishop, 16, 1, 1_000_000, 10).expect("a table");
    assert_eq!(
        verify(RookOrBishop::Bishop, 16, &table.magics),
        Ok((table.entries, table.used))
    );
    // Deterministic for a seed: the same table again.
    assert_eq!(
        search(RookOrBishop::Bishop, 16, 1, 1_000_000, 10),
        Some(table)
    );
}

#[test]
fn rooks_find_no_table_and_the_verifier_names_the_conflict() {
    // f8, g8 and h8 leave no room at any size (crates/sliders-search/tests/wishing_dream.rs);
    // the search gives up without a panic.
    assert_eq!(search(RookOrBishop::Rook, 20, 1, 10_000, 3), None);
    // A bishop table with one square's magic replaced by 0: every key of that square
    // lands on entry 0.
    let (mut magics, shift) = read(&std::fs::read_to_string(COMMITTED).unwrap());
    magics[Square::D4 as usize] = 0;
    assert!(matches!(
        verify(RookOrBishop::Bishop, 64 - shift, &magics),
        Err(Conflict { entry: 0, .. })
    ));
}

#[test]
fn index_bits_outside_1_to_24_are_refused_not_a_panic() {
    let magics = [1u64; 64];
    for bits in [0, 25, 64, 65, u32::MAX] {
        assert_eq!(search(RookOrBishop::Bishop, bits, 1, 1, 1), None);
        assert!(verify(RookOrBishop::Bishop, bits, &magics).is_err());
    }
}
