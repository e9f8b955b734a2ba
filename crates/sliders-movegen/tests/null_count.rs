//! Null-count reuse (issue 40): the condition the counting engine uses
//! (`src/engine/null_count.rs`, on its own position type), written here again on the
//! public board API and checked move by move. One ply above the leaves, the leaf count
//! of a quiet knight, bishop, rook, queen or king move (the king's out of check), of a
//! pawn's single step short of the last rank, or of its double step across a square no
//! enemy pawn attacks (no en passant follows), is the number of moves the opponent has
//! after it. [`keeps_their_count`]
//! says when that number is the one they would have after a null move (ours passed),
//! give or take their pawns' captures onto the move's two squares ([`pawn_correction`]),
//! so that one count serves every such move:
//!
//! 1. neither the move's square of departure nor its destination is on a line an enemy
//!    slider sees (on the board as it stands, its first blocker included) where the
//!    slider could go beyond it, in front of an enemy pawn (one step, or two from its
//!    start rank), or on a square the enemy's castling needs empty: so no enemy move
//!    appears or vanishes but a pawn's capture (an enemy knight or king that could
//!    move there moves there either way, a capture or not; the king's squares are in
//!    2; a slider's square at the end of its line, or just before a piece of its own
//!    side, it reaches either way and nothing beyond it);
//! 2. the piece attacks none of the enemy king's squares (its square, its neighbours,
//!    the squares its castling must cross unattacked) from either square (a check, or
//!    a king move or castling it takes away or gives back);
//! 3. neither square is between one of our sliders and one of those king squares on
//!    the slider's line (a line the move opens or closes: a discovered check, a pin
//!    made or undone, a king square attacked or freed);
//! 4. a bishop's, rook's or queen's squares are not on the enemy king's lines of the
//!    piece's kind on an empty board (a pin the piece itself makes from its
//!    destination, or undoes by leaving; a knight or a pawn pins nothing, and the lines
//!    it opens or closes are those of 1 and 3).
//!
//! Castling other than standard (Chess960) puts the enemy's whole back rank in 1 and 2.
//! In check there is no null move, so the king's moves are not asked; nothing else
//! qualifies there (a quiet move out of a slider's check lands on the slider's line
//! where it could go beyond), which the tests below check too, as the condition does
//! not ask.
//! Checked on whole perft trees and at every python-chess fixture position: every move
//! it admits has the null move's count, corrected (the board's own count, which python-chess's
//! fixtures prove), and each part left out, or 1 and 4 made a little looser than they
//! are, the king's moves asked in check, or a double step that allows en passant, gives
//! wrong counts somewhere in them.
//! So does the correction left out, or made wrong: the enemy pawns pinned to their
//! king counted, or a capture onto our back rank counted once, not as four promotions.
//! Measured with it (docs/perft.md): 75.7% of the start position's leaf counts at
//! perft(5) and 35.0% of Kiwipete's at perft(4) are the null move's, corrected (71.0%
//! and 23.4% when the squares the enemy pawns attack were barred instead).

use std::io::Read;

use sliders_core::{between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks};
use sliders_core::{queen_attacks, rook_attacks, Bitboard, Color, Rank, Square};
use sliders_movegen::{Board, Move, MoveKind, Role};

/// The squares [`keeps_their_count`] tests a move against, computed once a node.
struct Zones {
    /// Part 1: squares whose occupant changes some enemy move (the enemy pawns'
    /// captures aside: those are counted, [`pawn_correction`]).
    changes_their_moves: u64,
    /// The enemy pawns that may capture: those pinned to their king by one of our
    /// sliders left out (with [`Part::PawnPins`], none is).
    free_pawns: Bitboard,
    /// Part 2: the enemy king's squares.
    king: u64,
    /// Part 3: squares between one of our sliders and a king square on its line.
    our_lines_to_king: u64,
    /// Part 4: the enemy king's diagonal and orthogonal lines on an empty board.
    king_lines: [u64; 2],
}

/// Which part of the condition to leave out, for the tests that show each is needed.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    None,
    TheirMoves,
    KingSquares,
    OurLines,
    KingLines,
    /// Not a part left out: part 1 with the square before any blocker of a slider's
    /// line (ours too) taken as one it reaches either way.
    AnyBlocker,
    /// Part 4 with each slider's lines of the other kind.
    CrossedLines,
    /// The king's moves asked in check too.
    KingInCheck,
    /// A double step asked even where an enemy pawn could take en passant.
    EnPassant,
    /// Not a part left out: the enemy pawns' captures onto the move's squares not
    /// counted (the null move's count taken as it is).
    PawnCorrection,
    /// The correction with the enemy pawns pinned to their king counted too.
    PawnPins,
    /// The correction with a capture onto our back rank counted once, not as four
    /// promotions.
    PawnPromotions,
    /// Not a variant: the squares the enemy pawns attack barred from part 1, the
    /// condition before the correction (for the share the docs give).
    Barred,
}

