//! A worker thread of `jaut cover`: it starts its JVM, then takes targets
//! from the job queue and sends back each attempt ([`super::attempt`]);
//! the scheduler in [`super::rounds`] hands out the targets and commits the
//! attempts in order.

use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use crate::pipeline::Jvm;
use crate::program::Program;
use crate::reason::Reason;

use super::attempt::attempt;
use super::{in_flight, through, Attempt, Config, Target, Unit};

/// What every worker of a run shares: the targets, the settings and the
/// job queue.
pub(super) struct Worker<'a> {
    pub(super) cp: &'a Program,
    pub(super) all: &'a [Target],
    pub(super) units: &'a [Unit],
    pub(super) config: &'a Config,
    /// (target, slice) to attempt.
    pub(super) jobs: &'a Mutex<mpsc::Receiver<(usize, Duration)>>,
    pub(super) started_at: &'a in_flight::Started,
}

impl Worker<'_> {
    /// Attempts targets until the queue closes or the scheduler is gone;
    /// the time its JVM took to start (the run's replay time).
    pub(super) fn work(&self, mut jvm: Jvm, done: mpsc::Sender<(usize, Attempt)>) -> Duration {
        let started = Instant::now();
        let thread = crate::solver::guard::this_thread();
        jvm.start();
        let start_time = started.elapsed();
        loop {
            let job = self.jobs.lock().expect("job queue").recv();
            let Ok((t, slice)) = job else { break };
            self.started_at.take(t, thread);
            let target = &self.all[t];
            let unit = &self.units[target.unit];
            // A panic in one search is a bug in jaut, reported as
            // that target's reason; the other targets go on.
            let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let through = through::callers_in_run(self.units, unit);
                attempt(self.cp, unit, target, self.config, slice, through, &mut jvm)
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
            if done.send((t, attempt)).is_err() {
                break;
            }
        }
        start_time
    }
}
