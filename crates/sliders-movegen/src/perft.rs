//! Perft: counting the leaves of the legal move tree.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering};

#[cfg(feature = "by-id")]
use sliders_core::schemes::SchemeId;
use sliders_core::schemes::{dispatch, Scheme, WithScheme};

use crate::board::Board;
use crate::filter::MoveFilter;
use crate::move_list::MoveList;
use crate::movegen::{generate, Counter};
use crate::moves::Move;

/// The number of leaf nodes `depth` plies below `board` (bulk counted: moves at the last
/// ply are counted, not made), with the best slider scheme for this CPU. Totals are
/// `u128`, so no count can wrap.
///
/// ```
/// use sliders_movegen::{perft, Board};
/// assert_eq!(perft(&Board::startpos(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u128 {
    dispatch(PerftJob(board, depth))
}

/// [`perft_with`] as a job for a scheme chosen at run time (`perft`, `perft_by_id`).
struct PerftJob<'a>(&'a Board, u32);

impl WithScheme for PerftJob<'_> {
    type Output = u128;
    fn run<S: Scheme>(self, s: S) -> u128 {
        perft_with(s, self.0, self.1)
    }
}

/// [`perft`] with a given slider scheme. With the `perft-engine` feature it counts with
/// the counting engine (`engine`) for every scheme but those whose lookups need
/// AVX2; otherwise, and for those, with the general generator
/// ([`perft_generator_with`]). The counts are the same.
///
/// ```
/// use sliders_core::schemes::Black;
/// use sliders_movegen::{perft_with, Board};
/// assert_eq!(perft_with(Black, &Board::startpos(), 4), 197_281);
/// ```
pub fn perft_with<S: Scheme>(scheme: S, board: &Board, depth: u32) -> u128 {
    #[cfg(feature = "perft-engine")]
    if !S::AVX2_LOOKUPS {
        return crate::engine::perft_with(scheme, board, depth);
    }
    perft_generator_with(scheme, board, depth)
}

/// [`perft_with`] through the general move generator (the one [`Board::legal_moves`]
/// uses), whatever the features: what the counting engine is checked against.
///
/// ```
/// use sliders_core::schemes::Black;
/// use sliders_movegen::{perft_generator_with, Board};
/// assert_eq!(perft_generator_with(Black, &Board::startpos(), 4), 197_281);
/// ```
pub fn perft_generator_with<S: Scheme>(scheme: S, board: &Board, depth: u32) -> u128 {
    match depth {
        0 => 1,
        1 => board.count_moves_with(scheme) as u128,
        #[cfg(target_arch = "x86_64")]
        _ if S::AVX2_LOOKUPS && sliders_core::cpu::has_avx2() => {
            // SAFETY: `inner_avx2` needs AVX2, which the CPU and OS were just found to
            // run. Covered by `tests/suites.rs`'s `simd_avx2_perft_agrees_on_tricky`
            // (which insists on AVX2 in CI).
            #[allow(unsafe_code)]
            unsafe {
                inner_avx2(scheme, board, depth)
            }
        }
        _ => inner(scheme, board, depth),
    }
}

#[inline(always)]
fn count<S: Scheme>(s: S, board: &Board) -> u64 {
    let mut c = Counter(0, s);
    generate(s, board, &mut c, MoveFilter::ALL);
    c.0
}

