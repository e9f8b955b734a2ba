//! Legal move generation without make-and-test: checkers, pins and the squares the
//! enemy attacks are found once per node, and every move is legal when emitted.
//!
//! One generator, [`generate`], specialised at compile time on the side to move, with a
//! [`MoveFilter`] saying which moves to emit (origins, destinations, roles, captures or
//! quiet moves). The generator is inlined where it is hot (perft passes
//! [`MoveFilter::ALL`], a constant, so every test of the filter folds away) and entered
//! through non-inlined functions ([`list`], [`count`], [`visit`]) everywhere else, so it
//! is compiled once per scheme, not once per call site. The one exception is the
//! detailed callback form ([`Detailed`]): a move orderer's loop, where the generator is
//! compiled into the caller with the callback inlined.

use sliders_core::schemes::Scheme;
use sliders_core::{line, Bitboard, Color};

use core::ops::ControlFlow;

use crate::board::{back_rank, bit, sq, Board};
use crate::filter::MoveFilter;
use crate::lookups::{
    betw, bishop, checks_and_pins, forward, king, knight, pawn, rook, DEFAULT_SCHEME,
    DIAGONAL_NEAR_KING, DIAGONAL_RAYS, ORTHOGONAL_NEAR_KING, ORTHOGONAL_RAYS,
};
use crate::move_list::{written_in_place, Filled, MoveList, Slot};
use crate::moves::{castling_squares, Move, MoveDetail};
use crate::piece::Role;

const PAWN_I: usize = Role::Pawn as usize;
const KNIGHT_I: usize = Role::Knight as usize;
const BISHOP_I: usize = Role::Bishop as usize;
const ROOK_I: usize = Role::Rook as usize;
const QUEEN_I: usize = Role::Queen as usize;
const KING_I: usize = Role::King as usize;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Receives generated moves: as a list, or just counted.
pub(crate) trait Sink {
    /// Moves of a piece (not a pawn) of `role` on `from` to each of `targets`.
    fn piece(&mut self, role: Role, from: u32, targets: u64);
    /// Pawn moves to each of `targets` from `to - delta`; promotions when `promo`.
    fn pawns(&mut self, targets: u64, delta: i32, promo: bool);
    /// One special move (en passant, castling).
    fn one(&mut self, mv: Move);
    /// Whether the sink wants no more moves: the generator checks between groups of
    /// moves and stops. Constant `false` for lists and counters, so the checks fold away.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

/// Counts moves without making them (bulk counting). It counts with the scheme's
/// `count`, which is one POPCNT instruction on CPUs that have it even in a build for the
/// x86-64 baseline (the scheme value carries the proof; see `sliders_core::schemes::Popcnt`).
pub(crate) struct Counter<S>(pub u64, pub S);

impl<S: Scheme> Sink for Counter<S> {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: u32, targets: u64) {
        self.0 += self.1.count(Bitboard(targets)) as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32, promo: bool) {
        self.0 += (self.1.count(Bitboard(targets)) as u64) << (2 * promo as u32);
    }
    #[inline(always)]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// The promotion kinds in the order moves are emitted: queen first, the most useful
/// order for searches (`Move`'s kind codes: 6 queen, 3 knight, 5 rook, 4 bishop).
const PROMOTION_ORDER: [u16; 4] = [6, 3, 5, 4];

/// Hands `f` each move of a piece on `from` to one of `targets`.
#[inline(always)]
fn piece_moves(from: u32, mut targets: u64, mut f: impl FnMut(Move)) {
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        f(Move::from_raw(from, to, 0));
    }
}

/// Hands `f` each pawn move to one of `targets` from `to - delta`, four promotions each
/// when `promo`.
#[inline(always)]
fn pawn_moves(mut targets: u64, delta: i32, promo: bool, mut f: impl FnMut(Move)) {
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        let from = (to as i32 - delta) as u32;
        if promo {
            for kind in PROMOTION_ORDER {
                f(Move::from_raw(from, to, kind));
            }
        } else {
            f(Move::from_raw(from, to, 0));
        }
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: u32, targets: u64) {
        piece_moves(from, targets, |mv| self.push(mv));
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i32, promo: bool) {
        pawn_moves(targets, delta, promo, |mv| self.push(mv));
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Hands each move to a callback with its moving role and the role it captures, as
/// the generator knows them: the role from the group of moves, the victim from the
/// enemy role set the group's captures are split by ([`Detailed::by_victim`]). Generic
/// over the callback, which is inlined ([`crate::Board::for_each_legal_move`]).
struct Detailed<'b, F> {
    board: &'b Board,
    /// The pieces of the side not to move.
    theirs: u64,
    f: F,
}

