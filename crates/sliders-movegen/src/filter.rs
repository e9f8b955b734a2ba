//! [`MoveFilter`]: which legal moves to generate, by origin, destination, role and
//! class (captures, quiet promotions, quiet moves).

use sliders_core::Bitboard;

use crate::piece::Role;

/// Which legal moves to generate. Start from [`MoveFilter::ALL`] and narrow it; each
/// narrowing intersects with what is already there. The generator skips what the filter
/// excludes (a knight-only filter looks up no slider but the king's checks and pins).
///
/// Three classes partition the moves: captures (en passant and capturing promotions
/// included: [`MoveFilter::captures_only`], [`crate::Board::captures`]), quiet
/// promotions, and quiet moves (castling included: [`MoveFilter::quiets_only`]).
/// [`MoveFilter::captures_and_promotions`] is the first two, what a quiescence search
/// that also plays promotions wants. Castling is a king move whose destination is the
/// castling rook's square ([`crate::Move::to`]); a destination filter also finds it by
/// the king's target square (g1 or c1 for white), as a user clicking the king's
/// destination would.
///
/// ```
/// use sliders_movegen::{Board, MoveFilter, Role};
/// use sliders_movegen::{Bitboard, Square};
/// let board = Board::startpos();
/// let knights = board.legal_moves_filtered(MoveFilter::ALL.role(Role::Knight));
/// assert_eq!(knights.len(), 4);
/// let from_g1 = board.legal_moves_filtered(MoveFilter::ALL.from(Bitboard::from(Square::G1)));
/// assert_eq!(from_g1.len(), 2);
/// assert!(board.legal_moves_filtered(MoveFilter::ALL.captures_only()).is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveFilter {
    pub(crate) from: Bitboard,
    pub(crate) to: Bitboard,
    /// One bit per [`Role`], by its value.
    pub(crate) roles: u8,
    pub(crate) captures: bool,
    /// Promotions that capture nothing.
    pub(crate) promotions: bool,
    pub(crate) quiets: bool,
}

impl MoveFilter {
    /// Every legal move.
    pub const ALL: MoveFilter = MoveFilter {
        from: Bitboard::FULL,
        to: Bitboard::FULL,
        roles: 0b11_1111,
        captures: true,
        promotions: true,
        quiets: true,
    };

    /// Only moves whose origin is in `squares`.
    pub const fn from(self, squares: Bitboard) -> MoveFilter {
        MoveFilter {
            from: Bitboard(self.from.0 & squares.0),
            ..self
        }
    }

    /// Only moves whose destination ([`crate::Move::to`]; the rook's square for castling)
    /// is in `squares`.
    pub const fn to(self, squares: Bitboard) -> MoveFilter {
        MoveFilter {
            to: Bitboard(self.to.0 & squares.0),
            ..self
        }
    }

    /// Only moves of pieces of `role`.
    pub const fn role(self, role: Role) -> MoveFilter {
        self.roles(&[role])
    }

    /// Only moves of pieces of one of `roles`.
    ///
    /// ```
    /// use sliders_movegen::{Board, MoveFilter, Role};
    /// let minor = MoveFilter::ALL.roles(&[Role::Knight, Role::Bishop]);
    /// assert_eq!(Board::startpos().legal_moves_filtered(minor).len(), 4);
    /// ```
    pub const fn roles(self, roles: &[Role]) -> MoveFilter {
        let mut mask = 0;
        let mut i = 0;
        while i < roles.len() {
            mask |= 1 << roles[i] as u8;
            i += 1;
        }
        MoveFilter {
            roles: self.roles & mask,
            ..self
        }
    }

    /// Only captures: en passant and capturing promotions included, quiet promotions
    /// not ([`crate::Board::captures`]).
    pub const fn captures_only(self) -> MoveFilter {
        MoveFilter {
            quiets: false,
            promotions: false,
            ..self
        }
    }

    /// Only captures and promotions (quiet ones included): what a quiescence search
    /// that plays promotions wants ([`crate::Board::captures_and_promotions`]).
    pub const fn captures_and_promotions(self) -> MoveFilter {
        MoveFilter {
            quiets: false,
            ..self
        }
    }

    /// Only moves that neither capture nor promote, castling included:
    /// [`crate::Board::quiet_moves`].
    pub const fn quiets_only(self) -> MoveFilter {
        MoveFilter {
            captures: false,
            promotions: false,
            ..self
        }
    }

    /// Whether moves of `role` may pass.
    #[inline(always)]
    pub(crate) const fn has(self, role: Role) -> bool {
        self.roles & (1 << role as u8) != 0
    }
}

impl Default for MoveFilter {
    fn default() -> MoveFilter {
        MoveFilter::ALL
    }
}
