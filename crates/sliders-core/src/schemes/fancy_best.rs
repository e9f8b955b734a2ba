//! `fancy-best`: the fancy layout with the best-known magics, which use one index bit
//! fewer than the mask on 42 squares (18 rook, 24 bishop) by constructive collisions:
//! 86,528 rook + 4,800 bishop = 91,328 entries (713.5 KiB).
//!
//! Source: "Best Magics so far" (chessprogramming wiki), as shipped in Gigantua /
//! Chess_Movegen `Hash_Var.hpp`, with this project's 9-bit magics for rooks c2, d2 and
//! e2 (found by `sliders prove --exhaust`, tests/data/own/n_minus_1_results.csv); every
//! record square's finder is named in `tests/data/own/fancy_best_91328_sliders.csv`.

super::layout::magic_scheme! {
    /// The `fancy-best` scheme (best-known magics, N-1 bits on 42 squares).
    ///
    /// ```
    /// use sliders_core::schemes::{FancyBest, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(FancyBest.rook_attacks(Square::A7, occupied), reference::rook_attacks(Square::A7, occupied));
    /// assert_eq!(FancyBest.table_bytes(), 91_328 * 8);
    /// ```
    FancyBest = "fancy-best", fancy_best
}
