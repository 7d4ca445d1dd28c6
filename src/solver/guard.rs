//! Keeping every Z3 check within its time limit and the process within
//! its memory (issue 33 item 7, issue 37 item 4): a watchdog thread that
//! interrupts a check Z3 does not stop by itself.
//!
//! Z3 4.8.12 does not always honour a check's own `timeout`: over `double`
//! divisions it turns the operations into bits and may run on for many
//! seconds past the limit while its memory grows by gigabytes (a check of
//! six chained divisions bounded at 20 s ran 30 s and peaked at 3.2 GiB;
//! whole classes of commons-text and guava peaked at 2.5-3 GiB). What
//! does stop it is `Z3_interrupt` from another thread: the same check,
//! interrupted at 2 s, answered `unknown` 0.9 s later at 0.86 GiB. Z3's
//! own memory parameters are no answer: `memory_high_watermark` changed
//! nothing, and `memory_max_size` ends the check with "out of memory" but
//! leaves every later check of the process `unknown`.
//!
//! So each thread that takes a solver registers its Z3 context here
//! ([`register_this_thread`]), and each check says when it started and
//! when it is due ([`check_started`], [`check_ended`]). The watchdog looks
//! every [`POLL`] and interrupts a check
//! - still running [`GRACE`] past its due time ([`Cut::Overran`]), or
//! - once the process's resident memory passes [`MEMORY_LIMIT_MIB`], the
//!   checks that have run at least [`MEMORY_MIN_AGE`] (a check that
//!   starts while memory is high is cheap until it has run a while), and
//!   any check under which memory grew by [`CHECK_GROWTH_MIB`]
//!   ([`Cut::Memory`]).
//!
//! An interrupted check answers `unknown`, never `unsat`: a cut can only
//! turn an answer into `unknown`, so no refutation rests on it. The
//! solver reads the cut back from [`check_ended`] so the target can say
//! why it ended unknown.
//!
//! A stop request ([`crate::stop::request`]) interrupts every check the
//! watchdog sees running from then on.

use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use z3::{Context, ContextHandle};

/// How often the watchdog looks.
const POLL: Duration = Duration::from_millis(50);

/// How long past its due time a check may run before it is interrupted
/// (Z3's own timeout normally ends it first).
const GRACE: Duration = Duration::from_millis(250);

/// Resident memory of the process (MiB) past which long checks are
/// interrupted. A whole-jar run must stay under 2 GiB with its two JVM
/// replay workers (about 200 MiB each) beside it.
pub const MEMORY_LIMIT_MIB: u64 = 1280;

/// A check under which the process grew this much (MiB) is interrupted
/// whatever the total: no check jaut needs takes that much.
const CHECK_GROWTH_MIB: u64 = 640;

/// Under the memory limit, checks younger than this are left to finish.
const MEMORY_MIN_AGE: Duration = Duration::from_millis(200);

/// Why the watchdog interrupted a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// It ran past its due time and Z3's own timeout did not end it.
    Overran,
    /// The process's memory passed [`MEMORY_LIMIT_MIB`], or grew by
    /// [`CHECK_GROWTH_MIB`] under it.
    Memory,
}

/// A check in progress on a registered thread.
struct Running {
    started: Instant,
    due: Instant,
    /// Resident memory when it started (MiB).
    rss_at_start: u64,
    cut: Option<Cut>,
}

/// A registered thread: its context and the check it is in.
struct Slot {
    handle: ContextHandle<'static>,
    check: Option<Running>,
}

static SLOTS: Mutex<Vec<Slot>> = Mutex::new(Vec::new());

static WATCHDOG: Once = Once::new();

