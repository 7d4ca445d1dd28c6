//! The generational, fitness-guided search over the runs' decisions.
//!
//! Every run contributes one candidate per decision it took past the one
//! its own input was made to flip (SAGE's generational bound, so no child
//! repeats its parent's work). Candidates are tried best first by
//! (1) the fitness of the run they come from, (2) how flipping that
//! decision's site has paid off before — sites whose flips brought a run
//! closer to the goal first, then sites never flipped, then the rest by how
//! often they were tried (Fitnex's preference for the branches that
//! improve fitness), (3) the latest decision first. Trying a candidate asks
//! the solver for inputs that keep the decisions before it and take the
//! other outcome of it, small ones (within ±[`SMALL`]) preferred.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::fitness::Fitness;
use super::interp::{Conc, Decision, End, Machine, Site, Val};
use super::{Budget, Input, Outcome};
use crate::classfile::{Class, JType, Method};
use crate::labeling::InputState;
use crate::model::term::{signed, BvCmp, TermId};
use crate::solver::{Sat, Solver};

/// Inputs within ±SMALL are asked for first: a reader prefers them, and
/// the loops they bound run shorter.
const SMALL: i64 = 1000;

/// How far from the parent run's inputs the solver is asked to stay, in
/// turn, before it is let to any small input.
const NEAR: [i64; 3] = [1, 16, 256];

/// The longest one solver check may take.
const CHECK_TIMEOUT: Duration = Duration::from_millis(500);

/// How flipping one site has gone.
#[derive(Default, Clone, Copy)]
struct History {
    tries: u32,
    improved: bool,
}

impl History {
    /// Lower is tried first.
    fn rank(self) -> u32 {
        match (self.improved, self.tries) {
            (true, _) => 0,
            (false, 0) => 1,
            (false, n) => 1 + n,
        }
    }
}

/// A run the search keeps: its decisions and fitness.
struct Kept {
    /// The boxes around the run's input its children are asked for in
    /// turn ([`Explorer::preferences`]).
    preferences: Vec<TermId>,
    decisions: Vec<Decision>,
    fitness: Fitness,
}

/// A decision of a kept run to try flipping.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    fitness: Fitness,
    rank: u32,
    later_first: Reverse<usize>,
    run: usize,
    at: usize,
}

pub struct Explorer<'a> {
    machine: Machine<'a>,
    class: Arc<Class>,
    method: Method,
    inputs: Vec<Input>,
    budget: Budget,
    kept: Vec<Kept>,
    queue: BinaryHeap<Reverse<Candidate>>,
    history: HashMap<Site, History>,
    tried: HashSet<Vec<i64>>,
    runs: usize,
    /// The first thing a run met that the interpreter does not model.
    unsupported: Option<String>,
}

