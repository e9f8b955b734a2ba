//! A long run seen from outside: the caller stops it with a [`StopToken`] it owns, and
//! watches it with an [`Observer`] it passes. The library holds no process-wide state
//! and draws nothing: a command line turns Ctrl-C into [`StopToken::request`] and the
//! [`Event`]s into a progress bar or lines on stderr; a server turns a cancel button
//! into the same request and the events into JSON; an embedding program may ignore
//! both.
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! use std::sync::Arc;
//! use sliders_core::{RookOrBishop, Square};
//! use sliders_search::control::{Event, Observer, StopToken};
//! use sliders_search::prove::exhaust::{exhaust, ExhaustOptions, Order};
//! use sliders_search::prove::{IndexScheme, Question};
//!
//! // A Ctrl-C handler (or a cancel button) would hold a clone of the token; here the
//! // observer itself asks the walk to stop after its first report.
//! let stop = StopToken::new();
//! let stopper = stop.clone();
//! let reports = Arc::new(AtomicUsize::new(0));
//! let counted = Arc::clone(&reports);
//! let options = ExhaustOptions {
//!     threads: 1,
//!     order: Order::Ascending,
//!     stop,
//!     progress: Some(Observer::new(move |event| {
//!         if let Event::Exhaust { done, cubes, .. } = event {
//!             assert!(done <= cubes);
//!             counted.fetch_add(1, Ordering::Relaxed);
//!             stopper.request();
//!         }
//!     })),
//!     ..ExhaustOptions::default()
//! };
//! let question = Question {
//!     piece: RookOrBishop::Rook,
//!     square: Square::B2,
//!     bits: 9,
//!     scheme: IndexScheme::Fancy,
//! };
//! let run = exhaust(&question, &options)?;
//! assert_eq!(run.answer, None); // stopped before the end (with a state file: resumable)
//! assert!(run.cubes_done < run.cubes);
//! assert!(reports.load(Ordering::Relaxed) >= 1);
//! # Ok::<(), sliders_search::prove::ProveError>(())
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A request to stop, owned by the caller: clones share it. A run given a token checks
/// it where it checks its time limit and stops as it would there (resumably, its
/// state saved); a solver process it started is killed, never left running.
#[derive(Clone, Default)]
pub struct StopToken(Arc<Shared>);

#[derive(Default)]
struct Shared {
    requested: AtomicBool,
    /// The solver processes the runs holding this token have running now.
    solvers: Mutex<Vec<u32>>,
}

impl StopToken {
    /// A token nobody has asked to stop yet.
    pub fn new() -> StopToken {
        StopToken::default()
    }

    /// Asks every run holding this token (or a clone) to stop soon. Cheap, lock-free and
    /// safe to call from any thread, a signal handler's included; there is no way back.
    pub fn request(&self) {
        self.0.requested.store(true, Ordering::SeqCst);
    }

    /// Whether [`StopToken::request`] was called.
    pub fn requested(&self) -> bool {
        self.0.requested.load(Ordering::SeqCst)
    }

    /// The process ids of the solver processes running now under this token, for a
    /// handler that must end the process at once and kills them first.
    pub fn solvers(&self) -> Vec<u32> {
        self.0.solvers.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Lists a solver process until the guard is dropped.
    pub(crate) fn running(&self, pid: u32) -> Running<'_> {
        if let Ok(mut s) = self.0.solvers.lock() {
            s.push(pid);
        }
        Running { token: self, pid }
    }
}

impl fmt::Debug for StopToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StopToken")
            .field("requested", &self.requested())
            .finish()
    }
}

/// A solver process listed in its token while it runs.
pub(crate) struct Running<'a> {
    token: &'a StopToken,
    pid: u32,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if let Ok(mut s) = self.token.0.solvers.lock() {
            s.retain(|&p| p != self.pid);
        }
    }
}

/// Where a run stands, as it tells its [`Observer`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// The finder, about fifty times a second: squares with a magic of all searched,
    /// candidates drawn, time since the start, worker threads.
    Finder {
        /// Targets with a magic.
        found: u64,
        /// Targets in the run.
        targets: u64,
        /// Candidates drawn.
        candidates: u64,
        /// Time since the run started.
        elapsed: Duration,
        /// Worker threads.
        threads: usize,
    },
    /// The exhaustive walk, after each batch of cubes: cubes searched in order (of
    /// all), nodes in all (resumed runs included), this run's time.
    Exhaust {
        /// Cubes searched, in order.
        done: usize,
        /// The cubes of the run's range.
        cubes: usize,
        /// Nodes visited, in all.
        nodes: u64,
        /// This run's time.
        elapsed: Duration,
    },
    /// The cube-and-conquer proof, after each batch of cubes.
    Cubes {
        /// Cubes answered, in order.
        done: usize,
        /// The cubes of the run's range.
        cubes: usize,
        /// Proof bytes of the cubes answered unsatisfiable.
        proof_bytes: u64,
        /// This run's time.
        elapsed: Duration,
    },
    /// The dense finder, after each round (resumed runs' rounds included).
    Dense {
        /// `rook d1 10 fancy`: the question.
        question: &'a str,
        /// Rounds done.
        round: u64,
        /// Candidates drawn.
        candidates: u64,
        /// The fewest collisions of a candidate so far.
        best_collisions: u32,
        /// That candidate, `0x` and 16 hex digits.
        best_candidate: &'a str,
        /// Cubes walked.
        cubes_walked: usize,
        /// Times the distribution started again.
        restarts: u64,
        /// The distribution over the magic's bits, one character a bit, top bit first.
        model: &'a str,
        /// Seconds of the rounds, in all.
        seconds: f64,
    },
}

/// The caller's progress callback, called from the run's threads (so `Send + Sync`).
/// Clones share the callback.
#[derive(Clone)]
pub struct Observer(Arc<dyn Fn(Event<'_>) + Send + Sync>);

impl Observer {
    /// Wraps a callback.
    pub fn new(callback: impl Fn(Event<'_>) + Send + Sync + 'static) -> Observer {
        Observer(Arc::new(callback))
    }

    /// Tells the callback.
    pub fn tell(&self, event: Event<'_>) {
        (self.0)(event)
    }
}

impl fmt::Debug for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Observer")
    }
}
