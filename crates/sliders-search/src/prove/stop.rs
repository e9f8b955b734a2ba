//! Stopping a run from outside, as at its time limit: a signal handler (the CLI's, on
//! Ctrl-C, SIGTERM or SIGHUP) calls [`request`]; a running solver process is killed
//! (never left behind), cube and exhaustive runs start no more cubes and abandon the
//! ones under way, and their progress stays in their state files, to be resumed.
//! The solver processes running are listed ([`solvers`]) for a handler that has to end
//! the process at once and must kill them first.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static REQUESTED: AtomicBool = AtomicBool::new(false);

static SOLVERS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Asks every run of this process to stop soon. Safe to call from a signal handler's
/// thread; there is no way back (the process is expected to end).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Whether [`request`] was called.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The process ids of the solver processes running now.
pub fn solvers() -> Vec<u32> {
    SOLVERS.lock().map(|s| s.clone()).unwrap_or_default()
}

/// Notes a solver process while it runs: listed from `new` until the guard is dropped.
pub(crate) struct Running(u32);

impl Running {
    pub(crate) fn new(pid: u32) -> Running {
        if let Ok(mut s) = SOLVERS.lock() {
            s.push(pid);
        }
        Running(pid)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(mut s) = SOLVERS.lock() {
            s.retain(|&p| p != self.0);
        }
    }
}
