//! The text formats of a position, through the public API: FEN fields and their errors
//! (four-field FEN, Shredder and X-FEN castling), EPD operations and their errors, and
//! the Polyglot keys of the book format specification's examples.

use sliders_movegen::{Board, Epd, EpdError, FenField, Operation, Square};

#[test]
fn fen_errors_name_the_field() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(Board::from_fen(start).is_ok());
    let cases = [
        ("", FenField::Missing),
        ("8/8/8/8/8/8/8/8 w - -", FenField::Position),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            FenField::Placement { rank: 1 },
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement { rank: 7 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement { rank: 0 },
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            FenField::Placement { rank: 1 },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
            FenField::Placement { rank: 0 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenField::SideToMove,
        ),
        ("4k3/8/8/8/8/8/8/4K3 white - - 0 1", FenField::SideToMove),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            FenField::Castling,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w Z - 0 1", FenField::Castling),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            FenField::EnPassant,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenField::EnPassant),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenField::HalfmoveClock,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - zero 1", FenField::HalfmoveClock),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
            FenField::FullmoveNumber,
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 one", FenField::FullmoveNumber),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            FenField::Trailing,
        ),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", FenField::Position),
        ("k6k/8/8/8/8/8/8/K7 w - - 0 1", FenField::Position),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", FenField::Position),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenField::Position),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenField::Position),
        ("k7/8/8/8/8/8/8/R6K w - - 0 1", FenField::Position),
    ];
    for (fen, field) in cases {
        let err = Board::from_fen(fen).expect_err(fen);
        assert_eq!(err.field, field, "{fen}: {err}");
    }
    let msg = Board::from_fen("k7/8/8/8/8/8/8/R6K w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(msg.contains("black") && msg.contains("check"), "{msg}");
}

#[test]
fn four_field_fen_defaults_clocks() {
    let b = Board::from_fen("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6").unwrap();
    assert_eq!(b.to_fen(), "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1");
}

