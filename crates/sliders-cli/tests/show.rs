//! `sliders show --explain`, through the real binary, against numbers worked out by
//! hand (with a calculator for the 64-bit products) from the published magics:
//!
//! - fancy, rook on e4, e7 and b4 occupied (0x0010000002000000). Stockfish's magic for
//!   rook e4 is 0x0021000500080010, shift 54, offset 46080
//!   (`tests/data/magics/fancy_stockfish_seeds_107648.csv`, line 30). The mask of e4
//!   is e2 e3 e5 e6 e7 b4 c4 d4 f4 g4 (0x001010106e101000), so occupied & mask is the
//!   occupancy itself; 0x0010000002000000 * 0x0021000500080010 mod 2^64 =
//!   0x0b00100020000000; its top 10 bits are 0b0000101100 = 44; 46080 + 44 = 46124. The
//!   attacks: e5 e6 e7, e3 e2 e1, f4 g4 h4, d4 c4 b4 = 0x00101010ee101010.
//! - black, bishop on c1, d2 and g5 occupied (0x0000004000000800). Annuss and Fiekas's
//!   magic for bishop c1 is 0x0a0080181001f60c, shift 55, offset 32910
//!   (`tests/data/magics/black_magics_87988_annuss_fiekas.csv`, line 68). The mask is
//!   b2 d2 e3 f4 g5 (0x0000004020100a00); occupied | !mask = 0xffffffffdfeffdff;
//!   times the magic mod 2^64 = 0xf17e10e70b51f1f4, whose top 9 bits are 0b111100010 =
//!   482; 32910 + 482 = 33392. The attacks: b2 a3, d2 = 0x0000000000010a00.
//! - pext, rook on a1, c1 and a4 occupied (0x0000000001000004). The mask's squares in
//!   bit order are b1 c1 d1 e1 f1 g1 a2 a3 a4 a5 a6 a7, so PEXT gathers c1 into bit 1 and
//!   a4 into bit 8: 0b1_0000_0010 = 258; a1's offset in the PEXT layout is 0. The
//!   attacks: b1 c1, a2 a3 a4 = 0x0000000001010106.
//! - classical, the rook on e4 again: the rays and the blockers that stop them.

mod common;

use common::{scheme_unavailable, sliders};

fn explain(scheme: &str, square: &str, piece: &str, occupancy: &str) -> String {
    let out = sliders([
        "show",
        occupancy,
        "--square",
        square,
        "--piece",
        piece,
        "--scheme",
        scheme,
        "--explain",
    ]);
    assert!(out.status.success(), "{scheme}: {}", out.stderr());
    String::from_utf8(out.stdout).unwrap()
}

fn has(text: &str, line: &str) {
    assert!(text.contains(line), "missing {line:?} in\n{text}");
}

#[test]
fn fancy_rook_e4_step_by_step() {
    let text = explain("fancy", "e4", "rook", "0x0010000002000000");
    has(
        &text,
        "index = offset + ((occupied & mask) * magic >> shift)",
    );
    // The mask and the masked occupancy, side by side.
    has(&text, "1. mask (10 bits)");
    has(&text, "4 . X X X R X X .");
    has(
        &text,
        "3. 0x0010000002000000 * magic 0x0021000500080010 = 0x0b00100020000000 (mod 2^64)",
    );
    // The product in binary, the index bits marked.
    has(
        &text,
        "binary   00001011 00000000 00010000 00000000 00100000 00000000 00000000 00000000",
    );
    has(&text, "^^^^^^^^ ^^  the top 10 bits are the index");
    has(&text, "4. >> shift 54 = 44 (0x2c, 10 index bits)");
    has(&text, "5. + offset 46080 = table index 46124");
    has(&text, "6. entry = table[46124] = 0x00101010ee101010");
    has(&text, "attacks 0x00101010ee101010");
    assert!(!text.contains("WARNING"), "{text}");
}

#[test]
fn black_bishop_c1_sets_the_bits_outside_the_mask() {
    let text = explain("black", "c1", "bishop", "0x0000004000000800");
    has(
        &text,
        "index = offset + ((occupied | !mask) * magic >> shift)",
    );
    has(&text, "2. occupied | !mask");
    has(
        &text,
        "3. 0xffffffffdfeffdff * magic 0x0a0080181001f60c = 0xf17e10e70b51f1f4 (mod 2^64)",
    );
    has(&text, "4. >> shift 55 = 482 (0x1e2, 9 index bits)");
    has(&text, "5. + offset 32910 = table index 33392");
    has(&text, "attacks 0x0000000000010a00");
}

#[test]
fn pext_rook_a1_gathers_the_mask_bits() {
    let schemes = sliders(["schemes"]);
    let listing = String::from_utf8(schemes.stdout).unwrap();
    if !listing
        .lines()
        .any(|l| l.starts_with("pext ") && l.ends_with(" available"))
    {
        scheme_unavailable("pext");
        return;
    }
    let text = explain("pext", "a1", "rook", "0x0000000001000004");
    has(&text, "index = offset + pext(occupied, mask)");
    has(
        &text,
        "b1=0 c1=1 d1=0 e1=0 f1=0 g1=0 a2=0 a3=0 a4=1 a5=0 a6=0 a7=0",
    );
    has(&text, "4. pext = 258 (0x102, 12 index bits; no shift)");
    has(&text, "5. + offset 0 = table index 258");
    has(&text, "attacks 0x0000000001010106");
}

#[test]
fn ray_schemes_name_their_rays_and_blockers() {
    let text = explain("classical", "e4", "rook", "0x0010000002000000");
    has(&text, "no index: walks each ray");
    for line in [
        "north       e5 e6 e7",
        "stopped by the blocker on e7",
        "east        f4 g4 h4",
        "west        d4 c4 b4",
        "stopped by the blocker on b4",
    ] {
        has(&text, line);
    }
    has(&text, "attacks 0x00101010ee101010");
}

#[test]
fn every_scheme_explains_and_agrees_with_the_reference() {
    let listing = String::from_utf8(sliders(["schemes"]).stdout).unwrap();
    for line in listing.lines().filter(|l| l.ends_with(" unavailable")) {
        scheme_unavailable(line.split(' ').next().unwrap());
    }
    for line in listing.lines().filter(|l| l.ends_with(" available")) {
        let scheme = line.split(' ').next().unwrap();
        let text = explain(scheme, "d5", "queen", "0x0042000018002400");
        assert_eq!(text.matches("attacks 0x").count(), 2, "{scheme}: {text}");
        has(&text, "queen on d5: rook | bishop = ");
        assert!(!text.contains("WARNING"), "{scheme}: {text}");
    }
}

#[test]
fn explain_needs_a_square_and_a_piece() {
    let out = sliders(["show", "0x1", "--explain"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr().contains("panicked"));
}
