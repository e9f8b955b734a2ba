//! Fuzzes the magic-set CSV reader: no input may panic; rows that read become a set for
//! every scheme the file allows (or are refused with a line number), and a set that
//! forms writes back to a CSV that reads to the same set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_search::csv::{read_csv, write_csv};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(file) = read_csv(&text) else {
        return;
    };
    for scheme in file.infer_schemes() {
        let Ok(set) = file.to_set(scheme) else {
            continue;
        };
        let written = write_csv(&set);
        let again = read_csv(&written)
            .and_then(|f| f.to_set(scheme))
            .unwrap_or_else(|e| panic!("{written}\n{e:?}"));
        assert_eq!(write_csv(&again), written);
    }
});
