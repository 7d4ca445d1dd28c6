//! jaut's coverage claims follow JaCoCo's rule for what a run covers
//! (issue 15): on a class whose tests end in exceptions the JVM or a callee
//! raised, the instructions jaut says its tests cover are, method by
//! method, the instructions JaCoCo measures the same tests covering.

mod support;

use std::collections::BTreeMap;

use serde_json::Value;
use support::{jaut, samples, stderr, stdout};

#[test]
fn claimed_instructions_are_what_jacoco_measures() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let class = samples().join("credit/Crash.class").display().to_string();
    let o = jaut(&[
        "cover",
        &class,
        "--format",
        "json",
        "--no-times",
        "--out",
        &dir,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    // Some tests end in an exception JaCoCo does not credit: the claims
    // leave their last instructions out.
    let tests = doc["tests"].as_array().unwrap();
    assert!(
        tests
            .iter()
            .any(|t| t["uncredited"].as_array().is_some_and(|u| !u.is_empty())),
        "{doc:#}"
    );
    let claimed: BTreeMap<String, u64> = doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["method"].as_str().unwrap().to_string(),
                m["instructions_covered"].as_u64().unwrap(),
            )
        })
        .collect();

    // The same tests under JaCoCo.
    let xml = support::jacoco_report_of_samples(out.path());
    let measured = method_counters(&xml, "credit/Crash");
    assert_eq!(claimed.len(), measured.len(), "{measured:?}");
    for (method, covered) in &measured {
        assert_eq!(
            claimed.get(method),
            Some(covered),
            "{method}: jaut claims {:?}, JaCoCo measured {covered}; {measured:?}",
            claimed.get(method)
        );
    }
}

/// Covered instructions per method name of one class, from JaCoCo's XML
/// (`<method name=..><counter type="INSTRUCTION" missed covered/>`).
fn method_counters(xml: &str, class: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    let start = xml
        .find(&format!("<class name=\"{class}\""))
        .expect("the class is in the report");
    let end = start + xml[start..].find("</class>").unwrap();
    let mut rest = &xml[start..end];
    while let Some(i) = rest.find("<method name=\"") {
        rest = &rest[i + 14..];
        let name = &rest[..rest.find('"').unwrap()];
        let close = rest.find("</method>").unwrap();
        let body = &rest[..close];
        let c = body
            .find("<counter type=\"INSTRUCTION\"")
            .map(|k| &body[k..])
            .unwrap();
        let covered = c
            .split("covered=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap()
            .parse()
            .unwrap();
        out.insert(name.replace("&lt;", "<").replace("&gt;", ">"), covered);
        rest = &rest[close..];
    }
    out
}

/// A target every run of which ends in a callee's exception before a probe
/// after it is not counted covered (JaCoCo credits none of those runs),
/// though the test that runs it is kept: `unknown`, kind `uncredited`.
/// (It used to count as reached once the rounds' slices grew past the
/// credit slice.)
#[test]
fn a_target_only_uncredited_runs_reach_is_not_counted() {
    let out = tempfile::tempdir().unwrap();
    let class = samples().join("credit/Thrown.class").display().to_string();
    let doc = support::cover_to(&[&class, "--method", "alwaysThrows"], out.path());
    let line = support::marker_line("credit/Thrown", "boom") as u64;
    let method = &doc["methods"][0];
    assert_eq!(method["method"], "alwaysThrows", "{doc:#}");
    let target = method["target_list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["line"] == line && t.get("from").is_none())
        .unwrap_or_else(|| panic!("a target at line {line}: {doc:#}"));
    assert_eq!(target["verdict"], "unknown", "{target:#}");
    assert_eq!(target["reasons"][0]["kind"], "uncredited", "{target:#}");
    // The test that ran it stays in the suite.
    let java = std::fs::read_to_string(out.path().join("credit/ThrownJautTest.java")).unwrap();
    assert!(java.contains("IllegalStateException"), "{java}");
}
