//! The `offset-in-magic` search (Eugene Kotlov's idea): fixed-shift magics (52 for every
//! rook square, a 12-bit window; 55 for every bishop square, a 9-bit window) in one
//! shared table of attack sets, where a square's table offset is not stored: it lives in
//! the low 16 bits of the magic itself. The per-square data is just `(mask, magic)`:
//!
//! ```text
//! offset(m) = ((m & 0xFFFF) as usize) << OFFSET_SHIFT
//! rook:   index = offset(m) + (((occ & mask).wrapping_mul(m)) >> 52) as usize
//! bishop: index = offset(m) + (((occ & mask).wrapping_mul(m)) >> 55) as usize
//! ```
//!
//! `OFFSET_SHIFT` (0..=3) is one constant per set: the offset unit is `2^OFFSET_SHIFT`
//! entries, so 16 bits of units reach `0xFFFF << OFFSET_SHIFT`.
//!
//! The low 16 bits take part in the multiplication: an occupied square `p` adds
//! `m << p` to the product, so for `p >= 37` the offset bits reach the index window, and
//! for the ranks 7 and 8 (`p >= 48`) *only* the offset bits do (the magic's bits 16 and
//! up are shifted out of the word). A magic is therefore valid only together with the
//! offset it encodes, and the search tests the full 64-bit word: the high 48 bits drawn
//! at random, the low 16 bits set to the offset being tried.
//!
//! # The search
//!
//! Greedy placement, hardest squares first ([`OffsetOptions::targets`] in the order of
//! `order`: the squares whose mask fills the window, then rooks, then bishops), in the
//! spirit of Volker Annuss' fixed-shift tables, where the squares' windows overlap
//! wherever their used entries do not disagree. For each square the search scans table
//! offsets upward in steps of the offset unit, from the lowest offset whose window can
//! still reach a free entry, and at each offset tries [`OffsetOptions::trials`] random
//! high parts (more for the squares whose valid magics are rare: see `place`). A trial
//! is accepted when every occupancy's entry is free or holds the same attack set (no
//! destructive collision within the square, none with squares already placed); among
//! the accepted ones the one that leaves the smallest table end wins (the earliest on
//! ties), so the search prefers magics whose used indices cluster in a narrow band and
//! slot into the holes and the ragged end the earlier squares left. Scanning stops once
//! no later offset can give a smaller end, and a trial is abandoned as soon as its
//! highest index so far cannot beat the best end found.
//!
//! Candidates come from the crate's per-square streams ([`crate::rng::Triple`], seeded by
//! [`crate::rng::chunk_seed`] with the user's seed, the piece and the square), so a seed
//! gives the same set on every run; the search is sequential (one core). What each
//! choice gains, and what was tried and dropped, is measured in docs/magic-search.md.

use std::fmt;
use std::time::{Duration, Instant};

use sliders_core::{RookOrBishop, Square};

use crate::finder::{by_square, AssembleError};
use crate::rng::{chunk_seed, shuffle, Candidates, Triple};
use crate::set::{mask_bits, plain_bits, MagicSet, SchemeKind};
use crate::verify::VerifyError;

// The offset-in-magic encoding lives with the set, which checks it when a set is built;
// here under the names it has always had.
pub use crate::set::{decoded_offset, MAX_OFFSET_SHIFT, OFFSET_BITS_MASK};

/// The shift of the scheme: 52 for rooks (12-bit window), 55 for bishops (9-bit).
pub const fn shift_of(piece: RookOrBishop) -> u32 {
    64 - plain_bits(piece)
}

/// The full table index of an occupancy (the scheme's lookup, exactly).
#[inline(always)]
pub fn index(
    piece: RookOrBishop,
    mask: u64,
    magic: u64,
    offset_shift: u32,
    occupied: u64,
) -> usize {
    decoded_offset(magic, offset_shift) as usize
        + ((occupied & mask).wrapping_mul(magic) >> shift_of(piece)) as usize
}

/// What the search does.
#[derive(Clone, Debug)]
pub struct OffsetOptions {
    /// The seed of the per-square candidate streams.
    pub seed: u64,
    /// The offset unit's shift; `None`: the smallest in 0..=3 whose 16 bits of units
    /// reach every offset the table needs (tried from 0 up; a run that outgrows its
    /// unit starts over with the next).
    pub offset_shift: Option<u32>,
    /// Random high parts tried at each offset.
    pub trials: u32,
    /// The squares to place (default: all 128). A partial search gives a partial table.
    pub targets: Vec<(RookOrBishop, Square)>,
}