/// Hands `f` each legal move of `b` that `filter` admits with its details: compiled
/// for each callback, with the callback inlined, but not inlined into the caller, so
/// that a recursive search keeps its own frame small. The two filters a search asks
/// for at every node, every move and captures only, each get a generator compiled with
/// the filter a constant (what it excludes is never looked at, as for
/// [`crate::Board::legal_moves`] and [`crate::Board::captures`]); the test folds away
/// where the caller's filter is a constant.
#[inline(always)]
pub(crate) fn each_detailed<S: Scheme, F: FnMut(MoveDetail)>(
    s: S,
    b: &Board,
    filter: MoveFilter,
    f: F,
) {
    if filter == MoveFilter::ALL {
        each_detailed_in::<S, F, EveryMove>(s, b, filter, f)
    } else if filter == MoveFilter::ALL.captures_only() {
        each_detailed_in::<S, F, CapturesOnly>(s, b, filter, f)
    } else {
        each_detailed_in::<S, F, AnyFilter>(s, b, filter, f)
    }
}

/// A filter known at compile time, or none ([`AnyFilter`]: the run-time value).
pub(crate) trait FilterKind {
    const FILTER: Option<MoveFilter>;
}
pub(crate) struct EveryMove;
impl FilterKind for EveryMove {
    const FILTER: Option<MoveFilter> = Some(MoveFilter::ALL);
}
pub(crate) struct CapturesOnly;
impl FilterKind for CapturesOnly {
    const FILTER: Option<MoveFilter> = Some(MoveFilter::ALL.captures_only());
}
pub(crate) struct AnyFilter;
impl FilterKind for AnyFilter {
    const FILTER: Option<MoveFilter> = None;
}

#[inline(never)]
fn each_detailed_in<S: Scheme, F: FnMut(MoveDetail), K: FilterKind>(
    s: S,
    b: &Board,
    filter: MoveFilter,
    f: F,
) {
    let mut sink = Detailed {
        board: b,
        theirs: b.colors[b.turn.other() as usize].0,
        f,
    };
    generate(s, b, &mut sink, K::FILTER.unwrap_or(filter));
}

impl<F: FnMut(MoveDetail)> Detailed<'_, F> {
    /// Hands out the moves `make` builds to each of `targets`, the captures first, by
    /// victim (each victim role's set masked in turn: no lookup per move), then the rest.
    #[inline(always)]
    fn by_victim(&mut self, role: Role, targets: u64, make: impl Fn(u32) -> Move) {
        let caps = targets & self.theirs;
        if caps != 0 {
            for victim in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                let set = caps & self.board.roles[victim as usize].0;
                self.each(role, set, Some(victim), &make);
            }
        }
        self.each(role, targets & !self.theirs, None, &make);
    }

    /// Hands out the moves `make` builds to each of `targets`, all taking `captured`.
    #[inline(always)]
    fn each(
        &mut self,
        role: Role,
        mut targets: u64,
        captured: Option<Role>,
        make: &impl Fn(u32) -> Move,
    ) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            (self.f)(MoveDetail {
                mv: make(to),
                role,
                captured,
            });
        }
    }
}

impl<F: FnMut(MoveDetail)> Sink for Detailed<'_, F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: u32, targets: u64) {
        self.by_victim(role, targets, |to| Move::from_raw(from, to, 0));
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i32, promo: bool) {
        if promo {
            for kind in PROMOTION_ORDER {
                self.by_victim(Role::Pawn, targets, |to| {
                    Move::from_raw((to as i32 - delta) as u32, to, kind)
                });
            }
        } else {
            self.by_victim(Role::Pawn, targets, |to| {
                Move::from_raw((to as i32 - delta) as u32, to, 0)
            });
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        // En passant or castling: the only moves handed out one at a time.
        let detail = if mv.is_en_passant() {
            MoveDetail {
                mv,
                role: Role::Pawn,
                captured: Some(Role::Pawn),
            }
        } else {
            MoveDetail {
                mv,
                role: Role::King,
                captured: None,
            }
        };
        (self.f)(detail);
    }
}

