//! Learning from refuted suffixes at loop heads (issue 38, item 3; the
//! no-good recording of constraint solvers, over the states of JAUT ISSRE
//! 2010 §V).
//!
//! The backward search meets a loop head again and again in states that
//! differ only in choices the paths' refutations do not depend on: in a
//! per-character `switch`, each iteration's case. When every path from a
//! second state of the same [shape](shape) (the same state up to the names
//! of its terms) was refuted or cut, the search asks which of the state's
//! values its constraints pin ([`Explorer::pins`]: the backbone of the
//! asserted constraints over the state's scalar terms and the heap cells
//! of its references) and searches once more from the state under those
//! pins alone, in a second solver where nothing of the path is asserted.
//! If that search also ends with every path refuted or cut, the pins are
//! a no-good: any later state of that shape whose constraints imply them
//! is refuted by one check, without a search.
//!
//! Why it is sound: the search from a state depends on its terms only
//! through the solver's answers, and the generalized search asserts less
//! than any state it stands for (only the pins), so every path it refuted
//! is refuted from each of them, and every path it cut is cut there or
//! refuted earlier. The cuts it met stay recorded in the round, so a round
//! that pruned with its no-goods proves unreachability only if they were
//! all proved without a bound. No-goods are the round's: the next round's
//! bounds are larger, and they are forgotten. A generalized search that
//! finds a path, or outgrows its budget, teaches nothing: its cuts are
//! taken back.

mod shape;

use std::collections::{BTreeMap, HashMap};
use std::time::Instant;

use super::cmv::{Flow, St};
use super::explore::{check_limit, Explorer};
use super::junction::Junction;
use crate::model::term::{Sort, TermId};
use crate::reason::Reason;
use crate::solver::{Sat, Solver};
use shape::Shape;

/// Exhausted states of one shape before the search generalizes one: the
/// first may be the only one.
const GENERALIZE_AFTER: u32 = 2;
/// Failed generalizations of one shape before the search stops trying.
const MAX_FAILED: u32 = 2;
/// Candidate values a backbone is computed over, at most.
const MAX_CANDIDATES: usize = 64;
/// A generalized search may make at least this many checks, and twice
/// those the state's own search took.
const MIN_BUDGET: u64 = 256;

/// The no-goods of the current round, by state shape.
#[derive(Default)]
pub(super) struct Learned {
    refuted: HashMap<String, Vec<NoGood>>,
    exhausted: HashMap<String, u32>,
    failed: HashMap<String, u32>,
    /// Solvers for generalized searches (one per nesting level), cleared
    /// before each use.
    spares: Vec<Solver>,
    /// While a generalized search runs: the check count it ends at.
    pub budget: Option<u64>,
    /// The cuts each running generalized search met, innermost last.
    collecting: Vec<BTreeMap<String, Reason>>,
    /// States pruned by a no-good, and no-goods learned (all rounds).
    pub pruned: u64,
    pub learned: u64,
}

impl Learned {
    /// Forgets the round's no-goods (the next round's bounds differ).
    pub fn new_round(&mut self) {
        self.refuted.clear();
        self.exhausted.clear();
        self.failed.clear();
    }

    /// Records a cut for every generalized search running.
    pub fn note_cut(&mut self, reason: &Reason) {
        for cuts in &mut self.collecting {
            cuts.insert(reason.to_string(), reason.clone());
        }
    }
}

/// Values under which every path from a state of one shape was refuted,
/// or cut at one of `cuts`: a state pruned by it is cut there too.
#[derive(Debug, Clone)]
struct NoGood {
    pins: Vec<Pin>,
    cuts: Vec<Reason>,
}

/// A value of a state: a term of its shape (by number), or the cell of a
/// field's array at a reference.
#[derive(Debug, Clone, Copy)]
enum Place {
    Term(usize),
    Cell { field: usize, object: usize },
}

/// A value the constraints pin.
#[derive(Debug, Clone, Copy)]
struct Pin {
    place: Place,
    value: u64,
}

/// How a generalized search ended.
enum Generalized {
    /// Every path refuted or cut: the pins are a no-good.
    Refuted,
    /// A path found, or the budget spent: nothing learned.
    Failed,
    /// The search's time or checks ran out.
    Timeout,
}

