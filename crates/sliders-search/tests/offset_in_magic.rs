//! The offset-in-magic scheme: the committed set, corrupted copies, the core data file,
//! and a small deterministic search.

use sliders_core::RookOrBishop;
use sliders_core::Square;
use sliders_search::csv::{read_csv, read_set, write_csv};
use sliders_search::offset::{decoded_offset, index, search, write_core_data, OffsetOptions};
use sliders_search::SchemeKind;

const CSV: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/offset_in_magic_sliders.csv"
);
const CORE_DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../sliders-core/src/schemes/data/offset_in_magic_generated.rs"
);
/// The committed set's table size (its provenance line says the same).
const ENTRIES: usize = 226_716;

fn text() -> String {
    std::fs::read_to_string(CSV).unwrap()
}

#[test]
fn committed_set_verifies_exhaustively() {
    let set = read_set(&text(), None).unwrap();
    assert_eq!(set.scheme(), SchemeKind::OffsetInMagic);
    let report = set.verify().unwrap();
    assert_eq!(report.entries, ENTRIES);
    // Independently of `verify`: the scheme's lookup on every relevant occupancy, into a
    // table as large as the highest index + 1, never disagrees.
    let s = set.offset_shift();
    let mut table = vec![0u64; ENTRIES];
    let mut highest = 0;
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let m = set.get(piece, square).magic;
            let mask = piece.mask(square);
            for occ in mask.subsets() {
                // Bits outside the mask must not matter.
                let noisy = occ.0 | !mask.0 & 0x5a5a_a5a5_0ff0_f00f;
                let i = index(piece, mask.0, m, s, noisy);
                assert_eq!(i, index(piece, mask.0, m, s, occ.0));
                let attacks = piece.attacks(square, occ).0;
                assert!(table[i] == 0 || table[i] == attacks, "{piece} {square}");
                table[i] = attacks;
                highest = highest.max(i);
            }
        }
    }
    assert_eq!(highest + 1, ENTRIES);
    // The core's table filler agrees.
    assert_eq!(set.fill_table().unwrap().len(), ENTRIES);
}

#[test]
fn offset_column_must_match_the_magic() {
    let text = text();
    // Bishop e4's offset column one unit off.
    let set = read_set(&text, None).unwrap();
    let m = set.get(RookOrBishop::Bishop, Square::E4);
    let row = format!(",{}\n", m.offset);
    let line = text
        .lines()
        .find(|l| l.starts_with("bishop,e4,"))
        .unwrap()
        .to_string();
    let bad_line = line.replace(&row.trim_end().to_string(), &format!(",{}", m.offset + 1));
    assert_ne!(line, bad_line);
    let bad = text.replace(&line, &bad_line);
    let err = read_set(&bad, None).unwrap_err();
    assert!(err.message.contains("bishop e4"), "{err}");
    assert!(err.message.contains("disagrees"), "{err}");
    let line_no = text.lines().position(|l| l == line).unwrap() + 1;
    assert_eq!(err.line, line_no);
}

#[test]
fn altered_magic_is_rejected_naming_the_square() {
    let set = read_set(&text(), None).unwrap();
    for (piece, square) in [
        (RookOrBishop::Rook, Square::D4),
        (RookOrBishop::Bishop, Square::H8),
    ] {
        let old = set.get(piece, square).magic;
        // Change high bits only: the offset bits stay, the products change.
        let new = (old & 0xFFFF) | 0x0000_0001_0000_0000;
        let text = text().replace(&format!("0x{old:016x}"), &format!("0x{new:016x}"));
        let altered = read_set(&text, None).unwrap();
        let err = altered.verify().unwrap_err();
        assert_eq!(err.square(), (piece, square), "{err}");
        assert!(
            err.to_string().starts_with(&format!("{piece} {square}")),
            "{err}"
        );
    }
}

#[test]
fn malformed_offset_shift_is_rejected() {
    let bad = text().replace("# offset_shift: ", "# offset_shift: 9");
    let err = read_csv(&bad).unwrap_err();
    assert!(err.message.contains("offset_shift"), "{err}");
}

