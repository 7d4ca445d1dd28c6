//! The rounds of a `jaut cover` run ([`schedule::passes`]): the scheduler
//! hands the targets out to the worker threads ([`super::worker`]) and
//! commits the attempts in each method's order as they come back — the
//! order that makes a run the same for any `--jobs` (the header of
//! [`super`] says why) — then, when a pass ends, credits what its tests
//! ran in other methods, and when the last ends, settles the targets left
//! open.

use std::collections::HashMap;
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::Duration;

use crate::pipeline::Jvm;
use crate::reason::{Reason, Stop};

use super::attempt::{commit, credits, CREDIT_SLICE};
use super::run_state::RunState;
use super::settle::{credit_helpers, mark_covered};
use super::{callees, in_flight, schedule, through, worker, Attempt, Status, Target};

/// One round's bookkeeping. Coverage is per method, so commits keep the
/// round's order within each method only, and a slow target of one method
/// holds back no other. Per method: its open targets, cheapest first; how
/// far they are committed and how far handed out; and the targets handed
/// out and not yet committed.
struct Round {
    unit_order: Vec<Vec<usize>>,
    committed: Vec<usize>,
    handed: Vec<usize>,
    uncommitted: Vec<usize>,
    /// Targets handed out, with the slice each was given.
    dispatched: HashMap<usize, Duration>,
    arrived: HashMap<usize, Attempt>,
    in_flight: usize,
}

impl Round {
    /// The round of `methods`' targets still open.
    fn new(run: &RunState<'_>, methods: schedule::Methods) -> Round {
        let units = run.units.len();
        let unit_order = schedule::round_order(run.all, units, |t| {
            run.status[t].is_none()
                && !run.is_covered(&run.all[t])
                && methods.holds(run.units[run.all[t].unit].method().is_private())
        });
        Round {
            unit_order,
            committed: vec![0usize; units],
            handed: vec![0usize; units],
            uncommitted: vec![0usize; units],
            dispatched: HashMap::new(),
            arrived: HashMap::new(),
            in_flight: 0,
        }
    }
}

/// The scheduler's side of the job queue: the jobs sent, the attempts
/// received, and the attempts under way it may stop waiting for.
struct Queue<'s> {
    jobs: mpsc::Sender<(usize, Duration)>,
    done: mpsc::Receiver<(usize, Attempt)>,
    started_at: &'s in_flight::Started,
    waiting: in_flight::Waiting,
}

