//! `sliders perft --stats <depth>`: the columns of the chessprogramming wiki's perft
//! tables for each depth 1..N, counted over the moves of the last ply (the leaves):
//! nodes, captures (en passant included), en passant captures, castles, promotions,
//! checks, discovered checks, double checks, checkmates. A discovered check is a single
//! check given by a piece other than the one that moved (for castling: than the king and
//! the rook); a double check counts as a double check only. That is the reading under
//! which the wiki's tables add up (Kiwipete perft(4): 48 checks by another piece, 6 of
//! them double, 42 in the table's discovery column).
//!
//! Every node is made (no bulk counting), so this runs at a fraction of `perft`'s speed;
//! the root moves are spread over the threads.

use std::io::{BufWriter, Write};

use crate::io::error::CliError;
use rayon::prelude::*;
use sliders_core::{Bitboard, Square};
use sliders_movegen::{Board, Move, MoveKind};

/// One depth's row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub nodes: u64,
    pub captures: u64,
    pub ep: u64,
    pub castles: u64,
    pub promotions: u64,
    pub checks: u64,
    pub discovered: u64,
    pub double: u64,
    pub checkmates: u64,
}

/// The column names, as the header line prints them.
pub const HEADER: [&str; 10] = [
    "depth",
    "nodes",
    "captures",
    "ep",
    "castles",
    "promotions",
    "checks",
    "discovered",
    "double",
    "checkmates",
];

impl Row {
    fn add(&mut self, other: &Row) {
        self.nodes += other.nodes;
        self.captures += other.captures;
        self.ep += other.ep;
        self.castles += other.castles;
        self.promotions += other.promotions;
        self.checks += other.checks;
        self.discovered += other.discovered;
        self.double += other.double;
        self.checkmates += other.checkmates;
    }

    /// The values in [`HEADER`]'s order after `depth`.
    pub fn values(&self) -> [u64; 9] {
        [
            self.nodes,
            self.captures,
            self.ep,
            self.castles,
            self.promotions,
            self.checks,
            self.discovered,
            self.double,
            self.checkmates,
        ]
    }
}

/// Where the piece that moved stands after `mv` (for castling, the king and the rook).
fn moved_to(mv: Move) -> Bitboard {
    match mv.castle_king_target() {
        Some(king) => {
            // The rook lands next to the king, on the side it came from.
            let rook = if king.index() & 7 == 6 {
                king.index() - 1
            } else {
                king.index() + 1
            };
            Bitboard::from(king) | Bitboard::from(Square::index_wrapping(rook))
        }
        None => Bitboard::from(mv.to()),
    }
}

/// Adds the move `mv` from `board` to `rows[ply]`, and walks on below it.
fn visit(board: &Board, mv: Move, ply: usize, rows: &mut [Row]) {
    let child = board.after_unchecked(mv);
    let row = &mut rows[ply];
    row.nodes += 1;
    match mv.kind() {
        MoveKind::EnPassant => {
            row.captures += 1;
            row.ep += 1;
        }
        MoveKind::Castle => row.castles += 1,
        MoveKind::Promotion(_) => {
            row.promotions += 1;
            row.captures += u64::from(board.piece_at(mv.to()).is_some());
        }
        MoveKind::Normal => row.captures += u64::from(board.piece_at(mv.to()).is_some()),
    }
    let checkers = child.checkers();
    if !checkers.is_empty() {
        row.checks += 1;
        let double = checkers.len() >= 2;
        row.discovered += u64::from(!double && !(checkers - moved_to(mv)).is_empty());
        row.double += u64::from(double);
        row.checkmates += u64::from(child.legal_moves().is_empty());
    }
    if ply + 1 < rows.len() {
        for &next in child.legal_moves().iter() {
            visit(&child, next, ply + 1, rows);
        }
    }
}

/// The rows for depths 1..=depth, counted on `threads` threads.
pub fn stats(board: &Board, depth: u32, threads: usize) -> Result<Vec<Row>, String> {
    let depth = depth as usize;
    if depth == 0 {
        return Ok(Vec::new());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    let moves: Vec<Move> = board.legal_moves().iter().copied().collect();
    let parts: Vec<Vec<Row>> = pool.install(|| {
        moves
            .par_iter()
            .map(|&mv| {
                let mut rows = vec![Row::default(); depth];
                visit(board, mv, 0, &mut rows);
                rows
            })
            .collect()
    });
    let mut rows = vec![Row::default(); depth];
    for part in &parts {
        for (row, other) in rows.iter_mut().zip(part) {
            row.add(other);
        }
    }
    Ok(rows)
}

/// `perft --stats`: the wiki table's columns per depth, as text lines or JSON.
pub(super) fn run(board: &Board, depth: u32, how: &super::Settings) -> Result<(), CliError> {
    let rows = stats(board, depth, how.threads).map_err(CliError::input)?;
    let mut out = BufWriter::new(crate::io::output::stdout());
    let io = crate::io::output::stdout_failed;
    if how.json {
        let rows: Vec<serde_json::Value> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let mut object = serde_json::Map::new();
                object.insert("depth".into(), (i + 1).into());
                for (name, value) in HEADER[1..].iter().zip(row.values()) {
                    object.insert((*name).into(), value.into());
                }
                serde_json::Value::Object(object)
            })
            .collect();
        let value = serde_json::json!({"fen": board.to_fen(), "stats": rows});
        writeln!(out, "{value}").map_err(io)?;
    } else {
        writeln!(out, "{}", HEADER.join(" ")).map_err(io)?;
        for (i, row) in rows.iter().enumerate() {
            let values: Vec<String> = row.values().iter().map(u64::to_string).collect();
            writeln!(out, "{} {}", i + 1, values.join(" ")).map_err(io)?;
        }
    }
    out.flush().map_err(io)
}
