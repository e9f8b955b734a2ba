//! Legal move generation without make-and-test: checkers, pins and the squares the
//! enemy attacks are found once per node, and every move is legal when emitted.

use sliders::schemes::Scheme;
use sliders::{Bitboard, Square};

use crate::board::{back_rank_bits, bit, sq, Board, Role};
use crate::moves::{Move, MoveList};
use crate::tables::{between, line, KING, KNIGHT, PAWN};

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
}

/// Counts moves without making them (bulk counting). It counts with the scheme's
/// `count`, which is one POPCNT instruction on CPUs that have it even in a build for the
/// x86-64 baseline (the scheme value carries the proof; see `sliders::schemes::Popcnt`).
pub(crate) struct Counter<S>(pub u64, pub S);

impl<S: Scheme> Sink for Counter<S> {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: u32, targets: u64) {
        self.0 += self.1.count(sliders::Bitboard(targets)) as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i32, promo: bool) {
        self.0 += (self.1.count(sliders::Bitboard(targets)) as u64) << (2 * promo as u32);
    }
    #[inline(always)]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: u32, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            self.push(Move::from_raw(from, to, 0));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut targets: u64, delta: i32, promo: bool) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let from = (to as i32 - delta) as u32;
            if promo {
                // queen first: the most useful order for searches
                for kind in [6, 3, 5, 4] {
                    self.push(Move::from_raw(from, to, kind));
                }
            } else {
                self.push(Move::from_raw(from, to, 0));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

#[inline(always)]
fn rook<S: Scheme>(s: S, square: u32, occ: u64) -> u64 {
    s.rook_attacks(sq(square), Bitboard(occ)).0
}

#[inline(always)]
fn bishop<S: Scheme>(s: S, square: u32, occ: u64) -> u64 {
    s.bishop_attacks(sq(square), Bitboard(occ)).0
}

#[inline(always)]
fn shift<const WHITE: bool>(b: u64, by: u32) -> u64 {
    if WHITE {
        b << by
    } else {
        b >> by
    }
}

/// Every square attacked by the side `them`, with `occ` as the occupancy.
#[inline(always)]
fn attacked_by<S: Scheme, const WHITE_ATTACKS: bool>(
    s: S,
    b: &Board,
    them: usize,
    occ: u64,
) -> u64 {
    let theirs = b.colors[them];
    let pawns = b.roles[PAWN_I] & theirs;
    let mut att = if WHITE_ATTACKS {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    };
    let mut knights = b.roles[KNIGHT_I] & theirs;
    while knights != 0 {
        att |= KNIGHT[knights.trailing_zeros() as usize];
        knights &= knights - 1;
    }
    let queens = b.roles[QUEEN_I];
    let mut diag = (b.roles[BISHOP_I] | queens) & theirs;
    while diag != 0 {
        att |= bishop(s, diag.trailing_zeros(), occ);
        diag &= diag - 1;
    }
    let mut orth = (b.roles[ROOK_I] | queens) & theirs;
    while orth != 0 {
        att |= rook(s, orth.trailing_zeros(), occ);
        orth &= orth - 1;
    }
    let king = b.roles[KING_I] & theirs;
    att | KING[(king.trailing_zeros() & 63) as usize]
}

/// Generates every legal move of `b` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Scheme, K: Sink>(s: S, b: &Board, sink: &mut K) {
    match b.turn {
        crate::Color::White => gen::<S, K, true>(s, b, sink),
        crate::Color::Black => gen::<S, K, false>(s, b, sink),
    }
}

