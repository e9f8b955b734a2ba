//! An unknown `SLIDERS_SCHEME` is reported by `env_override` and ignored by `auto`.
#![cfg(feature = "std")]

use sliders::schemes::{auto, detect_best, env_override};

#[test]
fn an_unknown_name_is_reported_and_ignored() {
    std::env::set_var("SLIDERS_SCHEME", "magic-8-ball");
    let message = env_override().unwrap_err();
    assert!(
        message.contains("magic-8-ball") && message.contains("fancy-best"),
        "{message}"
    );
    assert_eq!(auto(), detect_best());
}
