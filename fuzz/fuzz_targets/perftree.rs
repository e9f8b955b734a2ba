//! Fuzzes the reader of another generator's answer (`perft --compare`): no input may
//! panic, and an answer that reads, written back in the perftree format, reads to the
//! same counts and total. The reader is the CLI's own file, compiled here (it needs
//! nothing but `std`; the CLI crate itself is too heavy a dependency for a fuzz build).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/sliders-cli/src/commands/perft/perftree.rs"]
mod perftree;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(divide) = perftree::parse(text) else {
        return;
    };
    let mut written = String::new();
    for (mv, count) in &divide.counts {
        written.push_str(&format!("{mv} {count}\n"));
    }
    written.push_str(&format!("\n{}\n", divide.total));
    let again = perftree::parse(&written).expect("an answer written back reads");
    assert_eq!(again.counts, divide.counts, "{written}");
    assert_eq!(again.total, divide.total, "{written}");
});
