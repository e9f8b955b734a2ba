//! Searches a no-offset table ([`sliders_search::no_offset`]: a magic per square, the own
//! square in the key, one shift, one shared table, no offsets) and prints it as CSV.
//!
//! ```sh
//! cargo run --release -p sliders-search --example no_offset_table -- bishop 15 1 1000000 50
//! ```
//! (arguments: piece, index bits 1-24, seed, magics tried per square at most, passes: a
//! pass that leaves a square without a magic starts again from the first square). Exit 1
//! when no pass placed every square, 2 on bad arguments. Checked independently by
//! `tools/verify-magic-set.py FILE --scheme no-offset`.

use sliders_core::RookOrBishop;
use sliders_search::no_offset::{search, to_csv, verify};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: no_offset_table <rook|bishop> <bits 1-24> <seed> <tries per square> <passes>";
    let parsed = match &args[..] {
        [piece, bits, seed, tries, passes] => {
            let piece = match piece.as_str() {
                "rook" => Some(RookOrBishop::Rook),
                "bishop" => Some(RookOrBishop::Bishop),
                _ => None,
            };
            match (
                piece,
                bits.parse::<u32>(),
                seed.parse::<u64>(),
                tries.parse::<u64>(),
                passes.parse::<u64>(),
            ) {
                (Some(piece), Ok(bits @ 1..=24), Ok(seed), Ok(tries), Ok(passes)) => {
                    Some((piece, bits, seed, tries, passes))
                }
                _ => None,
            }
        }
        _ => None,
    };
    let Some((piece, bits, seed, tries, passes)) = parsed else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(table) = search(piece, bits, seed, tries, passes) else {
        eprintln!(
            "{} {bits} bits: no table in {passes} passes of {tries} tries a square",
            piece.name()
        );
        std::process::exit(1);
    };
    // The search's own bookkeeping, checked again by the plain verifier.
    assert_eq!(
        verify(piece, bits, &table.magics),
        Ok((table.entries, table.used))
    );
    eprintln!(
        "{} {bits} bits: {} entries ({} used), {} magics tested",
        piece.name(),
        table.entries,
        table.used,
        table.tested
    );
    let comment = format!(
        "{} {bits} bits: {} entries, {} used; no_offset_table {} {bits} {seed} {tries} {passes}",
        piece.name(),
        table.entries,
        table.used,
        piece.name()
    );
    print!("{}", to_csv(piece, &table, &comment));
}
