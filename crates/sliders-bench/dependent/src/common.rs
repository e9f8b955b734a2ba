//! What every crate's engine shares: the tally a run is checked by, the move order, the
//! piece values and the positions.

/// What a run visited: equal across crates when they searched the same tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes where the side to move was in check (perft and alpha-beta).
    pub checks: u64,
    /// The sum of the root scores (alpha-beta).
    pub score: i64,
}

/// The crates' hashes differ (their keys do): folded here so no read is optimised away.
#[derive(Default)]
pub struct Sink(pub u64);

/// Piece values by role index (pawn, knight, bishop, rook, queen, king).
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];
pub const INF: i32 = 1_000_000;
pub const MATE: i32 = 100_000;

/// The sort key of a move (smaller first): captures by most valuable victim then least
/// valuable attacker, then the rest; ties by from, to (the rook's square for castling)
/// and promotion (0 none, 1 knight .. 4 queen): a total order, so every crate's
/// alpha-beta visits the same tree.
#[inline(always)]
pub fn order_key(victim: Option<usize>, attacker: usize, from: u32, to: u32, promo: u32) -> u32 {
    let class = match victim {
        Some(v) => (5 - v as u32) * 8 + attacker as u32,
        None => 63,
    };
    class << 20 | from << 12 | to << 6 | promo
}

/// Random legal playouts of 10 to 49 plies from the start position (xorshift64* from
/// `seed`), finished games skipped: the same FENs for every crate.
pub fn positions(count: usize, seed: u64) -> Vec<String> {
    let mut state = seed | 1;
    let mut next = move || {
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
            board = board.after_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
        if alive && board.has_legal_moves() {
            out.push(board.to_fen());
        }
    }
    out
}

/// The index of the smallest key in `keys[from..]` (the first of equals): the lazy
/// selection an engine does, so a cutoff leaves the rest unsorted.
#[inline(always)]
pub fn pick(keys: &[u32], from: usize) -> usize {
    let mut best = from;
    for j in from + 1..keys.len() {
        if keys[j] < keys[best] {
            best = j;
        }
    }
    best
}
