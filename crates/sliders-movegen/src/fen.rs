//! Reading and writing FEN: standard, Shredder-FEN (`HAha`) and X-FEN (`KQkq` plus file
//! letters for inner rooks).

use alloc::{format, string::String, string::ToString, vec::Vec};
use core::fmt;

use sliders_core::{File, Square};

use crate::board::{back_rank, bit, pack_castling, Board};
use crate::piece::{Color, Piece, Role};
use crate::setup::{validate_check, validate_kings_and_pawns, validate_reachable, SetupError};

/// The part of a FEN that is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string has fewer than four fields.
    Missing,
    /// The piece placement (the first field); `rank` is 1..=8, or 0 for the field as a whole.
    Placement {
        /// The rank (1 to 8) that is wrong, 0 when the field as a whole is.
        rank: u8,
    },
    /// The side to move.
    SideToMove,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// The half-move clock.
    HalfmoveClock,
    /// The full-move number.
    FullmoveNumber,
    /// Something after the six fields.
    Trailing,
    /// The fields parse, but the position is impossible (kings, pawns, checks).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenField::Missing => f.write_str("fields"),
            FenField::Placement { rank: 0 } => f.write_str("piece placement"),
            FenField::Placement { rank } => write!(f, "piece placement, rank {rank}"),
            FenField::SideToMove => f.write_str("side to move"),
            FenField::Castling => f.write_str("castling"),
            FenField::EnPassant => f.write_str("en passant square"),
            FenField::HalfmoveClock => f.write_str("half-move clock"),
            FenField::FullmoveNumber => f.write_str("full-move number"),
            FenField::Trailing => f.write_str("trailing text"),
            FenField::Position => f.write_str("position"),
        }
    }
}

/// Why a FEN was refused: which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field that is wrong.
    pub field: FenField,
    /// What is wrong with it.
    pub reason: String,
    /// For [`FenField::Position`]: the typed reason, as [`crate::BoardBuilder::build`]
    /// gives it.
    pub position: Option<SetupError>,
}

impl FenError {
    fn new(field: FenField, reason: impl Into<String>) -> FenError {
        FenError {
            field,
            reason: reason.into(),
            position: None,
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN ({}): {}", self.field, self.reason)
    }
}

impl core::error::Error for FenError {}

/// Shows at most 20 characters of user text, escaped.
fn show(text: &str) -> String {
    let mut s: String = text.chars().take(20).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    format!("`{}`", s.escape_debug())
}

impl core::str::FromStr for Board {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Board, FenError> {
        Board::from_fen(s)
    }
}

impl Board {
    /// Reads a FEN: six fields, or four (the clocks then default to `0 1`). Castling may
    /// be standard (`KQkq`), Shredder-FEN (`HAha`) or X-FEN. An en passant square with no
    /// legal capture is accepted, but it must be behind a pawn that could just have made a
    /// double push. Any input gives `Ok` or an error naming the field; none panics.
    ///
    /// The position must be one a game can reach as far as the peers check
    /// ([`crate::BoardBuilder::build`]): one king a side, no pawn on a back rank, the
    /// side not to move not in check, at most two checkers in a pattern a move can give,
    /// and no more material than promotions allow. [`Board::from_fen_lax`] skips the
    /// last two, for perft suites of unreachable positions.
    ///
    /// ```
    /// use sliders_movegen::{Board, FenField, SetupError, Color};
    /// // Nine white pawns.
    /// let err = Board::from_fen("7k/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1").unwrap_err();
    /// assert_eq!(err.position, Some(SetupError::TooMuchMaterial(Color::White)));
    /// assert!(Board::from_fen_lax("7k/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1").is_ok());
    /// let b = Board::from_fen("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1").unwrap();
    /// assert_eq!(b.to_fen(), "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1");
    ///
    /// let err = Board::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    ///     .unwrap_err();
    /// assert_eq!(err.field, FenField::Placement { rank: 6 });
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        Board::parse_fen(fen, false)
    }

    /// [`Board::from_fen`] without the checks of material and of the check pattern: for
    /// positions no game reaches (perft suites of unreachable positions), which the
    /// board still plays correctly. Kings, back-rank pawns and the side not to move's
    /// check are still refused: the move generator needs them right.
    pub fn from_fen_lax(fen: &str) -> Result<Board, FenError> {
        Board::parse_fen(fen, true)
    }

