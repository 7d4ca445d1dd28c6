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
//! arithmetic (tracked as they are lowered and asserted,
//! [`Solver::assert`]) goes to a fresh Z3 solver holding the same
//! assertions, the assumptions asserted too, with the same parameters and
//! time limit. Such assertions are never given to the incremental solver:
//! its `push` takes in what was asserted and may turn floating-point
//! operations into bits there, outside any check and its watchdog. (A
//! `push` in guava's `IntMath` did grow jaut to 1.25 GiB; that it was
//! floating point is not shown: after this change `IntMath` still peaks
//! at 1.85 GiB.) What it answers
//! is an answer about the same formula: `Unsat` refutes exactly as the
//! incremental solver's would, and a model satisfies everything asserted.
//! The price is the incremental solver's learned state, worth little on
//! such checks.
//!
//! That tactic too may run on deaf to its limit and to an interrupt (a
//! check of a commons-text run went 540 s past its due time), so the
//! solver made for the check is written out and decided by a `z3`
//! process that can be killed ([`super::child`]).

use z3::ast::Bool;
use z3::{Model, SatResult};

use super::{base_params, child, Solver, SOLVING_PARAMS};

impl Solver {
    /// Whether the next check holds floating-point arithmetic: among the
    /// assertions of the open scopes, or among its `assumptions_float`.
    pub(super) fn float_check(&self, assumptions_float: bool) -> bool {
        assumptions_float || !self.float_depths.is_empty()
    }

    /// A solver made for one check: everything asserted and `assumptions`
    /// asserted, the parameters of this one, bounded by `timeout_ms`.
    fn fresh_solver(&self, assumptions: &[Bool], timeout_ms: u32) -> z3::Solver {
        let z3 = z3::Solver::new();
        let mut p = base_params();
        p.set_bool("smt.bv.eq_axioms", self.axioms);
        p.set_u32("timeout", timeout_ms);
        z3.set_params(&p);
        for (_, b, _) in &self.asserted {
            z3.assert(b);
        }
        for b in assumptions {
            z3.assert(b);
        }
        z3
    }

    /// Decides everything asserted and `assumptions` with a solver made for
    /// this check, here in this process, bounded by `timeout_ms` (and by
    /// the watchdog's interrupt): the second opinion on a check the
    /// incremental solver left undecided. It has no floating point, whose
    /// tactic may not see the limit, so it needs no process of its own,
    /// and its assertions are not printed: Z3 took more than 8 s to print
    /// one such formula (jansi's `AnsiRenderer`), a wait nothing stops.
    pub(super) fn fresh_check(&self, assumptions: &[Bool], timeout_ms: u32) -> OneShot {
        let z3 = self.fresh_solver(assumptions, timeout_ms);
        decided_here(&z3, self.exact)
    }

    /// Decides everything asserted and `assumptions` with a solver made for
    /// this check, bounded by `timeout_ms`: in a `z3` process of its own
    /// ([`child`]), or here when there is no such program.
    pub(super) fn one_shot_check(&self, assumptions: &[Bool], timeout_ms: u32) -> OneShot {
        let z3 = self.fresh_solver(assumptions, timeout_ms);
        let script = z3.to_string();
        let mut options: String = SOLVING_PARAMS
            .iter()
            .map(|(name, value)| format!("(set-option :{name} {value})\n"))
            .collect();
        options.push_str(&format!("(set-option :smt.bv.eq_axioms {})\n", self.axioms));
        let answer = child::check(&(options + &script), timeout_ms, self.exact);
        let (r, model) = match answer {
            child::Answer::Decided(SatResult::Sat, printed) if self.exact => {
                // The model here: the child's constants as equalities.
                let fixed = printed.map_or_else(String::new, |m| child::model_equalities(&m));
                z3.from_string(child::declarations(&script) + "\n" + &fixed);
                match z3.check() {
                    SatResult::Sat => (SatResult::Sat, z3.get_model()),
                    _ => (SatResult::Unknown, None),
                }
            }
            child::Answer::Decided(r, _) => (r, None),
            child::Answer::Killed => {
                return OneShot {
                    result: SatResult::Unknown,
                    model: None,
                    by: DecidedBy::KilledChild,
                }
            }
            child::Answer::Unavailable => return decided_here(&z3, self.exact),
        };
        OneShot {
            result: r,
            model,
            by: DecidedBy::Child,
        }
    }
}

