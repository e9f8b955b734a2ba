//! The guided finder for dense magics: the magics that exist for the rank-1 and rank-2
//! rooks at one bit below their masks are dense (30 to 40 bits set, the low 12 to 16
//! bits nearly all ones), where sparse random candidates never go and the exhaustive
//! search needs weeks of a core per square.
//!
//! The finder has two halves that feed each other, round after round:
//!
//! 1. **A distribution that climbs** (module `model`): candidates are drawn bit by bit from
//!    one probability per magic bit and scored by module `measure` (the occupancies that
//!    collide destructively at the target size: finer than pass or fail). The best
//!    candidates of each round pull the probabilities towards their bits (the
//!    cross-entropy method), so the structure of near-magics is learned while the run
//!    goes: a dense low end, zero bytes. When the best stops improving the
//!    distribution starts again (a restart), keeping what it proposed.
//! 2. **An exhaustive walk where it points**: each good candidate names a cube, its
//!    bits from the exhaustive search's cube depth up ([`crate::prove::exhaust`]), and
//!    the best cubes not yet walked are searched completely below that prefix (with a
//!    node budget), with the low bits the distribution has settled on forced. The walk
//!    finds the magic a near-miss is near: single-bit neighbours of a magic collide by
//!    hundreds, so no climb reaches one by flipping bits, but the cube around a near-miss
//!    is walked in seconds.
//!
//! A run is deterministic from its seed: each round's candidates come from generators
//! seeded by (seed, round, chunk), the cubes of a round are walked in parallel and the
//! first magic in the round's cube order wins, so the thread count never changes the
//! answer, and a resumed run (module `state`) continues exactly.

mod measure;
mod model;
mod state;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::control::{Event, Observer, StopToken};
use crate::prove::exhaust::{Exhaust, Order};
use crate::prove::Question;
use crate::rng::{mix64, Xorshift64Star};
use measure::Measure;
use model::Model;
use sliders_core::RookOrBishop;
use state::{hex, unhex, DenseState};

/// Candidates drawn in one generator's chunk.
const CHUNK: usize = 1024;
/// The most low bits the walk takes from the distribution as forced.
const MAX_FORCED_LOW: u32 = 16;
/// The cubes kept waiting to be walked, best first.
const QUEUE: usize = 4096;
/// Top bits a cube fixes: the exhaustive search's cubes.
const CUBE_BITS: u32 = 20;

/// What the walk forces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// The low bits the distribution has learned (up to 16), re-read every round.
    Learned,
    /// Nothing: each cube walked whole.
    Nothing,
    /// These bits: `(mask, value)`.
    Bits(u64, u64),
}

/// How a guided run goes.
#[derive(Clone, Debug)]
pub struct DenseOptions {
    /// The run's seed (with a shard, the shard's stream of it).
    pub seed: u64,
    /// `Some((i, n))`: shard `i` of `n`, an independent stream of the same seed.
    pub shard: Option<(u64, u64)>,
    /// Candidates drawn each round.
    pub population: usize,
    /// The best candidates the distribution learns from each round.
    pub elite: usize,
    /// How far each round moves the distribution (0 to 1).
    pub rate: f64,
    /// Rounds without a better best before the distribution starts again.
    pub patience: u64,
    /// Cubes walked each round.
    pub cubes_per_round: usize,
    /// Nodes a cube's walk may visit before it is left (counted in steps of 65,536).
    pub cube_nodes: u64,
    /// What the walk forces (the top-down walk only).
    pub forcing: Forcing,
    /// The top-down walk visits each bit's likelier value first (by the distribution),
    /// instead of 0 first: a walk cut at its node budget then sees the likelier magics.
    pub model_first: bool,
    /// When a round's elite names no cube not yet walked, propose the best new cubes of
    /// all the round's candidates and walk them whatever their collisions, instead of
    /// only starting again (a pinned run otherwise restarts into the cubes it has walked:
    /// rook c1, 5,153 restarts and 20 cubes in 876 s). Off by default, so that the
    /// committed runs reproduce.
    pub widen: bool,
    /// The walk's order: [`Order::Ascending`] (bits from the top down) or
    /// [`Order::LowFirst`]; `None` chooses: from bit 0 up for the rooks on ranks 7 and 8,
    /// whose rank squares the lowest bits settle, from the top for the rest.
    pub order: Option<Order>,
    /// Magics (of neighbouring squares, say) the first distribution is drawn from (the
    /// restarts start from even odds).
    pub start_from: Vec<u64>,
    /// Bits every candidate and every walk has: `(mask, value)` (the common bits of known
    /// magics, say); none by default.
    pub pin: (u64, u64),
    /// Stop after this many rounds in all (counting a resumed state's).
    pub rounds: Option<u64>,
    /// Stop after this long (this run's time).
    pub time: Option<Duration>,
    /// Threads (0: rayon's default).
    pub threads: usize,
    /// Keep the state here and resume from it.
    pub state: Option<PathBuf>,
    /// The caller's progress callback: told after each round.
    pub progress: Option<Observer>,
    /// The caller's stop (a signal, a cancel): checked where the time is, inside a
    /// round as between rounds.
    pub stop: StopToken,
}

