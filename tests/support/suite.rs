//! A suite of small Java programs with known answers, in the style of
//! verification benchmarks, each run through the `jaut` binary: the
//! soundness suite (`tests/soundness_tests.rs`, a target line per program)
//! and the verification programs (`tests/verify_tests.rs`, an `assert` in
//! `main` per program) share this code.
//!
//! A program's source says what to expect and why; jaut is aimed at its
//! target with a short `--timeout` and the suite's contracts. Each verdict
//! is classified: a reached target the replay confirmed, or an unreachable
//! one jaut proved, is correct when it matches the expected answer; an
//! unknown (a bound, an unsupported feature, a replay that could not tell,
//! a state that rests on an assumption no replay confirmed) is allowed but
//! counted; anything else — reached when unreachable, unreachable when
//! reachable — is wrong. [`check`] prints the figures (with `--no-capture`,
//! as a table to paste into bench/RESULTS.md; also written to `<name>.md`
//! in cargo's target tmp directory) and fails on any wrong verdict, or when
//! more programs end unknown than the suite allows.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use jaut::classfile::Class;

use super::{describe, jaut, repo, samples, stdout};

/// How the programs of a suite mark their target and expectation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markers {
    /// One line marked `// TARGET EXPECT: reachable` (or `unreachable`) in a
    /// static entry point: jaut aims at that line (`--line`).
    TargetLine,
    /// `// EXPECT: unsafe` (the `assert` in `main` can fail) or
    /// `// EXPECT: safe`: jaut aims at an `AssertionError` leaving `main`
    /// (`--throws java.lang.AssertionError`).
    AssertInMain,
}

/// A suite: where its programs are and how they are run.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The suite's name, also its report's file stem (`soundness`).
    pub name: &'static str,
    /// The package of the programs: `samples/src/<package>`.
    pub package: &'static str,
    /// The contracts given to every program, under `samples/contracts`.
    pub contracts: &'static str,
    /// Sources of the package that are not programs (no target).
    pub helpers: &'static [&'static str],
    pub markers: Markers,
    /// Seconds of search per program (`--timeout`).
    pub timeout_seconds: &'static str,
    /// Programs run at once (each is a jaut process with its own replay
    /// JVM).
    pub jobs: usize,
    /// The most unknown verdicts allowed, in percent of the programs.
    pub max_unknown_percent: usize,
    /// The fewest programs the suite must hold.
    pub min_programs: usize,
}

/// What the source says about its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expected {
    Reachable,
    Unreachable,
}

impl Expected {
    fn as_str(self) -> &'static str {
        match self {
            Expected::Reachable => "reachable",
            Expected::Unreachable => "unreachable",
        }
    }
}

/// One program of a suite, as its source describes it.
#[derive(Debug, Clone)]
pub struct Program {
    /// The class's simple name (`SquareZero`), also its file's stem.
    pub name: String,
    pub category: String,
    pub expected: Expected,
    /// The source line of the target; `None` for an `assert` in `main`.
    pub line: Option<u16>,
}

/// What jaut answered, read from its exit status and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Exit 0: reached, and the replay confirmed it.
    Reached,
    /// Exit 3: proved unreachable.
    Unreachable,
    /// Exit 1: unknown, with the kinds of its reasons (`replay-mismatch`
    /// when the JVM refuted every state the search found).
    Unknown(Vec<String>),
}

/// How an answer compares with the expected one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    CorrectReached,
    CorrectUnreachable,
    Unknown,
    Wrong,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::CorrectReached => "correct (reached)",
            Outcome::CorrectUnreachable => "correct (unreachable)",
            Outcome::Unknown => "unknown",
            Outcome::Wrong => "WRONG",
        }
    }
}

pub fn classify(expected: Expected, answer: &Answer) -> Outcome {
    match (expected, answer) {
        (Expected::Reachable, Answer::Reached) => Outcome::CorrectReached,
        (Expected::Unreachable, Answer::Unreachable) => Outcome::CorrectUnreachable,
        (_, Answer::Unknown(_)) => Outcome::Unknown,
        (Expected::Unreachable, Answer::Reached) | (Expected::Reachable, Answer::Unreachable) => {
            Outcome::Wrong
        }
    }
}

