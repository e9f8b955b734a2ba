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
//! ANDed per sparse candidate: see [`crate::rng::Triple`]). A square's result is the first valid candidate in
//! (chunk, position) order, so it is the same whatever the thread count, the order the
//! squares run in, or where a run was interrupted: squares run in parallel, and a
//! square searched alone runs its chunks in parallel. [`Seeding::Stockfish`] is one
//! generator per square seeded by its rank (one stream, so a square runs on one
//! thread); [`Seeding::Chain`] is one generator across all squares in order (fully
//! sequential; it reproduces our fancy32 prototype).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sliders::{RookOrBishop, Square};

use crate::rng::{chunk_seed, Candidates, Triple, Xorshift64Star, STOCKFISH_RANK_SEEDS};
use crate::set::{mask_bits, SchemeKind};

/// The most index bits the finder searches with (a rook mask has at most 12 bits).
pub const MAX_FIND_BITS: u32 = 12;
const SCRATCH: usize = 1 << MAX_FIND_BITS;
/// Set bits of each byte value.
const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};
/// How often (in candidates) a worker publishes its counts and looks at the stop flag.
const POLL: u64 = 1024;

/// Where candidates come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// Stockfish's: a fresh xorshift64* per square seeded by its rank
    /// ([`STOCKFISH_RANK_SEEDS`]).
    Stockfish,
    /// Per-square streams derived from `(seed, piece, square, chunk)`.
    Seed(u64),
    /// One xorshift64* seeded with the number, drawn across all squares in order
    /// (rook a1..h8, then bishop a1..h8): sequential.
    Chain(u64),
    /// Like [`Seeding::Seed`], with the seed taken per piece and rank from
    /// [`TUNED_SEEDS`] (Stockfish's idea of per-rank seeds, tuned for this finder).
    Tuned,
}

/// Per-(piece, rank) seeds for [`Seeding::Tuned`], rook ranks 1..8 then bishop ranks
/// 1..8: for each group, the seed in 1..=16384 whose eight squares need the least work
/// (draws, occupancy probes and tested candidates, [`square_work`]) with the fancy
/// scheme, found by [`tune_seeds`] (`cargo run --release -p sliders-search --example
/// tune_seeds -- 16384`, 371 s on two cores). This is Stockfish's idea (per-rank seeds
/// chosen for speed) applied to our per-square streams.
#[rustfmt::skip]
pub const TUNED_SEEDS: [u64; 16] = [
    3409, 5039, 10452, 13821, 13817, 5651, 6860, 8284, // rook ranks 1..8
    10012, 10314, 16317, 13100, 4766, 4685, 12631, 13617, // bishop ranks 1..8
];

impl Seeding {
    /// Parses `stockfish`, `chain:<n>` or a number (decimal or `0x` hex).
    pub fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        let number = |s: &str| {
            s.strip_prefix("0x")
                .map_or_else(|| s.parse().ok(), |h| u64::from_str_radix(h, 16).ok())
        };
        if t == "stockfish" {
            Some(Seeding::Stockfish)
        } else if t == "tuned" {
            Some(Seeding::Tuned)
        } else if let Some(n) = t.strip_prefix("chain:") {
            number(n).map(Seeding::Chain)
        } else {
            number(t).map(Seeding::Seed)
        }
    }

    /// The text [`Seeding::parse`] reads back.
    pub fn name(&self) -> String {
        match self {
            Seeding::Stockfish => "stockfish".into(),
            Seeding::Seed(n) => n.to_string(),
            Seeding::Chain(n) => format!("chain:{n}"),
            Seeding::Tuned => "tuned".into(),
        }
    }
}

/// How a candidate is drawn from the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CandidateKind {
    /// The AND of three outputs (about 8 bits set): Stockfish's.
    Sparse,
    /// One output (about 32 bits set): the published reduced-bit magics are dense.
    Dense,
}

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
    /// Show a progress bar on stderr (only if the run lasts over a second and stderr is
    /// a terminal).
    pub progress: bool,
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
            progress: false,
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

/// A state file that cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not JSON of a state's shape.
    Json {
        /// Where the reader stopped (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What it found wrong.
        message: String,
    },
    /// A format version this program does not read.
    Version(u32),
    /// The state of another search: what differs from this one.
    OtherSearch(Vec<StateDifference>),
}

