//! Shared helpers for the integration tests: the compiled samples and the
//! `jaut` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The repository root.
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The samples' class files, compiled once per test process by
/// `samples/build.sh` (which skips the work when they are up to date and
/// serialises concurrent runs).
pub fn samples() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = repo().join("target/samples/classes");
        let status = Command::new("bash")
            .arg(repo().join("samples/build.sh"))
            .arg(&out)
            .status()
            .expect("bash runs samples/build.sh");
        assert!(status.success(), "samples/build.sh failed");
        out
    })
}

/// A sample class file, e.g. `sample_class("coord/Coord")`.
pub fn sample_class(name: &str) -> PathBuf {
    samples().join(format!("{name}.class"))
}

/// Runs the jaut binary with these arguments, in a fresh empty working
/// directory: what a run writes by default (the JUnit test under
/// `jaut-tests/`) never lands in the repository nor meets an earlier run's.
pub fn jaut(args: &[&str]) -> Output {
    let cwd = tempfile::tempdir().expect("a temporary directory");
    Command::new(env!("CARGO_BIN_EXE_jaut"))
        .args(args)
        .current_dir(cwd.path())
        .output()
        .expect("jaut runs")
}

/// A run of jaut, to show when a test fails: its arguments, exit status,
/// stdout and stderr.
pub fn describe<S: AsRef<str>>(args: &[S], o: &Output) -> String {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    format!(
        "jaut {}\n  status: {:?}\n  stdout: {}\n  stderr: {}",
        args.join(" "),
        o.status.code(),
        stdout(o),
        stderr(o)
    )
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The program of a class path over the JDK and the compiled samples.
pub fn sample_classpath() -> jaut::program::Program {
    let cp = jaut::classpath::ClassPath::new().expect("a JDK with jmods");
    let mut cp = jaut::program::Program::new(cp);
    cp.add(samples()).expect("samples directory");
    cp
}
pub mod classgen;
pub mod suite;

/// A program of the JDK jaut uses (`javac`, `java`, `jar`), found the one
/// way jaut finds it (`src/java_home.rs`).
pub fn jdk_tool(name: &str) -> PathBuf {
    jaut::java_home::jdk_tool(name)
}

/// Every `.java` file under `dir`, sorted.
pub fn java_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir)
            .expect("a readable directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "java") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// Compiles `sources` into `out` (`--release 11 -g`), with `extra` on the
/// class path; panics with javac's messages when it fails.
pub fn javac(sources: &[PathBuf], out: &Path, extra: Option<&Path>) {
    let mut cmd = Command::new(jdk_tool("javac"));
    cmd.args(["--release", "11", "-g", "-encoding", "UTF-8", "-d"])
        .arg(out);
    if let Some(cp) = extra {
        cmd.arg("-cp").arg(cp);
    }
    let output = cmd.args(sources).output().expect("javac runs");
    assert!(
        output.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The classes of `tests/fixtures/<name>`, compiled into cargo's target tmp
/// directory under a hash of the sources: an edit gets a fresh build, and
/// test processes running in parallel share one.
pub fn compiled_fixtures(name: &str) -> PathBuf {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let sources = java_files(&repo().join("tests/fixtures").join(name));
    let mut hasher = DefaultHasher::new();
    jdk_tool("javac").hash(&mut hasher);
    for source in &sources {
        source.hash(&mut hasher);
        std::fs::read(source)
            .expect("a readable source")
            .hash(&mut hasher);
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.join(format!("{name}-fixtures-{:016x}", hasher.finish()));
    if !dir.is_dir() {
        let staging = tempfile::Builder::new()
            .prefix(&format!("{name}-fixtures-staging"))
            .tempdir_in(tmp)
            .expect("a staging directory");
        javac(&sources, staging.path(), None);
        // Fails when another test process got there first: its build is as
        // good, and the staging directory is removed on drop.
        let _ = std::fs::rename(staging.path(), &dir);
    }
    assert!(dir.is_dir());
    dir
}

/// The JDK, opened once and shared by every class path of the process.
pub fn jdk() -> std::sync::Arc<jaut::classpath::Jdk> {
    static JDK: OnceLock<std::sync::Arc<jaut::classpath::Jdk>> = OnceLock::new();
    JDK.get_or_init(|| {
        let home = jaut::java_home::java_home().expect("a JDK with jmods");
        std::sync::Arc::new(jaut::classpath::Jdk::open(&home).expect("the JDK opens"))
    })
    .clone()
}

/// The `jaut` binary run with `args` and `--format json`: exit code and the
/// JSON it printed.
#[allow(dead_code)]
pub fn jaut_json(args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--format", "json"]);
    let out = jaut(&all);
    let json = serde_json::from_str(&stdout(&out))
        .unwrap_or_else(|e| panic!("jaut {all:?}: {e}\n{}{}", stdout(&out), stderr(&out)));
    (out.status.code(), json)
}

/// The `jaut` binary run with `args` and `--format json` in `dir`, where
/// the JUnit tests it writes accumulate (`dir/jaut-tests`): exit code and
/// the JSON it printed.
#[allow(dead_code)]
pub fn jaut_json_in(dir: &Path, args: &[&str]) -> (Option<i32>, serde_json::Value) {
    let o = Command::new(env!("CARGO_BIN_EXE_jaut"))
        .args(args)
        .args(["--format", "json"])
        .current_dir(dir)
        .output()
        .expect("jaut runs");
    let json = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("jaut {args:?}: {e}\n{}{}", stdout(&o), stderr(&o)));
    (o.status.code(), json)
}

/// jaut on `<sample>.<method>` (`sample` like `statics/Registry`) at source
/// `line`, with `extra` arguments, in JSON and replayed.
#[allow(dead_code)]
pub fn aim_at_line(
    sample: &str,
    method: &str,
    line: usize,
    extra: &[&str],
) -> (Option<i32>, serde_json::Value) {
    let class = sample_class(sample);
    let line = line.to_string();
    let mut args = vec![class.to_str().unwrap(), "-m", method, "--line", &line];
    args.extend_from_slice(extra);
    jaut_json(&args)
}

/// [`aim_at_line`] at the line of `samples/src/<sample>.java` marked
/// `// TARGET: <target>`.
#[allow(dead_code)]
pub fn aim_at_marker(sample: &str, method: &str, target: &str) -> (Option<i32>, serde_json::Value) {
    aim_at_line(sample, method, marker_line(sample, target), &[])
}

/// The source line of `samples/src/<sample>.java` that ends with
/// `// TARGET: <target>` (1-based).
#[allow(dead_code)]
pub fn marker_line(sample: &str, target: &str) -> usize {
    let source = repo().join(format!("samples/src/{sample}.java"));
    let text = std::fs::read_to_string(&source).unwrap();
    let tag = format!("// TARGET: {target}");
    let line = text
        .lines()
        .position(|l| l.trim_end().ends_with(&tag))
        .unwrap_or_else(|| panic!("no {tag} in {}", source.display()));
    line + 1
}

/// `jaut cover` with `args` writing its tests to `out`, in JSON; the run
/// may leave targets unknown (exit 1) but must not fail. The JSON printed.
#[allow(dead_code)]
pub fn cover_to(args: &[&str], out: &Path) -> serde_json::Value {
    let dir = out.display().to_string();
    let mut all = vec!["cover"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json", "--no-times", "--out", &dir]);
    let o = jaut(&all);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("cover prints JSON")
}

/// The JUnit tests under `dir` run under JaCoCo against the samples (they
/// must pass): JaCoCo's XML report.
#[allow(dead_code)]
pub fn jacoco_report_of_samples(dir: &Path) -> String {
    let work = tempfile::tempdir().unwrap();
    let run = jaut::cover::jacoco::run_tests(dir, &[samples().to_path_buf()], work.path(), false)
        .unwrap();
    assert!(run.passed, "{}", run.summary);
    let xml = work.path().join("report.xml");
    jaut::cover::jacoco::exec_to_xml(&run.exec, &xml, samples()).unwrap();
    std::fs::read_to_string(&xml).unwrap()
}

/// Compiles the JUnit 5 suite jaut wrote under `dir` (`--release 11`,
/// with `javac_flags`) against the classes in `under_test` (a directory or
/// a jar), runs every test class of it with the console launcher in a
/// fresh JVM, and asserts that it compiled, that some tests ran and that
/// all passed; `what` names the suite in the messages.
pub fn compile_and_run_suite(dir: &Path, what: &str, under_test: &Path, javac_flags: &[&str]) {
    let sources = java_files(dir);
    assert!(!sources.is_empty(), "{what}: no tests written");
    let classes = dir.join("classes");
    std::fs::create_dir_all(&classes).unwrap();
    let cp = format!(
        "{}:{}:{}",
        under_test.display(),
        share_jar("junit-jupiter-api.jar").display(),
        share_jar("apiguardian-api.jar").display()
    );
    let o = Command::new(jdk_tool("javac"))
        .args(["--release", "11"])
        .args(javac_flags)
        .arg("-d")
        .arg(&classes)
        .args(["-cp", &cp])
        .args(&sources)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // With assertions on, as Maven Surefire and Gradle run tests.
    let o = Command::new(jdk_tool("java"))
        .arg("-ea")
        .arg("-jar")
        .arg(share_jar("junit-platform-console-standalone.jar"))
        .arg("-cp")
        .arg(format!("{}:{}", classes.display(), under_test.display()))
        .arg("--scan-classpath")
        .arg(&classes)
        .args([
            "--include-classname",
            ".*",
            "--disable-banner",
            "--details=summary",
        ])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{what}: {out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("tests successful"), "{what}: {out}");
    assert!(
        !out.contains("[         0 tests successful"),
        "{what}: {out}"
    );
}

/// A jar of Debian's `/usr/share/java`.
pub fn share_jar(jar: &str) -> PathBuf {
    Path::new("/usr/share/java").join(jar)
}
