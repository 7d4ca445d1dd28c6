//! What the check takes out (issue 34): the assertions to drop and the
//! tests to remove, gathered from javac's errors or the JUnit run's
//! failures and applied at once.

use super::junit_run::{failing_line, Failure};
use super::{qualified_test_class, Cause, SuiteCheck, TakenOut, Written};
use crate::junit::layout::LineOrigin;
use crate::junit::TestSuite;

/// Statements to drop and tests to remove, gathered before any is applied
/// (indices shift once one is).
#[derive(Default)]
pub(super) struct Edits {
    /// (class, method index, statement index, what to report)
    drops: Vec<(String, usize, usize, TakenOut)>,
    /// (class, method index, what to report)
    removals: Vec<(String, usize, TakenOut)>,
    /// Tests whose direct call javac cannot infer, to be written with the
    /// call through `invoke`: (class, method index, what to report).
    rewrites: Vec<(String, usize, TakenOut)>,
}

impl Edits {
    /// Takes out what line `line` (1-based) of `w` holds: the assertion
    /// (when `may_drop` and the statement is one), else its test; an error
    /// outside any test takes out every test of the class.
    pub(super) fn add(
        &mut self,
        suite: &TestSuite,
        w: &Written,
        line: usize,
        cause: Cause,
        message: &str,
        may_drop: bool,
    ) {
        let origin = w
            .origins
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(LineOrigin::Frame);
        let report = |method: usize, statement: Option<String>| TakenOut {
            test: format!(
                "{}.{}",
                crate::junit::test_class_name(&w.class),
                w.names[method]
            ),
            statement,
            cause,
            message: message.to_string(),
        };
        match origin {
            LineOrigin::Statement { method, statement } => {
                let text = suite.statement(&w.class, method, statement);
                if cause == Cause::DoesNotCompile
                    && !is_droppable_assertion(text)
                    && cannot_infer(message)
                    && suite.has_reflective_form(&w.class, method)
                {
                    self.rewrites.push((
                        w.class.clone(),
                        method,
                        report(method, Some(text.to_string())),
                    ));
                } else if may_drop && is_droppable_assertion(text) {
                    self.drops.push((
                        w.class.clone(),
                        method,
                        statement,
                        report(method, Some(text.to_string())),
                    ));
                } else {
                    self.removals
                        .push((w.class.clone(), method, report(method, None)));
                }
            }
            LineOrigin::Method { method } => {
                self.removals
                    .push((w.class.clone(), method, report(method, None)));
            }
            LineOrigin::Frame => {
                for method in 0..w.names.len() {
                    self.removals
                        .push((w.class.clone(), method, report(method, None)));
                }
            }
        }
    }

    pub(super) fn apply(mut self, suite: &mut TestSuite, out: &mut SuiteCheck) {
        // A rewritten test is compiled again whole: its other edits wait
        // for that compile. One report per test.
        self.rewrites.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        self.rewrites.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        let rewritten = |class: &String, method: usize| {
            self.rewrites.iter().any(|r| r.0 == *class && r.1 == method)
        };
        self.removals.retain(|r| !rewritten(&r.0, r.1));
        self.drops.retain(|d| !rewritten(&d.0, d.1));
        for (class, method, report) in std::mem::take(&mut self.rewrites) {
            suite.take_reflective_form(&class, method);
            out.rewritten_calls.push(report);
        }
        // A removed test loses its drops; one report per test.
        self.removals.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        self.removals.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
        self.drops
            .retain(|d| !self.removals.iter().any(|r| r.0 == d.0 && r.1 == d.1));
        self.drops
            .sort_by(|a, b| (&a.0, a.1, a.2).cmp(&(&b.0, b.1, b.2)));
        self.drops
            .dedup_by(|a, b| a.0 == b.0 && a.1 == b.1 && a.2 == b.2);
        // Highest statement first, so earlier indices stay valid.
        for (class, method, statement, report) in self.drops.into_iter().rev() {
            suite.drop_statement(&class, method, statement);
            out.dropped_assertions.push(report);
        }
        for (class, method, report) in self.removals.into_iter().rev() {
            suite.remove_test(&class, method);
            out.removed_tests.push(report);
        }
    }
}

/// Whether javac's error `message` says it cannot infer or apply a call
/// (JLS §18.5.1, §15.12.2): the arguments' erased types bind no type
/// arguments the method accepts, or leave it ambiguous.
fn cannot_infer(message: &str) -> bool {
    message.contains("inference variable")
        || message.starts_with("no suitable method found")
        || message.contains("cannot be applied to given types")
        || message.contains("cannot infer type")
        || message.contains("is ambiguous")
}

/// Whether a statement is an assertion the test can lose and still test
/// the call: `assertEquals(…)`, `assertNull(…)`..., not the call itself
/// (`assertThrows`, whose lambda makes the call) and not a declaration.
pub(super) fn is_droppable_assertion(statement: &str) -> bool {
    let s = statement.trim_start();
    s.starts_with("assert")
        && !s.starts_with("assertThrows(")
        && !s.starts_with("assertDoesNotThrow(")
        && s.as_bytes().get(6).is_some_and(u8::is_ascii_uppercase)
}

/// Takes out what each failure points at: the failing assertion when
/// `may_drop`, else the test.
pub(super) fn take_out_failures(
    suite: &mut TestSuite,
    failures: &[Failure],
    may_drop: bool,
    out: &mut SuiteCheck,
) {
    let written: Vec<Written> = suite
        .mapped_sources()
        .into_iter()
        .map(|(class, rel, _, origins, names)| Written {
            test_class: qualified_test_class(&class),
            class,
            file: rel,
            origins,
            names,
        })
        .collect();
    let mut edits = Edits::default();
    for f in failures {
        let Some(w) = written.iter().find(|w| w.test_class == f.class) else {
            continue;
        };
        let message = first_line(if f.message.is_empty() {
            &f.trace
        } else {
            &f.message
        });
        match failing_line(&f.trace, &w.test_class) {
            Some(line) => edits.add(suite, w, line, Cause::Fails, &message, may_drop),
            None => {
                // No frame of the test (a class-level failure, a timeout
                // in another thread): the named test goes.
                let Some(method) = w.names.iter().position(|n| *n == f.method) else {
                    continue;
                };
                edits.removals.push((
                    w.class.clone(),
                    method,
                    TakenOut {
                        test: format!("{}.{}", crate::junit::test_class_name(&w.class), f.method),
                        statement: None,
                        cause: Cause::Fails,
                        message,
                    },
                ));
            }
        }
    }
    edits.apply(suite, out);
}

fn first_line(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut s: String = line.chars().take(300).collect();
    if line.chars().count() > 300 {
        s.push('…');
    }
    s
}
