//! Every field of the python-chess fixture (`tests/data/python-chess/`, made by
//! `tools/python-chess-fixtures.py` from seeded random games, standard and Chess960,
//! played to their end): for each position the FEN, the Polyglot key, check,
//! checkmate, stalemate, insufficient material, the game outcome, threefold and fifty;
//! for each legal move its UCI, its SAN and the FEN after it. python-chess is an
//! independent implementation: nobody here wrote it.

use std::io::Read;

use sliders_movegen::{Board, Game, Move, MoveDetail, MoveFilter, Role};

const FIXTURE: &[u8] = include_bytes!("data/python-chess/fixtures.txt.gz");

fn flag(text: &str) -> bool {
    match text {
        "1" => true,
        "0" => false,
        other => panic!("bad flag {other:?} in the fixture"),
    }
}

/// Checks one position line and its move lines against `game`'s current board.
fn check_position(game: &Game, fields: &[&str], moves: &[Vec<&str>], where_: &str) {
    let board = game.board();
    let [fen, hash, check, mate, stale, insufficient, outcome, threefold, fifty, _played] = fields
    else {
        panic!("{where_}: a P line needs 10 fields, got {}", fields.len());
    };
    assert_eq!(board.to_fen(), *fen, "{where_}: FEN");
    let parsed = Board::from_fen(fen).unwrap_or_else(|e| panic!("{where_}: {e}"));
    assert_eq!(parsed.hash(), board.hash(), "{where_}: key from the FEN");
    assert_eq!(
        format!("0x{:016x}", board.hash()),
        *hash,
        "{where_}: Polyglot key"
    );
    assert_eq!(board.is_check(), flag(check), "{where_}: check");
    assert_eq!(board.is_checkmate(), flag(mate), "{where_}: checkmate");
    assert_eq!(board.is_stalemate(), flag(stale), "{where_}: stalemate");
    assert_eq!(
        board.is_insufficient_material(),
        flag(insufficient),
        "{where_}: insufficient material"
    );
    let ours = game.outcome().map_or("none", |o| o.termination.name());
    assert_eq!(ours, *outcome, "{where_}: outcome");
    assert_eq!(
        game.repetitions() >= 3,
        flag(threefold),
        "{where_}: threefold"
    );
    assert_eq!(board.is_fifty_moves(), flag(fifty), "{where_}: fifty moves");

    let chess960 = board.is_chess960();
    let mut legal: Vec<(String, Move)> = board
        .legal_moves()
        .iter()
        .map(|&m| (m.uci(chess960).to_string(), m))
        .collect();
    legal.sort_by(|a, b| a.0.cmp(&b.0));
    let expected: Vec<&str> = moves.iter().map(|m| m[0]).collect();
    let got: Vec<&str> = legal.iter().map(|(u, _)| u.as_str()).collect();
    assert_eq!(got, expected, "{where_}: legal moves");
    let (captures, noisy, quiets) = (
        board.captures(),
        board.captures_and_promotions(),
        board.quiet_moves(),
    );
    assert_eq!(
        noisy.len() + quiets.len(),
        legal.len(),
        "{where_}: partition"
    );
    // The detailed form hands out the same moves as the lists, each once.
    let details = |filter| {
        let mut out: Vec<MoveDetail> = Vec::new();
        board.for_each_legal_move(filter, |d| out.push(d));
        out
    };
    let sorted = |mut moves: Vec<Move>| {
        moves.sort_by_key(|m| m.to_u16());
        moves
    };
    let all = details(MoveFilter::ALL);
    assert_eq!(
        sorted(all.iter().map(|d| d.mv).collect()),
        sorted(board.legal_moves().to_vec()),
        "{where_}: detailed moves"
    );
    assert_eq!(
        sorted(
            details(MoveFilter::ALL.captures_only())
                .iter()
                .map(|d| d.mv)
                .collect()
        ),
        sorted(captures.to_vec()),
        "{where_}: detailed captures"
    );
    for ((uci, mv), fields) in legal.iter().zip(moves) {
        let [_, san, after] = fields[..] else {
            panic!("{where_}: an M line needs 3 fields");
        };
        // python-chess's SAN says what a move takes and whether it checks, and which
        // role moves (its first letter; castling is the king's).
        let capture = san.contains('x');
        let role = match san.as_bytes()[0] {
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            b'K' | b'O' => Role::King,
            _ => Role::Pawn,
        };
        let detail = all
            .iter()
            .find(|d| d.mv == *mv)
            .expect("every move detailed");
        assert_eq!(detail.role, role, "{where_}: the role moving in {san}");
        assert_eq!(detail.captured.is_some(), capture, "{where_}: {san} takes");
        assert_eq!(
            detail.captured,
            board.captured(*mv),
            "{where_}: what {san} takes"
        );
        assert_eq!(
            captures.contains(mv),
            capture,
            "{where_}: {san} in captures()"
        );
        assert_eq!(
            noisy.contains(mv),
            capture || san.contains('='),
            "{where_}: {san} in captures_and_promotions()"
        );
        assert_eq!(board.san(*mv), san, "{where_}: SAN of {uci}");
        let checks = san.ends_with('+') || san.ends_with('#');
        assert_eq!(
            board.gives_check(*mv),
            checks,
            "{where_}: gives_check({san})"
        );
        assert_eq!(
            board.after_unchecked(*mv).is_check(),
            checks,
            "{where_}: is_check after {san}"
        );
        assert_eq!(board.parse_san(san), Ok(*mv), "{where_}: reading {san}");
        let next = board.after_unchecked(*mv);
        assert_eq!(
            board.hash_after(*mv),
            next.hash(),
            "{where_}: hash_after({uci})"
        );
        assert_eq!(next.to_fen(), after, "{where_}: FEN after {uci}");
        let fresh = Board::from_fen(after).unwrap();
        assert_eq!(
            next.hash(),
            fresh.hash(),
            "{where_}: key after {uci}, incremental"
        );
        assert!(board.is_legal(*mv), "{where_}: is_legal({uci})");
        assert_ne!(
            noisy.contains(mv),
            quiets.contains(mv),
            "{where_}: {uci} in one class"
        );
    }
}

