//! Coverage from existing tests, through JaCoCo (Debian `libjacoco-java`
//! 0.8.6): reading its XML report, converting an execution data file
//! (`.exec`) to that report, and running a JUnit suite under its agent.
//!
//! JaCoCo reports coverage per source line (`<line nr mi ci mb cb>`:
//! missed/covered instructions and branches). A target is taken as covered
//! only when its line has no missed instruction: then every instruction of
//! the line ran, the target's included; a branch outcome only when its
//! branch's line has no missed branch either. A partly covered line (`mi > 0`)
//! keeps all its targets: which of its instructions ran is not in the
//! report, and attempting a covered target again costs time, while
//! skipping an uncovered one would lose it. Lines map to pcs through the
//! method's LineNumberTable.
//!
//! Debian ships no `jacococli`; the agent and the `.exec` → XML step come
//! from the JUnit writer's JaCoCo support ([`crate::junit::jacoco`], a small
//! Java report program compiled on first use).

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::num::ParseIntError;
use std::path::{Path, PathBuf};
use std::process::Command;

use quick_xml::events::attributes::AttrError;
use quick_xml::events::Event;

use super::{Target, Unit};
use crate::java_home::NoJdk;
use crate::junit::jacoco::{Jacoco, JacocoError};

/// Existing coverage that cannot be read, or an existing suite that cannot
/// be run.
#[derive(Debug, thiserror::Error)]
pub enum CoverageError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A file given as a report that is not one; `path` names it.
    #[error("{}: {source}", path.display())]
    Report {
        path: PathBuf,
        #[source]
        source: ReportError,
    },
    /// A report JaCoCo wrote from a `.exec` file that jaut cannot read.
    #[error(transparent)]
    ConvertedReport(ReportError),
    #[error("{}: neither a JaCoCo XML report nor a JaCoCo .exec file", .0.display())]
    UnknownFormat(PathBuf),
    #[error("{}: a .exec file is read against the class files; give TARGET as a directory, jar or .class file", .0.display())]
    ExecWithoutClasses(PathBuf),
    #[error(transparent)]
    NoJdk(#[from] NoJdk),
    #[error("{} is missing: install Debian's libjacoco-java, libasm-java, junit4 and junit5 (scripts/setup.sh)", .0.display())]
    MissingJar(PathBuf),
    /// A program (`javac`, `java`) that could not be started; `what` says
    /// what it was for.
    #[error("{what}: cannot run {program:?}: {source}")]
    Run {
        what: &'static str,
        program: OsString,
        #[source]
        source: std::io::Error,
    },
    /// The agent or the report program could not be prepared.
    #[error(transparent)]
    Jacoco(#[from] JacocoError),
    /// JaCoCo could not turn the `.exec` file into a report.
    #[error("{}: {source}", exec.display())]
    ExecToXml {
        exec: PathBuf,
        #[source]
        source: JacocoError,
    },
    #[error("--tests {}: not a directory", .0.display())]
    TestsNotDirectory(PathBuf),
    /// `stderr` is javac's, trimmed.
    #[error("--tests {}: javac failed: {stderr}", tests.display())]
    TestsDoNotCompile { tests: PathBuf, stderr: String },
    /// `stderr` is the JVM's, trimmed.
    #[error("--tests {}: the JaCoCo agent wrote no execution data ({stderr})", tests.display())]
    NoExecutionData { tests: PathBuf, stderr: String },
}

/// Why a text is not a JaCoCo XML report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("not a JaCoCo XML report: {0}")]
    Xml(#[from] quick_xml::Error),
    #[error("not a JaCoCo XML report: {0}")]
    Attribute(#[from] AttrError),
    #[error("not a JaCoCo XML report: <line> outside <package><sourcefile>")]
    LineOutsideSourceFile,
    /// A `<line>` without one of its counters (`mi`, `ci`, `mb`, `cb`, `nr`).
    #[error("not a JaCoCo XML report: <line> without {0}")]
    MissingCounter(&'static str),
    #[error("not a JaCoCo XML report: {0}")]
    BadCounter(#[from] ParseIntError),
    #[error("not a JaCoCo XML report: no <report> element")]
    NoReport,
}

/// JaCoCo's counters of one source line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineCounts {
    /// Missed and covered instructions.
    pub mi: u32,
    pub ci: u32,
    /// Missed and covered branches.
    pub mb: u32,
    pub cb: u32,
}

/// Line coverage from a JaCoCo report.
#[derive(Debug, Clone, Default)]
pub struct Coverage {
    /// (package in internal form, source file name) → line → counters.
    files: HashMap<(String, String), BTreeMap<u32, LineCounts>>,
}

impl Coverage {
    /// Parses JaCoCo's XML report.
    pub fn from_xml(text: &str) -> Result<Coverage, ReportError> {
        let mut reader = quick_xml::Reader::from_str(text);
        let mut cov = Coverage::default();
        let mut package: Option<String> = None;
        let mut source: Option<String> = None;
        let mut saw_report = false;
        loop {
            let event = reader.read_event()?;
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let mut attrs: HashMap<String, String> = HashMap::new();
                    for a in e.attributes() {
                        let a = a?;
                        let key = AsRef::<str>::as_ref(&a.key).to_string();
                        let value = a
                            .normalized_value(quick_xml::XmlVersion::Implicit1_0)?
                            .into_owned();
                        attrs.insert(key, value);
                    }
                    let empty = matches!(event, Event::Empty(_));
                    match AsRef::<str>::as_ref(&e.name()) {
                        "report" => saw_report = true,
                        "package" if !empty => package = attrs.remove("name"),
                        "sourcefile" if !empty => source = attrs.remove("name"),
                        "line" => {
                            let (Some(p), Some(s)) = (&package, &source) else {
                                return Err(ReportError::LineOutsideSourceFile);
                            };
                            let num = |k: &'static str| -> Result<u32, ReportError> {
                                Ok(attrs
                                    .get(k)
                                    .ok_or(ReportError::MissingCounter(k))?
                                    .parse()?)
                            };
                            let counts = LineCounts {
                                mi: num("mi")?,
                                ci: num("ci")?,
                                mb: num("mb")?,
                                cb: num("cb")?,
                            };
                            cov.files
                                .entry((p.clone(), s.clone()))
                                .or_default()
                                .insert(num("nr")?, counts);
                        }
                        _ => {}
                    }
                }
                Event::End(ref e) => match AsRef::<str>::as_ref(&e.name()) {
                    "package" => package = None,
                    "sourcefile" => source = None,
                    _ => {}
                },
                Event::Eof => break,
                _ => {}
            }
        }
        if !saw_report {
            return Err(ReportError::NoReport);
        }
        Ok(cov)
    }

    /// Reads a report: JaCoCo XML, or an execution data file (`.exec`),
    /// which is converted to XML against `classes` (the class directories
    /// or jars the tests ran) into `work`.
    pub fn load(path: &Path, classes: &[PathBuf], work: &Path) -> Result<Coverage, CoverageError> {
        let bytes = std::fs::read(path).map_err(|source| CoverageError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        // An execution data file starts with its block type 0x01 and the
        // magic number 0xC0C0.
        if bytes.starts_with(&[0x01, 0xC0, 0xC0]) {
            if classes.is_empty() {
                return Err(CoverageError::ExecWithoutClasses(path.to_path_buf()));
            }
            // One report per class directory or jar, merged: each holds
            // other classes.
            let mut all = Coverage::default();
            for (i, root) in classes.iter().enumerate() {
                let xml = work.join(format!("jacoco-{i}.xml"));
                exec_to_xml(path, &xml, root)?;
                let text = std::fs::read_to_string(&xml).map_err(|source| CoverageError::Io {
                    path: xml.clone(),
                    source,
                })?;
                all.merge(Coverage::from_xml(&text).map_err(CoverageError::ConvertedReport)?);
            }
            return Ok(all);
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| CoverageError::UnknownFormat(path.to_path_buf()))?;
        Coverage::from_xml(&text).map_err(|source| CoverageError::Report {
            path: path.to_path_buf(),
            source,
        })
    }

    /// The counters of a line of a class's source file.
    pub fn line(&self, class: &crate::classfile::Class, line: u16) -> Option<LineCounts> {
        let package = class.name.rsplit_once('/').map_or("", |(p, _)| p);
        let file = class.source_file.as_deref()?;
        self.files
            .get(&(package.to_string(), file.to_string()))?
            .get(&u32::from(line))
            .copied()
    }

    /// The counters of a class's whole source file, summed over its lines.
    pub fn file_totals(&self, class: &crate::classfile::Class) -> LineCounts {
        let package = class.name.rsplit_once('/').map_or("", |(p, _)| p);
        let mut total = LineCounts::default();
        let Some(file) = class.source_file.as_deref() else {
            return total;
        };
        for c in self
            .files
            .get(&(package.to_string(), file.to_string()))
            .into_iter()
            .flat_map(BTreeMap::values)
        {
            total.mi += c.mi;
            total.ci += c.ci;
            total.mb += c.mb;
            total.cb += c.cb;
        }
        total
    }

    /// Whether the existing tests executed a target: its line ran with no
    /// instruction missed, and for a branch outcome (whose line is its
    /// branch's) with no branch missed either. Which outcome of a line's
    /// branches was missed is not in the report, so a line with a missed
    /// branch keeps all its outcomes to attempt.
    pub fn covers(&self, unit: &Unit, target: &Target) -> bool {
        target
            .line
            .and_then(|l| self.line(&unit.class, l))
            .is_some_and(|c| c.ci > 0 && c.mi == 0 && (!target.is_branch() || c.mb == 0))
    }

    /// Adds another report's lines (of other classes).
    fn merge(&mut self, other: Coverage) {
        for (k, lines) in other.files {
            self.files.entry(k).or_default().extend(lines);
        }
    }

    /// Number of source lines with counters.
    pub fn lines(&self) -> usize {
        self.files.values().map(BTreeMap::len).sum()
    }
}

fn share_jar(name: &str) -> Result<PathBuf, CoverageError> {
    crate::junit::check::debian_jar(name).map_err(CoverageError::MissingJar)
}

fn run(cmd: &mut Command, what: &'static str) -> Result<std::process::Output, CoverageError> {
    cmd.output().map_err(|source| CoverageError::Run {
        what,
        program: cmd.get_program().to_os_string(),
        source,
    })
}

fn jacoco() -> Result<Jacoco, CoverageError> {
    Ok(Jacoco::prepare_default()?)
}

/// Converts a `.exec` file to JaCoCo's XML report, analysing `classes`
/// (an original class directory or jar, not instrumented classes).
pub fn exec_to_xml(exec: &Path, xml: &Path, classes: &Path) -> Result<(), CoverageError> {
    jacoco()?
        .report(exec, classes, Some(xml))
        .map(|_| ())
        .map_err(|source| CoverageError::ExecToXml {
            exec: exec.to_path_buf(),
            source,
        })
}

/// What running an existing suite gave.
#[derive(Debug)]
pub struct SuiteRun {
    pub exec: PathBuf,
    /// The console launcher's summary line(s) and whether every test passed.
    pub summary: String,
    pub passed: bool,
}

/// Runs the JUnit 4/5 suite in `tests` (`.java` sources, compiled here,
/// or compiled classes) against `classes` (the code under test and its
/// dependencies) under the JaCoCo agent, writing `work/jacoco.exec`.
/// Failing tests do not stop the run: their coverage counts all the same,
/// and the summary says they failed. With `skip_generated`, sources jaut
/// wrote (its header first) are left out.
pub fn run_tests(
    tests: &Path,
    classes: &[PathBuf],
    work: &Path,
    skip_generated: bool,
) -> Result<SuiteRun, CoverageError> {
    let home = crate::java_home::java_home()?;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| CoverageError::Io { path, source }
    };
    if !tests.is_dir() {
        return Err(CoverageError::TestsNotDirectory(tests.to_path_buf()));
    }
    let mut libs = classes.to_vec();
    for j in [
        "junit4.jar",
        "hamcrest-core.jar",
        "junit-jupiter-api.jar",
        "apiguardian-api.jar",
        "opentest4j.jar",
    ] {
        if let Ok(p) = share_jar(j) {
            libs.push(p);
        }
    }
    let mut sources = Vec::new();
    walk(tests, &mut sources, "java");
    if skip_generated {
        sources.retain(|s| {
            !std::fs::read_to_string(s).is_ok_and(|t| t.starts_with(crate::junit::HEADER))
        });
    }
    let test_classes = if sources.is_empty() {
        tests.to_path_buf()
    } else {
        let out_dir = work.join("existing-tests");
        std::fs::create_dir_all(&out_dir).map_err(io(&out_dir))?;
        sources.sort();
        let out = run(
            Command::new(home.join("bin/javac"))
                .args(["-nowarn", "-g", "-encoding", "UTF-8", "-d"])
                .arg(&out_dir)
                .arg("-cp")
                .arg(crate::junit::check::join(&libs))
                .args(&sources),
            "compiling the existing tests",
        )?;
        if !out.status.success() {
            return Err(CoverageError::TestsDoNotCompile {
                tests: tests.to_path_buf(),
                stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
            });
        }
        out_dir
    };
    let jacoco = jacoco()?;
    let agent = jacoco.agent();
    let exec = work.join("jacoco.exec");
    let _ = std::fs::remove_file(&exec);
    let mut cp = vec![test_classes.clone()];
    cp.extend(libs);
    let out = run(
        Command::new(home.join("bin/java"))
            // Assertions on, as Maven Surefire and Gradle run tests.
            .arg("-ea")
            .arg(format!(
                "-javaagent:{}=destfile={},excludes=org.junit.*:junit.*:org.hamcrest.*:org.opentest4j.*:org.apiguardian.*",
                agent.display(),
                exec.display()
            ))
            .arg("-jar")
            .arg(share_jar("junit-platform-console-standalone.jar")?)
            .arg("-cp")
            .arg(crate::junit::check::join(&cp))
            .arg("--scan-classpath")
            .arg(&test_classes)
            .args(["--include-classname", ".*", "--disable-banner", "--details=summary"]),
        "running the existing tests",
    )?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary: Vec<&str> = stdout
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("tests successful") || l.contains("tests failed"))
        .collect();
    if !exec.is_file() {
        return Err(CoverageError::NoExecutionData {
            tests: tests.to_path_buf(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(SuiteRun {
        exec,
        summary: summary.join(", "),
        passed: out.status.success(),
    })
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, ext: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out, ext);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_per_source_file() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="x"><sessioninfo id="a" start="1" dump="2"/><package name="trityp"><class name="trityp/Trityp" sourcefilename="Trityp.java"><method name="trityp" desc="(III)I" line="17"><counter type="INSTRUCTION" missed="3" covered="5"/></method></class><sourcefile name="Trityp.java"><line nr="17" mi="0" ci="5" mb="1" cb="3"/><line nr="19" mi="2" ci="0" mb="0" cb="0"/></sourcefile></package></report>"#;
        let c = Coverage::from_xml(xml).unwrap();
        assert_eq!(c.lines(), 2);
        let key = ("trityp".to_string(), "Trityp.java".to_string());
        assert_eq!(
            c.files[&key][&17],
            LineCounts {
                mi: 0,
                ci: 5,
                mb: 1,
                cb: 3
            }
        );
        assert_eq!(c.files[&key][&19].ci, 0);
    }

    #[test]
    fn rejects_other_xml() {
        let text = |xml: &str| Coverage::from_xml(xml).unwrap_err().to_string();
        assert_eq!(
            text("<html><body/></html>"),
            "not a JaCoCo XML report: no <report> element"
        );
        assert_eq!(
            text("<report><line nr=\"1\"/></report>"),
            "not a JaCoCo XML report: <line> outside <package><sourcefile>"
        );
        assert_eq!(
            text(
                r#"<report><package name="p"><sourcefile name="S.java"><line nr="1" mi="0" ci="1" mb="0"/></sourcefile></package></report>"#
            ),
            "not a JaCoCo XML report: <line> without cb"
        );
        assert_eq!(
            text(
                r#"<report><package name="p"><sourcefile name="S.java"><line nr="x" mi="0" ci="1" mb="0" cb="0"/></sourcefile></package></report>"#
            ),
            "not a JaCoCo XML report: invalid digit found in string"
        );
    }
}
