//! `fancy-best`: the fancy layout with the best-known magics, which use one index bit
//! fewer than the mask on 44 squares (20 rook, 24 bishop) by constructive collisions:
//! 84,480 rook + 4,800 bishop = 89,280 entries (697.5 KiB).
//!
//! Source: "Best Magics so far" (chessprogramming wiki), as shipped in Gigantua /
//! Chess_Movegen `Hash_Var.hpp`; this project's own 10-bit magics for rooks d1 and g1
//! (found by `sliders dense`; Witek902/Caissa, commit 86cb22f, 2026-06-01, published
//! other 10-bit magics for both first) and 9-bit ones for rooks c2, d2 and e2 (found by
//! `sliders prove --exhaust`; Caissa's other numbers for them came first too);
//! tests/data/own/n_minus_1_results.csv. Every N-1 square's finder is named in
//! `tests/data/own/fancy_best_89280.csv`.

super::layout::magic_scheme! {
    /// The `fancy-best` scheme (best-known magics, N-1 bits on 44 squares).
    ///
    /// ```
    /// use sliders_core::schemes::{FancyBest, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(FancyBest.rook_attacks(Square::A7, occupied), reference::rook_attacks(Square::A7, occupied));
    /// assert_eq!(FancyBest.table_bytes(), 89_280 * 8);
    /// ```
    FancyBest = "fancy-best", fancy_best
}
