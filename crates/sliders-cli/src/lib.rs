//! The library half of the `sliders` command line: what other programs of this
//! repository reach without running the binary. Only the work-unit files of `sliders
//! perft split|run|merge` (a contract of the CLI, fuzzed by `fuzz/fuzz_targets/units.rs`);
//! the commands themselves are the binary's (`src/main.rs`, `src/commands/`).
#![deny(missing_docs)]

pub mod work_units;
