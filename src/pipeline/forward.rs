//! The forward fallbacks of a target where the backward search stopped at
//! a bound: the concolic search ([`crate::concolic`]), then constant seeds
//! ([`crate::seed`]), each input replayed in the JVM.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::clock::Clock;
use super::{meets, Forward, Jvm, Options, Reached, Replayed, Strategy};
use crate::classfile::{Class, Method};
use crate::classpath::ClassPath;
use crate::labeling::InputState;
use crate::reason::Reason;
use crate::replay::Observation;
use crate::search::{self, Goal};

/// Whether a bound of the quick search (`quick`, tighter than `full`)
/// is among the reasons it stopped.
pub(super) fn quick_bound_hit(
    quick: &search::Config,
    full: &search::Config,
    reasons: &[Reason],
) -> bool {
    reasons.iter().any(|r| {
        (r.is_check_budget() && quick.max_checks != full.max_checks)
            || (r.is_loop_bound() && quick.max_loop_iterations < full.max_loop_iterations)
    })
}

/// The forward strategies' time, at most: [`crate::seed::SEEDING_TIME`],
/// or `jaut cover`'s slice when shorter.
pub(super) fn forward_cap(options: &Options) -> Duration {
    options.forward_time.map_or(crate::seed::SEEDING_TIME, |l| {
        l.min(crate::seed::SEEDING_TIME)
    })
}

/// The forward strategies, in turn, where the backward search stopped at
/// a bound: the concolic search, then constant seeds. Each input they
/// propose is replayed; the first the JVM shows meeting the goal is kept.
/// Their time (mostly the JVM's) is added to `replay_time`.
#[allow(clippy::too_many_arguments)]
pub(super) fn forward(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    clock: &Clock,
    jvm: &mut Jvm,
    replay_time: &mut Duration,
) -> Option<(InputState, Observation, Strategy)> {
    let start = Instant::now();
    let found = forward_strategies(cp, class, method, goal, options, clock, jvm);
    *replay_time += start.elapsed();
    found
}

/// The strategies of [`forward`], in turn.
pub(super) fn forward_strategies(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    clock: &Clock,
    jvm: &mut Jvm,
) -> Option<(InputState, Observation, Strategy)> {
    let mut confirmed = |state: &InputState| {
        jvm.replay(class, method, goal, state, clock.replay_timeout())
            .ok()
            .filter(|o| meets(cp, goal, o))
    };
    // Both strategies share what the target has left, at most their cap
    // (the backward search kept a share of the time for them).
    let start = Instant::now();
    let time = clock.forward_time(forward_cap(options));
    let mut budget = crate::concolic::Budget::default();
    budget.time = budget.time.min(time);
    let assertions = options.search.assertions;
    let concolic =
        crate::concolic::search(cp, class, method, goal, assertions, budget, &mut confirmed);
    if let crate::concolic::Outcome::Found { state, seen, runs } = concolic {
        return Some((state, seen, Strategy::Concolic { runs }));
    }
    let time = time.saturating_sub(start.elapsed());
    let (state, seen) = crate::seed::first_reaching(cp, class, method, time, &mut confirmed)?;
    Some((state, seen, Strategy::Seeded))
}

/// What a forward strategy found, as the target's result; `reasons` are
/// why the backward search ended unknown.
pub(super) fn forward_found(
    (state, observation, strategy): (InputState, Observation, Strategy),
    reasons: &[Reason],
) -> Reached {
    Reached {
        state,
        path: Vec::new(),
        replay: Replayed::Confirmed(observation),
        forward: Some(Forward {
            strategy,
            reasons: reasons.to_vec(),
        }),
        test: None,
        via: None,
    }
}
