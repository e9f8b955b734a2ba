//! The exhaustive search's run driver: the walk (module `walk`, re-exported here)
//! searches every fancy or black magic below the period, cube by cube; this module
//! runs it over the cubes in parallel and in order, so a run can be resumed from a
//! state file, split into shards ([`super::shard`]), and stopped at a time limit or a
//! stop request ([`crate::control::StopToken`]) with the cube under way abandoned rather
//! than finished.

use crate::control::{Event, Observer, StopToken};

use super::encoding::{IndexScheme, Question};
use super::shard::{self, Shard};
use super::walk::cube_depth;
pub use super::walk::{works, CubeOutcome, Exhaust, Order, CUBE, REFUTE, SPLIT};

/// How to run [`exhaust`].
#[derive(Clone, Debug, Default)]
pub struct ExhaustOptions {
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Keep the progress here, and resume from it when it exists.
    pub state: Option<std::path::PathBuf>,
    /// Stop (resumably) after about this long.
    pub limit: Option<std::time::Duration>,
    /// The caller's progress callback: told after each batch of cubes.
    pub progress: Option<Observer>,
    /// The caller's stop: checked as the time limit is.
    pub stop: StopToken,
    /// Only shard `I` of `N` (`Some((I, N))`): the `I`-th of `N` equal runs of the cubes,
    /// for job arrays; [`merge`] puts the shards' states together.
    pub shard: Option<Shard>,
    /// The order of the search ([`Order`]).
    pub order: Order,
}

/// What [`exhaust`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Exhausted {
    /// A magic that verifies, `Some(None)` when every cube is searched without one,
    /// `None` when stopped before the end (time limit).
    pub answer: Option<Option<u64>>,
    /// The cubes: surviving prefixes with the bits from `depth` up fixed.
    pub cubes: usize,
    /// The cubes this run answers: all, or its shard's.
    pub range: std::ops::Range<usize>,
    /// Cubes of `range` searched (in order), this run and the runs it resumed.
    pub cubes_done: usize,
    /// The cube that held the magic found: its place among all the cubes (not the
    /// shard's), counted from 0. `None` without a magic, and for a state written before
    /// states kept it.
    pub found_cube: Option<usize>,
    /// Magic bits below the cubes' prefixes.
    pub depth: u32,
    /// The answer covers every magic below `2^covers`, and the bits above never matter
    /// ([`Exhaust::covers`]).
    pub covers: u32,
    /// Nodes visited in the cubes (this run and the runs it resumed).
    pub nodes: u64,
    /// Seconds of this run.
    pub seconds: f64,
}

/// The progress of an [`exhaust`] run, as kept in its state file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExhaustState {
    /// `rook b2 9`: piece, square and index bits.
    pub question: String,
    /// Magic bits below the cubes' prefixes.
    pub depth: u32,
    /// The number of cubes (all shards).
    pub cubes: usize,
    /// `I/N` for shard `I` of `N` (absent: every cube).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Cubes searched, in order (of the shard's, for a shard).
    pub done: usize,
    /// Nodes visited in them.
    pub nodes: u64,
    /// A magic found, in hex.
    pub found: Option<String>,
    /// The cube that held it, as [`Exhausted::found_cube`] (absent in older states).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_cube: Option<usize>,
}

/// Cubes searched between two looks at the clock (the time limit, a stop, a save),
/// per thread.
const BATCH_PER_THREAD: usize = 64;

/// The longest a run goes without saving its state (a crash loses at most this much).
/// Saving after every batch cost bishop c7's 4-bit search (364,500 small cubes) 2.2 s
/// to 6.2 s on one thread: each save syncs the file and its directory.
const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The state's name for the question: `rook b2 9`, then ` black` for a black question,
/// and ` descending` or ` low-first` for those orders.
fn question_name(question: &Question, order: Order) -> String {
    format!(
        "{} {} {}{}{}",
        question.piece.name(),
        question.square,
        question.bits,
        match question.scheme {
            IndexScheme::Fancy => "",
            IndexScheme::Black => " black",
        },
        order.suffix()
    )
}

/// [`Exhaust::new`], or the error saying which questions the search answers.
fn prepare(question: &Question, order: Order) -> Result<Exhaust, super::ProveError> {
    let ex = Exhaust::new(question).ok_or_else(|| {
        super::ProveError::Question(format!(
            "the exhaustive search answers questions with 1 to 16 index bits, not {}",
            question.bits
        ))
    })?;
    ex.order(order).ok_or_else(|| {
        super::ProveError::Question(
            "the low-first order answers fancy questions, not black ones".into(),
        )
    })
}

/// The search of `question` in the ascending order, and its cubes' depth: the
/// walk a certificate ([`super::certificate`]) records.
pub(super) fn prepare_certifiable(
    question: &Question,
) -> Result<(Exhaust, u32), super::ProveError> {
    let ex = prepare(question, Order::Ascending)?;
    let depth = cube_depth(&ex);
    Ok((ex, depth))
}

