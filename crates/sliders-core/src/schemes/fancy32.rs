//! `fancy32`: the fancy layout with a 32-bit index for CPUs without a fast 64-bit
//! multiply: `((lo(occ & mask) * lo(magic)) ^ (hi(occ & mask) * hi(magic))) >> (32 - bits)`,
//! two 32-bit multiplications instead of one 64-bit one. 107,648 entries (841 KiB).
//!
//! It needs magics of its own (a 64-bit magic does not survive the fold). These were
//! found by our own search: sparse xorshift64* candidates from seed 1, a top-byte
//! popcount filter on the folded product, epoch-array collision checks; 172,837
//! candidates. The set is `tests/data/own/fancy32_sliders_seed1.csv`; its `shift` column
//! is the shift of the 32-bit product.

super::layout::magic_scheme! {
    /// The `fancy32` scheme.
    ///
    /// ```
    /// use sliders_core::schemes::{Fancy32, Scheme};
    /// use sliders_core::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(Fancy32.queen_attacks(Square::F3, occupied), reference::queen_attacks(Square::F3, occupied));
    /// ```
    Fancy32 = "fancy32", fancy32
}
