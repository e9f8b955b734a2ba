//! Stopping a run from outside, as at its time limit: a signal handler (the CLI's, on
//! Ctrl-C, SIGTERM or SIGHUP) calls [`request`]; a running solver process is killed
//! (never left behind), cube and exhaustive runs start no more cubes and abandon the
//! ones under way, and their progress stays in their state files, to be resumed.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks every run of this process to stop soon. Safe to call from a signal handler's
/// thread; there is no way back (the process is expected to end).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Whether [`request`] was called.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
