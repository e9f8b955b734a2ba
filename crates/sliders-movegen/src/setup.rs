//! Building a position piece by piece: [`BoardBuilder`], its validation
//! ([`SetupError`]), and the Chess960 start positions by Scharnagl number.

use core::fmt;

use sliders_core::{Bitboard, Color, File, Square};

use crate::board::{back_rank, pack_castling, Board};
use crate::piece::{Piece, Role};

/// A position being set up: place and remove pieces, set the side to move, castling
/// rights, en passant and clocks, then [`BoardBuilder::build`] validates it into a
/// [`Board`] (or [`BoardBuilder::build_lax`], which drops castling rights and an en
/// passant square the pieces do not allow, as a GUI's setup dialog would).
///
/// ```
/// use sliders_movegen::{BoardBuilder, Color, Piece, Role, Square};
/// let board = BoardBuilder::empty()
///     .piece(Square::E1, Piece { color: Color::White, role: Role::King })
///     .piece(Square::H1, Piece { color: Color::White, role: Role::Rook })
///     .piece(Square::E8, Piece { color: Color::Black, role: Role::King })
///     .castling_rook(Square::H1)
///     .turn(Color::White)
///     .build()
///     .unwrap();
/// assert_eq!(board.to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardBuilder {
    pieces: [Option<Piece>; 64],
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    chess960: bool,
}

/// Why a [`BoardBuilder`] is not a position [`Board`] can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check.
    OppositeCheck(Color),
    /// A castling right names a square without a rook of its side on its back rank, a
    /// king off its back rank, or a second rook on the same side of the king.
    CastlingRight(Square),
    /// The en passant square is not behind a pawn of the side not to move that could
    /// just have moved two squares over empty squares.
    EnPassant(Square),
    /// The fullmove number is 0 (it starts at 1).
    FullmoveNumber,
    /// A side has more material than promotions can give it: more than 16 pieces or 8
    /// pawns, or more pieces beyond the start position's (a second queen, a third rook or
    /// knight, a second bishop on one square colour) than pawns missing (shakmaty's
    /// `TOO_MUCH_MATERIAL`).
    TooMuchMaterial(Color),
    /// More than two pieces give check: no move gives three.
    TooManyCheckers,
    /// The check is one no move can give: two checkers of which neither is a slider (a
    /// double check needs a discovered one), or both on one line through the king; or,
    /// with an en passant square (the last move was that double push), a second checker
    /// or a checker that is neither the pushed pawn nor behind the square it left
    /// (python-chess's `IMPOSSIBLE_CHECK`).
    ImpossibleCheck,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::NoKing(c) => write!(f, "{} has no king", c.name()),
            SetupError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            SetupError::PawnOnBackRank(s) => write!(f, "a pawn on {s}, on the first or last rank"),
            SetupError::OppositeCheck(c) => {
                write!(f, "the side not to move ({}) is in check", c.name())
            }
            SetupError::CastlingRight(s) => write!(
                f,
                "castling right with the rook on {s}: no rook there with its king on the same back rank, or another right on that side of the king"
            ),
            SetupError::EnPassant(s) => write!(
                f,
                "en passant square {s}: no pawn could just have moved two squares past it"
            ),
            SetupError::FullmoveNumber => write!(f, "the fullmove number starts at 1"),
            SetupError::TooMuchMaterial(c) => write!(
                f,
                "{} has more material than promotions allow (more than 16 pieces or 8 pawns, or more extra pieces than missing pawns)",
                c.name()
            ),
            SetupError::TooManyCheckers => write!(f, "more than two pieces give check"),
            SetupError::ImpossibleCheck => write!(
                f,
                "the check is one no move can give (two checkers with no slider among them or both on one line through the king, or a check the double push named by the en passant square cannot have given)"
            ),
        }
    }
}

impl core::error::Error for SetupError {}

impl Default for BoardBuilder {
    fn default() -> BoardBuilder {
        BoardBuilder::empty()
    }
}

impl From<&Board> for BoardBuilder {
    /// The builder holding `board`'s position, to change it.
    fn from(board: &Board) -> BoardBuilder {
        let mut pieces = [None; 64];
        for square in Square::ALL {
            pieces[square as usize] = board.piece_at(square);
        }
        BoardBuilder {
            pieces,
            turn: board.turn(),
            castling: board.castling_rooks(),
            ep: board.ep_square(),
            halfmove: board.halfmove_clock(),
            fullmove: board.fullmove_number(),
            chess960: board.is_chess960(),
        }
    }
}

