//! Fuzzes the find state reader (`find --resume`): no input may panic, and a state that
//! reads writes back to JSON that reads to the same state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_search::finder::SearchState;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(state) = SearchState::from_json(&text) else {
        return;
    };
    let written = serde_json::to_string(&state).expect("a state writes");
    assert_eq!(SearchState::from_json(&written), Ok(state), "{written}");
});
