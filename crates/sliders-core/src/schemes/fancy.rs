//! `fancy`: Stockfish's layout. Each square owns a slice of 2^popcount(mask) entries in
//! one contiguous table (102,400 rook + 5,248 bishop = 107,648 entries, 841 KiB), and
//! looks up `offset + ((occupied & mask) * magic >> shift)`.
//!
//! The magics are those of Stockfish's start-up search (per-rank seeds 728, 10316,
//! 55013, 32803, 12281, 15100, 16645, 255; sparse xorshift64* candidates), as recorded
//! in `tests/data/magics/fancy_stockfish_seeds_107648.csv`. The table is built and
//! verified against the reference by the build script: a wrong magic fails the build.

super::layout::magic_scheme! {
    /// The `fancy` scheme (Stockfish's magics and layout).
    ///
    /// ```
    /// use sliders_core::schemes::{Fancy, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(Fancy.queen_attacks(Square::D4, occupied), reference::queen_attacks(Square::D4, occupied));
    /// assert_eq!(Fancy.table_bytes(), 107_648 * 8);
    /// ```
    Fancy = "fancy", fancy
}
