//! Magic search: find, verify, pack and export magic sets.
//!
//! - [`MagicSet`]: a scheme (fancy, fancy32, plain, fixed-shift, black) and per piece
//!   and square a magic, its index bits and its offset; [`MagicSet::verify`] checks
//!   every relevant occupancy and reports the table size.
//! - [`csv`], [`export`]: the CSV format of `tests/data/magics`, Rust source, JSON.
//! - [`finder`]: the magic search (Stockfish's method, per-square seeding, parallel,
//!   resumable); [`pack`]: shared-table packing for fixed-shift and black sets;
//!   [`offset`]: the offset-in-magic search (offsets in the magics' low bits).
//!
//! Reproductions (tested): Stockfish's seeds give exactly
//! `tests/data/magics/fancy_stockfish_seeds_107648.csv` (204,846 tested candidates);
//! `chain:1` gives exactly our fancy32 prototype's `tests/data/own/fancy32_sliders_seed1.csv`
//! (172,837). [`finder::TUNED_SEEDS`] find all 128 fancy magics with 171,338.
//!
//! ```
//! use sliders_search::csv::read_set;
//! use sliders_search::SchemeKind;
//! let text = std::fs::read_to_string(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
//! ))
//! .unwrap();
//! let set = read_set(&text, Some(SchemeKind::Black)).unwrap();
//! assert_eq!(set.verify().unwrap().entries, 87_988);
//! ```
#![deny(missing_docs)]

pub mod csv;
pub mod export;
pub mod finder;
pub mod offset;
mod offset_refine;
pub mod pack;
pub mod prove;
pub mod refine;
pub mod rng;
pub mod set;
mod shared_table;
pub mod verify;

pub use set::{mask_bits, plain_bits, MagicSet, SchemeKind, SetError, SquareMagic};
pub use verify::{Report, VerifyError};

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced, then renamed
/// over it, so a reader (or a resumed search) sees the old file or the new one, never a
/// half-written one.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
