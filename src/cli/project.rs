//! `jaut cover DIR` on a Maven or Gradle project (issue 34): what a user
//! would otherwise assemble by hand. A directory with a `pom.xml` is a
//! Maven project, one with `build.gradle`, `build.gradle.kts` or
//! `settings.gradle(.kts)` a Gradle project; for it jaut finds
//! - the compiled classes: `target/classes`, or `build/classes/java/main`
//!   (the project must be built first; jaut does not run the build);
//! - the dependencies: Maven's `dependency:build-classpath` run offline
//!   when `mvn` is installed, else the jars in `target/dependency` (what
//!   `mvn dependency:copy-dependencies` writes), `build/dependency` and
//!   `lib/`;
//! - the existing tests, `src/test/java`, whose coverage is imported as
//!   with `--tests` (a suite that does not compile is left out with a
//!   warning, since the user did not ask for it; the test classes jaut
//!   wrote there before are not imported, since this run writes them
//!   again);
//! - where the new tests go: `src/test/java`, in their packages, unless
//!   `--out` says otherwise; the reports go to `target/jaut` or
//!   `build/jaut`, out of the source tree.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::target::UserError;

/// The build tool a project directory is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildTool {
    Maven,
    Gradle,
}

impl BuildTool {
    fn name(self) -> &'static str {
        match self {
            BuildTool::Maven => "Maven",
            BuildTool::Gradle => "Gradle",
        }
    }

    /// The build's output directory, relative to the project.
    fn build_dir(self) -> &'static str {
        match self {
            BuildTool::Maven => "target",
            BuildTool::Gradle => "build",
        }
    }
}

/// What jaut found in a project directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    pub root: PathBuf,
    pub tool: BuildTool,
    /// The compiled main classes.
    pub classes: PathBuf,
    /// The dependencies' jars and directories.
    pub dependencies: Vec<PathBuf>,
    /// Where the dependencies came from, for the message.
    pub dependencies_from: String,
    /// The existing tests' sources, when there are any.
    pub tests: Option<PathBuf>,
    /// Where new tests go by default.
    pub test_sources: PathBuf,
    /// Where the reports go by default.
    pub reports: PathBuf,
}

/// The project `dir` is, if it is one; an error when it is a project that
/// has not been built.
pub fn detect(dir: &Path) -> Result<Option<Project>, UserError> {
    if !dir.is_dir() {
        return Ok(None);
    }
    let tool = if dir.join("pom.xml").is_file() {
        BuildTool::Maven
    } else if [
        "build.gradle",
        "build.gradle.kts",
        "settings.gradle",
        "settings.gradle.kts",
    ]
    .iter()
    .any(|f| dir.join(f).is_file())
    {
        BuildTool::Gradle
    } else {
        return Ok(None);
    };
    let classes = match tool {
        BuildTool::Maven => dir.join("target/classes"),
        BuildTool::Gradle => dir.join("build/classes/java/main"),
    };
    if !classes.is_dir() {
        let build = match tool {
            BuildTool::Maven => "mvn compile",
            BuildTool::Gradle => "gradle classes",
        };
        return Err(UserError(format!(
            "{}: a {} project without compiled classes ({} is missing); build it first ({build})",
            dir.display(),
            tool.name(),
            classes.display()
        )));
    }
    let (dependencies, dependencies_from) = dependencies(dir, tool);
    let tests = Some(dir.join("src/test/java")).filter(|t| has_own_tests(t));
    Ok(Some(Project {
        root: dir.to_path_buf(),
        tool,
        classes,
        dependencies,
        dependencies_from,
        tests,
        test_sources: dir.join("src/test/java"),
        reports: dir.join(tool.build_dir()).join("jaut"),
    }))
}

