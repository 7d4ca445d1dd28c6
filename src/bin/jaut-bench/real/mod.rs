//! `jaut-bench real`: jaut on real code nobody on the team wrote, with the
//! coverage measured by JaCoCo on the tests jaut generates.
//!
//! The paper benchmark (`paper.rs`) runs on the JAUT paper's own examples,
//! which jaut was developed against; this one runs on methods of Debian's
//! commons-lang3, commons-collections4, guava and commons-io jars (the list
//! is in `entries.rs`), to show how jaut does on code it was not tuned
//! for. And it does not take jaut's word for its coverage: jaut's claim
//! (the pcs its replays executed) is reported beside what JaCoCo measures
//! when the written JUnit tests are compiled and run like a user would,
//! with tests that fail or do not compile counted and listed.
//!
//! For each entry: `jaut cover JAR --class C --method M --out DIR --format
//! json --no-times --timeout T` (the `jaut` binary next to this one, run as
//! a subprocess so the benchmark depends only on jaut's command line and
//! its JSON, `docs/cover-json.md`; exit 0 and 1 are both a completed run);
//! then javac on the `.java` files written to DIR (against the jar and
//! Debian's JUnit jars), the JUnit console launcher under the JaCoCo agent
//! (one JVM per entry, so each method's figures come from its own tests
//! only), and JaCoCo's XML report on the class, from which the INSTRUCTION
//! and BRANCH counters of exactly the entry's methods are read (one entry's
//! measurement: `measure.rs`).
//!
//! Output: a Markdown table per entry, per jar and overall (`bench/REAL.md`
//! by default, also printed), with the machine, the date and the command;
//! `--json FILE` writes the same figures as JSON. The generated tests,
//! logs and reports stay in the work directory for inspection.

pub(crate) mod collection_use;
pub(crate) mod context;
pub(crate) mod cover_json;
pub(crate) mod entries;
pub(crate) mod jacoco;
pub(crate) mod junit;
mod measure;
pub(crate) mod process;
mod report;
pub(crate) mod suite;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde::Serialize;

use self::entries::{Entry, ENTRIES};
use self::jacoco::{Counters, Jacoco};
use self::junit::Summary;
use self::measure::measure;

/// A problem with the environment or the options: one line, exit status 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

pub(crate) fn bad(msg: String) -> anyhow::Error {
    BadInput(msg).into()
}

/// The options of `jaut-bench real`.
#[derive(Debug, Clone, clap::Args)]
pub struct Options {
    /// Only the entries whose label, class or jar contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Search timeout per target, in seconds (jaut cover --timeout).
    #[arg(long, default_value_t = 5.0)]
    pub timeout: f64,
    /// Threads of each cover run (jaut cover --jobs; default: jaut's,
    /// the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Where the Markdown report goes (default: bench/REAL.md, or
    /// nowhere with --only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the figures as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Where the generated tests, logs and JaCoCo reports go (emptied
    /// first; default: jaut-bench-real under the temporary directory).
    #[arg(long)]
    pub work: Option<PathBuf>,
    /// Where the jars are.
    #[arg(long, default_value = "/usr/share/java")]
    pub libs: PathBuf,
    /// Wall-time limit of each child process (jaut cover, javac, a
    /// test run), in seconds.
    #[arg(long, default_value_t = 1200)]
    pub limit: u64,
}

/// The JDK the tests are compiled and run with.
pub struct Jdk {
    pub home: PathBuf,
}

impl Jdk {
    /// `JAVA_HOME`, else Debian's JDK 17.
    pub(crate) fn find() -> anyhow::Result<Jdk> {
        let home = std::env::var_os("JAVA_HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/lib/jvm/java-17-openjdk-amd64"));
        for tool in ["bin/java", "bin/javac"] {
            if !home.join(tool).is_file() {
                return Err(bad(format!(
                    "{} is missing: set JAVA_HOME to a JDK 17 (Debian's openjdk-17-jdk-headless)",
                    home.join(tool).display()
                )));
            }
        }
        Ok(Jdk { home })
    }

    /// `java`, tuned for short runs (C1 only: these JVMs live seconds).
    pub fn java(&self) -> Command {
        let mut c = Command::new(self.home.join("bin/java"));
        c.arg("-XX:TieredStopAtLevel=1");
        c
    }

    pub fn javac(&self) -> Command {
        let mut c = Command::new(self.home.join("bin/javac"));
        c.arg("-J-XX:TieredStopAtLevel=1");
        c
    }

    /// `JAVA_VERSION` from the JDK's `release` file.
    pub fn version(&self) -> String {
        std::fs::read_to_string(self.home.join("release"))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("JAVA_VERSION="))
                    .map(|v| v.trim_matches('"').to_string())
            })
            .unwrap_or_else(|| "unknown version".into())
    }
}

