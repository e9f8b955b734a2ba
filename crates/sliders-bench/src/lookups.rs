//! Rook + bishop lookups of every crate on the same pre-generated (square, occupancy)
//! pairs.
//!
//! Honesty:
//! - the pairs are generated (and converted to each crate's types) before timing;
//! - every occupancy passes through [`black_box`] on its way into each lookup. The
//!   compiler must then treat each occupancy as an unknown value produced one at a time,
//!   so it cannot turn the loop into AVX2/AVX-512 gathers (`vpgatherqq`), which would
//!   measure table throughput that no move generator sees: a move generator asks for
//!   one slider's attacks at a time, each depending on the board it just changed;
//! - every answer is folded into an XOR that is returned and passed through
//!   [`black_box`] by the caller, so no lookup can be removed; and every crate's XOR
//!   must equal ours before anything is timed ([`check_all`]).

use std::hint::black_box;

use sliders_core::schemes::{Scheme, SchemeId, WithScheme};
use sliders_core::{Bitboard, Square};

/// The benchmark kernel for `sliders` schemes: one rook and one bishop lookup per pair,
/// the XOR of all answers returned so nothing can be dropped. Each occupancy passes
/// through [`black_box`], an opaque value made one at a time, so the compiler cannot
/// turn the loop into vector gathers: a move generator asks one lookup at a time.
///
/// ```
/// use sliders_core::schemes::SchemeId;
/// use sliders_core::{Bitboard, Square};
/// use sliders_bench::lookups::LookupChecksum;
/// let pairs = [(Square::A1, Bitboard::EMPTY), (Square::D4, Bitboard(0x0000_0010_0800_0000))];
/// let expected = SchemeId::Classical.run(LookupChecksum(&pairs)).ok();
/// assert_eq!(SchemeId::Hyperbola.run(LookupChecksum(&pairs)).ok(), expected);
/// ```
pub struct LookupChecksum<'a>(pub &'a [(Square, Bitboard)]);

impl WithScheme for LookupChecksum<'_> {
    type Output = u64;

    #[inline(never)]
    fn run<S: Scheme>(self, scheme: S) -> u64 {
        let mut acc = 0u64;
        for &(square, occupied) in self.0 {
            let occupied = black_box(occupied);
            acc ^= scheme.rook_attacks(square, occupied).0;
            acc ^= scheme.bishop_attacks(square, occupied).0;
        }
        acc
    }
}

/// How densely the generated occupancies are filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Density {
    /// About 1 square in 8 occupied (an endgame).
    Sparse,
    /// About 29% (a middlegame; the occupancies of the core `schemes` bench).
    Middlegame,
    /// About 1 in 2.
    Dense,
}

impl Density {
    /// All densities, sparsest first.
    pub const ALL: [Density; 3] = [Density::Sparse, Density::Middlegame, Density::Dense];

    /// The name used in tables and bench ids.
    pub fn name(self) -> &'static str {
        match self {
            Density::Sparse => "sparse",
            Density::Middlegame => "middlegame",
            Density::Dense => "dense",
        }
    }
}

/// `count` (square index, occupancy) pairs of the given density, from a fixed seed: the
/// same pairs on every run and for every crate.
pub fn pairs(density: Density, count: usize) -> Vec<(u8, u64)> {
    let mut state = 0x853c_49e6_748f_ea9bu64 ^ density as u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    (0..count)
        .map(|_| {
            let square = (next() % 64) as u8;
            let occupied = match density {
                Density::Sparse => next() & next() & next(),
                Density::Middlegame => {
                    next() & (next() | next()) & !next() | (next() & next() & next())
                }
                Density::Dense => next(),
            };
            (square, occupied)
        })
        .collect()
}

/// A lookup implementation under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// One of our schemes.
    Sliders(SchemeId),
    /// `cozy_chess::get_rook_moves` / `get_bishop_moves`.
    Cozy,
    /// `shakmaty::attacks::rook_attacks` / `bishop_attacks`.
    Shakmaty,
    /// `chess::get_rook_moves` / `get_bishop_moves`.
    Chess,
}

impl Lookup {
    /// Our available schemes, then the three peers.
    pub fn all() -> Vec<Lookup> {
        let mut all: Vec<Lookup> = SchemeId::ALL
            .iter()
            .filter(|id| id.is_available())
            .map(|&id| Lookup::Sliders(id))
            .collect();
        all.extend([Lookup::Cozy, Lookup::Shakmaty, Lookup::Chess]);
        all
    }

