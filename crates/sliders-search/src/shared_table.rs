//! A shared table under construction, for [`crate::pack`] and [`crate::refine`]: per
//! entry the attack set stored there and how many squares use it, so a square can be
//! lifted out and put back, and two squares may share an entry when their attack sets
//! there are equal (a constructive collision).

/// One square's used entries: `(local index, attacks)`, ascending and without repeats.
pub(crate) type Window = [(u32, u64)];

/// See the module documentation.
#[derive(Clone, Default)]
pub(crate) struct Table {
    value: Vec<u64>,
    count: Vec<u16>,
    /// Bit `i` set when entry `i` is in use (`count[i] > 0`), for [`Table::first_free_fit`].
    used_bits: Vec<u64>,
}

impl Table {
    /// Whether `w` placed at `offset` meets only free entries or equal attack sets.
    #[inline]
    pub(crate) fn fits(&self, w: &Window, offset: usize) -> bool {
        w.iter().all(|&(i, a)| {
            let at = offset + i as usize;
            at >= self.value.len() || self.count[at] == 0 || self.value[at] == a
        })
    }

    /// The lowest offset below `limit` where `w` fits, or `limit` if there is none.
    pub(crate) fn first_fit(&self, w: &Window, limit: usize) -> usize {
        (0..limit).find(|&o| self.fits(w, o)).unwrap_or(limit)
    }

    /// The lowest offset below `limit` where every entry of `scan` (a window's local
    /// indices, in any order) is free, or `limit` if there is none. Offsets are tried
    /// 64 at a time: bit `k` of the AND over the window's entries of the used bits from
    /// `base + i` on says whether offset `base + k` is blocked by entry `i`. Free fits
    /// are fits; they are all of them where no two squares have an equal attack set,
    /// which holds for rook and bishop squares (`refine`'s tests check it).
    pub(crate) fn first_free_fit(&self, scan: &[u32], limit: usize) -> usize {
        let mut base = 0;
        while base < limit {
            let mut free = !0u64;
            for &i in scan {
                free &= !self.used_bits_at(base + i as usize);
                if free == 0 {
                    break;
                }
            }
            if free != 0 {
                return (base + free.trailing_zeros() as usize).min(limit);
            }
            base += 64;
        }
        limit
    }

    /// The 64 used bits of entries `at..at + 64` (entries past the table are free).
    #[inline(always)]
    fn used_bits_at(&self, at: usize) -> u64 {
        let (word, shift) = (at >> 6, at & 63);
        let lo = self.used_bits.get(word).copied().unwrap_or(0) >> shift;
        let hi = match shift {
            0 => 0,
            _ => self.used_bits.get(word + 1).copied().unwrap_or(0) << (64 - shift),
        };
        lo | hi
    }

    /// Places `w` at `offset` (which must fit).
    pub(crate) fn add(&mut self, w: &Window, offset: usize) {
        for &(i, a) in w {
            let at = offset + i as usize;
            if at >= self.value.len() {
                self.value.resize(at + 1, 0);
                self.count.resize(at + 1, 0);
                self.used_bits.resize((at >> 6) + 1, 0);
            }
            debug_assert!(self.count[at] == 0 || self.value[at] == a);
            self.value[at] = a;
            self.count[at] += 1;
            self.used_bits[at >> 6] |= 1 << (at & 63);
        }
    }

    /// Lifts out `w`, placed earlier at `offset`.
    pub(crate) fn remove(&mut self, w: &Window, offset: usize) {
        for &(i, _) in w {
            let at = offset + i as usize;
            self.count[at] -= 1;
            if self.count[at] == 0 {
                self.used_bits[at >> 6] &= !(1 << (at & 63));
            }
        }
    }

    /// The entries allocated: at least [`Table::size`].
    pub(crate) fn len(&self) -> usize {
        self.value.len()
    }

    /// The table size: the highest used entry + 1.
    pub(crate) fn size(&self) -> usize {
        self.count.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1)
    }

    /// Entries in use below [`Table::size`].
    pub(crate) fn used(&self) -> usize {
        self.used_bits.iter().map(|w| w.count_ones() as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_equal_entries_and_keeps_counts() {
        let mut t = Table::default();
        t.add(&[(0, 7), (2, 9)], 0);
        // Entry 2 holds 9: a window wanting 9 there fits, one wanting 8 does not.
        assert!(t.fits(&[(0, 9)], 2));
        assert!(!t.fits(&[(0, 8)], 2));
        assert_eq!(t.first_fit(&[(0, 8)], 10), 1);
        t.add(&[(0, 9), (1, 5)], 2);
        assert_eq!((t.size(), t.used()), (4, 3));
        // Lifting the first window out keeps entry 2, still used by the second.
        t.remove(&[(0, 7), (2, 9)], 0);
        assert!(!t.fits(&[(0, 8)], 2));
        assert!(t.fits(&[(0, 8)], 0));
        assert_eq!((t.size(), t.used()), (4, 2));
        // Nothing below the limit: the limit.
        assert_eq!(t.first_fit(&[(0, 1), (1, 1), (2, 1)], 2), 2);
    }

    #[test]
    fn free_fits_agree_with_a_scan_over_offsets() {
        // A pseudo-random table of 3,000 entries, two thirds used, and windows of a few
        // entries spread over up to 300: the 64-offsets-at-a-time search finds what
        // trying each offset finds.
        let mut t = Table::default();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for at in 0..3000u32 {
            if next() % 3 != 0 {
                t.add(&[(at, 1)], 0);
            }
        }
        for _ in 0..200 {
            let n = 1 + next() % 5;
            let mut w: Vec<(u32, u64)> = (0..n).map(|_| ((next() % 300) as u32, 2)).collect();
            w.sort_unstable();
            w.dedup();
            let scan: Vec<u32> = w.iter().map(|e| e.0).collect();
            for limit in [0, 1, 63, 64, 65, 1000, 4000] {
                // Value 2 is nowhere in the table, so fits are free fits.
                assert_eq!(t.first_free_fit(&scan, limit), t.first_fit(&w, limit));
            }
        }
    }
}
