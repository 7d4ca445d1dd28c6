//! What a cover run measures as it goes: where the time went ([`Timing`]),
//! the progress a progress bar shows ([`Progress`]) and the coverage over
//! time ([`TimelinePoint`]).

use std::time::Duration;

/// Where the time went, summed over the run's attempts (on several threads
/// these add up to more than the wall time).
#[derive(Debug, Clone, Default)]
pub struct Timing {
    /// Loading the classes and building CFGs and targets.
    pub parse: Duration,
    /// Searches, labeling and solver included.
    pub search: Duration,
    /// Inside solver checks (search and labeling).
    pub solver: Duration,
    /// Labeling, its solver time included.
    pub labeling: Duration,
    pub replay: Duration,
    /// Wall time of the whole run.
    pub wall: Duration,
    /// Searches run whose result was dropped because a test committed
    /// before it covered the target (only with `jobs` > 1).
    pub dropped: usize,
    /// Wall time of the first pass ([`first_pass`]), the JVMs' start
    /// included.
    pub first_pass: Duration,
    /// Attempts the run stopped waiting for, a solver check having run
    /// past their slice ([`in_flight`]).
    pub abandoned: usize,
}

/// Progress, for a progress bar: called after each commit.
#[derive(Debug, Clone, Copy, Default)]
pub struct Progress {
    /// Targets: blocks and branch outcomes.
    pub total: usize,
    pub done: usize,
    pub reached: usize,
    pub unknown: usize,
    /// Blocks, and those covered (before or by a new test).
    pub blocks: usize,
    pub blocks_covered: usize,
    /// Time since the run began, and its `--budget`.
    pub elapsed: Duration,
    pub budget: Option<Duration>,
}

/// One point of a run's coverage over time: the blocks covered `at` this
/// time since the run began.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimelinePoint {
    pub at: Duration,
    pub blocks_covered: usize,
}
