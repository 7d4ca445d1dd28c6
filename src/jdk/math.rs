//! `java.lang.Math`'s rounded functions read backward: given the double a
//! call returned, the doubles its argument may have been (its preimage),
//! as ranges of doubles the search asserts instead of the function.
//!
//! - `sqrt` is correctly rounded (IEEE 754 §5.4.1; the `Math.sqrt`
//!   javadoc, JLS 4.2.4), as Rust's `f64::sqrt` is: its preimage is exact,
//!   found by bisection over the ordered bit patterns of the non-negative
//!   doubles (the root is monotone).
//! - `cbrt`, `pow` and `hypot` are only specified within 1 ulp of the
//!   exact result and semi-monotonic (their javadoc): the preimage given
//!   is an over-approximation, the exact inverse of a range 4 ulps wide on
//!   each side of the result, widened again by a relative 2^-30 against
//!   the rounding of computing it. It holds every argument that can give
//!   the result, so a refutation through it is a proof; an argument it
//!   allows may still miss the result by an ulp, which the replay tells.
//!
//! Outside the ranges these bounds are computed for (a NaN, an infinite,
//! zero or subnormal result, a result past 2^±300), the answer is
//! [`Preimage::Any`] and the search falls back to the function itself or to
//! a free result.

/// A rounded `Math` function the search reads backward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathFn {
    /// `sqrt(double)`: correctly rounded.
    Sqrt,
    /// `cbrt(double)`: within 1 ulp.
    Cbrt,
    /// `pow(double, double)`: within 1 ulp; exact integer powers when
    /// representable.
    Pow,
    /// `hypot(double, double)`: within 1 ulp, without intermediate
    /// overflow.
    Hypot,
}

/// The doubles from `lo` to `hi`, both included, of one sign (`lo <= hi`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub lo: f64,
    pub hi: f64,
}

/// The arguments that may give a result.
#[derive(Debug, Clone, PartialEq)]
pub enum Preimage {
    /// Within these ranges (none: no argument gives it).
    Ranges(Vec<Range>),
    /// No bound computed: any argument.
    Any,
}

/// The highest exponent of 2 a result may have for the 1-ulp bounds: the
/// cube and squares of the results stay far from overflow and underflow.
const SCALE: i32 = 300;

/// Relative widening of a bound computed in `f64`.
const SLACK: f64 = 1.0 / (1u64 << 30) as f64;

