//! Settling whether a magic with a given number of index bits exists for one square
//! (issue 24): the question as a SAT formula ([`encoding`], written by [`dimacs`]),
//! solved by CaDiCaL ([`solver`]); a magic it finds is checked by
//! [`crate::verify::verify_square`], and its "none" by our own DRAT checker ([`drat`]),
//! which shares no code with the solver.
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

pub mod dimacs;
pub mod drat;
pub mod encoding;
pub mod solver;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use encoding::{encode, Collisions, Encoded, IndexScheme, Question};

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
    /// Give up after this long (the solver's own limit).
    pub limit: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            collisions: Collisions::Slots,
            proof: None,
            formula: None,
            check: true,
            limit: None,
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
    /// The formula's variables.
    pub variables: u32,
    /// The formula's clauses.
    pub clauses: usize,
    /// Relevant occupancies, attack sets, magic variables.
    pub occupancies: usize,
    /// Distinct attack sets.
    pub classes: usize,
    /// Magic bits that are variables.
    pub magic_variables: u32,
    /// Seconds to build and write the formula.
    pub encode_seconds: f64,
    /// The solver's seconds.
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
}

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProveError::Question(m) | ProveError::Solver(m) => f.write_str(m),
            ProveError::Io(what, e) => write!(f, "{what}: {e}"),
            ProveError::WrongMagic(m, e) => {
                write!(f, "the solver's magic 0x{m:016x} does not verify: {e}")
            }
            ProveError::Proof(m) => write!(f, "the solver's proof does not check: {m}"),
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

fn scratch() -> Result<Scratch, ProveError> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sliders-prove-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir)
        .map_err(|e| ProveError::Io(format!("creating {}", dir.display()), e))?;
    Ok(Scratch(dir))
}

/// Writes `encoded`'s formula to `path` in DIMACS, commented with the question.
pub fn write_formula(
    question: &Question,
    encoded: &Encoded,
    collisions: Collisions,
    path: &Path,
) -> Result<(), ProveError> {
    let comments = vec![
        format!(
            "sliders prove {} {} --bits {} --scheme {} --encoding {}",
            question.piece.name(),
            question.square,
            question.bits,
            question.scheme.name(),
            collisions.name()
        ),
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
    let io = |e| ProveError::Io(format!("writing {}", path.display()), e);
    let file = std::fs::File::create(path).map_err(io)?;
    let mut out = std::io::BufWriter::new(file);
    dimacs::write(&encoded.cnf, &comments, &mut out).map_err(io)?;
    std::io::Write::flush(&mut out).map_err(io)
}

/// Checks the proof at `proof` against the DIMACS formula at `formula`, both read back
/// from disk as the solver saw them.
pub fn check_proof(formula: &Path, proof: &Path) -> Result<drat::Checked, ProveError> {
    let text = std::fs::read_to_string(formula)
        .map_err(|e| ProveError::Io(format!("reading {}", formula.display()), e))?;
    let formula = dimacs::parse(&text).map_err(ProveError::Proof)?;
    let bytes = std::fs::read(proof)
        .map_err(|e| ProveError::Io(format!("reading {}", proof.display()), e))?;
    let steps = drat::parse_proof(&bytes).map_err(ProveError::Proof)?;
    drop(bytes);
    drat::check(formula.variables, &formula.clauses, &steps)
        .map_err(|e| ProveError::Proof(e.to_string()))
}

/// Encodes `question`, solves it, and checks the answer: a found magic must verify, a
/// proof of "none" must check (unless `options.check` is off).
pub fn prove(question: &Question, options: &Options) -> Result<Proved, ProveError> {
    check_question(question)?;
    let start = Instant::now();
    let encoded = encode(question, options.collisions);
    let dir = scratch()?;
    let formula = options
        .formula
        .clone()
        .unwrap_or_else(|| dir.0.join("formula.cnf"));
    write_formula(question, &encoded, options.collisions, &formula)?;
    let encode_seconds = start.elapsed().as_secs_f64();
    let proof = options
        .proof
        .clone()
        .unwrap_or_else(|| dir.0.join("proof.drat"));
    let run = solver::solve(&formula, encoded.cnf.variables, Some(&proof), options.limit)
        .map_err(ProveError::Solver)?;
    let answer = match run.outcome {
        solver::Outcome::Satisfiable(values) => {
            let magic = encoded.cnf.magic_from(|v| values[v as usize]);
            let used =
                verify_magic(question, magic).map_err(|e| ProveError::WrongMagic(magic, e))?;
            if options.proof.is_some() {
                // A satisfiable run's proof says nothing; do not leave one behind.
                let _ = std::fs::remove_file(&proof);
            }
            Answer::Found { magic, used }
        }
        solver::Outcome::Unsatisfiable => {
            let proof_bytes = std::fs::metadata(&proof)
                .map_err(|e| ProveError::Io(format!("reading {}", proof.display()), e))?
                .len();
            let check_start = Instant::now();
            let checked = if options.check {
                Some(check_proof(&formula, &proof)?)
            } else {
                None
            };
            Answer::None {
                proof_bytes,
                checked,
                check_seconds: check_start.elapsed().as_secs_f64(),
            }
        }
        solver::Outcome::TimedOut => Answer::Unknown,
    };
    Ok(Proved {
        answer,
        variables: encoded.cnf.variables,
        clauses: encoded.cnf.clauses,
        occupancies: encoded.occupancies,
        classes: encoded.classes,
        magic_variables: encoded.magic_variables,
        encode_seconds,
        solve_seconds: run.seconds,
        solver: run.solver,
    })
}
