//! `fancy-best`: the fancy layout with the best-known magics, which use one index bit
//! fewer than the mask on 39 squares (15 rook, 24 bishop) by constructive collisions:
//! 88,064 rook + 4,800 bishop = 92,864 entries (725.5 KiB).
//!
//! Source: "Best Magics so far" (chessprogramming wiki), as shipped in Gigantua /
//! Chess_Movegen `Hash_Var.hpp`; the record squares' finders are named in
//! `tests/data/magics/best_magics_so_far_reduced_squares.csv`.

super::layout::magic_scheme! {
    /// The `fancy-best` scheme (best-known magics, N-1 bits on 39 squares).
    ///
    /// ```
    /// use sliders_core::schemes::{FancyBest, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(FancyBest.rook_attacks(Square::A7, occupied), reference::rook_attacks(Square::A7, occupied));
    /// assert_eq!(FancyBest.table_bytes(), 92_864 * 8);
    /// ```
    FancyBest = "fancy-best", fancy_best
}
