//! How much work an exhaustive search ([`super::exhaust`]) has left, estimated from a
//! sample of the cubes it has not searched yet.
//!
//! A cube's weight (the nodes its search visits) varies widely: runs of 4,000 of rook
//! g2's cubes average 1.7 to 2.3 million nodes a cube, single cubes take billions. A rate
//! taken from the cubes just searched therefore says little about the rest. Here the
//! cubes left are cut into `K` equal runs (strata) and one cube of each, chosen at
//! random, is searched in full; the nodes left are estimated as the sum, over the
//! strata, of the stratum's size times its cube's nodes (unbiased: each cube of a
//! stratum is equally likely). Its standard error comes from the differences between
//! neighbouring strata's cubes (the successive-difference estimator for one draw per
//! stratum): the cubes' variance is taken as the sum of the squared differences over
//! `2(K - 1)`, and the estimate's variance as that times the sum over the strata of
//! `size·(size - 1)` (a stratum of one cube adds no error). A trend along the cubes
//! counts as error too, so it errs on the wide side. A
//! heavy cube that no draw hits is not in the sample's spread either: rare giants make
//! the estimate low more often than high, though not on average. With `K` at least
//! the cubes left, every cube is searched and the figure is exact. When the sampled
//! cubes all took the same nodes (two pruned cubes of one node each, say), the
//! estimator would say 0; the error is then reported as unknown instead.
//!
//! Nothing is written: the state file is only read, and must exist (a missing file is
//! a mistyped path here, not a fresh start). A state that holds a magic is the
//! answer, given as such. The sample's nodes and the
//! thread-seconds they took give the rate of one thread beside the others of this run.

use std::time::{Duration, Instant};

use super::encoding::Question;
use super::exhaust::{pool, resume, ExhaustOptions, Resumed};
use super::ProveError;
use crate::rng::Xorshift64Star;

/// What [`estimate`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The search's cubes (all shards).
    pub cubes: usize,
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
    /// Its standard error: 0 when every cube left was searched; `None` when the sample
    /// shows no spread to measure it by (a single stratum, or every sampled cube took
    /// the same nodes while some stratum holds more than one cube: equal draws say
    /// nothing of the cubes between them).
    pub standard_error: Option<f64>,
    /// A magic (verified) the state held or a sampled cube held: the question's
    /// answer (the first among the sampled cubes, not the smallest).
    pub found: Option<u64>,
    /// The cube that held it, counted from 0 among all the cubes (`None` for an older
    /// state's magic that did not keep it).
    pub found_cube: Option<usize>,
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
            let run = super::shard::range(left, (j, k));
            (run.start, run.len())
        })
        .collect()
}

/// The successive-difference variance of the estimated total from one draw `y[h]` in
/// each stratum of `sizes[h]` cubes: the cubes' variance, `sum (y[h+1] - y[h])^2 /
/// (2(K - 1))`, times `sum sizes[h]·(sizes[h] - 1)` (0 when every stratum is one cube);
/// `None` for fewer than two strata.
fn variance(y: &[f64], sizes: &[usize]) -> Option<f64> {
    let k = y.len();
    if k < 2 {
        return None;
    }
    let squares = y
        .windows(2)
        .map(|w| (w[1] - w[0]).powi(2))
        .fold(0.0, |sum, x| sum + x);
    let pairs = sizes
        .iter()
        .fold(0.0, |sum, &n| sum + n as f64 * (n as f64 - 1.0));
    Some(squares / (2.0 * (k - 1) as f64) * pairs)
}

/// The standard error of the estimate from one draw `y[h]` in each stratum of
/// `sizes[h]` cubes: 0 when every stratum is one cube (all searched: exact); `None`
/// when the draws show no spread (fewer than two, or all equal: no spread seen is not
/// a spread of 0).
fn standard_error(y: &[f64], sizes: &[usize]) -> Option<f64> {
    if sizes.iter().all(|&n| n == 1) {
        return Some(0.0);
    }
    if y.windows(2).all(|w| w[0] == w[1]) {
        return None;
    }
    variance(y, sizes).map(f64::sqrt)
}