impl BoardBuilder {
    /// An empty board, white to move, no rights, clocks 0 and 1.
    pub fn empty() -> BoardBuilder {
        BoardBuilder {
            pieces: [None; 64],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            chess960: false,
        }
    }

    /// Puts `piece` on `square`, replacing what was there.
    pub fn piece(mut self, square: Square, piece: Piece) -> BoardBuilder {
        self.pieces[square as usize] = Some(piece);
        self
    }

    /// Empties `square`.
    pub fn remove(mut self, square: Square) -> BoardBuilder {
        self.pieces[square as usize] = None;
        self
    }

    /// What stands on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.pieces[square as usize]
    }

    /// Sets the side to move.
    pub fn turn(mut self, color: Color) -> BoardBuilder {
        self.turn = color;
        self
    }

    /// Adds the right to castle with the rook on `rook` (standard: a1, h1, a8, h8; in
    /// Chess960 any rook on its back rank).
    pub fn castling_rook(mut self, rook: Square) -> BoardBuilder {
        self.castling = self.castling.with(rook);
        self
    }

    /// Removes every castling right.
    pub fn no_castling(mut self) -> BoardBuilder {
        self.castling = Bitboard::EMPTY;
        self
    }

    /// Sets the en passant square (the square the double-pushed pawn passed).
    pub fn en_passant(mut self, square: Option<Square>) -> BoardBuilder {
        self.ep = square;
        self
    }

    /// Sets the half-move clock and the fullmove number.
    pub fn clocks(mut self, halfmove: u32, fullmove: u32) -> BoardBuilder {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self
    }

    /// Uses Chess960 conventions (castling written king takes rook, Shredder-FEN). Set
    /// on its own when a castling king or rook stands off the standard squares.
    pub fn chess960(mut self, chess960: bool) -> BoardBuilder {
        self.chess960 = chess960;
        self
    }

    /// The position, validated: one king a side, no pawn on a back rank, the side not
    /// to move not in check, every castling right backed by its rook and king, the en
    /// passant square behind a pawn that could just have moved two squares.
    ///
    /// ```
    /// use sliders_movegen::{Board, BoardBuilder, SetupError, Square};
    /// let start = BoardBuilder::from(&Board::startpos());
    /// assert_eq!(start.clone().build().unwrap(), Board::startpos());
    /// let no_rook = start.remove(Square::H1);
    /// assert_eq!(no_rook.clone().build(), Err(SetupError::CastlingRight(Square::H1)));
    /// // Lax: the right without its rook is dropped.
    /// assert_eq!(no_rook.build_lax().unwrap().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
    /// ```
    pub fn build(&self) -> Result<Board, SetupError> {
        self.make(false)
    }

    /// [`BoardBuilder::build`], dropping castling rights and an en passant square that
    /// the pieces do not allow instead of refusing them (shakmaty's lax castling rights),
    /// and accepting material and check patterns no game reaches
    /// ([`SetupError::TooMuchMaterial`], [`SetupError::TooManyCheckers`],
    /// [`SetupError::ImpossibleCheck`]). Kings, back-rank pawns and the side not to
    /// move's check are still validated.
    pub fn build_lax(&self) -> Result<Board, SetupError> {
        self.make(true)
    }

    fn make(&self, lax: bool) -> Result<Board, SetupError> {
        let mut board = Board::empty();
        for square in Square::ALL {
            if let Some(piece) = self.pieces[square as usize] {
                board.put(square, piece);
            }
        }
        board.turn = self.turn;
        board.halfmove = self.halfmove;
        if self.fullmove == 0 {
            return Err(SetupError::FullmoveNumber);
        }
        board.fullmove = self.fullmove;
        validate_kings_and_pawns(&board)?;
        let mut chess960 = self.chess960;
        for rook in self.castling {
            match castling_right_is_valid(&board, rook) {
                Some(standard) => {
                    board.castling = pack_castling(board.castling_rooks().with(rook).0);
                    chess960 |= !standard;
                }
                None if lax => {}
                None => return Err(SetupError::CastlingRight(rook)),
            }
        }
        board.chess960 = chess960;
        if let Some(ep) = self.ep {
            if en_passant_is_valid(&board, ep) {
                board.ep = Some(ep);
            } else if !lax {
                return Err(SetupError::EnPassant(ep));
            }
        }
        validate_check(&board)?;
        board.refresh();
        if !lax {
            validate_reachable(&board)?;
        }
        Ok(board)
    }
}

