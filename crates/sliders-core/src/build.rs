//! Builds the attack table of every enabled scheme, natively, and writes it to
//! `OUT_DIR/<scheme>.bin` in the target's byte order for the scheme module to include.
//!
//! Every table is filled from the reference ray walk and checked occupancy by occupancy
//! as it is filled: a destructive collision, an index out of range or a wrong mask
//! panics here, so a wrong magic fails the build. Only the enabled schemes' tables are
//! built, which is what keeps a dependent's build cheap (docs/schemes.md's build-cost table).
//!
//! This file is a second crate root beside `lib.rs` (`build = "src/build.rs"` in
//! `Cargo.toml`): it compiles the crate's own source files under the same module paths
//! (`crate::reference`, `crate::schemes::magic`, `crate::schemes::data`), so there is one
//! copy of the reference, the filler and the data.

#![allow(dead_code)]

mod bitboard;
mod lines;
mod piece;
mod reference;
mod square;

mod schemes {
    pub mod data;
    pub mod magic;
}

pub use bitboard::Bitboard;
pub use piece::Slider;
pub use square::{File, Rank, Square};

use schemes::data;
use schemes::magic::{fill_all, IndexFn, MagicEntry};
use std::path::PathBuf;

/// Whether the cargo feature named as the scheme is on.
fn enabled(scheme: &str) -> bool {
    let var = format!("CARGO_FEATURE_{}", scheme.to_uppercase().replace('-', "_"));
    std::env::var_os(var).is_some()
}

/// One table element in the target's byte order.
trait Element: Copy {
    fn write(self, out: &mut Vec<u8>, big_endian: bool);
}

impl Element for Bitboard {
    fn write(self, out: &mut Vec<u8>, big_endian: bool) {
        out.extend(if big_endian {
            self.0.to_be_bytes()
        } else {
            self.0.to_le_bytes()
        });
    }
}

impl Element for u16 {
    fn write(self, out: &mut Vec<u8>, big_endian: bool) {
        out.extend(if big_endian {
            self.to_be_bytes()
        } else {
            self.to_le_bytes()
        });
    }
}

impl Element for u8 {
    fn write(self, out: &mut Vec<u8>, _: bool) {
        out.push(self);
    }
}

fn write<T: Element>(file: &str, table: &[T]) {
    let big_endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let mut bytes = Vec::with_capacity(std::mem::size_of_val(table));
    for &element in table {
        element.write(&mut bytes, big_endian);
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join(format!("{file}.bin")), bytes).expect("write to OUT_DIR");
}

/// A magic scheme's table through the same checked filler users' magics go through.
/// For a packed layout (`packed`), the data's entry count must be exact: the last entry
/// must be reached. `plain`'s fixed windows leave the end of the last one unused.
fn magic(scheme: &str, data: (&[MagicEntry; 64], &[MagicEntry; 64], usize, IndexFn), packed: bool) {
    let (rook, bishop, entries, index) = data;
    let mut table = vec![Bitboard::EMPTY; entries];
    if let Err(e) = fill_all(&mut table, rook, bishop, index) {
        panic!("{scheme}: the data does not build a valid table: {e:?}");
    }
    assert!(
        !packed || table[entries - 1].0 != 0,
        "{scheme}: the table's last entry is never used, so its size ({entries}) is overstated"
    );
    write(scheme, &table);
}

/// A fixed-size table, boxed: the largest would overflow the build script's stack.
fn boxed<T: Copy, const N: usize>(zero: T) -> Box<[T; N]> {
    vec![zero; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!())
}

fn main() {
    println!("cargo::rerun-if-changed=src/build.rs");
    for path in [
        "src/bitboard.rs",
        "src/lines.rs",
        "src/reference.rs",
        "src/square.rs",
        "src/schemes/magic.rs",
        "src/schemes/data",
    ] {
        println!("cargo::rerun-if-changed={path}");
    }

    // The squares between two squares, and the whole line through them: every build.
    for (file, whole_line) in [("between", false), ("line", true)] {
        let table = lines::pair_table(whole_line);
        write(file, table.as_flattened());
    }
    // The hyperbola scheme's first-rank table: every build.
    write("first-rank", reference::first_rank_table().as_flattened());

    macro_rules! magic_schemes {
        ($($scheme:literal => $data:ident, $packed:literal;)*) => {
            $(if enabled($scheme) {
                let d = (&data::$data::ROOK, &data::$data::BISHOP, data::$data::TABLE_ENTRIES, data::$data::INDEX);
                magic($scheme, d, $packed);
            })*
        };
    }
    magic_schemes!(
        "black" => black, true;
        "fancy" => fancy, true;
        "fancy-best" => fancy_best, true;
        "fancy32" => fancy32, true;
        "fixed-shift" => fixed_shift, true;
        "offset-in-magic" => offset_in_magic, true;
        "plain" => plain, false;
        "shift-in-magic" => shift_in_magic, true;
    );

    if enabled("pext") {
        let mut table = boxed::<_, { reference::PEXT_LAYOUT_ENTRIES }>(Bitboard::EMPTY);
        reference::fill_pext_layout(&mut table);
        // Every relevant occupancy of every square has its entry: the layout is full.
        assert!(
            table.iter().all(|attacks| attacks.0 != 0),
            "pext: an entry of the PEXT layout is empty"
        );
        write("pext", &table[..]);
    }
    if enabled("pext-pdep") {
        let mut table = boxed::<_, { data::pext_pdep::TABLE_ENTRIES }>(0u16);
        data::pext_pdep::fill(&mut table);
        write("pext-pdep", &table[..]);
    }
    if enabled("byte-lookup") {
        let mut bytes = boxed::<_, { data::byte_lookup::INDEX_BYTES }>(0u8);
        let mut sets = boxed::<_, { data::byte_lookup::SETS }>(Bitboard::EMPTY);
        data::byte_lookup::fill(&mut bytes, &mut sets);
        write("byte-lookup.index", &bytes[..]);
        write("byte-lookup.sets", &sets[..]);
    }
    if enabled("shared") {
        let mut table = boxed::<_, { data::shared::TABLE_ENTRIES }>(Bitboard::EMPTY);
        data::shared::fill(&mut table);
        write("shared", &table[..]);
    }
}
