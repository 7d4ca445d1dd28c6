//! The outcome of a cover run and its three forms: the terminal table, the
//! JSON document (schema in `docs/cover-json.md`) and the Markdown report
//! written beside the tests. One row per method, after the JAUT paper's
//! Fig. 5: bytecodes, targets, covered before, covered after, proved
//! unreachable, unknown (with reasons), time.
//!
//! Every form can leave the times out (`times = false`), so that two runs
//! can be compared byte for byte: times are the only thing that varies
//! between runs with the same inputs, whatever the number of threads.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::time::Duration;

use serde_json::{json, Value};

use super::{GeneratedTest, Status, Target, Timing, Unit};
use crate::classfile::Pc;

/// A method's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// `pkg.C`.
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub bytecodes: usize,
    pub targets: usize,
    /// Targets the imported coverage already covered.
    pub covered_before: usize,
    /// Covered before plus reached by the new tests.
    pub covered_after: usize,
    /// Dead code plus proofs.
    pub unreachable: usize,
    pub unknown: usize,
    /// Instructions executed (replay) or claimed (no replay), imported
    /// coverage included.
    pub instructions_covered: usize,
    /// Search and replay time of the method's attempts.
    pub time: Duration,
}

impl Row {
    /// Covered targets over the targets not proved unreachable (1 when all
    /// are unreachable).
    pub fn reachable_coverage(&self) -> f64 {
        let reachable = self.targets - self.unreachable;
        if reachable == 0 {
            1.0
        } else {
            self.covered_after as f64 / reachable as f64
        }
    }
}

