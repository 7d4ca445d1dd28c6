//! The search's driver (JAUT ISSRE 2010 §V): where backward paths start —
//! the target instruction, or each point where an exception of the goal's
//! class may leave the method — and the rounds of iterative deepening on the
//! loop bound (1, 2, 4, …), the call depth (8, 16, …) and the recursion
//! bound (3, 6, …). A round that refutes every path without cutting one
//! proves the goal unreachable; one that cut paths at a bound it may still
//! raise starts the next round with that bound doubled (each up to its
//! `Config` maximum); a path that reaches the entry is labelled into the
//! verdict's input state.

use std::sync::Arc;
use std::time::Instant;

use super::callers::CallSite;
use super::cmv::{Flow, MethodInfo};
use super::explore::Explorer;
use super::throws::Catch;
use super::universe::collect_universe;
use super::{Config, Goal, Outcome, PathStep, SearchError, Stats, Verdict};
use crate::analysis::UniverseKey;
use crate::cfg::{Edge, Thrown};
use crate::classfile::{Class, Method, Pc};
use crate::labeling::{self, EntryState, LabelingError};
use crate::model::term::Sort;
use crate::program::Program;
use crate::reason::{Bound, Reason, Stop};

/// Doubles each bound the round cut paths at and may still grow (up to
/// its `Config` maximum); `false` when none can.
fn deepen(ex: &mut Explorer, config: &Config) -> bool {
    let mut deeper = false;
    if ex.loop_cut && ex.loop_bound < config.max_loop_iterations {
        // A round whose paths need some number of iterations at least
        // skips the rounds that cannot hold them.
        let needed = ex
            .loop_needed
            .checked_next_power_of_two()
            .unwrap_or(u32::MAX);
        ex.loop_bound = (ex.loop_bound * 2)
            .max(needed)
            .min(config.max_loop_iterations);
        deeper = true;
    }
    if ex.call_cut && ex.call_depth < config.max_call_depth {
        ex.call_depth = (ex.call_depth * 2).min(config.max_call_depth);
        deeper = true;
    }
    if ex.iteration_cuts > 0 && ex.cell_iterations < config.max_array_length {
        ex.cell_iterations = (ex.cell_iterations * 2).min(config.max_array_length);
        deeper = true;
    }
    if ex.recursion_cut && ex.recursion < config.max_recursion {
        ex.recursion = (ex.recursion * 2).min(config.max_recursion);
        deeper = true;
    }
    deeper
}

/// Searches for an input state reaching `pc` in `method` of `class`.
pub fn search(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    pc: Pc,
    config: &Config,
) -> Result<Outcome, SearchError> {
    search_goal(cp, class, method, &Goal::Pc(pc), config)
}

/// Searches for an input state meeting `goal` in `method` of `class`.
pub fn search_goal(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    config: &Config,
) -> Result<Outcome, SearchError> {
    search_inside(cp, class, &[], method, goal, config)
}