/// Refuses a state of another question, depth or shard than this run's.
fn check_identity(
    path: &std::path::Path,
    state: &ExhaustState,
    name: &str,
    ex: &Exhaust,
    shard: &Option<String>,
) -> Result<(), super::ProveError> {
    let bad = |what: String| super::ProveError::State(format!("{}: {what}", path.display()));
    if state.question != name {
        return Err(bad(format!(
            "the state is for {:?}, not {name:?}",
            state.question
        )));
    }
    // The depth is the search's own (listing the cubes at another depth could take
    // days: a state is input, and is not trusted with that).
    if state.depth != cube_depth(ex) {
        return Err(bad(format!(
            "depth {}, but the search's cubes have depth {}",
            state.depth,
            cube_depth(ex)
        )));
    }
    if state.shard != *shard {
        return Err(bad(format!(
            "the state is for shard {}, this run for shard {}",
            state.shard.as_deref().unwrap_or("(all cubes)"),
            shard.as_deref().unwrap_or("(all cubes)")
        )));
    }
    Ok(())
}

/// Refuses a state whose counts do not fit the cubes at its depth (`cubes`, of which
/// its run answers `answers`).
fn check_counts(
    path: &std::path::Path,
    state: &ExhaustState,
    cubes: usize,
    answers: usize,
) -> Result<(), super::ProveError> {
    let bad = |what: String| super::ProveError::State(format!("{}: {what}", path.display()));
    if state.cubes != cubes {
        return Err(bad(format!(
            "{} cubes at depth {}, but the search makes {cubes}",
            state.cubes, state.depth
        )));
    }
    if state.done > answers {
        return Err(bad(format!("{} cubes done of {answers}", state.done)));
    }
    if state.found.is_some() && state.done == 0 {
        return Err(bad("a magic found with no cube done".into()));
    }
    if let Some(cube) = state.found_cube {
        if state.found.is_none() || cube >= cubes {
            return Err(bad(format!(
                "found_cube {cube} without a magic found, or past the {cubes} cubes"
            )));
        }
    }
    Ok(())
}

/// The search of a run as its state left it: what [`resume`] reads.
pub(super) struct Resumed {
    /// The search.
    pub ex: Exhaust,
    /// Its cubes' depth.
    pub depth: u32,
    /// All its cubes, in order.
    pub cubes: Vec<u64>,
    /// The cubes this run answers: all, or its shard's.
    pub range: std::ops::Range<usize>,
    /// The state read (or a new one): `done` cubes of `range` searched.
    pub state: ExhaustState,
    /// The magic the state holds, verified again.
    pub found: Option<u64>,
}

/// The search `options` asks for and the state it resumes (a new one when
/// `options.state` names no file), checked against each other: a state of another
/// question, order, depth or shard, or counts that do not fit, is refused.
pub(super) fn resume(
    question: &Question,
    options: &ExhaustOptions,
) -> Result<Resumed, super::ProveError> {
    super::check_question(question)?;
    let ex = prepare(question, options.order)?;
    let name = question_name(question, options.order);
    let shard_name = options.shard.map(shard::name);
    let previous = match &options.state {
        Some(path) => {
            let state = super::state::read::<ExhaustState>(path, "an exhaust state")?;
            if let Some(state) = &state {
                check_identity(path, state, &name, &ex, &shard_name)?;
            }
            state
        }
        None => None,
    };
    let depth = cube_depth(&ex);
    let cubes = ex.cubes(depth);
    let range = match options.shard {
        Some(part) => shard::cubes_of(part, cubes.len(), "the exhaustive search")?,
        None => 0..cubes.len(),
    };
    let state = previous.unwrap_or(ExhaustState {
        question: name,
        depth,
        cubes: cubes.len(),
        shard: shard_name,
        done: 0,
        nodes: 0,
        found: None,
        found_cube: None,
    });
    let path = options.state.as_deref().unwrap_or(std::path::Path::new(""));
    check_counts(path, &state, cubes.len(), range.len())?;
    // A magic the state already holds is read once and verified again.
    let found = match &state.found {
        Some(hex) => Some(super::state::found_magic(question, hex, path)?),
        None => None,
    };
    Ok(Resumed {
        ex,
        depth,
        cubes,
        range,
        state,
        found,
    })
}

/// A pool of `threads` worker threads (0: one per core).
pub(super) fn pool(threads: usize) -> Result<rayon::ThreadPool, super::ProveError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| super::ProveError::Solver(format!("cannot start the threads: {e}")))
}

