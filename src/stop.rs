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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use z3::{Context, ContextHandle};

static STOP: AtomicBool = AtomicBool::new(false);

/// Handles to the Z3 contexts of the threads that took a solver.
static CONTEXTS: Mutex<Vec<ContextHandle<'static>>> = Mutex::new(Vec::new());

thread_local! {
    static REGISTERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
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
