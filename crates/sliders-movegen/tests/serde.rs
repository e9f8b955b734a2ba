//! Serde round trips (the `serde` feature): a board as its FEN, moves and UCI text as
//! UCI, squares as names, bit sets as numbers; bad input is an error naming it.

use sliders_movegen::{Bitboard, Board, Move, MoveKind, Square, Uci};

#[test]
fn round_trips_through_json() {
    let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(json, "\"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2\"");
    assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);

    // Moves keep their kind: castling and en passant come back as themselves.
    let moves = board.legal_moves().to_vec();
    let json = serde_json::to_string(&moves).unwrap();
    let back: Vec<Move> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, moves);
    assert!(back.iter().any(|mv| mv.kind() == MoveKind::Castle));
    assert!(back.iter().any(|mv| mv.kind() == MoveKind::EnPassant));

    // UCI text round-trips as text and resolves on the board.
    let ucis: Vec<Uci> = moves.iter().map(|mv| mv.uci(true)).collect();
    let json = serde_json::to_string(&ucis).unwrap();
    assert!(
        json.contains("\"e1h1\"") && json.contains("\"e5d6\""),
        "{json}"
    );
    let back: Vec<Uci> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ucis);
    for (read, mv) in back.iter().zip(&moves) {
        assert_eq!(board.resolve(*read), Some(*mv));
    }
    let castle = board
        .resolve(serde_json::from_str("\"e1g1\"").unwrap())
        .unwrap();
    assert_eq!(castle.kind(), MoveKind::Castle);

    assert_eq!(serde_json::to_string(&Square::E4).unwrap(), "\"e4\"");
    assert_eq!(
        serde_json::from_str::<Square>("\"h8\"").unwrap(),
        Square::H8
    );
    assert_eq!(serde_json::to_string(&Bitboard(5)).unwrap(), "5");
    assert_eq!(serde_json::from_str::<Bitboard>("5").unwrap(), Bitboard(5));
}

#[test]
fn bad_input_is_an_error_naming_it() {
    let err = serde_json::from_str::<Board>("\"8/8/8 w - -\"").unwrap_err();
    assert!(err.to_string().contains("placement"), "{err}");
    let err = serde_json::from_str::<Uci>("\"e9e4\"").unwrap_err();
    assert!(err.to_string().contains("e9e4"), "{err}");
    let err = serde_json::from_str::<Square>("\"i1\"").unwrap_err();
    assert!(err.to_string().contains("i1"), "{err}");
}

/// A board read laxly (nine pawns: no game reaches it) serializes and reads back.
#[test]
fn lax_boards_round_trip_too() {
    let fen = "7k/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
    assert!(Board::from_fen(fen).is_err());
    let board = Board::from_fen_lax(fen).unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), board);
}
