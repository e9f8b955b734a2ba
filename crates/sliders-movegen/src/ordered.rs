//! Legal moves in MVV-LVA order by construction, with no sort: the generator's move sets
//! are collected (a target set per piece, a to-set per pawn direction, the few special
//! moves), then handed out captures first, by victim from queen to pawn, then attacker
//! from pawn to king, then from and to square; then the other moves by from square, to
//! square and promotion. Every group is a set intersection walked in square order, so
//! the order falls out of the walk.
//!
//! The order is a total order, the same one a sort by
//! [`crate::MoveDetail::mvv_lva_key`] gives; a board with more pieces than a side can
//! have in chess (a lax setup) takes that sort instead.

use alloc::vec::Vec;

use sliders_core::schemes::Scheme;
use sliders_core::Color;

use crate::board::{sq, Board};
use crate::filter::MoveFilter;
use crate::movegen::{
    each_detailed, generate, AnyFilter, CapturesOnly, EveryMove, FilterKind, Sink,
};
use crate::moves::{Move, MoveDetail};
use crate::piece::Role;

/// Pieces other than pawns a side can have in chess (the king and fifteen more).
const MAX_PIECES: usize = 16;

/// Attackers that are not pawns, least valuable first.
const PIECE_ATTACKERS: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Promotion roles from knight to queen: the key's order.
const PROMOTIONS_ASCENDING: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The generator's output, as sets.
struct Collected {
    /// The target set of each piece that is not a pawn, in the order the generator
    /// hands them out; `slot[square]` is the entry of the piece on `square`, valid for
    /// the squares of `from_by_role`.
    targets: [u64; MAX_PIECES],
    slot: [u8; 64],
    len: usize,
    /// The squares of the pieces with entries, by role.
    from_by_role: [u64; 6],
    /// The pieces of the side not to move.
    theirs: u64,
    /// The capture targets of the pieces with entries, by role.
    caps_by_role: [u64; 6],
    /// Pawn moves by destination: single pushes, double pushes, captures to the left
    /// (towards the a-file) and to the right, promotions included (told by the rank).
    push: u64,
    double: u64,
    left: u64,
    right: u64,
    /// En passant destinations by side (at most one square, reached from up to two).
    ep_left: u64,
    ep_right: u64,
    /// The rooks' squares of the castling moves.
    castles: u64,
    /// More pieces than `MAX_PIECES`: the order is then made by a sort.
    overflow: bool,
}

impl Sink for Collected {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: u32, targets: u64) {
        if targets == 0 {
            return;
        }
        if self.len == MAX_PIECES {
            self.overflow = true;
            return;
        }
        self.targets[self.len] = targets;
        self.slot[from as usize] = self.len as u8;
        self.len += 1;
        self.from_by_role[role as usize] |= 1 << from;
        self.caps_by_role[role as usize] |= targets & self.theirs;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i32, _promo: bool) {
        match delta {
            8 | -8 => self.push |= targets,
            16 | -16 => self.double |= targets,
            7 | -9 => self.left |= targets,
            _ => self.right |= targets,
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        let to = 1u64 << mv.to() as u32;
        if mv.is_en_passant() {
            // Left (towards the a-file) when the destination's file is below the origin's.
            if (mv.to() as u32 & 7) < (mv.from() as u32 & 7) {
                self.ep_left |= to;
            } else {
                self.ep_right |= to;
            }
        } else {
            self.castles |= to;
        }
    }
}

/// The origins of the moves to `to` that went `delta` squares.
#[inline(always)]
fn origins(to: u64, delta: i32) -> u64 {
    if delta > 0 {
        to >> delta
    } else {
        to << -delta
    }
}