/// One king a side, no pawn on the first or last rank.
pub(crate) fn validate_kings_and_pawns(board: &Board) -> Result<(), SetupError> {
    for color in [Color::White, Color::Black] {
        match board
            .pieces(Piece {
                color,
                role: Role::King,
            })
            .len()
        {
            0 => return Err(SetupError::NoKing(color)),
            1 => {}
            _ => return Err(SetupError::TooManyKings(color)),
        }
    }
    let stray = board.by_role(Role::Pawn) & (Bitboard(0xff00_0000_0000_00ff));
    match stray.first() {
        Some(square) => Err(SetupError::PawnOnBackRank(square)),
        None => Ok(()),
    }
}

/// What a game can reach, as far as the peers check: material within what promotions
/// give, at most two checkers in a pattern a move can give, and with an en passant
/// square, a check the double push it names can have given. `board` has its checkers
/// found ([`Board::refresh`]).
pub(crate) fn validate_reachable(board: &Board) -> Result<(), SetupError> {
    for color in Color::ALL {
        let ours = board.by_color(color);
        let count = |role: Role| (board.by_role(role) & ours).len() as i32;
        let pawns = count(Role::Pawn);
        let light =
            (board.by_role(Role::Bishop) & ours & Bitboard(0x55aa_55aa_55aa_55aa)).len() as i32;
        let dark = count(Role::Bishop) - light;
        let extra = (count(Role::Queen) - 1).max(0)
            + (count(Role::Rook) - 2).max(0)
            + (count(Role::Knight) - 2).max(0)
            + (light - 1).max(0)
            + (dark - 1).max(0);
        if ours.len() > 16 || pawns > 8 || extra > 8 - pawns {
            return Err(SetupError::TooMuchMaterial(color));
        }
    }
    let checkers = board.checkers();
    if checkers.len() > 2 {
        return Err(SetupError::TooManyCheckers);
    }
    if let Some(ep) = board.ep {
        return match check_after_double_push(board, ep) {
            true => Ok(()),
            false => Err(SetupError::ImpossibleCheck),
        };
    }
    match checkers.len() {
        0 | 1 => Ok(()),
        2 => {
            let sliders = board.by_role(Role::Bishop)
                | board.by_role(Role::Rook)
                | board.by_role(Role::Queen);
            let king = board.king(board.turn());
            let mut pair = checkers.into_iter();
            let (a, b) = (pair.next(), pair.next());
            let aligned = match (a, b) {
                (Some(a), Some(b)) => sliders_core::line(a, b).contains(king),
                _ => false,
            };
            if (checkers & sliders).is_empty() || aligned {
                Err(SetupError::ImpossibleCheck)
            } else {
                Ok(())
            }
        }
        _ => Err(SetupError::TooManyCheckers),
    }
}

/// Whether the check on `board` (if any) can have been given by the double push that its
/// en passant square `ep` names, the last move: one checker, which is the pushed pawn or
/// a piece whose line to the king the pawn opened when it left its square. Put the pawn
/// back: if the king is attacked then too, the side to move was in check when the other
/// side moved. (The rule is python-chess's `IMPOSSIBLE_CHECK`, `Board.status()`.)
fn check_after_double_push(board: &Board, ep: Square) -> bool {
    let checkers = board.checkers();
    if checkers.is_empty() {
        return true;
    }
    let (pushed_to, pushed_from) = match board.turn {
        Color::White => (ep as usize - 8, ep as usize + 8),
        Color::Black => (ep as usize + 8, ep as usize - 8),
    };
    let (pushed_to, pushed_from) = (
        Square::index_wrapping(pushed_to),
        Square::index_wrapping(pushed_from),
    );
    if checkers.len() > 1 {
        return false;
    }
    if checkers.contains(pushed_to) {
        return true;
    }
    let before = board.occupied().without(pushed_to).with(pushed_from);
    let king = board.king(board.turn);
    (board.attackers_to(king, board.turn.other(), before) & before).is_empty()
}

/// The side not to move is not in check.
pub(crate) fn validate_check(board: &Board) -> Result<(), SetupError> {
    let waiting = board.turn.other();
    let king = board.pieces(Piece {
        color: waiting,
        role: Role::King,
    });
    match king.first() {
        Some(k)
            if !board
                .attackers_to(k, board.turn, board.occupied())
                .is_empty() =>
        {
            Err(SetupError::OppositeCheck(waiting))
        }
        _ => Ok(()),
    }
}

