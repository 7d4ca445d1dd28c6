//! Coverage from existing tests, through JaCoCo (Debian `libjacoco-java`
//! 0.8.6): reading its XML report, converting an execution data file
//! (`.exec`) to that report, and running a JUnit suite under its agent.
//!
//! JaCoCo reports coverage per source line (`<line nr mi ci mb cb>`:
//! missed/covered instructions and branches). A target is taken as covered
//! only when its line has no missed instruction: then every instruction of
//! the line ran, the target's included. A partly covered line (`mi > 0`)
//! keeps all its targets: which of its instructions ran is not in the
//! report, and attempting a covered target again costs time, while
//! skipping an uncovered one would lose it. Lines map to pcs through the
//! method's LineNumberTable.
//!
//! Debian ships no `jacococli`; the agent and the `.exec` → XML step come
//! from the JUnit writer's JaCoCo support ([`crate::junit::jacoco`], a small
//! Java report program compiled on first use).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use quick_xml::events::Event;

use super::{CoverError, Target, Unit};
use crate::junit::jacoco::Jacoco;

const SHARE: &str = "/usr/share/java";

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
    pub fn from_xml(text: &str) -> Result<Coverage, CoverError> {
        let bad =
            |e: &dyn std::fmt::Display| CoverError::Jacoco(format!("not a JaCoCo XML report: {e}"));
        let mut reader = quick_xml::Reader::from_str(text);
        let mut cov = Coverage::default();
        let mut package: Option<String> = None;
        let mut source: Option<String> = None;
        let mut saw_report = false;
        loop {
            let event = reader.read_event().map_err(|e| bad(&e))?;
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let mut attrs: HashMap<String, String> = HashMap::new();
                    for a in e.attributes() {
                        let a = a.map_err(|e| bad(&e))?;
                        let key = AsRef::<str>::as_ref(&a.key).to_string();
                        let value = a
                            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .map_err(|e| bad(&e))?
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
                                return Err(bad(&"<line> outside <package><sourcefile>"));
                            };
                            let num = |k: &str| -> Result<u32, CoverError> {
                                attrs
                                    .get(k)
                                    .ok_or_else(|| bad(&format!("<line> without {k}")))?
                                    .parse()
                                    .map_err(|e| bad(&e))
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
            return Err(bad(&"no <report> element"));
        }
        Ok(cov)
    }

    /// Reads a report: JaCoCo XML, or an execution data file (`.exec`),
    /// which is converted to XML against `classes` (the class directories
    /// or jars the tests ran) into `work`.
    pub fn load(path: &Path, classes: &[PathBuf], work: &Path) -> Result<Coverage, CoverError> {
        let bytes = std::fs::read(path).map_err(|source| CoverError::Io {
            path: path.display().to_string(),
            source,
        })?;
        // An execution data file starts with its block type 0x01 and the
        // magic number 0xC0C0.
        if bytes.starts_with(&[0x01, 0xC0, 0xC0]) {
            if classes.is_empty() {
                return Err(CoverError::Jacoco(format!(
                    "{}: a .exec file is read against the class files; give TARGET as a directory, jar or .class file",
                    path.display()
                )));
            }
            // One report per class directory or jar, merged: each holds
            // other classes.
            let mut all = Coverage::default();
            for (i, root) in classes.iter().enumerate() {
                let xml = work.join(format!("jacoco-{i}.xml"));
                exec_to_xml(path, &xml, root)?;
                let text = std::fs::read_to_string(&xml).map_err(|source| CoverError::Io {
                    path: xml.display().to_string(),
                    source,
                })?;
                all.merge(Coverage::from_xml(&text)?);
            }
            return Ok(all);
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            CoverError::Jacoco(format!(
                "{}: neither a JaCoCo XML report nor a JaCoCo .exec file",
                path.display()
            ))
        })?;
        Coverage::from_xml(&text)
            .map_err(|e| CoverError::Jacoco(format!("{}: {e}", path.display())))
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

    /// Whether the existing tests executed a target: its line ran with no
    /// instruction missed.
    pub fn covers(&self, unit: &Unit, target: &Target) -> bool {
        target
            .line
            .and_then(|l| self.line(&unit.class, l))
            .is_some_and(|c| c.ci > 0 && c.mi == 0)
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

fn java_home() -> Result<PathBuf, CoverError> {
    crate::classpath::java_home().map_err(CoverError::Jacoco)
}

fn share_jar(name: &str) -> Result<PathBuf, CoverError> {
    let p = Path::new(SHARE).join(name);
    if p.is_file() {
        Ok(p)
    } else {
        Err(CoverError::Jacoco(format!(
            "{} is missing: install Debian's libjacoco-java, libasm-java, junit4 and junit5 (scripts/setup.sh)",
            p.display()
        )))
    }
}

fn join_paths(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

fn run(cmd: &mut Command, what: &str) -> Result<std::process::Output, CoverError> {
    cmd.output()
        .map_err(|e| CoverError::Jacoco(format!("{what}: cannot run {:?}: {e}", cmd.get_program())))
}

fn jacoco() -> Result<Jacoco, CoverError> {
    Jacoco::prepare_default().map_err(|e| CoverError::Jacoco(e.to_string()))
}

/// Converts a `.exec` file to JaCoCo's XML report, analysing `classes`
/// (an original class directory or jar, not instrumented classes).
pub fn exec_to_xml(exec: &Path, xml: &Path, classes: &Path) -> Result<(), CoverError> {
    jacoco()?
        .report(exec, classes, Some(xml))
        .map(|_| ())
        .map_err(|e| CoverError::Jacoco(format!("{}: {e}", exec.display())))
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
/// or compiled classes) against `classes` under the JaCoCo agent, writing
/// `work/jacoco.exec`. Failing tests do not stop the run: their coverage
/// counts all the same, and the summary says they failed.
pub fn run_tests(tests: &Path, classes: &[PathBuf], work: &Path) -> Result<SuiteRun, CoverError> {
    let home = java_home()?;
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| CoverError::Io { path, source }
    };
    if !tests.is_dir() {
        return Err(CoverError::Jacoco(format!(
            "--tests {}: not a directory",
            tests.display()
        )));
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
                .arg(join_paths(&libs))
                .args(&sources),
            "compiling the existing tests",
        )?;
        if !out.status.success() {
            return Err(CoverError::Jacoco(format!(
                "--tests {}: javac failed: {}",
                tests.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            )));
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
            .arg(format!(
                "-javaagent:{}=destfile={},excludes=org.junit.*:junit.*:org.hamcrest.*:org.opentest4j.*:org.apiguardian.*",
                agent.display(),
                exec.display()
            ))
            .arg("-jar")
            .arg(share_jar("junit-platform-console-standalone.jar")?)
            .arg("-cp")
            .arg(join_paths(&cp))
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
        return Err(CoverError::Jacoco(format!(
            "--tests {}: the JaCoCo agent wrote no execution data ({})",
            tests.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
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
        assert!(Coverage::from_xml("<html><body/></html>").is_err());
        assert!(Coverage::from_xml("<report><line nr=\"1\"/></report>").is_err());
    }
}
