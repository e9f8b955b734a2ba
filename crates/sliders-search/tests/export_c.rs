//! `export::write_c`: the header compiles with `cc -std=c99 -Wall -Werror` and with
//! `c++ -Wall -Werror`, and its lookups answer every relevant occupancy of every square
//! as the core's ray walk does, for a set of each exportable scheme.
//!
//! The C driver is written here: it holds the core's masks (not the header's), visits
//! every subset of each mask, the same subset with pseudo-random bits outside the mask,
//! and with every bit outside set, and folds the answers into one FNV-style hash per
//! piece and square. This file computes the same hashes from `sliders_core::reference`,
//! so a wrong magic, shift, offset, mask or fill names its square. The compilers are
//! gcc/g++ (any `cc`/`c++` on the PATH); without them the test passes with a note,
//! except under CI (`CI` set), where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

use sliders_core::schemes::data;
use sliders_core::{Bitboard, RookOrBishop, Square};
use sliders_search::{csv, export, MagicSet, SchemeKind, SquareMagic};

/// The driver's outside-bits stream: xorshift64, seeded per piece and square.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn fold(hash: u64, attacks: u64) -> u64 {
    (hash ^ attacks).wrapping_mul(0x0000_0100_0000_01b3)
}

/// The hash the driver must print for `piece` on `square`.
fn expected_hash(piece: RookOrBishop, square: Square) -> u64 {
    let mask = piece.mask(square).0;
    let mut state = 0x9e37_79b9_7f4a_7c15 ^ ((square as u64) << 1 | piece.index() as u64);
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let attacks = |occupied: u64| piece.attacks(square, Bitboard(occupied)).0;
    let mut subset = 0u64;
    loop {
        hash = fold(hash, attacks(subset));
        hash = fold(hash, attacks(subset | (xorshift(&mut state) & !mask)));
        hash = fold(hash, attacks(subset | !mask));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    hash
}

fn driver(masks: &[[u64; 64]; 2]) -> String {
    let array = |m: &[u64; 64]| {
        m.iter()
            .map(|v| format!("UINT64_C(0x{v:016x})"))
            .collect::<Vec<_>>()
            .join(",\n    ")
    };
    format!(
        r#"#include <stdio.h>
#include <stdint.h>
#include "sliders.h"

static const uint64_t masks[2][64] = {{
  {{
    {}
  }},
  {{
    {}
  }},
}};

static uint64_t xorshift(uint64_t *state) {{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}}

static uint64_t fold(uint64_t hash, uint64_t attacks) {{
    return (hash ^ attacks) * UINT64_C(0x00000100000001b3);
}}

static uint64_t lookup(int bishop, unsigned square, uint64_t occupied) {{
    return bishop ? sliders_bishop_attacks(square, occupied) : sliders_rook_attacks(square, occupied);
}}

int main(void) {{
    int bishop;
    unsigned square;
    sliders_init();
    for (bishop = 0; bishop < 2; bishop++) {{
        for (square = 0; square < 64; square++) {{
            uint64_t mask = masks[bishop][square];
            uint64_t state = UINT64_C(0x9e3779b97f4a7c15) ^ ((uint64_t)square << 1 | (uint64_t)bishop);
            uint64_t hash = UINT64_C(0xcbf29ce484222325);
            uint64_t subset = 0;
            do {{
                hash = fold(hash, lookup(bishop, square, subset));
                hash = fold(hash, lookup(bishop, square, subset | (xorshift(&state) & ~mask)));
                hash = fold(hash, lookup(bishop, square, subset | ~mask));
                subset = (subset - mask) & mask;
            }} while (subset != 0);
            printf("%s %u %016llx\n", bishop ? "bishop" : "rook", square, (unsigned long long)hash);
        }}
    }}
    return 0;
}}
"#,
        array(&masks[0]),
        array(&masks[1])
    )
}

fn data_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(path)
}

fn read(path: &str, scheme: SchemeKind) -> MagicSet {
    let text = std::fs::read_to_string(data_file(path)).unwrap();
    csv::read_set(&text, Some(scheme)).unwrap()
}

/// The core's built-in plain set (fancy's magics widened to 12 and 9 bits), as a set
/// with separate rook and bishop tables.
fn plain() -> MagicSet {
    let rook = data::plain::ROOK.map(|e| SquareMagic {
        magic: e.magic,
        bits: 64 - e.shift,
        offset: e.offset,
    });
    let bishop = data::plain::BISHOP.map(|e| SquareMagic {
        magic: e.magic,
        bits: 64 - e.shift,
        offset: e.offset - 64 * 4096,
    });
    MagicSet::new(SchemeKind::Plain, rook, bishop).unwrap()
}

fn compiler(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A fresh directory of this test's own (`sliders-<what>-<random>` in the temp
/// directory), removed when dropped: when the test ends, passed or panicked.
fn scratch(what: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("sliders-{what}-"))
        .tempdir()
        .unwrap()
}

/// Exports `set`, compiles the driver with `compiler` and `flags`, runs it and checks
/// all 128 hashes.
fn check(label: &str, set: &MagicSet, compiler: &str, flags: &[&str], dir: &Path) {
    let header = export::write_c(set);
    if let Some(wrong) = first_wrong_square(label, &header, compiler, flags, dir) {
        panic!("{label} ({compiler}): {wrong}");
    }
}

