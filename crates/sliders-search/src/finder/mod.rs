//! The magic finder for fancy, fancy32, plain (and, with a range objective,
//! fixed-shift and black).
//!
//! The method is that of Stockfish's start-up search (described in its `bitboard.cpp`;
//! this is our own implementation): sparse candidates (the AND of three xorshift64*
//! outputs), a cheap filter that rejects a candidate when the top 8 bits of
//! `mask * magic` have fewer than 6 set bits, the carry-rippler occupancies and their
//! reference attacks computed once per square, and an epoch ("age") array so the
//! scratch table is never cleared between candidates.
//!
//! # Determinism and parallelism
//!
//! With [`Seeding::Seed`], each square's candidates come in chunks of
//! [`FindOptions::chunk`] candidates, chunk `k` drawn from generators seeded by
//! `(seed, piece, square, k)` (three independent xorshift64* streams, one output of each
//! ANDed per sparse candidate: see [`crate::rng::Triple`]). A square's result is the
//! first valid candidate in (chunk, position) order, so it is the same whatever the
//! thread count, the order the squares run in, or where a run was interrupted: squares
//! run in parallel, and a square searched alone runs its chunks in parallel.
//! [`Seeding::Stockfish`] is one generator per square seeded by its rank (one stream, so
//! a square runs on one thread); [`Seeding::Chain`] is one generator across all squares
//! in order (fully sequential; it reproduces our fancy32 prototype).
//!
//! # Modules
//!
//! [`find`] runs a search (`driver`): its squares in parallel or in one chain, each
//! through one loop over chunks of candidates, which come from the seeding (`seeding`)
//! and run in the hot loop (`chunk`) over the square's candidate test (`tester`).
//! `state` saves and resumes runs, `monitor` keeps the budget and the progress bar,
//! `assemble` lays found magics out as a set, `tune` tunes [`TUNED_SEEDS`].

mod assemble;
mod candidate;
mod chunk;
mod driver;
mod monitor;
mod seeding;
mod state;
mod tester;
mod tune;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sliders_core::{RookOrBishop, Square};

pub(crate) use assemble::by_square;
pub use assemble::{all_targets, assemble, AssembleError};
pub use candidate::CandidateKind;
pub use seeding::{Seeding, TUNED_SEEDS};
pub use state::{Progress, SearchState, StateDifference, StateError, StateProgress, MAX_COUNT};
pub use tester::MAX_FIND_BITS;
pub(crate) use tester::{Scratch, SquareData, Tester, Wide};
pub use tune::{square_work, tune_seeds};

use crate::set::SchemeKind;
use driver::Run;
use monitor::Counters;
use state::Recorder;

/// One square to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// Rook or bishop.
    #[serde(with = "crate::set::piece_serde")]
    pub piece: RookOrBishop,
    /// The square.
    #[serde(with = "crate::set::square_serde")]
    pub square: Square,
    /// The index bits wanted (1..=12).
    pub bits: u32,
}

/// What the finder does.
#[derive(Clone, Debug)]
pub struct FindOptions {
    /// The index function: fancy, plain and fixed-shift use the 64-bit product; fancy32
    /// the folded 32-bit one; black the product of `occ | !mask`.
    pub scheme: SchemeKind,
    /// The candidate streams.
    pub seeding: Seeding,
    /// Sparse or dense candidates.
    pub kind: CandidateKind,
    /// Reject a candidate when the top 8 bits of the (folded) product with the mask have
    /// fewer set bits than this; 0 turns the filter off. For black magics the same test
    /// applies: `(occ | !mask) * m` is `(occ & mask) * m + (!mask) * m`, the white
    /// product shifted by a constant, so white-like candidates are black-like ones.
    pub min_top_popcount: u32,
    /// Candidates per chunk (the unit of parallel work and of resumption).
    pub chunk: u64,
    /// For fixed-shift and black: search this many candidates per square and keep the
    /// valid magic with the smallest used index range (max - min), earliest on ties.
    /// `None`: keep the first valid magic.
    pub range_candidates: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after about this many candidates (all squares together).
    pub max_candidates: Option<u64>,
    /// The caller's progress callback: told about fifty times a second
    /// ([`Event::Finder`](crate::control::Event::Finder)), from the run's monitor thread.
    pub progress: Option<crate::control::Observer>,
    /// The caller's stop: seen by the monitor within about 20 ms, as the time limit is.
    pub stop: crate::control::StopToken,
    /// Write the state here (atomically) after each found magic and about once a
    /// second, for `--resume`.
    pub state_path: Option<PathBuf>,
}

