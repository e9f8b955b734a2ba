//! The search that aims at the shared table itself (fixed-shift, black and, in the
//! crate's `offset_refine` module, offset-in-magic sets).
//!
//! The entries a square uses in a shared table are a pattern, not a range: the holes
//! between them can hold other squares' entries, and equal attack sets may share an
//! entry. [`refine`] keeps a current table and improves it one *visit* at a time:
//!
//! - **square visit**: lift one square out of the table; draw candidate magics for it
//!   (its current magic with one to three bits flipped, or fresh random words), place
//!   each valid one at the lowest offset where its used entries meet only free entries
//!   or equal attack sets, and keep the one that ends lowest (then uses fewest
//!   entries), if it ends lower than the square did (or ends as low with fewer
//!   entries). The square's own magic, placed again, is one of the candidates.
//! - **ruin and recreate**: lift out the squares that end highest (two to eight of
//!   them), put them back one by one the same way, and keep the result if the table
//!   shrank, or kept its size with a lower sum of the squares' ends; otherwise undo it.
//!
//! Which square a visit takes is drawn with a bias to the squares that end highest.
//! Every random choice derives from `(seed, visit number)` and the current set, and
//! candidates come in fixed chunks whose best is chosen in chunk order, so a run gives
//! the same set whatever the thread count, and a run stopped and resumed from its
//! [`RefineState`] gives the same set as one that never stopped. The loop, the state
//! and its checks are shared by both layouts (the crate's `Layout` trait).

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sliders_core::{RookOrBishop, Square};

use crate::csv::{read_set, write_csv, ParseError};
use crate::finder::{Scratch, SquareData, Tester, Wide, MAX_FIND_BITS};

/// FNV-1a, 64-bit (Fowler, Noll and Vo's published constants).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}
use crate::pack::packable;
use crate::rng::{mix64, Xorshift64Star};
use crate::set::{MagicSet, SchemeKind};
use crate::shared_table::Table;

/// Candidates per chunk: the unit of work of a thread and of determinism.
const CHUNK: u64 = 256;

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

/// Progress after a visit, for a display and for keeping the best set.
pub struct Progress<'a> {
    /// The counters (the `set` in it is that of the last save).
    pub state: &'a RefineState,
    /// The current table size.
    pub entries: usize,
    /// Entries in use.
    pub used: usize,
    /// The current set as CSV when this visit lowered the table size.
    pub improved: Option<&'a str>,
}

/// One square of the run: its keys, its magic, its window and where it lies.
struct Slot {
    piece: RookOrBishop,
    square: Square,
    data: SquareData,
    bits: u32,
    magic: u64,
    window: Vec<(u32, u64)>,
    offset: usize,
}

impl Slot {
    fn reach(&self) -> usize {
        self.offset + self.window.last().map_or(0, |l| l.0 as usize + 1)
    }

    /// [`Best::key`] of where the square lies now.
    fn key(&self) -> (usize, usize) {
        (self.reach(), self.window.len())
    }

    /// Where the square lies now, to put it back there.
    fn placement(&self) -> Best {
        let (reach, used) = self.key();
        Best {
            reach,
            used,
            magic: self.magic,
            window: self.window.clone(),
            offset: self.offset,
            kind: Kind::Replace,
        }
    }
}

/// Which kind of candidate won a visit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Replace,
    Mutate,
    Fresh,
}

/// The best placement a chunk (or a visit) found.
#[derive(Clone, Debug)]
struct Best {
    reach: usize,
    used: usize,
    magic: u64,
    window: Vec<(u32, u64)>,
    offset: usize,
    kind: Kind,
}

impl Best {
    fn key(&self) -> (usize, usize) {
        (self.reach, self.used)
    }
}

/// The run: its squares, table and counters.
struct Run<'o> {
    options: &'o RefineOptions,
    /// The input's provenance comments, without an earlier run's line.
    provenance: Vec<String>,
    scheme: SchemeKind,
    slots: Vec<Slot>,
    table: Table,
    state: RefineState,
    pool: rayon::ThreadPool,
}