/// The squares attacked by `them`, with `occ` as the occupancy, from its pawns, knights
/// and king and from its diagonal and orthogonal sliders on `diag_on` and `orth_on`
/// (`!0` for every square attacked; less where only some squares are asked about).
#[inline(always)]
fn attacked_by<S: Scheme>(
    s: S,
    b: &Board,
    them: Color,
    occ: u64,
    diag_on: u64,
    orth_on: u64,
) -> u64 {
    let theirs = b.colors[them as usize].0;
    let pawns = b.roles[PAWN_I].0 & theirs;
    let mut att = match them {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    };
    let mut knights = b.roles[KNIGHT_I].0 & theirs;
    while knights != 0 {
        att |= knight(knights.trailing_zeros());
        knights &= knights - 1;
    }
    let queens = b.roles[QUEEN_I].0;
    let mut diag = (b.roles[BISHOP_I].0 | queens) & theirs & diag_on;
    while diag != 0 {
        att |= bishop(s, diag.trailing_zeros(), occ);
        diag &= diag - 1;
    }
    let mut orth = (b.roles[ROOK_I].0 | queens) & theirs & orth_on;
    while orth != 0 {
        att |= rook(s, orth.trailing_zeros(), occ);
        orth &= orth - 1;
    }
    let their_king = b.roles[KING_I].0 & theirs;
    att | king(their_king.trailing_zeros() & 63)
}

/// The pieces of `by` that attack `square` when `occ` is the occupancy.
#[inline(always)]
pub(crate) fn attackers<S: Scheme>(s: S, b: &Board, square: u32, by: Color, occ: u64) -> u64 {
    let theirs = b.colors[by as usize].0;
    let queens = b.roles[QUEEN_I].0;
    ((knight(square) & b.roles[KNIGHT_I].0)
        | (pawn(by.other(), square) & b.roles[PAWN_I].0)
        | (king(square) & b.roles[KING_I].0)
        | (bishop(s, square, occ) & (b.roles[BISHOP_I].0 | queens))
        | (rook(s, square, occ) & (b.roles[ROOK_I].0 | queens)))
        & theirs
}

/// The pieces of the side to move that are pinned to its king.
#[inline(always)]
pub(crate) fn pinned<S: Scheme>(s: S, b: &Board) -> u64 {
    let us = b.turn as usize;
    let ours = b.colors[us].0;
    let theirs = b.colors[us ^ 1].0;
    let king_sq = b.kings[us] as u32;
    let queens = b.roles[QUEEN_I].0;
    let their_diag = (b.roles[BISHOP_I].0 | queens) & theirs;
    let their_orth = (b.roles[ROOK_I].0 | queens) & theirs;
    pins(s, king_sq, ours, theirs, their_diag, their_orth)
}

/// Our pieces pinned to our king on `king_sq`: each is the only piece between the king
/// and an enemy slider (`their_diag`, `their_orth`) that sees the king through it.
#[inline(always)]
fn pins<S: Scheme>(
    s: S,
    king_sq: u32,
    ours: u64,
    theirs: u64,
    their_diag: u64,
    their_orth: u64,
) -> u64 {
    let occ = ours | theirs;
    let mut pinned = 0u64;
    let mut snipers = 0;
    if their_diag != 0 {
        snipers |= bishop(s, king_sq, theirs) & their_diag;
    }
    if their_orth != 0 {
        snipers |= rook(s, king_sq, theirs) & their_orth;
    }
    while snipers != 0 {
        let sniper = snipers.trailing_zeros();
        snipers &= snipers - 1;
        let blockers = betw(king_sq, sniper) & occ;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & ours;
        }
    }
    pinned
}

/// The legal moves of `b` that `filter` admits, as a list ([`written_in_place`]). Not
/// inlined, so that the list's destination is this function's own return slot; the
/// filling is not inlined either, so the generator is compiled once per scheme for every
/// filter, however many entry points list moves (perft's hot loop inlines [`generate`]
/// itself; the plain `legal_moves` and `captures` have their own, [`fill_legal`] and
/// [`fill_captures`]).
#[inline(never)]
pub(crate) fn list<S: Scheme>(s: S, b: &Board, filter: MoveFilter) -> MoveList {
    written_in_place(|out| fill(s, b, filter, out))
}

