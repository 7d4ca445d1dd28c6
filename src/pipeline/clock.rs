//! The time of one target (issue 37, item 4): every stage of
//! [`super::run`] — the backward searches, the forward strategies
//! (concolic search, seeds), every replay in the JVM — shares the target's
//! `--timeout`, so a run ends within it and a grace for the last replay
//! ([`REPLAY_GRACE`]); writing and checking the JUnit test come after.
//!
//! When a forward strategy may follow a search that ends unknown, the
//! search keeps a share of the time for it ([`Clock::search_time`]): a
//! search that timed out would otherwise leave the strategies nothing.

use std::time::{Duration, Instant};

/// The replay of a state found at the deadline still gets this long: a
/// state the search found is worth its confirmation, and most calls end
/// in milliseconds (a call that does not is killed, and the target ends
/// unknown: a replay that could not tell).
pub const REPLAY_GRACE: Duration = Duration::from_millis(750);

/// The share of the target's time kept for the forward strategies when
/// they may follow the search: a quarter, at most their own cap.
const FORWARD_SHARE: u32 = 4;

/// When one target started, and how long it may take.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    started: Instant,
    timeout: Duration,
}

impl Clock {
    /// A target starting now, with `timeout` for everything.
    pub fn start(timeout: Duration) -> Clock {
        Clock {
            started: Instant::now(),
            timeout,
        }
    }

    /// What is left of the target's time.
    pub fn left(&self) -> Duration {
        self.timeout.saturating_sub(self.started.elapsed())
    }

    /// The first backward search's time: all of the target's, or, when a
    /// forward strategy may follow (capped at `forward_cap`), all but its
    /// share.
    pub fn search_time(&self, forward_follows: bool, forward_cap: Duration) -> Duration {
        if !forward_follows {
            return self.left();
        }
        self.left().saturating_sub(self.forward_share(forward_cap))
    }

    /// The share kept for the forward strategies: a quarter of the
    /// target's time, at most `cap`.
    fn forward_share(&self, cap: Duration) -> Duration {
        (self.timeout / FORWARD_SHARE).min(cap)
    }

    /// The forward strategies' time: their cap, or what is left when less,
    /// but never less than the share the search kept for them. A search
    /// whose last solver check ran past its limit (Z3 does not always stop
    /// on time, on `double` divisions above all) would otherwise leave
    /// them nothing, and they settle such targets in milliseconds.
    pub fn forward_time(&self, cap: Duration) -> Duration {
        cap.min(self.left().max(self.forward_share(cap)))
    }

    /// The longest one replay may run: what is left, but at least
    /// [`REPLAY_GRACE`], and at most the replayer's own limit.
    pub fn replay_timeout(&self) -> Duration {
        self.left()
            .max(REPLAY_GRACE)
            .min(crate::replay::DEFAULT_TIMEOUT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keeps_a_share_for_the_forward_strategies() {
        let clock = Clock::start(Duration::from_secs(20));
        let cap = Duration::from_secs(3);
        let alone = clock.search_time(false, cap);
        let shared = clock.search_time(true, cap);
        assert!(alone > Duration::from_millis(19_900), "{alone:?}");
        // A quarter of 20 s is 5 s, more than the cap: the cap is kept.
        assert!(
            (Duration::from_millis(16_900)..=Duration::from_secs(17)).contains(&shared),
            "{shared:?}"
        );
        let short = Clock::start(Duration::from_secs(2));
        let s = short.search_time(true, cap);
        assert!(s <= Duration::from_millis(1500), "{s:?}");
    }

    #[test]
    fn a_replay_past_the_deadline_gets_the_grace_only() {
        let clock = Clock::start(Duration::ZERO);
        assert_eq!(clock.left(), Duration::ZERO);
        assert_eq!(clock.replay_timeout(), REPLAY_GRACE);
        assert_eq!(clock.forward_time(Duration::from_secs(3)), Duration::ZERO);
        // A search that overran: the forward strategies still get their
        // share (a quarter of 2 s).
        let overran = Clock {
            started: Instant::now() - Duration::from_secs(5),
            timeout: Duration::from_secs(2),
        };
        assert_eq!(
            overran.forward_time(Duration::from_secs(3)),
            Duration::from_millis(500)
        );
        let long = Clock::start(Duration::from_secs(60));
        assert_eq!(long.replay_timeout(), crate::replay::DEFAULT_TIMEOUT);
    }
}
