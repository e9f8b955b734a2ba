//! Fuzzes the EPD reader: no input may panic; a line that parses writes back (Display)
//! to a line that parses to the same board, and its perft operations read the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_movegen::Epd;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(epd) = Epd::parse(&text) else {
        return;
    };
    let counts = epd.perft_counts();
    let written = epd.to_string();
    let again = Epd::parse(&written).unwrap_or_else(|e| panic!("{written:?}: {e}"));
    assert_eq!(again.board, epd.board, "{written}");
    if let Ok(counts) = counts {
        assert_eq!(again.perft_counts().ok(), Some(counts), "{written}");
    }
});
