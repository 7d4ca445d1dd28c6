//! Stopping a run early and cleanly: on SIGINT/SIGTERM (the binary's
//! handler calls [`request`]) every search in progress ends at its next
//! step, the solver's watchdog interrupts the checks running on any thread
//! within its poll (Z3's own interrupt, `Z3_interrupt`, which makes a
//! check answer `unknown`; `solver::guard` holds the contexts and reads
//! [`requested`]), and no new target is started; what was settled is then
//! reported and written as usual. This module depends on nothing else of
//! jaut.
//!
//! The flag is process-wide: a run is one process.
//!
//! Z3 does not always see its time limit at once: while it turns
//! floating-point division into bits it may run on for seconds (4.8.12:
//! a check over `double` divisions bounded at 750 ms took 8-14 s,
//! commons-lang3 `StringUtils.getJaroWinklerDistance`). The solver's
//! watchdog interrupts such a check; `solver::guard::overdue_check` and
//! `check_running` let the binary tell one that still does not stop, and
//! answer for a single target without waiting for it.

use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);

/// Asks every search to stop (and the solver's watchdog to interrupt
/// every check, within its poll).
pub fn request() {
    STOP.store(true, Ordering::SeqCst);
}

/// Whether a stop was asked for.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}
