//! Moves, move lists and UCI notation.

use core::fmt;

use sliders_core::{File, Square};

use crate::piece::Role;

/// What a move does besides going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A quiet move or a capture.
    Normal,
    /// A pawn reaching the last rank, and the role it becomes.
    Promotion(Role),
    /// An en passant capture (the destination is the en passant square).
    EnPassant,
    /// Castling: stored as king takes own rook (the destination is the rook's square).
    Castle,
}

/// Where castling puts the king and the rook, from their squares: the g- and f-file
/// with a rook on the king's h-side, the c- and d-file with one on its a-side (standard
/// chess and Chess960 alike).
#[inline(always)]
pub(crate) fn castling_squares(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook > king {
        (Square::new(File::G, rank), Square::new(File::F, rank))
    } else {
        (Square::new(File::C, rank), Square::new(File::D, rank))
    }
}

/// A move packed in 16 bits: from, to and kind. Castling is stored as king takes rook.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_EP: u16 = 1;
const KIND_CASTLE: u16 = 2;
// 3..=6: promotion to knight, bishop, rook, queen.
const KIND_PROMO_BASE: u16 = 2;

impl Move {
    /// A quiet move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6 | KIND_NORMAL << 12)
    }

    /// A promotion to `role` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move(from as u16 | (to as u16) << 6 | (KIND_PROMO_BASE + role as u16) << 12)
    }

    /// An en passant capture to the en passant square.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6 | KIND_EP << 12)
    }

    /// Castling, as king (on `king`) takes own rook (on `rook`).
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move(king as u16 | (rook as u16) << 6 | KIND_CASTLE << 12)
    }

    /// The move with this 16-bit value ([`Move::to_u16`]): bits 0-5 from, 6-11 to,
    /// 12-15 the kind (0 normal, 1 en passant, 2 castling, 3-6 promotion to knight,
    /// bishop, rook, queen). Any value is accepted; [`Board::is_legal`](crate::Board::is_legal) tells whether it
    /// is a legal move of a position. Values 7-15 in the kind bits are never legal.
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// use sliders_movegen::Move;
    /// let mv = Move::normal(Square::E2, Square::E4);
    /// assert_eq!(Move::from_u16(mv.to_u16()), mv);
    /// ```
    #[inline(always)]
    pub const fn from_u16(value: u16) -> Move {
        Move(value)
    }

    /// The 16-bit value of this move, for transposition tables and move stacks.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub(crate) const fn from_raw(from: u32, to: u32, kind: u16) -> Move {
        Move((from & 63) as u16 | ((to & 63) as u16) << 6 | kind << 12)
    }

    /// The square the piece leaves (the king's, for castling).
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::index_wrapping((self.0 & 63) as usize)
    }

    /// The destination; for castling, the castling rook's square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::index_wrapping(((self.0 >> 6) & 63) as usize)
    }

    /// What kind of move. The kind values 7-15, which no generated move has (see
    /// [`Move::from_u16`]), read as a queen promotion; [`crate::Board::is_legal`] refuses
    /// them.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_EP => MoveKind::EnPassant,
            KIND_CASTLE => MoveKind::Castle,
            3 => MoveKind::Promotion(Role::Knight),
            4 => MoveKind::Promotion(Role::Bishop),
            5 => MoveKind::Promotion(Role::Rook),
            _ => MoveKind::Promotion(Role::Queen),
        }
    }

    /// The king's destination when this is castling (the g- or c-file square).
    pub fn castle_king_target(self) -> Option<Square> {
        (self.kind() == MoveKind::Castle).then(|| castling_squares(self.from(), self.to()).0)
    }

    /// The move in UCI notation. With `chess960` castling is written king takes rook
    /// (`e1h1`), otherwise king to its target square (`e1g1`).
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// use sliders_movegen::Move;
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(castle.uci(false).to_string(), "e1g1");
    /// assert_eq!(castle.uci(true).to_string(), "e1h1");
    /// ```
    pub fn uci(self, chess960: bool) -> Uci {
        Uci { mv: self, chess960 }
    }
}

impl Move {
    /// Reads UCI notation without a board: a normal move, or a promotion with a fifth
    /// letter. Castling and en passant look like normal moves in UCI; a board tells
    /// them apart ([`Board::resolve`](crate::Board::resolve), [`Board::parse_uci`](crate::Board::parse_uci)).
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// use sliders_movegen::{Move, MoveKind, Role};
    /// assert_eq!(Move::from_uci("e7e8n").unwrap().kind(), MoveKind::Promotion(Role::Knight));
    /// assert_eq!(Move::from_uci("g1f3").unwrap(), Move::normal(Square::G1, Square::F3));
    /// assert!(Move::from_uci("e7e8k").is_err());
    /// ```
    pub fn from_uci(text: &str) -> Result<Move, UciError> {
        let err = |reason| UciError {
            text: text.to_owned(),
            reason,
        };
        let notation = "not UCI notation (like e2e4 or e7e8q)";
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(err(notation));
        }
        let from: Square = text[0..2].parse().map_err(|_| err(notation))?;
        let to: Square = text[2..4].parse().map_err(|_| err(notation))?;
        match text.as_bytes().get(4) {
            None => Ok(Move::normal(from, to)),
            Some(&c) => match Role::from_char(c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => {
                    Ok(Move::promotion(from, to, r))
                }
                _ => Err(err("bad promotion piece (use n, b, r or q)")),
            },
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci(true))
    }
}

/// A move written in UCI notation (see [`Move::uci`]).
#[derive(Clone, Copy, Debug)]
pub struct Uci {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        let to = match mv.castle_king_target() {
            Some(target) if !self.chess960 => target,
            _ => mv.to(),
        };
        write!(f, "{}{}", mv.from(), to)?;
        if let MoveKind::Promotion(role) = mv.kind() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// A move that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError {
    /// The move as given.
    pub text: String,
    /// Why it was refused.
    pub reason: &'static str,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move `{}`: {}", self.text.escape_debug(), self.reason)
    }
}

impl std::error::Error for UciError {}

/// The most legal moves a reachable position has is 218: room for 256 on the stack.
/// Unreachable positions can have more; those spill to the heap, so no move is lost.
pub const MAX_MOVES: usize = 256;

/// A list of moves, on the stack up to [`MAX_MOVES`].
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
    /// Every move, once there are more than fit on the stack.
    spill: Vec<Move>,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends a move.
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// use sliders_movegen::{Move, MoveList};
    /// let mut list = MoveList::new();
    /// for _ in 0..300 {
    ///     list.push(Move::normal(Square::A1, Square::A2));
    /// }
    /// assert_eq!(list.len(), 300);
    /// ```
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        } else {
            self.push_spilled(mv);
        }
    }

    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, mv: Move) {
        if self.spill.is_empty() {
            self.spill.extend_from_slice(&self.moves);
        }
        self.spill.push(mv);
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        if self.spill.is_empty() {
            &self.moves[..self.len]
        } else {
            &self.spill
        }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
