//! One entry of `jaut-bench budget`, measured: jaut cover run with its
//! budget and watched (memory, the files copied at each checkpoint), then
//! every checkpoint's copy compiled, run and measured under JaCoCo.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::checkpoints::{self, Fingerprint};
use super::entries::Entry;
use super::jaut_json::Outcome;
use super::{CheckpointResult, EntryResult, Options};
use crate::real::jacoco::{self, Counters, Jacoco};
use crate::real::process::{run_watched, Finished, Limit};
use crate::real::suite::{self, Measure};
use crate::real::{bad, Jdk};

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
pub(super) fn measure_entry(
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
