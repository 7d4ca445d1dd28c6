//! Stopping a run early and cleanly: on SIGINT/SIGTERM (the binary's
//! handler calls [`request`]) every search in progress ends at its next
//! step, the solver checks running on any thread are interrupted through
//! Z3's own interrupt (`Z3_interrupt`, which makes a check answer
//! `unknown`; [`crate::solver::guard`] holds the contexts), and no new
//! target is started; what was settled is then reported and written as
//! usual.
//!
//! The flag is process-wide: a run is one process.
//!
//! Z3 does not always see its time limit at once: while it turns
//! floating-point division into bits it may run on for seconds (4.8.12:
//! a check over `double` divisions bounded at 750 ms took 8-14 s,
//! commons-lang3 `StringUtils.getJaroWinklerDistance`). The solver's
//! watchdog interrupts such a check; [`overdue_check`] and
//! [`check_running`] let the binary tell one that still does not stop,
//! and answer for a single target without waiting for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static STOP: AtomicBool = AtomicBool::new(false);

/// How long the solver check running now that overran most is past its
/// time limit (`None` when none runs past its limit).
pub fn overdue_check() -> Option<Duration> {
    crate::solver::guard::overdue_check()
}

/// Whether a solver check is running now.
pub fn check_running() -> bool {
    crate::solver::guard::check_running()
}

/// Asks every search to stop, and interrupts the solver checks running.
pub fn request() {
    STOP.store(true, Ordering::SeqCst);
    crate::solver::guard::interrupt_all();
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}
