//! `jaut cover TARGET...`: the arguments and the command. The work is in
//! [`jaut::cover`]; this file turns arguments into a run, draws the
//! progress bar and writes the outputs.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use super::target::{load, load_target, nested_in, open, pick_class_name, TargetKind, UserError};
use super::{AimFormat, Bounds};
use jaut::classfile::Class;
use jaut::cover::{self, jacoco::Coverage, JvmReplayers};

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
    /// per class and a tenth of --budget. No first pass with --no-replay.
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

/// A class path, the classes to cover, their directories or jars, and
/// whether a TARGET was a jar or a directory (not one class).
type Selection = (
    jaut::classpath::ClassPath,
    Vec<Arc<Class>>,
    Vec<PathBuf>,
    bool,
);

/// The run's budget per class when a jar or directory is covered without
/// `--budget`: a whole jar is not left to run for hours.
pub const DEFAULT_CLASS_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);

/// `--budget`, or for a jar or a directory without it, [`DEFAULT_CLASS_BUDGET`]
/// per class (nested classes go with their outer class), said on stderr.
fn budget(
    args: &CoverArgs,
    units: &[cover::Unit],
    many: bool,
) -> Result<Option<std::time::Duration>, UserError> {
    if let Some(s) = args.budget {
        return super::seconds("--budget", s).map(Some);
    }
    if !many {
        return Ok(None);
    }
    let outer: std::collections::BTreeSet<&str> = units
        .iter()
        .map(|u| u.class.name.split('$').next().unwrap_or(&u.class.name))
        .collect();
    let budget = DEFAULT_CLASS_BUDGET * outer.len() as u32;
    eprintln!(
        "jaut: no --budget: {} s per class, {} {} = {} s (give --budget SECONDS to change it)",
        DEFAULT_CLASS_BUDGET.as_secs(),
        outer.len(),
        if outer.len() == 1 { "class" } else { "classes" },
        budget.as_secs()
    );
    Ok(Some(budget))
}

/// The classes the TARGETs and `--class` designate, one class path over
/// all of them, and the class directories or jars JaCoCo should analyse.
fn classes(args: &CoverArgs) -> Result<Selection, UserError> {
    let mut cp = None;
    // Every class the TARGETs hold, in TARGET order, once.
    let mut names: Vec<String> = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut roots: Vec<PathBuf> = Vec::new();
    let mut many = false;
    for (i, target) in args.targets.iter().enumerate() {
        let mut classpath: Vec<String> = args
            .targets
            .iter()
            .enumerate()
            .filter(|&(j, t)| j != i && Path::new(t).exists())
            .map(|(_, t)| t.clone())
            .collect();
        classpath.extend(args.classpath.iter().cloned());
        let opened = open(target, &classpath, &args.class)?;
        let mut held = opened.names.clone();
        match opened.kind {
            TargetKind::ClassName => {
                load_target(&opened.cp, target)?;
            }
            TargetKind::ClassFile => {
                if let Some(root) =
                    jaut::classpath::ClassPath::package_root(Path::new(target), &held[0])
                {
                    roots.push(root);
                }
            }
            TargetKind::Entries => {
                many = true;
                roots.push(PathBuf::from(target));
            }
        }
        if opened.kind != TargetKind::Entries {
            // One class: its nested classes are where it is found.
            let nested: Vec<String> = nested_in(&held[0], opened.cp.user_class_names())
                .cloned()
                .collect();
            held.extend(nested);
        }
        for n in held {
            if seen.insert(n.clone()) {
                names.push(n);
            }
        }
        cp.get_or_insert(opened.cp);
    }
    let cp = cp.ok_or_else(|| user("no TARGET given"))?;

    let chosen: Vec<String> = if args.class.is_empty() {
        names
    } else {
        let what = match args.targets.as_slice() {
            [one] => one.clone(),
            _ => "the TARGETs".to_string(),
        };
        let mut chosen: Vec<String> = Vec::new();
        for wanted in &args.class {
            let name = pick_class_name(wanted, &names, &what)?;
            let nested: Vec<String> = nested_in(&name, &names).cloned().collect();
            for n in std::iter::once(name).chain(nested) {
                if !chosen.contains(&n) {
                    chosen.push(n);
                }
            }
        }
        // In the order the TARGETs hold them, whatever the order of --class.
        names.into_iter().filter(|n| chosen.contains(n)).collect()
    };
    let classes = chosen
        .iter()
        .map(|n| load(&cp, n))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((cp, classes, roots, many))
}

