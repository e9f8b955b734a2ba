//! Cube and conquer: the formula split on the magic's top variable bits, one solver run
//! per cube, so a question too hard for one run can be answered in pieces, in parallel
//! and resumably.
//!
//! With `k` cube bits there are `2^k` cubes: cube `i` is the formula plus `k` unit
//! clauses setting magic bits `period - 1` down to `period - k` to the bits of `i`, the
//! highest first. The cubes are every assignment of those bits, so the formula is
//! unsatisfiable exactly when every cube is; each cube's "unsatisfiable" comes with its
//! own DRAT proof, checked by [`super::drat`] against that cube's formula (read back from
//! the file the solver read) and then removed. A satisfiable cube gives a magic, which is
//! verified like any other.

use crate::control::{Event, Observer, StopToken};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{
    check_proof, encode, shard, solver, verify_magic, Collisions, ProveError, Question, Scratch,
};

/// How to run [`split`].
#[derive(Clone, Debug)]
pub struct CubeOptions {
    /// Magic bits the cubes fix (1 to 20, at most the magic's variable bits).
    pub bits: u32,
    /// The collision constraint of the formula.
    pub collisions: Collisions,
    /// Solver runs at a time (0: one per core).
    pub threads: usize,
    /// Keep the progress here, and resume from it when it exists.
    pub state: Option<PathBuf>,
    /// Stop (resumably) after about this long; a cube still running then is given up
    /// and solved again on the next run.
    pub limit: Option<Duration>,
    /// Check each cube's proof with our DRAT checker (off: the solver's word).
    pub check: bool,
    /// Also write the whole formula (without the cubes' units) here.
    pub formula: Option<PathBuf>,
    /// Only shard `I` of `N` (`Some((I, N))`): the `I`-th of `N` equal runs of cubes, for
    /// job arrays; [`merge`] puts the shards' states together.
    pub shard: Option<(usize, usize)>,
    /// Report progress on standard error.
    pub progress: Option<Observer>,
    /// The caller's stop: checked as the time limit is.
    pub stop: StopToken,
}

/// What [`split`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    /// `Some(Some(magic))` a verified magic, `Some(None)` every cube unsatisfiable,
    /// `None` stopped before the end.
    pub answer: Option<Option<u64>>,
    /// The cubes (`2^bits`).
    pub cubes: usize,
    /// The cubes this run answers: all, or its shard's.
    pub range: std::ops::Range<usize>,
    /// Cubes of the range answered, in order (this run and the runs it resumed).
    pub cubes_done: usize,
    /// The formula's variables and clauses (without the cube's units).
    pub variables: u32,
    /// See `variables`.
    pub clauses: usize,
    /// Proof bytes of the cubes answered unsatisfiable.
    pub proof_bytes: u64,
    /// Lemmas our checker checked in them (0 when not checking).
    pub lemmas: u64,
    /// Cubes whose proof was checked.
    pub checked: usize,
    /// Seconds of this run.
    pub seconds: f64,
}

/// The progress of a [`split`] run, as kept in its state file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CubeState {
    /// `bishop d6 6 fancy slots`: piece, square, index bits, scheme and encoding.
    pub question: String,
    /// Cube bits.
    pub bits: u32,
    /// Cubes answered, in order.
    pub done: usize,
    /// Proof bytes of the cubes answered.
    pub proof_bytes: u64,
    /// Lemmas checked in them.
    pub lemmas: u64,
    /// Cubes whose proof was checked.
    pub checked: usize,
    /// Whether this run checks the proofs (a run does not resume a state of the other
    /// kind, and a merge does not mix them).
    pub check: bool,
    /// A magic found, in hex.
    pub found: Option<String>,
    /// `I/N` for shard `I` of `N` (absent: every cube).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// The most cube bits: 2^20 solver runs is far more than anyone waits for.
pub const MAX_CUBE_BITS: u32 = 20;

/// A cube is not started with less time than this left.
const MIN_RUN: Duration = Duration::from_secs(1);

/// Cubes per thread between two saves of the state.
const CUBES_PER_THREAD: usize = 8;

