//! The guided finder's state file: everything the next rounds depend on, written
//! atomically after every round, so a run killed at any point resumes at the round it
//! was in and goes on exactly as an uninterrupted run would.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::model::Model;

/// The state's format version.
pub(crate) const VERSION: u32 = 1;

/// A run's state after a whole round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DenseState {
    pub(crate) version: u32,
    /// `rook d1 10 fancy`: the question and the options that shape the rounds.
    pub(crate) question: String,
    pub(crate) seed: u64,
    pub(crate) setup: String,
    /// Rounds done.
    pub(crate) round: u64,
    pub(crate) restarts: u64,
    /// Rounds since the model's best improved.
    pub(crate) stall: u64,
    pub(crate) model_best: u32,
    pub(crate) model: Model,
    /// Cubes proposed and not yet walked: `(measure, cube)`.
    pub(crate) queue: Vec<(u32, String)>,
    /// Cubes walked: `(cube, whole)`, `whole` false when its node budget ran out.
    pub(crate) walked: Vec<(String, bool)>,
    pub(crate) candidates: u64,
    pub(crate) nodes: u64,
    pub(crate) best_measure: u32,
    pub(crate) best_candidate: String,
    pub(crate) found: Option<String>,
    pub(crate) seconds: f64,
}

/// Reads a state, `None` when there is none yet, through the prove states' one reader
/// (a FIFO or device refused before it is opened, a size bound, UTF-8, JSON); the
/// message names the file and what is wrong.
pub(crate) fn read(path: &Path) -> Result<Option<DenseState>, String> {
    let state: Option<DenseState> =
        crate::prove::read_state(path, "a dense-finder state").map_err(|e| e.to_string())?;
    match state {
        Some(state) if state.version != VERSION => Err(format!(
            "{}: state version {} (this build reads {VERSION})",
            path.display(),
            state.version
        )),
        Some(state) => {
            state
                .check()
                .map_err(|what| format!("{}: {what}", path.display()))?;
            Ok(Some(state))
        }
        None => Ok(None),
    }
}

/// The most rounds a state may hold (the command line's bound on `--rounds`).
pub(crate) const MAX_ROUNDS: u64 = 1_000_000_000_000;

impl DenseState {
    /// Whether the numbers are ones a run could have written (a tampered or damaged
    /// file otherwise): 64 probabilities in 0..=1, at most 10^12 rounds and the rounds'
    /// counters no more than the rounds, a time spent that is a time (the shared reader
    /// has bounded every count at 2^62).
    fn check(&self) -> Result<(), String> {
        if self.model.p.len() != 64 {
            return Err(format!(
                "the model has {} probabilities, not one per magic bit (64)",
                self.model.p.len()
            ));
        }
        if let Some((bit, p)) = self
            .model
            .p
            .iter()
            .enumerate()
            .find(|(_, p)| !(0.0..=1.0).contains(*p))
        {
            return Err(format!(
                "the model's bit {bit} has probability {p}, not in 0..=1"
            ));
        }
        if self.round > MAX_ROUNDS {
            return Err(format!("round {} is past 10^12", self.round));
        }
        for (what, n) in [("restarts", self.restarts), ("stall", self.stall)] {
            if n > self.round {
                return Err(format!("{what} {n} in {} rounds", self.round));
            }
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!("\"seconds\": {} is not a time spent", self.seconds));
        }
        Ok(())
    }
}

/// A cube or magic as the state writes it.
pub(crate) fn hex(x: u64) -> String {
    format!("{x:#018x}")
}

/// Reads a number the state wrote with [`hex`].
pub(crate) fn unhex(text: &str, path: &Path, what: &str) -> Result<u64, String> {
    text.strip_prefix("0x")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            format!(
                "{}: {what} {text:?} is not 0x and hex digits",
                path.display()
            )
        })
}
