//! The depth-first backward search (section V of the JAUT paper).
//!
//! From the target pc the search walks the CFG toward the method entry. Each
//! instruction stepped over backward relates the CMV after it to the CMV
//! before it ([`rules`]); the constraints of a straight-line segment are
//! added to the solver as one block and checked at once, so an infeasible
//! path suffix is abandoned before the search goes further back. Choice
//! points are the predecessors of a block (tried nearest-to-the-entry first,
//! which takes loop exits before loop bodies) and, at a call, the callee's
//! return instructions; a callee is explored backward from its return to its
//! entry, where its parameters meet the caller's arguments.
//!
//! Bounds keep every search finite: instructions on one path, iterations of
//! each loop back edge, call depth, recursion, heap reads of references and
//! wall time. The search deepens iteratively on the loop bound (1, 2, 4, …),
//! on the call depth (8, 16, …) and on the recursion bound (3, 6, …), so a
//! short solution is found before a long one and a deep one is still
//! found. A target is `unreachable` only when a whole round ended without
//! cutting any path — a proof; otherwise it is `unknown`, with the bounds
//! and unsupported features that cut paths.
//!
//! One concept per module: [`driver`] (where paths start, the rounds of
//! iterative deepening, the verdict), [`explore`] (the depth-first search),
//! [`choice`] (its choice loop: mark, search, backtrack), [`loop_learn`]
//! (no-goods learned at loop heads from refuted suffixes), [`loop_run`]
//! (paths decided by running the method on their model's inputs),
//! [`cmv`] (the state of a backward path), [`rules`] (one backward rule per
//! instruction family), [`heap`] (fields, allocations and arrays as the
//! rules see them), [`edges`] (the conditions of branches and switches),
//! [`exclude`] (states the JVM refuted, not to be found again),
//! [`callee`] (entering and leaving the callees
//! explored), [`calls`] (calls stepped over, as the registry of
//! [`crate::jdk`] models them: contracts, the dispatch of intrinsics, the
//! string memory model), [`statics`] (reads of static fields),
//! [`dispatch`] (the methods a call may run, subtype tests), [`throws`]
//! (exceptions), [`assertion_errors`] (`new AssertionError(…)` of a
//! failing `assert`), [`universe`] (the classes objects may have) and
//! [`unsupported`] (why a step cannot be modelled: a cut, not an error).
//!
//! Which call gets which model is decided in [`crate::jdk::registry`]
//! alone; the string and array models' constraints are in
//! [`crate::jdk::strings`] and [`crate::jdk::arrays`],
//! stated through the narrow trait [`crate::jdk::engine::Engine`] that
//! [`jdk_engine`] implements for the [`explore::Explorer`]. The other
//! models' constraints (builders, floats, class objects, enums,
//! math, random, environment objects) are still `Explorer` methods here,
//! one file per family.

mod assertion_errors;
mod callee;
mod callee_raises;
pub mod callers;
mod calls;
mod choice;
mod class_objects;
mod cmv;
mod collection_copies;
mod deques;
mod dispatch;

mod array_types;
mod builders;
mod driver;
mod edges;
mod enums;
mod env_objects;
mod equality;
mod exclude;
mod explore;
mod float_rules;
mod heap;
mod jdk_engine;
mod junction;
mod keyed;
mod known_keys;
mod lists;
mod loop_bound;
mod loop_cells;
mod loop_heads;
mod loop_learn;
mod loop_run;
mod loop_steps;
mod loop_summary;
mod map_views;
mod math_rules;
mod merge;
mod multi_array;
mod random;
mod rules;
mod sequence;
mod sorted;
mod statics;
mod throws;
mod universe;
// Why a step cannot be modelled: the models' vocabulary, in `jdk/`.
use crate::jdk::unsupported;

use std::time::Duration;

use crate::analysis::AnalysisError;
use crate::classfile::Pc;
use crate::classpath::ClassPathError;
use crate::reason::Reason;
use crate::state::InputState;

