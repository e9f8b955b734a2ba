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

impl core::str::FromStr for Uci {
    type Err = UciError;

    fn from_str(text: &str) -> Result<Uci, UciError> {
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

impl MoveList {
    /// Keeps only the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveKind};
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.from().rank() == sliders_movegen::Rank::Second);
    /// assert_eq!(moves.len(), 16);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        if self.spill.is_empty() {
            let mut kept = 0;
            for i in 0..self.len {
                let mv = self.moves[i];
                if keep(mv) {
                    self.moves[kept] = mv;
                    kept += 1;
                }
            }
            self.len = kept;
        } else {
            self.spill.retain(|&mv| keep(mv));
        }
    }

    /// Shortens the list to its first `len` moves (no change when it is shorter).
    pub fn truncate(&mut self, len: usize) {
        if self.spill.is_empty() {
            self.len = self.len.min(len);
        } else {
            self.spill.truncate(len);
        }
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Removes and returns the last move.
    pub fn pop(&mut self) -> Option<Move> {
        if self.spill.is_empty() {
            self.len = self.len.checked_sub(1)?;
            Some(self.moves[self.len])
        } else {
            self.spill.pop()
        }
    }

    /// Removes the move at `index` and returns it, putting the last move in its place
    /// (constant time; the order changes). Panics when `index` is out of range, as
    /// `Vec::swap_remove` does.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mut moves = Board::startpos().legal_moves();
    /// let first = moves[0];
    /// assert_eq!(moves.swap_remove(0), first);
    /// assert_eq!(moves.len(), 19);
    /// ```
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let last = self.len() - 1;
        self.swap(index, last);
        self.pop().expect("the list held the move at `index`")
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::DerefMut for MoveList {
    /// The moves as a mutable slice: sort them in place for move ordering
    /// (`sort_by_key`, `sort_unstable_by_key`), swap them, rewrite them.
    ///
    /// ```
    /// use sliders_movegen::{Board, Move};
    /// let mut moves = Board::startpos().legal_moves();
    /// // Order by destination rank, far first: a move-ordering key, in place.
    /// moves.sort_by_key(|mv| std::cmp::Reverse(mv.to().rank()));
    /// assert_eq!(moves[0].to().rank(), sliders_movegen::Rank::Fourth);
    /// ```
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        if self.spill.is_empty() {
            &mut self.moves[..self.len]
        } else {
            &mut self.spill
        }
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    /// The moves by value, in order.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// let mut n = 0;
    /// for mv in board.legal_moves() {
    ///     assert!(board.is_legal(mv));
    ///     n += 1;
    /// }
    /// assert_eq!(n, 20);
    /// ```
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value ([`MoveList::into_iter`]).
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

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