/// `z3`'s check here, with its model in exact mode.
fn decided_here(z3: &z3::Solver, exact: bool) -> OneShot {
    let result = z3.check();
    let model = match result {
        SatResult::Sat if exact => z3.get_model(),
        _ => None,
    };
    OneShot {
        result,
        model,
        by: DecidedBy::ThisProcess,
    }
}

/// What a one-shot check answered, and where it was decided.
pub(super) struct OneShot {
    pub result: SatResult,
    pub model: Option<Model>,
    pub by: DecidedBy,
}

/// Where a one-shot check was decided: what the watchdog's cut
/// ([`super::guard`]) says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DecidedBy {
    /// In this process (a second opinion, or no `z3` program): the
    /// watchdog's cut stands.
    ThisProcess,
    /// By the `z3` process, which ended the check itself, if late: the
    /// watchdog's interrupt did not reach it, so an `unknown` is Z3's own
    /// and may be decided again with the axioms.
    Child,
    /// The `z3` process was killed before it answered (overdue, or a stop).
    KilledChild,
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use crate::model::term::{FpCmp, FpOp, Sort, TermId, Terms};
    use crate::solver::{Sat, Solver};

    fn double(terms: &mut Terms, v: f64) -> TermId {
        terms.bv(v.to_bits() as i64, 64)
    }

    #[test]
    fn a_float_check_in_a_scope_is_decided_exactly() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let x = terms.var("x", Sort::Bv(64));
        let (two, three, five) = (
            double(&mut terms, 2.0),
            double(&mut terms, 3.0),
            double(&mut terms, 5.0),
        );
        let half = terms.fp(FpOp::Div, x, two);
        let is_three = terms.fp_cmp(FpCmp::Eq, half, three);
        s.push();
        s.assert(&terms, is_three);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, x), Some(6.0f64.to_bits()));
        // x / 2 == 3 and x == 5: refuted, by Z3 on the same formula.
        let is_five = terms.fp_cmp(FpCmp::Eq, x, five);
        assert_eq!(s.check_assuming(&terms, &[is_five]), Sat::Unsat);
        s.pop();
        // Out of the scope, nothing of the float checks is left.
        assert_eq!(s.check_assuming(&terms, &[is_five]), Sat::Sat);
    }

    /// The path of commons-text's `JaroWinklerSimilarity` that Z3's
    /// incremental core took 39 s over for a 750 ms limit (1.1 GiB): a
    /// mean of quotients of `int`s made `double`, within a narrow interval.
    #[test]
    fn a_check_over_double_divisions_keeps_near_its_limit() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let [m, a, b, t] = ["m", "a", "b", "t"].map(|n| {
            let i = terms.var(n, Sort::Bv(32));
            terms.fp_from_int(64, i)
        });
        let (two, three) = (double(&mut terms, 2.0), double(&mut terms, 3.0));
        let ma = terms.fp(FpOp::Div, m, a);
        let mb = terms.fp(FpOp::Div, m, b);
        let half_t = terms.fp(FpOp::Div, t, two);
        let rest = terms.fp(FpOp::Sub, m, half_t);
        let mt = terms.fp(FpOp::Div, rest, m);
        let sum = terms.fp(FpOp::Add, ma, mb);
        let sum = terms.fp(FpOp::Add, sum, mt);
        let j = terms.fp(FpOp::Div, sum, three);
        let low = double(&mut terms, 0.7);
        let high = double(&mut terms, 0.700_000_000_1);
        let above = terms.fp_cmp(FpCmp::Lt, low, j);
        let below = terms.fp_cmp(FpCmp::Lt, j, high);
        s.push();
        s.assert(&terms, above);
        s.assert(&terms, below);
        let start = Instant::now();
        s.set_deadline(start + Duration::from_secs(1), Duration::from_millis(750));
        let answer = s.check();
        let took = start.elapsed();
        // About 1 s on an idle machine; the bar leaves room for a loaded one.
        assert!(took < Duration::from_secs(4), "{answer:?} after {took:?}");
    }
}
