//! The depth-first backward search itself (JAUT ISSRE 2010 §V): from a
//! state "just before" an instruction, walk back over straight-line code
//! ([`super::rules`]) to the next choice point — a block's start
//! ([`super::junction`]), whose predecessors are tried nearest to the entry
//! first (loop exits before loop bodies), or a call ([`super::callee`]) —
//! and try each choice in its own
//! solver scope. What a straight-line segment adds is checked once, at the
//! choice point, so an infeasible suffix dies before the search goes
//! further back; backtracking pops the scope and truncates the terms made
//! since. At the entry of the method under test the inputs' domains are
//! asserted and, if the path stays satisfiable, it is handed to labeling.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Instant;

use super::cmv::{method_name, Act, Flow, MethodInfo, St};
use super::{Config, PathStep};
use crate::analysis::MethodKey;
use crate::classfile::bytecode::{InvokeKind, MethodRef};
use crate::classfile::Op;
use crate::labeling::{self, Labeling};
use crate::model::inputs::InputDomain;
use crate::model::term::{TermId, Terms};
use crate::model::{sort_of_vtype, Fresh, Memory, Universe};
use crate::program::Program;
use crate::reason::{Bound, Reason, SolverPoint};
use crate::solver::{Sat, Solver};

/// Stack left below which the search's recursion continues on a new
/// segment.
const STACK_RED_ZONE: usize = 256 * 1024;
/// The size of each new stack segment.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;
/// The call-depth bound of the first round of iterative deepening.
const FIRST_CALL_DEPTH: usize = 8;
/// The iterations of a loop summarized over array cells in the first round
/// of iterative deepening ([`super::loop_cells`]).
const FIRST_CELL_ITERATIONS: usize = 16;
/// The recursion bound of the first round of iterative deepening.
const FIRST_RECURSION: usize = 3;

/// One search: its solver and terms, its class universe and the
/// bookkeeping of the current round.
pub(super) struct Explorer<'a> {
    pub cp: &'a Program,
    pub config: Config,
    pub terms: Terms,
    pub solver: Solver,
    pub fresh: Fresh,
    pub universe: Universe,
    pub methods: HashMap<MethodKey, Arc<MethodInfo>>,
    pub loop_bound: u32,
    /// The call-depth and recursion bounds of the current round (the
    /// driver deepens them up to the `Config`'s).
    pub call_depth: usize,
    pub recursion: usize,
    /// The iterations a summary over array cells covers in the current
    /// round (deepened up to `--max-array-length`).
    pub cell_iterations: usize,
    pub deadline: Instant,
    /// Cuts met in the current round, by message (the order reasons are
    /// reported in).
    pub cuts: BTreeMap<String, Reason>,
    pub loop_cut: bool,
    /// The loop bound a path cut in this round with its iterations
    /// pinned needs at least ([`super::loop_bound`]): the next round's
    /// bound is not below it.
    pub loop_needed: u32,
    /// Paths cut at the bound of a summary over array cells
    /// ([`Bound::Iterations`]): while a summary's paths add none, the
    /// summary covered every run of the loop.
    pub iteration_cuts: u64,
    /// Whether a path of the current round was cut at the round's
    /// call-depth bound, and at its recursion bound.
    pub call_cut: bool,
    pub recursion_cut: bool,
    pub conflicts: BTreeSet<String>,
    /// The input classes by type, and the closed-world assumptions made in
    /// this search (see [`Explorer::assume`]).
    pub domain: InputDomain,
    pub paths: u64,
    /// `isSub(C, ·)` cache: class → ids of its subtypes in the universe,
    /// and for a type the universe may not close, the predicate "an input
    /// object of a class outside the universe that is a subtype of C".
    pub subtypes: HashMap<String, (Vec<u32>, Option<crate::model::term::PredId>)>,
    /// What the loop analyses read off each loop head's code, by (method,
    /// head's pc): computed once per search.
    pub loop_facts: HashMap<(MethodKey, crate::classfile::Pc), Arc<super::loop_heads::LoopFacts>>,
    /// The methods each virtual or interface call may run, over this
    /// search's universe ([`super::dispatch::implementations`]): computed
    /// once per search, not at each path through the call.
    pub implementations: HashMap<(InvokeKind, MethodRef), super::dispatch::Implementations>,
    /// The no-goods learned at loop heads ([`super::loop_learn`]).
    pub learned: super::loop_learn::Learned,
    /// The method under test, when a path may be decided by running it
    /// ([`super::loop_run`]).
    pub runnable: Option<super::loop_run::Runnable>,
}

