//! The fixed-shift and black layout: a candidate slides to the lowest offset where its
//! used entries meet only free entries or equal attack sets.

use rayon::prelude::*;
use sliders_core::{RookOrBishop, Square};

use crate::finder::{Scratch, SquareData, Tester, Wide, MAX_FIND_BITS};
use crate::pack::packable;
use crate::rng::{mix64, Xorshift64Star};
use crate::set::{MagicSet, SchemeKind};
use crate::shared_table::Table;

use super::layout::{highest_first, ruin, Layout};
use super::state::{
    input_provenance, provenance_line, start_state, Gain, Ingredients, RefineError, RefineOptions,
    RefineState,
};

/// Candidates per chunk: the unit of work of a thread and of determinism.
const CHUNK: u64 = 256;
/// One square of the run: its keys, its magic, its window and where it lies.
struct Slot {
    piece: RookOrBishop,
    square: Square,
    data: SquareData,
    bits: u32,
    magic: u64,
    window: Vec<(u32, u64)>,
    offset: usize,
}

impl Slot {
    fn reach(&self) -> usize {
        self.offset + self.window.last().map_or(0, |l| l.0 as usize + 1)
    }

    /// [`Best::key`] of where the square lies now.
    fn key(&self) -> (usize, usize) {
        (self.reach(), self.window.len())
    }

    /// Where the square lies now, to put it back there.
    fn placement(&self) -> Best {
        let (reach, used) = self.key();
        Best {
            reach,
            used,
            magic: self.magic,
            window: self.window.clone(),
            offset: self.offset,
            kind: Kind::Replace,
        }
    }
}

/// Which kind of candidate won a visit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Replace,
    Mutate,
    Fresh,
}

/// The best placement a chunk (or a visit) found.
#[derive(Clone, Debug)]
pub(super) struct Best {
    reach: usize,
    used: usize,
    magic: u64,
    window: Vec<(u32, u64)>,
    offset: usize,
    kind: Kind,
}

impl Best {
    fn key(&self) -> (usize, usize) {
        (self.reach, self.used)
    }
}

/// The run: its squares, table and counters.
pub(super) struct Run<'o> {
    options: &'o RefineOptions,
    /// The input's provenance comments, without an earlier run's line.
    provenance: Vec<String>,
    scheme: SchemeKind,
    slots: Vec<Slot>,
    table: Table,
    state: RefineState,
    pool: rayon::ThreadPool,
}

impl Layout for Run<'_> {
    fn state(&mut self) -> &mut RefineState {
        &mut self.state
    }
    fn visit(&mut self) {
        Run::visit(self);
    }
    fn size(&self) -> usize {
        self.table.size()
    }
    fn used(&self) -> usize {
        self.table.used()
    }
    fn set(&self) -> MagicSet {
        Run::set(self)
    }
    type Placement = Best;
    fn placement(&self, k: usize) -> Best {
        self.slots[k].placement()
    }
    fn lift(&mut self, k: usize) {
        let s = &self.slots[k];
        self.table.remove(&s.window, s.offset);
    }
    fn place(&mut self, k: usize, best: Best) {
        let s = &mut self.slots[k];
        s.magic = best.magic;
        s.window = best.window;
        s.offset = best.offset;
        self.table.add(&s.window, s.offset);
    }
    fn search(&mut self, k: usize, stream: u64) -> Option<Best> {
        Some(Run::search(self, k, stream))
    }
    fn order(&self) -> Vec<usize> {
        highest_first(self.slots.iter().map(Slot::reach))
    }
    fn ends(&self) -> usize {
        self.slots.iter().map(Slot::reach).sum()
    }
}

