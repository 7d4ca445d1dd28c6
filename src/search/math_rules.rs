//! Stepping back over `Math.sqrt`, `cbrt`, `pow` and `hypot`
//! ([`MathFn`]): when the path after the call leaves its result one
//! possible double `c` (a comparison with a constant, as in
//! `Math.sqrt(n) == 9.0`), the call is replaced by the preimage of `c`
//! ([`crate::jdk::math`]) — ranges of the argument, compared as bit
//! patterns, which the solver decides without floating-point circuits for
//! the root or the power. Otherwise `sqrt` stays the IEEE function
//! ([`FpFn::Sqrt`]) and the others give a free result: both cover every
//! value the JVM may return, so a refutation is still a proof, and a state
//! found through them is checked by the replay.

use super::explore::Explorer;
use crate::jdk::math::{self, MathFn, Preimage, Range};
use crate::model::term::{BvCmp, FpFn, FpOp, TermId};
use crate::solver::Sat;

impl Explorer<'_> {
    /// The constraints of `f(args) == result`.
    pub(super) fn math_call(
        &mut self,
        f: MathFn,
        args: &[TermId],
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        let c = self.unique_value(result).map(f64::from_bits);
        match (f, c) {
            (MathFn::Sqrt, Some(c)) => match math::sqrt_preimage(c) {
                Preimage::Ranges(rs) => out.push(self.within(args[0], &rs)),
                Preimage::Any => self.exact_root(args[0], result, out),
            },
            (MathFn::Sqrt, None) => self.exact_root(args[0], result, out),
            (MathFn::Cbrt, Some(c)) => {
                if let Preimage::Ranges(rs) = math::cbrt_preimage(c) {
                    out.push(self.within(args[0], &rs));
                }
            }
            (MathFn::Pow, Some(c)) => self.pow_preimage(args, c, out),
            (MathFn::Hypot, Some(c)) => {
                if let Some(r) = math::hypot_squares(c) {
                    // Neither leg is longer than the hypotenuse: bounds the
                    // solver decides on the bits, before the squares.
                    let longest = r.hi.sqrt() * (1.0 + f64::EPSILON);
                    let leg = Range {
                        lo: -longest,
                        hi: -0.0,
                    };
                    let legs = [
                        leg,
                        Range {
                            lo: 0.0,
                            hi: longest,
                        },
                    ];
                    for &x in &args[..2] {
                        out.push(self.within(x, &legs));
                    }
                    let aa = self.terms.fp(FpOp::Mul, args[0], args[0]);
                    let bb = self.terms.fp(FpOp::Mul, args[1], args[1]);
                    let sum = self.terms.fp(FpOp::Add, aa, bb);
                    out.push(self.within(sum, &[r]));
                }
            }
            (MathFn::Cbrt | MathFn::Pow | MathFn::Hypot, None) => {}
        }
    }

    fn exact_root(&mut self, x: TermId, result: TermId, out: &mut Vec<TermId>) {
        let v = self.terms.fp_fn(FpFn::Sqrt, x);
        out.push(self.terms.eq(result, v));
    }

    /// `pow(x, y) == c`: for `y` a small positive integer, `x` in the
    /// preimage of that power; for any other `y`, any `x`.
    fn pow_preimage(&mut self, args: &[TermId], c: f64, out: &mut Vec<TermId>) {
        let (x, y) = (args[0], args[1]);
        let mut cases = Vec::new();
        let mut other = Vec::new();
        for n in 1..=math::POW_EXPONENTS {
            let Preimage::Ranges(rs) = math::pow_preimage(c, n) else {
                return;
            };
            let k = self.terms.bv(f64::from(n).to_bits() as i64, 64);
            let is_n = self.terms.eq(y, k);
            other.push(self.terms.not(is_n));
            let inside = self.within(x, &rs);
            cases.push(self.terms.and(vec![is_n, inside]));
        }
        cases.push(self.terms.and(other));
        out.push(self.terms.or(cases));
    }

    /// `x` (a double's bits) in one of `ranges`. Doubles of one sign are
    /// ordered as their bit patterns (reversed when negative), and no NaN
    /// pattern lies between two numbers' patterns.
    fn within(&mut self, x: TermId, ranges: &[Range]) -> TermId {
        let mut any = Vec::new();
        for r in ranges {
            let (a, b) = if r.hi.is_sign_negative() {
                (r.hi.to_bits(), r.lo.to_bits())
            } else {
                (r.lo.to_bits(), r.hi.to_bits())
            };
            let lo = self.terms.bv(a as i64, 64);
            let hi = self.terms.bv(b as i64, 64);
            let below = self.terms.cmp(BvCmp::Ult, x, lo);
            let above = self.terms.cmp(BvCmp::Ult, hi, x);
            let (in_lo, in_hi) = (self.terms.not(below), self.terms.not(above));
            any.push(self.terms.and(vec![in_lo, in_hi]));
        }
        self.terms.or(any)
    }

    /// The one value the constraints asserted so far leave `t`, if they
    /// leave one (two checks; `None` when either is not decided). The
    /// first is exact, for a model that satisfies everything asserted; the
    /// second rests on an `Unsat`, true in either mode.
    fn unique_value(&mut self, t: TermId) -> Option<u64> {
        let exact = self.solver.is_exact();
        self.solver.set_exact(true);
        let candidate = match self.solver.check() {
            Sat::Sat => self.solver.value(&self.terms, t),
            _ => None,
        };
        self.solver.set_exact(exact);
        let v = candidate?;
        let width = self.terms.width(t);
        let k = self.terms.bv(v as i64, width);
        let other = self.terms.ne(t, k);
        (self.solver.check_assuming(&self.terms, &[other]) == Sat::Unsat).then_some(v)
    }
}