impl Default for DenseOptions {
    fn default() -> Self {
        DenseOptions {
            seed: 1,
            shard: None,
            population: 16384,
            elite: 128,
            rate: 0.2,
            patience: 25,
            cubes_per_round: 2,
            cube_nodes: 1 << 27,
            forcing: Forcing::Learned,
            order: None,
            model_first: false,
            widen: false,
            start_from: Vec::new(),
            pin: (0, 0),
            rounds: None,
            time: None,
            threads: 0,
            state: None,
            progress: None,
            stop: StopToken::default(),
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct DenseOutcome {
    /// The magic, checked on every occupancy at the target size.
    pub found: Option<u64>,
    /// Entries the magic uses.
    pub slots_used: Option<usize>,
    /// Rounds done in all (a resumed state's too).
    pub rounds: u64,
    /// Times the distribution started again.
    pub restarts: u64,
    /// Candidates scored in all.
    pub candidates: u64,
    /// Cubes walked (whole or to their budget).
    pub cubes_walked: usize,
    /// Walk nodes in all (a cube left at its budget counts its budget).
    pub nodes: u64,
    /// The fewest destructive collisions of any candidate scored.
    pub best_measure: u32,
    /// The candidate that had them.
    pub best_candidate: u64,
    /// Seconds of search in all (a resumed state's too).
    pub seconds: f64,
    /// Seconds of this run.
    pub run_seconds: f64,
    /// Why it stopped without a magic: "rounds", "time", "signal", or "pin" (every
    /// cube the pin allows has been walked: see `pin_cubes`).
    pub stopped: Option<&'static str>,
    /// With a pin, the cubes it allows, when they can be counted (a top-down walk over
    /// the whole period: not the black mirror's, not `low-first`'s); `None` without.
    pub pin_cubes: Option<u64>,
}

/// A run that could not start or save.
#[derive(Debug, PartialEq, Eq)]
pub enum DenseError {
    /// The question or options are wrong (the message says which).
    Input(String),
    /// The state belongs to another question or is unreadable.
    State(String),
    /// The state could not be written.
    Write(String),
}

impl std::fmt::Display for DenseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DenseError::Input(m) | DenseError::State(m) | DenseError::Write(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for DenseError {}

/// The question's name in states and messages: `rook d1 10 fancy`.
pub fn question_name(q: &Question) -> String {
    format!(
        "{} {} {} {}",
        q.piece.name(),
        q.square,
        q.bits,
        q.scheme.name()
    )
}

/// Everything a round needs, prepared once.
struct Prepared {
    question: Question,
    ex: Exhaust,
    order: Order,
    depth: u32,
    covers: u32,
}

impl Prepared {
    /// The cubes a pin (its mask) allows: the walk's cube bits it leaves free. `None`
    /// without a pin, or where the cubes are not those bits alone (the black mirror
    /// folds a cube onto another; `low-first` counts its cubes from bit 0).
    fn pin_cubes(&self, pin: u64) -> Option<u64> {
        let below = |bits: u32| if bits >= 64 { !0 } else { (1u64 << bits) - 1 };
        if pin == 0 || self.order == Order::LowFirst || self.ex.period() < self.covers {
            return None;
        }
        let cube_bits = below(self.covers) & !below(self.depth);
        Some(1 << (cube_bits.count_ones() - (pin & cube_bits).count_ones()))
    }

    /// The walk's cube holding `magic` (for black, the mirror's half the walk visits).
    fn cube_of(&self, magic: u64) -> u64 {
        let below = |bits: u32| if bits >= 64 { !0 } else { (1u64 << bits) - 1 };
        let mut m = magic & below(self.covers);
        if self.ex.period() < self.covers && m > below(self.ex.period()) {
            m = (1u64 << self.covers).wrapping_sub(m) & below(self.covers);
        }
        if self.order == Order::LowFirst {
            // Its cubes are the values of the bits below `period - depth`.
            m & below(self.ex.period() - self.depth)
        } else {
            m & !below(self.depth)
        }
    }
}

/// Searches `question` (fancy or black, 1 to 12 bits) as the module says.
pub fn hunt(question: &Question, options: &DenseOptions) -> Result<DenseOutcome, DenseError> {
    if !(1..=12).contains(&question.bits) {
        return Err(DenseError::Input(format!(
            "--bits {} is out of range 1..=12",
            question.bits
        )));
    }
    // More bits than the mask has is no question (prove refuses it the same way).
    crate::prove::check_question(question).map_err(|e| DenseError::Input(e.to_string()))?;
    let (pin, pinned) = options.pin;
    if pinned & !pin != 0 {
        return Err(DenseError::Input(format!(
            "--pin {pin:#x}:{pinned:#x}: the value has bits outside the mask"
        )));
    }
    if let Forcing::Bits(mask, value) = options.forcing {
        if value & !mask != 0 {
            return Err(DenseError::Input(format!(
                "--force {mask:#x}:{value:#x}: the value has bits outside the mask"
            )));
        }
        if (value ^ pinned) & mask & pin != 0 {
            return Err(DenseError::Input(format!(
                "--force {mask:#x}:{value:#x} and --pin {pin:#x}:{pinned:#x} disagree on bits {:#x}",
                (value ^ pinned) & mask & pin
            )));
        }
    }
    if options.population < options.elite.max(1) || options.elite == 0 {
        return Err(DenseError::Input(format!(
            "--elite {} must be 1 to the population ({})",
            options.elite, options.population
        )));
    }
    if options.cubes_per_round == 0 {
        return Err(DenseError::Input(
            "--cubes-per-round must be at least 1".into(),
        ));
    }
    let order = options.order.unwrap_or(
        if question.piece == RookOrBishop::Rook && question.square.index() >= 48 {
            Order::LowFirst
        } else {
            Order::Ascending
        },
    );
    let ex = Exhaust::new(question)
        .expect("1 to 12 bits")
        .order(order)
        .ok_or_else(|| {
            DenseError::Input(format!(
                "the {} order does not walk a black question",
                order.name()
            ))
        })?;
    let covers = ex.covers();
    let depth = ex.period().saturating_sub(CUBE_BITS).max(1);
    let prepared = Prepared {
        question: *question,
        ex,
        order,
        depth,
        covers,
    };
    let setup = setup(options, order);
    // States written before the setup was put in words (2026-12-07) still resume.
    let legacy = legacy_setup(options, order);
    let name = question_name(question);
    let read = match &options.state {
        Some(path) => state::read(path).map_err(DenseError::State)?,
        None => None,
    };
    let mut st = match (read, &options.state) {
        (Some(st), Some(path)) => {
            if st.question != name
                || st.seed != options.seed
                || (st.setup != setup && st.setup != legacy)
            {
                return Err(DenseError::State(format!(
                    "{}: a state of another run ({}, seed {}, {}), not this one ({name}, seed {}, {setup})",
                    path.display(),
                    st.question,
                    st.seed,
                    st.setup,
                    options.seed
                )));
            }
            st
        }
        _ => DenseState {
            version: state::VERSION,
            question: name,
            seed: options.seed,
            setup,
            round: 0,
            restarts: 0,
            stall: 0,
            model_best: u32::MAX,
            model: Model::from_magics(covers, &options.start_from),
            queue: Vec::new(),
            walked: Vec::new(),
            candidates: 0,
            nodes: 0,
            best_measure: u32::MAX,
            best_candidate: hex(0),
            found: None,
            seconds: 0.0,
        },
    };
    // Check the state can be written before any work (a missing directory, say).
    if let Some(path) = &options.state {
        save(path, &st)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| DenseError::Input(format!("threads: {e}")))?;
    let start = Instant::now();
    let before = st.seconds;
    let out_of_time = || options.time.is_some_and(|t| start.elapsed() >= t);
    let stream = mix64(options.seed ^ options.shard.map_or(0, |(i, n)| mix64(i ^ n << 32)));
    let mut stopped = None;
    while st.found.is_none() {
        if options.rounds.is_some_and(|r| st.round >= r) {
            stopped = Some("rounds");
            break;
        }
        if options.stop.requested() {
            stopped = Some("signal");
            break;
        }
        if out_of_time() {
            stopped = Some("time");
            break;
        }
        // A pinned run that has walked every cube its pin allows would only propose
        // walked cubes and restart, round after round (rook b1, 2,851 restarts): it has
        // searched its space, each cube to `cube_nodes` at most, and says so.
        if prepared
            .pin_cubes(options.pin.0)
            .is_some_and(|cubes| st.walked.len() as u64 >= cubes)
        {
            stopped = Some("pin");
            break;
        }
        let halt = || options.stop.requested() || out_of_time();
        let Some(next) = pool.install(|| round(&prepared, options, &st, stream, &halt))? else {
            stopped = Some(if options.stop.requested() {
                "signal"
            } else {
                "time"
            });
            break;
        };
        st = next;
        st.seconds = before + start.elapsed().as_secs_f64();
        if let Some(path) = &options.state {
            save(path, &st)?;
        }
        if let Some(observer) = &options.progress {
            observer.tell(Event::Dense {
                question: &st.question,
                round: st.round,
                candidates: st.candidates,
                best_collisions: st.best_measure,
                best_candidate: &st.best_candidate,
                cubes_walked: st.walked.len(),
                restarts: st.restarts,
                model: st.model.picture().trim_start(),
                seconds: st.seconds,
            });
        }
    }
    let path = options.state.clone().unwrap_or_default();
    let found = st
        .found
        .as_deref()
        .map(|h| unhex(h, &path, "found"))
        .transpose()
        .map_err(DenseError::State)?;
    let mut measure = Measure::new(question);
    if let Some(m) = found {
        // The walk's answer (or a state's), checked again on the real index.
        if measure.collisions(m, 0) != 0 {
            return Err(DenseError::State(format!(
                "{}: found {m:#018x} is no magic for {}",
                path.display(),
                question_name(question)
            )));
        }
    }
    Ok(DenseOutcome {
        found,
        slots_used: found.map(|m| measure.slots_used(m)),
        rounds: st.round,
        restarts: st.restarts,
        candidates: st.candidates,
        cubes_walked: st.walked.len(),
        nodes: st.nodes,
        best_measure: st.best_measure,
        best_candidate: unhex(&st.best_candidate, &path, "best_candidate")
            .map_err(DenseError::State)?,
        seconds: st.seconds,
        run_seconds: start.elapsed().as_secs_f64(),
        pin_cubes: prepared.pin_cubes(options.pin.0),
        stopped: if found.is_some() { None } else { stopped },
    })
}

fn save(path: &std::path::Path, st: &DenseState) -> Result<(), DenseError> {
    let text = serde_json::to_string_pretty(st).expect("a state serialises");
    crate::write_atomic(path, text.as_bytes())
        .map_err(|e| DenseError::Write(format!("{}: {e}", path.display())))
}

/// One round from `st`: draw and score, learn, propose cubes, walk the best ones.
/// `None` when halted (the round is dropped, to be done again on resume).
fn round(
    p: &Prepared,
    o: &DenseOptions,
    st: &DenseState,
    stream: u64,
    halt: &(dyn Fn() -> bool + Sync),
) -> Result<Option<DenseState>, DenseError> {
    let mut st = st.clone();
    let path = o.state.clone().unwrap_or_default();
    let round_seed = mix64(stream ^ mix64(st.round));
    // 1. Draw and score, in chunks that each have their own generator.
    let chunks = o.population.div_ceil(CHUNK);
    let limit = st.model_best.saturating_mul(4).max(64);
    let model = &st.model;
    let mut scored: Vec<(u32, u64)> = (0..chunks)
        .into_par_iter()
        .map_init(
            || Measure::new(&p.question),
            |measure, c| {
                let mut rng = Xorshift64Star::new(mix64(round_seed ^ c as u64));
                let n = CHUNK.min(o.population - c * CHUNK);
                (0..n)
                    .map(|_| {
                        let (pin, pinned) = o.pin;
                        let m = (model.draw(&mut rng) & !pin) | (pinned & pin);
                        (measure.collisions(m, limit), m)
                    })
                    .collect::<Vec<_>>()
            },
        )
        .flatten()
        .collect();
    if halt() {
        return Ok(None);
    }
    scored.sort_unstable();
    st.candidates += scored.len() as u64;
    let elite: Vec<u64> = scored[..o.elite].iter().map(|&(_, m)| m).collect();
    let round_best = scored[0];
    if round_best.0 < st.best_measure {
        st.best_measure = round_best.0;
        st.best_candidate = hex(round_best.1);
    }
    // 2. Learn; start again when the best has stalled.
    st.model.learn(&elite, o.rate);
    if round_best.0 < st.model_best {
        st.model_best = round_best.0;
        st.stall = 0;
    } else {
        st.stall += 1;
    }
    // 3. Propose the elite's cubes.
    let walked: std::collections::HashSet<&str> =
        st.walked.iter().map(|(c, _)| c.as_str()).collect();
    let mut queue: Vec<(u32, u64)> = st
        .queue
        .iter()
        .map(|(s, c)| unhex(c, &path, "queued cube").map(|c| (*s, c)))
        .collect::<Result<_, _>>()
        .map_err(DenseError::State)?;
    let mut fresh = 0;
    for &(s, m) in &scored[..o.elite] {
        let cube = p.cube_of(m);
        if walked.contains(hex(cube).as_str()) {
            continue;
        }
        match queue.iter_mut().find(|(_, c)| *c == cube) {
            Some(q) => q.0 = q.0.min(s),
            None => {
                queue.push((s, cube));
                fresh += 1;
            }
        }
    }
    // Widening: the elite named nothing new, so the best new cubes of the whole round.
    let widened = o.widen && fresh == 0;
    if widened {
        for &(s, m) in &scored[o.elite..] {
            if fresh >= o.cubes_per_round {
                break;
            }
            let cube = p.cube_of(m);
            if walked.contains(hex(cube).as_str()) || queue.iter().any(|(_, c)| *c == cube) {
                continue;
            }
            queue.push((s, cube));
            fresh += 1;
        }
    }
    drop(walked);
    if st.stall >= o.patience || fresh == 0 {
        // The start's magics shape the first distribution only: starting again from
        // them would lead back to the cubes already walked.
        st.model = Model::fresh(p.covers);
        st.model_best = u32::MAX;
        st.stall = 0;
        st.restarts += 1;
    }
    queue.sort_unstable();
    queue.truncate(QUEUE);
    // 4. Walk the best cubes, in parallel; the first magic in their order wins. Only
    // near-misses are walked: a cube whose candidate collides within a quarter (at
    // least 8) of the best seen, and at most once for every eight entries (at least 8),
    // so the early rounds, while the distribution is still flat, only draw.
    let near = st
        .best_measure
        .saturating_add((st.best_measure / 4).max(8))
        .min((1u32 << p.question.bits) / 8)
        .max(8);
    let take = queue
        .iter()
        .take(o.cubes_per_round)
        .take_while(|(s, _)| widened || *s <= near)
        .count();
    let cubes: Vec<u64> = queue.drain(..take).map(|(_, c)| c).collect();
    let (mask, value) = match o.forcing {
        _ if p.order == Order::LowFirst => (0, 0),
        Forcing::Learned => st.model.learned_low_bits(MAX_FORCED_LOW.min(p.depth)),
        Forcing::Nothing => (0, 0),
        Forcing::Bits(mask, value) => (mask, value),
    };
    let (mask, value) = if p.order == Order::LowFirst {
        (mask, value)
    } else {
        let (pin, pinned) = o.pin;
        ((mask & !pin) | pin, (value & !pin) | (pinned & pin))
    };
    let ones: u64 = if o.model_first && p.order != Order::LowFirst {
        (0..64)
            .filter(|&b| st.model.p[b] > 0.5)
            .map(|b| 1u64 << b)
            .sum()
    } else {
        0
    };
    let steered;
    let ex = if mask == 0 && ones == 0 {
        &p.ex
    } else {
        steered =
            p.ex.clone()
                .forcing(mask, value)
                .and_then(|ex| ex.preferring(ones))
                .expect("a top-down order");
        &steered
    };
    let halted = AtomicBool::new(false);
    let results: Vec<(Option<u64>, u64, bool)> = cubes
        .par_iter()
        .map(|&cube| {
            let steps = AtomicU64::new(0);
            let budget = o.cube_nodes.div_ceil(65_536).max(1);
            let over = AtomicBool::new(false);
            let stop_walk = || {
                if halt() {
                    halted.store(true, Ordering::Relaxed);
                    return true;
                }
                let over_budget = steps.fetch_add(1, Ordering::Relaxed) + 1 >= budget;
                if over_budget {
                    over.store(true, Ordering::Relaxed);
                }
                over_budget
            };
            match ex.search_cube_until(cube, p.depth, &stop_walk) {
                Some(outcome) => (outcome.found, outcome.nodes, true),
                None => (None, budget * 65_536, false),
            }
        })
        .collect();
    if halted.load(Ordering::Relaxed) {
        return Ok(None);
    }
    for (&cube, &(found, nodes, whole)) in cubes.iter().zip(&results) {
        st.walked.push((hex(cube), whole));
        st.nodes += nodes;
        if let (Some(m), None) = (found, &st.found) {
            st.found = Some(hex(m));
        }
    }
    st.queue = queue.into_iter().map(|(s, c)| (s, hex(c))).collect();
    st.round += 1;
    Ok(Some(st))
}

/// The options that shape the rounds, in words (a state records them; a resumed run must
/// have the same): `population 16384 elite 128 rate 0.2 patience 25 cubes 2 nodes
/// 134217728 forcing learned order ascending start none shard none`.
fn setup(options: &DenseOptions, order: Order) -> String {
    let forcing = match options.forcing {
        Forcing::Learned => "learned".to_string(),
        Forcing::Nothing => "nothing".to_string(),
        Forcing::Bits(mask, value) => format!("bits {mask:#x}:{:#x}", value & mask),
    };
    let start = if options.start_from.is_empty() {
        "none".to_string()
    } else {
        let magics: Vec<String> = options
            .start_from
            .iter()
            .map(|m| format!("{m:#018x}"))
            .collect();
        magics.join(",")
    };
    let shard = options
        .shard
        .map_or("none".to_string(), |(i, n)| format!("{i}/{n}"));
    format!(
        "population {} elite {} rate {} patience {} cubes {} nodes {} forcing {forcing} order {}{}{} start {start}{} shard {shard}",
        options.population,
        options.elite,
        options.rate,
        options.patience,
        options.cubes_per_round,
        options.cube_nodes,
        order.name(),
        if options.model_first { " model-first" } else { "" },
        if options.widen { " widen" } else { "" },
        pin_words(options),
    )
}

/// ` pin MASK:VALUE`, or nothing without a pin.
fn pin_words(options: &DenseOptions) -> String {
    if options.pin.0 == 0 {
        String::new()
    } else {
        format!(
            " pin {:#x}:{:#x}",
            options.pin.0,
            options.pin.1 & options.pin.0
        )
    }
}

/// The setup as states before 2026-12-07 recorded it (Rust's debug forms of the
/// forcing, the start magics and the shard), kept only to recognise those states.
fn legacy_setup(options: &DenseOptions, order: Order) -> String {
    format!(
        "population {} elite {} rate {} patience {} cubes {} nodes {} forcing {:?} order {}{}{} start {:?}{} shard {:?}",
        options.population,
        options.elite,
        options.rate,
        options.patience,
        options.cubes_per_round,
        options.cube_nodes,
        options.forcing,
        order.name(),
        if options.model_first { " model-first" } else { "" },
        if options.widen { " widen" } else { "" },
        options.start_from,
        pin_words(options),
        options.shard
    )
}
