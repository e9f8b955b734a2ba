//! Every published set in tests/data/magics reads and verifies with its published size.

use sliders_core::RookOrBishop;
use sliders_search::csv::{read_csv, read_set, write_csv};
use sliders_search::SchemeKind;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/magics/");

fn load(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{name}")).expect("test data")
}

const SETS: [(&str, SchemeKind, usize); 7] = [
    (
        "fancy_stockfish_seeds_107648.csv",
        SchemeKind::Fancy,
        107_648,
    ),
    ("fancy_best_known_92864.csv", SchemeKind::Fancy, 92_864),
    (
        "fixed_shift_magics_88772_annuss.csv",
        SchemeKind::FixedShift,
        88_772,
    ),
    (
        "fixed_shift_magics_89524_annuss.csv",
        SchemeKind::FixedShift,
        89_524,
    ),
    (
        "fixed_shift_magics_97264_annuss.csv",
        SchemeKind::FixedShift,
        97_264,
    ),
    (
        "black_magics_88507_annuss_2017.csv",
        SchemeKind::Black,
        88_507,
    ),
    (
        "black_magics_87988_annuss_fiekas.csv",
        SchemeKind::Black,
        87_988,
    ),
];

#[test]
fn published_sets_verify_with_their_sizes() {
    for (name, scheme, size) in SETS {
        let set = read_set(&load(name), Some(scheme)).expect(name);
        let report = set.verify().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(report.entries, size, "{name}");
        // The core's filler agrees.
        let table = set.fill_table().unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(table.len() <= size);
    }
}

#[test]
fn schemes_are_inferred_from_the_data() {
    for (name, scheme, _) in SETS {
        let file = read_csv(&load(name)).unwrap();
        assert!(file.infer_schemes().contains(&scheme), "{name}");
    }
    let own = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/own/fancy32_sliders_seed1.csv"
    ))
    .unwrap();
    let file = read_csv(&own).unwrap();
    assert_eq!(file.infer_schemes(), vec![SchemeKind::Fancy32]);
    let set = file.to_set(SchemeKind::Fancy32).unwrap();
    assert_eq!(set.verify().unwrap().entries, 107_648);
}

#[test]
fn every_file_reads_or_fails_cleanly() {
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "csv") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            match read_csv(&text) {
                Ok(file) => assert!(!file.rows.is_empty(), "{name}"),
                // The square-status table has no magic column: a clear header error.
                Err(e) => {
                    assert!(name.starts_with("niklasf"), "{name}: {e}");
                    assert_eq!(e.line, 1);
                    assert!(e.message.contains("magic_hex"));
                }
            }
        }
    }
    // The 39 reduced squares: partial, with found_by, no offsets.
    let reduced = read_csv(&load("best_magics_so_far_reduced_squares.csv")).unwrap();
    assert_eq!(reduced.rows.len(), 39);
    assert!(reduced
        .rows
        .iter()
        .all(|r| r.offset.is_none() && r.found_by.is_some()));
}

#[test]
fn numbers_out_of_range_say_so() {
    let header = "piece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset";
    let row = |shift: &str| format!("{header}\nrook,a1,0,0x11800040001481a0,{shift},12,12,0\n");
    let err = read_csv(&row("4294967296")).unwrap_err();
    assert_eq!(err.line, 2);
    assert!(
        err.message
            .contains("bad shift '4294967296': out of range 0..=4294967295"),
        "{}",
        err.message
    );
    let err = read_csv(&row("5x")).unwrap_err();
    assert!(
        err.message.contains("expected a whole number"),
        "{}",
        err.message
    );
}

/// A file of 32-bit shifts read as a 64-bit scheme has tables of 2^32 entries and more;
/// where offsets must be computed (here a row without one), that is an error naming the
/// row, not an overflow (a panic the magic-CSV fuzzer found).
#[test]
fn offsets_past_2_32_entries_are_an_error_not_a_panic() {
    let text = load("fancy_stockfish_seeds_107648.csv");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for line in lines.iter_mut().skip(1) {
        let mut fields: Vec<String> = line.split(',').map(str::to_string).collect();
        let shift: u32 = fields[4].parse().unwrap();
        fields[4] = (shift - 32).to_string(); // 64 - shift bits: 44 for a rook
        fields[5] = String::new(); // bits_used, which would disagree
        if fields[1] == "e4" {
            fields[7] = String::new(); // no offset: computed in square order
        }
        *line = fields.join(",");
    }
    let e = read_set(&lines.join("\n"), Some(SchemeKind::Fancy)).unwrap_err();
    assert!(e.message.contains("pass 2^32 entries"), "{e}");
    assert_eq!(e.line, 2, "{e}"); // rook a1's 44 bits already do not fit
}

