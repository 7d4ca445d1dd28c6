//! One entry of `jaut-bench real`, measured: jaut cover run on it as a
//! user runs it, the tests it wrote compiled and run under JaCoCo, and
//! JaCoCo's counters of exactly the entry's methods.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::collection_use::CollectionUse;
use super::cover_json::CoverJson;
use super::entries::Entry;
use super::jacoco::{self, Counters, Jacoco};
use super::process::{run_logged, Limit};
use super::suite::{self, Measure};
use super::{count_reasons, EntryResult, Jdk, MethodResult, Options, TestsResult};

/// One entry's measurement: where it runs and with what.
struct EntryRun<'a> {
    entry: &'a Entry,
    /// The entry's work directory.
    dir: &'a Path,
    /// The jar the entry's class is in.
    jar: PathBuf,
    /// Where jaut writes its tests.
    tests_dir: PathBuf,
    limit: Limit,
    jaut: &'a Path,
    jdk: &'a Jdk,
    tools: &'a Jacoco,
    o: &'a Options,
}

/// Runs jaut cover on one entry and measures its tests.
pub(super) fn measure(
    entry: &Entry,
    dir: &Path,
    jaut: &Path,
    jdk: &Jdk,
    tools: &Jacoco,
    o: &Options,
) -> anyhow::Result<EntryResult> {
    let run = EntryRun {
        entry,
        dir,
        jar: o.libs.join(entry.jar),
        tests_dir: dir.join("tests"),
        limit: Limit(Duration::from_secs(o.limit)),
        jaut,
        jdk,
        tools,
        o,
    };
    let mut r = EntryResult {
        label: entry.label(),
        jar: entry.jar.to_string(),
        class: entry.class.to_string(),
        method: entry.method.to_string(),
        jaut_exit: None,
        jaut_error: None,
        jaut_seconds: 0.0,
        measure_seconds: 0.0,
        methods: Vec::new(),
        reasons: Vec::new(),
        tests: TestsResult::default(),
        jacoco: Counters::default(),
        objects: Default::default(),
        collections: Default::default(),
        notes: Vec::new(),
    };

    // 1. jaut cover, as a user runs it.
    let json = run.cover(&mut r)?;
    if let Some(j) = &json {
        run.record_cover(&mut r, j);
    }

    // 2. The tests it wrote, compiled and run under JaCoCo.
    let measuring = Instant::now();
    let exec = run.tests(&mut r, json.is_some())?;
    let descriptors = r.methods.iter().map(|m| m.descriptor.as_str());
    r.collections = CollectionUse::of_tests(&run.tests_dir, descriptors)?;

    // 3. JaCoCo's counters of exactly the entry's methods.
    run.counters(&mut r, &exec, json.is_some())?;
    r.measure_seconds = measuring.elapsed().as_secs_f64();
    Ok(r)
}