/// Round 3's probe: a second `offset_shift` or `scheme` comment silently won over the
/// first. Either key given twice is refused, naming the line of the second.
#[test]
fn a_comment_key_given_twice_is_rejected() {
    let good = text();
    let shift = good
        .lines()
        .find(|l| l.starts_with("# offset_shift:"))
        .unwrap();
    let scheme = good.lines().find(|l| l.starts_with("# scheme:")).unwrap();
    for (line, other) in [(shift, "# offset_shift: 1"), (scheme, "# scheme: black")] {
        let bad = good.replacen(line, &format!("{line}\n{other}"), 1);
        let err = read_csv(&bad).unwrap_err();
        let at = bad.lines().position(|l| l == other).unwrap() + 1;
        assert_eq!(err.line, at, "{err}");
        assert!(err.message.contains("given twice"), "{err}");
    }
    assert!(read_csv(&good).is_ok());
}

#[test]
fn csv_round_trip_keeps_the_set() {
    let set = read_set(&text(), None).unwrap();
    let again = read_set(&write_csv(&set), None).unwrap();
    assert_eq!(
        set.piece(RookOrBishop::Rook),
        again.piece(RookOrBishop::Rook)
    );
    assert_eq!(
        set.piece(RookOrBishop::Bishop),
        again.piece(RookOrBishop::Bishop)
    );
    assert_eq!(set.offset_shift(), again.offset_shift());
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let m = set.get(piece, square);
            assert_eq!(m.offset, decoded_offset(m.magic, set.offset_shift()));
        }
    }
    // Offsets live in the magics: packing is refused.
    assert_eq!(
        sliders_search::pack::pack(&set).unwrap_err(),
        sliders_search::pack::PackError::Scheme(SchemeKind::OffsetInMagic)
    );
    // An offset shift past 3 is the set's error, not a square's.
    let magics = |piece| set.piece(piece).map(|m| m.magic);
    let e = sliders_search::MagicSet::offset_in_magic(
        magics(RookOrBishop::Rook),
        magics(RookOrBishop::Bishop),
        4,
    )
    .unwrap_err();
    assert_eq!(e, sliders_search::SetError::OffsetShift { offset_shift: 4 });
    assert_eq!(e.square(), None);
}

#[test]
fn core_data_file_matches_the_csv() {
    let set = read_set(&text(), None).unwrap();
    let committed = std::fs::read_to_string(CORE_DATA).unwrap();
    let command = committed
        .lines()
        .next()
        .and_then(|l| l.split('`').nth(1))
        .unwrap();
    assert_eq!(committed, write_core_data(&set, command).unwrap());
    assert!(committed.contains(&format!("TABLE_ENTRIES: usize = {ENTRIES};")));
}

#[test]
fn small_search_is_deterministic_and_valid() {
    let mut opts = OffsetOptions::new(7);
    opts.targets = [Square::A1, Square::D4, Square::H8, Square::C6]
        .iter()
        .map(|&s| (RookOrBishop::Bishop, s))
        .chain([(RookOrBishop::Rook, Square::E4)])
        .collect();
    opts.offset_shift = Some(0);
    let a = search(&opts).unwrap();
    let b = search(&opts).unwrap();
    assert_eq!(a.placements, b.placements);
    assert_eq!(a.entries, b.entries);
    assert_eq!(a.placements.len(), 5);
    // Every placed square: no destructive collision, no conflict with the others, the
    // offset in the magic.
    let mut table = vec![0u64; a.entries];
    for p in &a.placements {
        assert_eq!(p.offset, decoded_offset(p.magic, 0));
        let mask = p.piece.mask(p.square);
        for occ in mask.subsets() {
            let i = index(p.piece, mask.0, p.magic, 0, occ.0);
            let attacks = p.piece.attacks(p.square, occ).0;
            assert!(table[i] == 0 || table[i] == attacks);
            table[i] = attacks;
        }
    }
}
