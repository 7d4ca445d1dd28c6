//! Replaying the state the search found (JAUT's inputs are claims until
//! the JVM runs them): while the JVM refutes it (a replay mismatch), the
//! search looks again without every refuted state, then the seeds are
//! tried; the reasons a target is unknown when none is settled.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::clock::Clock;
use super::forward::{forward, forward_found};
use super::{
    meets, Jvm, Options, PipelineError, Reached, Refuted, Replayed, MIN_RETRY_TIME,
    MISMATCH_RETRIES,
};
use crate::classfile::{Class, Method};
use crate::classpath::ClassPath;
use crate::labeling::InputState;
use crate::program::Program;
use crate::reason::Reason;
use crate::replay::{Ended, Observation, ReplayFailure};
use crate::search::{self, Goal, PathStep, Stats};

/// How the replays of the states the search found ended.
pub(super) enum Settled {
    /// The JVM settled a state (confirmed it, or could not tell).
    Reached(Box<Reached>),
    /// The JVM refuted every state, and the seeds found none: why the
    /// target is unknown.
    Unknown(Vec<Reason>),
}

/// One target: what the stages of [`run`] after the first search share.
#[derive(Clone, Copy)]
pub(super) struct Target<'a> {
    pub cp: &'a Program,
    pub class: &'a Arc<Class>,
    pub method: &'a Method,
    pub goal: &'a Goal,
    pub options: &'a Options,
    pub clock: &'a Clock,
}

/// Replays `found`, the state the search found and its path; while the JVM
/// refutes the state, searches again without every state refuted so far
/// (up to [`MISMATCH_RETRIES`] times, in the time the target has left),
/// then tries the seeds when `seeds_now`. The searches' figures are added
/// to `stats`, the replays' time to `replay_time`, the refuted states to
/// `refuted`.
pub(super) fn replay_until_settled(
    target: Target,
    jvm: &mut Jvm,
    found: (InputState, Vec<PathStep>),
    seeds_now: bool,
    stats: &mut Stats,
    replay_time: &mut Duration,
    refuted: &mut Vec<Refuted>,
) -> Result<Settled, PipelineError> {
    let Target {
        cp,
        class,
        method,
        goal,
        options,
        clock,
    } = target;
    let (mut state, mut path) = found;
    let reached = loop {
        let start = Instant::now();
        let replay = replay_found(cp, class, method, goal, &state, clock, jvm);
        *replay_time += start.elapsed();
        let observed = match replay {
            Said::Settled(replay) => {
                break Reached {
                    state,
                    path,
                    replay,
                    forward: None,
                    test: None,
                    via: None,
                }
            }
            Said::Refuted(observed) => observed,
        };
        // The JVM refuted the state: look for another one, without
        // any refuted so far.
        refuted.push(Refuted { state, observed });
        let mut next = None;
        // Every search of the target shares one `--timeout`: a retry
        // gets the time the earlier ones left, not the whole of it.
        let left = clock.left();
        if refuted.len() <= MISMATCH_RETRIES && left >= MIN_RETRY_TIME && !crate::stop::requested()
        {
            let mut config = options.search.clone();
            config.timeout = left;
            config.excluded = refuted.iter().map(|r| r.state.clone()).collect();
            let again = search::search_goal(cp, class, method, goal, &config)?;
            stats.add(&again.stats);
            if let search::Verdict::Reached { state, path } = again.verdict {
                next = Some((state, path));
            }
        }
        match next {
            Some((s, p)) => (state, path) = (s, p),
            None => {
                let last = refuted.last().expect("just pushed");
                let reasons = mismatch_reasons(cp, goal, last);
                // The JVM refuted what the search found (a state
                // outside the model's input domain, say): seeds
                // may still reach the goal, if not tried yet.
                if seeds_now {
                    if let Some(found) =
                        forward(cp, class, method, goal, options, clock, jvm, replay_time)
                    {
                        break forward_found(found, &reasons);
                    }
                }
                return Ok(Settled::Unknown(reasons));
            }
        }
    };
    Ok(Settled::Reached(Box::new(reached)))
}

/// Why a target is unknown when the JVM refuted the last state found
/// (`last`): a run that never ends, or a replay mismatch.
pub(super) fn mismatch_reasons(cp: &ClassPath, goal: &Goal, last: &Refuted) -> Vec<Reason> {
    vec![match last.observed.ended {
        Ended::RanAway { .. } => Reason::ReplayFailed(format!(
            "the state found {} the method then {}: a test of it would not end",
            if meets(cp, goal, &last.observed) {
                "meets the goal, but"
            } else {
                "does not meet the goal, and"
            },
            last.observed.ended.summary()
        )),
        _ => Reason::ReplayMismatch {
            pc: goal_pc(goal),
            ended: last.observed.ended.summary(),
        },
    }]
}

/// What the JVM said of a state the search found.
pub(super) enum Said {
    /// Confirmed, skipped or failed.
    Settled(Replayed),
    /// It ran the state and did not meet the goal: what it observed.
    Refuted(Observation),
}

/// What the JVM says of a state the search found (skipped when the JVM is
/// off).
pub(super) fn replay_found(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    state: &InputState,
    clock: &Clock,
    jvm: &mut Jvm,
) -> Said {
    if !jvm.is_on() {
        return Said::Settled(Replayed::Skipped);
    }
    Said::Settled(
        match jvm.replay(class, method, goal, state, clock.replay_timeout()) {
            // A run that does not end is no test, even past the target: look
            // for another state.
            Ok(o) if matches!(o.ended, Ended::RanAway { .. }) => return Said::Refuted(o),
            Ok(o) if meets(cp, goal, &o) => Replayed::Confirmed(o),
            // Not one instruction of the method ran: the harness failed to call
            // it with the state, which says nothing of the search's model.
            Ok(o) if o.executed.is_empty() => Replayed::Failed(ReplayFailure::Refused(format!(
                "the harness could not start the call: {}",
                o.outcome()
            ))),
            Ok(o) => return Said::Refuted(o),
            Err(why) => Replayed::Failed(why),
        },
    )
}

/// The pc a replay-mismatch reason names: the target's, or 0 for an
/// exception goal.
pub(super) fn goal_pc(goal: &Goal) -> u32 {
    goal.pc().unwrap_or(0)
}