/// One method of an entry: jaut's claim and JaCoCo's measure.
#[derive(Debug, Clone, Serialize)]
pub struct MethodResult {
    pub name: String,
    pub descriptor: String,
    pub bytecodes: u64,
    pub targets: u64,
    pub reached: u64,
    pub unreachable: u64,
    pub unknown: u64,
    /// Instructions jaut's replays executed.
    pub instructions_claimed: u64,
    /// Branch outcomes (jaut's count, JaCoCo's way), and those jaut's
    /// replays took.
    pub branches: u64,
    pub branches_claimed: u64,
    /// jaut's new tests of this method.
    pub tests: u64,
    /// Those whose call ended in an exception (JaCoCo counts the
    /// instructions before the throw inside a block as missed).
    pub tests_threw: u64,
    /// JaCoCo's counters (None: JaCoCo does not list the method).
    pub jacoco: Option<Counters>,
}

/// Reasons of an entry's unknown targets that fall in one group.
#[derive(Debug, Clone, Serialize)]
pub struct ReasonResult {
    /// The reason without its location and numbers.
    pub group: String,
    /// Its leading words.
    pub kind: String,
    /// How many reasons of the entry's unknown targets are in this group.
    pub count: usize,
}

/// (group, kind) pairs counted, most frequent first.
fn count_reasons(reasons: impl Iterator<Item = (String, String)>) -> Vec<ReasonResult> {
    let mut counted: Vec<ReasonResult> = Vec::new();
    for (group, kind) in reasons {
        match counted.iter_mut().find(|r| r.group == group) {
            Some(r) => r.count += 1,
            None => counted.push(ReasonResult {
                group,
                kind,
                count: 1,
            }),
        }
    }
    counted.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.group.cmp(&b.group)));
    counted
}

/// What happened to the generated tests of an entry.
#[derive(Debug, Clone, Default, Serialize)]
pub struct TestsResult {
    /// `.java` files written.
    pub files: usize,
    /// `@Test` methods in them.
    pub written: usize,
    /// Tests in jaut's JSON (one per new input state).
    pub in_json: usize,
    /// javac accepted them (false also when there was nothing to compile).
    pub compiled: bool,
    pub compile_errors: Vec<String>,
    /// The launcher's summary (None: not run, or no summary printed).
    pub run: Option<Summary>,
    /// Why the run gave no summary.
    pub run_problem: Option<String>,
}

impl TestsResult {
    pub fn passed(&self) -> u64 {
        self.run.as_ref().map_or(0, |s| s.successful)
    }

    pub fn failed(&self) -> u64 {
        self.run.as_ref().map_or(0, |s| s.failed + s.aborted)
    }

    /// Written but never started (not compiled, or the run broke down).
    pub fn not_run(&self) -> u64 {
        let started = self.run.as_ref().map_or(0, |s| s.started);
        (self.written as u64).saturating_sub(started)
    }
}

/// One entry's figures.
#[derive(Debug, Clone, Serialize)]
pub struct EntryResult {
    pub label: String,
    pub jar: String,
    pub class: String,
    pub method: String,
    /// jaut cover's exit status (None: killed at the time limit).
    pub jaut_exit: Option<i32>,
    /// Why jaut's run gave no figures (it did not complete, or its JSON
    /// could not be read).
    pub jaut_error: Option<String>,
    /// Wall time of `jaut cover`, seconds.
    pub jaut_seconds: f64,
    /// Wall time of compiling, running and measuring the tests, seconds.
    pub measure_seconds: f64,
    pub methods: Vec<MethodResult>,
    /// Reasons of the unknown targets, by group, most frequent first.
    pub reasons: Vec<ReasonResult>,
    pub tests: TestsResult,
    /// JaCoCo's counters over the entry's methods.
    pub jacoco: Counters,
    /// jaut's count of the program-class objects in its tests, by how
    /// they are made.
    pub objects: cover_json::ObjectsJson,
    /// How the tests make the JDK collections they pass (issue 36).
    pub collections: collection_use::CollectionUse,
    /// Anything odd: methods JaCoCo and jaut disagree on, no execution data.
    pub notes: Vec<String>,
}

/// Everything a run produced, as the reports show it.
#[derive(Debug, Serialize)]
pub struct Run {
    pub command: String,
    pub date: String,
    pub machine: String,
    pub jdk: String,
    pub timeout: f64,
    pub jobs: Option<usize>,
    pub wall_seconds: f64,
    pub work: PathBuf,
    pub entries: Vec<EntryResult>,
}

