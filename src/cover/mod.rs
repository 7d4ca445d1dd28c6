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
mod render;
pub mod report;
pub mod schedule;
pub mod shard;
pub mod targets;
mod timeline_svg;

use std::collections::{BTreeSet, HashMap};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::classfile::{access, Class, Op, Pc};
use crate::classpath::ClassPath;
use crate::labeling::InputState;
use crate::pipeline::{self, Jvm, Replayed};
use crate::reason::{Reason, Stop};
use crate::replay::observation::Observation;
use crate::search::{self, PathStep};

pub use covered::Covered;
pub use document::Document;
pub use jvm::JvmReplayers;
pub use report::Report;
pub use shard::Shard;
pub use targets::{Target, Unit};

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

/// Where the time went, summed over the run's attempts (on several threads
/// these add up to more than the wall time).
#[derive(Debug, Clone, Default)]
pub struct Timing {
    /// Loading the classes and building CFGs and targets.
    pub parse: Duration,
    /// Searches, labeling and solver included.
    pub search: Duration,
    /// Inside solver checks (search and labeling).
    pub solver: Duration,
    /// Labeling, its solver time included.
    pub labeling: Duration,
    pub replay: Duration,
    /// Wall time of the whole run.
    pub wall: Duration,
    /// Searches run whose result was dropped because a test committed
    /// before it covered the target (only with `jobs` > 1).
    pub dropped: usize,
    /// Wall time of the first pass ([`first_pass`]), the JVMs' start
    /// included.
    pub first_pass: Duration,
    /// Attempts the run stopped waiting for, a solver check having run
    /// past their slice ([`in_flight`]).
    pub abandoned: usize,
}

/// Progress, for a progress bar: called after each commit.
#[derive(Debug, Clone, Copy, Default)]
pub struct Progress {
    /// Targets: blocks and branch outcomes.
    pub total: usize,
    pub done: usize,
    pub reached: usize,
    pub unknown: usize,
    /// Blocks, and those covered (before or by a new test).
    pub blocks: usize,
    pub blocks_covered: usize,
    /// Time since the run began, and its `--budget`.
    pub elapsed: Duration,
    pub budget: Option<Duration>,
}

/// One point of a run's coverage over time: the blocks covered `at` this
/// time since the run began.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimelinePoint {
    pub at: Duration,
    pub blocks_covered: usize,
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

