//! Null-count reuse: one ply above the leaves, a quiet move that touches nothing the
//! opponent's moves depend on but their pawns' captures leaves the opponent the moves
//! a null move would, give or take those captures, so one leaf count (the position with
//! the side to move switched) serves every such move, without a make.
//!
//! A move qualifies (a quiet piece move, the king's only out of check, a pawn's single
//! step short of the last rank, or its double step where no enemy pawn could take en
//! passant) when
//! 1. neither of its squares is on a line an enemy slider sees (its first blocker
//!    included) where the slider could go beyond it, in front of an enemy pawn (one
//!    step, or two from its start rank), or on a square the enemy's castling needs
//!    empty: no enemy move appears or vanishes but a pawn's capture (an enemy knight or
//!    king that could go there goes there either way; a slider's square at the edge of
//!    the board or next to a piece of its own side it reaches either way, and nothing
//!    beyond it);
//! 2. the piece attacks none of the enemy king's squares (its square, its neighbours,
//!    the squares its castling must cross unattacked) from either square;
//! 3. neither square is between one of our sliders and one of those king squares on the
//!    slider's line (a line the move opens or closes);
//! 4. a bishop's, rook's or queen's squares are not on the enemy king's lines of the
//!    piece's kind on an empty board (a pin the piece makes from its destination, or
//!    undoes by leaving; a knight or pawn pins nothing, and the lines it opens or closes
//!    are 1's and 3's).
//!
//! Its count is then the null move's, plus one capture for each enemy pawn free to take
//! on its destination, less one for each that could take on the square it leaves (four
//! onto our back rank: promotions; [`Reuse::pawn_captures_onto`]). An enemy pawn pinned
//! to its king takes on neither: off its pin line it may not take, before the move or
//! after; a square of the line we reach or leave is between our slider and the king
//! (part 3). The pins are the same after the move (parts 3 and 4), as is the enemy's
//! being out of check (parts 2 and 3).
//!
//! In check nothing else qualifies, so only the king's moves need the test: a quiet
//! move out of a slider's check lands between the slider and the king, on the slider's
//! line (part 1, where the slider could go beyond it), and out of a pawn's or knight's
//! check only a capture or the king moves.
//!
//! Parts 1 and 3 are squares every move must avoid ([`Reuse::avoid`]), part 4 those a
//! slider must ([`Reuse::king_lines`]); part 2 needs the piece's attacks.
//! `crates/sliders-movegen/tests/null_count.rs` checks the condition and the correction
//! against the board's counts and shows each part needed; docs/perft.md has the gain.

use sliders_core::schemes::Scheme;
use sliders_core::{Bitboard, Color};

use crate::lookups::{
    betw, bishop, checks_and_pins, king, knight, pawn, rook, DIAGONAL_RAYS, ORTHOGONAL_RAYS,
};

