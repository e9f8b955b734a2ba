//! What an engine author needs from the board, one test per need: a move list that
//! sorts, retains and iterates by value in place; a checked make; a builder with typed
//! errors and Chess960 start positions; filtered generation and a callback that stops;
//! UCI moves that resolve in one way; equality that agrees with the position; one
//! dependency; and static exchange evaluation against a brute-force exchange search on
//! the python-chess fixture's positions.

use std::collections::HashSet;
use std::io::Read;
use std::ops::ControlFlow;

// Everything from the board crate alone: no `sliders_core` import in this file.
use sliders_movegen::{
    rook_attacks, Bitboard, Board, BoardBuilder, Color, File, Game, Move, MoveFilter, MoveKind,
    MoveList, Piece, Rank, Role, SetupError, Square, Uci, MAX_MOVES, SEE_VALUES,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn move_lists_sort_retain_and_iterate_in_place() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    let mut moves = board.legal_moves();
    let all: Vec<Move> = moves.to_vec();
    // Sorted in place by a key, as move ordering does.
    moves.sort_unstable_by_key(|mv| std::cmp::Reverse(board.captured(*mv).is_some()));
    let captures = board.captures().len();
    assert!(moves[..captures]
        .iter()
        .all(|&mv| board.captured(mv).is_some()));
    // Retained in place.
    moves.retain(|mv| board.captured(mv).is_some());
    assert_eq!(moves.len(), 8);
    // By value, without a copy into a Vec.
    let mut seen = 0;
    for mv in board.legal_moves() {
        assert!(all.contains(&mv));
        seen += 1;
    }
    assert_eq!(seen, all.len());
    // Collected and extended; `swap_remove` and `pop`.
    let mut list: MoveList = all.iter().copied().collect();
    assert_eq!(list.len(), 48);
    let last = *list.last().unwrap();
    assert_eq!(list.pop(), Some(last));
    let first = list[0];
    assert_eq!(list.swap_remove(0), first);
    assert_eq!(list.len(), 46);
    list.truncate(3);
    assert_eq!(list.len(), 3);
    list.clear();
    assert!(list.is_empty());
    // Past the stack part, too.
    let mut big: MoveList = (0..300).map(|i| Move::from_u16(i as u16)).collect();
    big.retain(|mv| mv.to_u16() % 2 == 0);
    assert_eq!(big.len(), 150);
    big.sort_unstable_by_key(|mv| std::cmp::Reverse(mv.to_u16()));
    assert_eq!(big[0].to_u16(), 298);
}

