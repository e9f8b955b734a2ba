//! The counting engine's position: piece bitboards, castling rooks and an en passant
//! square, nothing else (no key, no clocks, no mailbox), so that a move is made by
//! copying 80 bytes and toggling a few bits. The side to move is not stored: the engine
//! carries it as a const parameter.

use crate::board::Board;
use crate::piece::Role;

use sliders_core::{pawn_attacks, Color, Square};

pub(super) const PAWN: usize = Role::Pawn as usize;
pub(super) const KNIGHT: usize = Role::Knight as usize;
pub(super) const BISHOP: usize = Role::Bishop as usize;
pub(super) const ROOK: usize = Role::Rook as usize;
pub(super) const QUEEN: usize = Role::Queen as usize;
pub(super) const KING: usize = Role::King as usize;

/// The index of a colour in [`Position::colors`], from the engine's const parameter.
#[inline(always)]
pub(super) const fn side(white: bool) -> usize {
    if white {
        0
    } else {
        1
    }
}

#[inline(always)]
pub(super) const fn bit(square: u32) -> u64 {
    1u64 << (square & 63)
}

/// A back rank as a set.
#[inline(always)]
pub(super) const fn back_rank(white: bool) -> u64 {
    if white {
        0xff
    } else {
        0xff << 56
    }
}

/// The en passant square `crossed` (left by a double step of `stepper`'s pawn) as a set,
/// if one of `takers` (the other side's pawns) stands beside it to take; else empty.
#[inline(always)]
fn usable_ep(crossed: u32, stepper: Color, takers: u64) -> u64 {
    let beside = pawn_attacks(stepper, Square::index_wrapping(crossed as usize)).0;
    if beside & takers != 0 {
        bit(crossed)
    } else {
        0
    }
}

/// A position as the counting engine sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    /// Pieces by role (both colours), indexed by [`Role`].
    pub roles: [u64; 6],
    /// Pieces by colour, indexed by [`Color`].
    pub colors: [u64; 2],
    /// The rooks that may still castle (standard chess and Chess960 alike).
    pub castling: u64,
    /// The en passant target square as a set, or empty; set only when a pawn of the side
    /// to move stands beside the pawn that has just made a double step.
    pub ep: u64,
}

impl Position {
    /// The engine's copy of a board, and whether White is to move.
    pub fn from_board(board: &Board) -> (Position, bool) {
        let roles = board.roles.map(|b| b.0);
        let colors = board.colors.map(|b| b.0);
        let us = board.turn;
        let ep = board.ep.map_or(0, |ep| {
            usable_ep(ep as u32, us.other(), roles[PAWN] & colors[us as usize])
        });
        let position = Position {
            roles,
            colors,
            castling: board.castling_rooks().0,
            ep,
        };
        (position, us == Color::White)
    }

    /// The square of the king of the side `white` says.
    #[inline(always)]
    pub fn king(&self, white: bool) -> u32 {
        (self.roles[KING] & self.colors[side(white)]).trailing_zeros() & 63
    }

    /// A piece of `ROLE` (not a pawn) moves from `from` to the empty square `to`.
    #[inline(always)]
    pub fn quiet<const WHITE: bool, const ROLE: usize>(&self, from: u32, to: u32) -> Position {
        let moved = bit(from) | bit(to);
        let mut p = *self;
        p.roles[ROLE] ^= moved;
        p.colors[side(WHITE)] ^= moved;
        p.after_piece_move::<WHITE, ROLE>(moved);
        p
    }

    /// A piece of `ROLE` (not a pawn) takes on `to`.
    #[inline(always)]
    pub fn capture<const WHITE: bool, const ROLE: usize>(&self, from: u32, to: u32) -> Position {
        let moved = bit(from) | bit(to);
        let mut p = *self;
        p.remove_theirs::<WHITE>(bit(to));
        p.roles[ROLE] ^= moved;
        p.colors[side(WHITE)] ^= moved;
        p.after_piece_move::<WHITE, ROLE>(moved);
        p
    }

    /// Castling rights and en passant after a piece move: a rook that moves or is
    /// taken loses its right, a king that moves loses both.
    #[inline(always)]
    fn after_piece_move<const WHITE: bool, const ROLE: usize>(&mut self, moved: u64) {
        self.castling &= !moved;
        if ROLE == KING {
            self.castling &= !back_rank(WHITE);
        }
        self.ep = 0;
    }

    /// The enemy piece on `to` leaves the board (a king is never taken).
    #[inline(always)]
    fn remove_theirs<const WHITE: bool>(&mut self, to: u64) {
        for role in &mut self.roles[..KING] {
            *role &= !to;
        }
        self.colors[side(!WHITE)] &= !to;
        self.castling &= !to;
    }

    /// A pawn steps one square from `from` to the empty square `to`.
    #[inline(always)]
    pub fn push<const WHITE: bool>(&self, from: u32, to: u32) -> Position {
        let moved = bit(from) | bit(to);
        let mut p = *self;
        p.roles[PAWN] ^= moved;
        p.colors[side(WHITE)] ^= moved;
        p.ep = 0;
        p
    }

