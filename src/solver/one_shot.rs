//! Checks over floating-point arithmetic, decided by a solver made for
//! the one check (issue 33 item 7).
//!
//! Z3 4.8.12 decides a check of its incremental solver (after a `push`)
//! with its SMT core, which turns floating-point operations into bits as
//! it takes in the terms, and looks neither at its time limit nor at an
//! interrupt while it does: on a path of `JaroWinklerSimilarity.apply`
//! (four `double` divisions, two additions) a check bounded at 750 ms ran
//! 39 s and took 1.1 GiB, and whole-class runs peaked at 2.8-3.4 GiB. The
//! same assertions in a solver with no scope open are decided by Z3's
//! floating-point tactic, which does see both: that check answered
//! `unknown` after 1.9-3.1 s within 118 MiB.
//!
//! So a check whose assertions or assumptions hold floating-point
//! arithmetic (tracked as they are asserted, [`Solver::assert`]) goes to
//! a fresh Z3 solver holding the same assertions, the assumptions
//! asserted too, with the same parameters and time limit. What it answers
//! is an answer about the same formula: `Unsat` refutes exactly as the
//! incremental solver's would, and a model satisfies everything asserted.
//! The price is the incremental solver's learned state, worth little on
//! such checks.

use z3::ast::Bool;
use z3::{Model, SatResult};

use super::{base_params, Solver};

impl Solver {
    /// Whether the next check holds floating-point arithmetic: among the
    /// assertions of the open scopes, or among its `assumptions_float`.
    pub(super) fn float_check(&self, assumptions_float: bool) -> bool {
        assumptions_float || !self.float_depths.is_empty()
    }

    /// Decides everything asserted and `assumptions` with a solver made for
    /// this check, bounded by `timeout_ms`.
    pub(super) fn one_shot_check(
        &self,
        assumptions: &[Bool],
        timeout_ms: u32,
    ) -> (SatResult, Option<Model>) {
        let z3 = z3::Solver::new();
        let mut p = base_params();
        p.set_bool("smt.bv.eq_axioms", self.axioms);
        p.set_u32("timeout", timeout_ms);
        z3.set_params(&p);
        for (_, b) in &self.asserted {
            z3.assert(b);
        }
        for b in assumptions {
            z3.assert(b);
        }
        let r = z3.check();
        let model = match r {
            SatResult::Sat if self.exact => z3.get_model(),
            _ => None,
        };
        (r, model)
    }
}