/// The legal moves of `b` that `filter` admits, written into `out`.
#[inline(never)]
fn fill<'id, S: Scheme>(s: S, b: &Board, filter: MoveFilter, out: Slot<'id>) -> Filled<'id> {
    let (list, filled) = out.fill();
    generate(s, b, list, filter);
    filled
}

/// Every legal move of `b`, with the default scheme, written into `out`: [`list`] for
/// the plain `legal_moves`, which
/// an engine calls at every node. Not generic and not inlined, so it is compiled once,
/// here, with the filter a constant folded into the generator, and not in every crate
/// that calls it.
#[inline(never)]
pub(crate) fn fill_legal<'id>(b: &Board, out: Slot<'id>) -> Filled<'id> {
    let (list, filled) = out.fill();
    generate(DEFAULT_SCHEME, b, list, MoveFilter::ALL);
    filled
}

/// The legal captures of `b`, written into `out` as [`fill_legal`] writes its list: what
/// the filter does not admit (quiet pawn pushes, castling, quiet targets) is never looked
/// at.
#[inline(never)]
pub(crate) fn fill_captures<'id>(b: &Board, out: Slot<'id>) -> Filled<'id> {
    let (list, filled) = out.fill();
    generate(DEFAULT_SCHEME, b, list, MoveFilter::ALL.captures_only());
    filled
}

/// The number of legal moves of `b`, counted without listing them; not inlined, like
/// [`list`].
#[inline(never)]
pub(crate) fn count<S: Scheme>(s: S, b: &Board) -> u64 {
    let mut c = Counter(0, s);
    generate(s, b, &mut c, MoveFilter::ALL);
    c.0
}

/// Hands each legal move that `filter` admits to `visit` until it breaks; not inlined.
#[inline(never)]
pub(crate) fn visit<S: Scheme, B>(
    s: S,
    b: &Board,
    filter: MoveFilter,
    visit: &mut dyn FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut sink = Visitor {
        visit,
        result: ControlFlow::Continue(()),
    };
    generate(s, b, &mut sink, filter);
    sink.result
}

/// A sink that hands moves to a callback and stops when it breaks.
struct Visitor<'f, B> {
    visit: &'f mut dyn FnMut(Move) -> ControlFlow<B>,
    result: ControlFlow<B>,
}

impl<B> Visitor<'_, B> {
    #[inline(always)]
    fn each(&mut self, mv: Move) {
        if self.result.is_continue() {
            self.result = (self.visit)(mv);
        }
    }
}

impl<B> Sink for Visitor<'_, B> {
    fn piece(&mut self, _role: Role, from: u32, targets: u64) {
        piece_moves(from, targets, |mv| self.each(mv));
    }
    fn pawns(&mut self, targets: u64, delta: i32, promo: bool) {
        pawn_moves(targets, delta, promo, |mv| self.each(mv));
    }
    fn one(&mut self, mv: Move) {
        self.each(mv);
    }
    fn done(&self) -> bool {
        self.result.is_break()
    }
}

/// Generates the legal moves of `b` that `filter` admits into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Scheme, K: Sink>(s: S, b: &Board, sink: &mut K, filter: MoveFilter) {
    match b.turn {
        Color::White => gen::<S, K, true>(s, b, sink, filter),
        Color::Black => gen::<S, K, false>(s, b, sink, filter),
    }
}

