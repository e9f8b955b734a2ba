//! Runs every perft suite in `tests/data/perft/` with a node limit per position.

use sliders_core::schemes::{Black, Classical, Hyperbola, Scheme};
use sliders_movegen::{perft_with, Bitboard, Board, MoveFilter, Role};

/// Depths whose published count exceeds this are skipped, so the whole suite stays
/// within a few minutes on 2 cores in release mode.
const MAX_NODES: u64 = 1_000_000;

struct Line {
    number: usize,
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn parse_suite(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_owned();
        let depths = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p.split_once(' ').expect("`Dn count`");
                (
                    d.trim_start_matches('D').parse().expect("depth"),
                    n.trim().parse().expect("count"),
                )
            })
            .collect();
        out.push(Line {
            number: i + 1,
            fen,
            depths,
        });
    }
    out
}

/// The MVV-LVA form hands out the detailed form's moves in the order of their keys, and
/// the keys are distinct (a total order).
fn assert_mvv_lva_order<S: Scheme>(scheme: S, board: &Board, filter: MoveFilter, at: &str) {
    let mut keyed = Vec::new();
    board.for_each_legal_move_with(scheme, filter, |d| keyed.push(d));
    keyed.sort_unstable_by_key(|d| d.mvv_lva_key());
    let mut ordered = Vec::new();
    board.for_each_legal_move_mvv_lva_with(scheme, filter, |d| ordered.push(d));
    assert_eq!(ordered, keyed, "{at} {filter:?} {}", board.to_fen());
    assert!(
        keyed
            .windows(2)
            .all(|w| w[0].mvv_lva_key() < w[1].mvv_lva_key()),
        "{at}: two moves share a key"
    );
}

fn run_suite<S: Scheme>(scheme: S, name: &str, text: &str, max_nodes: u64) -> (usize, usize) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in parse_suite(text) {
        // Read laxly: some suite positions no game reaches (the strict reader's refusals
        // are counted in `the_strict_reader_refuses_the_unreachable_suite_positions`).
        let board = Board::from_fen_lax(&line.fen)
            .unwrap_or_else(|e| panic!("{name}:{}: {e}: {}", line.number, line.fen));
        // The listed moves and the bulk count agree (the CLI lists, perft counts).
        assert_eq!(
            board.legal_moves_with(scheme).len() as u64,
            board.count_moves_with(scheme),
            "{name}:{}",
            line.number
        );
        // And the detailed form hands out the same moves with the scheme, through each
        // kind of filter, with what `role_at` and `captured` say of each.
        let filters = [
            MoveFilter::ALL,
            MoveFilter::ALL.captures_only(),
            MoveFilter::ALL.captures_and_promotions(),
            MoveFilter::ALL.quiets_only(),
            MoveFilter::ALL.role(Role::Pawn),
            MoveFilter::ALL.to(Bitboard(0x00ff_ff00_00ff_ff00)),
        ];
        for filter in filters {
            let mut detailed = Vec::new();
            board.for_each_legal_move_with(scheme, filter, |d| {
                assert_eq!(
                    Some(d.role),
                    board.role_at(d.mv.from()),
                    "{name}:{}",
                    line.number
                );
                assert_eq!(d.captured, board.captured(d.mv), "{name}:{}", line.number);
                detailed.push(d.mv.to_u16());
            });
            let mut listed: Vec<u16> = board
                .legal_moves_filtered_with(scheme, filter)
                .iter()
                .map(|m| m.to_u16())
                .collect();
            detailed.sort_unstable();
            listed.sort_unstable();
            assert_eq!(detailed, listed, "{name}:{} {filter:?}", line.number);
            assert_mvv_lva_order(scheme, &board, filter, &format!("{name}:{}", line.number));
        }
        for &(depth, expected) in &line.depths {
            if expected > max_nodes {
                continue;
            }
            let got = perft_with(scheme, &board, depth);
            checked += 1;
            if got != expected as u128 {
                failures.push(format!(
                    "{name}:{} {} depth {depth}: expected {expected}, got {got}",
                    line.number, line.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    (checked, 0)
}

macro_rules! suite {
    ($file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/perft/",
            $file
        ))
    };
}

#[test]
fn standard_suite() {
    let (n, _) = run_suite(Hyperbola, "standard.epd", suite!("standard.epd"), MAX_NODES);
    assert!(n > 10_000, "only {n} counts checked");
}

#[test]
fn tricky_suite() {
    let (n, _) = run_suite(Hyperbola, "tricky.epd", suite!("tricky.epd"), MAX_NODES);
    assert!(n > 50, "only {n} counts checked");
}

#[test]
fn chess960_suite() {
    let (n, _) = run_suite(Hyperbola, "chess960.epd", suite!("chess960.epd"), MAX_NODES);
    assert!(n > 3_000, "only {n} counts checked");
}

/// Unreachable positions (docs/perft.md: "unreachable 12: all accepted with the published
/// counts"): every one of the 12 lines parses, and every depth within the node limit
/// gives the published count.
#[test]
fn tricky_unreachable_suite() {
    let text = suite!("tricky_unreachable.epd");
    assert_eq!(parse_suite(text).len(), 12);
    // `run_suite` fails on any line that does not parse and on any count that differs.
    let (n, _) = run_suite(Hyperbola, "tricky_unreachable.epd", text, MAX_NODES);
    // 38 published counts; only line 8's D5 (1,320,962) is over the limit.
    assert_eq!(n, 37);
}

/// Other schemes give the same counts (a smaller sample: they share the generator).
#[test]
fn schemes_agree_on_tricky() {
    run_suite(Black, "tricky.epd", suite!("tricky.epd"), 200_000);
    run_suite(Classical, "tricky.epd", suite!("tricky.epd"), 50_000);
}

/// The AVX2 vector scheme runs perft through the generator compiled for AVX2
/// (`inner_avx2`, entered after a CPU check): the same counts. CI's machines have AVX2;
/// there the test insists on it rather than pass without running.
#[test]
fn simd_avx2_perft_agrees_on_tricky() {
    match sliders_core::schemes::SimdAvx2::detect() {
        Some(simd) => {
            let (n, _) = run_suite(simd, "tricky.epd", suite!("tricky.epd"), 200_000);
            assert!(n > 50, "only {n} counts checked");
        }
        None => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI's machine must run AVX2 to test the AVX2 perft entry"
            );
            eprintln!("skipped: simd_avx2_perft_agrees_on_tricky: this CPU lacks AVX2");
        }
    }
}

