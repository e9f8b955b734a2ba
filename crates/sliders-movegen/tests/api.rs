//! Behaviour of the public API: FEN round trips (FEN errors are in `formats.rs`), UCI
//! notation, castling in both conventions, hashed and parallel perft, and no panics on
//! any input.

use proptest::prelude::*;
use sliders_core::schemes::{Black, Classical};
use sliders_core::Square;
use sliders_movegen::{
    divide, divide_parallel, perft, perft_hashed, perft_parallel, perft_with, Board, MoveKind,
    PerftTable,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn suite_fens(file: &str) -> Vec<String> {
    let path = format!(
        "{}/../../tests/data/perft/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap().trim().to_owned())
        .collect()
}

#[test]
fn fen_round_trips_every_suite_position() {
    for file in ["standard.epd", "tricky.epd", "chess960.epd"] {
        for fen in suite_fens(file) {
            let board = Board::from_fen_lax(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let written = board.to_fen();
            // Four-field FENs gain the default clocks.
            let expected = if fen.split_whitespace().count() == 4 {
                format!("{fen} 0 1")
            } else {
                fen.split_whitespace().collect::<Vec<_>>().join(" ")
            };
            assert_eq!(written, expected, "{file}");
            assert_eq!(Board::from_fen_lax(&written).unwrap(), board);
        }
    }
}

#[test]
fn every_listed_move_round_trips_through_uci() {
    for fen in suite_fens("tricky.epd")
        .into_iter()
        .chain(suite_fens("chess960.epd").into_iter().take(100))
    {
        let board = Board::from_fen(&fen).unwrap();
        for &mv in board.legal_moves().iter() {
            for chess960 in [false, true] {
                let text = mv.uci(chess960).to_string();
                let parsed = board.parse_uci(&text);
                // In Chess960 a king-to-target string can also be a plain king move;
                // king takes rook is never ambiguous.
                if chess960 || !board.is_chess960() {
                    assert_eq!(parsed, Ok(mv), "{fen}: {text}");
                }
            }
        }
    }
}

#[test]
fn castling_in_both_conventions() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    let castles: Vec<_> = board
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() == MoveKind::Castle)
        .collect();
    assert_eq!(castles.len(), 2);
    let short = board.parse_uci("e1g1").unwrap();
    assert_eq!(board.parse_uci("e1h1").unwrap(), short);
    assert_eq!(short.uci(false).to_string(), "e1g1");
    assert_eq!(short.uci(true).to_string(), "e1h1");
    let after = board.after_unchecked(short);
    assert_eq!(
        after.to_fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    );
}

#[test]
fn chess960_castling_where_king_and_rook_swap() {
    // King on f1, rook on g1: castling h-side puts the king on g1 and the rook on f1.
    let board = Board::from_fen("4k3/8/8/8/8/8/8/5KR1 w G - 0 1").unwrap();
    assert!(board.is_chess960());
    let castle = board.parse_uci("f1g1").unwrap();
    // f1g1 is a plain king move? No: g1 holds the king's own rook, so it is castling.
    assert_eq!(castle.kind(), MoveKind::Castle);
    let after = board.after_unchecked(castle);
    assert_eq!(
        after.piece_at(Square::G1).unwrap().role,
        sliders_movegen::Role::King
    );
    assert_eq!(
        after.piece_at(Square::F1).unwrap().role,
        sliders_movegen::Role::Rook
    );
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");

    // King b1, rook a1 with an enemy rook behind it on the rank... castling a-side
    // puts the king on c1; blocked by nothing, and legal.
    let board = Board::from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
    let castle = board.parse_uci("b1a1").unwrap();
    assert_eq!(
        board.after_unchecked(castle).to_fen(),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );

    // The castling rook shields the king's target square: king c1... here the king
    // on b1, rook on c1 (a-side? no: c1 is h-side of b1). Use king on c1, rook on b1,
    // enemy rook on a1: after castling a-side the rook leaves b1 and a1 sees c1.
    let board = Board::from_fen("4k3/8/8/8/8/8/8/rRK5 w B - 0 1").unwrap();
    assert!(board.parse_uci("c1b1").is_err());
}

#[test]
fn castling_through_attack_is_refused() {
    // The black rook on f8 attacks f1: no short castling; long castling is fine.
    let board = Board::from_fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert!(board.parse_uci("e1g1").is_err());
    assert!(board.parse_uci("e1c1").is_ok());
    // b1 attacked does not stop long castling (only the king's path matters).
    let board = Board::from_fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert!(board.parse_uci("e1c1").is_ok());
}

#[test]
fn en_passant_exposing_the_king_along_the_rank() {
    let board = Board::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert!(board.parse_uci("e5d6").is_err());
    let board = Board::from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(board.parse_uci("e5d6").unwrap().kind(), MoveKind::EnPassant);
}

#[test]
fn en_passant_square_without_capture_is_accepted() {
    let board = Board::from_fen("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6").unwrap();
    assert_eq!(board.ep_square(), Some(Square::D6));
}

/// Positions and depths for the hashed-perft checks.
const HASHED_CASES: [(&str, u32); 4] = [
    (KIWIPETE, 4),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        4,
    ),
];