impl FindOptions {
    /// Stockfish's method for `scheme`: sparse candidates, top-byte filter 6, chunks of
    /// 2^14, no budget.
    pub fn new(scheme: SchemeKind, seeding: Seeding) -> Self {
        FindOptions {
            scheme,
            seeding,
            kind: CandidateKind::Sparse,
            min_top_popcount: 6,
            chunk: 1 << 14,
            range_candidates: None,
            time: None,
            max_candidates: None,
            progress: None,
            stop: crate::control::StopToken::new(),
            state_path: None,
        }
    }
}

/// A found magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// Rook or bishop.
    #[serde(with = "crate::set::piece_serde")]
    pub piece: RookOrBishop,
    /// The square.
    #[serde(with = "crate::set::square_serde")]
    pub square: Square,
    /// The magic.
    pub magic: u64,
    /// Its index bits.
    pub bits: u32,
    /// Candidates drawn in this square's stream up to and including this one.
    pub candidates: u64,
    /// Of those, the ones that passed the filter and were tested against occupancies.
    pub tested: u64,
    /// The smallest and largest index used (relative to the offset).
    pub min_index: u32,
    /// See `min_index`.
    pub max_index: u32,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The found magics, in target order.
    pub found: Vec<Found>,
    /// The targets still without a magic (the budget ran out).
    pub missing: Vec<Target>,
    /// Candidates drawn in this run by all threads (including work past a result that
    /// a parallel chunk did before it learned of it).
    pub generated: u64,
    /// Candidates tested against occupancies in this run.
    pub tested: u64,
    /// Wall time of this run.
    pub elapsed: Duration,
    /// Worker threads.
    pub threads: usize,
    /// Why the final state could not be written to the state file (`resume`), naming
    /// it: the file holds an earlier state or none, so this run's progress is not saved.
    /// `None` when it was written, or without a state file.
    pub unsaved: Option<String>,
}

impl Outcome {
    /// Candidates drawn per second per thread.
    pub fn rate_per_core(&self) -> f64 {
        self.generated as f64 / self.elapsed.as_secs_f64().max(1e-9) / self.threads as f64
    }
}

/// Why [`find`] did not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindError {
    /// A target's index bits outside 1..=[`MAX_FIND_BITS`].
    Bits {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
        /// The bits asked for.
        bits: u32,
    },
    /// [`FindOptions::chunk`] is 0.
    ZeroChunk,
    /// The state to resume from is not this search's.
    State(StateError),
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindError::Bits {
                piece,
                square,
                bits,
            } => write!(
                f,
                "{piece} {square}: {bits} bits: the finder searches 1 to {MAX_FIND_BITS} bits"
            ),
            FindError::ZeroChunk => f.write_str("chunk size 0"),
            FindError::State(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FindError {}

/// Runs a search over `targets`, continuing from `resume` when given (see
/// [`SearchState::check_matches`]). Found magics are written to the state file (when
/// [`FindOptions::state_path`] is set) as soon as they are found.
pub fn find(
    targets: &[Target],
    opts: &FindOptions,
    resume: Option<SearchState>,
) -> Result<Outcome, FindError> {
    if let Some(t) = targets
        .iter()
        .find(|t| !(1..=MAX_FIND_BITS).contains(&t.bits))
    {
        return Err(FindError::Bits {
            piece: t.piece,
            square: t.square,
            bits: t.bits,
        });
    }
    if opts.chunk == 0 {
        return Err(FindError::ZeroChunk);
    }
    let state = match resume {
        Some(state) => {
            state
                .check_matches(opts, targets)
                .map_err(FindError::State)?;
            state
        }
        None => SearchState::new(opts, targets),
    };
    let start = Instant::now();
    let threads = rayon::current_num_threads();
    let run = Run {
        opts,
        counters: Counters::new(opts.max_candidates),
        recorder: Recorder::new(state, opts.state_path.as_deref()),
    };
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let monitor = scope.spawn(|| {
            monitor::watch(opts, targets.len() as u64, start, &run.counters, &done);
        });
        match opts.seeding {
            Seeding::Chain(seed) => run.chain(targets, seed),
            _ => run.squares(targets, threads),
        }
        done.store(true, Ordering::Relaxed);
        monitor.thread().unpark();
    });

    let (state, unsaved) = run.recorder.finish();
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for target in targets {
        match state.found_for(target) {
            Some(f) => found.push(*f),
            None => missing.push(*target),
        }
    }
    Ok(Outcome {
        found,
        missing,
        generated: run.counters.generated.load(Ordering::Relaxed),
        tested: run.counters.tested.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        threads,
        unsaved,
    })
}