/// The exact preimage of `sqrt`: every double `x` with `sqrt(x) == c`
/// (bitwise, so `-0.0` is its own). A NaN result is `Any` (a negative or
/// NaN argument, which the search leaves to the function itself).
pub fn sqrt_preimage(c: f64) -> Preimage {
    if c.is_nan() {
        return Preimage::Any;
    }
    if c == 0.0 {
        // sqrt(±0) is ±0, and only them (the smallest subnormal's root is
        // about 2^-537).
        return Preimage::Ranges(vec![Range { lo: c, hi: c }]);
    }
    if c < 0.0 {
        return Preimage::Ranges(Vec::new());
    }
    // The first bit pattern whose root reaches `c`, and the last that does
    // not pass it: sqrt is monotone on the ordered patterns of 0..=+inf.
    let first = |at_least: bool| {
        let (mut lo, mut hi) = (0u64, f64::INFINITY.to_bits() + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let r = f64::from_bits(mid).sqrt();
            if (at_least && r >= c) || (!at_least && r > c) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    let (from, past) = (first(true), first(false));
    if from >= past {
        return Preimage::Ranges(Vec::new());
    }
    Preimage::Ranges(vec![Range {
        lo: f64::from_bits(from),
        hi: f64::from_bits(past - 1),
    }])
}

/// The unit in the last place of a finite, non-zero `c`.
fn ulp(c: f64) -> f64 {
    let a = c.abs();
    f64::from_bits(a.to_bits() + 1) - a
}

/// Whether the 1-ulp bounds are computed for result `c`.
fn bounded(c: f64) -> bool {
    let a = c.abs();
    a.is_finite() && a >= 2f64.powi(-SCALE) && a <= 2f64.powi(SCALE)
}

/// The exact results within 4 ulps of `c`, as magnitudes: `(low, high)`.
fn near(c: f64) -> (f64, f64) {
    let (a, u) = (c.abs(), ulp(c));
    (a - 4.0 * u, a + 4.0 * u)
}

/// `[lo, hi]` widened by [`SLACK`] on each side (magnitudes, `lo >= 0`).
fn widened(lo: f64, hi: f64) -> Range {
    Range {
        lo: (lo * (1.0 - SLACK)).max(0.0),
        hi: hi * (1.0 + SLACK),
    }
}

/// `r` for a positive result, `-r` mirrored for a negative one.
fn signed(r: Range, negative: bool) -> Range {
    if negative {
        Range {
            lo: -r.hi,
            hi: -r.lo,
        }
    } else {
        r
    }
}

/// An over-approximation of the doubles `x` with `cbrt(x) == c`.
pub fn cbrt_preimage(c: f64) -> Preimage {
    if !bounded(c) {
        return Preimage::Any;
    }
    let (lo, hi) = near(c);
    let r = widened(lo.powi(3), hi.powi(3));
    Preimage::Ranges(vec![signed(r, c < 0.0)])
}

/// The integer exponents `pow` is read backward for, from 1.
pub const POW_EXPONENTS: i32 = 8;

/// An over-approximation of the doubles `x` with `pow(x, n) == c`, for
/// `n` in `1..=`[`POW_EXPONENTS`].
pub fn pow_preimage(c: f64, n: i32) -> Preimage {
    if !bounded(c) || !(1..=POW_EXPONENTS).contains(&n) {
        return Preimage::Any;
    }
    let even = n % 2 == 0;
    if even && c < 0.0 {
        return Preimage::Ranges(Vec::new());
    }
    let (lo, hi) = near(c);
    let inv = 1.0 / f64::from(n);
    let r = widened(lo.powf(inv), hi.powf(inv));
    let mut out = vec![signed(r, c < 0.0)];
    if even {
        out.insert(0, signed(r, true));
    }
    Preimage::Ranges(out)
}

/// Bounds on `fl(a*a + b*b)`, the square sum as double arithmetic gives
/// it, for every `a`, `b` with `hypot(a, b) == c`: `None` when not computed.
pub fn hypot_squares(c: f64) -> Option<Range> {
    if !bounded(c) || c < 0.0 {
        return None;
    }
    let (lo, hi) = near(c);
    // The two products and the sum round, each by at most 2^-53.
    Some(widened(lo * lo, hi * hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only(p: Preimage) -> Range {
        match p {
            Preimage::Ranges(r) if r.len() == 1 => r[0],
            other => panic!("one range expected: {other:?}"),
        }
    }

    #[test]
    fn the_roots_preimage_is_exact() {
        let r = only(sqrt_preimage(9.0));
        assert!(r.lo <= 81.0 && 81.0 <= r.hi);
        assert_eq!(r.lo.sqrt(), 9.0);
        assert_eq!(r.hi.sqrt(), 9.0);
        let below = f64::from_bits(r.lo.to_bits() - 1);
        let above = f64::from_bits(r.hi.to_bits() + 1);
        assert!(below.sqrt() < 9.0 && above.sqrt() > 9.0);
        assert_eq!(sqrt_preimage(-1.0), Preimage::Ranges(Vec::new()));
        assert_eq!(only(sqrt_preimage(-0.0)).lo.to_bits(), (-0.0f64).to_bits());
        let inf = only(sqrt_preimage(f64::INFINITY));
        assert_eq!((inf.lo, inf.hi), (f64::INFINITY, f64::INFINITY));
        // Between two roots that are neighbours, no double.
        let c = 1.0 + f64::EPSILON;
        let r = only(sqrt_preimage(c));
        assert!(r.lo.sqrt() == c && r.hi.sqrt() == c);
    }

    #[test]
    fn the_ulp_bounded_preimages_hold_the_exact_arguments() {
        let r = only(cbrt_preimage(-3.0));
        assert!(r.lo <= -27.0 && -27.0 <= r.hi && r.hi < -26.999);
        let r = only(pow_preimage(343.0, 3));
        assert!(r.lo <= 7.0 && 7.0 <= r.hi && r.hi < 7.0001);
        match pow_preimage(16.0, 4) {
            Preimage::Ranges(rs) => {
                assert!(rs.iter().any(|r| r.lo <= -2.0 && -2.0 <= r.hi));
                assert!(rs.iter().any(|r| r.lo <= 2.0 && 2.0 <= r.hi));
            }
            Preimage::Any => panic!("bounded"),
        }
        assert_eq!(pow_preimage(-16.0, 2), Preimage::Ranges(Vec::new()));
        assert_eq!(pow_preimage(2.0, 9), Preimage::Any);
        let s = hypot_squares(5.0).unwrap();
        assert!(s.lo <= 25.0 && 25.0 <= s.hi && s.hi < 25.001);
        assert_eq!(cbrt_preimage(f64::NAN), Preimage::Any);
        // Every double near a cube root's preimage gives a nearby root.
        for x in [-27.0f64, 8.0, 1e-5, 12345.678] {
            let r = only(cbrt_preimage(x.cbrt()));
            assert!(r.lo <= x && x <= r.hi, "{x}");
        }
    }
}
