//! The text forms of a cover report, rendered from its [`Document`]: the
//! terminal table and the Markdown report (`jaut-cover.md`). One row per
//! method, after the JAUT paper's Fig. 5: bytecodes, targets, covered
//! before, covered after, proved unreachable, unknown (with reasons),
//! then branch outcomes covered over their total, before and after, and
//! time. A document without times (`--no-times`) renders `-` for them, so
//! two runs compare byte for byte.

use std::fmt::Write as _;
use std::time::Duration;

use super::document::{
    BranchCounts, By, CoverageSource, Document, MethodEntry, ReasonEntry, TargetEntry, Verdict,
};

/// A row's figures: a method's, or the total.
struct Figures {
    bytecodes: usize,
    targets: usize,
    covered_before: usize,
    covered_after: usize,
    unreachable: usize,
    unknown: usize,
    branches: BranchCounts,
    time_ms: Option<f64>,
}

impl Figures {
    fn of(m: &MethodEntry) -> Figures {
        Figures {
            bytecodes: m.bytecodes,
            targets: m.targets,
            covered_before: m.covered_before,
            covered_after: m.covered_after,
            unreachable: m.unreachable,
            unknown: m.unknown,
            branches: m.branches,
            time_ms: m.time_ms,
        }
    }

    fn total(methods: &[MethodEntry]) -> Figures {
        let mut t = Figures {
            bytecodes: 0,
            targets: 0,
            covered_before: 0,
            covered_after: 0,
            unreachable: 0,
            unknown: 0,
            branches: BranchCounts::default(),
            time_ms: None,
        };
        for m in methods {
            t.bytecodes += m.bytecodes;
            t.targets += m.targets;
            t.covered_before += m.covered_before;
            t.covered_after += m.covered_after;
            t.unreachable += m.unreachable;
            t.unknown += m.unknown;
            t.branches.add(&m.branches);
            if let Some(ms) = m.time_ms {
                t.time_ms = Some(t.time_ms.unwrap_or(0.0) + ms);
            }
        }
        t
    }

    /// `66.7%`: covered over the targets not proved unreachable.
    fn coverage(&self) -> String {
        let reachable = self.targets.saturating_sub(self.unreachable);
        let c = if reachable == 0 {
            1.0
        } else {
            self.covered_after as f64 / reachable as f64
        };
        format!("{:.1}%", c * 100.0)
    }

    /// `3/4`: branch outcomes the imported coverage took, over all.
    fn branches_before(&self) -> String {
        format!("{}/{}", self.branches.covered_before, self.branches.total)
    }

    /// `4/4 100.0%`: outcomes taken after the run, and their share of
    /// those not proved unreachable.
    fn branches_after(&self) -> String {
        let b = &self.branches;
        format!(
            "{}/{} {:.1}%",
            b.covered_after,
            b.total,
            b.coverage() * 100.0
        )
    }

    fn time(&self) -> String {
        self.time_ms.map_or("-".into(), millis)
    }
}

/// `0.47 s`, `12.3 ms` from milliseconds.
fn millis(ms: f64) -> String {
    super::report::seconds(Duration::from_secs_f64(ms.max(0.0) / 1e3))
}

