//! `jaut cover DIR` on a Maven project (issue 34, item 6): the sample
//! project under `samples/maven-project`, built here as `mvn compile` and
//! `mvn dependency:copy-dependencies` would, covered by pointing jaut at
//! its directory; the new tests land in its `src/test/java` and pass there
//! with its dependency and assertions on.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{jaut, jdk_tool, repo, stderr, stdout};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

fn share(jar: &str) -> PathBuf {
    Path::new("/usr/share/java").join(jar)
}

/// The sample project in a fresh directory, built: its dependency as a jar
/// in `target/dependency`, its main classes in `target/classes`.
fn built_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    copy_dir(&repo().join("samples/maven-project"), root);
    let dep_classes = root.join("target/dep-classes");
    support::javac(
        &support::java_files(&root.join("dependency/src")),
        &dep_classes,
        None,
    );
    std::fs::create_dir_all(root.join("target/dependency")).unwrap();
    let jar = root.join("target/dependency/clamp-1.0.jar");
    let o = Command::new(jdk_tool("jar"))
        .arg("cf")
        .arg(&jar)
        .arg("-C")
        .arg(&dep_classes)
        .arg(".")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    support::javac(
        &support::java_files(&root.join("src/main/java")),
        &root.join("target/classes"),
        Some(&jar),
    );
    dir
}

#[test]
fn a_maven_project_directory_is_covered_in_place() {
    let project = built_project();
    let root = project.path();
    let own_test = std::fs::read(root.join("src/test/java/demo/GradesTest.java")).unwrap();
    let dir = root.display().to_string();
    let o = jaut(&[
        "cover",
        &dir,
        "--budget",
        "60",
        "--format",
        "json",
        "--no-times",
    ]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("Maven project"), "{err}");
    assert!(err.contains("target/dependency/ (1 jars)"), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // The project's own test counts as coverage before the run.
    let imported = doc["imported"].as_str().unwrap();
    assert!(imported.contains("src/test/java"), "{imported}");
    let letter = doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["method"] == "letter")
        .unwrap();
    assert!(letter["covered_before"].as_u64().unwrap() > 0, "{letter}");
    assert_eq!(letter["unknown"], 0, "{letter}");
    // The reports go to target/jaut, the tests beside the project's own.
    assert!(root.join("target/jaut/jaut-cover.json").is_file());
    assert!(!root.join("src/test/java/jaut-cover.md").exists());
    let written = root.join("src/test/java/demo/GradesJautTest.java");
    assert!(written.is_file(), "{err}");
    assert_eq!(
        std::fs::read(root.join("src/test/java/demo/GradesTest.java")).unwrap(),
        own_test
    );
    // Both suites compile and pass against the project's classes and its
    // dependency, with assertions on.
    let cp = [
        root.join("target/classes"),
        root.join("target/dependency/clamp-1.0.jar"),
        share("junit-jupiter-api.jar"),
        share("apiguardian-api.jar"),
        share("opentest4j.jar"),
    ]
    .iter()
    .map(|p| p.display().to_string())
    .collect::<Vec<_>>()
    .join(":");
    let test_classes = root.join("target/test-classes");
    support::javac(
        &support::java_files(&root.join("src/test/java")),
        &test_classes,
        Some(Path::new(&cp)),
    );
    let o = Command::new(jdk_tool("java"))
        .arg("-ea")
        .arg("-jar")
        .arg(share("junit-platform-console-standalone.jar"))
        .arg("-cp")
        .arg(format!("{}:{cp}", test_classes.display()))
        .arg("--scan-classpath")
        .arg(&test_classes)
        .args(["--disable-banner", "--details=summary"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(!out.contains("[         0 tests successful"), "{out}");
}

#[test]
fn an_unbuilt_project_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("samples/maven-project"), dir.path());
    let o = jaut(&["cover", &dir.path().display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("mvn compile"), "{err}");
}