    /// A pawn steps two squares; the square it crossed becomes the en passant square
    /// when an enemy pawn stands beside `to`.
    #[inline(always)]
    pub fn double_push<const WHITE: bool>(&self, from: u32, to: u32) -> Position {
        let mut p = self.push::<WHITE>(from, to);
        let us = if WHITE { Color::White } else { Color::Black };
        p.ep = usable_ep((from + to) / 2, us, p.roles[PAWN] & p.colors[side(!WHITE)]);
        p
    }

    /// A pawn takes on `to` (not en passant, not promoting).
    #[inline(always)]
    pub fn pawn_capture<const WHITE: bool>(&self, from: u32, to: u32) -> Position {
        let moved = bit(from) | bit(to);
        let mut p = *self;
        p.remove_theirs::<WHITE>(bit(to));
        p.roles[PAWN] ^= moved;
        p.colors[side(WHITE)] ^= moved;
        p.ep = 0;
        p
    }

    /// A pawn reaches the last rank on `to` (taking whatever is there) and becomes a
    /// piece of role `promo`.
    #[inline(always)]
    pub fn promote<const WHITE: bool>(&self, from: u32, to: u32, promo: usize) -> Position {
        let mut p = *self;
        p.remove_theirs::<WHITE>(bit(to));
        p.roles[PAWN] ^= bit(from);
        p.roles[promo] ^= bit(to);
        p.colors[side(WHITE)] ^= bit(from) | bit(to);
        p.ep = 0;
        p
    }

    /// A pawn takes en passant from `from` onto the en passant square `to`.
    #[inline(always)]
    pub fn en_passant<const WHITE: bool>(&self, from: u32, to: u32) -> Position {
        let taken = bit(to ^ 8);
        let moved = bit(from) | bit(to);
        let mut p = *self;
        p.roles[PAWN] ^= moved | taken;
        p.colors[side(WHITE)] ^= moved;
        p.colors[side(!WHITE)] ^= taken;
        p.ep = 0;
        p
    }

    /// The king on `king` castles with the rook on `rook`.
    #[inline(always)]
    pub fn castle<const WHITE: bool>(&self, king: u32, rook: u32) -> Position {
        let Castling {
            king_to, rook_to, ..
        } = CASTLING[king as usize][rook as usize & 7];
        let mut p = *self;
        // Each piece toggled on its own: in Chess960 a target may be the other piece's
        // origin, and the two toggles then cancel as they should.
        p.roles[KING] ^= bit(king) ^ bit(king_to);
        p.roles[ROOK] ^= bit(rook) ^ bit(rook_to);
        p.colors[side(WHITE)] ^= bit(king) ^ bit(king_to) ^ bit(rook) ^ bit(rook_to);
        p.castling &= !back_rank(WHITE);
        p.ep = 0;
        p
    }
}

/// What castling with one rook needs and does: where king and rook land, the squares
/// that must be empty (all those either piece crosses or lands on, but for the two
/// pieces themselves), and the squares the king crosses or lands on, which must not be
/// attacked. Standard chess and Chess960 alike.
#[derive(Clone, Copy)]
pub(super) struct Castling {
    pub king_to: u32,
    pub rook_to: u32,
    pub empty: u64,
    pub king_path: u64,
}

/// [`Castling`] for a king on the square `[king]` and a rook on the file `[rook & 7]`
/// of the same rank (entries for kings off the back ranks are never read).
pub(super) static CASTLING: [[Castling; 8]; 64] = castling_table();

const fn castling_table() -> [[Castling; 8]; 64] {
    let none = Castling {
        king_to: 0,
        rook_to: 0,
        empty: 0,
        king_path: 0,
    };
    let mut table = [[none; 8]; 64];
    let mut king = 0;
    while king < 64 {
        let rank = king & !7;
        let mut file = 0;
        while file < 8 {
            let rook = rank | file;
            // The king goes to the g-file and the rook to the f-file when the rook is
            // on the king's h-side; the c- and d-files when on its a-side (as
            // `castling_squares`).
            let (king_to, rook_to) = if rook > king {
                (rank | 6, rank | 5)
            } else {
                (rank | 2, rank | 3)
            };
            let king_path = span(king, king_to);
            let rook_path = span(rook, rook_to);
            table[king as usize][file as usize] = Castling {
                king_to,
                rook_to,
                empty: (king_path | rook_path) & !(bit(king) | bit(rook)),
                king_path,
            };
            file += 1;
        }
        king += 1;
    }
    table
}

/// The squares of one rank from `from` (excluded) to `to` (included); empty when equal.
const fn span(from: u32, to: u32) -> u64 {
    let mut set = 0;
    let mut square = from;
    while square != to {
        square = if to > square { square + 1 } else { square - 1 };
        set |= bit(square);
    }
    set
}
