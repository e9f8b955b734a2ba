//! The driver: a run's squares, in parallel or in one chain, and one square's search, a
//! batch of chunks at a time, down to its first valid magic or, in range mode, the best
//! one within its budget. Every seeding runs through the same loop; only where the
//! chunks come from differs ([`Chunks`]).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::chunk::{ChunkJob, ChunkResult, Hit};
use super::monitor::Counters;
use super::seeding::Chunks;
use super::state::{Progress, Recorder};
use super::tester::{Scratch, SquareData, Tester};
use super::{FindOptions, Found, Target};
use crate::rng::Xorshift64Star;

/// A run: what its squares' searches share.
pub(super) struct Run<'a> {
    pub(super) opts: &'a FindOptions,
    pub(super) counters: Counters,
    pub(super) recorder: Recorder<'a>,
}

impl Run<'_> {
    /// The squares without a magic in parallel; when fewer than the threads, each runs
    /// batches of its chunks in parallel too.
    pub(super) fn squares(&self, targets: &[Target], threads: usize) {
        let todo = self.recorder.unfinished(targets);
        let done = targets.len() - todo.len();
        self.counters.found.store(done as u64, Ordering::Relaxed);
        let batch = if todo.len() >= threads {
            1
        } else {
            threads * 2
        };
        let opts = self.opts;
        todo.par_iter().with_max_len(1).for_each(|&target| {
            let progress = self.recorder.progress_of(&target);
            let from = progress.chunks_done;
            let mut chunks = opts
                .seeding
                .chunks(target, opts.kind, opts.chunk, from, batch);
            let on_progress = |t, p| self.recorder.progress(t, p);
            if let Some(f) = self.search(target, &on_progress).run(progress, &mut chunks) {
                self.found(f);
            }
        });
    }

    /// Chain seeding: one stream drawn on by every square in order, which cannot skip a
    /// square, so the run starts over (it is fast).
    pub(super) fn chain(&self, targets: &[Target], seed: u64) {
        self.recorder.clear();
        let mut chunks = Chunks::Stream(Xorshift64Star::new(seed));
        for &target in targets {
            match self
                .search(target, &|_, _| {})
                .run(Progress::default(), &mut chunks)
            {
                Some(f) => self.found(f),
                None => break,
            }
        }
    }

    fn search<'s>(
        &'s self,
        target: Target,
        on_progress: &'s (dyn Fn(Target, Progress) + Sync),
    ) -> SquareSearch<'s> {
        SquareSearch {
            target,
            opts: self.opts,
            counters: &self.counters,
            on_progress,
        }
    }

    fn found(&self, found: Found) {
        self.counters.found.fetch_add(1, Ordering::Relaxed);
        self.recorder.found(found);
    }
}

/// One square's search in a run.
pub(super) struct SquareSearch<'a> {
    pub(super) target: Target,
    pub(super) opts: &'a FindOptions,
    pub(super) counters: &'a Counters,
    /// Told after each batch of chunks, and when the run stops.
    pub(super) on_progress: &'a (dyn Fn(Target, Progress) + Sync),
}

impl SquareSearch<'_> {
    /// Searches from `progress` on: the magic, or `None` when the run stopped first.
    pub(super) fn run(&self, mut progress: Progress, chunks: &mut Chunks) -> Option<Found> {
        let opts = self.opts;
        let lowest_found = AtomicU64::new(u64::MAX);
        let data = SquareData::new(self.target.piece, self.target.square, opts.scheme);
        let job = ChunkJob {
            tester: Tester::new(&data, self.target.bits, opts.min_top_popcount),
            scheme: opts.scheme,
            kind: opts.kind,
            range_mode: opts.range_candidates.is_some(),
            size: opts.chunk,
            counters: self.counters,
            lowest_found: &lowest_found,
        };
        // Range mode: the chunks the per-square budget spans.
        let budget = opts.range_candidates.map(|n| n.div_ceil(opts.chunk));
        let mut scratch = Scratch::new();
        loop {
            let first = progress.chunks_done;
            let past_budget = budget.is_some_and(|b| first >= b);
            if past_budget && progress.best.is_some() {
                return progress.best;
            }
            // Past the budget with no valid magic yet, the search goes on until the
            // first chunk that has one.
            let last = match budget {
                Some(b) if !past_budget => (first + chunks.batch() as u64).min(b),
                _ => first + chunks.batch() as u64,
            };
            let results = chunks.run(self.target, first..last, &job, &mut scratch);
            for (k, result) in (first..last).zip(results) {
                match result {
                    ChunkResult::Found { hit, tested } => {
                        return Some(self.found(k, hit, progress.tested_done + tested));
                    }
                    ChunkResult::Done { tested, best } => {
                        if let Some(hit) = best {
                            if progress.best.is_none_or(|b| hit.range() < b.range()) {
                                // `tested` is approximate in range mode: up to the chunk.
                                progress.best = Some(self.found(k, hit, progress.tested_done));
                            }
                        }
                        progress.chunks_done += 1;
                        progress.tested_done += tested;
                        // The first chunk past the budget with a valid magic ends the
                        // search; later chunks of its batch do not count (determinism).
                        if past_budget && progress.best.is_some() {
                            break;
                        }
                    }
                    ChunkResult::Stopped => {
                        (self.on_progress)(self.target, progress);
                        return None;
                    }
                }
            }
            (self.on_progress)(self.target, progress);
        }
    }

    /// The magic `hit` of chunk `k`, with `tested` candidates tested up to it.
    fn found(&self, k: u64, hit: Hit, tested: u64) -> Found {
        Found {
            piece: self.target.piece,
            square: self.target.square,
            magic: hit.magic,
            bits: self.target.bits,
            candidates: k * self.opts.chunk + hit.pos + 1,
            tested,
            min_index: hit.lo,
            max_index: hit.hi,
        }
    }
}

impl Found {
    /// The spread of the indices it uses.
    fn range(&self) -> u32 {
        self.max_index - self.min_index
    }
}