#[inline(always)]
fn gen<S: Scheme, K: Sink, const WHITE: bool>(s: S, b: &Board, sink: &mut K) {
    let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
    let ours = b.colors[us];
    let theirs = b.colors[them];
    let occ = ours | theirs;
    let king_bb = b.roles[KING_I] & ours;
    let king = king_bb.trailing_zeros() & 63;
    let ku = king as usize;

    let queens = b.roles[QUEEN_I];
    let their_diag = (b.roles[BISHOP_I] | queens) & theirs;
    let their_orth = (b.roles[ROOK_I] | queens) & theirs;

    let checkers = (KNIGHT[ku] & b.roles[KNIGHT_I] & theirs)
        | (PAWN[us][ku] & b.roles[PAWN_I] & theirs)
        | (bishop(s, king, occ) & their_diag)
        | (rook(s, king, occ) & their_orth);

    // Squares the king may not step on: attacks with our king lifted off the board.
    let danger = if WHITE {
        attacked_by::<S, false>(s, b, them, occ ^ king_bb)
    } else {
        attacked_by::<S, true>(s, b, them, occ ^ king_bb)
    };
    sink.piece(Role::King, king, KING[ku] & !ours & !danger);

    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check: only king moves
    }

    let target = if checkers == 0 {
        !ours
    } else {
        let c = checkers.trailing_zeros() as usize;
        checkers | between(ku, c).0
    };

    // Pins: enemy sliders that see our king through exactly one of our pieces.
    let mut pinned = 0u64;
    let mut snipers = (bishop(s, king, theirs) & their_diag) | (rook(s, king, theirs) & their_orth);
    while snipers != 0 {
        let sn = snipers.trailing_zeros() as usize;
        snipers &= snipers - 1;
        let blockers = between(ku, sn).0 & occ;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers & ours;
        }
    }

    // Knights: a pinned knight never moves.
    let mut knights = b.roles[KNIGHT_I] & ours & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros();
        knights &= knights - 1;
        sink.piece(Role::Knight, from, KNIGHT[from as usize] & target);
    }

    let pinned_line = |from: u32| {
        if pinned & bit(from as usize) != 0 {
            line(ku, from as usize).0
        } else {
            !0
        }
    };
    let mut bishops = b.roles[BISHOP_I] & ours;
    while bishops != 0 {
        let from = bishops.trailing_zeros();
        bishops &= bishops - 1;
        let t = bishop(s, from, occ) & target & pinned_line(from);
        sink.piece(Role::Bishop, from, t);
    }
    let mut rooks = b.roles[ROOK_I] & ours;
    while rooks != 0 {
        let from = rooks.trailing_zeros();
        rooks &= rooks - 1;
        let t = rook(s, from, occ) & target & pinned_line(from);
        sink.piece(Role::Rook, from, t);
    }
    let mut our_queens = queens & ours;
    while our_queens != 0 {
        let from = our_queens.trailing_zeros();
        our_queens &= our_queens - 1;
        let t = (bishop(s, from, occ) | rook(s, from, occ)) & target & pinned_line(from);
        sink.piece(Role::Queen, from, t);
    }

    // Pawns.
    let pawns = b.roles[PAWN_I] & ours;
    let empty = !occ;
    let (last_rank, third_rank) = if WHITE {
        (0xffu64 << 56, 0xffu64 << 16)
    } else {
        (0xffu64, 0xffu64 << 40)
    };
    let (fwd, left, right): (i32, i32, i32) = if WHITE { (8, 7, 9) } else { (-8, -9, -7) };
    let free = pawns & !pinned;
    {
        let single = shift::<WHITE>(free, 8) & empty;
        let double = shift::<WHITE>(single & third_rank, 8) & empty & target;
        let single = single & target;
        let (cap_l, cap_r) = if WHITE {
            (
                ((free & !FILE_A) << 7) & theirs & target,
                ((free & !FILE_H) << 9) & theirs & target,
            )
        } else {
            (
                ((free & !FILE_A) >> 9) & theirs & target,
                ((free & !FILE_H) >> 7) & theirs & target,
            )
        };
        sink.pawns(single & !last_rank, fwd, false);
        sink.pawns(double, 2 * fwd, false);
        sink.pawns(cap_l & !last_rank, left, false);
        sink.pawns(cap_r & !last_rank, right, false);
        if (single | cap_l | cap_r) & last_rank != 0 {
            sink.pawns(single & last_rank, fwd, true);
            sink.pawns(cap_l & last_rank, left, true);
            sink.pawns(cap_r & last_rank, right, true);
        }
    }
    // Pinned pawns (rare): one at a time, along the pin line.
    let mut pinned_pawns = pawns & pinned;
    while pinned_pawns != 0 {
        let from = pinned_pawns.trailing_zeros();
        pinned_pawns &= pinned_pawns - 1;
        let pin_line = line(ku, from as usize).0;
        let p = bit(from as usize);
        let single = shift::<WHITE>(p, 8) & empty;
        let double = shift::<WHITE>(single & third_rank, 8) & empty & target & pin_line;
        let single = single & target & pin_line;
        let caps = PAWN[us][from as usize] & theirs & target & pin_line;
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

    // En passant: tested in full, as it removes two pieces from a line.
    if let Some(ep) = b.ep {
        let ep = ep.index();
        let mut candidates = PAWN[them][ep] & pawns;
        let captured = bit(ep ^ 8);
        while candidates != 0 {
            let from = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let after = (occ ^ bit(from) ^ captured) | bit(ep);
            let attackers = (bishop(s, king, after) & their_diag)
                | (rook(s, king, after) & their_orth)
                | (KNIGHT[ku] & b.roles[KNIGHT_I] & theirs)
                | (PAWN[us][ku] & b.roles[PAWN_I] & theirs & !captured);
            if attackers == 0 {
                sink.one(Move::en_passant(sq(from as u32), sq(ep as u32)));
            }
        }
    }

    // Castling (standard and Chess960): never out of or through check.
    if checkers == 0 {
        let back = back_rank_bits(b.turn);
        let mut rooks = b.castling & ours & back & b.roles[ROOK_I];
        if king_bb & back != 0 {
            while rooks != 0 {
                let rsq = rooks.trailing_zeros() as usize;
                rooks &= rooks - 1;
                let base = ku & 56;
                let (kt, rt) = if rsq > ku {
                    (base + 6, base + 5)
                } else {
                    (base + 2, base + 3)
                };
                let king_path = between(ku, kt).0 | bit(kt);
                let rook_path = between(rsq, rt).0 | bit(rt);
                let must_be_empty = (king_path | rook_path) & !(king_bb | bit(rsq));
                if occ & must_be_empty != 0 || danger & king_path != 0 {
                    continue;
                }
                // The castling rook may have shielded the king's target along the rank.
                let after = occ ^ king_bb ^ bit(rsq);
                if rook(s, kt as u32, after) & their_orth != 0 {
                    continue;
                }
                sink.one(Move::castle(sq(king), sq(rsq as u32)));
            }
        }
    }
}

