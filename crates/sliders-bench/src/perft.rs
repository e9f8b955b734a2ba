//! Perft with bulk counting for `sliders` and each peer, written against each crate's
//! public API. Every function counts the legal moves at the last ply without making
//! them, and makes moves by copying the position, as each crate's documentation shows.

use sliders_core::schemes::{Scheme, SchemeId, WithScheme};

/// A perft implementation under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `sliders_movegen::perft`: the counting engine (the `perft-engine` feature), with
    /// the scheme chosen at run time (`SLIDERS_SCHEME` or auto).
    Sliders,
    /// `sliders_movegen::perft_generator_with`: the general move generator (the one
    /// `legal_moves` uses), with the scheme chosen at run time.
    Generator,
    /// `sliders_movegen::perft_with` with a named scheme.
    SlidersWith(SchemeId),
    /// cozy-chess 0.3.4.
    Cozy,
    /// shakmaty 0.30.1.
    Shakmaty,
    /// chess 3.2 (jordanbray).
    Chess,
}

impl Side {
    /// The four crates, ours first (the engine and the general generator).
    pub const PEERS: [Side; 5] = [
        Side::Sliders,
        Side::Generator,
        Side::Cozy,
        Side::Shakmaty,
        Side::Chess,
    ];

    /// Whether this side is one of ours.
    pub fn is_ours(self) -> bool {
        matches!(self, Side::Sliders | Side::Generator | Side::SlidersWith(_))
    }

    /// The side a short name names: `sliders`, `generator`, `cozy`, `shakmaty`, `chess`
    /// (what `peer-perft --builds BIN:SIDE` takes).
    pub fn from_name(name: &str) -> Option<Side> {
        Some(match name {
            "sliders" => Side::Sliders,
            "generator" => Side::Generator,
            "cozy" => Side::Cozy,
            "shakmaty" => Side::Shakmaty,
            "chess" => Side::Chess,
            _ => return None,
        })
    }

    /// The name used in tables.
    pub fn name(self) -> String {
        match self {
            Side::Sliders => format!("sliders engine ({})", sliders_core::schemes::auto()),
            Side::Generator => format!("sliders generator ({})", sliders_core::schemes::auto()),
            Side::SlidersWith(id) => format!("sliders [{id}]"),
            Side::Cozy => {
                if cfg!(feature = "peer-pext") {
                    "cozy-chess 0.3.4 (pext)".into()
                } else {
                    "cozy-chess 0.3.4".into()
                }
            }
            Side::Shakmaty => "shakmaty 0.30.1".into(),
            Side::Chess => "chess 3.2".into(),
        }
    }

    /// Parses the position for this side, runs perft and returns the node count. The
    /// parse is cheap next to any timed depth; [`Prepared`] separates the two.
    pub fn perft(self, fen: &str, depth: u32) -> Result<u64, String> {
        Ok(self.prepare(fen)?.run(depth))
    }

    /// Parses `fen` into this side's board type.
    pub fn prepare(self, fen: &str) -> Result<Prepared, String> {
        Ok(match self {
            Side::Sliders | Side::Generator | Side::SlidersWith(_) => {
                let board =
                    sliders_movegen::Board::from_fen(fen).map_err(|e| format!("sliders: {e}"))?;
                match self {
                    Side::SlidersWith(id) => {
                        if !id.is_available() {
                            return Err(format!("scheme {id} is unavailable on this CPU"));
                        }
                        Prepared::SlidersWith(id, board)
                    }
                    Side::Generator => Prepared::Generator(board),
                    _ => Prepared::Sliders(board),
                }
            }
            Side::Cozy => Prepared::Cozy(
                cozy_chess::Board::from_fen(fen, false).map_err(|e| format!("cozy-chess: {e}"))?,
            ),
            Side::Shakmaty => {
                let fen: shakmaty::fen::Fen = fen.parse().map_err(|e| format!("shakmaty: {e}"))?;
                Prepared::Shakmaty(
                    fen.into_position(shakmaty::CastlingMode::Standard)
                        .map_err(|e| format!("shakmaty: {e}"))?,
                )
            }
            Side::Chess => Prepared::Chess(
                fen.parse::<chess::Board>()
                    .map_err(|e| format!("chess: {e}"))?,
            ),
        })
    }
}

/// A position parsed for one side, ready to run.
#[derive(Clone, Debug)]
pub enum Prepared {
    /// Ours, dispatched.
    Sliders(sliders_movegen::Board),
    /// Ours, the general generator, dispatched.
    Generator(sliders_movegen::Board),
    /// Ours, with a named scheme.
    SlidersWith(SchemeId, sliders_movegen::Board),
    /// cozy-chess.
    Cozy(cozy_chess::Board),
    /// shakmaty.
    Shakmaty(shakmaty::Chess),
    /// chess.
    Chess(chess::Board),
}

impl Prepared {
    /// Perft of the prepared position.
    pub fn run(&self, depth: u32) -> u64 {
        match self {
            Prepared::Sliders(board) => sliders_perft(board, depth),
            Prepared::Generator(board) => generator_perft(board, depth),
            Prepared::SlidersWith(id, board) => sliders_perft_with(*id, board, depth),
            Prepared::Cozy(board) => cozy_perft(board, depth),
            Prepared::Shakmaty(pos) => shakmaty_perft(pos, depth),
            Prepared::Chess(board) => chess_perft(board, depth),
        }
    }
}

/// Ours, through the library's own dispatched entry point.
pub fn sliders_perft(board: &sliders_movegen::Board, depth: u32) -> u64 {
    sliders_movegen::perft(board, depth) as u64
}

/// Ours, the general generator, with the dispatched scheme.
pub fn generator_perft(board: &sliders_movegen::Board, depth: u32) -> u64 {
    struct Job<'a>(&'a sliders_movegen::Board, u32);
    impl WithScheme for Job<'_> {
        type Output = u128;
        fn run<S: Scheme>(self, scheme: S) -> u128 {
            sliders_movegen::perft_generator_with(scheme, self.0, self.1)
        }
    }
    sliders_core::schemes::dispatch(Job(board, depth)) as u64
}

/// Ours with a named scheme (the board crate's `perft_by_id`, compiled there once).
pub fn sliders_perft_with(id: SchemeId, board: &sliders_movegen::Board, depth: u32) -> u64 {
    match sliders_movegen::perft_by_id(id, board, depth) {
        Some(n) => n as u64,
        None => panic!("scheme {id} is unavailable on this CPU"),
    }
}

/// cozy-chess: `generate_moves` hands out moves grouped by piece; at the last ply the
/// groups' `len()` are summed.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0u64;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// shakmaty: `legal_moves()` into its array-backed list; at the last ply its `len()`.
pub fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0u64;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_perft(&child, depth - 1);
    }
    nodes
}

/// chess: `MoveGen::new_legal` is an exact-size iterator; at the last ply its `len()`.
pub fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0u64;
    for mv in moves {
        nodes += chess_perft(&board.make_move_new(mv), depth - 1);
    }
    nodes
}