impl OffsetOptions {
    /// All 128 squares, the given seed, automatic offset shift, 48 trials per offset.
    pub fn new(seed: u64) -> Self {
        OffsetOptions {
            seed,
            offset_shift: None,
            trials: DEFAULT_TRIALS,
            targets: RookOrBishop::BOTH
                .iter()
                .flat_map(|&p| Square::ALL.iter().map(move |&s| (p, s)))
                .collect(),
        }
    }
}

/// The default of [`OffsetOptions::trials`].
pub const DEFAULT_TRIALS: u32 = 48;

/// One placed square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Rook or bishop.
    pub piece: RookOrBishop,
    /// The square.
    pub square: Square,
    /// The full magic (its low 16 bits are the offset in units).
    pub magic: u64,
    /// The decoded offset.
    pub offset: u32,
    /// The lowest and highest local index used.
    pub lo: u32,
    /// See `lo`.
    pub hi: u32,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct OffsetOutcome {
    /// The placed squares, in placement order.
    pub placements: Vec<Placement>,
    /// The offset unit's shift used.
    pub offset_shift: u32,
    /// Table entries: the highest used index + 1.
    pub entries: usize,
    /// Trials (candidate magics tested against the table) in the final run.
    pub trials: u64,
    /// Wall time of the whole search (including runs restarted with a larger unit).
    pub elapsed: Duration,
}

impl OffsetOutcome {
    /// The complete set (needs all 128 squares).
    pub fn to_set(&self) -> Result<MagicSet, AssembleError> {
        let magics = by_square(self.placements.iter().map(|p| (p.piece, p.square, p.magic)))?;
        MagicSet::offset_in_magic(magics[0], magics[1], self.offset_shift)
            .map_err(AssembleError::Set)
    }
}

/// A square's occupancies and their attacks, in a fixed shuffled order (a bad candidate
/// shows its conflict sooner than in carry-rippler order).
pub(crate) struct SquareData {
    pub(crate) piece: RookOrBishop,
    pub(crate) square: Square,
    pub(crate) shift: u32,
    pub(crate) pairs: Vec<(u64, u64)>,
}

impl SquareData {
    pub(crate) fn new(piece: RookOrBishop, square: Square) -> Self {
        let mask = piece.mask(square);
        let mut pairs: Vec<(u64, u64)> = mask
            .subsets()
            .map(|occ| (occ.0, piece.attacks(square, occ).0))
            .collect();
        shuffle(&mut pairs, 0x0ff5_e7ed);
        SquareData {
            piece,
            square,
            shift: shift_of(piece),
            pairs,
        }
    }
}

/// The table under construction: attack sets, 0 for a free entry (a slider always
/// attacks at least one square, so no real entry is 0).
struct Table {
    value: Vec<u64>,
    /// Highest used index + 1.
    end: usize,
    /// The lowest free index.
    first_free: usize,
}

/// Per-square scratch: an epoch per local index, so it is never cleared.
pub(crate) struct Scratch {
    seen: Vec<(u64, u32)>,
    age: u32,
}

impl Scratch {
    /// Scratch for windows of up to 12 bits.
    pub(crate) fn new() -> Self {
        Scratch {
            seen: vec![(0, 0); 1 << 12],
            age: 0,
        }
    }
}

/// A trial's result: the local index range, or `None` (a conflict, or no better end).
#[inline(always)]
pub(crate) fn trial(
    data: &SquareData,
    table: &[u64],
    scratch: &mut Scratch,
    offset: usize,
    magic: u64,
    bound: usize,
) -> Option<(u32, u32)> {
    scratch.age = scratch.age.wrapping_add(1);
    if scratch.age == 0 {
        scratch.seen.fill((0, 0));
        scratch.age = 1;
    }
    let age = scratch.age;
    let mut lo = u32::MAX;
    let mut hi = 0u32;
    // The index may not reach `bound - offset` (the trial could not beat the best end).
    let limit = bound.saturating_sub(offset) as u64;
    for &(occ, attacks) in &data.pairs {
        let local = occ.wrapping_mul(magic) >> data.shift;
        if local >= limit {
            return None;
        }
        let slot = &mut scratch.seen[local as usize];
        if slot.1 == age {
            if slot.0 != attacks {
                return None;
            }
            continue;
        }
        *slot = (attacks, age);
        let t = table[offset + local as usize];
        if t != 0 && t != attacks {
            return None;
        }
        lo = lo.min(local as u32);
        hi = hi.max(local as u32);
    }
    Some((lo, hi))
}

/// The trial factor of the rooks on ranks 7 and 8 (see [`place`]): 4 gave the smallest
/// table of 1, 4, 8 and 16 (docs/magic-search.md's measurements).
const TOP_ROOK_TRIALS: u32 = 4;

/// Trials at offsets far past the table's end without a valid magic before a square is
/// given up (a guard: every square finds one within a few offsets).
const MAX_EMPTY_OFFSETS: usize = 1 << 12;

