//! Java `assert`s as a test run has them (src/assertions.rs, sample
//! `assertions/Asserts`): the replay runs with `-ea` and the search takes
//! each class's `$assertionsDisabled` as false, a known value, so a failing
//! `assert` is reached and confirmed (with or without a message, in the
//! method or a callee) and one that cannot fail is proved so, with no
//! assumption; `--no-assertions` turns both off together.

mod support;

use serde_json::Value;
use support::{aim_at_marker, jaut, jaut_json, marker_line, sample_class, samples};

/// `--throws java.lang.AssertionError` on `Asserts.<method>`, plus
/// `extra` arguments: exit code and JSON.
fn throws_assertion_error(method: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let class = sample_class("assertions/Asserts");
    let mut args = vec![
        class.to_str().unwrap(),
        "-m",
        method,
        "--throws",
        "java.lang.AssertionError",
    ];
    args.extend_from_slice(extra);
    jaut_json(&args)
}

/// The state read `$assertionsDisabled` as the setting gives it: an
/// initial value, never an input.
fn assert_reads_status(v: &Value, setting: &str) {
    let fixed = v["state"]["initial_statics"].as_array().expect("{v:#}");
    let status = fixed
        .iter()
        .find(|s| s["field"] == "$assertionsDisabled")
        .unwrap_or_else(|| panic!("no $assertionsDisabled: {v:#}"));
    assert_eq!(status["assertions"], setting, "{v:#}");
    assert!(
        v["state"]["statics"].as_array().unwrap().is_empty(),
        "{v:#}"
    );
}

/// `assert x > 0;`, `assert x <= 100 : "too big: " + x;` and an assert
/// with a message in a callee: each failing state is found by the backward
/// search and the JVM, run with `-ea`, throws the `AssertionError`.
#[test]
fn failing_asserts_are_reached_and_confirmed() {
    for (method, message) in [
        ("positive", None),
        ("small", Some("too big: 101")),
        ("halve", Some("odd")),
    ] {
        let (code, v) = throws_assertion_error(method, &[]);
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
        // Found by the backward search, not run forward.
        assert!(v.get("concolic").is_none(), "{method}: {v:#}");
        assert!(v.get("seeded").is_none(), "{method}: {v:#}");
        assert_reads_status(&v, "enabled");
        if let Some(m) = message {
            let ended = v["replay"].to_string();
            assert!(ended.contains(m), "{method}: {v:#}");
        }
    }
}

/// `assert b >= 0 : "negative: " + b;` with `b = x & 0x7f`: no input
/// fails it, and that is a proof (the field's value is known, the
/// message's concatenation of an int raises nothing).
#[test]
fn an_assert_that_cannot_fail_is_proved() {
    let (code, v) = throws_assertion_error("low", &[]);
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// With `--no-assertions` (alias `--no-ea`) no assert runs: no input makes
/// `positive` or `small` throw, a proof; and the line behind
/// `assert x > 0` that needs x <= 0 is reached with the JVM run without
/// `-ea`, where by default it is proved unreachable.
#[test]
fn no_assertions_turns_the_search_and_the_replay_off_together() {
    for method in ["positive", "small"] {
        let (code, v) = throws_assertion_error(method, &["--no-assertions"]);
        assert_eq!(code, Some(3), "{method}: {v:#}");
    }
    let (code, v) = aim_at_marker("assertions/Asserts", "afterAssert", "after the assert");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
    let line = marker_line("assertions/Asserts", "after the assert");
    let (code, v) = support::aim_at_line("assertions/Asserts", "afterAssert", line, &["--no-ea"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(
        v["state"]["args"][0]["value"].as_i64().unwrap() <= 0,
        "{v:#}"
    );
    assert_reads_status(&v, "disabled");
}

/// A static field that only has javac's name — not synthetic, written by a
/// method — stays an ordinary input, whatever the assertion setting.
#[test]
fn a_field_with_the_name_only_is_an_input() {
    let (code, v) = aim_at_marker("assertions/Impostor", "read", "set");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let statics = v["state"]["statics"].as_array().unwrap();
    assert_eq!(statics.len(), 1, "{v:#}");
    assert_eq!(statics[0]["field"], "$assertionsDisabled", "{v:#}");
    assert_eq!(statics[0]["value"], true, "{v:#}");
}

/// The tests written for failing asserts say they need `-ea`, assert the
/// `AssertionError` (and its message), and pass when compiled and run as a
/// build runs them, with `-ea`.
#[test]
fn the_tests_of_failing_asserts_pass_with_ea() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let class = sample_class("assertions/Asserts");
    for method in ["positive", "small", "halve"] {
        let o = jaut(&[
            class.to_str().unwrap(),
            "-m",
            method,
            "--throws",
            "java.lang.AssertionError",
            "--out",
            &dir,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", support::stderr(&o));
    }
    let test = out.path().join("assertions/AssertsJautTest.java");
    let text = std::fs::read_to_string(&test).unwrap();
    assert_eq!(
        text.matches("assertThrows(AssertionError.class").count(),
        3,
        "{text}"
    );
    assert!(text.contains("assertEquals(\"too big: 101\""), "{text}");
    assert_eq!(
        text.matches("// Needs assertions enabled (-ea)").count(),
        3,
        "{text}"
    );
    support::compile_and_run_suite(out.path(), "Asserts", samples(), &[]);
}
