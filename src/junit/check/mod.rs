//! The suite as a build runs it (issue 34): before `jaut cover` writes its
//! tests, javac compiles every test class and the JUnit console launcher
//! runs the whole suite once, in a fresh JVM with assertions on (`-ea`, as
//! Maven Surefire and Gradle run tests) and in JUnit's own order.
//!
//! What fails is taken out, never the file:
//! - an assertion javac rejects is dropped; a test whose other statements
//!   it rejects (the call, the arrangement) is removed;
//! - a test that fails in the run loses the assertion that failed, and runs
//!   again; a test that fails on a statement other than an assertion (the
//!   call threw where the replay saw it return, a helper's reflection was
//!   refused), or fails again, is removed.
//!
//! Each javac error and each failure names a line of a test class; the
//! writer's line map ([`super::layout::LineOrigin`]) tells which test and
//! which statement it is. A test that hangs fails on JUnit's timeout
//! (`junit.jupiter.execution.timeout.default`, run in a separate thread so
//! a loop that ignores interrupts cannot hold the suite).
//!
//! Here: what the check reports ([`SuiteCheck`]) and its rounds; javac in
//! `javac.rs`, the JUnit run and its report in `junit_run.rs`, what is
//! taken out in `edits.rs`.

use std::path::{Path, PathBuf};

use super::layout::LineOrigin;
use super::TestSuite;

mod edits;
mod javac;
mod junit_run;
#[cfg(test)]
mod tests;

use edits::take_out_failures;
use javac::{compile, QUICK_JAVAC};
use junit_run::run_suite;

const SHARE: &str = "/usr/share/java";

/// The jars a generated test compiles against, besides the code under test.
const COMPILE_JARS: [&str; 5] = [
    "junit-jupiter-api.jar",
    "apiguardian-api.jar",
    "opentest4j.jar",
    "junit4.jar",
    "hamcrest-core.jar",
];

/// The launcher: JUnit Platform with Jupiter and Vintage (JUnit 4).
const CONSOLE_JAR: &str = "junit-platform-console-standalone.jar";

/// How long one test may run in the check before JUnit fails it.
const TEST_TIMEOUT: &str = "20s";

/// Rounds of dropping and running again, at most: a test still failing
/// after them is removed.
const RUNS: usize = 3;

/// Why a statement or a test was taken out.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// javac rejected it.
    DoesNotCompile,
    /// It failed (or threw) in the JUnit run.
    Fails,
}

impl Cause {
    pub fn describe(self) -> &'static str {
        match self {
            Cause::DoesNotCompile => "does not compile",
            Cause::Fails => "fails in JUnit",
        }
    }
}

/// One assertion dropped or one test removed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TakenOut {
    /// `CoordJautTest.moveY_line30`, as named when it was taken out.
    pub test: String,
    /// The statement dropped; absent for a removed test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub statement: Option<String>,
    pub cause: Cause,
    /// javac's error, or the failure's first line.
    pub message: String,
}

/// What the check did to a suite.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SuiteCheck {
    /// Tests before the check.
    pub tests: usize,
    /// Whether the suite ran to its end in JUnit (false: the launcher could
    /// not run it; `note` says why, and the tests stand unchecked).
    pub ran: bool,
    pub dropped_assertions: Vec<TakenOut>,
    pub removed_tests: Vec<TakenOut>,
    /// Tests whose direct call javac could not infer, kept with the call
    /// through `invoke` instead (`statement` is the direct one).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rewritten_calls: Vec<TakenOut>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl SuiteCheck {
    /// The check of two shards' suites as one: `jaut merge`.
    pub fn merged(mut self, other: &SuiteCheck) -> SuiteCheck {
        self.tests += other.tests;
        self.ran &= other.ran;
        self.dropped_assertions
            .extend(other.dropped_assertions.iter().cloned());
        self.removed_tests
            .extend(other.removed_tests.iter().cloned());
        self.rewritten_calls
            .extend(other.rewritten_calls.iter().cloned());
        self.note = self.note.or_else(|| other.note.clone());
        self
    }

    /// One line: what ran and what was taken out.
    pub fn summary(&self) -> String {
        let kept = self.tests - self.removed_tests.len();
        let mut s = if self.ran {
            format!(
                "{kept} of {} tests compiled and passed in JUnit",
                self.tests
            )
        } else {
            format!(
                "{kept} of {} tests compiled; not run: {}",
                self.tests,
                self.note.as_deref().unwrap_or("unknown")
            )
        };
        let count = |list: &[TakenOut], c: Cause| list.iter().filter(|t| t.cause == c).count();
        let dropped = &self.dropped_assertions;
        let removed = &self.removed_tests;
        if !dropped.is_empty() {
            s.push_str(&format!(
                "; {} assertion(s) dropped ({} did not compile, {} failed)",
                dropped.len(),
                count(dropped, Cause::DoesNotCompile),
                count(dropped, Cause::Fails)
            ));
        }
        if !self.rewritten_calls.is_empty() {
            s.push_str(&format!(
                "; {} call(s) javac could not infer made through invoke",
                self.rewritten_calls.len()
            ));
        }
        if !removed.is_empty() {
            s.push_str(&format!(
                "; {} test(s) removed ({} did not compile, {} failed)",
                removed.len(),
                count(removed, Cause::DoesNotCompile),
                count(removed, Cause::Fails)
            ));
        }
        s
    }
}

