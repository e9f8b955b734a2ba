//! The exhaustive search with its order chosen by measuring: neither order is right for
//! every question (from the top down is 40 times faster on bishop c7 at 4 bits, from
//! bit 0 up 5 times faster on bishop f8 at 4 bits; docs/research-n-minus-1.md), and no
//! property of the mask we tried tells them apart. So [`exhaust_auto`] runs each order
//! for a short slice, keeping each one's progress in its own state, estimates from the
//! cubes each searched how long each would take to finish, and goes on with the one
//! estimated at least [`CLEAR`] times faster (after [`ROUNDS`] rounds, the faster
//! one), resuming its state: only the other order's slices are lost. An order that
//! answers within its slice answers at once.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::encoding::{IndexScheme, Question};
use super::exhaust::{exhaust, ExhaustOptions, ExhaustState, Exhausted, Order};
use super::ProveError;

/// The first round's slice per order; each further round doubles it. Short, as the
/// losing order's slices are all the choice costs (a bishop's question with a ninefold
/// difference between the orders was settled by 0.25 s as by 2 s, 1.75 s sooner).
pub const FIRST_SLICE: Duration = Duration::from_millis(250);
/// How many times faster one order's estimate must be to settle the choice early.
pub const CLEAR: f64 = 3.0;
/// Rounds of slices before the faster estimate wins however close: up to 4 s a slice,
/// for questions whose single cubes take seconds.
pub const ROUNDS: u32 = 5;

/// What [`exhaust_auto`] did: the search's outcome, the order that gave it, and each
/// order's estimate of the seconds it still needed when the choice was made (empty when
/// an order answered within its slice or a state named the order).
#[derive(Clone, Debug)]
pub struct AutoOutcome {
    /// The outcome, as [`exhaust`] gives it (its `seconds` are the last call's).
    pub done: Exhausted,
    /// The order that ran to the outcome.
    pub order: Order,
    /// Each order measured and its estimate of the remaining seconds.
    pub estimates: Vec<(Order, f64)>,
}

/// The orders measured: from the top down and from bit 0 up for a fancy question; a
/// black question has only the first (from bit 0 up needs the masked occupancy).
fn candidates(question: &Question) -> &'static [Order] {
    match question.scheme {
        IndexScheme::Fancy => &[Order::Ascending, Order::LowFirst],
        IndexScheme::Black => &[Order::Ascending],
    }
}

/// Where order `order` keeps its state: the user's `FILE` for the order from the top
/// down (the order a run without a flag took before, whose states stay where they
/// were), `FILE.low-first` beside it for the other; without a `FILE`, files in `scratch`,
/// this run's own new directory ([`scratch_dir`]).
fn state_path(base: Option<&Path>, scratch: &Path, order: Order) -> PathBuf {
    let tag = order.name();
    match base {
        Some(base) if order == Order::Ascending => base.to_owned(),
        Some(base) => {
            let mut name = base.as_os_str().to_owned();
            name.push(".");
            name.push(tag);
            PathBuf::from(name)
        }
        None => scratch.join(format!("exhaust-{tag}")),
    }
}

/// The prefix of the scratch directories of runs without a `FILE`.
const SCRATCH_PREFIX: &str = "sliders-exhaust-";

/// A new directory of this run's own in the temporary directory, removed when dropped
/// (a name no earlier run had, so a state a killed run left is never resumed), after
/// removing those that runs no longer running left (`sliders-exhaust-<pid>-...`, the
/// process looked up in `/proc`).
fn scratch_dir() -> Result<tempfile::TempDir, ProveError> {
    crate::process::sweep(&std::env::temp_dir(), SCRATCH_PREFIX);
    tempfile::Builder::new()
        .prefix(&format!("{SCRATCH_PREFIX}{}-", std::process::id()))
        .tempdir()
        .map_err(|e| ProveError::State(format!("a temporary directory for the states: {e}")))
}

/// The order an existing state at `path` was written for, read from its question's
/// suffix (`rook g7 9 low-first`), and whether it is finished (an answer, or every cube
/// searched); `None` when there is no file.
fn order_of_state(path: &Path) -> Result<Option<(Order, bool)>, ProveError> {
    let state: Option<ExhaustState> = super::state::read(path, "an exhaust state")?;
    Ok(state.map(|s| {
        let order = if s.question.ends_with(" low-first") {
            Order::LowFirst
        } else if s.question.ends_with(" descending") {
            Order::Descending
        } else {
            Order::Ascending
        };
        (order, s.found.is_some() || s.done >= s.cubes)
    }))
}

