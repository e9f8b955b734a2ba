//! Sides, roles and pieces: [`Color`] (the core's), [`Role`] and [`Piece`].

pub use sliders_core::Color;

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// The upper-case letter SAN uses for this role (`P N B R Q K`).
    ///
    /// ```
    /// assert_eq!(sliders_movegen::Role::Queen.upper_char(), 'Q');
    /// ```
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
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
