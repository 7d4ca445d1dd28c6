//! Why a backward path was cut, or why a target ended neither reached nor
//! proved: one typed [`Reason`] per cause.
//!
//! Section V of the JAUT paper makes a target unreachable only when every
//! backward path was refuted by the solver; a path that was *cut* instead
//! (a bound, an instruction the model does not cover, a solver that gave
//! up) or a refutation that leaned on an assumption about the world leaves
//! the target unknown. Those causes are values here, so the search, the
//! pipeline, `jaut cover` and the reports can tell them apart without
//! reading English: the text form ([`std::fmt::Display`]) is for people,
//! [`Reason::kind`] is the stable name tools read (the `kind` field of the
//! JSON forms, docs/state-json.md and docs/cover-json.md).

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A search bound, each raised by its own option.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Times one path may go around a loop back edge (`--max-loop`).
    Loop { max: u32 },
    /// Instructions on one backward path (`--max-path`).
    PathLength { max: usize },
    /// Nested calls below the method under test (`--max-call-depth`).
    CallDepth { max: usize },
    /// Activations of one method on the call stack (`--max-recursion`).
    Recursion { max: usize, method: String },
    /// Reads of reference fields on one path (`--max-derefs`).
    Derefs { max: usize },
    /// Wall time of the whole search (`--timeout`).
    Timeout { limit: Duration },
    /// Solver checks of one search (`Config::max_checks`, a deterministic
    /// budget for a quick first attempt).
    Checks { max: u64 },
    /// Resident memory of the process while a solver check ran (MiB): the
    /// watchdog interrupted the check (src/solver/guard.rs), so the search
    /// ended without its answer.
    SolverMemory { limit_mib: u64 },
    /// Iterations of one visit of a loop summarized over array cells
    /// (src/search/loop_cells.rs), at the loop head `at` (`--max-array-length`).
    Iterations { max: usize, at: String },
    /// Rows of each array of arrays a `multianewarray` makes (all levels
    /// but the last), a bound of the memory model (src/search/multi_array.rs).
    Rows { max: usize },
    /// Elements of a list a lookup (`contains`, `indexOf`) compares one by
    /// one, a bound of the collection model (src/search/lists.rs).
    CollectionScan { max: usize },
    /// An input sorted set or map taken in its keys' natural order, as the
    /// test builds it (`new TreeSet<>(…)`); one made with a `Comparator`
    /// may order them otherwise (src/search/sorted.rs).
    NaturalOrder,
    /// A map of a program's class that overrides `removeEldestEntry`
    /// (`class`), which the collection model's `put` does not run
    /// (src/search/keyed.rs).
    EldestEntryOverride { class: String },
    /// Elements of an input array or characters of an input string, checked
    /// when labeling (`--max-array-length`).
    ArrayLength {
        max: usize,
        needed: i64,
        what: String,
        units: String,
    },
}

/// Where the solver answered `unknown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolverPoint {
    /// While checking a path (the per-check time limit).
    Path,
    /// At the method entry, before labeling.
    Entry,
}

/// Why a path was cut, or a target is unknown.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A bound was hit.
    Bound(Bound),
    /// An instruction, call or edge the model does not cover; the text
    /// names it and where it is.
    Unsupported(String),
    /// Every path was refuted, but only under this assumption about the
    /// world (an interface with no implementation on the class path, a free
    /// result): no proof.
    ClosedWorld(String),
    /// A state was found, but it rests on this assumption (a result the
    /// model left free, a call taken to have no effect) and no replay
    /// confirmed it: no claim that the target is reached.
    Unconfirmed(String),
    /// The solver answered `unknown`.
    SolverUnknown(SolverPoint),
    /// A path was found but its inputs could not be made concrete.
    Labeling(String),
    /// The JVM ran the state the search found and did not execute the
    /// target: the model and the JVM disagree.
    ReplayMismatch { pc: u32, ended: String },
    /// The replay could not tell (the worker did not start, the code under
    /// test called `System.exit`, timed out, crashed).
    ReplayFailed(String),
    /// `--objects constructors`: the state found has objects of program
    /// classes no accessible constructor was shown to make (named here);
    /// making them by reflection could show a state no program makes.
    NotConstructible(String),
    /// The JVM confirmed the state found, but the JUnit writer cannot
    /// express it as a test (the text says why: a mock of an abstract JDK
    /// class, say): no test a person could keep, so the target is not
    /// counted as covered.
    NoTest(String),
    /// `jaut cover`: the JVM ran the target, but only in runs JaCoCo does
    /// not credit it for (each ends in an exception before a probe after
    /// the target, src/cover/credit.rs): the target is not counted as
    /// covered, as JaCoCo does not count it on the tests written.
    Uncredited,
    /// The method could not be analysed (no bytecode, classes that do not
    /// load).
    Analysis(String),
    /// A bug in jaut, caught so the other targets go on.
    Internal(String),
    /// The run stopped before the target was settled.
    Stopped(Stop),
}

