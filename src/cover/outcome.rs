//! How a target of `jaut cover` ended ([`Status`]) and the test that
//! reached it ([`GeneratedTest`], with its [`Origin`]: the backward
//! search, a forward fallback or the first pass).

use crate::classfile::Pc;
use crate::labeling::InputState;
use crate::reason::Reason;
use crate::replay::observation::Observation;
use crate::search::PathStep;

use super::{credit, Covered};

/// How a target ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Covered by the existing tests (imported JaCoCo coverage); not attempted.
    CoveredBefore,
    /// Executed by generated test `test`; `aimed` when the test was made
    /// for this target, otherwise it was covered on the way to another.
    Reached { test: usize, aimed: bool },
    /// No CFG path from the entry reaches the block.
    Dead,
    /// The search refuted every path; `conflicts` names where paths died.
    Unreachable { conflicts: Vec<String> },
    /// Neither reached nor proved: the search's reasons (bounds hit,
    /// unsupported features) or why the replay did not confirm the state.
    Unknown { reasons: Vec<Reason> },
}

impl Status {
    /// `reached`, `unreachable` or `unknown`.
    pub fn verdict(&self) -> &'static str {
        match self {
            Status::CoveredBefore | Status::Reached { .. } => "reached",
            Status::Dead | Status::Unreachable { .. } => "unreachable",
            Status::Unknown { .. } => "unknown",
        }
    }
}

/// A generated test: the input state the search found for its target and,
/// when replayed, what the JVM observed.
#[derive(Debug, Clone)]
pub struct GeneratedTest {
    pub unit: usize,
    /// The target it was made for (for a branch outcome, the successor's
    /// pc; `target_from` is the branch's).
    pub target: Pc,
    pub target_from: Option<Pc>,
    pub state: InputState,
    pub path: Vec<PathStep>,
    /// `None` without replay.
    pub observation: Option<Observation>,
    /// The method's pcs this test executed (replay), or the search's claim.
    pub covers: Vec<Pc>,
    /// The branch outcomes it took, `(branch pc, next pc)`: replay, or the
    /// search's claim.
    pub edges: Vec<(Pc, Pc)>,
    /// What of `covers` and `edges` JaCoCo would not credit (the run ended
    /// in an exception before the next probe, [`credit`]).
    pub uncredited: credit::Uncredited,
    /// What found the state.
    pub origin: Origin,
    /// What it covered, JaCoCo-credited, in other methods of the run (the
    /// private helpers its method calls), by unit ([`callees`]).
    pub elsewhere: Vec<(usize, Covered)>,
    /// For a test through a caller ([`super::through`]): the target it
    /// was made for, in another method, and the calls down to it.
    pub via: Option<Through>,
}

/// The target a test through a caller was made for: in method `unit`
/// (index in the run's units), block `pc` (or the outcome `from` → `pc`),
/// reached through `calls`, the invokes from the test's method down to
/// the target's, outermost first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Through {
    pub unit: usize,
    pub pc: Pc,
    pub from: Option<Pc>,
    pub calls: Vec<crate::pipeline::ViaSite>,
}

/// What found a test's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The backward search.
    Search,
    /// Running the method forward after the backward search stopped at a
    /// bound (the concolic search or a constant seed; the JVM showed it
    /// reaching the target).
    Forward(crate::pipeline::Strategy),
    /// The first pass ([`first_pass`]): a simple input run before any
    /// search, kept for what the JVM executed.
    FirstPass,
}

impl Origin {
    /// The forward strategy, for a state one found.
    pub fn forward(self) -> Option<crate::pipeline::Strategy> {
        match self {
            Origin::Forward(s) => Some(s),
            Origin::Search | Origin::FirstPass => None,
        }
    }
}