#[test]
fn castling_notations() {
    let std = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let shredder = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(std.castling_rooks(), shredder.castling_rooks());
    assert!(!std.is_chess960() && shredder.is_chess960());
    assert_eq!(shredder.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    // X-FEN: an inner rook by file letter, the outer one by K.
    let x = Board::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w KB - 0 1").unwrap();
    assert_eq!(x.castling_rooks().len(), 2);
    assert!(x.castling_rooks().contains(Square::H1));
    assert!(x.castling_rooks().contains(Square::B1));
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").unwrap();
    assert!(inner.castling_rooks().contains(Square::G1));
}

#[test]
fn operations_with_strings_and_numbers() {
    let epd = Epd::parse(
        r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - acd 12; am Bc4 Nc3; c0 "a comment; with a semicolon"; hmvc 2; fmvn 3;"#,
    )
    .unwrap();
    assert_eq!(epd.operations.len(), 5);
    assert_eq!(epd.operation("am").unwrap().operands, ["Bc4", "Nc3"]);
    assert_eq!(
        epd.operation("c0").unwrap().operands,
        ["a comment; with a semicolon"]
    );
    assert_eq!(
        (epd.board.halfmove_clock(), epd.board.fullmove_number()),
        (2, 3)
    );
    // Written back, and read again to the same thing.
    assert_eq!(Epd::parse(&epd.to_string()).unwrap(), epd);
}

#[test]
fn errors_say_where() {
    let bad_fen = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - bm e4;");
    assert!(matches!(bad_fen, Err(EpdError::Fen(_))), "{bad_fen:?}");
    let unterminated = Epd::parse(r#"8/8/8/8/8/8/8/K6k w - - id "open"#).unwrap_err();
    assert!(
        unterminated.to_string().contains("unterminated"),
        "{unterminated}"
    );
    let no_opcode = Epd::parse("8/8/8/8/8/8/8/K6k w - - bm e4; 17;").unwrap_err();
    assert_eq!(
        no_opcode.to_string(),
        "operation 2: expected an opcode, got `17`"
    );
    let bad_count = Epd::parse("8/8/8/8/8/8/8/K6k w - - ;D1 three").unwrap();
    assert!(bad_count
        .perft_counts()
        .unwrap_err()
        .to_string()
        .contains("D1"));
    let bad_clock = Epd::parse("8/8/8/8/8/8/8/K6k w - - hmvc x;").unwrap_err();
    assert!(bad_clock.to_string().contains("hmvc"), "{bad_clock}");
}

#[test]
fn clocks_survive_a_round_trip() {
    let epd = Epd::parse("8/8/8/8/8/8/8/K6k w - - 5 40 ;D1 3").unwrap();
    assert_eq!(
        (epd.board.halfmove_clock(), epd.board.fullmove_number()),
        (5, 40)
    );
    assert_eq!(
        epd.to_string(),
        "8/8/8/8/8/8/8/K6k w - - D1 3; hmvc 5; fmvn 40;"
    );
    let back = Epd::parse(&epd.to_string()).unwrap();
    assert_eq!(back.board, epd.board);
    assert_eq!(back.to_string(), epd.to_string());
    // One number only (a halfmove clock), as some suites write.
    let five = Epd::parse("8/8/8/8/8/8/8/K6k w - - 7 ;D1 3").unwrap();
    assert_eq!(five.board.halfmove_clock(), 7);
    assert_eq!(five.perft_counts().unwrap(), [(1, 3)]);
}

#[test]
fn errors_name_the_operation() {
    let err = Epd::parse(r#"8/8/8/8/8/8/8/K6k w - - bm Kb1; id "open"#).unwrap_err();
    assert!(
        err.to_string().starts_with("operation 2: unterminated"),
        "{err}"
    );
    let mut epd = Epd::parse("8/8/8/8/8/8/8/K6k w - -").unwrap();
    epd.operations.push(Operation {
        opcode: "c0".to_owned(),
        operands: vec![r#"say "hi""#.to_owned()],
    });
    let back = Epd::parse(&epd.to_string()).unwrap();
    assert_eq!(back.operation("c0").unwrap().operands, ["say 'hi'"]);
}

#[test]
fn suite_lines_with_id_and_trailing_semicolon() {
    let epd = Epd::parse("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191; id \"pos3\";")
        .unwrap();
    assert_eq!(epd.perft_counts().unwrap(), [(1, 14), (2, 191)]);
    assert_eq!(epd.operation("id").unwrap().operands, ["pos3"]);
}

/// The test positions of the Polyglot book format specification (see
/// `polyglot_keys.rs` for the source): keys after each line of moves.
#[test]
fn the_specification_examples() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b_9618_1691_fc9c),
        (&["e2e4"], 0x823c_9b50_fd11_4196),
        (&["e2e4", "d7d5"], 0x0756_b944_61c5_0fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662f_afb9_65db_29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a4_8b5a_8e47_ff78),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
            0x652a_607c_a3f2_42c1,
        ),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
            0x00fd_d303_c946_bdd9,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
            0x3c81_23ea_7b06_7637,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
            0x5c3f_9b82_9b27_9560,
        ),
    ];
    for (moves, key) in cases {
        let board = Board::startpos().play_uci_moves(moves).unwrap();
        assert_eq!(board.hash(), key, "after {moves:?}");
        let fresh = Board::from_fen(&board.to_fen()).unwrap();
        assert_eq!(fresh.hash(), key, "from the FEN after {moves:?}");
    }
}

/// A perft depth or count too large for its type is refused with its range, not
/// skipped or called "not a number".
#[test]
fn epd_perft_numbers_out_of_range_name_the_range() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let depth = Epd::parse(&format!("{start} ;D99999999999999999999 20")).unwrap();
    let err = depth.perft_counts().unwrap_err().to_string();
    assert!(err.contains("depth out of range 0..=4294967295"), "{err}");
    let count = Epd::parse(&format!(
        "{start} ;D1 999999999999999999999999999999999999999999"
    ))
    .unwrap();
    let err = count.perft_counts().unwrap_err().to_string();
    assert!(err.contains("node count out of range"), "{err}");
    assert_eq!(
        Epd::parse(&format!("{start} ;D1 20"))
            .unwrap()
            .perft_counts()
            .unwrap(),
        [(1, 20)]
    );
}
