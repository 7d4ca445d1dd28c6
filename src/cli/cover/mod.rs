//! `jaut cover TARGET...`: the arguments and the command. The work is in
//! [`jaut::cover`]; this file turns arguments into a run and draws the
//! progress bar. What the run covers is chosen in `select.rs`, the coverage
//! it starts from is imported in `import.rs`, and `outputs.rs` writes the
//! tests and reports.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};

use clap::Args;

use super::target::UserError;
use super::{AimFormat, Bounds};
use jaut::cover::{self, JvmReplayers};

mod import;
mod outputs;
mod select;

use import::import;
pub(super) use outputs::write_atomically;
use outputs::{refuse_overwrites, suite_of, write_html, write_outputs, Tests};
use select::{budget, classes, units, warn_missing};

/// Name of the Markdown report written beside the tests.
pub const REPORT_FILE: &str = "jaut-cover.md";

/// Name of the JSON report written beside the tests (what `jaut merge`
/// reads).
pub const JSON_FILE: &str = "jaut-cover.json";

#[derive(Debug, Clone, Args)]
pub struct CoverArgs {
    /// .class files, directories of classes (class-path roots, not package
    /// directories), jars, or class names found on the class path: every
    /// method with code in them is covered (narrow with --class and
    /// --method). A class file or class name brings its nested and
    /// anonymous classes along (Outer$Inner, Outer$1). A Maven or Gradle
    /// project directory (built) stands for its compiled classes, with its
    /// dependencies on the class path, its tests' coverage imported and
    /// the new tests written to its src/test/java.
    #[arg(value_name = "TARGET", required = true)]
    pub targets: Vec<String>,

    /// More places to find classes, separated by ':' (may be repeated).
    #[arg(
        long = "classpath",
        short = 'c',
        visible_alias = "cp",
        value_name = "PATHS"
    )]
    pub classpath: Vec<String>,

    /// Only this class of the TARGETs, with its nested and anonymous
    /// classes (Foo$Inner, Foo$1): com.example.Foo, com/example/Foo, or a
    /// simple name unique in the TARGETs. A nested class alone: its binary
    /// name (com.example.Foo$Inner, Foo$Inner) or its simple name (Inner)
    /// if unique. May be repeated: the classes named and theirs.
    #[arg(long, value_name = "CLASS")]
    pub class: Vec<String>,

    /// Only the methods with this name (or name(descriptor)). May be
    /// repeated: the methods of any of the names.
    #[arg(long, short = 'm', value_name = "NAME[DESCRIPTOR]")]
    pub method: Vec<String>,

    /// Coverage of existing tests, from JaCoCo: its XML report or a .exec
    /// file (analysed against the TARGETs' classes). Only targets on lines
    /// left uncovered or partly covered are attempted.
    #[arg(long, value_name = "FILE")]
    pub jacoco: Option<PathBuf>,

    /// An existing JUnit 4/5 suite (.java sources or compiled classes) to
    /// run under the JaCoCo agent first; its coverage is imported as with
    /// --jacoco.
    #[arg(long, value_name = "DIR", conflicts_with = "jacoco")]
    pub tests: Option<PathBuf>,

    /// Where to write the new JUnit tests, in their package directories
    /// (default: jaut-tests, or a project's src/test/java).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Where to write the reports, jaut-cover.md and jaut-cover.json
    /// (default: --out, or a project's target/jaut or build/jaut).
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,

    /// The --tests suite came from a project, not from the user: one that
    /// cannot run is left out with a warning.
    #[arg(skip)]
    pub tests_found: bool,

    /// Overwrite files already in --out.
    #[arg(long)]
    pub force: bool,

    /// Write the tests for JUnit 4 (default: JUnit 5).
    #[arg(long)]
    pub junit4: bool,

    /// Output format of the summary on stdout: a table per method, or one
    /// JSON object (schema in docs/cover-json.md).
    #[arg(long, value_enum, default_value_t)]
    pub format: AimFormat,

    /// Targets attempted at once, each on its own thread with its own
    /// solver and replay worker (default: the number of cores). The results
    /// and files do not depend on it.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Do not run the tests in the JVM: coverage is then the search's claim
    /// (the blocks on each path found) and no JUnit suite is written.
    #[arg(long)]
    pub no_replay: bool,

    /// Write the suite without compiling and running it first (by default
    /// jaut compiles it with javac and runs it once with JUnit and `-ea`,
    /// dropping assertions that do not compile or fail, and tests that
    /// still fail).
    #[arg(long)]
    pub no_check: bool,

    /// Leave times out of every output, so runs compare byte for byte.
    #[arg(long)]
    pub no_times: bool,

    /// Also write the report as one self-contained HTML page: the tables,
    /// every target's verdict with its test or reason, and each method's
    /// CFG drawn by Graphviz `dot` with its blocks coloured by verdict.
    /// Written at the end of the run.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// Cover only shard K of N: the classes whose shard (a stable hash of
    /// the class name, the same on every machine) is K. Run K = 1..N, on N
    /// machines if need be, each into its own --out, then `jaut merge`
    /// their directories.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// Wall time for the whole run, in seconds: past it no new target is
    /// attempted, the ones in progress finish, and the rest are reported
    /// unknown (run budget). The tests and the report are written as usual.
    /// Targets are attempted in rounds of growing time slices (0.25 s, 1 s,
    /// 4 s, ... up to --timeout), the methods with the cheapest next target
    /// first, so what is cheap is
    /// covered first under any budget. Default for a jar or a directory:
    /// 60 s per class; none for a class.
    #[arg(long, value_name = "SECONDS")]
    pub budget: Option<f64>,

    /// The first round's time slice per target, in seconds: each later
    /// round gives the targets still open four times more, up to
    /// --timeout. Equal to --timeout: one round, each target attempted
    /// once with the whole timeout.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.25)]
    pub first_slice: f64,

    /// Do not run the first pass: by default, before any search, every
    /// method is run in the JVM from a few simple inputs (defaults, its
    /// constants, a receiver as its constructor makes it), and each run
    /// that covers something new is kept as a test. It takes at most 5 s
    /// per class and half of --budget. No first pass with --no-replay.
    #[arg(long)]
    pub no_first_pass: bool,

    #[command(flatten)]
    pub bounds: Bounds,
}