/// Compiles and runs the driver over `header`; the first piece and square whose hash
/// differs from the ray walk's, if any.
fn first_wrong_square(
    label: &str,
    header: &str,
    compiler: &str,
    flags: &[&str],
    dir: &Path,
) -> Option<String> {
    std::fs::write(dir.join("sliders.h"), header).unwrap();
    let masks = [RookOrBishop::Rook, RookOrBishop::Bishop]
        .map(|piece| Square::ALL.map(|square| piece.mask(square).0));
    let source = dir.join("driver.c");
    std::fs::write(&source, driver(&masks)).unwrap();
    let binary = dir.join(format!("driver-{label}-{compiler}"));
    let compiled = Command::new(compiler)
        .args(flags)
        .args(["-Wall", "-Werror", "-O1", "-I"])
        .arg(dir)
        .args(if compiler == "c++" {
            vec!["-x", "c++"]
        } else {
            vec![]
        })
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "{label}: {compiler} failed:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let run = Command::new(&binary).output().unwrap();
    assert!(run.status.success(), "{label}: the driver failed");
    let stdout = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 128, "{label}: {stdout}");
    for (line, (piece, square)) in lines.iter().zip(
        RookOrBishop::BOTH
            .into_iter()
            .flat_map(|piece| Square::ALL.into_iter().map(move |square| (piece, square))),
    ) {
        let expected = format!(
            "{} {} {:016x}",
            piece.name(),
            square as u32,
            expected_hash(piece, square)
        );
        if *line != expected {
            return Some(format!(
                "{piece} on {square}: got {line:?}, expected {expected:?}"
            ));
        }
    }
    None
}

#[test]
fn every_exportable_scheme_compiles_and_answers_like_the_ray_walk() {
    let have_cc = compiler("cc");
    let have_cxx = compiler("c++");
    if !(have_cc && have_cxx) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs cc and c++ (gcc, g++) to test the C header"
        );
        eprintln!("skipped: cc or c++ not found");
        return;
    }
    let dir = scratch("export-c");
    let sets = [
        (
            "fancy",
            read("magics/fancy_stockfish_seeds_107648.csv", SchemeKind::Fancy),
        ),
        ("plain", plain()),
        (
            "fixed-shift",
            read(
                "magics/fixed_shift_magics_88772_annuss.csv",
                SchemeKind::FixedShift,
            ),
        ),
        (
            "black",
            read(
                "magics/black_magics_87988_annuss_fiekas.csv",
                SchemeKind::Black,
            ),
        ),
        (
            "fancy32",
            read("own/fancy32_sliders_seed1.csv", SchemeKind::Fancy32),
        ),
        (
            "offset-in-magic",
            read(
                "own/offset_in_magic_198864_refined.csv",
                SchemeKind::OffsetInMagic,
            ),
        ),
    ];
    for (label, set) in &sets {
        set.verify().unwrap();
        check(label, set, "cc", &["-std=c99"], dir.path());
    }
    // The same header as C++ (one set of each index function: magic, black, 32-bit).
    for (label, set) in sets
        .iter()
        .filter(|(l, _)| ["fancy", "black", "fancy32"].contains(l))
    {
        check(label, set, "c++", &["-std=c++11"], dir.path());
    }
    dir.close().unwrap();
}

/// The check is sharp: the fancy header with rook d4's magic replaced by rook e4's
/// (both 10-bit squares, so the index stays in range) is caught at rook d4.
#[test]
fn a_wrong_magic_in_the_header_is_caught() {
    if !compiler("cc") {
        assert!(std::env::var_os("CI").is_none(), "CI needs cc");
        return;
    }
    let set = read("magics/fancy_stockfish_seeds_107648.csv", SchemeKind::Fancy);
    let d4 = format!(
        "UINT64_C(0x{:016x})",
        set.get(RookOrBishop::Rook, Square::D4).magic
    );
    let e4 = format!(
        "UINT64_C(0x{:016x})",
        set.get(RookOrBishop::Rook, Square::E4).magic
    );
    let header = export::write_c(&set);
    assert_eq!(header.matches(&d4).count(), 1);
    let broken = header.replacen(&d4, &e4, 1);
    let dir = scratch("export-c-wrong");
    let wrong = first_wrong_square("fancy, d4 broken", &broken, "cc", &["-std=c99"], dir.path());
    dir.close().unwrap();
    let wrong = wrong.expect("the broken header was not caught");
    assert!(wrong.starts_with("rook on d4:"), "{wrong}");
}

#[test]
fn the_header_names_its_set_and_refuses_to_be_read() {
    let set = read(
        "magics/black_magics_87988_annuss_fiekas.csv",
        SchemeKind::Black,
    );
    let header = export::write(&set, export::Format::C);
    assert!(header.contains("a black magic set"));
    assert!(header.contains("#define SLIDERS_TABLE_ENTRIES 87988u"));
    for signature in [
        "void sliders_init(void);",
        "uint64_t sliders_rook_attacks(unsigned square, uint64_t occupied);",
        "uint64_t sliders_bishop_attacks(unsigned square, uint64_t occupied);",
    ] {
        assert!(header.contains(signature), "{signature}");
    }
    // `cpp` asks for the same header, which compiles as C++ (tested above).
    assert_eq!(export::Format::from_name("cpp"), Some(export::Format::C));
    let error = export::read(&header, export::Format::C, None).unwrap_err();
    assert!(
        error.message.contains("written, not read"),
        "{}",
        error.message
    );
}
