//! Bounds the user sets are honoured: `--timeout` stops the search, its
//! solver checks and labeling within 10% of the time given, on a target
//! the search can only deepen on (the sample `loops/Deep.never`).

mod support;

use std::time::Instant;

#[test]
fn the_timeout_is_honoured_within_ten_percent() {
    let class = support::sample_class("loops/Deep");
    let start = Instant::now();
    let out = support::jaut(&[
        class.to_str().unwrap(),
        "-m",
        "never",
        "--line",
        &support::marker_line("loops/Deep", "never").to_string(),
        "--max-loop",
        "1000000",
        "--timeout",
        "3",
        "--no-replay",
        "--format",
        "json",
    ]);
    let wall = start.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(1), "{}", support::stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&support::stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert_eq!(v["reasons"][0]["kind"], "timeout", "{v:#}");
    let search_ms = v["stats"]["total_ms"].as_f64().expect("the search's time");
    assert!(
        (3000.0..=3300.0).contains(&search_ms),
        "the search took {search_ms} ms for --timeout 3"
    );
    // Loading the JDK's classes and the process itself come on top.
    assert!(wall < 5.0, "the run took {wall:.2} s for --timeout 3");
}