/// What makes a state another search's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateDifference {
    /// The scheme: the state's, then this search's.
    Scheme(String, String),
    /// The seeding: the state's, then this search's.
    Seed(String, String),
    /// The chunk size, candidate kind, filter or range budget.
    Parameters,
    /// The squares or their bits.
    Targets,
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Json {
                line,
                column,
                message,
            } => write!(f, "bad state file: line {line} column {column}: {message}"),
            StateError::Version(version) => write!(
                f,
                "bad state file: version {version} (this program reads {STATE_VERSION})"
            ),
            StateError::OtherSearch(differences) => {
                f.write_str("the state file is from another search: ")?;
                for (i, difference) in differences.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match difference {
                        StateDifference::Scheme(state, now) => {
                            write!(f, "scheme {state} (now {now})")?
                        }
                        StateDifference::Seed(state, now) => write!(f, "seed {state} (now {now})")?,
                        StateDifference::Parameters => f.write_str("search parameters")?,
                        StateDifference::Targets => f.write_str("squares or bits")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for StateError {}

/// The state file format's version.
const STATE_VERSION: u32 = 1;

/// A square's occupancies (as index keys) and reference attacks, computed once.
#[derive(Clone, Debug)]
pub struct SquareData {
    /// The relevant-occupancy mask.
    pub mask: u64,
    /// The keys the magic multiplies (`occ` masked, or `occ | !mask` for black) and the
    /// reference attacks of each key's occupancy, side by side.
    pairs: Vec<(u64, u64)>,
}

impl SquareData {
    /// Precomputes a square: carry-rippler occupancies and their attacks.
    pub fn new(piece: RookOrBishop, square: Square, scheme: SchemeKind) -> Self {
        let mask = piece.mask(square);
        let mut pairs: Vec<(u64, u64)> = mask
            .subsets()
            .map(|occ| {
                let key = if scheme == SchemeKind::Black {
                    occ.0 | !mask.0
                } else {
                    occ.0
                };
                (key, piece.attacks(square, occ).0)
            })
            .collect();
        // Test the occupancies in a fixed pseudo-random order, not carry-rippler order:
        // neighbouring subsets give structured products, so a bad candidate shows its
        // collision later. The order does not change which candidates pass.
        let mut g = Xorshift64Star::new(0x0005_eed0_f0cc);
        for i in (1..pairs.len()).rev() {
            let j = (g.next_u64() % (i as u64 + 1)) as usize;
            pairs.swap(i, j);
        }
        SquareData {
            mask: mask.0,
            pairs,
        }
    }
}

#[inline(always)]
fn fold32(key: u64, magic: u64) -> u32 {
    (key as u32).wrapping_mul(magic as u32)
        ^ ((key >> 32) as u32).wrapping_mul((magic >> 32) as u32)
}

/// The scratch table: an epoch per slot, so it is never cleared.
struct Scratch {
    /// `(attacks, epoch)` side by side: one cache line per probe.
    slots: Box<[Slot; SCRATCH]>,
    age: u32,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    seen: u64,
    epoch: u32,
}

impl Scratch {
    fn new() -> Self {
        Scratch {
            slots: Box::new([Slot::default(); SCRATCH]),
            age: 0,
        }
    }

    #[inline(always)]
    fn next_age(&mut self) -> u32 {
        self.age = self.age.wrapping_add(1);
        if self.age == 0 {
            self.slots.fill(Slot::default());
            self.age = 1;
        }
        self.age
    }

    /// Whether every occupancy lands on a slot that is free or holds the same attacks.
    #[inline(always)]
    fn test(&mut self, data: &SquareData, index: impl Fn(u64) -> usize) -> bool {
        let age = self.next_age();
        for &(key, attacks) in &data.pairs {
            let slot = &mut self.slots[index(key) & (SCRATCH - 1)];
            if slot.epoch != age {
                *slot = Slot {
                    seen: attacks,
                    epoch: age,
                };
            } else if slot.seen != attacks {
                return false;
            }
        }
        true
    }
}

/// One square's candidate test, monomorphised per index function.
struct Tester<'a> {
    data: &'a SquareData,
    scheme: SchemeKind,
    bits: u32,
    min_top: u32,
}

impl Tester<'_> {
    /// The filter: top 8 bits of the mask's (folded) product (a table popcount: the
    /// target CPU may lack POPCNT).
    #[inline(always)]
    fn passes_filter<const FOLD: bool>(&self, magic: u64) -> bool {
        let top = if FOLD {
            fold32(self.data.mask, magic) >> 24
        } else {
            (self.data.mask.wrapping_mul(magic) >> 56) as u32
        };
        POP8[top as usize & 255] as u32 >= self.min_top
    }

    #[inline(always)]
    fn test<const FOLD: bool>(&self, scratch: &mut Scratch, magic: u64) -> bool {
        if FOLD {
            let shift = 32 - self.bits;
            scratch.test(self.data, |k| (fold32(k, magic) >> shift) as usize)
        } else {
            let shift = 64 - self.bits;
            scratch.test(self.data, |k| (k.wrapping_mul(magic) >> shift) as usize)
        }
    }

    fn range(&self, magic: u64) -> (u32, u32) {
        let mut lo = u32::MAX;
        let mut hi = 0;
        for &(k, _) in &self.data.pairs {
            let i = match self.scheme {
                SchemeKind::Fancy32 => fold32(k, magic) >> (32 - self.bits),
                _ => (k.wrapping_mul(magic) >> (64 - self.bits)) as u32,
            };
            lo = lo.min(i);
            hi = hi.max(i);
        }
        (lo, hi)
    }
}