use super::generate::{enemy_pawn_attacks, enemy_pawn_attacks_each_way};
use super::position::{back_rank, side, Position, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// What a node one ply above the leaves tests its quiet piece moves against.
pub(super) struct Reuse {
    /// Squares a qualifying move neither leaves nor reaches (parts 1 and 3); every
    /// square where nothing may qualify (not one ply above the leaves).
    pub avoid: u64,
    /// The enemy king's diagonal and orthogonal lines on an empty board (part 4).
    pub king_lines: [u64; 2],
    /// Every square when we are in check, where no king move qualifies; else none.
    pub king_avoid: u64,
    /// The squares the enemy pawns attack: a double step across one gives en passant.
    pub pawn_attacks: u64,
    /// The squares the enemy pawns not pinned to their king attack, towards the a-file
    /// and towards the h-file: the captures a qualifying move adds or takes away.
    pub takers: [u64; 2],
    /// The enemy king's squares (part 2).
    pub king_zone: u64,
    /// The opponent's count after a null move, once asked.
    pub null: Option<u64>,
}

impl Reuse {
    /// Nothing qualifies.
    pub const NONE: Reuse = Reuse {
        avoid: !0,
        king_lines: [0; 2],
        king_avoid: !0,
        pawn_attacks: 0,
        takers: [0; 2],
        king_zone: 0,
        null: None,
    };

    /// The squares and zone of `p`, `WHITE` to move, checked by the enemy pawns and
    /// knights `checks`.
    #[inline(always)]
    pub fn new<S: Scheme, const WHITE: bool>(s: S, p: &Position, checks: u64) -> Reuse {
        let ours = p.colors[side(WHITE)];
        let theirs = p.colors[side(!WHITE)];
        let occ = ours | theirs;
        let diagonal = p.roles[BISHOP] | p.roles[QUEEN];
        let orthogonal = p.roles[ROOK] | p.roles[QUEEN];

        // Part 1: their slider lines, pawn steps, castling's empty squares (their pawns'
        // captures are counted instead: `takers` below).
        let mut avoid = 0u64;
        // Everything their sliders see, for the check test.
        let mut seen = 0u64;
        let mut sliders = diagonal & theirs;
        while sliders != 0 {
            let from = sliders.trailing_zeros();
            let attacks = bishop(s, from, occ);
            seen |= attacks;
            avoid |= beyond(from, attacks, theirs, &DIAGONAL_ENDS);
            sliders &= sliders - 1;
        }
        let mut sliders = orthogonal & theirs;
        while sliders != 0 {
            let from = sliders.trailing_zeros();
            let attacks = rook(s, from, occ);
            seen |= attacks;
            avoid |= beyond(from, attacks, theirs, &ORTHOGONAL_ENDS);
            sliders &= sliders - 1;
        }
        let in_check = checks != 0 || seen & 1u64 << p.king(WHITE) != 0;
        let pawns = p.roles[PAWN] & theirs;
        let pawn_attacks = enemy_pawn_attacks::<WHITE>(pawns);
        // Their steps, one square and two from their start rank, coming our way.
        avoid |= if WHITE {
            pawns >> 8 | (pawns & 0x00ff_0000_0000_0000) >> 16
        } else {
            pawns << 8 | (pawns & 0xff00) << 16
        };
        let king_sq = p.king(!WHITE);
        let mut king_zone = king(king_sq) | 1u64 << king_sq;
        let rights = p.castling & theirs & back_rank(!WHITE);
        if rights != 0 {
            let base = if WHITE { 56 } else { 0 };
            let corners = 1u64 << base | 1u64 << (base + 7);
            if king_sq == base + 4 && rights & !corners == 0 {
                // Standard chess: f and g empty and unattacked for the short side; b, c
                // and d empty, c and d unattacked for the long side.
                if rights & 1u64 << (base + 7) != 0 {
                    avoid |= 0x60 << base;
                    king_zone |= 0x60 << base;
                }
                if rights & 1u64 << base != 0 {
                    avoid |= 0x0e << base;
                    king_zone |= 0x0c << base;
                }
            } else {
                // Chess960: the whole back rank, both ways.
                avoid |= back_rank(!WHITE);
                king_zone |= back_rank(!WHITE);
            }
        }

        // Part 3: between our sliders and the king's squares on their lines.
        for (mut sliders, rays) in [
            (diagonal & ours, &DIAGONAL_RAYS),
            (orthogonal & ours, &ORTHOGONAL_RAYS),
        ] {
            while sliders != 0 {
                let from = sliders.trailing_zeros();
                sliders &= sliders - 1;
                let mut zone = king_zone & rays[from as usize];
                while zone != 0 {
                    avoid |= betw(from, zone.trailing_zeros());
                    zone &= zone - 1;
                }
            }
        }

        // The enemy pawns pinned to their king by our sliders take on no square a
        // qualifying move reaches or leaves (part 3): their captures are not counted.
        let (_, _, pin_diagonal) = checks_and_pins(
            king_sq,
            diagonal & ours & DIAGONAL_RAYS[king_sq as usize],
            occ,
            theirs,
        );
        let (_, _, pin_orthogonal) = checks_and_pins(
            king_sq,
            orthogonal & ours & ORTHOGONAL_RAYS[king_sq as usize],
            occ,
            theirs,
        );
        let takers = enemy_pawn_attacks_each_way::<WHITE>(pawns & !(pin_diagonal | pin_orthogonal));

        // Part 4: the king's lines.
        let king_lines = [
            DIAGONAL_RAYS[king_sq as usize],
            ORTHOGONAL_RAYS[king_sq as usize],
        ];
        Reuse {
            avoid,
            king_lines,
            king_avoid: if in_check { !0 } else { 0 },
            pawn_attacks,
            takers,
            king_zone,
            null: None,
        }
    }

    /// The enemy pawns' captures onto the squares of `squares`, `WHITE` to move: one
    /// for each free pawn attacking a square, four onto our back rank (promotions).
    /// Mostly none: then one test. Counted with the scheme's popcount (the plain
    /// build's `count_ones` has no instruction for it).
    #[inline(always)]
    pub fn pawn_captures_onto<S: Scheme, const WHITE: bool>(&self, s: S, squares: u64) -> u64 {
        let [west, east] = self.takers;
        let (west, east) = (squares & west, squares & east);
        if west | east == 0 {
            return 0;
        }
        let count = |set: u64| s.count(Bitboard(set));
        let promoting = count(west & back_rank(WHITE)) + count(east & back_rank(WHITE));
        u64::from(count(west) + count(east) + 3 * promoting)
    }

    /// The quiet moves of the `ROLE` piece on `from` to `targets` that qualify (part 2
    /// tested here, on the occupancy `occ` before the move; the king's steps only out
    /// of check).
    #[inline(always)]
    pub fn qualifying<S: Scheme, const ROLE: usize>(
        &self,
        s: S,
        from: u32,
        targets: u64,
        occ: u64,
    ) -> u64 {
        let avoid = self.avoid
            | match ROLE {
                KNIGHT => 0,
                KING => self.king_avoid,
                BISHOP => self.king_lines[0],
                ROOK => self.king_lines[1],
                _ => self.king_lines[0] | self.king_lines[1],
            };
        if ROLE == PAWN || avoid & 1u64 << from != 0 {
            return 0;
        }
        let attacks = |square: u32, occ: u64| match ROLE {
            KNIGHT => knight(square),
            KING => king(square),
            BISHOP => bishop(s, square, occ),
            ROOK => rook(s, square, occ),
            _ => bishop(s, square, occ) | rook(s, square, occ),
        };
        if attacks(from, occ) & self.king_zone != 0 {
            return 0;
        }
        let mut candidates = targets & !avoid;
        let mut qualifying = 0;
        while candidates != 0 {
            let to = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let after = occ ^ 1u64 << from ^ 1u64 << to;
            if attacks(to, after) & self.king_zone == 0 {
                qualifying |= 1u64 << to;
            }
        }
        qualifying
    }

    /// The pawn steps to `targets`, single (none on the last rank) or `DOUBLE`, that
    /// qualify; a double step only across a square no enemy pawn attacks.
    #[inline(always)]
    pub fn qualifying_pushes<const WHITE: bool, const DOUBLE: bool>(&self, targets: u64) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let delta = if DOUBLE { 16 } else { 8 };
        let mut candidates = targets & !self.avoid;
        if DOUBLE {
            // The crossed squares, one rank back towards us.
            let crossed = if WHITE {
                self.pawn_attacks << 8
            } else {
                self.pawn_attacks >> 8
            };
            candidates &= !crossed;
        }
        let mut qualifying = 0;
        while candidates != 0 {
            let to = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let from = if WHITE { to - delta } else { to + delta };
            if self.avoid & 1u64 << from == 0
                && (pawn(us, from) | pawn(us, to)) & self.king_zone == 0
            {
                qualifying |= 1u64 << to;
            }
        }
        qualifying
    }
}

