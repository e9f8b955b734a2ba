//! What a refine run is given and what it keeps: the options, the gains, the saved
//! state, the errors, and the checks that a state belongs to the run resuming it.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::csv::{read_set, write_csv, ParseError};
use crate::finder::MAX_FIND_BITS;
use crate::set::{MagicSet, SchemeKind};

/// FNV-1a, 64-bit (Fowler, Noll and Vo's published constants).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How the provenance line of a refined set starts.
const PROVENANCE: &str = "refined by sliders refine";

/// The state file's format version.
const STATE_VERSION: u32 = 1;

/// What a refine run may use; each can be turned off to measure what it gains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ingredients {
    /// Candidates that flip one to three bits of the square's magic.
    pub mutate: bool,
    /// Fresh random candidates (black: the complement of a sparse word, or a dense
    /// word; fixed-shift: a sparse word).
    pub fresh: bool,
    /// Ruin-and-recreate visits (one in eight).
    pub ruin: bool,
}

impl Default for Ingredients {
    fn default() -> Self {
        Ingredients {
            mutate: true,
            fresh: true,
            ruin: true,
        }
    }
}

/// The options of a run.
#[derive(Clone, Debug)]
pub struct RefineOptions {
    /// The seed all random choices derive from.
    pub seed: u64,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Candidates drawn per square visit (rounded up to whole chunks of 256).
    pub candidates: u64,
    /// Stop after this many visits in all (counting those of earlier runs).
    pub visits: Option<u64>,
    /// Stop after this long (this run's time).
    pub time: Option<Duration>,
    /// What the run may use.
    pub ingredients: Ingredients,
    /// Save the state here (atomically) every [`SAVE_EVERY`] and at the end.
    pub state_path: Option<PathBuf>,
    /// offset-in-magic sets: random high parts tried at each offset (scaled per square
    /// as in [`crate::offset`]); `candidates` and `threads` do not apply to them.
    pub trials: u32,
}

/// How often a run saves its state.
pub const SAVE_EVERY: Duration = Duration::from_secs(10);

impl Default for RefineOptions {
    fn default() -> Self {
        RefineOptions {
            seed: 1,
            threads: 0,
            candidates: 4096,
            visits: None,
            time: None,
            ingredients: Ingredients::default(),
            state_path: None,
            trials: crate::offset::DEFAULT_TRIALS,
        }
    }
}

/// What each kind of move has gained: table entries and visits that improved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gain {
    /// Visits won by this kind that lowered a square's end (or its used entries).
    pub accepted: u64,
    /// How much the table size fell in those visits.
    pub entries: u64,
}

/// Gains by the kind of move that won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gains {
    /// The square's own magic placed lower.
    pub replace: Gain,
    /// A magic with bits flipped.
    pub mutate: Gain,
    /// A fresh random magic.
    pub fresh: Gain,
    /// Ruin and recreate.
    pub ruin: Gain,
}

/// A run's saved progress: the current set (as CSV) and the counters. A run with the
/// same seed continues from it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RefineState {
    /// The state file's format version (1; a state of another version is refused).
    pub version: u32,
    /// The seed.
    pub seed: u64,
    /// Candidates per square visit (fixed-shift and black runs; 0 in offset-in-magic
    /// ones).
    pub candidates: u64,
    /// Trials per offset (offset-in-magic runs; 0 in others).
    #[serde(default)]
    pub trials: u32,
    /// The ingredients.
    pub ingredients: Ingredients,
    /// Visits done.
    pub visits: u64,
    /// Candidates drawn (offset-in-magic: trials, one per candidate and offset).
    pub drawn: u64,
    /// Valid candidates: no destructive collision (offset-in-magic: the trials that
    /// fitted the table and ended below the best end found so far).
    pub valid: u64,
    /// Seconds spent over all runs (wall clock, times threads for CPU).
    pub seconds: f64,
    /// The table size the first run started from.
    pub start_entries: usize,
    /// A hash (FNV-1a, 64-bit) of the input set's CSV, so that a state resumes only the
    /// run it came from.
    pub input: u64,
    /// Gains by ingredient.
    pub gains: Gains,
    /// The current set, in the CSV format.
    pub set: String,
}

