//! The report of `jaut-bench budget`: a Markdown table of the whole
//! classes and one of the whole jars (JaCoCo's instruction coverage at
//! each checkpoint, branches at the end, tests, memory, time), a summary
//! line, and the problems (jaut failing, tests that did not compile or
//! failed).

use std::fmt::Write as _;

use super::entries::Kind;
use super::{CheckpointResult, EntryResult, Run};

pub fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Class => "class",
        Kind::Jar => "jar",
    }
}

fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
}

fn ratio(part: u64, whole: u64) -> String {
    match percent(part, whole) {
        None => "–".into(),
        Some(p) => format!("{part}/{whole} = {p:.1}%"),
    }
}

fn minutes(s: f64) -> String {
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{} min {:02.0} s", (s / 60.0).floor(), s % 60.0)
    }
}

fn bold_if(n: u64) -> String {
    if n > 0 {
        format!("**{n}**")
    } else {
        n.to_string()
    }
}

/// JaCoCo's instruction coverage of a checkpoint, %, when measured.
fn coverage(c: &CheckpointResult) -> Option<f64> {
    if !c.measured {
        return None;
    }
    Some(percent(c.jacoco.instructions_covered, c.jacoco.instructions).unwrap_or(0.0))
}

/// A checkpoint's cell: the instruction coverage, why it is nothing, and
/// jaut's timeline's blocks when there is one.
fn checkpoint_cell(c: &CheckpointResult) -> String {
    let mut s = match coverage(c) {
        None => "**not measured**".to_string(),
        Some(p) => format!("{p:.1}%"),
    };
    match c.problem.as_deref() {
        None => {}
        Some("did not compile") => s = format!("**{s} (did not compile)**"),
        Some("no tests yet") => s.push_str(" (no tests yet)"),
        Some(_) if c.measured => s.push_str(" (see below)"),
        Some(_) => {}
    }
    if let Some(b) = c.blocks {
        let _ = write!(s, " · {}/{} blocks", b.blocks_covered, b.blocks);
    }
    s
}

/// The column heading of a checkpoint.
fn heading(seconds: u64, last: bool) -> String {
    if last {
        format!("end ({seconds} s budget)")
    } else {
        format!("{seconds} s")
    }
}

/// The cells of an entry after its first (label) ones.
fn cells(r: &EntryResult, schedule: &[u64]) -> String {
    let mut s = format!(
        "{} | {}",
        r.jaut
            .as_ref()
            .map_or_else(|| "–".into(), |j| j.bytecodes.to_string()),
        r.instructions()
            .map_or_else(|| "–".into(), |n| n.to_string())
    );
    for &t in schedule {
        let cell = r
            .checkpoints
            .iter()
            .find(|c| c.seconds == t)
            .map_or_else(|| "–".into(), checkpoint_cell);
        let _ = write!(s, " | {cell}");
    }
    let last = r.last();
    let branches = last.filter(|c| c.measured).map_or_else(
        || "–".into(),
        |c| ratio(c.jacoco.branches_covered, c.jacoco.branches),
    );
    let blocks = match (&r.jaut, &r.jaut_error) {
        (_, Some(e)) => format!("**jaut failed**: {}", e.replace('|', "\\|")),
        (Some(j), None) => format!(
            "{} / {} / {} of {}",
            j.reached, j.unreachable, j.unknown, j.targets
        ),
        (None, None) => "–".into(),
    };
    let tests = last.map_or_else(
        || "–".into(),
        |c| {
            format!(
                "{} / {} / {}",
                c.tests.written,
                c.tests.passed(),
                bold_if(c.tests.failed())
            )
        },
    );
    let objects = r.jaut.as_ref().map_or_else(
        || "–".into(),
        |j| {
            ratio(
                j.objects.constructor,
                j.objects.constructor + j.objects.reflection,
            )
        },
    );
    let _ = write!(
        s,
        " | {branches} | {blocks} | {tests} | {objects} | {:.0} | {:.1}",
        r.peak_rss_mib, r.jaut_seconds
    );
    s
}