#[test]
fn hashed_perft_gives_identical_counts() {
    for (fen, depth) in HASHED_CASES {
        let board = Board::from_fen(fen).unwrap();
        let plain = perft(&board, depth);
        // A tiny table forces many replacements and collisions of slots.
        let tiny = PerftTable::new(0).unwrap();
        assert_eq!(tiny.len(), 1024);
        assert_eq!(perft_hashed(&board, depth, &tiny), plain, "{fen}");
        let table = PerftTable::new(4).unwrap();
        assert_eq!(perft_hashed(&board, depth, &table), plain, "{fen}");
        // Reused: now mostly hits.
        assert_eq!(perft_hashed(&board, depth, &table), plain, "{fen}");
    }
}

/// One table written and read by two threads at once still gives the plain counts.
#[cfg(feature = "parallel")]
#[test]
fn hashed_parallel_divide_gives_identical_counts() {
    for (fen, depth) in HASHED_CASES {
        let board = Board::from_fen(fen).unwrap();
        let plain = perft(&board, depth);
        let table = PerftTable::new(4).unwrap();
        // First on an empty table (the threads fill it), then reused (mostly hits).
        for _ in 0..2 {
            let hashed_parallel: u128 = divide_parallel(&board, depth, 2, Some(&table))
                .iter()
                .map(|&(_, n)| n)
                .sum();
            assert_eq!(hashed_parallel, plain, "{fen}");
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_perft_and_divide_match_serial() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    let serial = divide(&board, 4);
    let parallel = divide_parallel(&board, 4, 2, None);
    assert_eq!(serial, parallel);
    assert_eq!(perft_parallel(&board, 4, 2), 4_085_603);
    assert_eq!(perft_parallel(&board, 0, 2), 1);
}

/// The threaded entry points take the same arguments with or without the `parallel`
/// feature (without it they count on this thread) and give the serial counts.
#[test]
fn threaded_entry_points_give_serial_counts() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    let serial = divide(&board, 3);
    let table = PerftTable::new(1).unwrap();
    for threads in [0, 1, 2] {
        assert_eq!(divide_parallel(&board, 3, threads, None), serial);
        assert_eq!(divide_parallel(&board, 3, threads, Some(&table)), serial);
        assert_eq!(perft_parallel(&board, 3, threads), 97_862);
        assert_eq!(perft_parallel(&board, 0, threads), 1);
    }
    assert_eq!(
        perft_with(Classical, &board, 3),
        perft_with(Black, &board, 3)
    );
}

#[test]
fn depth_zero_and_one() {
    let b = Board::startpos();
    assert_eq!(perft(&b, 0), 1);
    assert_eq!(perft(&b, 1), 20);
    assert!(divide(&b, 0).is_empty());
}

fn fen_like() -> impl Strategy<Value = String> {
    // Strings built from FEN's own alphabet reach deeper into the parser than noise.
    let alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0369";
    proptest::collection::vec(
        proptest::sample::select(alphabet.chars().collect::<Vec<_>>()),
        0..90,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn from_fen_never_panics_on_any_string(s in ".{0,120}") {
        let _ = Board::from_fen(&s);
    }

    #[test]
    fn from_fen_never_panics_on_fen_like_strings(s in fen_like()) {
        if let Ok(board) = Board::from_fen(&s) {
            // Whatever parses writes back to a FEN that parses to the same board.
            prop_assert_eq!(Board::from_fen(&board.to_fen()), Ok(board));
            let _ = perft(&board, 2);
        }
    }

    #[test]
    fn mutated_suite_fens_never_panic(index in 0usize..80, at in 0usize..100, c in any::<char>()) {
        let fens = suite_fens("tricky.epd");
        let fen = &fens[index % fens.len()];
        let mut chars: Vec<char> = fen.chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        let s: String = chars.into_iter().collect();
        if let Ok(board) = Board::from_fen(&s) {
            let _ = perft(&board, 2);
            let _ = board.parse_uci(&s[..s.len().min(5)]);
        }
    }

    #[test]
    fn parse_uci_never_panics(s in ".{0,8}") {
        let _ = Board::startpos().parse_uci(&s);
    }
}

/// The zeroed allocation (`PerftTable::new`'s `unsafe`): every slot of a new table is
/// empty, and a table used by a hashed count gives exact counts (stale or garbage slots
/// would not), then holds entries.
#[test]
fn a_new_table_is_empty() {
    for mb in [0, 1, 64] {
        let table = PerftTable::new(mb).unwrap();
        assert!(table.len().is_power_of_two() && table.len() >= 1024);
        assert_eq!(table.used(), 0, "{mb} MB");
        let board = Board::startpos();
        assert_eq!(perft_hashed(&board, 5, &table), 4_865_609);
        let used = table.used();
        assert!(used > 0 && used <= table.len(), "{used} of {}", table.len());
        assert_eq!(perft_hashed(&board, 5, &table), 4_865_609, "reused");
    }
}
