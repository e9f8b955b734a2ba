//! `sliders export --format c|cpp` through the real binary: the header of a verified set
//! on stdout (its correctness is `sliders-search`'s `tests/export_c.rs`), `cpp` the same
//! text, and an unknown format refused with exit status 2 naming the formats.

mod common;

use common::sliders;

const BLACK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
);

#[test]
fn export_writes_the_c_header() {
    let c = sliders(["export", BLACK, "--scheme", "black", "--format", "c"]);
    assert!(c.status.success(), "{}", c.stderr());
    let header = String::from_utf8(c.stdout).unwrap();
    assert!(
        header.starts_with("/* sliders: a black magic set"),
        "{header}"
    );
    assert!(header.contains("#define SLIDERS_TABLE_ENTRIES 87988u"));
    assert!(header.contains("uint64_t sliders_bishop_attacks(unsigned square, uint64_t occupied);"));
    let cpp = sliders(["export", BLACK, "--scheme", "black", "--format", "cpp"]);
    assert!(cpp.status.success());
    assert_eq!(String::from_utf8(cpp.stdout).unwrap(), header);
}

#[test]
fn an_unknown_format_is_refused_with_the_list() {
    let out = sliders(["export", BLACK, "--format", "cc"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = out.stderr();
    assert!(
        stderr.contains("invalid value 'cc' for '--format <FORMAT>'")
            && stderr.contains("[possible values: csv, rust, json, c, cpp]"),
        "{stderr}"
    );
}
