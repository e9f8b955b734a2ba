//! Settling whether a magic with a given number of index bits exists for one square
//! (issue 24): the question as a SAT formula ([`encoding`], written by [`dimacs`]),
//! solved by CaDiCaL ([`solver`]); a magic it finds is checked by
//! [`crate::verify::verify_square`], and its "none" by our own DRAT checker ([`drat`]),
//! which shares no code with the solver. [`cubes`] splits the formula on the magic's top
//! bits into many solver runs; [`exhaust`] answers fancy questions by a search instead
//! (from the top of the magic, or from bit 0 up: `low_first`).
//!
//! ```no_run
//! use sliders_core::{RookOrBishop, Square};
//! use sliders_search::prove::{prove, Answer, Collisions, IndexScheme, Options, Question};
//! let question = Question {
//!     piece: RookOrBishop::Bishop,
//!     square: Square::D1,
//!     bits: 4,
//!     scheme: IndexScheme::Fancy,
//! };
//! let result = prove(&question, &Options::default()).unwrap();
//! assert!(matches!(result.answer, Answer::None { .. }));
//! ```

pub mod auto_order;
pub mod certificate;
pub mod cubes;
pub mod dimacs;
pub mod drat;
pub mod encoding;
pub mod estimate;
pub mod exhaust;
mod low_first;
pub mod shard;
pub mod solver;
mod state;
mod walk;
pub(crate) use state::read as read_state;

use crate::control::StopToken;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use encoding::{encode, encode_occupancies, Collisions, Encoded, IndexScheme, Question};

use sliders_core::Bitboard;

use crate::set::{SchemeKind, SquareMagic};
use crate::verify::{verify_square, VerifyError};

/// How to prove.
#[derive(Clone, Debug)]
pub struct Options {
    /// The collision constraint.
    pub collisions: Collisions,
    /// Write the proof here (else to a temporary file, removed after the check).
    pub proof: Option<PathBuf>,
    /// Write the formula here (else to a temporary file).
    pub formula: Option<PathBuf>,
    /// Check an unsatisfiability proof with [`drat::check`].
    pub check: bool,
    /// Give up after this long (the solver's own limit; for [`Options::grow`], all
    /// rounds together).
    pub limit: Option<Duration>,
    /// The caller's stop: the solver is killed and the proof check ends
    /// ([`ProveError::Interrupted`]).
    pub stop: StopToken,
    /// Grow the formula from counterexamples instead of writing every occupancy at once
    /// (`sliders prove --grow`: start from [`representatives`], add [`counterexamples`]).
    pub grow: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            collisions: Collisions::Slots,
            proof: None,
            formula: None,
            check: true,
            limit: None,
            stop: StopToken::default(),
            grow: false,
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A magic, verified against the reference attacks, using `used` entries.
    Found {
        /// The magic (bits above the period are 0).
        magic: u64,
        /// Index entries it fills.
        used: usize,
    },
    /// None exists: the solver's proof, and what checking it saw (`None` when not
    /// checked).
    None {
        /// The proof's size in bytes.
        proof_bytes: u64,
        /// The checker's report.
        checked: Option<drat::Checked>,
        /// Seconds the check took.
        check_seconds: f64,
    },
    /// The solver gave up at the time limit.
    Unknown,
}

/// What [`prove`] did.
#[derive(Clone, Debug)]
pub struct Proved {
    /// The answer.
    pub answer: Answer,
    /// Solver runs: 1, or the rounds of [`Options::grow`].
    pub rounds: usize,
    /// The (last) formula's variables.
    pub variables: u32,
    /// The formula's clauses.
    pub clauses: usize,
    /// Occupancies the (last) formula covers.
    pub occupancies: usize,
    /// The square's relevant occupancies (2^mask bits).
    pub all_occupancies: usize,
    /// Distinct attack sets.
    pub classes: usize,
    /// Magic bits that are variables.
    pub magic_variables: u32,
    /// Seconds to build and write the formula (all rounds).
    pub encode_seconds: f64,
    /// The solver's seconds (all rounds).
    pub solve_seconds: f64,
    /// The solver and its version.
    pub solver: String,
}

