//! # sliders-movegen
//!
//! The board an engine is built on: legal move generation, FEN, EPD, SAN, game status
//! and perft on top of the `sliders` core.
//!
//! - [`Board`]: pieces as bitboards, side to move, castling rights (standard and
//!   Chess960), en passant square, clocks and the Polyglot key ([`Board::hash`]), kept up
//!   to date by every move; small and `Copy`, moves are made by copying.
//! - FEN in and out ([`Board::from_fen`], [`Board::to_fen`]): standard, Shredder-FEN
//!   and X-FEN castling; errors name the field ([`FenError`]) and no input panics. EPD
//!   with operations ([`Epd`]).
//! - Legal moves without make-and-test ([`Board::legal_moves`], [`Board::captures`],
//!   [`Board::quiet_moves`], [`Board::legal_moves_to`]): checkers, pins and king-danger
//!   squares once per node. Slider attacks come from any [`sliders_core::schemes::Scheme`];
//!   the generator is generic and monomorphised, and the entry points dispatch once to
//!   the best scheme for the CPU. [`Board::is_legal`] for any 16-bit move value,
//!   [`Board::play_null`], [`Board::checkers`], [`Board::pinned`],
//!   [`Board::attackers_to`].
//! - Game status ([`Board::outcome`], [`Outcome`]) and repetitions ([`Game`]).
//! - UCI notation in both castling conventions ([`Board::parse_uci`], [`Move::uci`]) and
//!   SAN in and out ([`Board::parse_san`], [`Board::san`]).
//! - Perft with bulk counting ([`perft`], [`perft_with`]), [`divide`], a parallel
//!   version ([`perft_parallel`], [`divide_parallel`]) and a hashed one
//!   ([`perft_hashed`]).
//!
//! `examples/engine.rs` is a small UCI engine built on this API alone.
//!
//! Cargo features, both off by default: `parallel`, threads for the parallel perft,
//! through rayon (without it the parallel entry points keep their signatures and count
//! on the calling thread); `serde`, `Serialize`/`Deserialize` for [`Move`] (as UCI),
//! [`Board`] (as FEN) and the core's `Square` and `Bitboard`.
//!
//! ```
//! use sliders_movegen::{perft, Board};
//! let board = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
//! assert_eq!(perft(&board, 4), 43_238);
//! ```
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod auto;
mod board;
mod epd;
mod fen;
mod game;
mod legal;
mod movegen;
mod moves;
mod perft;
mod piece;
mod polyglot_keys;
mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod status;
#[cfg(feature = "work-units")]
pub mod work_units;
mod zobrist;

pub use board::{Board, STARTPOS_FEN};
pub use epd::{Epd, EpdError, Operation};
pub use fen::{FenError, FenField};
pub use game::Game;
pub use moves::{Move, MoveKind, MoveList, Uci, UciError, MAX_MOVES};
pub use perft::{
    divide, divide_parallel, divide_with_scheme, perft, perft_hashed, perft_parallel, perft_with,
    PerftTable,
};
pub use piece::{Color, Piece, Role};
pub use san::SanError;
pub use status::{Outcome, Termination};

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