/// One cube's answer.
enum CubeAnswer {
    Magic(u64),
    /// Unsatisfiable: proof bytes and lemmas checked (`None` when not checking).
    Refuted(u64, Option<u64>),
    TimedOut,
}

fn state_name(question: &Question, collisions: Collisions) -> String {
    format!(
        "{} {} {} {} {}",
        question.piece.name(),
        question.square,
        question.bits,
        question.scheme.name(),
        collisions.name()
    )
}

/// Solves `question` cube by cube (see the module's text).
pub fn split(question: &Question, options: &CubeOptions) -> Result<Split, ProveError> {
    use rayon::prelude::*;
    super::check_question(question)?;
    let start = Instant::now();
    let encoded = encode(question, options.collisions);
    let magic_vars: Vec<i32> = encoded.cnf.magic.iter().rev().flatten().copied().collect();
    if !(1..=MAX_CUBE_BITS.min(magic_vars.len() as u32)).contains(&options.bits) {
        return Err(ProveError::Question(format!(
            "--cubes {} is out of range: 1 to {} (the magic has {} variable bits)",
            options.bits,
            MAX_CUBE_BITS.min(magic_vars.len() as u32),
            magic_vars.len()
        )));
    }
    let fixed = &magic_vars[..options.bits as usize];
    if let Some(path) = &options.formula {
        super::write_formula(question, &encoded, options.collisions, path, None)?;
    }
    let cubes = 1usize << options.bits;
    let range = match options.shard {
        Some(part) => shard::cubes_of(part, cubes, &format!("--cubes {}", options.bits))?,
        None => 0..cubes,
    };
    let shard = options.shard.map(shard::name);
    let name = state_name(question, options.collisions);
    let mut state = match &options.state {
        Some(path) => read_state(
            path,
            &name,
            options.bits,
            range.len(),
            &shard,
            options.check,
        )?,
        None => None,
    }
    .unwrap_or(CubeState {
        question: name,
        bits: options.bits,
        done: 0,
        proof_bytes: 0,
        lemmas: 0,
        checked: 0,
        check: options.check,
        found: None,
        shard,
    });
    let mut found = match &state.found {
        Some(hex) => Some(super::state::found_magic(
            question,
            hex,
            options.state.as_deref().unwrap_or(Path::new("")),
        )?),
        None => None,
    };

    // Every cube's formula is the formula with `bits` more clauses: a shared text and
    // the cube's units after it.
    let mut text = Vec::new();
    let header = vec![
        format!(
            "{} --cubes {}",
            super::command(question, options.collisions),
            options.bits
        ),
        format!(
            "the last {} clauses fix magic bits {} down to {} (variables {:?})",
            options.bits,
            question.period_bits() - 1,
            question.period_bits() - options.bits,
            fixed
        ),
    ];
    let clauses = encoded.cnf.clauses + options.bits as usize;
    super::dimacs::write_header(encoded.cnf.variables, clauses, &header, &mut text)
        .and_then(|()| super::dimacs::write_clauses(&encoded.cnf, &mut text))
        .expect("writing to memory");
    let dir = super::scratch()?;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| ProveError::Solver(format!("cannot start the threads: {e}")))?;
    // Cubes differ in cost: a batch of several per thread keeps the threads busy
    // between two saves of the state.
    let batch = CUBES_PER_THREAD * pool.current_num_threads();
    let deadline = options.limit.map(|l| start + l);
    while found.is_none() && state.done < range.len() {
        if options.stop.requested()
            || deadline.is_some_and(|d| d.saturating_duration_since(Instant::now()) < MIN_RUN)
        {
            break;
        }
        let end = (state.done + batch).min(range.len());
        let answers: Vec<Result<CubeAnswer, ProveError>> = pool.install(|| {
            (range.start + state.done..range.start + end)
                .into_par_iter()
                .map(|cube| solve_cube(&encoded.cnf, &text, fixed, cube, &dir, deadline, options))
                .collect()
        });
        let mut stopped = false;
        // An error ends the run, but only after the cubes answered before it are saved.
        let mut failed = None;
        for answer in answers {
            let answer = match answer {
                Ok(answer) => answer,
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            };
            match answer {
                CubeAnswer::Magic(magic) => {
                    if let Err(e) = verify_magic(question, magic) {
                        failed = Some(ProveError::WrongMagic(magic, e));
                        break;
                    }
                    state.found = Some(format!("0x{magic:016x}"));
                    found = Some(magic);
                    state.done += 1;
                    break;
                }
                CubeAnswer::Refuted(bytes, lemmas) => {
                    state.done += 1;
                    state.proof_bytes = state.proof_bytes.saturating_add(bytes);
                    if let Some(lemmas) = lemmas {
                        state.lemmas = state.lemmas.saturating_add(lemmas);
                        state.checked += 1;
                    }
                }
                CubeAnswer::TimedOut if deadline.is_none() && !options.stop.requested() => {
                    failed = Some(ProveError::Solver(format!(
                        "the solver gave up on cube {} without an answer",
                        range.start + state.done
                    )));
                    break;
                }
                CubeAnswer::TimedOut => {
                    stopped = true;
                    break;
                }
            }
        }
        if let Some(path) = &options.state {
            super::state::write(path, &state)?;
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if let Some(observer) = &options.progress {
            observer.tell(Event::Cubes {
                done: state.done,
                cubes: range.len(),
                proof_bytes: state.proof_bytes,
                elapsed: start.elapsed(),
            });
        }
        if stopped {
            break;
        }
    }
    let answer = match found {
        Some(magic) => Some(Some(magic)),
        None if state.done == range.len() => Some(None),
        None => None,
    };
    Ok(Split {
        answer,
        cubes,
        range,
        cubes_done: state.done,
        variables: encoded.cnf.variables,
        clauses: encoded.cnf.clauses,
        proof_bytes: state.proof_bytes,
        lemmas: state.lemmas,
        checked: state.checked,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Writes cube `cube`'s formula, solves it, and checks its proof or reads its magic.
fn solve_cube(
    cnf: &super::encoding::Cnf,
    text: &[u8],
    fixed: &[i32],
    cube: usize,
    dir: &Scratch,
    deadline: Option<Instant>,
    options: &CubeOptions,
) -> Result<CubeAnswer, ProveError> {
    let (check, stop) = (options.check, &options.stop);
    // The time left when this cube starts, not when its batch did.
    let limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    if limit.is_some_and(|l| l < MIN_RUN) || stop.requested() {
        return Ok(CubeAnswer::TimedOut);
    }
    let formula = dir.0.join(format!("cube-{cube}.cnf"));
    let proof = dir.0.join(format!("cube-{cube}.drat"));
    let io = |e| ProveError::Io(format!("writing {}", formula.display()), e);
    let mut file = std::io::BufWriter::new(std::fs::File::create(&formula).map_err(io)?);
    file.write_all(text).map_err(io)?;
    for (i, &var) in fixed.iter().enumerate() {
        let one = cube >> (fixed.len() - 1 - i) & 1 == 1;
        writeln!(file, "{} 0", if one { var } else { -var }).map_err(io)?;
    }
    file.flush().map_err(io)?;
    drop(file);
    let run = solver::solve(&formula, cnf.variables, Some(&proof), limit, stop)
        .map_err(ProveError::Solver)?;
    let answer = match run.outcome {
        solver::Outcome::Satisfiable(values) => {
            CubeAnswer::Magic(cnf.magic_from(|v| values[v as usize]))
        }
        solver::Outcome::TimedOut => CubeAnswer::TimedOut,
        solver::Outcome::Unsatisfiable => {
            let bytes = std::fs::metadata(&proof)
                .map_err(|e| ProveError::Io(format!("reading {}", proof.display()), e))?
                .len();
            match check.then(|| check_proof(&formula, &proof, stop)) {
                None => CubeAnswer::Refuted(bytes, None),
                Some(Ok(checked)) => CubeAnswer::Refuted(bytes, Some(checked.lemmas as u64)),
                // A stop request during the check: the cube is searched again on resuming.
                Some(Err(ProveError::Interrupted(_))) => CubeAnswer::TimedOut,
                Some(Err(ProveError::Proof(m))) => {
                    return Err(ProveError::Proof(format!("cube {cube}: {m}")))
                }
                Some(Err(other)) => return Err(other),
            }
        }
    };
    let _ = std::fs::remove_file(&formula);
    let _ = std::fs::remove_file(&proof);
    Ok(answer)
}

fn read_state(
    path: &Path,
    name: &str,
    bits: u32,
    cubes: usize,
    shard: &Option<String>,
    check: bool,
) -> Result<Option<CubeState>, ProveError> {
    let Some(state) = super::state::read::<CubeState>(path, "a cube state")? else {
        return Ok(None);
    };
    let bad = |what: String| ProveError::State(format!("{}: {what}", path.display()));
    if state.question != name {
        return Err(bad(format!(
            "the state is for {:?}, not {name:?}",
            state.question
        )));
    }
    if state.bits != bits {
        return Err(bad(format!(
            "the state has {} cube bits, this run {bits}",
            state.bits
        )));
    }
    if state.shard != *shard {
        return Err(bad(format!(
            "the state is for shard {}, this run for shard {}",
            state.shard.as_deref().unwrap_or("(all cubes)"),
            shard.as_deref().unwrap_or("(all cubes)")
        )));
    }
    if state.check != check {
        let kind = |c: bool| {
            if c {
                "checks"
            } else {
                "does not check (--no-check)"
            }
        };
        return Err(bad(format!(
            "the state's run {} the proofs, this one {}",
            kind(state.check),
            kind(check)
        )));
    }
    if state.found.is_some() && state.done == 0 {
        return Err(bad("a magic found with no cube done".into()));
    }
    if state.done > cubes || state.checked > state.done {
        return Err(bad(format!(
            "{} cubes done ({} checked) of {cubes}",
            state.done, state.checked
        )));
    }
    Ok(Some(state))
}

/// The states of a sharded run, put together by [`merge`].
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The answer, or the shards still needed.
    pub standing: shard::Standing,
    /// Proof bytes, all shards.
    pub proof_bytes: u64,
    /// Lemmas checked, all shards.
    pub lemmas: u64,
    /// Cubes whose proof was checked, all shards.
    pub checked: usize,
}

/// Puts together the states of the shards of one `--cubes bits` run of `question`: every
/// file must be a shard state of that question, the same cube bits and the same shard
/// count, no shard twice. A magic any shard found is verified again.
pub fn merge(
    question: &Question,
    collisions: Collisions,
    bits: u32,
    paths: &[PathBuf],
) -> Result<Merged, ProveError> {
    super::check_question(question)?;
    if !(1..=MAX_CUBE_BITS).contains(&bits) {
        return Err(ProveError::Question(format!(
            "--cubes {bits} is out of range: 1 to {MAX_CUBE_BITS}"
        )));
    }
    let cubes = 1usize << bits;
    let name = state_name(question, collisions);
    let mut check = None;
    let mut found = None;
    let gathered = shard::gather(paths, cubes, |path| {
        let bad = |what: String| ProveError::State(format!("{}: {what}", path.display()));
        let state = super::state::read::<CubeState>(path, "a cube state")?
            .ok_or_else(|| bad("no such file".into()))?;
        let (i, n) = super::state::merge_shard(path, state.shard.as_deref())?;
        if state.bits != bits {
            return Err(bad(format!(
                "the state has {} cube bits, this merge {bits}",
                state.bits
            )));
        }
        if *check.get_or_insert(state.check) != state.check {
            return Err(bad(
                "its run and another shard's differ in checking the proofs (--no-check)".into(),
            ));
        }
        // Check it as the shard's own run would before it resumed.
        let checked = read_state(
            path,
            &name,
            bits,
            shard::range(cubes, (i, n)).len(),
            &state.shard,
            state.check,
        )?
        .expect("read above");
        if let Some(hex) = &checked.found {
            found.get_or_insert(super::state::found_magic(question, hex, path)?);
        }
        Ok((checked, (i, n)))
    })?;
    let states = || gathered.present();
    Ok(Merged {
        standing: gathered.standing(cubes, found, |s| (s.done, s.found.is_some())),
        proof_bytes: states().fold(0, |sum, s| sum.saturating_add(s.proof_bytes)),
        lemmas: states().fold(0, |sum, s| sum.saturating_add(s.lemmas)),
        checked: states().map(|s| s.checked).sum(),
    })
}
