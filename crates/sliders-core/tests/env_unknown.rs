//! An unknown `SLIDERS_SCHEME` is reported by `env_override` and ignored by `auto`.
#![cfg(feature = "std")]

use sliders_core::schemes::{auto, detect_best, env_override};

#[test]
fn an_unknown_name_is_reported_and_ignored() {
    std::env::set_var("SLIDERS_SCHEME", "magic-8-ball");
    let message = env_override().unwrap_err();
    assert!(
        message.contains("magic-8-ball")
            && message.contains("unknown scheme")
            && message.contains("hyperbola"),
        "{message}"
    );
    assert_eq!(auto(), detect_best());
}

/// A scheme the crate knows but this build left out names the feature that adds it.
#[cfg(not(feature = "plain"))]
#[test]
fn a_scheme_left_out_names_its_feature() {
    assert_eq!(
        sliders_core::schemes::missing_feature("plain"),
        Some("plain")
    );
    assert!(sliders_core::schemes::SchemeId::from_name("plain").is_none());
}
