//! What a `jaut cover` run owns from its targets to its report
//! ([`RunState`]): per target its status, or what it waits for a longer
//! slice with; per method its coverage and time; the tests; the timeline;
//! and the checkpoints that write what is settled so far for a run that
//! may be killed. The first pass ([`super::first_pass`]) commits into it
//! here; the rounds of searches do in [`super::rounds`].

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use crate::pipeline::Jvm;
use crate::program::Program;
use crate::reason::{Reason, Stop};

use super::settle::{block_pcs, credit_helpers, first_pass_test, grow_timeline, mark_covered};
use super::{
    first_pass, through, Config, Covered, CoveredBefore, GeneratedTest, Progress, Report, Status,
    Target, TimelinePoint, Timing, Unit,
};

/// How often a run reports what it settled so far (for a run that may be
/// killed before it ends), at most.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(2);

/// The time between two checkpoints is at least this many times what the
/// last one took: writing a whole jar's suite takes seconds on the calling
/// thread, which also commits the attempts (checkpoints every 2 s held a
/// whole jar's first pass to the run's end, at load 15).
const CHECKPOINT_SHARE: u32 = 4;

/// Where a run reports as it goes, on the calling thread: its progress
/// after each commit, and what is settled so far at each checkpoint.
pub(super) struct Listeners<'a> {
    pub(super) progress: &'a mut dyn FnMut(&Progress),
    pub(super) checkpoint: &'a mut dyn FnMut(&Report),
}

/// The state of a cover run, owned by the calling thread (the workers see
/// only the targets and the job queue, [`super::worker`]).
pub(super) struct RunState<'a> {
    pub(super) cp: &'a Program,
    pub(super) units: &'a [Unit],
    pub(super) all: &'a [Target],
    pub(super) config: &'a Config,
    /// Whether the tests are replayed in the JVM (otherwise coverage is
    /// the search's claim).
    replayed: bool,
    /// When the run began.
    pub(super) wall: Instant,
    listeners: Listeners<'a>,
    /// Per target, its status once settled.
    pub(super) status: Vec<Option<Status>>,
    /// Per unit, the pcs and branch outcomes covered so far.
    pub(super) covered: Vec<Covered>,
    pub(super) unit_time: Vec<Duration>,
    pub(super) tests: Vec<GeneratedTest>,
    /// The method of each test, to number them method by method at the end.
    pub(super) test_unit: Vec<usize>,
    /// Per target still open after an attempt: the reasons it ended unknown
    /// with, while it waits for a longer slice.
    pub(super) pending: Vec<Option<Vec<Reason>>>,
    /// Per target: the test that reached it in a run JaCoCo does not credit
    /// it for (an exception a callee or the JVM raised before its block's
    /// end), while it waits for the next round's longer slice to find a run
    /// JaCoCo credits.
    pub(super) uncredited_reach: Vec<Option<usize>>,
    /// Tests whose coverage in other methods is credited when the pass
    /// ends.
    pub(super) elsewhere_due: Vec<usize>,
    pub(super) timeline: Vec<TimelinePoint>,
    pub(super) timing: Timing,
    pub(super) first_pass_summary: Option<first_pass::Summary>,
    pub(super) last_checkpoint: Instant,
    /// How long the last checkpoint took to write.
    pub(super) checkpoint_took: Duration,
    /// Whether the checkpoint of a stop request is written.
    pub(super) stop_written: bool,
}

impl<'a> RunState<'a> {
    /// A run over `all`, the targets of `units`, nothing settled yet; the
    /// targets were parsed since `wall`.
    pub(super) fn new(
        cp: &'a Program,
        units: &'a [Unit],
        all: &'a [Target],
        config: &'a Config,
        replayed: bool,
        wall: Instant,
        listeners: Listeners<'a>,
    ) -> Self {
        let timing = Timing {
            parse: wall.elapsed(),
            ..Timing::default()
        };
        RunState {
            cp,
            units,
            all,
            config,
            replayed,
            wall,
            listeners,
            status: vec![None; all.len()],
            covered: vec![Covered::default(); units.len()],
            unit_time: vec![Duration::ZERO; units.len()],
            tests: Vec::new(),
            test_unit: Vec::new(),
            pending: vec![None; all.len()],
            uncredited_reach: vec![None; all.len()],
            elsewhere_due: Vec::new(),
            timeline: Vec::new(),
            timing,
            first_pass_summary: None,
            last_checkpoint: Instant::now(),
            checkpoint_took: Duration::ZERO,
            stop_written: false,
        }
    }