/// The methods to cover: those of every `--method` (all when none is
/// given), in class order, then method order. A `--method` that matches
/// nothing is an error: it is a typo more often than not.
fn units(classes: &[Arc<Class>], methods: &[String]) -> Result<Vec<cover::Unit>, UserError> {
    let names = || {
        let names: Vec<String> = classes.iter().take(5).map(|c| c.java_name()).collect();
        let more = if classes.len() > 5 { ", ..." } else { "" };
        format!("{}{more}", names.join(", "))
    };
    if methods.is_empty() {
        let units = cover::units(classes, None);
        if units.is_empty() {
            return Err(user(format!("no method with code in {}", names())));
        }
        return Ok(units);
    }
    let mut units: Vec<cover::Unit> = Vec::new();
    for m in methods {
        let found = cover::units(classes, Some(m));
        if found.is_empty() {
            return Err(user(format!("no method {m} with code in {}", names())));
        }
        units.extend(found);
    }
    let position = |u: &cover::Unit| {
        let class = classes
            .iter()
            .position(|c| Arc::ptr_eq(c, &u.class))
            .unwrap_or(usize::MAX);
        (class, u.index)
    };
    units.sort_by_key(position);
    units.dedup_by_key(|u| position(u));
    Ok(units)
}

/// A warning, before the run, when the classes under test name classes
/// the class path lacks: their code cannot be searched and their tests
/// cannot run (`NoClassDefFoundError`). It names the jars beside the
/// TARGETs that hold them, to add with `--classpath`.
fn warn_missing(
    cp: &jaut::classpath::ClassPath,
    classes: &[Arc<jaut::classfile::Class>],
    targets: &[String],
) {
    use jaut::classpath::missing;
    let absent = missing::missing_classes(cp, classes.iter().map(|c| c.as_ref()));
    if absent.is_empty() {
        return;
    }
    let packages: std::collections::BTreeSet<&str> = absent
        .iter()
        .map(|c| c.rsplit_once('/').map_or("", |(p, _)| p))
        .collect();
    let shown: Vec<String> = packages
        .iter()
        .take(3)
        .map(|p| p.replace('/', "."))
        .collect();
    let more = packages.len().saturating_sub(shown.len());
    let mut line = format!(
        "jaut: warning: {} classes the code names are not on the class path (in {}{}): \
         calls into them end unknown and tests that reach them fail",
        absent.len(),
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more packages")
        } else {
            String::new()
        }
    );
    let dirs: Vec<PathBuf> = targets
        .iter()
        .map(Path::new)
        .filter(|t| t.is_file())
        .filter_map(|t| t.parent().map(Path::to_path_buf))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let jars = missing::jars_holding(&absent, &dirs);
    if !jars.is_empty() {
        let paths: Vec<String> = jars.iter().map(|(p, _)| p.display().to_string()).collect();
        let held: usize = jars.iter().map(|(_, n)| n).sum();
        line.push_str(&format!(
            "; {held} of them are in {}: add --classpath {}",
            paths.join(", "),
            paths.join(":")
        ));
    }
    eprintln!("{line}");
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
    // A shard's report lists every class of the selection, in the order
    // one run covers them: `jaut merge` puts the methods back in it.
    let shard = shard.map(|shard| {
        let mut classes: Vec<String> = Vec::new();
        for u in &units {
            let name = u.class.java_name();
            if !classes.contains(&name) {
                classes.push(name);
            }
        }
        units.retain(|u| shard.holds(&u.class.java_name()));
        cover::document::ShardEntry {
            index: shard.index,
            count: shard.count,
            classes,
        }
    });
    for file in [REPORT_FILE, JSON_FILE] {
        let report_path = args.reports().join(file);
        if report_path.exists() && !args.force {
            return Err(user(format!(
                "{} exists; use --force to overwrite it",
                report_path.display()
            )));
        }
    }
    if let Some(html) = &args.html {
        jaut::cfg::svg::check_dot().map_err(|e| user(format!("--html: {e}")))?;
        if html.exists() && !args.force {
            return Err(user(format!(
                "{} exists; use --force to overwrite it",
                html.display()
            )));
        }
    }
    for (option, dir) in [("--out", args.out()), ("--reports", args.reports())] {
        if dir.exists() && !dir.is_dir() {
            return Err(user(format!("{option} {}: not a directory", dir.display())));
        }
    }
    // The test classes this run may write must not exist yet (unless
    // --force): refused now, before any search, since the run writes them
    // as it goes.
    if !args.force && !args.no_replay {
        let classes: std::collections::BTreeSet<String> =
            units.iter().map(|u| u.class.java_name()).collect();
        for class in classes {
            let path = args.out().join(jaut::junit::test_file(&class));
            if path.exists() {
                return Err(user(jaut::junit::JunitError::Exists { path }));
            }
        }
    }

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

    let config = cover::Config {
        search: args.bounds.config()?,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        budget: budget(args, &units, many)?,
        first_slice: super::seconds("--first-slice", args.first_slice)?
            .max(std::time::Duration::from_millis(1)),
        first_pass: !args.no_first_pass,
    };
    let replayers: Option<JvmReplayers> = if args.no_replay {
        None
    } else {
        Some(harness(&roots, &args.classpath))
    };

    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} targets  {msg}")
                .expect("a valid template"),
        );
        bar
    });
    let mut on_progress = |p: &cover::Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total as u64);
            bar.set_message(progress_message(p));
            bar.set_position(p.done as u64);
        }
    };
    let times = !args.no_times;
    // The test classes a checkpoint writes are compiled first, on a thread
    // of their own (a run killed later keeps them: `junit::checkpoint`);
    // with --no-check they are written as they are.
    let keeper = (!args.no_check).then(|| {
        let checkpoint = jaut::junit::checkpoint::Checkpoint::new(
            &args.out(),
            check_class_path(&roots, args),
            std::env::temp_dir().join(format!("jaut-checkpoint-{}", std::process::id())),
        );
        jaut::junit::checkpoint::Keeper::start(checkpoint, |e| {
            eprintln!("jaut: warning: the tests are not written as the run goes: {e}");
        })
    });
    // The report as the checkpoint written on a stop request has it: what
    // is printed when the run must end before its attempts do.
    let stopped_text: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
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
                let suite = suite_of(&cp, partial, args);
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

    let mut suite = suite_of(&cp, &report, args);
    // A stopped run keeps the tests its checkpoints checked and wrote:
    // checking the rest (javac and a JUnit run) would take seconds.
    let stopped = jaut::stop::requested();
    if let Some(keeper) = keeper {
        keeper.finish(false);
    }
    let check = if args.no_check || suite.is_empty() || stopped {
        None
    } else {
        match check_suite(&mut suite, &roots, args) {
            Ok(check) => Some(check),
            // Stopped while javac ran: as a stopped run.
            Err(None) => None,
            Err(Some(e)) => return Err(e),
        }
    };
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