/// Hands `f` the legal moves of `b` that `filter` admits, in MVV-LVA order (the
/// module's doc): compiled for each callback, with the two filters a search asks for
/// at every node constants, as [`each_detailed`] is.
#[inline(always)]
pub(crate) fn each_ordered<S: Scheme, F: FnMut(MoveDetail)>(
    s: S,
    b: &Board,
    filter: MoveFilter,
    f: F,
) {
    if filter == MoveFilter::ALL {
        ordered_in::<S, F, EveryMove>(s, b, filter, f)
    } else if filter == MoveFilter::ALL.captures_only() {
        ordered_in::<S, F, CapturesOnly>(s, b, filter, f)
    } else {
        ordered_in::<S, F, AnyFilter>(s, b, filter, f)
    }
}

#[inline(never)]
fn ordered_in<S: Scheme, F: FnMut(MoveDetail), K: FilterKind>(
    s: S,
    b: &Board,
    filter: MoveFilter,
    f: F,
) {
    let filter = K::FILTER.unwrap_or(filter);
    let mut c = Collected {
        targets: [0; MAX_PIECES],
        slot: [0; 64],
        len: 0,
        from_by_role: [0; 6],
        theirs: b.colors[b.turn.other() as usize].0,
        caps_by_role: [0; 6],
        push: 0,
        double: 0,
        left: 0,
        right: 0,
        ep_left: 0,
        ep_right: 0,
        castles: 0,
        overflow: false,
    };
    generate(s, b, &mut c, filter);
    if c.overflow {
        return by_sort(s, b, filter, f);
    }
    match b.turn {
        Color::White => emit::<F, true>(&c, b, filter, f),
        Color::Black => emit::<F, false>(&c, b, filter, f),
    }
}