/// Why [`prove`] failed.
#[derive(Debug)]
pub enum ProveError {
    /// The question is out of range (bits 1 to the mask's bits).
    Question(String),
    /// Writing or reading a file.
    Io(String, std::io::Error),
    /// The solver could not run or said something unreadable.
    Solver(String),
    /// The solver's magic does not verify: a wrong encoding or a wrong solver.
    WrongMagic(u64, VerifyError),
    /// The solver's proof does not check.
    Proof(String),
    /// A state file that cannot be resumed from (names the file and what is wrong).
    State(String),
    /// A stop was requested ([`StopToken::request`]) during work that has no answer yet.
    Interrupted(String),
}

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProveError::Question(m) | ProveError::Solver(m) | ProveError::State(m) => {
                f.write_str(m)
            }
            ProveError::Io(what, e) => write!(f, "{what}: {e}"),
            ProveError::WrongMagic(m, e) => {
                write!(f, "the solver's magic 0x{m:016x} does not verify: {e}")
            }
            ProveError::Proof(m) => write!(f, "the solver's proof does not check: {m}"),
            ProveError::Interrupted(m) => write!(f, "interrupted: {m}"),
        }
    }
}

impl std::error::Error for ProveError {}

/// Checks that `question` can be asked: 1 to (mask bits) index bits.
pub fn check_question(question: &Question) -> Result<(), ProveError> {
    let mask_bits = question.piece.mask(question.square).len() as u32;
    if !(1..=mask_bits).contains(&question.bits) {
        return Err(ProveError::Question(format!(
            "--bits {} is out of range for {} {}: 1 to its {mask_bits} mask bits",
            question.bits,
            question.piece.name(),
            question.square
        )));
    }
    Ok(())
}

/// The scheme whose index function [`verify_square`] uses for `scheme`.
pub fn scheme_kind(scheme: IndexScheme) -> SchemeKind {
    match scheme {
        IndexScheme::Fancy => SchemeKind::Fancy,
        IndexScheme::Black => SchemeKind::Black,
    }
}

/// Verifies `magic` for `question` (fancy or black index, `bits` bits).
pub fn verify_magic(question: &Question, magic: u64) -> Result<usize, VerifyError> {
    verify_square(
        scheme_kind(question.scheme),
        question.piece,
        question.square,
        SquareMagic {
            magic,
            bits: question.bits,
            offset: 0,
        },
    )
}

/// A directory removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new directory of our own under the temporary directory: created, never reused (two
/// processes with the same id, in containers sharing `/tmp`, must not share files).
fn scratch() -> Result<Scratch, ProveError> {
    // What killed runs left (a SIGKILL skips the removal on drop).
    crate::process::sweep(&std::env::temp_dir(), "sliders-prove-");
    // The process id, the time's nanoseconds and an attempt number: a name taken (by a
    // thread of ours in the same nanosecond) is tried again with the next attempt.
    let mut attempt = 0u64;
    loop {
        attempt += 1;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "sliders-prove-{}-{}-{nanos}",
            std::process::id(),
            attempt
        ));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(Scratch(dir)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(ProveError::Io(format!("creating {}", dir.display()), e)),
        }
    }
}

/// The `sliders prove` command line that asks `question` with `collisions`: the first
/// comment of every formula written.
fn command(question: &Question, collisions: Collisions) -> String {
    format!(
        "sliders prove {} {} --bits {} --scheme {} --encoding {}",
        question.piece.name(),
        question.square,
        question.bits,
        question.scheme.name(),
        collisions.name()
    )
}

