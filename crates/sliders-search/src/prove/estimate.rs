//! How much work an exhaustive search ([`super::exhaust`]) has left, estimated from a
//! sample of the cubes it has not searched yet.
//!
//! A cube's weight (the nodes its search visits) varies widely: rook g2's cubes take
//! 1.5 to 2.3 million nodes on average over runs of 4,000, single ones billions. A rate
//! taken from the cubes just searched therefore says little about the rest. Here the
//! cubes left are cut into `K` equal runs (strata) and one cube of each, chosen at
//! random, is searched in full; the nodes left are estimated as the sum, over the
//! strata, of the stratum's size times its cube's nodes (unbiased: each cube of a
//! stratum is equally likely). Its standard error comes from the differences between
//! neighbouring strata (the successive-difference estimator for one draw per stratum:
//! `K / (2(K - 1))` times the sum of the squared differences of the strata's totals),
//! which counts a trend along the cubes as error too, so it errs on the wide side. A
//! heavy cube that no draw hits is not in the sample's spread either: rare giants make
//! the estimate low more often than high, though not on average. With `K` at least
//! the cubes left, every cube is searched and the figure is exact.
//!
//! Nothing is written: the state file is only read. The sample's nodes and the
//! thread-seconds they took give the rate of one thread beside the others of this run.

use std::time::{Duration, Instant};

use super::encoding::Question;
use super::exhaust::{pool, resume, ExhaustOptions, Resumed};
use super::ProveError;
use crate::rng::Xorshift64Star;

/// What [`estimate`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Cubes the state left unsearched (of the run's range: all cubes, or its shard's).
    pub cubes_left: usize,
    /// Cubes searched for the estimate, one in each stratum.
    pub sampled: usize,
    /// Nodes the sampled cubes took.
    pub sample_nodes: u64,
    /// The most nodes one sampled cube took.
    pub heaviest: u64,
    /// Seconds the sampled cubes took, summed over the threads.
    pub thread_seconds: f64,
    /// The estimated nodes of the cubes left.
    pub nodes_left: f64,
    /// Its standard error: 0 when every cube left was searched, `None` with a single
    /// stratum.
    pub standard_error: Option<f64>,
    /// A magic a sampled cube held (verified), and that cube's place among all the
    /// cubes: the question's answer, found early.
    pub found: Option<(usize, u64)>,
}

impl Estimate {
    /// Nodes a second of one thread in the sample (0 when it took no measurable time).
    pub fn rate(&self) -> f64 {
        if self.thread_seconds > 0.0 {
            self.sample_nodes as f64 / self.thread_seconds
        } else {
            0.0
        }
    }
}

/// The strata of `left` cubes for a sample of `k` (at least 1): `(first, size)`
/// pairs, in order, covering `0..left`; `min(k, left)` of them.
fn strata(left: usize, k: usize) -> Vec<(usize, usize)> {
    let k = k.min(left);
    (0..k)
        .map(|j| {
            let first = super::shard::range(left, (j, k)).start;
            let end = super::shard::range(left, (j, k)).end;
            (first, end - first)
        })
        .collect()
}

/// The successive-difference variance of the sum of `totals` (one draw per stratum);
/// `None` for fewer than two.
fn variance(totals: &[f64]) -> Option<f64> {
    let k = totals.len();
    if k < 2 {
        return None;
    }
    let squares: f64 = totals.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
    Some(k as f64 / (2.0 * (k - 1) as f64) * squares)
}

/// Estimates the nodes the run `options` describes (its question, order, shard and
/// state) has left, by searching one random cube (from `seed`) in each of `sample`
/// equal strata of the cubes left, in parallel on `options.threads`. Stops with
/// [`ProveError::Interrupted`] when the time limit or a stop request comes before the
/// sample is searched. The state is read, never written.
pub fn estimate(
    question: &Question,
    options: &ExhaustOptions,
    sample: usize,
    seed: u64,
) -> Result<Estimate, ProveError> {
    use rayon::prelude::*;
    if sample == 0 {
        return Err(ProveError::Question(
            "a sample of 0 cubes estimates nothing: give at least 1".into(),
        ));
    }
    let start = Instant::now();
    let pool = pool(options.threads)?;
    let Resumed {
        ex,
        depth,
        cubes,
        range,
        state,
        found,
    } = resume(question, options)?;
    if found.is_some() {
        return Err(ProveError::State(
            "the state already holds a magic: the search has nothing left".into(),
        ));
    }
    let left = &cubes[range.start + state.done..range.end];
    let mut rng = Xorshift64Star::new(seed);
    let drawn: Vec<(usize, usize)> = strata(left.len(), sample)
        .into_iter()
        .map(|(first, size)| {
            let at = ((u128::from(rng.next_u64()) * size as u128) >> 64) as usize;
            (first + at, size)
        })
        .collect();
    let past_limit =
        || super::stop::requested() || options.limit.is_some_and(|l| start.elapsed() >= l);
    let outcomes: Vec<Option<(super::exhaust::CubeOutcome, Duration)>> = pool.install(|| {
        drawn
            .par_iter()
            .map(|&(at, _)| {
                let began = Instant::now();
                ex.search_cube_until(left[at], depth, &past_limit)
                    .map(|outcome| (outcome, began.elapsed()))
            })
            .collect()
    });
    let outcomes: Vec<_> = outcomes.into_iter().collect::<Option<_>>().ok_or_else(|| {
        ProveError::Interrupted(format!(
            "stopped before the {} sampled cubes were searched; no estimate",
            drawn.len()
        ))
    })?;
    let found = drawn
        .iter()
        .zip(&outcomes)
        .find_map(|(&(at, _), (o, _))| o.found.map(|magic| (range.start + state.done + at, magic)));
    if let Some((_, magic)) = found {
        super::verify_magic(question, magic).map_err(|e| ProveError::WrongMagic(magic, e))?;
    }
    let totals: Vec<f64> = drawn
        .iter()
        .zip(&outcomes)
        .map(|(&(_, size), (o, _))| size as f64 * o.nodes as f64)
        .collect();
    let census = drawn.len() == left.len();
    Ok(Estimate {
        cubes_left: left.len(),
        sampled: drawn.len(),
        sample_nodes: outcomes.iter().map(|(o, _)| o.nodes).sum(),
        heaviest: outcomes.iter().map(|(o, _)| o.nodes).max().unwrap_or(0),
        thread_seconds: outcomes.iter().map(|(_, t)| t.as_secs_f64()).sum(),
        nodes_left: totals.iter().sum(),
        standard_error: if census {
            Some(0.0)
        } else {
            variance(&totals).map(f64::sqrt)
        },
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strata_cover_the_cubes_left_in_order_without_overlap() {
        for (left, k) in [(10, 3), (10, 10), (3, 10), (977_595, 4000), (1, 1)] {
            let s = strata(left, k);
            assert_eq!(s.len(), k.min(left));
            let mut next = 0;
            for &(first, size) in &s {
                assert_eq!(first, next);
                assert!(size >= 1);
                next = first + size;
            }
            assert_eq!(next, left);
        }
    }

    #[test]
    fn the_variance_of_equal_strata_is_zero_and_grows_with_their_differences() {
        assert_eq!(variance(&[5.0]), None);
        assert_eq!(variance(&[5.0, 5.0, 5.0]), Some(0.0));
        // Two strata: 2 / 2 x (3 - 1)^2.
        assert_eq!(variance(&[1.0, 3.0]), Some(4.0));
    }
}
