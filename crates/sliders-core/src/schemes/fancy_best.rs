//! `fancy-best`: the fancy layout with the best-known magics, which use one index bit
//! fewer than the mask on 44 squares (20 rook, 24 bishop) by constructive collisions:
//! 84,480 rook + 4,800 bishop = 89,280 entries (697.5 KiB).
//!
//! Source: "Best Magics so far" (chessprogramming wiki), as shipped in Gigantua /
//! Chess_Movegen `Hash_Var.hpp`; rooks d1 and g1 at 10 bits as published by
//! Witek902/Caissa (commit 86cb22f, 2026-06-01); this project's 9-bit magics for rooks
//! c2, d2 and e2 (found by `sliders prove --exhaust`, tests/data/own/n_minus_1_results.csv).
//! Every record square's finder is named in `tests/data/own/fancy_best_89280.csv`.

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