#[test]
fn a_checked_make_refuses_an_illegal_move_and_changes_nothing() {
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    // Read from UCI without a board, castling looks like a king move two squares.
    let read: Uci = "e1g1".parse().unwrap();
    let unresolved = Move::normal(read.from, read.to);
    let mut b = board;
    let err = b.play(unresolved).unwrap_err();
    assert_eq!(err.mv, unresolved);
    assert!(err.to_string().contains("e1g1"), "{err}");
    assert_eq!(b.to_fen(), board.to_fen());
    // Resolved on the board it is castling, which `play` accepts.
    let castle = board.resolve(read).unwrap();
    assert_eq!(castle.kind(), MoveKind::Castle);
    b.play(castle).unwrap();
    assert_eq!(b.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // The same for a game: an error leaves the history as it was.
    let mut game = Game::new(board);
    assert!(game.play(unresolved).is_err());
    assert_eq!(game.keys().len(), 1);
    game.play(castle).unwrap();
    assert_eq!(*game.board(), b);
    // Garbage 16-bit values are refused, never played.
    for value in [0u16, 0xffff, 0x1234] {
        let mut b = board;
        if !board.is_legal(Move::from_u16(value)) {
            assert!(b.play(Move::from_u16(value)).is_err());
            assert_eq!(b.to_fen(), board.to_fen());
        }
    }
}

#[test]
fn the_builder_validates_with_typed_errors() {
    let white_king = Piece {
        color: Color::White,
        role: Role::King,
    };
    let black_king = Piece {
        color: Color::Black,
        role: Role::King,
    };
    let white_rook = Piece {
        color: Color::White,
        role: Role::Rook,
    };
    let kings = BoardBuilder::empty()
        .piece(Square::E1, white_king)
        .piece(Square::E8, black_king);
    assert_eq!(
        kings.clone().build().unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert_eq!(
        BoardBuilder::empty().piece(Square::E1, white_king).build(),
        Err(SetupError::NoKing(Color::Black))
    );
    assert_eq!(
        kings.clone().piece(Square::A1, white_king).build(),
        Err(SetupError::TooManyKings(Color::White))
    );
    assert_eq!(
        kings
            .clone()
            .piece(
                Square::C8,
                Piece {
                    color: Color::White,
                    role: Role::Pawn
                }
            )
            .build(),
        Err(SetupError::PawnOnBackRank(Square::C8))
    );
    // Black to move may not have white in check... white to move, black in check.
    assert_eq!(
        kings.clone().piece(Square::E4, white_rook).build(),
        Err(SetupError::OppositeCheck(Color::Black))
    );
    // A castling right needs its rook; lax mode drops it.
    let no_rook = kings.clone().castling_rook(Square::H1);
    assert_eq!(
        no_rook.clone().build(),
        Err(SetupError::CastlingRight(Square::H1))
    );
    assert_eq!(
        no_rook.build_lax().unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    let with_rook = kings
        .clone()
        .piece(Square::H1, white_rook)
        .castling_rook(Square::H1);
    assert_eq!(
        with_rook.build().unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    // An en passant square without its pawn.
    let ep = kings
        .clone()
        .turn(Color::Black)
        .en_passant(Some(Square::E3));
    assert_eq!(ep.clone().build(), Err(SetupError::EnPassant(Square::E3)));
    assert_eq!(ep.build_lax().unwrap().ep_square(), None);
    // Round trip: a board into a builder and back.
    let kiwipete = Board::from_fen(KIWIPETE).unwrap();
    let again = BoardBuilder::from(&kiwipete).build().unwrap();
    assert_eq!(again.to_fen(), KIWIPETE);
}

#[test]
fn chess960_start_positions_by_scharnagl_number() {
    assert_eq!(Board::chess960(518).unwrap(), Board::startpos());
    // Published: #0 BBQNNRKR, #959 RKRNNQBB (the chessprogramming wiki's table).
    let back = |n: u16| Board::chess960(n).unwrap().to_fen()[..8].to_owned();
    assert_eq!(back(0), "bbqnnrkr");
    assert_eq!(back(959), "rkrnnqbb");
    assert!(Board::chess960(960).is_none());
    let mut placements = HashSet::new();
    for n in 0..960 {
        let board = Board::chess960(n).unwrap();
        let rank: Vec<Option<Role>> = File::ALL
            .iter()
            .map(|&f| board.role_at(Square::new(f, Rank::First)))
            .collect();
        // Bishops on squares of opposite colours, the king between the rooks.
        let files = |role| {
            rank.iter()
                .enumerate()
                .filter(move |(_, r)| **r == Some(role))
                .map(|(f, _)| f)
        };
        let bishops: Vec<usize> = files(Role::Bishop).collect();
        assert_eq!(bishops.len(), 2);
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "#{n}");
        let rooks: Vec<usize> = files(Role::Rook).collect();
        let king = files(Role::King).next().unwrap();
        assert!(rooks[0] < king && king < rooks[1], "#{n}");
        assert_eq!(board.castling_rooks().len(), 4, "#{n}");
        assert!(board.is_chess960());
        assert!(placements.insert(board.to_fen()), "#{n} repeats a position");
    }
}

#[test]
fn generation_filters_by_origin_and_role_and_stops_early() {
    for fen in [
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let all = board.legal_moves();
        for role in Role::ALL {
            let filtered = board.legal_moves_filtered(MoveFilter::ALL.role(role));
            let expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|mv| board.role_at(mv.from()) == Some(role))
                .collect();
            assert_eq!(filtered.to_vec(), expected, "{fen}: {role:?}");
        }
        for square in Square::ALL {
            let from = MoveFilter::ALL.from(Bitboard::from(square));
            let expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|mv| mv.from() == square)
                .collect();
            assert_eq!(
                board.legal_moves_filtered(from).to_vec(),
                expected,
                "{fen}: from {square}"
            );
        }
        // Captures only, of one role, from one half of the board.
        let half = Bitboard(0x0000_0000_ffff_ffff);
        let mixed = MoveFilter::ALL
            .captures_only()
            .roles(&[Role::Pawn, Role::Queen])
            .from(half);
        let expected: Vec<Move> = board
            .captures()
            .iter()
            .copied()
            .filter(|mv| half.contains(mv.from()))
            .filter(|mv| matches!(board.role_at(mv.from()), Some(Role::Pawn | Role::Queen)))
            .collect();
        assert_eq!(
            board.legal_moves_filtered(mixed).to_vec(),
            expected,
            "{fen}"
        );

        // The callback sees every move, in order, and stops at a break.
        let mut seen = Vec::new();
        let flow = board.visit_legal_moves(MoveFilter::ALL, |mv| {
            seen.push(mv);
            ControlFlow::<()>::Continue(())
        });
        assert!(flow.is_continue());
        assert_eq!(seen, all.to_vec());
        let mut calls = 0;
        let third = board.visit_legal_moves(MoveFilter::ALL, |mv| {
            calls += 1;
            if calls == 3 {
                ControlFlow::Break(mv)
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(third, ControlFlow::Break(all[2]));
        assert_eq!(calls, 3, "{fen}: no call after the break");
        assert!(board.has_legal_moves());
    }
}

#[test]
fn uci_moves_round_trip_and_resolve() {
    let board = Board::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2").unwrap();
    for mv in board.legal_moves() {
        for chess960 in [false, true] {
            let text = mv.uci(chess960).to_string();
            let read: Uci = text.parse().unwrap();
            assert_eq!(read.to_string(), text);
            assert_eq!(board.resolve(read), Some(mv), "{text}");
            assert_eq!(board.parse_uci(&text), Ok(mv), "{text}");
        }
        // A move's own 16 bits keep its kind.
        assert_eq!(Move::from_u16(mv.to_u16()), mv);
    }
    let ep = board.parse_uci("e5d6").unwrap();
    assert_eq!(ep.kind(), MoveKind::EnPassant);
    assert!(board.resolve("e5e7".parse().unwrap()).is_none());
}

#[test]
fn equal_positions_compare_and_hash_equal() {
    // An en passant square no pawn can use is not part of the position.
    let with_ep = Board::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    let without = Board::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(with_ep, without);
    // A usable one is.
    let usable = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    let not_usable = Board::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").unwrap();
    assert_ne!(usable, not_usable);
    // Two routes to the start position, with other clocks.
    let back = Board::startpos()
        .play_uci_moves(["g1f3", "g8f6", "f3g1", "f6g8"])
        .unwrap();
    assert_eq!(back.halfmove_clock(), 4);
    assert_eq!(back, Board::startpos());
    let set: HashSet<Board> = [Board::startpos(), back, with_ep, without]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 2);
    // Transpositions: 1. e4 e6 2. d4 and 1. d4 e6 2. e4 reach one position.
    let a = Board::startpos()
        .play_uci_moves(["e2e4", "e7e6", "d2d4"])
        .unwrap();
    let b = Board::startpos()
        .play_uci_moves(["d2d4", "e7e6", "e2e4"])
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn one_dependency_gives_squares_sets_and_attacks() {
    let attacks: Bitboard = rook_attacks(Square::A1, Bitboard::FULL);
    assert_eq!(
        attacks,
        Bitboard::from(Square::A2) | Bitboard::from(Square::B1)
    );
    assert_eq!(Square::new(File::E, Rank::Fourth), Square::E4);
    let _: fn(Square, Bitboard) -> Bitboard = sliders_movegen::bishop_attacks;
    assert!(!sliders_movegen::schemes::auto().name().is_empty());
}

/// The exchange on `to` by brute force: the side to move may take with any attacker
/// (pins ignored, a king only where no enemy attacker is left) or stop; `on_square` is
/// what stands there now. Returns the best material gain for the side to move.
fn exchange(board: &Board, to: Square, side: Color, on_square: i32, occupied: Bitboard) -> i32 {
    let value = |role: Role| match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    };
    let promotion_rank = if side == Color::White {
        Rank::Eighth
    } else {
        Rank::First
    };
    let mut best = 0;
    let attackers = board.attackers_to(to, side, occupied) & occupied;
    let enemy = board.attackers_to(to, side.other(), occupied) & occupied;
    for from in attackers {
        let role = board.role_at(from).unwrap();
        if role == Role::King && !enemy.is_empty() {
            continue;
        }
        let promotes = role == Role::Pawn && to.rank() == promotion_rank;
        let gain = on_square + if promotes { 800 } else { 0 };
        let now = if promotes { 900 } else { value(role) };
        let reply = exchange(
            board,
            to,
            side.other(),
            now,
            occupied ^ Bitboard::from(from),
        );
        best = best.max(gain - reply);
    }
    best
}

/// [`Board::see`] by brute force: the move, then the best exchange for the opponent.
fn see_brute_force(board: &Board, mv: Move) -> i32 {
    let value = |role: Role| [100, 300, 300, 500, 900, 20_000][role as usize];
    let (from, to) = (mv.from(), mv.to());
    let mut occupied = board.occupied() ^ Bitboard::from(from) | Bitboard::from(to);
    let mut gain = board.role_at(to).map_or(0, value);
    let mut on_square = value(board.role_at(from).unwrap());
    match mv.kind() {
        MoveKind::EnPassant => {
            gain = 100;
            occupied ^= Bitboard::from(Square::new(to.file(), from.rank()));
        }
        MoveKind::Promotion(role) => {
            gain += value(role) - 100;
            on_square = value(role);
        }
        _ => {}
    }
    gain - exchange(board, to, board.turn().other(), on_square, occupied)
}

/// The FENs of the python-chess fixture's positions (its `P` lines), in order.
fn fixture_fens() -> Vec<String> {
    let fixture: &[u8] = include_bytes!("data/python-chess/fixtures.txt.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(fixture)
        .read_to_string(&mut text)
        .unwrap();
    text.lines()
        .filter(|l| l.starts_with("P\t"))
        .map(|l| l.split('\t').nth(1).unwrap().to_owned())
        .collect()
}

#[test]
fn static_exchange_agrees_with_brute_force_on_fixture_positions() {
    let (mut positions, mut captures, mut nonzero) = (0, 0, 0);
    for fen in fixture_fens() {
        let fen = fen.as_str();
        let board = Board::from_fen(fen).unwrap();
        positions += 1;
        for mv in board.captures_and_promotions() {
            if mv.kind() == MoveKind::Castle {
                continue;
            }
            let see = board.see(mv);
            assert_eq!(see, see_brute_force(&board, mv), "{fen}: {}", mv.uci(true));
            for threshold in [-500, -100, 0, 1, 100, 300] {
                assert_eq!(board.see_ge(mv, threshold), see >= threshold);
            }
            captures += 1;
            nonzero += usize::from(see != 0);
        }
        // Quiet moves: nothing taken, so 0 or the loss of the moved piece.
        for mv in board.quiet_moves().into_iter().take(4) {
            if mv.kind() != MoveKind::Castle {
                assert_eq!(
                    board.see(mv),
                    see_brute_force(&board, mv),
                    "{fen}: {}",
                    mv.uci(true)
                );
            }
        }
    }
    // Every position of the fixture, every capture and promotion (9,170 captures, 132
    // quiet promotions): nothing was skipped.
    assert_eq!((positions, captures), (6_028, 9_302));
    assert!(nonzero > 5_000, "{nonzero} nonzero");
}

/// The move list lives on the stack alone: no heap field, so no drop code per list.
#[test]
fn move_lists_need_no_drop_and_hold_any_position() {
    assert!(!std::mem::needs_drop::<MoveList>());
    // The most moves a reachable position has (218), all listed.
    let board = Board::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
    assert_eq!(board.legal_moves().len(), 218);
    // A list takes MAX_MOVES moves.
    let mut list = MoveList::new();
    for _ in 0..MAX_MOVES {
        list.push(Move::NULL);
    }
    assert_eq!(list.len(), MAX_MOVES);
    list.retain(|_| false);
    assert!(list.is_empty());
}

/// `Move` prints as UCI; `0000` reads as the null move and prints back.
#[test]
fn moves_print_as_uci_and_the_null_move_round_trips() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    for mv in board.legal_moves() {
        assert_eq!(mv.to_string(), mv.uci(false).to_string());
        assert_eq!(board.parse_uci(&mv.to_string()), Ok(mv));
    }
    let null: Uci = "0000".parse().unwrap();
    assert_eq!(null, Uci::NULL);
    assert_eq!(null.to_string(), "0000");
    assert_eq!(Move::NULL.to_string(), "0000");
    assert!(!board.is_legal(Move::NULL));
}

/// A game takes moves back: board, repetition keys and claims as they were.
#[test]
fn games_undo_to_every_earlier_position() {
    let mut game = Game::default();
    let mut seen = vec![(*game.board(), game.keys().to_vec())];
    for uci in [
        "g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        game.play_uci(uci).unwrap();
        seen.push((*game.board(), game.keys().to_vec()));
    }
    assert_eq!(game.moves().len(), 10);
    assert_eq!(game.repetitions(), 2);
    while let Some((board, keys)) = seen.pop() {
        assert_eq!(*game.board(), board);
        assert_eq!(game.keys(), &keys[..]);
        let undone = game.undo();
        assert_eq!(undone.is_some(), !seen.is_empty());
    }
    assert_eq!(game.undo(), None);
}

/// SEE in the engine's own values, checked against the brute force with those values
/// scaled: doubling every value doubles every answer.
#[test]
fn static_exchange_takes_the_engines_values() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    let doubled = SEE_VALUES.map(|v| 2 * v);
    for mv in board.captures() {
        assert_eq!(
            board.see_with_values(mv, &doubled),
            2 * board.see(mv),
            "{mv}"
        );
        assert_eq!(
            board.see_ge_with_values(mv, 1, &doubled),
            board.see(mv) >= 1,
            "{mv}"
        );
    }
}

/// The checked constructors refuse what no game reaches, with typed errors, as the peers
/// do; the lax ones take it, and the perft of such a position is still exact.
#[test]
fn strict_constructors_refuse_unreachable_material_and_checks() {
    let cases = [
        (
            "4r2k/8/8/8/8/3n4/8/r3K3 w - - 0 1",
            SetupError::TooManyCheckers,
        ),
        (
            "7k/8/8/8/8/3n4/5p2/4K3 w - - 0 1",
            SetupError::ImpossibleCheck,
        ),
        (
            "7k/8/8/8/8/8/8/r3K2r w - - 0 1",
            SetupError::ImpossibleCheck,
        ),
        (
            "7k/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            SetupError::TooMuchMaterial(Color::White),
        ),
        (
            "kqq5/pppppppp/8/8/8/8/8/7K w - - 0 1",
            SetupError::TooMuchMaterial(Color::Black),
        ),
        (
            "kb1b4/pppppppp/8/8/8/8/8/7K w - - 0 1",
            SetupError::TooMuchMaterial(Color::Black),
        ),
    ];
    for (fen, expected) in cases {
        let err = Board::from_fen(fen).unwrap_err();
        assert_eq!(err.position, Some(expected), "{fen}");
        let lax = Board::from_fen_lax(fen).unwrap();
        let builder = BoardBuilder::from(&lax);
        assert_eq!(builder.build(), Err(expected), "{fen}");
        assert_eq!(builder.build_lax().unwrap(), lax, "{fen}");
    }
    // What a game reaches still reads: a double check by a slider and a knight, two
    // bishops on different colours, a queen and a promoted queen with a pawn missing,
    // two queens and no pawns.
    for fen in [
        "4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1",
        "kb6/1b6/8/8/8/8/8/7K w - - 0 1",
        "kqq5/1ppppppp/8/8/8/8/8/7K w - - 0 1",
        "kqq5/8/8/8/8/8/8/7K w - - 0 1",
    ] {
        assert!(Board::from_fen(fen).is_ok(), "{fen}");
    }
}

/// Copy-make's two forms make the same child on every legal move of the python-chess
/// fixture's positions (`after_unchecked` builds it in the caller's slot through its own
/// make, the in-place copy through `play_unchecked`), and the board stays the size the
/// copy costs were measured at: 96 bytes aligned to 32, six 16-byte moves (docs/board.md).
#[test]
fn both_copy_make_forms_make_the_same_child_and_the_board_keeps_its_size() {
    assert_eq!(
        (std::mem::size_of::<Board>(), std::mem::align_of::<Board>()),
        (96, 32)
    );
    let mut moves = 0;
    for fen in fixture_fens() {
        let fen = fen.as_str();
        let board = Board::from_fen(fen).unwrap();
        for mv in board.legal_moves() {
            let after = board.after_unchecked(mv);
            let mut in_place = board;
            in_place.play_unchecked(mv);
            // Every field: the FEN with its clocks, the key, the checkers.
            assert_eq!(after.to_fen(), in_place.to_fen(), "{fen}: {}", mv.uci(true));
            assert_eq!(after.hash(), in_place.hash(), "{fen}: {}", mv.uci(true));
            assert_eq!(after.checkers(), in_place.checkers());
            let mut checked = board;
            checked.play(mv).unwrap();
            assert_eq!(after.to_fen(), checked.to_fen());
            moves += 1;
        }
    }
    assert!(moves > 100_000, "{moves} moves");
}