    /// Settles what needs no search: dead code, and the targets the
    /// existing tests covered (`before`, from JaCoCo); then the progress and
    /// the timeline's first point.
    pub(super) fn settle_before(&mut self, before: Option<&CoveredBefore<'_>>) {
        let (units, covered) = (self.units, &mut self.covered);
        for (i, t) in self.all.iter().enumerate() {
            if t.depth.is_none() {
                self.status[i] = Some(Status::Dead);
            } else if before.is_some_and(|f| f(&units[t.unit], t)) {
                self.status[i] = Some(Status::CoveredBefore);
                match t.from {
                    Some(from) => {
                        covered[t.unit].edges.insert((from, t.pc));
                    }
                    None => covered[t.unit].pcs.extend(block_pcs(&units[t.unit], t)),
                }
            }
        }
        let first = self.report_progress();
        self.timeline.push(TimelinePoint {
            at: self.wall.elapsed(),
            blocks_covered: first.blocks_covered,
        });
    }

    /// Whether what is covered so far covers target `t`.
    pub(super) fn is_covered(&self, t: &Target) -> bool {
        self.covered[t.unit].covers(t)
    }

    /// Counts the targets settled so far and reports them.
    pub(super) fn report_progress(&mut self) -> Progress {
        let mut p = Progress {
            total: self.status.len(),
            budget: self.config.budget,
            elapsed: self.wall.elapsed(),
            ..Progress::default()
        };
        for (t, s) in self.status.iter().enumerate() {
            let block = !self.all[t].is_branch();
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
        (self.listeners.progress)(&p);
        p
    }

    /// After commits: the progress, the timeline, and what is settled so
    /// far, for a run that may be killed: at most every two seconds.
    pub(super) fn after_commits(&mut self) {
        let now = self.report_progress();
        grow_timeline(&mut self.timeline, self.wall.elapsed(), now.blocks_covered);
        if self.checkpoint_due() {
            self.checkpoint_now();
        }
    }

    /// Whether the next checkpoint is due: [`CHECKPOINT_EVERY`] since the
    /// last, and [`CHECKPOINT_SHARE`] times what it took to write; at once
    /// after a stop request (the binary ends a stopped run within a second,
    /// printing the report of the first checkpoint written since).
    fn checkpoint_due(&self) -> bool {
        if crate::stop::requested() && !self.stop_written {
            return true;
        }
        let every = CHECKPOINT_EVERY.max(self.checkpoint_took * CHECKPOINT_SHARE);
        self.last_checkpoint.elapsed() >= every
    }

    /// Hands `report` to the checkpoint listener, timing it.
    fn write_checkpoint(&mut self, report: &Report) {
        let start = Instant::now();
        self.stop_written |= crate::stop::requested();
        (self.listeners.checkpoint)(report);
        self.checkpoint_took = start.elapsed();
        self.last_checkpoint = Instant::now();
    }

    /// What is settled so far, for a run that may be killed: targets not
    /// yet settled are written as interrupted.
    fn partial_report(&self, timing: &Timing, first_pass: Option<first_pass::Summary>) -> Report {
        let partial: Vec<Status> = self
            .status
            .iter()
            .map(|s| {
                s.clone().unwrap_or(Status::Unknown {
                    reasons: vec![Reason::Stopped(Stop::Interrupted)],
                })
            })
            .collect();
        let mut report = Report::new(
            self.units.to_vec(),
            self.all.to_vec(),
            partial,
            self.tests.to_vec(),
            self.unit_time.to_vec(),
            self.covered.to_vec(),
            timing.clone(),
            self.replayed,
        );
        report.timeline = self.timeline.to_vec();
        report.first_pass = first_pass;
        report
    }

    /// Writes what is settled so far (see `partial_report`), with the
    /// timing and the first pass's summary as they are now.
    pub(super) fn checkpoint_now(&mut self) {
        let report = self.partial_report(&self.timing, self.first_pass_summary);
        self.write_checkpoint(&report);
    }

    /// The first pass: every method run from simple inputs on the
    /// workers' JVMs ([`first_pass`]), each run that covers a target still
    /// open kept as a test.
    pub(super) fn first_pass(&mut self, jvms: &mut [Jvm]) {
        let started = Instant::now();
        let classes: BTreeSet<&str> = self.units.iter().map(|u| u.class.name.as_str()).collect();
        let mut limit = first_pass::time_limit(self.config.budget, classes.len());
        if let Some(b) = self.config.budget {
            limit = limit.min(b.saturating_sub(self.wall.elapsed()));
        }
        let mut summary = first_pass::Summary::default();
        let (cp, units, objects) = (self.cp, self.units, self.config.search.objects);
        let deadline = started + limit;
        for sweep in [first_pass::Sweep::FIRST, first_pass::Sweep::WIDER] {
            // A wider sweep runs only the methods with targets still open.
            let open = self.units_open();
            let wanted = |u: usize| open[u];
            // Each method's runs are committed as soon as they (and those
            // of the methods before it) are in, so a whole jar's tests are
            // written while its pass goes on.
            let mut commit_unit = |u: usize, unit_runs: Vec<first_pass::Run>| {
                self.commit_first_pass(u, unit_runs, &mut summary, started);
            };
            summary.runs += first_pass::run(
                cp,
                units,
                jvms,
                deadline,
                objects,
                sweep,
                &wanted,
                &mut commit_unit,
            );
        }
        self.timing.first_pass = started.elapsed();
        self.first_pass_summary = Some(summary);
        let now = self.report_progress();
        self.timeline.push(TimelinePoint {
            at: self.wall.elapsed(),
            blocks_covered: now.blocks_covered,
        });
        // The pass's tests are written now: the rounds' first commit may
        // be a long search away.
        if summary.kept > 0 {
            self.checkpoint_now();
        }
    }

    /// Per unit, whether a target of it is still open (neither settled
    /// nor covered), or of a private method the first pass leaves to its
    /// callers, this unit among them ([`super::through::left_to_callers`]).
    fn units_open(&self) -> Vec<bool> {
        let mut open = vec![false; self.units.len()];
        for (i, t) in self.all.iter().enumerate() {
            if self.status[i].is_none() && !self.is_covered(t) {
                open[t.unit] = true;
            }
        }
        let helpers: Vec<usize> = (0..self.units.len())
            .filter(|&u| open[u] && through::left_to_callers(self.cp, self.units, &self.units[u]))
            .collect();
        for h in helpers {
            let unit = &self.units[h];
            for chain in crate::search::callers::chains(self.cp, &unit.class, unit.method()) {
                let caller = chain.sites[0].method;
                let found = self
                    .units
                    .iter()
                    .position(|c| c.index == caller && c.class.name == unit.class.name);
                if let Some(c) = found {
                    open[c] = true;
                }
            }
        }
        open
    }

    /// Commits the first pass's runs of unit `u` (the pass began at
    /// `started`).
    fn commit_first_pass(
        &mut self,
        u: usize,
        unit_runs: Vec<first_pass::Run>,
        summary: &mut first_pass::Summary,
        started: Instant,
    ) {
        let (all, units) = (self.all, self.units);
        for run in unit_runs {
            let Some(mut test) =
                first_pass_test(self.cp, units, u, all, &self.status, &self.covered, run)
            else {
                continue;
            };
            let number = self.tests.len();
            self.covered[u].add_credited(&test);
            if let Some(obs) = &test.observation {
                first_pass::mark_assertions(
                    &units[u],
                    obs,
                    self.config.search.assertions,
                    &mut test.state,
                );
            }
            mark_covered(
                all,
                &mut self.status,
                &mut self.pending,
                &self.covered,
                u,
                number,
            );
            // The runs are taken in method order: crediting the
            // helpers now is the same for any --jobs.
            credit_helpers(
                &test.elsewhere,
                number,
                all,
                &mut self.status,
                &mut self.pending,
                &mut self.covered,
            );
            self.tests.push(test);
            self.test_unit.push(u);
            summary.kept += 1;
        }
        let now = self.report_progress();
        grow_timeline(&mut self.timeline, self.wall.elapsed(), now.blocks_covered);
        if self.checkpoint_due() {
            let mut timing = self.timing.clone();
            timing.first_pass = started.elapsed();
            let report = self.partial_report(&timing, Some(*summary));
            self.write_checkpoint(&report);
        }
    }
}
