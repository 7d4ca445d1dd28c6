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
use super::cmv::Flow;
use super::explore::Explorer;
use super::throws::Catch;
use super::universe::collect_universe;
use super::{Config, Goal, Outcome, SearchError, Stats, Verdict};
use crate::analysis::UniverseKey;
use crate::cfg::{Edge, Thrown};
use crate::classfile::{Class, Method, Pc};
use crate::classpath::ClassPath;
use crate::labeling::{self, LabelingError};
use crate::model::term::Sort;
use crate::reason::{Bound, Reason, Stop};

/// Doubles each bound the round cut paths at and may still grow (up to
/// its `Config` maximum); `false` when none can.
fn deepen(ex: &mut Explorer, config: &Config) -> bool {
    let mut deeper = false;
    if ex.loop_cut && ex.loop_bound < config.max_loop_iterations {
        ex.loop_bound = (ex.loop_bound * 2).min(config.max_loop_iterations);
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
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    pc: Pc,
    config: &Config,
) -> Result<Outcome, SearchError> {
    search_goal(cp, class, method, &Goal::Pc(pc), config)
}

/// Searches for an input state meeting `goal` in `method` of `class`.
pub fn search_goal(
    cp: &ClassPath,
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
    cp: &ClassPath,
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
    // The method under test, whose entry ends the paths and whose inputs
    // are labelled: the outermost caller, or the method itself.
    let root = callers.first().map_or(&target, |(m, _)| m).clone();
    // The classes objects may have are the same for every search from this
    // method: the class path keeps them with its analyses. They are read
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
    let code = target.code();
    // Where backward paths start: the target instruction, or each point
    // where an exception of the goal's class may leave the method.
    let (pc, raises): (Pc, Vec<(usize, Thrown, Catch)>) = match goal {
        Goal::Pc(pc) | Goal::Edge { to: pc, .. } => (*pc, Vec::new()),
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
                return Ok(Outcome {
                    verdict: Verdict::Unreachable {
                        conflicts: vec!["no instruction of the method lets an exception out".into()],
                    },
                    stats: Stats::default(),
                });
            }
            (code.instructions[raises[0].0].pc, raises)
        }
    };
    let target_index = code.index_of(pc).ok_or(SearchError::NotAnInstruction(pc))?;

    let mut stats = Stats::default();
    let verdict = if target.frames.at(pc).is_none() {
        Verdict::Unreachable {
            conflicts: vec![format!(
                "no path from the entry reaches pc {pc} (dead code)"
            )],
        }
    } else {
        loop {
            stats.rounds += 1;
            stats.loop_bound = ex.loop_bound;
            stats.call_depth = ex.call_depth;
            stats.recursion = ex.recursion;
            ex.cuts.clear();
            ex.loop_cut = false;
            ex.call_cut = false;
            ex.recursion_cut = false;
            ex.iteration_cuts = 0;
            ex.conflicts.clear();
            ex.learned.new_round();
            let flow = if raises.is_empty() {
                let mut st = ex.initial_state(&target, target_index);
                ex.enclose(&mut st, &callers);
                if let Goal::Edge { from, .. } = goal {
                    st.came_from = Some(*from);
                }
                ex.dfs(st, Vec::new())
            } else {
                let mut flow = Flow::Exhausted;
                for (index, thrown, catch) in &raises {
                    let st = ex.initial_state(&target, *index);
                    let exc = ex.fresh.var(&mut ex.terms, "exception", Sort::Ref);
                    flow = ex.raise(st, Vec::new(), *index, *thrown, exc, catch);
                    if !matches!(flow, Flow::Exhausted) {
                        break;
                    }
                }
                flow
            };
            match flow {
                Flow::Found(found) => {
                    let (entry, path) = *found;
                    let label_start = Instant::now();
                    let state = labeling::label(&mut ex.labeling(), &entry);
                    stats.labeling = label_start.elapsed();
                    break match state {
                        Ok(state) => Verdict::Reached { state, path },
                        Err(LabelingError::TooLong(bound)) => Verdict::Unknown {
                            reasons: vec![Reason::Bound(bound)],
                        },
                        // Past the deadline every check answers unknown:
                        // the search ran out of time while labeling.
                        Err(LabelingError::NoFit(_)) if Instant::now() >= ex.deadline => {
                            Verdict::Unknown {
                                reasons: vec![Reason::Bound(Bound::Timeout {
                                    limit: config.timeout,
                                })],
                            }
                        }
                        Err(LabelingError::NoFit(why)) => Verdict::Unknown {
                            reasons: vec![Reason::Labeling(why)],
                        },
                        Err(LabelingError::Unsupported(what)) => Verdict::Unknown {
                            reasons: vec![Reason::Unsupported(what)],
                        },
                    };
                }
                Flow::Timeout => {
                    let mut reasons = vec![match config.max_checks {
                        _ if crate::stop::requested() => Reason::Stopped(Stop::Interrupted),
                        Some(max) if ex.over_check_budget() => Reason::Bound(Bound::Checks { max }),
                        _ => Reason::Bound(Bound::Timeout {
                            limit: config.timeout,
                        }),
                    }];
                    // A check the deadline cut short is already this one.
                    let first = reasons[0].clone();
                    reasons.extend(ex.cuts.values().filter(|r| **r != first).cloned());
                    break Verdict::Unknown { reasons };
                }
                Flow::Exhausted => {
                    if ex.cuts.is_empty() && !ex.domain.assumptions().is_empty() {
                        break Verdict::Unknown {
                            reasons: ex
                                .domain
                                .assumptions()
                                .iter()
                                .map(|a| Reason::ClosedWorld(a.clone()))
                                .collect(),
                        };
                    }
                    if ex.cuts.is_empty() {
                        break Verdict::Unreachable {
                            conflicts: ex.conflicts.iter().cloned().collect(),
                        };
                    }
                    if deepen(&mut ex, config) {
                        continue;
                    }
                    break Verdict::Unknown {
                        reasons: ex.cuts.values().cloned().collect(),
                    };
                }
            }
        }
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
