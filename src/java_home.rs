//! Where the JDK is: the one place the binary, `build.rs`, the benchmarks
//! and the tests look for it (`build.rs` includes this file with
//! `#[path]`, so it depends on nothing but `std`).
//!
//! The order: `$JAVA_HOME`, else the JDK holding `javac` on `PATH`, else
//! Debian's JDK 17 ([`DEFAULT_JAVA_HOME`]). jaut reads the JDK's classes
//! from its jmods (JEP 261), so a JDK qualifies when it has
//! `jmods/java.base.jmod` — a JRE or a jlinked image does not.

use std::fmt;
use std::path::{Path, PathBuf};

/// The Debian JDK 17 this project is built and tested with.
pub const DEFAULT_JAVA_HOME: &str = "/usr/lib/jvm/java-17-openjdk-amd64";

/// No usable JDK was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoJdk {
    /// `JAVA_HOME` is set to a directory without jmods.
    NoJmods(PathBuf),
    /// Nothing on `PATH` nor at the default place.
    NotFound,
}

impl fmt::Display for NoJdk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoJdk::NoJmods(home) => write!(
                f,
                "JAVA_HOME={} has no jmods/java.base.jmod (a full JDK is needed, e.g. Debian's openjdk-17-jdk-headless)",
                home.display()
            ),
            NoJdk::NotFound => write!(
                f,
                "set JAVA_HOME to a JDK with jmods (e.g. {DEFAULT_JAVA_HOME})"
            ),
        }
    }
}

impl std::error::Error for NoJdk {}

fn has_jmods(home: &Path) -> bool {
    home.join("jmods/java.base.jmod").is_file()
}

/// Finds the JDK (see the module's header).
pub fn java_home() -> Result<PathBuf, NoJdk> {
    if let Some(home) = std::env::var_os("JAVA_HOME") {
        let home = PathBuf::from(home);
        return if has_jmods(&home) {
            Ok(home)
        } else {
            Err(NoJdk::NoJmods(home))
        };
    }
    let from_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("javac"))
            .find(|javac| javac.is_file())
            .and_then(|javac| std::fs::canonicalize(javac).ok())
            .and_then(|javac| javac.parent()?.parent().map(Path::to_path_buf))
    });
    if let Some(home) = from_path.filter(|h| has_jmods(h)) {
        return Ok(home);
    }
    let default = PathBuf::from(DEFAULT_JAVA_HOME);
    if has_jmods(&default) {
        return Ok(default);
    }
    Err(NoJdk::NotFound)
}

/// A program of the JDK found (`javac`, `java`, `jar`), or the bare name
/// (left to `PATH`) when no JDK is found.
pub fn jdk_tool(name: &str) -> PathBuf {
    java_home()
        .map(|home| home.join("bin").join(name))
        .ok()
        .filter(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}
