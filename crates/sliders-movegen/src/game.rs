//! [`Game`]: a board with the history the repetition rules need.

use crate::board::{Board, IllegalMoveError};
use crate::moves::{Move, UciError};
use crate::status::{Outcome, Termination};
use alloc::{vec, vec::Vec};

/// A board, the keys of its positions (for threefold and fivefold repetition) and the
/// moves that led there, which [`Game::undo`] takes back.
///
/// A position repeats when pieces, side to move, castling rights and the en passant
/// possibility are the same (FIDE 9.2), which [`Board::hash_legal_ep`] keys. A capture,
/// a pawn move or a loss of castling rights makes every earlier position unreachable,
/// so repetitions are counted from there ([`Game::keys`]).
///
/// ```
/// use sliders_movegen::{Game, Termination};
/// let mut game = Game::default();
/// for _ in 0..2 {
///     for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         game.play_uci(mv).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.claimable_draw(), Some(Termination::ThreefoldRepetition));
/// assert_eq!(game.outcome(), None); // threefold is claimed, not automatic
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    /// Repetition keys of every position of the game, the current one last.
    keys: Vec<u64>,
    /// Where in `keys` the positions since the last irreversible move start.
    window: usize,
    /// Each earlier position, the move played from it, and `window` then.
    history: Vec<(Board, Move, usize)>,
}

impl Default for Game {
    /// A game from the standard start position.
    fn default() -> Game {
        Game::new(Board::startpos())
    }
}

impl Game {
    /// A game starting at `board`.
    pub fn new(board: Board) -> Game {
        Game {
            board,
            keys: vec![board.hash_legal_ep()],
            window: 0,
            history: Vec::new(),
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plays `mv` when it is legal in the current position; otherwise returns the error
    /// and changes nothing.
    ///
    /// ```
    /// use sliders_movegen::{Game, Move, Square};
    /// let mut game = Game::default();
    /// assert!(game.play(Move::normal(Square::E2, Square::E5)).is_err());
    /// game.play(Move::normal(Square::E2, Square::E4)).unwrap();
    /// assert_eq!(game.keys().len(), 1); // a pawn move: no earlier position can repeat
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let mut after = self.board;
        after.play(mv)?;
        self.advance(mv, after);
        Ok(())
    }

    /// Plays a legal move without checking it (one from [`Board::legal_moves`] or
    /// [`Board::parse_uci`] of the current board; another leaves the game inconsistent,
    /// though never unsafe).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.advance(mv, self.board.after_unchecked(mv));
    }

    /// Moves on to `after`, the position after one move: an irreversible move (a
    /// capture, a pawn move, lost castling rights) starts the repetition keys afresh.
    fn advance(&mut self, mv: Move, after: Board) {
        self.history.push((self.board, mv, self.window));
        if after.halfmove_clock() == 0 || after.castling_rooks() != self.board.castling_rooks() {
            self.window = self.keys.len();
        }
        self.board = after;
        self.keys.push(after.hash_legal_ep());
    }

    /// Takes back the last move and returns it; `None` at the start of the game. The
    /// board, the repetition keys and what may be claimed are as they were before it.
    ///
    /// ```
    /// use sliders_movegen::{Board, Game};
    /// let mut game = Game::default();
    /// let e4 = game.play_uci("e2e4").unwrap();
    /// game.play_uci("e7e5").unwrap();
    /// game.undo();
    /// assert_eq!(game.undo(), Some(e4));
    /// assert_eq!(*game.board(), Board::startpos());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let (board, mv, window) = self.history.pop()?;
        self.board = board;
        self.window = window;
        self.keys.pop();
        Some(mv)
    }

    /// The moves played since the game's first position, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.iter().map(|&(_, mv, _)| mv)
    }

    /// Reads a move in UCI notation, checks it and plays it.
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, UciError> {
        let mv = self.board.parse_uci(uci)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// The repetition keys ([`Board::hash_legal_ep`]) of the positions since the last
    /// irreversible move, the current one last: what a search checks its own
    /// repetitions against.
    pub fn keys(&self) -> &[u64] {
        &self.keys[self.window..]
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.board.hash_legal_ep();
        self.keys().iter().filter(|&&k| k == now).count()
    }

    /// How the game has ended, if it has, in python-chess's order: checkmate,
    /// insufficient material, stalemate, the seventy-five-move rule, fivefold
    /// repetition. Draws that must be claimed are not endings: see
    /// [`Game::claimable_draw`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.outcome().or_else(|| {
            (self.repetitions() >= 5).then_some(Outcome {
                termination: Termination::FivefoldRepetition,
                winner: None,
            })
        })
    }

    /// A draw the side to move may claim now: the fifty-move rule
    /// ([`Board::is_fifty_moves`]) or the current position on the board for the third
    /// time. (FIDE also lets a player claim by announcing a move that repeats; that is
    /// not checked here.)
    pub fn claimable_draw(&self) -> Option<Termination> {
        if self.board.is_fifty_moves() {
            Some(Termination::FiftyMoves)
        } else if self.repetitions() >= 3 {
            Some(Termination::ThreefoldRepetition)
        } else {
            None
        }
    }
}