fn zones(b: &Board, left_out: Part) -> Zones {
    let us = b.turn();
    let them = us.other();
    let occ = b.occupied();
    let theirs = b.by_color(them);
    let diagonal = b.by_role(Role::Bishop) | b.by_role(Role::Queen);
    let orthogonal = b.by_role(Role::Rook) | b.by_role(Role::Queen);
    let mut changes = 0u64;
    let mut pawn_attacked = 0u64;
    for s in b.by_role(Role::Pawn) & theirs {
        pawn_attacked |= pawn_attacks(them, s).0;
    }
    if left_out == Part::Barred {
        changes |= pawn_attacked;
    }
    let stops = if left_out == Part::AnyBlocker {
        occ
    } else {
        theirs
    };
    for s in diagonal & theirs {
        changes |= changed_by_us(s, bishop_attacks(s, occ).0, occ.0, stops.0, true);
    }
    for s in orthogonal & theirs {
        changes |= changed_by_us(s, rook_attacks(s, occ).0, occ.0, stops.0, false);
    }
    let pawns = (b.by_role(Role::Pawn) & theirs).0;
    changes |= match them {
        Color::White => pawns << 8 | (pawns & 0xff00) << 16,
        Color::Black => pawns >> 8 | (pawns & 0x00ff_0000_0000_0000) >> 16,
    };
    let king_sq = b.king(them);
    let mut king = king_attacks(king_sq).0 | 1u64 << king_sq as u32;
    // Standard castling: the squares between king and rook must be empty, the king's
    // path unattacked; anything else (Chess960), the whole back rank.
    let rank = if them == Color::White { 0 } else { 56 };
    let rooks = b.castling_rooks().0 >> rank & 0xff;
    if rooks != 0 && (king_sq as u32 != rank + 4 || rooks & !0x81 != 0) {
        changes |= 0xff << rank;
        king |= 0xff << rank;
    } else {
        if rooks & 0x80 != 0 {
            changes |= 0x60 << rank;
            king |= 0x60 << rank;
        }
        if rooks & 0x01 != 0 {
            changes |= 0x0e << rank;
            king |= 0x0c << rank;
        }
    }
    let ours = b.by_color(us);
    let mut lines = 0u64;
    for (sliders, rays) in [
        (
            diagonal & ours,
            bishop_attacks as fn(Square, Bitboard) -> Bitboard,
        ),
        (orthogonal & ours, rook_attacks),
    ] {
        for s in sliders {
            for k in Bitboard(king & rays(s, Bitboard(0)).0) {
                lines |= between(s, k).0;
            }
        }
    }
    // The enemy pawns pinned to their king: the only piece between it and one of our
    // sliders on the slider's line.
    let mut pinned = Bitboard(0);
    for s in (diagonal | orthogonal) & ours {
        let sees_king = |rays: fn(Square, Bitboard) -> Bitboard, kind: Bitboard| {
            rays(s, Bitboard(0)).0 >> king_sq as u32 & 1 != 0 && kind.0 >> s as u32 & 1 != 0
        };
        let between_them = between(s, king_sq) & occ;
        if (sees_king(bishop_attacks, diagonal) || sees_king(rook_attacks, orthogonal))
            && between_them.0.count_ones() == 1
        {
            pinned |= between_them;
        }
    }
    let mut free_pawns = b.by_role(Role::Pawn) & theirs;
    if left_out != Part::PawnPins {
        free_pawns = Bitboard(free_pawns.0 & !pinned.0);
    }
    Zones {
        changes_their_moves: changes,
        free_pawns,
        king,
        our_lines_to_king: lines,
        king_lines: [
            bishop_attacks(king_sq, Bitboard(0)).0,
            rook_attacks(king_sq, Bitboard(0)).0,
        ],
    }
}