impl<'o> Run<'o> {
    pub(super) fn new(
        set: &MagicSet,
        resume: Option<RefineState>,
        options: &'o RefineOptions,
    ) -> Result<Self, RefineError> {
        if !packable(set.scheme()) {
            return Err(RefineError::Scheme(set.scheme()));
        }
        let (set, state) = start_state(set, resume, options)?;
        let scheme = set.scheme();
        for piece in RookOrBishop::BOTH {
            let bits = set.get(piece, Square::A1).bits;
            if bits > MAX_FIND_BITS {
                return Err(RefineError::Bits(bits));
            }
        }
        let mut table = Table::default();
        let mut slots = Vec::with_capacity(128);
        for piece in RookOrBishop::BOTH {
            for square in Square::ALL {
                let m = set.get(piece, square);
                let data = SquareData::new(piece, square, scheme);
                let window = data
                    .window(m.bits, m.magic)
                    .expect("a verified set has no destructive collision");
                let offset = m.offset as usize;
                table.add(&window, offset);
                slots.push(Slot {
                    piece,
                    square,
                    data,
                    bits: m.bits,
                    magic: m.magic,
                    window,
                    offset,
                });
            }
        }
        let provenance = input_provenance(&set);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .build()
            .expect("a thread pool");
        Ok(Run {
            provenance,
            pool,
            options,
            scheme,
            slots,
            table,
            state,
        })
    }

    /// The current set.
    fn set(&self) -> MagicSet {
        let mut magics = [[crate::set::SquareMagic::default(); 64]; 2];
        for s in &self.slots {
            magics[s.piece.index()][s.square as usize] = crate::set::SquareMagic {
                magic: s.magic,
                bits: s.bits,
                offset: s.offset as u32,
            };
        }
        let mut set = MagicSet::new(self.scheme, magics[0], magics[1]).expect("the input's bits");
        set.provenance.clone_from(&self.provenance);
        set.provenance.push(provenance_line(
            self.options,
            self.scheme,
            &self.state,
            self.table.size(),
        ));
        set
    }

    /// One visit: a square visit, or (one in eight) ruin and recreate.
    fn visit(&mut self) {
        let mut rng = Xorshift64Star::new(mix64(mix64(self.state.seed) ^ self.state.visits));
        let r = rng.next_u64();
        if self.options.ingredients.ruin && r.is_multiple_of(8) {
            ruin(self, &mut rng);
        } else {
            // Rank r * r / 128 of 128: half the visits go to the top 32.
            let u = (rng.next_u64() % 128) as usize;
            let k = self.order()[u * u / 128];
            let size = self.table.size();
            let old = self.slots[k].key();
            self.lift(k);
            let best = self.search(k, self.state.visits);
            let (won, kind) = (best.key() < old, best.kind);
            self.place(k, best);
            if won {
                let fell = (size - self.table.size()) as u64;
                let gain = self.gain(kind);
                gain.accepted += 1;
                gain.entries += fell;
            }
        }
        self.state.visits += 1;
    }

    fn gain(&mut self, kind: Kind) -> &mut Gain {
        match kind {
            Kind::Replace => &mut self.state.gains.replace,
            Kind::Mutate => &mut self.state.gains.mutate,
            Kind::Fresh => &mut self.state.gains.fresh,
        }
    }

    /// The best placement for lifted-out slot `k`: its own magic at its lowest fit,
    /// then the chunks of candidates drawn from `stream`, each at its lowest fit.
    fn search(&mut self, k: usize, stream: u64) -> Best {
        let s = &self.slots[k];
        let table = &self.table;
        // A square always fits past the table's end.
        let (offset, reach) =
            fit_below(table, s, &s.window, s.magic, usize::MAX / 2).expect("room past the end");
        let own = Best {
            reach,
            used: s.window.len(),
            magic: s.magic,
            window: s.window.clone(),
            offset,
            kind: Kind::Replace,
        };
        let bound = own.reach;
        let job = Job {
            slot: s,
            table,
            ingredients: self.options.ingredients,
            black: self.scheme == SchemeKind::Black,
            bound,
        };
        let chunks = self.options.candidates.div_ceil(CHUNK);
        let seed = mix64(mix64(self.state.seed ^ 0x7265_6669_6e65) ^ stream);
        let results: Vec<(Option<Best>, u64)> = self.pool.install(|| {
            (0..chunks)
                .into_par_iter()
                .map_init(
                    || (Scratch::new(), vec![0; 1 << MAX_FIND_BITS]),
                    |(scratch, seen), chunk| {
                        let mut rng = Xorshift64Star::new(mix64(seed ^ chunk));
                        job.chunk_best(scratch, seen, &mut rng)
                    },
                )
                .collect()
        });
        let mut best = own;
        for (found, valid) in results {
            self.state.valid += valid;
            if let Some(b) = found {
                if b.key() < best.key() {
                    best = b;
                }
            }
        }
        self.state.drawn += chunks * CHUNK;
        best
    }
}

