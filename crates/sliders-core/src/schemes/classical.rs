//! `classical`: the reference ray walk as a scheme. No table at all; the speed baseline.

use crate::{reference, Bitboard, Square};

/// The `classical` scheme: [`reference`](mod@crate::reference) behind the [`Scheme`](super::Scheme) trait.
///
/// ```
/// use sliders_core::schemes::{Classical, Scheme};
/// use sliders_core::{Bitboard, Square};
/// assert_eq!(Classical.rook_attacks(Square::A1, Bitboard::EMPTY).len(), 14);
/// assert_eq!(Classical.table_bytes(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Classical;

impl super::Scheme for Classical {
    #[inline]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        reference::rook_attacks(square, occupied)
    }

    #[inline]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        reference::bishop_attacks(square, occupied)
    }

    fn table_bytes(&self) -> usize {
        0
    }

    fn name(&self) -> &'static str {
        "classical"
    }
}