/// [`exhaust`] with the order chosen by measuring (the module's text). `options.order`
/// and `options.shard` are ignored (a sharded run names its order: its shards must
/// agree). With `options.state` = `FILE`, the order from the top down keeps its
/// progress in `FILE` and the order from bit 0 up in `FILE.low-first`; the next run
/// resumes both (a finished `FILE`, or one of another order, written by a run that
/// named it, is resumed as it is). Once an order answers, `FILE` holds its finished state and
/// `FILE.low-first` is gone. Without a `FILE` the states are temporary files, removed
/// at the end. `options.limit` bounds the whole.
pub fn exhaust_auto(
    question: &Question,
    options: &ExhaustOptions,
) -> Result<AutoOutcome, ProveError> {
    let base = options.state.as_deref();
    let run = |order: Order, state: PathBuf, limit: Option<Duration>| {
        exhaust(
            question,
            &ExhaustOptions {
                state: Some(state),
                limit,
                shard: None,
                order,
                ..options.clone()
            },
        )
    };
    let orders = candidates(question);
    // Without a FILE the states live in a directory of this run's own, gone at the end.
    let scratch = if base.is_none() {
        Some(scratch_dir()?)
    } else {
        None
    };
    let scratch_path = scratch.as_ref().map_or(Path::new(""), |d| d.path());
    let paths: Vec<PathBuf> = orders
        .iter()
        .map(|&o| state_path(base, scratch_path, o))
        .collect();
    if let Some(path) = base {
        let sidecars = paths.iter().any(|p| p != path && p.exists());
        // A finished state, or one in an order this run does not measure from `FILE`,
        // is resumed as it is; an unfinished one from the top down is one of the
        // orders measured (this run's own, stopped in its first slice, or a run's that
        // named the order).
        let resumed = match order_of_state(path)? {
            Some((order, finished)) if !sidecars && (finished || order != Order::Ascending) => {
                Some(order)
            }
            _ => None,
        };
        if let Some(order) = resumed {
            let done = run(order, path.to_owned(), options.limit)?;
            return Ok(AutoOutcome {
                done,
                order,
                estimates: Vec::new(),
            });
        }
    }
    let outcome = choose_and_run(orders, &paths, options.limit, run)?;
    match base {
        None => {
            for path in &paths {
                // Temporary: gone with the run whatever its outcome.
                let _ = std::fs::remove_file(path);
            }
        }
        Some(base) if outcome.done.answer.is_some() => {
            let answered = &paths[orders.iter().position(|&o| o == outcome.order).unwrap_or(0)];
            if answered.as_path() != base {
                std::fs::rename(answered, base).map_err(|e| {
                    ProveError::Io(
                        format!("renaming {} to {}", answered.display(), base.display()),
                        e,
                    )
                })?;
            }
            for path in paths.iter().filter(|p| p.as_path() != base) {
                if path.exists() {
                    std::fs::remove_file(path)
                        .map_err(|e| ProveError::Io(format!("removing {}", path.display()), e))?;
                }
            }
        }
        Some(_) => {}
    }
    Ok(outcome)
}

/// The rounds of slices, then the chosen order to the end (or to the limit).
fn choose_and_run(
    orders: &[Order],
    paths: &[PathBuf],
    limit: Option<Duration>,
    mut run: impl FnMut(Order, PathBuf, Option<Duration>) -> Result<Exhausted, ProveError>,
) -> Result<AutoOutcome, ProveError> {
    let start = Instant::now();
    let left = |slice: Option<Duration>| -> Option<Duration> {
        let rest = limit.map(|l| l.saturating_sub(start.elapsed()));
        match (slice, rest) {
            (Some(s), Some(r)) => Some(s.min(r)),
            (s, r) => s.or(r),
        }
    };
    if orders.len() == 1 {
        let done = run(orders[0], paths[0].clone(), left(None))?;
        return Ok(AutoOutcome {
            done,
            order: orders[0],
            estimates: Vec::new(),
        });
    }
    let mut slice = FIRST_SLICE;
    let mut estimates: Vec<(Order, f64)> = Vec::new();
    // Cubes each order had done before its last slice (a resumed state's included).
    let mut before: Vec<Option<usize>> = vec![None; orders.len()];
    let mut round = 1;
    loop {
        estimates.clear();
        for (at, (&order, path)) in orders.iter().zip(paths).enumerate() {
            let done = run(order, path.clone(), left(Some(slice)))?;
            if done.answer.is_some() {
                return Ok(AutoOutcome {
                    done,
                    order,
                    estimates,
                });
            }
            estimates.push((order, remaining_seconds(&done, before[at])));
            before[at] = Some(done.cubes_done);
            if limit.is_some_and(|l| start.elapsed() >= l) {
                return Ok(AutoOutcome {
                    done,
                    order,
                    estimates,
                });
            }
        }
        let (best, best_eta) = fastest(&estimates);
        let clear = estimates
            .iter()
            .all(|e| e.0 == best || e.1 >= CLEAR * best_eta);
        if round == ROUNDS || clear {
            let at = orders.iter().position(|&o| o == best).unwrap_or(0);
            let done = run(best, paths[at].clone(), left(None))?;
            return Ok(AutoOutcome {
                done,
                order: best,
                estimates,
            });
        }
        slice *= 2;
        round += 1;
    }
}