/// The trials per offset for a square, from the base `trials`: more where valid magics
/// are rare (see [`place`]).
pub(crate) fn square_trials(data: &SquareData, trials: u32) -> u32 {
    let base =
        trials << (2 * (data.pairs.len().trailing_zeros() + data.shift).saturating_sub(62)).min(6);
    // Rooks on ranks 7 and 8: their mask bits at p >= 52 reach the window only through
    // the offset bits, so a compact window is rare at any offset: four times the trials.
    if data.piece == RookOrBishop::Rook && data.square as usize >= 48 {
        base * TOP_ROOK_TRIALS
    } else {
        base
    }
}

fn place(
    data: &SquareData,
    table: &mut Table,
    scratch: &mut Scratch,
    offset_shift: u32,
    trials: u32,
    rng: &mut Triple,
    count: &mut u64,
) -> Result<Placement, SearchError> {
    // The fewer spare index bits a square has (window bits minus mask bits), the rarer
    // its valid magics: 16x the trials per offset with none spare (the rook corners, the
    // four central bishops), 4x with one (e.g. rook edges), 1x with two or more, so the
    // hard squares do not drift far past the end.
    let base = square_trials(data, trials);
    // Each round scans with twice the trials of the one before, when the one before
    // found nothing before the offsets ran out (16 bits of units, or a guard distance).
    for round in 0..8 {
        if let Some(p) = scan(
            data,
            table,
            scratch,
            offset_shift,
            base << round,
            rng,
            count,
        ) {
            return Ok(p);
        }
    }
    let units_left = (table.end >> offset_shift) as u64 <= OFFSET_BITS_MASK;
    Err(if units_left {
        SearchError::NotFound {
            piece: data.piece,
            square: data.square,
        }
    } else {
        SearchError::Overflow { offset_shift }
    })
}

/// One scan of [`place`]: the placement, or `None` when no trial fitted.
fn scan(
    data: &SquareData,
    table: &mut Table,
    scratch: &mut Scratch,
    offset_shift: u32,
    trials: u32,
    rng: &mut Triple,
    count: &mut u64,
) -> Option<Placement> {
    let unit = 1usize << offset_shift;
    let window = 1usize << (64 - data.shift);
    let end = table.end;
    let mut offset = table.first_free.saturating_sub(window - 1) & !(unit - 1);
    // (end, offset, magic, lo, hi)
    let mut best: Option<(usize, usize, u64, u32, u32)> = None;
    loop {
        if let Some(b) = best {
            if b.0 == end || offset >= b.0 {
                break;
            }
        } else if offset > end + MAX_EMPTY_OFFSETS * unit {
            return None;
        }
        let units = offset >> offset_shift;
        if units as u64 > OFFSET_BITS_MASK {
            best?;
            break;
        }
        if table.value.len() < offset + window {
            table.value.resize(offset + window, 0);
        }
        for k in 0..trials {
            if best.is_some_and(|b| b.0 == end) {
                break;
            }
            // Mostly sparse high parts (few set bits keep the products' top bits in a
            // narrow band), some denser ones.
            let high = if k % 4 == 3 {
                rng.dense()
            } else {
                rng.sparse()
            };
            let magic = (high & !OFFSET_BITS_MASK) | units as u64;
            *count += 1;
            let bound = best.map_or(usize::MAX, |b| b.0);
            if let Some((lo, hi)) = trial(data, &table.value, scratch, offset, magic, bound) {
                let new_end = end.max(offset + hi as usize + 1);
                if best.is_none_or(|b| new_end < b.0) {
                    best = Some((new_end, offset, magic, lo, hi));
                }
            }
        }
        offset += unit;
    }
    let (new_end, offset, magic, lo, hi) = best?;
    for &(occ, attacks) in &data.pairs {
        let i = offset + (occ.wrapping_mul(magic) >> data.shift) as usize;
        table.value[i] = attacks;
    }
    table.end = new_end;
    while table.first_free < table.value.len() && table.value[table.first_free] != 0 {
        table.first_free += 1;
    }
    Some(Placement {
        piece: data.piece,
        square: data.square,
        magic,
        offset: offset as u32,
        lo,
        hi,
    })
}

/// The hardest-first order: squares whose mask fills the window first (the rook corners
/// and the four central bishops: every index of the window is used, so each needs a
/// whole free window, which is easy only while the table is empty), then rooks before
/// bishops, more mask bits first, then squares.
fn order(targets: &[(RookOrBishop, Square)]) -> Vec<(RookOrBishop, Square)> {
    let mut list = targets.to_vec();
    list.sort_by_key(|&(p, s)| {
        let full = mask_bits(p, s) == plain_bits(p);
        (
            !full,
            p.index(),
            std::cmp::Reverse(mask_bits(p, s)),
            s as usize,
        )
    });
    list.dedup();
    list
}

