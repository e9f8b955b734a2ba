//! [`crate::refine`] for offset-in-magic sets. A candidate cannot slide to the lowest
//! offset where its pattern fits, as in a fixed-shift or black table: its low 16 bits
//! *are* its offset and take part in the multiplication, so each offset is tried with
//! its own candidates, random high 48 bits over the offset's low 16 (as in
//! [`crate::offset`]).
//!
//! - **square visit**: lift one square out (drawn with a bias to the squares that end
//!   highest) and scan the offsets below its end, from the lowest whose window reaches a
//!   free entry, trying at each offset fresh high parts (sparse, or dense for candidate
//!   numbers 3 modulo 4: with mutation on, fresh ones take the even numbers, so half of
//!   them are dense) and, with *mutate*, the square's own high part with one to three
//!   bits flipped; keep the placement that ends lowest if it ends below the square's old
//!   end. (With `--no-ruin` a visit draws one number fewer from its generator, so its
//!   squares differ from a default run's at the same visit.)
//! - **ruin and recreate** (one visit in eight): lift the two to eight squares that end
//!   highest and put them back one by one, in a random order, each where it ends lowest;
//!   keep the result if the table shrank, or kept its size with a lower sum of the
//!   squares' ends; otherwise undo it.
//!
//! The run is single-threaded; every random choice derives from `(seed, visit number)`
//! and the current set, so it is reproducible and resumes exactly.

use sliders_core::{RookOrBishop, Square};

use super::layout::{highest_first, ruin, Layout};
use super::state::{
    input_provenance, provenance_line, start_state, RefineError, RefineOptions, RefineState,
};
use crate::offset::{square_trials, trial, Scratch, SquareData, OFFSET_BITS_MASK};
use crate::rng::{chunk_seed, mix64, Candidates, Triple, Xorshift64Star};
use crate::set::{MagicSet, SchemeKind};

/// One square in the table.
struct Placed {
    data: SquareData,
    magic: u64,
    offset: usize,
    /// The offset plus the highest local index used, plus one.
    end: usize,
}

impl Placed {
    /// The table index of occupancy `occ`.
    fn index(&self, occ: u64) -> usize {
        self.offset + (occ.wrapping_mul(self.magic) >> self.data.shift) as usize
    }
}

/// Where a square goes: `(offset, magic, end)`.
type Fit = (usize, u64, usize);

/// Which kind of candidate placed a square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Mutate,
    Fresh,
}

/// An offset-in-magic refine run.
pub(crate) struct OffsetRun<'o> {
    options: &'o RefineOptions,
    provenance: Vec<String>,
    offset_shift: u32,
    /// Attack sets by entry (0: free).
    value: Vec<u64>,
    /// Occupancies using each entry (only the corner bishops' shared diagonal sets are
    /// used by two squares).
    uses: Vec<u32>,
    squares: Vec<Placed>,
    scratch: Scratch,
    state: RefineState,
}

impl<'o> OffsetRun<'o> {
    pub(crate) fn new(
        set: &MagicSet,
        resume: Option<RefineState>,
        options: &'o RefineOptions,
    ) -> Result<Self, RefineError> {
        debug_assert_eq!(set.scheme(), SchemeKind::OffsetInMagic);
        let (set, state) = start_state(set, resume, options)?;
        let mut run = OffsetRun {
            options,
            provenance: input_provenance(&set),
            offset_shift: set.offset_shift(),
            value: Vec::new(),
            uses: Vec::new(),
            squares: Vec::with_capacity(128),
            scratch: Scratch::new(),
            state,
        };
        for piece in RookOrBishop::BOTH {
            for square in Square::ALL {
                let m = set.get(piece, square);
                let data = SquareData::new(piece, square);
                let hi = data
                    .pairs
                    .iter()
                    .map(|&(occ, _)| (occ.wrapping_mul(m.magic) >> data.shift) as usize)
                    .max()
                    .unwrap_or(0);
                let offset = m.offset as usize;
                run.squares.push(Placed {
                    data,
                    magic: m.magic,
                    offset,
                    end: offset + hi + 1,
                });
                run.add(run.squares.len() - 1);
            }
        }
        Ok(run)
    }

    fn grow(&mut self, len: usize) {
        if self.value.len() < len {
            self.value.resize(len, 0);
            self.uses.resize(len, 0);
        }
    }

    /// Enters square `i`'s attack sets at its placement.
    fn add(&mut self, i: usize) {
        let p = &self.squares[i];
        let len = p.offset + (1usize << (64 - p.data.shift));
        self.grow(len);
        let p = &self.squares[i];
        for &(occ, attacks) in &p.data.pairs {
            let k = p.index(occ);
            self.value[k] = attacks;
            self.uses[k] += 1;
        }
    }

    /// Takes square `i`'s attack sets out.
    fn remove(&mut self, i: usize) {
        let p = &self.squares[i];
        for &(occ, _) in &p.data.pairs {
            let k = p.index(occ);
            self.uses[k] -= 1;
            if self.uses[k] == 0 {
                self.value[k] = 0;
            }
        }
    }

