//! The file formats of the `sliders` command line that outlive one run and that other
//! tools read: the work units of `perft split|run|merge` and their result lines.
//!
//! They live in a library (the binary is `src/main.rs`) so that the fuzz targets in
//! `fuzz/` call the very parsers the CLI uses. The magic-set CSV and the find and refine
//! states are the search crate's; FEN, EPD, SAN and UCI are the movegen crate's.
#![deny(missing_docs)]

pub mod work_units;