impl RunState<'_> {
    /// Runs the rounds on one worker thread per JVM of `jvms`, until every
    /// target is settled or the run stops.
    pub(super) fn rounds(&mut self, jvms: Vec<Jvm>) {
        let slices = schedule::slices(self.config.first_slice, self.config.search.timeout);
        let last_slice = *slices.last().expect("at least one slice");
        let jobs = self.config.jobs.max(1);
        let (job_tx, job_rx) = mpsc::channel::<(usize, Duration)>();
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<(usize, Attempt)>();
        let open = self.all.iter().filter(|t| t.depth.is_some()).count();
        let started_at = in_flight::Started::default();
        let mut queue = Queue {
            jobs: job_tx,
            done: done_rx,
            started_at: &started_at,
            waiting: in_flight::Waiting::default(),
        };
        let worker = worker::Worker {
            cp: self.cp,
            all: self.all,
            units: self.units,
            config: self.config,
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

            let mut stopped = None;
            let passes = schedule::passes(&slices);
            for (round, &(slice, methods)) in passes.iter().enumerate() {
                let last_round = round + 1 == passes.len();
                let mut r = Round::new(self, methods);
                loop {
                    // A stopped run (SIGINT/SIGTERM, or its budget spent)
                    // attempts no new target; the attempts under way are
                    // committed, and the targets left end unknown with why.
                    if stopped.is_none() {
                        stopped = self.stop_reason();
                    }
                    if stopped.is_none() {
                        self.hand_out(&mut r, slice, jobs, &queue.jobs);
                    }
                    if r.in_flight == 0 {
                        break;
                    }
                    let Some((t, a)) = self.receive(&mut queue, &r.dispatched) else {
                        continue;
                    };
                    r.in_flight -= 1;
                    let u = self.all[t].unit;
                    r.arrived.insert(t, a);
                    self.commit_in_order(&mut r, u, last_round, last_slice);
                    self.after_commits();
                }
                self.end_pass();
                if stopped.is_some() {
                    break;
                }
            }
            drop(queue);
            for w in workers {
                // A worker that panicked outside a search has no time to add.
                self.timing.replay += w.join().unwrap_or_default();
            }
            self.close_open(stopped);
        });
    }

    /// Why the run stops: a stop was requested, or its budget is spent.
    fn stop_reason(&self) -> Option<Stop> {
        if crate::stop::requested() {
            Some(Stop::Interrupted)
        } else {
            self.config
                .budget
                .filter(|&limit| self.wall.elapsed() >= limit)
                .map(|limit| Stop::RunBudget { limit })
        }
    }

    /// A free worker takes the cheapest next target among the methods with
    /// no attempt waiting to be committed; failing that, among those with
    /// fewer than `jobs` (an attempt that a pending commit may cover can be
    /// spent in vain, so no more run ahead than one round of `jobs` targets
    /// would).
    fn hand_out(
        &self,
        r: &mut Round,
        slice: Duration,
        jobs: usize,
        job_tx: &mpsc::Sender<(usize, Duration)>,
    ) {
        while r.in_flight < jobs {
            // The position of method `u`'s next target, past those
            // settled or covered since the round began (coverage
            // and statuses only grow, so they are skipped for good).
            let mut next_of = |u: usize| {
                let from = r.committed[u].max(r.handed[u]);
                let found = r.unit_order[u][from..].iter().position(|&t| {
                    !r.dispatched.contains_key(&t)
                        && self.status[t].is_none()
                        && !self.is_covered(&self.all[t])
                });
                r.handed[u] = found.map_or(r.unit_order[u].len(), |f| from + f);
                found.map(|f| r.unit_order[u][from + f])
            };
            let mut cheapest = |limit: usize| {
                (0..self.units.len())
                    .filter(|&u| r.uncommitted[u] < limit)
                    .filter_map(|u| next_of(u).map(|t| (self.all[t].cost, u, t)))
                    .min()
            };
            let Some((_, u, t)) = cheapest(1).or_else(|| cheapest(jobs)) else {
                break;
            };
            r.handed[u] += 1;
            // No slice runs past the run's budget.
            let slice = match self.config.budget {
                Some(limit) => slice.min(limit.saturating_sub(self.wall.elapsed())),
                None => slice,
            };
            job_tx.send((t, slice)).expect("workers wait for jobs");
            r.dispatched.insert(t, slice);
            r.uncommitted[u] += 1;
            r.in_flight += 1;
        }
    }

    /// The next attempt a worker sends back, or one the run stops waiting
    /// for; `None` when none came within the poll (nor a late one that is
    /// dropped).
    fn receive(
        &mut self,
        queue: &mut Queue<'_>,
        dispatched: &HashMap<usize, Duration>,
    ) -> Option<(usize, Attempt)> {
        match queue.done.recv_timeout(in_flight::POLL) {
            Ok((t, _)) if queue.waiting.arrived_late(queue.started_at, t) => None,
            Ok(done) => Some(done),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if !self.stop_written && crate::stop::requested() {
                    self.stop_written = true;
                    // Written at once: the binary ends a stopped
                    // run within a second, attempts under way or not.
                    self.checkpoint_now();
                }
                // A check Z3 does not stop holds no target past
                // its slice for more than a second.
                let t = queue.waiting.overdue(queue.started_at, dispatched)?;
                queue.waiting.abandon(t);
                self.timing.abandoned += 1;
                let limit = dispatched[&t];
                Some((
                    t,
                    Err(Reason::Bound(crate::reason::Bound::Timeout { limit })),
                ))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                unreachable!("a worker answers every job")
            }
        }
    }

    /// Commits method `u`'s results in the round's order: the next
    /// target's once it is in, or past it once a commit covered it.
    fn commit_in_order(&mut self, r: &mut Round, u: usize, last_round: bool, last_slice: Duration) {
        while let Some(&t) = r.unit_order[u].get(r.committed[u]) {
            let a = match r.arrived.remove(&t) {
                Some(a) => a,
                None if r.dispatched.contains_key(&t) => break,
                None if self.status[t].is_some() || self.is_covered(&self.all[t]) => {
                    r.committed[u] += 1;
                    continue;
                }
                None => break,
            };
            let given = r.dispatched.remove(&t).expect("dispatched");
            r.uncommitted[u] -= 1;
            r.committed[u] += 1;
            self.commit_attempt(t, a, given, last_round, last_slice);
        }
    }

    /// Commits the attempt `a` at target `t`, given the slice `given`: its
    /// times, then its test and what the test covers, or its status — or
    /// the target stays open for the next round's longer slice.
    fn commit_attempt(
        &mut self,
        t: usize,
        a: Attempt,
        given: Duration,
        last_round: bool,
        last_slice: Duration,
    ) {
        let (all, units) = (self.all, self.units);
        let target = &all[t];
        if let Ok(o) = &a {
            self.timing.search += o.stats.total;
            self.timing.solver += o.stats.solver;
            self.timing.labeling += o.stats.labeling;
            self.unit_time[target.unit] += o.stats.total + o.replay_time;
            self.timing.replay += o.replay_time;
        }
        if self.status[t].is_some() || self.is_covered(target) {
            self.timing.dropped += 1;
            return;
        }
        let blocks: Vec<&Target> = all
            .iter()
            .filter(|b| b.unit == target.unit && !b.is_branch())
            .collect();
        let (s, test) = commit(self.cp, units, target, a, &blocks);
        if let Some(mut test) = test {
            // A run JaCoCo does not credit the target for, found
            // forward or in a slice too short to search for a
            // run to the block's end (pipeline::credit): the
            // target stays open for the next round's longer
            // slice.
            let credited = credits(&test, target);
            let retry = !credited && !last_round && given < CREDIT_SLICE;
            if let (Some(_), false) = (self.uncredited_reach[t], credited) {
                // Reached again, and again uncredited: the earlier
                // test stays, and JaCoCo credits neither.
                if !retry {
                    self.settle_uncredited(t);
                }
                return;
            }
            let number = self.tests.len();
            // A test through a caller credits its target's method by
            // what it ran there (cover/through.rs).
            let mine = through::credited_in(&test, target.unit);
            self.covered[target.unit].pcs.extend(mine.pcs);
            self.covered[target.unit].edges.extend(mine.edges);
            if let (Some(obs), true) = (&test.observation, test.unit == target.unit) {
                test.elsewhere = callees::credited_elsewhere(units, target.unit, obs);
            }
            if !test.elsewhere.is_empty() || test.unit != target.unit {
                self.elsewhere_due.push(number);
            }
            self.tests.push(test);
            self.test_unit.push(target.unit);
            if credited {
                self.status[t] = Some(Status::Reached {
                    test: number,
                    aimed: true,
                });
                self.pending[t] = None;
            } else {
                self.uncredited_reach[t] = Some(number);
                self.pending[t] = Some(Vec::new());
                if !retry {
                    self.settle_uncredited(t);
                }
            }
            mark_covered(
                all,
                &mut self.status,
                &mut self.pending,
                &self.covered,
                target.unit,
                number,
            );
        } else {
            match s {
                // Open for the next round's longer slice.
                Status::Unknown { reasons }
                    if !last_round && schedule::retry(&reasons, given, last_slice) =>
                {
                    self.pending[t] = Some(reasons);
                }
                s => {
                    self.pending[t] = None;
                    self.status[t] = Some(s);
                }
            }
        }
    }

    /// Target `t` was reached only by runs JaCoCo does not credit it for
    /// (their tests are kept for what else they cover): it is not counted
    /// as covered, as JaCoCo does not count it.
    fn settle_uncredited(&mut self, t: usize) {
        self.pending[t] = None;
        self.status[t] = Some(Status::Unknown {
            reasons: vec![Reason::Uncredited],
        });
    }

    /// The pass is over: what its tests ran in other methods counts
    /// now, in the order of their methods, the same for any --jobs.
    fn end_pass(&mut self) {
        let mut due = std::mem::take(&mut self.elsewhere_due);
        due.sort_by_key(|&n| (self.test_unit[n], n));
        for n in due {
            credit_helpers(
                &through::credited_later(&self.tests[n], self.test_unit[n]),
                n,
                self.all,
                &mut self.status,
                &mut self.pending,
                &mut self.covered,
            );
        }
    }

    /// Targets still open: the run stopped before their next slice (or,
    /// with no stop, the last round settled them all).
    fn close_open(&mut self, stopped: Option<Stop>) {
        for (t, s) in self.status.iter_mut().enumerate() {
            if s.is_none() && !self.covered[self.all[t].unit].covers(&self.all[t]) {
                let mut reasons = self.pending[t].take().unwrap_or_default();
                // Reached by a run JaCoCo does not credit, then stopped
                // before a longer slice looked for one it credits.
                if self.uncredited_reach[t].is_some() {
                    reasons.insert(0, Reason::Uncredited);
                }
                if let Some(why) = stopped {
                    reasons.push(Reason::Stopped(why));
                }
                *s = Some(Status::Unknown { reasons });
            }
        }
    }
}
