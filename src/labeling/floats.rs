//! Labeling a `float` or `double` input (JAUT ISSRE 2010 §V, extended to
//! IEEE-754): values a person would write come first — `0.0`, `1.0`,
//! `-1.0`, `0.5`, … — then the solver's value cut to as few significant
//! digits as the path allows, then the solver's value exactly. A NaN is
//! the canonical one when the path allows it (the JUnit literal
//! `Double.NaN`).

use super::values::Labeler;
use super::LabelingError;
use crate::model::term::TermId;
use crate::solver::Sat;

/// Values tried first, in order.
const FIRST: [f64; 14] = [
    0.0, 1.0, -1.0, 0.5, 2.0, -0.5, 1.5, 2.5, 10.0, -2.0, 3.0, -3.0, 100.0, -10.0,
];

/// Past this magnitude the solver's value cut to a few digits comes
/// before its integer part: `-2.682870942231678e154` is already whole, and
/// a reader of `d < -2.0` would rather see `-3e154` than every digit.
const LARGE_MAGNITUDE: f64 = 1e4;

/// Significant digits tried when cutting the solver's value.
const DIGITS: [i32; 7] = [1, 2, 3, 5, 7, 10, 15];

/// Round magnitudes tried when the solver's value is infinite (a bound
/// such as `d >= 2^31 - 1` that the solver met at infinity).
const LARGE: [f64; 6] = [1e3, 1e6, 1e10, 1e19, 1e38, 1e300];

/// `v` cut to `digits` significant decimal digits: the nearest such
/// decimal, and the next one down and up (a path may need a value just
/// past a bound).
fn cuts(v: f64, digits: i32) -> Vec<f64> {
    let exponent = v.abs().log10().floor() as i32 - digits + 1;
    // Near the subnormal range `10^exponent` is no longer exact (or is
    // zero): no cut is made there.
    let scaled = (v / 10f64.powi(exponent)).round();
    if !scaled.is_finite() || scaled.abs() >= 1e17 {
        return Vec::new();
    }
    let scaled = scaled as i64;
    [scaled, scaled - 1, scaled + 1]
        .iter()
        .filter_map(|m| format!("{m}e{exponent}").parse().ok())
        .collect()
}

/// The bits of `v` as a float of `width` bits (32 or 64).
fn bits(v: f64, width: u32) -> i64 {
    if width == 32 {
        i64::from((v as f32).to_bits())
    } else {
        v.to_bits() as i64
    }
}

/// A float of `width` bits read from its pattern, widened.
fn value(pattern: u64, width: u32) -> f64 {
    if width == 32 {
        f64::from(f32::from_bits(pattern as u32))
    } else {
        f64::from_bits(pattern)
    }
}

impl Labeler<'_, '_> {
    /// The bits of the float input `term` (`width` 32 or 64) to label.
    pub(super) fn floating(&mut self, term: TermId, width: u32) -> Result<i64, LabelingError> {
        let mut tried = Vec::new();
        for v in FIRST {
            if let Some(b) = self.try_float(term, v, width, &mut tried) {
                return Ok(b);
            }
        }
        let no_fit =
            |l: &Self| LabelingError::NoFit(format!("no value fits {}", l.cx.terms.show(term)));
        if self.cx.solver.check() != Sat::Sat {
            return Err(no_fit(self));
        }
        let Some(pattern) = self.cx.solver.value(self.cx.terms, term) else {
            return Err(no_fit(self));
        };
        let exact = value(pattern, width);
        if exact.is_nan() {
            if let Some(b) = self.try_float(term, f64::NAN, width, &mut tried) {
                return Ok(b);
            }
        } else if exact.is_finite() && exact != 0.0 {
            let whole = [exact.trunc(), exact.round()];
            let cut: Vec<f64> = DIGITS.iter().flat_map(|&d| cuts(exact, d)).collect();
            let candidates: Vec<f64> = if exact.abs() >= LARGE_MAGNITUDE {
                cut.into_iter().chain(whole).collect()
            } else {
                whole.into_iter().chain(cut).collect()
            };
            for v in candidates {
                if let Some(b) = self.try_float(term, v, width, &mut tried) {
                    return Ok(b);
                }
            }
        } else if exact.is_infinite() {
            for v in LARGE {
                if let Some(b) = self.try_float(term, v.copysign(exact), width, &mut tried) {
                    return Ok(b);
                }
            }
        }
        let c = self.cx.terms.bv(pattern as i64, width);
        let eq = self.cx.terms.eq(term, c);
        if self.probe(eq) {
            return Ok(pattern as i64);
        }
        Err(no_fit(self))
    }

    /// Fixes `term` to the bits of `v` when the path allows it (each bit
    /// pattern tried once).
    fn try_float(&mut self, term: TermId, v: f64, width: u32, tried: &mut Vec<i64>) -> Option<i64> {
        let b = bits(v, width);
        if tried.contains(&b) {
            return None;
        }
        tried.push(b);
        let c = self.cx.terms.bv(b, width);
        let eq = self.cx.terms.eq(term, c);
        self.probe(eq).then_some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::cuts;

    #[test]
    fn cuts_round_to_few_digits() {
        assert_eq!(cuts(1234.5, 2), vec![1200.0, 1100.0, 1300.0]);
        assert_eq!(cuts(-0.0123, 1), vec![-0.01, -0.02, 0.0]);
    }

    #[test]
    fn subnormal_values_are_not_cut() {
        // 10^-324 is zero as a double: no scaling, no overflow.
        assert_eq!(cuts(f64::from_bits(1), 1), Vec::<f64>::new());
        assert!(cuts(f64::MIN_POSITIVE, 15).len() <= 3);
    }
}
