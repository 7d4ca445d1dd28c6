//! Measures the two class-file reader crates named in jaut's design, `cafebabe` 0.9
//! and `classfile-parser` 0.3, on real class files: the JDK's `java.base` module and
//! three Debian-packaged jars. For each corpus and parser it counts the classes that
//! fail to parse and times parsing all of them (single thread, best of 3 runs), then
//! prints a Markdown table. Findings are written up in `docs/classfile-reader.md`.
//!
//! Run with `cargo run --release --manifest-path bench/parser-compare/Cargo.toml`;
//! further jar files given as arguments are measured too.

use std::hint::black_box;
use std::io::{Cursor, Read};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use classfile_parser::attribute_info::code_attribute_parser;
use classfile_parser::code_attribute::code_parser;
use classfile_parser::constant_info::ConstantInfo;

const RUNS: usize = 3;
const SHOWN_FAILURES: usize = 5;
const JARS: [&str; 3] = [
    "/usr/share/java/commons-lang3.jar",
    "/usr/share/java/commons-collections4.jar",
    "/usr/share/java/guava.jar",
];

/// One `.class` entry, read into memory so that timing excludes zip inflation.
struct Class {
    /// The zip entry name; it shows whether the class is a `module-info` or a
    /// multi-release (`META-INF/versions/N/`) variant.
    name: String,
    bytes: Vec<u8>,
}

struct Corpus {
    name: String,
    classes: Vec<Class>,
}

type Parse = fn(&[u8]) -> Result<(), String>;

const PARSERS: [(&str, Parse); 4] = [
    ("cafebabe (bytecode)", cafebabe_with_bytecode),
    ("cafebabe (no bytecode)", cafebabe_without_bytecode),
    ("classfile-parser (+code)", classfile_parser_with_code),
    ("classfile-parser (class only)", classfile_parser_class_only),
];

fn cafebabe_with_bytecode(bytes: &[u8]) -> Result<(), String> {
    let class = cafebabe::parse_class(bytes).map_err(|e| e.to_string())?;
    black_box(&class);
    Ok(())
}

fn cafebabe_without_bytecode(bytes: &[u8]) -> Result<(), String> {
    let mut opts = cafebabe::ParseOptions::default();
    opts.parse_bytecode(false);
    let class = cafebabe::parse_class_with_options(bytes, &opts).map_err(|e| e.to_string())?;
    black_box(&class);
    Ok(())
}

fn classfile_parser_class_only(bytes: &[u8]) -> Result<(), String> {
    let (_, class) =
        classfile_parser::class_parser(bytes).map_err(|e| nom_error("class", bytes, e))?;
    black_box(&class);
    Ok(())
}

/// `class_parser` leaves every attribute as raw bytes, so to compare like for like with
/// cafebabe's default mode we also decode each method's Code attribute and its
/// instructions.
fn classfile_parser_with_code(bytes: &[u8]) -> Result<(), String> {
    let (_, class) =
        classfile_parser::class_parser(bytes).map_err(|e| nom_error("class", bytes, e))?;
    for method in &class.methods {
        for attr in &method.attributes {
            // Attribute names are 1-based constant-pool indices.
            let name = class
                .const_pool
                .get(usize::from(attr.attribute_name_index).wrapping_sub(1));
            if !matches!(name, Some(ConstantInfo::Utf8(u)) if u.utf8_string == "Code") {
                continue;
            }
            let (_, code) =
                code_attribute_parser(&attr.info).map_err(|e| nom_error("Code", &attr.info, e))?;
            let (rest, instructions) =
                code_parser(&code.code).map_err(|e| nom_error("instructions", &code.code, e))?;
            // code_parser stops silently at the first undecodable instruction, so
            // leftover bytes are the only sign of a failure.
            if !rest.is_empty() {
                return Err(format!(
                    "instructions: undecoded opcode 0x{:02x} at offset {} of method {}",
                    rest[0],
                    code.code.len() - rest.len(),
                    method_name(&class, method.name_index),
                ));
            }
            black_box(&instructions);
        }
    }
    black_box(&class);
    Ok(())
}

/// nom's error carries the whole unparsed remainder; report where it starts and the
/// byte found there instead (for the constant pool, that byte is the unknown tag).
fn nom_error(what: &str, input: &[u8], err: nom::Err<nom::error::Error<&[u8]>>) -> String {
    match err {
        nom::Err::Error(e) | nom::Err::Failure(e) => format!(
            "{what}: nom {:?} at byte {} (found 0x{:02x})",
            e.code,
            input.len() - e.input.len(),
            e.input.first().copied().unwrap_or_default()
        ),
        nom::Err::Incomplete(needed) => format!("{what}: incomplete input ({needed:?})"),
    }
}

