//! One square's candidate test: its occupancies and their reference attacks computed
//! once, the top-byte filter, and the scratch table whose epoch per slot tells a valid
//! magic from a colliding one without ever being cleared.

use sliders_core::{RookOrBishop, Square};

use crate::rng::shuffle;
use crate::set::SchemeKind;

/// The most index bits the finder searches with (a rook mask has at most 12 bits).
pub const MAX_FIND_BITS: u32 = 12;
const SCRATCH: usize = 1 << MAX_FIND_BITS;

/// Set bits of each byte value: the filter's popcount by table, as the target CPU may
/// lack POPCNT.
const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The product an index is cut from. A type, so the hot loop is compiled once for each
/// and never branches on the scheme.
pub(crate) trait Product {
    /// Its width in bits: the shift is this minus the index bits.
    const WIDTH: u32;
    /// The product of a key (an occupancy, or black's `occ | !mask`) and a magic.
    fn of(key: u64, magic: u64) -> u64;
}

/// The 64-bit `key * magic` of fancy, plain, fixed-shift and black.
pub(crate) struct Wide;

/// fancy32's folded 32-bit product `lo(key) * lo(magic) ^ hi(key) * hi(magic)`.
pub(crate) struct Folded;

impl Product for Wide {
    const WIDTH: u32 = 64;
    #[inline(always)]
    fn of(key: u64, magic: u64) -> u64 {
        key.wrapping_mul(magic)
    }
}

impl Product for Folded {
    const WIDTH: u32 = 32;
    #[inline(always)]
    fn of(key: u64, magic: u64) -> u64 {
        ((key as u32).wrapping_mul(magic as u32)
            ^ ((key >> 32) as u32).wrapping_mul((magic >> 32) as u32)) as u64
    }
}

/// A square's index keys (the occupancies, or `occ | !mask` for black) and the reference
/// attacks of each, in a fixed pseudo-random order.
pub(crate) struct SquareData {
    mask: u64,
    pairs: Vec<(u64, u64)>,
}

impl SquareData {
    pub(crate) fn new(piece: RookOrBishop, square: Square, scheme: SchemeKind) -> Self {
        let mask = piece.mask(square);
        let mut pairs: Vec<(u64, u64)> = mask
            .subsets()
            .map(|occ| {
                let key = match scheme {
                    SchemeKind::Black => occ.0 | !mask.0,
                    _ => occ.0,
                };
                (key, piece.attacks(square, occ).0)
            })
            .collect();
        // Neighbouring subsets give structured products, so in carry-rippler order a bad
        // candidate shows its collision later. The order does not change which pass.
        shuffle(&mut pairs, 0x0005_eed0_f0cc);
        SquareData {
            mask: mask.0,
            pairs,
        }
    }
}

impl SquareData {
    /// The entries `magic` uses with `bits` index bits: `(local index, attacks)`,
    /// ascending, one per index; `None` on a destructive collision. 64-bit products
    /// (every scheme but fancy32).
    pub(crate) fn window(&self, bits: u32, magic: u64) -> Option<Vec<(u32, u64)>> {
        self.window_in(bits, magic, &mut vec![0; SCRATCH])
    }

    /// [`SquareData::window`] with a buffer of `1 << bits` or more entries, so that a
    /// hot loop allocates only the result.
    pub(crate) fn window_in(
        &self,
        bits: u32,
        magic: u64,
        seen: &mut [u64],
    ) -> Option<Vec<(u32, u64)>> {
        let shift = 64 - bits;
        let mut used = [0u64; SCRATCH / 64];
        let mut count = 0;
        for &(key, attacks) in &self.pairs {
            let i = (Wide::of(key, magic) >> shift) as usize;
            let bit = 1u64 << (i & 63);
            if used[i >> 6] & bit == 0 {
                used[i >> 6] |= bit;
                seen[i] = attacks;
                count += 1;
            } else if seen[i] != attacks {
                return None;
            }
        }
        let mut window = Vec::with_capacity(count);
        for (w, &word) in used.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let i = w * 64 + word.trailing_zeros() as usize;
                window.push((i as u32, seen[i]));
                word &= word - 1;
            }
        }
        Some(window)
    }
}