/// Refines `set` (or, with `resume`, the state's set) until the options' budget is
/// spent (with neither `visits` nor `time`, until the process is stopped); `progress`
/// is called after every visit, before the state is saved. Returns the final state,
/// whose set is the best table found (the table never grows).
pub fn refine(
    set: &MagicSet,
    resume: Option<RefineState>,
    options: &RefineOptions,
    progress: impl FnMut(&Progress),
) -> Result<RefineState, RefineError> {
    if set.scheme() == SchemeKind::OffsetInMagic {
        drive(
            crate::offset_refine::OffsetRun::new(set, resume, options)?,
            options,
            progress,
        )
    } else {
        drive(Run::new(set, resume, options)?, options, progress)
    }
}

/// A table that [`refine`] improves one visit at a time: fixed-shift or black
/// ([`Run`]), or offset-in-magic (`crate::offset_refine::OffsetRun`).
pub(crate) trait Layout {
    /// The counters, and the set of the last save.
    fn state(&mut self) -> &mut RefineState;
    /// One visit (which counts itself in the state).
    fn visit(&mut self);
    /// Table entries: the highest used index + 1.
    fn size(&self) -> usize;
    /// Entries in use.
    fn used(&self) -> usize;
    /// The current set, with the run's provenance line.
    fn set(&self) -> MagicSet;
    /// Where a square lies: enough to put it back.
    type Placement;
    /// Square `k`'s placement now.
    fn placement(&self, k: usize) -> Self::Placement;
    /// Takes square `k`'s entries out of the table.
    fn lift(&mut self, k: usize);
    /// Puts lifted-out square `k` in with `p`.
    fn place(&mut self, k: usize, p: Self::Placement);
    /// The best placement for lifted-out square `k`, its candidates drawn from
    /// `stream`; `None` when there is none (offset-in-magic: the offsets ran out).
    fn search(&mut self, k: usize, stream: u64) -> Option<Self::Placement>;
    /// Square indices from the highest end down ([`highest_first`]).
    fn order(&self) -> Vec<usize>;
    /// The sum of the squares' ends.
    fn ends(&self) -> usize;
}

/// Ruin and recreate, for either layout: lifts out two to eight of the squares that end
/// highest and puts them back in a random order, each by a search; keeps the result only
/// if the table shrank, or kept its size with a lower sum of the squares' ends, and
/// otherwise undoes it.
pub(crate) fn ruin<L: Layout>(run: &mut L, rng: &mut Xorshift64Star) {
    let count = 2 + (rng.next_u64() % 7) as usize;
    let mut chosen: Vec<usize> = run.order().into_iter().take(count).collect();
    crate::rng::shuffle(&mut chosen, rng.next_u64());
    let (size, ends) = (run.size(), run.ends());
    let saved: Vec<L::Placement> = chosen.iter().map(|&k| run.placement(k)).collect();
    for &k in &chosen {
        run.lift(k);
    }
    let visits = run.state().visits;
    let mut placed = 0;
    for (n, &k) in chosen.iter().enumerate() {
        let stream = visits ^ ((n as u64 + 1) << 48);
        match run.search(k, stream) {
            Some(p) => {
                run.place(k, p);
                placed += 1;
            }
            None => break,
        }
    }
    let new_size = run.size();
    if placed == chosen.len() && (new_size, run.ends()) < (size, ends) {
        let gain = &mut run.state().gains.ruin;
        gain.accepted += 1;
        gain.entries += (size - new_size) as u64;
    } else {
        for &k in &chosen[..placed] {
            run.lift(k);
        }
        for (&k, p) in chosen.iter().zip(saved) {
            run.place(k, p);
        }
    }
}

