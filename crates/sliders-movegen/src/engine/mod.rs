//! The counting engine: perft built for speed alone (the `perft-engine` feature).
//!
//! It counts the same trees as the general generator ([`crate::perft_with`] uses it
//! when the feature is on), but is built differently:
//!
//! - the side to move is a const parameter, so every colour test compiles away and
//!   each move knows its child's side at compile time;
//! - no move list: the generator hands each piece's target set to a sink, which makes
//!   each move and counts the child at once (or, one ply above the leaves, only counts
//!   the targets by popcount);
//! - checks and pins come from the enemy sliders on the king's empty-board lines and the
//!   between table, without a slider lookup; the enemy's attacks are asked only for the
//!   king's free neighbours and the castling path;
//! - the position is piece bitboards and castling rooks, copied and toggled (no key,
//!   no clocks, no mailbox): the role of the moving piece is known at compile time;
//! - one ply above the leaves, quiet piece moves and pawn steps that change nothing the
//!   opponent's moves depend on count the null move's leaf count, without a make
//!   (`null_count.rs`).
//!
//! Measured choices and their gains are in `docs/perft.md`.

mod generate;
mod null_count;
mod position;

use sliders_core::schemes::{Scheme, WithScheme};

use crate::board::Board;
use generate::{checking_squares, generate, leaper_checkers, Sink};
use null_count::Reuse;
use position::{bit, Position, BISHOP, KNIGHT, QUEEN, ROOK};

/// Below this many plies a subtree's count fits a `u64` whatever the position (at most
/// 218 moves a ply: 218^8 < 2^64); deeper counts go through [`crate::Board`] and `u128`.
const NARROW_DEPTH: u32 = 8;

/// Perft (bulk counted) with the counting engine and a given scheme.
///
/// ```
/// use sliders_movegen::schemes::Black;
/// use sliders_movegen::{engine, Board};
/// assert_eq!(engine::perft_with(Black, &Board::startpos(), 5), 4_865_609);
/// ```
pub fn perft_with<S: Scheme>(s: S, board: &Board, depth: u32) -> u128 {
    if depth == 0 {
        return 1;
    }
    if depth > NARROW_DEPTH {
        return board
            .legal_moves_with(s)
            .iter()
            .map(|&mv| perft_with(s, &board.after_unchecked(mv), depth - 1))
            .sum();
    }
    let (position, white) = Position::from_board(board);
    let nodes = if white {
        count::<S, true>(s, &position, depth, leaper_checkers::<true>(&position))
    } else {
        count::<S, false>(s, &position, depth, leaper_checkers::<false>(&position))
    };
    u128::from(nodes)
}

/// [`perft_with`] with the best scheme for this CPU.
///
/// ```
/// use sliders_movegen::{engine, Board};
/// assert_eq!(engine::perft(&Board::startpos(), 4), 197_281);
/// ```
pub fn perft(board: &Board, depth: u32) -> u128 {
    struct Job<'a>(&'a Board, u32);
    impl WithScheme for Job<'_> {
        type Output = u128;
        fn run<S: Scheme>(self, s: S) -> u128 {
            perft_with(s, self.0, self.1)
        }
    }
    sliders_core::schemes::dispatch(Job(board, depth))
}

/// The leaves `depth >= 1` plies below `p`, `WHITE` to move, checked by the enemy
/// pawns and knights `checks`.
fn count<S: Scheme, const WHITE: bool>(s: S, p: &Position, depth: u32, checks: u64) -> u64 {
    if depth == 1 {
        return leaves::<S, WHITE>(s, p, checks);
    }
    let (knight_checks, pawn_checks) = checking_squares::<WHITE>(p);
    let mut sink = Children {
        s,
        depth: depth - 1,
        nodes: 0,
        knight_checks,
        pawn_checks,
        reuse: if depth == 2 {
            Reuse::new::<S, WHITE>(s, p, checks)
        } else {
            Reuse::NONE
        },
    };
    generate::<S, _, WHITE>(s, p, &mut sink, checks);
    sink.nodes
}

/// The number of legal moves of `p`, `WHITE` to move, checked by the enemy pawns and
/// knights `checks`.
#[inline(never)]
fn leaves<S: Scheme, const WHITE: bool>(s: S, p: &Position, checks: u64) -> u64 {
    let mut sink = Leaves { s, nodes: 0 };
    generate::<S, _, WHITE>(s, p, &mut sink, checks);
    u64::from(sink.nodes)
}