    /// The name used in tables and bench ids.
    pub fn name(self) -> String {
        match self {
            Lookup::Sliders(id) => format!("sliders {id}"),
            Lookup::Cozy => {
                if cfg!(feature = "peer-pext") {
                    "cozy-chess (pext)".into()
                } else {
                    "cozy-chess".into()
                }
            }
            Lookup::Shakmaty => "shakmaty".into(),
            Lookup::Chess => "chess".into(),
        }
    }

    /// Whether this is one of ours.
    pub fn is_ours(self) -> bool {
        matches!(self, Lookup::Sliders(_))
    }
}

/// The pairs in every crate's own types, converted once, outside any timed region.
pub struct Inputs {
    ours: Vec<(Square, Bitboard)>,
    cozy: Vec<(cozy_chess::Square, cozy_chess::BitBoard)>,
    shakmaty: Vec<(shakmaty::Square, shakmaty::Bitboard)>,
    chess: Vec<(chess::Square, chess::BitBoard)>,
}

impl Inputs {
    /// Converts `pairs` for every crate. All four number squares a1 = 0 .. h8 = 63 and
    /// map square `i` to bit `i`.
    pub fn new(pairs: &[(u8, u64)]) -> Inputs {
        Inputs {
            ours: pairs
                .iter()
                .map(|&(s, o)| (Square::ALL[s as usize], Bitboard(o)))
                .collect(),
            cozy: pairs
                .iter()
                .map(|&(s, o)| {
                    (
                        cozy_chess::Square::index(s as usize),
                        cozy_chess::BitBoard(o),
                    )
                })
                .collect(),
            shakmaty: pairs
                .iter()
                .map(|&(s, o)| (shakmaty::Square::new(s as u32), shakmaty::Bitboard(o)))
                .collect(),
            chess: pairs
                .iter()
                .map(|&(s, o)| (chess::ALL_SQUARES[s as usize], chess::BitBoard(o)))
                .collect(),
        }
    }

    /// How many pairs.
    pub fn len(&self) -> usize {
        self.ours.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.ours.is_empty()
    }

    /// One rook and one bishop lookup per pair with `lookup`; the XOR of all answers.
    pub fn run(&self, lookup: Lookup) -> u64 {
        match lookup {
            Lookup::Sliders(id) => match id.run(LookupChecksum(&self.ours)) {
                Ok(x) => x,
                Err(_) => panic!("scheme {id} is unavailable on this CPU"),
            },
            Lookup::Cozy => cozy(&self.cozy),
            Lookup::Shakmaty => shakmaty(&self.shakmaty),
            Lookup::Chess => chess(&self.chess),
        }
    }
}

#[inline(never)]
fn cozy(pairs: &[(cozy_chess::Square, cozy_chess::BitBoard)]) -> u64 {
    let mut acc = 0u64;
    for &(square, occupied) in pairs {
        let occupied = black_box(occupied);
        acc ^= cozy_chess::get_rook_moves(square, occupied).0;
        acc ^= cozy_chess::get_bishop_moves(square, occupied).0;
    }
    acc
}

#[inline(never)]
fn shakmaty(pairs: &[(shakmaty::Square, shakmaty::Bitboard)]) -> u64 {
    let mut acc = 0u64;
    for &(square, occupied) in pairs {
        let occupied = black_box(occupied);
        acc ^= shakmaty::attacks::rook_attacks(square, occupied).0;
        acc ^= shakmaty::attacks::bishop_attacks(square, occupied).0;
    }
    acc
}

#[inline(never)]
fn chess(pairs: &[(chess::Square, chess::BitBoard)]) -> u64 {
    let mut acc = 0u64;
    for &(square, occupied) in pairs {
        let occupied = black_box(occupied);
        acc ^= chess::get_rook_moves(square, occupied).0;
        acc ^= chess::get_bishop_moves(square, occupied).0;
    }
    acc
}

/// Runs every lookup once and checks that each gives the same XOR as the classical ray
/// walk: a crate that answered differently would not be measured on the same work.
pub fn check_all(inputs: &Inputs, lookups: &[Lookup]) -> Result<u64, String> {
    let expected = inputs.run(Lookup::Sliders(SchemeId::Classical));
    for &lookup in lookups {
        let got = inputs.run(lookup);
        if got != expected {
            return Err(format!(
                "{}: XOR of answers {got:#018x}, classical gives {expected:#018x}",
                lookup.name()
            ));
        }
    }
    Ok(expected)
}
