//! The soundness suite: small Java programs with a known answer, in the
//! style of verification benchmarks, each run through the `jaut` binary.
//!
//! The programs are `samples/src/soundness/*.java` (compiled by
//! `samples/build.sh` with the other samples). Each has one static entry
//! point whose inputs are free (ints, strings, arrays, objects, values from
//! `soundness.Env.nondet()` through a contract), and one target line marked
//! `// TARGET EXPECT: reachable` or `// TARGET EXPECT: unreachable`; a
//! `// CATEGORY: name` line groups the programs by the feature they test.
//! The source says why the answer holds (a witness input, or a proof that no
//! input reaches the target).
//!
//! jaut is aimed at the target with `--line` and a short `--timeout`, with
//! the suite's contracts (`samples/contracts/soundness.toml`). Each verdict
//! is classified: a reached target the replay confirmed, or an unreachable
//! one jaut proved, is correct when it matches the expected answer; an
//! unknown (a bound, an unsupported feature, a replay that could not tell)
//! is allowed but counted; anything else — reached when unreachable,
//! unreachable when reachable, a replay mismatch — is wrong. The test
//! prints the figures (with `--no-capture`, as a table to paste into
//! bench/RESULTS.md; also written to `soundness.md` in cargo's target tmp
//! directory) and fails on any wrong verdict, or when more than 20% of the
//! programs end unknown.

mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use jaut::classfile::Class;
use support::{jaut, repo, samples, stderr, stdout};

/// Seconds of search per target (`--timeout`).
const TIMEOUT_SECONDS: &str = "10";

/// Programs run at once (each is a jaut process with its own replay JVM).
const JOBS: usize = 2;

/// The most unknown verdicts allowed, in percent of the programs.
const MAX_UNKNOWN_PERCENT: usize = 20;

/// The fewest programs the suite must hold.
const MIN_PROGRAMS: usize = 40;

/// Sources of the suite that are not programs (no target).
const HELPERS: &[&str] = &["Env"];

/// What the source says about its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expected {
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

/// One program of the suite, as its source describes it.
#[derive(Debug, Clone)]
struct Program {
    /// The class's simple name (`SquareZero`), also its file's stem.
    name: String,
    category: String,
    expected: Expected,
    /// The source line of the target.
    line: u16,
}

/// What jaut answered, read from its exit status and JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
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
enum Outcome {
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

fn classify(expected: Expected, answer: &Answer) -> Outcome {
    match (expected, answer) {
        (Expected::Reachable, Answer::Reached) => Outcome::CorrectReached,
        (Expected::Unreachable, Answer::Unreachable) => Outcome::CorrectUnreachable,
        (_, Answer::Unknown(_)) => Outcome::Unknown,
        (Expected::Unreachable, Answer::Reached) | (Expected::Reachable, Answer::Unreachable) => {
            Outcome::Wrong
        }
    }
}

/// The marker's expectation on a line: `// TARGET EXPECT: reachable`.
fn parse_marker(line: &str) -> Option<Result<Expected, String>> {
    let (_, marker) = line.split_once("// TARGET")?;
    let expected = match marker.trim() {
        "EXPECT: reachable" => Ok(Expected::Reachable),
        "EXPECT: unreachable" => Ok(Expected::Unreachable),
        other => Err(format!(
            "`// TARGET {other}`: expected `// TARGET EXPECT: reachable` or `... unreachable`"
        )),
    };
    Some(expected)
}

/// Reads a program's source: its one target line, expectation and
/// category. `None` for a helper without a target.
fn read_program(path: &Path) -> Option<Program> {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a UTF-8 file name")
        .to_string();
    let text = std::fs::read_to_string(path).expect("a readable source");
    let mut targets = Vec::new();
    let mut category = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(expected) = parse_marker(line) {
            let expected = expected.unwrap_or_else(|e| panic!("{name}.java:{}: {e}", i + 1));
            targets.push((u16::try_from(i + 1).expect("a short source"), expected));
        }
        if let Some(c) = line.trim().strip_prefix("// CATEGORY:") {
            category = Some(c.trim().to_string());
        }
    }
    if HELPERS.contains(&name.as_str()) {
        assert!(targets.is_empty(), "helper {name}.java has a target");
        return None;
    }
    assert_eq!(
        targets.len(),
        1,
        "{name}.java: a program needs exactly one `// TARGET EXPECT: ...` line (or list it in HELPERS)"
    );
    let (line, expected) = targets[0];
    Some(Program {
        category: category.unwrap_or_else(|| panic!("{name}.java: no `// CATEGORY:` line")),
        name,
        expected,
        line,
    })
}

/// Every program of the suite, sorted by name.
fn programs() -> Vec<Program> {
    let dir = repo().join("samples/src/soundness");
    support::java_files(&dir)
        .iter()
        .filter_map(|p| read_program(p))
        .collect()
}

/// The class file of a program and the entry point holding its target
/// (`name(descriptor)`): the one method with code on the target line,
/// which must be static.
fn entry_point(p: &Program) -> (PathBuf, String) {
    let class_file = samples().join(format!("soundness/{}.class", p.name));
    let bytes =
        std::fs::read(&class_file).unwrap_or_else(|e| panic!("{}: {e}", class_file.display()));
    let class = Class::parse(&bytes).expect("a valid class file");
    let holders: Vec<_> = class
        .methods
        .iter()
        .filter(|m| {
            m.code
                .as_ref()
                .is_some_and(|c| !c.pcs_of_line(p.line).is_empty())
        })
        .collect();
    assert_eq!(
        holders.len(),
        1,
        "{}.java:{}: the target line must hold code of exactly one method",
        p.name,
        p.line
    );
    let m = holders[0];
    assert!(
        m.is_static(),
        "{}.java:{}: the target must be in a static entry point, not in {m}",
        p.name,
        p.line
    );
    (class_file, m.to_string())
}

