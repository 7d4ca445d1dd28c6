//! Line coverage with JaCoCo, offline, from Debian's `libjacoco-java`.
//!
//! Debian ships no `jacococli`, so jaut carries a small report program,
//! `java-harness/src/jaut/jacoco/Report.java` (embedded in the binary and
//! compiled on first use), that reads an execution-data file and writes
//! JaCoCo's XML report and a plain line listing. The agent jar is nested
//! inside `org.jacoco.agent.jar` and is extracted once. Both land in a
//! cache directory keyed by the program's source and the JDK, so a second
//! run reuses them.
//!
//! Used by the JUnit writer's acceptance tests (is the target's line
//! covered when the generated test runs?) and by `jaut cover`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where Debian installs Java libraries.
pub const JAVA_LIBS: &str = "/usr/share/java";

/// The report program's source.
const REPORT_SOURCE: &str = include_str!("../../java-harness/src/jaut/jacoco/Report.java");

/// The jars the report program runs on (JaCoCo core and report, and ASM).
const REPORT_JARS: &[&str] = &[
    "org.jacoco.core.jar",
    "org.jacoco.report.jar",
    "asm.jar",
    "asm-commons.jar",
    "asm-tree.jar",
];

#[derive(Debug, thiserror::Error)]
pub enum JacocoError {
    #[error(
        "{0} is missing: install Debian's libjacoco-java and libasm-java (bash scripts/setup.sh)"
    )]
    Missing(PathBuf),
    #[error("no JDK: {0}")]
    NoJdk(String),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{what} failed: {detail}")]
    Tool { what: String, detail: String },
    #[error("line report, line {line}: cannot read {text:?}")]
    Parse { line: usize, text: String },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> JacocoError + '_ {
    move |source| JacocoError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The JaCoCo agent and report program, ready to run.
#[derive(Debug, Clone)]
pub struct Jacoco {
    java_home: PathBuf,
    agent: PathBuf,
    /// The compiled report program.
    tool: PathBuf,
}

impl Jacoco {
    /// Prepares the agent and the report program in the default cache
    /// directory (under the system's temporary directory).
    pub fn prepare_default() -> Result<Jacoco, JacocoError> {
        Jacoco::prepare(&std::env::temp_dir())
    }

    /// Prepares the agent and the report program in a directory under
    /// `cache` named after their inputs (reused when it already exists).
    pub fn prepare(cache: &Path) -> Result<Jacoco, JacocoError> {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let java_home =
            crate::java_home::java_home().map_err(|e| JacocoError::NoJdk(e.to_string()))?;
        let libs = Path::new(JAVA_LIBS);
        let agent_container = libs.join("org.jacoco.agent.jar");
        for p in REPORT_JARS
            .iter()
            .map(|j| libs.join(j))
            .chain([agent_container.clone()])
        {
            if !p.is_file() {
                return Err(JacocoError::Missing(p));
            }
        }
        let mut hasher = DefaultHasher::new();
        REPORT_SOURCE.hash(&mut hasher);
        java_home.hash(&mut hasher);
        let dir = cache.join(format!("jaut-jacoco-{:016x}", hasher.finish()));
        let jacoco = Jacoco {
            agent: dir.join("jacocoagent.jar"),
            tool: dir.join("classes"),
            java_home,
        };
        if dir.join("ready").is_file() {
            return Ok(jacoco);
        }
        // Build in a staging directory and rename it: concurrent runs (test
        // processes) never see a half-built one.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let staged = cache.join(format!(
            "jaut-jacoco-staging-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&staged).map_err(io(&staged))?;
        let built = jacoco.build(&staged, &agent_container);
        if built.is_err() || std::fs::rename(&staged, &dir).is_err() {
            // Failed, or another process got there first (its copy is as good).
            let _ = std::fs::remove_dir_all(&staged);
        }
        built.map(|()| jacoco)
    }

    fn build(&self, s: &Path, agent_container: &Path) -> Result<(), JacocoError> {
        extract_agent(agent_container, &s.join("jacocoagent.jar"))?;
        let src = s.join("src/jaut/jacoco/Report.java");
        std::fs::create_dir_all(src.parent().expect("a parent")).map_err(io(s))?;
        std::fs::write(&src, REPORT_SOURCE).map_err(io(&src))?;
        let javac = self.java_home.join("bin/javac");
        let out = Command::new(&javac)
            .args(["--release", "11", "-encoding", "UTF-8", "-nowarn", "-cp"])
            .arg(report_classpath(None))
            .arg("-d")
            .arg(s.join("classes"))
            .arg(&src)
            .output()
            .map_err(io(&javac))?;
        if !out.status.success() {
            return Err(JacocoError::Tool {
                what: "compiling the JaCoCo report program".into(),
                detail: String::from_utf8_lossy(&out.stderr).into_owned(),
            });
        }
        std::fs::write(s.join("ready"), "").map_err(io(s))
    }

    /// The agent jar (`-javaagent:` takes it).
    pub fn agent(&self) -> &Path {
        &self.agent
    }

