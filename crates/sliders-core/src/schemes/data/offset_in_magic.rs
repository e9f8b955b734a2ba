//! `offset-in-magic`: fixed-shift magics (shifts 52/55) whose low 16 bits are the
//! square's offset in units of `1 << OFFSET_SHIFT` entries; from our own search
//! (`tests/data/own/offset_in_magic_sliders.csv`).

use crate::schemes::magic::{entries, IndexFn, MagicData, MagicEntry};
use crate::Slider;

#[path = "offset_in_magic_generated.rs"]
mod generated;

/// Entries in the shared attack table.
pub const TABLE_ENTRIES: usize = generated::TABLE_ENTRIES;
/// The offset unit: a square's offset is `(magic & 0xFFFF) << OFFSET_SHIFT`.
pub const OFFSET_SHIFT: u32 = generated::OFFSET_SHIFT;
/// How an occupancy becomes an index, once the offset is decoded.
pub const INDEX: IndexFn = IndexFn::Magic;
/// The rook entries with the offset decoded from each magic, indexed by square.
pub const ROOK: [MagicEntry; 64] = entries(Slider::Rook, &decoded(&generated::ROOK_MAGICS, 52));
/// The bishop entries with the offset decoded, indexed by square.
pub const BISHOP: [MagicEntry; 64] =
    entries(Slider::Bishop, &decoded(&generated::BISHOP_MAGICS, 55));

/// The magics as the generic filler wants them: the offset decoded from the low bits.
const fn decoded(magics: &[u64; 64], shift: u32) -> MagicData {
    let mut out = [(0u64, 0u32, 0u32); 64];
    let mut i = 0;
    while i < 64 {
        let m = magics[i];
        out[i] = (m, shift, ((m & 0xFFFF) as u32) << OFFSET_SHIFT);
        i += 1;
    }
    out
}