/// Why a run stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// `jaut cover --budget`: the whole run's time limit was spent before
    /// the target was attempted.
    RunBudget { limit: Duration },
    /// SIGINT or SIGTERM.
    Interrupted,
}

/// The stable names of the reasons' kinds, as the JSON forms spell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    LoopBound,
    PathBound,
    CallDepthBound,
    RecursionBound,
    DerefBound,
    Timeout,
    CheckBudget,
    MemoryBound,
    ArrayLengthBound,
    Unsupported,
    ClosedWorld,
    Unconfirmed,
    SolverUnknown,
    Labeling,
    ReplayMismatch,
    ReplayFailed,
    NotConstructible,
    NoTest,
    Uncredited,
    Analysis,
    Internal,
    RunBudget,
    Interrupted,
}

impl Kind {
    /// The name in the JSON forms (`loop-bound`, `unsupported`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::LoopBound => "loop-bound",
            Kind::PathBound => "path-bound",
            Kind::CallDepthBound => "call-depth-bound",
            Kind::RecursionBound => "recursion-bound",
            Kind::DerefBound => "deref-bound",
            Kind::Timeout => "timeout",
            Kind::CheckBudget => "check-budget",
            Kind::MemoryBound => "memory-bound",
            Kind::ArrayLengthBound => "array-length-bound",
            Kind::Unsupported => "unsupported",
            Kind::ClosedWorld => "closed-world",
            Kind::Unconfirmed => "unconfirmed",
            Kind::SolverUnknown => "solver-unknown",
            Kind::Labeling => "labeling",
            Kind::ReplayMismatch => "replay-mismatch",
            Kind::ReplayFailed => "replay-failed",
            Kind::NotConstructible => "not-constructible",
            Kind::NoTest => "no-test",
            Kind::Uncredited => "uncredited",
            Kind::Analysis => "analysis",
            Kind::Internal => "internal",
            Kind::RunBudget => "run-budget",
            Kind::Interrupted => "interrupted",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Reason {
    pub fn kind(&self) -> Kind {
        match self {
            Reason::Bound(b) => match b {
                Bound::Loop { .. } | Bound::Iterations { .. } => Kind::LoopBound,
                Bound::PathLength { .. } => Kind::PathBound,
                Bound::CallDepth { .. } => Kind::CallDepthBound,
                Bound::Recursion { .. } => Kind::RecursionBound,
                Bound::Derefs { .. } => Kind::DerefBound,
                Bound::Timeout { .. } => Kind::Timeout,
                Bound::Checks { .. } => Kind::CheckBudget,
                Bound::SolverMemory { .. } => Kind::MemoryBound,
                Bound::NaturalOrder => Kind::ClosedWorld,
                Bound::EldestEntryOverride { .. } => Kind::Unsupported,
                Bound::ArrayLength { .. } | Bound::Rows { .. } | Bound::CollectionScan { .. } => {
                    Kind::ArrayLengthBound
                }
            },
            Reason::Unsupported(_) => Kind::Unsupported,
            Reason::ClosedWorld(_) => Kind::ClosedWorld,
            Reason::Unconfirmed(_) => Kind::Unconfirmed,
            Reason::SolverUnknown(_) => Kind::SolverUnknown,
            Reason::Labeling(_) => Kind::Labeling,
            Reason::ReplayMismatch { .. } => Kind::ReplayMismatch,
            Reason::ReplayFailed(_) => Kind::ReplayFailed,
            Reason::NotConstructible(_) => Kind::NotConstructible,
            Reason::NoTest(_) => Kind::NoTest,
            Reason::Uncredited => Kind::Uncredited,
            Reason::Analysis(_) => Kind::Analysis,
            Reason::Internal(_) => Kind::Internal,
            Reason::Stopped(Stop::RunBudget { .. }) => Kind::RunBudget,
            Reason::Stopped(Stop::Interrupted) => Kind::Interrupted,
        }
    }

    /// A loop bound: the search may deepen and try again.
    pub fn is_loop_bound(&self) -> bool {
        matches!(self, Reason::Bound(Bound::Loop { .. }))
    }

    /// The deterministic check budget ran out (not the wall time).
    pub fn is_check_budget(&self) -> bool {
        matches!(self, Reason::Bound(Bound::Checks { .. }))
    }

    /// The JSON form: `{ "kind": ..., "message": ... }`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({ "kind": self.kind().as_str(), "message": self.to_string() })
    }
}