/// Why the check could not be made at all.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    NoJdk(#[from] crate::java_home::NoJdk),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is missing (Debian package junit5)", .0.display())]
    MissingJar(PathBuf),
    /// javac failed without an error jaut could trace to a test.
    #[error("javac failed: {0}")]
    Javac(String),
    /// A stop was requested (SIGINT, SIGTERM) while javac ran.
    #[error("stopped before javac was done")]
    Stopped,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CheckError + '_ {
    move |source| CheckError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Compiles and runs `suite` against `class_path` (the code under test and
/// its dependencies) in the scratch directory `work`, taking out what does
/// not compile or fails; see the module's header.
pub fn check(
    suite: &mut TestSuite,
    class_path: &[PathBuf],
    work: &Path,
) -> Result<SuiteCheck, CheckError> {
    let (home, libs, mut out) = prepare(suite, class_path)?;
    let console = share_jar(CONSOLE_JAR)?;
    for run in 0..=RUNS {
        compile(suite, &home, &libs, work, &[], &mut out)?;
        if suite.is_empty() {
            out.ran = true;
            break;
        }
        let failures = match run_suite(suite, &home, &console, &libs, work) {
            Ok(f) => f,
            Err(why) => {
                out.note = Some(why.to_string());
                break;
            }
        };
        if failures.is_empty() {
            out.ran = true;
            break;
        }
        // The first rounds drop failing assertions; then failing tests go.
        take_out_failures(suite, &failures, run + 1 < RUNS, &mut out);
        if run == RUNS {
            // What failed in the last run is out; the rest passed there.
            out.ran = true;
        }
    }
    Ok(out)
}

/// Compiles `suite` against `class_path`, dropping the assertions javac
/// rejects and removing the tests it rejects otherwise, without running
/// it: the check of the default flow's one new test, where a JUnit run per
/// target would cost more than the search.
pub fn compile_only(
    suite: &mut TestSuite,
    class_path: &[PathBuf],
    work: &Path,
) -> Result<SuiteCheck, CheckError> {
    let (home, libs, mut out) = prepare(suite, class_path)?;
    compile(suite, &home, &libs, work, &QUICK_JAVAC, &mut out)?;
    out.note = Some("compiled only, not run".to_string());
    Ok(out)
}

/// The JDK, the class path to compile against and an empty account of
/// what the check takes out of `suite`.
fn prepare(
    suite: &TestSuite,
    class_path: &[PathBuf],
) -> Result<(PathBuf, Vec<PathBuf>, SuiteCheck), CheckError> {
    let home = crate::java_home::java_home()?;
    let libs = compile_class_path(class_path)?;
    let out = SuiteCheck {
        tests: suite.len(),
        ..SuiteCheck::default()
    };
    Ok((home, libs, out))
}

/// The code under test's class path, absolute (the JUnit run's working
/// directory is the scratch directory), and the jars a test compiles
/// against.
fn compile_class_path(class_path: &[PathBuf]) -> Result<Vec<PathBuf>, CheckError> {
    let mut libs: Vec<PathBuf> = class_path
        .iter()
        .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
        .collect();
    for jar in COMPILE_JARS {
        libs.push(share_jar(jar)?);
    }
    Ok(libs)
}

fn share_jar(name: &str) -> Result<PathBuf, CheckError> {
    debian_jar(name).map_err(CheckError::MissingJar)
}

/// Debian's jar `name` under `/usr/share/java`, or the path where it is
/// missing.
pub(crate) fn debian_jar(name: &str) -> Result<PathBuf, PathBuf> {
    let p = Path::new(SHARE).join(name);
    if p.is_file() {
        Ok(p)
    } else {
        Err(p)
    }
}

/// A class path as `java` and `javac` take it: the paths joined by `:`.
pub(crate) fn join(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

/// A test class as written for the check: its source file, its Java name
/// and its line map.
struct Written {
    class: String,
    file: PathBuf,
    test_class: String,
    origins: Vec<LineOrigin>,
    /// The tests' names, by index in the suite's list for the class.
    names: Vec<String>,
}

/// The test class's Java name: `coord.CoordJautTest`.
fn qualified_test_class(class: &str) -> String {
    let package = super::java::package_of(class);
    let simple = super::test_class_name(class);
    if package.is_empty() {
        simple
    } else {
        format!("{package}.{simple}")
    }
}
