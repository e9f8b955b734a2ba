//! The engine's own loop, written idiomatically for each crate: what a search calls per
//! node, not a counting showcase. Three workloads, each the same tree in every crate
//! (the node counts are compared before anything is timed):
//!
//! - [`Workload::Perft`]: full perft to the given depth with the legal moves generated,
//!   every move made by copy, and the hash and `is_check` read at every node (no bulk
//!   counting).
//! - [`Workload::Quiescence`]: a captures-only quiescence search (stand pat on material,
//!   fail-hard alpha-beta, MVV-LVA order) from each of a set of positions.
//! - [`Workload::Search`]: a fixed-depth alpha-beta (material at the leaves, mate and
//!   stalemate scored) with captures first by MVV-LVA, the hash and `is_check` read at
//!   every node.
//!
//! Every crate copies the board and makes the move in place on the copy (cozy-chess's
//! `clone` + `play_unchecked`, shakmaty's `clone` + `play_unchecked`, our `*b` +
//! `play_unchecked`): the copy-make idiom of each crate's documentation.
//!
//! Move order is a total order on (victim, attacker, from, to, promotion), so the
//! alpha-beta trees are identical and their node counts comparable. cozy-chess and
//! shakmaty offer no order: their engine scores each move from what its generator
//! offers (cozy-chess's moves by piece, shakmaty's moves that carry their roles) into a
//! per-ply buffer that is reused (no allocation per node), then sorts it. Ours hands the
//! moves out in that order (`for_each_legal_move_mvv_lva`), so its engine sorts
//! nothing ([`ours`]); [`ours_sorted`] is the engine that sorts as the others do (the
//! detailed `for_each_legal_move`, scored, sorted), its own column in the table.

/// One of the three workloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// Full perft with hash and check at every node.
    Perft,
    /// Captures-only quiescence search.
    Quiescence,
    /// Fixed-depth alpha-beta with MVV-LVA.
    Search,
}

impl Workload {
    /// All three, in the order the tables print them.
    pub const ALL: [Workload; 3] = [Workload::Perft, Workload::Quiescence, Workload::Search];

    /// A short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Perft => "perft, hash + is_check per node",
            Workload::Quiescence => "quiescence, captures only",
            Workload::Search => "alpha-beta, MVV-LVA",
        }
    }
}

/// What a run visited: equal across crates when they searched the same tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes where the side to move was in check.
    pub checks: u64,
    /// The sum of the root scores (quiescence and search).
    pub score: i64,
}

/// What differs between crates' hashes (they use different keys) is kept out of
/// [`Tally`] and only folded here, so that no read of it can be optimised away.
#[derive(Default)]
pub struct Sink(pub u64);

/// Piece values for the material evaluation and MVV-LVA, by role index (pawn, knight,
/// bishop, rook, queen, king).
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];
const INF: i32 = 1_000_000;
const MATE: i32 = 100_000;

/// The sort key of a move (smaller first): captures by most valuable victim then least
/// valuable attacker, then every other move; ties by from, to (the rook's square for
/// castling) and promotion (0 none, 1 knight .. 4 queen), which makes it a total order.
#[inline(always)]
pub fn order_key(victim: Option<usize>, attacker: usize, from: u32, to: u32, promo: u32) -> u32 {
    let class = match victim {
        Some(v) => (5 - v as u32) * 8 + attacker as u32,
        None => 63,
    };
    class << 20 | from << 12 | to << 6 | promo
}

/// Positions for the quiescence and search workloads: random legal playouts of 10 to
/// 49 plies from the start position (a fixed seed), skipping finished games; the same
/// FENs for every crate.
pub fn positions(count: usize, seed: u64) -> Vec<String> {
    let mut state = seed | 1;
    let mut next = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let plies = 10 + next() % 40;
        let mut board = sliders_movegen::Board::startpos();
        let mut alive = true;
        for _ in 0..plies {
            let moves = board.legal_moves();
            if moves.is_empty() {
                alive = false;
                break;
            }
            board.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
        if alive && board.has_legal_moves() {
            out.push(board.to_fen());
        }
    }
    out
}

