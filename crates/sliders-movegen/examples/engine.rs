//! A small UCI engine built only on the public API of `sliders-movegen`: an example of
//! the API, not a product.
//!
//! - iterative deepening alpha-beta (negamax) with a transposition table keyed by the
//!   Polyglot key ([`Board::hash_legal_ep`]: the Polyglot key, less an en passant file
//!   where no en passant capture is legal, which is also what repetitions compare);
//! - quiescence search on [`Board::captures`], skipping captures that lose material by
//!   static exchange evaluation ([`Board::see_ge`]);
//! - draws by repetition and the fifty-move rule from the game history ([`Game::keys`]);
//! - move ordering in place in the [`sliders_movegen::MoveList`] (no copies): the table's
//!   move, then captures by victim and attacker ([`Board::captured`], [`Board::role_at`]),
//!   then two killer moves per ply;
//! - the principal variation from the transposition table, each move checked with
//!   [`Board::is_legal`];
//! - material plus piece-square evaluation.
//!
//! UCI: `uci`, `isready`, `ucinewgame`, `setoption name Hash|UCI_Chess960 value ...`,
//! `position startpos|fen ... [moves ...]` (castling in either notation), `go movetime
//! | depth | wtime btime [winc binc movestogo] | infinite`, `stop`, `quit`. Before each
//! `bestmove` it sends `info string status <outcome> threefold <0|1> fifty <0|1>` for the
//! position it was given (python-chess's names: `none`, `checkmate`, ...), which
//! `tools/engine-match.py` checks against python-chess. It answers `bestmove 0000` only
//! where there is no legal move; a drawn game that still has moves (insufficient
//! material, the 75-move rule, fivefold repetition) gets one, as UCI asks.
//!
//! ```text
//! cargo run --release -p sliders-movegen --example engine
//! ```

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sliders_movegen::{Board, Color, Game, Move, MoveKind, Role, Square};

const INFINITY: i32 = 32_000;
const MATE: i32 = 31_000;
const MAX_PLY: usize = 128;

fn main() {
    let mut engine = Engine::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !engine.command(&line) {
            break;
        }
    }
    engine.stop();
}