impl<'a> Explorer<'a> {
    pub fn new(
        mut machine: Machine<'a>,
        class: &Arc<Class>,
        method: &Method,
        params: Vec<JType>,
        budget: Budget,
    ) -> Explorer<'a> {
        let code = method.code.as_ref();
        let mut slot = 0u16;
        let inputs = params
            .into_iter()
            .enumerate()
            .map(|(i, ty)| {
                let name = code
                    .and_then(|c| c.local_name(slot, 0))
                    .map_or_else(|| format!("arg{i}"), str::to_string);
                slot += ty.size() as u16;
                // The variable's width, and whether the value the method
                // sees (32 bits, or 64 for a long) extends it signed.
                let layout = match ty {
                    JType::Boolean => Some((1, false)),
                    JType::Byte => Some((8, true)),
                    JType::Short => Some((16, true)),
                    JType::Char => Some((16, false)),
                    JType::Int => Some((32, true)),
                    JType::Long => Some((64, true)),
                    _ => None,
                };
                let e = &mut machine.exprs;
                let (var, value) = match layout {
                    Some((width, signed)) => {
                        let v = e.var(&name, width);
                        let value = match (width, signed) {
                            (32 | 64, _) => v,
                            (_, true) => e.sign_ext(32 - width, v),
                            (_, false) => e.zero_ext(32 - width, v),
                        };
                        (Some(v), Some(value))
                    }
                    None => (None, None),
                };
                Input {
                    name,
                    ty,
                    var,
                    value,
                }
            })
            .collect();
        Explorer {
            machine,
            class: class.clone(),
            method: method.clone(),
            inputs,
            budget,
            kept: Vec::new(),
            queue: BinaryHeap::new(),
            history: HashMap::new(),
            tried: HashSet::new(),
            runs: 0,
            unsupported: None,
        }
    }

    pub fn run<T>(mut self, mut accept: impl FnMut(&InputState) -> Option<T>) -> Outcome<T> {
        let start = Instant::now();
        // A fresh solver: with the thread's pooled one, whose models
        // depend on what the thread solved before, josephus/m's pc 124
        // took 0.58 s under `--jobs 2` instead of 0.05 s.
        let mut solver = Solver::take_fresh();
        // No check runs past the search's budget.
        solver.set_deadline(start + self.budget.time, CHECK_TIMEOUT);
        let outcome = 'search: {
            let first = vec![0; self.inputs.len()];
            if let Some((state, seen)) = self.try_input(first, None, &mut accept) {
                break 'search Outcome::Found {
                    state,
                    seen,
                    runs: self.runs,
                };
            }
            while self.runs < self.budget.runs
                && self.machine.exprs.terms.len() <= super::interp::MAX_TERMS
                && start.elapsed() < self.budget.time
                && !crate::stop::requested()
            {
                let Some(Reverse(c)) = self.queue.pop() else {
                    break;
                };
                let decision = self.kept[c.run].decisions[c.at];
                // Statistics may have changed since it was queued.
                let rank = self.rank(decision.site);
                if rank > c.rank {
                    self.queue.push(Reverse(Candidate { rank, ..c }));
                    continue;
                }
                let Some(values) = self.solve(&mut solver, c.run, c.at) else {
                    continue;
                };
                let parent = self.kept[c.run].fitness;
                if let Some((state, seen)) =
                    self.try_input(values, Some((c.at, decision.site, parent)), &mut accept)
                {
                    break 'search Outcome::Found {
                        state,
                        seen,
                        runs: self.runs,
                    };
                }
            }
            Outcome::NotFound {
                runs: self.runs,
                unsupported: self.unsupported.take(),
            }
        };
        solver.release();
        outcome
    }

    /// How soon a decision at `site` is tried, from how flipping there has
    /// gone (see [`History::rank`]).
    fn rank(&self, site: Site) -> u32 {
        self.history.get(&site).copied().unwrap_or_default().rank()
    }

    /// Boxes around a run's input `values`, for the inputs of its children:
    /// nearest first (so the inputs a flip does not need keep their values
    /// and a loop bound moves by one), then any small input. (The solver is
    /// then let to any input at all.)
    fn preferences(&mut self, values: &[i64]) -> Vec<TermId> {
        let exprs = &mut self.machine.exprs;
        let mut preferences = Vec::new();
        for radius in NEAR.iter().copied().map(Some).chain([None]) {
            let mut box_ = Vec::new();
            for (input, &parent) in self.inputs.iter().zip(values) {
                let Some(v) = input.value else { continue };
                let width = exprs.terms.width(v);
                let (lo, hi) = match radius {
                    Some(r) => (parent.saturating_sub(r), parent.saturating_add(r)),
                    None => (-SMALL, SMALL),
                };
                let (min, max) = if width == 64 {
                    (i64::MIN, i64::MAX)
                } else {
                    (i64::from(i32::MIN), i64::from(i32::MAX))
                };
                let lo = exprs.constant(lo.max(min), width);
                let hi = exprs.constant(hi.min(max), width);
                let above = exprs.cmp(BvCmp::Sge, v, lo);
                let below = exprs.cmp(BvCmp::Sle, v, hi);
                box_.push(above);
                box_.push(below);
            }
            preferences.push(exprs.and(box_));
        }
        preferences
    }

    /// Inputs that keep the decisions of run `run` before `at` and flip
    /// the one at `at`; `None` when there are none (or the solver cannot
    /// tell).
    fn solve(&mut self, solver: &mut Solver, run: usize, at: usize) -> Option<Vec<i64>> {
        let kept = &self.kept[run];
        let flipped = kept.decisions[at].cond;
        let exprs = &mut self.machine.exprs;
        let negation = exprs.not(flipped);
        let terms = &exprs.terms;
        solver.push();
        let mut asserted = HashSet::new();
        for d in &kept.decisions[..at] {
            if asserted.insert(d.cond) {
                solver.assert(terms, d.cond);
            }
        }
        solver.assert(terms, negation);
        let mut sat = Sat::Unsat;
        for &p in &kept.preferences {
            sat = solver.check_assuming(terms, &[p]);
            // A check that timed out ends the candidate: a wider box would
            // be no easier.
            if sat != Sat::Unsat {
                break;
            }
        }
        if sat == Sat::Unsat {
            // No input within any box: perhaps one outside them all.
            sat = solver.check();
        }
        let values = (sat == Sat::Sat).then(|| {
            self.inputs
                .iter()
                .map(|input| match input.var {
                    Some(v) => {
                        let width = terms.width(v);
                        let raw = solver.value(terms, v).unwrap_or(0);
                        match input.ty {
                            JType::Char | JType::Boolean => raw as i64,
                            _ => signed(raw, width),
                        }
                    }
                    None => 0,
                })
                .collect()
        });
        solver.pop();
        values
    }

    /// Runs the method on `values` (unless tried before), keeps the run and
    /// its candidates, and hands it to `accept` if it met the goal.
    /// `flipped` is the decision whose flip made the input: its index, its
    /// site and the fitness of the run it came from.
    fn try_input<T>(
        &mut self,
        values: Vec<i64>,
        flipped: Option<(usize, Site, Fitness)>,
        accept: &mut impl FnMut(&InputState) -> Option<T>,
    ) -> Option<(InputState, T)> {
        if !self.tried.insert(values.clone()) {
            return None;
        }
        self.runs += 1;
        let args: Vec<Val> = self
            .inputs
            .iter()
            .zip(&values)
            .map(|(input, &v)| Val {
                conc: match input.ty {
                    JType::Long => Conc::Long(v),
                    JType::Float => Conc::Float(0.0),
                    JType::Double => Conc::Double(0.0),
                    _ => Conc::Int(v as i32),
                },
                sym: input.value,
            })
            .collect();
        let run = self.machine.run(&self.class, &self.method, args);
        if let Some((_, site, parent)) = flipped {
            let h = self.history.entry(site).or_default();
            h.tries += 1;
            h.improved |= run.fitness < parent;
        }
        if run.end == End::Met {
            let state = InputState {
                args: self
                    .inputs
                    .iter()
                    .zip(&values)
                    .map(|(input, &v)| input.arg(v))
                    .collect(),
                ..InputState::default()
            };
            if let Some(seen) = accept(&state) {
                return Some((state, seen));
            }
        }
        if let (End::Unsupported(why), None) = (&run.end, &self.unsupported) {
            // Its decisions stop where the interpreter did; those before
            // are still the path's, and flipping them may avoid it.
            self.unsupported = Some(why.clone());
        }
        let index = self.kept.len();
        let from = flipped.map_or(0, |(at, ..)| at + 1);
        // A condition that already held earlier on the run cannot be
        // flipped here while the earlier one is kept (a loop's test of the
        // same term on every iteration): not queued.
        let mut held = HashSet::new();
        for (at, d) in run.decisions.iter().enumerate() {
            if !held.insert(d.cond) || at < from {
                continue;
            }
            if d.flippable {
                let rank = self.rank(d.site);
                self.queue.push(Reverse(Candidate {
                    fitness: run.fitness,
                    rank,
                    later_first: Reverse(at),
                    run: index,
                    at,
                }));
            }
        }
        let preferences = self.preferences(&values);
        self.kept.push(Kept {
            preferences,
            decisions: run.decisions,
            fitness: run.fitness,
        });
        None
    }
}
