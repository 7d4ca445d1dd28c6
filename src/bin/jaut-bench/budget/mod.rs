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
//! sampled every 0.5 s, and at each checkpoint (`checkpoints.rs`: 10, 30,
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
mod report;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde::Serialize;

use self::checkpoints::{Fingerprint, CLASS_LADDER, JAR_LADDER};
use self::entries::{Entry, Kind, ENTRIES};
use self::jaut_json::{Outcome, Point};
use crate::real::jacoco::{self, Counters, Jacoco};
use crate::real::process::{run_watched, Finished, Limit};
use crate::real::suite::{self, Measure};
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

/// A checkpoint's copy of the files: where it is and what it holds.
struct Snapshot {
    seconds: u64,
    copied_at: Option<f64>,
    dir: PathBuf,
    fingerprint: Fingerprint,
}

/// What happens while jaut runs: memory samples and checkpoint copies.
struct Watch<'a> {
    tests: &'a Path,
    dir: &'a Path,
    /// Checkpoints taken while the run goes on (all but the last).
    timed: &'a [u64],
    copies: Vec<Snapshot>,
    peak_kib: u64,
    problems: Vec<String>,
}

impl Watch<'_> {
    fn tick(&mut self, pid: u32, elapsed: Duration) {
        self.peak_kib = self.peak_kib.max(crate::memory::family_rss_kib(pid));
        while let Some(&t) = self.timed.get(self.copies.len()) {
            if elapsed < Duration::from_secs(t) {
                break;
            }
            let at = Some(elapsed.as_secs_f64());
            if let Err(e) = self.copy(t, at) {
                self.problems
                    .push(format!("copying the files at {t} s: {e}"));
                break;
            }
        }
    }

    fn copy(&mut self, seconds: u64, copied_at: Option<f64>) -> anyhow::Result<()> {
        let dir = self.dir.join(format!("at-{seconds}s"));
        let fingerprint = checkpoints::snapshot(self.tests, &dir)?;
        self.copies.push(Snapshot {
            seconds,
            copied_at,
            dir,
            fingerprint,
        });
        Ok(())
    }
}

/// Runs jaut cover on one entry with its budget, copying the files at the
/// checkpoints, then measures every checkpoint.
fn measure_entry(
    entry: &Entry,
    dir: &Path,
    jaut: &Path,
    jdk: &Jdk,
    tools: &Jacoco,
    o: &Options,
) -> anyhow::Result<EntryResult> {
    let kind = entry.kind();
    let budget = o.budget(kind);
    let schedule = o.schedule(kind);
    let jar = o.libs.join(entry.jar);
    let deps: Vec<PathBuf> = entry.deps.iter().map(|d| o.libs.join(d)).collect();
    let tests_dir = dir.join("tests");
    let mut r = EntryResult {
        label: entry.label(),
        kind,
        jar: entry.jar.to_string(),
        class: entry.class.map(str::to_string),
        budget,
        classes: 0,
        jaut_exit: None,
        jaut_error: None,
        jaut_seconds: 0.0,
        peak_rss_mib: 0.0,
        jaut: None,
        checkpoints: Vec::new(),
        measure_seconds: 0.0,
        notes: Vec::new(),
    };

    // The classes measured, as JaCoCo will analyse them.
    let cut = dir.join("classes-under-test");
    let classes = jacoco::extract_classes(&jar, &cut, |c| entry.measures(c))?;
    if classes.is_empty() {
        return Err(bad(format!(
            "{}: no class {} in it",
            jar.display(),
            entry.class.unwrap_or("at all")
        )));
    }
    r.classes = classes.len();
    let includes = entry.includes(&classes);

    // 1. jaut cover, as a user runs it, watched.
    let cover = cover_command(entry, &jar, &deps, &tests_dir, budget, jaut, o);
    let timed = &schedule[..schedule.len() - 1];
    let mut watch = Watch {
        tests: &tests_dir,
        dir,
        timed,
        copies: Vec::new(),
        peak_kib: 0,
        problems: Vec::new(),
    };
    let limit = Limit(Duration::from_secs(budget + o.limit));
    let fin = run_watched(
        cover,
        &dir.join("jaut-cover"),
        limit,
        Duration::from_millis(500),
        |pid, elapsed| watch.tick(pid, elapsed),
    )?;
    // The checkpoints the run did not live to see, and its end: the files it left.
    for &t in &schedule[watch.copies.len()..] {
        watch.copy(t, None)?;
    }
    r.jaut_seconds = fin.elapsed.as_secs_f64();
    r.jaut_exit = fin.code();
    r.peak_rss_mib = watch.peak_kib as f64 / 1024.0;
    r.notes.append(&mut watch.problems);
    read_outcome(&mut r, &fin, o);

    // 2. Every checkpoint's files compiled, run and measured.
    let measuring = Instant::now();
    let mut classpath = vec![jar.clone()];
    classpath.extend(deps);
    let m = Measure {
        jdk,
        tools,
        libs: &o.libs,
        limit: Limit(Duration::from_secs(o.limit)),
    };
    let last = schedule.len() - 1;
    for (i, copy) in watch.copies.iter().enumerate() {
        let earlier = measured_before(&r.checkpoints, &watch.copies, copy);
        let mut c = match earlier {
            Some(done) => CheckpointResult {
                seconds: copy.seconds,
                same_as: Some(done.same_as.unwrap_or(done.seconds)),
                ..done
            },
            None => {
                let measure_dir = dir.join(format!("measure-{}s", copy.seconds));
                measure_copy(copy, &measure_dir, &classpath, &includes, &cut, &m)?
            }
        };
        c.copied_at = copy.copied_at;
        let outcome = r.jaut.as_ref();
        c.blocks = if i == last {
            outcome.and_then(Outcome::blocks_at_end)
        } else {
            outcome.and_then(|j| j.blocks_at(copy.seconds as f64))
        };
        r.checkpoints.push(c);
    }
    note_test_counts(&mut r);
    r.measure_seconds = measuring.elapsed().as_secs_f64();
    Ok(r)
}