impl<'a> Explorer<'a> {
    /// A search over `cp` that stops at `deadline`, with an empty universe
    /// and the loop bound at 1.
    pub fn new(cp: &'a Program, config: &Config, deadline: Instant) -> Explorer<'a> {
        Explorer {
            cp,
            config: config.clone(),
            terms: Terms::default(),
            solver: {
                let mut s = Solver::take();
                // No check outlives the search, labeling included.
                s.set_deadline(deadline, check_limit(config));
                // Along a path a `Sat` only lets the search go on; the
                // check at the entry is exact (see `finish`).
                s.set_exact(false);
                s
            },
            fresh: Fresh::default(),
            universe: Universe::default(),
            methods: HashMap::new(),
            loop_bound: 1,
            call_depth: config.max_call_depth.min(FIRST_CALL_DEPTH),
            recursion: config.max_recursion.min(FIRST_RECURSION),
            cell_iterations: config.max_array_length.min(FIRST_CELL_ITERATIONS),
            deadline,
            cuts: BTreeMap::new(),
            loop_cut: false,
            loop_needed: 0,
            call_cut: false,
            iteration_cuts: 0,
            recursion_cut: false,
            conflicts: BTreeSet::new(),
            domain: InputDomain::default(),
            paths: 0,
            subtypes: HashMap::new(),
            loop_facts: HashMap::new(),
            implementations: HashMap::new(),
            learned: Default::default(),
            runnable: None,
        }
    }

    /// The context labeling works in: this search's terms, solver,
    /// universe and input domain.
    pub fn labeling(&mut self) -> Labeling<'_> {
        Labeling {
            cp: self.cp,
            terms: &mut self.terms,
            solver: &mut self.solver,
            fresh: &mut self.fresh,
            universe: &mut self.universe,
            domain: &mut self.domain,
            max_array_length: self.config.max_array_length,
            statics: self.config.statics,
            assertions: self.config.assertions,
        }
    }
}

