//! Game status: checkmate, stalemate, insufficient material and the move-count rules
//! of one board ([`Board::outcome`]), and the [`Outcome`] of a game.

use core::fmt;

use sliders_core::{Bitboard, Color};

use crate::board::Board;
use crate::piece::Role;

/// Why a game ended, or may be ended by a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can possibly checkmate ([`Board::is_insufficient_material`]).
    InsufficientMaterial,
    /// 150 half-moves without a capture or pawn move: an automatic draw (FIDE 9.6.2).
    SeventyFiveMoves,
    /// The same position for the fifth time: an automatic draw (FIDE 9.6.1).
    FivefoldRepetition,
    /// 100 half-moves without a capture or pawn move: a draw a player may claim.
    FiftyMoves,
    /// The same position for the third time: a draw a player may claim.
    ThreefoldRepetition,
}

impl Termination {
    /// The name in snake case, as python-chess's `Termination` names it in lower case:
    /// `checkmate`, `stalemate`, `insufficient_material`, `seventyfive_moves`,
    /// `fivefold_repetition`, `fifty_moves`, `threefold_repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::SeventyFiveMoves => "seventyfive_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::ThreefoldRepetition => "threefold_repetition",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a game ended: why, and who won (`None` for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why it ended.
    pub termination: Termination,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let mated = Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// assert_eq!(mated.outcome().unwrap().result(), "1-0");
    /// ```
    pub const fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

impl Board {
    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos().play_uci_moves(["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    /// assert!(board.is_checkmate());
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert!(Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap().is_stalemate());
    /// ```
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether neither side has the material to checkmate by any series of legal
    /// moves, in python-chess's definition: both sides
    /// [`has_insufficient_material`](Board::has_insufficient_material).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert!(Board::from_fen("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1").unwrap().is_insufficient_material());
    /// assert!(!Board::from_fen("8/8/4k3/8/8/2R5/4K3/8 w - - 0 1").unwrap().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.has_insufficient_material(c))
    }

    /// Whether `color` cannot possibly checkmate, python-chess's rule: no pawn, rook or
    /// queen, and either a lone knight while the opponent has only king and queens (any
    /// other piece of theirs could block their own king into a mate), or bishops only,
    /// all bishops on the board on one square colour, and no pawn or knight anywhere;
    /// or a bare king.
    ///
    /// ```
    /// use sliders_movegen::{Board, Color};
    /// // A knight can mate a king boxed in by its own rook.
    /// let board = Board::from_fen("8/8/4k3/4r3/8/2N5/4K3/8 w - - 0 1").unwrap();
    /// assert!(!board.has_insufficient_material(Color::White));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let theirs = self.by_color(color.other());
        let role = |r: Role| self.by_role(r);
        if ours.intersects(role(Role::Pawn) | role(Role::Rook) | role(Role::Queen)) {
            return false;
        }
        if ours.intersects(role(Role::Knight)) {
            return ours.len() <= 2 && (theirs - role(Role::King) - role(Role::Queen)).is_empty();
        }
        if ours.intersects(role(Role::Bishop)) {
            let bishops = role(Role::Bishop);
            let one_colour = (bishops & DARK_SQUARES).is_empty() || bishops.is_subset(DARK_SQUARES);
            return one_colour && (role(Role::Pawn) | role(Role::Knight)).is_empty();
        }
        true
    }

    /// Whether 100 half-moves have passed without a capture or pawn move and the side
    /// to move has a legal move (a mate or stalemate ends the game first).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert!(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap().is_fifty_moves());
    /// assert!(!Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap().is_fifty_moves());
    /// ```
    pub fn is_fifty_moves(&self) -> bool {
        self.is_halfmoves(100)
    }

    /// Whether 150 half-moves have passed without a capture or pawn move and the side
    /// to move has a legal move: an automatic draw.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// assert!(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 99").unwrap().is_seventyfive_moves());
    /// ```
    pub fn is_seventyfive_moves(&self) -> bool {
        self.is_halfmoves(150)
    }

    /// At least `n` half-moves without a capture or pawn move, and a legal move left.
    fn is_halfmoves(&self, n: u32) -> bool {
        self.halfmove >= n && self.has_legal_moves()
    }

    /// How the game ends here, as far as the board alone tells (no repetitions: see
    /// [`crate::Game::outcome`]), checked in python-chess's order: checkmate,
    /// insufficient material, stalemate, the seventy-five-move rule.
    ///
    /// ```
    /// use sliders_movegen::{Board, Termination};
    /// let board = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(board.outcome().unwrap().termination, Termination::Stalemate);
    /// assert_eq!(Board::startpos().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        let draw = |termination| {
            Some(Outcome {
                termination,
                winner: None,
            })
        };
        let has_moves = self.has_legal_moves();
        if !has_moves && self.is_check() {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(self.turn.other()),
            });
        }
        if self.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
        if !has_moves {
            return draw(Termination::Stalemate);
        }
        if self.halfmove >= 150 {
            return draw(Termination::SeventyFiveMoves);
        }
        None
    }
}