/// How often a run reports what it settled so far (for a run that may be
/// killed before it ends).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// Covers the targets of `units`. `before` holds, per unit, the pcs
/// already covered (from JaCoCo); `replayers` runs the tests in the JVM
/// (`None`: coverage is the search's claim). `progress` is called on the
/// calling thread after each commit.
pub fn run(
    cp: &ClassPath,
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
    let mut timing = Timing {
        parse: wall.elapsed(),
        ..Timing::default()
    };
    let mut status: Vec<Option<Status>> = vec![None; all.len()];
    // Per unit, the pcs and branch outcomes covered so far.
    let mut covered: Vec<Covered> = vec![Covered::default(); units.len()];
    let mut unit_time: Vec<Duration> = vec![Duration::ZERO; units.len()];
    for (i, t) in all.iter().enumerate() {
        if t.depth.is_none() {
            status[i] = Some(Status::Dead);
        } else if before.is_some_and(|f| f(&units[t.unit], t)) {
            status[i] = Some(Status::CoveredBefore);
            match t.from {
                Some(from) => {
                    covered[t.unit].edges.insert((from, t.pc));
                }
                None => covered[t.unit].pcs.extend(block_pcs(&units[t.unit], t)),
            }
        }
    }
    let slices = schedule::slices(config.first_slice, config.search.timeout);
    let last_slice = *slices.last().expect("at least one slice");
    let jobs = config.jobs.max(1);
    let mut tests: Vec<GeneratedTest> = Vec::new();
    // The method of each test, to number them method by method at the end.
    let mut test_unit: Vec<usize> = Vec::new();
    // Per target still open after an attempt: the reasons it ended unknown
    // with, while it waits for a longer slice.
    let mut pending: Vec<Option<Vec<Reason>>> = vec![None; all.len()];
    // Per target: the test that reached it in a run JaCoCo does not credit
    // it for (an exception a callee or the JVM raised before its block's
    // end), while it waits for the next round's longer slice to find a run
    // JaCoCo credits.
    let mut uncredited_reach: Vec<Option<usize>> = vec![None; all.len()];
    let mut timeline: Vec<TimelinePoint> = Vec::new();
    let report_progress = |status: &[Option<Status>], progress: &mut dyn FnMut(&Progress)| {
        let mut p = Progress {
            total: status.len(),
            budget: config.budget,
            elapsed: wall.elapsed(),
            ..Progress::default()
        };
        for (t, s) in status.iter().enumerate() {
            let block = !all[t].is_branch();
            p.blocks += usize::from(block);
            let Some(s) = s else { continue };
            p.done += 1;
            match s.verdict() {
                "reached" => {
                    p.reached += 1;
                    p.blocks_covered += usize::from(block);
                }
                "unknown" => p.unknown += 1,
                _ => {}
            }
        }
        progress(&p);
        p
    };
    let first = report_progress(&status, progress);
    timeline.push(TimelinePoint {
        at: wall.elapsed(),
        blocks_covered: first.blocks_covered,
    });

    // One JVM per worker, started by the first pass or by the worker's
    // first target.
    let mut jvms: Vec<Jvm> = (0..jobs)
        .map(|_| match replayers {
            Some(r) => Jvm::lazy(r.class_path.clone(), config.search.assertions),
            None => Jvm::off(),
        })
        .collect();
    // What is settled so far, for a run that may be killed: targets not
    // yet settled are written as interrupted.
    let partial_report = |status: &[Option<Status>],
                          tests: &[GeneratedTest],
                          unit_time: &[Duration],
                          covered: &[Covered],
                          timing: &Timing,
                          timeline: &[TimelinePoint],
                          first_pass: Option<first_pass::Summary>| {
        let partial: Vec<Status> = status
            .iter()
            .map(|s| {
                s.clone().unwrap_or(Status::Unknown {
                    reasons: vec![Reason::Stopped(Stop::Interrupted)],
                })
            })
            .collect();
        let mut report = Report::new(
            units.clone(),
            all.clone(),
            partial,
            tests.to_vec(),
            unit_time.to_vec(),
            covered.to_vec(),
            timing.clone(),
            replayers.is_some(),
        );
        report.timeline = timeline.to_vec();
        report.first_pass = first_pass;
        report
    };
    // Writes what is settled so far (see `partial_report`), with `timing`
    // and the first pass's summary as they are at the call.
    macro_rules! checkpoint_now {
        ($timing:expr, $first_pass:expr) => {
            checkpoint(&partial_report(
                &status,
                &tests,
                &unit_time,
                &covered,
                $timing,
                &timeline,
                $first_pass,
            ))
        };
    }
    let mut last_checkpoint = Instant::now();
    let mut first_pass_summary = None;
    if config.first_pass && replayers.is_some() {
        let started = Instant::now();
        let classes: BTreeSet<&str> = units.iter().map(|u| u.class.name.as_str()).collect();
        let mut limit = first_pass::time_limit(config.budget, classes.len());
        if let Some(b) = config.budget {
            limit = limit.min(b.saturating_sub(wall.elapsed()));
        }
        let mut summary = first_pass::Summary::default();
        // Each method's runs are committed as soon as they (and those of
        // the methods before it) are in, so a whole jar's tests are
        // written while its pass goes on.
        let mut commit_unit = |u: usize, unit_runs: Vec<first_pass::Run>| {
            for run in unit_runs {
                let Some(mut test) =
                    first_pass_test(cp, &units[u], u, &all, &status, &covered, run)
                else {
                    continue;
                };
                let number = tests.len();
                covered[u].add_credited(&test);
                if let Some(obs) = &test.observation {
                    test.elsewhere = callees::credited_elsewhere(&units, u, obs);
                    first_pass::mark_assertions(
                        &units[u],
                        obs,
                        config.search.assertions,
                        &mut test.state,
                    );
                }
                mark_covered(&all, &mut status, &mut pending, &covered, u, number);
                // The runs are taken in method order: crediting the
                // helpers now is the same for any --jobs.
                credit_helpers(
                    &test.elsewhere,
                    number,
                    &all,
                    &mut status,
                    &mut pending,
                    &mut covered,
                );
                tests.push(test);
                test_unit.push(u);
                summary.kept += 1;
            }
            let now = report_progress(&status, progress);
            grow_timeline(&mut timeline, wall.elapsed(), now.blocks_covered);
            if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
                last_checkpoint = Instant::now();
                let mut timing = timing.clone();
                timing.first_pass = started.elapsed();
                checkpoint_now!(&timing, Some(summary));
            }
        };
        summary.runs = first_pass::run(
            cp,
            &units,
            &mut jvms,
            started + limit,
            config.search.objects,
            &mut commit_unit,
        );
        timing.first_pass = started.elapsed();
        first_pass_summary = Some(summary);
        let now = report_progress(&status, progress);
        timeline.push(TimelinePoint {
            at: wall.elapsed(),
            blocks_covered: now.blocks_covered,
        });
        // The pass's tests are written now: the rounds' first commit may
        // be a long search away.
        if summary.kept > 0 {
            last_checkpoint = Instant::now();
            checkpoint_now!(&timing, first_pass_summary);
        }
    }

    let (job_tx, job_rx) = mpsc::channel::<(usize, Duration)>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Attempt)>();
    let open = all.iter().filter(|t| t.depth.is_some()).count();
    let started_at = in_flight::Started::default();
    let mut waiting = in_flight::Waiting::default();
    // Whether the checkpoint of a stop request is written.
    let mut stop_written = false;
    std::thread::scope(|scope| {
        // Each worker starts its JVM before its first target, so the start
        // (about 0.15 s) is the run's replay time, not the time of the
        // method whose target happens to come first.
        let mut workers = Vec::new();
        for mut jvm in jvms.into_iter().take(open) {
            let done_tx = done_tx.clone();
            let (job_rx, all, units, started_at) = (&job_rx, &all, &units, &started_at);
            workers.push(scope.spawn(move || {
                let started = Instant::now();
                let thread = crate::solver::guard::this_thread();
                jvm.start();
                let start_time = started.elapsed();
                loop {
                    let job = job_rx.lock().expect("job queue").recv();
                    let Ok((t, slice)) = job else { break };
                    started_at.take(t, thread);
                    let target = &all[t];
                    let unit = &units[target.unit];
                    // A panic in one search is a bug in jaut, reported as
                    // that target's reason; the other targets go on.
                    let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        attempt(cp, unit, target, config, slice, &mut jvm)
                    }))
                    .unwrap_or_else(|panic| {
                        Err(Reason::Internal(
                            panic
                                .downcast_ref::<&str>()
                                .copied()
                                .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
                                .unwrap_or("panic")
                                .to_string(),
                        ))
                    });
                    if done_tx.send((t, attempt)).is_err() {
                        break;
                    }
                }
                start_time
            }));
        }
        drop(done_tx);

        let is_covered = |covered: &[Covered], t: &Target| covered[t.unit].covers(t);
        let mut stopped = None;
        let passes = schedule::passes(&slices);
        // Tests whose coverage in other methods is credited when the pass
        // ends.
        let mut elsewhere_due: Vec<usize> = Vec::new();
        for (round, &(slice, methods)) in passes.iter().enumerate() {
            let last_round = round + 1 == passes.len();
            // Coverage is per method, so commits keep the round's order
            // within each method only, and a slow target of one method
            // holds back no other. Per method: its open targets, cheapest
            // first; how far they are committed and how far handed out;
            // and the targets handed out and not yet committed.
            let unit_order = schedule::round_order(&all, units.len(), |t| {
                status[t].is_none()
                    && !is_covered(&covered, &all[t])
                    && methods.holds(units[all[t].unit].method().is_private())
            });
            let mut committed = vec![0usize; units.len()];
            let mut handed = vec![0usize; units.len()];
            let mut uncommitted = vec![0usize; units.len()];
            // Targets handed out, with the slice each was given.
            let mut dispatched: HashMap<usize, Duration> = HashMap::new();
            let mut arrived: HashMap<usize, Attempt> = HashMap::new();
            let mut in_flight = 0usize;
            loop {
                // A stopped run (SIGINT/SIGTERM, or its budget spent)
                // attempts no new target; the attempts under way are
                // committed, and the targets left end unknown with why.
                if stopped.is_none() {
                    stopped = if crate::stop::requested() {
                        Some(Stop::Interrupted)
                    } else {
                        config
                            .budget
                            .filter(|&limit| wall.elapsed() >= limit)
                            .map(|limit| Stop::RunBudget { limit })
                    };
                }
                // A free worker takes the cheapest next target among the
                // methods with no attempt waiting to be committed; failing
                // that, among those with fewer than `jobs` (an attempt that
                // a pending commit may cover can be spent in vain, so no
                // more run ahead than one round of `jobs` targets would).
                while stopped.is_none() && in_flight < jobs {
                    // The position of method `u`'s next target, past those
                    // settled or covered since the round began (coverage
                    // and statuses only grow, so they are skipped for good).
                    let mut next_of = |u: usize| {
                        let from = committed[u].max(handed[u]);
                        let found = unit_order[u][from..].iter().position(|&t| {
                            !dispatched.contains_key(&t)
                                && status[t].is_none()
                                && !is_covered(&covered, &all[t])
                        });
                        handed[u] = found.map_or(unit_order[u].len(), |f| from + f);
                        found.map(|f| unit_order[u][from + f])
                    };
                    let mut cheapest = |limit: usize| {
                        (0..units.len())
                            .filter(|&u| uncommitted[u] < limit)
                            .filter_map(|u| next_of(u).map(|t| (all[t].cost, u, t)))
                            .min()
                    };
                    let Some((_, u, t)) = cheapest(1).or_else(|| cheapest(jobs)) else {
                        break;
                    };
                    handed[u] += 1;
                    // No slice runs past the run's budget.
                    let slice = match config.budget {
                        Some(limit) => slice.min(limit.saturating_sub(wall.elapsed())),
                        None => slice,
                    };
                    job_tx.send((t, slice)).expect("workers wait for jobs");
                    dispatched.insert(t, slice);
                    uncommitted[u] += 1;
                    in_flight += 1;
                }
                if in_flight == 0 {
                    break;
                }
                let (t, a) = match done_rx.recv_timeout(in_flight::POLL) {
                    Ok((t, _)) if waiting.arrived_late(&started_at, t) => continue,
                    Ok(done) => done,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if !stop_written && crate::stop::requested() {
                            stop_written = true;
                            // Written at once: the binary ends a stopped
                            // run within a second, attempts under way or not.
                            checkpoint_now!(&timing, first_pass_summary);
                        }
                        // A check Z3 does not stop holds no target past
                        // its slice for more than a second.
                        let Some(t) = waiting.overdue(&started_at, &dispatched) else {
                            continue;
                        };
                        waiting.abandon(t);
                        timing.abandoned += 1;
                        let limit = dispatched[&t];
                        (
                            t,
                            Err(Reason::Bound(crate::reason::Bound::Timeout { limit })),
                        )
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        unreachable!("a worker answers every job")
                    }
                };
                in_flight -= 1;
                let u = all[t].unit;
                arrived.insert(t, a);
                // Commit the method's results in the round's order: the
                // next target's once it is in, or past it once a commit
                // covered it.
                while let Some(&t) = unit_order[u].get(committed[u]) {
                    let a = match arrived.remove(&t) {
                        Some(a) => a,
                        None if dispatched.contains_key(&t) => break,
                        None if status[t].is_some() || is_covered(&covered, &all[t]) => {
                            committed[u] += 1;
                            continue;
                        }
                        None => break,
                    };
                    let given = dispatched.remove(&t).expect("dispatched");
                    uncommitted[u] -= 1;
                    committed[u] += 1;
                    let target = &all[t];
                    if let Ok(o) = &a {
                        timing.search += o.stats.total;
                        timing.solver += o.stats.solver;
                        timing.labeling += o.stats.labeling;
                        unit_time[target.unit] += o.stats.total + o.replay_time;
                        timing.replay += o.replay_time;
                    }
                    if status[t].is_some() || is_covered(&covered, target) {
                        timing.dropped += 1;
                        continue;
                    }
                    let unit = &units[target.unit];
                    let blocks: Vec<&Target> = all
                        .iter()
                        .filter(|b| b.unit == target.unit && !b.is_branch())
                        .collect();
                    let (s, test) = commit(cp, unit, target, a, &blocks);
                    if let Some(mut test) = test {
                        // A run JaCoCo does not credit the target for, found
                        // forward or in a slice too short to search for a
                        // run to the block's end (pipeline::credit): the
                        // target stays open for the next round's longer
                        // slice.
                        let credited = credits(&test, target);
                        let retry = !credited && !last_round && given < CREDIT_SLICE;
                        if let (Some(earlier), false) = (uncredited_reach[t], credited) {
                            // Reached again, and again uncredited: the
                            // earlier test stands for it.
                            if !retry {
                                status[t] = Some(Status::Reached {
                                    test: earlier,
                                    aimed: true,
                                });
                                pending[t] = None;
                            }
                            continue;
                        }
                        let number = tests.len();
                        covered[target.unit].add_credited(&test);
                        if let Some(obs) = &test.observation {
                            test.elsewhere = callees::credited_elsewhere(&units, target.unit, obs);
                            if !test.elsewhere.is_empty() {
                                elsewhere_due.push(number);
                            }
                        }
                        tests.push(test);
                        test_unit.push(target.unit);
                        if !retry {
                            status[t] = Some(Status::Reached {
                                test: number,
                                aimed: true,
                            });
                            pending[t] = None;
                        } else {
                            uncredited_reach[t] = Some(number);
                            pending[t] = Some(Vec::new());
                        }
                        mark_covered(
                            &all,
                            &mut status,
                            &mut pending,
                            &covered,
                            target.unit,
                            number,
                        );
                    } else {
                        match s {
                            // Open for the next round's longer slice.
                            Status::Unknown { reasons }
                                if !last_round && schedule::retry(&reasons, given, last_slice) =>
                            {
                                pending[t] = Some(reasons);
                            }
                            s => {
                                pending[t] = None;
                                status[t] = Some(s);
                            }
                        }
                    }
                }
                let now = report_progress(&status, progress);
                grow_timeline(&mut timeline, wall.elapsed(), now.blocks_covered);
                // What is settled so far, for a run that may be killed: at
                // most every two seconds.
                if last_checkpoint.elapsed() >= CHECKPOINT_EVERY {
                    last_checkpoint = Instant::now();
                    checkpoint_now!(&timing, first_pass_summary);
                }
            }
            // The pass is over: what its tests ran in other methods counts
            // now, in the order of their methods, the same for any --jobs.
            elsewhere_due.sort_by_key(|&n| (test_unit[n], n));
            for n in elsewhere_due.drain(..) {
                credit_helpers(
                    &tests[n].elsewhere,
                    n,
                    &all,
                    &mut status,
                    &mut pending,
                    &mut covered,
                );
            }
            if stopped.is_some() {
                break;
            }
        }
        drop(job_tx);
        for w in workers {
            // A worker that panicked outside a search has no time to add.
            timing.replay += w.join().unwrap_or_default();
        }
        // Targets still open: the run stopped before their next slice (or,
        // with no stop, the last round settled them all).
        for (t, s) in status.iter_mut().enumerate() {
            if let (None, Some(test)) = (&s, uncredited_reach[t]) {
                *s = Some(Status::Reached { test, aimed: true });
                continue;
            }
            if s.is_none() && !is_covered(&covered, &all[t]) {
                let mut reasons = pending[t].take().unwrap_or_default();
                if let Some(why) = stopped {
                    reasons.push(Reason::Stopped(why));
                }
                *s = Some(Status::Unknown { reasons });
            }
        }
    });
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