/// Estimates the nodes the run `options` describes (its question, order, shard and
/// state) has left, by searching one random cube (from `seed`) in each of `sample`
/// equal strata of the cubes left, in parallel on `options.threads`. Stops with
/// [`ProveError::Interrupted`] when the time limit or a stop request comes before the
/// sample is searched. The state is read, never written; a state file named in
/// `options.state` must exist.
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
    if let Some(path) = options.state.as_deref() {
        if let Err(e) = std::fs::metadata(path) {
            return Err(ProveError::State(
                if e.kind() == std::io::ErrorKind::NotFound {
                    format!(
                        "{}: no such file (an estimate reads a run's state; without --state \
                     it estimates the whole search)",
                        path.display()
                    )
                } else {
                    format!("{}: {e}", path.display())
                },
            ));
        }
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
    if let Some(magic) = found {
        // The answer is in: nothing is left to estimate.
        return Ok(Estimate {
            cubes: cubes.len(),
            cubes_left: 0,
            sampled: 0,
            sample_nodes: 0,
            heaviest: 0,
            thread_seconds: 0.0,
            nodes_left: 0.0,
            standard_error: Some(0.0),
            found: Some(magic),
            found_cube: state.found_cube,
        });
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
        || options.stop.requested() || options.limit.is_some_and(|l| start.elapsed() >= l);
    let outcomes: Vec<Option<(super::exhaust::CubeOutcome, Duration)>> = pool.install(|| {
        drawn
            .par_iter()
            .map(|&(at, _)| {
                if past_limit() {
                    return None; // not started once the time is up
                }
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
    let y: Vec<f64> = outcomes.iter().map(|(o, _)| o.nodes as f64).collect();
    let sizes: Vec<usize> = drawn.iter().map(|&(_, size)| size).collect();
    // Sums folded from +0.0 (an empty `sum` of floats is -0.0, printed "-0").
    Ok(Estimate {
        cubes: cubes.len(),
        cubes_left: left.len(),
        sampled: drawn.len(),
        sample_nodes: outcomes
            .iter()
            .fold(0, |sum: u64, (o, _)| sum.saturating_add(o.nodes)),
        heaviest: outcomes.iter().map(|(o, _)| o.nodes).max().unwrap_or(0),
        thread_seconds: outcomes
            .iter()
            .fold(0.0, |sum, (_, t)| sum + t.as_secs_f64()),
        nodes_left: y
            .iter()
            .zip(&sizes)
            .fold(0.0, |sum, (&y, &n)| sum + n as f64 * y),
        standard_error: standard_error(&y, &sizes),
        found: found.map(|(_, magic)| magic),
        found_cube: found.map(|(cube, _)| cube),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_draws_leave_the_error_unknown_not_zero() {
        // Two strata of many cubes whose two draws took the same nodes: unknown.
        assert_eq!(standard_error(&[5.0, 5.0], &[100, 100]), None);
        assert_eq!(standard_error(&[1.0, 1.0, 1.0], &[3, 3, 2]), None);
        assert_eq!(standard_error(&[7.0], &[10]), None);
        // Every cube drawn: exact, whatever the draws.
        assert_eq!(standard_error(&[5.0, 5.0], &[1, 1]), Some(0.0));
        assert_eq!(standard_error(&[3.0], &[1]), Some(0.0));
        // Draws that differ: the successive-difference figure, sqrt((1/2)·(4·3·2)) = sqrt 12.
        let se = standard_error(&[1.0, 2.0], &[4, 4]).unwrap();
        assert!((se - 12f64.sqrt()).abs() < 1e-12, "{se}");
    }

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
    fn the_variance_grows_with_the_strata_s_differences_and_sizes() {
        let close = |v: Option<f64>, want: f64| (v.unwrap() - want).abs() < 1e-9 * want.max(1.0);
        assert_eq!(variance(&[5.0], &[100]), None);
        assert_eq!(variance(&[5.0, 5.0, 5.0], &[100, 100, 100]), Some(0.0));
        // Two strata of 1,000: (3 - 1)^2 / 2 x 2 x 1,000 x 999.
        assert!(close(
            variance(&[1.0, 3.0], &[1000, 1000]),
            2.0 * 1_998_000.0
        ));
        // Three: (2^2 + 4^2) / 4 x 3 x 1,000 x 999.
        assert!(close(
            variance(&[1.0, 3.0, 7.0], &[1000, 1000, 1000]),
            5.0 * 2_997_000.0
        ));
        // Unequal strata (5 cubes in 4): only the stratum of two adds error, 2 x 1.
        assert!(close(
            variance(&[1.0, 3.0, 7.0, 1.0], &[1, 1, 1, 2]),
            (4.0 + 16.0 + 36.0) / 6.0 * 2.0
        ));
        // Every cube drawn: no error left.
        assert_eq!(variance(&[1.0, 3.0, 7.0], &[1, 1, 1]), Some(0.0));
    }
}
