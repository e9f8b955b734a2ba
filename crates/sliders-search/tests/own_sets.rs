//! Our own shared-table sets and fancy record set in tests/data/own verify with the exact sizes that
//! `tests/data/own/shared_sets.txt` states (docs/magic-search.md's figures). `.ci/run` checks the
//! same list with `tools/verify-magic-set.py`, which shares no code with this crate.

use sliders_search::csv::read_set;
use sliders_search::SchemeKind;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/own/");

#[test]
fn own_shared_sets_verify_with_their_exact_sizes() {
    let list = std::fs::read_to_string(format!("{DIR}shared_sets.txt")).expect("the list");
    let mut checked = 0;
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [name, scheme, entries, used] = f[..] else {
            panic!("shared_sets.txt: '{line}': expected file, scheme, entries, used");
        };
        let scheme = SchemeKind::from_name(scheme).expect("a scheme name");
        let text = std::fs::read_to_string(format!("{DIR}{name}")).expect("a listed file");
        let set = read_set(&text, None).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(set.scheme(), scheme, "{name}: its # scheme: line");
        let report = set.verify().unwrap_or_else(|e| panic!("{name}: {e}"));
        let size = (report.entries.to_string(), report.used_entries.to_string());
        assert_eq!(
            (size.0.as_str(), size.1.as_str()),
            (entries, used),
            "{name}"
        );
        checked += 1;
    }
    assert!(checked >= 1);
}