/// Searches for an input state meeting `goal` in `method` of `class`, run
/// inside the calls `sites` make (outermost first, [`super::callers`]):
/// the state is the outermost caller's inputs. No sites: `method` is the
/// method under test.
pub(super) fn search_inside(
    cp: &Program,
    class: &Arc<Class>,
    sites: &[CallSite],
    method: &Method,
    goal: &Goal,
    config: &Config,
) -> Result<Outcome, SearchError> {
    let start = Instant::now();
    let index = class
        .methods
        .iter()
        .position(|m| m.name == method.name && m.descriptor == method.descriptor)
        .ok_or_else(|| SearchError::NoSuchMethod {
            class: class.java_name(),
            method: method.to_string(),
        })?;
    let mut ex = Explorer::new(cp, config, start + config.timeout);
    let target = ex.method_info(class.clone(), index)?;
    let callers = ex.call_sites(class, sites)?;
    if callers.is_empty() {
        ex.runnable = super::loop_run::Runnable::of(class, method, goal);
    }
    // The method under test, whose entry ends the paths and whose inputs
    // are labelled: the outermost caller, or the method itself.
    let root = callers.first().map_or(&target, |(m, _)| m).clone();
    // The classes objects may have are the same for every search from this
    // method: the program keeps them with its analyses. They are read
    // off the code within the first round's call depth: the code of a
    // deeper round that allocates a class outside them is unsupported (a
    // cut), and the JDK's code within 32 calls is far too much to read.
    let depth = ex.call_depth;
    let key = UniverseKey {
        root: root.key.clone(),
        max_call_depth: depth,
    };
    let universe = cp
        .analyses()
        .universe(cp, class, &key, || collect_universe(cp, &root, depth))?;
    ex.universe = (*universe).clone();

    let mut stats = Stats::default();
    let verdict = match starts(&target, goal)? {
        Err(proved) => proved,
        Ok(starts) => loop {
            stats.rounds += 1;
            stats.loop_bound = ex.loop_bound;
            stats.call_depth = ex.call_depth;
            stats.recursion = ex.recursion;
            match round(&mut ex, &target, &callers, goal, &starts) {
                Flow::Found(found) => break label(&mut ex, *found, &mut stats, config),
                Flow::Timeout => break timed_out(&ex, config),
                Flow::Exhausted => {
                    if let Some(verdict) = exhausted(&mut ex, config) {
                        break verdict;
                    }
                }
            }
        },
    };
    stats.total = start.elapsed();
    stats.solver = ex.solver.time;
    stats.checks = ex.solver.checks;
    stats.paths = ex.paths;
    stats.nogoods = ex.learned.learned;
    stats.pruned = ex.learned.pruned;
    let Explorer { solver, .. } = ex;
    solver.release();
    Ok(Outcome { verdict, stats })
}

/// Where backward paths start: the target instruction (by index), or each
/// point where an exception of the goal's class may leave the method.
enum Starts {
    Target(usize),
    Raises(Vec<(usize, Thrown, Catch)>),
}

/// The goal's starting points, or the verdict when the code alone decides
/// it (no instruction lets an exception out; the target is dead code).
fn starts(target: &MethodInfo, goal: &Goal) -> Result<Result<Starts, Verdict>, SearchError> {
    let code = target.code();
    let unreachable = |why: String| {
        Ok(Err(Verdict::Unreachable {
            conflicts: vec![why],
        }))
    };
    let pc = match goal {
        Goal::Pc(pc) | Goal::Edge { to: pc, .. } => *pc,
        Goal::Throws(class) => {
            let goal = Catch {
                must: Some(class.clone()),
                must_not: Vec::new(),
            };
            let raises: Vec<_> = target
                .cfg
                .edges()
                .filter_map(|(_, _, e)| match e {
                    Edge::Uncaught { pc, thrown } => Some((*pc, *thrown)),
                    _ => None,
                })
                .filter(|(pc, _)| target.frames.at(*pc).is_some())
                .map(|(pc, thrown)| {
                    let index = code.index_of(pc).expect("edges leave instructions");
                    (index, thrown, goal.uncaught_at(code, pc))
                })
                .collect();
            if raises.is_empty() {
                return unreachable("no instruction of the method lets an exception out".into());
            }
            return Ok(Ok(Starts::Raises(raises)));
        }
    };
    let index = code.index_of(pc).ok_or(SearchError::NotAnInstruction(pc))?;
    if target.frames.at(pc).is_none() {
        return unreachable(format!(
            "no path from the entry reaches pc {pc} (dead code)"
        ));
    }
    Ok(Ok(Starts::Target(index)))
}

/// One round of iterative deepening at the explorer's current bounds.
fn round(
    ex: &mut Explorer,
    target: &Arc<MethodInfo>,
    callers: &[(Arc<MethodInfo>, usize)],
    goal: &Goal,
    starts: &Starts,
) -> Flow {
    ex.cuts.clear();
    ex.loop_cut = false;
    ex.loop_needed = 0;
    ex.call_cut = false;
    ex.recursion_cut = false;
    ex.iteration_cuts = 0;
    ex.conflicts.clear();
    ex.learned.new_round();
    match starts {
        Starts::Target(index) => {
            let mut st = ex.initial_state(target, *index);
            ex.enclose(&mut st, callers);
            if let Goal::Edge { from, .. } = goal {
                st.came_from = Some(*from);
            }
            ex.dfs(st, Vec::new())
        }
        Starts::Raises(raises) => {
            let mut flow = Flow::Exhausted;
            for (index, thrown, catch) in raises {
                let st = ex.initial_state(target, *index);
                let exc = ex.fresh.var(&mut ex.terms, "exception", Sort::Ref);
                flow = ex.raise(st, Vec::new(), *index, *thrown, exc, catch);
                if !matches!(flow, Flow::Exhausted) {
                    break;
                }
            }
            flow
        }
    }
}

