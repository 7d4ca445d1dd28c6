//! The outcome of a cover run: every target's status, the tests, a row per
//! method (after the JAUT paper's Fig. 5: bytecodes, targets, covered
//! before, covered after, proved unreachable, unknown, time), and the
//! report as data ([`Report::document`], `document.rs`) from which the
//! terminal table, the JSON and the Markdown are rendered (`render.rs`).
//!
//! Every form can leave the times out (`times = false`), so that two runs
//! can be compared byte for byte: times are the only thing that varies
//! between runs with the same inputs, whatever the number of threads.

use std::time::Duration;

use serde_json::Value;

use super::document::{
    BranchCounts, By, CoverageSource, Document, ElsewhereEntry, FirstPassEntry, MethodEntry,
    ReasonEntry, TargetEntry, TestEntry, TimelineEntry, TimingEntry, Verdict, ViaEntry, SCHEMA,
};
use super::{Covered, GeneratedTest, Origin, Status, Target, Timing, Unit};
use crate::pipeline::Strategy;

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
    /// The branch outcomes' counts (the fields above count blocks).
    pub branches: BranchCounts,
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
    /// Blocks covered over time: a point at the start, one each time the
    /// count grew, one at the end.
    pub timeline: Vec<super::TimelinePoint>,
    /// What the first pass did; `None` when it did not run (`--no-replay`,
    /// `--no-first-pass`).
    pub first_pass: Option<super::first_pass::Summary>,
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        units: Vec<Unit>,
        targets: Vec<Target>,
        status: Vec<Status>,
        tests: Vec<GeneratedTest>,
        unit_time: Vec<Duration>,
        covered: Vec<Covered>,
        timing: Timing,
        replayed: bool,
    ) -> Report {
        let rows = units
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let mine = |branch: bool| {
                    targets
                        .iter()
                        .zip(&status)
                        .filter(move |(t, _)| t.unit == u && t.is_branch() == branch)
                        .map(|(_, s)| s)
                };
                let count = |branch: bool, f: &dyn Fn(&Status) -> bool| {
                    mine(branch).filter(|s| f(s)).count()
                };
                let counts = |branch: bool| BranchCounts {
                    total: mine(branch).count(),
                    covered_before: count(branch, &|s| matches!(s, Status::CoveredBefore)),
                    covered_after: count(branch, &|s| s.verdict() == "reached"),
                    unreachable: count(branch, &|s| s.verdict() == "unreachable"),
                    unknown: count(branch, &|s| s.verdict() == "unknown"),
                };
                let blocks = counts(false);
                let code = unit.code();
                Row {
                    class: unit.class.java_name(),
                    method: unit.method().name.clone(),
                    descriptor: unit.method().descriptor.clone(),
                    bytecodes: code.instructions.len(),
                    targets: blocks.total,
                    covered_before: blocks.covered_before,
                    covered_after: blocks.covered_after,
                    unreachable: blocks.unreachable,
                    unknown: blocks.unknown,
                    instructions_covered: code
                        .instructions
                        .iter()
                        .filter(|i| covered[u].pcs.contains(&i.pc))
                        .count(),
                    branches: counts(true),
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
            timeline: Vec::new(),
            first_pass: None,
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

    /// The targets reached by a test whose state a forward strategy found
    /// rather than the backward search ([`crate::concolic`],
    /// [`crate::seed`]), with the strategy.
    pub fn found_forward(&self) -> impl Iterator<Item = (&Unit, &Target, Strategy)> {
        self.targets
            .iter()
            .zip(&self.status)
            .filter_map(move |(t, s)| match s {
                Status::Reached { test, .. } => self
                    .tests
                    .get(*test)
                    .and_then(|g| g.origin.forward())
                    .map(|strategy| (&self.units[t.unit], t, strategy)),
                _ => None,
            })
    }

    /// The report as data, from which every form is rendered; `times =
    /// false` leaves the times out. `shard` is the part of a sharded run
    /// this report holds.
    pub fn document(&self, times: bool) -> Document {
        let ms = |d: Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
        let methods: Vec<MethodEntry> = self
            .rows
            .iter()
            .enumerate()
            .map(|(u, r)| {
                let target_list: Vec<TargetEntry> = self
                    .targets
                    .iter()
                    .zip(&self.status)
                    .filter(|(t, _)| t.unit == u)
                    .map(|(t, s)| self.target_entry(t, s))
                    .collect();
                MethodEntry {
                    class: r.class.clone(),
                    method: r.method.clone(),
                    descriptor: r.descriptor.clone(),
                    bytecodes: r.bytecodes,
                    targets: r.targets,
                    covered_before: r.covered_before,
                    covered_after: r.covered_after,
                    unreachable: r.unreachable,
                    unknown: r.unknown,
                    reachable_coverage: MethodEntry::coverage_of(
                        r.targets,
                        r.unreachable,
                        r.covered_after,
                    ),
                    instructions_covered: r.instructions_covered,
                    branches: r.branches,
                    time_ms: times.then(|| ms(r.time)),
                    target_list,
                }
            })
            .collect();
        let tests: Vec<TestEntry> =
            self.tests
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let u = &self.units[t.unit];
                    TestEntry {
                        id: i,
                        class: u.class.java_name(),
                        method: u.method().name.clone(),
                        descriptor: u.method().descriptor.clone(),
                        target: t.target,
                        target_from: t.target_from,
                        covers: t.covers.clone(),
                        edges: t.edges.clone(),
                        uncredited: t.uncredited.pcs.iter().copied().collect(),
                        state: serde_json::to_value(&t.state).expect("states serialize"),
                        ended: t.observation.as_ref().map(|o| {
                            serde_json::to_value(&o.ended).expect("observations serialize")
                        }),
                        elsewhere: t
                            .elsewhere
                            .iter()
                            .map(|(u, c)| ElsewhereEntry {
                                method: self.units[*u].method().name.clone(),
                                descriptor: self.units[*u].method().descriptor.clone(),
                                covers: c.pcs.iter().copied().collect(),
                                edges: c.edges.iter().copied().collect(),
                            })
                            .collect(),
                        via: t.via.as_ref().map(|v| ViaEntry {
                            method: self.units[v.unit].method().name.clone(),
                            descriptor: self.units[v.unit].method().descriptor.clone(),
                            target: v.pc,
                            target_from: v.from,
                            calls: v.calls.clone(),
                        }),
                    }
                })
                .collect();
        let tm = &self.timing;
        Document {
            schema: SCHEMA,
            coverage_source: if self.replayed {
                CoverageSource::Replay
            } else {
                CoverageSource::SearchClaim
            },
            imported: self.imported.clone(),
            methods,
            objects: super::document::ObjectCounts::of_tests(&tests),
            tests,
            states_found: self.states_found.max(self.tests.len()),
            timing: times.then(|| TimingEntry {
                wall_ms: ms(tm.wall),
                parse_ms: ms(tm.parse),
                search_ms: ms(tm.search),
                solver_ms: ms(tm.solver),
                labeling_ms: ms(tm.labeling),
                replay_ms: ms(tm.replay),
                dropped: tm.dropped,
                first_pass_ms: ms(tm.first_pass),
            }),
            first_pass: self.first_pass.map(|f| FirstPassEntry {
                runs: f.runs,
                kept: f.kept,
            }),
            timeline: times.then(|| {
                let blocks = self.targets.iter().filter(|t| !t.is_branch()).count();
                self.timeline
                    .iter()
                    .map(|p| TimelineEntry {
                        seconds: (p.at.as_secs_f64() * 1000.0).round() / 1000.0,
                        blocks_covered: p.blocks_covered,
                        blocks,
                    })
                    .collect()
            }),
            shard: None,
            suite_check: None,
        }
    }

    fn target_entry(&self, t: &Target, s: &Status) -> TargetEntry {
        let mut e = TargetEntry {
            pc: t.pc,
            from: t.from,
            line: t.line,
            block: t.block,
            depth: t.depth,
            verdict: match s.verdict() {
                "reached" => Verdict::Reached,
                "unreachable" => Verdict::Unreachable,
                _ => Verdict::Unknown,
            },
            by: None,
            test: None,
            aimed: None,
            seeded: None,
            concolic: None,
            first_pass: None,
            conflicts: None,
            reasons: None,
        };
        match s {
            Status::CoveredBefore => e.by = Some(By::ExistingTests),
            Status::Reached { test, aimed } => {
                e.by = Some(By::Test);
                e.test = Some(*test);
                e.aimed = Some(*aimed);
                match self.tests.get(*test).map(|t| t.origin) {
                    Some(Origin::Forward(Strategy::Seeded)) => e.seeded = Some(true),
                    Some(Origin::Forward(Strategy::Concolic { .. })) => e.concolic = Some(true),
                    Some(Origin::FirstPass) => e.first_pass = Some(true),
                    Some(Origin::Search) | None => {}
                }
            }
            Status::Dead => e.by = Some(By::DeadCode),
            Status::Unreachable { conflicts } => {
                e.by = Some(By::Proof);
                e.conflicts = Some(conflicts.clone());
            }
            Status::Unknown { reasons } => {
                e.reasons = Some(
                    reasons
                        .iter()
                        .map(|r| ReasonEntry {
                            kind: r.kind(),
                            message: r.to_string(),
                        })
                        .collect(),
                );
            }
        }
        e
    }

    /// The terminal table; `times = false` leaves the times out.
    pub fn text(&self, times: bool) -> String {
        self.document(times).text()
    }

    /// The JSON document (docs/cover-json.md).
    pub fn json(&self, times: bool) -> Value {
        serde_json::to_value(self.document(times)).expect("documents serialize")
    }

    /// The Markdown report written beside the tests.
    pub fn markdown(&self, times: bool) -> String {
        self.document(times).markdown()
    }
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
