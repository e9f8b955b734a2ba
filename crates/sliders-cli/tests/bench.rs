//! Smoke test of `sliders bench`: it runs with tiny sizes, and its JSON and SVG hold every
//! available scheme. No timing is asserted: the bench is a tool, not a test.

mod common;

use common::{sliders, Sliders, TempDir};

use sliders_core::schemes::SchemeId;

#[test]
fn bench_runs_and_reports_every_scheme() {
    let dir = TempDir::new("bench");
    let json = dir.path().join("bench.json");
    let svg = dir.path().join("bench.svg");
    let out = Sliders::new([
        "bench",
        "--lookups",
        "2000",
        "--rounds",
        "3",
        "--first-lookup-runs",
        "1",
        "--perft",
        "2",
    ])
    .arg("--json")
    .arg(&json)
    .arg("--plot")
    .arg(&svg)
    .output();
    let stdout = out.stdout();
    assert!(out.status.success(), "{}", out.stderr());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let names: Vec<&str> = report["schemes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    for id in SchemeId::ALL.iter().filter(|id| id.is_available()) {
        assert!(
            names.contains(&id.name()),
            "{} missing from {names:?}",
            id.name()
        );
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("{} ", id.name()))),
            "{stdout}"
        );
        assert!(
            svg_text.contains(id.name()),
            "{} missing from the chart",
            id.name()
        );
    }
    for scheme in report["schemes"].as_array().unwrap() {
        for input in ["sparse", "mid", "dense", "perft"] {
            let median = scheme["lookups"][input]["median_ns_per_pair"]
                .as_f64()
                .unwrap();
            let ratio = scheme["lookups"][input]["ratio_to_fastest"]
                .as_f64()
                .unwrap();
            assert!(median > 0.0 && ratio >= 1.0, "{scheme}");
        }
        assert_eq!(
            scheme["table_bytes"].as_u64().unwrap() as usize,
            SchemeId::from_name(scheme["name"].as_str().unwrap())
                .unwrap()
                .table_bytes()
        );
    }
    // Perft: both positions, node counts as published, every scheme timed.
    let perft = report["perft"].as_array().unwrap();
    assert_eq!(perft[0]["nodes"], "400");
    assert_eq!(perft[1]["nodes"], "48");
    // Threads are compared one ply deeper: perft(3) of each position.
    assert_eq!(perft[0]["parallel_nodes"], "8902");
    assert_eq!(perft[1]["parallel_nodes"], "2039");
    for position in perft {
        assert_eq!(position["schemes"].as_array().unwrap().len(), names.len());
        assert!(position["auto_all_threads_mnps"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn bench_rejects_an_unknown_scheme() {
    let out = sliders(["bench", "--schemes", "fancy,warp-drive", "--lookups", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr().contains("warp-drive"));
}

#[test]
fn zero_rounds_is_out_of_range_as_the_bounds_table_says() {
    // docs/robustness.md: `bench --rounds` 1 to 1000, `--first-lookup-runs` 0 to 1000.
    let run = |args: &[&str]| Sliders::new(["bench"]).args(args).output();
    let o = run(&["--rounds", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("out of range 1..=1000"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = run(&["--rounds", "1001"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["--first-lookup-runs", "1001"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("out of range 0..=1000"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
