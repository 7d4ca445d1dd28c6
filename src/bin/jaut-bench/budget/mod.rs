//! `jaut-bench budget`: jaut the way users run it, on a whole class or a
//! whole jar with a time budget, measured by JaCoCo at checkpoints.
//!
//! `jaut-bench real` covers one method per run; users point `jaut cover`
//! at a class or a jar and give it `--budget SECONDS`. For each entry
//! (`entries.rs`: whole classes of Debian's commons-codec, commons-text,
//! commons-lang3, commons-io and guava jars, and the whole commons-codec
//! and commons-text jars): `jaut cover JAR [--class C] [--classpath DEPS]
//! --out DIR/tests --format json --budget B --jobs J` (the `jaut` binary
//! beside this one; exit 0 and 1 are completed runs). While it runs, the
//! peak resident memory of jaut and its descendants (the JVM workers) is
//! sampled every 0.5 s (one entry's run and measurement: `measure.rs`),
//! and at each checkpoint (`checkpoints.rs`: 10, 30,
//! 60, 120 s, and 300, 600 s for jars, before the budget) the `.java`
//! files in DIR/tests are copied to `DIR/at-<secs>s/`; when the run ends
//! its files are the last checkpoint, labelled with the budget.
//!
//! Once jaut is done (so the measuring does not take its CPU), each
//! checkpoint's copy is compiled and run under the JaCoCo agent with
//! `real`'s machinery (`real::suite`), and JaCoCo's INSTRUCTION and BRANCH
//! counters are read over the whole class (with its nested classes) or
//! every class of the jar. Files that do not compile count as nothing
//! covered. Two checkpoints with the same files are measured once. jaut's
//! JSON adds the block targets' verdicts and, when it has one, its
//! timeline of blocks covered (`jaut_json.rs`).
//!
//! Output: `bench/BUDGET.md` (`report.rs`; not with `--only` unless
//! `--out`), and with `--json FILE` the same figures as JSON. The copies,
//! logs and reports stay in the work directory.

mod checkpoints;
mod entries;
mod jaut_json;
mod measure;
mod report;

use std::path::PathBuf;
use std::time::Instant;

use serde::Serialize;

use self::checkpoints::{CLASS_LADDER, JAR_LADDER};
use self::entries::{Entry, Kind, ENTRIES};
use self::jaut_json::{Outcome, Point};
use self::measure::measure_entry;
use crate::real::jacoco::{Counters, Jacoco};
use crate::real::{bad, context, Jdk, TestsResult};

/// The options of `jaut-bench budget`.
#[derive(Debug, Clone, clap::Args)]
pub struct Options {
    /// Only the entries whose label, class or jar contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Only the whole classes, or only the whole jars.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// jaut cover --budget of a whole class, seconds.
    #[arg(long, default_value_t = 120)]
    pub class_budget: u64,
    /// jaut cover --budget of a whole jar, seconds.
    #[arg(long, default_value_t = 600)]
    pub jar_budget: u64,
    /// Threads of each cover run (jaut cover --jobs).
    #[arg(long, default_value_t = 2)]
    pub jobs: usize,
    /// Where the Markdown report goes (default: bench/BUDGET.md, or
    /// nowhere with --only or --kind).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the figures as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Where the runs' tests, checkpoint copies, logs and JaCoCo reports go
    /// (emptied first; default: jaut-bench-budget under the temporary
    /// directory).
    #[arg(long)]
    pub work: Option<PathBuf>,
    /// Where the jars are.
    #[arg(long, default_value = "/usr/share/java")]
    pub libs: PathBuf,
    /// Wall-time limit of javac and of each test run, seconds; jaut is
    /// killed this long past its budget.
    #[arg(long, default_value_t = 600)]
    pub limit: u64,
    /// jaut cover --objects (how the tests make objects of program
    /// classes); jaut's default when not given.
    #[arg(long, value_name = "HOW")]
    pub objects: Option<String>,
    /// A class outside the benchmark, measured instead of its entries:
    /// `JAR:CLASS` (the jar's file name under --libs, the class in Java
    /// form), or `JAR` for a whole jar; repeatable. What a newcomer to the
    /// tuned entries tries before calling a change done.
    #[arg(long = "try", value_name = "JAR:CLASS")]
    pub tries: Vec<String>,
    /// Jars the --try entries need at run time (file names under --libs).
    #[arg(long = "try-deps", value_name = "JAR", value_delimiter = ',')]
    pub try_deps: Vec<String>,
}

/// The entries of `--try`: built at run time, so their names are leaked
/// into `'static` strings (a handful, for the process's life).
fn tried(o: &Options) -> anyhow::Result<Vec<Entry>> {
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    let deps: &'static [&'static str] = Box::leak(
        o.try_deps
            .iter()
            .map(|d| leak(d))
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    );
    o.tries
        .iter()
        .map(|t| {
            let (jar, class) = match t.split_once(':') {
                Some((jar, class)) if !class.is_empty() => (jar, Some(leak(class))),
                Some(_) => return Err(bad(format!("--try {t}: no class after the ':'"))),
                None => (t.as_str(), None),
            };
            Ok(Entry {
                jar: leak(jar),
                class,
                deps,
            })
        })
        .collect()
}

impl Options {
    fn budget(&self, kind: Kind) -> u64 {
        match kind {
            Kind::Class => self.class_budget,
            Kind::Jar => self.jar_budget,
        }
    }

    fn schedule(&self, kind: Kind) -> Vec<u64> {
        let ladder: &[u64] = match kind {
            Kind::Class => &CLASS_LADDER,
            Kind::Jar => &JAR_LADDER,
        };
        checkpoints::schedule(ladder, self.budget(kind))
    }
}