    fn parse_fen(fen: &str, lax: bool) -> Result<Board, FenError> {
        let mut fields = fen.split_ascii_whitespace();
        let missing = || {
            FenError::new(
                FenField::Missing,
                "expected at least 4 fields: placement, side, castling, en passant",
            )
        };
        let placement = fields.next().ok_or_else(missing)?;
        let side = fields.next().ok_or_else(missing)?;
        let castling = fields.next().ok_or_else(missing)?;
        let ep = fields.next().ok_or_else(missing)?;
        let halfmove = fields.next();
        let fullmove = fields.next();
        if let Some(extra) = fields.next() {
            return Err(FenError::new(
                FenField::Trailing,
                format!("unexpected {} after the six fields", show(extra)),
            ));
        }

        let mut board = Board::empty();
        parse_placement(&mut board, placement)?;
        board.turn = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::new(
                    FenField::SideToMove,
                    format!("expected `w` or `b`, got {}", show(other)),
                ))
            }
        };
        validate_kings_and_pawns(&board).map_err(position_error)?;
        parse_castling(&mut board, castling)?;
        parse_ep(&mut board, ep)?;
        if let Some(h) = halfmove {
            board.halfmove = parse_number(h, FenField::HalfmoveClock)?;
        }
        if let Some(f) = fullmove {
            board.fullmove = parse_number(f, FenField::FullmoveNumber)?;
        }

        // The side not to move must not be in check.
        validate_check(&board).map_err(position_error)?;
        board.refresh();
        if !lax {
            validate_reachable(&board).map_err(position_error)?;
        }
        Ok(board)
    }

    /// Writes the position as FEN. Castling is `KQkq` style (X-FEN file letters for an
    /// inner rook), or Shredder-FEN letters on a Chess960 board ([`Board::is_chess960`]).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::index_wrapping(rank * 8 + file)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(match self.turn {
            Color::White => " w ",
            Color::Black => " b ",
        });
        let castling = self.castling_string();
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        match self.ep {
            Some(ep) => out.push_str(&format!(" {ep}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    fn castling_string(&self) -> String {
        let mut s = String::new();
        for color in [Color::White, Color::Black] {
            let ours = self.colors[color as usize].0;
            let back = back_rank(color).0;
            let king = self.king(color).index();
            let rooks = self.roles[Role::Rook as usize].0 & ours & back;
            // king side first, then queen side
            let mut rights: Vec<usize> = (0..64)
                .filter(|&i| self.castling_rooks().0 & ours & back & bit(i) != 0)
                .collect();
            rights.sort_by_key(|&i| core::cmp::Reverse(i));
            for r in rights {
                let file = File::index_wrapping(r & 7).to_char();
                let c = if self.chess960 {
                    file
                } else if r > king && rooks & !((bit(r) << 1).wrapping_sub(1)) == 0 {
                    'k'
                } else if r < king && rooks & (bit(r) - 1) == 0 {
                    'q'
                } else {
                    file
                };
                s.push(match color {
                    Color::White => c.to_ascii_uppercase(),
                    Color::Black => c,
                });
            }
        }
        s
    }
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::new(
            FenField::Placement { rank: 0 },
            format!("expected 8 ranks separated by `/`, got {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let field = FenField::Placement {
            rank: rank as u8 + 1,
        };
        let mut file = 0usize;
        let mut last_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::new(
                        field,
                        format!("bad empty-square count `{c}`"),
                    ));
                }
                if last_digit {
                    return Err(FenError::new(field, "two digits in a row"));
                }
                last_digit = true;
                file += d as usize;
            } else if let Some(role) = Role::from_char(c) {
                last_digit = false;
                if file >= 8 {
                    return Err(FenError::new(field, "more than 8 squares"));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(
                    Square::index_wrapping(rank * 8 + file),
                    Piece { color, role },
                );
                file += 1;
            } else {
                return Err(FenError::new(
                    field,
                    format!("unexpected character `{}`", c.escape_debug()),
                ));
            }
            if file > 8 {
                return Err(FenError::new(field, "more than 8 squares"));
            }
        }
        if file < 8 {
            return Err(FenError::new(
                field,
                format!("only {file} squares, expected 8"),
            ));
        }
    }
    Ok(())
}

