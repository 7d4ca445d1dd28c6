//! The verification programs: a second soundness suite, in the style of
//! SV-COMP's Java tasks, each run through the `jaut` binary (the running
//! and the report in `tests/support/suite.rs`, shared with
//! `tests/soundness_tests.rs`).
//!
//! The programs are `samples/src/verify/*.java`: each is a `main` whose
//! inputs come from `verify.Verifier` (`nondetInt()`, `nondetString()`, …,
//! calls to the environment through `samples/contracts/verify.toml`: the
//! state records each value and the replay injects it) and whose property is
//! a Java `assert`. `// EXPECT: unsafe` marks a program whose assert can
//! fail, `// EXPECT: safe` one whose assert cannot; the source says why.
//! They cover strings longer than 16 characters (`equals`,
//! `equalsIgnoreCase`, `compareTo`, `regionMatches`, `indexOf`, `concat`,
//! `new String(…)`, a `switch` on strings), builders, asserts in callees,
//! printing on the path, `Character`, ints and longs at `MIN_VALUE`, and
//! doubles at NaN and the infinities.
//!
//! jaut is aimed at an `AssertionError` leaving `main` (`--throws`, the
//! replay with `-ea`). An unsafe program is answered when the replay
//! confirms the failing assert, a safe one when jaut proves no input fails
//! it. The test fails on any wrong verdict, and when fewer than 80% of the
//! programs are answered.

mod support;

use serde_json::Value;
use support::suite::{parse_marker, Expected, Markers, Suite};
use support::{jaut_json, repo, sample_class};

const SUITE: Suite = Suite {
    name: "verify",
    package: "verify",
    contracts: "verify.toml",
    helpers: &["Verifier"],
    markers: Markers::AssertInMain,
    timeout_seconds: "10",
    jobs: 2,
    max_unknown_percent: 20,
    min_programs: 60,
};

#[test]
fn verify_suite() {
    SUITE.check();
}

#[test]
fn suite_is_balanced() {
    SUITE.check_balance();
}

#[test]
fn markers_parse() {
    let m = |line| parse_marker(Markers::AssertInMain, line);
    assert_eq!(m("// EXPECT: unsafe"), Some(Ok(Expected::Reachable)));
    assert_eq!(m("  // EXPECT: safe "), Some(Ok(Expected::Unreachable)));
    assert!(matches!(m("// EXPECT: sfae"), Some(Err(_))));
    assert_eq!(m("// expect: safe"), None);
    assert_eq!(m("int x = 1; // EXPECT: safe"), None);
}

/// `--throws java.lang.AssertionError` on `verify.<program>.main` with the
/// suite's contracts and `extra` arguments: exit code and JSON.
fn assertion_in_main(program: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let class = sample_class(&format!("verify/{program}"));
    let contracts = repo().join("samples/contracts/verify.toml");
    let mut args = vec![
        class.to_str().unwrap(),
        "-m",
        "main",
        "--throws",
        "java.lang.AssertionError",
        "--contracts",
        contracts.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    jaut_json(&args)
}

fn reason_kinds(v: &Value) -> Vec<&str> {
    v["reasons"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["kind"].as_str())
        .collect()
}

/// `Integer.toString(x, 2)` is a result the model leaves free (a radix
/// other than 10): the state that fails `IntegerToStringRadix`'s assert
/// (an empty binary form) rests on it and lists it; the replay confirms it
/// (the assert fails for every int), so it is reached. Without a replay it
/// is only `unknown`, with the assumption as the reason.
#[test]
fn a_state_resting_on_a_free_result_is_reached_only_once_confirmed() {
    let (code, v) = assertion_in_main("IntegerToStringRadix", &[]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let assumptions = v["state"]["assumptions"].as_array().expect("{v:#}");
    assert!(
        assumptions
            .iter()
            .any(|a| a.as_str().unwrap().contains("a model leaves free")),
        "{v:#}"
    );

    let (code, v) = assertion_in_main("IntegerToStringRadix", &["--no-replay"]);
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(reason_kinds(&v).contains(&"unconfirmed"), "{v:#}");
}

/// `Character.isLetter` past Latin-1 is exact (the JVM's tables): the
/// state that fails `CharIsLetterPastLatin1`'s assert rests on no
/// assumption, and is reached even without a replay.
#[test]
fn a_character_past_latin1_rests_on_no_assumption() {
    let (code, v) = assertion_in_main("CharIsLetterPastLatin1", &["--no-replay"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let assumptions = v["state"]["assumptions"].as_array();
    assert!(assumptions.is_none_or(|a| a.is_empty()), "{v:#}");
}

/// With the string models following 8 characters (`--max-array-length
/// 8`), the 18-character `"prefix-0123456789-".concat(s)` of
/// `StringConcatLongSafe` is past them, and its free characters are what a
/// wrong "reached" would rest on: without a replay it is `unknown`, never
/// `reached`. With the default bound the model follows the whole
/// concatenation and proves the assert.
#[test]
fn a_free_result_never_makes_a_safe_assert_reached() {
    let (code, v) = assertion_in_main(
        "StringConcatLongSafe",
        &["--max-array-length", "8", "--no-replay"],
    );
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(reason_kinds(&v).contains(&"unconfirmed"), "{v:#}");

    let (code, v) = assertion_in_main("StringConcatLongSafe", &["--no-replay"]);
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The replay gives `main` what the state says the `Verifier` calls
/// returned, for every type the programs draw: a `double` (NaN), a
/// `String` (25 characters) and a `long` (`Long.MIN_VALUE`), each
/// confirmed in the JVM.
#[test]
fn the_replay_injects_doubles_strings_and_longs() {
    for (program, ty) in [
        ("DoubleNaN", "double"),
        ("StringEqualsLong", "java.lang.String"),
        ("LongAbsMinValue", "long"),
    ] {
        let (code, v) = assertion_in_main(program, &[]);
        assert_eq!(code, Some(0), "{program}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{program}: {v:#}");
        let env = &v["state"]["environment"][0];
        assert_eq!(env["type"], ty, "{program}: {v:#}");
        assert_eq!(env["injectable"], true, "{program}: {v:#}");
    }
}
