//! Which checks a position can be in, against python-chess's `Board.status()`
//! (`tests/data/python-chess/checks.txt`, made by `tools/python-chess-check-fixtures.py`
//! from seeded random positions in check, most with an en passant square): the strict
//! FEN reader refuses a check the last move cannot have given exactly where python-chess
//! answers `IMPOSSIBLE_CHECK`, and more than two checkers where it answers
//! `TOO_MANY_CHECKERS`. One rule is ours alone, stricter and true: two checkers of which
//! neither is a slider (no move opens a line for a knight or a pawn); python-chess takes
//! them, and the test says so for each.

use sliders_movegen::{Board, FenError, Role, SetupError};

const FIXTURE: &str = include_str!("data/python-chess/checks.txt");

fn ours(fen: &str) -> Result<(), SetupError> {
    match Board::from_fen(fen) {
        Ok(_) => Ok(()),
        Err(FenError {
            position: Some(err),
            ..
        }) => Err(err),
        Err(other) => panic!("{fen}: refused for another reason: {other}"),
    }
}

/// Two checkers, neither a bishop, rook or queen: refused by our rule alone.
fn two_leapers(fen: &str) -> bool {
    let board = Board::from_fen_lax(fen).unwrap();
    let checkers = board.checkers();
    checkers.len() == 2
        && checkers.into_iter().all(|square| {
            matches!(
                board.piece_at(square).map(|piece| piece.role),
                Some(Role::Pawn | Role::Knight)
            )
        })
}

#[test]
fn checks_are_refused_where_python_chess_calls_them_impossible() {
    let mut seen = [0usize; 3];
    let mut with_ep = 0;
    for (number, line) in FIXTURE.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let (fen, answer) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("line {}: no ';'", number + 1));
        let expected = match answer {
            "ok" if two_leapers(fen) => Err(SetupError::ImpossibleCheck),
            "ok" => Ok(()),
            "impossible_check" => Err(SetupError::ImpossibleCheck),
            "too_many_checkers" => Err(SetupError::TooManyCheckers),
            other => panic!("line {}: unknown answer {other:?}", number + 1),
        };
        seen[match answer {
            "ok" => 0,
            "impossible_check" => 1,
            _ => 2,
        }] += 1;
        with_ep += usize::from(!fen.contains(" - - "));
        assert_eq!(ours(fen), expected, "line {}: {fen}", number + 1);
    }
    // The fixture holds every answer, and the en passant cases it was made for.
    assert!(seen.iter().all(|&n| n >= 50), "answers: {seen:?}");
    assert!(
        with_ep >= 500,
        "{with_ep} positions with an en passant square"
    );
}

/// The two positions of the probe (issue 63, defect 5), and the checks a double push
/// can give: by the pawn itself, and by the line its origin square opened.
#[test]
fn a_check_after_a_double_push_comes_from_the_pawn_or_the_line_it_opened() {
    for fen in [
        "8/8/7k/8/3P4/8/8/4K2R b - d3 0 1",
        "4k3/8/8/3pP3/8/8/8/4K2q w - d6 0 1",
    ] {
        assert_eq!(ours(fen), Err(SetupError::ImpossibleCheck), "{fen}");
        // Without the en passant square the check is possible.
        assert_eq!(
            ours(&fen.replace(" d3 ", " - ").replace(" d6 ", " - ")),
            Ok(())
        );
    }
    // The pushed pawn gives the check.
    assert_eq!(ours("8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1"), Ok(()));
    // The push from d2 opened the diagonal c1-h6 for the bishop on c1.
    assert_eq!(ours("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1"), Ok(()));
}
