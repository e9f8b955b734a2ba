//! The magic-bitboards page's "wishing dream" (one magic for every square of a piece, one
//! shift, one shared table, no offsets: `table[((occ & mask[sq]) * magic) >> shift]`)
//! cannot exist, with or without the slider's own square in the mask, for any magic, any
//! shift and any table size: two positions that need different attack sets reach the same
//! masked occupancy, so no function of it can tell them apart. The proof is in
//! docs/research-wishing-dream.md; these tests check each of its facts on the board.

use sliders_core::reference::{self, bishop_mask, rook_mask};
use sliders_core::{Bitboard, Slider, Square};

const SLIDERS: [Slider; 2] = [Slider::Rook, Slider::Bishop];

fn mask(slider: Slider, square: Square) -> Bitboard {
    match slider {
        Slider::Rook => rook_mask(square),
        _ => bishop_mask(square),
    }
}

/// Whether a piece on `other` changes what a slider on `square` attacks when the two are
/// alone on the board: then every correct mask of `square` must hold `other` (without it
/// the boards {square} and {square, other} share a key but not an answer). Computed from
/// the ray walk, not from the masks, so the facts below hold for any masks that work.
fn relevant(slider: Slider, square: Square, other: Square) -> bool {
    let alone = Bitboard::from(square);
    reference::attacks(slider, square, alone)
        != reference::attacks(slider, square, alone | Bitboard::from(other))
}

/// The pairs of squares each relevant to the other, each pair once.
fn mutually_relevant(slider: Slider) -> Vec<(Square, Square)> {
    let mut pairs = Vec::new();
    for (i, &x) in Square::ALL.iter().enumerate() {
        for &y in &Square::ALL[i + 1..] {
            if relevant(slider, x, y) && relevant(slider, y, x) {
                pairs.push((x, y));
            }
        }
    }
    pairs
}

#[test]
fn the_relevant_squares_are_the_standard_masks() {
    // So "every correct mask holds the relevant squares" is about the masks everyone uses.
    for slider in SLIDERS {
        for x in Square::ALL {
            for y in Square::ALL {
                assert_eq!(
                    x != y && relevant(slider, x, y),
                    mask(slider, x).contains(y),
                    "{slider:?} {x} {y}"
                );
            }
        }
    }
}

#[test]
fn without_the_own_square_every_empty_board_keys_to_zero() {
    for slider in SLIDERS {
        let mut empty_boards = Vec::new();
        for square in Square::ALL {
            // The slider alone: its masked occupancy is 0, so index 0 for any magic.
            assert_eq!(
                Bitboard::from(square) & mask(slider, square),
                Bitboard::EMPTY
            );
            empty_boards.push(reference::attacks(slider, square, Bitboard::from(square)).0);
        }
        // ... and the 64 answers that index 0 would have to hold are all different.
        empty_boards.sort_unstable();
        empty_boards.dedup();
        assert_eq!(empty_boards.len(), 64, "{slider:?}");
    }
}

#[test]
fn with_the_own_square_two_sliders_that_block_each_other_share_a_key() {
    // Rook b2 blocked on b3 and rook b3 blocked on b2: one board, {b2, b3}, masked to
    // itself by either square's mask with its own square, and two different answers.
    let board = Bitboard::from(Square::B2) | Bitboard::from(Square::B3);
    let key_b2 = board & (rook_mask(Square::B2) | Bitboard::from(Square::B2));
    let key_b3 = board & (rook_mask(Square::B3) | Bitboard::from(Square::B3));
    assert_eq!((key_b2, key_b3), (board, board));
    assert_ne!(
        reference::rook_attacks(Square::B2, board),
        reference::rook_attacks(Square::B3, board)
    );

    // Every mutually relevant pair does the same, under any masks that work: the board
    // holds only the two squares, each mask holds both, so the keys are the board itself.
    // Rooks: two squares of a rank off files a and h, C(6,2) = 15 per rank, or the same
    // on a file: 16 * 15 = 240. Bishops: two squares of one diagonal of the inner 6x6,
    // 55 per direction (diagonals of 1 to 6 squares): 110.
    for (slider, expected_pairs) in [(Slider::Rook, 240), (Slider::Bishop, 110)] {
        let pairs = mutually_relevant(slider);
        assert_eq!(pairs.len(), expected_pairs, "{slider:?}");
        for &(x, y) in &pairs {
            let board = Bitboard::from(x) | Bitboard::from(y);
            assert_eq!(board & (mask(slider, x) | Bitboard::from(x)), board);
            assert_eq!(board & (mask(slider, y) | Bitboard::from(y)), board);
            assert_ne!(
                reference::attacks(slider, x, board),
                reference::attacks(slider, y, board),
                "{slider:?} {x} {y}"
            );
        }
    }
}

#[test]
fn mixing_the_two_mask_kinds_does_not_help() {
    // Squares whose mask lacks their own square all key the empty board to 0, so at most
    // one square may lack it; the rest hold it, and two of them that are mutually relevant
    // collide. Two pairs with no square in common leave a collision whichever square is
    // the exception.
    use Square::*;
    for (slider, two_pairs) in [
        (Slider::Rook, [(B2, B3), (G6, G7)]),
        (Slider::Bishop, [(C3, D4), (E6, F7)]),
    ] {
        let pairs = mutually_relevant(slider);
        for pair in two_pairs {
            assert!(pairs.contains(&pair), "{slider:?} {pair:?}");
        }
    }
}