/// Whether some attack set of `piece` on `square` is also another square's: only a
/// bishop in a corner, whose one diagonal another corner's bishop sees from the other
/// end (this crate's tests check every attack set). Every other square fits exactly
/// where its entries are free.
pub fn shares_attack_sets(piece: RookOrBishop, square: Square) -> bool {
    piece == RookOrBishop::Bishop
        && matches!(square, Square::A1 | Square::H1 | Square::A8 | Square::H8)
}

/// A window's local indices in a scrambled order: neighbouring entries tend to meet
/// neighbouring holes, so a scrambled scan rules an offset out sooner.
fn scan_order(window: &[(u32, u64)], magic: u64) -> Vec<u32> {
    let mut scan: Vec<u32> = window.iter().map(|e| e.0).collect();
    crate::rng::shuffle(&mut scan, magic);
    scan
}

/// The lowest fit of slot `s`'s `window` whose end is at most `bound`:
/// `(offset, end)`. Where no other square can share its attack sets, the fast search
/// over free entries; otherwise each offset in turn, equal attack sets allowed.
fn fit_below(
    table: &Table,
    s: &Slot,
    window: &[(u32, u64)],
    magic: u64,
    bound: usize,
) -> Option<(usize, usize)> {
    let last = window.last().map_or(0, |l| l.0 as usize + 1);
    if bound < last {
        return None;
    }
    let limit = bound - last + 1;
    let offset = if shares_attack_sets(s.piece, s.square) {
        table.first_fit(window, limit)
    } else {
        table.first_free_fit(&scan_order(window, magic), limit)
    };
    (offset < limit).then_some((offset, offset + last))
}

/// One square's search against the current table, shared by the chunks.
struct Job<'a> {
    /// The square, lifted out of `table`.
    slot: &'a Slot,
    table: &'a Table,
    ingredients: Ingredients,
    /// Black's fresh candidates are dense; fixed-shift's sparse.
    black: bool,
    /// Only placements that end at or below this count.
    bound: usize,
}

impl Job<'_> {
    /// The best of one chunk of candidates, and how many were valid.
    fn chunk_best(
        &self,
        scratch: &mut Scratch,
        seen: &mut [u64],
        rng: &mut Xorshift64Star,
    ) -> (Option<Best>, u64) {
        let (s, table, ingredients, black) = (self.slot, self.table, self.ingredients, self.black);
        let tester = Tester::new(&s.data, s.bits, 0);
        let mut best: Option<Best> = None;
        let mut limit_key = (self.bound, usize::MAX);
        let mut valid = 0;
        let mut probes = scratch.probes();
        for _ in 0..CHUNK {
            let r = rng.next_u64();
            let (magic, kind) =
                if ingredients.mutate && (!ingredients.fresh || !r.is_multiple_of(4)) {
                    let mut m = s.magic;
                    for f in 0..=(r >> 2) % 3 {
                        m ^= 1 << ((r >> (8 + 6 * f)) & 63);
                    }
                    (m, Kind::Mutate)
                } else if ingredients.fresh {
                    let m = match (black, r & 4 != 0) {
                        (true, true) => !rng.sparse(),
                        (true, false) => rng.next_u64(),
                        (false, _) => rng.sparse(),
                    };
                    (m, Kind::Fresh)
                } else {
                    continue;
                };
            if magic == s.magic || tester.first_collision::<Wide>(&mut probes, magic).is_some() {
                continue;
            }
            valid += 1;
            let Some(window) = s.data.window_in(s.bits, magic, seen) else {
                continue;
            };
            // Ends within the bound (equal ends compete on used entries).
            let Some((offset, reach)) = fit_below(table, s, &window, magic, limit_key.0) else {
                continue;
            };
            let candidate = Best {
                reach,
                used: window.len(),
                magic,
                window,
                offset,
                kind,
            };
            if candidate.key() < limit_key {
                limit_key = candidate.key();
                best = Some(candidate);
            }
        }
        (best, valid)
    }
}
