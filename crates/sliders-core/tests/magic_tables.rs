//! User-supplied magics through `MagicTables::fill`: accepted when right, and rejected
//! with the failing square named when wrong.

use sliders_core::reference;
use sliders_core::schemes::data::fancy;
use sliders_core::schemes::{FillError, MagicEntry, MagicTables, Scheme};
use sliders_core::{Bitboard, Slider, Square};

fn fancy_entries() -> ([MagicEntry; 64], [MagicEntry; 64]) {
    (fancy::ROOK, fancy::BISHOP)
}

#[test]
fn published_fancy_magics_fill_and_match_the_reference() {
    let (rook, bishop) = fancy_entries();
    let mut table = vec![Bitboard::EMPTY; fancy::TABLE_ENTRIES];
    let tables = MagicTables::fill(rook, bishop, &mut table).expect("published magics are valid");
    for square in Square::ALL {
        for occupied in reference::rook_mask(square).subsets() {
            assert_eq!(
                Scheme::rook_attacks(&&tables, square, occupied),
                reference::rook_attacks(square, occupied)
            );
        }
        for occupied in reference::bishop_mask(square).subsets() {
            assert_eq!(
                Scheme::bishop_attacks(&&tables, square, occupied),
                reference::bishop_attacks(square, occupied)
            );
        }
    }
    assert_eq!((&tables).table_bytes(), 107_648 * 8);
}

#[test]
fn a_broken_magic_is_rejected_naming_its_square() {
    let (mut rook, bishop) = fancy_entries();
    rook[Square::E4 as usize].magic = 1; // the index becomes the low occupancy bits: collisions
    let mut table = vec![Bitboard::EMPTY; fancy::TABLE_ENTRIES];
    match MagicTables::fill(rook, bishop, &mut table) {
        Err(FillError::Collision { slider, square, .. }) => {
            assert_eq!((slider, square), (Slider::Rook, Square::E4));
        }
        other => panic!("expected a collision on rook e4, got {other:?}"),
    }
}

#[test]
fn an_offset_past_the_table_is_rejected() {
    let (rook, mut bishop) = fancy_entries();
    bishop[Square::H8 as usize].offset = fancy::TABLE_ENTRIES as u32 - 1;
    let mut table = vec![Bitboard::EMPTY; fancy::TABLE_ENTRIES];
    match MagicTables::fill(rook, bishop, &mut table) {
        Err(FillError::OutOfRange { slider, square, .. }) => {
            assert_eq!((slider, square), (Slider::Bishop, Square::H8));
        }
        other => panic!("expected out of range on bishop h8, got {other:?}"),
    }
}

#[test]
fn a_non_standard_mask_is_rejected() {
    let (mut rook, bishop) = fancy_entries();
    rook[Square::A1 as usize].mask = Bitboard(0xfe);
    let mut table = vec![Bitboard::EMPTY; fancy::TABLE_ENTRIES];
    assert!(matches!(
        MagicTables::fill(rook, bishop, &mut table),
        Err(FillError::WrongMask {
            slider: Slider::Rook,
            square: Square::A1
        })
    ));
}

#[test]
fn black_and_32_bit_sets_plug_in_with_their_index_function() {
    use sliders_core::schemes::data::{black, fancy32};
    use sliders_core::schemes::IndexFn;
    let mut table = vec![Bitboard::EMPTY; black::TABLE_ENTRIES];
    let blacks =
        MagicTables::fill_with(black::ROOK, black::BISHOP, &mut table, IndexFn::Black).unwrap();
    let mut table32 = vec![Bitboard::EMPTY; fancy32::TABLE_ENTRIES];
    let thirty_two = MagicTables::fill_with(
        fancy32::ROOK,
        fancy32::BISHOP,
        &mut table32,
        IndexFn::Magic32,
    )
    .unwrap();
    for square in Square::ALL {
        for occupied in reference::rook_mask(square).subsets() {
            let expected = reference::rook_attacks(square, occupied);
            assert_eq!(Scheme::rook_attacks(&&blacks, square, occupied), expected);
            assert_eq!(
                Scheme::rook_attacks(&&thirty_two, square, occupied),
                expected
            );
        }
        for occupied in reference::bishop_mask(square).subsets() {
            let expected = reference::bishop_attacks(square, occupied);
            assert_eq!(Scheme::bishop_attacks(&&blacks, square, occupied), expected);
            assert_eq!(
                Scheme::bishop_attacks(&&thirty_two, square, occupied),
                expected
            );
        }
    }
    // The built-in fancy32 tables, used through MagicTables, index with 32 bits too.
    #[cfg(feature = "fancy32")]
    {
        let occupied = Bitboard(0x0042_0000_1800_2400);
        assert_eq!(
            sliders_core::schemes::fancy32::TABLES.rook_attacks(Square::D5, occupied),
            reference::rook_attacks(Square::D5, occupied)
        );
    }
    // A black set under the plain index fails, naming a square.
    let mut table = vec![Bitboard::EMPTY; black::TABLE_ENTRIES];
    assert!(
        MagicTables::fill_with(black::ROOK, black::BISHOP, &mut table, IndexFn::Magic).is_err()
    );
}
