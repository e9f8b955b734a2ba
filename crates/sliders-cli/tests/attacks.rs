//! The `schemes`, `attacks` and `show` contract, run through the real binary.

mod common;

use common::{scheme_unavailable, sliders, Sliders};
use sliders_core::schemes::SchemeId;
use sliders_core::{reference, Bitboard, Slider, Square};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn schemes_lists_name_bytes_availability() {
    let out = sliders(["schemes"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), SchemeId::ALL.len());
    for (line, id) in lines.iter().zip(SchemeId::ALL) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert_eq!(fields[0], id.name());
        assert_eq!(fields[1].parse::<usize>().unwrap(), id.table_bytes());
        let expected = if id.is_available() {
            "available"
        } else {
            "unavailable"
        };
        assert_eq!(fields[2], expected);
    }
    assert!(stdout.contains("fancy 861184 available\n"));
    assert!(stdout.contains("black 703904 available\n"));
}

#[test]
fn attacks_answers_every_line_with_every_scheme() {
    let mut input = String::new();
    let mut expected = String::new();
    let mut state = 0x1234_5678u64;
    for i in 0..3000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let square = Square::ALL[(state >> 58) as usize];
        let occupied = Bitboard(state ^ (state << 17));
        let slider = [Slider::Rook, Slider::Bishop, Slider::Queen][i % 3];
        // Vary the spelling: short hex, uppercase digits.
        let occ_text = if i % 2 == 0 {
            format!("{:#x}", occupied.0)
        } else {
            format!("0x{:X}", occupied.0)
        };
        input.push_str(&format!("{} {square} {occ_text}\n", slider.name()));
        expected.push_str(&format!(
            "{:#018x}\n",
            reference::attacks(slider, square, occupied).0
        ));
    }
    for id in SchemeId::ALL.iter().filter(|id| !id.is_available()) {
        scheme_unavailable(id.name());
    }
    let mut names: Vec<&str> = SchemeId::ALL
        .iter()
        .filter(|id| id.is_available())
        .map(|id| id.name())
        .collect();
    names.push("auto");
    for name in names {
        let out = Sliders::new(["attacks", "--scheme", name])
            .stdin(input.as_str())
            .output();
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected, "{name}");
    }
}

#[test]
fn a_malformed_line_names_its_number_and_exits_2_keeping_earlier_answers() {
    let cases = [
        ("rook e4 0x0\nknight e4 0x0\n", "line 2", "knight"),
        ("rook e4 0x0\nrook e4 0x0\nrook i9 0x0\n", "line 3", "i9"),
        ("rook e4 12\n", "line 1", "0x"),
        ("rook e4 0x12345678123456789\n", "line 1", "16 hex digits"),
        ("rook e4 0xzz\n", "line 1", "hex digit"),
        ("rook e4\n", "line 1", "expected"),
        ("rook e4 0x0 extra\n", "line 1", "expected"),
        ("\n", "line 1", "expected"),
    ];
    for (input, line, what) in cases {
        let out = Sliders::new(["attacks"]).stdin(input).output();
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(line) && stderr.contains(what),
            "{input:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        let answered = input.lines().count() - 1;
        assert_eq!(text(&out.stdout).lines().count(), answered, "{input:?}");
    }
}

#[test]
fn crlf_and_a_missing_final_newline_are_accepted() {
    let out = Sliders::new(["attacks"])
        .stdin("rook a1 0x0\r\nbishop a1 0x0")
        .output();
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "0x01010101010101fe\n0x8040201008040200\n"
    );
}

#[test]
fn an_unknown_scheme_exits_2_listing_the_schemes() {
    let out = Sliders::new(["attacks", "--scheme", "nope"])
        .stdin("rook e4 0x0\n")
        .output();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    for id in SchemeId::ALL {
        assert!(stderr.contains(id.name()), "{stderr}");
    }
    assert!(out.stdout.is_empty());
}

#[test]
fn show_draws_the_attacks() {
    let out = sliders([
        "show",
        "0x0000100000000200",
        "--square",
        "e4",
        "--piece",
        "rook",
    ]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("4 x x x x R x x x\n"), "{stdout}");
    assert!(stdout.contains("6 . . . . X . . .\n"), "{stdout}");
    assert!(stdout.contains("2 . o . . x . . .\n"), "{stdout}");
    assert!(stdout.contains("0x00001010ef101010"), "{stdout}");
}

#[test]
fn show_rejects_bad_arguments_with_status_2() {
    for args in [
        &["show", "0xq"][..],
        &["show", "0x1", "--square", "z9", "--piece", "rook"],
        &["show", "0x1", "--square", "e4", "--piece", "king"],
        &["show", "0x1", "--square", "e4"],
    ] {
        let out = sliders(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!text(&out.stderr).contains("panicked"));
    }
}