/// The command line of jaut cover on `entry`, as a user runs it: its
/// tests written to `tests_dir`, the JSON report on stdout.
fn cover_command(
    entry: &Entry,
    jar: &Path,
    deps: &[PathBuf],
    tests_dir: &Path,
    budget: u64,
    jaut: &Path,
    o: &Options,
) -> Command {
    let mut cover = Command::new(jaut);
    cover.arg("cover").arg(jar);
    if let Some(c) = entry.class {
        cover.args(["--class", c]);
    }
    if !deps.is_empty() {
        let cp: Vec<String> = deps.iter().map(|d| d.display().to_string()).collect();
        cover.arg("--classpath").arg(cp.join(":"));
    }
    cover
        .arg("--out")
        .arg(tests_dir)
        .args(["--format", "json", "--budget"])
        .arg(budget.to_string())
        .arg("--jobs")
        .arg(o.jobs.to_string());
    if let Some(how) = &o.objects {
        cover.arg("--objects").arg(how);
    }
    cover
}

/// jaut's exit and JSON, or why there is none.
fn read_outcome(r: &mut EntryResult, fin: &Finished, o: &Options) {
    let outcome = match fin.code() {
        Some(0 | 1) => Outcome::parse(&fin.stdout_text())
            .map_err(|e| format!("its JSON could not be read: {e}")),
        Some(c) => Err(format!("exit {c}: {}", fin.stderr_head(2))),
        None if fin.timed_out() => Err(format!("killed {} s past its budget", o.limit)),
        None => Err(format!("ended by a signal: {}", fin.stderr_head(2))),
    };
    match outcome {
        Ok(j) => {
            if let Some(p) = &j.timeline_problem {
                r.notes.push(p.clone());
            }
            r.jaut = Some(j);
        }
        Err(e) => r.jaut_error = Some(e),
    }
}

/// The result of an earlier checkpoint whose files were the same as
/// `copy`'s (measured once).
fn measured_before(
    done: &[CheckpointResult],
    copies: &[Snapshot],
    copy: &Snapshot,
) -> Option<CheckpointResult> {
    done.iter()
        .zip(copies)
        .find(|(_, c)| c.fingerprint == copy.fingerprint)
        .map(|(done, _)| done.clone())
}

/// A note when jaut's JSON and the files it left disagree on the tests.
fn note_test_counts(r: &mut EntryResult) {
    if let (Some(j), Some(c)) = (&r.jaut, r.last()) {
        if c.tests.written != j.tests {
            r.notes.push(format!(
                "jaut's JSON has {} tests, the files it left {} @Test methods",
                j.tests, c.tests.written
            ));
        }
    }
}

/// Compiles and runs one checkpoint's copy under JaCoCo; its counters over
/// the classes in `cut`.
fn measure_copy(
    copy: &Snapshot,
    dir: &Path,
    classpath: &[PathBuf],
    includes: &str,
    cut: &Path,
    m: &Measure,
) -> anyhow::Result<CheckpointResult> {
    std::fs::create_dir_all(dir)?;
    let exec = dir.join("jacoco.exec");
    let tests = suite::compile_and_run(&copy.dir, dir, classpath, includes, &exec, m)?;
    let mut problem = if tests.files == 0 {
        Some("no tests yet".to_string())
    } else if !tests.compiled {
        Some("did not compile".to_string())
    } else {
        tests.run_problem.clone()
    };
    if !exec.is_file() {
        // Nothing ran: JaCoCo still gives the totals, all missed.
        std::fs::write(&exec, b"")?;
        if problem.is_none() {
            problem = Some("no execution data".into());
        }
    }
    let xml = dir.join("jacoco.xml");
    let (jacoco, measured) = match m
        .tools
        .xml_report(m.jdk, &exec, cut, &xml)
        .and_then(|()| jacoco::report_counters(&std::fs::read_to_string(&xml)?))
    {
        Ok(c) => (c, true),
        Err(e) => {
            problem = Some(format!("the measurement failed: {e}"));
            (Counters::default(), false)
        }
    };
    Ok(CheckpointResult {
        seconds: copy.seconds,
        copied_at: copy.copied_at,
        files: tests.files,
        same_as: None,
        tests,
        jacoco,
        measured,
        problem,
        blocks: None,
    })
}