pub fn run(o: &Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let load_at_start = context::load_average();
    let jaut = jaut_binary()?;
    let jdk = Jdk::find()?;
    let selected: Vec<&Entry> = ENTRIES
        .iter()
        .filter(|e| {
            o.only
                .as_deref()
                .is_none_or(|s| e.label().contains(s) || e.class.contains(s) || e.jar.contains(s))
        })
        .collect();
    if selected.is_empty() {
        return Err(bad(format!(
            "no entry matches --only {}",
            o.only.as_deref().unwrap_or("")
        )));
    }
    check_jars(&o.libs, selected.iter().map(|e| e.jar))?;
    let work = prepare_work(o.work.clone(), "real")?;
    let tools = Jacoco::prepare(&work.join("jacoco"), &jdk, &o.libs)?;

    eprintln!(
        "jaut-bench real: {} entries, jaut cover --timeout {}{}; work in {}",
        selected.len(),
        o.timeout,
        o.jobs.map(|j| format!(" --jobs {j}")).unwrap_or_default(),
        work.display()
    );
    let mut results = Vec::new();
    for (i, entry) in selected.iter().enumerate() {
        let dir = work.join(format!("{:02}-{}", i + 1, entry.slug()));
        std::fs::create_dir_all(&dir)?;
        let r = measure(entry, &dir, &jaut, &jdk, &tools, o)?;
        eprintln!(
            "[{}/{}] {}",
            i + 1,
            selected.len(),
            report::progress_line(&r)
        );
        results.push(r);
    }

    let run = Run {
        command: context::command_line(),
        date: context::date(),
        machine: context::machine(&load_at_start),
        jdk: format!("OpenJDK {} ({})", jdk.version(), jdk.home.display()),
        timeout: o.timeout,
        jobs: o.jobs,
        wall_seconds: started.elapsed().as_secs_f64(),
        work: work.clone(),
        entries: results,
    };
    let markdown = report::markdown(&run);
    print!("{markdown}");
    let out = match (&o.out, &o.only) {
        (Some(p), _) => Some(p.clone()),
        (None, None) => Some(PathBuf::from("bench/REAL.md")),
        (None, Some(_)) => None,
    };
    if let Some(p) = out {
        std::fs::write(&p, &markdown)
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", p.display()))?;
        eprintln!("wrote {}", p.display());
    } else {
        eprintln!("--only: bench/REAL.md left as it is (give --out to write the report)");
    }
    if let Some(p) = &o.json {
        std::fs::write(p, serde_json::to_string_pretty(&run)? + "\n")
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", p.display()))?;
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}

/// The `jaut` binary beside this one, as a user runs it.
pub(crate) fn jaut_binary() -> anyhow::Result<PathBuf> {
    let jaut = std::env::current_exe()?.with_file_name("jaut");
    if !jaut.is_file() {
        return Err(bad(format!(
            "{} is missing: build it beside jaut-bench (cargo build --release --bin jaut --bin jaut-bench)",
            jaut.display()
        )));
    }
    Ok(jaut)
}

/// Every jar the selected entries (`entry_jars`) and the measurement need,
/// or a one-line error naming the first missing one and its Debian package.
pub(crate) fn check_jars<'a>(
    libs: &Path,
    entry_jars: impl IntoIterator<Item = &'a str>,
) -> anyhow::Result<()> {
    let mut jars: Vec<&str> = entry_jars.into_iter().collect();
    jars.extend(junit::COMPILE_JARS);
    jars.push(junit::CONSOLE_JAR);
    jars.extend(jacoco::REPORT_JARS);
    jars.push(jacoco::AGENT_CONTAINER);
    for jar in jars {
        let path = libs.join(jar);
        if !path.is_file() {
            return Err(bad(format!(
                "{} is missing: install Debian's {} (bash scripts/setup.sh)",
                path.display(),
                entries::debian_package(jar)
            )));
        }
    }
    Ok(())
}

/// The work directory of `jaut-bench BENCH`, emptied: the given one (only
/// if it is empty or a previous run's of that benchmark, marked by a file
/// `.jaut-bench-BENCH`), or `jaut-bench-BENCH` under the system's
/// temporary directory.
pub(crate) fn prepare_work(given: Option<PathBuf>, bench: &str) -> anyhow::Result<PathBuf> {
    let marker = format!(".jaut-bench-{bench}");
    let dir = given.unwrap_or_else(|| std::env::temp_dir().join(format!("jaut-bench-{bench}")));
    if dir.exists() {
        let empty = std::fs::read_dir(&dir)?.next().is_none();
        if !empty && !dir.join(&marker).is_file() {
            return Err(bad(format!(
                "{} is not empty and not a previous run's work directory: give another --work",
                dir.display()
            )));
        }
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(&marker), format!("jaut-bench {bench}\n"))?;
    Ok(dir.canonicalize()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_counted_by_group_most_frequent_first() {
        let pairs = [("b", "k"), ("a", "k"), ("b", "k"), ("c", "j")];
        let counted = count_reasons(pairs.iter().map(|(g, k)| (g.to_string(), k.to_string())));
        let got: Vec<(&str, usize)> = counted
            .iter()
            .map(|r| (r.group.as_str(), r.count))
            .collect();
        assert_eq!(got, [("b", 2), ("a", 1), ("c", 1)]);
    }
}