fn table(s: &mut String, first: &str, second: &str, rows: &[&EntryResult], schedule: &[u64]) {
    let _ = write!(
        s,
        "| {first} | {second} | bytecodes (jaut) | instructions (JaCoCo) |"
    );
    for (i, &t) in schedule.iter().enumerate() {
        let _ = write!(s, " {} |", heading(t, i + 1 == schedule.len()));
    }
    s.push_str(" branches at the end | jaut: blocks reached / unreachable / unknown | tests at the end: written / passed / failed | objects made by constructors | peak RSS (MiB) | jaut s |\n|---|---|");
    for _ in 0..schedule.len() + 8 {
        s.push_str("---:|");
    }
    s.push('\n');
    for r in rows {
        let second = match r.kind {
            Kind::Class => r.jar.clone(),
            Kind::Jar => r.classes.to_string(),
        };
        let _ = writeln!(s, "| {} | {second} | {} |", r.label, cells(r, schedule));
    }
}

/// The classes' summary: their mean instruction coverage at each
/// checkpoint, and how many reach 90% at the end.
pub fn summary(rows: &[&EntryResult], schedule: &[u64]) -> String {
    let mut means = Vec::new();
    for (i, &t) in schedule.iter().enumerate() {
        let got: Vec<f64> = rows
            .iter()
            .filter_map(|r| r.checkpoints.iter().find(|c| c.seconds == t))
            .filter_map(coverage)
            .collect();
        let mean = if got.is_empty() {
            "–".to_string()
        } else {
            format!("{:.1}%", got.iter().sum::<f64>() / got.len() as f64)
        };
        means.push(format!("{} {mean}", heading(t, i + 1 == schedule.len())));
    }
    let high = rows
        .iter()
        .filter(|r| r.last().and_then(coverage).is_some_and(|p| p >= 90.0))
        .count();
    format!(
        "Mean JaCoCo instruction coverage of the {} classes: {}; {high} of {} classes at 90% or more at the end.",
        rows.len(),
        means.join(", "),
        rows.len()
    )
}

/// The objects of program classes in the tests of `rows`, as jaut counted
/// them: how many its constructors made (issue 34: at least 80%).
pub fn objects_line(rows: &[&EntryResult]) -> String {
    let (mut made, mut all) = (0, 0);
    for j in rows.iter().filter_map(|r| r.jaut.as_ref()) {
        made += j.objects.constructor;
        all += j.objects.constructor + j.objects.reflection;
    }
    format!(
        "Objects of program classes in the tests, made by constructors (the rest by reflection; jaut's count): {}.",
        ratio(made, all)
    )
}

/// The line printed on stderr after each entry.
pub fn progress_line(r: &EntryResult) -> String {
    let jaut = match (&r.jaut, &r.jaut_error) {
        (_, Some(e)) => format!("jaut failed ({e})"),
        (Some(j), None) => format!(
            "jaut {}/{} blocks, {} unknown, objects {} by constructors / {} by reflection",
            j.reached, j.targets, j.unknown, j.objects.constructor, j.objects.reflection
        ),
        (None, None) => "jaut".into(),
    };
    let coverage: Vec<String> = r
        .checkpoints
        .iter()
        .map(|c| format!("{} s {}", c.seconds, checkpoint_cell(c)))
        .collect();
    let tests = r.last().map_or_else(String::new, |c| {
        format!(
            "; tests {} written, {} passed, {} failed",
            c.tests.written,
            c.tests.passed(),
            c.tests.failed()
        )
    });
    format!(
        "{}: {jaut} in {:.1} s, peak {:.0} MiB; JaCoCo instructions {}{tests}",
        r.label,
        r.jaut_seconds,
        r.peak_rss_mib,
        coverage.join(", ")
    )
}

/// The problems of an entry, one Markdown list item each.
fn problems(s: &mut String, r: &EntryResult) {
    if let Some(e) = &r.jaut_error {
        let _ = writeln!(s, "- {}: jaut failed: {e}", r.label);
    }
    for n in &r.notes {
        let _ = writeln!(s, "- {}: {n}", r.label);
    }
    for c in r.checkpoints.iter().filter(|c| c.same_as.is_none()) {
        let at = format!("{}, {} s", r.label, c.seconds);
        for e in &c.tests.compile_errors {
            let _ = writeln!(s, "- {at}: `{}`", e.replace('`', "'"));
        }
        match c.problem.as_deref() {
            None | Some("did not compile" | "no tests yet") => {}
            Some(p) => {
                let _ = writeln!(s, "- {at}: {p}");
            }
        }
    }
    if let Some(run) = r.last().and_then(|c| c.tests.run.as_ref()) {
        for f in run.failures.iter().take(5) {
            let _ = writeln!(
                s,
                "- {}, end: `{}` failed: {}",
                r.label,
                f.test,
                f.message.replace('`', "'")
            );
        }
        if run.failures.len() > 5 {
            let _ = writeln!(
                s,
                "- {}, end: {} more failures",
                r.label,
                run.failures.len() - 5
            );
        }
    }
}

