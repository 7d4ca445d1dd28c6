//! javac over the suite (issue 34): the test classes written to the
//! scratch directory, compiled until javac accepts them, each error traced
//! through the writer's line map to the assertion dropped or the test
//! removed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::edits::Edits;
use super::{io, join, qualified_test_class, Cause, CheckError, SuiteCheck, Written};
use crate::junit::TestSuite;

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
pub(super) const QUICK_JAVAC: [&str; 3] = [
    "-J-XX:TieredStopAtLevel=1",
    "-J-XX:CICompilerCount=1",
    "-J-XX:+UseSerialGC",
];

/// Compiles the suite until javac accepts it, taking out what it rejects;
/// `options` go to javac first.
pub(super) fn compile(
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
pub(super) fn javac_errors(stderr: &str) -> Vec<(String, usize, String)> {
    stderr
        .lines()
        .filter_map(|l| {
            let (at, message) = l.split_once(": error: ")?;
            let (file, line) = at.rsplit_once(':')?;
            Some((file.to_string(), line.parse().ok()?, message.to_string()))
        })
        .collect()
}
