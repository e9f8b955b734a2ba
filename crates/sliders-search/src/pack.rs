//! Packing a shared table: place the 128 squares' index windows in one table, as small
//! as possible, letting windows overlap where their entries agree or are unused.
//!
//! The packer is greedy first-fit: squares in decreasing order of used entries (ties:
//! rook before bishop, then square order), each at the lowest offset where every entry
//! it uses is free or already holds the same attack set.

use std::fmt;

use sliders_core::{RookOrBishop, Square};

use crate::set::{MagicSet, SchemeKind};
use crate::shared_table::Table;

/// A square and its used entries.
type Window = (RookOrBishop, Square, Vec<(u32, u64)>);

/// One square's used entries: `(local index, attacks)`, ascending.
fn window(set: &MagicSet, piece: RookOrBishop, square: Square) -> Vec<(u32, u64)> {
    let m = set.get(piece, square);
    let mask = piece.mask(square);
    let mut used: Vec<(u32, u64)> = mask
        .subsets()
        .map(|occ| {
            (
                m.local_index(set.scheme(), mask.0, occ.0) as u32,
                piece.attacks(square, occ).0,
            )
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    used
}

/// The result of packing.
#[derive(Clone, Debug)]
pub struct Packed {
    /// The set with its new offsets.
    pub set: MagicSet,
    /// The table size: highest used index + 1.
    pub entries: usize,
}

/// Why a set cannot be packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackError {
    /// Not a fixed-shift or black set: separate tables have nothing to share, and an
    /// offset-in-magic set's offsets live in its magics.
    Scheme(SchemeKind),
    /// The square's magic sends two occupancies with different attacks to one index.
    Collision {
        /// Rook or bishop.
        piece: RookOrBishop,
        /// The square.
        square: Square,
    },
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::Scheme(SchemeKind::OffsetInMagic) => f.write_str(
                "offset-in-magic sets cannot be repacked: the offsets live in the magics' low bits, which change the products",
            ),
            PackError::Scheme(scheme) => write!(
                f,
                "pack works on shared tables (fixed-shift, black), not {scheme}"
            ),
            PackError::Collision { piece, square } => {
                write!(f, "{piece} {square}: destructive collision")
            }
        }
    }
}

impl std::error::Error for PackError {}

/// Repacks a fixed-shift or black set's offsets (greedy first-fit). The magics must be
/// valid (no destructive collision within a square); the result verifies.
pub fn pack(set: &MagicSet) -> Result<Packed, PackError> {
    if !packable(set.scheme()) {
        return Err(PackError::Scheme(set.scheme()));
    }
    let mut windows: Vec<Window> = Vec::with_capacity(128);
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let w = window(set, piece, square);
            // A destructive collision shows as one index twice.
            if w.windows(2).any(|p| p[0].0 == p[1].0) {
                return Err(PackError::Collision { piece, square });
            }
            windows.push((piece, square, w));
        }
    }
    let original: [[u32; 64]; 2] = [
        set.piece(RookOrBishop::Rook).map(|m| m.offset),
        set.piece(RookOrBishop::Bishop).map(|m| m.offset),
    ];
    let span = |w: &[(u32, u64)]| w.last().map_or(0, |l| l.0) - w.first().map_or(0, |f| f.0);
    // Orders to try; the best result (or the input, if smaller) wins.
    let mut orders: Vec<Vec<usize>> = Vec::new();
    let mut by = |key: &dyn Fn(&Window) -> (u64, u64)| {
        let mut idx: Vec<usize> = (0..windows.len()).collect();
        idx.sort_by_key(|&i| (key(&windows[i]), i));
        orders.push(idx);
    };
    by(&|(_, _, w)| (u64::MAX - span(w) as u64, u64::MAX - w.len() as u64));
    by(&|(_, _, w)| (u64::MAX - w.len() as u64, u64::MAX - span(w) as u64));
    by(&|(p, s, w)| {
        (
            original[p.index()][*s as usize] as u64 + w.first().map_or(0, |f| f.0) as u64,
            0,
        )
    });
    let mut best: Option<(usize, [[u32; 64]; 2])> = None;
    for order in &orders {
        let (size, offsets) = place(&windows, order);
        if best.as_ref().is_none_or(|b| size < b.0) {
            best = Some((size, offsets));
        }
    }
    // And the input's own layout, improved.
    let mut table = Table::default();
    let at: Vec<usize> = windows
        .iter()
        .map(|(p, s, _)| original[p.index()][*s as usize] as usize)
        .collect();
    let mut consistent = true;
    for (k, (_, _, w)) in windows.iter().enumerate() {
        consistent &= table.fits(w, at[k]);
        table.add(w, at[k]);
    }
    if consistent {
        let (size, offsets) = improve(&windows, table, at);
        if best.as_ref().is_none_or(|b| size < b.0) {
            best = Some((size, offsets));
        }
    }
    let (mut size, mut offsets) = best.expect("at least one order");
    let before = set.verify().map(|r| r.entries).unwrap_or(usize::MAX);
    if before <= size {
        size = before;
        offsets = original;
    }
    // The same magics and bits: only offsets, which `with_offsets` does not check for
    // these schemes, changed.
    let packed = set
        .with_offsets(offsets[0], offsets[1])
        .expect("new offsets for the same magics");
    Ok(Packed {
        set: packed,
        entries: size,
    })
}

/// Greedy first-fit of the windows in `order` (each at the lowest offset where every
/// entry it uses is free or equal), then improvement passes: each square, from the one
/// reaching furthest down, is lifted out and put back at its lowest fit, until a pass
/// moves nothing. Returns the table size and the offsets.
fn place(windows: &[Window], order: &[usize]) -> (usize, [[u32; 64]; 2]) {
    let mut table = Table::default();
    let mut at = vec![0usize; windows.len()];
    for &k in order {
        let w = &windows[k].2;
        let limit = table.len() + 1;
        at[k] = table.first_fit(w, limit);
        table.add(w, at[k]);
    }
    improve(windows, table, at)
}

/// The improvement passes of [`place`] from a given placement (`at`: offsets by window).
fn improve(windows: &[Window], mut table: Table, mut at: Vec<usize>) -> (usize, [[u32; 64]; 2]) {
    for _round in 0..8 {
        let mut moved = false;
        let mut by_end: Vec<usize> = (0..windows.len()).collect();
        by_end.sort_by_key(|&k| {
            std::cmp::Reverse(at[k] + windows[k].2.last().map_or(0, |l| l.0 as usize))
        });
        for k in by_end {
            let w = &windows[k].2;
            table.remove(w, at[k]);
            let best = table.first_fit(w, at[k]);
            if best < at[k] {
                moved = true;
            }
            at[k] = best;
            table.add(w, at[k]);
        }
        if !moved {
            break;
        }
    }
    let mut offsets = [[0u32; 64]; 2];
    for (k, (piece, square, _)) in windows.iter().enumerate() {
        offsets[piece.index()][*square as usize] = at[k] as u32;
    }
    (table.size(), offsets)
}

/// True for schemes whose sets [`pack`] accepts.
pub fn packable(scheme: SchemeKind) -> bool {
    scheme.shared_table() && scheme != SchemeKind::OffsetInMagic
}