/// The expectation a line marks, if any: `// TARGET EXPECT: reachable`
/// (a target line), or `// EXPECT: unsafe` (an `assert` in `main`).
pub fn parse_marker(markers: Markers, line: &str) -> Option<Result<Expected, String>> {
    let expected = match markers {
        Markers::TargetLine => {
            let (_, marker) = line.split_once("// TARGET")?;
            match marker.trim() {
                "EXPECT: reachable" => Ok(Expected::Reachable),
                "EXPECT: unreachable" => Ok(Expected::Unreachable),
                other => Err(format!(
                    "`// TARGET {other}`: expected `// TARGET EXPECT: reachable` or `... unreachable`"
                )),
            }
        }
        Markers::AssertInMain => match line.trim().strip_prefix("// EXPECT:")?.trim() {
            "unsafe" => Ok(Expected::Reachable),
            "safe" => Ok(Expected::Unreachable),
            other => Err(format!(
                "`// EXPECT: {other}`: expected `// EXPECT: unsafe` or `// EXPECT: safe`"
            )),
        },
    };
    Some(expected)
}

impl Suite {
    /// Reads a program's source: its one marker and its category. `None`
    /// for a helper without a target.
    fn read_program(&self, path: &Path) -> Option<Program> {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 file name")
            .to_string();
        let text = std::fs::read_to_string(path).expect("a readable source");
        let mut targets = Vec::new();
        let mut category = None;
        for (i, line) in text.lines().enumerate() {
            if let Some(expected) = parse_marker(self.markers, line) {
                let expected = expected.unwrap_or_else(|e| panic!("{name}.java:{}: {e}", i + 1));
                targets.push((u16::try_from(i + 1).expect("a short source"), expected));
            }
            if let Some(c) = line.trim().strip_prefix("// CATEGORY:") {
                category = Some(c.trim().to_string());
            }
        }
        if self.helpers.contains(&name.as_str()) {
            assert!(targets.is_empty(), "helper {name}.java has a marker");
            return None;
        }
        assert_eq!(
            targets.len(),
            1,
            "{name}.java: a program needs exactly one expectation marker (or list it in the helpers)"
        );
        let (line, expected) = targets[0];
        Some(Program {
            category: category.unwrap_or_else(|| panic!("{name}.java: no `// CATEGORY:` line")),
            name,
            expected,
            line: (self.markers == Markers::TargetLine).then_some(line),
        })
    }

    /// Every program of the suite, sorted by name.
    pub fn programs(&self) -> Vec<Program> {
        let dir = repo().join("samples/src").join(self.package);
        super::java_files(&dir)
            .iter()
            .filter_map(|p| self.read_program(p))
            .collect()
    }

    /// The class file of a program and the method jaut aims at
    /// (`name(descriptor)`): `main`, or the one method with code on the
    /// target line, which must be static.
    fn entry_point(&self, p: &Program) -> (PathBuf, String) {
        let class_file = samples().join(format!("{}/{}.class", self.package, p.name));
        let bytes =
            std::fs::read(&class_file).unwrap_or_else(|e| panic!("{}: {e}", class_file.display()));
        let class = Class::parse(&bytes).expect("a valid class file");
        let holders: Vec<_> = class
            .methods
            .iter()
            .filter(|m| match p.line {
                Some(line) => m
                    .code
                    .as_ref()
                    .is_some_and(|c| !c.pcs_of_line(line).is_empty()),
                None => m.name == "main" && m.descriptor == "([Ljava/lang/String;)V",
            })
            .collect();
        assert_eq!(
            holders.len(),
            1,
            "{}.java: the target must be in exactly one method (line {:?}, or main)",
            p.name,
            p.line
        );
        let m = holders[0];
        assert!(
            m.is_static(),
            "{}.java: the target must be in a static entry point, not in {m}",
            p.name
        );
        (class_file, m.to_string())
    }

    fn run_program(&self, p: &Program) -> Run {
        let (class_file, method) = self.entry_point(p);
        let contracts = repo().join("samples/contracts").join(self.contracts);
        let mut args: Vec<String> =
            vec![class_file.display().to_string(), "--method".into(), method];
        match p.line {
            Some(line) => args.extend(["--line".into(), line.to_string()]),
            None => args.extend(["--throws".into(), "java.lang.AssertionError".into()]),
        }
        args.extend([
            "--timeout".into(),
            self.timeout_seconds.into(),
            "--contracts".into(),
            contracts.display().to_string(),
            "--format".into(),
            "json".into(),
        ]);
        let start = Instant::now();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = jaut(&argv);
        let seconds = start.elapsed().as_secs_f64();
        let answer = answer(&args, &o);
        Run {
            outcome: classify(p.expected, &answer),
            program: p.clone(),
            answer,
            seconds,
        }
    }

