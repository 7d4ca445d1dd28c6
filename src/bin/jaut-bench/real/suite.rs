//! A directory of generated tests run as a user runs them: its `.java`
//! files compiled with javac against the code under test and Debian's
//! JUnit jars, then run by the JUnit console launcher (with `-ea`) under
//! the JaCoCo agent, in one JVM. What did not compile or failed is kept
//! in the [`TestsResult`], not dropped.

use std::path::{Path, PathBuf};

use super::jacoco::Jacoco;
use super::junit::{self, Summary};
use super::process::{run_logged, Limit};
use super::{Jdk, TestsResult};

/// What measuring needs: the JDK, the agent, the jars, a time limit.
pub struct Measure<'a> {
    pub jdk: &'a Jdk,
    pub tools: &'a Jacoco,
    /// Where Debian's JUnit jars are.
    pub libs: &'a Path,
    /// Wall-time limit of javac and of the test run.
    pub limit: Limit,
}

/// Compiles the `.java` files under `tests` into `dir/test-classes`
/// against `classpath` (the code under test and what it needs) and JUnit,
/// and runs them with the console launcher, the agent recording what the
/// classes `includes` (JaCoCo's patterns) execute into `exec`. javac's and
/// the launcher's output go to `dir/javac.*` and `dir/junit.*`. No files:
/// nothing is run (and `compiled` is false).
pub fn compile_and_run(
    tests: &Path,
    dir: &Path,
    classpath: &[PathBuf],
    includes: &str,
    exec: &Path,
    m: &Measure,
) -> anyhow::Result<TestsResult> {
    let files = junit::test_files(tests)?;
    let mut r = TestsResult {
        files: files.len(),
        written: files.iter().map(|f| f.tests).sum(),
        ..TestsResult::default()
    };
    if files.is_empty() {
        return Ok(r);
    }
    let classes = dir.join("test-classes");
    std::fs::create_dir_all(&classes)?;
    let mut cp: Vec<String> = classpath.iter().map(|p| p.display().to_string()).collect();
    cp.extend(
        junit::COMPILE_JARS
            .iter()
            .map(|j| m.libs.join(j).display().to_string()),
    );
    let mut javac = m.jdk.javac();
    javac
        .args(["--release", "17", "-encoding", "UTF-8", "-nowarn", "-d"])
        .arg(&classes)
        .arg("-cp")
        .arg(cp.join(":"))
        .args(files.iter().map(|f| &f.path));
    let compiled = run_logged(javac, &dir.join("javac"), m.limit)?;
    r.compiled = compiled.succeeded();
    if !compiled.succeeded() {
        let errors = junit::javac_errors(&compiled.stderr_text(), 5);
        r.compile_errors = if errors.is_empty() {
            vec![compiled.stderr_head(3)]
        } else {
            errors
        };
        return Ok(r);
    }
    let mut run_cp = vec![classes.display().to_string()];
    run_cp.extend(classpath.iter().map(|p| p.display().to_string()));
    let mut java = m.jdk.java();
    // Assertions on, as Maven Surefire and Gradle run tests (and as jaut
    // replays and checks them).
    java.arg("-ea")
        .arg(m.tools.agent_option(exec, includes))
        .arg("-jar")
        .arg(m.libs.join(junit::CONSOLE_JAR))
        .args([
            "--disable-banner",
            "--details=tree",
            "--disable-ansi-colors",
            "-cp",
        ])
        .arg(run_cp.join(":"));
    for f in &files {
        java.arg("--select-class").arg(&f.class);
    }
    let ran = run_logged(java, &dir.join("junit"), m.limit)?;
    if ran.timed_out() {
        r.run_problem = Some(format!(
            "the tests were killed after {} s",
            m.limit.0.as_secs()
        ));
    }
    r.run = Summary::parse(&ran.stdout_text());
    if r.run.is_none() && r.run_problem.is_none() {
        r.run_problem = Some(format!(
            "the launcher printed no summary: {}",
            ran.stderr_head(2)
        ));
    }
    Ok(r)
}