pub use crate::state::PathStep;

pub use driver::{search, search_goal};
pub use loop_run::{Ran, Runner};

/// Search bounds. Each has a CLI option (`jaut --help`).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Config {
    /// Instructions on one backward path, callees included. Default `20000`.
    pub max_path: usize,
    /// Times one path may go around a loop back edge. Iterative deepening
    /// tries 1, 2, 4, … up to this. Default `256`.
    pub max_loop_iterations: u32,
    /// Nested calls explored below the method under test. Iterative
    /// deepening tries 8, 16, … up to this (fewer when it is lower).
    /// Default `32`.
    pub max_call_depth: usize,
    /// Activations of one method on the call stack. Iterative deepening
    /// tries 3, 6, 12, … up to this. Default `24`.
    pub max_recursion: usize,
    /// Reads of reference fields on one path: bounds how deep into the input
    /// heap a path may reach. Default `200`.
    pub max_derefs: usize,
    /// Wall time for the whole search. Default `20 s`.
    pub timeout: Duration,
    /// Elements of one input array, checked when labeling (the search
    /// itself leaves lengths unbounded, so proofs stay proofs). Default `64`.
    pub max_array_length: usize,
    /// A mock's call may raise a `RuntimeException` where the path needs
    /// it (`--mock-throws`; by default mocks raise nothing).
    pub mock_throws: bool,
    /// Contracts for calls not explored: the built-in ones, plus a user's
    /// (`--contracts FILE`).
    pub contracts: std::sync::Arc<crate::jdk::contracts::Contracts>,
    /// Solver checks the search may make before it stops with `unknown`
    /// (a deterministic budget, for a quick first attempt). Default: none.
    pub max_checks: Option<u64>,
    /// Which static fields of the program are inputs (`--statics`).
    /// Default: those some method outside `<clinit>` writes.
    pub statics: crate::statics::StaticsPolicy,
    /// Whether the program's `assert`s run, here and in the replay
    /// (`--no-assertions`): each class's `$assertionsDisabled` is known
    /// ([`crate::assertions`]). Default: enabled, as Maven Surefire and
    /// Gradle run tests.
    pub assertions: crate::assertions::Assertions,
    /// How the objects of program classes in a confirmed state are made
    /// (`--objects`, [`crate::construct`]): the search finds their fields,
    /// the pipeline then looks for constructor calls that make them.
    /// Default: [`crate::state::Objects::Auto`], constructors first.
    pub objects: crate::state::Objects,
    /// States the JVM refuted (replay mismatches): the search looks for
    /// others ([`exclude`]). Default: none.
    pub excluded: Vec<InputState>,
    /// Runs the method under test forward, to decide a path whose
    /// constraints imply a run's path condition ([`loop_run`]). Default:
    /// none (the pipeline gives the concolic interpreter).
    pub runner: Option<std::sync::Arc<dyn Runner>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_path: 20_000,
            max_loop_iterations: 256,
            max_call_depth: 32,
            max_recursion: 24,
            max_derefs: 200,
            timeout: Duration::from_secs(20),
            max_array_length: 64,
            mock_throws: false,
            contracts: std::sync::Arc::new(crate::jdk::contracts::Contracts::builtin()),
            max_checks: None,
            statics: crate::statics::StaticsPolicy::Auto,
            assertions: crate::assertions::Assertions::Enabled,
            objects: crate::state::Objects::Auto,
            excluded: Vec::new(),
            runner: None,
        }
    }
}

impl Config {
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    pub fn with_max_path(mut self, n: usize) -> Self {
        self.max_path = n;
        self
    }

    pub fn with_max_loop_iterations(mut self, n: u32) -> Self {
        self.max_loop_iterations = n;
        self
    }

    pub fn with_max_call_depth(mut self, n: usize) -> Self {
        self.max_call_depth = n;
        self
    }

    pub fn with_contracts(mut self, contracts: crate::jdk::contracts::Contracts) -> Self {
        self.contracts = std::sync::Arc::new(contracts);
        self
    }

