//! Lowering Java's floating point (JVMS 2.8, JLS 4.2.3–4.2.4, 5.1.2–5.1.3,
//! 15.17.3) to Z3's IEEE-754 theory.
//!
//! Values stay IEEE bit patterns in the term language; each floating-point
//! node reads its operands as floats (`(_ to_fp eb sb)` of the bits) and
//! gives its result back as bits (`fp.to_ieee_bv`, with a NaN result the
//! canonical NaN). The `z3` crate has no safe call for a bits-to-float or a
//! signed-integer-to-float conversion, so those are parsed once per thread
//! from SMT-LIB text (`((_ to_fp 11 53) b)`, `((_ to_fp 11 53) RNE i)`) over
//! a placeholder constant and instantiated by substitution: the same Z3
//! operators, no `unsafe` in jaut.

use z3::ast::{Ast, Bool, Float, RoundingMode, BV};

use super::Solver;
use crate::model::term::{FpCmp, FpFn, FpOp};

/// The conversions the crate lacks, each a term over a placeholder bit-vector
/// constant, for substitution.
pub(super) struct Templates {
    /// `(_ to_fp 8 24)` / `(_ to_fp 11 53)` of 32 / 64 bits.
    from_bits: [(BV, Float); 2],
    /// `((_ to_fp eb sb) RNE i)` for (int, long) × (float, double).
    from_int: [(BV, Float); 4],
}

/// (exponent bits, significand bits) of Java's float (32) or double (64).
fn format(width: u32) -> (u32, u32) {
    if width == 32 {
        (8, 24)
    } else {
        (11, 53)
    }
}

/// One template: `expr` over a placeholder `(_ BitVec bits)` named `name`.
fn template(name: &str, bits: u32, expr: &str) -> (BV, Float) {
    let scratch = z3::Solver::new();
    scratch.from_string(format!(
        "(declare-const {name} (_ BitVec {bits})) (assert (fp.isNaN {expr}))"
    ));
    let assertion = scratch
        .get_assertions()
        .into_iter()
        .next()
        .expect("the template's assertion");
    let float = assertion
        .nth_child(0)
        .and_then(|d| d.as_float())
        .expect("the template's float term");
    (BV::new_const(name, bits), float)
}

impl Templates {
    pub(super) fn new() -> Templates {
        let bits = |w: u32| {
            let (e, s) = format(w);
            let name = format!("jaut_bits{w}");
            template(&name, w, &format!("((_ to_fp {e} {s}) {name})"))
        };
        let int = |iw: u32, fw: u32| {
            let (e, s) = format(fw);
            let name = format!("jaut_int{iw}_to{fw}");
            template(&name, iw, &format!("((_ to_fp {e} {s}) RNE {name})"))
        };
        Templates {
            from_bits: [bits(32), bits(64)],
            from_int: [int(32, 32), int(32, 64), int(64, 32), int(64, 64)],
        }
    }
}

fn rne() -> RoundingMode {
    RoundingMode::round_nearest_ties_to_even()
}

/// The canonical NaN's bits at a width.
fn canonical_nan(width: u32) -> BV {
    if width == 32 {
        BV::from_u64(0x7fc0_0000, 32)
    } else {
        BV::from_u64(0x7ff8_0000_0000_0000, 64)
    }
}

/// A float of the given width, as an ordinary value (from an `f64`).
fn constant(width: u32, v: f64) -> Float {
    if width == 32 {
        Float::from_f32(v as f32)
    } else {
        Float::from_f64(v)
    }
}

/// Bits of a float result, the canonical NaN for any NaN.
fn to_bits(f: &Float, width: u32) -> BV {
    f.is_nan().ite(&canonical_nan(width), &f.to_ieee_bv())
}

impl Solver {
    fn templates(&mut self) -> &Templates {
        self.fp_templates.get_or_insert_with(Templates::new)
    }

    /// The float whose IEEE bits are `bits` (32 or 64 wide).
    pub(super) fn float_of(&mut self, bits: &BV) -> Float {
        let width = bits.get_size();
        let (var, t) = &self.templates().from_bits[usize::from(width == 64)];
        t.substitute(&[(var, bits)])
    }

