//! The run's counters, which the workers publish to, and the monitor thread that
//! watches the budgets and tells the caller's observer.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::FindOptions;
use crate::control::Event;

/// Counts and the stop flag shared by the workers of a run.
pub(super) struct Counters {
    /// Candidates drawn.
    pub(super) generated: AtomicU64,
    /// Candidates tested against the occupancies.
    pub(super) tested: AtomicU64,
    /// Squares with a magic.
    pub(super) found: AtomicU64,
    stop: AtomicBool,
    /// The candidate budget, checked by the workers as they publish, so a run stops
    /// within a poll of it.
    max_candidates: u64,
}

impl Counters {
    pub(super) fn new(max_candidates: Option<u64>) -> Self {
        Counters {
            generated: AtomicU64::new(0),
            tested: AtomicU64::new(0),
            found: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            max_candidates: max_candidates.unwrap_or(u64::MAX),
        }
    }

    /// Adds a worker's counts; stops the run once the budget is spent.
    pub(super) fn publish(&self, drawn: u64, tested: u64) {
        let total = self.generated.fetch_add(drawn, Ordering::Relaxed) + drawn;
        self.tested.fetch_add(tested, Ordering::Relaxed);
        if total >= self.max_candidates {
            self.stop();
        }
    }

    /// Tells the workers to stop at their next poll.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the run is stopping.
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Watches the time and candidate budgets and tells the caller's observer how far the
/// run got (about fifty times a second) until `done`.
pub(super) fn watch(
    opts: &FindOptions,
    total: u64,
    start: Instant,
    counters: &Counters,
    done: &AtomicBool,
) {
    while !done.load(Ordering::Relaxed) {
        // Woken early when the search ends.
        std::thread::park_timeout(Duration::from_millis(20));
        let elapsed = start.elapsed();
        let generated = counters.generated.load(Ordering::Relaxed);
        if opts.stop.requested()
            || opts.time.is_some_and(|t| elapsed >= t)
            || opts.max_candidates.is_some_and(|c| generated >= c)
        {
            counters.stop();
        }
        if let Some(observer) = &opts.progress {
            observer.tell(Event::Finder {
                found: counters.found.load(Ordering::Relaxed),
                targets: total,
                candidates: generated,
                elapsed,
                threads: rayon::current_num_threads(),
            });
        }
    }
}