impl EntryRun<'_> {
    /// Runs jaut cover: its JSON, or `None` (with why in `r`) when it
    /// failed.
    fn cover(&self, r: &mut EntryResult) -> anyhow::Result<Option<CoverJson>> {
        let mut cover = Command::new(self.jaut);
        cover
            .arg("cover")
            .arg(&self.jar)
            .args(["--class", self.entry.class]);
        if !self.entry.is_whole_class() {
            cover.args(["--method", self.entry.method]);
        }
        cover
            .arg("--out")
            .arg(&self.tests_dir)
            .args(["--format", "json", "--no-times", "--timeout"])
            .arg(self.o.timeout.to_string());
        if let Some(j) = self.o.jobs {
            cover.arg("--jobs").arg(j.to_string());
        }
        let fin = run_logged(cover, &self.dir.join("jaut-cover"), self.limit)?;
        r.jaut_seconds = fin.elapsed.as_secs_f64();
        r.jaut_exit = fin.code();
        let json = match fin.code() {
            Some(0 | 1) => CoverJson::parse(&fin.stdout_text())
                .map_err(|e| format!("its JSON could not be read: {e}")),
            Some(c) => Err(format!("exit {c}: {}", fin.stderr_head(2))),
            None if fin.timed_out() => Err(format!("killed after {} s", self.o.limit)),
            None => Err(format!("ended by a signal: {}", fin.stderr_head(2))),
        };
        let json = match json {
            Ok(j) => Some(j),
            Err(e) => {
                r.jaut_error = Some(e);
                None
            }
        };
        Ok(json)
    }

    /// What jaut's JSON says of the entry's methods and tests.
    fn record_cover(&self, r: &mut EntryResult, j: &CoverJson) {
        r.reasons = count_reasons(j.unknown_reasons().map(|x| (x.group(), x.kind())));
        r.methods = j
            .methods
            .iter()
            .map(|m| MethodResult {
                name: m.method.clone(),
                descriptor: m.descriptor.clone(),
                bytecodes: m.bytecodes,
                targets: m.targets,
                reached: m.covered_after,
                unreachable: m.unreachable,
                unknown: m.unknown,
                instructions_claimed: m.instructions_covered,
                branches: m.branches.total,
                branches_claimed: m.branches.covered_after,
                tests: j
                    .tests
                    .iter()
                    .filter(|t| t.method == m.method && t.descriptor == m.descriptor)
                    .count() as u64,
                tests_threw: j.threw(&m.method, &m.descriptor),
                jacoco: None,
            })
            .collect();
        r.tests.in_json = j.tests.len();
        r.objects = j.objects;
        if let Some(m) = j.methods.iter().find(|m| m.class != self.entry.class) {
            r.notes
                .push(format!("jaut covered a method of {}", m.class));
        }
    }

    /// Compiles and runs the tests jaut wrote under JaCoCo; the execution
    /// data's file (empty when no test ran).
    fn tests(&self, r: &mut EntryResult, has_json: bool) -> anyhow::Result<PathBuf> {
        let exec = self.dir.join("jacoco.exec");
        let m = Measure {
            jdk: self.jdk,
            tools: self.tools,
            libs: &self.o.libs,
            limit: self.limit,
        };
        let tests = suite::compile_and_run(
            &self.tests_dir,
            self.dir,
            std::slice::from_ref(&self.jar),
            self.entry.class,
            &exec,
            &m,
        )?;
        r.tests = TestsResult {
            in_json: r.tests.in_json,
            ..tests
        };
        if has_json && r.tests.written != r.tests.in_json {
            r.notes.push(format!(
                "jaut's JSON has {} tests, the files {} @Test methods",
                r.tests.in_json, r.tests.written
            ));
        }
        if !exec.is_file() {
            // No test ran (or the JVM was killed): JaCoCo still gives the
            // totals, all missed.
            std::fs::write(&exec, b"")?;
            if r.tests.compiled {
                r.notes
                    .push("no execution data: counted as nothing covered".into());
            }
        }
        Ok(exec)
    }

    /// JaCoCo's counters of exactly the entry's methods, from `exec`.
    fn counters(&self, r: &mut EntryResult, exec: &Path, has_json: bool) -> anyhow::Result<()> {
        let cut = self.dir.join("class-under-test");
        jacoco::extract_class(&self.jar, self.entry.class, &cut)?;
        let xml = self.dir.join("jacoco.xml");
        self.tools.xml_report(self.jdk, exec, &cut, &xml)?;
        let internal = self.entry.class.replace('.', "/");
        let measured = jacoco::method_counters(&std::fs::read_to_string(&xml)?, &internal)?;
        for m in measured
            .iter()
            .filter(|m| self.entry.selects(&m.name, &m.descriptor))
        {
            r.jacoco += m.counters;
            match r
                .methods
                .iter_mut()
                .find(|x| x.name == m.name && x.descriptor == m.descriptor)
            {
                Some(x) => x.jacoco = Some(m.counters),
                None if has_json => r.notes.push(format!(
                    "JaCoCo lists {}{} but jaut did not cover it",
                    m.name, m.descriptor
                )),
                None => {}
            }
        }
        for m in r.methods.iter().filter(|m| m.jacoco.is_none()) {
            r.notes.push(format!(
                "jaut covered {}{} but JaCoCo does not list it",
                m.name, m.descriptor
            ));
        }
        Ok(())
    }
}
