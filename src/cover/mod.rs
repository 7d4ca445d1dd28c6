//! `jaut cover`: reach every basic block of the methods under test.
//!
//! The targets are the first instructions of every basic block
//! ([`targets`]). Blocks no CFG path reaches are dead code, reported
//! unreachable without a search. The others are attempted deepest first
//! (a test reaching a deep block passes through many others); after each
//! test is replayed in the JVM, every pc it executed is marked covered and
//! no covered target is attempted again. Every target ends `reached`,
//! `unreachable` (dead code, or a proof by the search) or `unknown` (with
//! the search's reasons, or why the replay failed).
//!
//! Coverage comes from the replay harness ([`Replayers`]): the pcs the JVM
//! executed. Without it ([`run`] with `None`), the pcs of the blocks on the
//! path the search found are taken as covered — the search's claim, which
//! the report labels as such.
//!
//! Parallelism without nondeterminism: `jobs` worker threads (each with its
//! own solver, Z3 contexts being thread-local, and its own replay worker)
//! attempt targets; each method's targets are taken in attempt order,
//! skipping those already covered, and each method's results are committed
//! in that order, however they come back. A result whose target an earlier
//! commit of its method covered is dropped — exactly what a single thread
//! would have done by never attempting it. Coverage is per method, so a
//! slow target holds back the commits of its own method only: a free
//! worker takes the next target of the first method with no attempt
//! waiting to be committed, and only when there is none, a further one of
//! a method with fewer than `jobs` waiting. At the end the tests are
//! numbered method by method, as one thread would have. So the same
//! targets are attempted and committed for every `jobs`. (An input the
//! concolic search picks may still differ with `jobs`: each thread's Z3
//! context keeps what it solved before; docs/cover-json.md,
//! "Determinism".)
//!
//! Existing coverage can be imported from JaCoCo ([`jacoco`]): targets on
//! lines the existing tests covered are not attempted.

mod attempt;
mod callees;
mod covered;
pub mod credit;
pub mod document;
pub mod first_pass;
pub mod html;
pub mod in_flight;
pub mod jacoco;
mod jvm;
pub mod merge;
mod minimize;
mod outcome;
mod render;
pub mod report;
mod rounds;
mod run_state;
pub mod schedule;
mod settle;
pub mod shard;
pub mod targets;
mod through;
mod timeline_svg;
mod timing;
mod worker;
pub mod writable;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::classfile::{access, Class};
use crate::pipeline::{self, Jvm};
use crate::program::Program;
use crate::reason::Reason;
use crate::search;

pub use covered::Covered;
pub use document::Document;
pub use jvm::JvmReplayers;
pub use outcome::{GeneratedTest, Origin, Status, Through};
pub use report::Report;
pub use shard::Shard;
pub use targets::{Target, Unit};
pub use timing::{Progress, TimelinePoint, Timing};

use run_state::RunState;
use settle::number_by_method;

/// Why a cover run could not go on: broken input or environment, never a
/// target's verdict. (Existing coverage is read before the run, with its
/// own error, [`jacoco::CoverageError`].)
#[derive(Debug, thiserror::Error)]
pub enum CoverError {
    /// A method whose control-flow graph cannot be built; `method` is its
    /// label (`Class.name(descriptor)`).
    #[error("{method}: {}", source.detail())]
    Analysis {
        method: String,
        #[source]
        source: crate::analysis::AnalysisError,
    },
}

/// Settings of a cover run.
#[derive(Debug, Clone)]
pub struct Config {
    /// Bounds of each target's search.
    pub search: search::Config,
    /// Targets attempted at once, each on its own thread. Default: the
    /// number of cores.
    pub jobs: usize,
    /// Wall time of the whole run: past it no new target is attempted,
    /// the targets in progress finish, and the rest end `unknown` (run
    /// budget). Default: none.
    pub budget: Option<Duration>,
    /// The first round's time slice per target ([`schedule::slices`]).
    /// Default: [`schedule::FIRST_SLICE`].
    pub first_slice: Duration,
    /// Run every method from simple inputs before any search
    /// ([`first_pass`]); only with replay. Default: yes.
    pub first_pass: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            search: search::Config::default(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            budget: None,
            first_slice: schedule::FIRST_SLICE,
            first_pass: true,
        }
    }
}

