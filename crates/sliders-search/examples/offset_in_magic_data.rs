//! Writes the core crate's `crates/sliders-core/src/schemes/data/offset_in_magic_generated.rs` from
//! `tests/data/own/offset_in_magic_sliders.csv` (verified first):
//! `cargo run --release -p sliders-search --example offset_in_magic_data`.

use sliders_search::csv::read_set;
use sliders_search::offset::write_core_data;
use sliders_search::SchemeKind;

/// The command named in the generated file's header.
const COMMAND: &str = "cargo run --release -p sliders-search --example offset_in_magic_data";

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let csv = format!("{root}/tests/data/own/offset_in_magic_sliders.csv");
    let out = format!("{root}/crates/sliders-core/src/schemes/data/offset_in_magic_generated.rs");
    let text = std::fs::read_to_string(&csv).unwrap_or_else(|e| panic!("{csv}: {e}"));
    let set =
        read_set(&text, Some(SchemeKind::OffsetInMagic)).unwrap_or_else(|e| panic!("{csv}: {e}"));
    let data = write_core_data(&set, COMMAND).unwrap_or_else(|e| panic!("{csv}: {e}"));
    std::fs::write(&out, data).unwrap_or_else(|e| panic!("{out}: {e}"));
    eprintln!("wrote {out}");
}