    pub(super) fn lower_fp(&mut self, op: FpOp, a: &BV, b: &BV) -> BV {
        self.float_ops += 1;
        let width = a.get_size();
        let (x, y) = (self.float_of(a), self.float_of(b));
        let r = match op {
            FpOp::Add => x.add_with_rounding_mode(&y, &rne()),
            FpOp::Sub => x.sub_with_rounding_mode(&y, &rne()),
            FpOp::Mul => x.mul_with_rounding_mode(&y, &rne()),
            FpOp::Div => x.div_with_rounding_mode(&y, &rne()),
            FpOp::Rem => java_remainder(&x, &y, width),
        };
        to_bits(&r, width)
    }

    pub(super) fn lower_fp_fn(&mut self, f: FpFn, a: &BV) -> BV {
        self.float_ops += 1;
        let width = a.get_size();
        let x = self.float_of(a);
        let r = match f {
            FpFn::Sqrt => x.sqrt_with_rounding_mode(&rne()),
            FpFn::Floor => {
                x.round_to_integral_with_rounding_mode(&RoundingMode::round_towards_negative())
            }
            FpFn::Ceil => {
                x.round_to_integral_with_rounding_mode(&RoundingMode::round_towards_positive())
            }
            FpFn::Rint => x.round_to_integral_with_rounding_mode(&rne()),
        };
        to_bits(&r, width)
    }

    pub(super) fn lower_fp_cmp(&mut self, op: FpCmp, a: &BV, b: &BV) -> Bool {
        let (x, y) = (self.float_of(a), self.float_of(b));
        match op {
            FpCmp::Lt => x.lt(&y),
            FpCmp::Le => x.le(&y),
            FpCmp::Eq => x.eq_fpa(&y),
        }
    }

    pub(super) fn lower_fp_is_nan(&mut self, a: &BV) -> Bool {
        self.float_of(a).is_nan()
    }

    /// `i2f`, `i2d`, `l2f`, `l2d`: the nearest float (never NaN).
    pub(super) fn lower_fp_from_int(&mut self, width: u32, a: &BV) -> BV {
        let index = 2 * usize::from(a.get_size() == 64) + usize::from(width == 64);
        let (var, t) = &self.templates().from_int[index];
        t.substitute(&[(var, a)]).to_ieee_bv()
    }

    /// `f2i`, `f2l`, `d2i`, `d2l` (JLS 5.1.3): NaN to 0, toward zero,
    /// saturating at the integer type's bounds.
    pub(super) fn lower_fp_to_int(&mut self, width: u32, a: &BV) -> BV {
        let fw = a.get_size();
        let x = self.float_of(a);
        let (min, max) = if width == 32 {
            (i64::from(i32::MIN), i64::from(i32::MAX))
        } else {
            (i64::MIN, i64::MAX)
        };
        // -2^31 and -2^63 are exact in both formats; 2^31 and 2^63 too, and
        // every float at or past them saturates.
        let low = constant(fw, min as f64);
        let high = constant(fw, -(min as f64));
        let cut = x.to_sbv_with_rounding_mode(&RoundingMode::round_towards_zero(), width);
        let max = BV::from_u64(max as u64, width);
        let min = BV::from_u64(min as u64, width);
        x.is_nan().ite(
            &BV::from_u64(0, width),
            &x.ge(&high).ite(&max, &x.le(&low).ite(&min, &cut)),
        )
    }

    /// `f2d` (exact) and `d2f` (nearest even; overflow to infinity).
    pub(super) fn lower_fp_convert(&mut self, width: u32, a: &BV) -> BV {
        let x = self.float_of(a);
        let sort = if width == 32 {
            z3::Sort::float32()
        } else {
            z3::Sort::double()
        };
        to_bits(&x.to_fp_with_rounding_mode(&rne(), &sort), width)
    }
}

/// Java's `%` on floats (JLS 15.17.3): `a - b·q` with `q` the quotient
/// truncated toward zero, where IEEE's `fp.rem` rounds `q` to nearest even.
/// When the two differ, IEEE's remainder has the other sign than `a` and
/// Java's is it plus `|b|` toward `a`'s sign; that sum is Java's result,
/// which is exactly representable, so the rounded addition is exact. NaN,
/// infinite and zero operands give the same result under both definitions.
fn java_remainder(a: &Float, b: &Float, width: u32) -> Float {
    let r = a.rem(b);
    let zero = constant(width, 0.0);
    let magnitude = b.unary_abs();
    let up = r.add_with_rounding_mode(&magnitude, &rne());
    let down = r.sub_with_rounding_mode(&magnitude, &rne());
    let too_low = Bool::and(&[a.gt(&zero), r.lt(&zero)]);
    let too_high = Bool::and(&[a.lt(&zero), r.gt(&zero)]);
    too_low.ite(&up, &too_high.ite(&down, &r))
}