fn run(
    opts: &OffsetOptions,
    offset_shift: u32,
) -> Result<(Vec<Placement>, usize, u64), SearchError> {
    let mut table = Table {
        value: Vec::new(),
        end: 0,
        first_free: 0,
    };
    let mut scratch = Scratch::new();
    let mut placements = Vec::new();
    let mut count = 0u64;
    for (piece, square) in order(&opts.targets) {
        let data = SquareData::new(piece, square);
        let mut rng = Triple::new(chunk_seed(opts.seed, piece.index(), square as usize, 0));
        placements.push(place(
            &data,
            &mut table,
            &mut scratch,
            offset_shift,
            opts.trials.max(1),
            &mut rng,
            &mut count,
        )?);
    }
    Ok((placements, table.end, count))
}

/// Why [`search`] found no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// An offset shift past [`MAX_OFFSET_SHIFT`].
    OffsetShift {
        /// The shift asked for.
        offset_shift: u32,
    },
    /// A square without a magic within 4,096 offsets past the table's
    /// end (not seen in practice).
    NotFound {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
    },
    /// The table needed offsets past 16 bits of units with the largest shift tried.
    Overflow {
        /// That shift.
        offset_shift: u32,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::OffsetShift { offset_shift } => write!(
                f,
                "offset shift {offset_shift}: the scheme allows 0 to {MAX_OFFSET_SHIFT}"
            ),
            SearchError::NotFound { piece, square } => write!(
                f,
                "{piece} {square}: no magic found within {MAX_EMPTY_OFFSETS} offsets past the table's end"
            ),
            SearchError::Overflow { offset_shift } => write!(
                f,
                "the table outgrew 16 bits of offset units with offset shift {offset_shift}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// Runs the search: with the offset shift given, or each from 0 up until the table fits
/// in 16 bits of offset units.
pub fn search(opts: &OffsetOptions) -> Result<OffsetOutcome, SearchError> {
    let start = Instant::now();
    let shifts = match opts.offset_shift {
        Some(s) if s > MAX_OFFSET_SHIFT => {
            return Err(SearchError::OffsetShift { offset_shift: s })
        }
        Some(s) => s..=s,
        None => 0..=MAX_OFFSET_SHIFT,
    };
    let mut last_error = None;
    for s in shifts {
        match run(opts, s) {
            Ok((placements, entries, trials)) => {
                return Ok(OffsetOutcome {
                    placements,
                    offset_shift: s,
                    entries,
                    trials,
                    elapsed: start.elapsed(),
                })
            }
            Err(e @ SearchError::Overflow { .. }) => last_error = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_error.expect("at least one offset shift tried"))
}

/// Why [`write_core_data`] wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreDataError {
    /// The set is of another scheme.
    Scheme(SchemeKind),
    /// The set fails verification.
    Verify(VerifyError),
}

impl fmt::Display for CoreDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoreDataError::Scheme(scheme) => {
                write!(f, "an offset-in-magic set is needed, not {scheme}")
            }
            CoreDataError::Verify(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CoreDataError {}

/// The core crate's data file `crates/sliders-core/src/schemes/data/offset_in_magic_generated.rs` for a
/// verified set: the entry count, the offset shift and the 128 magics. `command` is the
/// command that generated it (named in the header).
pub fn write_core_data(set: &MagicSet, command: &str) -> Result<String, CoreDataError> {
    if set.scheme() != SchemeKind::OffsetInMagic {
        return Err(CoreDataError::Scheme(set.scheme()));
    }
    let report = set.verify().map_err(CoreDataError::Verify)?;
    let mut out = String::new();
    out.push_str(&format!(
        "//! Generated by `{command}` from tests/data/own/offset_in_magic_sliders.csv: do not edit.\n"
    ));
    out.push_str("/// Entries in the shared table.\n");
    out.push_str(&format!(
        "pub(super) const TABLE_ENTRIES: usize = {};\n",
        report.entries
    ));
    out.push_str("/// Offset unit: offset = (magic & 0xFFFF) << OFFSET_SHIFT.\n");
    out.push_str(&format!(
        "pub(super) const OFFSET_SHIFT: u32 = {};\n",
        set.offset_shift()
    ));
    for (piece, name) in [
        (RookOrBishop::Rook, "ROOK_MAGICS"),
        (RookOrBishop::Bishop, "BISHOP_MAGICS"),
    ] {
        out.push_str("#[rustfmt::skip]\n");
        out.push_str(&format!("pub(super) const {name}: [u64; 64] = [\n"));
        for square in Square::ALL {
            out.push_str(&format!(
                "    0x{:016x}, // {square}\n",
                set.get(piece, square).magic
            ));
        }
        out.push_str("];\n");
    }
    Ok(out)
}