/// The largest counter a state may hold: 2^62, centuries of drawing at a billion
/// candidates a second, and far enough from 2^64 that adding a run's counts cannot wrap.
pub const MAX_STATE_COUNT: u64 = 1 << 62;

impl RefineState {
    /// Reads a state file's JSON and checks that its counters could have been written by
    /// a run: seconds finite and not negative, counters at most [`MAX_STATE_COUNT`],
    /// valid candidates no more than those drawn. (Whether it belongs to this run, and
    /// whether its set verifies, is checked when the run starts.)
    ///
    /// ```
    /// use sliders_search::refine::RefineState;
    /// assert!(RefineState::from_json("{}").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<Self, String> {
        let state: RefineState = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if !(state.seconds.is_finite() && state.seconds >= 0.0) {
            return Err(format!(
                "\"seconds\": {} is not a time spent (finite, not negative)",
                state.seconds
            ));
        }
        for (name, value) in [
            ("visits", state.visits),
            ("drawn", state.drawn),
            ("valid", state.valid),
        ] {
            if value > MAX_STATE_COUNT {
                return Err(format!(
                    "\"{name}\": {value} is more than any run counts (at most 2^62)"
                ));
            }
        }
        if state.valid > state.drawn {
            return Err(format!(
                "\"valid\": {} candidates, more than the {} drawn",
                state.valid, state.drawn
            ));
        }
        Ok(state)
    }
}

