//! The hot loop: one chunk of a square's candidates drawn, filtered and tested, with
//! the counts published to the run's counters as it goes.

use std::sync::atomic::{AtomicU64, Ordering};

use super::candidate::CandidateKind;
use super::monitor::Counters;
use super::tester::{Folded, Product, Scratch, Tester, Wide};
use crate::rng::Candidates;
use crate::set::SchemeKind;

/// How often (in candidates) a worker publishes its counts and looks at the stop flag.
const POLL: u64 = 1024;

/// A valid magic in a chunk.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    /// Its position in the chunk.
    pub(super) pos: u64,
    pub(super) magic: u64,
    /// The smallest and largest index it uses.
    pub(super) lo: u32,
    pub(super) hi: u32,
}

impl Hit {
    /// The spread of the indices it uses: range mode keeps the least.
    pub(super) fn range(&self) -> u32 {
        self.hi - self.lo
    }
}

/// A chunk's result.
pub(super) enum ChunkResult {
    /// The first valid magic; `tested` counts candidates tested up to and including it.
    Found { hit: Hit, tested: u64 },
    /// The whole chunk drawn: no valid magic, or in range mode the one of least range
    /// (earliest on ties) as `best`.
    Done { tested: u64, best: Option<Hit> },
    /// Stopped before the end: the budget ran out, or a lower chunk of the batch found a
    /// magic.
    Stopped,
}

/// What every chunk of one square's search shares.
pub(super) struct ChunkJob<'a> {
    pub(super) tester: Tester<'a>,
    pub(super) scheme: SchemeKind,
    pub(super) kind: CandidateKind,
    /// Keep the valid magic of least range instead of stopping at the first.
    pub(super) range_mode: bool,
    /// Candidates per chunk.
    pub(super) size: u64,
    pub(super) counters: &'a Counters,
    /// The lowest chunk that found a magic: higher chunks of a batch stop. Behind a
    /// reference, so the job itself holds no atomic and the compiler may take its
    /// fields as fixed during the loop.
    pub(super) lowest_found: &'a AtomicU64,
}

impl ChunkJob<'_> {
    /// Draws and tests chunk `k` from `generator`.
    pub(super) fn run<G: Candidates>(
        &self,
        k: u64,
        generator: &mut G,
        scratch: &mut Scratch,
    ) -> ChunkResult {
        use CandidateKind::{Dense, Sparse};
        // The settings become constants and a type, so the hot loop never branches on
        // them: a branch on the kind cost 1.5-2.5% of a record hunt's time, one on the
        // filter 3% of a Stockfish-seeded search's.
        let filter = self.tester.min_top > 0;
        let result = match (self.kind, filter) {
            (Sparse, true) => self.with_product::<G, true, true>(k, generator, scratch),
            (Sparse, false) => self.with_product::<G, true, false>(k, generator, scratch),
            (Dense, true) => self.with_product::<G, false, true>(k, generator, scratch),
            (Dense, false) => self.with_product::<G, false, false>(k, generator, scratch),
        };
        if let ChunkResult::Found { .. } = result {
            self.lowest_found.fetch_min(k, Ordering::Relaxed);
        }
        result
    }

    /// [`ChunkJob::run`] with the candidate kind (`SPARSE`) and the filter (`FILTER`)
    /// fixed: the scheme's product.
    fn with_product<G: Candidates, const SPARSE: bool, const FILTER: bool>(
        &self,
        k: u64,
        generator: &mut G,
        scratch: &mut Scratch,
    ) -> ChunkResult {
        match self.scheme {
            SchemeKind::Fancy32 => {
                self.draw_and_test::<G, Folded, SPARSE, FILTER>(k, generator, scratch)
            }
            _ => self.draw_and_test::<G, Wide, SPARSE, FILTER>(k, generator, scratch),
        }
    }

    /// The hot loop.
    #[inline(never)]
    fn draw_and_test<G: Candidates, P: Product, const SPARSE: bool, const FILTER: bool>(
        &self,
        k: u64,
        generator: &mut G,
        scratch: &mut Scratch,
    ) -> ChunkResult {
        let tester = self.tester;
        let counters = self.counters;
        let mut probes = scratch.probes();
        let mut tested = 0u64;
        let mut best: Option<Hit> = None;
        let mut published = 0u64;
        let mut pos = 0u64;
        while pos < self.size {
            let end = (pos + POLL).min(self.size);
            while pos < end {
                let magic = if SPARSE {
                    generator.sparse()
                } else {
                    generator.dense()
                };
                pos += 1;
                if FILTER && !tester.passes_filter::<P>(magic) {
                    continue;
                }
                tested += 1;
                if tester.first_collision::<P>(&mut probes, magic).is_some() {
                    continue;
                }
                let (lo, hi) = tester.range::<P>(magic);
                let hit = Hit {
                    pos: pos - 1,
                    magic,
                    lo,
                    hi,
                };
                if !self.range_mode {
                    counters.publish(pos - published, tested);
                    return ChunkResult::Found { hit, tested };
                }
                if best.is_none_or(|b| hit.range() < b.range()) {
                    best = Some(hit);
                }
            }
            counters.publish(pos - published, 0);
            published = pos;
            if counters.stopped() || self.lowest_found.load(Ordering::Relaxed) < k {
                counters.publish(0, tested);
                return ChunkResult::Stopped;
            }
        }
        counters.publish(0, tested);
        ChunkResult::Done { tested, best }
    }
}
