//! A target in a private method reached through the class's accessible
//! callers (issue 33, item 3): the search starts inside the call
//! ([`crate::search::callers`]), the state it finds is the caller's inputs,
//! and the JVM runs the caller — the test a person keeps, which JaCoCo
//! credits the same. The replay traces every method of the class under
//! test (`Instrumenter.java`), so it shows whether the target's pc (or
//! branch outcome) ran in the private method; only then is the target
//! reached, and the test calls the caller. Nothing found this way proves
//! anything: the direct attempt (the private method called by reflection)
//! follows when no caller reaches the target.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::clock::Clock;
use super::finish::{construct_checked, finish};
use super::settle::Target;
use super::{Jvm, Options, Outcome, PipelineError, Reached, Replayed, MISMATCH_RETRIES};
use crate::classfile::{Class, Method, Pc};
use crate::labeling::InputState;
use crate::program::Program;
use crate::replay::{Ended, Observation};
use crate::search::callers::{self, Chain};
use crate::search::{self, Goal, PathStep, Stats};

/// Callers tried per target, cheapest first: the time is shared between
/// them, and the cheapest are the likeliest ways in.
const MAX_CHAINS: usize = 3;

/// The share of a target's time its callers get (a half); the direct
/// attempt has the rest (and all of it when no caller reaches the target
/// fast).
pub(super) const CALLERS_SHARE: u32 = 2;

/// Through which accessible caller a target was reached.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Via {
    /// The method the test calls.
    pub method: String,
    pub descriptor: String,
    /// The calls from it down to the target's method, outermost first.
    pub sites: Vec<ViaSite>,
}

/// One call on the way in: the invoke at `pc` of a method.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ViaSite {
    pub method: String,
    pub descriptor: String,
    pub pc: Pc,
}

impl Via {
    fn of(class: &Class, chain: &Chain) -> Via {
        let caller = chain.caller(class);
        Via {
            method: caller.name.clone(),
            descriptor: caller.descriptor.clone(),
            sites: chain
                .sites
                .iter()
                .map(|s| {
                    let m = &class.methods[s.method];
                    ViaSite {
                        method: m.name.clone(),
                        descriptor: m.descriptor.clone(),
                        pc: s.pc,
                    }
                })
                .collect(),
        }
    }
}

impl Via {
    /// The method the test calls, in `class` (the class under test).
    pub fn caller<'c>(&self, class: &'c Class) -> Option<&'c Method> {
        class
            .methods
            .iter()
            .find(|m| m.name == self.method && m.descriptor == self.descriptor)
    }
}

impl std::fmt::Display for Via {
    /// `parse(Ljava/lang/String;)I (pc 21 → number(Ljava/lang/String;II)I pc 17)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{} (", self.method, self.descriptor)?;
        for (i, s) in self.sites.iter().enumerate() {
            if i > 0 {
                write!(f, " → {}{} ", s.method, s.descriptor)?;
            }
            write!(f, "pc {}", s.pc)?;
        }
        f.write_str(")")
    }
}

/// What a run traced in another method of its class.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ran {
    /// The pcs that ran.
    pub pcs: Vec<Pc>,
    /// The branch outcomes taken, `(branch pc, next pc)`.
    pub edges: Vec<(Pc, Pc)>,
}

/// What a run of the class's method traced in `method`, another method of
/// its class, mapped from the harness's instruction indexes to pcs. `None`
/// when `method` did not run, or the harness counted its instructions
/// differently from jaut's decoder.
pub fn ran_in(method: &Method, obs: &Observation) -> Option<Ran> {
    let run = obs
        .others
        .iter()
        .find(|r| r.method == method.name && r.descriptor == method.descriptor)?;
    let instructions = &method.code.as_ref()?.instructions;
    if instructions.len() != run.instructions as usize {
        return None;
    }
    let pc = |i: u32| instructions.get(i as usize).map(|ins| ins.pc);
    let pcs = run.indexes.iter().filter_map(|&i| pc(i)).collect();
    let edges = run
        .index_edges
        .iter()
        .filter_map(|&(a, b)| Some((pc(a)?, pc(b)?)))
        .collect();
    Some(Ran { pcs, edges })
}