#[test]
fn python_chess_fixture() {
    let mut text = String::new();
    flate2::read::GzDecoder::new(FIXTURE)
        .read_to_string(&mut text)
        .expect("the fixture is gzip'd UTF-8");
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .peekable();
    let (mut games, mut positions, mut moves_checked) = (0, 0, 0);
    let mut game: Option<Game> = None;
    while let Some((n, line)) = lines.next() {
        let fields: Vec<&str> = line.split('\t').collect();
        let where_ = format!("fixture line {}", n + 1);
        match fields[0] {
            "G" => {
                let board = Board::from_fen(fields[2]).unwrap_or_else(|e| panic!("{where_}: {e}"));
                assert_eq!(
                    board.to_fen(),
                    fields[2],
                    "{where_}: start FEN written back"
                );
                game = Some(Game::new(board));
                games += 1;
            }
            "P" => {
                let mut moves = Vec::new();
                while let Some((_, next)) = lines.next_if(|(_, l)| l.starts_with("M\t")) {
                    moves.push(next.split('\t').skip(1).collect::<Vec<_>>());
                }
                let g = game.as_mut().expect("a P line before any G line");
                check_position(g, &fields[1..], &moves, &where_);
                positions += 1;
                moves_checked += moves.len();
                let played = fields[10];
                if played != "-" {
                    g.play_uci(played)
                        .unwrap_or_else(|e| panic!("{where_}: {e}"));
                }
            }
            other => panic!("{where_}: unexpected line kind {other:?}"),
        }
    }
    // The fixture's own counts (its header): nothing was skipped.
    assert_eq!((games, positions, moves_checked), (44, 6028, 124_392));
}
