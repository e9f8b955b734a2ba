//! The candidate generators: xorshift64* (the generator of Stockfish's magic search,
//! after Sebastiano Vigna's "An experimental exploration of Marsaglia's xorshift
//! generators, scrambled", 2014) and splitmix64 to derive per-square seeds.

/// Stockfish's per-rank seeds for its 64-bit magic search (public numbers from
/// Stockfish's `bitboard.cpp`): the generator of a square is seeded with its rank's.
pub const STOCKFISH_RANK_SEEDS: [u64; 8] = [728, 10316, 55013, 32803, 12281, 15100, 16645, 255];

/// xorshift64*: `s ^= s >> 12; s ^= s << 25; s ^= s >> 27; s * 2685821657736338717`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xorshift64Star(u64);

impl Xorshift64Star {
    /// A generator from a seed; a zero seed (which would stay zero) is replaced.
    pub const fn new(seed: u64) -> Self {
        Xorshift64Star(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The raw state (to save and restore a generator).
    pub const fn state(&self) -> u64 {
        self.0
    }

    /// The next output.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        self.0 = s;
        s.wrapping_mul(2_685_821_657_736_338_717)
    }

    /// A sparse candidate: the AND of three outputs (about 8 bits set).
    #[inline(always)]
    pub fn sparse(&mut self) -> u64 {
        let a = self.next_u64();
        let b = self.next_u64();
        let c = self.next_u64();
        a & b & c
    }
}

/// A source of candidates: sparse (about 8 bits set) or dense words.
pub trait Candidates {
    /// A sparse word: the AND of three outputs.
    fn sparse(&mut self) -> u64;
    /// A dense word: one output.
    fn dense(&mut self) -> u64;
}

impl Candidates for Xorshift64Star {
    #[inline(always)]
    fn sparse(&mut self) -> u64 {
        Xorshift64Star::sparse(self)
    }

    #[inline(always)]
    fn dense(&mut self) -> u64 {
        self.next_u64()
    }
}

/// Three independent xorshift64* streams; a sparse candidate is the AND of one output of
/// each. The same distribution as [`Xorshift64Star::sparse`], but the three state
/// updates do not wait on each other, so a candidate costs one step of latency, not
/// three. Used for per-square seeding (not Stockfish's, which is one stream).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Triple([Xorshift64Star; 3]);

impl Triple {
    /// Three streams from one seed.
    pub const fn new(seed: u64) -> Self {
        Triple([
            Xorshift64Star::new(mix64(seed)),
            Xorshift64Star::new(mix64(seed ^ 0x5555_5555_5555_5555)),
            Xorshift64Star::new(mix64(seed ^ 0xaaaa_aaaa_aaaa_aaaa)),
        ])
    }
}

impl Candidates for Triple {
    #[inline(always)]
    fn sparse(&mut self) -> u64 {
        self.0[0].next_u64() & self.0[1].next_u64() & self.0[2].next_u64()
    }

    #[inline(always)]
    fn dense(&mut self) -> u64 {
        self.0[0].next_u64()
    }
}

/// splitmix64's finaliser: a well-mixed 64-bit hash of `x`.
pub const fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The seed of one chunk of one square's candidate stream, from the user's seed: the
/// same (seed, piece, square, chunk) always gives the same candidates, whatever the
/// thread count or the order squares are searched in.
pub const fn chunk_seed(seed: u64, piece: usize, square: usize, chunk: u64) -> u64 {
    mix64(mix64(mix64(seed) ^ ((piece as u64) << 8 | square as u64)) ^ chunk)
}

/// Puts `items` in the fixed pseudo-random order `seed` gives (Fisher-Yates with
/// xorshift64*): the test order of a square's occupancies.
pub(crate) fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut g = Xorshift64Star::new(seed);
    for i in (1..items.len()).rev() {
        let j = (g.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_matches_the_recurrence() {
        let mut g = Xorshift64Star::new(1);
        // s = 1: s ^= s >> 12 -> 1; s ^= s << 25 -> 1 | 1 << 25; s ^= s >> 27 -> same.
        let s: u64 = 1 | 1 << 25;
        assert_eq!(g.next_u64(), s.wrapping_mul(2_685_821_657_736_338_717));
        assert_eq!(g.state(), s);
    }

    #[test]
    fn chunk_seeds_differ() {
        let a = chunk_seed(1, 0, 0, 0);
        assert_ne!(a, chunk_seed(1, 1, 0, 0));
        assert_ne!(a, chunk_seed(1, 0, 1, 0));
        assert_ne!(a, chunk_seed(1, 0, 0, 1));
        assert_ne!(a, chunk_seed(2, 0, 0, 0));
    }
}
