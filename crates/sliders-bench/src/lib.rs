//! # sliders-bench
//!
//! `sliders` next to its peers, on the same inputs, in the same build: cozy-chess 0.3.4,
//! shakmaty 0.30 and chess 3.2. This crate is a workspace member that nothing depends on.
//!
//! - [`perft`]: single-threaded perft with bulk counting (the moves of the last ply are
//!   counted, not made) written once per crate against its public API, with the known
//!   node counts of the positions used ([`POSITIONS`]).
//! - [`lookups`]: rook and bishop lookups of every crate over the same pre-generated
//!   (square, occupancy) pairs, one lookup at a time.
//! - [`stats`]: medians, spreads and ratios of interleaved rounds.
//!
//! The `peer-perft` binary and the `lookups` criterion bench use them; see the README.

/// The repository README's Rust example, run as a doc test so that it stays true (this
/// crate is unpublished, so it may reach outside its directory).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct RootReadme;

pub mod clock;
pub mod engine_loop;
pub mod lookups;
pub mod output;
pub mod perft;
pub mod stats;

/// A test position with its known perft node counts.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    /// A short name for tables.
    pub name: &'static str,
    /// The position as FEN.
    pub fen: &'static str,
    /// `known[d]` is the perft node count at depth `d`.
    pub known: &'static [u64],
}

impl Position {
    /// The known node count at `depth`, if listed.
    pub fn known(&self, depth: u32) -> Option<u64> {
        self.known.get(depth as usize).copied()
    }
}

/// The start position.
pub const STARTPOS: Position = Position {
    name: "startpos",
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    known: &[
        1,
        20,
        400,
        8_902,
        197_281,
        4_865_609,
        119_060_324,
        3_195_901_860,
    ],
};

/// Kiwipete (Peter McKenzie's position 2 of the chessprogramming wiki's perft results).
pub const KIWIPETE: Position = Position {
    name: "kiwipete",
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    known: &[1, 48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
};

/// The positions the perft bench uses.
pub const POSITIONS: [Position; 2] = [STARTPOS, KIWIPETE];

/// The first line of every benchmark's output: the build (optimised or not), the
/// compile-time target features, cozy-chess's `pext` feature and our run-time scheme.
pub fn build_line() -> String {
    let mut features = Vec::new();
    for (on, name) in [
        (cfg!(target_feature = "bmi2"), "bmi2"),
        (cfg!(target_feature = "avx2"), "avx2"),
        (cfg!(target_feature = "avx512f"), "avx512f"),
    ] {
        if on {
            features.push(name);
        }
    }
    format!(
        "build: {}; compile-time target features: {}; cozy-chess pext feature: {}; \
         sliders scheme (run time): {}",
        if cfg!(debug_assertions) {
            "DEBUG (numbers meaningless)"
        } else {
            "optimised"
        },
        if features.is_empty() {
            "baseline x86-64".to_string()
        } else {
            features.join(", ")
        },
        if cfg!(feature = "peer-pext") {
            "on"
        } else {
            "off"
        },
        sliders_core::schemes::auto(),
    )
}
