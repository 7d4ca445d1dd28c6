//! Loop summaries (issue 18, src/search/loop_summary.rs): the search walks
//! back over any number of iterations of a counter loop in one step
//! (samples/src/loops/Counters.java, loops/Deep.java). Every reached state
//! is confirmed by the replay; each needs far more iterations than the
//! default loop bound (256) would let the search unroll, and none needs a
//! second round of deepening.

mod support;

use serde_json::Value;

/// jaut aimed at `// TARGET: <method>` of `sample`'s `method`.
fn aim(sample: &str, method: &str) -> Value {
    let (_, v) = support::aim_at_marker(sample, method, method);
    v
}

/// Reached in the first round, confirmed by the replay: the first
/// argument's value.
fn reached(method: &str) -> i64 {
    let v = aim("loops/Counters", method);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    assert_eq!(v["stats"]["loop_bound"], 1, "{method}: {v:#}");
    v["state"]["args"][0]["value"]
        .as_i64()
        .expect("an int argument")
}

#[test]
fn a_counter_loop_of_any_length_is_one_step() {
    let i = reached("fooBig");
    assert!((410_001..=420_000).contains(&i), "{i}");
    assert_eq!(reached("downToZero"), 1000);
}

#[test]
fn steps_and_bounds_may_be_invariant_expressions_and_static_fields() {
    assert_eq!(reached("invariantExpressions"), 6);
    let limit = reached("staticStep");
    assert!((694..=700).contains(&limit), "{limit}");
}

/// The summary is exact, so it proves: no unrolling bound is hit.
#[test]
fn a_summary_proves_what_no_unrolling_can() {
    for (sample, method) in [("loops/Counters", "exact"), ("loops/Deep", "summarized")] {
        let v = aim(sample, method);
        assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
    }
    // The same loop with a branch in its body is unrolled: the search only
    // deepens until its time runs out.
    let class = support::sample_class("loops/Deep");
    let line = support::marker_line("loops/Deep", "never").to_string();
    let (_, v) = support::jaut_json(&[
        class.to_str().unwrap(),
        "-m",
        "never",
        "--line",
        &line,
        "--timeout",
        "2",
        "--no-replay",
    ]);
    assert_eq!(v["verdict"], "unknown", "{v:#}");
}

/// The outer loop (its body holds a loop) is unrolled five times; the
/// inner one is summarized each time: 600 inner iterations in all.
#[test]
fn an_inner_counter_loop_is_summarized_each_time_it_runs() {
    let v = aim("loops/Counters", "nested");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let args = &v["state"]["args"];
    assert_eq!(
        (args[0]["value"].as_i64(), args[1]["value"].as_i64()),
        (Some(5), Some(120)),
        "{v:#}"
    );
}