/// The seconds an order still needs at the rate of its last slice: the cubes left,
/// times the slice's seconds (the cube list's own computation included, so a slow
/// start counts against it) over the cubes it searched. `before` is what the order had
/// done before the slice, `None` on its first: then a resumed state's cubes count as
/// searched in this slice, a bias towards the order already further on, which is the
/// cheaper to finish anyway. Infinite when the slice searched none.
fn remaining_seconds(done: &Exhausted, before: Option<usize>) -> f64 {
    let searched = done.cubes_done.saturating_sub(before.unwrap_or(0));
    let left = done.range.len().saturating_sub(done.cubes_done);
    if searched == 0 {
        return f64::INFINITY;
    }
    left as f64 * done.seconds / searched as f64
}

/// The order with the smallest estimate (the first of equals).
fn fastest(estimates: &[(Order, f64)]) -> (Order, f64) {
    estimates
        .iter()
        .copied()
        .fold((Order::Ascending, f64::INFINITY), |best, e| {
            if e.1 < best.1 {
                e
            } else {
                best
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(cubes: usize, done: usize, answer: Option<Option<u64>>) -> Exhausted {
        Exhausted {
            answer,
            cubes,
            range: 0..cubes,
            cubes_done: done,
            found_cube: None,
            depth: 10,
            covers: 40,
            nodes: 0,
            seconds: 1.0,
        }
    }

    #[test]
    fn a_clearly_faster_order_is_chosen_after_one_round_and_resumed() {
        let mut calls = Vec::new();
        let paths = [PathBuf::from("a"), PathBuf::from("l")];
        let got = choose_and_run(
            &[Order::Ascending, Order::LowFirst],
            &paths,
            None,
            |order, path, limit| {
                calls.push((order, path, limit));
                Ok(match (order, limit) {
                    // Ascending: 1 cube of 1,000 per slice; low-first: 100.
                    (Order::Ascending, Some(_)) => outcome(1000, 1, None),
                    (Order::LowFirst, Some(_)) => outcome(1000, 100, None),
                    (_, None) => outcome(1000, 1000, Some(None)),
                    _ => unreachable!(),
                })
            },
        )
        .unwrap();
        assert_eq!(got.order, Order::LowFirst);
        assert_eq!(got.done.answer, Some(None));
        assert_eq!(calls.len(), 3);
        assert_eq!(calls[2], (Order::LowFirst, PathBuf::from("l"), None));
        assert!(got.estimates[0].1 > CLEAR * got.estimates[1].1);
    }

    #[test]
    fn an_answer_within_a_slice_ends_the_search() {
        let mut calls = 0;
        let got = choose_and_run(
            &[Order::Ascending, Order::LowFirst],
            &[PathBuf::from("a"), PathBuf::from("l")],
            None,
            |_, _, _| {
                calls += 1;
                Ok(outcome(10, 10, Some(Some(0x1234))))
            },
        )
        .unwrap();
        assert_eq!((calls, got.order), (1, Order::Ascending));
        assert_eq!(got.done.answer, Some(Some(0x1234)));
    }

    #[test]
    fn close_estimates_take_more_rounds_with_longer_slices() {
        let mut slices = Vec::new();
        let got = choose_and_run(
            &[Order::Ascending, Order::LowFirst],
            &[PathBuf::from("a"), PathBuf::from("l")],
            None,
            |order, _, limit| {
                slices.push(limit);
                // Cubes done so far, growing by 10 (ascending) or 12 per slice.
                let rounds = slices.len().div_ceil(2);
                Ok(match (order, limit) {
                    (_, None) => outcome(1000, 1000, Some(None)),
                    (Order::Ascending, _) => outcome(1000, 10 * rounds, None),
                    _ => outcome(1000, 12 * rounds, None),
                })
            },
        )
        .unwrap();
        // Five rounds of two slices (0.25 to 4 s), then the faster by a little.
        assert_eq!(slices.len(), 11);
        assert_eq!(slices[2], Some(FIRST_SLICE * 2));
        assert_eq!(slices[4], Some(FIRST_SLICE * 4));
        assert_eq!(slices[8], Some(FIRST_SLICE * 16));
        assert_eq!(got.order, Order::LowFirst);
    }

    #[test]
    fn the_state_paths_are_the_users_file_and_one_beside_it() {
        let scratch = Path::new("/tmp/sliders-exhaust-1-x");
        let p = state_path(Some(Path::new("/x/g2.json")), scratch, Order::LowFirst);
        assert_eq!(p, PathBuf::from("/x/g2.json.low-first"));
        let a = state_path(Some(Path::new("/x/g2.json")), scratch, Order::Ascending);
        assert_eq!(a, PathBuf::from("/x/g2.json"));
        let q = state_path(None, scratch, Order::Ascending);
        assert!(q.starts_with(scratch));
    }
}
