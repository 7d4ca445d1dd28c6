//! The report of a cover run as data: the JSON document of
//! `docs/cover-json.md` (schema 2) as typed values, which serialize to it
//! and read back from it. Every form of the report — the terminal table,
//! `jaut-cover.md`, `jaut-cover.json`, the HTML page — is rendered from a
//! [`Document`], so a report rebuilt from the JSON of shard runs
//! (`jaut merge`, [`super::merge`]) prints the same bytes as the report of
//! one run over the same targets.
//!
//! Field order is the JSON's key order; optional fields are left out when
//! absent, as the schema says.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::shard::Shard;
use crate::reason::Kind;

/// The schema version this jaut writes and reads.
pub const SCHEMA: u32 = 2;

/// A whole cover report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub schema: u32,
    pub coverage_source: CoverageSource,
    /// Where imported coverage came from (`--jacoco`, `--tests`).
    pub imported: Option<String>,
    pub methods: Vec<MethodEntry>,
    pub tests: Vec<TestEntry>,
    /// States found and confirmed, before the suite was minimised.
    pub states_found: usize,
    /// Absent with `--no-times`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<TimingEntry>,
    /// Blocks covered over time (absent with `--no-times`): a point at the
    /// start, one each time the count grew, one at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeline: Option<Vec<TimelineEntry>>,
    /// What the first pass did (absent when it did not run: `--no-replay`,
    /// `--no-first-pass`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_pass: Option<FirstPassEntry>,
    /// Present in the report of a `--shard K/N` run only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardEntry>,
    /// What compiling and running the suite took out (absent with
    /// `--no-check`, `--no-replay` or no tests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suite_check: Option<crate::junit::check::SuiteCheck>,
    /// The objects of program classes in the tests' states, by how they
    /// are made (`--objects`).
    #[serde(default)]
    pub objects: ObjectCounts,
}

/// Objects of program classes in a suite's states, by how the tests make
/// them (docs/objects.md).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectCounts {
    /// Made by a call of one of their class's constructors.
    pub constructor: usize,
    /// Allocated without a constructor, their fields written.
    pub reflection: usize,
}

impl ObjectCounts {
    /// The counts over the states of `tests` (their `built_by` marks).
    pub fn of_tests(tests: &[TestEntry]) -> ObjectCounts {
        let mut c = ObjectCounts::default();
        for t in tests {
            let objects = t.state.get("objects").and_then(Value::as_array);
            // JDK values made by their factories are no program objects.
            let program = |o: &&Value| {
                let class = o.get("class").and_then(Value::as_str).unwrap_or("");
                !crate::construct::jdk::is_jdk(class)
            };
            for o in objects.into_iter().flatten().filter(program) {
                match o.get("built_by").and_then(Value::as_str) {
                    Some("constructor") => c.constructor += 1,
                    Some("reflection") => c.reflection += 1,
                    _ => {}
                }
            }
        }
        c
    }

    /// The share made by constructors, in percent (none without objects).
    pub fn constructor_percent(&self) -> Option<f64> {
        let total = self.constructor + self.reflection;
        (total > 0).then(|| 100.0 * self.constructor as f64 / total as f64)
    }
}

/// Where the covered pcs come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoverageSource {
    /// The pcs the JVM executed when each test was replayed.
    Replay,
    /// `--no-replay`: the blocks on each path the search found.
    SearchClaim,
}

/// One method's row and its targets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MethodEntry {
    /// Java form, `pkg.Outer$Inner`.
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub bytecodes: usize,
    pub targets: usize,
    pub covered_before: usize,
    pub covered_after: usize,
    pub unreachable: usize,
    pub unknown: usize,
    /// `covered_after / (targets - unreachable)`, 4 decimals.
    pub reachable_coverage: f64,
    pub instructions_covered: usize,
    /// The branch outcomes' counts (the block counts are the fields above).
    #[serde(default)]
    pub branches: BranchCounts,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
    /// Blocks, then branch outcomes (those have `from`).
    pub target_list: Vec<TargetEntry>,
}

/// A method's branch outcomes: each way of each conditional branch, each
/// distinct successor of each switch (JaCoCo's branch counter).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BranchCounts {
    pub total: usize,
    pub covered_before: usize,
    pub covered_after: usize,
    pub unreachable: usize,
    pub unknown: usize,
}

impl BranchCounts {
    /// The share of outcomes not proved unreachable that were taken after
    /// the run (1 when none is left), rounded as the JSON's coverages are.
    pub fn coverage(&self) -> f64 {
        MethodEntry::coverage_of(self.total, self.unreachable, self.covered_after)
    }

    /// Adds another method's counts.
    pub fn add(&mut self, o: &BranchCounts) {
        self.total += o.total;
        self.covered_before += o.covered_before;
        self.covered_after += o.covered_after;
        self.unreachable += o.unreachable;
        self.unknown += o.unknown;
    }
}

impl MethodEntry {
    /// `pkg.C.name(descriptor)`.
    pub fn label(&self) -> String {
        format!("{}.{}{}", self.class, self.method, self.descriptor)
    }

    /// [`Self::reachable_coverage`] from the counts, rounded as the JSON
    /// has it.
    pub fn coverage_of(targets: usize, unreachable: usize, covered_after: usize) -> f64 {
        let reachable = targets.saturating_sub(unreachable);
        let c = if reachable == 0 {
            1.0
        } else {
            covered_after as f64 / reachable as f64
        };
        (c * 1e4).round() / 1e4
    }
}

