//! The generated tests, as a user runs them: found in `--out`, compiled
//! with javac against the jar and Debian's JUnit jars, and run with the
//! JUnit console launcher (JUnit 5, which also runs JUnit 4 tests through
//! Vintage) under the JaCoCo agent. [`Summary::parse`] reads the
//! launcher's counts and failures; nothing that failed or did not compile
//! is dropped from the figures.

use std::path::{Path, PathBuf};

use serde::Serialize;

/// The jars generated tests compile against, besides the code under test.
pub const COMPILE_JARS: [&str; 4] = [
    "junit-jupiter-api.jar",
    "apiguardian-api.jar",
    "junit4.jar",
    "hamcrest-core.jar",
];

/// The launcher (JUnit Platform 1.9 with Jupiter and Vintage).
pub const CONSOLE_JAR: &str = "junit-platform-console-standalone.jar";

/// One generated test file.
#[derive(Debug, Clone)]
pub struct TestFile {
    pub path: PathBuf,
    /// The test class's Java name, from its path under the output directory.
    pub class: String,
    /// `@Test` methods in it.
    pub tests: usize,
}

/// The `.java` files under `dir`, sorted by path.
pub fn test_files(dir: &Path) -> anyhow::Result<Vec<TestFile>> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        if !d.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "java") {
                let rel = path.strip_prefix(dir)?.with_extension("");
                let class = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(".");
                let tests = count_tests(&std::fs::read_to_string(&path)?);
                found.push(TestFile { path, class, tests });
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
}

/// `@Test` annotations in a source file (JUnit 4 or 5).
pub fn count_tests(source: &str) -> usize {
    source
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.strip_prefix("@Test")
                .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
        })
        .count()
}

/// javac's error lines (`File.java:12: error: ...`), at most `n`.
pub fn javac_errors(stderr: &str, n: usize) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.contains(": error:"))
        .take(n)
        .map(|l| {
            // Keep the file name, not the temporary directory.
            let l = l.trim();
            match l.find(".java:") {
                Some(i) => {
                    let start = l[..i].rfind('/').map_or(0, |s| s + 1);
                    l[start..].to_string()
                }
                None => l.to_string(),
            }
        })
        .collect()
}

/// A failed test: its name and the first line of what it threw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    pub test: String,
    pub message: String,
}

/// The launcher's summary of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub found: u64,
    pub started: u64,
    pub successful: u64,
    pub failed: u64,
    pub aborted: u64,
    pub skipped: u64,
    pub containers_failed: u64,
    pub failures: Vec<Failure>,
}

impl Summary {
    /// Reads the console launcher's output (`--details=tree`): the
    /// `[ N tests successful ]` counts and the `Failures (N):` section,
    /// where each failure is a line `  ENGINE:CLASS:METHOD()` followed by
    /// `    => EXCEPTION: MESSAGE`.
    pub fn parse(text: &str) -> Option<Summary> {
        let mut s = Summary::default();
        let mut saw_counts = false;
        for line in text.lines() {
            let t = line.trim();
            let Some(inner) = t.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
                continue;
            };
            let words: Vec<&str> = inner.split_whitespace().collect();
            let [n, what, how] = words.as_slice() else {
                continue;
            };
            let Ok(n) = n.parse::<u64>() else { continue };
            saw_counts = true;
            match (*what, *how) {
                ("tests", "found") => s.found = n,
                ("tests", "started") => s.started = n,
                ("tests", "successful") => s.successful = n,
                ("tests", "failed") => s.failed = n,
                ("tests", "aborted") => s.aborted = n,
                ("tests", "skipped") => s.skipped = n,
                ("containers", "failed") => s.containers_failed = n,
                _ => {}
            }
        }
        if !saw_counts {
            return None;
        }
        let mut in_failures = false;
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            if line.starts_with("Failures (") {
                in_failures = true;
                continue;
            }
            if !in_failures {
                continue;
            }
            if line.starts_with("Test run finished") {
                break;
            }
            // A failure's header: two spaces, then ENGINE:...:NAME.
            if line.starts_with("  ") && !line.starts_with("   ") && line.contains(':') {
                // `ENGINE:CLASS:METHOD()` → `CLASS.METHOD()`.
                let name = line.trim();
                let test = name
                    .split_once(':')
                    .map_or(name, |(_, t)| t)
                    .replace(':', ".");
                let mut message = String::new();
                while let Some(next) = lines.peek() {
                    if next.starts_with("  ") && !next.starts_with("   ") {
                        break;
                    }
                    let next = lines.next().unwrap_or_default();
                    if let Some(m) = next.trim().strip_prefix("=> ") {
                        message = m.to_string();
                    }
                }
                s.failures.push(Failure { test, message });
            }
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "╷
├─ JUnit Jupiter ✔
│  └─ XJautTest ✔
│     ├─ ok_line1() ✔
│     ├─ boom_line3() ✘ multi
│     │        line
│     └─ bad_line2() ✘ one is two ==> expected: <1> but was: <2>
└─ JUnit Vintage ✔

Failures (2):
  JUnit Jupiter:XJautTest:boom_line3()
    MethodSource [className = 'p.XJautTest', methodName = 'boom_line3', methodParameterTypes = '']
    => java.lang.IllegalStateException: multi
line
       p.XJautTest.boom_line3(XJautTest.java:7)
       [...]
  JUnit Jupiter:XJautTest:bad_line2()
    MethodSource [className = 'p.XJautTest', methodName = 'bad_line2', methodParameterTypes = '']
    => org.opentest4j.AssertionFailedError: one is two ==> expected: <1> but was: <2>
       org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
       [...]

Test run finished after 533 ms
[         4 containers found      ]
[         0 containers failed     ]
[         3 tests found           ]
[         0 tests skipped         ]
[         3 tests started         ]
[         0 tests aborted         ]
[         1 tests successful      ]
[         2 tests failed          ]
";

    #[test]
    fn reads_counts_and_failures() {
        let s = Summary::parse(OUTPUT).unwrap();
        assert_eq!((s.found, s.started, s.successful, s.failed), (3, 3, 1, 2));
        assert_eq!(s.failures.len(), 2);
        assert_eq!(s.failures[0].test, "XJautTest.boom_line3()");
        assert_eq!(
            s.failures[0].message,
            "java.lang.IllegalStateException: multi"
        );
        assert_eq!(s.failures[1].test, "XJautTest.bad_line2()");
        assert!(s.failures[1]
            .message
            .starts_with("org.opentest4j.AssertionFailedError: one is two"));
        assert!(Summary::parse("Exception in thread main").is_none());
    }

    #[test]
    fn counts_test_annotations() {
        let src = "@Test\nvoid a() {}\n  @Test void b() {}\n@TestFactory\nStream<?> c() {}\n// @Tested\n@Test()\n";
        assert_eq!(count_tests(src), 3);
    }

    #[test]
    fn keeps_javac_error_lines() {
        let err =
            "/tmp/x/org/a/BJautTest.java:12: error: cannot find symbol\n    foo();\n1 error\n";
        assert_eq!(
            javac_errors(err, 5),
            ["BJautTest.java:12: error: cannot find symbol"]
        );
    }
}