/// Whether the rook on `rook` may hold a castling right on `board` (whose rights so far
/// are in `board.castling`): its side's rook on its back rank, the king on the same
/// rank, no other right on that side of the king. `Some(standard)`: valid, and whether
/// king and rook stand where standard chess has them.
pub(crate) fn castling_right_is_valid(board: &Board, rook: Square) -> Option<bool> {
    let piece = board.piece_at(rook)?;
    let back = back_rank(piece.color);
    let king = board.pieces(Piece {
        color: piece.color,
        role: Role::King,
    });
    let k = (king & back).first()?;
    if piece.role != Role::Rook || !back.contains(rook) {
        return None;
    }
    let below_king = Bitboard((1u64 << k as u32) - 1);
    let same_side = if (rook as u8) < (k as u8) {
        below_king
    } else {
        !below_king
    };
    if board.castling_rooks().intersects(same_side & back) {
        return None;
    }
    let standard = k.file() == File::E && matches!(rook.file(), File::A | File::H);
    Some(standard)
}

/// Whether `ep` may be the en passant square: on the side to move's sixth rank (third
/// for black), with a pawn of the other side just past it and the two squares it
/// crossed empty.
pub(crate) fn en_passant_is_valid(board: &Board, ep: Square) -> bool {
    let s = ep as usize;
    let (rank, pawn_sq, from_sq) = match board.turn {
        Color::White => (5, s.wrapping_sub(8), s + 8),
        Color::Black => (2, s + 8, s.wrapping_sub(8)),
    };
    if s / 8 != rank {
        return false;
    }
    let pawn = Piece {
        color: board.turn.other(),
        role: Role::Pawn,
    };
    board.piece_at(Square::index_wrapping(pawn_sq)) == Some(pawn)
        && board.piece_at(ep).is_none()
        && board.piece_at(Square::index_wrapping(from_sq)).is_none()
}

impl Board {
    /// The Chess960 start position with Scharnagl number `number` (0 to 959; 518 is the
    /// standard start position), with every castling right and Chess960 conventions.
    /// `None` past 959.
    ///
    /// The numbering (Reinhard Scharnagl's, as the chessprogramming wiki gives it): the
    /// number's remainders by 4, 4 and 6 place the light-squared bishop, the
    /// dark-squared bishop and the queen; the quotient, 0 to 9, places the two knights
    /// on the five squares left; rook, king and rook fill the last three.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert_eq!(Board::chess960(518).unwrap(), Board::startpos());
    /// assert_eq!(Board::chess960(0).unwrap().to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// assert!(Board::chess960(960).is_none());
    /// ```
    pub fn chess960(number: u16) -> Option<Board> {
        if number >= 960 {
            return None;
        }
        let mut files: [Option<Role>; 8] = [None; 8];
        let mut n = number as usize;
        files[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        files[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        place_on_empty(&mut files, n % 6, Role::Queen);
        n /= 6;
        // The knights' places among the five empty files, by the quotient 0 to 9.
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (first, second) = KNIGHTS[n];
        // The second knight first, so the first knight's index still counts the same
        // empty files.
        place_on_empty(&mut files, second, Role::Knight);
        place_on_empty(&mut files, first, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place_on_empty(&mut files, 0, role);
        }
        let mut builder = BoardBuilder::empty().chess960(true);
        for (file, role) in files.iter().enumerate() {
            let role = role.expect("eight pieces for eight files");
            for color in [Color::White, Color::Black] {
                let rank = color.back_rank();
                let square = Square::new(File::ALL[file], rank);
                builder = builder.piece(square, Piece { color, role });
                let pawn_rank = if color == Color::White { 1 } else { 6 };
                let pawn_square = Square::index_wrapping(pawn_rank * 8 + file);
                builder = builder.piece(
                    pawn_square,
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
                if role == Role::Rook {
                    builder = builder.castling_rook(square);
                }
            }
        }
        Some(builder.build().expect("every Scharnagl position is legal"))
    }
}

/// Puts `role` on the `index`-th empty file.
fn place_on_empty(files: &mut [Option<Role>; 8], index: usize, role: Role) {
    let file = (0..8)
        .filter(|&f| files[f].is_none())
        .nth(index)
        .expect("index below the number of empty files");
    files[file] = Some(role);
}