/// Counts moves by the size of their target sets. A position has at most 218 moves, so
/// a `u32` holds the count (and adds the scheme's `u32` popcounts without widening each).
struct Leaves<S> {
    s: S,
    nodes: u32,
}

impl<S: Scheme> Leaves<S> {
    #[inline(always)]
    fn add(&mut self, targets: u64) {
        self.nodes += self.s.count(sliders_core::Bitboard(targets));
    }
}

impl<S: Scheme> Sink for Leaves<S> {
    #[inline(always)]
    fn piece<const WHITE: bool, const ROLE: usize>(
        &mut self,
        _: &Position,
        _: u32,
        t: u64,
        _: u64,
    ) {
        self.add(t);
    }
    #[inline(always)]
    fn pushes<const WHITE: bool>(&mut self, _: &Position, targets: u64) {
        self.add(targets);
    }
    #[inline(always)]
    fn double_pushes<const WHITE: bool>(&mut self, _: &Position, targets: u64) {
        self.add(targets);
    }
    #[inline(always)]
    fn pawn_captures<const WHITE: bool>(&mut self, _: &Position, targets: u64, _: u32) {
        self.add(targets);
    }
    #[inline(always)]
    fn promotions<const WHITE: bool>(&mut self, _: &Position, targets: u64, _: u32) {
        self.nodes += 4 * self.s.count(sliders_core::Bitboard(targets));
    }
    #[inline(always)]
    fn en_passant<const WHITE: bool>(&mut self, _: &Position, _: u32, _: u32) {
        self.nodes += 1;
    }
    #[inline(always)]
    fn castle<const WHITE: bool>(&mut self, _: &Position, _: u32, _: u32) {
        self.nodes += 1;
    }
}

/// Makes each move and counts the child's subtree, `depth` plies deep.
struct Children<S> {
    s: S,
    depth: u32,
    nodes: u64,
    /// Where a knight of ours, or a pawn, gives check ([`checking_squares`]).
    knight_checks: u64,
    pawn_checks: u64,
    /// One ply above the leaves, the quiet moves whose count is the null move's,
    /// corrected by the enemy pawns' captures (`null_count.rs`).
    reuse: Reuse,
}

/// The origin of a pawn move to `to` that went `delta` squares forward.
#[inline(always)]
fn origin<const WHITE: bool>(to: u32, delta: u32) -> u32 {
    if WHITE {
        to - delta
    } else {
        to + delta
    }
}

/// Hands each square of `set` to `f`.
#[inline(always)]
fn each(mut set: u64, mut f: impl FnMut(u32)) {
    while set != 0 {
        f(set.trailing_zeros());
        set &= set - 1;
    }
}

impl<S: Scheme> Children<S> {
    /// Counts the subtree below `child`, whose side to move is the other one, in check
    /// from the pawn or knight `checks` (the piece that moved, if it checks).
    #[inline(always)]
    fn child<const WHITE: bool>(&mut self, child: &Position, checks: u64) {
        let (s, depth) = (self.s, self.depth);
        self.nodes += match (WHITE, depth) {
            (true, 1) => leaves::<S, false>(s, child, checks),
            (false, 1) => leaves::<S, true>(s, child, checks),
            (true, _) => count::<S, false>(s, child, depth, checks),
            (false, _) => count::<S, true>(s, child, depth, checks),
        };
    }

    /// The opponent's count after a null move from `p` (`WHITE` to move), computed at
    /// its first use and kept.
    #[inline(always)]
    fn null_count<const WHITE: bool>(&mut self, p: &Position) -> u64 {
        if let Some(n) = self.reuse.null {
            return n;
        }
        let passed = Position { ep: 0, ..*p };
        let n = if WHITE {
            leaves::<S, false>(self.s, &passed, leaper_checkers::<false>(&passed))
        } else {
            leaves::<S, true>(self.s, &passed, leaper_checkers::<true>(&passed))
        };
        self.reuse.null = Some(n);
        n
    }

    /// Counts the moves to `reused`, which qualify for the null move's count: that count
    /// each, plus the enemy pawns' captures onto their destinations, less `lost`, those
    /// onto the squares they leave.
    #[inline(always)]
    fn add_reused<const WHITE: bool>(&mut self, p: &Position, reused: u64, lost: u64) {
        let moves = u64::from(self.s.count(sliders_core::Bitboard(reused)));
        self.nodes += moves * self.null_count::<WHITE>(p)
            + self.reuse.pawn_captures_onto::<S, WHITE>(self.s, reused)
            - lost;
    }

