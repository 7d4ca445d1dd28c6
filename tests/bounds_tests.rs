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

/// Ctrl-C (SIGINT) on one target stops its search within a second, even
/// while Z3 is checking (Z3 would otherwise take the signal for itself and
/// cancel one check only), and the target is reported `interrupted`.
#[test]
fn sigint_stops_a_single_target_within_a_second() {
    let class = support::sample_class("loops/Deep");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_jaut"))
        .args([
            class.to_str().unwrap(),
            "-m",
            "never",
            "--line",
            &support::marker_line("loops/Deep", "never").to_string(),
            "--max-loop",
            "1000000",
            "--timeout",
            "60",
            "--no-replay",
            "--format",
            "json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Well inside the search: past about 1.9 s a check of this ever deeper
    // loop can hit its per-check limit and end the search on its own.
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let signalled = Instant::now();
    let out = child.wait_with_output().unwrap();
    let took = signalled.elapsed().as_secs_f64();
    // 0.3-0.4 s on an idle machine (before the fix: the whole timeout);
    // the bar leaves room for a loaded CI machine.
    assert!(took < 3.0, "stopped {took:.2} s after SIGINT");
    assert_eq!(out.status.code(), Some(1), "{}", support::stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&support::stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    let kinds: Vec<&str> = v["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["kind"].as_str())
        .collect();
    assert!(kinds.contains(&"interrupted"), "{v:#}");
}
