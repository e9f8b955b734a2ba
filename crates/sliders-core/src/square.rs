//! Squares, files and ranks, numbered little-endian rank-file: a1 = 0, h1 = 7, a8 = 56, h8 = 63.

use core::fmt;
use core::str::FromStr;

macro_rules! simple_enum {
    (
        $(#[$meta:meta])*
        $name:ident, $count:literal, [$($(#[$vmeta:meta])* $variant:ident),* $(,)?]
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// How many values there are.
            pub const COUNT: usize = $count;
            /// Every value, in index order.
            pub const ALL: [Self; $count] = [$(Self::$variant,)*];

            /// The value with this index, or `None` when `index` is out of range.
            ///
            /// ```
            #[doc = concat!("# use sliders_core::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::try_index(0), Some(", stringify!($name), "::ALL[0]));")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::try_index(", stringify!($count), "), None);")]
            /// ```
            #[inline]
            pub const fn try_index(index: usize) -> Option<Self> {
                if index < $count {
                    Some(Self::ALL[index])
                } else {
                    None
                }
            }

            /// The value with this index; the index is taken modulo the count, so it never panics.
            ///
            /// Compiles to the masking alone: move generators call it on every bit they
            /// pull out of a bitboard, where `ALL[index % COUNT]` cost a table load
            /// (measured: perft 14-16% slower with the leaper tables behind it).
            #[inline(always)]
            pub const fn index_wrapping(index: usize) -> Self {
                let index = (index % $count) as u8;
                // SAFETY: the enum is `repr(u8)` with variants numbered 0..COUNT in order
                // (no explicit discriminants), and `index < COUNT`. Tested for every
                // index of every such enum in `index_wrapping_is_all_modulo_count`.
                unsafe { core::mem::transmute::<u8, Self>(index) }
            }

            /// This value's index.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

simple_enum!(
    /// A file (column), `a` to `h`.
    File, 8, [
        /// The a-file.
        A,
        /// The b-file.
        B,
        /// The c-file.
        C,
        /// The d-file.
        D,
        /// The e-file.
        E,
        /// The f-file.
        F,
        /// The g-file.
        G,
        /// The h-file.
        H
    ]
);

simple_enum!(
    /// A rank (row), `1` to `8`.
    Rank, 8, [
        /// The first rank.
        First,
        /// The second rank.
        Second,
        /// The third rank.
        Third,
        /// The fourth rank.
        Fourth,
        /// The fifth rank.
        Fifth,
        /// The sixth rank.
        Sixth,
        /// The seventh rank.
        Seventh,
        /// The eighth rank.
        Eighth
    ]
);

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        simple_enum!(
            /// A square of the board. `Square::A1 as u8 == 0`, `Square::H8 as u8 == 63`.
            ///
            /// Being an enum, a square always indexes a 64-entry table without a bounds check.
            ///
            /// ```
            /// use sliders_core::Square;
            /// let e4: Square = "e4".parse().unwrap();
            /// assert_eq!(e4, Square::E4);
            /// assert_eq!(e4.index(), 28);
            /// assert_eq!(e4.to_string(), "e4");
            /// ```
            Square, 64, [$(#[doc = concat!("The square ", stringify!($sq), ".")] $sq),*]
        );
    };
}

squares!(
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
);

impl Square {
    /// The square on this file and rank.
    ///
    /// ```
    /// use sliders_core::{File, Rank, Square};
    /// assert_eq!(Square::new(File::E, Rank::Fourth), Square::E4);
    /// ```
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Self {
        Self::ALL[rank as usize * 8 + file as usize]
    }

    /// This square's file.
    ///
    /// ```
    /// use sliders_core::{File, Square};
    /// assert_eq!(Square::E4.file(), File::E);
    /// ```
    #[inline(always)]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// This square's rank.
    ///
    /// ```
    /// use sliders_core::{Rank, Square};
    /// assert_eq!(Square::E4.rank(), Rank::Fourth);
    /// ```
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square `file_delta` files and `rank_delta` ranks away, or `None` off the board.
    ///
    /// ```
    /// use sliders_core::Square;
    /// assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    /// assert_eq!(Square::H1.offset(1, 0), None);
    /// ```
    #[inline]
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Self> {
        let file = (self as u8 & 7) as i8 + file_delta;
        let rank = (self as u8 >> 3) as i8 + rank_delta;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Self::ALL[(rank * 8 + file) as usize])
        }
    }

    /// The square mirrored vertically (a1 <-> a8), as seen from the other side.
    ///
    /// ```
    /// use sliders_core::Square;
    /// assert_eq!(Square::E2.flip_rank(), Square::E7);
    /// ```
    #[inline(always)]
    pub const fn flip_rank(self) -> Self {
        Self::ALL[self as usize ^ 56]
    }
}

/// Why a square, file or rank could not be parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square from a1 to h8, such as e4")
    }
}

impl File {
    /// The file named by a lowercase letter `a`..`h`.
    ///
    /// ```
    /// use sliders_core::File;
    /// assert_eq!(File::from_char('c'), Some(File::C));
    /// assert_eq!(File::from_char('C'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'a'..='h' => Some(Self::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }

    /// The file's lowercase letter.
    ///
    /// ```
    /// assert_eq!(sliders_core::File::H.to_char(), 'h');
    /// ```
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }
}

impl Rank {
    /// The rank named by a digit `1`..`8`.
    ///
    /// ```
    /// use sliders_core::Rank;
    /// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            '1'..='8' => Some(Self::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }

    /// The rank's digit.
    ///
    /// ```
    /// assert_eq!(sliders_core::Rank::Third.to_char(), '3');
    /// ```
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_wrapping_is_all_modulo_count() {
        for i in 0..1000 {
            assert_eq!(Square::index_wrapping(i), Square::ALL[i % 64]);
            assert_eq!(Square::index_wrapping(i).index(), i % 64);
            assert_eq!(File::index_wrapping(i), File::ALL[i % 8]);
            assert_eq!(Rank::index_wrapping(i), Rank::ALL[i % 8]);
        }
        assert_eq!(Square::index_wrapping(usize::MAX), Square::H8);
    }

    #[test]
    fn numbering_is_little_endian_rank_file() {
        assert_eq!(Square::A1 as u8, 0);
        assert_eq!(Square::H1 as u8, 7);
        assert_eq!(Square::A8 as u8, 56);
        assert_eq!(Square::H8 as u8, 63);
        for sq in Square::ALL {
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
    }

    #[test]
    fn parse_display_round_trip() {
        extern crate std;
        use std::string::ToString;
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e", "é4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?}");
        }
    }
}