/// Counters and the stop flag shared by the workers of a run.
struct Shared {
    generated: AtomicU64,
    tested: AtomicU64,
    stop: AtomicBool,
    found_count: AtomicU64,
    /// The candidate budget (checked by the workers, so it stops within a poll).
    max_candidates: u64,
}

/// A chunk's result.
enum ChunkResult {
    /// A valid magic at `pos` in the chunk; `tested` up to and including it.
    Found { pos: u64, magic: u64, tested: u64 },
    /// The whole chunk drawn, none valid (or, in range mode, the best of the chunk).
    Done {
        tested: u64,
        best: Option<(u64, u64, u64)>,
    },
    /// Stopped before the end (budget, or a lower chunk already found one).
    Stopped,
}

/// Draws up to `count` candidates from `generator` and tests them. In range mode the
/// whole chunk is drawn and the valid magic of least range (earliest on ties) kept as
/// `best = (range, pos, magic)`.
#[allow(clippy::too_many_arguments)]
fn run_chunk<G: Candidates>(
    tester: &Tester<'_>,
    kind: CandidateKind,
    range_mode: bool,
    generator: &mut G,
    count: u64,
    scratch: &mut Scratch,
    shared: &Shared,
    abort: &dyn Fn() -> bool,
) -> ChunkResult {
    let fold = tester.scheme == SchemeKind::Fancy32;
    let filter = tester.min_top > 0;
    macro_rules! go {
        ($sparse:literal, $fold:literal, $filter:literal) => {
            run_chunk_impl::<G, $sparse, $fold, $filter>(
                tester, range_mode, generator, count, scratch, shared, abort,
            )
        };
    }
    match (kind == CandidateKind::Sparse, fold, filter) {
        (true, false, true) => go!(true, false, true),
        (true, false, false) => go!(true, false, false),
        (true, true, true) => go!(true, true, true),
        (true, true, false) => go!(true, true, false),
        (false, false, true) => go!(false, false, true),
        (false, false, false) => go!(false, false, false),
        (false, true, true) => go!(false, true, true),
        (false, true, false) => go!(false, true, false),
    }
}

/// [`run_chunk`] for one candidate kind, index function and filter setting.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn run_chunk_impl<G: Candidates, const SPARSE: bool, const FOLD: bool, const FILTER: bool>(
    tester: &Tester<'_>,
    range_mode: bool,
    generator: &mut G,
    count: u64,
    scratch: &mut Scratch,
    shared: &Shared,
    abort: &dyn Fn() -> bool,
) -> ChunkResult {
    let mut tested = 0u64;
    let mut best: Option<(u64, u64, u64)> = None;
    let mut published = 0u64;
    let mut pos = 0u64;
    while pos < count {
        let end = (pos + POLL).min(count);
        while pos < end {
            let magic = if SPARSE {
                generator.sparse()
            } else {
                generator.dense()
            };
            pos += 1;
            if FILTER && !tester.passes_filter::<FOLD>(magic) {
                continue;
            }
            tested += 1;
            if tester.test::<FOLD>(scratch, magic) {
                if !range_mode {
                    shared
                        .generated
                        .fetch_add(pos - published, Ordering::Relaxed);
                    shared.tested.fetch_add(tested, Ordering::Relaxed);
                    return ChunkResult::Found {
                        pos: pos - 1,
                        magic,
                        tested,
                    };
                }
                let (lo, hi) = tester.range(magic);
                let range = (hi - lo) as u64;
                if best.is_none_or(|(r, _, _)| range < r) {
                    best = Some((range, pos - 1, magic));
                }
            }
        }
        let total = shared
            .generated
            .fetch_add(pos - published, Ordering::Relaxed)
            + (pos - published);
        published = pos;
        if total >= shared.max_candidates {
            shared.stop.store(true, Ordering::Relaxed);
        }
        if shared.stop.load(Ordering::Relaxed) || abort() {
            shared.tested.fetch_add(tested, Ordering::Relaxed);
            return ChunkResult::Stopped;
        }
    }
    shared.tested.fetch_add(tested, Ordering::Relaxed);
    ChunkResult::Done { tested, best }
}

