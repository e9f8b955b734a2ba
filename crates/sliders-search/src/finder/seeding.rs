//! Where candidates come from: the seeding the user picks, and for each square the
//! chunks of its candidate stream (the candidate kind is `candidate`'s).

use rayon::prelude::*;

use super::candidate::CandidateKind;
use super::chunk::{ChunkJob, ChunkResult};
use super::tester::Scratch;
use super::Target;
use crate::rng::{chunk_seed, Triple, Xorshift64Star, STOCKFISH_RANK_SEEDS};

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
/// (draws, occupancy probes and tested candidates, [`super::square_work`]) with the
/// fancy scheme, found by [`super::tune_seeds`] (`cargo run --release -p sliders-search
/// --example tune_seeds -- 16384`, 371 s on two cores). This is Stockfish's idea
/// (per-rank seeds chosen for speed) applied to our per-square streams.
#[rustfmt::skip]
pub const TUNED_SEEDS: [u64; 16] = [
    3409, 5039, 10452, 13821, 13817, 5651, 6860, 8284, // rook ranks 1..8
    10012, 10314, 16317, 13100, 4766, 4685, 12631, 13617, // bishop ranks 1..8
];

impl Seeding {
    /// Parses `stockfish`, `tuned`, `chain:<n>` or a number (decimal or `0x` hex).
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

    /// `target`'s chunks from chunk `from` on; independent ones run `batch` at a time.
    /// Chain seeding has one stream for all squares, which [`super::find`] makes.
    pub(super) fn chunks(
        self,
        target: Target,
        kind: CandidateKind,
        chunk: u64,
        from: u64,
        batch: usize,
    ) -> Chunks {
        let rank = target.square.rank() as usize;
        match self {
            Seeding::Stockfish => {
                // One stream: skip the chunks already done.
                let mut stream = Xorshift64Star::new(STOCKFISH_RANK_SEEDS[rank]);
                for _ in 0..from * chunk {
                    kind.draw(&mut stream);
                }
                Chunks::Stream(stream)
            }
            Seeding::Seed(seed) => Chunks::Independent { seed, batch },
            Seeding::Tuned => Chunks::Independent {
                seed: TUNED_SEEDS[target.piece.index() * 8 + rank],
                batch,
            },
            Seeding::Chain(_) => unreachable!("chain seeding: one stream for all squares"),
        }
    }
}

/// A square's candidates, in chunks of [`super::FindOptions::chunk`].
pub(super) enum Chunks {
    /// Chunk `k` of a square from its own generator, seeded by `(seed, piece, square,
    /// k)`: chunks run in parallel, `batch` at a time, and a result does not depend on
    /// how many ran together.
    Independent {
        /// The user's (or the tuned) seed.
        seed: u64,
        /// Chunks run at once.
        batch: usize,
    },
    /// One generator drawn on in order, a chunk at a time: Stockfish's per square, or
    /// the chain's across squares.
    Stream(Xorshift64Star),
}

impl Chunks {
    /// Chunk `k`'s generator under [`Chunks::Independent`].
    pub(super) fn generator(seed: u64, target: Target, k: u64) -> Triple {
        Triple::new(chunk_seed(
            seed,
            target.piece.index(),
            target.square as usize,
            k,
        ))
    }

    /// How many chunks run at once.
    pub(super) fn batch(&self) -> usize {
        match self {
            Chunks::Independent { batch, .. } => *batch,
            Chunks::Stream(_) => 1,
        }
    }

    /// Runs `target`'s chunks `ks` (at most [`Chunks::batch`] of them): their results in
    /// order. A lone chunk uses `scratch`; a parallel batch, one scratch per thread.
    pub(super) fn run(
        &mut self,
        target: Target,
        ks: std::ops::Range<u64>,
        job: &ChunkJob<'_>,
        scratch: &mut Scratch,
    ) -> Vec<ChunkResult> {
        match self {
            Chunks::Stream(stream) => ks.map(|k| job.run(k, stream, scratch)).collect(),
            Chunks::Independent { seed, .. } if ks.end - ks.start == 1 => {
                let k = ks.start;
                vec![job.run(k, &mut Self::generator(*seed, target, k), scratch)]
            }
            Chunks::Independent { seed, .. } => {
                let seed = *seed;
                ks.into_par_iter()
                    .map_init(Scratch::new, |scratch, k| {
                        job.run(k, &mut Self::generator(seed, target, k), scratch)
                    })
                    .collect()
            }
        }
    }
}