/// Why a run cannot start.
#[derive(Debug)]
pub enum RefineError {
    /// Not a fixed-shift, black or offset-in-magic set.
    Scheme(SchemeKind),
    /// The input set does not verify.
    Invalid(String),
    /// More index bits than the search handles ([`MAX_FIND_BITS`]).
    Bits(u32),
    /// Neither mutated nor fresh candidates: nothing to draw.
    NoCandidates,
    /// A state whose seed, candidates, ingredients, scheme or input set differ from
    /// this run's.
    StateMismatch(&'static str),
    /// The state's set does not verify.
    StateInvalid(String),
    /// The state's counters do not fit its input set (a tampered or damaged file).
    StateCounters(String),
    /// A state file with another version.
    StateVersion(u32),
    /// The state's set does not read.
    StateSet(ParseError),
    /// The state could not be saved.
    Save(PathBuf, std::io::Error),
}

impl fmt::Display for RefineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefineError::Scheme(s) => {
                write!(
                    f,
                    "refine works on fixed-shift, black and offset-in-magic sets, not {s}"
                )
            }
            RefineError::Invalid(e) => write!(f, "the input set does not verify: {e}"),
            RefineError::Bits(bits) => write!(
                f,
                "{bits} index bits: refine handles at most {MAX_FIND_BITS}"
            ),
            RefineError::NoCandidates => {
                f.write_str("no candidates: mutated and fresh are both off")
            }
            RefineError::StateInvalid(e) => write!(f, "the state's set does not verify: {e}"),
            RefineError::StateCounters(e) => write!(f, "the state's counters do not fit: {e}"),
            RefineError::StateMismatch(what) => {
                write!(f, "the state file was written with another {what}")
            }
            RefineError::StateVersion(v) => {
                write!(f, "state file version {v}, expected {STATE_VERSION}")
            }
            RefineError::StateSet(e) => write!(f, "the state file's set: {e}"),
            RefineError::Save(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for RefineError {}

/// The set a run starts from and its state: `set` and a new state, or the state's set
/// after checking that the state belongs to this run (same version, seed, candidates
/// or trials, ingredients, input set and scheme, and a set that verifies). No
/// candidates at all (neither mutated nor fresh) is refused.
pub(crate) fn start_state(
    set: &MagicSet,
    resume: Option<RefineState>,
    options: &RefineOptions,
) -> Result<(MagicSet, RefineState), RefineError> {
    let report = set
        .verify()
        .map_err(|e| RefineError::Invalid(e.to_string()))?;
    let input = fnv1a(write_csv(set).as_bytes());
    if !(options.ingredients.mutate || options.ingredients.fresh) {
        return Err(RefineError::NoCandidates);
    }
    // Each layout's budget per visit; the other is stored as 0 and not compared.
    let offset = set.scheme() == SchemeKind::OffsetInMagic;
    let (candidates, trials) = if offset {
        (0, options.trials)
    } else {
        (options.candidates, 0)
    };
    let Some(state) = resume else {
        return Ok((
            set.clone(),
            RefineState {
                version: STATE_VERSION,
                seed: options.seed,
                candidates,
                trials,
                ingredients: options.ingredients,
                visits: 0,
                drawn: 0,
                valid: 0,
                seconds: 0.0,
                start_entries: report.entries,
                input,
                gains: Gains::default(),
                set: write_csv(set),
            },
        ));
    };
    if state.version != STATE_VERSION {
        return Err(RefineError::StateVersion(state.version));
    }
    if state.seed != options.seed {
        return Err(RefineError::StateMismatch("seed"));
    }
    if !offset && state.candidates != candidates {
        return Err(RefineError::StateMismatch("candidates per visit"));
    }
    if state.trials != trials {
        return Err(RefineError::StateMismatch("trials per offset"));
    }
    if state.ingredients != options.ingredients {
        return Err(RefineError::StateMismatch("set of ingredients"));
    }
    if state.input != input {
        return Err(RefineError::StateMismatch("input set"));
    }
    // The first run started from this input set: its size, and no ingredient gained
    // more than that or won more visits than were made.
    if state.start_entries != report.entries {
        return Err(RefineError::StateCounters(format!(
            "it starts from {} entries, the input set has {}",
            state.start_entries, report.entries
        )));
    }
    let g = &state.gains;
    for (name, gain) in [
        ("replace", g.replace),
        ("mutate", g.mutate),
        ("fresh", g.fresh),
        ("ruin", g.ruin),
    ] {
        if gain.entries > state.start_entries as u64 || gain.accepted > state.visits {
            return Err(RefineError::StateCounters(format!(
                "gains.{name}: {} entries in {} visits, of {} entries in {} visits",
                gain.entries, gain.accepted, state.start_entries, state.visits
            )));
        }
    }
    let saved = read_set(&state.set, None).map_err(RefineError::StateSet)?;
    if saved.scheme() != set.scheme() {
        return Err(RefineError::StateMismatch("scheme"));
    }
    saved
        .verify()
        .map_err(|e| RefineError::StateInvalid(e.to_string()))?;
    Ok((saved, state))
}

/// The provenance line of a refined set: the options that reproduce it and the result.
pub(crate) fn provenance_line(
    o: &RefineOptions,
    scheme: SchemeKind,
    state: &RefineState,
    size: usize,
) -> String {
    let budget = if scheme == SchemeKind::OffsetInMagic {
        format!("--trials {}", o.trials)
    } else {
        format!("--candidates {}", o.candidates)
    };
    format!(
        "{PROVENANCE} --seed {} {budget}{}{}{}: {} -> {size} entries after {} visits",
        o.seed,
        if o.ingredients.mutate {
            ""
        } else {
            " --no-mutate"
        },
        if o.ingredients.fresh {
            ""
        } else {
            " --no-fresh"
        },
        if o.ingredients.ruin { "" } else { " --no-ruin" },
        state.start_entries,
        state.visits,
    )
}

/// The input's provenance comments, without an earlier run's line.
pub(crate) fn input_provenance(set: &MagicSet) -> Vec<String> {
    set.provenance
        .iter()
        .filter(|line| !line.starts_with(PROVENANCE))
        .cloned()
        .collect()
}