/// The visits, the progress calls and the saves, for either layout.
fn drive<L: Layout>(
    mut run: L,
    options: &RefineOptions,
    mut progress: impl FnMut(&Progress),
) -> Result<RefineState, RefineError> {
    let started = Instant::now();
    let mut last = started;
    let mut saved = started;
    loop {
        if options.visits.is_some_and(|v| run.state().visits >= v)
            || options.time.is_some_and(|t| started.elapsed() >= t)
        {
            break;
        }
        let before = run.size();
        run.visit();
        let now = Instant::now();
        run.state().seconds += (now - last).as_secs_f64();
        last = now;
        let entries = run.size();
        let csv = (entries < before).then(|| write_csv(&run.set()));
        let used = run.used();
        // The caller keeps the improved set before the state moves past it.
        progress(&Progress {
            state: run.state(),
            entries,
            used,
            improved: csv.as_deref(),
        });
        if now - saved >= SAVE_EVERY {
            save(&mut run, options)?;
            saved = now;
        }
    }
    save(&mut run, options)?;
    Ok(run.state().clone())
}

/// Puts the current set into the state and writes the state to the options' path.
fn save<L: Layout>(run: &mut L, options: &RefineOptions) -> Result<(), RefineError> {
    let csv = write_csv(&run.set());
    let state = run.state();
    state.set = csv;
    if let Some(path) = &options.state_path {
        let json = serde_json::to_string_pretty(&*state).expect("a state serialises");
        crate::write_atomic(path, json.as_bytes())
            .map_err(|e| RefineError::Save(path.clone(), e))?;
    }
    Ok(())
}

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

/// Indices of `ends` from the highest end down (ties: index order): the order in which
/// visits and ruins take squares.
pub(crate) fn highest_first(ends: impl Iterator<Item = usize>) -> Vec<usize> {
    let ends: Vec<usize> = ends.collect();
    let mut order: Vec<usize> = (0..ends.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(ends[k]), k));
    order
}

/// The input's provenance comments, without an earlier run's line.
pub(crate) fn input_provenance(set: &MagicSet) -> Vec<String> {
    set.provenance
        .iter()
        .filter(|line| !line.starts_with(PROVENANCE))
        .cloned()
        .collect()
}

impl Layout for Run<'_> {
    fn state(&mut self) -> &mut RefineState {
        &mut self.state
    }
    fn visit(&mut self) {
        Run::visit(self);
    }
    fn size(&self) -> usize {
        self.table.size()
    }
    fn used(&self) -> usize {
        self.table.used()
    }
    fn set(&self) -> MagicSet {
        Run::set(self)
    }
    type Placement = Best;
    fn placement(&self, k: usize) -> Best {
        self.slots[k].placement()
    }
    fn lift(&mut self, k: usize) {
        let s = &self.slots[k];
        self.table.remove(&s.window, s.offset);
    }
    fn place(&mut self, k: usize, best: Best) {
        let s = &mut self.slots[k];
        s.magic = best.magic;
        s.window = best.window;
        s.offset = best.offset;
        self.table.add(&s.window, s.offset);
    }
    fn search(&mut self, k: usize, stream: u64) -> Option<Best> {
        Some(Run::search(self, k, stream))
    }
    fn order(&self) -> Vec<usize> {
        highest_first(self.slots.iter().map(Slot::reach))
    }
    fn ends(&self) -> usize {
        self.slots.iter().map(Slot::reach).sum()
    }
}

impl<'o> Run<'o> {
    fn new(
        set: &MagicSet,
        resume: Option<RefineState>,
        options: &'o RefineOptions,
    ) -> Result<Self, RefineError> {
        if !packable(set.scheme()) {
            return Err(RefineError::Scheme(set.scheme()));
        }
        let (set, state) = start_state(set, resume, options)?;
        let scheme = set.scheme();
        for piece in RookOrBishop::BOTH {
            let bits = set.get(piece, Square::A1).bits;
            if bits > MAX_FIND_BITS {
                return Err(RefineError::Bits(bits));
            }
        }
        let mut table = Table::default();
        let mut slots = Vec::with_capacity(128);
        for piece in RookOrBishop::BOTH {
            for square in Square::ALL {
                let m = set.get(piece, square);
                let data = SquareData::new(piece, square, scheme);
                let window = data
                    .window(m.bits, m.magic)
                    .expect("a verified set has no destructive collision");
                let offset = m.offset as usize;
                table.add(&window, offset);
                slots.push(Slot {
                    piece,
                    square,
                    data,
                    bits: m.bits,
                    magic: m.magic,
                    window,
                    offset,
                });
            }
        }
        let provenance = input_provenance(&set);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
            .expect("a thread pool");
        Ok(Run {
            provenance,
            pool,
            options,
            scheme,
            slots,
            table,
            state,
        })
    }