thread_local! {
    /// This thread's index in [`SLOTS`], once registered.
    static SLOT: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Resident memory of this process in MiB (0 where `/proc` is missing).
pub fn resident_mib() -> u64 {
    let Ok(statm) = std::fs::read_to_string("/proc/self/statm") else {
        return 0;
    };
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // Linux's page size on every platform jaut runs on.
    pages * 4096 / (1 << 20)
}

fn slots() -> std::sync::MutexGuard<'static, Vec<Slot>> {
    // A panic while the lock is held leaves plain data behind.
    SLOTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers this thread's Z3 context, once per thread, so its checks can
/// be watched and interrupted. The context is kept alive for the rest of
/// the process (a handle must not outlive it); there is one per thread
/// that ever searched.
pub(crate) fn register_this_thread() {
    if SLOT.with(|s| s.get()).is_some() {
        return;
    }
    let context: &'static Context = Box::leak(Box::new(Context::thread_local()));
    let mut slots = slots();
    slots.push(Slot {
        handle: context.handle(),
        check: None,
    });
    SLOT.with(|s| s.set(Some(slots.len() - 1)));
    drop(slots);
    // A stop requested before this thread registered still stops it.
    if crate::stop::requested() {
        context.handle().interrupt();
    }
    WATCHDOG.call_once(|| {
        std::thread::Builder::new()
            .name("jaut-solver-watchdog".into())
            .spawn(watch)
            .expect("a thread for the solver watchdog");
    });
}

/// A check bounded by `bound` starts now on this thread.
pub(crate) fn check_started(bound: Duration) {
    let Some(i) = SLOT.with(|s| s.get()) else {
        return;
    };
    let started = Instant::now();
    let due = started
        .checked_add(bound)
        .unwrap_or(started + Duration::from_secs(1 << 32));
    let rss_at_start = resident_mib();
    slots()[i].check = Some(Running {
        started,
        due,
        rss_at_start,
        cut: None,
    });
}

/// This thread's check has ended; whether the watchdog interrupted it.
pub(crate) fn check_ended() -> Option<Cut> {
    let i = SLOT.with(|s| s.get())?;
    slots()[i].check.take().and_then(|c| c.cut)
}

/// How long the check that overran most has run past its due time (`None`
/// when no check is running past its limit).
pub fn overdue_check() -> Option<Duration> {
    let now = Instant::now();
    slots()
        .iter()
        .filter_map(|s| s.check.as_ref())
        .filter(|c| now > c.due)
        .map(|c| now - c.due)
        .max()
}

/// This thread's place among the watched ones (registering it if need
/// be), for [`overdue_on`].
pub fn this_thread() -> usize {
    register_this_thread();
    SLOT.with(|s| s.get()).expect("registered just now")
}

/// How long the check running on watched thread `thread` is past its due
/// time (`None` when it runs none, or within its limit).
pub fn overdue_on(thread: usize) -> Option<Duration> {
    let now = Instant::now();
    slots()
        .get(thread)
        .and_then(|s| s.check.as_ref())
        .filter(|c| now > c.due)
        .map(|c| now - c.due)
}

/// Whether a solver check is running now on any thread.
pub fn check_running() -> bool {
    slots().iter().any(|s| s.check.is_some())
}

/// What the watchdog does to one running check, given the time and the
/// process's memory now.
fn verdict(c: &Running, now: Instant, rss: u64) -> Option<Cut> {
    if c.cut.is_some() {
        return None;
    }
    let grown = rss.saturating_sub(c.rss_at_start);
    let old = now.duration_since(c.started) >= MEMORY_MIN_AGE;
    if grown >= CHECK_GROWTH_MIB || (rss >= MEMORY_LIMIT_MIB && old) {
        Some(Cut::Memory)
    } else if now > c.due + GRACE {
        Some(Cut::Overran)
    } else {
        None
    }
}

/// The watchdog's loop, for the rest of the process.
fn watch() {
    loop {
        std::thread::sleep(POLL);
        let rss = resident_mib();
        let now = Instant::now();
        let stopping = crate::stop::requested();
        let mut slots = slots();
        for s in slots.iter_mut() {
            let Some(check) = s.check.as_mut() else {
                continue;
            };
            if stopping {
                // A stop request: an interrupt is no cut of this check's
                // own (the run ends), so none is recorded.
                s.handle.interrupt();
            } else if let Some(cut) = verdict(check, now, rss) {
                check.cut = Some(cut);
                s.handle.interrupt();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running(age_ms: u64, due_in_ms: i64, rss_at_start: u64) -> (Running, Instant) {
        let now = Instant::now() + Duration::from_secs(10);
        let started = now - Duration::from_millis(age_ms);
        let due = if due_in_ms >= 0 {
            now + Duration::from_millis(due_in_ms as u64)
        } else {
            now - Duration::from_millis((-due_in_ms) as u64)
        };
        let c = Running {
            started,
            due,
            rss_at_start,
            cut: None,
        };
        (c, now)
    }

    #[test]
    fn a_check_within_its_time_and_memory_runs_on() {
        let (c, now) = running(1000, 100, 300);
        assert_eq!(verdict(&c, now, 400), None);
        // Past its due time, but within the grace Z3's timeout needs.
        let (c, now) = running(1000, -100, 300);
        assert_eq!(verdict(&c, now, 400), None);
    }

    #[test]
    fn a_check_past_its_grace_is_cut() {
        let (c, now) = running(1000, -300, 300);
        assert_eq!(verdict(&c, now, 400), Some(Cut::Overran));
    }

    #[test]
    fn memory_cuts_old_checks_and_growing_ones() {
        // Over the limit: an old check is cut, a young one is not.
        let (c, now) = running(500, 1000, MEMORY_LIMIT_MIB);
        assert_eq!(verdict(&c, now, MEMORY_LIMIT_MIB + 1), Some(Cut::Memory));
        let (c, now) = running(10, 1000, MEMORY_LIMIT_MIB);
        assert_eq!(verdict(&c, now, MEMORY_LIMIT_MIB + 1), None);
        // Under the limit, a check that grew the process by too much.
        let (c, now) = running(10, 1000, 100);
        assert_eq!(verdict(&c, now, 100 + CHECK_GROWTH_MIB), Some(Cut::Memory));
        // A check already cut is not cut again.
        let (mut c, now) = running(500, -1000, 100);
        c.cut = Some(Cut::Overran);
        assert_eq!(verdict(&c, now, 100), None);
    }

    #[test]
    fn resident_memory_is_read() {
        assert!(resident_mib() > 0);
    }
}