fn line_suffix(line: Option<u16>) -> String {
    line.map_or(String::new(), |l| format!(" (line {l})"))
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// Reasons on one line: `a; b`.
pub fn joined(reasons: &[ReasonEntry]) -> String {
    reasons
        .iter()
        .map(|r| r.message.as_str())
        .collect::<Vec<_>>()
        .join("; ")
}

impl Document {
    /// Each unknown target: `(method, target, line, reasons)`, in method
    /// order, blocks then branch outcomes.
    fn unknown_targets(&self) -> Vec<(&MethodEntry, String, Option<u16>, String)> {
        self.methods
            .iter()
            .flat_map(|m| m.target_list.iter().map(move |t| (m, t)))
            .filter(|(_, t)| t.verdict == Verdict::Unknown)
            .map(|(m, t)| {
                let reasons = t.reasons.as_deref().map_or(String::new(), joined);
                (m, target_name(t), t.line, reasons)
            })
            .collect()
    }

    /// Where coverage comes from, and what was imported.
    pub fn source_note(&self) -> String {
        let mut s = match self.coverage_source {
            CoverageSource::Replay => {
                "coverage: pcs executed in the JVM by the replay of each test".to_string()
            }
            CoverageSource::SearchClaim => {
                "coverage: the search's claim (no replay): the blocks on each path found"
                    .to_string()
            }
        };
        if let Some(i) = &self.imported {
            let _ = write!(s, "; covered before: {i}");
        }
        s
    }

    /// `12 new tests`, or `12 new tests (kept of 15 states found: the
    /// others covered nothing more)`.
    pub fn tests_note(&self) -> String {
        let kept = self.tests.len();
        let mut note = if self.states_found > kept {
            format!(
                "{kept} new tests (kept of {} states found: the others covered nothing more)",
                self.states_found
            )
        } else {
            format!("{kept} new tests")
        };
        let o = self.objects;
        if o.constructor + o.reflection > 0 {
            let _ = write!(
                note,
                "; objects of program classes: {} made by constructors, {} by reflection",
                o.constructor, o.reflection
            );
        }
        note
    }

    /// `time 1.20 s (parse ..., search ...: solver ..., labeling ...; replay ...)`.
    fn time_parts(&self) -> Option<[String; 6]> {
        self.timing.as_ref().map(|t| {
            [
                millis(t.wall_ms),
                millis(t.parse_ms),
                millis(t.search_ms),
                millis(t.solver_ms),
                millis(t.labeling_ms),
                millis(t.replay_ms),
            ]
        })
    }

    /// The terminal table.
    pub fn text(&self) -> String {
        let header = [
            "method",
            "bytecodes",
            "targets",
            "before",
            "after",
            "coverage",
            "unreachable",
            "unknown",
            "branches before",
            "branches after",
            "time",
        ];
        let cell = |r: &Figures, name: String| {
            [
                name,
                r.bytecodes.to_string(),
                r.targets.to_string(),
                r.covered_before.to_string(),
                r.covered_after.to_string(),
                r.coverage(),
                r.unreachable.to_string(),
                r.unknown.to_string(),
                r.branches_before(),
                r.branches_after(),
                r.time(),
            ]
        };
        let mut rows: Vec<[String; 11]> = self
            .methods
            .iter()
            .map(|m| cell(&Figures::of(m), m.label()))
            .collect();
        if self.methods.len() > 1 {
            rows.push(cell(&Figures::total(&self.methods), "total".into()));
        }
        let mut width = header.map(str::len);
        for r in &rows {
            for (w, c) in width.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            for (i, (c, w)) in cells.iter().zip(width).enumerate() {
                if i == 0 {
                    let _ = write!(out, "{c:<w$}");
                } else {
                    let _ = write!(out, "  {c:>w$}");
                }
            }
            out.push('\n');
        };
        line(&mut out, &header.map(String::from));
        for r in &rows {
            line(&mut out, r);
        }
        let unknowns = self.unknown_targets();
        if !unknowns.is_empty() {
            out.push_str("unknown:\n");
            for (m, pc, l, reasons) in unknowns {
                let _ = writeln!(out, "  {} {pc}{}: {reasons}", m.label(), line_suffix(l));
            }
        }
        let _ = writeln!(out, "{}; {}", self.tests_note(), self.source_note());
        if let Some(c) = &self.suite_check {
            let _ = writeln!(out, "suite check: {}", c.summary());
        }
        if let Some([wall, parse, search, solver, labeling, replay]) = self.time_parts() {
            let _ = writeln!(
                out,
                "time {wall} (parse {parse}, search {search}: solver {solver}, labeling {labeling}; replay {replay})",
            );
        }
        out
    }

    /// The Markdown report written beside the tests.
    pub fn markdown(&self) -> String {
        let mut out = String::from("# jaut cover\n\n");
        let _ = writeln!(out, "{}.\n", capitalized(&self.source_note()));
        out.push_str(
            "| method | bytecodes | targets | covered before | covered after | coverage | proved unreachable | unknown | branches before | branches after | time |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        let mut rows: Vec<(String, Figures)> = self
            .methods
            .iter()
            .map(|m| (format!("`{}`", m.label()), Figures::of(m)))
            .collect();
        if self.methods.len() > 1 {
            rows.push(("**total**".into(), Figures::total(&self.methods)));
        }
        for (name, r) in rows {
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.bytecodes,
                r.targets,
                r.covered_before,
                r.covered_after,
                r.coverage(),
                r.unreachable,
                r.unknown,
                r.branches_before(),
                r.branches_after(),
                r.time()
            );
        }
        let unknowns = self.unknown_targets();
        if !unknowns.is_empty() {
            out.push_str("\n## Unknown targets\n\n");
            for (m, pc, l, reasons) in unknowns {
                let _ = writeln!(out, "- `{}` {pc}{}: {reasons}", m.label(), line_suffix(l));
            }
        }
        let proofs: Vec<_> = self
            .methods
            .iter()
            .flat_map(|m| m.target_list.iter().map(move |t| (m, t)))
            .filter(|(_, t)| t.verdict == Verdict::Unreachable)
            .collect();
        if !proofs.is_empty() {
            out.push_str("\n## Unreachable targets\n\n");
            for (m, t) in proofs {
                let _ = writeln!(
                    out,
                    "- `{}` {}{}: {}",
                    m.label(),
                    target_name(t),
                    line_suffix(t.line),
                    unreachable_why(t.by, t.conflicts.as_deref())
                );
            }
        }
        if !self.tests.is_empty() {
            let _ = writeln!(
                out,
                "\n## New tests\n\n{}.\n",
                capitalized(&self.tests_note())
            );
            out.push_str("| test | method | aimed at pc | covers pcs |\n|---:|---|---:|---|\n");
            for (i, t) in self.tests.iter().enumerate() {
                let pcs: Vec<String> = t.covers.iter().map(u32::to_string).collect();
                let _ = writeln!(
                    out,
                    "| {i} | `{}` | {} | {} |",
                    t.label(),
                    t.target,
                    pcs.join(" ")
                );
            }
        }
        if let Some(c) = &self.suite_check {
            let _ = writeln!(out, "\n## Suite check\n\n{}.", capitalized(&c.summary()));
            let taken = c
                .dropped_assertions
                .iter()
                .map(|t| ("assertion dropped", t))
                .chain(c.removed_tests.iter().map(|t| ("test removed", t)));
            for (what, t) in taken {
                let statement = t
                    .statement
                    .as_deref()
                    .map_or_else(String::new, |s| format!(" `{s}`"));
                let _ = writeln!(
                    out,
                    "- `{}`: {what}{statement} ({}): {}",
                    t.test,
                    t.cause.describe(),
                    t.message
                );
            }
        }
        if let Some([wall, parse, search, solver, labeling, replay]) = self.time_parts() {
            let _ = writeln!(
                out,
                "\nTime: {wall} wall; parse {parse}, search {search} (solver {solver}, labeling {labeling}), replay {replay}.",
            );
        }
        out
    }
}

/// `pc 12` for a block, `branch pc 7 -> 12` for a branch outcome.
pub fn target_name(t: &TargetEntry) -> String {
    match t.from {
        Some(from) => format!("branch pc {from} -> {}", t.pc),
        None => format!("pc {}", t.pc),
    }
}

/// Why an unreachable target is: dead code, or a proof and where its
/// paths died.
pub fn unreachable_why(by: Option<By>, conflicts: Option<&[String]>) -> String {
    match (by, conflicts) {
        (Some(By::DeadCode), _) => "dead code (no CFG path from the entry)".to_string(),
        (_, Some(c)) if !c.is_empty() => {
            format!("every path refuted; paths die at {}", c.join(", "))
        }
        _ => "every path refuted".to_string(),
    }
}