/// Adds a point to the timeline when the count of blocks covered changed.
fn grow_timeline(timeline: &mut Vec<TimelinePoint>, at: Duration, blocks_covered: usize) {
    if timeline
        .last()
        .is_none_or(|p| p.blocks_covered != blocks_covered)
    {
        timeline.push(TimelinePoint { at, blocks_covered });
    }
}

/// After test `number` of `unit` was committed: everything else it
/// executed is covered too, including targets an earlier attempt left
/// unknown (a state whose replay failed, say): the JVM ran them.
fn mark_covered(
    all: &[Target],
    status: &mut [Option<Status>],
    pending: &mut [Option<Vec<Reason>>],
    covered: &[Covered],
    unit: usize,
    number: usize,
) {
    for (i, other) in all.iter().enumerate() {
        if matches!(status[i], None | Some(Status::Unknown { .. }))
            && other.unit == unit
            && covered[unit].covers(other)
        {
            status[i] = Some(Status::Reached {
                test: number,
                aimed: false,
            });
            pending[i] = None;
        }
    }
}

/// Credits test `number` with what it covered in the helpers its method
/// calls ([`callees`]): their coverage grows, and their open targets it
/// covers are reached by it.
fn credit_helpers(
    elsewhere: &[(usize, Covered)],
    number: usize,
    all: &[Target],
    status: &mut [Option<Status>],
    pending: &mut [Option<Vec<Reason>>],
    covered: &mut [Covered],
) {
    for (u, c) in elsewhere {
        covered[*u].pcs.extend(&c.pcs);
        covered[*u].edges.extend(&c.edges);
        mark_covered(all, status, pending, covered, *u, number);
    }
}

