//! The check's unit tests: javac's errors, the JUnit report, the droppable
//! assertions, and a suite compiled and run.

use super::edits::is_droppable_assertion;
use super::javac::javac_errors;
use super::junit_run::{failing_line, parse_report};
use super::*;
use crate::junit::{Flavor, TestMethod};

fn test(name: &str, body: &[&str]) -> TestMethod {
    TestMethod {
        key: (name.to_string(), "()V".to_string(), 0),
        base_name: name.to_string(),
        doc: format!("Test {name}."),
        comment: vec![format!("Target: demo.Calc.{name}() pc 0")],
        body: body.iter().map(|s| s.to_string()).collect(),
        helpers: Default::default(),
        disabled: None,
        generic_call: false,
        reflective: None,
    }
}

/// A suite with each kind of fault, checked for real: javac and the
/// JUnit console launcher with `-ea`.
#[test]
fn takes_out_what_does_not_compile_or_fails_and_keeps_the_rest() {
    let mut suite = TestSuite::new(Flavor::Junit5);
    suite.classes.insert(
        "demo.Calc".to_string(),
        vec![
            test(
                "a_wrong_assertion",
                &[
                    "int r = Math.abs(-4);",
                    "assertEquals(4, r);",
                    "assertEquals(5, r);",
                ],
            ),
            test(
                "b_uncompilable_assertion",
                &["int r = Math.abs(-4);", "assertEquals(4, noSuchVariable);"],
            ),
            test("c_call_throws", &["Object o = null;", "o.hashCode();"]),
            test("d_uncompilable_call", &["noSuchMethod();"]),
            test(
                "e_java_assert",
                &["assert Math.abs(-1) > 2 : \"needs -ea\";"],
            ),
            test("f_fine", &["assertEquals(3, Math.max(1, 3));"]),
        ],
    );
    let work = tempfile::tempdir().unwrap();
    let c = check(&mut suite, &[], work.path()).unwrap();
    assert!(c.ran, "{c:?}");
    assert_eq!(c.tests, 6);
    let statements: Vec<(&str, Cause)> = c
        .dropped_assertions
        .iter()
        .map(|t| (t.statement.as_deref().unwrap(), t.cause))
        .collect();
    assert_eq!(
        statements,
        vec![
            ("assertEquals(4, noSuchVariable);", Cause::DoesNotCompile),
            ("assertEquals(5, r);", Cause::Fails)
        ]
    );
    let mut removed: Vec<(&str, Cause)> = c
        .removed_tests
        .iter()
        .map(|t| (t.test.as_str(), t.cause))
        .collect();
    removed.sort();
    assert_eq!(
        removed,
        vec![
            ("CalcJautTest.c_call_throws", Cause::Fails),
            ("CalcJautTest.d_uncompilable_call", Cause::DoesNotCompile),
            ("CalcJautTest.e_java_assert", Cause::Fails),
        ]
    );
    let kept: Vec<&str> = suite.classes["demo.Calc"]
        .iter()
        .map(|m| m.base_name.as_str())
        .collect();
    assert_eq!(
        kept,
        ["a_wrong_assertion", "b_uncompilable_assertion", "f_fine"]
    );
    assert_eq!(
        suite.classes["demo.Calc"][0].body,
        ["int r = Math.abs(-4);", "assertEquals(4, r);"]
    );
    assert!(
        c.summary().starts_with("3 of 6 tests compiled and passed"),
        "{}",
        c.summary()
    );
}

#[test]
fn reads_javac_errors() {
    let e = javac_errors(
        "/tmp/w/src/p/AJautTest.java:12: error: cannot find symbol\n  symbol: x\n1 error\n",
    );
    assert_eq!(
        e,
        vec![(
            "/tmp/w/src/p/AJautTest.java".to_string(),
            12,
            "cannot find symbol".to_string()
        )]
    );
}

#[test]
fn assertions_but_not_the_call_are_droppable() {
    assert!(is_droppable_assertion("assertEquals(61, codec.PAD);"));
    assert!(is_droppable_assertion("assertNull(r);"));
    assert!(!is_droppable_assertion(
        "assertThrows(NullPointerException.class, () -> f(null));"
    ));
    assert!(!is_droppable_assertion("int assertions = 3;"));
    assert!(!is_droppable_assertion("Foo r = f();"));
}

#[test]
fn finds_the_innermost_frame_of_the_test_class() {
    let trace = "org.opentest4j.AssertionFailedError: expected: <61> but was: <0>\n\
        \tat org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)\n\
        \tat p.AJautTest.lambda$f_line3$0(AJautTest.java:31)\n\
        \tat p.AJautTest.f_line3(AJautTest.java:29)\n";
    assert_eq!(failing_line(trace, "p.AJautTest"), Some(31));
    assert_eq!(failing_line(trace, "p.BJautTest"), None);
}

#[test]
fn reads_failures_from_the_legacy_report() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="JUnit Jupiter" tests="2" failures="1">
<testcase name="ok_line1()" classname="p.AJautTest" time="0.01"/>
<testcase name="f_line3()" classname="p.AJautTest" time="0.02">
<failure message="expected: &lt;61&gt; but was: &lt;0&gt;" type="org.opentest4j.AssertionFailedError">org.opentest4j.AssertionFailedError: expected: &lt;61&gt;
	at p.AJautTest.f_line3(AJautTest.java:29)
</failure>
</testcase>
</testsuite>"#;
    let f = parse_report(xml).unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].class, "p.AJautTest");
    assert_eq!(f[0].method, "f_line3");
    assert_eq!(f[0].message, "expected: <61> but was: <0>");
    assert_eq!(failing_line(&f[0].trace, "p.AJautTest"), Some(29));
}