/// Writes `encoded`'s formula to `path` in DIMACS, commented with the question (and the
/// occupancies it covers, when `chosen` says it covers only some).
pub fn write_formula(
    question: &Question,
    encoded: &Encoded,
    collisions: Collisions,
    path: &Path,
    chosen: Option<&[u64]>,
) -> Result<(), ProveError> {
    let mut comments = vec![
        command(question, collisions),
        format!(
            "magic bit k is variable {}",
            encoded
                .cnf
                .magic
                .iter()
                .enumerate()
                .filter_map(|(k, l)| l.map(|l| format!("{k}:{l}")))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    ];
    if let Some(chosen) = chosen {
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        comments.push(format!(
            "over {} of the {} occupancies (a relaxation: unsatisfiable means none):",
            sorted.len(),
            1u64 << question.piece.mask(question.square).len()
        ));
        for line in sorted.chunks(8) {
            comments.push(
                line.iter()
                    .map(|o| format!("0x{o:x}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
    let io = |e| ProveError::Io(format!("writing {}", path.display()), e);
    let file = std::fs::File::create(path).map_err(io)?;
    let mut out = std::io::BufWriter::new(file);
    dimacs::write(&encoded.cnf, &comments, &mut out).map_err(io)?;
    std::io::Write::flush(&mut out).map_err(io)
}

/// Checks the proof at `proof` against the DIMACS formula at `formula`, both read back
/// from disk as the solver saw them; a stop request ([`StopToken::request`]) ends the check
/// ([`ProveError::Interrupted`]).
pub fn check_proof(
    formula: &Path,
    proof: &Path,
    stop: &StopToken,
) -> Result<drat::Checked, ProveError> {
    let text = std::fs::read_to_string(formula)
        .map_err(|e| ProveError::Io(format!("reading {}", formula.display()), e))?;
    let formula = dimacs::parse(&text).map_err(ProveError::Proof)?;
    let bytes = std::fs::read(proof)
        .map_err(|e| ProveError::Io(format!("reading {}", proof.display()), e))?;
    let steps = drat::parse_proof(&bytes).map_err(ProveError::Proof)?;
    drop(bytes);
    drat::check_until(formula.variables, &formula.clauses, &steps, &|| {
        stop.requested()
    })
    .map_err(|e| match e {
        drat::ProofError::Halted => {
            ProveError::Interrupted("the proof check was stopped before its end".into())
        }
        e => ProveError::Proof(e.to_string()),
    })
}

/// One occupancy per attack set, the one with the fewest squares (the blockers alone):
/// where [`Options::grow`] starts.
pub fn representatives(question: &Question) -> Vec<u64> {
    let mut fewest: HashMap<u64, u64> = HashMap::new();
    for occ in question.piece.mask(question.square).subsets() {
        let attacks = question.piece.attacks(question.square, occ).0;
        let entry = fewest.entry(attacks).or_insert(occ.0);
        if occ.0.count_ones() < entry.count_ones() {
            *entry = occ.0;
        }
    }
    let mut reps: Vec<u64> = fewest.into_values().collect();
    reps.sort_unstable();
    reps
}

/// Occupancies to add after `magic` satisfied the formula over `chosen` but may fail on
/// the rest: every occupancy outside `chosen` whose index is taken by an occupancy with
/// other attacks (and that occupancy, if it is outside `chosen` too), in increasing
/// order, at most `limit`. Empty when `magic` works for every occupancy.
pub fn counterexamples(question: &Question, magic: u64, chosen: &[u64], limit: usize) -> Vec<u64> {
    let Question { piece, square, .. } = *question;
    let is_chosen: std::collections::HashSet<u64> = chosen.iter().copied().collect();
    let mut holder: HashMap<u64, (u64, u64)> = HashMap::new();
    for &occ in chosen {
        let attacks = piece.attacks(square, Bitboard(occ)).0;
        holder.insert(encoding::index_of(question, magic, occ), (attacks, occ));
    }
    let mut added = Vec::new();
    for occ in piece.mask(square).subsets() {
        if added.len() >= limit {
            break;
        }
        if is_chosen.contains(&occ.0) {
            continue;
        }
        let attacks = piece.attacks(square, occ).0;
        match holder.entry(encoding::index_of(question, magic, occ.0)) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert((attacks, occ.0));
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let (held, by) = *o.get();
                if held != attacks {
                    if !is_chosen.contains(&by) && !added.contains(&by) {
                        added.push(by);
                    }
                    added.push(occ.0);
                }
            }
        }
    }
    added
}

/// Occupancies [`Options::grow`] adds per round at most.
pub const GROW_STEP: usize = 64;

/// Counterexample-guided refinement: solve the formula over one occupancy per attack set
/// ([`representatives`]); while the solver's magic fails on other occupancies, add those
/// ([`counterexamples`], at most [`GROW_STEP`] a round) and solve again. Ends with a
/// magic that verifies on every occupancy, or with an unsatisfiable formula over a
/// subset of the occupancies, which is a proof of "none" for the square (the formula is
/// a relaxation, see [`encode_occupancies`]); the proof is checked against that formula.
fn grow(question: &Question, options: &Options, dir: &Scratch) -> Result<Proved, ProveError> {
    let start = Instant::now();
    let formula = options
        .formula
        .clone()
        .unwrap_or_else(|| dir.0.join("formula.cnf"));
    let proof = options
        .proof
        .clone()
        .unwrap_or_else(|| dir.0.join("proof.drat"));
    let mut chosen = representatives(question);
    let mut encode_seconds = 0.0;
    let mut solve_seconds = 0.0;
    let mut rounds = 0;
    loop {
        rounds += 1;
        let encode_start = Instant::now();
        let encoded = encode_occupancies(question, options.collisions, &chosen);
        write_formula(
            question,
            &encoded,
            options.collisions,
            &formula,
            Some(&chosen),
        )?;
        encode_seconds += encode_start.elapsed().as_secs_f64();
        let left = options.limit.map(|l| l.saturating_sub(start.elapsed()));
        let (answer, solver_name) = if left.is_some_and(|l| l < Duration::from_secs(1)) {
            (Answer::Unknown, solver::version().unwrap_or_default())
        } else {
            let run = solver::solve(
                &formula,
                encoded.cnf.variables,
                Some(&proof),
                left,
                &options.stop,
            )
            .map_err(ProveError::Solver)?;
            solve_seconds += run.seconds;
            let answer = match &run.outcome {
                solver::Outcome::Satisfiable(values) => {
                    let magic = encoded.cnf.magic_from(|v| values[v as usize]);
                    let more = counterexamples(question, magic, &chosen, GROW_STEP);
                    if !more.is_empty() {
                        chosen.extend(more);
                        continue;
                    }
                    found(question, magic, options, &proof)?
                }
                solver::Outcome::Unsatisfiable => refuted(options, &formula, &proof)?,
                solver::Outcome::TimedOut => Answer::Unknown,
            };
            (answer, run.solver)
        };
        return Ok(Proved {
            answer,
            rounds,
            variables: encoded.cnf.variables,
            clauses: encoded.cnf.clauses,
            occupancies: encoded.occupancies,
            all_occupancies: 1 << question.piece.mask(question.square).len(),
            classes: encoded.classes,
            magic_variables: encoded.magic_variables,
            encode_seconds,
            solve_seconds,
            solver: solver_name,
        });
    }
}

/// A satisfiable run's magic, verified on every occupancy.
fn found(
    question: &Question,
    magic: u64,
    options: &Options,
    proof: &Path,
) -> Result<Answer, ProveError> {
    let used = verify_magic(question, magic).map_err(|e| ProveError::WrongMagic(magic, e))?;
    if options.proof.is_some() {
        // A satisfiable run's proof says nothing; do not leave one behind.
        let _ = std::fs::remove_file(proof);
    }
    Ok(Answer::Found { magic, used })
}

/// An unsatisfiable run's proof, checked unless the options say not to.
fn refuted(options: &Options, formula: &Path, proof: &Path) -> Result<Answer, ProveError> {
    let proof_bytes = std::fs::metadata(proof)
        .map_err(|e| ProveError::Io(format!("reading {}", proof.display()), e))?
        .len();
    let check_start = Instant::now();
    let checked = if options.check {
        Some(check_proof(formula, proof, &options.stop)?)
    } else {
        None
    };
    Ok(Answer::None {
        proof_bytes,
        checked,
        check_seconds: check_start.elapsed().as_secs_f64(),
    })
}

/// Encodes `question`, solves it, and checks the answer: a found magic must verify, a
/// proof of "none" must check (unless `options.check` is off).
pub fn prove(question: &Question, options: &Options) -> Result<Proved, ProveError> {
    check_question(question)?;
    let dir = scratch()?;
    if options.grow {
        return grow(question, options, &dir);
    }
    let start = Instant::now();
    let encoded = encode(question, options.collisions);
    let formula = options
        .formula
        .clone()
        .unwrap_or_else(|| dir.0.join("formula.cnf"));
    write_formula(question, &encoded, options.collisions, &formula, None)?;
    let encode_seconds = start.elapsed().as_secs_f64();
    let proof = options
        .proof
        .clone()
        .unwrap_or_else(|| dir.0.join("proof.drat"));
    let run = solver::solve(
        &formula,
        encoded.cnf.variables,
        Some(&proof),
        options.limit,
        &options.stop,
    )
    .map_err(ProveError::Solver)?;
    let answer = match run.outcome {
        solver::Outcome::Satisfiable(values) => found(
            question,
            encoded.cnf.magic_from(|v| values[v as usize]),
            options,
            &proof,
        )?,
        solver::Outcome::Unsatisfiable => refuted(options, &formula, &proof)?,
        solver::Outcome::TimedOut => Answer::Unknown,
    };
    Ok(Proved {
        answer,
        rounds: 1,
        variables: encoded.cnf.variables,
        clauses: encoded.cnf.clauses,
        occupancies: encoded.occupancies,
        all_occupancies: encoded.occupancies,
        classes: encoded.classes,
        magic_variables: encoded.magic_variables,
        encode_seconds,
        solve_seconds: run.seconds,
        solver: run.solver,
    })
}
