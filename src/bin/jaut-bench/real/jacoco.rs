//! JaCoCo (Debian `libjacoco-java` 0.8.6) measuring the generated tests:
//! the agent records what the tests execute, the repository's small report
//! program (`java-harness/src/jaut/jacoco/Report.java`, since Debian ships
//! no `jacococli`) turns the execution data into JaCoCo's XML report, and
//! [`method_counters`] reads the INSTRUCTION and BRANCH counters of each
//! method from it ([`report_counters`]: those of everything analysed).
//!
//! The benchmark prepares its own copy of the agent and of the report
//! program instead of calling jaut's library, so it measures jaut the way a
//! user would and does not move when the library does.

use std::path::{Path, PathBuf};

use quick_xml::events::Event;
use serde::Serialize;

use super::process::{run_logged, Limit};
use super::Jdk;

/// The report program's source, compiled once per benchmark run.
const REPORT_SOURCE: &str = include_str!("../../../../java-harness/src/jaut/jacoco/Report.java");

/// The jars the report program runs on (JaCoCo core and report, and ASM).
pub const REPORT_JARS: [&str; 5] = [
    "org.jacoco.core.jar",
    "org.jacoco.report.jar",
    "asm.jar",
    "asm-commons.jar",
    "asm-tree.jar",
];

/// The jar that nests the agent (`jacocoagent.jar`).
pub const AGENT_CONTAINER: &str = "org.jacoco.agent.jar";

/// The agent and the report program, ready to run.
pub struct Jacoco {
    agent: PathBuf,
    classpath: String,
}

impl Jacoco {
    /// Extracts the agent and compiles the report program into `dir`.
    pub fn prepare(dir: &Path, jdk: &Jdk, libs: &Path) -> anyhow::Result<Jacoco> {
        std::fs::create_dir_all(dir)?;
        let agent = dir.join("jacocoagent.jar");
        {
            let container = libs.join(AGENT_CONTAINER);
            let mut zip = zip::ZipArchive::new(std::fs::File::open(&container)?)?;
            let mut entry = zip.by_name("jacocoagent.jar")?;
            std::io::copy(&mut entry, &mut std::fs::File::create(&agent)?)?;
        }
        let src = dir.join("src/jaut/jacoco/Report.java");
        std::fs::create_dir_all(src.parent().expect("a parent"))?;
        std::fs::write(&src, REPORT_SOURCE)?;
        let classes = dir.join("classes");
        let jars: Vec<String> = REPORT_JARS
            .iter()
            .map(|j| libs.join(j).display().to_string())
            .collect();
        let mut javac = jdk.javac();
        javac
            .args(["--release", "11", "-encoding", "UTF-8", "-nowarn", "-cp"])
            .arg(jars.join(":"))
            .arg("-d")
            .arg(&classes)
            .arg(&src);
        let run = run_logged(javac, &dir.join("javac"), Limit::secs(300))?;
        anyhow::ensure!(
            run.succeeded(),
            "compiling the JaCoCo report program failed: {}",
            run.stderr_head(5)
        );
        let mut classpath = vec![classes.display().to_string()];
        classpath.extend(jars);
        Ok(Jacoco {
            agent,
            classpath: classpath.join(":"),
        })
    }

    /// The JVM option recording what `includes` (JaCoCo's class-name
    /// patterns) executes into `exec`.
    pub fn agent_option(&self, exec: &Path, includes: &str) -> String {
        format!(
            "-javaagent:{}=destfile={},includes={includes}",
            self.agent.display(),
            exec.display()
        )
    }

    /// Analyses `exec` against the original classes in `classes` and
    /// writes JaCoCo's XML report to `xml`.
    pub fn xml_report(
        &self,
        jdk: &Jdk,
        exec: &Path,
        classes: &Path,
        xml: &Path,
    ) -> anyhow::Result<()> {
        let mut java = jdk.java();
        java.arg("-cp")
            .arg(&self.classpath)
            .arg("jaut.jacoco.Report")
            .arg(exec)
            .arg(classes)
            .arg("--xml")
            .arg(xml);
        let log = xml.with_extension("log");
        let run = run_logged(java, &log, Limit::secs(300))?;
        anyhow::ensure!(
            run.succeeded(),
            "the JaCoCo report on {} failed: {}",
            exec.display(),
            run.stderr_head(5)
        );
        Ok(())
    }
}

