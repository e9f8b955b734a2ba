//! The board: pieces as bitboards, side to move, castling rights, en passant, clocks.

use core::fmt;

use sliders::{Bitboard, File, Rank, Square};

use crate::moves::{Move, MoveKind};

/// A side: white or black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// The other side.
    ///
    /// ```
    /// use sliders_movegen::Color;
    /// assert_eq!(!Color::White, Color::Black);
    /// ```
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// This side's first rank (where its king starts).
    #[inline(always)]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.other()
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The lower-case letter of this role, as in FEN for black (`p n b r q k`).
    ///
    /// ```
    /// assert_eq!(sliders_movegen::Role::Knight.char(), 'n');
    /// ```
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a lower- or upper-case FEN letter.
    ///
    /// ```
    /// use sliders_movegen::Role;
    /// assert_eq!(Role::from_char('Q'), Some(Role::Queen));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a role of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for white.
    ///
    /// ```
    /// use sliders_movegen::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::White, role: Role::King }.char(), 'K');
    /// ```
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}

/// A chess position. Small and `Copy`: moves are made by copying ([`Board::play`]).
///
/// Castling rights are kept as the set of rook squares that may still castle, which
/// covers standard chess and Chess960 alike.
///
/// ```
/// use sliders_movegen::Board;
/// let board = Board::startpos();
/// assert_eq!(board.legal_moves().len(), 20);
/// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) roles: [u64; 6],
    pub(crate) colors: [u64; 2],
    pub(crate) turn: Color,
    pub(crate) castling: u64,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) chess960: bool,
}

impl Default for Board {
    fn default() -> Self {
        Board::startpos()
    }
}

/// The standard start position.
pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[inline(always)]
pub(crate) const fn bit(sq: usize) -> u64 {
    1u64 << (sq & 63)
}

#[inline(always)]
pub(crate) fn sq(index: u32) -> Square {
    Square::index_wrapping(index as usize)
}

pub(crate) const fn back_rank_bits(color: Color) -> u64 {
    match color {
        Color::White => 0xff,
        Color::Black => 0xff << 56,
    }
}

impl Board {
    /// The standard start position.
    ///
    /// ```
    /// assert_eq!(sliders_movegen::Board::startpos().fullmove_number(), 1);
    /// ```
    pub fn startpos() -> Board {
        Board {
            roles: [
                0x00ff_0000_0000_ff00,
                0x4200_0000_0000_0042,
                0x2400_0000_0000_0024,
                0x8100_0000_0000_0081,
                0x0800_0000_0000_0008,
                0x1000_0000_0000_0010,
            ],
            colors: [0xffff, 0xffff_0000_0000_0000],
            turn: Color::White,
            castling: 0x8100_0000_0000_0081,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            chess960: false,
        }
    }

    /// An empty board (no kings: not a legal position; a start for building one).
    pub(crate) fn empty() -> Board {
        Board {
            roles: [0; 6],
            colors: [0; 2],
            turn: Color::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            chess960: false,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of one colour's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        Bitboard(self.colors[color as usize])
    }

    /// The squares of one role's pieces, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        Bitboard(self.roles[role as usize])
    }