/// Ours, through the plain API of the guide.
pub mod ours {
    use super::{Sink, Tally, INF, MATE, VALUES};
    use sliders_movegen::{Board, Move, MoveFilter, Role};

    /// Parses a FEN.
    pub fn parse(fen: &str) -> Board {
        Board::from_fen(fen).expect("a FEN our own board wrote")
    }

    pub(super) fn eval(b: &Board) -> i32 {
        let us = b.by_color(b.turn());
        let mut score = 0;
        for role in Role::ALL {
            let r = b.by_role(role);
            score += VALUES[role as usize] * ((r & us).len() as i32 - (r & !us).len() as i32);
        }
        score
    }

    /// Full perft with hash and check read at every node.
    pub fn perft(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) {
        t.nodes += 1;
        t.checks += b.is_check() as u64;
        h.0 ^= b.hash();
        if depth == 0 {
            return;
        }
        for &mv in b.legal_moves().iter() {
            let mut child = *b;
            child.play_unchecked(mv);
            perft(&child, depth - 1, t, h);
        }
    }

    /// Captures-only quiescence search, the captures in MVV-LVA order from the
    /// generator (`for_each_legal_move_mvv_lva`): no sort.
    pub fn quiesce(
        b: &Board,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        buf: &mut [Vec<Move>],
    ) -> i32 {
        t.nodes += 1;
        let stand = eval(b);
        if stand >= beta {
            return beta;
        }
        alpha = alpha.max(stand);
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        b.for_each_legal_move_mvv_lva(MoveFilter::ALL.captures_only(), |d| mine.push(d.mv));
        for &mv in mine.iter() {
            let mut child = *b;
            child.play_unchecked(mv);
            let score = -quiesce(&child, -beta, -alpha, t, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Fixed-depth alpha-beta, the moves in MVV-LVA order from the generator.
    pub fn search(
        b: &Board,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        h: &mut Sink,
        buf: &mut [Vec<Move>],
    ) -> i32 {
        t.nodes += 1;
        let in_check = b.is_check();
        t.checks += in_check as u64;
        h.0 ^= b.hash();
        if depth == 0 {
            return eval(b);
        }
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        b.for_each_legal_move_mvv_lva(MoveFilter::ALL, |d| mine.push(d.mv));
        if mine.is_empty() {
            return if in_check { -MATE } else { 0 };
        }
        for &mv in mine.iter() {
            let mut child = *b;
            child.play_unchecked(mv);
            let score = -search(&child, depth - 1, -beta, -alpha, t, h, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The root of the quiescence workload.
    pub fn quiesce_root(b: &Board, t: &mut Tally, buf: &mut [Vec<Move>]) -> i32 {
        quiesce(b, -INF, INF, t, buf)
    }
}

/// Ours, with the move order made in the engine as for the other crates: the detailed
/// generator (`for_each_legal_move`, roles handed over) scored into a buffer, then
/// sorted. What the plain API costs an engine that keeps its own order.
pub mod ours_sorted {
    use super::ours::eval;
    pub use super::ours::{parse, perft};
    use super::{order_key, Sink, Tally, INF, MATE};
    use sliders_movegen::{Board, Move, MoveFilter, MoveKind, Role};

    // In the search and the quiescence walk the generator hands over the moving and the
    // captured role with each move (`for_each_legal_move`), as cozy-chess's hands over
    // its moves by piece: no lookup per move (alpha-beta workload, callgrind: 1,243 M
    // -> 978 M instructions with the mailbox gone too; time 0.98 -> 0.82-0.84 of
    // cozy-chess's; docs/journal/board-experiments.md items 19 and 20).
    #[inline]
    fn key(mv: Move, role: Role, captured: Option<Role>) -> u32 {
        let promo = match mv.kind() {
            MoveKind::Promotion(r) => r as u32,
            _ => 0,
        };
        let victim = captured.map(|r| r as usize);
        order_key(
            victim,
            role as usize,
            mv.from() as u32,
            mv.to() as u32,
            promo,
        )
    }

    /// Captures-only quiescence search.
    pub fn quiesce(
        b: &Board,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let stand = eval(b);
        if stand >= beta {
            return beta;
        }
        alpha = alpha.max(stand);
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        b.for_each_legal_move(MoveFilter::ALL.captures_only(), |d| {
            mine.push((key(d.mv, d.role, d.captured), d.mv))
        });
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let mut child = *b;
            child.play_unchecked(mv);
            let score = -quiesce(&child, -beta, -alpha, t, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Fixed-depth alpha-beta.
    pub fn search(
        b: &Board,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        h: &mut Sink,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let in_check = b.is_check();
        t.checks += in_check as u64;
        h.0 ^= b.hash();
        if depth == 0 {
            return eval(b);
        }
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        b.for_each_legal_move(MoveFilter::ALL, |d| {
            mine.push((key(d.mv, d.role, d.captured), d.mv))
        });
        if mine.is_empty() {
            return if in_check { -MATE } else { 0 };
        }
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let mut child = *b;
            child.play_unchecked(mv);
            let score = -search(&child, depth - 1, -beta, -alpha, t, h, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The root of the quiescence workload.
    pub fn quiesce_root(b: &Board, t: &mut Tally, buf: &mut [Vec<(u32, Move)>]) -> i32 {
        quiesce(b, -INF, INF, t, buf)
    }
}

/// cozy-chess 0.3.4: `generate_moves` by piece, `play_unchecked` on a clone, the stored
/// `checkers()` and `hash()`, `piece_on` for MVV-LVA.
pub mod cozy {
    use super::{order_key, Sink, Tally, INF, MATE, VALUES};
    use cozy_chess::{BitBoard, Board, Move, Piece, Rank, Square};

    /// Parses a FEN.
    pub fn parse(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("a FEN our own board wrote")
    }

    fn eval(b: &Board) -> i32 {
        let us = b.colors(b.side_to_move());
        let mut score = 0;
        for piece in Piece::ALL {
            let p = b.pieces(piece);
            score += VALUES[piece as usize] * ((p & us).len() as i32 - (p & !us).len() as i32);
        }
        score
    }

    fn ep_square(b: &Board) -> BitBoard {
        match b.en_passant() {
            Some(file) => {
                let rank = Rank::Sixth.relative_to(b.side_to_move());
                Square::new(file, rank).bitboard()
            }
            None => BitBoard::EMPTY,
        }
    }

    fn key(b: &Board, mv: Move, attacker: Piece) -> u32 {
        let promo = mv.promotion.map_or(0, |p| p as u32);
        let them = b.colors(!b.side_to_move());
        let victim = if them.has(mv.to) {
            b.piece_on(mv.to).map(|p| p as usize)
        } else if attacker == Piece::Pawn && ep_square(b).has(mv.to) {
            Some(0)
        } else {
            None
        };
        order_key(
            victim,
            attacker as usize,
            mv.from as u32,
            mv.to as u32,
            promo,
        )
    }

    /// Full perft with hash and check read at every node.
    pub fn perft(b: &Board, depth: u32, t: &mut Tally, h: &mut Sink) {
        t.nodes += 1;
        t.checks += !b.checkers().is_empty() as u64;
        h.0 ^= b.hash();
        if depth == 0 {
            return;
        }
        b.generate_moves(|moves| {
            for mv in moves {
                let mut child = b.clone();
                child.play_unchecked(mv);
                perft(&child, depth - 1, t, h);
            }
            false
        });
    }

    /// Captures-only quiescence search.
    pub fn quiesce(
        b: &Board,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let stand = eval(b);
        if stand >= beta {
            return beta;
        }
        alpha = alpha.max(stand);
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        let them = b.colors(!b.side_to_move());
        let ep = ep_square(b);
        b.generate_moves(|mut moves| {
            moves.to &= if moves.piece == Piece::Pawn {
                them | ep
            } else {
                them
            };
            for mv in moves {
                mine.push((key(b, mv, moves.piece), mv));
            }
            false
        });
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let mut child = b.clone();
            child.play_unchecked(mv);
            let score = -quiesce(&child, -beta, -alpha, t, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Fixed-depth alpha-beta.
    pub fn search(
        b: &Board,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        h: &mut Sink,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let in_check = !b.checkers().is_empty();
        t.checks += in_check as u64;
        h.0 ^= b.hash();
        if depth == 0 {
            return eval(b);
        }
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        b.generate_moves(|moves| {
            for mv in moves {
                mine.push((key(b, mv, moves.piece), mv));
            }
            false
        });
        if mine.is_empty() {
            return if in_check { -MATE } else { 0 };
        }
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let mut child = b.clone();
            child.play_unchecked(mv);
            let score = -search(&child, depth - 1, -beta, -alpha, t, h, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The root of the quiescence workload.
    pub fn quiesce_root(b: &Board, t: &mut Tally, buf: &mut [Vec<(u32, Move)>]) -> i32 {
        quiesce(b, -INF, INF, t, buf)
    }
}

/// shakmaty 0.30.1: `legal_moves` and `capture_moves` into its array list,
/// `play_unchecked` on a clone, the Zobrist key carried beside the position and updated
/// with `update_zobrist_hash` (from scratch where it returns `None`), the roles carried
/// in its moves.
pub mod shak {
    use super::{order_key, Sink, Tally, INF, MATE, VALUES};
    use shakmaty::zobrist::Zobrist64;
    use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

    /// A position and its key.
    pub type Node = (Chess, Zobrist64);

    /// Parses a FEN.
    pub fn parse(fen: &str) -> Node {
        let fen: shakmaty::fen::Fen = fen.parse().expect("a FEN our own board wrote");
        let pos: Chess = fen
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("a legal position");
        let key = pos.zobrist_hash(EnPassantMode::Legal);
        (pos, key)
    }

    fn child((pos, key): &Node, mv: Move) -> Node {
        let next_key = pos.update_zobrist_hash(*key, mv, EnPassantMode::Legal);
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let next_key = next_key.unwrap_or_else(|| next.zobrist_hash(EnPassantMode::Legal));
        (next, next_key)
    }

    fn eval(pos: &Chess) -> i32 {
        let board = pos.board();
        let us = board.by_color(pos.turn());
        let mut score = 0;
        for role in Role::ALL {
            let r = board.by_role(role);
            score +=
                VALUES[role as usize - 1] * ((r & us).count() as i32 - (r & !us).count() as i32);
        }
        score
    }

    fn key(mv: Move) -> u32 {
        let promo = mv.promotion().map_or(0, |r| r as u32 - 1);
        let victim = mv.capture().map(|r| r as usize - 1);
        let from = mv.from().map_or(0, |s| s as u32);
        order_key(victim, mv.role() as usize - 1, from, mv.to() as u32, promo)
    }

    /// Full perft with hash and check read at every node.
    pub fn perft(node: &Node, depth: u32, t: &mut Tally, h: &mut Sink) {
        t.nodes += 1;
        t.checks += node.0.is_check() as u64;
        h.0 ^= node.1 .0;
        if depth == 0 {
            return;
        }
        for &mv in node.0.legal_moves().iter() {
            perft(&child(node, mv), depth - 1, t, h);
        }
    }

    /// Captures-only quiescence search (no hash: a plain position).
    pub fn quiesce(
        pos: &Chess,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let stand = eval(pos);
        if stand >= beta {
            return beta;
        }
        alpha = alpha.max(stand);
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        mine.extend(pos.capture_moves().iter().map(|&mv| (key(mv), mv)));
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let score = -quiesce(&next, -beta, -alpha, t, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Fixed-depth alpha-beta.
    pub fn search(
        node: &Node,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        t: &mut Tally,
        h: &mut Sink,
        buf: &mut [Vec<(u32, Move)>],
    ) -> i32 {
        t.nodes += 1;
        let in_check = node.0.is_check();
        t.checks += in_check as u64;
        h.0 ^= node.1 .0;
        if depth == 0 {
            return eval(&node.0);
        }
        let (mine, rest) = buf.split_first_mut().expect("ply buffers");
        mine.clear();
        mine.extend(node.0.legal_moves().iter().map(|&mv| (key(mv), mv)));
        if mine.is_empty() {
            return if in_check { -MATE } else { 0 };
        }
        mine.sort_unstable_by_key(|e| e.0);
        for &(_, mv) in mine.iter() {
            let score = -search(&child(node, mv), depth - 1, -beta, -alpha, t, h, rest);
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The root of the quiescence workload.
    pub fn quiesce_root(node: &Node, t: &mut Tally, buf: &mut [Vec<(u32, Move)>]) -> i32 {
        quiesce(&node.0, -INF, INF, t, buf)
    }
}

/// The crates the engine loop compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crate {
    /// `sliders-movegen`, plain API, moves in MVV-LVA order from the generator.
    Sliders,
    /// `sliders-movegen`, plain API, the order made by a sort in the engine.
    SlidersSorted,
    /// cozy-chess 0.3.4.
    Cozy,
    /// shakmaty 0.30.1.
    Shakmaty,
}

impl Crate {
    /// Every column; cozy-chess first, the yardstick.
    pub const ALL: [Crate; 4] = [
        Crate::Cozy,
        Crate::Shakmaty,
        Crate::Sliders,
        Crate::SlidersSorted,
    ];

    /// The name used in tables.
    pub fn name(self) -> &'static str {
        match self {
            Crate::Sliders => "sliders-movegen",
            Crate::SlidersSorted => "sliders-movegen, sort in the engine",
            Crate::Cozy => "cozy-chess 0.3.4",
            Crate::Shakmaty => "shakmaty 0.30.1",
        }
    }
}

/// The inputs of one run: perft roots and depths, and the positions of the other two.
pub struct Inputs {
    /// (FEN, depth) pairs for the perft workload.
    pub perft: Vec<(String, u32)>,
    /// Positions for the quiescence workload.
    pub quiescence: Vec<String>,
    /// Positions for the search workload.
    pub search: Vec<String>,
    /// The search depth.
    pub search_depth: u32,
}

impl Inputs {
    /// The sizes: start position perft(5) and Kiwipete perft(4); 1,000
    /// quiescence roots; 200 search roots at depth 4. `scale` divides the sizes for a
    /// smoke run (1 for the full run).
    pub fn standard(scale: usize) -> Inputs {
        let all = positions(1000 / scale.max(1), 0x5eed_1e55);
        let shallow = if scale > 1 { 1 } else { 0 };
        Inputs {
            perft: vec![
                (crate::STARTPOS.fen.to_string(), 5 - shallow),
                (crate::KIWIPETE.fen.to_string(), 4 - shallow),
            ],
            search: all[..(200 / scale.max(1)).min(all.len())].to_vec(),
            quiescence: all,
            search_depth: if scale > 1 { 3 } else { 4 },
        }
    }
}

/// Runs one workload for one crate and returns what it visited.
pub fn run(krate: Crate, workload: Workload, inputs: &Inputs) -> Tally {
    let mut t = Tally::default();
    let mut h = Sink::default();
    macro_rules! each {
        ($m:ident, $entry:ty) => {{
            let mut buf: Vec<Vec<$entry>> = (0..128).map(|_| Vec::with_capacity(256)).collect();
            match workload {
                Workload::Perft => {
                    for (fen, depth) in &inputs.perft {
                        $m::perft(&$m::parse(fen), *depth, &mut t, &mut h);
                    }
                }
                Workload::Quiescence => {
                    for fen in &inputs.quiescence {
                        t.score += $m::quiesce_root(&$m::parse(fen), &mut t, &mut buf) as i64;
                    }
                }
                Workload::Search => {
                    for fen in &inputs.search {
                        let root = $m::parse(fen);
                        t.score += $m::search(
                            &root,
                            inputs.search_depth,
                            -INF,
                            INF,
                            &mut t,
                            &mut h,
                            &mut buf,
                        ) as i64;
                    }
                }
            }
        }};
    }
    match krate {
        Crate::Sliders => each!(ours, sliders_movegen::Move),
        Crate::SlidersSorted => each!(ours_sorted, (u32, sliders_movegen::Move)),
        Crate::Cozy => each!(cozy, (u32, cozy_chess::Move)),
        Crate::Shakmaty => each!(shak, (u32, shakmaty::Move)),
    }
    std::hint::black_box(h.0);
    t
}