/// One program's run: the answer, how it compares, and what to show.
#[derive(Debug, Clone)]
struct Run {
    program: Program,
    answer: Answer,
    outcome: Outcome,
    seconds: f64,
}

fn describe(args: &[String], o: &Output) -> String {
    format!(
        "jaut {}\n  status: {:?}\n  stdout: {}\n  stderr: {}",
        args.join(" "),
        o.status.code(),
        stdout(o),
        stderr(o)
    )
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
        _ => panic!("jaut failed on a soundness program: {}", what()),
    }
}

fn run_program(p: &Program) -> Run {
    let (class_file, method) = entry_point(p);
    let contracts = repo().join("samples/contracts/soundness.toml");
    let args: Vec<String> = vec![
        class_file.display().to_string(),
        "--method".into(),
        method,
        "--line".into(),
        p.line.to_string(),
        "--timeout".into(),
        TIMEOUT_SECONDS.into(),
        "--contracts".into(),
        contracts.display().to_string(),
        "--format".into(),
        "json".into(),
    ];
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

/// Runs every program on `jobs` threads; the runs in the programs' order.
fn run_all(programs: &[Program], jobs: usize) -> Vec<Run> {
    let next = Mutex::new(0usize);
    let runs = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = {
                    let mut n = next.lock().expect("the counter");
                    let i = *n;
                    *n += 1;
                    i
                };
                let Some(p) = programs.get(i) else { break };
                let run = run_program(p);
                runs.lock().expect("the results").push((i, run));
            });
        }
    });
    let mut runs = runs.into_inner().expect("the results");
    runs.sort_by_key(|(i, _)| *i);
    runs.into_iter().map(|(_, r)| r).collect()
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

/// The report in Markdown: figures overall and per category, then every
/// program that did not end correct, then every program.
fn report(runs: &[Run], wall: Duration) -> String {
    let mut out = String::new();
    let total = figures(runs);
    let mut by_category: BTreeMap<&str, Vec<&Run>> = BTreeMap::new();
    for r in runs {
        by_category
            .entry(r.program.category.as_str())
            .or_default()
            .push(r);
    }
    let _ = writeln!(
        out,
        "`cargo nextest run --test soundness_tests --no-capture` (jaut per program: \
         `--line L --timeout {TIMEOUT_SECONDS} --contracts samples/contracts/soundness.toml`, \
         {JOBS} at a time): {:.0} s wall.\n",
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
        "\nUnknown: {} of {} ({unknown_percent:.1}%, at most {MAX_UNKNOWN_PERCENT}% allowed). \
         Wrong: {}.",
        total.unknown, total.programs, total.wrong
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
                "- {} `{}` (line {}, expected {}): {}",
                r.outcome.as_str(),
                r.program.name,
                r.program.line,
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

#[test]
fn soundness_suite() {
    let programs = programs();
    assert!(
        programs.len() >= MIN_PROGRAMS,
        "{} programs, at least {MIN_PROGRAMS} expected",
        programs.len()
    );
    let start = Instant::now();
    let runs = run_all(&programs, JOBS);
    let text = report(&runs, start.elapsed());
    println!("{text}");
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("soundness.md");
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
        total.unknown * 100 <= total.programs * MAX_UNKNOWN_PERCENT,
        "{} of {} programs unknown, more than {MAX_UNKNOWN_PERCENT}%",
        total.unknown,
        total.programs
    );
}

#[test]
fn suite_is_balanced() {
    let programs = programs();
    let reachable = programs
        .iter()
        .filter(|p| p.expected == Expected::Reachable)
        .count();
    let unreachable = programs.len() - reachable;
    // Roughly half of each: neither side under a third.
    assert!(
        3 * reachable >= programs.len() && 3 * unreachable >= programs.len(),
        "{reachable} reachable, {unreachable} unreachable"
    );
}

#[test]
fn markers_parse() {
    assert_eq!(
        parse_marker("  return 1; // TARGET EXPECT: reachable"),
        Some(Ok(Expected::Reachable))
    );
    assert_eq!(
        parse_marker("return; // TARGET EXPECT: unreachable  "),
        Some(Ok(Expected::Unreachable))
    );
    assert!(matches!(
        parse_marker("return 1; // TARGET EXPECT: reachble"),
        Some(Err(_))
    ));
    assert!(matches!(parse_marker("return 1; // TARGET"), Some(Err(_))));
    assert_eq!(parse_marker("return 1; // target"), None);
}

#[test]
fn wrong_answers_are_wrong() {
    use Answer::*;
    use Expected::{Reachable as R, Unreachable as U};
    assert_eq!(classify(R, &Reached), Outcome::CorrectReached);
    assert_eq!(classify(U, &Unreachable), Outcome::CorrectUnreachable);
    assert_eq!(classify(U, &Reached), Outcome::Wrong);
    assert_eq!(classify(R, &Unreachable), Outcome::Wrong);
    assert_eq!(classify(R, &Unknown(vec![])), Outcome::Unknown);
    assert_eq!(classify(U, &Unknown(vec![])), Outcome::Unknown);
}
