//! The generator against a naive one: pseudo-legal moves from plain offsets and the
//! reference ray walk, kept when the own king is not attacked after the move. Compared
//! on every position of random playouts from the suites' positions. Castling is left to
//! the perft suites (its rules would be the same code twice).

use std::collections::BTreeSet;

use sliders_core::{reference, Bitboard, Square};
use sliders_movegen::{Board, Color, Move, MoveKind, Piece, Role};

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn offsets(from: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(f, r)| from.offset(f, r))
        .collect()
}

fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The squares a piece on `from` attacks.
fn attacks(piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => offsets(
            from,
            &[(-1, forward(piece.color)), (1, forward(piece.color))],
        ),
        Role::Knight => offsets(from, &KNIGHT),
        Role::King => offsets(from, &KING),
        Role::Bishop => reference::bishop_attacks(from, occupied),
        Role::Rook => reference::rook_attacks(from, occupied),
        Role::Queen => reference::queen_attacks(from, occupied),
    }
}

fn attacked(board: &Board, square: Square, by: Color) -> bool {
    board.by_color(by).into_iter().any(|from| {
        let piece = board.piece_at(from).unwrap();
        attacks(piece, from, board.occupied()).contains(square)
    })
}

fn naive_moves(board: &Board) -> BTreeSet<String> {
    let us = board.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    let mut moves = Vec::new();
    let mut eps = Vec::new();
    for from in ours {
        let piece = board.piece_at(from).unwrap();
        if piece.role != Role::Pawn {
            for to in attacks(piece, from, occupied) & !ours {
                moves.push(Move::normal(from, to));
            }
            continue;
        }
        let last = |to: Square| to.rank() == (!us).back_rank();
        let mut push = |to: Square| {
            if last(to) {
                for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                    moves.push(Move::promotion(from, to, role));
                }
            } else {
                moves.push(Move::normal(from, to));
            }
        };
        if let Some(one) = from
            .offset(0, forward(us))
            .filter(|&s| !occupied.contains(s))
        {
            push(one);
            let start = from.offset(0, -forward(us)).map(|s| s.rank()) == Some(us.back_rank());
            if let Some(two) = from.offset(0, 2 * forward(us)) {
                if start && !occupied.contains(two) {
                    push(two);
                }
            }
        }
        for to in attacks(piece, from, occupied) {
            if theirs.contains(to) {
                push(to);
            } else if board.ep_square() == Some(to) {
                eps.push(Move::en_passant(from, to));
            }
        }
    }
    moves
        .into_iter()
        .chain(eps)
        .filter(|&mv| {
            let after = board.after_unchecked(mv);
            !attacked(&after, after.king(us), !us)
        })
        .map(|mv| mv.uci(true).to_string())
        .collect()
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn random_playouts_match_the_naive_generator() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/");
    let mut fens = Vec::new();
    for (file, step) in [("tricky.epd", 1), ("chess960.epd", 5), ("standard.epd", 20)] {
        let text = std::fs::read_to_string(format!("{root}{file}")).unwrap();
        fens.extend(
            text.lines()
                .step_by(step)
                .map(|l| l.split(';').next().unwrap().trim().to_owned()),
        );
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for fen in &fens {
        let mut board = Board::from_fen(fen).unwrap();
        for _ in 0..40 {
            let legal = board.legal_moves();
            let generated: BTreeSet<String> = legal
                .iter()
                .filter(|m| m.kind() != MoveKind::Castle)
                .map(|m| m.uci(true).to_string())
                .collect();
            assert_eq!(
                generated.len(),
                legal
                    .iter()
                    .filter(|m| m.kind() != MoveKind::Castle)
                    .count(),
                "duplicate moves in {board:?}"
            );
            assert_eq!(generated, naive_moves(&board), "{board:?} (from {fen})");
            positions += 1;
            if legal.is_empty() {
                break;
            }
            board = board.after_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(positions > 10_000, "{positions}");
}