/// The methods of `classes` a cover run attempts: those with code, except
/// static initializers, bridges and synthetic methods (no test calls them).
/// `method` keeps only the methods named so (`name`, or `name(descriptor`
/// prefix). Order: classes as given, methods in class-file order.
pub fn units(classes: &[Arc<Class>], method: Option<&str>) -> Vec<Unit> {
    let (name, desc) =
        match method.map(|m| m.split_once('(').map_or((m, None), |(n, d)| (n, Some(d)))) {
            Some((n, d)) => (Some(n), d.map(|d| format!("({d}"))),
            None => (None, None),
        };
    let mut out = Vec::new();
    for class in classes {
        for (index, m) in class.methods.iter().enumerate() {
            if m.code.is_none() {
                continue;
            }
            match name {
                Some(n) => {
                    if m.name != n
                        || desc
                            .as_ref()
                            .is_some_and(|d| !m.descriptor.starts_with(d.as_str()))
                    {
                        continue;
                    }
                }
                None => {
                    if m.name == "<clinit>" || m.access & (access::SYNTHETIC | access::BRIDGE) != 0
                    {
                        continue;
                    }
                }
            }
            out.push(Unit {
                class: class.clone(),
                index,
            });
        }
    }
    out
}

/// Whether the existing tests covered a target (from imported coverage).
pub type CoveredBefore<'a> = dyn Fn(&Unit, &Target) -> bool + 'a;

/// What one attempt produced, on a worker thread: the pipeline's outcome,
/// or why the target could not be run.
type Attempt = Result<pipeline::Outcome, Reason>;

/// Covers the targets of `units`. `before` holds, per unit, the pcs
/// already covered (from JaCoCo); `replayers` runs the tests in the JVM
/// (`None`: coverage is the search's claim). `progress` is called on the
/// calling thread after each commit.
pub fn run(
    cp: &Program,
    units: Vec<Unit>,
    before: Option<&CoveredBefore<'_>>,
    config: &Config,
    replayers: Option<&JvmReplayers>,
    progress: &mut dyn FnMut(&Progress),
    checkpoint: &mut dyn FnMut(&Report),
) -> Result<Report, CoverError> {
    let wall = Instant::now();
    let mut all: Vec<Target> = Vec::new();
    for (i, u) in units.iter().enumerate() {
        all.extend(targets::of_unit(cp, i, u)?);
    }
    let listeners = run_state::Listeners {
        progress,
        checkpoint,
    };
    let mut state = RunState::new(
        cp,
        &units,
        &all,
        config,
        replayers.is_some(),
        wall,
        listeners,
    );
    state.settle_before(before);
    // One JVM per worker, started by the first pass or by the worker's
    // first target.
    let mut jvms: Vec<Jvm> = (0..config.jobs.max(1))
        .map(|_| match replayers {
            Some(r) => Jvm::lazy(r.class_path.clone(), config.search.assertions),
            None => Jvm::off(),
        })
        .collect();
    if config.first_pass && replayers.is_some() {
        state.first_pass(&mut jvms);
    }
    state.rounds(jvms);
    let RunState {
        status,
        tests,
        test_unit,
        unit_time,
        covered,
        mut timeline,
        mut timing,
        first_pass_summary,
        ..
    } = state;
    timeline.push(TimelinePoint {
        at: wall.elapsed(),
        blocks_covered: timeline.last().map_or(0, |p| p.blocks_covered),
    });
    // Targets never attempted because they were covered: `Reached` was set
    // when the covering test committed; none is left without a status.
    let mut status: Vec<Status> = status
        .into_iter()
        .map(|s| s.expect("every target ends with a status"))
        .collect();
    let tests = number_by_method(tests, &test_unit, &mut status);
    let states_found = tests.len();
    let tests = minimize::minimize(tests, &all, &mut status);
    timing.wall = wall.elapsed();
    let mut report = Report::new(
        units,
        all,
        status,
        tests,
        unit_time,
        covered,
        timing,
        replayers.is_some(),
    );
    report.states_found = states_found;
    report.first_pass = first_pass_summary;
    report.timeline = timeline;
    Ok(report)
}