/// Whether a run of a caller met `goal` in `method`.
fn met_in(method: &Method, goal: &Goal, obs: &Observation) -> bool {
    let Some(ran) = ran_in(method, obs) else {
        return false;
    };
    match goal {
        Goal::Pc(pc) => ran.pcs.contains(pc),
        Goal::Edge { from, to } => ran.edges.contains(&(*from, *to)),
        Goal::Throws(_) => false,
    }
}

/// Whether JaCoCo credits a run with everything it traced in the class's
/// other methods: it returned, and no exception arose on the way (see
/// `cover::callees`).
pub fn clean_run(obs: &Observation) -> bool {
    matches!(obs.ended, Ended::Returned { .. }) && obs.raised.is_empty() && !obs.other_handler
}

/// The outcome of a target reached through one of its method's accessible
/// callers; `None` when the method has none, there is no JVM to confirm a
/// state, or no caller reached the target within the target's `clock`
/// (the callers' share of its time, [`CALLERS_SHARE`]). The search
/// figures of every attempt are in `stats` either way.
pub(super) fn through_callers(
    target: Target,
    jvm: &mut Jvm,
    stats: &mut Stats,
) -> Result<Option<Outcome>, PipelineError> {
    let (cp, class, method, goal) = (target.cp, target.class, target.method, target.goal);
    let (options, clock) = (target.options, target.clock);
    if !jvm.is_on() || matches!(goal, Goal::Throws(_)) {
        return Ok(None);
    }
    let mut chains = callers::chains(cp, class, method);
    chains.truncate(MAX_CHAINS);
    let mut replay_time = Duration::ZERO;
    for (k, chain) in chains.iter().enumerate() {
        if crate::stop::requested() {
            break;
        }
        let share = clock.left() / (chains.len() - k) as u32;
        let Some(found) = reach(
            cp,
            class,
            chain,
            (method, goal),
            options,
            share,
            jvm,
            stats,
            &mut replay_time,
        )?
        else {
            continue;
        };
        let caller = chain.caller(class);
        let meets = |o: &Observation| met_in(method, goal, o);
        let replay = |jvm: &mut Jvm, state: &InputState| {
            jvm.run_once(class, caller, state, clock.replay_timeout())
        };
        let Ok(mut reached) =
            construct_checked(cp, class, caller, options, found, jvm, replay, meets)
        else {
            continue;
        };
        reached.via = Some(Via::of(class, chain));
        // The test calls the caller, named after its call into the chain.
        let site = Goal::Pc(chain.sites[0].pc);
        let outcome = finish(
            cp,
            class,
            caller,
            &site,
            options,
            reached,
            stats.clone(),
            replay_time,
            Vec::new(),
        )?;
        return Ok(Some(outcome));
    }
    Ok(None)
}

/// Searches through one chain for up to `time`, and replays each state it
/// finds by calling the caller, until the JVM shows one meeting the goal
/// in `method` (a run JaCoCo credits, when the options prefer those) or
/// [`MISMATCH_RETRIES`] more searches found none.
#[allow(clippy::too_many_arguments)]
fn reach(
    cp: &Program,
    class: &Arc<Class>,
    chain: &Chain,
    (method, goal): (&Method, &Goal),
    options: &Options,
    time: Duration,
    jvm: &mut Jvm,
    stats: &mut Stats,
    replay_time: &mut Duration,
) -> Result<Option<Reached>, PipelineError> {
    let caller = chain.caller(class);
    let clock = Clock::start(time);
    let mut config = options.search.clone();
    for _ in 0..=MISMATCH_RETRIES {
        config.timeout = clock.left();
        if config.timeout.is_zero() {
            break;
        }
        let searched = callers::search_through(cp, class, chain, method, goal, &config)?;
        stats.add(&searched.stats);
        let search::Verdict::Reached { state, path } = searched.verdict else {
            break;
        };
        let start = Instant::now();
        let replay = jvm.run_once(class, caller, &state, clock.replay_timeout());
        *replay_time += start.elapsed();
        let Ok(obs) = replay else { break };
        let ran_away = matches!(obs.ended, Ended::RanAway { .. });
        if !ran_away && met_in(method, goal, &obs) && (clean_run(&obs) || !options.prefer_credited)
        {
            return Ok(Some(reached(state, path, obs)));
        }
        config.excluded.push(state);
    }
    Ok(None)
}

fn reached(state: InputState, path: Vec<PathStep>, obs: Observation) -> Reached {
    Reached {
        state,
        path,
        replay: Replayed::Confirmed(obs),
        forward: None,
        test: None,
        via: None,
    }
}
