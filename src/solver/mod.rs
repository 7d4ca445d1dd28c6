//! Deciding constraints: the one place that knows Z3.
//!
//! [`Solver`] lowers [`Terms`](crate::model::term::Terms) to Z3 ASTs (through
//! the `z3` crate, linked against Debian's `libz3`), keeps Z3's incremental
//! scopes in step with the search's (`push`/`pop`), and reads values back
//! from models. Lowered ASTs are cached by term id; the cache is truncated
//! with the term arena when the search backtracks. Z3 runs without its
//! bit-vector equality axioms until a check shows they are needed
//! (`base_params`, [`Solver::set_exact`]). In exact mode a satisfiable
//! check is often answered by the last model, extended ([`reuse`]).
//!
//! Z3 values belong to the thread that made them (the crate uses a
//! thread-local context), so a `Solver` stays on its thread.

use std::time::{Duration, Instant};

use z3::ast::{Array, Bool, Dynamic, Int, BV};
use z3::{FuncDecl, Model, Params, SatResult, Sort as ZSort};

use crate::model::term::{BvCmp, BvOp, Node, Sort, TermId, Terms};

mod child;
mod float;
pub mod guard;
mod one_shot;
mod refs;
mod reuse;

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sat {
    Sat,
    Unsat,
    /// Z3 gave up (its per-check timeout, or an incomplete theory).
    Unknown,
}