/// `perft_startpos.csv`: depths whose count is within the limit are counted; the rest
/// (up to depth 15, beyond u64) at least parse as `u128`.
#[test]
fn startpos_csv() {
    let csv = suite!("perft_startpos.csv");
    let mut checked = 0;
    for line in csv.lines().skip(1) {
        let mut fields = line.split(',');
        let depth: u32 = fields.next().unwrap().parse().unwrap();
        let nodes: u128 = fields.next().unwrap().parse().unwrap();
        if nodes <= MAX_NODES as u128 * 5 {
            assert_eq!(sliders_movegen::perft(&Board::startpos(), depth), nodes);
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
}

/// The perft(15) divide names exactly our 20 root moves, and its subtotals (beyond
/// u64) add up to the published perft(15) as `u128`.
#[test]
fn perft15_divide_names_our_root_moves() {
    let csv = suite!("perft15_startpos_divide_ankan.csv");
    let board = Board::startpos();
    let mut ours: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|m| m.uci(false).to_string())
        .collect();
    ours.sort();
    let mut theirs = Vec::new();
    let mut total = 0u128;
    for line in csv.lines().skip(1) {
        let (mv, n) = line.split_once(',').unwrap();
        theirs.push(mv.to_owned());
        total += n.trim().parse::<u128>().unwrap();
    }
    theirs.sort();
    assert_eq!(ours, theirs);
    assert_eq!(total, 2_015_099_950_053_364_471_960);
}

/// The strict reader refuses, with typed errors, the suite positions no game reaches (as
/// shakmaty does): 10 of the 12 unreachable ones (3 of them for a check their en passant
/// square's double push cannot have given), and one impossible double check in the
/// standard suite (two bishops checking along one diagonal); the lax one reads them all.
#[test]
fn the_strict_reader_refuses_the_unreachable_suite_positions() {
    let refused = |text: &str| -> Vec<String> {
        parse_suite(text)
            .into_iter()
            .filter(|line| Board::from_fen(&line.fen).is_err())
            .map(|line| line.fen)
            .collect()
    };
    assert_eq!(
        refused(suite!("standard.epd")),
        ["B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"]
    );
    assert!(refused(suite!("tricky.epd")).is_empty());
    assert!(refused(suite!("chess960.epd")).is_empty());
    assert_eq!(refused(suite!("tricky_unreachable.epd")).len(), 10);
}

/// Every node of a small tree from positions with every kind of move (promotions with
/// and without capture, en passant from both sides, castling both ways, pins, checks),
/// for both colours: the MVV-LVA form's order is the keys' order.
#[test]
fn the_mvv_lva_order_holds_at_every_node_of_a_tree() {
    fn walk(board: &Board, depth: u32, nodes: &mut u64) {
        *nodes += 1;
        for filter in [MoveFilter::ALL, MoveFilter::ALL.captures_only()] {
            assert_mvv_lva_order(Black, board, filter, "tree");
        }
        if depth == 0 {
            return;
        }
        for &mv in board.legal_moves().iter() {
            walk(&board.after_unchecked(mv), depth - 1, nodes);
        }
    }
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/8/3pPp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        "r3k2r/8/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
    ];
    let mut nodes = 0;
    for fen in fens {
        walk(&Board::from_fen(fen).unwrap(), 3, &mut nodes);
    }
    assert!(nodes > 100_000, "{nodes}");
}

/// A lax board with more pieces than a side can have in chess takes the sorting path,
/// with the same order.
#[test]
fn the_mvv_lva_order_holds_with_more_pieces_than_chess_allows() {
    let board = Board::from_fen_lax("NNNNNNNN/NNNNNNNN/8/3q4/8/8/8/k6K w - - 0 1").unwrap();
    for filter in [MoveFilter::ALL, MoveFilter::ALL.captures_only()] {
        assert_mvv_lva_order(Black, &board, filter, "overflow");
    }
    let mut first = None;
    board.for_each_legal_move_mvv_lva(MoveFilter::ALL, |d| {
        first.get_or_insert(d.mv.uci(false).to_string());
    });
    assert_eq!(first.as_deref(), Some("c7d5"));
}
