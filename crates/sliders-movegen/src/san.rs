//! Standard algebraic notation (SAN): written as python-chess and PGN write it, read
//! leniently as real PGN files contain it.

use alloc::{borrow::ToOwned, string::String, string::ToString, vec::Vec};
use core::fmt;

use sliders_core::{File, Rank, Square};

use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;

/// A SAN move that could not be read, or matches no legal move or several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    /// The move as given.
    pub text: String,
    /// Why it was refused.
    pub reason: &'static str,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move `{}`: {}", self.text.escape_debug(), self.reason)
    }
}

impl core::error::Error for SanError {}

impl Board {
    /// The move in SAN, with `+` for check and `#` for mate: `Nf3`, `exd5`, `e8=Q+`,
    /// `O-O` (also in Chess960), `Rad1` and `N5xe4` where two pieces could go.
    /// The move must be legal here.
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(board.san(board.parse_uci("e1c1").unwrap()), "O-O-O");
    /// assert_eq!(board.san(board.parse_uci("a1a8").unwrap()), "Rxa8+");
    /// let rooks = Board::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    /// assert_eq!(rooks.san(rooks.parse_uci("a1d1").unwrap()), "Rad1");
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut out = self.san_without_suffix(mv);
        let after = self.after_unchecked(mv);
        if after.is_check() {
            out.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        out
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let (from, to) = (mv.from(), mv.to());
        if mv.kind() == MoveKind::Castle {
            return if to > from { "O-O" } else { "O-O-O" }.to_owned();
        }
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        let capture = self.captured(mv).is_some();
        let mut out = String::with_capacity(8);
        if role == Role::Pawn {
            if capture {
                out.push(from.file().to_char());
            }
        } else {
            out.push(role.upper_char());
            // The other pieces of this role that may also go to `to`.
            let rivals: Vec<Square> = self
                .legal_moves_to(to.into())
                .iter()
                .filter(|m| m.from() != from && m.kind() != MoveKind::Castle)
                .filter(|m| self.role_at(m.from()) == Some(role))
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|s| s.file() == from.file());
                let same_rank = rivals.iter().any(|s| s.rank() == from.rank());
                if !same_file {
                    out.push(from.file().to_char());
                } else if !same_rank {
                    out.push(from.rank().to_char());
                } else {
                    out.push_str(&from.to_string());
                }
            }
        }
        if capture {
            out.push('x');
        }
        out.push_str(&to.to_string());
        if let MoveKind::Promotion(promo) = mv.kind() {
            out.push('=');
            out.push(promo.upper_char());
        }
        out
    }

    /// Reads a move in SAN and finds the legal move it names. Lenient as PGN readers
    /// must be: the check and mate marks and annotations (`+ # ! ?`) may be missing or
    /// wrong, castling may be written with zeros (`0-0`), a promotion without `=`
    /// (`e8Q`), a capture without `x`, and a piece's square in full (`Ng1f3`, `Ng1-f3`).
    ///
    /// ```
    /// use sliders_movegen::Board;
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_san("Nf3").unwrap(), board.parse_uci("g1f3").unwrap());
    /// assert_eq!(board.parse_san("e4!?").unwrap(), board.parse_uci("e2e4").unwrap());
    /// assert_eq!(board.parse_san("Nd2").unwrap_err().reason, "no legal move matches");
    /// // A pawn capture names its file: `d5` is not `exd5`.
    /// let open = Board::startpos().play_uci_moves(["e2e4", "d7d5"]).unwrap();
    /// assert!(open.parse_san("d5").is_err());
    /// assert_eq!(open.parse_san("ed5").unwrap(), open.parse_uci("e4d5").unwrap());
    /// let promo = Board::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    /// assert_eq!(promo.parse_san("e8Q").unwrap(), promo.parse_san("e8=Q+").unwrap());
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let err = |reason| SanError {
            text: text.to_owned(),
            reason,
        };
        let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if !core.is_ascii() || core.is_empty() {
            return Err(err("not SAN (like e4, Nf3, exd5, O-O or e8=Q)"));
        }
        let castle_side = match core {
            "O-O" | "0-0" | "o-o" => Some(true),
            "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
            _ => None,
        };
        if let Some(h_side) = castle_side {
            return self
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Castle && (m.to() > m.from()) == h_side)
                .ok_or_else(|| err("castling is not legal here"));
        }
        let pattern = SanPattern::parse(core)
            .ok_or_else(|| err("not SAN (like e4, Nf3, exd5, O-O or e8=Q)"))?;
        let mut found = None;
        for &mv in self.legal_moves_to(pattern.to.into()).iter() {
            if pattern.matches(self, mv) {
                if found.is_some() {
                    return Err(err("ambiguous: several legal moves match"));
                }
                found = Some(mv);
            }
        }
        found.ok_or_else(|| err("no legal move matches"))
    }
}

/// What a non-castling SAN move says: the role, what it tells of the origin, the
/// destination and the promotion.
struct SanPattern {
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl SanPattern {
    fn parse(text: &str) -> Option<SanPattern> {
        let mut rest = text.as_bytes();
        let mut role = Role::Pawn;
        if let Some((&first, tail)) = rest.split_first() {
            if first.is_ascii_uppercase() {
                role = Role::from_char(first as char)?;
                rest = tail;
            }
        }
        let mut promotion = None;
        if let Some((&last, head)) = rest.split_last() {
            if last.is_ascii_alphabetic() {
                promotion = Some(Role::from_char(last as char)?);
                rest = head.strip_suffix(b"=").unwrap_or(head);
            }
        }
        let (head, to) = rest.split_at(rest.len().checked_sub(2)?);
        let to: Square = core::str::from_utf8(to).ok()?.parse().ok()?;
        let mut pattern = SanPattern {
            role,
            from_file: None,
            from_rank: None,
            to,
            promotion,
        };
        for &c in head {
            match c {
                b'a'..=b'h' if pattern.from_file.is_none() => {
                    pattern.from_file = File::from_char(c as char)
                }
                b'1'..=b'8' if pattern.from_rank.is_none() => {
                    pattern.from_rank = Rank::from_char(c as char)
                }
                b'x' | b':' | b'-' => {}
                _ => return None,
            }
        }
        Some(pattern)
    }

    fn matches(&self, board: &Board, mv: Move) -> bool {
        let promotion = match mv.kind() {
            MoveKind::Castle => return false,
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        };
        // A pawn move without a file is a push: a capture names its file (`exd5`).
        let pawn_push_file = self.role != Role::Pawn
            || self.from_file.is_some()
            || mv.from().file() == self.to.file();
        board.role_at(mv.from()) == Some(self.role)
            && pawn_push_file
            && mv.to() == self.to
            && self.from_file.is_none_or(|f| mv.from().file() == f)
            && self.from_rank.is_none_or(|r| mv.from().rank() == r)
            && promotion == self.promotion
    }
}
