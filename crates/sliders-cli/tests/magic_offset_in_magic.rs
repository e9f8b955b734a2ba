//! `sliders verify|find|pack` for the offset-in-magic scheme, through the binary.

mod common;

use common::{sliders, TempDir};

const CSV: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/own/offset_in_magic_sliders.csv"
);

#[test]
fn committed_set_verifies() {
    let o = sliders(["verify", CSV]);
    let out = o.stdout();
    assert!(o.status.success(), "{out} {}", o.stderr());
    assert!(out.contains("scheme: offset-in-magic"), "{out}");
    assert!(out.contains("table: 226716 entries"), "{out}");
    assert!(out.contains("offset shift: 2"), "{out}");
}

#[test]
fn altered_magic_is_rejected_naming_the_square() {
    let text = std::fs::read_to_string(CSV).unwrap();
    let line = text.lines().find(|l| l.starts_with("rook,e4,")).unwrap();
    let hex = line.split(',').nth(3).unwrap();
    // High bits changed, the offset bits kept.
    let magic = (u64::from_str_radix(&hex[2..], 16).unwrap() & 0xFFFF) | 0x0000_0001_0000_0000;
    let dir = TempDir::new("altered");
    let path = dir.path().join("altered.csv");
    std::fs::write(&path, text.replace(hex, &format!("0x{magic:016x}"))).unwrap();
    let o = sliders(["verify", path.to_str().unwrap()]);
    let err = o.stderr();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("rook e4"), "{err}");
}

#[test]
fn disagreeing_offset_column_is_malformed() {
    let text = std::fs::read_to_string(CSV).unwrap();
    let line = text.lines().find(|l| l.starts_with("bishop,b7,")).unwrap();
    let (head, offset) = line.rsplit_once(',').unwrap();
    let bad = format!("{head},{}", offset.parse::<u32>().unwrap() + 4);
    let dir = TempDir::new("offset");
    let path = dir.path().join("offset.csv");
    std::fs::write(&path, text.replace(line, &bad)).unwrap();
    let o = sliders(["verify", path.to_str().unwrap()]);
    let err = o.stderr();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("bishop b7"), "{err}");
}

#[test]
fn find_rejects_what_it_does_not_support_and_pack_refuses() {
    let o = sliders(["find", "--scheme", "offset-in-magic", "--piece", "rook"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr().contains("--piece"));
    let o = sliders(["find", "--scheme", "offset-in-magic", "--offset-shift", "4"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sliders(["pack", CSV]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr().contains("offset-in-magic"));
}