/// Everything a cover run found.
#[derive(Debug, Clone)]
pub struct Report {
    pub units: Vec<Unit>,
    pub targets: Vec<Target>,
    /// Parallel to `targets`.
    pub status: Vec<Status>,
    pub tests: Vec<GeneratedTest>,
    pub rows: Vec<Row>,
    pub timing: Timing,
    /// Whether coverage comes from replays in the JVM (otherwise it is the
    /// search's claim).
    pub replayed: bool,
    /// Where imported coverage came from, for the report.
    pub imported: Option<String>,
    /// States found and confirmed during the run; only those covering
    /// something no other kept test covers became `tests`.
    pub states_found: usize,
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        units: Vec<Unit>,
        targets: Vec<Target>,
        status: Vec<Status>,
        tests: Vec<GeneratedTest>,
        unit_time: Vec<Duration>,
        covered: Vec<BTreeSet<Pc>>,
        timing: Timing,
        replayed: bool,
    ) -> Report {
        let rows = units
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let mine = || {
                    targets
                        .iter()
                        .zip(&status)
                        .filter(move |(t, _)| t.unit == u)
                        .map(|(_, s)| s)
                };
                let count = |f: &dyn Fn(&Status) -> bool| mine().filter(|s| f(s)).count();
                let code = unit.code();
                Row {
                    class: unit.class.java_name(),
                    method: unit.method().name.clone(),
                    descriptor: unit.method().descriptor.clone(),
                    bytecodes: code.instructions.len(),
                    targets: mine().count(),
                    covered_before: count(&|s| matches!(s, Status::CoveredBefore)),
                    covered_after: count(&|s| s.verdict() == "reached"),
                    unreachable: count(&|s| s.verdict() == "unreachable"),
                    unknown: count(&|s| s.verdict() == "unknown"),
                    instructions_covered: code
                        .instructions
                        .iter()
                        .filter(|i| covered[u].contains(&i.pc))
                        .count(),
                    time: unit_time[u],
                }
            })
            .collect();
        Report {
            units,
            targets,
            status,
            tests,
            rows,
            timing,
            replayed,
            imported: None,
            states_found: 0,
        }
    }

    /// Whether any target ended unknown.
    pub fn has_unknown(&self) -> bool {
        self.status.iter().any(|s| s.verdict() == "unknown")
    }

    /// Each unknown target with its reasons: `(unit, target, reasons)`.
    pub fn unknowns(&self) -> impl Iterator<Item = (&Unit, &Target, &[crate::reason::Reason])> {
        self.targets
            .iter()
            .zip(&self.status)
            .filter_map(move |(t, s)| match s {
                Status::Unknown { reasons } => Some((&self.units[t.unit], t, reasons.as_slice())),
                _ => None,
            })
    }

    /// The targets reached by a constant-seeded test rather than by a state
    /// the search found ([`crate::seed`]).
    pub fn seeded(&self) -> impl Iterator<Item = (&Unit, &Target)> {
        self.targets
            .iter()
            .zip(&self.status)
            .filter_map(move |(t, s)| match s {
                Status::Reached { test, .. } if self.tests.get(*test).is_some_and(|g| g.seeded) => {
                    Some((&self.units[t.unit], t))
                }
                _ => None,
            })
    }

    fn source_note(&self) -> String {
        let mut s = if self.replayed {
            "coverage: pcs executed in the JVM by the replay of each test".to_string()
        } else {
            "coverage: the search's claim (no replay): the blocks on each path found".to_string()
        };
        if let Some(i) = &self.imported {
            let _ = write!(s, "; covered before: {i}");
        }
        s
    }

    fn totals(&self) -> Row {
        let mut t = Row {
            class: String::new(),
            method: "total".into(),
            descriptor: String::new(),
            bytecodes: 0,
            targets: 0,
            covered_before: 0,
            covered_after: 0,
            unreachable: 0,
            unknown: 0,
            instructions_covered: 0,
            time: Duration::ZERO,
        };
        for r in &self.rows {
            t.bytecodes += r.bytecodes;
            t.targets += r.targets;
            t.covered_before += r.covered_before;
            t.covered_after += r.covered_after;
            t.unreachable += r.unreachable;
            t.unknown += r.unknown;
            t.instructions_covered += r.instructions_covered;
            t.time += r.time;
        }
        t
    }

    /// The terminal table; `times = false` leaves the times out.
    pub fn text(&self, times: bool) -> String {
        let header = [
            "method",
            "bytecodes",
            "targets",
            "before",
            "after",
            "coverage",
            "unreachable",
            "unknown",
            "time",
        ];
        let mut rows: Vec<[String; 9]> = Vec::new();
        let cell = |r: &Row, name: String| {
            [
                name,
                r.bytecodes.to_string(),
                r.targets.to_string(),
                r.covered_before.to_string(),
                r.covered_after.to_string(),
                format!("{:.1}%", r.reachable_coverage() * 100.0),
                r.unreachable.to_string(),
                r.unknown.to_string(),
                if times { seconds(r.time) } else { "-".into() },
            ]
        };
        for r in &self.rows {
            rows.push(cell(r, format!("{}.{}{}", r.class, r.method, r.descriptor)));
        }
        if self.rows.len() > 1 {
            let t = self.totals();
            rows.push(cell(&t, "total".into()));
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
        let unknowns: Vec<_> = self.unknowns().collect();
        if !unknowns.is_empty() {
            out.push_str("unknown:\n");
            for (u, t, reasons) in unknowns {
                let _ = writeln!(
                    out,
                    "  {} pc {}{}: {}",
                    u.label(),
                    t.pc,
                    line_suffix(t.line),
                    crate::reason::joined(reasons)
                );
            }
        }
        let _ = writeln!(out, "{}; {}", self.tests_note(), self.source_note());
        if times {
            let tm = &self.timing;
            let _ = writeln!(
                out,
                "time {} (parse {}, search {}: solver {}, labeling {}; replay {})",
                seconds(tm.wall),
                seconds(tm.parse),
                seconds(tm.search),
                seconds(tm.solver),
                seconds(tm.labeling),
                seconds(tm.replay)
            );
        }
        out
    }

    /// The JSON document (docs/cover-json.md).
    pub fn json(&self, times: bool) -> Value {
        let ms = |d: Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
        let methods: Vec<Value> = self
            .rows
            .iter()
            .enumerate()
            .map(|(u, r)| {
                let targets: Vec<Value> = self
                    .targets
                    .iter()
                    .zip(&self.status)
                    .filter(|(t, _)| t.unit == u)
                    .map(|(t, s)| {
                        let mut v = json!({
                            "pc": t.pc,
                            "line": t.line,
                            "block": t.block,
                            "depth": t.depth,
                            "verdict": s.verdict(),
                        });
                        match s {
                            Status::CoveredBefore => v["by"] = json!("existing-tests"),
                            Status::Reached { test, aimed } => {
                                v["by"] = json!("test");
                                v["test"] = json!(test);
                                v["aimed"] = json!(aimed);
                                if self.tests.get(*test).is_some_and(|t| t.seeded) {
                                    v["seeded"] = json!(true);
                                }
                            }
                            Status::Dead => v["by"] = json!("dead-code"),
                            Status::Unreachable { conflicts } => {
                                v["by"] = json!("proof");
                                v["conflicts"] = json!(conflicts);
                            }
                            Status::Unknown { reasons } => v["reasons"] = json!(reasons),
                        }
                        v
                    })
                    .collect();
                let mut m = json!({
                    "class": r.class,
                    "method": r.method,
                    "descriptor": r.descriptor,
                    "bytecodes": r.bytecodes,
                    "targets": r.targets,
                    "covered_before": r.covered_before,
                    "covered_after": r.covered_after,
                    "unreachable": r.unreachable,
                    "unknown": r.unknown,
                    "reachable_coverage": (r.reachable_coverage() * 1e4).round() / 1e4,
                    "instructions_covered": r.instructions_covered,
                });
                if times {
                    m["time_ms"] = json!(ms(r.time));
                }
                m["target_list"] = json!(targets);
                m
            })
            .collect();
        let tests: Vec<Value> = self
            .tests
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let u = &self.units[t.unit];
                let mut v = json!({
                    "id": i,
                    "class": u.class.java_name(),
                    "method": u.method().name,
                    "descriptor": u.method().descriptor,
                    "target": t.target,
                    "covers": t.covers,
                    "state": serde_json::to_value(&t.state).expect("states serialize"),
                });
                if let Some(o) = &t.observation {
                    v["ended"] = serde_json::to_value(&o.ended).expect("observations serialize");
                }
                v
            })
            .collect();
        let mut doc = json!({
            "schema": 2,
            "coverage_source": if self.replayed { "replay" } else { "search-claim" },
            "imported": self.imported,
            "methods": methods,
            "tests": tests,
            "states_found": self.states_found.max(self.tests.len()),
        });
        if times {
            let tm = &self.timing;
            doc["timing"] = json!({
                "wall_ms": ms(tm.wall),
                "parse_ms": ms(tm.parse),
                "search_ms": ms(tm.search),
                "solver_ms": ms(tm.solver),
                "labeling_ms": ms(tm.labeling),
                "replay_ms": ms(tm.replay),
                "dropped": tm.dropped,
            });
        }
        doc
    }

    /// `12 new tests`, or `12 new tests (kept of 15 states found: the
    /// others covered nothing more)`.
    pub fn tests_note(&self) -> String {
        let kept = self.tests.len();
        if self.states_found > kept {
            format!(
                "{kept} new tests (kept of {} states found: the others covered nothing more)",
                self.states_found
            )
        } else {
            format!("{kept} new tests")
        }
    }

    /// The Markdown report written beside the tests.
    pub fn markdown(&self, times: bool) -> String {
        let mut out = String::from("# jaut cover\n\n");
        let _ = writeln!(out, "{}.\n", capitalized(&self.source_note()));
        out.push_str(
            "| method | bytecodes | targets | covered before | covered after | coverage | proved unreachable | unknown | time |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        let mut rows: Vec<(String, &Row)> = self
            .rows
            .iter()
            .map(|r| (format!("`{}.{}{}`", r.class, r.method, r.descriptor), r))
            .collect();
        let total = self.totals();
        if self.rows.len() > 1 {
            rows.push(("**total**".into(), &total));
        }
        for (name, r) in rows {
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {:.1}% | {} | {} | {} |",
                r.bytecodes,
                r.targets,
                r.covered_before,
                r.covered_after,
                r.reachable_coverage() * 100.0,
                r.unreachable,
                r.unknown,
                if times { seconds(r.time) } else { "-".into() }
            );
        }
        let unknowns: Vec<_> = self.unknowns().collect();
        if !unknowns.is_empty() {
            out.push_str("\n## Unknown targets\n\n");
            for (u, t, reasons) in unknowns {
                let _ = writeln!(
                    out,
                    "- `{}` pc {}{}: {}",
                    u.label(),
                    t.pc,
                    line_suffix(t.line),
                    crate::reason::joined(reasons)
                );
            }
        }
        let proofs: Vec<_> = self
            .targets
            .iter()
            .zip(&self.status)
            .filter(|(_, s)| s.verdict() == "unreachable")
            .collect();
        if !proofs.is_empty() {
            out.push_str("\n## Unreachable targets\n\n");
            for (t, s) in proofs {
                let why = match s {
                    Status::Dead => "dead code (no CFG path from the entry)".to_string(),
                    Status::Unreachable { conflicts } if conflicts.is_empty() => {
                        "every path refuted".to_string()
                    }
                    Status::Unreachable { conflicts } => {
                        format!("every path refuted; paths die at {}", conflicts.join(", "))
                    }
                    _ => String::new(),
                };
                let _ = writeln!(
                    out,
                    "- `{}` pc {}{}: {why}",
                    self.units[t.unit].label(),
                    t.pc,
                    line_suffix(t.line)
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
                    self.units[t.unit].label(),
                    t.target,
                    pcs.join(" ")
                );
            }
        }
        if times {
            let tm = &self.timing;
            let _ = writeln!(
                out,
                "\nTime: {} wall; parse {}, search {} (solver {}, labeling {}), replay {}.",
                seconds(tm.wall),
                seconds(tm.parse),
                seconds(tm.search),
                seconds(tm.solver),
                seconds(tm.labeling),
                seconds(tm.replay)
            );
        }
        out
    }
}

fn line_suffix(line: Option<u16>) -> String {
    line.map_or(String::new(), |l| format!(" (line {l})"))
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// `0.47 s`, `12.3 ms`.
pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.1} ms", s * 1000.0)
    } else {
        format!("{s:.2} s")
    }
}