/// The scratch table: per slot the attacks seen and the epoch they were seen in, side
/// by side so a probe touches one cache line.
pub(crate) struct Scratch {
    slots: Box<[Slot; SCRATCH]>,
    age: u32,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    seen: u64,
    epoch: u32,
}

impl Scratch {
    pub(crate) fn new() -> Self {
        Scratch {
            slots: Box::new([Slot::default(); SCRATCH]),
            age: 0,
        }
    }

    /// The table for a run of candidates. Its epoch is a local until the run ends, so
    /// the hot loop keeps it in a register.
    pub(crate) fn probes(&mut self) -> Probes<'_> {
        Probes {
            slots: &mut self.slots,
            age: self.age,
            saved_age: &mut self.age,
        }
    }
}

/// The scratch table during a run of candidates (see [`Scratch::probes`]).
pub(crate) struct Probes<'s> {
    slots: &'s mut [Slot; SCRATCH],
    age: u32,
    saved_age: &'s mut u32,
}

impl Drop for Probes<'_> {
    fn drop(&mut self) {
        *self.saved_age = self.age;
    }
}

impl Probes<'_> {
    /// The position (in the test order) of the first key whose slot holds other
    /// attacks, or `None` when every key lands on a free slot or the same attacks.
    #[inline(always)]
    fn first_collision(
        &mut self,
        pairs: &[(u64, u64)],
        index: impl Fn(u64) -> usize,
    ) -> Option<usize> {
        self.age = self.age.wrapping_add(1);
        if self.age == 0 {
            self.slots.fill(Slot::default());
            self.age = 1;
        }
        let age = self.age;
        for (position, &(key, attacks)) in pairs.iter().enumerate() {
            let slot = &mut self.slots[index(key) & (SCRATCH - 1)];
            if slot.epoch != age {
                *slot = Slot {
                    seen: attacks,
                    epoch: age,
                };
            } else if slot.seen != attacks {
                return Some(position);
            }
        }
        None
    }
}

/// One square's test of a candidate with `bits` index bits.
#[derive(Clone, Copy)]
pub(crate) struct Tester<'a> {
    mask: u64,
    pairs: &'a [(u64, u64)],
    bits: u32,
    /// The filter's threshold; 0 turns it off.
    pub(crate) min_top: u32,
}

impl<'a> Tester<'a> {
    pub(crate) fn new(data: &'a SquareData, bits: u32, min_top: u32) -> Self {
        Tester {
            mask: data.mask,
            pairs: &data.pairs,
            bits,
            min_top,
        }
    }

    /// The occupancies a full test probes.
    pub(crate) fn probes(&self) -> usize {
        self.pairs.len()
    }

    /// Whether the top 8 bits of the mask's product have at least `min_top` set bits.
    #[inline(always)]
    pub(crate) fn passes_filter<P: Product>(&self, magic: u64) -> bool {
        let top = P::of(self.mask, magic) >> (P::WIDTH - 8);
        POP8[top as usize & 255] as u32 >= self.min_top
    }

    /// See [`Probes::first_collision`].
    #[inline(always)]
    pub(crate) fn first_collision<P: Product>(
        &self,
        probes: &mut Probes,
        magic: u64,
    ) -> Option<usize> {
        let shift = P::WIDTH - self.bits;
        probes.first_collision(self.pairs, |key| (P::of(key, magic) >> shift) as usize)
    }

    /// The smallest and largest index `magic` uses.
    pub(crate) fn range<P: Product>(&self, magic: u64) -> (u32, u32) {
        let shift = P::WIDTH - self.bits;
        self.pairs
            .iter()
            .map(|&(key, _)| (P::of(key, magic) >> shift) as u32)
            .fold((u32::MAX, 0), |(lo, hi), i| (lo.min(i), hi.max(i)))
    }
}
