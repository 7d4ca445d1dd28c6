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

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use quick_xml::events::Event;

use super::layout::LineOrigin;
use super::TestSuite;

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
                out.note = Some(why);
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

fn write_sources(suite: &TestSuite, dir: &Path) -> Result<Vec<Written>, CheckError> {
    let _ = std::fs::remove_dir_all(dir);
    let mut written = Vec::new();
    for (class, rel, text, origins, names) in suite.mapped_sources() {
        let file = dir.join(&rel);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&file, text).map_err(io(&file))?;
        written.push(Written {
            test_class: qualified_test_class(&class),
            class,
            file,
            origins,
            names,
        });
    }
    Ok(written)
}

/// javac's JVM options for a small compile (one test class, a
/// checkpoint's changed classes): the client compiler only, one compiler
/// thread and the serial collector take about 40% less CPU time than the
/// defaults (0.7 s against 1.1 s for one test class), which a run's
/// search would otherwise lose.
const QUICK_JAVAC: [&str; 3] = [
    "-J-XX:TieredStopAtLevel=1",
    "-J-XX:CICompilerCount=1",
    "-J-XX:+UseSerialGC",
];

/// Compiles the suite until javac accepts it, taking out what it rejects;
/// `options` go to javac first.
fn compile(
    suite: &mut TestSuite,
    home: &Path,
    libs: &[PathBuf],
    work: &Path,
    options: &[&str],
    out: &mut SuiteCheck,
) -> Result<(), CheckError> {
    loop {
        if suite.is_empty() {
            return Ok(());
        }
        let written = write_sources(suite, &work.join("src"))?;
        let classes = work.join("classes");
        let _ = std::fs::remove_dir_all(&classes);
        std::fs::create_dir_all(&classes).map_err(io(&classes))?;
        let javac = home.join("bin/javac");
        let mut command = Command::new(&javac);
        command
            .args(options)
            .args(["-nowarn", "-g", "-encoding", "UTF-8", "-proc:none"])
            .args(["-Xmaxerrs", "100000", "-d"])
            .arg(&classes)
            .arg("-cp")
            .arg(join(libs))
            .args(written.iter().map(|w| &w.file));
        let Some((success, stderr)) = run_javac(command, &javac, work)? else {
            return Err(CheckError::Stopped);
        };
        if success {
            return Ok(());
        }
        let errors = javac_errors(&stderr);
        let mut changed = false;
        let mut edits = Edits::default();
        for (file, line, message) in &errors {
            let Some(w) = written.iter().find(|w| w.file == Path::new(file)) else {
                continue;
            };
            changed = true;
            edits.add(suite, w, *line, Cause::DoesNotCompile, message, true);
        }
        if !changed {
            let first: Vec<&str> = stderr.lines().take(3).collect();
            return Err(CheckError::Javac(first.join(" | ")));
        }
        edits.apply(suite, out);
    }
}