/// One checkpoint of an entry: the files at that time, measured.
#[derive(Debug, Clone, Serialize)]
pub struct CheckpointResult {
    /// Seconds into the run; the last is the budget and stands for the
    /// files the run left.
    pub seconds: u64,
    /// When the files were copied, seconds after jaut started (None: the
    /// run had ended by then, so these are the files it left).
    pub copied_at: Option<f64>,
    /// `.java` files copied.
    pub files: usize,
    /// These files are the same as at this earlier checkpoint, and its
    /// measurement is repeated here.
    pub same_as: Option<u64>,
    pub tests: TestsResult,
    /// JaCoCo's counters over the entry's classes (nothing covered when
    /// the files did not compile).
    pub jacoco: Counters,
    /// JaCoCo's report was made and read (false: `problem` says why not).
    pub measured: bool,
    /// Why there is no measurement, or it is of nothing.
    pub problem: Option<String>,
    /// jaut's timeline at this time (when its JSON has one).
    pub blocks: Option<Point>,
}

/// One entry's figures.
#[derive(Debug, Clone, Serialize)]
pub struct EntryResult {
    pub label: String,
    pub kind: Kind,
    pub jar: String,
    pub class: Option<String>,
    pub budget: u64,
    /// Classes measured (the class and its nested classes, or the jar's).
    pub classes: usize,
    /// jaut cover's exit status (None: killed at the time limit).
    pub jaut_exit: Option<i32>,
    /// Why jaut's run gave no figures.
    pub jaut_error: Option<String>,
    /// Wall time of `jaut cover`, seconds.
    pub jaut_seconds: f64,
    /// Peak resident memory of jaut and its descendants, MiB.
    pub peak_rss_mib: f64,
    /// What jaut's final JSON says.
    pub jaut: Option<Outcome>,
    pub checkpoints: Vec<CheckpointResult>,
    /// Wall time of compiling, running and measuring the checkpoints, seconds.
    pub measure_seconds: f64,
    pub notes: Vec<String>,
}

impl EntryResult {
    /// The checkpoint of the files the run left.
    pub fn last(&self) -> Option<&CheckpointResult> {
        self.checkpoints.last()
    }

    /// JaCoCo's instruction total over the entry's classes.
    pub fn instructions(&self) -> Option<u64> {
        self.checkpoints
            .iter()
            .find(|c| c.measured)
            .map(|c| c.jacoco.instructions)
    }
}

/// Everything a run produced, as the reports show it.
#[derive(Debug, Serialize)]
pub struct Run {
    pub command: String,
    pub date: String,
    pub machine: String,
    pub jdk: String,
    pub jobs: usize,
    pub class_budget: u64,
    pub jar_budget: u64,
    pub class_checkpoints: Vec<u64>,
    pub jar_checkpoints: Vec<u64>,
    pub wall_seconds: f64,
    pub work: PathBuf,
    pub entries: Vec<EntryResult>,
}

pub fn run(o: &Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let load_at_start = context::load_average();
    if o.class_budget == 0 || o.jar_budget == 0 {
        return Err(bad("a budget must be at least 1 s".into()));
    }
    let jaut = crate::real::jaut_binary()?;
    let jdk = Jdk::find()?;
    let tries = tried(o)?;
    let pool: &[Entry] = if tries.is_empty() { ENTRIES } else { &tries };
    let selected: Vec<&Entry> = pool
        .iter()
        .filter(|e| o.only.as_deref().is_none_or(|s| e.matches(s)))
        .filter(|e| o.kind.is_none_or(|k| e.kind() == k))
        .collect();
    if selected.is_empty() {
        return Err(bad(format!(
            "no entry matches --only {}{}",
            o.only.as_deref().unwrap_or("(any)"),
            o.kind
                .map(|k| format!(" --kind {}", report::kind_name(k)))
                .unwrap_or_default()
        )));
    }
    crate::real::check_jars(&o.libs, selected.iter().flat_map(|e| e.jars()))?;
    let work = crate::real::prepare_work(o.work.clone(), "budget")?;
    let tools = Jacoco::prepare(&work.join("jacoco"), &jdk, &o.libs)?;

    eprintln!(
        "jaut-bench budget: {} entries, jaut cover --budget {} (class) / {} (jar) --jobs {}; work in {}",
        selected.len(),
        o.class_budget,
        o.jar_budget,
        o.jobs,
        work.display()
    );
    let mut results = Vec::new();
    for (i, entry) in selected.iter().enumerate() {
        let dir = work.join(format!("{:02}-{}", i + 1, entry.slug()));
        std::fs::create_dir_all(&dir)?;
        let r = measure_entry(entry, &dir, &jaut, &jdk, &tools, o)?;
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
        jobs: o.jobs,
        class_budget: o.class_budget,
        jar_budget: o.jar_budget,
        class_checkpoints: o.schedule(Kind::Class),
        jar_checkpoints: o.schedule(Kind::Jar),
        wall_seconds: started.elapsed().as_secs_f64(),
        work: work.clone(),
        entries: results,
    };
    let markdown = report::markdown(&run);
    print!("{markdown}");
    let partial = o.only.is_some() || o.kind.is_some() || !o.tries.is_empty();
    let out = match (&o.out, partial) {
        (Some(p), _) => Some(p.clone()),
        (None, false) => Some(PathBuf::from("bench/BUDGET.md")),
        (None, true) => None,
    };
    if let Some(p) = out {
        std::fs::write(&p, &markdown)
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", p.display()))?;
        eprintln!("wrote {}", p.display());
    } else {
        eprintln!(
            "--only/--kind/--try: bench/BUDGET.md left as it is (give --out to write the report)"
        );
    }
    if let Some(p) = &o.json {
        std::fs::write(p, serde_json::to_string_pretty(&run)? + "\n")
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", p.display()))?;
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}
