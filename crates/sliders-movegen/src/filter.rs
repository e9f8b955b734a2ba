//! [`MoveFilter`]: which legal moves to generate, by origin, destination, role and
//! class (captures and promotions, or quiet moves).

use sliders_core::Bitboard;

use crate::piece::Role;

/// Which legal moves to generate. Start from [`MoveFilter::ALL`] and narrow it; each
/// narrowing intersects with what is already there. The generator skips what the filter
/// excludes (a knight-only filter looks up no slider but the king's checks and pins).
///
/// Castling is a king move to the castling rook's square ([`crate::Move::to`]), and a
/// quiet one; en passant is a pawn move and a capture; every promotion, quiet or not,
/// counts with the captures (what a quiescence search plays), as in
/// [`crate::Board::captures`].
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
    pub(crate) quiets: bool,
}

impl MoveFilter {
    /// Every legal move.
    pub const ALL: MoveFilter = MoveFilter {
        from: Bitboard::FULL,
        to: Bitboard::FULL,
        roles: 0b11_1111,
        captures: true,
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

    /// Only captures (en passant included) and promotions: [`crate::Board::captures`].
    pub const fn captures_only(self) -> MoveFilter {
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
