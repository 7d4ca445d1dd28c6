//! Stopping a run early and cleanly: on SIGINT/SIGTERM (the binary's
//! handler calls [`request`]) every search in progress ends at its next
//! step, the solver checks running on any thread are interrupted through
//! Z3's own interrupt (`Z3_interrupt`, which makes a check answer
//! `unknown`), and no new target is started; what was settled is then
//! reported and written as usual.
//!
//! The flag is process-wide: a run is one process. Z3 contexts are
//! per thread (the `z3` crate's thread-local context); each thread that
//! takes a solver registers a handle to its context once, so a stop can
//! interrupt the checks of every thread.
//!
//! Z3 does not always see its time limit or an interrupt at once: while
//! it turns floating-point division into bits it may run on for seconds
//! (4.8.12: a check over `double` divisions bounded at 750 ms took 8-14 s,
//! commons-lang3 `StringUtils.getJaroWinklerDistance`). Each check
//! therefore says when it started and when it is due ([`check_started`]),
//! so the binary can tell a check that overruns ([`overdue_check`]) and
//! answer for a single target without waiting for it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use z3::{Context, ContextHandle};

static STOP: AtomicBool = AtomicBool::new(false);

/// Handles to the Z3 contexts of the threads that took a solver.
static CONTEXTS: Mutex<Vec<ContextHandle<'static>>> = Mutex::new(Vec::new());

thread_local! {
    static REGISTERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The instant the times below count from.
static EPOCH: OnceLock<Instant> = OnceLock::new();

/// When the last solver check to start is due, in microseconds since
/// [`EPOCH`] plus one (0: no check running).
static CHECK_DUE: AtomicU64 = AtomicU64::new(0);

fn micros_since_epoch(t: Instant) -> u64 {
    let epoch = *EPOCH.get_or_init(Instant::now);
    t.saturating_duration_since(epoch).as_micros() as u64 + 1
}

/// A solver check bounded by `bound` starts now (the last one started is
/// the one watched: a single target's search runs one check at a time).
pub(crate) fn check_started(bound: Duration) {
    let due = Instant::now()
        .checked_add(bound)
        .map_or(u64::MAX, micros_since_epoch);
    CHECK_DUE.store(due, Ordering::Relaxed);
}

/// The check started last has ended.
pub(crate) fn check_ended() {
    CHECK_DUE.store(0, Ordering::Relaxed);
}

/// How long the solver check running now has overrun its time limit
/// (`None` when none runs, or it is within its limit).
pub fn overdue_check() -> Option<Duration> {
    let due = CHECK_DUE.load(Ordering::Relaxed);
    let now = micros_since_epoch(Instant::now());
    (due != 0 && now > due).then(|| Duration::from_micros(now - due))
}

/// Whether a solver check is running now.
pub fn check_running() -> bool {
    CHECK_DUE.load(Ordering::Relaxed) != 0
}

/// Asks every search to stop, and interrupts the solver checks running.
pub fn request() {
    STOP.store(true, Ordering::SeqCst);
    if let Ok(contexts) = CONTEXTS.lock() {
        for c in contexts.iter() {
            c.interrupt();
        }
    }
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Registers this thread's Z3 context, once per thread, so [`request`] can
/// interrupt its checks. The context is kept alive for the rest of the
/// process (a handle must not outlive it); there is one per thread that
/// ever searched, so this costs one Z3 context per worker thread.
pub(crate) fn register_this_thread() {
    if REGISTERED.with(|r| r.replace(true)) {
        return;
    }
    let context: &'static Context = Box::leak(Box::new(Context::thread_local()));
    if let Ok(mut contexts) = CONTEXTS.lock() {
        contexts.push(context.handle());
        if requested() {
            context.handle().interrupt();
        }
    }
}
