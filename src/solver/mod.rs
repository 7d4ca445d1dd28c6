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
//! The check itself (bounds, the last model, Z3 under its watchdog, the
//! retry with the axioms) is in [`check`]; the lowering of terms to Z3
//! ASTs in [`lower`].
//! Z3 values belong to the thread that made them (the crate uses a
//! thread-local context), so a `Solver` stays on its thread.

use std::time::{Duration, Instant};

use z3::ast::{Bool, Dynamic, Int};
use z3::{FuncDecl, Params, Sort as ZSort};

use crate::model::term::{Sort, TermId, Terms};

mod check;
mod child;
mod float;
pub mod guard;
mod lower;
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

/// How long the incremental solver (with the equality axioms) may take
/// over a check before the same assertions go to a solver made for the
/// check, here in this process, for the time left: a second opinion. After many
/// scopes the incremental solver can lose its way where a fresh one,
/// which simplifies the formula first, is quick: a map lookup of
/// `collections/Views.orDefault` (nested arrays, a chain of key
/// comparisons) ran 7.7 s to `unknown` here, 1 run in 6, and Z3 decided
/// the same assertions from scratch in 0.6 s.
const SECOND_OPINION_AFTER: Duration = Duration::from_secs(1);

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
        self.forget_terms();
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

    /// Pops every scope and forgets every lowered term, keeping the solver
    /// for another use within the same search (a second solver the search
    /// holds, whose term ids may have been taken back and made again since
    /// its last use).
    pub fn clear(&mut self) {
        self.forget_terms();
        self.cut = None;
    }

    /// Pops every scope and forgets what was lowered and asserted.
    fn forget_terms(&mut self) {
        while self.depth > 0 {
            self.pop();
        }
        self.asts.clear();
        self.float_terms.clear();
        self.ints.clear();
        // Predicate ids are the term arena's: kept, a later predicate `k`
        // would be this one's, under this one's name, and two predicates
        // could be one function — a refutation that holds for no input
        // (issue 37).
        self.preds.clear();
        self.asserted.clear();
        self.float_depths.clear();
        self.witness.reset();
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

    /// The bound [`Solver::set_probe_limit`] set.
    pub fn probe_limit(&self) -> Option<Duration> {
        self.probe_limit
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
}

#[cfg(test)]
mod tests;