    /// The current set.
    fn set(&self) -> MagicSet {
        let mut magics = [[crate::set::SquareMagic::default(); 64]; 2];
        for s in &self.slots {
            magics[s.piece.index()][s.square as usize] = crate::set::SquareMagic {
                magic: s.magic,
                bits: s.bits,
                offset: s.offset as u32,
            };
        }
        let mut set = MagicSet::new(self.scheme, magics[0], magics[1]).expect("the input's bits");
        set.provenance.clone_from(&self.provenance);
        set.provenance.push(provenance_line(
            self.options,
            self.scheme,
            &self.state,
            self.table.size(),
        ));
        set
    }

    /// One visit: a square visit, or (one in eight) ruin and recreate.
    fn visit(&mut self) {
        let mut rng = Xorshift64Star::new(mix64(mix64(self.state.seed) ^ self.state.visits));
        let r = rng.next_u64();
        if self.options.ingredients.ruin && r.is_multiple_of(8) {
            ruin(self, &mut rng);
        } else {
            // Rank r * r / 128 of 128: half the visits go to the top 32.
            let u = (rng.next_u64() % 128) as usize;
            let k = self.order()[u * u / 128];
            let size = self.table.size();
            let old = self.slots[k].key();
            self.lift(k);
            let best = self.search(k, self.state.visits);
            let (won, kind) = (best.key() < old, best.kind);
            self.place(k, best);
            if won {
                let fell = (size - self.table.size()) as u64;
                let gain = self.gain(kind);
                gain.accepted += 1;
                gain.entries += fell;
            }
        }
        self.state.visits += 1;
    }

    fn gain(&mut self, kind: Kind) -> &mut Gain {
        match kind {
            Kind::Replace => &mut self.state.gains.replace,
            Kind::Mutate => &mut self.state.gains.mutate,
            Kind::Fresh => &mut self.state.gains.fresh,
        }
    }

    /// The best placement for lifted-out slot `k`: its own magic at its lowest fit,
    /// then the chunks of candidates drawn from `stream`, each at its lowest fit.
    fn search(&mut self, k: usize, stream: u64) -> Best {
        let s = &self.slots[k];
        let table = &self.table;
        // A square always fits past the table's end.
        let (offset, reach) =
            fit_below(table, s, &s.window, s.magic, usize::MAX / 2).expect("room past the end");
        let own = Best {
            reach,
            used: s.window.len(),
            magic: s.magic,
            window: s.window.clone(),
            offset,
            kind: Kind::Replace,
        };
        let bound = own.reach;
        let job = Job {
            slot: s,
            table,
            ingredients: self.options.ingredients,
            black: self.scheme == SchemeKind::Black,
            bound,
        };
        let chunks = self.options.candidates.div_ceil(CHUNK);
        let seed = mix64(mix64(self.state.seed ^ 0x7265_6669_6e65) ^ stream);
        let results: Vec<(Option<Best>, u64)> = self.pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .map_init(
                    || (Scratch::new(), vec![0; 1 << MAX_FIND_BITS]),
                    |(scratch, seen), chunk| {
                        let mut rng = Xorshift64Star::new(mix64(seed ^ chunk));
                        job.chunk_best(scratch, seen, &mut rng)
                    },
                )
                .collect()
        });
        let mut best = own;
        for (found, valid) in results {
            self.state.valid += valid;
            if let Some(b) = found {
                if b.key() < best.key() {
                    best = b;
                }
            }
        }
        self.state.drawn += chunks * CHUNK;
        best
    }
}