/// Coverage from `--jacoco` or `--tests`, and a description of where it
/// came from.
fn import(
    args: &CoverArgs,
    roots: &[PathBuf],
    work: &Path,
) -> Result<Option<(Coverage, String)>, UserError> {
    let source = match (&args.jacoco, &args.tests) {
        (None, None) => return Ok(None),
        (Some(file), _) => {
            if !file.is_file() {
                return Err(user(format!("--jacoco {}: no such file", file.display())));
            }
            (file.clone(), format!("JaCoCo report {}", file.display()))
        }
        (None, Some(dir)) => {
            std::fs::create_dir_all(work).map_err(|e| user(format!("{}: {e}", work.display())))?;
            let mut class_path = roots.to_vec();
            class_path.extend(super::classpath_entries(&args.classpath));
            // A project's own tests, not those jaut wrote there before:
            // those are the ones this run writes again.
            let skip_generated = args.tests_found;
            let run = match cover::jacoco::run_tests(dir, &class_path, work, skip_generated) {
                Ok(run) => run,
                Err(e) if args.tests_found => {
                    eprintln!("jaut: warning: the project's tests are left out: {e}");
                    return Ok(None);
                }
                Err(e) => return Err(user(e)),
            };
            if !run.passed {
                eprintln!(
                    "jaut: warning: some tests of {} failed ({}); their coverage counts all the same",
                    dir.display(),
                    run.summary
                );
            }
            (
                run.exec,
                format!("the tests in {} ({})", dir.display(), run.summary),
            )
        }
    };
    std::fs::create_dir_all(work).map_err(|e| user(format!("{}: {e}", work.display())))?;
    let coverage = Coverage::load(&source.0, roots, work).map_err(user)?;
    Ok(Some((coverage, source.1)))
}