/// The squares of `seen` (what an enemy slider on `from` sees) where one of our pieces,
/// arriving or leaving, changes the slider's moves: all but those it cannot go beyond
/// either way, the ends of its lines (`ends`: [`DIAGONAL_ENDS`] or [`ORTHOGONAL_ENDS`])
/// and the square just before a piece of its own side (`theirs`).
#[inline(always)]
fn beyond(from: u32, seen: u64, theirs: u64, ends: &[u64; 64]) -> u64 {
    let mut closed = seen & ends[from as usize];
    let mut blockers = seen & theirs;
    while blockers != 0 {
        let blocker = blockers.trailing_zeros();
        closed |= betw(from, blocker) & king(blocker);
        blockers &= blockers - 1;
    }
    seen & !closed
}

/// The last square of each of a bishop's (`diagonal`) or a rook's lines from each
/// square, where the line leaves the board.
const fn line_ends(diagonal: bool) -> [u64; 64] {
    let directions: [(i32, i32); 4] = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
    };
    let mut table = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = directions[d];
            let (mut f, mut r) = ((i % 8) as i32, (i / 8) as i32);
            let mut last = -1;
            while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
                f += df;
                r += dr;
                last = r * 8 + f;
            }
            if last >= 0 {
                table[i] |= 1u64 << last;
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// The ends of a bishop's lines from each square ([`line_ends`]).
static DIAGONAL_ENDS: [u64; 64] = line_ends(true);
/// The ends of a rook's lines from each square ([`line_ends`]).
static ORTHOGONAL_ENDS: [u64; 64] = line_ends(false);