impl CoverArgs {
    /// Where the tests go.
    pub fn out(&self) -> PathBuf {
        self.out
            .clone()
            .unwrap_or_else(|| PathBuf::from("jaut-tests"))
    }

    /// Where the reports go.
    pub fn reports(&self) -> PathBuf {
        self.reports.clone().unwrap_or_else(|| self.out())
    }

    /// These arguments with a project directory TARGET replaced by what it
    /// holds ([`super::project`]); `None` when the TARGET is no project.
    fn of_project(&self) -> Result<Option<CoverArgs>, UserError> {
        let [target] = self.targets.as_slice() else {
            return Ok(None);
        };
        let Some(p) = super::project::detect(Path::new(target))? else {
            return Ok(None);
        };
        eprintln!("{}", p.describe());
        let mut args = self.clone();
        args.targets = vec![p.classes.display().to_string()];
        args.classpath
            .extend(p.dependencies.iter().map(|d| d.display().to_string()));
        if args.tests.is_none() && args.jacoco.is_none() {
            args.tests_found = p.tests.is_some();
            args.tests = p.tests;
        }
        args.out = args.out.or(Some(p.test_sources));
        args.reports = args.reports.or(Some(p.reports));
        Ok(Some(args))
    }
}

fn user(e: impl std::fmt::Display) -> UserError {
    UserError(e.to_string())
}