/// The replay workers: the JVM harness over the TARGETs and the class path.
fn harness(roots: &[PathBuf], classpath: &[String]) -> JvmReplayers {
    let mut class_path = roots.to_vec();
    class_path.extend(super::classpath_entries(classpath));
    JvmReplayers { class_path }
}

/// The JUnit test each test of a report became, by class, method,
/// descriptor and target pc: `CoordJautTest.moveY_line30`.
type TestNames = std::collections::BTreeMap<(String, String, String, u32), String>;

/// The JUnit tests of a report's replayed states. A test the writer
/// cannot express is left out with a warning; it does not cost the others.
fn suite_of(
    cp: &jaut::classpath::ClassPath,
    report: &cover::Report,
    args: &CoverArgs,
) -> jaut::junit::TestSuite {
    let flavor = if args.junit4 {
        jaut::junit::Flavor::Junit4
    } else {
        jaut::junit::Flavor::Junit5
    };
    let mut suite = jaut::junit::TestSuite::new(flavor);
    for test in &report.tests {
        let Some(observation) = &test.observation else {
            continue;
        };
        let unit = &report.units[test.unit];
        let conditions =
            jaut::junit::conditions::key_conditions(cp, &unit.class, unit.method(), &test.path);
        let target = jaut::junit::Target::new(&unit.class, unit.method(), test.target)
            .with_conditions(conditions);
        if let Err(e) = suite.add(cp, &target, &test.state, observation) {
            eprintln!(
                "jaut: warning: no JUnit test for {} pc {}: {e}",
                unit.label(),
                test.target
            );
        }
    }
    suite
}

/// Compiles and runs the suite as a build would, taking out what does not
/// compile or fails ([`jaut::junit::check`]), and says so on stderr when
/// something was taken out or the suite could not run.
/// `Err(None)`: a stop was requested while javac ran.
fn check_suite(
    suite: &mut jaut::junit::TestSuite,
    roots: &[PathBuf],
    args: &CoverArgs,
) -> Result<jaut::junit::check::SuiteCheck, Option<UserError>> {
    let work = std::env::temp_dir().join(format!("jaut-check-{}", std::process::id()));
    let result = jaut::junit::check::check(suite, &check_class_path(roots, args), &work);
    let _ = std::fs::remove_dir_all(&work);
    let check = result.map_err(|e| match e {
        jaut::junit::check::CheckError::Stopped => None,
        e => Some(user(format!("checking the suite: {e}"))),
    })?;
    if !check.ran || !check.dropped_assertions.is_empty() || !check.removed_tests.is_empty() {
        eprintln!("jaut: {}", check.summary());
    }
    Ok(check)
}

/// The class path a test compiles and runs against: the TARGETs and
/// --classpath.
fn check_class_path(roots: &[PathBuf], args: &CoverArgs) -> Vec<PathBuf> {
    let mut class_path = roots.to_vec();
    class_path.extend(super::classpath_entries(&args.classpath));
    class_path
}

/// The test classes `write_outputs` writes.
enum Tests<'a> {
    /// The suite as the writer made it (a checkpoint with --no-check, or
    /// the end of such a run).
    Unchecked(&'a jaut::junit::TestSuite),
    /// None: those the checkpoints checked and wrote stay (`Keeper`).
    Kept,
    /// The checked suite at the end of the run, and its check.
    Checked(
        &'a jaut::junit::TestSuite,
        &'a jaut::junit::check::SuiteCheck,
    ),
}