/// A square's progress, saved in the state file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Chunks fully searched.
    pub chunks_done: u64,
    /// Candidates tested (passed the filter) in those chunks.
    pub tested_done: u64,
    /// Range mode: the best magic so far.
    pub best: Option<Found>,
}

enum TargetResult {
    Found(Found),
    Unfinished,
}

fn found_at(
    target: Target,
    tester: &Tester<'_>,
    chunk: u64,
    chunk_size: u64,
    pos: u64,
    magic: u64,
    tested: u64,
) -> Found {
    let (lo, hi) = tester.range(magic);
    Found {
        piece: target.piece,
        square: target.square,
        magic,
        bits: target.bits,
        candidates: chunk * chunk_size + pos + 1,
        tested,
        min_index: lo,
        max_index: hi,
    }
}

/// Searches one target from `start` (chunks already done); `parallel` runs a batch of
/// chunks at once.
fn search_target(
    target: Target,
    opts: &FindOptions,
    start: Progress,
    parallel: usize,
    shared: &Shared,
    on_progress: &(dyn Fn(Target, Progress) + Sync),
) -> TargetResult {
    let data = SquareData::new(target.piece, target.square, opts.scheme);
    let tester = Tester {
        data: &data,
        scheme: opts.scheme,
        bits: target.bits,
        min_top: opts.min_top_popcount,
    };
    let range_mode = opts.range_candidates.is_some();
    let total_chunks = opts.range_candidates.map(|n| n.div_ceil(opts.chunk));
    let mut progress = start;
    let pi = target.piece.index();
    let si = target.square as usize;
    let mut scratch = Scratch::new();

    if let Seeding::Stockfish = opts.seeding {
        // One stream: skip the chunks already done, then go on sequentially.
        let seed = STOCKFISH_RANK_SEEDS[target.square.rank() as usize];
        let mut generator = Xorshift64Star::new(seed);
        for _ in 0..progress.chunks_done * opts.chunk {
            match opts.kind {
                CandidateKind::Sparse => generator.sparse(),
                CandidateKind::Dense => generator.next_u64(),
            };
        }
        loop {
            if total_chunks.is_some_and(|t| progress.chunks_done >= t) && progress.best.is_some() {
                return match progress.best {
                    Some(f) => TargetResult::Found(f),
                    None => TargetResult::Unfinished,
                };
            }
            let k = progress.chunks_done;
            match run_chunk(
                &tester,
                opts.kind,
                range_mode,
                &mut generator,
                opts.chunk,
                &mut scratch,
                shared,
                &|| false,
            ) {
                ChunkResult::Found { pos, magic, tested } => {
                    return TargetResult::Found(found_at(
                        target,
                        &tester,
                        k,
                        opts.chunk,
                        pos,
                        magic,
                        progress.tested_done + tested,
                    ))
                }
                ChunkResult::Done { tested, best } => {
                    merge_best(&mut progress, best, target, &tester, k, opts.chunk);
                    progress.chunks_done += 1;
                    progress.tested_done += tested;
                    on_progress(target, progress);
                }
                ChunkResult::Stopped => return TargetResult::Unfinished,
            }
        }
    }

    let seed = match opts.seeding {
        Seeding::Seed(seed) => seed,
        Seeding::Tuned => TUNED_SEEDS[pi * 8 + target.square.rank() as usize],
        _ => unreachable!("chain seeding runs in search_chain"),
    };
    let lowest_found = AtomicU64::new(u64::MAX);
    loop {
        let first = progress.chunks_done;
        let mut last = first + parallel as u64;
        if let Some(t) = total_chunks {
            if first >= t {
                if let Some(f) = progress.best {
                    return TargetResult::Found(f);
                }
                // No valid magic within the range budget: go on until the first chunk
                // that has one (deterministic: later chunks of its batch are ignored).
            } else {
                last = last.min(t);
            }
        }
        let run = |k: u64, scratch: &mut Scratch| {
            let mut generator = Triple::new(chunk_seed(seed, pi, si, k));
            let result = run_chunk(
                &tester,
                opts.kind,
                range_mode,
                &mut generator,
                opts.chunk,
                scratch,
                shared,
                &|| lowest_found.load(Ordering::Relaxed) < k,
            );
            if let ChunkResult::Found { .. } = result {
                lowest_found.fetch_min(k, Ordering::Relaxed);
            }
            result
        };
        let results: Vec<ChunkResult> = if last - first == 1 {
            vec![run(first, &mut scratch)]
        } else {
            (first..last)
                .into_par_iter()
                .map_init(Scratch::new, |scratch, k| run(k, scratch))
                .collect()
        };
        for (k, result) in (first..last).zip(results) {
            match result {
                ChunkResult::Found { pos, magic, tested } => {
                    return TargetResult::Found(found_at(
                        target,
                        &tester,
                        k,
                        opts.chunk,
                        pos,
                        magic,
                        progress.tested_done + tested,
                    ))
                }
                ChunkResult::Done { tested, best } => {
                    merge_best(&mut progress, best, target, &tester, k, opts.chunk);
                    progress.chunks_done += 1;
                    progress.tested_done += tested;
                    if total_chunks.is_some_and(|t| k >= t) && progress.best.is_some() {
                        break;
                    }
                }
                ChunkResult::Stopped => {
                    on_progress(target, progress);
                    return TargetResult::Unfinished;
                }
            }
        }
        on_progress(target, progress);
    }
}