/// Perft at `depth >= 2`: list the moves, make each by copying, recurse; at depth 2
/// the children are bulk counted. (Measured: about 10% faster than making each move
/// from inside the generator's callbacks, the cozy-chess style.) Written once, compiled
/// twice: for the build's target, and for AVX2 (`inner_avx2`), where a scheme whose
/// lookups are AVX2 functions gets them inlined.
macro_rules! perft_inner {
    ($(#[$attr:meta])* [$($qualifier:tt)*] $name:ident) => {
        $(#[$attr])*
        $($qualifier)* fn $name<S: Scheme>(s: S, board: &Board, depth: u32) -> u128 {
            let mut list = MoveList::new();
            generate(s, board, &mut list, MoveFilter::ALL);
            if depth == 2 {
                let mut total = 0u64;
                for &mv in list.iter() {
                    // at most 218 * 218 per node: cannot overflow
                    total += count(s, &board.play_unhashed(mv));
                }
                return total as u128;
            }
            let mut total = 0u128;
            for &mv in list.iter() {
                // SAFETY (in `inner_avx2`): the same function, so the same features.
                #[allow(unused_unsafe, unsafe_code)]
                let below = unsafe { $name(s, &board.play_unhashed(mv), depth - 1) };
                total += below;
            }
            total
        }
    };
}

perft_inner!([] inner);
perft_inner!(
    /// [`inner`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU and OS must run AVX2 ([`sliders_core::cpu::has_avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    [unsafe] inner_avx2
);

/// Perft of each legal move (the `divide` of move-generator debugging): the moves in
/// generation order, each with the leaf count below it (`depth - 1` plies after it).
/// The total is the sum. Depth 0 gives an empty list.
///
/// ```
/// use sliders_movegen::{divide, Board};
/// let d = divide(&Board::startpos(), 2);
/// assert_eq!(d.len(), 20);
/// assert!(d.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u128)> {
    divide_parallel(board, depth, 1, None)
}

/// [`divide`], in parallel on `threads` threads (0: as many as there are cores; 1: on
/// this thread), with an optional transposition table.
///
/// Threads need the `parallel` cargo feature (off by default; it brings in rayon).
/// Without it `threads` is ignored and the count runs on this thread, with the same
/// result.
///
/// ```
/// use sliders_movegen::{divide_parallel, Board, PerftTable};
/// let table = PerftTable::new(1).unwrap();
/// let d = divide_parallel(&Board::startpos(), 3, 2, Some(&table));
/// assert_eq!(d.iter().map(|&(_, n)| n).sum::<u128>(), 8_902);
/// ```
pub fn divide_parallel(
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u128)> {
    dispatch(DivideJob {
        board,
        depth,
        threads,
        table,
    })
}

/// [`divide_parallel`] with a given slider scheme instead of the run-time choice, for
/// comparing schemes. Generic, so that only a program that names schemes compiles the
/// divide for them (a scheme chosen at run time: `divide_by_id`, with the `by-id`
/// feature).
///
/// ```
/// use sliders_core::schemes::Hyperbola;
/// use sliders_movegen::{divide_with, Board};
/// let d = divide_with(Hyperbola, &Board::startpos(), 3, 1, None);
/// assert_eq!(d.iter().map(|&(_, n)| n).sum::<u128>(), 8_902);
/// ```
pub fn divide_with<S: Scheme>(
    scheme: S,
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Vec<(Move, u128)> {
    DivideJob {
        board,
        depth,
        threads,
        table,
    }
    .run(scheme)
}

/// [`perft_with`] with a scheme named at run time: `None` when the scheme is not
/// compiled in or this CPU cannot run it. With the `by-id` feature: monomorphised
/// here, once for every scheme compiled in, where a program's own [`SchemeId::run`]
/// over [`perft_with`] compiles the counting engine again for each scheme in the
/// program's crate (the `sliders` binary took 134 s to build that way, 20 s now).
///
/// ```
/// use sliders_core::schemes::SchemeId;
/// use sliders_movegen::{perft_by_id, Board};
/// assert_eq!(perft_by_id(SchemeId::Hyperbola, &Board::startpos(), 3), Some(8_902));
/// ```
#[cfg(feature = "by-id")]
pub fn perft_by_id(id: SchemeId, board: &Board, depth: u32) -> Option<u128> {
    id.run(PerftJob(board, depth)).ok()
}

/// [`divide_with`] with a scheme named at run time (`None` as for [`perft_by_id`],
/// and compiled here once for the same reason).
///
/// ```
/// use sliders_core::schemes::SchemeId;
/// use sliders_movegen::{divide_by_id, Board};
/// let d = divide_by_id(SchemeId::Classical, &Board::startpos(), 2, 1, None).unwrap();
/// assert_eq!(d.iter().map(|&(_, n)| n).sum::<u128>(), 400);
/// ```
#[cfg(feature = "by-id")]
pub fn divide_by_id(
    id: SchemeId,
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
) -> Option<Vec<(Move, u128)>> {
    id.run(DivideJob {
        board,
        depth,
        threads,
        table,
    })
    .ok()
}

/// A divide, generic over the scheme (entered once through `dispatch` or [`divide_with`]).
struct DivideJob<'a> {
    board: &'a Board,
    depth: u32,
    threads: usize,
    table: Option<&'a PerftTable>,
}

impl WithScheme for DivideJob<'_> {
    type Output = Vec<(Move, u128)>;
    fn run<S: Scheme>(self, s: S) -> Vec<(Move, u128)> {
        if self.depth == 0 {
            return Vec::new();
        }
        let moves = self.board.legal_moves_with(s);
        // Shallow counts are over before threads could help.
        if self.threads != 1 && self.depth >= 3 {
            let on_threads =
                threads::divide(s, self.board, &moves, self.depth, self.threads, self.table);
            if let Some(counts) = on_threads {
                return counts;
            }
        }
        moves
            .iter()
            .map(|&mv| {
                let child = self.board.after_unchecked(mv);
                let n = match self.table {
                    Some(t) => hashed(s, &child, self.depth - 1, t),
                    None => perft_with(s, &child, self.depth - 1),
                };
                (mv, n)
            })
            .collect()
    }
}