/// Searches every magic below the period for `question` (see the module's text),
/// in parallel over cubes, keeping its progress in `options.state`. A magic found is
/// verified against the reference attacks before it is returned.
pub fn exhaust(
    question: &Question,
    options: &ExhaustOptions,
) -> Result<Exhausted, super::ProveError> {
    use rayon::prelude::*;
    let start = std::time::Instant::now();
    let pool = pool(options.threads)?;
    let threads = pool.current_num_threads();
    let Resumed {
        ex,
        depth,
        cubes,
        range,
        mut state,
        mut found,
    } = resume(question, options)?;
    let cubes = &cubes[range.clone()];
    let batch = BATCH_PER_THREAD * threads;
    let past_limit =
        || options.stop.requested() || options.limit.is_some_and(|l| start.elapsed() >= l);
    let mut saved = std::time::Instant::now();
    while found.is_none() && state.done < cubes.len() {
        if past_limit() {
            break;
        }
        let end = (state.done + batch).min(cubes.len());
        // A cube is not started once the time is up (or a stop is requested), and one
        // under way is abandoned, to be searched again by the run that resumes.
        let outcomes: Vec<Option<CubeOutcome>> = pool.install(|| {
            cubes[state.done..end]
                .par_iter()
                .map(|&cube| {
                    if past_limit() {
                        None
                    } else {
                        ex.search_cube_until(cube, depth, &past_limit)
                    }
                })
                .collect()
        });
        // The cubes done count in order: up to the first one not started.
        let searched: Vec<CubeOutcome> = outcomes.iter().map_while(|o| *o).collect();
        let first_cube = range.start + state.done;
        state.nodes += searched.iter().map(|o| o.nodes).sum::<u64>();
        state.done += searched.len();
        if let Some((at, magic)) = searched
            .iter()
            .enumerate()
            .find_map(|(at, o)| o.found.map(|magic| (at, magic)))
        {
            super::verify_magic(question, magic)
                .map_err(|e| super::ProveError::WrongMagic(magic, e))?;
            state.found = Some(format!("0x{magic:016x}"));
            state.found_cube = Some(first_cube + at);
            found = Some(magic);
        }
        // Saved at most every SAVE_EVERY (and once more below): a save syncs the file
        // and its directory, and batches of small cubes end hundreds of times a second.
        if let Some(path) = &options.state {
            if saved.elapsed() >= SAVE_EVERY {
                super::state::write(path, &state)?;
                saved = std::time::Instant::now();
            }
        }
        if let Some(observer) = &options.progress {
            observer.tell(Event::Exhaust {
                done: state.done,
                cubes: cubes.len(),
                nodes: state.nodes,
                elapsed: start.elapsed(),
            });
        }
    }
    if let Some(path) = &options.state {
        super::state::write(path, &state)?;
    }
    let answer = match found {
        Some(magic) => Some(Some(magic)),
        None if state.done == cubes.len() => Some(None),
        None => None,
    };
    Ok(Exhausted {
        answer,
        cubes: state.cubes,
        range,
        cubes_done: state.done,
        found_cube: state.found_cube,
        depth,
        covers: ex.covers(),
        nodes: state.nodes,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The states of a sharded exhaustive search, put together by [`merge`].
#[derive(Clone, Debug, PartialEq)]
pub struct MergedSearch {
    /// The answer, or the shards still needed.
    pub standing: shard::Standing,
    /// Nodes visited, all shards.
    pub nodes: u64,
}

/// Puts together the states of the shards of one `--exhaust` run of `question` (in
/// `order`): every
/// file must be a shard state of that question at the same depth and shard count, no
/// shard twice. A magic any shard found is verified again.
pub fn merge(
    question: &Question,
    order: Order,
    paths: &[std::path::PathBuf],
) -> Result<MergedSearch, super::ProveError> {
    super::check_question(question)?;
    let ex = prepare(question, order)?;
    let name = question_name(question, order);
    let cubes = ex.cubes(cube_depth(&ex)).len();
    let mut found = None;
    let gathered = shard::gather(paths, cubes, |path| {
        let bad = |what: String| super::ProveError::State(format!("{}: {what}", path.display()));
        let state = super::state::read::<ExhaustState>(path, "an exhaust state")?
            .ok_or_else(|| bad("no such file".into()))?;
        let part = super::state::merge_shard(path, state.shard.as_deref())?;
        check_identity(path, &state, &name, &ex, &state.shard)?;
        check_counts(path, &state, cubes, shard::range(cubes, part).len())?;
        if let Some(hex) = &state.found {
            found.get_or_insert(super::state::found_magic(question, hex, path)?);
        }
        Ok((state, part))
    })?;
    Ok(MergedSearch {
        standing: gathered.standing(cubes, found, |s| (s.done, s.found.is_some())),
        nodes: gathered
            .present()
            .fold(0, |sum, s| sum.saturating_add(s.nodes)),
    })
}
