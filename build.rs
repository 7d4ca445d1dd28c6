//! Compiles the Java side of the replay harness (`java-harness/src/jaut/harness`)
//! with the JDK's javac and embeds the class files in jaut: the replay worker
//! defines them in its JVM, so the binary needs no files beside it besides
//! Debian's ASM jar (libasm-java).
//!
//! It also runs `java-harness/src/jaut/unicode/Tables.java` on that JDK
//! and embeds its output: the JVM's answers to `java.lang.Character`'s
//! methods on every code point, which the search uses as exact models
//! (`src/unicode.rs`), with the JDK's version they hold for.
//!
//! javac is the JDK's that `src/java_home.rs` finds (the one place that
//! looks for the JDK), else `javac` on PATH. The classes target Java 11,
//! like the samples.

#[path = "src/java_home.rs"]
#[allow(dead_code)]
mod java_home;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

const SOURCES: &str = "java-harness/src/jaut/harness";
const ASM_JAR: &str = "/usr/share/java/asm.jar";
const UNICODE_TABLES: &str = "java-harness/src/jaut/unicode/Tables.java";

fn main() {
    println!("cargo:rerun-if-changed={SOURCES}");
    println!("cargo:rerun-if-changed={UNICODE_TABLES}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/java_home.rs");
    println!("cargo:rerun-if-env-changed=JAVA_HOME");

    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let classes = out.join("harness-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("OUT_DIR is writable");

    let mut sources: Vec<PathBuf> = std::fs::read_dir(SOURCES)
        .unwrap_or_else(|e| panic!("{SOURCES}: {e}"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    sources.sort();
    if !Path::new(ASM_JAR).is_file() {
        panic!("{ASM_JAR} is missing: install Debian's libasm-java (bash scripts/setup.sh)");
    }
    let javac = javac();
    let output = Command::new(&javac)
        .args([
            "--release",
            "11",
            "-encoding",
            "UTF-8",
            "-nowarn",
            "-cp",
            ASM_JAR,
            "-d",
        ])
        .arg(&classes)
        .args(&sources)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {}: {e} (install openjdk-17-jdk-headless: bash scripts/setup.sh)",
                javac.display()
            )
        });
    if !output.status.success() {
        panic!(
            "javac failed on the replay harness:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    let mut files: Vec<PathBuf> = std::fs::read_dir(classes.join("jaut/harness"))
        .expect("javac wrote the classes")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut list = String::from(
        "/// The replay harness's class files: (internal name, bytes).\n\
         pub const CLASSES: &[(&str, &[u8])] = &[\n",
    );
    for f in files {
        let name = f
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a class file name");
        let _ = writeln!(
            list,
            "    (\"jaut/harness/{name}\", include_bytes!({:?})),",
            f.display().to_string()
        );
    }
    list.push_str("];\n");
    std::fs::write(out.join("harness_classes.rs"), list).expect("OUT_DIR is writable");
    unicode_tables(&out);
}

/// Runs the Unicode table program on the JDK (the source launcher, JEP 330)
/// and writes its output and the JDK's version (`JAVA_VERSION` of its
/// `release` file) to `OUT_DIR`.
fn unicode_tables(out: &Path) {
    let java = java_home::jdk_tool("java");
    let output = Command::new(&java)
        .arg(UNICODE_TABLES)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", java.display()));
    if !output.status.success() {
        panic!(
            "{UNICODE_TABLES} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    std::fs::write(out.join("unicode_tables.txt"), &output.stdout).expect("OUT_DIR is writable");
    let version = java_home::java_home()
        .ok()
        .and_then(|home| std::fs::read_to_string(home.join("release")).ok())
        .and_then(|release| {
            release
                .lines()
                .find_map(|l| l.strip_prefix("JAVA_VERSION=").map(str::to_string))
        })
        .unwrap_or_default();
    std::fs::write(out.join("unicode_jdk.txt"), version).expect("OUT_DIR is writable");
}

fn javac() -> PathBuf {
    java_home::jdk_tool("javac")
}