/// The squares of `seen` (what an enemy slider on `s` sees, `diagonal` or not, on a
/// board where `blockers` stand) where a piece of ours arriving or leaving changes its
/// moves: all but the ends of its lines (it sees nothing past them) and the empty
/// squares just before one of `stops` (the enemy's pieces), which it reaches either way
/// and cannot go beyond.
fn changed_by_us(s: Square, seen: u64, blockers: u64, stops: u64, diagonal: bool) -> u64 {
    let directions: [(i32, i32); 4] = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
    };
    let mut unchanged = 0u64;
    for (df, dr) in directions {
        let (mut f, mut r) = (s.file() as i32, s.rank() as i32);
        // Walk the line to the edge: each square, and whether the next one is off the
        // board, or a stop with nothing between (the square not a blocker itself).
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            let here = 1u64 << (r * 8 + f + dr * 8 + df);
            let (nf, nr) = (f + 2 * df, r + 2 * dr);
            let off = !(0..8).contains(&nf) || !(0..8).contains(&nr);
            if off || (stops & 1u64 << (nr * 8 + nf) != 0 && blockers & here == 0) {
                unchanged |= here;
            }
            f += df;
            r += dr;
        }
    }
    seen & !unchanged
}

/// Whether `mv` leaves the opponent the moves a null move would (the module's
/// condition), with `left_out` not tested.
fn keeps_their_count(b: &Board, z: &Zones, mv: Move, left_out: Part) -> bool {
    if mv.kind() != MoveKind::Normal || b.captured(mv).is_some() {
        return false;
    }
    let role = match b.role_at(mv.from()) {
        Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => r,
        Some(Role::King) if !b.is_check() || left_out == Part::KingInCheck => Role::King,
        // A single step (a promotion is no quiet move).
        Some(Role::Pawn)
            if (mv.from() as u8).abs_diff(mv.to() as u8) == 8
                && !matches!(mv.to().rank(), Rank::First | Rank::Eighth) =>
        {
            Role::Pawn
        }
        // A double step across a square no enemy pawn attacks.
        Some(Role::Pawn)
            if (mv.from() as u8).abs_diff(mv.to() as u8) == 16
                && (left_out == Part::EnPassant || {
                    let crossed = Square::ALL[(mv.from() as usize + mv.to() as usize) / 2];
                    let takers = b.by_role(Role::Pawn) & b.by_color(b.turn().other());
                    (pawn_attacks(b.turn(), crossed) & takers).is_empty()
                }) =>
        {
            Role::Pawn
        }
        _ => return false,
    };
    let squares = 1u64 << mv.from() as u32 | 1u64 << mv.to() as u32;
    let occ = b.occupied().0;
    let attacks = |s: Square, occ: u64| match role {
        Role::Pawn => pawn_attacks(b.turn(), s).0,
        Role::Knight => knight_attacks(s).0,
        Role::King => king_attacks(s).0,
        Role::Bishop => bishop_attacks(s, Bitboard(occ)).0,
        Role::Rook => rook_attacks(s, Bitboard(occ)).0,
        _ => queen_attacks(s, Bitboard(occ)).0,
    };
    let piece_on_king = (attacks(mv.from(), occ) | attacks(mv.to(), occ ^ squares)) & z.king;
    let [diagonals, orthogonals] = if left_out == Part::CrossedLines {
        [z.king_lines[1], z.king_lines[0]]
    } else {
        z.king_lines
    };
    let king_lines = match role {
        Role::Bishop => diagonals,
        Role::Rook => orthogonals,
        Role::Queen => diagonals | orthogonals,
        _ => 0,
    };
    (left_out == Part::TheirMoves || squares & z.changes_their_moves == 0)
        && (left_out == Part::KingSquares || piece_on_king == 0)
        && (left_out == Part::OurLines || squares & z.our_lines_to_king == 0)
        && (left_out == Part::KingLines || squares & king_lines == 0)
}

/// What the move `mv` changes in the opponent's count through their pawns' captures:
/// one more for each enemy pawn free to take on its destination, one fewer for each
/// that could take on its square of departure, four for a capture onto our back rank
/// (a promotion). A pawn pinned to its king never takes there: off its pin line it may
/// not take, before the move or after, and a square on the line that one of our pieces
/// reaches or leaves is between our slider and the king (part 3).
fn pawn_correction(b: &Board, z: &Zones, mv: Move, left_out: Part) -> i64 {
    if left_out == Part::PawnCorrection {
        return 0;
    }
    let back_rank = match b.turn() {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    };
    let takers = |s: Square| {
        let n = i64::from((pawn_attacks(b.turn(), s) & z.free_pawns).0.count_ones());
        if s.rank() == back_rank && left_out != Part::PawnPromotions {
            4 * n
        } else {
            n
        }
    };
    takers(mv.to()) - takers(mv.from())
}

