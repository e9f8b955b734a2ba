//! Properties of the board API over random positions (random playouts from the shared
//! suites' positions): `is_legal` on random 16-bit values agrees with the generated
//! list; captures and quiet moves partition it; target-masked generation is the list
//! filtered; the incremental key equals the key of the FEN; attack queries agree with
//! the generator.

use proptest::prelude::*;
use sliders_core::reference::attacks;
use sliders_core::{king_attacks, knight_attacks, pawn_attacks, Bitboard, Color, Slider, Square};
use sliders_movegen::{Board, Move, Role};

/// The pieces of `by` attacking `square`, from the reference ray walk and the leaper
/// tables: no code shared with the board's queries.
fn attackers_by_reference(board: &Board, square: Square, by: Color) -> Bitboard {
    let theirs = board.by_color(by);
    let leapers = (knight_attacks(square) & board.by_role(Role::Knight))
        | (king_attacks(square) & board.by_role(Role::King))
        | (pawn_attacks(!by, square) & board.by_role(Role::Pawn));
    (leapers & theirs) | slider_attackers(board, square, by, board.occupied())
}

/// The sliders of `by` that see `square` through `occupied`.
fn slider_attackers(board: &Board, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let queens = board.by_role(Role::Queen);
    let rooks = (board.by_role(Role::Rook) | queens) & attacks(Slider::Rook, square, occupied);
    let bishops =
        (board.by_role(Role::Bishop) | queens) & attacks(Slider::Bishop, square, occupied);
    (rooks | bishops) & board.by_color(by)
}

fn suite_boards() -> &'static [Board] {
    static BOARDS: std::sync::OnceLock<Vec<Board>> = std::sync::OnceLock::new();
    BOARDS.get_or_init(read_suites)
}

fn read_suites() -> Vec<Board> {
    let mut boards = Vec::new();
    for file in ["standard.epd", "tricky.epd", "chess960.epd"] {
        let path = format!(
            "{}/../../tests/data/perft/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if let Ok(b) = Board::from_fen(line.split(';').next().unwrap().trim()) {
                boards.push(b);
            }
        }
    }
    boards
}

/// The board after following `choices` (each picks a legal move by index) from a suite
/// position, stopping early where no move is left.
fn playout(start: usize, choices: &[u16]) -> Board {
    let boards = suite_boards();
    let mut board = boards[start % boards.len()];
    for &c in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        board = board.after_unchecked(moves[c as usize % moves.len()]);
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn is_legal_agrees_with_the_list(
        start in 0usize..200,
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        raw in proptest::collection::vec(any::<u16>(), 64),
    ) {
        let board = playout(start, &choices);
        let legal = board.legal_moves();
        for &m in legal.iter() {
            prop_assert!(board.is_legal(m), "{} {m:?}", board.to_fen());
            prop_assert!(board.is_legal(Move::from_u16(m.to_u16())));
        }
        for value in raw {
            let m = Move::from_u16(value);
            prop_assert_eq!(board.is_legal(m), legal.contains(&m), "{} {:#06x}", board.to_fen(), value);
        }
        // Near misses: each legal move with its kind bits, or one square, changed.
        for m in legal.iter() {
            let v = m.to_u16();
            for near in [v ^ 0x1000, v ^ 0x2000, v ^ 0x4000, v ^ 0x8000, v ^ 1, v ^ 0x40, v ^ 8 << 6] {
                let n = Move::from_u16(near);
                prop_assert_eq!(board.is_legal(n), legal.contains(&n), "{} {:#06x}", board.to_fen(), near);
            }
        }
    }

    /// `role_at` reads three unions of the role sets without a branch and `captured`
    /// builds on it: both against a plain walk of the sets, on every square and move.
    #[test]
    fn role_at_and_captured_agree_with_the_role_sets(
        start in 0usize..200,
        choices in proptest::collection::vec(any::<u16>(), 0..60),
    ) {
        let board = playout(start, &choices);
        let walk = |square: Square| {
            Role::ALL.into_iter().find(|&r| board.by_role(r).contains(square))
        };
        for square in Square::ALL {
            prop_assert_eq!(board.role_at(square), walk(square), "{} {:?}", board.to_fen(), square);
        }
        let theirs = board.by_color(!board.turn());
        for m in board.legal_moves().iter() {
            let expected = if m.is_en_passant() {
                Some(Role::Pawn)
            } else if theirs.contains(m.to()) {
                walk(m.to())
            } else {
                None
            };
            prop_assert_eq!(board.captured(*m), expected, "{} {:?}", board.to_fen(), m);
        }
    }

    #[test]
    fn generation_modes_partition_and_filter(
        start in 0usize..200,
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        mask in any::<u64>(),
    ) {
        let board = playout(start, &choices);
        let all = board.legal_moves();
        let (captures, noisy, quiets) =
            (board.captures(), board.captures_and_promotions(), board.quiet_moves());
        prop_assert_eq!(noisy.len() + quiets.len(), all.len());
        for m in all.iter() {
            let capture = board.captured(*m).is_some();
            let promotion = matches!(m.kind(), sliders_movegen::MoveKind::Promotion(_));
            prop_assert_eq!(captures.contains(m), capture, "{:?}", m);
            prop_assert_eq!(noisy.contains(m), capture || promotion, "{:?}", m);
            prop_assert_eq!(quiets.contains(m), !capture && !promotion, "{:?}", m);
        }
        // A destination filter finds castling by the rook's square or the king's target.
        let masked = board.legal_moves_to(Bitboard(mask));
        let admitted = |m: &Move| {
            let king_target = m.castle_king_target().map_or(0, |s| 1u64 << s as u32);
            mask & (1u64 << m.to() as u32 | king_target) != 0
        };
        let expected: Vec<Move> = all.iter().copied().filter(admitted).collect();
        prop_assert_eq!(masked.to_vec(), expected);
    }

    #[test]
    fn keys_queries_and_null_moves(
        start in 0usize..200,
        choices in proptest::collection::vec(any::<u16>(), 0..40),
    ) {
        let board = playout(start, &choices);
        let fresh = Board::from_fen(&board.to_fen()).unwrap();
        prop_assert_eq!(board.hash(), fresh.hash());
        let us = board.turn();
        let king = board.king(us);
        prop_assert_eq!(board.checkers(), attackers_by_reference(&board, king, !us));
        prop_assert_eq!(
            board.attackers_to(king, !us, board.occupied()),
            attackers_by_reference(&board, king, !us)
        );
        match board.play_null() {
            None => prop_assert!(board.is_check()),
            Some(passed) => {
                prop_assert_eq!(passed.hash(), Board::from_fen(&passed.to_fen()).unwrap().hash());
                prop_assert_eq!(passed.turn(), !us);
            }
        }
        // Pinned: ours, and lifting it lets an enemy slider see our king.
        let ours = board.by_color(us);
        for square in ours - board.by_role(Role::King) {
            let lifted = board.occupied().without(square);
            let sees = |occ| slider_attackers(&board, king, !us, occ);
            let pinned = !(sees(lifted) - sees(board.occupied())).is_empty();
            prop_assert_eq!(board.pinned().contains(square), pinned, "{} {}", board.to_fen(), square);
        }
        // A pinned piece has no legal move off its line through the king.
        for pinned in board.pinned() {
            for m in board.legal_moves().iter().filter(|m| m.from() == pinned) {
                prop_assert!(sliders_core::line(king, pinned).contains(m.to()), "{m:?}");
            }
        }
    }
}