/// An incremental Z3 solver over the term language.
pub struct Solver {
    z3: z3::Solver,
    asts: Vec<Option<Dynamic>>,
    /// Terms lowered as integers where they meet references, by id
    /// ([`refs`]).
    ints: Vec<Option<Int>>,
    /// Predicates by id (of the current search's term arena, so cleared
    /// when the solver is handed back), with the sort of their argument.
    preds: Vec<Option<(FuncDecl, ZSort)>>,
    /// Floating-point conversions, made on first use (see [`float`]).
    fp_templates: Option<float::Templates>,
    /// A model of everything asserted, or the last one with what was
    /// asserted since.
    witness: reuse::Witness,
    /// Number of open scopes.
    depth: u32,
    check_timeout: Option<Duration>,
    /// When set, no check runs past the deadline: each check is bounded by
    /// the limit, or by the time left once that is less, and a check after
    /// the deadline answers `Unknown` at once.
    deadline: Option<(Instant, Duration)>,
    /// A tighter bound for checks under assumptions (labeling's probes,
    /// where an answer too slow to come is taken as "no").
    probe_limit: Option<Duration>,
    /// Whether a `Sat` must come with a model of everything asserted
    /// (see [`Solver::set_exact`]).
    exact: bool,
    /// Whether Z3 runs with its bit-vector equality axioms (see
    /// [`Solver::set_exact`]).
    axioms: bool,
    /// Everything asserted in the open scopes, with the depth it was
    /// asserted at: what the solver is rebuilt from with the axioms.
    /// Each entry: its depth, the assertion, and whether it holds
    /// floating-point arithmetic (kept out of the incremental Z3 solver,
    /// see [`one_shot`]).
    asserted: Vec<(u32, Bool, bool)>,
    /// The depths of the assertions of `asserted` that hold floating-point
    /// arithmetic: while any is open, checks go to [`one_shot`].
    float_depths: Vec<u32>,
    /// Floating-point operations lowered or met again in the cache so far
    /// (to tell which assertions hold some).
    float_ops: u64,
    /// Per lowered term (by id, beside `asts`): whether it holds
    /// floating-point arithmetic.
    float_terms: Vec<bool>,
    /// Searches this solver has served (see [`RESET_EVERY`]).
    searches: u32,
    /// Checks answered, by Z3 or by the witness.
    pub checks: u64,
    /// Of `checks`, those the witness answered.
    pub reused: u64,
    /// Of `checks`, those decided again with the equality axioms (a model
    /// that failed, or Z3 past the fast limit without them).
    pub redone: u64,
    pub time: Duration,
    /// Why the watchdog interrupted this search's last check, if it did
    /// ([`guard`]). A memory cut stays until the solver is handed back:
    /// every later check of the search answers `Unknown` at once, so the
    /// search ends instead of growing Z3's state further.
    cut: Option<guard::Cut>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// A pooled solver is reset to Z3's initial state after this many
/// searches: what Z3 keeps from searches long popped slows later checks
/// (`jaut-bench targets`, 181 searches on one thread: solver 1.01 s ->
/// 0.92 s, labeling 0.72 s -> 0.60 s), and a reset costs about as much as
/// one short search.
const RESET_EVERY: u32 = 40;

/// The parameters every solver starts with: heuristics of Z3's SMT core
/// and axioms it may leave out, never a change to what `Unsat` means.
///
/// - Without relevancy propagation every atom is assigned, and the
///   search's checks over the heap's arrays run about twice as fast
///   (Fig. 5: deleteEntry 9.5 s -> 4.6 s).
/// - `smt.bv.eq_axioms` off: Z3 does not add its lemmas tying bit-vector
///   equalities to their bits ("bit i differs, so x /= y"; "all bits
///   agree, so x = y" kept as a clause). They are valid lemmas, so
///   leaving them out never makes Z3 answer `Unsat` wrongly, and checks
///   over the heap (references compared, not computed with) take about
///   half the time: deleteEntry's hard search 0.72 s -> 0.35 s in Z3.
///   But Z3 4.8.12 may then answer `Sat` with a model that fails the
///   assertions, and on arithmetic it can go round in circles where the
///   axioms end the search at once (`-(-a) != a`). So a check runs at
///   most [`FAST_LIMIT`] without them; a model is checked where a `Sat`
///   must be true ([`Solver::set_exact`]); and either failure rebuilds
///   the solver with the axioms for the rest of the search.
/// - References are integers ([`refs`]), and Z3's older arithmetic solver
///   (`smt.arith.solver` 2) decides the heap's checks faster than the
///   default one (6): deleteEntry 0.44-0.46 s -> 0.40-0.41 s on
///   `jaut-bench paper --jobs 2`, `jaut-bench targets` the same.
/// - `ctrl_c` off: during a check Z3 would take SIGINT for itself, cancel
///   only that check and let the search go on; jaut's own handler
///   ([`crate::stop`]) stops the whole run and interrupts every check.
fn base_params() -> Params {
    let mut p = Params::new();
    p.set_bool("ctrl_c", false);
    for (name, value) in SOLVING_PARAMS {
        p.set_u32(name, value);
    }
    p.set_bool("smt.bv.eq_axioms", false);
    p
}

/// Z3's parameters for how it decides, the same for a check in this
/// process and in a `z3` process ([`child`], as `set-option`s); the
/// equality axioms and the timeout are set per check.
const SOLVING_PARAMS: [(&str, u32); 2] = [("smt.relevancy", 0), ("smt.arith.solver", 2)];

/// Z3's `timeout` parameter for a check bounded by `bound`.
fn timeout_ms(bound: Duration) -> u32 {
    bound.as_millis().clamp(1, u32::MAX as u128) as u32
}

/// A check's timeout when it has none: Z3's largest.
const UNBOUNDED: Duration = Duration::from_millis(u32::MAX as u64);

/// How long a check runs without the equality axioms before it is made
/// again with them (nearly all take a few milliseconds; deleteEntry's
/// longest 18 ms), and at most half the check's own limit. A separate,
/// shorter limit for labeling's probes was slower on `jaut-bench targets`
/// (median 4.6 ms against 3.5 ms).
const FAST_LIMIT: Duration = Duration::from_millis(50);

thread_local! {
    /// One Z3 solver per thread, reused across searches: a new Z3 solver
    /// costs ~10 ms before its first check answers, which would dominate
    /// a search of a few milliseconds.
    static POOL: std::cell::RefCell<Option<Solver>> = const { std::cell::RefCell::new(None) };
}

impl Solver {
    /// This thread's solver, with no scope open and nothing asserted at
    /// the base level; hand it back with [`Solver::release`].
    pub fn take() -> Solver {
        guard::register_this_thread();
        let mut s = POOL.with(|p| p.borrow_mut().take()).unwrap_or_default();
        s.checks = 0;
        s.reused = 0;
        s.redone = 0;
        s.time = Duration::ZERO;
        s
    }

    /// A new solver for this thread, without the history of the pooled
    /// one: the learned state of earlier searches can steer Z3 to other
    /// models, which a search that takes one model after another (the
    /// concolic search) feels in the number of runs it needs. Hand it back
    /// with [`Solver::release`] like the pooled one.
    pub fn take_fresh() -> Solver {
        guard::register_this_thread();
        Solver::new()
    }