/// Over every node `depth - 2` plies below `b`: (moves, moves that qualify, moves that
/// qualify with a count other than the null move's, corrected by
/// [`pawn_correction`]).
fn tree(b: &Board, depth: u32, left_out: Part) -> (u64, u64, u64) {
    if depth == 2 {
        return node(b, left_out);
    }
    let mut sum = (0, 0, 0);
    for &mv in b.legal_moves().iter() {
        let (n, q, w) = tree(&b.after_unchecked(mv), depth - 1, left_out);
        sum = (sum.0 + n, sum.1 + q, sum.2 + w);
    }
    sum
}

/// [`tree`] for one node one ply above the leaves.
fn node(b: &Board, left_out: Part) -> (u64, u64, u64) {
    let z = zones(b, left_out);
    let null = b.play_null().map(|n| n.legal_moves().len());
    let (mut n, mut qualify, mut wrong) = (0, 0, 0);
    for &mv in b.legal_moves().iter() {
        n += 1;
        if keeps_their_count(b, &z, mv, left_out) {
            qualify += 1;
            let theirs = b.after_unchecked(mv).legal_moves().len() as i64;
            if null.map(|n| n as i64 + pawn_correction(b, &z, mv, left_out)) != Some(theirs) {
                wrong += 1;
            }
        }
    }
    if b.is_check() && left_out == Part::None {
        assert_eq!(qualify, 0, "a move qualified in check: {}", b.to_fen());
    }
    (n, qualify, wrong)
}

const TREES: [(&str, u32); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        4,
    ),
];

fn fixture_boards() -> Vec<Board> {
    const FIXTURE: &[u8] = include_bytes!("data/python-chess/fixtures.txt.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(FIXTURE)
        .read_to_string(&mut text)
        .expect("the fixture is gzip'd UTF-8");
    text.lines()
        .filter_map(|l| l.strip_prefix("P\t"))
        .map(|l| Board::from_fen(l.split('\t').next().unwrap()).unwrap())
        .collect()
}

/// Wrong counts with `left_out`, over the trees and the fixtures, and how many
/// qualified.
fn wrong_counts(left_out: Part) -> (u64, u64) {
    let (mut qualify, mut wrong) = (0, 0);
    for (fen, depth) in TREES {
        let (_, q, w) = tree(&Board::from_fen(fen).unwrap(), depth, left_out);
        qualify += q;
        wrong += w;
    }
    // Chess960 starts, where castling is not the standard one.
    for number in [0, 100, 518, 959] {
        let (_, q, w) = tree(&Board::chess960(number).unwrap(), 4, left_out);
        qualify += q;
        wrong += w;
    }
    for b in fixture_boards() {
        let (_, q, w) = node(&b, left_out);
        qualify += q;
        wrong += w;
    }
    (qualify, wrong)
}

#[test]
fn the_null_count_serves_every_move_the_condition_admits() {
    let (qualify, wrong) = wrong_counts(Part::None);
    assert_eq!(wrong, 0);
    assert!(qualify > 50_000, "{qualify}");
    // What the docs give: the share of leaf counts it saves on the two benchmark trees.
    let start = tree(&Board::startpos(), 5, Part::None);
    let kiwipete = tree(&Board::from_fen(TREES[1].0).unwrap(), 4, Part::None);
    assert_eq!((start.0, start.1), (197_281, 149_300));
    assert_eq!((kiwipete.0, kiwipete.1), (97_862, 34_261));
    // Before the pawns' captures were counted, their squares barred: 140,163 and 22,863.
    let start = tree(&Board::startpos(), 5, Part::Barred);
    let kiwipete = tree(&Board::from_fen(TREES[1].0).unwrap(), 4, Part::Barred);
    assert_eq!(
        (start.1, start.2, kiwipete.1, kiwipete.2),
        (140_163, 0, 22_863, 0)
    );
}

#[test]
fn each_part_of_the_condition_is_needed() {
    for part in [
        Part::TheirMoves,
        Part::KingSquares,
        Part::OurLines,
        Part::KingLines,
        Part::AnyBlocker,
        Part::CrossedLines,
        Part::KingInCheck,
        Part::EnPassant,
        Part::PawnCorrection,
        Part::PawnPins,
        Part::PawnPromotions,
    ] {
        let (_, wrong) = wrong_counts(part);
        assert!(wrong > 0, "variant {} changed no count", part as u8);
    }
}