/// The UCI front end: the game, options and the running search.
struct Engine {
    /// The position of the last `position` command, or why it was refused.
    game: Result<Game, String>,
    table: Arc<Mutex<Table>>,
    chess960: bool,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            game: Ok(Game::default()),
            table: Arc::new(Mutex::new(Table::new(16))),
            chess960: false,
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
        }
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say("id name sliders example engine");
                say("id author the sliders developers");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name UCI_Chess960 type check default false");
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                self.stop();
                self.table.lock().unwrap().clear();
            }
            Some("setoption") => self.set_option(&words),
            Some("position") => {
                self.stop();
                self.game = parse_position(&words[1..]);
                if let Err(e) = &self.game {
                    say(&format!("info string error {e}"));
                }
            }
            Some("go") => self.go(&words[1..]),
            Some("stop") => self.stop(),
            Some("quit") => return false,
            _ => {}
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        let name_at = words.iter().position(|&w| w == "name");
        let value_at = words.iter().position(|&w| w == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            return;
        };
        if n >= v {
            return;
        }
        let name = words[n + 1..v].join(" ");
        let value = words[v + 1..].join(" ");
        match name.as_str() {
            "Hash" => {
                if let Ok(mb) = value.parse::<usize>() {
                    self.stop();
                    *self.table.lock().unwrap() = Table::new(mb.clamp(1, 1024));
                }
            }
            "UCI_Chess960" => self.chess960 = value == "true",
            _ => {}
        }
    }

    fn go(&mut self, words: &[&str]) {
        self.stop();
        let game = match &self.game {
            Ok(game) => game.clone(),
            Err(e) => {
                say(&format!("info string error {e}"));
                say("bestmove 0000");
                return;
            }
        };
        let limits = Limits::parse(words, game.board().turn());
        let (table, stop, chess960) = (
            Arc::clone(&self.table),
            Arc::clone(&self.stop),
            self.chess960,
        );
        self.search = Some(std::thread::spawn(move || {
            let best = match game.board().has_legal_moves() {
                false => None,
                true => Some(think(
                    &game,
                    &mut table.lock().unwrap(),
                    &stop,
                    limits,
                    chess960,
                )),
            };
            // UCI: after `go infinite`, `bestmove` waits for `stop`.
            while limits.infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            say(&status(&game));
            let best = best.map_or("0000".to_owned(), |m| m.uci(chess960).to_string());
            say(&format!("bestmove {best}"));
        }));
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(search) = self.search.take() {
            let _ = search.join();
        }
        self.stop.store(false, Ordering::Relaxed);
    }
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// `startpos|fen <fields> [moves <uci>...]` as a game with its history.
fn parse_position(words: &[&str]) -> Result<Game, String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let board = match words.first() {
        Some(&"startpos") => Board::startpos(),
        Some(&"fen") => {
            Board::from_fen(&words[1..moves_at].join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("position needs startpos or fen".to_owned()),
    };
    let mut game = Game::new(board);
    for uci in words.iter().skip(moves_at + 1) {
        game.play_uci(uci).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The status line `tools/engine-match.py` checks.
fn status(game: &Game) -> String {
    let outcome = game.outcome().map_or("none", |o| o.termination.name());
    let threefold = u8::from(game.repetitions() >= 3);
    let fifty = u8::from(game.board().is_fifty_moves());
    format!("info string status {outcome} threefold {threefold} fifty {fifty}")
}

/// When to stop thinking.
#[derive(Clone, Copy)]
struct Limits {
    depth: usize,
    time: Option<Duration>,
    infinite: bool,
}

impl Limits {
    fn parse(words: &[&str], turn: Color) -> Limits {
        let number = |key: &str| {
            let at = words.iter().position(|&w| w == key)?;
            words.get(at + 1)?.parse::<u64>().ok()
        };
        let ms = Duration::from_millis;
        let (clock, increment) = match turn {
            Color::White => (number("wtime"), number("winc")),
            Color::Black => (number("btime"), number("binc")),
        };
        let time = if let Some(t) = number("movetime") {
            // Leave room for the answer to travel.
            Some(ms(t.saturating_sub(5).max(1)))
        } else if let Some(left) = clock {
            let moves_to_go = number("movestogo").unwrap_or(30).max(1);
            let share = left / moves_to_go + increment.unwrap_or(0) / 2;
            Some(ms(share.min(left / 2).max(1)))
        } else {
            None
        };
        let depth = number("depth").map_or(MAX_PLY - 1, |d| (d as usize).clamp(1, MAX_PLY - 1));
        let infinite = words.contains(&"infinite");
        Limits {
            depth,
            time,
            infinite,
        }
    }
}

/// Iterative deepening: the best move of the deepest search that finished (depth 1
/// always finishes).
fn think(
    game: &Game,
    table: &mut Table,
    stop: &AtomicBool,
    limits: Limits,
    chess960: bool,
) -> Move {
    let start = Instant::now();
    let mut search = Search {
        table,
        stop,
        deadline: limits.time.map(|t| start + t),
        nodes: 0,
        path: game.keys()[..game.keys().len() - 1].to_vec(),
        killers: [[Move::default(); 2]; MAX_PLY],
        aborted: false,
        root_best: None,
    };
    let board = *game.board();
    let mut best = board.legal_moves()[0];
    for depth in 1..=limits.depth {
        let score = search.negamax(&board, depth as i32, 0, -INFINITY, INFINITY);
        if search.aborted {
            break;
        }
        if let Some(mv) = search.root_best {
            best = mv;
        }
        let elapsed = start.elapsed().as_millis().max(1);
        let pv: Vec<String> = principal_variation(search.table, &board, best, depth)
            .iter()
            .map(|mv| mv.uci(chess960).to_string())
            .collect();
        say(&format!(
            "info depth {depth} score {} nodes {} nps {} time {elapsed} pv {}",
            uci_score(score),
            search.nodes,
            search.nodes as u128 * 1000 / elapsed,
            pv.join(" ")
        ));
        if score.abs() > MATE - MAX_PLY as i32 {
            break; // a forced mate found: deeper will not change the move
        }
    }
    best
}

/// The best move, then the table's move in each following position while it is legal
/// there (a table entry may belong to another position with the same slot), at most
/// `depth` moves and never into a repetition of the line itself.
fn principal_variation(table: &Table, board: &Board, best: Move, depth: usize) -> Vec<Move> {
    let mut pv = vec![best];
    let mut seen = vec![board.hash_legal_ep()];
    let mut position = board.after_unchecked(best);
    while pv.len() < depth && !seen.contains(&position.hash_legal_ep()) {
        seen.push(position.hash_legal_ep());
        match table.probe(position.hash_legal_ep()) {
            Some(entry) if position.is_legal(entry.mv) => {
                pv.push(entry.mv);
                position = position.after_unchecked(entry.mv);
            }
            _ => break,
        }
    }
    pv
}

fn uci_score(score: i32) -> String {
    if score > MATE - MAX_PLY as i32 {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE + MAX_PLY as i32 {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

struct Search<'a> {
    table: &'a mut Table,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    nodes: u64,
    /// Repetition keys of the positions before the current one: the game's, then the
    /// search path's.
    path: Vec<u64>,
    killers: [[Move; 2]; MAX_PLY],
    aborted: bool,
    root_best: Option<Move>,
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(1024) && self.root_best.is_some() {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted |= late || self.stop.load(Ordering::Relaxed);
        }
        self.aborted
    }

    /// A draw by the fifty-move rule or by repeating an earlier position (once is
    /// enough inside the search: if it was good to come back, it is good again).
    fn is_draw(&self, board: &Board, key: u64) -> bool {
        let reversible = board.halfmove_clock() as usize;
        // A mate on the hundredth half-move is still a mate.
        (board.halfmove_clock() >= 100 && (!board.is_check() || board.has_legal_moves()))
            || board.is_insufficient_material()
            || self
                .path
                .iter()
                .rev()
                .take(reversible)
                .skip(1)
                .step_by(2)
                .any(|&k| k == key)
    }

    fn negamax(&mut self, board: &Board, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = board.hash_legal_ep();
        if ply > 0 && self.is_draw(board, key) {
            return 0;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(board, ply, alpha, beta);
        }
        let entry = self.table.probe(key);
        if let Some(e) = entry {
            let score = from_table(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if ply > 0 && e.depth >= depth && usable {
                return score;
            }
        }
        let in_check = board.is_check();
        let mut moves = board.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let table_move = entry.map(|e| e.mv);
        moves.sort_unstable_by_key(|&m| -self.order(board, m, table_move, ply));

        let alpha_before = alpha;
        let mut best = (-INFINITY, moves[0]);
        self.path.push(key);
        for mv in moves {
            let child = board.after_unchecked(mv);
            let score = -self.negamax(
                &child,
                depth - 1 + i32::from(in_check),
                ply + 1,
                -beta,
                -alpha,
            );
            if self.aborted {
                break;
            }
            if score > best.0 {
                best = (score, mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                alpha = alpha.max(score);
                if alpha >= beta {
                    if board.captured(mv).is_none() && self.killers[ply][0] != mv {
                        self.killers[ply] = [mv, self.killers[ply][0]];
                    }
                    break;
                }
            }
        }
        self.path.pop();
        if !self.aborted {
            let bound = if best.0 >= beta {
                Bound::Lower
            } else if best.0 > alpha_before {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table
                .store(key, best.1, to_table(best.0, ply), depth, bound);
        }
        best.0
    }

    /// Captures only, with the static evaluation as a floor (stand pat); all moves when
    /// in check, where standing pat is not an option.
    fn quiesce(&mut self, board: &Board, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if ply + 1 >= MAX_PLY {
            return evaluate(board);
        }
        let in_check = board.is_check();
        if !in_check {
            let stand_pat = evaluate(board);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let mut moves = if in_check {
            board.legal_moves()
        } else {
            // Captures and promotions (a quiet queening is as loud as a capture).
            let mut captures = board.captures_and_promotions();
            // A capture that loses material by exchange cannot raise alpha here.
            captures.retain(|mv| board.see_ge(mv, 0));
            captures
        };
        if in_check && moves.is_empty() {
            return -MATE + ply as i32;
        }
        moves.sort_unstable_by_key(|&m| -self.order(board, m, None, ply));
        for mv in moves {
            let score = -self.quiesce(&board.after_unchecked(mv), ply + 1, -beta, -alpha);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Higher first: the table's move, captures by most valuable victim and least
    /// valuable attacker, promotions, killers, the rest.
    fn order(&self, board: &Board, mv: Move, table_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == table_move {
            return 100_000;
        }
        let mut score = 0;
        if let Some(victim) = board.captured(mv) {
            let attacker = board.role_at(mv.from()).map_or(0, value);
            score += 10_000 + 10 * value(victim) - attacker / 10;
        }
        if let MoveKind::Promotion(role) = mv.kind() {
            score += 9_000 + value(role);
        }
        if self.killers[ply].contains(&mv) {
            score += 5_000;
        }
        score
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE - MAX_PLY as i32 => s + ply as i32,
        s if s < -MATE + MAX_PLY as i32 => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE - MAX_PLY as i32 => s - ply as i32,
        s if s < -MATE + MAX_PLY as i32 => s + ply as i32,
        s => s,
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Move,
    score: i32,
    depth: i32,
    bound: Bound,
}

/// The transposition table: one entry per slot, always replaced.
struct Table(Vec<Option<Entry>>);

impl Table {
    fn new(mb: usize) -> Table {
        let slots = (mb << 20) / std::mem::size_of::<Option<Entry>>();
        Table(vec![None; slots.max(1)])
    }

    fn clear(&mut self) {
        self.0.fill(None);
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.0.len() as u64) as usize
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.0[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        self.0[slot] = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
        });
    }
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Material plus piece-square terms, from the side to move's point of view.
fn evaluate(board: &Board) -> i32 {
    let heavy = board.by_role(Role::Queen).len() * 9
        + board.by_role(Role::Rook).len() * 5
        + (board.by_role(Role::Bishop) | board.by_role(Role::Knight)).len() * 3;
    let endgame = heavy <= 14;
    let mut score = 0;
    for square in board.occupied() {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        let term = value(piece.role) + placement(piece.role, piece.color, square, endgame);
        score += if piece.color == board.turn() {
            term
        } else {
            -term
        };
    }
    score
}

/// A piece-square term from formulas: centralisation for pieces, advancement for pawns,
/// shelter for the king until the endgame, then centralisation for it too.
fn placement(role: Role, color: Color, square: Square, endgame: bool) -> i32 {
    let file = square.file() as i32;
    let rank = match color {
        Color::White => square.rank() as i32,
        Color::Black => 7 - square.rank() as i32,
    };
    // 2 (centre) to 14 (corner)
    let off_centre = (2 * file - 7).abs() + (2 * rank - 7).abs();
    match role {
        Role::Pawn => {
            let centre_file = i32::from((3..=4).contains(&file)) * 10;
            (rank - 1) * if endgame { 12 } else { 5 } + centre_file
        }
        Role::Knight => 20 - 3 * off_centre,
        Role::Bishop => 10 - 2 * off_centre,
        Role::Rook => i32::from(rank == 6) * 15,
        Role::Queen => 5 - off_centre,
        Role::King if endgame => 20 - 3 * off_centre,
        Role::King => {
            if rank == 0 {
                [10, 20, 10, 0, 0, 0, 20, 10][file as usize]
            } else {
                -15 * rank
            }
        }
    }
}
