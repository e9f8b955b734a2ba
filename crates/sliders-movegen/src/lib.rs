//! # sliders-movegen
//!
//! The board a chess engine is built on: legal move generation, FEN, EPD, SAN, game
//! status, static exchange evaluation and perft, on the `sliders-core` attack schemes
//! (re-exported here: this crate is the one dependency a program needs). Checked field
//! by field against python-chess on 6,028 positions.
//!
//! ## A guide in fifty lines
//!
//! ```
//! use sliders_movegen::{Bitboard, Board, Game, Move, MoveFilter, Role, Square, Termination};
//!
//! // Read a position; errors name the FEN field at fault.
//! let board = Board::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
//! assert!(Board::from_fen("rnbqkbnr/pppppppp/9/8 w KQkq - 0 1").is_err());
//!
//! // List the legal moves and order them in place: captures that win material first.
//! let mut moves = board.legal_moves();
//! moves.sort_unstable_by_key(|&mv| -board.see(mv));
//! assert_eq!(board.see(moves[0]), 100); // Bxf7+ or Qxf7#: a pawn, and nothing takes back
//! // Or ask for fewer: the queen's captures, moves from one square, the first of them.
//! assert_eq!(board.legal_moves_filtered(MoveFilter::ALL.role(Role::Queen).captures_only()).len(), 3);
//! assert_eq!(board.legal_moves_filtered(MoveFilter::ALL.from(Bitboard::from(Square::C4))).len(), 9);
//! assert!(board.has_legal_moves());
//! // A search's move orderer takes each move with its moving and captured roles.
//! let mut scored = Vec::new();
//! board.for_each_legal_move(MoveFilter::ALL, |d| {
//!     let victim = d.captured.map_or(0, |v| 10 * (v as i32 + 1));
//!     scored.push((victim - d.role as i32, d.mv)); // MVV-LVA
//! });
//! scored.sort_unstable_by_key(|e| -e.0);
//! assert_eq!(board.captured(scored[0].1), Some(Role::Pawn)); // a capture first
//! // Or take them in MVV-LVA order from the generator, with no sort.
//! let mut ordered = Vec::new();
//! board.for_each_legal_move_mvv_lva(MoveFilter::ALL, |d| ordered.push(d.mv));
//! assert_eq!(board.captured(ordered[0]), Some(Role::Pawn));
//!
//! // Make moves, checked: an illegal one is refused and changes nothing.
//! let mut after = board;
//! assert!(after.play(Move::normal(Square::E1, Square::G1)).is_err());
//! assert_eq!(after, board);
//! after.play(board.parse_san("Qxf7#").unwrap()).unwrap();
//! assert!(after.is_checkmate());
//! assert_eq!(after.outcome().unwrap().termination, Termination::Checkmate);
//!
//! // Repetition needs the game's history: Game keeps it.
//! let mut game = Game::new(Board::startpos());
//! for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
//!     game.play_uci(uci).unwrap();
//! }
//! assert_eq!(game.repetitions(), 3);
//! assert_eq!(game.claimable_draw(), Some(Termination::ThreefoldRepetition));
//!
//! // Hash: the Polyglot key, kept up to date by every move; equal positions hash equal.
//! assert_eq!(Board::startpos().hash(), 0x463b96181691fc9c);
//! assert_eq!(*game.board(), Board::startpos());
//! ```
//!
//! ## What is here
//!
//! - [`Board`]: pieces as bitboards, side to move, castling rights (standard and
//!   Chess960), en passant square, clocks and the Polyglot key ([`Board::hash`]), kept up
//!   to date by every move; small and `Copy`. Checked make ([`Board::play`]) and
//!   unchecked ([`Board::play_unchecked`], [`Board::after_unchecked`]); null move
//!   ([`Board::play_null`]). Equality is the position's (placement, side, rights, a
//!   legal en passant), not the clocks'.
//! - Setting up: FEN in and out ([`Board::from_fen`], [`Board::to_fen`]; standard,
//!   Shredder-FEN and X-FEN castling; [`FenError`] names the field), EPD ([`Epd`]), a
//!   [`BoardBuilder`] with typed errors ([`SetupError`]) and a lax mode, and the Chess960
//!   start positions by Scharnagl number ([`Board::chess960`]).
//! - Legal moves without make-and-test into a [`MoveList`] on the stack (no heap, no
//!   zero-fill) that sorts, retains and iterates in place ([`Board::legal_moves`],
//!   [`Board::captures`], [`Board::captures_and_promotions`], [`Board::quiet_moves`]),
//!   through a [`MoveFilter`] (origins, destinations, roles, captures, quiet promotions,
//!   quiets), one at a time to a callback that may stop
//!   ([`Board::visit_legal_moves`]), or with the moving and captured roles to a
//!   callback, for a move orderer ([`Board::for_each_legal_move`]), or so in MVV-LVA
//!   order without a sort ([`Board::for_each_legal_move_mvv_lva`]).
//!   [`Board::is_legal`] for any 16-bit move value; [`Board::gives_check`];
//!   [`Board::checkers`] and [`Board::is_check`] (kept by every move),
//!   [`Board::pinned`], [`Board::attackers_to`]; [`Board::role_at`] and
//!   [`Board::captured`] by a few tests of the role sets.
//! - Static exchange evaluation ([`Board::see`], [`Board::see_ge`]), exact over every
//!   capture order.
//! - Game status ([`Board::outcome`], [`Outcome`]) and repetitions ([`Game`]).
//! - UCI in both castling conventions ([`Uci`], [`Board::resolve`], [`Board::parse_uci`],
//!   [`Move::uci`]) and SAN in and out ([`Board::parse_san`], [`Board::san`]).
//! - Perft with bulk counting ([`perft`], [`perft_with`]), [`divide`], a parallel
//!   version ([`perft_parallel`], [`divide_parallel`]) and a hashed one
//!   ([`perft_hashed`]).
//!
//! The plain methods look up slider attacks with [`DefaultScheme`] (black magics: fast
//! on every CPU, no dispatch, inlined). The methods that look up attacks have a `_with`
//! form taking any [`schemes::Scheme`] ([`Board::legal_moves_with`],
//! [`Board::legal_moves_filtered_with`], [`Board::visit_legal_moves_with`],
//! [`Board::for_each_legal_move_with`],
//! [`Board::count_moves_with`], [`Board::checkers_with`], [`Board::pinned_with`],
//! [`Board::attackers_to_with`]); [`schemes::dispatch`] runs a whole search generic over
//! the scheme with the best one for this CPU, chosen once (perft does). Making a move
//! needs no slider lookup. `examples/engine.rs` is a small UCI engine built on this API
//! alone.
//!
//! The crate is `#![no_std]` with `alloc` (lists of moves are on the stack; FEN, EPD and
//! SAN text need `String`). Cargo features: `std`, on by default, the core's `std`
//! (`SLIDERS_SCHEME` read from the environment), which `parallel` turns on; turn default features off for a `no_std` build. The others are off by default:
//! `parallel`, threads for the parallel perft,
//! through rayon (without it the parallel entry points keep their signatures and count
//! on the calling thread); `serde`, `Serialize`/`Deserialize` for [`Move`] (its 16
//! bits), [`Uci`] (its text), [`Board`] (its FEN) and the core's `Square` and
//! `Bitboard`; `perft-engine`, the counting engine (`engine`), which [`perft`] and
//! everything built on it then count with ([`perft_generator_with`] keeps the general
//! generator); `by-id`, perft and divide with a scheme named at run time
//! (`perft_by_id`, `divide_by_id`), compiled here once for every scheme.
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod board;
#[cfg(feature = "perft-engine")]
pub mod engine;
mod epd;
mod fen;
mod filter;
mod game;
mod legal;
mod lookups;
mod move_list;
mod movegen;
mod moves;
mod ordered;
mod perft;
mod piece;
mod polyglot_keys;
mod san;
mod see;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod status;
mod zobrist;

pub use board::{Board, IllegalMoveError, STARTPOS_FEN};
pub use epd::{Epd, EpdError, Operation};
pub use fen::{FenError, FenField};
pub use filter::MoveFilter;
pub use game::Game;
pub use lookups::DefaultScheme;
pub use move_list::{MoveList, MoveListIntoIter, MAX_MOVES};
pub use moves::{Move, MoveDetail, MoveKind, Uci, UciError};
pub use perft::{
    divide, divide_parallel, divide_with, perft, perft_generator_with, perft_hashed,
    perft_parallel, perft_with, PerftTable,
};
#[cfg(feature = "by-id")]
pub use perft::{divide_by_id, perft_by_id};
pub use piece::{Color, Piece, Role};
pub use san::SanError;
pub use see::SEE_VALUES;
pub use setup::{BoardBuilder, SetupError};
pub use status::{Outcome, Termination};

// What a program on the board needs from the core, so that it depends on this crate
// alone: the square and set types, the attack functions, and the schemes for the
// `_with` forms.
pub use sliders_core::schemes;
pub use sliders_core::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks, ray,
    rook_attacks, Bitboard, File, ParseSquareError, Rank, Square,
};

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