    /// Runs every program on `self.jobs` threads; the runs in the
    /// programs' order.
    fn run_all(&self, programs: &[Program]) -> Vec<Run> {
        let next = Mutex::new(0usize);
        let runs = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..self.jobs {
                scope.spawn(|| loop {
                    let i = {
                        let mut n = next.lock().expect("the counter");
                        let i = *n;
                        *n += 1;
                        i
                    };
                    let Some(p) = programs.get(i) else { break };
                    let run = self.run_program(p);
                    runs.lock().expect("the results").push((i, run));
                });
            }
        });
        let mut runs = runs.into_inner().expect("the results");
        runs.sort_by_key(|(i, _)| *i);
        runs.into_iter().map(|(_, r)| r).collect()
    }

    /// The report in Markdown: figures overall and per category, then
    /// every program that did not end correct, then every program.
    fn report(&self, runs: &[Run], wall: Duration) -> String {
        let mut out = String::new();
        let total = figures(runs);
        let mut by_category: BTreeMap<&str, Vec<&Run>> = BTreeMap::new();
        for r in runs {
            by_category
                .entry(r.program.category.as_str())
                .or_default()
                .push(r);
        }
        let aim = match self.markers {
            Markers::TargetLine => "--line L",
            Markers::AssertInMain => "--method main --throws java.lang.AssertionError",
        };
        let _ = writeln!(
            out,
            "`cargo nextest run --test {}_tests --no-capture` (jaut per program: \
             `{aim} --timeout {} --contracts samples/contracts/{}`, {} at a time): {:.0} s wall.\n",
            self.name,
            self.timeout_seconds,
            self.contracts,
            self.jobs,
            wall.as_secs_f64()
        );
        out.push_str(
            "| category | programs | reachable | unreachable | correct reached | correct unreachable | unknown | wrong |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        out.push_str(&figures_row("**all**", &total));
        for (category, runs) in &by_category {
            out.push_str(&figures_row(category, &figures(runs.iter().copied())));
        }
        let unknown_percent = 100.0 * total.unknown as f64 / total.programs.max(1) as f64;
        let _ = writeln!(
            out,
            "\nUnknown: {} of {} ({unknown_percent:.1}%, at most {}% allowed). Wrong: {}.",
            total.unknown, total.programs, self.max_unknown_percent, total.wrong
        );
        let not_correct: Vec<&Run> = runs
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Unknown | Outcome::Wrong))
            .collect();
        if !not_correct.is_empty() {
            out.push_str("\nNot answered correctly:\n\n");
            for r in not_correct {
                let _ = writeln!(
                    out,
                    "- {} `{}`{} (expected {}): {}",
                    r.outcome.as_str(),
                    r.program.name,
                    r.program
                        .line
                        .map_or(String::new(), |l| format!(" (line {l})")),
                    r.program.expected.as_str(),
                    answer_text(&r.answer)
                );
            }
        }
        out.push_str(
            "\n<details><summary>Every program</summary>\n\n\
             | program | category | expected | jaut | outcome | s |\n|---|---|---|---|---|---:|\n",
        );
        for r in runs {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {:.1} |",
                r.program.name,
                r.program.category,
                r.program.expected.as_str(),
                answer_text(&r.answer),
                r.outcome.as_str(),
                r.seconds
            );
        }
        out.push_str("\n</details>\n");
        out
    }

    /// Runs the whole suite, prints and writes its report, and fails on
    /// any wrong verdict or on too many unknown ones.
    pub fn check(&self) {
        let programs = self.programs();
        assert!(
            programs.len() >= self.min_programs,
            "{} programs, at least {} expected",
            programs.len(),
            self.min_programs
        );
        self.check_programs(&programs, self.name);
    }

    /// The fast test tier's share of the suite: the first program (by
    /// name) of each category and expectation, checked as the whole suite
    /// is (no wrong verdict, at most `max_unknown_percent` unknown).
    pub fn check_sample(&self) {
        let mut seen = HashSet::new();
        let sample: Vec<Program> = self
            .programs()
            .into_iter()
            .filter(|p| seen.insert((p.category.clone(), p.expected)))
            .collect();
        assert!(!sample.is_empty(), "no program to sample");
        self.check_programs(&sample, &format!("{}-sample", self.name));
    }

    /// Runs `programs`, prints their report and writes it to
    /// `<report>.md`, and fails on any wrong verdict or on too many
    /// unknown ones.
    fn check_programs(&self, programs: &[Program], report: &str) {
        let start = Instant::now();
        let runs = self.run_all(programs);
        let text = self.report(&runs, start.elapsed());
        println!("{text}");
        let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{report}.md"));
        std::fs::write(&file, &text).expect("the report is written");
        println!("(also in {})", file.display());

        let total = figures(&runs);
        let wrong: Vec<String> = runs
            .iter()
            .filter(|r| r.outcome == Outcome::Wrong)
            .map(|r| {
                format!(
                    "{} (expected {}, jaut: {})",
                    r.program.name,
                    r.program.expected.as_str(),
                    answer_text(&r.answer)
                )
            })
            .collect();
        assert!(
            wrong.is_empty(),
            "{} wrong verdict(s): {}",
            wrong.len(),
            wrong.join("; ")
        );
        assert!(
            total.unknown * 100 <= total.programs * self.max_unknown_percent,
            "{} of {} programs unknown, more than {}%",
            total.unknown,
            total.programs,
            self.max_unknown_percent
        );
    }

    /// Fails unless roughly half the programs are of each expectation:
    /// neither side under a third.
    pub fn check_balance(&self) {
        let programs = self.programs();
        let reachable = programs
            .iter()
            .filter(|p| p.expected == Expected::Reachable)
            .count();
        let unreachable = programs.len() - reachable;
        assert!(
            3 * reachable >= programs.len() && 3 * unreachable >= programs.len(),
            "{reachable} reachable, {unreachable} unreachable"
        );
    }
}