/// A first-pass run of `unit` (index `u`) as a test, when what it executed
/// and JaCoCo would credit covers a target still open: the test is named
/// after the first such target (a block before a branch outcome). `None`
/// when the run covers nothing new.
fn first_pass_test(
    cp: &ClassPath,
    unit: &Unit,
    u: usize,
    all: &[Target],
    status: &[Option<Status>],
    covered: &[Covered],
    run: first_pass::Run,
) -> Option<GeneratedTest> {
    let observation = run.observation;
    let mut test = GeneratedTest {
        unit: u,
        target: 0,
        target_from: None,
        state: run.state,
        path: Vec::new(),
        covers: observation.executed.clone(),
        edges: observation.edges.clone(),
        uncredited: credit::uncredited(cp, unit, &observation),
        observation: Some(observation),
        origin: Origin::FirstPass,
        elsewhere: Vec::new(),
    };
    let mut after = covered[u].clone();
    after.add_credited(&test);
    let (_, new) = all
        .iter()
        .enumerate()
        .filter(|&(i, t)| t.unit == u && status[i].is_none() && !covered[u].covers(t))
        .filter(|(_, t)| after.covers(t))
        .min_by_key(|(_, t)| (t.is_branch(), t.pc))?;
    test.target = new.pc;
    test.target_from = new.from;
    // The run aimed at no pc: the test is named after this one, which it
    // executed.
    if let Some(o) = &mut test.observation {
        o.reached = o.executed.contains(&new.pc);
    }
    Some(test)
}

