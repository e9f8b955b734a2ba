//! Moves, move lists and UCI notation.

use alloc::{borrow::ToOwned, string::String};
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

/// A legal move with what a move orderer asks of it, as the generator knows it: the
/// role that moves and the role it captures (a pawn for en passant, nothing for castling
/// or a quiet move). Handed out by [`Board::for_each_legal_move`](crate::Board::for_each_legal_move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveDetail {
    /// The move.
    pub mv: Move,
    /// The role of the moving piece (the king, for castling).
    pub role: Role,
    /// The role taken, if any: [`Board::captured`](crate::Board::captured) of the move.
    pub captured: Option<Role>,
}

impl MoveDetail {
    /// The move's place in MVV-LVA order, smaller first: captures by most valuable
    /// victim, then least valuable attacker; then every other move; ties by from
    /// square, to square (the rook's square for castling) and promotion (none, then
    /// knight to queen). Distinct for distinct moves of a position, so a sort by it is
    /// a total order: the order [`Board::for_each_legal_move_mvv_lva`](crate::Board::for_each_legal_move_mvv_lva)
    /// hands moves out in without sorting.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveFilter};
    /// let board = Board::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let mut keyed = Vec::new();
    /// board.for_each_legal_move(MoveFilter::ALL, |d| keyed.push(d));
    /// keyed.sort_unstable_by_key(|d| d.mvv_lva_key());
    /// let mut ordered = Vec::new();
    /// board.for_each_legal_move_mvv_lva(MoveFilter::ALL, |d| ordered.push(d));
    /// assert_eq!(keyed, ordered);
    /// assert_eq!(ordered[0].mv.uci(false).to_string(), "e4d5");
    /// ```
    #[inline(always)]
    pub fn mvv_lva_key(&self) -> u32 {
        let class = match self.captured {
            Some(victim) => (Role::King as u32 - victim as u32) * 8 + self.role as u32,
            None => 63,
        };
        let promo = match self.mv.kind() {
            MoveKind::Promotion(r) => r as u32,
            _ => 0,
        };
        class << 20 | (self.mv.from() as u32) << 12 | (self.mv.to() as u32) << 6 | promo
    }
}

/// A move packed in 16 bits: from, to and kind. Castling is stored as king takes rook.
///
/// Held as two bytes (the 16-bit value, little-endian), not a `u16`: a move then has an
/// alignment of 1, and a list of `(u32, Move)` scores, as a move orderer sorts them, sorts
/// in fewer instructions (the standard library's sort moves the pair with a `u16` in it
/// less well): the engine-loop benchmark's alpha-beta workload takes 8.6% fewer
/// instructions this way (callgrind, 1,569 M to 1,435 M).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move([u8; 2]);

const KIND_NORMAL: u16 = 0;
const KIND_EP: u16 = 1;
const KIND_CASTLE: u16 = 2;
// 3..=6: promotion to knight, bishop, rook, queen.
const KIND_PROMO_BASE: u16 = 2;

/// [`Move::kind`] by the kind bits: one load, not a branch per kind.
const KIND_BY_CODE: [MoveKind; 16] = {
    let mut t = [MoveKind::Promotion(Role::Queen); 16];
    t[KIND_NORMAL as usize] = MoveKind::Normal;
    t[KIND_EP as usize] = MoveKind::EnPassant;
    t[KIND_CASTLE as usize] = MoveKind::Castle;
    t[(KIND_PROMO_BASE + Role::Knight as u16) as usize] = MoveKind::Promotion(Role::Knight);
    t[(KIND_PROMO_BASE + Role::Bishop as u16) as usize] = MoveKind::Promotion(Role::Bishop);
    t[(KIND_PROMO_BASE + Role::Rook as u16) as usize] = MoveKind::Promotion(Role::Rook);
    t
};

impl Move {
    /// The null move (a1 to a1, never legal): what UCI writes `0000`, and a placeholder
    /// for "no move" in a move stack or a transposition table. Its text is `0000`.
    ///
    /// ```
    /// use sliders_movegen::{Move, Uci};
    /// assert_eq!(Move::NULL.to_string(), "0000");
    /// assert_eq!("0000".parse::<Uci>().unwrap(), Uci::NULL);
    /// assert_eq!(Move::NULL.uci(false), Uci::NULL);
    /// ```
    pub const NULL: Move = Move::from_u16(0);

