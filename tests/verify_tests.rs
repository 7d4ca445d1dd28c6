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

use support::suite::{parse_marker, Expected, Markers, Suite};

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