/// The tests in the order one worker would have committed them — method by
/// method, each method's in its commit order — with the statuses'
/// numbers following.
fn number_by_method(
    tests: Vec<GeneratedTest>,
    test_unit: &[usize],
    status: &mut [Status],
) -> Vec<GeneratedTest> {
    let mut order: Vec<usize> = (0..tests.len()).collect();
    order.sort_by_key(|&i| (test_unit[i], i));
    let mut renumber = vec![0; tests.len()];
    for (new, &old) in order.iter().enumerate() {
        renumber[old] = new;
    }
    for s in status.iter_mut() {
        if let Status::Reached { test, .. } = s {
            *test = renumber[*test];
        }
    }
    let mut slots: Vec<Option<GeneratedTest>> = tests.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&old| slots[old].take().expect("each test once"))
        .collect()
}

/// The pcs of a target's block.
fn block_pcs(unit: &Unit, t: &Target) -> Vec<Pc> {
    unit.code()
        .instructions
        .iter()
        .map(|i| i.pc)
        .filter(|&pc| pc >= t.pc && pc < t.end)
        .collect()
}

/// Runs one target through the pipeline, on a worker thread: where the
/// method can be run forward, a quick search comes first, so a target it
/// cannot settle gets the concolic search and the seeds before the
/// backward search spends all its time.
fn attempt(
    cp: &ClassPath,
    unit: &Unit,
    target: &Target,
    config: &Config,
    slice: Duration,
    jvm: &mut Jvm,
) -> Attempt {
    let options = pipeline::Options {
        search: config.search.clone().with_timeout(slice),
        quick: Some(pipeline::Quick::DEFAULT),
        seeding: true,
        test: None,
        prefer_credited: true,
        forward_time: Some(slice),
    };
    pipeline::run(
        cp,
        &unit.class,
        unit.method(),
        &target.goal(),
        &options,
        jvm,
    )
    .map_err(|e| Reason::Analysis(e.to_string()))
}

