//! The page's long work, as jobs: a magic search (the Stockfish method or the dense
//! finder) and a perft divide. Each runs on its own thread and checks its cancel flag
//! often enough that a cancel, a time limit or the server's stop is seen within a
//! fraction of a second (the dense finder inside its round, a divide inside a root
//! move), and its slot is free when it reads `cancelled`; its
//! progress and result are JSON that `GET /api/jobs/ID` returns. A finder's state lives
//! in a temporary directory of the job's own, removed when the job ends.

use sliders_search::control::StopToken;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sliders_core::RookOrBishop;
use sliders_search::dense::{self, DenseOptions};
use sliders_search::finder::{find, FindOptions, SearchState, Seeding, Target};
use sliders_search::prove::{IndexScheme, Question};
use sliders_search::verify::verify_square;
use sliders_search::{SchemeKind, SquareMagic};

use super::api;
use super::http::{Query, Reply};
use crate::explain::json::hex;
use crate::io::parse;

/// Jobs running at once; one more is refused (429) until one ends.
pub const MAX_RUNNING: usize = 2;
/// Jobs kept for their results; the oldest finished one is dropped past this.
pub const MAX_KEPT: usize = 32;
/// The longest a finder job may be asked to run.
pub const MAX_FIND_SECONDS: u64 = 120;
/// The longest a perft job runs before it stops with what it has (checked between
/// steps of [`PERFT_STEP`] plies).
pub const PERFT_SECONDS: u64 = 120;
/// The deepest divide.
pub const MAX_PERFT_DEPTH: u32 = 6;

/// One job: what it is, how far it got, and its cancel flag.
struct Job {
    /// Shared with the dense finder, which checks it inside a round.
    cancel: StopToken,
    /// `{"kind", "state": "running"|"done"|"cancelled"|"stopped"|"failed", ...}`.
    status: Mutex<Value>,
    handle: Mutex<Option<JoinHandle<()>>>,
}

impl Job {
    fn update(&self, f: impl FnOnce(&mut Value)) {
        if let Ok(mut status) = self.status.lock() {
            f(&mut status);
        }
    }

    fn running(&self) -> bool {
        self.status
            .lock()
            .map(|s| s["state"] == "running")
            .unwrap_or(false)
    }

    fn stopped(&self) -> bool {
        self.cancel.requested()
    }
}

/// Every job of this server.
pub struct Jobs {
    inner: Mutex<BTreeMap<u64, Arc<Job>>>,
    next: Mutex<u64>,
}

impl Jobs {
    pub fn new() -> Jobs {
        Jobs {
            inner: Mutex::new(BTreeMap::new()),
            next: Mutex::new(1),
        }
    }

    /// Starts `work` as a job, within the bounds; the reply names it.
    /// `work` returns whether it did all it was asked (a cancelled or timed-out job did not).
    fn start(
        &self,
        kind: &str,
        params: Value,
        work: impl FnOnce(&Job) -> bool + Send + 'static,
    ) -> Reply {
        let Ok(mut jobs) = self.inner.lock() else {
            return Reply::status(500, "the job list is unusable");
        };
        if jobs.values().filter(|j| j.running()).count() >= MAX_RUNNING {
            return Reply::status(
                429,
                format!("{MAX_RUNNING} jobs are running: wait for one or cancel it"),
            );
        }
        while jobs.len() >= MAX_KEPT {
            match jobs.iter().find(|(_, j)| !j.running()).map(|(id, _)| *id) {
                Some(id) => {
                    jobs.remove(&id);
                }
                None => break,
            }
        }
        let id = {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            let id = *next;
            *next += 1;
            id
        };
        let job = Arc::new(Job {
            cancel: StopToken::new(),
            status: Mutex::new(
                json!({"id": id, "kind": kind, "state": "running", "params": params}),
            ),
            handle: Mutex::new(None),
        });
        let worker = Arc::clone(&job);
        let started = Instant::now();
        let spawned = std::thread::Builder::new().spawn(move || {
            // A panic in the work is a bug; the job still ends ("failed"), freeing its slot.
            let finished = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&worker)));
            let cancelled = worker.stopped();
            worker.update(|s| {
                if s["state"] == "running" {
                    s["state"] = json!(match finished {
                        Ok(true) => "done",
                        Ok(false) if cancelled => "cancelled",
                        Ok(false) => "stopped",
                        Err(_) => "failed",
                    });
                }
                s["elapsed"] = json!(started.elapsed().as_secs_f64());
            });
        });
        let handle = match spawned {
            Ok(handle) => handle,
            Err(e) => return Reply::status(503, format!("no thread for the job: {e}")),
        };
        if let Ok(mut h) = job.handle.lock() {
            *h = Some(handle);
        }
        jobs.insert(id, job);
        Reply::Json(json!({"job": id.to_string()}))
    }

    fn find_job(&self, id: u64) -> Result<Arc<Job>, Reply> {
        self.inner
            .lock()
            .ok()
            .and_then(|jobs| jobs.get(&id).cloned())
            .ok_or_else(|| Reply::status(404, "no such job"))
    }

    /// `GET /api/jobs/ID`.
    pub fn status(&self, id: u64) -> Reply {
        match self.find_job(id) {
            Ok(job) => Reply::Json(job.status.lock().map(|s| s.clone()).unwrap_or(Value::Null)),
            Err(reply) => reply,
        }
    }

    /// `POST /api/jobs/ID/cancel`: the job stops within a fraction of a second.
    pub fn cancel(&self, id: u64) -> Reply {
        match self.find_job(id) {
            Ok(job) => {
                job.cancel.request();
                Reply::Json(json!({"job": id.to_string(), "cancelling": job.running()}))
            }
            Err(reply) => reply,
        }
    }

    /// Tells every job to stop and waits for each.
    pub fn shut_down(&self) {
        let jobs: Vec<Arc<Job>> = match self.inner.lock() {
            Ok(jobs) => jobs.values().cloned().collect(),
            Err(_) => return,
        };
        for job in &jobs {
            job.cancel.request();
        }
        for job in jobs {
            let handle = job.handle.lock().ok().and_then(|mut h| h.take());
            if let Some(handle) = handle {
                let _ = handle.join();
            }
        }
    }

    /// `POST /api/find?piece=&square=&bits=&method=stockfish|dense&key=fancy|black&seconds=&seed=`.
    pub fn start_find(&self, q: &Query) -> Reply {
        let params = match find_params(q) {
            Ok(p) => p,
            Err(reply) => return reply,
        };
        let shown = json!({
            "piece": params.piece.name(), "square": params.square.to_string(), "bits": params.bits,
            "method": params.method, "key": params.key.name(), "seconds": params.seconds,
            "seed": params.seed.to_string(),
        });
        self.start("find", shown, move |job| run_find(job, &params))
    }

    /// `POST /api/perft?fen=&moves=&depth=`.
    pub fn start_perft(&self, q: &Query) -> Reply {
        let board = match api::board(q) {
            Ok(b) => b,
            Err(reply) => return reply,
        };
        let depth: u32 = match q.need("depth").and_then(|d| {
            parse::ranged(d, 1, MAX_PERFT_DEPTH.into(), " plies")
                .map_err(|e| Reply::bad("depth", e))
        }) {
            Ok(d) => d,
            Err(reply) => return reply,
        };
        let shown = json!({"fen": board.to_fen(), "depth": depth});
        self.start("perft", shown, move |job| run_perft(job, &board, depth))
    }
}