fn method_name(class: &classfile_parser::ClassFile, index: u16) -> String {
    match class.const_pool.get(usize::from(index).wrapping_sub(1)) {
        Some(ConstantInfo::Utf8(u)) => u.utf8_string.clone(),
        _ => format!("#{index}"),
    }
}

/// Runs `parse` on one class, turning a panic into a failure: a benchmark over
/// thousands of real classes must report a crashing parser, not die with it.
fn parse_one(parse: Parse, bytes: &[u8]) -> Result<(), String> {
    panic::catch_unwind(AssertUnwindSafe(|| parse(bytes))).unwrap_or_else(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(format!("panic: {msg}"))
    })
}

/// Reads every `.class` entry whose name starts with `prefix` from a zip archive.
fn read_classes(name: String, zip_bytes: &[u8], prefix: &str) -> Result<Corpus> {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip_bytes))?;
    let mut classes = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i)?;
        if !entry.is_file()
            || !entry.name().starts_with(prefix)
            || !entry.name().ends_with(".class")
        {
            continue;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry.read_to_end(&mut bytes)?;
        classes.push(Class {
            name: entry.name().to_string(),
            bytes,
        });
    }
    Ok(Corpus { name, classes })
}

fn load_jmod(path: &Path) -> Result<Corpus> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    // A .jmod is a zip archive behind a 4-byte magic header.
    let Some(zip_bytes) = bytes.strip_prefix(b"JM\x01\x00") else {
        bail!("{} lacks the JM\\x01\\x00 jmod header", path.display());
    };
    read_classes(file_name(path), zip_bytes, "classes/")
}

fn load_jar(path: &Path) -> Result<Corpus> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    read_classes(file_name(path), &bytes, "")
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

struct Outcome {
    failures: Vec<(String, String)>,
    best: Duration,
}

fn measure(corpus: &Corpus, parse: Parse) -> Outcome {
    let mut failures = Vec::new();
    let mut best = Duration::MAX;
    for run in 0..RUNS {
        let start = Instant::now();
        for class in &corpus.classes {
            let result = parse_one(parse, &class.bytes);
            // Failures are the same every run: record them from the first one only.
            if let (0, Err(msg)) = (run, result) {
                failures.push((class.name.clone(), msg));
            }
        }
        best = best.min(start.elapsed());
    }
    Outcome { failures, best }
}

/// Module descriptors and multi-release variants are counted apart because a tool may
/// skip those entries without losing any ordinary class.
fn is_special(name: &str) -> bool {
    name.starts_with("META-INF/versions/") || name.ends_with("module-info.class")
}

fn main() -> Result<()> {
    // Panics are caught and reported per class; the default hook would also print
    // each one to stderr once per run.
    panic::set_hook(Box::new(|_| {}));

    let java_home = std::env::var_os("JAVA_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/jvm/java-17-openjdk-amd64"));
    let mut corpora = vec![load_jmod(&java_home.join("jmods/java.base.jmod"))?];
    for jar in JARS.iter().map(Path::new) {
        if jar.exists() {
            corpora.push(load_jar(jar)?);
        } else {
            eprintln!("skipping missing {}", jar.display());
        }
    }
    for jar in std::env::args_os().skip(1) {
        corpora.push(load_jar(Path::new(&jar))?);
    }

    let mut rows = Vec::new();
    for corpus in &corpora {
        let special = corpus
            .classes
            .iter()
            .filter(|c| is_special(&c.name))
            .count();
        println!(
            "## {}: {} classes ({} module-info / META-INF/versions)",
            corpus.name,
            corpus.classes.len(),
            special
        );
        for (parser, parse) in PARSERS {
            let outcome = measure(corpus, parse);
            let special_failures = outcome
                .failures
                .iter()
                .filter(|(n, _)| is_special(n))
                .count();
            println!(
                "{parser}: {} failures ({special_failures} module-info / META-INF/versions)",
                outcome.failures.len()
            );
            for (name, msg) in outcome.failures.iter().take(SHOWN_FAILURES) {
                println!("  - {name}: {msg}");
            }
            rows.push((corpus, parser, outcome));
        }
        println!();
    }

    println!("| corpus | classes | parser | failures | time (ms) | classes/s |");
    println!("|---|---:|---|---:|---:|---:|");
    for (corpus, parser, outcome) in &rows {
        let secs = outcome.best.as_secs_f64();
        println!(
            "| {} | {} | {} | {} | {:.1} | {:.0} |",
            corpus.name,
            corpus.classes.len(),
            parser,
            outcome.failures.len(),
            secs * 1e3,
            corpus.classes.len() as f64 / secs
        );
    }
    Ok(())
}