/// Copies the class file of `class` (Java name) out of `jar` into `dir`,
/// in its package directories, so the report analyses that class alone.
pub fn extract_class(jar: &Path, class: &str, dir: &Path) -> anyhow::Result<()> {
    let name = format!("{}.class", class.replace('.', "/"));
    let mut zip = zip::ZipArchive::new(std::fs::File::open(jar)?)?;
    let mut entry = zip
        .by_name(&name)
        .map_err(|e| anyhow::anyhow!("{}: {name}: {e}", jar.display()))?;
    let to = dir.join(&name);
    std::fs::create_dir_all(to.parent().expect("a parent"))?;
    std::io::copy(&mut entry, &mut std::fs::File::create(&to)?)?;
    Ok(())
}

/// Copies the class files of `jar` whose Java name `keep` accepts into
/// `dir`, in their package directories (`module-info` and the versioned
/// copies under `META-INF/` left out, as JaCoCo would count them twice);
/// their Java names, sorted.
pub fn extract_classes(
    jar: &Path,
    dir: &Path,
    keep: impl Fn(&str) -> bool,
) -> anyhow::Result<Vec<String>> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(jar)?)?;
    let mut names = Vec::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i)?;
        let path = entry.name().to_string();
        let Some(internal) = path.strip_suffix(".class") else {
            continue;
        };
        if path.starts_with("META-INF/") || internal.ends_with("module-info") {
            continue;
        }
        let java = internal.replace('/', ".");
        if !keep(&java) {
            continue;
        }
        let to = dir.join(&path);
        std::fs::create_dir_all(to.parent().expect("a parent"))?;
        std::io::copy(&mut entry, &mut std::fs::File::create(&to)?)?;
        names.push(java);
    }
    names.sort();
    Ok(names)
}

/// JaCoCo's instruction and branch counters of some code.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counters {
    pub instructions_covered: u64,
    pub instructions: u64,
    pub branches_covered: u64,
    pub branches: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.instructions_covered += o.instructions_covered;
        self.instructions += o.instructions;
        self.branches_covered += o.branches_covered;
        self.branches += o.branches;
    }
}

/// One method's counters in a JaCoCo XML report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodCounters {
    pub name: String,
    pub descriptor: String,
    pub counters: Counters,
}