/// Whether some attack set of `piece` on `square` is also another square's: only a
/// bishop in a corner, whose one diagonal another corner's bishop sees from the other
/// end (this crate's tests check every attack set). Every other square fits exactly
/// where its entries are free.
pub fn shares_attack_sets(piece: RookOrBishop, square: Square) -> bool {
    piece == RookOrBishop::Bishop
        && matches!(square, Square::A1 | Square::H1 | Square::A8 | Square::H8)
}

/// A window's local indices in a scrambled order: neighbouring entries tend to meet
/// neighbouring holes, so a scrambled scan rules an offset out sooner.
fn scan_order(window: &[(u32, u64)], magic: u64) -> Vec<u32> {
    let mut scan: Vec<u32> = window.iter().map(|e| e.0).collect();
    crate::rng::shuffle(&mut scan, magic);
    scan
}

/// The lowest fit of slot `s`'s `window` whose end is at most `bound`:
/// `(offset, end)`. Where no other square can share its attack sets, the fast search
/// over free entries; otherwise each offset in turn, equal attack sets allowed.
fn fit_below(
    table: &Table,
    s: &Slot,
    window: &[(u32, u64)],
    magic: u64,
    bound: usize,
) -> Option<(usize, usize)> {
    let last = window.last().map_or(0, |l| l.0 as usize + 1);
    if bound < last {
        return None;
    }
    let limit = bound - last + 1;
    let offset = if shares_attack_sets(s.piece, s.square) {
        table.first_fit(window, limit)
    } else {
        table.first_free_fit(&scan_order(window, magic), limit)
    };
    (offset < limit).then_some((offset, offset + last))
}

/// One square's search against the current table, shared by the chunks.
struct Job<'a> {
    /// The square, lifted out of `table`.
    slot: &'a Slot,
    table: &'a Table,
    ingredients: Ingredients,
    /// Black's fresh candidates are dense; fixed-shift's sparse.
    black: bool,
    /// Only placements that end at or below this count.
    bound: usize,
}

impl Job<'_> {
    /// The best of one chunk of candidates, and how many were valid.
    fn chunk_best(
        &self,
        scratch: &mut Scratch,
        seen: &mut [u64],
        rng: &mut Xorshift64Star,
    ) -> (Option<Best>, u64) {
        let (s, table, ingredients, black) = (self.slot, self.table, self.ingredients, self.black);
        let tester = Tester::new(&s.data, s.bits, 0);
        let mut best: Option<Best> = None;
        let mut limit_key = (self.bound, usize::MAX);
        let mut valid = 0;
        let mut probes = scratch.probes();
        for _ in 0..CHUNK {
            let r = rng.next_u64();
            let (magic, kind) =
                if ingredients.mutate && (!ingredients.fresh || !r.is_multiple_of(4)) {
                    let mut m = s.magic;
                    for f in 0..=(r >> 2) % 3 {
                        m ^= 1 << ((r >> (8 + 6 * f)) & 63);
                    }
                    (m, Kind::Mutate)
                } else if ingredients.fresh {
                    let m = match (black, r & 4 != 0) {
                        (true, true) => !rng.sparse(),
                        (true, false) => rng.next_u64(),
                        (false, _) => rng.sparse(),
                    };
                    (m, Kind::Fresh)
                } else {
                    continue;
                };
            if magic == s.magic || tester.first_collision::<Wide>(&mut probes, magic).is_some() {
                continue;
            }
            valid += 1;
            let Some(window) = s.data.window_in(s.bits, magic, seen) else {
                continue;
            };
            // Ends within the bound (equal ends compete on used entries).
            let Some((offset, reach)) = fit_below(table, s, &window, magic, limit_key.0) else {
                continue;
            };
            let candidate = Best {
                reach,
                used: window.len(),
                magic,
                window,
                offset,
                kind,
            };
            if candidate.key() < limit_key {
                limit_key = candidate.key();
                best = Some(candidate);
            }
        }
        (best, valid)
    }
}