/// The JUnit suite (with replay) and the Markdown and JSON reports, in
/// --out, each file replaced atomically (a temporary file and a rename), so
/// a run killed between two writes leaves whole files. Called as targets
/// settle and at the end (see [`Tests`]); existing files were refused
/// before the run.
fn write_outputs(
    report: &cover::Report,
    args: &CoverArgs,
    shard: Option<&cover::document::ShardEntry>,
    times: bool,
    tests: Tests<'_>,
) -> Result<(), UserError> {
    let out = args.out();
    let reports = args.reports();
    for (option, dir) in [("--out", &out), ("--reports", &reports)] {
        std::fs::create_dir_all(dir)
            .map_err(|e| user(format!("{option} {}: {e}", dir.display())))?;
    }
    let (suite, check) = match tests {
        Tests::Unchecked(suite) => (Some(suite), None),
        Tests::Kept => (None, None),
        Tests::Checked(suite, check) => (Some(suite), Some(check)),
    };
    // Checked before the run: the files are this run's to (re)write.
    if let Some(suite) = suite.filter(|s| !s.is_empty()) {
        suite.write(&out, true).map_err(user)?;
    }
    if let (Some(suite), Some(_)) = (suite, check) {
        remove_emptied_files(report, suite, &out);
    }
    let mut doc = report.document(times);
    doc.shard = shard.cloned();
    doc.suite_check = check.cloned();
    write_atomically(&reports.join(REPORT_FILE), &doc.markdown())?;
    write_atomically(&reports.join(JSON_FILE), &doc.to_json_text())?;
    Ok(())
}

/// Deletes the test file this run wrote as it went for a class whose
/// every test the check removed (a file without jaut's header is left
/// alone).
fn remove_emptied_files(report: &cover::Report, suite: &jaut::junit::TestSuite, out: &Path) {
    let kept: std::collections::BTreeSet<PathBuf> =
        suite.sources().into_iter().map(|(rel, _)| rel).collect();
    let classes: std::collections::BTreeSet<String> = report
        .tests
        .iter()
        .filter(|t| t.observation.is_some())
        .map(|t| report.units[t.unit].class.java_name())
        .collect();
    for class in classes {
        let rel = jaut::junit::test_file(&class);
        let path = out.join(&rel);
        let ours = std::fs::read_to_string(&path).is_ok_and(|t| t.starts_with(jaut::junit::HEADER));
        if !kept.contains(&rel) && ours {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// `--html FILE`: the report as one page, each method's CFG drawn by
/// Graphviz (a method whose drawing fails gets a note, and a warning).
fn write_html(
    cp: &jaut::classpath::ClassPath,
    doc: &cover::Document,
    names: &TestNames,
    file: &Path,
) -> Result<(), UserError> {
    let svgs: Vec<Option<String>> = doc
        .methods
        .iter()
        .map(|m| {
            let dot = cover::html::method_cfg_dot(cp, m)?;
            match jaut::cfg::svg::render(&dot) {
                Ok(svg) => Some(svg),
                Err(e) => {
                    eprintln!("jaut: warning: no CFG drawing for {}: {e}", m.label());
                    None
                }
            }
        })
        .collect();
    let test_name = |i: usize| {
        let t = doc.tests.get(i)?;
        names
            .get(&(
                t.class.clone(),
                t.method.clone(),
                t.descriptor.clone(),
                t.target,
            ))
            .cloned()
    };
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| user(format!("--html {}: {e}", dir.display())))?;
    }
    write_atomically(file, &cover::html::page(doc, &svgs, &test_name))
}

/// Writes `text` to `path` through a temporary file beside it and a
/// rename, so the file is never seen half written.
pub(super) fn write_atomically(path: &Path, text: &str) -> Result<(), UserError> {
    let name = path
        .file_name()
        .map_or_else(|| "report".into(), |n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(".{name}.jaut-{}.tmp", std::process::id()));
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            user(format!("{}: {e}", path.display()))
        })
}
