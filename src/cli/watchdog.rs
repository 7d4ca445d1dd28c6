//! A single target answers on time even when Z3 does not stop (issue 37,
//! item 4): the target runs on a thread of its own, and when, past its
//! `--timeout` or after a stop request (SIGINT, SIGTERM), the solver check
//! it is in has overrun its own limit ([`jaut::solver::guard::overdue_check`]), the
//! target is answered unknown without waiting for the check. The caller
//! then prints the answer and ends the process: the check cannot be
//! abandoned otherwise.

use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

use jaut::reason::{Bound, Reason, Stop};

/// A check this far past its limit, or still running this long after a
/// stop request interrupted it, is one Z3 is not stopping.
const STUCK: Duration = Duration::from_millis(300);

/// How often the watchdog looks.
const POLL: Duration = Duration::from_millis(20);

/// What came of a watched target.
pub enum Watched<T> {
    /// It ended: its result.
    Done(T),
    /// A solver check overran past the deadline or a stop request: why
    /// the target is unknown.
    Stuck(Reason),
}

/// Runs `work` on a thread of `scope` and waits for it, for `timeout`
/// and as long as no solver check overruns after that (or after a stop
/// request).
pub fn watch<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    timeout: Duration,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Watched<T> {
    let started = Instant::now();
    let mut stop_seen: Option<Instant> = None;
    wait(scope.spawn(work), || {
        // Z3 was interrupted: a check still running this long after a stop
        // does not see it.
        if let Some(since) = since_stop(&mut stop_seen) {
            if since >= STUCK && jaut::solver::guard::check_running() {
                return Some(Reason::Stopped(Stop::Interrupted));
            }
        }
        let stuck = jaut::solver::guard::overdue_check().is_some_and(|d| d >= STUCK);
        (stuck && started.elapsed() >= timeout)
            .then_some(Reason::Bound(Bound::Timeout { limit: timeout }))
    })
}

/// Waits for `worker`, polling `stuck` between looks: the worker's result,
/// or the first reason `stuck` gives to stop waiting.
fn wait<T>(
    worker: ScopedJoinHandle<'_, T>,
    mut stuck: impl FnMut() -> Option<Reason>,
) -> Watched<T> {
    loop {
        if worker.is_finished() {
            return Watched::Done(joined(worker));
        }
        std::thread::sleep(POLL);
        if let Some(reason) = stuck() {
            return Watched::Stuck(reason);
        }
    }
}

/// How long past its budget a `jaut cover` run may go before it is taken
/// for stuck: the last attempts' slices end within the budget, and cover
/// stops waiting for an attempt 5 s past its slice.
pub const OVERRUN_GRACE: Duration = Duration::from_secs(8);

/// How long a stopped `jaut cover` run may take to wrap up (its attempts
/// under way end, its report is written) before the binary ends it.
const STOP_GRACE: Duration = Duration::from_millis(900);

/// Runs `work` on a thread of `scope` and waits for it, and after a stop
/// request (SIGINT, SIGTERM) at most [`STOP_GRACE`]: `jaut cover` writes
/// its checkpoint as soon as it sees the stop, and an attempt that does
/// not end at once (a solver check Z3 does not stop, a replay) must not
/// hold the run.
///
/// A run still going at `deadline` (its budget and [`OVERRUN_GRACE`]) has
/// an attempt stuck where nothing stops it (a Z3 check that sees neither
/// its limit nor an interrupt): it is stopped as SIGTERM would, so it
/// ends with what it settled instead of running on for minutes.
pub fn until_stopped<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Watched<T> {
    let mut stop_seen: Option<Instant> = None;
    wait(scope.spawn(work), || {
        if deadline.is_some_and(|d| Instant::now() >= d) && !jaut::stop::requested() {
            eprintln!(
                "jaut: the run is past its budget with an attempt that does not end; stopping it"
            );
            jaut::stop::request();
        }
        since_stop(&mut stop_seen)
            .is_some_and(|since| since >= STOP_GRACE)
            .then_some(Reason::Stopped(Stop::Interrupted))
    })
}

/// What a finished `worker` returned (its panic goes on).
fn joined<T>(worker: ScopedJoinHandle<'_, T>) -> T {
    match worker.join() {
        Ok(t) => t,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// How long ago a stop was first seen (`stop_seen` notes when), once one
/// was requested.
fn since_stop(stop_seen: &mut Option<Instant>) -> Option<Duration> {
    jaut::stop::requested().then(|| stop_seen.get_or_insert_with(Instant::now).elapsed())
}