/// The thread pool and the parallel count (the `parallel` feature: rayon).
#[cfg(feature = "parallel")]
mod threads {
    use alloc::vec::Vec;
    use std::sync::{Arc, Mutex};

    use rayon::prelude::*;
    use rayon::ThreadPool;

    use super::{hashed, perft_with, PerftTable};
    use crate::board::Board;
    use crate::move_list::MoveList;
    use crate::moves::Move;
    use sliders_core::schemes::Scheme;

    /// Below this depth a subtree is counted on one thread.
    const PARALLEL_MIN_DEPTH: u32 = 4;

    /// Each move's subtree counted on a pool of `threads` threads (0: one per core), or
    /// `None` when the pool cannot be built (the caller then counts on its own thread).
    pub(super) fn divide<S: Scheme>(
        s: S,
        board: &Board,
        moves: &MoveList,
        depth: u32,
        threads: usize,
        table: Option<&PerftTable>,
    ) -> Option<Vec<(Move, u128)>> {
        let pool = pool(threads)?;
        Some(pool.install(|| {
            moves
                .par_iter()
                .map(|&mv| {
                    (
                        mv,
                        par_inner(s, &board.after_unchecked(mv), depth - 1, table),
                    )
                })
                .collect()
        }))
    }

    /// A thread pool of `threads` threads (0: one per core), kept for the next call with
    /// the same count: a suite runs thousands of small counts.
    fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
        static POOL: Mutex<Option<(usize, Arc<ThreadPool>)>> = Mutex::new(None);
        let mut cached = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((n, pool)) = cached.as_ref() {
            if *n == threads {
                return Some(Arc::clone(pool));
            }
        }
        let pool = Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()?,
        );
        *cached = Some((threads, Arc::clone(&pool)));
        Some(pool)
    }

    fn par_inner<S: Scheme>(s: S, board: &Board, depth: u32, table: Option<&PerftTable>) -> u128 {
        if depth < PARALLEL_MIN_DEPTH {
            return match table {
                Some(t) => hashed(s, board, depth, t),
                None => perft_with(s, board, depth),
            };
        }
        if let Some(t) = table {
            if let Some(n) = t.probe(board, depth) {
                return n as u128;
            }
        }
        let moves = board.legal_moves_with(s);
        let n = moves
            .par_iter()
            .map(|&mv| par_inner(s, &board.after_unchecked(mv), depth - 1, table))
            .sum();
        if let Some(t) = table {
            t.store(board, depth, n);
        }
        n
    }
}

/// Without the `parallel` feature there is no pool: the caller counts on its own thread.
#[cfg(not(feature = "parallel"))]
mod threads {
    use alloc::vec::Vec;

    use super::PerftTable;
    use crate::board::Board;
    use crate::move_list::MoveList;
    use crate::moves::Move;
    use sliders_core::schemes::Scheme;

    pub(super) fn divide<S: Scheme>(
        _: S,
        _: &Board,
        _: &MoveList,
        _: u32,
        _: usize,
        _: Option<&PerftTable>,
    ) -> Option<Vec<(Move, u128)>> {
        None
    }
}

/// [`perft`] on `threads` threads (0: one per core), splitting the tree among them.
///
/// Threads need the `parallel` cargo feature (off by default; it brings in rayon).
/// Without it `threads` is ignored and the count runs on this thread, with the same
/// result.
///
/// ```
/// use sliders_movegen::{perft_parallel, Board};
/// assert_eq!(perft_parallel(&Board::startpos(), 4, 2), 197_281);
/// ```
pub fn perft_parallel(board: &Board, depth: u32, threads: usize) -> u128 {
    divide_parallel(board, depth, threads, None)
        .iter()
        .map(|&(_, n)| n)
        .sum::<u128>()
        .max(u128::from(depth == 0))
}

