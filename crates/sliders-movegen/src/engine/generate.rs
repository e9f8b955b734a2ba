//! The counting engine's generator: every legal move of a [`Position`], handed to a
//! [`Sink`] in groups (a piece and its target set, a set of pawn targets), with the side
//! to move a const parameter.
//!
//! Per node it finds, without a slider lookup, the checkers and two pin masks: for each
//! enemy slider on one of the king's empty-board lines, the squares between it and the
//! king hold no piece (a check), or exactly one of ours (a pin: the ray from the king to
//! the slider, the slider included, goes into the diagonal or the orthogonal pin mask).
//! A piece pinned on a diagonal moves only within the diagonal mask, one pinned on a
//! line only within the orthogonal mask: the other rays of the same kind from the king
//! are parallel to every line the piece could leave its own ray by, so the union of
//! rays is as good as the piece's own ray (a pawn pinned on a line never captures, so its
//! diagonal steps never meet that mask). The squares the enemy attacks are asked only
//! when the king has a free neighbour (each such square on its own) or may castle (then
//! as one map, which the path and the neighbours share).

use sliders_core::schemes::Scheme;
use sliders_core::Color;

use crate::lookups::{
    bishop, checks_and_pins, forward, king, knight, pawn, rook, DIAGONAL_NEAR_KING, DIAGONAL_RAYS,
    ORTHOGONAL_NEAR_KING, ORTHOGONAL_RAYS,
};

use super::position::{
    back_rank, bit, side, Position, BISHOP, CASTLING, KING, KNIGHT, PAWN, QUEEN, ROOK,
};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares the enemy `pawns` attack, the side to move being White when `WHITE`
/// (enemy pawns capture towards our side of the board).
#[inline(always)]
pub(super) fn enemy_pawn_attacks<const WHITE: bool>(pawns: u64) -> u64 {
    let [west, east] = enemy_pawn_attacks_each_way::<WHITE>(pawns);
    west | east
}

