//! [`Bitboard`]: a set of squares in one `u64`, bit `i` standing for square `i`.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{File, Rank, Square};

/// A set of squares, one bit per square (bit 0 = a1, bit 63 = h8).
///
/// It has set semantics: `&` intersection, `|` union, `^` symmetric difference,
/// `!` complement, `-` difference. Iterating it yields its squares from a1 to h8.
/// The [`bitboard!`](crate::bitboard!) macro writes one as a picture, and `{:#?}` prints
/// that picture back; `{}` draws the board with coordinates.
///
/// ```
/// use sliders_core::{bitboard, Bitboard, Square};
/// let diagonal = bitboard! {
///     . . . . . . . X
///     . . . . . . X .
///     . . . . . X . .
///     . . . . X . . .
///     . . . X . . . .
///     . . X . . . . .
///     . X . . . . . .
///     X . . . . . . .
/// };
/// assert_eq!(diagonal.len(), 8);
/// assert!(diagonal.contains(Square::E5));
/// assert_eq!(diagonal - Bitboard::from(Square::A1), diagonal & !Bitboard::from(Square::A1));
/// assert_eq!(diagonal.into_iter().next(), Some(Square::A1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Self = Self(0);
    /// Every square.
    pub const FULL: Self = Self(!0);
    /// The squares on the rim: the first and eighth ranks, the a- and h-files.
    pub const EDGES: Self = Self(0xff81_8181_8181_81ff);

    /// The set holding only `square`.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// assert_eq!(Bitboard::square(Square::C1), Bitboard(0b100));
    /// ```
    #[inline(always)]
    pub const fn square(square: Square) -> Self {
        Self(1 << square as u8)
    }

    /// Every square of `file`.
    ///
    /// ```
    /// use sliders_core::{Bitboard, File};
    /// assert_eq!(Bitboard::file(File::A), Bitboard(0x0101_0101_0101_0101));
    /// ```
    #[inline(always)]
    pub const fn file(file: File) -> Self {
        Self(0x0101_0101_0101_0101 << file as u8)
    }

    /// Every square of `rank`.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Rank};
    /// assert_eq!(Bitboard::rank(Rank::Second), Bitboard(0xff00));
    /// ```
    #[inline(always)]
    pub const fn rank(rank: Rank) -> Self {
        Self(0xff << (8 * rank as u8))
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use sliders_core::Bitboard;
    /// assert_eq!(Bitboard(0b1011).len(), 3);
    /// ```
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// assert!(sliders_core::Bitboard::EMPTY.is_empty());
    /// ```
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `square`.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// assert!(Bitboard::FULL.contains(Square::H8));
    /// assert!(!Bitboard::EMPTY.contains(Square::H8));
    /// ```
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// Whether every square of `self` is also in `other`.
    ///
    /// ```
    /// use sliders_core::Bitboard;
    /// assert!(Bitboard(0b01).is_subset(Bitboard(0b11)));
    /// assert!(!Bitboard(0b11).is_subset(Bitboard(0b01)));
    /// ```
    #[inline(always)]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a square.
    ///
    /// ```
    /// use sliders_core::Bitboard;
    /// assert!(Bitboard(0b011).intersects(Bitboard(0b110)));
    /// ```
    #[inline(always)]
    pub const fn intersects(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest square of the set (a1 first), if any.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// assert_eq!(Bitboard(0b110).first(), Some(Square::B1));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::index_wrapping(self.0.trailing_zeros() as usize))
        }
    }

    /// The set with `square` added.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// assert_eq!(Bitboard::EMPTY.with(Square::B1), Bitboard(0b10));
    /// ```
    #[inline(always)]
    pub const fn with(self, square: Square) -> Self {
        Self(self.0 | 1 << square as u8)
    }

    /// The set with `square` removed.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// assert_eq!(Bitboard(0b11).without(Square::B1), Bitboard(0b01));
    /// ```
    #[inline(always)]
    pub const fn without(self, square: Square) -> Self {
        Self(self.0 & !(1 << square as u8))
    }

    /// The board mirrored vertically (rank 1 <-> rank 8).
    ///
    /// ```
    /// use sliders_core::{Bitboard, Rank};
    /// assert_eq!(Bitboard::rank(Rank::First).flip_ranks(), Bitboard::rank(Rank::Eighth));
    /// ```
    #[inline(always)]
    pub const fn flip_ranks(self) -> Self {
        Self(self.0.swap_bytes())
    }

    /// Every subset of `self`, from the empty set up, by the carry-rippler step
    /// `next = (current - mask) & mask`. The `k`-th subset is the one whose bits, packed
    /// down in order (PEXT), spell `k`. A mask of `n` squares yields `2^n` subsets.
    ///
    /// ```
    /// use sliders_core::Bitboard;
    /// let subsets: Vec<_> = Bitboard(0b1010).subsets().collect();
    /// assert_eq!(subsets, [Bitboard(0), Bitboard(0b0010), Bitboard(0b1000), Bitboard(0b1010)]);
    /// ```
    #[inline]
    pub const fn subsets(self) -> Subsets {
        Subsets {
            mask: self.0,
            next: 0,
            done: false,
        }
    }

    /// Builds a board from a grid of 64 cells, rank 8 first and file a first in each row.
    /// [`bitboard!`](crate::bitboard!) is the readable way to call it.
    ///
    /// ```
    /// use sliders_core::{Bitboard, Square};
    /// let mut cells = [false; 64];
    /// cells[56] = true; // the last row of the picture, first column: a1
    /// assert_eq!(Bitboard::from_grid(cells), Bitboard::from(Square::A1));
    /// ```
    pub const fn from_grid(cells: [bool; 64]) -> Self {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 64 {
            if cells[i] {
                let rank = 7 - i / 8;
                let file = i % 8;
                bits |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        Self(bits)
    }
}

/// Writes a [`Bitboard`] as a picture: 64 cells, `X` for a member and `.` for the rest,
/// rank 8 on the first row and file a on the left. Separate the cells by spaces.
///
/// ```
/// use sliders_core::{bitboard, Bitboard, Rank};
/// let second_rank = bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X X X X X X X X
///     . . . . . . . .
/// };
/// assert_eq!(second_rank, Bitboard::rank(Rank::Second));
/// // `{:#?}` prints the same picture back.
/// assert!(format!("{second_rank:#?}").contains("X X X X X X X X"));
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {
        $crate::Bitboard::from_grid([$($crate::__bitboard_cell!($cell)),*])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __bitboard_cell {
    (.) => {
        false
    };
    (X) => {
        true
    };
}

/// The iterator of [`Bitboard::subsets`].
#[derive(Clone, Debug)]
pub struct Subsets {
    mask: u64,
    next: u64,
    done: bool,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        if self.done {
            return None;
        }
        let current = self.next;
        self.next = current.wrapping_sub(self.mask) & self.mask;
        self.done = self.next == 0;
        Some(Bitboard(current))
    }
}

/// Iterates a bitboard's squares, lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::index_wrapping(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Self::EMPTY, Self::with)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Self {
        Self::square(square)
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $body:expr) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, other: Bitboard) -> Bitboard {
                let ($a, $b) = (self.0, other.0);
                Bitboard($body)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, other: Bitboard) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