/// A path reached the entry: its input state, labelled.
fn label(
    ex: &mut Explorer,
    (entry, path): (EntryState, Vec<PathStep>),
    stats: &mut Stats,
    config: &Config,
) -> Verdict {
    let label_start = Instant::now();
    let state = labeling::label(&mut ex.labeling(), &entry);
    stats.labeling = label_start.elapsed();
    match state {
        Ok(state) => Verdict::Reached { state, path },
        Err(LabelingError::TooLong(bound)) => Verdict::Unknown {
            reasons: vec![Reason::Bound(bound)],
        },
        // Past the deadline every check answers unknown: the search ran
        // out of time while labeling.
        Err(LabelingError::NoFit(_)) if Instant::now() >= ex.deadline => Verdict::Unknown {
            reasons: vec![Reason::Bound(Bound::Timeout {
                limit: config.timeout,
            })],
        },
        Err(LabelingError::NoFit(why)) => Verdict::Unknown {
            reasons: vec![Reason::Labeling(why)],
        },
        Err(LabelingError::Unsupported(what)) => Verdict::Unknown {
            reasons: vec![Reason::Unsupported(what)],
        },
    }
}

/// The round ran out of time (or of checks, or was stopped): that first,
/// then the round's other cuts at bounds already at their maximum (a cut
/// at a bound the next round would have raised says nothing of the
/// option that raises it).
fn timed_out(ex: &Explorer, config: &Config) -> Verdict {
    let first = match config.max_checks {
        _ if crate::stop::requested() => Reason::Stopped(Stop::Interrupted),
        Some(max) if ex.over_check_budget() => Reason::Bound(Bound::Checks { max }),
        _ => Reason::Bound(Bound::Timeout {
            limit: config.timeout,
        }),
    };
    // A check the deadline cut short is already this one.
    let others = ex
        .cuts
        .values()
        .filter(|r| **r != first && at_its_maximum(ex, config, r))
        .cloned();
    let reasons = std::iter::once(first.clone()).chain(others).collect();
    Verdict::Unknown { reasons }
}

/// Whether a cut's bound is as large as it grows: any cut but at a bound
/// iterative deepening raises while the round's value is below its
/// `Config` maximum.
fn at_its_maximum(ex: &Explorer, config: &Config, reason: &Reason) -> bool {
    match reason {
        Reason::Bound(Bound::Loop { .. }) => ex.loop_bound >= config.max_loop_iterations,
        Reason::Bound(Bound::CallDepth { .. }) => ex.call_depth >= config.max_call_depth,
        Reason::Bound(Bound::Recursion { .. }) => ex.recursion >= config.max_recursion,
        Reason::Bound(Bound::Iterations { .. }) => ex.cell_iterations >= config.max_array_length,
        _ => true,
    }
}

/// Every path of the round was refuted or cut: a proof when none was cut
/// and no assumption made; else the next round with its bounds raised,
/// or (`None` then) unknown when none can grow.
fn exhausted(ex: &mut Explorer, config: &Config) -> Option<Verdict> {
    if ex.cuts.is_empty() && !ex.domain.assumptions().is_empty() {
        let reasons = ex.domain.assumptions().iter();
        return Some(Verdict::Unknown {
            reasons: reasons.map(|a| Reason::ClosedWorld(a.clone())).collect(),
        });
    }
    if ex.cuts.is_empty() {
        return Some(Verdict::Unreachable {
            conflicts: ex.conflicts.iter().cloned().collect(),
        });
    }
    if deepen(ex, config) {
        return None;
    }
    Some(Verdict::Unknown {
        reasons: ex.cuts.values().cloned().collect(),
    })
}
