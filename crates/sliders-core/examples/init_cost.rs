//! What building the tables lazily at run time would cost the first lookup, to compare
//! with the static tables the crate includes (built by its build script).
//! `cargo run --release -p sliders-core --example init_cost`
//!
//! It times the two steps a lazy build needs: the reference ray walk over every relevant
//! occupancy of every square, and filling each scheme's table with the same checked
//! filler the build script runs (which walks the reference itself).

use std::hint::black_box;
use std::time::Instant;

use sliders_core::reference::{self, bishop_mask, rook_mask};
use sliders_core::schemes::data::{black, fancy, fancy_best, fixed_shift};
use sliders_core::schemes::magic::fill_all;
use sliders_core::schemes::{IndexFn, MagicEntry};
use sliders_core::{Bitboard, Square};

/// A built-in set: name, rook and bishop entries, table entries, index function.
type Set<'a> = (
    &'a str,
    &'a [MagicEntry; 64],
    &'a [MagicEntry; 64],
    usize,
    IndexFn,
);

fn main() {
    let start = Instant::now();
    let mut walked = 0u64;
    for square in Square::ALL {
        for occupied in rook_mask(square).subsets() {
            walked ^= reference::rook_attacks(square, black_box(occupied)).0;
        }
        for occupied in bishop_mask(square).subsets() {
            walked ^= reference::bishop_attacks(square, black_box(occupied)).0;
        }
    }
    black_box(walked);
    println!(
        "reference ray walk, 107,648 occupancies: {:>8.2} ms",
        start.elapsed().as_secs_f64() * 1e3
    );

    let sets: [Set; 4] = [
        (
            "fancy",
            &fancy::ROOK,
            &fancy::BISHOP,
            fancy::TABLE_ENTRIES,
            IndexFn::Magic,
        ),
        (
            "fancy-best",
            &fancy_best::ROOK,
            &fancy_best::BISHOP,
            fancy_best::TABLE_ENTRIES,
            IndexFn::Magic,
        ),
        (
            "fixed-shift",
            &fixed_shift::ROOK,
            &fixed_shift::BISHOP,
            fixed_shift::TABLE_ENTRIES,
            IndexFn::Magic,
        ),
        (
            "black",
            &black::ROOK,
            &black::BISHOP,
            black::TABLE_ENTRIES,
            IndexFn::Black,
        ),
    ];
    for (name, rook, bishop, entries, index) in sets {
        let start = Instant::now();
        let mut table = vec![Bitboard::EMPTY; entries];
        fill_all(&mut table, rook, bishop, index).expect("built-in magics are valid");
        black_box(&table);
        println!(
            "fill {name:<11} (checked, walking the reference): {:>8.2} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}