    /// The JVM option recording execution data of the classes matching
    /// `includes` (JaCoCo's wildcards: `coord.*`) into `exec`.
    pub fn agent_option(&self, exec: &Path, includes: &str) -> String {
        format!(
            "-javaagent:{}=destfile={},includes={includes}",
            self.agent.display(),
            exec.display()
        )
    }

    /// Analyses `exec` against the original classes in `classes` (a
    /// directory or jar); writes JaCoCo's XML report to `xml` when given.
    pub fn report(
        &self,
        exec: &Path,
        classes: &Path,
        xml: Option<&Path>,
    ) -> Result<LineCoverage, JacocoError> {
        let java = self.java_home.join("bin/java");
        let mut cmd = Command::new(&java);
        cmd.arg("-cp")
            .arg(report_classpath(Some(&self.tool)))
            .arg("jaut.jacoco.Report")
            .arg(exec)
            .arg(classes);
        if let Some(x) = xml {
            cmd.arg("--xml").arg(x);
        }
        let out = cmd.output().map_err(io(&java))?;
        if !out.status.success() {
            return Err(JacocoError::Tool {
                what: format!("the JaCoCo report on {}", exec.display()),
                detail: String::from_utf8_lossy(&out.stderr).into_owned(),
            });
        }
        LineCoverage::parse(&String::from_utf8_lossy(&out.stdout))
    }
}

fn report_classpath(tool: Option<&Path>) -> String {
    let mut parts: Vec<String> = tool.iter().map(|t| t.display().to_string()).collect();
    parts.extend(
        REPORT_JARS
            .iter()
            .map(|j| Path::new(JAVA_LIBS).join(j).display().to_string()),
    );
    parts.join(":")
}

fn extract_agent(container: &Path, to: &Path) -> Result<(), JacocoError> {
    let file = std::fs::File::open(container).map_err(io(container))?;
    let bad = |e: zip::result::ZipError| JacocoError::Tool {
        what: format!("reading {}", container.display()),
        detail: e.to_string(),
    };
    let mut zip = zip::ZipArchive::new(file).map_err(bad)?;
    let mut entry = zip.by_name("jacocoagent.jar").map_err(bad)?;
    let mut out = std::fs::File::create(to).map_err(io(to))?;
    std::io::copy(&mut entry, &mut out).map_err(io(to))?;
    Ok(())
}

/// JaCoCo's counters for one source line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCounts {
    pub missed_instructions: u32,
    pub covered_instructions: u32,
    pub missed_branches: u32,
    pub covered_branches: u32,
}

impl LineCounts {
    /// At least one of the line's instructions ran.
    pub fn is_covered(&self) -> bool {
        self.covered_instructions > 0
    }
}

/// Line coverage by source file (`coord/Coord.java`) and line number.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineCoverage {
    lines: BTreeMap<(String, u32), LineCounts>,
}

impl LineCoverage {
    /// Reads the report program's line listing:
    /// `pkg/File.java LINE MI CI MB CB` per line.
    pub fn parse(text: &str) -> Result<LineCoverage, JacocoError> {
        let mut lines = BTreeMap::new();
        for (i, l) in text.lines().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            let bad = || JacocoError::Parse {
                line: i + 1,
                text: l.to_string(),
            };
            let parts: Vec<&str> = l.split(' ').collect();
            let [file, nr, rest @ ..] = parts.as_slice() else {
                return Err(bad());
            };
            let nums: Vec<u32> = rest
                .iter()
                .map(|n| n.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            let [mi, ci, mb, cb] = nums.as_slice() else {
                return Err(bad());
            };
            lines.insert(
                (file.to_string(), nr.parse().map_err(|_| bad())?),
                LineCounts {
                    missed_instructions: *mi,
                    covered_instructions: *ci,
                    missed_branches: *mb,
                    covered_branches: *cb,
                },
            );
        }
        Ok(LineCoverage { lines })
    }

    /// The counters of `line` of `source` (`coord/Coord.java`), if it holds code.
    pub fn line(&self, source: &str, line: u32) -> Option<LineCounts> {
        self.lines.get(&(source.to_string(), line)).copied()
    }

    pub fn is_covered(&self, source: &str, line: u32) -> bool {
        self.line(source, line).is_some_and(|c| c.is_covered())
    }

    /// Every line holding code: (source, line, counters), sorted.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32, LineCounts)> {
        self.lines.iter().map(|((f, l), c)| (f.as_str(), *l, *c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_line_listing() {
        let c = LineCoverage::parse("coord/Coord.java 22 0 7 0 4\ncoord/Coord.java 31 6 0 0 0\n")
            .unwrap();
        assert!(c.is_covered("coord/Coord.java", 22));
        assert!(!c.is_covered("coord/Coord.java", 31));
        assert_eq!(c.line("coord/Coord.java", 22).unwrap().covered_branches, 4);
        assert!(c.line("coord/Coord.java", 5).is_none());
        assert!(LineCoverage::parse("x 1 2").is_err());
    }
}
