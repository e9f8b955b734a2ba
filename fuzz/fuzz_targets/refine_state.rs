//! Fuzzes the refine state reader: no input may panic; a state that reads has counters
//! a run could have written, and its set reads or is refused with a line number.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_search::refine::RefineState;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(state) = RefineState::from_json(&text) else {
        return;
    };
    assert!(state.seconds.is_finite() && state.seconds >= 0.0);
    assert!(state.valid <= state.drawn);
    let _ = sliders_search::csv::read_set(&state.set, None);
});
