//! The attempts under way on `jaut cover`'s workers, and when the run
//! stops waiting for one (issue 37 item 4): a run never waits more than
//! about a second past a target's slice for a solver check.
//!
//! The solver's watchdog ([`crate::solver::guard`]) interrupts a check
//! that overruns its limit, and Z3 nearly always answers `unknown` within
//! a second of that. When it does not, the attempt is given up: its
//! target ends this round unknown at its slice (a timeout, so the next
//! round may try it again with a longer one), and the run goes on with
//! the other workers. The worker comes back when the check finally ends;
//! what its attempt then brings is dropped, so a late answer never
//! changes a target settled since.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::solver::guard;

/// How often the run looks at the attempts under way while it waits.
pub const POLL: Duration = Duration::from_millis(50);

/// How long past its slice an attempt whose thread is in an overdue
/// solver check is waited for.
pub const CHECK_GRACE: Duration = Duration::from_secs(1);

/// How long past its slice any attempt is waited for (a replay or a model
/// that does not look at the clock: the run still goes on).
pub const ANY_GRACE: Duration = Duration::from_secs(5);

/// When each attempt under way started, and on which watched thread
/// (shared with the workers, which note when they take a target).
#[derive(Default)]
pub struct Started(Mutex<HashMap<usize, (Instant, usize)>>);

impl Started {
    /// Worker thread `thread` ([`guard::this_thread`]) starts target `t`.
    pub fn take(&self, t: usize, thread: usize) {
        self.lock().insert(t, (Instant::now(), thread));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<usize, (Instant, usize)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The main thread's side: the attempts given up on.
#[derive(Default)]
pub struct Waiting {
    abandoned: HashSet<usize>,
}

impl Waiting {
    /// An attempt the run should stop waiting for, among those handed out
    /// (`dispatched`: target → slice), given when each started.
    pub fn overdue(
        &self,
        started: &Started,
        dispatched: &HashMap<usize, Duration>,
    ) -> Option<usize> {
        let started = started.lock();
        let now = Instant::now();
        dispatched
            .iter()
            .filter(|(t, _)| !self.abandoned.contains(t))
            .filter_map(|(&t, &slice)| {
                let &(at, thread) = started.get(&t)?;
                let past = now.checked_duration_since(at + slice)?;
                let stuck_in_check = guard::overdue_on(thread).is_some() && past >= CHECK_GRACE;
                (stuck_in_check || past >= ANY_GRACE).then_some(t)
            })
            .min()
    }

    /// Stops waiting for target `t`'s attempt.
    pub fn abandon(&mut self, t: usize) {
        self.abandoned.insert(t);
    }

    /// An attempt came back: whether it is one given up on (to be
    /// dropped). Either way it no longer runs.
    pub fn arrived_late(&mut self, started: &Started, t: usize) -> bool {
        started.lock().remove(&t);
        self.abandoned.remove(&t)
    }

    /// Attempts given up on whose workers have not come back.
    pub fn abandoned(&self) -> usize {
        self.abandoned.len()
    }
}