fn merge_best(
    progress: &mut Progress,
    best: Option<(u64, u64, u64)>,
    target: Target,
    tester: &Tester<'_>,
    chunk: u64,
    chunk_size: u64,
) {
    if let Some((range, pos, magic)) = best {
        let better = progress
            .best
            .is_none_or(|b| (range as u32) < b.max_index - b.min_index);
        if better {
            let tested = progress.tested_done; // approximate in range mode
            progress.best = Some(found_at(
                target, tester, chunk, chunk_size, pos, magic, tested,
            ));
        }
    }
}

/// The resumable state of a run, saved as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchState {
    /// Format version (1).
    pub version: u32,
    /// The scheme's name.
    pub scheme: String,
    /// The seeding, as [`Seeding::name`].
    pub seed: String,
    /// Candidates per chunk.
    pub chunk: u64,
    /// Sparse or dense candidates.
    pub kind: CandidateKind,
    /// The filter threshold.
    pub min_top_popcount: u32,
    /// Range mode's candidates per square.
    pub range_candidates: Option<u64>,
    /// The targets.
    pub targets: Vec<StateTarget>,
    /// The magics found so far.
    pub found: Vec<Found>,
    /// The progress of squares not yet found.
    pub progress: Vec<StateProgress>,
}

/// A target in the state file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateTarget {
    /// Rook or bishop.
    #[serde(with = "crate::set::piece_serde")]
    pub piece: RookOrBishop,
    /// The square.
    #[serde(with = "crate::set::square_serde")]
    pub square: Square,
    /// Index bits.
    pub bits: u32,
}

/// A square's progress in the state file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateProgress {
    /// Rook or bishop.
    #[serde(with = "crate::set::piece_serde")]
    pub piece: RookOrBishop,
    /// The square.
    #[serde(with = "crate::set::square_serde")]
    pub square: Square,
    /// How far it got.
    pub progress: Progress,
}

impl SearchState {
    /// A fresh state for a run.
    pub fn new(opts: &FindOptions, targets: &[Target]) -> Self {
        SearchState {
            version: STATE_VERSION,
            scheme: opts.scheme.name().into(),
            seed: opts.seeding.name(),
            chunk: opts.chunk,
            kind: opts.kind,
            min_top_popcount: opts.min_top_popcount,
            range_candidates: opts.range_candidates,
            targets: targets
                .iter()
                .map(|t| StateTarget {
                    piece: t.piece,
                    square: t.square,
                    bits: t.bits,
                })
                .collect(),
            found: Vec::new(),
            progress: Vec::new(),
        }
    }

