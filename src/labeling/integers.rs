//! Labeling an integer input (JAUT ISSRE 2010 §V): the value of least
//! magnitude the constraints allow — 0, 1 and -1 first, then the bound's
//! bit count, then bisection — fixed in the solver.

use super::values::Labeler;
use super::Labeling;
use super::LabelingError;
use crate::classfile::JType;
use crate::model::term::{BvCmp, TermId};
use crate::solver::Sat;

/// Bisection steps spent minimising one integer after the bound's bit
/// count is known: enough to reach the least magnitude exactly for any
/// `int` or `long` (each step halves the bracket, and a satisfiable
/// check's model tightens it further). A count, not a time, so labeling
/// gives the same state on every run. With 12 steps the value was only
/// within 1/4096 of the bracket, and which value within it depended on
/// the models Z3 happened to give, so `--jobs 1` and `--jobs 2` labelled
/// trityp's sides differently; each check is still bounded by the probe
/// limit.
const BISECTION_STEPS: u32 = 64;

impl Labeler<'_, '_> {
    /// The integer of least magnitude the constraints allow (0, 1 and -1
    /// first), fixed in the solver.
    pub(super) fn integer(
        &mut self,
        term: TermId,
        width: u32,
        ty: &JType,
    ) -> Result<i64, LabelingError> {
        for v in [0i64, 1, -1] {
            if matches!(ty, JType::Boolean | JType::Char) && v < 0 {
                continue;
            }
            let c = self.cx.terms.bv(v, width);
            let eq = self.cx.terms.eq(term, c);
            if self.probe(eq) {
                return Ok(v);
            }
        }
        // A value the constraints force (a cell that must hold '.') is the
        // least magnitude they allow: one check instead of a bisection.
        if let Some(v) = self.forced(term, width) {
            return Ok(v);
        }
        // Least magnitude: is there a non-negative value? Then find the
        // smallest upper bound (else the largest lower bound): first by
        // doubling the bound's bit count from the low end, then by
        // bisection, each satisfiable check's model tightening the bound.
        let zero = self.cx.terms.bv(0, width);
        let nonneg = self.cx.terms.cmp(BvCmp::Sge, term, zero);
        let positive = self.probe(nonneg);
        let max = if width == 64 {
            i64::MAX
        } else {
            i32::MAX as i64
        };
        let magnitude = |cx: &mut Labeling<'_>| -> Option<i64> {
            let v = cx.solver.value(cx.terms, term)?;
            let v = crate::model::term::signed(v, width);
            Some(if v == i64::MIN { i64::MAX } else { v.abs() })
        };
        let mut lo = 2i64; // |v| in [lo, hi]
        let mut hi = magnitude(self.cx).unwrap_or(max).clamp(lo, max);
        let within = |cx: &mut Labeling<'_>, bound: i64| -> bool {
            let c = if positive {
                let b = cx.terms.bv(bound, width);
                cx.terms.cmp(BvCmp::Sle, term, b)
            } else {
                let b = cx.terms.bv(-bound, width);
                cx.terms.cmp(BvCmp::Sge, term, b)
            };
            cx.solver.check_assuming(cx.terms, &[c]) == Sat::Sat
        };
        let mut bits = 2u32;
        while bits < 63 && (1i64 << bits) < hi {
            let bound = 1i64 << bits;
            if within(self.cx, bound) {
                hi = magnitude(self.cx).unwrap_or(bound).clamp(lo, bound);
                break;
            }
            lo = bound + 1;
            bits *= 2;
        }
        let mut steps = 0;
        while lo < hi && steps < BISECTION_STEPS {
            steps += 1;
            let mid = lo + (hi - lo) / 2;
            if within(self.cx, mid) {
                hi = magnitude(self.cx).unwrap_or(mid).clamp(lo, mid);
            } else {
                lo = mid + 1;
            }
        }
        let lo = hi; // the least magnitude known to be possible
        let candidates = if positive {
            vec![lo]
        } else {
            // -2^63 has no positive counterpart; -hi covers it when hi = MAX.
            vec![
                -lo,
                if width == 64 {
                    i64::MIN
                } else {
                    i32::MIN as i64
                },
            ]
        };
        for v in candidates {
            let c = self.cx.terms.bv(v, width);
            let eq = self.cx.terms.eq(term, c);
            if self.probe(eq) {
                return Ok(v);
            }
        }
        // Whatever the solver's model says is a value that fits.
        let cx = &mut *self.cx;
        if cx.solver.check() == Sat::Sat {
            if let Some(bits) = cx.solver.value(cx.terms, term) {
                let v = crate::model::term::signed(bits, width);
                let c = cx.terms.bv(v, width);
                let eq = cx.terms.eq(term, c);
                if self.probe(eq) {
                    return Ok(v);
                }
            }
        }
        Err(LabelingError::NoFit(format!(
            "no value fits {}",
            self.cx.terms.show(term)
        )))
    }
}

impl Labeler<'_, '_> {
    /// The value of `term` when the constraints allow no other: the
    /// solver's current model gives the candidate, and one check that no
    /// other value fits confirms it (it is then fixed).
    fn forced(&mut self, term: TermId, width: u32) -> Option<i64> {
        let bits = self.cx.solver.value(self.cx.terms, term)?;
        let v = crate::model::term::signed(bits, width);
        let c = self.cx.terms.bv(v, width);
        let eq = self.cx.terms.eq(term, c);
        let other = self.cx.terms.not(eq);
        if self.cx.solver.check_assuming(self.cx.terms, &[other]) != Sat::Unsat {
            return None;
        }
        self.cx.solver.assert(self.cx.terms, eq);
        Some(v)
    }
}