    /// The squares of one piece kind.
    ///
    /// ```
    /// use sliders_movegen::{Board, Color, Piece, Role};
    /// let board = Board::startpos();
    /// assert_eq!(board.pieces(Piece { color: Color::Black, role: Role::Pawn }).len(), 8);
    /// ```
    #[inline]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        Bitboard(self.roles[piece.role as usize] & self.colors[piece.color as usize])
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0] | self.colors[1])
    }

    /// The piece on a square, if any.
    ///
    /// ```
    /// use sliders::Square;
    /// use sliders_movegen::{Board, Role};
    /// assert_eq!(Board::startpos().piece_at(Square::D1).map(|p| p.role), Some(Role::Queen));
    /// assert_eq!(Board::startpos().piece_at(Square::D4), None);
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let b = bit(square.index());
        let color = if self.colors[0] & b != 0 {
            Color::White
        } else if self.colors[1] & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|&r| self.roles[r as usize] & b != 0)?;
        Some(Piece { color, role })
    }

    /// The king of `color` (every board made by this crate has exactly one per side).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        sq((self.roles[Role::King as usize] & self.colors[color as usize]).trailing_zeros())
    }

    /// The rook squares that still have castling rights (both colours).
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        Bitboard(self.castling)
    }

    /// The en passant square, as the FEN gave it or the last double push set it.
    /// After a move it is set only when an enemy pawn could capture there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether this board uses Chess960 conventions: Shredder or X-FEN file letters in
    /// its FEN, or king and rooks off their standard squares. Castling moves then print as
    /// king-takes-rook (`e1h1`) and the FEN castling field as Shredder letters.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Sets the Chess960 convention (see [`Board::is_chess960`]).
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, square: usize, piece: Piece) {
        self.roles[piece.role as usize] |= bit(square);
        self.colors[piece.color as usize] |= bit(square);
    }

    /// Plays a move in place. The move must be legal on this board (from
    /// [`Board::legal_moves`] or [`Board::parse_uci`]); another move leaves a board that
    /// may be inconsistent, though never unsafe.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mut board = Board::startpos();
    /// let mv = board.parse_uci("e2e4").unwrap();
    /// board.play_unchecked(mv);
    /// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn as usize;
        let them = us ^ 1;
        let from = mv.from().index();
        let to = mv.to().index();
        let from_bb = bit(from);
        let to_bb = bit(to);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        match mv.kind() {
            MoveKind::Castle => {
                // `to` is the rook's square: king takes rook.
                let rank_base = from & 56;
                let (king_to, rook_to) = if to > from {
                    (rank_base + 6, rank_base + 5)
                } else {
                    (rank_base + 2, rank_base + 3)
                };
                self.roles[Role::King as usize] &= !from_bb;
                self.roles[Role::Rook as usize] &= !to_bb;
                self.roles[Role::King as usize] |= bit(king_to);
                self.roles[Role::Rook as usize] |= bit(rook_to);
                self.colors[us] ^= from_bb | to_bb;
                self.colors[us] |= bit(king_to) | bit(rook_to);
                self.castling &= !back_rank_bits(self.turn);
            }
            kind => {
                let captured = self.colors[them] & to_bb != 0;
                if captured {
                    for r in &mut self.roles {
                        *r &= !to_bb;
                    }
                    self.colors[them] &= !to_bb;
                    self.halfmove = 0;
                }
                let mut role = 0;
                while role < 5 && self.roles[role] & from_bb == 0 {
                    role += 1;
                }
                self.colors[us] ^= from_bb | to_bb;
                match kind {
                    MoveKind::Normal => {
                        self.roles[role] ^= from_bb | to_bb;
                        if role == Role::Pawn as usize {
                            self.halfmove = 0;
                            if from.abs_diff(to) == 16 {
                                let ep = (from + to) / 2;
                                let their_pawns =
                                    self.roles[Role::Pawn as usize] & self.colors[them];
                                if crate::tables::PAWN[us][ep] & their_pawns != 0 {
                                    self.ep = Some(Square::index_wrapping(ep));
                                }
                            }
                        } else if role == Role::King as usize {
                            self.castling &= !back_rank_bits(self.turn);
                        }
                    }
                    MoveKind::EnPassant => {
                        self.roles[Role::Pawn as usize] ^= from_bb | to_bb;
                        let cap = bit(to ^ 8);
                        self.roles[Role::Pawn as usize] &= !cap;
                        self.colors[them] &= !cap;
                        self.halfmove = 0;
                    }
                    MoveKind::Promotion(promo) => {
                        self.roles[Role::Pawn as usize] &= !from_bb;
                        self.roles[promo as usize] |= to_bb;
                        self.halfmove = 0;
                    }
                    MoveKind::Castle => {}
                }
                self.castling &= !(from_bb | to_bb);
            }
        }
        if self.turn == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// The board after a legal move (copy-make).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// let after = board.play(board.legal_moves()[0]);
    /// assert_ne!(after, board);
    /// ```
    #[inline]
    #[must_use]
    pub fn play(&self, mv: Move) -> Board {
        let mut b = *self;
        b.play_unchecked(mv);
        b
    }

    /// Plays moves given in UCI notation, checking each; the error names the move.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos().play_uci_moves(["e2e4", "e7e5"]).unwrap();
    /// assert!(board.to_fen().starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/"));
    /// assert!(Board::startpos().play_uci_moves(["e2e5"]).is_err());
    /// ```
    pub fn play_uci_moves<I, T>(&self, moves: I) -> Result<Board, crate::UciError>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<str>,
    {
        let mut board = *self;
        for m in moves {
            let mv = board.parse_uci(m.as_ref())?;
            board.play_unchecked(mv);
        }
        Ok(board)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_fen())
    }
}

/// Draws the board with rank 8 on top and the FEN below.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::new(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "{}", self.to_fen())
    }
}