/// A target's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Reached,
    Unreachable,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Reached => "reached",
            Verdict::Unreachable => "unreachable",
            Verdict::Unknown => "unknown",
        }
    }
}

/// What settled a reached or unreachable target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum By {
    /// Imported coverage.
    ExistingTests,
    /// A new test (`test` says which).
    Test,
    /// No CFG path from the entry.
    DeadCode,
    /// The search refuted every path.
    Proof,
}

/// One target: a block's first instruction, or a branch outcome (the
/// branch at `from` followed by `pc`), and how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetEntry {
    pub pc: u32,
    /// A branch outcome's branch or switch pc; absent for a block.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<u32>,
    pub line: Option<u16>,
    pub block: usize,
    pub depth: Option<u32>,
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<By>,
    /// With `by: test`: the index in [`Document::tests`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aimed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeded: Option<bool>,
    /// The test's state was found by the concolic search
    /// ([`crate::concolic`]) after the backward search stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concolic: Option<bool>,
    /// The test is one of the first pass's (a simple input run before any
    /// search, [`super::first_pass`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_pass: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasons: Option<Vec<ReasonEntry>>,
}

/// A reason as the JSON forms spell it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReasonEntry {
    pub kind: Kind,
    pub message: String,
}

/// A generated test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestEntry {
    pub id: usize,
    pub class: String,
    pub method: String,
    pub descriptor: String,
    /// The pc it was made for.
    pub target: u32,
    /// For a test made for a branch outcome: its branch's pc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_from: Option<u32>,
    pub covers: Vec<u32>,
    /// Branch outcomes it took, `[branch pc, next pc]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<(u32, u32)>,
    /// Pcs of `covers` JaCoCo would not credit: the run ended in an
    /// exception before the probe after them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uncredited: Vec<u32>,
    /// The input state (`docs/state-json.md`), kept as JSON.
    pub state: Value,
    /// How the replayed call ended; absent without replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Value>,
    /// What it covered in other methods of its class (the helpers its
    /// method calls), JaCoCo-credited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elsewhere: Vec<ElsewhereEntry>,
    /// For a test through a caller: the target it was made for, in a
    /// private method its method calls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<ViaEntry>,
}

/// The target a test through a caller was made for: block `target` (or
/// the outcome `target_from` → `target`) of `method`, reached through
/// `calls`, the invokes from the test's method down to it, outermost
/// first (each: the calling method and the invoke's pc).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViaEntry {
    pub method: String,
    pub descriptor: String,
    pub target: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_from: Option<u32>,
    pub calls: Vec<crate::pipeline::ViaSite>,
}

/// A test's coverage in another method of its class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElsewhereEntry {
    pub method: String,
    pub descriptor: String,
    pub covers: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<(u32, u32)>,
}

impl TestEntry {
    /// `pkg.C.name(descriptor)` of the method it calls.
    pub fn label(&self) -> String {
        format!("{}.{}{}", self.class, self.method, self.descriptor)
    }
}

/// Where the time went, in milliseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimingEntry {
    pub wall_ms: f64,
    pub parse_ms: f64,
    pub search_ms: f64,
    pub solver_ms: f64,
    pub labeling_ms: f64,
    pub replay_ms: f64,
    pub dropped: usize,
    /// The first pass's wall time, its JVMs' start included (0 when it
    /// did not run).
    #[serde(default)]
    pub first_pass_ms: f64,
}

/// What the first pass did: the runs it made and those it kept as tests
/// (before the suite was minimised).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstPassEntry {
    pub runs: usize,
    pub kept: usize,
}

/// One point of the coverage over time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineEntry {
    /// Since the run began (classes loaded and CFGs built).
    pub seconds: f64,
    pub blocks_covered: usize,
    /// Blocks of the run, covered or not.
    pub blocks: usize,
}

/// Which part of a sharded run a report holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardEntry {
    /// 1-based.
    pub index: u32,
    pub count: u32,
    /// Every class of the whole selection (all shards), in the order one
    /// run would cover them: how `jaut merge` orders the methods.
    pub classes: Vec<String>,
}

impl ShardEntry {
    pub fn shard(&self) -> Shard {
        Shard {
            index: self.index,
            count: self.count,
        }
    }
}

impl Document {
    /// Whether any target ended unknown.
    pub fn has_unknown(&self) -> bool {
        self.methods
            .iter()
            .flat_map(|m| &m.target_list)
            .any(|t| t.verdict == Verdict::Unknown)
    }

    /// The JSON text, pretty-printed, with a final newline.
    pub fn to_json_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("documents serialize");
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_is_rounded_and_one_when_nothing_is_reachable() {
        assert_eq!(MethodEntry::coverage_of(3, 0, 2), 0.6667);
        assert_eq!(MethodEntry::coverage_of(2, 2, 0), 1.0);
    }

    #[test]
    fn enums_spell_as_the_schema_says() {
        assert_eq!(
            serde_json::to_string(&CoverageSource::SearchClaim).unwrap(),
            "\"search-claim\""
        );
        assert_eq!(
            serde_json::to_string(&By::ExistingTests).unwrap(),
            "\"existing-tests\""
        );
        let t: TargetEntry = serde_json::from_str(
            r#"{"pc": 3, "line": null, "block": 1, "depth": 2, "verdict": "unknown",
                "reasons": [{"kind": "loop-bound", "message": "m"}]}"#,
        )
        .unwrap();
        assert_eq!(t.verdict, Verdict::Unknown);
        assert_eq!(t.reasons.unwrap()[0].kind, Kind::LoopBound);
    }
}
