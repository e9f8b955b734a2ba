//! Fuzzes the state files of `prove --exhaust` and `prove --cubes` (`--state`, and the
//! shard states `--merge` reads): no input may panic, a state that reads writes back to
//! JSON that reads to the same state, and its shard `I/N` reads back from its name.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sliders_search::prove::cubes::CubeState;
use sliders_search::prove::exhaust::ExhaustState;
use sliders_search::prove::shard;

/// `state` written as the search writes it reads back to itself.
fn round_trip<S>(state: &S)
where
    S: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let written = serde_json::to_string_pretty(state).expect("a state writes");
    let again: S = serde_json::from_str(&written).expect("a written state reads");
    assert_eq!(&again, state, "{written}");
}

/// A shard name that reads gives back the same name, and its cubes lie in the run's.
fn shard_reads_back(name: Option<&str>, cubes: usize) {
    let Some(part) = name.and_then(shard::parse) else {
        return;
    };
    assert_eq!(shard::parse(&shard::name(part)), Some(part));
    if part.1 <= cubes && cubes <= 1 << 20 {
        let range = shard::range(cubes, part);
        assert!(range.start <= range.end && range.end <= cubes, "{part:?} {range:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // As the CLI reads them: a byte-order mark is dropped first.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if let Ok(state) = serde_json::from_str::<ExhaustState>(text) {
        round_trip(&state);
        shard_reads_back(state.shard.as_deref(), state.cubes);
    }
    if let Ok(state) = serde_json::from_str::<CubeState>(text) {
        round_trip(&state);
        let cubes = 1usize.checked_shl(state.bits).unwrap_or(0);
        shard_reads_back(state.shard.as_deref(), cubes);
    }
});