    /// The placement of lifted-out square `i` that ends lowest, below `below`, with
    /// candidates from `stream`.
    fn best_fit(&mut self, i: usize, below: usize, stream: u64) -> Option<(Fit, Kind)> {
        let unit = 1usize << self.offset_shift;
        let window = 1usize << (64 - self.squares[i].data.shift);
        let first_free = self
            .value
            .iter()
            .position(|&v| v == 0)
            .unwrap_or(self.value.len());
        let mut offset = first_free.saturating_sub(window - 1) & !(unit - 1);
        let trials = square_trials(&self.squares[i].data, self.options.trials.max(1));
        let own_high = self.squares[i].magic & !OFFSET_BITS_MASK;
        let ingredients = self.options.ingredients;
        let mut rng = Triple::new(chunk_seed(self.state.seed, 2, i, stream));
        let mut bound = below;
        let mut best = None;
        while offset < bound {
            let units = (offset >> self.offset_shift) as u64;
            if units > OFFSET_BITS_MASK {
                break;
            }
            self.grow(offset + window);
            for k in 0..trials {
                // With both kinds, every other candidate is a mutation.
                let kind = if ingredients.mutate && (!ingredients.fresh || k % 2 == 0) {
                    Kind::Mutate
                } else {
                    Kind::Fresh
                };
                let high = match kind {
                    Kind::Mutate => {
                        let r = rng.dense();
                        let mut flips = 1u64 << (16 + r % 48);
                        if r >> 60 >= 8 {
                            flips |= 1u64 << (16 + (r >> 8) % 48);
                        }
                        if r >> 60 >= 12 {
                            flips |= 1u64 << (16 + (r >> 16) % 48);
                        }
                        own_high ^ flips
                    }
                    Kind::Fresh if k % 4 == 3 => rng.dense(),
                    Kind::Fresh => rng.sparse(),
                };
                let magic = (high & !OFFSET_BITS_MASK) | units;
                self.state.drawn += 1;
                let data = &self.squares[i].data;
                let found = trial(data, &self.value, &mut self.scratch, offset, magic, bound);
                if let Some((_, hi)) = found {
                    self.state.valid += 1;
                    let end = offset + hi as usize + 1;
                    if end < bound {
                        bound = end;
                        best = Some(((offset, magic, end), kind));
                    }
                }
            }
            offset += unit;
        }
        best
    }
}

impl Layout for OffsetRun<'_> {
    fn state(&mut self) -> &mut RefineState {
        &mut self.state
    }

    fn visit(&mut self) {
        let mut rng = Xorshift64Star::new(mix64(mix64(self.state.seed) ^ self.state.visits));
        if self.options.ingredients.ruin && rng.next_u64().is_multiple_of(8) {
            ruin(self, &mut rng);
        } else {
            // Rank u * u / 128 of 128, as for fixed-shift and black.
            let u = (rng.next_u64() % 128) as usize;
            let i = self.order()[u * u / 128];
            let size = Layout::size(self);
            let old = self.placement(i);
            self.remove(i);
            match self.best_fit(i, old.2, self.state.visits) {
                Some((fit, kind)) => {
                    self.place(i, fit);
                    let fell = (size - Layout::size(self)) as u64;
                    let gain = match kind {
                        Kind::Mutate => &mut self.state.gains.mutate,
                        Kind::Fresh => &mut self.state.gains.fresh,
                    };
                    gain.accepted += 1;
                    gain.entries += fell;
                }
                None => self.place(i, old),
            }
        }
        self.state.visits += 1;
    }

    fn size(&self) -> usize {
        self.squares.iter().map(|p| p.end).max().unwrap_or(0)
    }

    fn used(&self) -> usize {
        self.uses.iter().filter(|&&u| u != 0).count()
    }

    type Placement = Fit;

    fn placement(&self, i: usize) -> Fit {
        let p = &self.squares[i];
        (p.offset, p.magic, p.end)
    }

    fn lift(&mut self, i: usize) {
        self.remove(i);
    }

    fn place(&mut self, i: usize, (offset, magic, end): Fit) {
        let p = &mut self.squares[i];
        p.offset = offset;
        p.magic = magic;
        p.end = end;
        self.add(i);
    }

    fn search(&mut self, i: usize, stream: u64) -> Option<Fit> {
        // Past the table's end there is always room, unless the offsets run out.
        self.best_fit(i, usize::MAX, stream).map(|(fit, _)| fit)
    }

    fn order(&self) -> Vec<usize> {
        highest_first(self.squares.iter().map(|p| p.end))
    }

    fn ends(&self) -> usize {
        self.squares.iter().map(|p| p.end).sum()
    }

    fn set(&self) -> MagicSet {
        let mut magics = [[0u64; 64]; 2];
        for p in &self.squares {
            magics[p.data.piece.index()][p.data.square as usize] = p.magic;
        }
        let mut set = MagicSet::offset_in_magic(magics[0], magics[1], self.offset_shift)
            .expect("every placement keeps its offset in its magic");
        set.provenance.clone_from(&self.provenance);
        set.provenance.push(provenance_line(
            self.options,
            SchemeKind::OffsetInMagic,
            &self.state,
            Layout::size(self),
        ));
        set
    }
}
