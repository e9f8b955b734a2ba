//! The board crate in a `#![no_std]` library: legal moves, a move made, FEN in and out,
//! SAN, perft. A second panic handler (std's) would make this crate fail to compile.
#![no_std]

extern crate alloc;

use alloc::string::String;
use sliders_movegen::{perft, Board};

/// Perft of a FEN, the FEN after the first legal move, and that move in SAN.
pub fn walk(fen: &str, depth: u32) -> Option<(u128, String, String)> {
    let board = Board::from_fen(fen).ok()?;
    let mv = *board.legal_moves().first()?;
    let san = board.san(mv);
    Some((perft(&board, depth), board.after_unchecked(mv).to_fen(), san))
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
