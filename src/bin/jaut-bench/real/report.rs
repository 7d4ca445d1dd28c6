//! The report of `jaut-bench real`: one Markdown table row per entry, per
//! jar and overall, then the unknown targets' reasons grouped, the tests
//! that failed or did not compile, and where jaut's claim and JaCoCo's
//! measure differ.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::jacoco::Counters;
use super::{EntryResult, Run};

/// Sums over several entries.
#[derive(Debug, Default, Clone)]
struct Totals {
    entries: usize,
    methods: usize,
    bytecodes: u64,
    targets: u64,
    reached: u64,
    unreachable: u64,
    unknown: u64,
    claimed: u64,
    branches: u64,
    branches_claimed: u64,
    jacoco: Counters,
    written: u64,
    passed: u64,
    failed: u64,
    not_run: u64,
    jaut_seconds: f64,
    jaut_failed: usize,
    by_constructor: u64,
    by_reflection: u64,
}

impl Totals {
    fn add(&mut self, r: &EntryResult) {
        self.entries += 1;
        self.methods += r.methods.len();
        for m in &r.methods {
            self.bytecodes += m.bytecodes;
            self.targets += m.targets;
            self.reached += m.reached;
            self.unreachable += m.unreachable;
            self.unknown += m.unknown;
            self.claimed += m.instructions_claimed;
            self.branches += m.branches;
            self.branches_claimed += m.branches_claimed;
        }
        self.jacoco += r.jacoco;
        self.written += r.tests.written as u64;
        self.passed += r.tests.passed();
        self.failed += r.tests.failed();
        self.not_run += r.tests.not_run();
        self.jaut_seconds += r.jaut_seconds;
        self.jaut_failed += usize::from(r.jaut_error.is_some());
        self.by_constructor += r.objects.constructor;
        self.by_reflection += r.objects.reflection;
    }

    fn of<'a>(rs: impl IntoIterator<Item = &'a EntryResult>) -> Totals {
        let mut t = Totals::default();
        for r in rs {
            t.add(r);
        }
        t
    }
}

fn ratio(part: u64, whole: u64) -> String {
    if whole == 0 {
        "–".into()
    } else {
        format!(
            "{part}/{whole} = {:.1}%",
            100.0 * part as f64 / whole as f64
        )
    }
}

fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        "–".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

fn minutes(s: f64) -> String {
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{} min {:02.0} s", (s / 60.0).floor(), s % 60.0)
    }
}