/// The methods of `class` (internal form, `org/apache/commons/lang3/StringUtils`)
/// in JaCoCo's XML report, with their INSTRUCTION and BRANCH counters (a
/// method without branches has no BRANCH counter: 0 of 0).
pub fn method_counters(xml: &str, class: &str) -> anyhow::Result<Vec<MethodCounters>> {
    let bad = |e: &dyn std::fmt::Display| anyhow::anyhow!("not a JaCoCo XML report: {e}");
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut in_class = false;
    let mut method: Option<MethodCounters> = None;
    let mut out = Vec::new();
    let mut saw_report = false;
    loop {
        let event = reader.read_event().map_err(|e| bad(&e))?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let attr = |key: &str| -> anyhow::Result<String> {
                    for a in e.attributes() {
                        let a = a.map_err(|e| bad(&e))?;
                        if AsRef::<str>::as_ref(&a.key) == key {
                            return Ok(a
                                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                                .map_err(|e| bad(&e))?
                                .into_owned());
                        }
                    }
                    Err(bad(&format!(
                        "<{}> without {key}",
                        AsRef::<str>::as_ref(&e.name())
                    )))
                };
                let empty = matches!(event, Event::Empty(_));
                match AsRef::<str>::as_ref(&e.name()) {
                    "report" => saw_report = true,
                    "class" if !empty => in_class = attr("name")? == class,
                    "method" if in_class && !empty => {
                        method = Some(MethodCounters {
                            name: attr("name")?,
                            descriptor: attr("desc")?,
                            counters: Counters::default(),
                        })
                    }
                    "counter" => {
                        if let Some(m) = method.as_mut() {
                            let num = |v: String| v.parse::<u64>().map_err(|e| bad(&e));
                            let missed = num(attr("missed")?)?;
                            let covered = num(attr("covered")?)?;
                            match attr("type")?.as_str() {
                                "INSTRUCTION" => {
                                    m.counters.instructions_covered = covered;
                                    m.counters.instructions = missed + covered;
                                }
                                "BRANCH" => {
                                    m.counters.branches_covered = covered;
                                    m.counters.branches = missed + covered;
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
            Event::End(ref e) => match AsRef::<str>::as_ref(&e.name()) {
                "class" => in_class = false,
                "method" => out.extend(method.take()),
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    anyhow::ensure!(saw_report, "not a JaCoCo XML report: no <report> element");
    Ok(out)
}

/// The INSTRUCTION and BRANCH counters of everything the report analysed:
/// the `<counter>` elements directly under `<report>`.
pub fn report_counters(xml: &str) -> anyhow::Result<Counters> {
    let bad = |e: &dyn std::fmt::Display| anyhow::anyhow!("not a JaCoCo XML report: {e}");
    let mut reader = quick_xml::Reader::from_str(xml);
    // Elements open around the current one: 1 inside <report>.
    let mut depth = 0usize;
    let mut saw_report = false;
    let mut out = Counters::default();
    loop {
        match reader.read_event().map_err(|e| bad(&e))? {
            Event::Start(e) => {
                if depth == 0 && AsRef::<str>::as_ref(&e.name()) == "report" {
                    saw_report = true;
                }
                depth += 1;
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Empty(e) if depth == 1 && AsRef::<str>::as_ref(&e.name()) == "counter" => {
                let mut kind = String::new();
                let (mut missed, mut covered) = (0u64, 0u64);
                for a in e.attributes() {
                    let a = a.map_err(|e| bad(&e))?;
                    let value = a
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .map_err(|e| bad(&e))?
                        .into_owned();
                    match AsRef::<str>::as_ref(&a.key) {
                        "type" => kind = value,
                        "missed" => missed = value.parse().map_err(|e| bad(&e))?,
                        "covered" => covered = value.parse().map_err(|e| bad(&e))?,
                        _ => {}
                    }
                }
                match kind.as_str() {
                    "INSTRUCTION" => {
                        out.instructions_covered = covered;
                        out.instructions = missed + covered;
                    }
                    "BRANCH" => {
                        out.branches_covered = covered;
                        out.branches = missed + covered;
                    }
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    anyhow::ensure!(saw_report, "not a JaCoCo XML report: no <report> element");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!DOCTYPE report PUBLIC "-//JACOCO//DTD Report 1.1//EN" "report.dtd"><report name="jaut"><sessioninfo id="x" start="1" dump="2"/><package name="p"><class name="p/A" sourcefilename="A.java"><method name="f" desc="(I)I" line="3"><counter type="INSTRUCTION" missed="4" covered="6"/><counter type="BRANCH" missed="1" covered="3"/><counter type="LINE" missed="1" covered="2"/></method><method name="g" desc="()V" line="9"><counter type="INSTRUCTION" missed="0" covered="2"/><counter type="METHOD" missed="0" covered="1"/></method><counter type="INSTRUCTION" missed="4" covered="8"/></class><class name="p/B" sourcefilename="B.java"><method name="f" desc="(I)I" line="3"><counter type="INSTRUCTION" missed="9" covered="0"/></method></class><counter type="INSTRUCTION" missed="13" covered="8"/></package></report>"#;

    #[test]
    fn reads_method_counters_of_one_class() {
        let ms = method_counters(XML, "p/A").unwrap();
        assert_eq!(ms.len(), 2);
        assert_eq!(ms[0].name, "f");
        assert_eq!(ms[0].descriptor, "(I)I");
        assert_eq!(
            ms[0].counters,
            Counters {
                instructions_covered: 6,
                instructions: 10,
                branches_covered: 3,
                branches: 4
            }
        );
        assert_eq!(ms[1].counters.branches, 0);
        assert_eq!(ms[1].counters.instructions, 2);
        assert_eq!(
            method_counters(XML, "p/B").unwrap()[0]
                .counters
                .instructions,
            9
        );
        assert!(method_counters(XML, "p/C").unwrap().is_empty());
        assert!(method_counters("<foo/>", "p/A").is_err());
    }

    #[test]
    fn reads_the_report_counters() {
        let xml = format!(
            "{}<counter type=\"INSTRUCTION\" missed=\"13\" covered=\"8\"/><counter type=\"BRANCH\" missed=\"1\" covered=\"3\"/></report>",
            XML.strip_suffix("</report>").unwrap()
        );
        assert_eq!(
            report_counters(&xml).unwrap(),
            Counters {
                instructions_covered: 8,
                instructions: 21,
                branches_covered: 3,
                branches: 4
            }
        );
        // Only the report's own counters, not a package's or a class's.
        assert_eq!(report_counters(XML).unwrap(), Counters::default());
        assert!(report_counters("<foo/>").is_err());
    }
}