/// Whether the side to move is in check.
pub(crate) fn checkers<S: Scheme>(s: S, b: &Board) -> u64 {
    let us = b.turn as usize;
    let them = us ^ 1;
    let theirs = b.colors[them];
    let occ = b.colors[0] | b.colors[1];
    let king = b.roles[KING_I] & b.colors[us];
    if king == 0 {
        return 0;
    }
    let k = king.trailing_zeros();
    let queens = b.roles[QUEEN_I];
    (KNIGHT[k as usize] & b.roles[KNIGHT_I] & theirs)
        | (PAWN[us][k as usize] & b.roles[PAWN_I] & theirs)
        | (KING[k as usize] & b.roles[KING_I] & theirs)
        | (bishop(s, k, occ) & (b.roles[BISHOP_I] | queens) & theirs)
        | (rook(s, k, occ) & (b.roles[ROOK_I] | queens) & theirs)
}

impl Board {
    /// Every legal move, with the best slider scheme for this CPU.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let kiwipete = Board::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /// ).unwrap();
    /// assert_eq!(kiwipete.legal_moves().len(), 48);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        struct Job<'a>(&'a Board);
        impl sliders::schemes::WithScheme for Job<'_> {
            type Output = MoveList;
            fn run<S: Scheme>(self, s: S) -> MoveList {
                self.0.legal_moves_with(s)
            }
        }
        sliders::schemes::dispatch(Job(self))
    }

    /// Every legal move, with slider attacks from `scheme`.
    ///
    /// ```
    /// use sliders::schemes::Black;
    /// use sliders_movegen::Board;
    /// assert_eq!(Board::startpos().legal_moves_with(Black).len(), 20);
    /// ```
    #[inline]
    pub fn legal_moves_with<S: Scheme>(&self, scheme: S) -> MoveList {
        let mut list = MoveList::new();
        generate(scheme, self, &mut list);
        list
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_moves_with<S: Scheme>(&self, scheme: S) -> u64 {
        let mut c = Counter(0, scheme);
        generate(scheme, self, &mut c);
        c.0
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/q3K3 w - - 0 1").unwrap();
    /// assert_eq!(board.checkers().len(), 1);
    /// ```
    pub fn checkers(&self) -> Bitboard {
        Bitboard(checkers(sliders::schemes::Classical, self))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }
}

#[allow(dead_code)]
fn _assert_square_size() {
    let _: [(); 1] = [(); core::mem::size_of::<Option<Square>>()];
}
