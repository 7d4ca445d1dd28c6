//! Unit tests of the solver: exact two's-complement arithmetic, scopes and
//! assumptions, arrays, the axioms' retry, answers from the last model, and
//! the pool's resets.

use super::*;
use crate::model::term::{BvCmp, BvOp};

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
