//! The JUnit run of the compiled suite (issue 34): the console launcher in
//! a fresh JVM with `-ea`, each test under JUnit's timeout, and the
//! failures read back from its legacy XML report.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use quick_xml::events::Event;

use super::{join, qualified_test_class, TEST_TIMEOUT};
use crate::junit::TestSuite;

/// A failed test of the run: its class, method, message and stack trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Failure {
    pub(super) class: String,
    pub(super) method: String,
    pub(super) message: String,
    pub(super) trace: String,
}

/// Why the JUnit run gave no verdict on the suite.
#[derive(Debug, thiserror::Error)]
pub(super) enum RunError {
    /// A file of the run could not be written or read.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The JVM could not be started or waited for.
    #[error("java: {0}")]
    Java(std::io::Error),
    /// The JVM ran past the run's limit and was killed.
    #[error("the JUnit run did not end within {} s", .0.as_secs())]
    TimedOut(Duration),
    /// No report directory: the last lines of the run's log.
    #[error("the JUnit run wrote no report ({0})")]
    NoReportDir(String),
    /// A report that is not JUnit's legacy XML.
    #[error("{}: {source}", path.display())]
    Report {
        path: PathBuf,
        source: quick_xml::Error,
    },
    /// A report directory with no XML report in it.
    #[error("the JUnit run wrote no report")]
    NoReport,
}

/// Runs the compiled suite with the console launcher; the failures, or
/// why it could not run.
pub(super) fn run_suite(
    suite: &TestSuite,
    home: &Path,
    console: &Path,
    libs: &[PathBuf],
    work: &Path,
) -> Result<Vec<Failure>, RunError> {
    let reports = work.join("reports");
    let _ = std::fs::remove_dir_all(&reports);
    let mut cp =
        vec![std::path::absolute(work.join("classes")).unwrap_or_else(|_| work.join("classes"))];
    cp.extend(libs.iter().cloned());
    let log = work.join("junit.log");
    let in_log = |source| RunError::Io {
        path: log.clone(),
        source,
    };
    let log_file = std::fs::File::create(&log).map_err(in_log)?;
    let err_file = log_file.try_clone().map_err(in_log)?;
    let mut cmd = Command::new(home.join("bin/java"));
    cmd.arg("-ea")
        .arg("-jar")
        .arg(console)
        .arg("-cp")
        .arg(join(&cp))
        .args(["--disable-banner", "--details=none", "--reports-dir"])
        .arg(&reports)
        .arg(format!(
            "--config=junit.jupiter.execution.timeout.default={TEST_TIMEOUT}"
        ))
        .arg("--config=junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD")
        .current_dir(work)
        .stdin(Stdio::null())
        .stdout(log_file)
        .stderr(err_file);
    for class in suite.classes.keys() {
        cmd.arg(format!("--select-class={}", qualified_test_class(class)));
    }
    let mut child = cmd.spawn().map_err(RunError::Java)?;
    // Each test has its own timeout; this bounds a JVM that will not end.
    let limit = Duration::from_secs(120 + 25 * suite.len() as u64);
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(RunError::TimedOut(limit));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(RunError::Java(e)),
        }
    }
    let mut failures = Vec::new();
    let mut any = false;
    let entries = std::fs::read_dir(&reports).map_err(|_| {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let tail: Vec<&str> = text.lines().rev().take(3).collect();
        RunError::NoReportDir(tail.join(" | "))
    })?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "xml") {
            let text = std::fs::read_to_string(&path).map_err(|source| RunError::Io {
                path: path.clone(),
                source,
            })?;
            failures.extend(parse_report(&text).map_err(|source| RunError::Report {
                path: path.clone(),
                source,
            })?);
            any = true;
        }
    }
    if !any {
        return Err(RunError::NoReport);
    }
    Ok(failures)
}

/// The failed and erroneous test cases of a legacy XML report
/// (`TEST-junit-jupiter.xml`).
pub(super) fn parse_report(text: &str) -> Result<Vec<Failure>, quick_xml::Error> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut out = Vec::new();
    let mut case = (String::new(), String::new());
    let mut open: Option<Failure> = None;
    loop {
        let event = reader.read_event()?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let attr = |name: &str| -> String {
                    e.attributes()
                        .flatten()
                        .find(|a| AsRef::<str>::as_ref(&a.key) == name)
                        .and_then(|a| {
                            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .ok()
                                .map(|v| v.into_owned())
                        })
                        .unwrap_or_default()
                };
                match AsRef::<str>::as_ref(&e.name()) {
                    "testcase" => {
                        case = (
                            attr("classname"),
                            attr("name").trim_end_matches("()").to_string(),
                        );
                    }
                    "failure" | "error" => {
                        let f = Failure {
                            class: case.0.clone(),
                            method: case.1.clone(),
                            message: attr("message"),
                            trace: String::new(),
                        };
                        if matches!(event, Event::Empty(_)) {
                            out.push(f);
                        } else {
                            open = Some(f);
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(ref t) => {
                if let Some(f) = open.as_mut() {
                    f.trace.push_str(AsRef::<str>::as_ref(t));
                }
            }
            Event::CData(ref t) => {
                if let Some(f) = open.as_mut() {
                    f.trace.push_str(AsRef::<str>::as_ref(t));
                }
            }
            Event::GeneralRef(ref r) => {
                if let Some(f) = open.as_mut() {
                    f.trace.push_str(match AsRef::<str>::as_ref(r) {
                        "lt" => "<",
                        "gt" => ">",
                        "amp" => "&",
                        "quot" => "\"",
                        "apos" => "'",
                        _ => "",
                    });
                }
            }
            Event::End(ref e) => {
                if matches!(AsRef::<str>::as_ref(&e.name()), "failure" | "error") {
                    out.extend(open.take());
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(out)
}

/// The line of `test_class`'s source file the innermost frame of it in
/// `trace` names: `at pkg.FooJautTest.m(FooJautTest.java:42)` → 42.
pub(super) fn failing_line(trace: &str, test_class: &str) -> Option<usize> {
    let simple = test_class.rsplit('.').next()?;
    let file = format!("({simple}.java:");
    trace.lines().find_map(|l| {
        let l = l.trim();
        let frame = l.strip_prefix("at ")?;
        if !frame.starts_with(test_class) {
            return None;
        }
        let at = frame.find(&file)?;
        frame[at + file.len()..].trim_end_matches(')').parse().ok()
    })
}