/// [`perft`] with a transposition table: subtrees seen before are looked up rather than
/// counted. Gives the same counts as [`perft`]. The table may be reused across calls.
///
/// ```
/// use sliders_movegen::{perft, perft_hashed, Board, PerftTable};
/// let b = Board::startpos();
/// let table = PerftTable::new(1).unwrap();
/// assert_eq!(perft_hashed(&b, 4, &table), perft(&b, 4));
/// ```
pub fn perft_hashed(board: &Board, depth: u32, table: &PerftTable) -> u128 {
    struct Job<'a>(&'a Board, u32, &'a PerftTable);
    impl WithScheme for Job<'_> {
        type Output = u128;
        fn run<S: Scheme>(self, s: S) -> u128 {
            hashed(s, self.0, self.1, self.2)
        }
    }
    dispatch(Job(board, depth, table))
}

fn hashed<S: Scheme>(s: S, board: &Board, depth: u32, table: &PerftTable) -> u128 {
    if depth <= 2 {
        return perft_with(s, board, depth);
    }
    if let Some(n) = table.probe(board, depth) {
        return n as u128;
    }
    let moves = board.legal_moves_with(s);
    let mut total = 0u128;
    for &mv in moves.iter() {
        total += hashed(s, &board.after_unchecked(mv), depth - 1, table);
    }
    table.store(board, depth, total);
    total
}

/// A lock-free perft transposition table shared by threads. Each slot holds a key and
/// a count; the key is stored xor the count, so a slot torn by two writers fails the
/// check and reads as a miss rather than a wrong count.
pub struct PerftTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PerftTable {
    /// A table of about `mb` megabytes (rounded down to a power of two of 16-byte slots,
    /// at least 1,024), or `None` when that much memory cannot be had.
    ///
    /// ```
    /// let t = sliders_movegen::PerftTable::new(1).unwrap();
    /// assert_eq!(t.len(), 65_536);
    /// assert!(sliders_movegen::PerftTable::new(usize::MAX).is_none());
    /// ```
    #[allow(unsafe_code)]
    pub fn new(mb: usize) -> Option<PerftTable> {
        let wanted = (mb.saturating_mul(1 << 20) / 16).max(1024);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let layout = core::alloc::Layout::array::<[AtomicU64; 2]>(len).ok()?;
        // SAFETY: the layout has a non-zero size (len >= 1,024). `alloc_zeroed` returns
        // zeroed memory of that layout or null (checked). All-zero bytes are a valid
        // `AtomicU64` (it has the same in-memory representation as `u64`), so the memory
        // holds `len` initialised slots, and `Vec::from_raw_parts` takes ownership of an
        // allocation made by the global allocator with exactly this layout (capacity =
        // length = len), which it frees the same way. Measured: filling a 4 GiB table by
        // writing took 6.2 s before the first node; zeroed pages from the OS cost
        // nothing until touched. Covered by every hashed perft test (a table that were
        // not empty would give wrong counts) and `a_new_table_is_empty` (tests/api.rs).
        let slots = unsafe {
            let ptr = alloc::alloc::alloc_zeroed(layout).cast::<[AtomicU64; 2]>();
            if ptr.is_null() {
                return None;
            }
            Vec::from_raw_parts(ptr, len, len)
        };
        Some(PerftTable {
            slots,
            mask: len - 1,
        })
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a table has at least 1,024 slots.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The number of slots that hold an entry: 0 for a new table. A scan of the whole
    /// table (like a UCI engine's `hashfull`, but exact), for statistics and tests.
    pub fn used(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| s[0].load(Ordering::Relaxed) != 0 || s[1].load(Ordering::Relaxed) != 0)
            .count()
    }

    /// The board's Polyglot key mixed with its remaining depth.
    fn key(board: &Board, depth: u32) -> u64 {
        board.hash() ^ DEPTH_KEYS[depth as usize & 63]
    }

    fn probe(&self, board: &Board, depth: u32) -> Option<u64> {
        let key = Self::key(board, depth);
        let slot = &self.slots[key as usize & self.mask];
        let count = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        (check ^ count == key && key != 0).then_some(count)
    }

    fn store(&self, board: &Board, depth: u32, count: u128) {
        let Ok(count) = u64::try_from(count) else {
            return; // too large for a slot: simply not stored
        };
        let key = Self::key(board, depth);
        let slot = &self.slots[key as usize & self.mask];
        slot[1].store(count, Ordering::Relaxed);
        slot[0].store(key ^ count, Ordering::Relaxed);
    }
}

/// One random key per remaining depth (splitmix64 outputs), so that the same position
/// at two depths lands in two slots.
static DEPTH_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut state = 0u64;
    let mut i = 0;
    while i < 64 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};