    pub fn with_max_array_length(mut self, n: usize) -> Self {
        self.max_array_length = n;
        self
    }

    pub fn with_max_derefs(mut self, n: usize) -> Self {
        self.max_derefs = n;
        self
    }
}

/// What a search looks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Goal {
    /// The instruction at this pc executes.
    Pc(crate::classfile::Pc),
    /// The method ends by throwing an exception of this class (internal
    /// name) or a subclass.
    Throws(String),
    /// A branch outcome: the conditional branch or switch at `from` is
    /// followed by the instruction at `to` (one of its successors).
    Edge {
        from: crate::classfile::Pc,
        to: crate::classfile::Pc,
    },
}

impl Goal {
    /// The pc the goal needs executed: the target, or a branch outcome's
    /// successor; `None` for an exception goal.
    pub fn pc(&self) -> Option<crate::classfile::Pc> {
        match self {
            Goal::Pc(pc) | Goal::Edge { to: pc, .. } => Some(*pc),
            Goal::Throws(_) => None,
        }
    }
}

/// What the search concluded.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// An input state that reaches the target, and the path it takes.
    Reached {
        state: InputState,
        path: Vec<PathStep>,
    },
    /// No input reaches the target: every path was refuted. `conflicts`
    /// names where paths died (conditions by source line).
    Unreachable { conflicts: Vec<String> },
    /// Neither: the reasons name the bounds hit (and the option raising
    /// each), the unsupported features met and the assumptions made.
    Unknown { reasons: Vec<Reason> },
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Reached { .. } => "reached",
            Verdict::Unreachable { .. } => "unreachable",
            Verdict::Unknown { .. } => "unknown",
        }
    }
}

/// Where the time went, and how much work was done.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Stats {
    /// Whole search including labeling.
    pub total: Duration,
    /// Spent inside the solver's checks (search and labeling).
    pub solver: Duration,
    /// Labeling, solver time included.
    pub labeling: Duration,
    pub checks: u64,
    /// Backward paths cut or refuted.
    pub paths: u64,
    /// Iterative-deepening rounds run.
    pub rounds: u32,
    /// The loop bound of the last round.
    pub loop_bound: u32,
    /// The call-depth bound of the last round.
    pub call_depth: usize,
    /// The recursion bound of the last round.
    pub recursion: usize,
    /// No-goods learned at loop heads, and states they pruned
    /// ([`loop_learn`]).
    pub nogoods: u64,
    pub pruned: u64,
}

impl Stats {
    /// Adds another search's figures (one made again after a replay
    /// mismatch); the rounds and loop bound become the later search's.
    pub fn add(&mut self, later: &Stats) {
        self.total += later.total;
        self.solver += later.solver;
        self.labeling += later.labeling;
        self.checks += later.checks;
        self.paths += later.paths;
        self.rounds = later.rounds;
        self.loop_bound = later.loop_bound;
        self.call_depth = later.call_depth;
        self.recursion = later.recursion;
        self.nogoods += later.nogoods;
        self.pruned += later.pruned;
    }
}

/// The result of one search.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    pub stats: Stats,
}

/// A search could not start: the target is not a method with code, or its
/// classes do not load.
///
/// Each message includes its cause's, so the cause is not also given as
/// the error's `source` (a chain printer would repeat it).
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The class (Java name) declares no such method.
    #[error("{class} has no method {method}")]
    NoSuchMethod { class: String, method: String },
    /// The goal's pc is not where an instruction starts.
    #[error("pc {0} is not an instruction start")]
    NotAnInstruction(Pc),
    /// A class the universe always holds (`Object`, `String`, the boxes)
    /// does not load. Boxed: a class path error is large, and would make
    /// every `Result` of the search as large.
    #[error("loading {name}: {error}")]
    Load {
        name: String,
        error: Box<ClassPathError>,
    },
    /// The CFG or the frames of a method to explore could not be made.
    #[error("{0}")]
    Analysis(AnalysisError),
}
