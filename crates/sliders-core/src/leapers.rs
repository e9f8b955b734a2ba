//! Attacks of the pieces that do not slide: knight, king and pawn captures. Const
//! tables, one entry per square.

use crate::{Bitboard, Color, Square};

/// The squares a list of (file, rank) steps reaches from each square, off-board steps
/// dropped.
const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let from = Square::ALL[i];
        let mut bits = 0u64;
        let mut s = 0;
        while s < steps.len() {
            if let Some(to) = from.offset(steps[s].0, steps[s].1) {
                bits |= 1 << to as u8;
            }
            s += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The squares a knight on `square` attacks.
///
/// ```
/// use sliders_core::{bitboard, knight_attacks, Square};
/// assert_eq!(knight_attacks(Square::B1), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . X . . . . .
///     . . . X . . . .
///     . . . . . . . .
/// });
/// ```
#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT[square as usize]
}

/// The squares a king on `square` attacks.
///
/// ```
/// use sliders_core::{bitboard, king_attacks, Square};
/// assert_eq!(king_attacks(Square::H8), bitboard! {
///     . . . . . . X .
///     . . . . . . X X
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// });
/// ```
#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    KING[square as usize]
}

/// The squares a pawn of `color` on `square` attacks (captures on): one rank forward
/// for its side, one file to each side.
///
/// ```
/// use sliders_core::{bitboard, pawn_attacks, Color, Square};
/// assert_eq!(pawn_attacks(Color::White, Square::A2), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . X . . . . . .
///     . . . . . . . .
///     . . . . . . . .
/// });
/// assert_eq!(pawn_attacks(Color::Black, Square::E5).len(), 2);
/// assert!(pawn_attacks(Color::White, Square::E8).is_empty());
/// ```
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN[color as usize][square as usize]
}
