//! The resumable state of a run: what it searches, the magics found and each unfinished
//! square's progress, saved as JSON to the state file, and read back to resume.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sliders_core::{RookOrBishop, Square};

use super::candidate::CandidateKind;
use super::tester::{Folded, Scratch, SquareData, Tester, Wide};
use super::{FindOptions, Found, Target};
use crate::set::SchemeKind;

/// The state file format's version.
const STATE_VERSION: u32 = 1;

/// A square's progress, saved in the state file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Chunks fully searched.
    pub chunks_done: u64,
    /// Candidates tested (passed the filter) in those chunks.
    pub tested_done: u64,
    /// Range mode: the best magic so far.
    pub best: Option<Found>,
}

/// The resumable state of a run, saved as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchState {
    /// Format version (1).
    pub version: u32,
    /// The scheme's name.
    pub scheme: String,
    /// The seeding, as [`super::Seeding::name`].
    pub seed: String,
    /// Candidates per chunk.
    pub chunk: u64,
    /// Sparse or dense candidates.
    pub kind: CandidateKind,
    /// The filter threshold.
    pub min_top_popcount: u32,
    /// Range mode's candidates per square.
    pub range_candidates: Option<u64>,
    /// The targets.
    pub targets: Vec<Target>,
    /// The magics found so far.
    pub found: Vec<Found>,
    /// The progress of squares not yet found.
    pub progress: Vec<StateProgress>,
}

/// A square's progress in the state file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateProgress {
    /// Rook or bishop.
    #[serde(with = "crate::set::piece_serde")]
    pub piece: RookOrBishop,
    /// The square.
    #[serde(with = "crate::set::square_serde")]
    pub square: Square,
    /// How far it got.
    pub progress: Progress,
}

/// The largest count a state may hold (2^62): far beyond any run, and sums of a few
/// hundred of them cannot overflow a `u64`.
pub const MAX_COUNT: u64 = 1 << 62;

/// A state file that cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not JSON of a state's shape.
    Json {
        /// Where the reader stopped (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What it found wrong.
        message: String,
    },
    /// A format version this program does not read.
    Version(u32),
    /// The state of another search: what differs from this one.
    OtherSearch(Vec<StateDifference>),
    /// Numbers no run could have written (a tampered or damaged file): what is wrong.
    Counters(String),
}