    /// Reads a state file's text, naming what is wrong.
    pub fn from_json(text: &str) -> Result<Self, StateError> {
        let state: SearchState = serde_json::from_str(text).map_err(|e| StateError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if state.version != STATE_VERSION {
            return Err(StateError::Version(state.version));
        }
        Ok(state)
    }

    /// Checks that this state belongs to a run with `opts` and `targets`.
    pub fn check_matches(&self, opts: &FindOptions, targets: &[Target]) -> Result<(), StateError> {
        let fresh = SearchState::new(opts, targets);
        let mut differences = Vec::new();
        if self.scheme != fresh.scheme {
            differences.push(StateDifference::Scheme(self.scheme.clone(), fresh.scheme));
        }
        if self.seed != fresh.seed {
            differences.push(StateDifference::Seed(self.seed.clone(), fresh.seed));
        }
        if self.chunk != fresh.chunk
            || self.kind != fresh.kind
            || self.min_top_popcount != fresh.min_top_popcount
            || self.range_candidates != fresh.range_candidates
        {
            differences.push(StateDifference::Parameters);
        }
        if self.targets != fresh.targets {
            differences.push(StateDifference::Targets);
        }
        if differences.is_empty() {
            Ok(())
        } else {
            Err(StateError::OtherSearch(differences))
        }
    }
}

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
    let state = Mutex::new(state);
    let start = Instant::now();
    let shared = Shared {
        generated: AtomicU64::new(0),
        tested: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        found_count: AtomicU64::new(0),
        max_candidates: opts.max_candidates.unwrap_or(u64::MAX),
    };
    let threads = rayon::current_num_threads();
    let last_write = Mutex::new(Instant::now());
    let save = |state: &SearchState, force: bool| {
        if let Some(path) = &opts.state_path {
            let mut last = last_write.lock().unwrap_or_else(|e| e.into_inner());
            if force || last.elapsed() >= Duration::from_secs(1) {
                if let Ok(text) = serde_json::to_string_pretty(state) {
                    // A failed write is retried at the next save; the search goes on.
                    let _ = crate::write_atomic(path, text.as_bytes());
                }
                *last = Instant::now();
            }
        }
    };
    let (todo, already): (Vec<Target>, usize) = {
        let s = state.lock().unwrap_or_else(|e| e.into_inner());
        let todo: Vec<Target> = targets
            .iter()
            .copied()
            .filter(|t| {
                !s.found
                    .iter()
                    .any(|f| f.piece == t.piece && f.square == t.square)
            })
            .collect();
        let already = targets.len() - todo.len();
        (todo, already)
    };
    shared.found_count.store(already as u64, Ordering::Relaxed);
    let done = AtomicBool::new(false);

    std::thread::scope(|scope| {
        // The monitor: budget, progress bar.
        let monitor_thread = scope.spawn(|| {
            monitor(opts, targets.len() as u64, start, &shared, &done);
        });
        let on_progress = |t: Target, p: Progress| {
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            s.progress
                .retain(|sp| !(sp.piece == t.piece && sp.square == t.square));
            s.progress.push(StateProgress {
                piece: t.piece,
                square: t.square,
                progress: p,
            });
            save(&s, false);
        };
        let on_found = |f: Found| {
            shared.found_count.fetch_add(1, Ordering::Relaxed);
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            s.progress
                .retain(|sp| !(sp.piece == f.piece && sp.square == f.square));
            s.found.push(f);
            save(&s, true);
        };
        match opts.seeding {
            Seeding::Chain(seed) => {
                let s = state.lock().unwrap_or_else(|e| e.into_inner()).clone();
                if !s.found.is_empty() || !s.progress.is_empty() {
                    // The single stream cannot skip squares: start over (it is fast).
                    let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                    s.found.clear();
                    s.progress.clear();
                }
                search_chain(targets, opts, seed, &shared, &on_found);
            }
            _ => {
                let progress_of = |t: &Target| {
                    let s = state.lock().unwrap_or_else(|e| e.into_inner());
                    s.progress
                        .iter()
                        .find(|sp| sp.piece == t.piece && sp.square == t.square)
                        .map(|sp| sp.progress)
                        .unwrap_or(Progress {
                            chunks_done: 0,
                            tested_done: 0,
                            best: None,
                        })
                };
                let parallel = if todo.len() >= threads {
                    1
                } else {
                    threads * 2
                };
                todo.par_iter().with_max_len(1).for_each(|&t| {
                    let start = progress_of(&t);
                    if let TargetResult::Found(f) =
                        search_target(t, opts, start, parallel, &shared, &on_progress)
                    {
                        on_found(f);
                    }
                });
            }
        }
        done.store(true, Ordering::Relaxed);
        monitor_thread.thread().unpark();
    });

    let s = state.into_inner().unwrap_or_else(|e| e.into_inner());
    save(&s, true);
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for t in targets {
        match s
            .found
            .iter()
            .find(|f| f.piece == t.piece && f.square == t.square)
        {
            Some(f) => found.push(*f),
            None => missing.push(*t),
        }
    }
    Ok(Outcome {
        found,
        missing,
        generated: shared.generated.load(Ordering::Relaxed),
        tested: shared.tested.load(Ordering::Relaxed),
        elapsed: start.elapsed(),
        threads,
    })
}

/// One generator across all targets in order.
fn search_chain(
    targets: &[Target],
    opts: &FindOptions,
    seed: u64,
    shared: &Shared,
    on_found: &(dyn Fn(Found) + Sync),
) {
    let mut generator = Xorshift64Star::new(seed);
    let mut scratch = Scratch::new();
    for &target in targets {
        let data = SquareData::new(target.piece, target.square, opts.scheme);
        let tester = Tester {
            data: &data,
            scheme: opts.scheme,
            bits: target.bits,
            min_top: opts.min_top_popcount,
        };
        let mut chunk = 0;
        let mut tested_done = 0;
        loop {
            match run_chunk(
                &tester,
                opts.kind,
                false,
                &mut generator,
                opts.chunk,
                &mut scratch,
                shared,
                &|| false,
            ) {
                ChunkResult::Found { pos, magic, tested } => {
                    on_found(found_at(
                        target,
                        &tester,
                        chunk,
                        opts.chunk,
                        pos,
                        magic,
                        tested_done + tested,
                    ));
                    break;
                }
                ChunkResult::Done { tested, .. } => {
                    chunk += 1;
                    tested_done += tested;
                }
                ChunkResult::Stopped => return,
            }
        }
    }
}

