//! The attack lookups both generators (the board's and the counting engine's) make, by
//! square index and raw bitboard, and the empty-board lines they test before a slider
//! lookup.

use sliders_core::schemes::{Black, Scheme};
use sliders_core::{between, king_attacks, knight_attacks, pawn_attacks, Bitboard, Color, Square};

/// The slider scheme of the plain API ([`crate::Board::legal_moves`],
/// [`crate::Board::is_check`], every move made): black magics, fast on every x86-64 and
/// every other CPU without a check or a dispatch, so every method inlines it. Each
/// method with a `_with` form takes any other scheme.
pub type DefaultScheme = Black;

/// The value of [`DefaultScheme`].
pub(crate) const DEFAULT_SCHEME: DefaultScheme = Black;

#[inline(always)]
fn sq(index: u32) -> Square {
    Square::index_wrapping(index as usize)
}

#[inline(always)]
pub(crate) fn rook<S: Scheme>(s: S, square: u32, occ: u64) -> u64 {
    s.rook_attacks(sq(square), Bitboard(occ)).0
}

#[inline(always)]
pub(crate) fn bishop<S: Scheme>(s: S, square: u32, occ: u64) -> u64 {
    s.bishop_attacks(sq(square), Bitboard(occ)).0
}

#[inline(always)]
pub(crate) fn knight(square: u32) -> u64 {
    knight_attacks(sq(square)).0
}

#[inline(always)]
pub(crate) fn king(square: u32) -> u64 {
    king_attacks(sq(square)).0
}

/// The squares a pawn of `color` on `square` attacks.
#[inline(always)]
pub(crate) fn pawn(color: Color, square: u32) -> u64 {
    pawn_attacks(color, sq(square)).0
}

/// The squares strictly between `a` and `b` on a line, if they share one.
#[inline(always)]
pub(crate) fn betw(a: u32, b: u32) -> u64 {
    between(sq(a), sq(b)).0
}

/// `b` moved `by` squares towards the far side of the side `WHITE` says.
#[inline(always)]
pub(crate) fn forward<const WHITE: bool>(b: u64, by: u32) -> u64 {
    if WHITE {
        b << by
    } else {
        b >> by
    }
}

/// For `snipers`, the enemy sliders of one kind on the king's empty-board lines of that
/// kind: those with nothing between them and the king (checkers), the squares between
/// those and the king (where a check is blocked), and the pin mask of that kind (the
/// rays, each slider included, on which exactly one of `ours` stands between).
#[inline(always)]
pub(crate) fn checks_and_pins(
    king_sq: u32,
    mut snipers: u64,
    occ: u64,
    ours: u64,
) -> (u64, u64, u64) {
    let (mut checkers, mut blocks, mut pins) = (0u64, 0u64, 0u64);
    while snipers != 0 {
        let sniper = snipers.trailing_zeros();
        snipers &= snipers - 1;
        let ray = betw(king_sq, sniper);
        let inside = ray & occ;
        if inside == 0 {
            checkers |= 1u64 << sniper;
            blocks |= ray;
        } else if inside & (inside - 1) == 0 && inside & ours != 0 {
            pins |= ray | 1u64 << sniper;
        }
    }
    (checkers, blocks, pins)
}

/// The squares a bishop (`diagonal`) or a rook sees from each square on an empty board
/// (the core's reference ray walk, at compile time).
const fn empty_board_rays(diagonal: bool) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let square = Square::ALL[i];
        table[i] = if diagonal {
            sliders_core::reference::bishop_attacks(square, Bitboard::EMPTY).0
        } else {
            sliders_core::reference::rook_attacks(square, Bitboard::EMPTY).0
        };
        i += 1;
    }
    table
}

/// What a bishop sees from each square on an empty board: only an enemy bishop or
/// queen on these squares can check or pin along a diagonal.
pub(crate) static DIAGONAL_RAYS: [u64; 64] = empty_board_rays(true);
/// What a rook sees from each square on an empty board.
pub(crate) static ORTHOGONAL_RAYS: [u64; 64] = empty_board_rays(false);

/// For each king square, the squares from which a slider of one kind (diagonal or
/// orthogonal) sees one of the king's steps on an empty board: only enemy sliders there
/// can make a step unsafe, so the king's moves look up no other.
const fn near_king(rays: &[u64; 64]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut k = 0;
    while k < 64 {
        let (file, rank) = ((k % 8) as i32, (k / 8) as i32);
        let mut near = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 8 && r >= 0 && r < 8 {
                    near |= rays[(r * 8 + f) as usize];
                }
                dr += 1;
            }
            df += 1;
        }
        table[k] = near;
        k += 1;
    }
    table
}

/// [`near_king`] for bishops and queens.
pub(crate) static DIAGONAL_NEAR_KING: [u64; 64] = near_king(&empty_board_rays(true));
/// [`near_king`] for rooks and queens.
pub(crate) static ORTHOGONAL_NEAR_KING: [u64; 64] = near_king(&empty_board_rays(false));
