//! cozy-chess 0.3.4 as its documentation shows it: `generate_moves` by piece (the
//! attacker comes with the moves), `piece_on` for the victim, `play_unchecked` on a
//! clone, the stored `checkers()` and `hash()`. The moves of a node go into a buffer of
//! its ply, reused (no allocation per node).

use crate::common::{order_key, pick, Sink, Tally, INF, MATE, VALUES};
use cozy_chess::{BitBoard, Board, Move, Piece, Rank, Square};

pub fn parse(fen: &str) -> Board {
    Board::from_fen(fen, false).expect("a FEN our own board wrote")
}

fn child(b: &Board, mv: Move) -> Board {
    let mut c = b.clone();
    c.play_unchecked(mv);
    c
}

fn eval(b: &Board) -> i32 {
    let us = b.colors(b.side_to_move());
    let mut score = 0;
    for piece in Piece::ALL {
        let p = b.pieces(piece);
        score += VALUES[piece as usize] * ((p & us).len() as i32 - (p & !us).len() as i32);
    }
    score
}

fn ep_square(b: &Board) -> BitBoard {
    match b.en_passant() {
        Some(file) => Square::new(file, Rank::Sixth.relative_to(b.side_to_move())).bitboard(),
        None => BitBoard::EMPTY,
    }
}

fn key(b: &Board, mv: Move, attacker: Piece) -> u32 {
    let promo = mv.promotion.map_or(0, |p| p as u32);
    let victim = if b.colors(!b.side_to_move()).has(mv.to) {
        b.piece_on(mv.to).map(|p| p as usize)
    } else if attacker == Piece::Pawn && ep_square(b).has(mv.to) {
        Some(0)
    } else {
        None
    };
    order_key(
        victim,
        attacker as usize,
        mv.from as u32,
        mv.to as u32,
        promo,
    )
}

pub fn perft(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) {
    t.nodes += 1;
    t.checks += !b.checkers().is_empty() as u64;
    h.0 ^= b.hash();
    if depth == 0 {
        return;
    }
    b.generate_moves(|moves| {
        for mv in moves {
            perft(&child(b, mv), depth - 1, t, h);
        }
        false
    });
}

pub fn captures(b: &Board, depth: u32, t: &mut Tally) {
    t.nodes += 1;
    if depth == 0 {
        return;
    }
    let them = b.colors(!b.side_to_move());
    b.generate_moves(|mut moves| {
        moves.to &= them;
        for mv in moves {
            captures(&child(b, mv), depth - 1, t);
        }
        false
    });
}

pub fn search(
    b: &Board,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    t: &mut Tally,
    h: &mut Sink,
    buf: &mut [(Vec<u32>, Vec<Move>)],
) -> i32 {
    t.nodes += 1;
    let in_check = !b.checkers().is_empty();
    t.checks += in_check as u64;
    h.0 ^= b.hash();
    if depth == 0 {
        return eval(b);
    }
    let ((keys, list), rest) = buf.split_first_mut().expect("ply buffers");
    keys.clear();
    list.clear();
    b.generate_moves(|moves| {
        for mv in moves {
            keys.push(key(b, mv, moves.piece));
            list.push(mv);
        }
        false
    });
    if list.is_empty() {
        return if in_check { -MATE } else { 0 };
    }
    for i in 0..list.len() {
        let best = pick(keys, i);
        keys.swap(i, best);
        list.swap(i, best);
        let score = -search(&child(b, list[i]), depth - 1, -beta, -alpha, t, h, rest);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

pub fn search_root(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) -> i32 {
    let mut buf: Vec<(Vec<u32>, Vec<Move>)> = (0..64)
        .map(|_| (Vec::with_capacity(256), Vec::with_capacity(256)))
        .collect();
    search(b, depth, -INF, INF, t, h, &mut buf)
}