    /// [`Children::add_reused`] for pawn steps `delta` squares forward.
    #[inline(always)]
    fn reuse_pushes<const WHITE: bool>(&mut self, p: &Position, reused: u64, delta: u32) {
        let origins = if WHITE {
            reused >> delta
        } else {
            reused << delta
        };
        let lost = self.reuse.pawn_captures_onto::<S, WHITE>(self.s, origins);
        self.add_reused::<WHITE>(p, reused, lost);
    }

    /// The check a knight (`ROLE`) landing on `to` gives; none from other pieces.
    #[inline(always)]
    fn piece_check<const ROLE: usize>(&self, to: u32) -> u64 {
        if ROLE == KNIGHT {
            bit(to) & self.knight_checks
        } else {
            0
        }
    }
}

impl<S: Scheme> Sink for Children<S> {
    #[inline(always)]
    fn piece<const WHITE: bool, const ROLE: usize>(
        &mut self,
        p: &Position,
        from: u32,
        targets: u64,
        theirs: u64,
    ) {
        let quiet = targets & !theirs;
        let occ = p.colors[0] | p.colors[1];
        let reused = self.reuse.qualifying::<S, ROLE>(self.s, from, quiet, occ);
        if reused != 0 {
            let moves = u64::from(self.s.count(sliders_core::Bitboard(reused)));
            let lost = moves * self.reuse.pawn_captures_onto::<S, WHITE>(self.s, bit(from));
            self.add_reused::<WHITE>(p, reused, lost);
        }
        each(quiet & !reused, |to| {
            let checks = self.piece_check::<ROLE>(to);
            self.child::<WHITE>(&p.quiet::<WHITE, ROLE>(from, to), checks)
        });
        each(targets & theirs, |to| {
            let checks = self.piece_check::<ROLE>(to);
            self.child::<WHITE>(&p.capture::<WHITE, ROLE>(from, to), checks)
        });
    }
    #[inline(always)]
    fn pushes<const WHITE: bool>(&mut self, p: &Position, targets: u64) {
        let reused = self.reuse.qualifying_pushes::<WHITE, false>(targets);
        if reused != 0 {
            self.reuse_pushes::<WHITE>(p, reused, 8);
        }
        each(targets & !reused, |to| {
            let checks = bit(to) & self.pawn_checks;
            self.child::<WHITE>(&p.push::<WHITE>(origin::<WHITE>(to, 8), to), checks)
        });
    }
    #[inline(always)]
    fn double_pushes<const WHITE: bool>(&mut self, p: &Position, targets: u64) {
        let reused = self.reuse.qualifying_pushes::<WHITE, true>(targets);
        if reused != 0 {
            self.reuse_pushes::<WHITE>(p, reused, 16);
        }
        each(targets & !reused, |to| {
            let checks = bit(to) & self.pawn_checks;
            self.child::<WHITE>(&p.double_push::<WHITE>(origin::<WHITE>(to, 16), to), checks)
        });
    }
    #[inline(always)]
    fn pawn_captures<const WHITE: bool>(&mut self, p: &Position, targets: u64, delta: u32) {
        each(targets, |to| {
            let checks = bit(to) & self.pawn_checks;
            self.child::<WHITE>(
                &p.pawn_capture::<WHITE>(origin::<WHITE>(to, delta), to),
                checks,
            )
        });
    }
    #[inline(always)]
    fn promotions<const WHITE: bool>(&mut self, p: &Position, targets: u64, delta: u32) {
        each(targets, |to| {
            let from = origin::<WHITE>(to, delta);
            for role in [QUEEN, KNIGHT, ROOK, BISHOP] {
                let checks = if role == KNIGHT {
                    bit(to) & self.knight_checks
                } else {
                    0
                };
                self.child::<WHITE>(&p.promote::<WHITE>(from, to, role), checks);
            }
        });
    }
    #[inline(always)]
    fn en_passant<const WHITE: bool>(&mut self, p: &Position, from: u32, to: u32) {
        let checks = bit(to) & self.pawn_checks;
        self.child::<WHITE>(&p.en_passant::<WHITE>(from, to), checks);
    }
    #[inline(always)]
    fn castle<const WHITE: bool>(&mut self, p: &Position, king: u32, rook: u32) {
        self.child::<WHITE>(&p.castle::<WHITE>(king, rook), 0);
    }
}