/// [`enemy_pawn_attacks`] towards the a-file and towards the h-file apart (a square two
/// pawns attack is in both).
#[inline(always)]
pub(super) fn enemy_pawn_attacks_each_way<const WHITE: bool>(pawns: u64) -> [u64; 2] {
    if WHITE {
        [(pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7]
    } else {
        [(pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9]
    }
}

/// Receives the legal moves of a position, a group at a time.
pub(super) trait Sink {
    /// A piece of `ROLE` (not a pawn) on `from` moves to each square of `targets`;
    /// those in `theirs` are captures.
    fn piece<const WHITE: bool, const ROLE: usize>(
        &mut self,
        p: &Position,
        from: u32,
        targets: u64,
        theirs: u64,
    );
    /// A pawn steps one square to each of `targets` (none on the last rank).
    fn pushes<const WHITE: bool>(&mut self, p: &Position, targets: u64);
    /// A pawn steps two squares to each of `targets`.
    fn double_pushes<const WHITE: bool>(&mut self, p: &Position, targets: u64);
    /// A pawn takes on each of `targets` (none on the last rank), coming from `to -
    /// delta` (White) or `to + delta` (Black).
    fn pawn_captures<const WHITE: bool>(&mut self, p: &Position, targets: u64, delta: u32);
    /// A pawn reaches the last rank on each of `targets` from `to - delta` (White) or
    /// `to + delta` (Black), by a step or a capture: four moves each.
    fn promotions<const WHITE: bool>(&mut self, p: &Position, targets: u64, delta: u32);
    /// The pawn on `from` takes en passant on `to`.
    fn en_passant<const WHITE: bool>(&mut self, p: &Position, from: u32, to: u32);
    /// The king on `king` castles with the rook on `rook`.
    fn castle<const WHITE: bool>(&mut self, p: &Position, king: u32, rook: u32);
}

/// The colour the engine's const parameter says.
#[inline(always)]
fn color(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The enemy pieces the generator asks about, and the occupancy.
struct Enemy {
    pawns: u64,
    knights: u64,
    diagonal: u64,
    orthogonal: u64,
    king: u64,
}

impl Enemy {
    /// The squares the enemy's pawns, knights and king attack.
    #[inline(always)]
    fn leaper_attacks<const WHITE: bool>(&self) -> u64 {
        let mut att = enemy_pawn_attacks::<WHITE>(self.pawns);
        att |= king(self.king.trailing_zeros() & 63);
        let mut knights = self.knights;
        while knights != 0 {
            att |= knight(knights.trailing_zeros());
            knights &= knights - 1;
        }
        att
    }

    /// Every square the enemy attacks, with `occ` as the occupancy.
    #[inline(always)]
    fn attack_map<S: Scheme, const WHITE: bool>(&self, s: S, occ: u64) -> u64 {
        self.attack_map_from::<S, WHITE>(s, occ, !0, !0)
    }

    /// The squares the enemy attacks with its leapers and with its sliders on
    /// `diagonal_on` and `orthogonal_on` (the squares from which a slider can see the
    /// squares the caller reads; others are left out).
    #[inline(always)]
    fn attack_map_from<S: Scheme, const WHITE: bool>(
        &self,
        s: S,
        occ: u64,
        diagonal_on: u64,
        orthogonal_on: u64,
    ) -> u64 {
        let mut att = self.leaper_attacks::<WHITE>();
        let mut diagonal = self.diagonal & diagonal_on;
        while diagonal != 0 {
            att |= bishop(s, diagonal.trailing_zeros(), occ);
            diagonal &= diagonal - 1;
        }
        let mut orthogonal = self.orthogonal & orthogonal_on;
        while orthogonal != 0 {
            att |= rook(s, orthogonal.trailing_zeros(), occ);
            orthogonal &= orthogonal - 1;
        }
        att
    }
}

/// The enemy pawns and knights that give check to the king of the side `WHITE` says:
/// what the move that led to `p` hands down as `leaper_checkers` (only the piece that
/// moved can check as a pawn or a knight).
#[inline(always)]
pub(super) fn leaper_checkers<const WHITE: bool>(p: &Position) -> u64 {
    let king_sq = p.king(WHITE);
    let theirs = p.colors[side(!WHITE)];
    ((knight(king_sq) & p.roles[KNIGHT]) | (pawn(color(WHITE), king_sq) & p.roles[PAWN])) & theirs
}

/// The squares from which a knight, and a pawn, of the side `WHITE` says would give
/// check to the enemy king: a move's child gets its `leaper_checkers` from them.
#[inline(always)]
pub(super) fn checking_squares<const WHITE: bool>(p: &Position) -> (u64, u64) {
    let their_king = p.king(!WHITE);
    (knight(their_king), pawn(color(!WHITE), their_king))
}

/// Hands every legal move of `p`, `WHITE` to move, to `sink`; `leaper_checkers` are the
/// enemy pawns and knights that give check ([`leaper_checkers`]).
#[inline(always)]
pub(super) fn generate<S: Scheme, K: Sink, const WHITE: bool>(
    s: S,
    p: &Position,
    sink: &mut K,
    leaper_checkers: u64,
) {
    let ours = p.colors[side(WHITE)];
    let theirs = p.colors[side(!WHITE)];
    let occ = ours | theirs;
    let king_sq = p.king(WHITE);
    let king_bb = bit(king_sq);
    let queens = p.roles[QUEEN];
    let enemy = Enemy {
        pawns: p.roles[PAWN] & theirs,
        knights: p.roles[KNIGHT] & theirs,
        diagonal: (p.roles[BISHOP] | queens) & theirs,
        orthogonal: (p.roles[ROOK] | queens) & theirs,
        king: p.roles[KING] & theirs,
    };

    // Checkers, the squares that block a slider's check, and the pin masks.
    let mut checkers = leaper_checkers;
    let (diagonal_checkers, diagonal_blocks, pin_diagonal) = checks_and_pins(
        king_sq,
        enemy.diagonal & DIAGONAL_RAYS[king_sq as usize],
        occ,
        ours,
    );
    let (orthogonal_checkers, orthogonal_blocks, pin_orthogonal) = checks_and_pins(
        king_sq,
        enemy.orthogonal & ORTHOGONAL_RAYS[king_sq as usize],
        occ,
        ours,
    );
    checkers |= diagonal_checkers | orthogonal_checkers;
    let blocks = diagonal_blocks | orthogonal_blocks;

    // The rooks we may castle with now: not in check, a right, and the squares both
    // pieces cross empty (whether they are attacked is asked below). Standard chess
    // (king on the e-file, rooks in the corners) with constant masks; anything else
    // (Chess960) through the table.
    let mut castle_rooks = 0u64;
    let mut standard = false;
    let rights = p.castling & ours & p.roles[ROOK] & back_rank(WHITE);
    let base = if WHITE { 0 } else { 56 };
    if checkers == 0 && rights != 0 {
        let (a_rook, h_rook) = (bit(base), bit(base + 7));
        if king_sq == base + 4 && rights & !(a_rook | h_rook) == 0 {
            standard = true;
            if rights & h_rook != 0 && occ & (0x60 << base) == 0 {
                castle_rooks |= h_rook;
            }
            if rights & a_rook != 0 && occ & (0x0e << base) == 0 {
                castle_rooks |= a_rook;
            }
        } else if king_bb & back_rank(WHITE) != 0 {
            let mut rooks = rights;
            while rooks != 0 {
                let rook_sq = rooks.trailing_zeros();
                rooks &= rooks - 1;
                if CASTLING[king_sq as usize][rook_sq as usize & 7].empty & occ == 0 {
                    castle_rooks |= bit(rook_sq);
                }
            }
        }
    }

    // King steps, and castling. The squares the enemy attacks (with our king lifted
    // off the board) are asked only when the king has a free neighbour or may castle,
    // and only from the enemy sliders whose lines meet the squares read: the king's
    // steps, and in standard castling the c and g squares (Chess960's castling asks
    // for the whole map).
    let steps = king(king_sq) & !ours;
    let lifted = occ ^ king_bb;
    if castle_rooks != 0 {
        // Standard castling reads the danger of the king's steps and of the c and g
        // squares: only the enemy sliders whose lines meet those are looked up.
        let danger = if standard {
            let (c, g) = (base as usize + 2, base as usize + 6);
            enemy.attack_map_from::<S, WHITE>(
                s,
                lifted,
                DIAGONAL_NEAR_KING[king_sq as usize] | DIAGONAL_RAYS[c] | DIAGONAL_RAYS[g],
                ORTHOGONAL_NEAR_KING[king_sq as usize] | ORTHOGONAL_RAYS[c] | ORTHOGONAL_RAYS[g],
            )
        } else {
            enemy.attack_map::<S, WHITE>(s, lifted)
        };
        let safe = steps & !danger;
        if safe != 0 {
            sink.piece::<WHITE, KING>(p, king_sq, safe, theirs);
        }
        if standard {
            // The king crosses f and g, or d and c (the rook's path is empty).
            if castle_rooks & bit(base + 7) != 0 && danger & (0x60 << base) == 0 {
                sink.castle::<WHITE>(p, king_sq, base + 7);
            }
            if castle_rooks & bit(base) != 0 && danger & (0x0c << base) == 0 {
                sink.castle::<WHITE>(p, king_sq, base);
            }
        }
        while !standard && castle_rooks != 0 {
            let rook_sq = castle_rooks.trailing_zeros();
            castle_rooks &= castle_rooks - 1;
            let c = CASTLING[king_sq as usize][rook_sq as usize & 7];
            if c.king_path & danger != 0 {
                continue;
            }
            // In Chess960 a castling rook off the corner may have shielded the king's
            // target along the rank; it does not after castling.
            if bit(rook_sq) & (FILE_A | FILE_H) == 0
                && rook(s, c.king_to, lifted ^ bit(rook_sq)) & enemy.orthogonal != 0
            {
                continue;
            }
            sink.castle::<WHITE>(p, king_sq, rook_sq);
        }
    } else if steps != 0 {
        let danger = enemy.attack_map_from::<S, WHITE>(
            s,
            lifted,
            DIAGONAL_NEAR_KING[king_sq as usize],
            ORTHOGONAL_NEAR_KING[king_sq as usize],
        );
        let safe = steps & !danger;
        if safe != 0 {
            sink.piece::<WHITE, KING>(p, king_sq, safe, theirs);
        }
    }

    // Everything else: onto an empty or enemy square, and in check onto the checker or
    // between it and the king; in double check nothing.
    let target = match checkers {
        0 => !ours,
        c if c & (c - 1) == 0 => c | blocks,
        _ => return,
    };
    // Most positions have no pin: their moves are counted by a copy of the code below
    // in which the pin masks are the constant 0.
    let pawns = p.roles[PAWN] & ours;
    if pin_diagonal | pin_orthogonal == 0 {
        pieces::<S, K, WHITE, false>(s, p, sink, ours, theirs, target, 0, 0);
    } else {
        pieces::<S, K, WHITE, true>(
            s,
            p,
            sink,
            ours,
            theirs,
            target,
            pin_diagonal,
            pin_orthogonal,
        );
    }

    // En passant removes two pieces from the board at once: each capture is tested in
    // full, on the occupancy after it.
    if p.ep != 0 {
        let to = p.ep.trailing_zeros();
        let taken = bit(to ^ 8);
        let mut candidates = pawn(color(!WHITE), to) & pawns;
        while candidates != 0 {
            let from = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let after = (occ ^ bit(from) ^ taken) | p.ep;
            let attacked = (bishop(s, king_sq, after) & enemy.diagonal)
                | (rook(s, king_sq, after) & enemy.orthogonal)
                | (knight(king_sq) & enemy.knights)
                | (pawn(color(WHITE), king_sq) & enemy.pawns & !taken);
            if attacked == 0 {
                sink.en_passant::<WHITE>(p, from, to);
            }
        }
    }
}

/// The moves of every piece but the king, and of the pawns but en passant: with
/// `PINS` false the pin masks are known to be empty (and constant here).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn pieces<S: Scheme, K: Sink, const WHITE: bool, const PINS: bool>(
    s: S,
    p: &Position,
    sink: &mut K,
    ours: u64,
    theirs: u64,
    target: u64,
    pin_diagonal: u64,
    pin_orthogonal: u64,
) {
    let (pin_diagonal, pin_orthogonal) = if PINS {
        (pin_diagonal, pin_orthogonal)
    } else {
        (0, 0)
    };
    let occ = ours | theirs;
    let queens = p.roles[QUEEN];
    let pawns = p.roles[PAWN] & ours;
    let pinned = pin_diagonal | pin_orthogonal;

    let mut knights = p.roles[KNIGHT] & ours & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros();
        knights &= knights - 1;
        sink.piece::<WHITE, KNIGHT>(p, from, knight(from) & target, theirs);
    }
    sliders::<S, K, WHITE, BISHOP>(
        s,
        p,
        sink,
        ours & !pin_orthogonal,
        pin_diagonal,
        occ,
        target,
        theirs,
        pinned,
    );
    sliders::<S, K, WHITE, ROOK>(
        s,
        p,
        sink,
        ours & !pin_diagonal,
        pin_orthogonal,
        occ,
        target,
        theirs,
        pinned,
    );
    {
        let our_queens = queens & ours;
        let mut free = our_queens & !pinned;
        while free != 0 {
            let from = free.trailing_zeros();
            free &= free - 1;
            let t = (bishop(s, from, occ) | rook(s, from, occ)) & target;
            sink.piece::<WHITE, QUEEN>(p, from, t, theirs);
        }
        let mut on_diagonal = our_queens & pin_diagonal;
        while on_diagonal != 0 {
            let from = on_diagonal.trailing_zeros();
            on_diagonal &= on_diagonal - 1;
            let t = bishop(s, from, occ) & target & pin_diagonal;
            sink.piece::<WHITE, QUEEN>(p, from, t, theirs);
        }
        let mut on_line = our_queens & pin_orthogonal;
        while on_line != 0 {
            let from = on_line.trailing_zeros();
            on_line &= on_line - 1;
            let t = rook(s, from, occ) & target & pin_orthogonal;
            sink.piece::<WHITE, QUEEN>(p, from, t, theirs);
        }
    }

    // Pawns, as sets. A pawn pinned on a diagonal never steps and takes only along its
    // diagonal; one pinned on a line never takes and steps only along its file.
    let empty = !occ;
    let (last_rank, third_rank) = if WHITE {
        (0xffu64 << 56, 0xffu64 << 16)
    } else {
        (0xffu64, 0xffu64 << 40)
    };
    let steppers = pawns & !pin_diagonal;
    let single = (forward::<WHITE>(steppers & !pin_orthogonal, 8)
        | (forward::<WHITE>(steppers & pin_orthogonal, 8) & pin_orthogonal))
        & empty;
    let double = forward::<WHITE>(single & third_rank, 8) & empty & target;
    let single = single & target;
    let takers = pawns & !pin_orthogonal;
    let (free, held) = (takers & !pin_diagonal, takers & pin_diagonal);
    // Towards the a-file (delta 7 for White, 9 for Black) and towards the h-file.
    let (west, east) = if WHITE {
        (
            (((free & !FILE_A) << 7) | (((held & !FILE_A) << 7) & pin_diagonal)) & theirs & target,
            (((free & !FILE_H) << 9) | (((held & !FILE_H) << 9) & pin_diagonal)) & theirs & target,
        )
    } else {
        (
            (((free & !FILE_A) >> 9) | (((held & !FILE_A) >> 9) & pin_diagonal)) & theirs & target,
            (((free & !FILE_H) >> 7) | (((held & !FILE_H) >> 7) & pin_diagonal)) & theirs & target,
        )
    };
    let (west_delta, east_delta) = if WHITE { (7, 9) } else { (9, 7) };
    sink.pushes::<WHITE>(p, single & !last_rank);
    sink.double_pushes::<WHITE>(p, double);
    sink.pawn_captures::<WHITE>(p, west & !last_rank, west_delta);
    sink.pawn_captures::<WHITE>(p, east & !last_rank, east_delta);
    if (single | west | east) & last_rank != 0 {
        sink.promotions::<WHITE>(p, single & last_rank, 8);
        sink.promotions::<WHITE>(p, west & last_rank, west_delta);
        sink.promotions::<WHITE>(p, east & last_rank, east_delta);
    }
}

/// The moves of our bishops (`ROLE == BISHOP`) or rooks: `movers` are the ones not
/// pinned the other way; those in `pin` are pinned this way and stay within it.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn sliders<S: Scheme, K: Sink, const WHITE: bool, const ROLE: usize>(
    s: S,
    p: &Position,
    sink: &mut K,
    movers: u64,
    pin: u64,
    occ: u64,
    target: u64,
    theirs: u64,
    pinned: u64,
) {
    let attacks = |from: u32| {
        if ROLE == BISHOP {
            bishop(s, from, occ)
        } else {
            rook(s, from, occ)
        }
    };
    let ours = p.roles[ROLE] & movers;
    let mut free = ours & !pinned;
    while free != 0 {
        let from = free.trailing_zeros();
        free &= free - 1;
        sink.piece::<WHITE, ROLE>(p, from, attacks(from) & target, theirs);
    }
    let mut held = ours & pin;
    while held != 0 {
        let from = held.trailing_zeros();
        held &= held - 1;
        sink.piece::<WHITE, ROLE>(p, from, attacks(from) & target & pin, theirs);
    }
}