/// A job id as a path gives it: decimal digits with no leading zero (`1`, not `01` or
/// `+1`), as the server writes it; any other form names no job.
pub fn id(text: &str) -> Option<u64> {
    let canonical = text.bytes().all(|b| b.is_ascii_digit())
        && !text.is_empty()
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

struct FindParams {
    piece: RookOrBishop,
    square: sliders_core::Square,
    bits: u32,
    method: &'static str,
    key: SchemeKind,
    seconds: u64,
    seed: u64,
}

fn find_params(q: &Query) -> Result<FindParams, Reply> {
    let piece = api::piece(q)?;
    let square = api::square(q)?;
    let bits = parse::ranged(q.need("bits")?, 1, 12, " bits").map_err(|e| Reply::bad("bits", e))?;
    let method = match q.get("method").unwrap_or("stockfish") {
        "stockfish" => "stockfish",
        "dense" => "dense",
        other => {
            return Err(Reply::bad(
                "method",
                format!("method {other:?} is not stockfish or dense"),
            ))
        }
    };
    let key = api::key(q)?;
    let seconds = parse::ranged(
        q.get("seconds").unwrap_or("20"),
        1,
        MAX_FIND_SECONDS,
        " seconds",
    )
    .map_err(|e| Reply::bad("seconds", e))?;
    let seed = parse::any_u64(q.get("seed").unwrap_or("1")).map_err(|e| Reply::bad("seed", e))?;
    Ok(FindParams {
        piece,
        square,
        bits,
        method,
        key,
        seconds,
        seed,
    })
}

/// Candidates a finder step draws (about a tenth of a second of one core).
const FIND_STEP: u64 = 1 << 17;

fn run_find(job: &Job, p: &FindParams) -> bool {
    let started = Instant::now();
    let limit = Duration::from_secs(p.seconds);
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => return fail(job, format!("no temporary directory for the state: {e}")),
    };
    let state = dir.path().join("state.json");
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool,
        Err(e) => return fail(job, format!("no thread for the search: {e}")),
    };
    let mut found = None;
    let mut candidates = 0u64;
    let mut step = 0u64;
    while !job.stopped() && started.elapsed() < limit {
        step += 1;
        let progress = match p.method {
            "dense" => {
                let question = Question {
                    piece: p.piece,
                    square: p.square,
                    bits: p.bits,
                    scheme: if p.key == SchemeKind::Black {
                        IndexScheme::Black
                    } else {
                        IndexScheme::Fancy
                    },
                };
                let options = DenseOptions {
                    seed: p.seed,
                    rounds: Some(step),
                    // A round can take seconds: the job's time bounds it too.
                    time: Some(limit.saturating_sub(started.elapsed())),
                    threads: 1,
                    state: Some(state.clone()),
                    // Checked inside the round, where its time is: a cube's walk can
                    // take most of a minute.
                    stop: job.cancel.clone(),
                    ..DenseOptions::default()
                };
                match dense::hunt(&question, &options) {
                    Ok(out) => {
                        candidates = out.candidates;
                        found = out.found;
                        json!({"rounds": out.rounds, "best_measure": out.best_measure,
                            "best_candidate": hex(out.best_candidate), "cubes_walked": out.cubes_walked})
                    }
                    Err(e) => return fail(job, e.to_string()),
                }
            }
            _ => {
                let target = Target {
                    piece: p.piece,
                    square: p.square,
                    bits: p.bits,
                };
                let mut opts = FindOptions::new(p.key, Seeding::Seed(p.seed));
                opts.max_candidates = Some(FIND_STEP);
                opts.state_path = Some(state.clone());
                let resume = match std::fs::read_to_string(&state) {
                    Ok(text) => match SearchState::from_json(&text) {
                        Ok(s) => Some(s),
                        Err(e) => return fail(job, format!("the job's own state: {e}")),
                    },
                    Err(_) => None,
                };
                match pool.install(|| find(&[target], &opts, resume)) {
                    Ok(out) => {
                        candidates += out.generated;
                        found = out.found.first().map(|f| f.magic);
                        json!({})
                    }
                    Err(e) => return fail(job, e.to_string()),
                }
            }
        };
        let elapsed = started.elapsed().as_secs_f64();
        job.update(|s| {
            s["candidates"] = json!(candidates);
            s["rate"] = json!(candidates as f64 / elapsed.max(1e-9));
            s["elapsed"] = json!(elapsed);
            s["progress"] = progress;
        });
        if found.is_some() {
            break;
        }
    }
    match found {
        Some(magic) => {
            let m = SquareMagic {
                magic,
                bits: p.bits,
                offset: 0,
            };
            match verify_square(p.key, p.piece, p.square, m) {
                Ok(used) => {
                    let shift = 64 - p.bits;
                    let name = format!("{} {}", p.piece.name(), p.square);
                    job.update(|s| {
                        s["result"] = json!({
                            "magic": hex(magic), "verified": true, "slots_used": used, "size": 1u64 << p.bits,
                            "csv": format!("{},{},{},{},{shift},{},{},0",
                                p.piece.name(), p.square, p.square.index(), hex(magic), p.bits,
                                p.piece.mask(p.square).len()),
                            "c": format!("{{ {}ULL, {shift} }}, /* {name}, {} bits, {} key, {} method, seed {} */",
                                hex(magic), p.bits, p.key.name(), p.method, p.seed),
                        });
                    });
                }
                Err(e) => return fail(job, format!("the finder's magic failed verification: {e}")),
            }
            true
        }
        // Cancelled, or its time ran out: the caller names which.
        None => false,
    }
}