#[test]
fn csv_round_trip_keeps_offsets() {
    for (name, scheme, _) in SETS {
        let set = read_set(&load(name), Some(scheme)).unwrap();
        let text = write_csv(&set);
        let again = read_set(&text, None).unwrap();
        assert_eq!(again, set, "{name}");
        assert_eq!(
            again.get(RookOrBishop::Rook, sliders_core::Square::B1),
            set.get(RookOrBishop::Rook, sliders_core::Square::B1)
        );
    }
}

#[test]
fn rust_and_json_round_trip() {
    use sliders_search::export::{read, write, Format};
    for (name, scheme, size) in SETS {
        let mut set = read_set(&load(name), Some(scheme)).unwrap();
        set.provenance = vec![format!("from {name}")];
        for format in [Format::Csv, Format::Rust, Format::Json] {
            let text = write(&set, format);
            let again =
                read(&text, format, None).unwrap_or_else(|e| panic!("{name} {format:?}: {e}"));
            assert_eq!(again, set, "{name} {format:?}");
        }
        let rust = write(&set, Format::Rust);
        assert!(rust.contains("#[rustfmt::skip]"));
        assert!(
            rust.contains(&format!("pub const TABLE_ENTRIES: usize = {size};")),
            "{name}"
        );
        assert!(rust.contains(&format!("// from {name}")));
    }
}

#[test]
fn malformed_csv_names_the_line() {
    let text = load("fancy_stockfish_seeds_107648.csv");
    let lines: Vec<&str> = text.lines().collect();
    let with = |line: usize, replacement: &str| {
        let mut l = lines.clone();
        l[line - 1] = replacement;
        l.join("\n")
    };
    let cases = [
        (with(5, "rook,d1,3,0xzz,53,11,11,8192"), 5, "magic_hex"),
        (
            with(5, "rook,z9,3,0x1100100008210004,53,11,11,8192"),
            5,
            "square",
        ),
        (
            with(5, "rook,c1,2,0x1100100008210004,53,11,11,8192"),
            5,
            "duplicate",
        ),
        (
            with(
                1,
                "piece,square,square_index,shift,bits_used,mask_bits,offset",
            ),
            1,
            "magic_hex",
        ),
        (with(5, "rook,d1,3,0x1100100008210004"), 5, "shift"),
    ];
    for (text, line, word) in cases {
        let e = read_set(&text, Some(SchemeKind::Fancy)).unwrap_err();
        assert_eq!(e.line, line, "{e}");
        assert!(e.message.contains(word), "{e}");
    }
    let short = lines[..100].join("\n");
    let e = read_set(&short, Some(SchemeKind::Fancy)).unwrap_err();
    assert_eq!(e.line, 101);
    assert!(e.message.contains("wrong count"), "{e}");
}

#[test]
fn altered_magic_is_rejected_naming_the_square() {
    use sliders_search::VerifyError;
    let set = read_set(&load("fancy_stockfish_seeds_107648.csv"), None).unwrap();
    let mut rook = *set.piece(RookOrBishop::Rook);
    rook[sliders_core::Square::E4 as usize].magic = 0x0000_0000_0000_0101;
    let bad =
        sliders_search::MagicSet::new(SchemeKind::Fancy, rook, *set.piece(RookOrBishop::Bishop))
            .unwrap();
    let e = bad.verify().unwrap_err();
    assert_eq!(e.square(), (RookOrBishop::Rook, sliders_core::Square::E4));
    assert!(matches!(e, VerifyError::Collision { .. }), "{e}");

    // Shared table: moving a square onto another's entries names both squares.
    let shared = read_set(
        &load("black_magics_87988_annuss_fiekas.csv"),
        Some(SchemeKind::Black),
    )
    .unwrap();
    let mut bishop = *shared.piece(RookOrBishop::Bishop);
    bishop[sliders_core::Square::C3 as usize].offset = shared
        .get(RookOrBishop::Rook, sliders_core::Square::D4)
        .offset;
    let bad = shared
        .with_offsets(
            shared.piece(RookOrBishop::Rook).map(|m| m.offset),
            bishop.map(|m| m.offset),
        )
        .unwrap();
    match bad.verify().unwrap_err() {
        VerifyError::Conflict { piece, square, .. } => {
            assert_eq!(
                (piece, square),
                (RookOrBishop::Bishop, sliders_core::Square::C3)
            )
        }
        e => panic!("expected a conflict, got {e}"),
    }
}