impl Explorer<'_> {
    /// The state just before the target instruction: a fresh variable for
    /// every stack slot, locals unconstrained.
    pub(super) fn initial_state(&mut self, root: &Arc<MethodInfo>, index: usize) -> St {
        let pc = root.code().instructions[index].pc;
        let frame = root.frames.at(pc).expect("checked reachable").clone();
        let stack = frame
            .stack
            .iter()
            .map(|t| self.fresh.var(&mut self.terms, "s", sort_of_vtype(t)))
            .collect();
        let mem = Memory::new(&mut self.terms);
        St {
            acts: vec![Act {
                m: root.clone(),
                block: root.block_at_index(index),
                index,
                locals: vec![None; root.code().max_locals as usize],
                stack,
                call_index: None,
                receiver: None,
            }],
            mem,
            path_len: 0,
            derefs: 0,
            identity_compared: false,
            came_from: None,
            bounded: Vec::new(),
            summarized: false,
            visit: BTreeMap::new(),
            left: BTreeMap::new(),
            environment: Vec::new(),
            loops: BTreeMap::new(),
            steps: vec![PathStep {
                method: root.key.to_string(),
                pc,
                line: root.code().line_of(pc),
            }],
        }
    }

    /// Whether the search spent its budget of solver checks (a bound that,
    /// unlike time, gives the same verdict on every run).
    pub(super) fn over_check_budget(&self) -> bool {
        self.config
            .max_checks
            .is_some_and(|max| self.solver.checks >= max)
    }

    /// Records a closed-world assumption the search made: while one stands,
    /// refuting every path is no proof of unreachability.
    pub(super) fn assume(&mut self, what: String) {
        self.domain.assume(what);
    }

    /// Records why a path was cut without being refuted (a loop bound
    /// lets the next round deepen).
    pub(super) fn cut(&mut self, reason: Reason) {
        self.paths += 1;
        self.loop_cut |= reason.is_loop_bound();
        self.call_cut |= matches!(reason, Reason::Bound(Bound::CallDepth { .. }));
        self.iteration_cuts += u64::from(matches!(reason, Reason::Bound(Bound::Iterations { .. })));
        self.recursion_cut |= matches!(reason, Reason::Bound(Bound::Recursion { .. }));
        self.learned.note_cut(&reason);
        self.cuts.insert(reason.to_string(), reason);
    }

    /// Asserts `pending` in a new scope and explores on from `st`. The
    /// constraints are checked at the next choice point: checking before
    /// every straight-line step would cost a solver call where no
    /// alternative can be pruned.
    pub(super) fn dfs(&mut self, st: St, pending: Vec<TermId>) -> Flow {
        if self.out_of_time() || self.over_learning_budget() {
            return Flow::Timeout;
        }
        self.solver.push();
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        // The search recurses once per block on the path (and per call
        // entered), so a long path would overflow a thread's stack: when
        // little is left, the recursion goes on in a new segment on the
        // heap. Path length is bounded by `max_path` alone.
        let flow = stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.advance(st));
        if !matches!(flow, Flow::Found(_)) {
            self.solver.pop();
        }
        flow
    }

    /// Checks what is asserted; `false` (after recording why) when the path
    /// is refuted or the solver gives up.
    pub(super) fn feasible(&mut self, st: &St) -> bool {
        let Some(answer) = self.check_bounded(st) else {
            return false;
        };
        match answer {
            Sat::Sat => true,
            Sat::Unsat => {
                self.paths += 1;
                self.note_conflict(st);
                false
            }
            Sat::Unknown => {
                let why = self.unknown_check(SolverPoint::Path);
                self.cut(why);
                false
            }
        }
    }

    /// Checks what is asserted under the path's bounded conditions. `None`
    /// when they are what refutes it (the path alone is not refuted): the
    /// path is then cut with their bound.
    fn check_bounded(&mut self, st: &St) -> Option<Sat> {
        if st.bounded.is_empty() {
            return Some(self.solver.check());
        }
        let conditions: Vec<TermId> = st.bounded.iter().map(|(c, _)| *c).collect();
        match self.solver.check_assuming(&self.terms, &conditions) {
            Sat::Unsat if self.solver.check() != Sat::Unsat => {
                self.cut(Reason::Bound(st.bounded[0].1.clone()));
                None
            }
            other => Some(other),
        }
    }

    /// The exact check of a whole path at the entry. When it runs out of
    /// the per-check limit ([`check_limit`]), it is made once more with
    /// three quarters of the time left: the path is complete,
    /// and an answer here is a test or a refutation, where an unknown is
    /// neither (a 26-character `switch` label, found through `hashCode`
    /// then `equals`, needs about 3 s of Z3 at the entry).
    fn check_at_entry(&mut self, st: &St) -> Option<Sat> {
        let first = self.check_bounded(st);
        if first != Some(Sat::Unknown)
            || !matches!(
                self.unknown_check(SolverPoint::Entry),
                Reason::SolverUnknown(_)
            )
        {
            return first;
        }
        let limit = check_limit(&self.config);
        let longer = self.deadline.saturating_duration_since(Instant::now()) * 3 / 4;
        if longer <= limit {
            return first;
        }
        self.solver.set_deadline(self.deadline, longer);
        let again = self.check_bounded(st);
        self.solver.set_deadline(self.deadline, limit);
        again
    }

    /// Why a check answered unknown: the search's deadline, which cuts the
    /// last check short (a timeout, not the solver giving up), or the
    /// per-check limit.
    fn unknown_check(&self, point: SolverPoint) -> Reason {
        if let Some(memory) = self.solver.cut_reason() {
            memory
        } else if crate::stop::requested() {
            // The stop interrupted the check.
            Reason::Stopped(crate::reason::Stop::Interrupted)
        } else if Instant::now() >= self.deadline {
            Reason::Bound(crate::reason::Bound::Timeout {
                limit: self.config.timeout,
            })
        } else {
            Reason::SolverUnknown(point)
        }
    }

    pub(super) fn note_conflict(&mut self, st: &St) {
        if let Some(step) = st.steps.last() {
            let at = match step.line {
                Some(l) => format!("line {l}"),
                None => format!("pc {}", step.pc),
            };
            self.conflicts
                .insert(format!("{} {at}", method_name(&step.method)));
        }
    }

    /// Walks backward from `st` until a choice point, then tries each choice.
    fn advance(&mut self, mut st: St) -> Flow {
        let mut pending: Vec<TermId> = Vec::new();
        loop {
            if Instant::now() >= self.deadline || crate::stop::requested() {
                return Flow::Timeout;
            }
            let act = st.top();
            let m = act.m.clone();
            let index = act.index;
            let block_id = act.block;
            let block = m.cfg.block(block_id).expect("a block").clone();
            if index == block.first {
                return self.choose(st, pending, block_id);
            }
            let insn = m.code().instructions[index - 1].clone();
            st.path_len += 1;
            if st.path_len > self.config.max_path {
                self.cut(Reason::Bound(Bound::PathLength {
                    max: self.config.max_path,
                }));
                return Flow::Exhausted;
            }
            if let Op::Invoke(kind, r) = &insn.op {
                let callee = crate::jdk::registry::Callee::of(r, *kind == InvokeKind::Static);
                if crate::jdk::registry::Registry::array_method(&callee).is_none() {
                    return self.enter_callee(st, pending, index - 1, *kind, r);
                }
            }
            match self.step(&mut st, &insn, &mut pending) {
                Ok(()) => st.top().index -= 1,
                Err(cut) => {
                    self.cut(cut);
                    return Flow::Exhausted;
                }
            }
        }
    }

    /// At the entry of the method under test: constrain the inputs, check,
    /// and hand the state to labeling.
    pub(super) fn finish(&mut self, st: St) -> Flow {
        let act = st.acts[0].clone();
        let m = act.m.clone();
        let mut cons = Vec::new();
        let mut entry = labeling::entry_state(
            &mut self.labeling(),
            &m.class,
            m.method(),
            &act.locals,
            &st.mem,
            &mut cons,
        );
        // Met backward: the first call in time is the last met.
        entry.environment = st.environment.iter().rev().cloned().collect();
        labeling::environment_domains(&mut self.labeling(), &st.mem, &mut entry, &mut cons);
        for refuted in self.config.excluded.clone() {
            let c = self.blocking_clause(&entry, &refuted);
            cons.push(c);
        }
        let mark = self.terms.mark();
        self.solver.push();
        for &c in &cons {
            self.solver.assert(&self.terms, c);
        }
        // Exact from here: the path is found only if it truly is feasible,
        // and labeling starts from a model Z3 gives of the whole path, not
        // from one extended check by check (see `solver::reuse`).
        self.solver.set_exact(true);
        // `None`: refuted only under the path's bounded conditions, a cut
        // check_bounded recorded.
        match self.check_at_entry(&st) {
            Some(Sat::Sat) => {
                // Labeling keeps within the bounds the path's model holds
                // under.
                for (c, _) in &st.bounded {
                    self.solver.assert(&self.terms, *c);
                }
                let mut path = st.steps.clone();
                path.reverse();
                // A callee's return that starts a block, or a target that
                // does, is recorded twice in a row.
                path.dedup();
                // Keep the scope: labeling works inside it.
                Flow::Found(Box::new((entry, path)))
            }
            other => {
                if other == Some(Sat::Unknown) {
                    let why = self.unknown_check(SolverPoint::Entry);
                    self.cut(why);
                } else if other == Some(Sat::Unsat) {
                    self.paths += 1;
                    // Name the path's own conflict when there is one; only
                    // when the path alone is feasible did the inputs'
                    // domains refute it. (A few names are enough: the
                    // extra check is skipped once some are known.)
                    self.solver.pop();
                    let path_alone = if self.conflicts.len() < 4 {
                        self.solver.check()
                    } else {
                        Sat::Unsat
                    };
                    self.solver.push();
                    if path_alone == Sat::Unsat {
                        self.note_conflict(&st);
                    } else {
                        let at = m
                            .code()
                            .line_of(0)
                            .map_or(String::new(), |l| format!(" line {l}"));
                        self.conflicts.insert(format!(
                            "{}{at} (the inputs' domains at the entry)",
                            method_name(&m.key.to_string())
                        ));
                    }
                }
                self.solver.set_exact(false);
                self.solver.pop();
                self.terms.truncate(mark);
                self.solver.truncate(&self.terms);
                Flow::Exhausted
            }
        }
    }
}

/// How long one check may take: a quarter of the search's time, so that
/// one hard check along a path leaves time for others.
pub(super) fn check_limit(config: &Config) -> std::time::Duration {
    config.timeout / 4
}