/// A target's status from its attempt, and the test when one reached it.
/// The slice under which a target reached only by a run JaCoCo does not
/// credit it for is tried again in the next round: a longer one leaves the
/// pipeline time to search for a run that ends the target's block.
const CREDIT_SLICE: Duration = Duration::from_secs(2);

/// Whether JaCoCo credits `test` with `target` (its run passed a probe
/// after the target's block, or took the outcome and went on).
fn credits(test: &GeneratedTest, target: &Target) -> bool {
    let mut alone = Covered::default();
    alone.add_credited(test);
    alone.covers(target)
}

fn commit(
    cp: &ClassPath,
    unit: &Unit,
    target: &Target,
    a: Attempt,
    blocks: &[&Target],
) -> (Status, Option<GeneratedTest>) {
    let outcome = match a {
        Ok(o) => o,
        Err(e) => return (Status::Unknown { reasons: vec![e] }, None),
    };
    let reached = match outcome.verdict {
        pipeline::Verdict::Unreachable { conflicts } => {
            return (Status::Unreachable { conflicts }, None)
        }
        pipeline::Verdict::Unknown { reasons } => return (Status::Unknown { reasons }, None),
        pipeline::Verdict::Reached(r) => *r,
    };
    let mut uncredited = credit::Uncredited::default();
    let (observation, covers, edges) = match reached.replay {
        Replayed::Confirmed(obs) => {
            let (covers, edges) = (obs.executed.clone(), obs.edges.clone());
            uncredited = credit::uncredited(cp, unit, &obs);
            (Some(obs), covers, edges)
        }
        Replayed::Failed(e) => {
            let reasons = vec![Reason::ReplayFailed(e.to_string())];
            return (Status::Unknown { reasons }, None);
        }
        Replayed::Skipped => (
            None,
            claimed_pcs(unit, target, &reached.path, blocks),
            claimed_edges(unit, target, &reached.path, blocks),
        ),
    };
    let test = GeneratedTest {
        unit: target.unit,
        target: target.pc,
        target_from: target.from,
        state: reached.state,
        path: reached.path,
        observation,
        covers,
        edges,
        uncredited,
        origin: reached
            .forward
            .as_ref()
            .map_or(Origin::Search, |f| Origin::Forward(f.strategy)),
        elsewhere: Vec::new(),
    };
    (
        Status::Reached {
            test: 0,
            aimed: true,
        },
        Some(test),
    )
}