/// `jaut cover`.
pub fn cover(args: &CoverArgs) -> Result<(String, super::ExitStatus), UserError> {
    let project = args.of_project()?;
    let args = project.as_ref().unwrap_or(args);
    let shard: Option<cover::Shard> = args
        .shard
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(user)?;
    let load = std::time::Instant::now();
    let (cp, classes, roots, many) = classes(args)?;
    let load = load.elapsed();
    warn_missing(&cp, &classes, &args.targets);
    let mut units = units(&classes, &args.method)?;
    let shard = shard.map(|shard| select::shard_entry(shard, &mut units));
    refuse_overwrites(args, &units)?;

    // Imported coverage.
    let work = std::env::temp_dir().join(format!("jaut-cover-{}", std::process::id()));
    let imported = import(args, &roots, &work);
    let _ = std::fs::remove_dir_all(&work);
    let (coverage, imported_from) = match imported? {
        Some((c, from)) => (Some(c), Some(from)),
        None => (None, None),
    };
    let before = coverage
        .as_ref()
        .map(|c| move |u: &cover::Unit, t: &cover::Target| c.covers(u, t));

    let config = run_config(args, &units, many)?;
    let replayers: Option<JvmReplayers> = if args.no_replay {
        None
    } else {
        Some(harness(&roots, &args.classpath))
    };

    let bar = progress_bar();
    let mut on_progress = |p: &cover::Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total as u64);
            bar.set_message(progress_message(p));
            bar.set_position(p.done as u64);
        }
    };
    let times = !args.no_times;
    let keeper = outputs::keeper(args, &roots);
    // The report as the checkpoint written on a stop request has it: what
    // is printed when the run must end before its attempts do.
    let stopped_text: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
    // The tests the writer could not express, each warned about once
    // (the files are written again at every checkpoint).
    let unwritten = outputs::Unwritten::default();
    let run = || {
        cover::run(
            &cp,
            units,
            before
                .as_ref()
                .map(|f| f as &dyn Fn(&cover::Unit, &cover::Target) -> bool),
            &config,
            replayers.as_ref(),
            &mut on_progress,
            &mut |partial| {
                // A run killed later still leaves what it settled so far.
                let suite = suite_of(&cp, partial, args, &unwritten);
                let tests = match &keeper {
                    Some(keeper) => {
                        keeper.offer(suite);
                        Tests::Kept
                    }
                    None => Tests::Unchecked(&suite),
                };
                let written = write_outputs(partial, args, shard.as_ref(), times, tests);
                if let Err(e) = written {
                    eprintln!("jaut: warning: {e}");
                }
                if jaut::stop::requested() {
                    let doc = partial.document(times);
                    let text = match args.format {
                        AimFormat::Text => doc.text(),
                        AimFormat::Json => doc.to_json_text(),
                    };
                    *stopped_text.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
                }
            },
        )
    };
    // The scope joins its threads as it ends: a run stuck past a stop is
    // ended inside it.
    let started = std::time::Instant::now();
    let deadline = config
        .budget
        .map(|b| started + b + super::watchdog::OVERRUN_GRACE);
    let run =
        std::thread::scope(
            |scope| match super::watchdog::until_stopped(scope, deadline, run) {
                super::watchdog::Watched::Done(report) => report,
                super::watchdog::Watched::Stuck(_) => {
                    eprintln!(
                "jaut: stopped; attempts still under way were left, {} holds what was settled",
                args.reports().display()
            );
                    let text = stopped_text
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .take();
                    super::exit_now(Ok((text.unwrap_or_default(), super::ExitStatus::Unknown)))
                }
            },
        );
    let mut report = run.map_err(user)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    report.imported = imported_from;
    report.timing.parse += load;

    let mut suite = suite_of(&cp, &report, args, &unwritten);
    let check = outputs::check_at_end(&mut suite, keeper, &roots, args)?;
    let tests = match &check {
        Some(check) => Tests::Checked(&suite, check),
        None if args.no_check => Tests::Unchecked(&suite),
        None => Tests::Kept,
    };
    write_outputs(&report, args, shard.as_ref(), times, tests)?;
    let names = suite.names();
    let mut doc = report.document(times);
    doc.shard = shard;
    doc.suite_check = check;
    if let Some(html) = &args.html {
        write_html(&cp, &doc, &names, html)?;
    }
    let text = match args.format {
        AimFormat::Text => doc.text(),
        AimFormat::Json => doc.to_json_text(),
    };
    let status = if doc.has_unknown() {
        super::ExitStatus::Unknown
    } else {
        super::ExitStatus::Success
    };
    Ok((text, status))
}

/// The search's bounds, the worker threads, the budget and the first pass,
/// as the arguments set them.
fn run_config(
    args: &CoverArgs,
    units: &[cover::Unit],
    many: bool,
) -> Result<cover::Config, UserError> {
    Ok(cover::Config {
        search: args.bounds.config()?,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        budget: budget(args, units, many)?,
        first_slice: super::seconds("--first-slice", args.first_slice)?
            .max(std::time::Duration::from_millis(1)),
        first_pass: !args.no_first_pass,
    })
}

/// The progress bar, when stderr is a terminal.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} targets  {msg}")
                .expect("a valid template"),
        );
        bar
    })
}

/// The progress line's words: blocks covered, targets reached and
/// unknown, and the time spent and left of the budget.
fn progress_message(p: &cover::Progress) -> String {
    let time = match p.budget {
        Some(b) => format!(
            "{}s, {}s left",
            p.elapsed.as_secs(),
            b.saturating_sub(p.elapsed).as_secs()
        ),
        None => format!("{}s", p.elapsed.as_secs()),
    };
    format!(
        "{}/{} blocks covered, {} reached, {} unknown  {time}",
        p.blocks_covered, p.blocks, p.reached, p.unknown
    )
}

/// The replay workers: the JVM harness over the TARGETs and the class path.
fn harness(roots: &[PathBuf], classpath: &[String]) -> JvmReplayers {
    let mut class_path = roots.to_vec();
    class_path.extend(super::classpath_entries(classpath));
    JvmReplayers { class_path }
}