/// What makes a state another search's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateDifference {
    /// The scheme: the state's, then this search's.
    Scheme(String, String),
    /// The seeding: the state's, then this search's.
    Seed(String, String),
    /// The chunk size, candidate kind, filter or range budget.
    Parameters,
    /// The squares or their bits.
    Targets,
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Json {
                line,
                column,
                message,
            } => write!(f, "bad state file: line {line} column {column}: {message}"),
            StateError::Version(version) => write!(
                f,
                "bad state file: version {version} (this program reads {STATE_VERSION})"
            ),
            StateError::Counters(what) => write!(f, "bad state file: {what}"),
            StateError::OtherSearch(differences) => {
                f.write_str("the state file is from another search: ")?;
                for (i, difference) in differences.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match difference {
                        StateDifference::Scheme(state, now) => {
                            write!(f, "scheme {state} (now {now})")?
                        }
                        StateDifference::Seed(state, now) => write!(f, "seed {state} (now {now})")?,
                        StateDifference::Parameters => f.write_str("search parameters")?,
                        StateDifference::Targets => f.write_str("squares or bits")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for StateError {}

impl SearchState {
    /// A fresh state for a run.
    pub fn new(opts: &FindOptions, targets: &[Target]) -> Self {
        SearchState {
            version: STATE_VERSION,
            scheme: opts.scheme.name().into(),
            seed: opts.seeding.name(),
            chunk: opts.chunk,
            kind: opts.kind,
            min_top_popcount: opts.min_top_popcount,
            range_candidates: opts.range_candidates,
            targets: targets.to_vec(),
            found: Vec::new(),
            progress: Vec::new(),
        }
    }

    /// Reads a state file's text, naming what is wrong.
    pub fn from_json(text: &str) -> Result<Self, StateError> {
        let state: SearchState = serde_json::from_str(text).map_err(|e| StateError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if state.version != STATE_VERSION {
            return Err(StateError::Version(state.version));
        }
        state.check_counters().map_err(StateError::Counters)?;
        Ok(state)
    }

    /// Whether the counters are ones a run could have written: every count at most
    /// [`MAX_COUNT`] (so that sums of them cannot overflow), a chunk of at least one
    /// candidate, no more tested than drawn, found magics and progress only for the
    /// state's own squares and at most once each, index ranges within the index bits.
    fn check_counters(&self) -> Result<(), String> {
        let big = |what: &str, n: u64| {
            if n > MAX_COUNT {
                Err(format!("{what} {n} is past 2^62"))
            } else {
                Ok(())
            }
        };
        if self.chunk == 0 {
            return Err("chunk 0: a chunk has at least one candidate".into());
        }
        big("chunk", self.chunk)?;
        if let Some(n) = self.range_candidates {
            big("range_candidates", n)?;
        }
        let target = |piece, square| {
            self.targets
                .iter()
                .find(|t| t.piece == piece && t.square == square)
        };
        let check_found = |f: &Found| -> Result<(), String> {
            let name = format!("{} {}", f.piece.name(), f.square);
            let Some(t) = target(f.piece, f.square) else {
                return Err(format!("{name} is not one of the state's squares"));
            };
            if f.bits != t.bits {
                return Err(format!(
                    "{name}: a magic of {} bits, where the state searches {}",
                    f.bits, t.bits
                ));
            }
            big(&format!("{name}: candidates"), f.candidates)?;
            if f.tested > f.candidates {
                return Err(format!(
                    "{name}: {} tested of {} candidates drawn",
                    f.tested, f.candidates
                ));
            }
            if f.bits > 32 || f.min_index > f.max_index || u64::from(f.max_index) >> f.bits != 0 {
                return Err(format!(
                    "{name}: index range {}..={} does not fit {} bits",
                    f.min_index, f.max_index, f.bits
                ));
            }
            Ok(())
        };
        let mut seen = Vec::new();
        for f in &self.found {
            check_found(f)?;
            if seen.contains(&(f.piece, f.square)) {
                return Err(format!("{} {} found twice", f.piece.name(), f.square));
            }
            seen.push((f.piece, f.square));
        }
        let mut seen = Vec::new();
        for p in &self.progress {
            let name = format!("{} {}", p.piece.name(), p.square);
            if target(p.piece, p.square).is_none() {
                return Err(format!(
                    "progress for {name}, not one of the state's squares"
                ));
            }
            if seen.contains(&(p.piece, p.square)) {
                return Err(format!("progress for {name} twice"));
            }
            seen.push((p.piece, p.square));
            if self
                .found
                .iter()
                .any(|f| f.piece == p.piece && f.square == p.square)
            {
                return Err(format!("progress for {name}, which is found"));
            }
            big(&format!("{name}: chunks_done"), p.progress.chunks_done)?;
            let drawn = p.progress.chunks_done.checked_mul(self.chunk);
            if drawn.is_none_or(|d| d > MAX_COUNT || p.progress.tested_done > d) {
                return Err(format!(
                    "{name}: {} chunks of {} candidates with {} tested",
                    p.progress.chunks_done, self.chunk, p.progress.tested_done
                ));
            }
            if let Some(best) = &p.progress.best {
                check_found(best)?;
            }
        }
        Ok(())
    }

    /// Checks that this state belongs to a run with `opts` and `targets`.
    pub fn check_matches(&self, opts: &FindOptions, targets: &[Target]) -> Result<(), StateError> {
        let fresh = SearchState::new(opts, targets);
        let mut differences = Vec::new();
        if self.scheme != fresh.scheme {
            differences.push(StateDifference::Scheme(self.scheme.clone(), fresh.scheme));
        }
        if self.seed != fresh.seed {
            differences.push(StateDifference::Seed(self.seed.clone(), fresh.seed));
        }
        if self.chunk != fresh.chunk
            || self.kind != fresh.kind
            || self.min_top_popcount != fresh.min_top_popcount
            || self.range_candidates != fresh.range_candidates
        {
            differences.push(StateDifference::Parameters);
        }
        if self.targets != fresh.targets {
            differences.push(StateDifference::Targets);
        }
        if !differences.is_empty() {
            return Err(StateError::OtherSearch(differences));
        }
        // A found magic is taken as found and never searched again: each must work
        // for its square with the index range the state gives it (a tampered or
        // damaged file would otherwise end in a set that fails, or, with a budget
        // left over, in one written out unverified).
        for f in self.found.iter().chain(
            self.progress
                .iter()
                .filter_map(|p| p.progress.best.as_ref()),
        ) {
            check_magic(f, opts.scheme).map_err(StateError::Counters)?;
        }
        Ok(())
    }

    /// The magic found for `target`, if any.
    pub fn found_for(&self, target: &Target) -> Option<&Found> {
        self.found
            .iter()
            .find(|f| f.piece == target.piece && f.square == target.square)
    }
}

/// Whether `f`'s magic has no destructive collision on its square with its index bits,
/// under `scheme`'s product, and uses exactly the index range `f` gives.
fn check_magic(f: &Found, scheme: SchemeKind) -> Result<(), String> {
    let name = format!("{} {}", f.piece.name(), f.square);
    let data = SquareData::new(f.piece, f.square, scheme);
    let tester = Tester::new(&data, f.bits, 0);
    let mut scratch = Scratch::new();
    let (collision, range) = match scheme {
        SchemeKind::Fancy32 => (
            tester.first_collision::<Folded>(&mut scratch.probes(), f.magic),
            tester.range::<Folded>(f.magic),
        ),
        _ => (
            tester.first_collision::<Wide>(&mut scratch.probes(), f.magic),
            tester.range::<Wide>(f.magic),
        ),
    };
    if collision.is_some() {
        return Err(format!(
            "{name}: magic {:#018x} has a destructive collision with {} bits",
            f.magic, f.bits
        ));
    }
    if range != (f.min_index, f.max_index) {
        return Err(format!(
            "{name}: magic {:#018x} uses indices {}..={}, the state says {}..={}",
            f.magic, range.0, range.1, f.min_index, f.max_index
        ));
    }
    Ok(())
}

/// A run's state behind a lock, written to the state file (atomically) after each found
/// magic and at most once a second otherwise.
pub(super) struct Recorder<'a> {
    state: Mutex<SearchState>,
    path: Option<&'a Path>,
    last_write: Mutex<Instant>,
}

impl<'a> Recorder<'a> {
    pub(super) fn new(state: SearchState, path: Option<&'a Path>) -> Self {
        Recorder {
            state: Mutex::new(state),
            path,
            last_write: Mutex::new(Instant::now()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, SearchState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The targets without a magic yet.
    pub(super) fn unfinished(&self, targets: &[Target]) -> Vec<Target> {
        let state = self.lock();
        targets
            .iter()
            .filter(|t| state.found_for(t).is_none())
            .copied()
            .collect()
    }

    /// Where `target` got to (from the start if nowhere).
    pub(super) fn progress_of(&self, target: &Target) -> Progress {
        self.lock()
            .progress
            .iter()
            .find(|p| p.piece == target.piece && p.square == target.square)
            .map(|p| p.progress)
            .unwrap_or_default()
    }

    /// Forgets all progress (a chain run starts over: its one stream cannot skip squares).
    pub(super) fn clear(&self) {
        let mut state = self.lock();
        state.found.clear();
        state.progress.clear();
    }

    /// Records `target`'s progress.
    pub(super) fn progress(&self, target: Target, progress: Progress) {
        let mut state = self.lock();
        state
            .progress
            .retain(|p| !(p.piece == target.piece && p.square == target.square));
        state.progress.push(StateProgress {
            piece: target.piece,
            square: target.square,
            progress,
        });
        self.save(&state, false);
    }

    /// Records a found magic, written at once.
    pub(super) fn found(&self, found: Found) {
        let mut state = self.lock();
        state
            .progress
            .retain(|p| !(p.piece == found.piece && p.square == found.square));
        state.found.push(found);
        self.save(&state, true);
    }

    /// The final state, and the error of writing it to the state file if that failed
    /// (the file then holds an earlier state, or none).
    pub(super) fn finish(self) -> (SearchState, Option<String>) {
        let state = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        let unsaved = self.path.and_then(|path| {
            write(path, &state)
                .err()
                .map(|e| format!("{}: the state could not be saved: {e}", path.display()))
        });
        (state, unsaved)
    }

    fn save(&self, state: &SearchState, force: bool) {
        let Some(path) = self.path else { return };
        let mut last = self.last_write.lock().unwrap_or_else(|e| e.into_inner());
        if force || last.elapsed() >= Duration::from_secs(1) {
            // A failure here is retried at the next save; `finish` reports the last one.
            let _ = write(path, state);
            *last = Instant::now();
        }
    }
}

/// Writes the state file. A save during the run that fails is retried at the next one
/// and the search goes on; the last one's failure is the run's ([`Recorder::finish`]).
fn write(path: &Path, state: &SearchState) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(state).map_err(std::io::Error::other)?;
    crate::write_atomic(path, text.as_bytes())
}