/// Without replay: the branch outcomes on the search's path (consecutive
/// blocks of the method itself whose first ends in a branch or switch
/// leading to the second), and the target's own outcome — the search's
/// claim. A path through a recursive call of the method may pair blocks of
/// two activations; the claim is the search's, as its label says.
fn claimed_edges(
    unit: &Unit,
    target: &Target,
    path: &[PathStep],
    blocks: &[&Target],
) -> Vec<(Pc, Pc)> {
    let me = unit.path_name();
    let code = unit.code();
    let mut edges = BTreeSet::new();
    if let Some(from) = target.from {
        edges.insert((from, target.pc));
    }
    let mine: Vec<Pc> = path
        .iter()
        .filter(|s| s.method == me)
        .map(|s| s.pc)
        .collect();
    for pair in mine.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        // The last instruction of the block starting at `a`.
        let Some(block) = blocks.iter().find(|t| t.pc == a) else {
            continue;
        };
        let Some(last) = code.instructions.iter().rfind(|i| i.pc < block.end) else {
            continue;
        };
        let switch = matches!(last.op, Op::TableSwitch { .. } | Op::LookupSwitch { .. });
        let next = last.op.branch_targets().contains(&b) || b == block.end;
        if (last.op.is_conditional() || switch) && next {
            edges.insert((last.pc, b));
        }
    }
    edges.into_iter().collect()
}

/// Without replay: the pcs of the method's blocks on the search's path,
/// up to the target (the search's claim, not an observation). `blocks` are
/// the method's targets (one per block).
fn claimed_pcs(unit: &Unit, target: &Target, path: &[PathStep], blocks: &[&Target]) -> Vec<Pc> {
    let me = unit.path_name();
    let code = unit.code();
    let mut pcs = BTreeSet::from([target.pc]);
    for step in path.iter().filter(|s| s.method == me) {
        if let Some(b) = blocks.iter().find(|b| b.pc <= step.pc && step.pc < b.end) {
            let end = if b.pc <= target.pc && target.pc < b.end {
                target.pc + 1
            } else {
                b.end
            };
            pcs.extend(
                code.instructions
                    .iter()
                    .map(|i| i.pc)
                    .filter(|&p| p >= b.pc && p < end),
            );
        }
    }
    pcs.into_iter().collect()
}
