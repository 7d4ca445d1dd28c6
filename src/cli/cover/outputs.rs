//! What `jaut cover` writes: the JUnit suite (checked as a build runs it,
//! issue 34), the Markdown and JSON reports and the `--html` page, each
//! file replaced atomically; and the refusal, before the run, to overwrite
//! what exists without `--force`.

use std::path::{Path, PathBuf};

use super::{user, CoverArgs, JSON_FILE, REPORT_FILE};
use crate::cli::target::UserError;
use jaut::cover;
use jaut::program::Program;

/// Refuses, before any search, to overwrite the reports, the `--html` page
/// or the test classes this run may write (unless --force): the run
/// writes them as it goes.
pub(super) fn refuse_overwrites(args: &CoverArgs, units: &[cover::Unit]) -> Result<(), UserError> {
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
    Ok(())
}

/// The checkpoints' writer: the test classes a checkpoint writes are
/// compiled first, on a thread of their own (a run killed later keeps
/// them: `junit::checkpoint`); with --no-check (`None`) they are written
/// as they are.
pub(super) fn keeper(
    args: &CoverArgs,
    roots: &[PathBuf],
) -> Option<jaut::junit::checkpoint::Keeper> {
    (!args.no_check).then(|| {
        let checkpoint = jaut::junit::checkpoint::Checkpoint::new(
            &args.out(),
            check_class_path(roots, args),
            std::env::temp_dir().join(format!("jaut-checkpoint-{}", std::process::id())),
        );
        jaut::junit::checkpoint::Keeper::start(checkpoint, |e| {
            eprintln!("jaut: warning: the tests are not written as the run goes: {e}");
        })
    })
}

/// The end of the run's tests: the checkpoints' writer done, then the
/// whole suite checked ([`check_suite`]), unless --no-check, the suite is
/// empty or a stop was requested.
pub(super) fn check_at_end(
    suite: &mut jaut::junit::TestSuite,
    keeper: Option<jaut::junit::checkpoint::Keeper>,
    roots: &[PathBuf],
    args: &CoverArgs,
) -> Result<Option<jaut::junit::check::SuiteCheck>, UserError> {
    // A stopped run keeps the tests its checkpoints checked and wrote:
    // checking the rest (javac and a JUnit run) would take seconds.
    let stopped = jaut::stop::requested();
    if let Some(keeper) = keeper {
        keeper.finish(false);
    }
    if args.no_check || suite.is_empty() || stopped {
        return Ok(None);
    }
    match check_suite(suite, roots, args) {
        Ok(check) => Ok(Some(check)),
        // Stopped while javac ran: as a stopped run.
        Err(None) => Ok(None),
        Err(Some(e)) => Err(e),
    }
}

/// The JUnit test each test of a report became, by class, method,
/// descriptor and target pc: `CoordJautTest.moveY_line30`.
pub(super) type TestNames = std::collections::BTreeMap<(String, String, String, u32), String>;

/// The tests the writer could not express so far, by warning text: each
/// is warned about once per run.
pub(super) type Unwritten = std::sync::Mutex<std::collections::BTreeSet<String>>;

/// The JUnit tests of a report's replayed states. A test the writer
/// cannot express is left out with a warning (the first time `unwritten`
/// meets it); it does not cost the others.
pub(super) fn suite_of(
    cp: &Program,
    report: &cover::Report,
    args: &CoverArgs,
    unwritten: &Unwritten,
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
        let target = cover::writable::junit_target(cp, unit, test);
        if let Err(e) = suite.add(cp, &target, &test.state, observation) {
            let warning = format!("no JUnit test for {} pc {}: {e}", unit.label(), test.target);
            let mut warned = unwritten.lock().unwrap_or_else(|p| p.into_inner());
            if warned.insert(warning.clone()) {
                eprintln!("jaut: warning: {warning}");
            }
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
    class_path.extend(crate::cli::classpath_entries(&args.classpath));
    class_path
}

/// The test classes `write_outputs` writes.
pub(super) enum Tests<'a> {
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
pub(super) fn write_outputs(
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
pub(super) fn write_html(
    cp: &Program,
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
pub(in crate::cli) fn write_atomically(path: &Path, text: &str) -> Result<(), UserError> {
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
