//! # sliders-search
//!
//! Magic search: find, verify, pack and export magic sets for the magic-bitboard
//! schemes of `sliders-core`.
//!
//! ## 1. Read and verify a set
//!
//! A [`MagicSet`] is a scheme ([`SchemeKind`]: fancy, fancy32, plain, fixed-shift,
//! black, offset-in-magic) and, per piece and square, a magic, its index bits and its
//! offset. It is validated when built, and [`MagicSet::verify`] checks every relevant
//! occupancy of every square against the core's ray walk and reports the table size.
//!
//! ```
//! use sliders_search::csv::read_set;
//! use sliders_search::SchemeKind;
//! let text = std::fs::read_to_string(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
//! ))?;
//! let set = read_set(&text, Some(SchemeKind::Black))?;
//! let report = set.verify()?;
//! assert_eq!(report.entries, 87_988); // Annuss and Fiekas's published size
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 2. Find magics
//!
//! [`finder::find`] searches the targets you give it (a piece, a square, the index
//! bits), in parallel and resumably; [`finder::assemble`] lays the found magics out as
//! the scheme does. Here one square; [`finder::all_targets`] gives all 128.
//!
//! ```
//! use sliders_core::{RookOrBishop, Square};
//! use sliders_search::finder::{find, FindOptions, Seeding, Target};
//! use sliders_search::{mask_bits, SchemeKind};
//!
//! let target = Target {
//!     piece: RookOrBishop::Bishop,
//!     square: Square::C1,
//!     bits: mask_bits(RookOrBishop::Bishop, Square::C1),
//! };
//! let outcome = find(&[target], &FindOptions::new(SchemeKind::Fancy, Seeding::Tuned), None)?;
//! assert!(outcome.missing.is_empty());
//! assert_eq!(outcome.found[0].bits, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 3. Export it
//!
//! [`csv`] reads and writes the CSV of `tests/data/magics`; [`export`] writes Rust
//! source and JSON (and reads them back), and a C header for C and C++ engines with
//! `sliders_init()`, `sliders_rook_attacks()` and `sliders_bishop_attacks()`
//! ([`export::write_c`]).
//!
//! ```
//! use sliders_search::export::{read, write, Format};
//! # let text = std::fs::read_to_string(concat!(
//! #     env!("CARGO_MANIFEST_DIR"),
//! #     "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
//! # ))?;
//! # let set = sliders_search::csv::read_set(&text, Some(sliders_search::SchemeKind::Black))?;
//! let json = write(&set, Format::Json);
//! assert_eq!(read(&json, Format::Json, None)?, set);
//! let header = write(&set, Format::C);
//! assert!(header.contains("void sliders_init(void);"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## 4. Make it smaller
//!
//! For the shared-table schemes: [`pack`] repacks a fixed-shift or black set's offsets;
//! [`refine`] searches for magics that overlap better (square visits, ruin and
//! recreate, resumable); [`offset`] finds offset-in-magic sets (the offsets in the
//! magics' low bits).
//!
//! ## 5. Run it long: stop it, watch it
//!
//! The long runs ([`finder::find`], the exhaustive walk [`prove::exhaust::exhaust`], the
//! cube-and-conquer proof [`prove::cubes::split`], the dense finder [`dense::hunt`])
//! take a [`control::StopToken`] the caller owns (a Ctrl-C handler or a cancel button
//! holds a clone and calls `request`; the run stops as at its time limit, its state
//! saved) and an optional [`control::Observer`], a callback told where the run stands
//! ([`control::Event`]). The crate holds no process-wide state, installs no signal
//! handler and draws nothing: the `sliders` CLI turns the events into its bar and lines.
//!
//! ```
//! use sliders_core::{RookOrBishop, Square};
//! use sliders_search::control::{Event, Observer, StopToken};
//! use sliders_search::finder::{find, FindOptions, Seeding, Target};
//! use sliders_search::SchemeKind;
//!
//! let stop = StopToken::new(); // clone it into whatever may cancel the run
//! let mut options = FindOptions::new(SchemeKind::Fancy, Seeding::Tuned);
//! options.stop = stop.clone();
//! options.progress = Some(Observer::new(|event| {
//!     if let Event::Finder { found, targets, .. } = event {
//!         assert!(found <= targets); // a real program draws a bar here
//!     }
//! }));
//! let target = Target { piece: RookOrBishop::Rook, square: Square::A1, bits: 12 };
//! let outcome = find(&[target], &options, None)?;
//! assert!(outcome.missing.is_empty() && !stop.requested());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## What the crate holds
//!
//! [`set`] (the validated [`MagicSet`]), [`verify`], [`csv`] and [`export`] (the file
//! formats), [`finder`] (the parallel, resumable finder), [`pack`], [`refine`],
//! [`offset`] and [`no_offset`] (smaller shared tables), [`prove`] (SAT proofs with a
//! checked DRAT proof, the exhaustive walk, its estimates and certificates), [`dense`]
//! (the guided finder for record magics), [`control`] (stopping and watching a run),
//! [`process`] (the solver's child processes and scratch folders), [`rng`].
//!
//! Reproductions (tested): Stockfish's seeds give exactly
//! `tests/data/magics/fancy_stockfish_seeds_107648.csv` (204,846 tested candidates);
//! `chain:1` gives exactly our fancy32 prototype's `tests/data/own/fancy32_sliders_seed1.csv`
//! (172,837). [`finder::TUNED_SEEDS`] find all 128 fancy magics with 171,338. The
//! records and what was tried are in the repository's docs/magic-search.md.
#![deny(missing_docs)]

mod atomic;
pub mod control;
pub mod csv;
pub mod dense;
pub mod export;
pub mod finder;
pub mod no_offset;
pub mod offset;
pub mod pack;
pub mod process;
pub mod prove;
pub mod refine;
pub mod rng;
pub mod set;
mod shared_table;
pub mod verify;

pub use atomic::write_atomic;
pub use set::{mask_bits, plain_bits, MagicSet, SchemeKind, SetError, SquareMagic};
pub use verify::{Report, VerifyError};

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