/// Reasons for people, on one line: `a; b; c`.
pub fn joined(reasons: &[Reason]) -> String {
    reasons
        .iter()
        .map(Reason::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json().serialize(s)
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Loop { max } => {
                write!(f, "loop bound of {max} iterations (raise with --max-loop)")
            }
            Bound::PathLength { max } => write!(
                f,
                "path length bound of {max} instructions (raise with --max-path)"
            ),
            Bound::CallDepth { max } => {
                write!(f, "call depth bound of {max} (raise with --max-call-depth)")
            }
            Bound::Recursion { max, method } => write!(
                f,
                "recursion bound of {max} activations of {method} (raise with --max-recursion)"
            ),
            Bound::Derefs { max } => write!(
                f,
                "dereference bound of {max} reference reads (raise with --max-derefs)"
            ),
            Bound::Timeout { limit } => write!(
                f,
                "timeout after {:.1} s (raise with --timeout)",
                limit.as_secs_f64()
            ),
            Bound::Checks { max } => write!(f, "stopped after the budget of {max} solver checks"),
            Bound::SolverMemory { limit_mib } => write!(
                f,
                "memory bound: a solver check was interrupted as jaut's memory passed \
                 {limit_mib} MiB (or grew too fast under it)"
            ),
            Bound::Iterations { max, at } => write!(
                f,
                "loop bound of {max} iterations of the loop summarized at {at} (raise with --max-array-length)"
            ),
            Bound::Rows { max } => write!(
                f,
                "row bound of {max} rows per array of arrays a multianewarray makes"
            ),
            Bound::CollectionScan { max } => write!(
                f,
                "scan bound of {max} elements per lookup in a collection (contains, indexOf, get)"
            ),
            Bound::NaturalOrder => write!(
                f,
                "an input sorted set or map was taken in its keys' natural order (one made with a Comparator may order them otherwise)"
            ),
            Bound::EldestEntryOverride { class } => write!(
                f,
                "a map of {class}, whose removeEldestEntry the model's put does not run"
            ),
            Bound::ArrayLength {
                max,
                needed,
                what,
                units,
            } => write!(
                f,
                "labeling failed: an input {what} needs {needed} {units}, over the bound of {max} (raise with --max-array-length)"
            ),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Bound(b) => b.fmt(f),
            Reason::Unsupported(what) => write!(f, "unsupported: {what}"),
            Reason::ClosedWorld(a) => write!(f, "every path was refuted, but {a}"),
            Reason::Unconfirmed(a) => write!(
                f,
                "a state was found, but no replay confirmed it and it rests on an assumption: {a}"
            ),
            Reason::SolverUnknown(SolverPoint::Path) => {
                f.write_str("the solver answered unknown on a path (per-check limit)")
            }
            Reason::SolverUnknown(SolverPoint::Entry) => {
                f.write_str("the solver answered unknown at the entry")
            }
            Reason::Labeling(why) => write!(f, "labeling failed: {why}"),
            Reason::ReplayMismatch { pc, ended } => write!(
                f,
                "the replay of the state found did not execute pc {pc} (the call {ended})"
            ),
            Reason::ReplayFailed(why) => write!(f, "replay failed: {why}"),
            Reason::NotConstructible(objects) => write!(
                f,
                "--objects constructors: no accessible constructor was shown to make the fields \
                 the path needs in {objects} (--objects auto makes them by reflection)"
            ),
            Reason::NoTest(why) => write!(
                f,
                "the JVM confirmed a state, but no JUnit test can express it: {why}"
            ),
            Reason::Uncredited => f.write_str(
                "reached only by runs JaCoCo does not credit (each ends in an exception before \
                 a probe after the target): not counted as covered",
            ),
            Reason::Analysis(why) => f.write_str(why),
            Reason::Internal(why) => write!(f, "internal error in jaut: {why}; please report it"),
            Reason::Stopped(Stop::RunBudget { limit }) => write!(
                f,
                "run budget: the run's {:.1} s (--budget) were spent before this target was settled",
                limit.as_secs_f64()
            ),
            Reason::Stopped(Stop::Interrupted) => {
                f.write_str("interrupted: the run was stopped (SIGINT or SIGTERM)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_names_the_option_and_kind_is_stable() {
        let r = Reason::Bound(Bound::Loop { max: 256 });
        assert_eq!(
            r.to_string(),
            "loop bound of 256 iterations (raise with --max-loop)"
        );
        assert_eq!(r.kind().as_str(), "loop-bound");
        assert!(r.is_loop_bound());
        let u = Reason::Unsupported("multianewarray of more than one dimension at C.m pc 3".into());
        assert_eq!(
            u.to_string(),
            "unsupported: multianewarray of more than one dimension at C.m pc 3"
        );
        assert_eq!(
            u.json(),
            serde_json::json!({"kind": "unsupported", "message": "unsupported: multianewarray of more than one dimension at C.m pc 3"})
        );
        let kind = serde_json::to_value(Kind::CallDepthBound).unwrap();
        assert_eq!(kind, serde_json::json!("call-depth-bound"));
    }
}