pub fn markdown(run: &Run) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# jaut cover with a time budget: whole classes and whole jars of Debian's libraries\n"
    );
    let _ = writeln!(
        s,
        "Generated by `{}` (do not edit by hand), {}.\n",
        run.command.trim(),
        run.date
    );
    let _ = writeln!(s, "Machine: {}; {}.\n", run.machine, run.jdk);
    let _ = writeln!(
        s,
        "Each entry is one `jaut cover JAR [--class C] --out DIR --format json --budget B --jobs {}` \
         (the `jaut` binary, as a user runs it on a whole class, nested classes included, or a whole jar). \
         While it runs, the test files in DIR are copied at each checkpoint: what a user stopping the run then would keep \
         (jaut rewrites them as targets settle). The last column of coverage is the files the run left when it ended \
         (targets in progress at the budget finish first). Each copy is compiled with javac and run with the JUnit console \
         launcher under the JaCoCo agent; **coverage is JaCoCo's instruction coverage** over the whole class or every class \
         of the jar (class initializers included; jaut's bytecodes leave them out, as it does not aim at them); \
         a checkpoint whose tests do not compile counts as nothing covered. \"· n/m blocks\" is jaut's own \
         timeline (block targets covered), when its JSON has one. Peak RSS is jaut and its JVM workers, sampled every 0.5 s. \
         The entries are in `src/bin/jaut-bench/budget/entries.rs`.\n",
        run.jobs
    );
    let jaut: f64 = run.entries.iter().map(|r| r.jaut_seconds).sum();
    let measure: f64 = run.entries.iter().map(|r| r.measure_seconds).sum();
    let _ = writeln!(
        s,
        "Wall time: {} in all; jaut cover {}, compiling, running and measuring the checkpoints {}.\n",
        minutes(run.wall_seconds),
        minutes(jaut),
        minutes(measure)
    );

    let classes: Vec<&EntryResult> = run
        .entries
        .iter()
        .filter(|r| r.kind == Kind::Class)
        .collect();
    let jars: Vec<&EntryResult> = run.entries.iter().filter(|r| r.kind == Kind::Jar).collect();
    if !classes.is_empty() {
        let _ = writeln!(s, "## Whole classes (`--budget {}`)\n", run.class_budget);
        table(&mut s, "class", "jar", &classes, &run.class_checkpoints);
        let _ = writeln!(s, "\n{}\n", summary(&classes, &run.class_checkpoints));
    }
    if !jars.is_empty() {
        let _ = writeln!(s, "## Whole jars (`--budget {}`)\n", run.jar_budget);
        table(&mut s, "jar", "classes", &jars, &run.jar_checkpoints);
        s.push('\n');
    }
    let all: Vec<&EntryResult> = run.entries.iter().collect();
    let _ = writeln!(s, "{}\n", objects_line(&all));
    let mut listed = String::new();
    for r in &run.entries {
        problems(&mut listed, r);
    }
    if !listed.is_empty() {
        let _ = writeln!(
            s,
            "## Problems\n\njaut's failures, tests that did not compile (at most 5 errors a checkpoint), \
             tests that failed at the end (at most 5 an entry), and anything odd.\n\n{listed}"
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::jaut_json::{Outcome, Point};
    use super::*;
    use crate::real::jacoco::Counters;
    use crate::real::junit::{Failure, Summary};
    use crate::real::TestsResult;

    fn checkpoint(seconds: u64, covered: u64, problem: Option<&str>) -> CheckpointResult {
        CheckpointResult {
            seconds,
            copied_at: Some(seconds as f64 + 0.2),
            files: 1,
            same_as: None,
            tests: TestsResult {
                files: 1,
                written: 3,
                compiled: problem != Some("did not compile"),
                run: Some(Summary {
                    found: 3,
                    started: 3,
                    successful: 2,
                    failed: 1,
                    failures: vec![Failure {
                        test: "HexJautTest.a()".into(),
                        message: "boom".into(),
                    }],
                    ..Summary::default()
                }),
                ..TestsResult::default()
            },
            jacoco: Counters {
                instructions_covered: covered,
                instructions: 200,
                branches_covered: 10,
                branches: 40,
            },
            measured: true,
            problem: problem.map(str::to_string),
            blocks: None,
        }
    }

    fn entry(label: &str, kind: Kind, checkpoints: Vec<CheckpointResult>) -> EntryResult {
        EntryResult {
            label: label.into(),
            kind,
            jar: "commons-codec.jar".into(),
            class: None,
            budget: 20,
            classes: 3,
            jaut_exit: Some(1),
            jaut_error: None,
            jaut_seconds: 31.3,
            peak_rss_mib: 812.4,
            jaut: Some(Outcome {
                methods: 4,
                bytecodes: 549,
                targets: 60,
                reached: 50,
                unreachable: 2,
                unknown: 8,
                tests: 3,
                timeline: None,
                timeline_problem: None,
                objects: super::super::jaut_json::Objects {
                    constructor: 9,
                    reflection: 1,
                },
            }),
            checkpoints,
            measure_seconds: 4.0,
            notes: Vec::new(),
        }
    }

    #[test]
    fn renders_tables_summary_and_problems() {
        let mut hex = entry(
            "Hex",
            Kind::Class,
            vec![
                checkpoint(10, 0, Some("did not compile")),
                checkpoint(20, 190, None),
            ],
        );
        hex.checkpoints[0].tests.compile_errors = vec!["HexJautTest.java:3: error: x".into()];
        hex.checkpoints[1].blocks = Some(Point {
            seconds: 19.5,
            blocks_covered: 50,
            blocks: 60,
        });
        let soundex = entry(
            "Soundex",
            Kind::Class,
            vec![
                checkpoint(10, 100, Some("no tests yet")),
                checkpoint(20, 100, None),
            ],
        );
        let codec = entry(
            "commons-codec.jar",
            Kind::Jar,
            vec![checkpoint(60, 20, None)],
        );
        let run = Run {
            command: "target/release/jaut-bench budget".into(),
            date: "2026-01-01 00:00 UTC".into(),
            machine: "a CPU, 2 cores".into(),
            jdk: "OpenJDK 17".into(),
            jobs: 2,
            class_budget: 20,
            jar_budget: 60,
            class_checkpoints: vec![10, 20],
            jar_checkpoints: vec![60],
            wall_seconds: 75.0,
            work: "/tmp/w".into(),
            entries: vec![hex, soundex, codec],
        };
        let md = markdown(&run);
        assert!(md.contains("## Whole classes (`--budget 20`)"));
        assert!(md.contains("| class | jar | bytecodes (jaut) | instructions (JaCoCo) | 10 s | end (20 s budget) | branches at the end |"));
        assert!(md.contains(
            "| Hex | commons-codec.jar | 549 | 200 | **0.0% (did not compile)** | 95.0% · 50/60 blocks | 10/40 = 25.0% | 50 / 2 / 8 of 60 | 3 / 2 / **1** | 9/10 = 90.0% | 812 | 31.3 |"
        ), "{md}");
        assert!(md.contains(
            "| Soundex | commons-codec.jar | 549 | 200 | 50.0% (no tests yet) | 50.0% |"
        ));
        assert!(md.contains(
            "Mean JaCoCo instruction coverage of the 2 classes: 10 s 25.0%, end (20 s budget) 72.5%; 1 of 2 classes at 90% or more at the end."
        ));
        assert!(md.contains("## Whole jars (`--budget 60`)"));
        assert!(md.contains("| commons-codec.jar | 3 | 549 | 200 | 10.0% |"));
        assert!(md.contains("- Hex, 10 s: `HexJautTest.java:3: error: x`"));
        assert!(md.contains("- Hex, end: `HexJautTest.a()` failed: boom"));
        assert!(md.contains("Wall time: 1 min 15 s in all"));
        // Three entries of 9 objects by constructors and 1 by reflection.
        assert!(md.contains(
            "made by constructors (the rest by reflection; jaut's count): 27/30 = 90.0%."
        ));
        // Each row of a table has as many cells as its header.
        let mut header_cells = None;
        for line in md.lines() {
            if !line.starts_with('|') {
                header_cells = None;
                continue;
            }
            let cells = line.matches('|').count();
            assert_eq!(*header_cells.get_or_insert(cells), cells, "{line}");
        }
    }
}
