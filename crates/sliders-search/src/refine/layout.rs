//! The interface both layouts give the loop ([`Layout`]), and what works on any layout:
//! ruin and recreate, and the order in which squares are taken.

use crate::rng::Xorshift64Star;
use crate::set::MagicSet;

use super::state::RefineState;

/// A table that [`refine`](super::refine) improves one visit at a time: fixed-shift or
/// black ([`Run`](super::fixed::Run)), or offset-in-magic
/// ([`OffsetRun`](super::offset::OffsetRun)).
pub(crate) trait Layout {
    /// The counters, and the set of the last save.
    fn state(&mut self) -> &mut RefineState;
    /// One visit (which counts itself in the state).
    fn visit(&mut self);
    /// Table entries: the highest used index + 1.
    fn size(&self) -> usize;
    /// Entries in use.
    fn used(&self) -> usize;
    /// The current set, with the run's provenance line.
    fn set(&self) -> MagicSet;
    /// Where a square lies: enough to put it back.
    type Placement;
    /// Square `k`'s placement now.
    fn placement(&self, k: usize) -> Self::Placement;
    /// Takes square `k`'s entries out of the table.
    fn lift(&mut self, k: usize);
    /// Puts lifted-out square `k` in with `p`.
    fn place(&mut self, k: usize, p: Self::Placement);
    /// The best placement for lifted-out square `k`, its candidates drawn from
    /// `stream`; `None` when there is none (offset-in-magic: the offsets ran out).
    fn search(&mut self, k: usize, stream: u64) -> Option<Self::Placement>;
    /// Square indices from the highest end down ([`highest_first`]).
    fn order(&self) -> Vec<usize>;
    /// The sum of the squares' ends.
    fn ends(&self) -> usize;
}

/// Ruin and recreate, for either layout: lifts out two to eight of the squares that end
/// highest and puts them back in a random order, each by a search; keeps the result only
/// if the table shrank, or kept its size with a lower sum of the squares' ends, and
/// otherwise undoes it.
pub(crate) fn ruin<L: Layout>(run: &mut L, rng: &mut Xorshift64Star) {
    let count = 2 + (rng.next_u64() % 7) as usize;
    let mut chosen: Vec<usize> = run.order().into_iter().take(count).collect();
    crate::rng::shuffle(&mut chosen, rng.next_u64());
    let (size, ends) = (run.size(), run.ends());
    let saved: Vec<L::Placement> = chosen.iter().map(|&k| run.placement(k)).collect();
    for &k in &chosen {
        run.lift(k);
    }
    let visits = run.state().visits;
    let mut placed = 0;
    for (n, &k) in chosen.iter().enumerate() {
        let stream = visits ^ ((n as u64 + 1) << 48);
        match run.search(k, stream) {
            Some(p) => {
                run.place(k, p);
                placed += 1;
            }
            None => break,
        }
    }
    let new_size = run.size();
    if placed == chosen.len() && (new_size, run.ends()) < (size, ends) {
        let gain = &mut run.state().gains.ruin;
        gain.accepted += 1;
        gain.entries += (size - new_size) as u64;
    } else {
        for &k in &chosen[..placed] {
            run.lift(k);
        }
        for (&k, p) in chosen.iter().zip(saved) {
            run.place(k, p);
        }
    }
}

/// Indices of `ends` from the highest end down (ties: index order): the order in which
/// visits and ruins take squares.
pub(crate) fn highest_first(ends: impl Iterator<Item = usize>) -> Vec<usize> {
    let ends: Vec<usize> = ends.collect();
    let mut order: Vec<usize> = (0..ends.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(ends[k]), k));
    order
}
