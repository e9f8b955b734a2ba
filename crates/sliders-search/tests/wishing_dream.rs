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

/// The rook keys that hold no square below `lowest` (the empty key too), as (square,
/// key, attacks). Every key holds its own square, but for `exempt`'s, which leave it
/// out (at most one square can: their empty boards all key to 0).
fn rook_keys_from(lowest: u32, exempt: Option<Square>) -> Vec<(Square, u64, u64)> {
    let mut keys = Vec::new();
    for square in Square::ALL {
        let own = if exempt == Some(square) {
            Bitboard::EMPTY
        } else {
            Bitboard::from(square)
        };
        for sub in rook_mask(square).subsets() {
            let key = (sub | own).0;
            if key.trailing_zeros() >= lowest {
                keys.push((square, key, reference::rook_attacks(square, sub).0));
            }
        }
    }
    keys
}

#[test]
fn a_key_above_bit_l_sees_only_the_magics_low_64_minus_l_bits() {
    // (key * magic) mod 2^64 with key = k << L is (k * magic mod 2^(64-L)) << L: the
    // index's top 64 - L bits, and zeros below, for any magic and any index bits from
    // 64 - L up.
    let keys = [
        (60, rook_keys_from(60, None)),
        (61, rook_keys_from(61, None)),
    ];
    let mut noise = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..10_000 {
        noise ^= noise << 13;
        noise ^= noise >> 7;
        noise ^= noise << 17;
        for (lowest, keys) in &keys {
            let (lowest, width) = (*lowest, 64 - lowest);
            let low_mask = (1u64 << width) - 1;
            for &(_, key, _) in keys {
                for bits in [width, 11, 13, 19, 24, 64] {
                    let index = key.wrapping_mul(noise) >> (64 - bits);
                    let low = ((key >> lowest) * (noise & low_mask)) & low_mask;
                    assert_eq!(index, low << (bits - width), "{key:#x} {noise:#x} {bits}");
                }
            }
        }
    }
}

/// Whether some choice of the low `64 - lowest` bits of the magics of the squares in
/// `keys` places every key (on the entry those bits decide, by the test above) with only
/// equal attack sets sharing an entry. A depth-first search over the squares.
fn placeable(keys: &[(Square, u64, u64)], lowest: u32) -> bool {
    let width = 64 - lowest;
    let mut squares: Vec<Square> = keys.iter().map(|k| k.0).collect();
    squares.dedup();
    fn place(
        keys: &[(Square, u64, u64)],
        squares: &[Square],
        lowest: u32,
        width: u32,
        entries: &mut Vec<u64>,
    ) -> bool {
        let Some((&square, rest)) = squares.split_first() else {
            return true;
        };
        for low in 0..1u64 << width {
            let saved = entries.clone();
            let fits = keys
                .iter()
                .filter(|k| k.0 == square)
                .all(|&(_, key, attacks)| {
                    let entry =
                        &mut entries[(((key >> lowest) * low) & ((1 << width) - 1)) as usize];
                    let free_or_same = *entry == 0 || *entry == attacks;
                    *entry = attacks;
                    free_or_same
                });
            if fits && place(keys, rest, lowest, width, entries) {
                return true;
            }
            *entries = saved;
        }
        false
    }
    place(keys, &squares, lowest, width, &mut vec![0; 1 << width])
}

/// How many choices of the low three bits of the magics of `squares` place their keys
/// above bit 61 (for the exact counts below).
fn placements_above_61(squares: &[Square]) -> usize {
    let keys: Vec<_> = rook_keys_from(61, None)
        .into_iter()
        .filter(|k| squares.contains(&k.0))
        .collect();
    let mut count = 0;
    for low in 0..1u64 << (3 * squares.len()) {
        let magic_low = |square: Square| {
            let i = squares.iter().position(|&s| s == square).unwrap() as u64;
            (low >> (3 * i)) & 7
        };
        let mut entries = [0u64; 8];
        let fits = keys.iter().all(|&(square, key, attacks)| {
            let entry = &mut entries[(((key >> 61) * magic_low(square)) & 7) as usize];
            let free_or_same = *entry == 0 || *entry == attacks;
            *entry = attacks;
            free_or_same
        });
        count += usize::from(fits);
    }
    count
}

#[test]
fn rooks_f8_g8_h8_leave_no_room_for_a_magic_per_square_without_offsets() {
    // A magic per square does not rescue the rooks (docs/research-wishing-dream.md): by the
    // test above, the 8 keys of f8, g8 and h8 that hold nothing below f8 land on 8 entries
    // chosen by the three magics' low three bits, and 7 of their attack sets differ.
    // None of the 512 choices places them: no such table exists at any number of bits.
    use Square::*;
    let keys = rook_keys_from(61, None);
    assert_eq!(keys.len(), 8);
    let mut sets: Vec<u64> = keys.iter().map(|k| k.2).collect();
    sets.sort_unstable();
    sets.dedup();
    assert_eq!(sets.len(), 7);
    assert_eq!(placements_above_61(&[F8, G8, H8]), 0);
    assert!(!placeable(&keys, 61));
    // Any two of the three fit (the count is not empty by construction).
    assert_eq!(placements_above_61(&[F8, G8]), 22);
    assert_eq!(placements_above_61(&[G8, H8]), 4);
    assert_eq!(placements_above_61(&[F8, H8]), 16);
}

#[test]
fn leaving_one_squares_own_bit_out_does_not_help_the_rooks() {
    // One square may key without its own square (two cannot: both empty boards would key
    // to 0). With g8 or h8 left out the 8 keys above bit 61 fit, but the 20 keys above
    // bit 60 (e8 to h8, 16 entries) do not; with any other square left out, those above
    // bit 61 still do not.
    for exempt in Square::ALL {
        let fits_above_61 = placeable(&rook_keys_from(61, Some(exempt)), 61);
        assert_eq!(
            fits_above_61,
            matches!(exempt, Square::G8 | Square::H8),
            "{exempt}"
        );
        if fits_above_61 {
            let keys = rook_keys_from(60, Some(exempt));
            assert_eq!(keys.len(), 20, "{exempt}");
            assert!(!placeable(&keys, 60), "{exempt}");
        }
    }
}