#[inline(always)]
fn gen<S: Scheme, K: Sink, const WHITE: bool>(s: S, b: &Board, sink: &mut K, filter: MoveFilter) {
    let (us, them) = if WHITE {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let ours = b.colors[us as usize].0;
    let theirs = b.colors[them as usize].0;
    let occ = ours | theirs;
    let king_sq = b.kings[us as usize] as u32;
    let king_bb = bit(king_sq as usize);
    let to_mask = filter.to.0;
    let from_mask = filter.from.0;
    // The destinations the filter allows, before checks and pins.
    let allowed = to_mask
        & !ours
        & (if filter.captures { theirs } else { 0 } | if filter.quiets { !occ } else { 0 });

    let queens = b.roles[QUEEN_I].0;
    let their_diag = (b.roles[BISHOP_I].0 | queens) & theirs;
    let their_orth = (b.roles[ROOK_I].0 | queens) & theirs;

    // Kept by every move, with the pins (`Board::update_checks_and_pins`).
    let checkers = b.checkers.0;

    // The king's steps, less the squares attacked with our king lifted off the board
    // (looked up only when it has a step to take, and only from the enemy sliders that
    // can see one of its steps).
    let king_moves = filter.has(Role::King) && king_bb & from_mask != 0;
    let king_steps = if king_moves {
        king(king_sq) & allowed
    } else {
        0
    };
    if king_steps != 0 {
        let near = (
            DIAGONAL_NEAR_KING[king_sq as usize],
            ORTHOGONAL_NEAR_KING[king_sq as usize],
        );
        let danger = attacked_by(s, b, them, occ ^ king_bb, near.0, near.1);
        sink.piece(Role::King, king_sq, king_steps & !danger);
    }

    if checkers & (checkers.wrapping_sub(1)) != 0 || sink.done() {
        return; // double check: only king moves
    }

    // Where a piece other than the king may go: anywhere allowed, or, in check, onto the
    // checker or between it and the king.
    let evasion = if checkers == 0 {
        !0
    } else {
        checkers | betw(king_sq, checkers.trailing_zeros())
    };
    let target = allowed & evasion;

    let (diag_snipers, orth_snipers) = (
        their_diag & DIAGONAL_RAYS[king_sq as usize],
        their_orth & ORTHOGONAL_RAYS[king_sq as usize],
    );
    let pinned = (checks_and_pins(king_sq, diag_snipers, occ, ours).2
        | checks_and_pins(king_sq, orth_snipers, occ, ours).2)
        & ours;

    // The pieces of a role that the filter lets move.
    let movers = |role: Role| {
        if filter.has(role) {
            b.roles[role as usize].0 & ours & from_mask
        } else {
            0
        }
    };

    // Knights: a pinned knight never moves.
    let mut knights = movers(Role::Knight) & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros();
        knights &= knights - 1;
        sink.piece(Role::Knight, from, knight(from) & target);
    }

    let pinned_line = |from: u32| {
        if pinned & bit(from as usize) != 0 {
            line(sq(king_sq), sq(from)).0
        } else {
            !0
        }
    };
    let mut bishops = movers(Role::Bishop);
    while bishops != 0 {
        let from = bishops.trailing_zeros();
        bishops &= bishops - 1;
        let t = bishop(s, from, occ) & target & pinned_line(from);
        sink.piece(Role::Bishop, from, t);
    }
    if sink.done() {
        return;
    }
    let mut rooks = movers(Role::Rook);
    while rooks != 0 {
        let from = rooks.trailing_zeros();
        rooks &= rooks - 1;
        let t = rook(s, from, occ) & target & pinned_line(from);
        sink.piece(Role::Rook, from, t);
    }
    let mut our_queens = movers(Role::Queen);
    while our_queens != 0 {
        let from = our_queens.trailing_zeros();
        our_queens &= our_queens - 1;
        let t = s.queen_attacks(sq(from), Bitboard(occ)).0 & target & pinned_line(from);
        sink.piece(Role::Queen, from, t);
    }

    // Pawns. Pushes go to empty squares, captures onto enemy pieces: both are limited
    // by `to_mask` and the evasion mask, not by `allowed`, as a promotion push is a
    // class of its own and a capture never a quiet move.
    if sink.done() {
        return;
    }
    let push_target = to_mask & evasion;
    let cap_target = if filter.captures {
        theirs & push_target
    } else {
        0
    };
    let pawns = movers(Role::Pawn);
    let empty = !occ;
    let (last_rank, third_rank) = if WHITE {
        (0xffu64 << 56, 0xffu64 << 16)
    } else {
        (0xffu64, 0xffu64 << 40)
    };
    // Non-promoting pushes are quiet; promoting pushes are the quiet promotions.
    let quiet_pushes = if filter.quiets { !last_rank } else { 0 };
    let promo_pushes = if filter.promotions { last_rank } else { 0 };
    let (fwd, left, right): (i32, i32, i32) = if WHITE { (8, 7, 9) } else { (-8, -9, -7) };
    let free = pawns & !pinned;
    {
        let single = forward::<WHITE>(free, 8) & empty;
        let double = forward::<WHITE>(single & third_rank, 8) & empty & push_target & quiet_pushes;
        let single = single & push_target;
        let (cap_l, cap_r) = if WHITE {
            (
                ((free & !FILE_A) << 7) & cap_target,
                ((free & !FILE_H) << 9) & cap_target,
            )
        } else {
            (
                ((free & !FILE_A) >> 9) & cap_target,
                ((free & !FILE_H) >> 7) & cap_target,
            )
        };
        sink.pawns(single & quiet_pushes, fwd, false);
        sink.pawns(double, 2 * fwd, false);
        sink.pawns(cap_l & !last_rank, left, false);
        sink.pawns(cap_r & !last_rank, right, false);
        if (single | cap_l | cap_r) & last_rank != 0 {
            sink.pawns(single & promo_pushes, fwd, true);
            sink.pawns(cap_l & last_rank, left, true);
            sink.pawns(cap_r & last_rank, right, true);
        }
    }
    // Pinned pawns (rare): one at a time, along the pin line.
    let mut pinned_pawns = pawns & pinned;
    while pinned_pawns != 0 {
        let from = pinned_pawns.trailing_zeros();
        pinned_pawns &= pinned_pawns - 1;
        let pin_line = line(sq(king_sq), sq(from)).0;
        let p = bit(from as usize);
        let single = forward::<WHITE>(p, 8) & empty & pin_line;
        let double = forward::<WHITE>(single & third_rank, 8) & empty & push_target & quiet_pushes;
        let single = single & push_target & (quiet_pushes | promo_pushes);
        let caps = pawn(us, from) & cap_target & pin_line;
        let promo = (single | caps) & last_rank != 0;
        sink.pawns(single, fwd, promo);
        sink.pawns(double, 2 * fwd, false);
        let (cl, cr) = if WHITE {
            (caps & (p << 7) & !FILE_H, caps & (p << 9) & !FILE_A)
        } else {
            (caps & (p >> 9) & !FILE_H, caps & (p >> 7) & !FILE_A)
        };
        sink.pawns(cl, left, promo);
        sink.pawns(cr, right, promo);
    }

    if sink.done() {
        return;
    }
    // En passant: tested in full, as it removes two pieces from a line.
    if let Some(ep) = b.ep {
        if filter.captures && to_mask & bit(ep as usize) != 0 {
            let ep = ep as u32;
            let mut candidates = pawn(them, ep) & pawns;
            let captured = bit(ep as usize ^ 8);
            while candidates != 0 {
                let from = candidates.trailing_zeros();
                candidates &= candidates - 1;
                let after = (occ ^ bit(from as usize) ^ captured) | bit(ep as usize);
                let attackers = (bishop(s, king_sq, after) & their_diag)
                    | (rook(s, king_sq, after) & their_orth)
                    | (knight(king_sq) & b.roles[KNIGHT_I].0 & theirs)
                    | (pawn(us, king_sq) & b.roles[PAWN_I].0 & theirs & !captured);
                if attackers == 0 {
                    sink.one(Move::en_passant(sq(from), sq(ep)));
                }
            }
        }
    }

    // Castling (standard and Chess960): never out of or through check.
    if checkers == 0 && filter.quiets && king_moves && !sink.done() {
        let back = back_rank(us).0;
        let mut rooks = b.castling_rooks().0 & ours & back & b.roles[ROOK_I].0;
        let mut danger = None;
        if king_bb & back != 0 {
            while rooks != 0 {
                let rsq = rooks.trailing_zeros() as usize;
                rooks &= rooks - 1;
                let (kt, rt) = castling_squares(sq(king_sq), sq(rsq as u32));
                let (kt, rt) = (kt as usize, rt as usize);
                // A destination filter admits castling by the rook's square (the move's
                // `to`) or by the king's target square.
                if to_mask & (bit(rsq) | bit(kt)) == 0 {
                    continue;
                }
                let king_path = betw(king_sq, kt as u32) | bit(kt);
                let rook_path = betw(rsq as u32, rt as u32) | bit(rt);
                let must_be_empty = (king_path | rook_path) & !(king_bb | bit(rsq));
                if occ & must_be_empty != 0 {
                    continue;
                }
                // Every square the enemy attacks, with our king lifted off the board.
                let danger =
                    *danger.get_or_insert_with(|| attacked_by(s, b, them, occ ^ king_bb, !0, !0));
                if danger & king_path != 0 {
                    continue;
                }
                // The castling rook may have shielded the king's target along the rank.
                let after = occ ^ king_bb ^ bit(rsq);
                if rook(s, kt as u32, after) & their_orth != 0 {
                    continue;
                }
                sink.one(Move::castle(sq(king_sq), sq(rsq as u32)));
            }
        }
    }
}
