//! A settled state made a result: program objects made by their
//! constructors where the JVM shows that works ([`crate::construct`]), no
//! claim resting on an assumption no replay confirmed, and the JUnit test
//! written when asked ([`crate::junit`]).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use super::{
    meets, Jvm, Options, Outcome, PipelineError, Reached, Refuted, Replayed, Verdict, REPLAY_GRACE,
};
use crate::classfile::{Class, Method};
use crate::construct::{self, Objects};
use crate::junit::{self};
use crate::labeling::InputState;
use crate::program::Program;
use crate::reason::Reason;
use crate::replay::{Ended, Observation, ReplayFailure};
use crate::search::{Goal, PathStep, Stats};

/// Makes the program-class objects of a confirmed state by their
/// constructors where the JVM shows that works ([`crate::construct`]);
/// under `--objects constructors`, a state left with an object made by
/// reflection is no claim: the reason it is not.
pub(super) fn construct_objects(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    reached: Reached,
    jvm: &mut Jvm,
) -> Result<Reached, Reason> {
    let replay =
        |jvm: &mut Jvm, state: &InputState| jvm.replay(class, method, goal, state, REPLAY_GRACE);
    construct_checked(cp, class, method, options, reached, jvm, replay, |o| {
        meets(cp, goal, o)
    })
}

/// [`construct_objects`] with the replay of a state and what its run must
/// meet given: a target reached through a caller is replayed by calling
/// the caller, and met in another method ([`super::through`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn construct_checked(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    options: &Options,
    mut reached: Reached,
    jvm: &mut Jvm,
    mut replay: impl FnMut(&mut Jvm, &InputState) -> Result<Observation, ReplayFailure>,
    meets: impl Fn(&Observation) -> bool,
) -> Result<Reached, Reason> {
    construct::unmark_fresh(&method.name, &mut reached.state);
    let mut tried = Vec::new();
    let policy = options.search.objects;
    if policy == Objects::Reflection {
        return Ok(reached);
    }
    if let Replayed::Confirmed(found) = &reached.replay {
        let fresh = construct::fresh_receiver(&method.name, &reached.state);
        let package = construct::package_of(&class.name);
        let built = construct::build(
            cp,
            &package,
            &reached.state,
            fresh,
            |state| replay(jvm, state),
            |o| {
                meets(o)
                    && !matches!(o.ended, Ended::RanAway { .. })
                    && construct::covers_as_much(o, found)
            },
        );
        match built {
            Ok((state, observation)) => {
                reached.state = state;
                reached.replay = Replayed::Confirmed(observation);
            }
            Err(unmade) => {
                unmade.explain(&mut reached.state);
                tried = unmade.tried;
            }
        }
    }
    let left = construct::made_by_reflection(&reached.state);
    if policy == Objects::Constructors && !left.is_empty() {
        let mut objects = left.join(", ");
        if !tried.is_empty() {
            objects = format!("{objects}; tried: {}", tried.join("; "));
        }
        return Err(Reason::NotConstructible(objects));
    }
    Ok(reached)
}

/// A state that rests on assumptions the JVM did not confirm (no replay,
/// or one that could not tell) is no claim that the target is reached:
/// the reasons it is unknown, one per assumption (and the replay's
/// failure). `None` for a confirmed state, or one that assumed nothing.
pub(super) fn unconfirmed(reached: &Reached) -> Option<Vec<Reason>> {
    if reached.state.assumptions.is_empty() || matches!(reached.replay, Replayed::Confirmed(_)) {
        return None;
    }
    let mut reasons: Vec<Reason> = reached
        .state
        .assumptions
        .iter()
        .map(|a| Reason::Unconfirmed(a.clone()))
        .collect();
    if let Replayed::Failed(why) = &reached.replay {
        reasons.push(Reason::ReplayFailed(why.to_string()));
    }
    Some(reasons)
}

/// Writes the JUnit test of a confirmed state when asked, and wraps up.
#[allow(clippy::too_many_arguments)]
pub(super) fn finish(
    cp: &Program,
    class: &Class,
    method: &Method,
    goal: &Goal,
    options: &Options,
    mut reached: Reached,
    stats: Stats,
    replay_time: Duration,
    refuted: Vec<Refuted>,
) -> Result<Outcome, PipelineError> {
    if let (Some(test), Replayed::Confirmed(observation)) = (&options.test, &reached.replay) {
        let pc = test_pc(class, method, goal, &reached.path, observation);
        // For an exception goal the replay aimed at no pc: the test's pc is
        // the block the exception left from, which the JVM executed.
        let mut observation = observation.clone();
        observation.reached = observation.executed.contains(&pc);
        let written = junit::write_test(
            cp,
            class,
            method,
            pc,
            &reached.state,
            &reached.path,
            &observation,
            Path::new(&test.out),
            test.flavor,
            test.force,
            test.check.as_deref(),
        )?;
        reached.test = match written {
            junit::Written::File { path, check } => {
                if let Some(c) = check.filter(|c| !c.dropped_assertions.is_empty()) {
                    eprintln!("jaut: {}", c.summary());
                }
                Some(path)
            }
            junit::Written::TakenOut(c) => {
                eprintln!(
                    "jaut: warning: no test written: javac rejected it ({})",
                    c.removed_tests.first().map_or("", |t| t.message.as_str())
                );
                None
            }
        };
    }
    Ok(Outcome {
        verdict: Verdict::Reached(Box::new(reached)),
        stats,
        replay_time,
        refuted,
    })
}

/// The pc a test is named after: the target, or for an exception goal the
/// block of the method the exception leaves from (the path's last block in
/// the method itself; for a seeded state, the last pc that ran).
pub(super) fn test_pc(
    class: &Class,
    method: &Method,
    goal: &Goal,
    path: &[PathStep],
    observation: &Observation,
) -> u32 {
    match goal {
        Goal::Pc(pc) | Goal::Edge { to: pc, .. } => *pc,
        Goal::Throws(_) => {
            let me = format!("{}.{}{}", class.name, method.name, method.descriptor);
            path.iter()
                .rev()
                .find(|s| s.method == me)
                .map(|s| s.pc)
                .or_else(|| observation.executed.last().copied())
                .unwrap_or(0)
        }
    }
}