/// The dependencies and a phrase saying where they came from.
fn dependencies(dir: &Path, tool: BuildTool) -> (Vec<PathBuf>, String) {
    if tool == BuildTool::Maven {
        if let Some(found) = maven_classpath(dir) {
            return (found, "mvn -o dependency:build-classpath".to_string());
        }
    }
    let mut found = Vec::new();
    let mut from = Vec::new();
    for sub in ["target/dependency", "build/dependency", "lib"] {
        let jars = jars_in(&dir.join(sub));
        if !jars.is_empty() {
            from.push(format!("{sub}/ ({} jars)", jars.len()));
            found.extend(jars);
        }
    }
    let from = if from.is_empty() {
        "none found (no target/dependency, build/dependency or lib/)".to_string()
    } else {
        from.join(", ")
    };
    (found, from)
}

/// Maven's own answer, offline, when `mvn` is installed and answers
/// within a minute; `None` otherwise (no `mvn`, no network for a plugin
/// missing from the local repository, a broken pom).
fn maven_classpath(dir: &Path) -> Option<Vec<PathBuf>> {
    let out_file = std::env::temp_dir().join(format!("jaut-mvn-cp-{}.txt", std::process::id()));
    let mut child = Command::new("mvn")
        .args(["-o", "-q", "-B", "dependency:build-classpath"])
        .arg(format!("-Dmdep.outputFile={}", out_file.display()))
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > Duration::from_secs(60) => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(_) => return None,
        }
    };
    let text = std::fs::read_to_string(&out_file).ok();
    let _ = std::fs::remove_file(&out_file);
    if !status.success() {
        return None;
    }
    Some(
        text?
            .trim()
            .split(':')
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .collect(),
    )
}

/// The jars directly in `dir`, sorted.
fn jars_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut jars: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jar") && p.is_file())
        .collect();
    jars.sort();
    jars
}

/// Whether `dir` holds a `.java` file jaut did not write, at any depth.
fn has_own_tests(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let p = e.path();
        if p.is_dir() {
            has_own_tests(&p)
        } else {
            p.extension().is_some_and(|x| x == "java")
                && !std::fs::read_to_string(&p).is_ok_and(|t| t.starts_with(jaut::junit::HEADER))
        }
    })
}

impl Project {
    /// One line for stderr: what jaut took from the project.
    pub fn describe(&self) -> String {
        let tests = match &self.tests {
            Some(t) => format!("existing tests {}", t.display()),
            None => "no existing tests".to_string(),
        };
        format!(
            "jaut: {} project {}: classes {}, dependencies: {}, {tests}",
            self.tool.name(),
            self.root.display(),
            self.classes.display(),
            self.dependencies_from,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_without_a_build_file_is_no_project() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(detect(d.path()).unwrap(), None);
    }

    #[test]
    fn an_unbuilt_project_is_one_line_saying_how_to_build_it() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("build.gradle"), "").unwrap();
        let e = detect(d.path()).unwrap_err().0;
        assert!(
            e.contains("a Gradle project without compiled classes"),
            "{e}"
        );
        assert!(e.contains("gradle classes"), "{e}");
    }

    #[test]
    fn gradle_layout_and_lib_jars() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path();
        std::fs::write(root.join("settings.gradle.kts"), "").unwrap();
        std::fs::create_dir_all(root.join("build/classes/java/main")).unwrap();
        std::fs::create_dir_all(root.join("lib")).unwrap();
        std::fs::write(root.join("lib/b.jar"), "").unwrap();
        std::fs::write(root.join("lib/a.jar"), "").unwrap();
        std::fs::write(root.join("lib/notes.txt"), "").unwrap();
        let p = detect(root).unwrap().unwrap();
        assert_eq!(p.tool, BuildTool::Gradle);
        assert_eq!(p.classes, root.join("build/classes/java/main"));
        assert_eq!(
            p.dependencies,
            [root.join("lib/a.jar"), root.join("lib/b.jar")]
        );
        assert_eq!(p.tests, None);
        assert_eq!(p.test_sources, root.join("src/test/java"));
        assert_eq!(p.reports, root.join("build/jaut"));
    }
}