#[test]
fn packing_never_grows_and_the_packed_set_fills_the_core_table() {
    for (name, scheme, size) in SETS {
        if !scheme.shared_table() {
            continue;
        }
        let set = read_set(&load(name), Some(scheme)).unwrap();
        let packed = sliders_search::pack::pack(&set).unwrap();
        assert!(packed.entries <= size, "{name}");
        let report = packed.set.verify().unwrap();
        assert_eq!(report.entries, packed.entries);
        // Independent check: the core's filler accepts it, and lookups match the reference.
        let table = packed.set.fill_table().unwrap();
        assert_eq!(table.len(), packed.entries);
        let (rook, bishop, index_fn) = packed.set.entries();
        let mut occ = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..4_000 {
            occ = occ.rotate_left(17).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x1234;
            for sq in sliders_core::Square::ALL {
                let b = sliders_core::Bitboard(occ);
                assert_eq!(
                    table[index_fn.index(&rook[sq as usize], b)],
                    sliders_core::reference::rook_attacks(sq, b)
                );
                assert_eq!(
                    table[index_fn.index(&bishop[sq as usize], b)],
                    sliders_core::reference::bishop_attacks(sq, b)
                );
            }
        }
        eprintln!("{name}: {size} -> {}", packed.entries);
    }
}

/// Bishop a1, h1, a8 and h8 with 5 bits (mask 6), found by our record hunt
/// (`sliders find --scheme fancy --piece bishop --squares a1,h1,a8,h8 --bits 5 --seed 1`
/// with the single-stream generator of an earlier version: 119,393,754 dense candidates,
/// 2.3 s of CPU).
#[test]
fn record_hunt_magics_verify_in_a_full_set() {
    use sliders_search::set::cumulative_offsets;
    use sliders_search::{MagicSet, SquareMagic};
    let base = read_set(&load("fancy_stockfish_seeds_107648.csv"), None).unwrap();
    let mut bishop = *base.piece(RookOrBishop::Bishop);
    for (square, magic) in [
        (sliders_core::Square::A1, 0x85cf_baaf_f2d1_37ff_u64),
        (sliders_core::Square::H1, 0x2626_2482_264b_fffe),
        (sliders_core::Square::A8, 0x3677_fd39_7553_14a5),
        (sliders_core::Square::H8, 0x12ff_ce2c_234d_eed4),
    ] {
        bishop[square as usize] = SquareMagic {
            magic,
            bits: 5,
            offset: 0,
        };
    }
    let offsets = cumulative_offsets(&bishop.map(|m| m.bits)).unwrap();
    for (m, o) in bishop.iter_mut().zip(offsets) {
        m.offset = o;
    }
    let set = MagicSet::new(SchemeKind::Fancy, *base.piece(RookOrBishop::Rook), bishop).unwrap();
    let report = set.verify().unwrap();
    assert_eq!(report.entries, 107_648 - 4 * 32);
    assert_eq!(report.below_mask.len(), 4);
    set.fill_table().unwrap();
}

#[test]
fn a_set_plugs_into_the_core_as_a_scheme() {
    use sliders_core::schemes::Scheme;
    let set = read_set(&load("fixed_shift_magics_88772_annuss.csv"), None).unwrap();
    let mut table = Vec::new();
    let tables = set.to_tables(&mut table).unwrap();
    let scheme = &tables;
    let mut occ = 0x0123_4567_89ab_cdefu64;
    for _ in 0..2_000 {
        occ = occ.rotate_left(23).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for sq in sliders_core::Square::ALL {
            let b = sliders_core::Bitboard(occ);
            assert_eq!(
                scheme.queen_attacks(sq, b),
                sliders_core::reference::queen_attacks(sq, b)
            );
        }
    }
    assert_eq!(scheme.table_bytes(), 88_772 * 8);
    let black = read_set(
        &load("black_magics_87988_annuss_fiekas.csv"),
        Some(SchemeKind::Black),
    )
    .unwrap();
    // Black magics plug in too, with their own index function.
    let mut table = Vec::new();
    let blacks = black.to_tables(&mut table).unwrap();
    for sq in sliders_core::Square::ALL {
        let b = sliders_core::Bitboard(occ ^ sq as u64);
        assert_eq!(
            (&blacks).queen_attacks(sq, b),
            sliders_core::reference::queen_attacks(sq, b)
        );
    }
    assert_eq!((&blacks).table_bytes(), 87_988 * 8);
}

#[test]
fn a_window_past_the_table_limit_is_named_by_fill_table() {
    use sliders_search::set::{TableError, MAX_TABLE_ENTRIES};
    let set = read_set(&load("fixed_shift_magics_88772_annuss.csv"), None).unwrap();
    let mut bishop = set.piece(RookOrBishop::Bishop).map(|m| m.offset);
    let offset = MAX_TABLE_ENTRIES as u32 - 100;
    bishop[sliders_core::Square::G7 as usize] = offset;
    let far = set
        .with_offsets(set.piece(RookOrBishop::Rook).map(|m| m.offset), bishop)
        .unwrap();
    assert_eq!(
        far.fill_table().unwrap_err(),
        TableError::OffsetOutOfRange {
            piece: RookOrBishop::Bishop,
            square: sliders_core::Square::G7,
            offset,
            bits: 9,
        }
    );
}
