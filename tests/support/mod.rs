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

/// Runs the jaut binary with these arguments.
pub fn jaut(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jaut"))
        .args(args)
        .output()
        .expect("jaut runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A class path over the JDK and the compiled samples.
pub fn sample_classpath() -> jaut::classpath::ClassPath {
    let mut cp = jaut::classpath::ClassPath::new().expect("a JDK with jmods");
    cp.add(samples()).expect("samples directory");
    cp
}
pub mod classgen;