/// One program's run: the answer, how it compares, and what to show.
#[derive(Debug, Clone)]
struct Run {
    program: Program,
    answer: Answer,
    outcome: Outcome,
    seconds: f64,
}

/// jaut's answer from its exit status, checked against its JSON.
fn answer(args: &[String], o: &Output) -> Answer {
    let what = || describe(args, o);
    let json: serde_json::Value = serde_json::from_str(&stdout(o))
        .unwrap_or_else(|e| panic!("no JSON on stdout ({e}): {}", what()));
    let verdict = json["verdict"].as_str().unwrap_or_default();
    let replay = json["replay"]["status"].as_str().unwrap_or_default();
    match o.status.code() {
        Some(0) => {
            assert_eq!((verdict, replay), ("reached", "confirmed"), "{}", what());
            Answer::Reached
        }
        Some(3) => {
            assert_eq!(verdict, "unreachable", "{}", what());
            Answer::Unreachable
        }
        Some(1) => {
            // Unknown, or a reached state the replay could not confirm.
            let mut kinds: Vec<String> = json["reasons"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r["kind"].as_str().map(str::to_string))
                .collect();
            if verdict == "reached" {
                assert_eq!(replay, "failed", "{}", what());
                kinds.push("replay-failed".into());
            } else {
                assert_eq!(verdict, "unknown", "{}", what());
            }
            kinds.sort();
            kinds.dedup();
            Answer::Unknown(kinds)
        }
        _ => panic!("jaut failed on a program of the suite: {}", what()),
    }
}

fn answer_text(a: &Answer) -> String {
    match a {
        Answer::Reached => "reached (replay confirmed)".into(),
        Answer::Unreachable => "unreachable (proved)".into(),
        Answer::Unknown(kinds) => format!("unknown ({})", kinds.join(", ")),
    }
}

/// The figures: counts of each outcome.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Figures {
    programs: usize,
    reachable: usize,
    unreachable: usize,
    correct_reached: usize,
    correct_unreachable: usize,
    unknown: usize,
    wrong: usize,
}

fn figures<'a>(runs: impl IntoIterator<Item = &'a Run>) -> Figures {
    let mut f = Figures::default();
    for r in runs {
        f.programs += 1;
        match r.program.expected {
            Expected::Reachable => f.reachable += 1,
            Expected::Unreachable => f.unreachable += 1,
        }
        match r.outcome {
            Outcome::CorrectReached => f.correct_reached += 1,
            Outcome::CorrectUnreachable => f.correct_unreachable += 1,
            Outcome::Unknown => f.unknown += 1,
            Outcome::Wrong => f.wrong += 1,
        }
    }
    f
}

fn figures_row(label: &str, f: &Figures) -> String {
    format!(
        "| {label} | {} | {} | {} | {} | {} | {} | {} |\n",
        f.programs,
        f.reachable,
        f.unreachable,
        f.correct_reached,
        f.correct_unreachable,
        f.unknown,
        f.wrong
    )
}