impl Explorer<'_> {
    /// A loop head's choices ([`Explorer::branch`]), pruned by the round's
    /// no-goods, and a no-good learned when this shape's states keep being
    /// refuted.
    pub(super) fn branch_learning(&mut self, st: St, junction: &Junction) -> Flow {
        let shape = (st.path_len <= self.config.max_path / 2)
            .then(|| shape::of(&self.terms, &st, junction))
            .flatten();
        let Some(shape) = shape else {
            return self.branch(st, junction);
        };
        if self.refuted_before(&shape) {
            self.paths += 1;
            self.learned.pruned += 1;
            return Flow::Exhausted;
        }
        let before = self.solver.checks;
        let flow = self.branch(st.clone(), junction);
        if !matches!(flow, Flow::Exhausted) {
            return flow;
        }
        let seen = self.learned.exhausted.entry(shape.key.clone()).or_default();
        *seen += 1;
        let failed = self.learned.failed.get(&shape.key).copied().unwrap_or(0);
        if *seen < GENERALIZE_AFTER || failed >= MAX_FAILED {
            return Flow::Exhausted;
        }
        let spent = self.solver.checks - before;
        let mark = self.terms.mark();
        let outcome = match self.pins(&shape) {
            Some(pins) => self.generalize(&st, junction, &shape, &pins, spent),
            None => Generalized::Failed,
        };
        self.terms.truncate(mark);
        self.solver.truncate(&self.terms);
        match outcome {
            Generalized::Timeout => Flow::Timeout,
            Generalized::Failed => {
                *self.learned.failed.entry(shape.key).or_default() += 1;
                Flow::Exhausted
            }
            Generalized::Refuted => Flow::Exhausted,
        }
    }

    /// Whether the state of `shape` implies a no-good of the round (one
    /// check per no-good of the shape); the no-good's cuts are recorded
    /// as this state's.
    fn refuted_before(&mut self, shape: &Shape) -> bool {
        let Some(nogoods) = self.learned.refuted.get(&shape.key).cloned() else {
            return false;
        };
        let Some(nogood) = nogoods.into_iter().find(|nogood| {
            let mark = self.terms.mark();
            let any = self.some_broken(shape, &nogood.pins);
            let implied = self.solver.check_assuming(&self.terms, &[any]) == Sat::Unsat;
            self.terms.truncate(mark);
            self.solver.truncate(&self.terms);
            implied
        }) else {
            return false;
        };
        for reason in nogood.cuts {
            self.cut(reason);
        }
        true
    }

    /// "Some value differs from its pin", over the state's terms.
    fn some_broken(&mut self, shape: &Shape, pins: &[Pin]) -> TermId {
        let broken: Vec<TermId> = pins
            .iter()
            .map(|p| {
                let held = self.pinned(shape, p);
                self.terms.not(held)
            })
            .collect();
        self.terms.or(broken)
    }

    /// `place == value` over the state's terms.
    fn pinned(&mut self, shape: &Shape, pin: &Pin) -> TermId {
        let t = self.place(shape, pin.place);
        let value = match self.terms.sort(t) {
            Sort::Bool => self.terms.bool(pin.value != 0),
            Sort::Bv(w) => self.terms.bv(pin.value as i64, w),
            _ => self.terms.bv(pin.value as i64, 32),
        };
        self.terms.eq(t, value)
    }

    fn place(&mut self, shape: &Shape, place: Place) -> TermId {
        match place {
            Place::Term(n) => shape.order[n],
            Place::Cell { field, object } => {
                self.terms.select(shape.order[field], shape.order[object])
            }
        }
    }

    /// The values of the state the asserted constraints pin (their
    /// backbone over the state's scalar variables and the cells of its
    /// field arrays at its references): each model that differs drops the
    /// values it changed, until none can. `None` when the state is not
    /// satisfiable or a check does not answer.
    fn pins(&mut self, shape: &Shape) -> Option<Vec<Pin>> {
        let scalar = |s: Sort| matches!(s, Sort::Bool | Sort::Bv(_) | Sort::Ref);
        let vars: Vec<usize> = (0..shape.order.len())
            .filter(|&n| {
                let t = shape.order[n];
                matches!(self.terms.node(t), crate::model::term::Node::Var(..))
                    && scalar(self.terms.sort(t))
            })
            .collect();
        let references = vars
            .iter()
            .filter(|&&n| self.terms.sort(shape.order[n]) == Sort::Ref);
        let cells = shape.fields.iter().flat_map(|&field| {
            references
                .clone()
                .map(move |&object| Place::Cell { field, object })
        });
        let candidates: Vec<Place> = vars
            .iter()
            .map(|&n| Place::Term(n))
            .chain(cells)
            .take(MAX_CANDIDATES)
            .collect();
        let exact = self.solver.is_exact();
        self.solver.set_exact(true);
        let pins = self.backbone(shape, &candidates);
        self.solver.set_exact(exact);
        pins
    }

    fn backbone(&mut self, shape: &Shape, candidates: &[Place]) -> Option<Vec<Pin>> {
        if self.solver.check() != Sat::Sat {
            return None;
        }
        let mut pins: Vec<Pin> = Vec::new();
        for &place in candidates {
            let t = self.place(shape, place);
            if let Some(value) = self.solver.value(&self.terms, t) {
                pins.push(Pin { place, value });
            }
        }
        while !pins.is_empty() {
            let any = self.some_broken(shape, &pins);
            match self.solver.check_assuming(&self.terms, &[any]) {
                Sat::Unsat => break,
                Sat::Unknown => return None,
                Sat::Sat => {
                    let count = pins.len();
                    pins.retain(|p| {
                        let t = self.place(shape, p.place);
                        self.solver.value(&self.terms, t) == Some(p.value)
                    });
                    if pins.len() == count {
                        return None;
                    }
                }
            }
        }
        Some(pins)
    }

    /// Searches from `st` at `junction` under `pins` alone, in a solver of
    /// its own; a refutation is recorded as a no-good of `shape`.
    fn generalize(
        &mut self,
        st: &St,
        junction: &Junction,
        shape: &Shape,
        pins: &[Pin],
        spent: u64,
    ) -> Generalized {
        let cuts = self.cuts.clone();
        let conflicts = self.conflicts.clone();
        let flags = (
            self.loop_cut,
            self.loop_needed,
            self.call_cut,
            self.recursion_cut,
            self.iteration_cuts,
        );
        let mut spare = self.learned.spares.pop().unwrap_or_default();
        spare.clear();
        spare.set_deadline(self.deadline, check_limit(&self.config));
        spare.set_exact(false);
        spare.checks = self.solver.checks;
        spare.time = self.solver.time;
        let main = std::mem::replace(&mut self.solver, spare);
        self.solver.push();
        for pin in pins {
            let held = self.pinned(shape, pin);
            self.solver.assert(&self.terms, held);
        }
        self.learned.collecting.push(BTreeMap::new());
        let outer = self.learned.budget;
        let budget = self.solver.checks + (2 * spent).max(MIN_BUDGET);
        self.learned.budget = Some(outer.map_or(budget, |o| o.min(budget)));
        // Iterations pinned by the state's constraints are not pinned
        // by the pins alone.
        let mut general = st.clone();
        general.left.clear();
        let flow = self.branch(general, junction);
        self.learned.budget = outer;
        let met = self.learned.collecting.pop().unwrap_or_default();
        let spare = std::mem::replace(&mut self.solver, main);
        self.solver.checks = spare.checks;
        self.solver.time = spare.time;
        self.learned.spares.push(spare);
        match flow {
            Flow::Exhausted => {
                self.learned.learned += 1;
                let nogoods = self.learned.refuted.entry(shape.key.clone()).or_default();
                nogoods.push(NoGood {
                    pins: pins.to_vec(),
                    cuts: met.into_values().collect(),
                });
                return Generalized::Refuted;
            }
            Flow::Timeout if self.out_of_time() => return Generalized::Timeout,
            Flow::Found(_) | Flow::Timeout => {}
        }
        // Nothing learned: the cuts and conflicts were the generalized
        // search's, not this state's.
        self.cuts = cuts;
        self.conflicts = conflicts;
        (
            self.loop_cut,
            self.loop_needed,
            self.call_cut,
            self.recursion_cut,
            self.iteration_cuts,
        ) = flags;
        Generalized::Failed
    }

    /// Whether the search must stop: its deadline, its check budget or a
    /// stop requested.
    pub(super) fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline || self.over_check_budget() || crate::stop::requested()
    }

    /// Whether a generalized search spent its budget (it then ends as on
    /// a timeout, and teaches nothing).
    pub(super) fn over_learning_budget(&self) -> bool {
        self.learned.budget.is_some_and(|b| self.solver.checks >= b)
    }
}
