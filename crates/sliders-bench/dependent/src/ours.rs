//! sliders-movegen as its guide shows it (docs/board.md): `legal_moves()` into a list
//! the engine's own function returns, `role_at` and `captured` for the keys,
//! `captures()`, `is_check()`, `hash()`, and the child made by `after_unchecked` (or,
//! with `AFTER = false`, by the in-place copy `let mut c = *b; c.play_unchecked(mv)`).

use crate::common::{order_key, pick, Sink, Tally, INF, MATE, VALUES};
use sliders_movegen::{Board, Move, MoveFilter, MoveKind, MoveList, Role};

pub fn parse(fen: &str) -> Board {
    Board::from_fen(fen).expect("a FEN our own board wrote")
}

/// The child of `b` by `mv`, as the user writes it: `b.after_unchecked(mv)`, or the
/// in-place copy `let mut c = *b; c.play_unchecked(mv);` (`AFTER = false`), handed to
/// `$then` by reference. A macro, not a function returning the board: a function would
/// add a move of its own to the idiom under test.
macro_rules! with_child {
    ($after:expr, $b:expr, $mv:expr, |$c:ident| $then:expr) => {
        if $after {
            let $c = &$b.after_unchecked($mv);
            $then
        } else {
            let mut c = *$b;
            c.play_unchecked($mv);
            let $c = &c;
            $then
        }
    };
}

/// The engine's own move generator: what an engine wraps `legal_moves` in.
fn moves(b: &Board) -> MoveList {
    b.legal_moves()
}

fn eval(b: &Board) -> i32 {
    let us = b.by_color(b.turn());
    let mut score = 0;
    for role in Role::ALL {
        let r = b.by_role(role);
        score += VALUES[role as usize] * ((r & us).len() as i32 - (r & !us).len() as i32);
    }
    score
}

fn key(b: &Board, mv: Move) -> u32 {
    let promo = match mv.kind() {
        MoveKind::Promotion(r) => r as u32,
        _ => 0,
    };
    let attacker = b.role_at(mv.from()).map_or(5, |r| r as usize);
    let victim = b.captured(mv).map(|r| r as usize);
    order_key(victim, attacker, mv.from() as u32, mv.to() as u32, promo)
}

pub fn perft<const AFTER: bool>(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) {
    t.nodes += 1;
    t.checks += b.is_check() as u64;
    h.0 ^= b.hash();
    if depth == 0 {
        return;
    }
    for &mv in b.legal_moves().iter() {
        with_child!(AFTER, b, mv, |c| perft::<AFTER>(c, depth - 1, t, h));
    }
}

pub fn captures<const AFTER: bool>(b: &Board, depth: u32, t: &mut Tally) {
    t.nodes += 1;
    if depth == 0 {
        return;
    }
    for &mv in b.captures().iter() {
        if mv.is_en_passant() {
            continue; // the peers' capture sets below have none
        }
        with_child!(AFTER, b, mv, |c| captures::<AFTER>(c, depth - 1, t));
    }
}

pub fn search<const AFTER: bool>(
    b: &Board,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    t: &mut Tally,
    h: &mut Sink,
    keys: &mut [Vec<u32>],
) -> i32 {
    t.nodes += 1;
    let in_check = b.is_check();
    t.checks += in_check as u64;
    h.0 ^= b.hash();
    if depth == 0 {
        return eval(b);
    }
    let mut list = moves(b);
    if list.is_empty() {
        return if in_check { -MATE } else { 0 };
    }
    // The keys in a buffer of this ply, reused (as the peers' engines do below).
    let (keys, rest) = keys.split_first_mut().expect("ply buffers");
    keys.clear();
    keys.extend(list.iter().map(|&mv| key(b, mv)));
    for i in 0..list.len() {
        let best = pick(keys, i);
        keys.swap(i, best);
        list.swap(i, best);
        let mv = list[i];
        let score = -with_child!(AFTER, b, mv, |c| search::<AFTER>(
            c,
            depth - 1,
            -beta,
            -alpha,
            t,
            h,
            rest
        ));
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

pub fn search_root<const AFTER: bool>(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) -> i32 {
    let mut keys: Vec<Vec<u32>> = (0..64).map(|_| Vec::with_capacity(256)).collect();
    search::<AFTER>(b, depth, -INF, INF, t, h, &mut keys)
}

/// engine-loop's form of the alpha-beta (`crates/sliders-bench/src/engine_loop.rs`): the
/// moves handed out in MVV-LVA order by `for_each_legal_move_mvv_lva` into a buffer of
/// the ply, no key and no pick; the in-place copy. The same tree as the keyed search
/// (the generator's order is `order_key`'s).
pub fn search_ordered(
    b: &Board,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    t: &mut Tally,
    h: &mut Sink,
    buf: &mut [Vec<Move>],
) -> i32 {
    t.nodes += 1;
    let in_check = b.is_check();
    t.checks += in_check as u64;
    h.0 ^= b.hash();
    if depth == 0 {
        return eval(b);
    }
    let (mine, rest) = buf.split_first_mut().expect("ply buffers");
    mine.clear();
    b.for_each_legal_move_mvv_lva(MoveFilter::ALL, |d| mine.push(d.mv));
    if mine.is_empty() {
        return if in_check { -MATE } else { 0 };
    }
    for &mv in mine.iter() {
        let mut c = *b;
        c.play_unchecked(mv);
        let score = -search_ordered(&c, depth - 1, -beta, -alpha, t, h, rest);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

pub fn search_ordered_root(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) -> i32 {
    let mut buf: Vec<Vec<Move>> = (0..64).map(|_| Vec::with_capacity(256)).collect();
    search_ordered(b, depth, -INF, INF, t, h, &mut buf)
}