/// Watches the budget and draws the progress bar (after the first second).
fn monitor(opts: &FindOptions, total: u64, start: Instant, shared: &Shared, done: &AtomicBool) {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::hidden(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} squares {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        // Woken early when the search ends.
        std::thread::park_timeout(Duration::from_millis(20));
        let elapsed = start.elapsed();
        let generated = shared.generated.load(Ordering::Relaxed);
        if opts.time.is_some_and(|t| elapsed >= t)
            || opts.max_candidates.is_some_and(|c| generated >= c)
        {
            shared.stop.store(true, Ordering::Relaxed);
        }
        if opts.progress && elapsed >= Duration::from_secs(1) {
            if !shown {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                shown = true;
            }
            bar.set_position(shared.found_count.load(Ordering::Relaxed));
            let rate =
                generated as f64 / elapsed.as_secs_f64() / rayon::current_num_threads() as f64;
            bar.set_message(format!(
                "{generated} candidates, {:.2} M/s/core",
                rate / 1e6
            ));
        }
    }
    if shown {
        bar.finish_and_clear();
    }
}

/// Builds a full set (all 128 squares found) with the scheme's layout: cumulative
/// offsets for fancy and fancy32, `square << bits` for plain, and a greedy packing of
/// the shared table for fixed-shift and black.
pub fn assemble(scheme: SchemeKind, found: &[Found]) -> Result<crate::MagicSet, AssembleError> {
    if scheme == SchemeKind::OffsetInMagic {
        return Err(AssembleError::OffsetInMagic);
    }
    let mut magics = [[None::<Found>; 64]; 2];
    for f in found {
        magics[f.piece.index()][f.square as usize] = Some(*f);
    }
    let mut out = [[crate::SquareMagic::default(); 64]; 2];
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let f = magics[piece.index()][square as usize]
                .ok_or(AssembleError::Missing { piece, square })?;
            out[piece.index()][square as usize] = crate::SquareMagic {
                magic: f.magic,
                bits: f.bits,
                offset: 0,
            };
        }
        let bits: [u32; 64] = std::array::from_fn(|i| out[piece.index()][i].bits);
        let offsets: [u32; 64] = match scheme {
            SchemeKind::Plain => std::array::from_fn(|i| (i as u32) << bits[i]),
            SchemeKind::FixedShift | SchemeKind::Black => {
                // Disjoint windows to start with (rooks, then bishops); packed below.
                let base = if piece == RookOrBishop::Rook {
                    0
                } else {
                    64 << 12
                };
                std::array::from_fn(|i| base + ((i as u32) << 12))
            }
            _ => crate::set::cumulative_offsets(&bits),
        };
        for i in 0..64 {
            out[piece.index()][i].offset = offsets[i];
        }
    }
    let set = crate::MagicSet::new(scheme, out[0], out[1]).map_err(AssembleError::Set)?;
    if scheme.shared_table() {
        Ok(crate::pack::pack(&set).map_err(AssembleError::Pack)?.set)
    } else {
        Ok(set)
    }
}

/// Why found magics do not make a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssembleError {
    /// Offset-in-magic magics are found together with their offsets
    /// ([`crate::offset::search`]).
    OffsetInMagic,
    /// No magic for this square.
    Missing {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
    },
    /// The magics' bits do not fit the scheme.
    Set(crate::SetError),
    /// The shared table could not be packed.
    Pack(crate::pack::PackError),
}

impl std::fmt::Display for AssembleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AssembleError::OffsetInMagic => f.write_str(
                "offset-in-magic magics are found together with their offsets: use offset::search",
            ),
            AssembleError::Missing { piece, square } => write!(f, "no magic for {piece} {square}"),
            AssembleError::Set(e) => e.fmt(f),
            AssembleError::Pack(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AssembleError {}

/// All 128 squares at their mask bits: rook a1..h8, then bishop a1..h8.
pub fn all_targets() -> Vec<Target> {
    let mut out = Vec::with_capacity(128);
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            out.push(Target {
                piece,
                square,
                bits: mask_bits(piece, square),
            });
        }
    }
    out
}