set_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Bitboard {
    fn write_grid(
        &self,
        f: &mut fmt::Formatter<'_>,
        indent: &str,
        coordinates: bool,
    ) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            f.write_str(indent)?;
            if coordinates {
                write!(f, "{} ", rank)?;
            }
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let cell = if self.contains(Square::new(file, *rank)) {
                    "X"
                } else {
                    "."
                };
                f.write_str(cell)?;
            }
            f.write_str("\n")?;
        }
        if coordinates {
            write!(f, "{indent}  a b c d e f g h")?;
        }
        Ok(())
    }
}

/// Draws the board, rank 8 at the top, with coordinates.
///
/// ```
/// use sliders_core::{Bitboard, Square};
/// let drawn = Bitboard::from(Square::H8).to_string();
/// assert!(drawn.starts_with("8 . . . . . . . X\n"));
/// assert!(drawn.ends_with("  a b c d e f g h"));
/// ```
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_grid(f, "", true)
    }
}

/// `{:?}` prints `Bitboard(0x...)`; `{:#?}` prints a `bitboard!` literal of the same set.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str("bitboard! {\n")?;
            self.write_grid(f, "    ", false)?;
            f.write_str("}")
        } else {
            write!(f, "Bitboard({:#018x})", self.0)
        }
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::format;
    use std::vec::Vec;

    #[test]
    fn subsets_enumerate_every_subset_once_in_pext_order() {
        let mask = Bitboard(0x0000_0000_0010_1010 | 1 << 63);
        let all: Vec<_> = mask.subsets().collect();
        assert_eq!(all.len(), 1 << mask.len());
        for (k, subset) in all.iter().enumerate() {
            assert!(subset.is_subset(mask));
            // Rebuild the subset from k by depositing k's bits into the mask's squares.
            let deposited: Bitboard = mask
                .into_iter()
                .enumerate()
                .filter(|(i, _)| k >> i & 1 == 1)
                .map(|(_, sq)| sq)
                .collect();
            assert_eq!(*subset, deposited);
        }
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
        assert_eq!(Bitboard(1 << 63).subsets().count(), 2);
    }

    #[test]
    fn debug_alternate_is_a_bitboard_literal() {
        let b = Bitboard(0x8000_0000_0000_0001);
        let printed = format!("{b:#?}");
        assert_eq!(
            printed,
            "bitboard! {\n    . . . . . . . X\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    . . . . . . . .\n    X . . . . . . .\n}"
        );
        assert_eq!(format!("{b:?}"), "Bitboard(0x8000000000000001)");
    }

    #[test]
    fn set_operations() {
        let a = Bitboard(0b1100);
        let b = Bitboard(0b1010);
        assert_eq!(a & b, Bitboard(0b1000));
        assert_eq!(a | b, Bitboard(0b1110));
        assert_eq!(a ^ b, Bitboard(0b0110));
        assert_eq!(a - b, Bitboard(0b0100));
        assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
        let squares: Vec<Square> = a.into_iter().collect();
        assert_eq!(squares, [Square::C1, Square::D1]);
        assert_eq!(a.into_iter().len(), 2);
    }
}