    /// Pops every scope and keeps the solver for the next search on this
    /// thread. Only what was asserted inside scopes is forgotten, so a
    /// search must assert nothing at the base level.
    pub fn release(mut self) {
        while self.depth > 0 {
            self.pop();
        }
        self.asts.clear();
        self.float_terms.clear();
        self.ints.clear();
        // Predicate ids are the search's own (its term arena's): kept, the
        // next search's predicate `k` would be this one's, under this
        // one's name, and two of its predicates could be one function —
        // a refutation that holds for no input (issue 37).
        self.preds.clear();
        self.asserted.clear();
        self.float_depths.clear();
        self.witness.reset();
        self.searches += 1;
        // A search that needed the axioms does not pass them on, nor one
        // cut for its memory what Z3 built for it.
        let memory_cut = self.cut.take() == Some(guard::Cut::Memory);
        if self.axioms || memory_cut || self.searches.is_multiple_of(RESET_EVERY) {
            self.reset_z3(false);
        }
        self.deadline = None;
        self.exact = true;
        POOL.with(|p| *p.borrow_mut() = Some(self));
    }

    /// Z3's solver back to its initial state, with the equality axioms or
    /// without them.
    fn reset_z3(&mut self, axioms: bool) {
        self.z3.reset();
        let mut p = base_params();
        p.set_bool("smt.bv.eq_axioms", axioms);
        // Z3's reset keeps the solver's parameters, the last check's
        // timeout among them: a check meant to be unbounded after a
        // rebuild ran with the fast limit and could answer unknown on a
        // loaded machine.
        p.set_u32("timeout", u32::MAX);
        self.z3.set_params(&p);
        self.axioms = axioms;
        self.check_timeout = Some(UNBOUNDED);
    }

    pub fn new() -> Solver {
        let z3 = z3::Solver::new();
        z3.set_params(&base_params());
        Solver {
            z3,
            asts: Vec::new(),
            ints: Vec::new(),
            preds: Vec::new(),
            fp_templates: None,
            witness: reuse::Witness::new(),
            depth: 0,
            check_timeout: None,
            probe_limit: None,
            deadline: None,
            exact: true,
            axioms: false,
            asserted: Vec::new(),
            float_depths: Vec::new(),
            float_ops: 0,
            float_terms: Vec::new(),
            searches: 0,
            checks: 0,
            reused: 0,
            redone: 0,
            time: Duration::ZERO,
            cut: None,
        }
    }

    /// Why the last check answered `Unknown`, when the watchdog cut it
    /// ([`guard`]) rather than Z3 giving up within its limit.
    pub fn cut(&self) -> Option<guard::Cut> {
        self.cut
    }

    /// The reason a target ends unknown with when the watchdog cut a
    /// check for its memory (`None` otherwise: an overrun check is the
    /// search's timeout or the per-check limit, as Z3's own would be).
    pub fn cut_reason(&self) -> Option<crate::reason::Reason> {
        (self.cut == Some(guard::Cut::Memory)).then_some(crate::reason::Reason::Bound(
            crate::reason::Bound::SolverMemory {
                limit_mib: guard::MEMORY_LIMIT_MIB,
            },
        ))
    }

    /// Bounds each check; a check over it answers `Unknown`.
    pub fn set_check_timeout(&mut self, timeout: Duration) {
        // Setting parameters costs Z3 some work: skip it when unchanged.
        if self.check_timeout == Some(timeout) {
            return;
        }
        self.check_timeout = Some(timeout);
        let mut p = Params::new();
        p.set_u32("timeout", timeout_ms(timeout));
        self.z3.set_params(&p);
    }

    /// No check runs past `deadline` (the search's and its labeling's
    /// wall time): each is bounded by `limit`, or by the time left once
    /// that is less.
    pub fn set_deadline(&mut self, deadline: Instant, limit: Duration) {
        self.deadline = Some((deadline, limit));
    }

    /// Bounds each check under assumptions by `limit` too (`None`: only
    /// the deadline's limit).
    pub fn set_probe_limit(&mut self, limit: Option<Duration>) {
        self.probe_limit = limit;
    }

    /// Whether a `Sat` answer must be true (the default), or may be
    /// taken as "not refuted" (the backward search's checks along a path).
    ///
    /// Without the equality axioms (see `base_params`) a model Z3 gives
    /// may fail the assertions. In exact mode such a model is caught
    /// (everything asserted and assumed is evaluated in it) and the check
    /// is decided again by Z3 rebuilt with the axioms. Out of it a `Sat` is
    /// taken as is: the search then only goes on along a path a later
    /// check refutes, or the exact check at the entry does; an `Unsat` is
    /// true either way, so no refutation and no proof rests on the mode.
    /// Setting exact mode drops the last model, so that the next check is
    /// put to Z3.
    pub fn set_exact(&mut self, exact: bool) {
        if exact {
            self.witness.forget();
        }
        self.exact = exact;
    }

