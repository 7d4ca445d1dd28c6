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
pub mod schedule;
mod settle;
pub mod shard;
pub mod targets;
mod through;
mod timeline_svg;
mod timing;
mod worker;

use std::collections::{BTreeSet, HashMap};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::classfile::{access, Class};
use crate::classpath::ClassPath;
use crate::pipeline::{self, Jvm};
use crate::reason::{Reason, Stop};
use crate::search;

pub use covered::Covered;
pub use document::Document;
pub use jvm::JvmReplayers;
pub use outcome::{GeneratedTest, Origin, Status};
pub use report::Report;
pub use shard::Shard;
pub use targets::{Target, Unit};
pub use timing::{Progress, TimelinePoint, Timing};

use attempt::{commit, credits, CREDIT_SLICE};
use settle::{
    block_pcs, credit_helpers, first_pass_test, grow_timeline, mark_covered, number_by_method,
};

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
    let worker = worker::Worker {
        cp,
        all: &all,
        units: &units,
        config,
        jobs: &job_rx,
        started_at: &started_at,
    };
    std::thread::scope(|scope| {
        // Each worker starts its JVM before its first target, so the start
        // (about 0.15 s) is the run's replay time, not the time of the
        // method whose target happens to come first.
        let mut workers = Vec::new();
        for jvm in jvms.into_iter().take(open) {
            let done_tx = done_tx.clone();
            let worker = &worker;
            workers.push(scope.spawn(move || worker.work(jvm, done_tx)));
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
                    let blocks: Vec<&Target> = all
                        .iter()
                        .filter(|b| b.unit == target.unit && !b.is_branch())
                        .collect();
                    let (s, test) = commit(cp, &units, target, a, &blocks);
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
                        // A test through a caller credits its target's
                        // method by what it ran there (cover/through.rs).
                        let mine = through::credited_in(&test, target.unit);
                        covered[target.unit].pcs.extend(mine.pcs);
                        covered[target.unit].edges.extend(mine.edges);
                        if let (Some(obs), true) = (&test.observation, test.unit == target.unit) {
                            test.elsewhere = callees::credited_elsewhere(&units, target.unit, obs);
                        }
                        if !test.elsewhere.is_empty() || test.unit != target.unit {
                            elsewhere_due.push(number);
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
                    &through::credited_later(&tests[n], test_unit[n]),
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