/// The cost of one square's first magic with per-square seed `seed` (as
/// [`Seeding::Seed`]), single-threaded, or `None` when more than `cap` candidates would be
/// drawn: `(drawn, tested)`.
pub fn square_cost(target: Target, opts: &FindOptions, seed: u64, cap: u64) -> Option<(u64, u64)> {
    let mut o = opts.clone();
    o.seeding = Seeding::Seed(seed);
    o.state_path = None;
    let shared = Shared {
        generated: AtomicU64::new(0),
        tested: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        found_count: AtomicU64::new(0),
        max_candidates: cap,
    };
    let start = Progress {
        chunks_done: 0,
        tested_done: 0,
        best: None,
    };
    match search_target(target, &o, start, 1, &shared, &|_, _| {}) {
        TargetResult::Found(f) => Some((f.candidates, f.tested)),
        TargetResult::Unfinished => None,
    }
}

/// Tunes [`TUNED_SEEDS`]: for each (piece, rank), the seed in `1..=max_seed` whose eight
/// squares need the least work ([`square_work`]), with branch and bound. Returns the
/// seeds and each group's work.
pub fn tune_seeds(opts: &FindOptions, max_seed: u64) -> ([u64; 16], [u64; 16]) {
    let groups: Vec<usize> = (0..16).collect();
    let results: Vec<(u64, u64)> = groups
        .par_iter()
        .map(|&g| {
            let piece = RookOrBishop::BOTH[g / 8];
            let rank = g % 8;
            let mut best = (u64::MAX, 0u64);
            for seed in 1..=max_seed {
                let mut cost = 0u64;
                let mut ok = true;
                for file in 0..8 {
                    let square = Square::ALL[rank * 8 + file];
                    let target = Target {
                        piece,
                        square,
                        bits: mask_bits(piece, square),
                    };
                    match square_work(target, opts, seed, best.0.saturating_sub(cost)) {
                        Some(w) if cost + w < best.0 => cost += w,
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    best = (cost, seed);
                }
            }
            (best.1, best.0)
        })
        .collect();
    let mut seeds = [0u64; 16];
    let mut work = [0u64; 16];
    for (g, (seed, w)) in results.into_iter().enumerate() {
        seeds[g] = seed;
        work[g] = w;
    }
    (seeds, work)
}

/// The extra weight of a tested candidate in [`square_work`].
const TESTED_WEIGHT: u64 = 32;

/// The work of one square's search with per-square seed `seed` (as [`Seeding::Seed`]):
/// `4 x drawn + probes + 32 x tested`, where a probe is one occupancy looked up in the
/// scratch table (a draw costs about four probes here), and the tested term makes the
/// tuning prefer fewer tested candidates too. `None` once it passes `cap`. This mirrors the
/// hot loop with counters, for [`tune_seeds`].
pub fn square_work(target: Target, opts: &FindOptions, seed: u64, cap: u64) -> Option<u64> {
    let data = SquareData::new(target.piece, target.square, opts.scheme);
    let tester = Tester {
        data: &data,
        scheme: opts.scheme,
        bits: target.bits,
        min_top: opts.min_top_popcount,
    };
    let fold = opts.scheme == SchemeKind::Fancy32;
    let filter = opts.min_top_popcount > 0;
    let mut scratch = Scratch::new();
    let mut cost = 0u64;
    for chunk in 0.. {
        let mut g = Triple::new(chunk_seed(
            seed,
            target.piece.index(),
            target.square as usize,
            chunk,
        ));
        for _ in 0..opts.chunk {
            let magic = match opts.kind {
                CandidateKind::Sparse => g.sparse(),
                CandidateKind::Dense => g.dense(),
            };
            cost += 4;
            let pass = if !filter {
                true
            } else if fold {
                tester.passes_filter::<true>(magic)
            } else {
                tester.passes_filter::<false>(magic)
            };
            if pass {
                // A tested candidate also counts on its own, so the tuning favours fewer
                // tested candidates as well as less work.
                cost += TESTED_WEIGHT;
                let age = scratch.next_age();
                let mut ok = true;
                for &(key, attacks) in &data.pairs {
                    cost += 1;
                    let i = if fold {
                        (fold32(key, magic) >> (32 - target.bits)) as usize
                    } else {
                        (key.wrapping_mul(magic) >> (64 - target.bits)) as usize
                    };
                    let slot = &mut scratch.slots[i & (SCRATCH - 1)];
                    if slot.epoch != age {
                        *slot = Slot {
                            seen: attacks,
                            epoch: age,
                        };
                    } else if slot.seen != attacks {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    return Some(cost);
                }
            }
            if cost > cap {
                return None;
            }
        }
    }
    None
}
