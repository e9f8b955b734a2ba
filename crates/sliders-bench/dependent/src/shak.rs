//! shakmaty 0.30.1 as its documentation shows it: `legal_moves` and `capture_moves`
//! into its array list, the roles carried in its moves, `play_unchecked` on a clone, the
//! Zobrist key carried beside the position and updated with `update_zobrist_hash` (from
//! scratch where it returns `None`).

use crate::common::{order_key, pick, Sink, Tally, INF, MATE, VALUES};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

/// A position and its key.
pub type Node = (Chess, Zobrist64);

pub fn parse(fen: &str) -> Node {
    let fen: shakmaty::fen::Fen = fen.parse().expect("a FEN our own board wrote");
    let pos: Chess = fen
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position");
    let key = pos.zobrist_hash(EnPassantMode::Legal);
    (pos, key)
}

fn child((pos, key): &Node, mv: Move) -> Node {
    let next_key = pos.update_zobrist_hash(*key, mv, EnPassantMode::Legal);
    let mut next = pos.clone();
    next.play_unchecked(mv);
    let next_key = next_key.unwrap_or_else(|| next.zobrist_hash(EnPassantMode::Legal));
    (next, next_key)
}

fn eval(pos: &Chess) -> i32 {
    let board = pos.board();
    let us = board.by_color(pos.turn());
    let mut score = 0;
    for role in Role::ALL {
        let r = board.by_role(role);
        score += VALUES[role as usize - 1] * ((r & us).count() as i32 - (r & !us).count() as i32);
    }
    score
}

fn key(mv: Move) -> u32 {
    let promo = mv.promotion().map_or(0, |r| r as u32 - 1);
    let victim = mv.capture().map(|r| r as usize - 1);
    let from = mv.from().map_or(0, |s| s as u32);
    order_key(victim, mv.role() as usize - 1, from, mv.to() as u32, promo)
}

pub fn perft(node: &Node, depth: u32, t: &mut Tally, h: &mut Sink) {
    t.nodes += 1;
    t.checks += node.0.is_check() as u64;
    h.0 ^= node.1 .0;
    if depth == 0 {
        return;
    }
    for &mv in node.0.legal_moves().iter() {
        perft(&child(node, mv), depth - 1, t, h);
    }
}

/// The captures walk needs no key: the plain position.
pub fn captures(pos: &Chess, depth: u32, t: &mut Tally) {
    t.nodes += 1;
    if depth == 0 {
        return;
    }
    for &mv in pos.capture_moves().iter() {
        if mv.is_en_passant() {
            continue;
        }
        let mut next = pos.clone();
        next.play_unchecked(mv);
        captures(&next, depth - 1, t);
    }
}

pub fn search(
    node: &Node,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    t: &mut Tally,
    h: &mut Sink,
    keys: &mut [Vec<u32>],
) -> i32 {
    t.nodes += 1;
    let in_check = node.0.is_check();
    t.checks += in_check as u64;
    h.0 ^= node.1 .0;
    if depth == 0 {
        return eval(&node.0);
    }
    let mut list = node.0.legal_moves();
    if list.is_empty() {
        return if in_check { -MATE } else { 0 };
    }
    let (keys, rest) = keys.split_first_mut().expect("ply buffers");
    keys.clear();
    keys.extend(list.iter().map(|&mv| key(mv)));
    for i in 0..list.len() {
        let best = pick(keys, i);
        keys.swap(i, best);
        list.swap(i, best);
        let score = -search(&child(node, list[i]), depth - 1, -beta, -alpha, t, h, rest);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

pub fn search_root(node: &Node, depth: u32, t: &mut Tally, h: &mut Sink) -> i32 {
    let mut keys: Vec<Vec<u32>> = (0..64).map(|_| Vec::with_capacity(256)).collect();
    search(node, depth, -INF, INF, t, h, &mut keys)
}
