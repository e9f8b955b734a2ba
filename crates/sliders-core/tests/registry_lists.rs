//! Adding a scheme is its module, its data and one registry row (`schemes/registry.rs`).
//! The few lists that cargo or the compiler need apart from the registry (the cargo
//! features, `all-schemes`, the cfg'd module lines, the layout's feature list, the build
//! script's tables) are checked here against the registry's [`KNOWN`], so that a scheme
//! missing from one of them fails a test that names the list, not a build on another
//! feature set. (The CLI's explain steps match over `SchemeId` and do not compile
//! without a new scheme; CI's feature loop reads Cargo.toml, which this test checks.)

use std::collections::BTreeSet;

use sliders_core::schemes::KNOWN;

/// The features the registry names: one per table scheme (ray schemes have none).
fn registry_features() -> BTreeSet<String> {
    KNOWN
        .iter()
        .filter_map(|known| known.feature)
        .map(str::to_owned)
        .collect()
}

/// Every `"name"` in `text` between `start` and the next `end` (both searched for).
fn quoted_between(text: &str, start: &str, end: &str) -> BTreeSet<String> {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start:?} not found"));
    let rest = &text[from + start.len()..];
    let to = rest
        .find(end)
        .unwrap_or_else(|| panic!("{end:?} not found"));
    rest[..to]
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The features of `#[cfg(feature = "...")]` lines in `text`.
fn cfg_features(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("#[cfg(feature = \""))
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn cargo_features_are_the_registry_s() {
    let manifest = include_str!("../Cargo.toml");
    let features = quoted_between(manifest, "[features]", "[dependencies]");
    let plain: BTreeSet<String> = manifest
        .lines()
        .filter_map(|line| line.strip_suffix(" = []"))
        .filter(|name| !["std", "dispatch-all"].contains(name))
        .map(str::to_owned)
        .collect();
    assert_eq!(plain, registry_features(), "Cargo.toml's scheme features");
    let all = quoted_between(manifest, "all-schemes = [", "]");
    assert_eq!(all, registry_features(), "Cargo.toml's all-schemes");
    // Each named feature exists (the quoted names above include other features' lists).
    assert!(registry_features().is_subset(&features));
}

#[test]
fn each_scheme_module_and_type_is_compiled_by_its_feature() {
    let modules = include_str!("../src/schemes/mod.rs");
    let mut cfgs = cfg_features(modules);
    cfgs.retain(|feature| feature != "std");
    cfgs.sort();
    // One `pub mod` and one `pub use` line per feature.
    let expected: Vec<String> = registry_features()
        .into_iter()
        .flat_map(|f| [f.clone(), f])
        .collect();
    assert_eq!(cfgs, expected, "src/schemes/mod.rs's cfg'd lines");
}

#[test]
fn the_layout_s_feature_list_is_the_registry_s() {
    let layout = include_str!("../src/schemes/layout.rs");
    let listed = quoted_between(layout, "not(any(", "))");
    assert_eq!(
        listed,
        registry_features(),
        "src/schemes/layout.rs's feature list"
    );
}

#[test]
fn the_build_script_builds_a_table_for_every_scheme_feature() {
    let build = include_str!("../src/build.rs");
    let built: BTreeSet<String> = registry_features()
        .into_iter()
        .filter(|feature| {
            build.contains(&format!("\"{feature}\" =>"))
                || build.contains(&format!("enabled(\"{feature}\")"))
        })
        .collect();
    assert_eq!(built, registry_features(), "src/build.rs's tables");
}