/// A position that no board can hold, as a FEN error.
fn position_error(err: SetupError) -> FenError {
    FenError {
        position: Some(err),
        ..FenError::new(FenField::Position, err.to_string())
    }
}

fn parse_castling(board: &mut Board, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let err = |reason: String| FenError::new(FenField::Castling, reason);
    let mut chess960 = false;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = back_rank(color).0;
        let ours = board.colors[color as usize].0;
        let rooks = board.roles[Role::Rook as usize].0 & ours & back;
        let king = board.roles[Role::King as usize].0 & ours;
        if king & back == 0 {
            return Err(err(format!("`{c}`: the king is not on its first rank")));
        }
        let k = king.trailing_zeros() as usize;
        let rook = match c.to_ascii_lowercase() {
            'k' => {
                let above = rooks & !(bit(k) | (bit(k) - 1));
                if above == 0 {
                    return Err(err(format!("`{c}`: no rook on the king's h-side")));
                }
                63 - above.leading_zeros() as usize
            }
            'q' => {
                let below = rooks & (bit(k) - 1);
                if below == 0 {
                    return Err(err(format!("`{c}`: no rook on the king's a-side")));
                }
                below.trailing_zeros() as usize
            }
            f @ 'a'..='h' => {
                chess960 = true;
                let sq = (k & 56) + (f as usize - 'a' as usize);
                if rooks & bit(sq) == 0 {
                    return Err(err(format!(
                        "`{c}`: no {} rook on {}",
                        color.name(),
                        Square::index_wrapping(sq)
                    )));
                }
                sq
            }
            _ => {
                return Err(err(format!(
                    "unexpected character `{}` (use `-`, KQkq or file letters)",
                    c.escape_debug()
                )))
            }
        };
        if board.castling_rooks().0 & bit(rook) != 0 {
            return Err(err(format!("`{c}` repeats a castling right")));
        }
        let same_side =
            board.castling_rooks().0 & back & if rook > k { !(bit(k) - 1) } else { bit(k) - 1 };
        if same_side != 0 {
            return Err(err(format!(
                "`{c}`: two castling rooks on the same side of the king"
            )));
        }
        board.castling = pack_castling(board.castling_rooks().0 | bit(rook));
        // Off the standard squares, castling follows Chess960 rules and notation.
        if k & 7 != 4 || (rook & 7 != 0 && rook & 7 != 7) {
            chess960 = true;
        }
    }
    board.chess960 = chess960;
    Ok(())
}

fn parse_ep(board: &mut Board, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let err = |reason: String| FenError::new(FenField::EnPassant, reason);
    let square: Square = text
        .parse()
        .map_err(|_| err(format!("expected `-` or a square, got {}", show(text))))?;
    let s = square.index();
    let (rank, pawn_sq, from_sq) = match board.turn {
        Color::White => (5, s.wrapping_sub(8), s + 8),
        Color::Black => (2, s + 8, s.wrapping_sub(8)),
    };
    if s / 8 != rank {
        return Err(err(format!(
            "{square} is not on rank {} (the side to move is {})",
            rank + 1,
            board.turn.name()
        )));
    }
    let them = board.turn.other() as usize;
    if (board.roles[Role::Pawn as usize] & board.colors[them]).0 & bit(pawn_sq) == 0 {
        return Err(err(format!(
            "{square}: no pawn on {} that could just have moved two squares",
            Square::index_wrapping(pawn_sq)
        )));
    }
    let occ = board.occupied().0;
    if occ & (bit(s) | bit(from_sq)) != 0 {
        return Err(err(format!(
            "{square}: the squares the pawn passed are not empty"
        )));
    }
    board.ep = Some(square);
    Ok(())
}

fn parse_number(text: &str, field: FenField) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(
            field,
            format!("expected a number, got {}", show(text)),
        ));
    }
    text.parse()
        .map_err(|_| FenError::new(field, format!("number too large: {}", show(text))))
}