/// Hands `f` the collected moves in order: the side to move a constant, so every
/// shift by a pawn's direction is one instruction.
#[inline(always)]
fn emit<F: FnMut(MoveDetail), const WHITE: bool>(
    c: &Collected,
    b: &Board,
    filter: MoveFilter,
    mut f: F,
) {
    let theirs = c.theirs;
    let (fwd, left, right): (i32, i32, i32) = if WHITE { (8, 7, 9) } else { (-8, -9, -7) };
    let last_rank = if WHITE { 0xffu64 << 56 } else { 0xff };

    let pawn_move = |f: &mut F, from: u32, to: u32, captured: Option<Role>, ep: bool| {
        if ep {
            f(MoveDetail {
                mv: Move::en_passant(sq(from), sq(to)),
                role: Role::Pawn,
                captured,
            });
        } else if last_rank >> to & 1 != 0 {
            for promoted in PROMOTIONS_ASCENDING {
                f(MoveDetail {
                    mv: Move::promotion(sq(from), sq(to), promoted),
                    role: Role::Pawn,
                    captured,
                });
            }
        } else {
            f(MoveDetail {
                mv: Move::normal(sq(from), sq(to)),
                role: Role::Pawn,
                captured,
            });
        }
    };

    // Captures: victim, attacker, from, to (promotion last).
    let piece_caps = c.caps_by_role.iter().fold(0, |a, r| a | r);
    let pawn_caps = c.left | c.right;
    let ep = c.ep_left | c.ep_right;
    let caps = piece_caps | pawn_caps;
    // One step per victim, unrolled (the victim a constant in each).
    macro_rules! victim {
        ($victim:expr, $ep_l:expr, $ep_r:expr) => {{
            let victim: Role = $victim;
            let (ep_l, ep_r): (u64, u64) = ($ep_l, $ep_r);
            let v = theirs & b.roles[victim as usize].0;
            if (caps & v) | ep_l | ep_r != 0 {
                let (vl, vr) = ((c.left & v) | ep_l, (c.right & v) | ep_r);
                let mut froms = origins(vl, left) | origins(vr, right);
                while froms != 0 {
                    let from = froms.trailing_zeros();
                    froms &= froms - 1;
                    // The left capture's destination is the lower square for both colours.
                    let to_l = (from as i32 + left) as u32 & 63;
                    if vl >> to_l & 1 != 0 {
                        pawn_move(&mut f, from, to_l, Some(victim), ep_l >> to_l & 1 != 0);
                    }
                    let to_r = (from as i32 + right) as u32 & 63;
                    if vr >> to_r & 1 != 0 {
                        pawn_move(&mut f, from, to_r, Some(victim), ep_r >> to_r & 1 != 0);
                    }
                }
                if piece_caps & v != 0 {
                    for role in PIECE_ATTACKERS {
                        if c.caps_by_role[role as usize] & v == 0 {
                            continue;
                        }
                        let mut froms = c.from_by_role[role as usize];
                        while froms != 0 {
                            let from = froms.trailing_zeros();
                            froms &= froms - 1;
                            let mut to = c.targets[c.slot[from as usize] as usize] & v;
                            while to != 0 {
                                let t = to.trailing_zeros();
                                to &= to - 1;
                                f(MoveDetail {
                                    mv: Move::normal(sq(from), sq(t)),
                                    role,
                                    captured: Some(victim),
                                });
                            }
                        }
                    }
                }
            }
        }};
    }
    if caps | ep != 0 {
        victim!(Role::Queen, 0, 0);
        victim!(Role::Rook, 0, 0);
        victim!(Role::Bishop, 0, 0);
        victim!(Role::Knight, 0, 0);
        victim!(Role::Pawn, c.ep_left, c.ep_right);
    }

    // The other moves: from, to, promotion; castling as the king's move to its rook.
    if !filter.quiets && !filter.promotions {
        return;
    }
    let pieces = c.from_by_role.iter().fold(0, |a, r| a | r);
    let pawn_froms = origins(c.push, fwd) | origins(c.double, 2 * fwd);
    let king_sq = b.kings[b.turn as usize] as u32;
    let castle_from = if c.castles != 0 { 1u64 << king_sq } else { 0 };
    let mut froms = pieces | pawn_froms | castle_from;
    while froms != 0 {
        let from = froms.trailing_zeros();
        froms &= froms - 1;
        if pawn_froms >> from & 1 != 0 {
            // The lower destination first: the single push for White, the double for Black.
            let one = (from as i32 + fwd) as u32 & 63;
            let two = (from as i32 + 2 * fwd) as u32 & 63;
            let (lo, hi) = if WHITE {
                ((one, c.push), (two, c.double))
            } else {
                ((two, c.double), (one, c.push))
            };
            for (to, set) in [lo, hi] {
                if set >> to & 1 != 0 {
                    pawn_move(&mut f, from, to, None, false);
                }
            }
            continue;
        }
        let own = if pieces >> from & 1 != 0 {
            c.targets[c.slot[from as usize] as usize] & !theirs
        } else {
            0
        };
        // The king's square may have castling moves and no step (then no entry).
        let (role, castles) = if from == king_sq {
            (Role::King, c.castles)
        } else {
            (role_of(&c.from_by_role, from), 0)
        };
        let mut to = own | castles;
        while to != 0 {
            let t = to.trailing_zeros();
            to &= to - 1;
            let mv = if castles >> t & 1 != 0 {
                Move::castle(sq(from), sq(t))
            } else {
                Move::normal(sq(from), sq(t))
            };
            f(MoveDetail {
                mv,
                role,
                captured: None,
            });
        }
    }
}

/// The role of the piece (not the king, not a pawn) on `from`, among the collected ones.
#[inline(always)]
fn role_of(from_by_role: &[u64; 6], from: u32) -> Role {
    [Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .find(|&r| from_by_role[r as usize] >> from & 1 != 0)
        .unwrap_or(Role::Knight)
}

/// The same order by a sort: for boards with more pieces than chess allows.
#[cold]
#[inline(never)]
fn by_sort<S: Scheme, F: FnMut(MoveDetail)>(s: S, b: &Board, filter: MoveFilter, f: F) {
    let mut details = Vec::new();
    each_detailed(s, b, filter, |d| details.push(d));
    details.sort_unstable_by_key(|d| d.mvv_lva_key());
    details.into_iter().for_each(f);
}