/// Runs javac as `command` sets it up, its errors in a file of `work`
/// (they may fill a pipe): whether it succeeded and what it wrote there,
/// or `None` when a stop was requested first (javac is killed: a stopped
/// run ends within a second, `crate::stop`).
fn run_javac(
    mut command: Command,
    javac: &Path,
    work: &Path,
) -> Result<Option<(bool, String)>, CheckError> {
    let log = work.join("javac.log");
    let file = std::fs::File::create(&log).map_err(io(&log))?;
    let mut child = command
        .stdout(Stdio::null())
        .stderr(file)
        .spawn()
        .map_err(io(javac))?;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(io(javac))? {
            break status;
        }
        if crate::stop::requested() {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = std::fs::read(&log).map_err(io(&log))?;
    Ok(Some((
        status.success(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )))
}

/// javac's errors: (file, line, message).
fn javac_errors(stderr: &str) -> Vec<(String, usize, String)> {
    stderr
        .lines()
        .filter_map(|l| {
            let (at, message) = l.split_once(": error: ")?;
            let (file, line) = at.rsplit_once(':')?;
            Some((file.to_string(), line.parse().ok()?, message.to_string()))
        })
        .collect()
}

/// Statements to drop and tests to remove, gathered before any is applied
/// (indices shift once one is).
#[derive(Default)]
struct Edits {
    /// (class, method index, statement index, what to report)
    drops: Vec<(String, usize, usize, TakenOut)>,
    /// (class, method index, what to report)
    removals: Vec<(String, usize, TakenOut)>,
}

impl Edits {
    /// Takes out what line `line` (1-based) of `w` holds: the assertion
    /// (when `may_drop` and the statement is one), else its test; an error
    /// outside any test takes out every test of the class.
    fn add(
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
            test: format!("{}.{}", super::test_class_name(&w.class), w.names[method]),
            statement,
            cause,
            message: message.to_string(),
        };
        match origin {
            LineOrigin::Statement { method, statement } => {
                let text = suite.statement(&w.class, method, statement);
                if may_drop && is_droppable_assertion(text) {
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

    fn apply(mut self, suite: &mut TestSuite, out: &mut SuiteCheck) {
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

/// Whether a statement is an assertion the test can lose and still test
/// the call: `assertEquals(…)`, `assertNull(…)`..., not the call itself
/// (`assertThrows`, whose lambda makes the call) and not a declaration.
fn is_droppable_assertion(statement: &str) -> bool {
    let s = statement.trim_start();
    s.starts_with("assert")
        && !s.starts_with("assertThrows(")
        && !s.starts_with("assertDoesNotThrow(")
        && s.as_bytes().get(6).is_some_and(u8::is_ascii_uppercase)
}

/// A failed test of the run: its class, method, message and stack trace.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Failure {
    class: String,
    method: String,
    message: String,
    trace: String,
}

/// Runs the compiled suite with the console launcher; the failures, or
/// why it could not run.
fn run_suite(
    suite: &TestSuite,
    home: &Path,
    console: &Path,
    libs: &[PathBuf],
    work: &Path,
) -> Result<Vec<Failure>, String> {
    let reports = work.join("reports");
    let _ = std::fs::remove_dir_all(&reports);
    let mut cp =
        vec![std::path::absolute(work.join("classes")).unwrap_or_else(|_| work.join("classes"))];
    cp.extend(libs.iter().cloned());
    let log = work.join("junit.log");
    let log_file = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
    let err_file = log_file
        .try_clone()
        .map_err(|e| format!("{}: {e}", log.display()))?;
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
    let mut child = cmd.spawn().map_err(|e| format!("java: {e}"))?;
    // Each test has its own timeout; this bounds a JVM that will not end.
    let limit = Duration::from_secs(120 + 25 * suite.len() as u64);
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "the JUnit run did not end within {} s",
                    limit.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(format!("java: {e}")),
        }
    }
    let mut failures = Vec::new();
    let mut any = false;
    let entries = std::fs::read_dir(&reports).map_err(|_| {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let tail: Vec<&str> = text.lines().rev().take(3).collect();
        format!("the JUnit run wrote no report ({})", tail.join(" | "))
    })?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "xml") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            failures.extend(parse_report(&text).map_err(|e| format!("{}: {e}", path.display()))?);
            any = true;
        }
    }
    if !any {
        return Err("the JUnit run wrote no report".to_string());
    }
    Ok(failures)
}

/// The failed and erroneous test cases of a legacy XML report
/// (`TEST-junit-jupiter.xml`).
fn parse_report(text: &str) -> Result<Vec<Failure>, quick_xml::Error> {
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
fn failing_line(trace: &str, test_class: &str) -> Option<usize> {
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

/// Takes out what each failure points at: the failing assertion when
/// `may_drop`, else the test.
fn take_out_failures(
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
                        test: format!("{}.{}", super::test_class_name(&w.class), f.method),
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

#[cfg(test)]
mod tests {
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
}