/// The cells after the label, for an entry or a sum.
fn cells(t: &Totals, jaut_error: Option<&str>) -> String {
    let jaut = match jaut_error {
        Some(e) => format!("**jaut failed**: {} | | |", e.replace('|', "\\|")),
        None => format!(
            "{} | {} | {}",
            ratio(t.reached, t.targets),
            t.unreachable,
            t.unknown
        ),
    };
    format!(
        "{} | {jaut} | {} | {} | {} | {} | {} / {} / {} / {} | {} | {:.1}",
        t.bytecodes,
        pct(t.claimed, t.bytecodes),
        pct(t.branches_claimed, t.branches),
        ratio(t.jacoco.instructions_covered, t.jacoco.instructions),
        ratio(t.jacoco.branches_covered, t.jacoco.branches),
        t.written,
        t.passed,
        bold_if(t.failed),
        bold_if(t.not_run),
        ratio(t.by_constructor, t.by_constructor + t.by_reflection),
        t.jaut_seconds,
    )
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn bold_if(n: u64) -> String {
    if n > 0 {
        format!("**{n}**")
    } else {
        n.to_string()
    }
}

/// The line printed on stderr after each entry.
pub fn progress_line(r: &EntryResult) -> String {
    let t = Totals::of([r]);
    let jaut = match &r.jaut_error {
        Some(e) => format!("jaut failed ({e})"),
        None => format!(
            "jaut {}/{} targets, {} unknown",
            t.reached, t.targets, t.unknown
        ),
    };
    let tests = if !r.tests.compile_errors.is_empty() {
        format!("{} tests did not compile", t.written)
    } else {
        format!(
            "tests {} passed, {} failed, {} not run",
            t.passed, t.failed, t.not_run
        )
    };
    format!(
        "{}: {jaut} in {:.1} s; JaCoCo instr. {}, branches {}; {tests}",
        r.label,
        r.jaut_seconds,
        ratio(t.jacoco.instructions_covered, t.jacoco.instructions),
        ratio(t.jacoco.branches_covered, t.jacoco.branches),
    )
}

const HEADER: &str = "| entry | bytecodes | jaut: targets reached | unreachable | unknown | jaut: instr. claimed | jaut: branches claimed | JaCoCo: instructions | JaCoCo: branches | tests: written / passed / failed / not run | objects made by constructors | jaut s |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";

pub fn markdown(run: &Run) -> String {
    let mut s = String::new();
    let all = Totals::of(&run.entries);
    let measure: f64 = run.entries.iter().map(|r| r.measure_seconds).sum();
    let _ = writeln!(
        s,
        "# jaut on real code: methods of Debian's commons-lang3, commons-collections4, guava and commons-io\n"
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
        "Each entry is one `jaut cover JAR --class C --method M --format json --no-times --timeout {}{}` (the `jaut` binary, as a user runs it), \
         then its JUnit tests compiled with javac and run with the JUnit console launcher under the JaCoCo agent, \
         in a JVM of their own. **Coverage is JaCoCo's, measured on the generated tests**, for exactly the entry's methods; \
         \"jaut: targets reached\", \"jaut: instr. claimed\" and \"jaut: branches claimed\" are what jaut says (the pcs and branch outcomes its own replays executed). \
         Targets are the first instructions of the basic blocks (the branch outcomes jaut also aims at are counted in \"branches claimed\"). Tests that fail or do not compile are counted, and listed below. \
         \"Objects made by constructors\" is jaut's own count of the objects of program classes in the tests' states (`objects` in its JSON): those a constructor, factory, constant or builder makes, of all (the rest are allocated by reflection). \
         The list of entries is in `src/bin/jaut-bench/real/entries.rs`.\n",
        run.timeout,
        run.jobs.map(|j| format!(" --jobs {j}")).unwrap_or_default(),
    );
    let _ = writeln!(
        s,
        "Wall time: {} in all; jaut cover {}, compiling, running and measuring the tests {}.\n",
        minutes(run.wall_seconds),
        minutes(all.jaut_seconds),
        minutes(measure)
    );

    let _ = writeln!(s, "## Per entry\n");
    s.push_str(HEADER);
    for r in &run.entries {
        let t = Totals::of([r]);
        let _ = writeln!(
            s,
            "| {} | {} |",
            r.label,
            cells(&t, r.jaut_error.as_deref())
        );
    }
    let _ = writeln!(
        s,
        "| **all {} ({})** | {} |\n",
        plural(all.entries, "entry", "entries"),
        plural(all.methods, "method", "methods"),
        cells(&all, None)
    );

    let _ = writeln!(s, "## Per jar\n");
    s.push_str(HEADER);
    let mut jars: Vec<&str> = Vec::new();
    for r in &run.entries {
        if !jars.contains(&r.jar.as_str()) {
            jars.push(&r.jar);
        }
    }
    for jar in jars {
        let t = Totals::of(run.entries.iter().filter(|r| r.jar == jar));
        let _ = writeln!(
            s,
            "| {jar} ({}) | {} |",
            plural(t.entries, "entry", "entries"),
            cells(&t, None)
        );
    }
    let _ = writeln!(s, "| **all** | {} |\n", cells(&all, None));
    if all.jaut_failed > 0 {
        let _ = writeln!(
            s,
            "{} where jaut gave no figures count as 0 targets in the sums.\n",
            plural(all.jaut_failed, "entry", "entries")
        );
    }

    collections(&mut s, run);
    reasons(&mut s, run);
    failures(&mut s, run);
    differences(&mut s, run);
    notes(&mut s, run);
    s
}

/// The entries whose methods take a JDK collection (issue 36): their
/// JaCoCo figure, the idioms their tests build collections with, and the
/// anonymous JDK collection classes the tests declare.
fn collections(s: &mut String, run: &Run) {
    let taking: Vec<&EntryResult> = run
        .entries
        .iter()
        .filter(|r| r.collections.takes_collection)
        .collect();
    let anonymous: usize = run.entries.iter().map(|r| r.collections.anonymous).sum();
    let _ = writeln!(s, "## JDK collections in the tests (issue 36)\n");
    if taking.is_empty() {
        let _ = writeln!(
            s,
            "No entry takes a JDK collection. Anonymous JDK collection classes in all tests: {anonymous}.\n"
        );
        return;
    }
    let mut jars: Vec<&str> = taking.iter().map(|r| r.jar.as_str()).collect();
    jars.sort();
    jars.dedup();
    let at_90 = taking
        .iter()
        .filter(|r| {
            let j = r.jacoco;
            j.instructions > 0 && j.instructions_covered * 10 >= j.instructions * 9
        })
        .count();
    let _ = writeln!(
        s,
        "{} from {} ({}) take a JDK collection (a parameter typed `List`, `Map`, `Iterable`, …); \
         **{at_90} of them at 90% or more** of JaCoCo's instructions. \
         **Anonymous JDK collection classes** (`new java.util.List() {{`, `new java.util.Iterator() {{`, …): \
         {} in their tests, {anonymous} in all tests. \
         \"Built with\" counts the factories and constructors the tests make collections with.\n",
        plural(taking.len(), "entry", "entries"),
        plural(jars.len(), "jar", "jars"),
        jars.join(", "),
        taking.iter().map(|r| r.collections.anonymous).sum::<usize>(),
    );
    let _ = writeln!(
        s,
        "| entry | JaCoCo: instructions | tests passed | built with | anonymous JDK collection classes |\n|---|---:|---:|---|---:|"
    );
    for r in taking {
        let _ = writeln!(
            s,
            "| {} | {} | {} of {} | {} | {} |",
            r.label,
            ratio(r.jacoco.instructions_covered, r.jacoco.instructions),
            r.tests.passed(),
            r.tests.written,
            r.collections.built_cell(),
            bold_if(r.collections.anonymous as u64),
        );
    }
    s.push('\n');
}

fn reasons(s: &mut String, run: &Run) {
    let total: usize = run
        .entries
        .iter()
        .flat_map(|r| &r.reasons)
        .map(|x| x.count)
        .sum();
    let _ = writeln!(s, "## Unknown targets: top reasons\n");
    if total == 0 {
        let _ = writeln!(s, "No target is unknown.\n");
        return;
    }
    let _ = writeln!(
        s,
        "{} reasons given for the unknown targets (a target may have several), grouped by kind (jaut's `kind`, or the reason's \
         leading words when jaut gives none), then in detail (the reason with its location and numbers taken out).\n",
        total
    );
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut groups: BTreeMap<&str, (usize, Vec<&str>)> = BTreeMap::new();
    for r in &run.entries {
        for reason in &r.reasons {
            *kinds.entry(&reason.kind).or_default() += reason.count;
            let g = groups.entry(&reason.group).or_default();
            g.0 += reason.count;
            if !g.1.contains(&r.label.as_str()) {
                g.1.push(&r.label);
            }
        }
    }
    let mut kinds: Vec<(&str, usize)> = kinds.into_iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let _ = writeln!(s, "| kind | reasons |\n|---|---:|");
    for (k, n) in kinds {
        let _ = writeln!(s, "| {k} | {n} |");
    }
    let mut groups: Vec<(&str, (usize, Vec<&str>))> = groups.into_iter().collect();
    groups.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
    let _ = writeln!(s, "\n| reasons | reason | entries |\n|---:|---|---|");
    for (g, (n, labels)) in groups.iter().take(12) {
        let shown: Vec<&str> = labels.iter().take(3).copied().collect();
        let more = labels.len().saturating_sub(shown.len());
        let mut who = shown.join(", ");
        if more > 0 {
            let _ = write!(who, " and {more} more");
        }
        let _ = writeln!(s, "| {n} | {} | {who} |", g.replace('|', "\\|"));
    }
    if groups.len() > 12 {
        let rest: usize = groups.iter().skip(12).map(|(_, (n, _))| n).sum();
        let _ = writeln!(s, "| {rest} | ({} other reasons) | |", groups.len() - 12);
    }
    let _ = writeln!(s, "\nPer entry, the most frequent reasons:\n");
    for r in run.entries.iter().filter(|r| !r.reasons.is_empty()) {
        // Already sorted, most frequent first.
        let top: Vec<String> = r
            .reasons
            .iter()
            .take(2)
            .map(|x| format!("{}× {}", x.count, x.group))
            .collect();
        let more = if r.reasons.len() > 2 {
            format!("; {} other reasons", r.reasons.len() - 2)
        } else {
            String::new()
        };
        let unknown: u64 = r.methods.iter().map(|m| m.unknown).sum();
        let _ = writeln!(
            s,
            "- {} ({unknown} unknown): {}{more}",
            r.label,
            top.join("; ")
        );
    }
    s.push('\n');
}

fn failures(s: &mut String, run: &Run) {
    let _ = writeln!(s, "## Tests that failed, did not compile or did not run\n");
    let mut any = false;
    for r in &run.entries {
        if !r.tests.compile_errors.is_empty() {
            any = true;
            let _ = writeln!(
                s,
                "- {}: **{} tests did not compile**: {}",
                r.label,
                r.tests.written,
                r.tests.compile_errors.join("; ")
            );
        }
        if let Some(p) = &r.tests.run_problem {
            any = true;
            let _ = writeln!(s, "- {}: {p}", r.label);
        }
        if let Some(sum) = &r.tests.run {
            for f in &sum.failures {
                any = true;
                let _ = writeln!(s, "- {}: `{}` failed: {}", r.label, f.test, f.message);
            }
            if sum.containers_failed > 0 {
                any = true;
                let _ = writeln!(
                    s,
                    "- {}: {} test classes failed as a whole",
                    r.label, sum.containers_failed
                );
            }
        }
        if let Some(e) = &r.jaut_error {
            any = true;
            let _ = writeln!(s, "- {}: jaut cover failed, so no tests: {e}", r.label);
        }
    }
    if !any {
        let _ = writeln!(s, "None: every test written compiled and passed.");
    }
    s.push('\n');
}

fn differences(s: &mut String, run: &Run) {
    let _ = writeln!(s, "## Where jaut's claim and JaCoCo differ\n");
    let _ = writeln!(
        s,
        "Instructions jaut's replays executed against the instructions JaCoCo counts covered. JaCoCo marks an instruction covered \
         only when a probe after it runs (at a branch, a return or a throw), so when an exception is raised in the middle of a block, \
         by the method or by a call it makes, caught or not, the instructions of the block before it count as missed although they ran. \
         A test that is not run covers nothing.\n"
    );
    let mut any = false;
    for r in &run.entries {
        for m in &r.methods {
            let Some(j) = m.jacoco else { continue };
            if j.instructions_covered != m.instructions_claimed || j.instructions != m.bytecodes {
                if !any {
                    let _ = writeln!(
                        s,
                        "| method | jaut claims | JaCoCo measures | jaut's tests that end in an exception |\n|---|---:|---:|---:|"
                    );
                }
                any = true;
                let _ = writeln!(
                    s,
                    "| {}.{}{} | {}/{} | {}/{} | {} of {} |",
                    r.class.rsplit('.').next().unwrap_or(&r.class),
                    m.name,
                    m.descriptor,
                    m.instructions_claimed,
                    m.bytecodes,
                    j.instructions_covered,
                    j.instructions,
                    m.tests_threw,
                    m.tests
                );
            }
        }
    }
    if !any {
        let _ = writeln!(s, "Nowhere: for every method the counts agree.");
    }
    s.push('\n');
}

fn notes(s: &mut String, run: &Run) {
    let _ = writeln!(s, "## Entries\n");
    let _ = writeln!(
        s,
        "| entry | jar | class | `--method` | methods covered |\n|---|---|---|---|---|"
    );
    for r in &run.entries {
        let methods: Vec<String> = r
            .methods
            .iter()
            .map(|m| format!("`{}{}`", m.name, m.descriptor))
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | `{}` | {} |",
            r.label,
            r.jar,
            r.class,
            r.method,
            methods.join(", ")
        );
    }
    let notes: Vec<String> = run
        .entries
        .iter()
        .flat_map(|r| r.notes.iter().map(move |n| format!("- {}: {n}", r.label)))
        .collect();
    if !notes.is_empty() {
        let _ = writeln!(s, "\nNotes:\n\n{}", notes.join("\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_use::CollectionUse;
    use super::super::junit::{Failure, Summary};
    use super::super::{MethodResult, ReasonResult, TestsResult};
    use super::*;

    fn entry(label: &str, jar: &str) -> EntryResult {
        EntryResult {
            label: label.into(),
            jar: jar.into(),
            class: "p.A".into(),
            method: "f".into(),
            jaut_exit: Some(1),
            jaut_error: None,
            jaut_seconds: 1.5,
            measure_seconds: 2.0,
            methods: vec![MethodResult {
                name: "f".into(),
                descriptor: "(I)I".into(),
                bytecodes: 10,
                targets: 4,
                reached: 3,
                unreachable: 0,
                unknown: 1,
                instructions_claimed: 9,
                branches: 2,
                branches_claimed: 2,
                tests: 2,
                tests_threw: 1,
                jacoco: Some(Counters {
                    instructions_covered: 7,
                    instructions: 10,
                    branches_covered: 1,
                    branches: 2,
                }),
            }],
            reasons: vec![ReasonResult {
                group: "timeout after N s (raise with --timeout)".into(),
                kind: "timeout after".into(),
                count: 1,
            }],
            tests: TestsResult {
                files: 1,
                written: 2,
                in_json: 2,
                compiled: true,
                compile_errors: vec![],
                run: Some(Summary {
                    found: 2,
                    started: 2,
                    successful: 1,
                    failed: 1,
                    failures: vec![Failure {
                        test: "AJautTest.f_line3()".into(),
                        message: "org.opentest4j.AssertionFailedError: expected: <1> but was: <2>"
                            .into(),
                    }],
                    ..Summary::default()
                }),
                run_problem: None,
            },
            jacoco: Counters {
                instructions_covered: 7,
                instructions: 10,
                branches_covered: 1,
                branches: 2,
            },
            objects: super::super::cover_json::ObjectsJson {
                constructor: 3,
                reflection: 1,
            },
            collections: Default::default(),
            notes: vec![],
        }
    }

    /// A run of 75 s of `entries`.
    fn run_of(entries: Vec<EntryResult>) -> Run {
        Run {
            command: "target/release/jaut-bench real".into(),
            date: "2026-01-01 00:00 UTC".into(),
            machine: "CPU, 2 cores".into(),
            jdk: "OpenJDK 17".into(),
            timeout: 5.0,
            jobs: None,
            wall_seconds: 75.0,
            work: "/tmp/w".into(),
            entries,
        }
    }

    #[test]
    fn failures_and_compile_errors_are_shown_and_counted() {
        let mut broken = entry("A.g", "b.jar");
        broken.tests.compiled = false;
        broken.tests.run = None;
        broken.tests.compile_errors = vec!["AJautTest.java:9: error: cannot find symbol".into()];
        let run = run_of(vec![entry("A.f", "a.jar"), broken]);
        let md = markdown(&run);
        assert!(md.contains("| A.f | 10 | 3/4 = 75.0% | 0 | 1 | 90.0% | 100.0% | 7/10 = 70.0% | 1/2 = 50.0% | 2 / 1 / **1** / 0 | 3/4 = 75.0% | 1.5 |"), "{md}");
        assert!(md.contains("| A.g | 10 | 3/4 = 75.0% | 0 | 1 | 90.0% | 100.0% | 7/10 = 70.0% | 1/2 = 50.0% | 2 / 0 / 0 / **2** | 3/4 = 75.0% | 1.5 |"), "{md}");
        assert!(md.contains("**all 2 entries (2 methods)**"));
        assert!(md.contains("| **all** | 20 | 6/8 = 75.0% | 0 | 2 | 90.0% | 100.0% | 14/20 = 70.0% | 2/4 = 50.0% | 4 / 1 / **1** / **2** | 6/8 = 75.0% | 3.0 |"), "{md}");
        assert!(
            md.contains("- A.f: `AJautTest.f_line3()` failed: org.opentest4j.AssertionFailedError")
        );
        assert!(md.contains(
            "- A.g: **2 tests did not compile**: AJautTest.java:9: error: cannot find symbol"
        ));
        assert!(md.contains("| 2 | timeout after N s (raise with --timeout) | A.f, A.g |"));
        assert!(md.contains("| A.f(I)I | 9/10 | 7/10 | 1 of 2 |"));
        assert!(md.contains("Wall time: 1 min 15 s in all"));
    }

    #[test]
    fn entries_taking_collections_show_their_idioms_and_anonymous_classes() {
        let mut mocked = entry("A.f", "a.jar");
        mocked.collections = CollectionUse {
            takes_collection: true,
            built: vec![("List.of".into(), 2)],
            anonymous: 1,
        };
        let mut plain = entry("B.g", "b.jar");
        plain.jacoco.instructions_covered = 9;
        plain.collections.takes_collection = true;
        let run = run_of(vec![mocked, plain, entry("C.h", "a.jar")]);
        let md = markdown(&run);
        assert!(
            md.contains("2 entries from 2 jars (a.jar, b.jar) take a JDK collection"),
            "{md}"
        );
        assert!(md.contains("**1 of them at 90% or more**"), "{md}");
        assert!(
            md.contains("| A.f | 7/10 = 70.0% | 1 of 2 | List.of ×2 | **1** |"),
            "{md}"
        );
        assert!(
            md.contains("| B.g | 9/10 = 90.0% | 1 of 2 | – | 0 |"),
            "{md}"
        );
        assert!(!md.contains("| C.h | 7/10"), "{md}");
    }
}