/// Remaining depth counted in one call of the perft engine: perft 3 of a legal position
/// is at most about 10^7 nodes (a few hundredths of a second), so a divide checks its
/// cancel and its time that often, inside a root move too.
const PERFT_STEP: u32 = 3;

/// Perft of `board` to `depth`, by the engine in steps of [`PERFT_STEP`] plies;
/// `None` when `halt` says stop between two steps.
fn perft(board: &sliders_movegen::Board, depth: u32, halt: &dyn Fn() -> bool) -> Option<u128> {
    if depth <= PERFT_STEP {
        return (!halt()).then(|| sliders_movegen::engine::perft(board, depth));
    }
    let mut total = 0;
    for mv in board.legal_moves().iter() {
        total += perft(&board.after_unchecked(*mv), depth - 1, halt)?;
    }
    Some(total)
}

fn run_perft(job: &Job, board: &sliders_movegen::Board, depth: u32) -> bool {
    let started = Instant::now();
    let limit = Duration::from_secs(PERFT_SECONDS);
    let halt = || job.stopped() || started.elapsed() > limit;
    let moves = board.legal_moves();
    let mut total: u128 = 0;
    for (i, mv) in moves.iter().enumerate() {
        let Some(count) = perft(&board.after_unchecked(*mv), depth - 1, &halt) else {
            return false;
        };
        total += count;
        let elapsed = started.elapsed().as_secs_f64();
        job.update(|s| {
            if !s["divide"].is_array() {
                s["divide"] = json!([]);
            }
            if let Some(list) = s["divide"].as_array_mut() {
                list.push(json!({"move": mv.uci(false).to_string(), "nodes": count.to_string()}));
            }
            s["moves_done"] = json!(i + 1);
            s["moves"] = json!(moves.len());
            s["nodes"] = json!(total.to_string());
            s["elapsed"] = json!(elapsed);
        });
    }
    job.update(|s| {
        s["nodes"] = json!(total.to_string());
        s["moves"] = json!(moves.len());
        if moves.is_empty() {
            s["divide"] = json!([]);
        }
    });
    true
}

/// Ends the job as failed, naming why; the work did not finish.
fn fail(job: &Job, message: String) -> bool {
    job.update(|s| {
        s["state"] = json!("failed");
        s["error"] = json!(message);
    });
    false
}