#[cfg(test)]
mod tests {
    use crate::model::term::{FpCmp, FpFn, FpOp, Sort, TermId, Terms};
    use crate::solver::{Sat, Solver};

    fn double(terms: &mut Terms, v: f64) -> TermId {
        terms.bv(v.to_bits() as i64, 64)
    }

    /// The value of a closed term, by the solver.
    fn eval(terms: &Terms, t: TermId) -> u64 {
        let mut s = Solver::new();
        assert_eq!(s.check(), Sat::Sat);
        s.value(terms, t).expect("a value")
    }

    #[test]
    fn arithmetic_is_javas() {
        let mut terms = Terms::default();
        let (a, b) = (double(&mut terms, 0.1), double(&mut terms, 0.2));
        let sum = terms.fp(FpOp::Add, a, b);
        assert_eq!(f64::from_bits(eval(&terms, sum)), 0.1 + 0.2);
        for (x, y) in [
            (-5.5, 2.0),
            (5.5, -2.0),
            (7.0, 2.5),
            (-4.0, 2.0),
            (1e300, 3.0),
        ] {
            let (tx, ty) = (double(&mut terms, x), double(&mut terms, y));
            let r = terms.fp(FpOp::Rem, tx, ty);
            let got = f64::from_bits(eval(&terms, r));
            assert_eq!(got.to_bits(), (x % y).to_bits(), "{x} % {y}: {got}");
        }
        let (z, zero) = (double(&mut terms, 0.0), double(&mut terms, 0.0));
        let nan = terms.fp(FpOp::Div, z, zero);
        assert_eq!(eval(&terms, nan), 0x7ff8_0000_0000_0000);
        let two = double(&mut terms, 2.0);
        let root = terms.fp_fn(FpFn::Sqrt, two);
        assert_eq!(f64::from_bits(eval(&terms, root)), 2f64.sqrt());
        let x = double(&mut terms, -2.5);
        let floor = terms.fp_fn(FpFn::Floor, x);
        assert_eq!(f64::from_bits(eval(&terms, floor)), -3.0);
    }

    #[test]
    fn conversions_saturate_and_round() {
        let mut terms = Terms::default();
        for (v, int, long) in [
            (1e10, i32::MAX, 10_000_000_000i64),
            (-1e30, i32::MIN, i64::MIN),
            (f64::NAN, 0, 0),
            (-2.9, -2, -2),
            (f64::INFINITY, i32::MAX, i64::MAX),
        ] {
            let t = double(&mut terms, v);
            let i = terms.fp_to_int(32, t);
            let l = terms.fp_to_int(64, t);
            assert_eq!(eval(&terms, i) as u32 as i32, int, "(int) {v}");
            assert_eq!(eval(&terms, l) as i64, long, "(long) {v}");
        }
        let big = terms.int(16_777_217);
        let f = terms.fp_from_int(32, big);
        assert_eq!(f32::from_bits(eval(&terms, f) as u32), 16_777_216.0);
        let d = terms.fp_from_int(64, big);
        assert_eq!(f64::from_bits(eval(&terms, d)), 16_777_217.0);
        let tenth = double(&mut terms, 0.1);
        let narrow = terms.fp_convert(32, tenth);
        assert_eq!(f32::from_bits(eval(&terms, narrow) as u32), 0.1f32);
    }

    #[test]
    fn comparisons_follow_ieee() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let x = terms.var("x", Sort::Bv(64));
        // x != x only for NaN.
        let same = terms.fp_cmp(FpCmp::Eq, x, x);
        let differs = terms.not(same);
        s.assert(&terms, differs);
        assert_eq!(s.check(), Sat::Sat);
        let bits = s.value(&terms, x).unwrap();
        assert!(f64::from_bits(bits).is_nan());
        let nan = terms.fp_is_nan(x);
        let not_nan = terms.not(nan);
        assert_eq!(s.check_assuming(&terms, &[not_nan]), Sat::Unsat);
        // -0.0 == 0.0 under IEEE equality, though their bits differ.
        let (p, n) = (double(&mut terms, 0.0), double(&mut terms, -0.0));
        let eq = terms.fp_cmp(FpCmp::Eq, p, n);
        assert_eq!(eval(&terms, eq), 1);
    }
}