    /// Whether checks are exact ([`Solver::set_exact`]).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    pub fn push(&mut self) {
        self.z3.push();
        self.depth += 1;
    }

    pub fn pop(&mut self) {
        debug_assert!(self.depth > 0, "pop without push");
        self.z3.pop(1);
        self.depth -= 1;
        self.witness.popped(self.depth);
        let depth = self.depth;
        while self.asserted.last().is_some_and(|(d, _, _)| *d > depth) {
            self.asserted.pop();
        }
        while self.float_depths.last().is_some_and(|d| *d > depth) {
            self.float_depths.pop();
        }
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Forgets lowered terms the arena no longer holds (after
    /// [`Terms::truncate`]).
    pub fn truncate(&mut self, terms: &Terms) {
        self.asts.truncate(terms.len());
        self.float_terms.truncate(terms.len());
        self.ints.truncate(terms.len());
    }

    pub fn assert(&mut self, terms: &Terms, t: TermId) {
        let float_ops = self.float_ops;
        let b = self.lower_bool(terms, t);
        // Floating-point arithmetic stays out of the incremental solver:
        // Z3 would turn it into bits at the next push or check, looking
        // at no limit (see `one_shot`), and every check while it is
        // asserted goes to a solver made for the check anyway.
        let float = self.float_ops > float_ops;
        if float {
            self.float_depths.push(self.depth);
        } else {
            self.z3.assert(&b);
        }
        self.asserted.push((self.depth, b.clone(), float));
        self.witness.asserted(self.depth, b);
    }

    pub fn check(&mut self) -> Sat {
        self.check_assuming_lowered(&[], false)
    }

    /// Checks with extra assumptions that are not kept afterwards.
    pub fn check_assuming(&mut self, terms: &Terms, assumptions: &[TermId]) -> Sat {
        let float_ops = self.float_ops;
        let lowered: Vec<Bool> = assumptions
            .iter()
            .map(|&a| self.lower_bool(terms, a))
            .collect();
        self.check_assuming_lowered(&lowered, self.float_ops > float_ops)
    }

    /// A check under `assumptions`, which hold floating-point arithmetic
    /// lowered for them when `assumptions_float`.
    fn check_assuming_lowered(&mut self, assumptions: &[Bool], assumptions_float: bool) -> Sat {
        let start = Instant::now();
        if self.cut == Some(guard::Cut::Memory) {
            return Sat::Unknown;
        }
        let mut bound = None;
        if let Some((deadline, limit)) = self.deadline {
            let Some(left) = deadline.checked_duration_since(start) else {
                return Sat::Unknown;
            };
            // Near the deadline a check gets the time left (in steps of
            // 50 ms); until then the limit stays as set, so a search that
            // ends early runs with the same parameters every time and
            // finds the same models.
            bound = Some(if left < limit {
                let step = 50;
                let ms = (left.as_millis() as u64).div_ceil(step) * step;
                Duration::from_millis(ms)
            } else {
                limit
            });
        }
        if self.witness.satisfies(assumptions) {
            self.time += start.elapsed();
            self.checks += 1;
            self.reused += 1;
            return Sat::Sat;
        }
        if let (false, Some(probe)) = (assumptions.is_empty(), self.probe_limit) {
            bound = Some(bound.map_or(probe, |b| b.min(probe)));
        }
        let (mut r, mut model) = if self.axioms {
            self.z3_check(assumptions, bound, assumptions_float)
        } else {
            // Half the check's own limit when that is short (a small
            // `--timeout`, or near the deadline): the rest is for Z3 with
            // the axioms.
            let fast = bound.map_or(FAST_LIMIT, |b| FAST_LIMIT.min(b / 2));
            self.z3_check(assumptions, Some(fast), assumptions_float)
        };
        // Without the axioms: a model that fails the assertions (exact
        // mode only), or a check past the fast limit (Z3 can then go round
        // in circles where the axioms end the search at once: `-(-a) !=
        // a`). The solver is rebuilt with the axioms for the rest of the
        // search, and decides again in the time left.
        let failed = !self.axioms
            && r == SatResult::Sat
            && self.exact
            && !self.holds(model.as_ref(), assumptions);
        let left = bound.map(|b| b.saturating_sub(start.elapsed()));
        let gave_up = !self.axioms
            && r == SatResult::Unknown
            && left.is_none_or(|l| l > Duration::ZERO)
            && self.cut.is_none()
            && !crate::stop::requested();
        if failed || gave_up {
            self.redone += 1;
            self.rebuild_with_axioms();
            (r, model) = self.z3_check(assumptions, left, assumptions_float);
        }
        self.time += start.elapsed();
        self.checks += 1;
        // A model under assumptions satisfies the assertions too. When
        // there is none, the last model may still satisfy the assertions
        // alone: it is kept unless they are refuted. Out of exact mode no
        // model is kept, and no check is answered from one: there Z3's
        // checks are cheap enough that evaluating the assertions since
        // in the last model cost more than it saved (deleteEntry 0.68 s
        // -> 0.62 s without; `jaut-bench targets` median 3.6 -> 3.3 ms).
        match r {
            SatResult::Sat => self.witness.set(model),
            _ if assumptions.is_empty() => self.witness.forget(),
            _ => {}
        }
        match r {
            SatResult::Sat => Sat::Sat,
            SatResult::Unsat => Sat::Unsat,
            SatResult::Unknown => Sat::Unknown,
        }
    }

    /// One check by Z3 within `bound` (`None`: unbounded); a check over
    /// floating-point arithmetic by a solver made for it ([`one_shot`]).
    fn z3_check(
        &mut self,
        assumptions: &[Bool],
        bound: Option<Duration>,
        assumptions_float: bool,
    ) -> (SatResult, Option<Model>) {
        let bound = bound.unwrap_or(UNBOUNDED);
        let one_shot = self.float_check(assumptions_float);
        if !one_shot {
            self.set_check_timeout(bound);
        }
        guard::check_started(bound);
        let mut by = one_shot::DecidedBy::ThisProcess;
        let (r, model) = if one_shot {
            let answer = self.one_shot_check(assumptions, timeout_ms(bound));
            by = answer.by;
            (answer.result, answer.model)
        } else {
            let r = if assumptions.is_empty() {
                self.z3.check()
            } else {
                self.z3.check_assumptions(assumptions)
            };
            // Only exact mode keeps models (see `check_assuming_lowered`).
            let model = match r {
                SatResult::Sat if self.exact => self.z3.get_model(),
                _ => None,
            };
            (r, model)
        };
        // Only an `Unknown` can come of an interrupt; a cut that came
        // as Z3 answered changes nothing.
        let watchdog = guard::check_ended();
        let kept = self.cut.filter(|c| *c == guard::Cut::Memory);
        self.cut = match by {
            one_shot::DecidedBy::ThisProcess => match watchdog {
                Some(cut) if r == SatResult::Unknown => Some(cut),
                _ => kept,
            },
            one_shot::DecidedBy::Child => kept,
            one_shot::DecidedBy::KilledChild if !crate::stop::requested() => {
                Some(guard::Cut::Overran)
            }
            one_shot::DecidedBy::KilledChild => kept,
        };
        (r, model)
    }

    /// Z3 anew with the equality axioms, given what is asserted in the
    /// same scopes: its models satisfy the assertions.
    fn rebuild_with_axioms(&mut self) {
        self.reset_z3(true);
        let mut level = 0;
        for (d, b, float) in &self.asserted {
            while level < *d {
                self.z3.push();
                level += 1;
            }
            if !float {
                self.z3.assert(b);
            }
        }
        while level < self.depth {
            self.z3.push();
            level += 1;
        }
    }

    /// Whether `model` satisfies everything asserted (the log
    /// `asserted`) and `assumptions`.
    fn holds(&self, model: Option<&Model>, assumptions: &[Bool]) -> bool {
        let Some(model) = model else {
            return false;
        };
        let all: Vec<Bool> = self
            .asserted
            .iter()
            .map(|(_, b, _)| b)
            .chain(assumptions)
            .cloned()
            .collect();
        model.eval(&Bool::and(&all), true).and_then(|v| v.as_bool()) == Some(true)
    }

    /// The value of a bit-vector or boolean term in a model of everything
    /// asserted (`None` when the last model is not known to be one).
    pub fn value(&mut self, terms: &Terms, t: TermId) -> Option<u64> {
        let ast = self.lower(terms, t);
        if !self.witness.satisfies(&[]) {
            return None;
        }
        let v = self.witness.eval(&ast)?;
        match terms.sort(t) {
            Sort::Bool => v.as_bool()?.as_bool().map(u64::from),
            Sort::Bv(_) => v.as_bv()?.as_u64(),
            // A reference: its low 32 bits (see `refs`).
            Sort::Ref => match v.as_int() {
                Some(i) => i.as_i64().map(|i| u64::from(i as u32)),
                None => v.as_bv()?.as_u64(),
            },
            Sort::Array(_) | Sort::RefArray | Sort::Cells(_) | Sort::RefCells => None,
        }
    }

    fn lower_bool(&mut self, terms: &Terms, t: TermId) -> Bool {
        self.lower(terms, t)
            .as_bool()
            .expect("constraint terms are boolean")
    }

    /// Lowers a term, caching every subterm by id.
    fn lower(&mut self, terms: &Terms, t: TermId) -> Dynamic {
        let i = t.0 as usize;
        if let Some(Some(ast)) = self.asts.get(i) {
            if self.float_terms.get(i) == Some(&true) {
                self.float_ops += 1;
            }
            return ast.clone();
        }
        let float_ops = self.float_ops;
        let ast = self.lower_node(terms, t);
        if self.asts.len() <= i {
            self.asts.resize(i + 1, None);
            self.float_terms.resize(i + 1, false);
        }
        self.asts[i] = Some(ast.clone());
        self.float_terms[i] = self.float_ops > float_ops;
        ast
    }

    fn lower_node(&mut self, terms: &Terms, t: TermId) -> Dynamic {
        let node = terms.node(t).clone();
        match node {
            Node::Var(name, sort) => {
                self.witness.declare(&name);
                match sort {
                    Sort::Bool => Dynamic::from_ast(&Bool::new_const(name)),
                    Sort::Bv(w) => Dynamic::from_ast(&BV::new_const(name, w)),
                    Sort::Ref => Dynamic::from_ast(&Int::new_const(name)),
                    Sort::Array(w) => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::bitvector(w),
                    )),
                    Sort::RefArray => {
                        Dynamic::from_ast(&Array::new_const(name, &ZSort::int(), &ZSort::int()))
                    }
                    // By reference, then by index (`refs`).
                    Sort::Cells(w) => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::array(&ZSort::bitvector(32), &ZSort::bitvector(w)),
                    )),
                    Sort::RefCells => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::array(&ZSort::bitvector(32), &ZSort::int()),
                    )),
                }
            }
            Node::Bool(b) => Dynamic::from_ast(&Bool::from_bool(b)),
            Node::Bv(v, w) => Dynamic::from_ast(&BV::from_u64(v, w)),
            Node::Not(a) => Dynamic::from_ast(&self.lower_bool(terms, a).not()),
            Node::And(parts) => {
                let ps: Vec<Bool> = parts.iter().map(|&p| self.lower_bool(terms, p)).collect();
                Dynamic::from_ast(&Bool::and(&ps))
            }
            Node::Or(parts) => {
                let ps: Vec<Bool> = parts.iter().map(|&p| self.lower_bool(terms, p)).collect();
                Dynamic::from_ast(&Bool::or(&ps))
            }
            Node::Eq(a, b) => {
                let (x, y) = self.alike(terms, a, b);
                Dynamic::from_ast(&x.eq(&y))
            }
            Node::Ite(c, a, b) => {
                let c = self.lower_bool(terms, c);
                let (x, y) = self.alike(terms, a, b);
                c.ite(&x, &y)
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&match op {
                    BvOp::Add => x.bvadd(&y),
                    BvOp::Sub => x.bvsub(&y),
                    BvOp::Mul => x.bvmul(&y),
                    BvOp::SDiv => x.bvsdiv(&y),
                    BvOp::SRem => x.bvsrem(&y),
                    BvOp::Shl => x.bvshl(&y),
                    BvOp::AShr => x.bvashr(&y),
                    BvOp::LShr => x.bvlshr(&y),
                    BvOp::And => x.bvand(&y),
                    BvOp::Or => x.bvor(&y),
                    BvOp::Xor => x.bvxor(&y),
                })
            }
            Node::Neg(a) => Dynamic::from_ast(&self.bv(terms, a).bvneg()),
            Node::Cmp(op, a, b) if op != BvCmp::Ult && self.either_ref(terms, a, b) => {
                // The sign of a reference (input or allocated).
                let (x, y) = (self.int(terms, a), self.int(terms, b));
                Dynamic::from_ast(&match op {
                    BvCmp::Slt => x.lt(&y),
                    BvCmp::Sle => x.le(&y),
                    BvCmp::Sgt => x.gt(&y),
                    BvCmp::Sge => x.ge(&y),
                    BvCmp::Ult => unreachable!("guarded"),
                })
            }
            Node::Cmp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&match op {
                    BvCmp::Slt => x.bvslt(&y),
                    BvCmp::Sle => x.bvsle(&y),
                    BvCmp::Sgt => x.bvsgt(&y),
                    BvCmp::Sge => x.bvsge(&y),
                    BvCmp::Ult => x.bvult(&y),
                })
            }
            Node::Extract(hi, lo, a) => Dynamic::from_ast(&self.bv(terms, a).extract(hi, lo)),
            Node::SignExt(by, a) => Dynamic::from_ast(&self.bv(terms, a).sign_ext(by)),
            Node::ZeroExt(by, a) => Dynamic::from_ast(&self.bv(terms, a).zero_ext(by)),
            Node::Select(arr, idx) => self.select_fitted(terms, arr, idx),
            Node::Store(arr, idx, v) => self.store_fitted(terms, arr, idx, v),
            Node::Concat(a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&x.concat(&y))
            }
            Node::Row(cells, array, len) => self.row(terms, cells, array, len),
            Node::Pred(p, a) => self.apply_pred(terms, p.0 as usize, a),
            Node::Fp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&self.lower_fp(op, &x, &y))
            }
            Node::FpFn(f, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_fn(f, &x))
            }
            Node::FpCmp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&self.lower_fp_cmp(op, &x, &y))
            }
            Node::FpIsNaN(a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_is_nan(&x))
            }
            Node::FpFromInt(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_from_int(w, &x))
            }
            Node::FpToInt(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_to_int(w, &x))
            }
            Node::FpConvert(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_convert(w, &x))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_is_exact_two_complement() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        // b > 0 && a + b < a has solutions only through wrap-around.
        let a = terms.var("a", Sort::Bv(32));
        let b = terms.var("b", Sort::Bv(32));
        let zero = terms.int(0);
        let sum = terms.bin(BvOp::Add, a, b);
        let c1 = terms.cmp(BvCmp::Sgt, b, zero);
        let c2 = terms.cmp(BvCmp::Slt, sum, a);
        s.assert(&terms, c1);
        s.assert(&terms, c2);
        assert_eq!(s.check(), Sat::Sat);
        let (va, vb) = (s.value(&terms, a).unwrap(), s.value(&terms, b).unwrap());
        let (va, vb) = (va as u32 as i32, vb as u32 as i32);
        assert!(vb > 0 && va.wrapping_add(vb) < va);
    }

    #[test]
    fn scopes_and_assumptions() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let x = terms.var("x", Sort::Bv(32));
        let five = terms.int(5);
        let six = terms.int(6);
        let is5 = terms.eq(x, five);
        let is6 = terms.eq(x, six);
        s.push();
        s.assert(&terms, is5);
        assert_eq!(s.check_assuming(&terms, &[is6]), Sat::Unsat);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, x), Some(5));
        s.pop();
        s.assert(&terms, is6);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, x), Some(6));
    }

    #[test]
    fn arrays_relate_aliases() {
        // p.next == p with p != null: a one-node cycle.
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let next = terms.var("next", Sort::Array(32));
        let p = terms.var("p", Sort::Bv(32));
        let null = terms.int(0);
        let read = terms.select(next, p);
        let cyc = terms.eq(read, p);
        let nonnull = terms.ne(p, null);
        s.assert(&terms, cyc);
        s.assert(&terms, nonnull);
        assert_eq!(s.check(), Sat::Sat);
        let vp = s.value(&terms, p).unwrap();
        let vr = s.value(&terms, read).unwrap();
        assert_eq!(vp, vr);
        assert_ne!(vp, 0);
    }

    /// `-(-a) != a` through fresh values, as the backward search writes
    /// it (Rules.intIdentities): Z3 without the equality axioms does not
    /// end on it, so the check is made again with them, and the answer is
    /// a refutation in either mode.
    #[test]
    fn a_check_z3_needs_the_axioms_for_is_decided_with_them() {
        // Exact mode or not; no limit per check, or one under twice the
        // fast limit (half of it is left for the axioms).
        for (exact, limit) in [(false, None), (true, None), (false, Some(90))] {
            let mut terms = Terms::default();
            let mut s = Solver::new();
            s.set_exact(exact);
            if let Some(ms) = limit {
                let far = Instant::now() + Duration::from_secs(60);
                s.set_deadline(far, Duration::from_millis(ms));
            }
            let a = terms.var("a", Sort::Bv(32));
            let n1 = terms.var("n1", Sort::Bv(32));
            let n2 = terms.var("n2", Sort::Bv(32));
            let neg_a = terms.neg(a);
            let neg_n1 = terms.neg(n1);
            let c1 = terms.eq(n1, neg_a);
            let c2 = terms.eq(n2, neg_n1);
            let c3 = terms.ne(n2, a);
            s.push();
            s.assert(&terms, c1);
            s.push();
            s.assert(&terms, c2);
            s.assert(&terms, c3);
            assert_eq!(s.check(), Sat::Unsat, "exact: {exact}, limit: {limit:?}");
            assert_eq!(s.redone, 1, "exact: {exact}, limit: {limit:?}");
            // The rebuilt solver keeps the scopes: popping the
            // contradiction leaves `n1 = -a` satisfiable.
            s.pop();
            assert_eq!(s.check(), Sat::Sat, "exact: {exact}, limit: {limit:?}");
        }
    }

    /// A solver with `x = 5` asserted in a scope and checked by Z3.
    fn x_is_5() -> (Terms, Solver, TermId) {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let x = terms.var("x", Sort::Bv(32));
        let five = terms.int(5);
        let is5 = terms.eq(x, five);
        s.push();
        s.assert(&terms, is5);
        assert_eq!(s.check(), Sat::Sat);
        (terms, s, x)
    }

    #[test]
    fn a_check_the_last_model_answers_is_not_put_to_z3() {
        let (mut terms, mut s, x) = x_is_5();
        let three = terms.int(3);
        let above3 = terms.cmp(BvCmp::Sgt, x, three);
        s.push();
        s.assert(&terms, above3);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!((s.checks, s.reused), (2, 1));
        assert_eq!(s.value(&terms, x), Some(5));
    }

    #[test]
    fn a_fresh_variable_extends_the_model() {
        // y = x + 1 over a fresh y: the scratch solver fixes y from x's
        // value, and the extended model answers both.
        let (mut terms, mut s, x) = x_is_5();
        let y = terms.var("y", Sort::Bv(32));
        let one = terms.int(1);
        let next = terms.bin(BvOp::Add, x, one);
        let defined = terms.eq(y, next);
        s.assert(&terms, defined);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.reused, 1);
        assert_eq!(s.value(&terms, y), Some(6));
    }

    #[test]
    fn refutations_always_come_from_z3() {
        let (mut terms, mut s, x) = x_is_5();
        let y = terms.var("y", Sort::Bv(32));
        let six = terms.int(6);
        let is6 = terms.eq(x, six);
        let y_is_x = terms.eq(y, x);
        let y_is6 = terms.eq(y, six);
        // The model says x = 5: x = 6 is put to Z3, which refutes it.
        s.push();
        s.assert(&terms, is6);
        assert_eq!(s.check(), Sat::Unsat);
        s.pop();
        // Both fresh-variable constraints left open are solved together:
        // y = x fixes y to 5, which y = 6 contradicts, so Z3 decides.
        s.assert(&terms, y_is_x);
        assert_eq!(s.check_assuming(&terms, &[y_is6]), Sat::Unsat);
        assert_eq!(s.reused, 0);
        // The model of x = 5 still holds once the refuted scope is gone.
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, y), Some(5));
    }

    #[test]
    fn a_pooled_solver_answers_the_same_across_its_resets() {
        // Searches with one scope each, past two resets: every answer and
        // model stays right, and the per-check limit (the fast limit, under
        // the search's) set before a reset is set again after it.
        for k in 0..2 * RESET_EVERY + 1 {
            let mut s = Solver::take();
            let mut terms = Terms::default();
            let x = terms.var("x", Sort::Bv(32));
            let k_term = terms.int(k as i32);
            let is_k = terms.eq(x, k_term);
            let other = terms.int(k as i32 + 1);
            let is_other = terms.eq(x, other);
            s.set_deadline(
                Instant::now() + Duration::from_secs(60),
                Duration::from_secs(5),
            );
            s.push();
            s.assert(&terms, is_k);
            assert_eq!(s.check(), Sat::Sat);
            assert_eq!(s.value(&terms, x), Some(u64::from(k)));
            assert_eq!(s.check_assuming(&terms, &[is_other]), Sat::Unsat);
            assert_eq!(s.check_timeout, Some(FAST_LIMIT));
            s.release();
        }
    }
}
