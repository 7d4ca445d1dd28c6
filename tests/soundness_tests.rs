//! The soundness suite: small Java programs with a known answer, in the
//! style of verification benchmarks, each run through the `jaut` binary
//! (the running and the report in `tests/support/suite.rs`, shared with
//! `tests/verify_tests.rs`).
//!
//! The programs are `samples/src/soundness/*.java` (compiled by
//! `samples/build.sh` with the other samples). Each has one static entry
//! point whose inputs are free (ints, strings, arrays, objects, values from
//! `soundness.Env.nondet()` through a contract), and one target line marked
//! `// TARGET EXPECT: reachable` or `// TARGET EXPECT: unreachable`; a
//! `// CATEGORY: name` line groups the programs by the feature they test.
//! The source says why the answer holds (a witness input, or a proof that no
//! input reaches the target).
//!
//! jaut is aimed at the target with `--line` and a short `--timeout`, with
//! the suite's contracts (`samples/contracts/soundness.toml`). The test
//! fails on any wrong verdict, or when more than 20% of the programs end
//! unknown.

mod support;

use support::suite::{classify, parse_marker, Answer, Expected, Markers, Outcome, Suite};

const SUITE: Suite = Suite {
    name: "soundness",
    package: "soundness",
    contracts: "soundness.toml",
    helpers: &["Env"],
    markers: Markers::TargetLine,
    timeout_seconds: "10",
    jobs: 2,
    max_unknown_percent: 20,
    min_programs: 40,
};

#[test]
fn soundness_suite() {
    SUITE.check();
}

/// The fast tier's sample (`cargo nextest run --profile fast`): one
/// program of each category and expectation. The full tier runs the whole
/// suite above instead (`.config/nextest.toml`).
#[test]
fn soundness_sample() {
    SUITE.check_sample();
}

#[test]
fn suite_is_balanced() {
    SUITE.check_balance();
}

#[test]
fn markers_parse() {
    let m = |line| parse_marker(Markers::TargetLine, line);
    assert_eq!(
        m("  return 1; // TARGET EXPECT: reachable"),
        Some(Ok(Expected::Reachable))
    );
    assert_eq!(
        m("return; // TARGET EXPECT: unreachable  "),
        Some(Ok(Expected::Unreachable))
    );
    assert!(matches!(
        m("return 1; // TARGET EXPECT: reachble"),
        Some(Err(_))
    ));
    assert!(matches!(m("return 1; // TARGET"), Some(Err(_))));
    assert_eq!(m("return 1; // target"), None);
}

#[test]
fn wrong_answers_are_wrong() {
    use Answer::*;
    use Expected::{Reachable as R, Unreachable as U};
    assert_eq!(classify(R, &Reached), Outcome::CorrectReached);
    assert_eq!(classify(U, &Unreachable), Outcome::CorrectUnreachable);
    assert_eq!(classify(U, &Reached), Outcome::Wrong);
    assert_eq!(classify(R, &Unreachable), Outcome::Wrong);
    assert_eq!(classify(R, &Unknown(vec![])), Outcome::Unknown);
    assert_eq!(classify(U, &Unknown(vec![])), Outcome::Unknown);
}