    /// A quiet move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::from_u16(from as u16 | (to as u16) << 6 | KIND_NORMAL << 12)
    }

    /// A promotion to `role` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move::from_u16(from as u16 | (to as u16) << 6 | (KIND_PROMO_BASE + role as u16) << 12)
    }

    /// An en passant capture to the en passant square.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::from_u16(from as u16 | (to as u16) << 6 | KIND_EP << 12)
    }

    /// Castling, as king (on `king`) takes own rook (on `rook`).
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::from_u16(king as u16 | (rook as u16) << 6 | KIND_CASTLE << 12)
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
        Move(value.to_le_bytes())
    }

    /// The 16-bit value of this move, for transposition tables and move stacks.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        u16::from_le_bytes(self.0)
    }

    #[inline(always)]
    pub(crate) const fn from_raw(from: u32, to: u32, kind: u16) -> Move {
        Move::from_u16((from & 63) as u16 | ((to & 63) as u16) << 6 | kind << 12)
    }

    /// The square the piece leaves (the king's, for castling).
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::index_wrapping((self.to_u16() & 63) as usize)
    }

    /// The destination; for castling, the castling rook's square.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::index_wrapping(((self.to_u16() >> 6) & 63) as usize)
    }

    /// What kind of move. The kind values 7-15, which no generated move has (see
    /// [`Move::from_u16`]), read as a queen promotion; [`crate::Board::is_legal`] refuses
    /// them.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        KIND_BY_CODE[(self.to_u16() >> 12) as usize]
    }

    /// Whether this is an en passant capture (the kind's one test, without
    /// [`Move::kind`]'s decoding).
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveKind};
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    /// let mv = board.parse_uci("e5d6").unwrap();
    /// assert!(mv.is_en_passant() && mv.kind() == MoveKind::EnPassant);
    /// assert!(!board.parse_uci("e5e6").unwrap().is_en_passant());
    /// ```
    #[inline(always)]
    pub fn is_en_passant(self) -> bool {
        self.to_u16() >> 12 == KIND_EP
    }

    /// The king's destination when this is castling (the g- or c-file square).
    pub fn castle_king_target(self) -> Option<Square> {
        (self.kind() == MoveKind::Castle).then(|| castling_squares(self.from(), self.to()).0)
    }

    /// The move in UCI notation. With `chess960` castling is written king takes rook
    /// (`e1h1`), otherwise king to its target square (`e1g1`).
    ///
    /// ```
    /// use sliders_movegen::{Move, Square};
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// assert_eq!(castle.uci(false).to_string(), "e1g1");
    /// assert_eq!(castle.uci(true).to_string(), "e1h1");
    /// ```
    pub fn uci(self, chess960: bool) -> Uci {
        let to = match self.castle_king_target() {
            Some(target) if !chess960 => target,
            _ => self.to(),
        };
        let promotion = match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        };
        Uci {
            from: self.from(),
            to,
            promotion,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci(true))
    }
}

/// The move in UCI notation with standard castling (king to its target square, `e1g1`),
/// as a UCI engine prints `bestmove`; [`Move::uci`] writes Chess960's king takes rook.
/// [`Move::NULL`] prints `0000`.
///
/// ```
/// use sliders_movegen::{Board, Move, Square};
/// assert_eq!(Move::castle(Square::E1, Square::H1).to_string(), "e1g1");
/// let board = Board::startpos();
/// assert_eq!(format!("bestmove {}", board.parse_uci("g1f3").unwrap()), "bestmove g1f3");
/// ```
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci(false))
    }
}

/// A move in UCI notation, read or written without a board: the two squares and the
/// promotion piece. UCI text does not say what kind of move it is (`e1g1` may castle or
/// move a rook; `e5d6` may take en passant): [`crate::Board::resolve`] finds the legal
/// move it names on a board, and [`Move::uci`] writes a move back. With serde it is its
/// text, so it round-trips exactly; [`Move`] round-trips with its kind.
///
/// ```
/// use sliders_movegen::{Board, MoveKind, Uci};
/// let uci: Uci = "e1g1".parse().unwrap();
/// assert_eq!(uci.to_string(), "e1g1");
/// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
/// let castle = board.resolve(uci).unwrap();
/// assert_eq!(castle.kind(), MoveKind::Castle);
/// assert_eq!(castle.uci(board.is_chess960()), uci);
/// assert!("e7e8k".parse::<Uci>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// The square the piece leaves (the king's, for castling).
    pub from: Square,
    /// The square it goes to: for castling the king's target (`e1g1`) or the rook's
    /// square (`e1h1`, king takes rook).
    pub to: Square,
    /// The piece a pawn promotes to.
    pub promotion: Option<Role>,
}

impl Uci {
    /// The null move, `0000` in UCI ([`Move::NULL`]'s text).
    pub const NULL: Uci = Uci {
        from: Square::A1,
        to: Square::A1,
        promotion: None,
    };
}

impl core::str::FromStr for Uci {
    type Err = UciError;

    fn from_str(text: &str) -> Result<Uci, UciError> {
        let err = |reason| UciError {
            text: text.to_owned(),
            reason,
        };
        if text == "0000" {
            return Ok(Uci::NULL);
        }
        let notation = "not UCI notation (like e2e4 or e7e8q)";
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(err(notation));
        }
        let from: Square = text[0..2].parse().map_err(|_| err(notation))?;
        let to: Square = text[2..4].parse().map_err(|_| err(notation))?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
                _ => return Err(err("bad promotion piece (use n, b, r or q)")),
            },
        };
        Ok(Uci {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Uci::NULL {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
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

impl core::error::Error for UciError {}
