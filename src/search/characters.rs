//! `java.lang.Character`'s classification and case mapping
//! ([`crate::jdk::latin1`]): exact for Latin-1 (0 to 255), as a
//! disjunction of ranges or a chain of cases; past Latin-1 the result is
//! left free — more behaviours than the JVM has, so refutations stay
//! proofs, and a state that relies on a free answer is checked by the
//! replay. This also keeps the search out of `CharacterData`, the abstract
//! JDK class whose subclasses answer these calls.

use super::explore::Explorer;
use crate::jdk::latin1::CharacterMethod;
use crate::model::term::{BvCmp, BvOp, TermId};

impl Explorer<'_> {
    /// `result` of `method(c)`.
    pub(super) fn character_call(
        &mut self,
        method: CharacterMethod,
        c: TermId,
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        let top = self.terms.int(255);
        let low = self.terms.cmp(BvCmp::Sge, c, zero);
        let high = self.terms.cmp(BvCmp::Sle, c, top);
        let latin1 = if method.exact_everywhere() {
            self.terms.bool(true)
        } else {
            self.terms.and(vec![low, high])
        };
        let exact = match (method.ranges(), method.mapping()) {
            (Some(ranges), _) => {
                let inside = self.in_ranges(c, &ranges);
                let one = self.terms.int(1);
                self.terms.ite(inside, one, zero)
            }
            (None, Some(_)) => self.latin1_mapping(method, c),
            (None, None) => unreachable!("a predicate or a mapping"),
        };
        let beyond = self.terms.not(latin1);
        let named = self.beyond_model(beyond, result);
        out.push(named);
        let is = self.terms.eq(result, exact);
        out.push(self.terms.implies(latin1, is));
    }

    /// The image of Latin-1 character `c` under case mapping `method`.
    pub(super) fn latin1_mapping(&mut self, method: CharacterMethod, c: TermId) -> TermId {
        let (ranges, offset, single) = method.mapping().expect("a case mapping");
        let inside = self.in_ranges(c, ranges);
        let delta = self.terms.int(offset);
        let moved = self.terms.bin(BvOp::Add, c, delta);
        let mut v = self.terms.ite(inside, moved, c);
        for &(x, image) in single {
            let x = self.terms.int(x as i32);
            let is_x = self.terms.eq(c, x);
            let image = self.terms.int(image as i32);
            v = self.terms.ite(is_x, image, v);
        }
        v
    }

    /// `result` of `Character.digit(c, radix)`: the value of `c` as a digit
    /// of `radix` (`0`-`9`, then letters of either case), -1 when it is
    /// none or the radix is outside 2..=36; exact for Latin-1 (which has
    /// no other digits), free past it (digits of other scripts).
    pub(super) fn character_digit(
        &mut self,
        c: TermId,
        radix: TermId,
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        let value_in = |ex: &mut Self, lo: u8, hi: u8, base: i32| {
            let (l, h) = (ex.terms.int(i32::from(lo)), ex.terms.int(i32::from(hi)));
            let a = ex.terms.cmp(BvCmp::Sge, c, l);
            let b = ex.terms.cmp(BvCmp::Sle, c, h);
            let inside = ex.terms.and(vec![a, b]);
            let shift = ex.terms.int(base - i32::from(lo));
            (inside, ex.terms.bin(BvOp::Add, c, shift))
        };
        let (is_num, num) = value_in(self, b'0', b'9', 0);
        let (is_low, low) = value_in(self, b'a', b'z', 10);
        let (is_up, up) = value_in(self, b'A', b'Z', 10);
        let minus = self.terms.int(-1);
        let mut v = self.terms.ite(is_up, up, minus);
        v = self.terms.ite(is_low, low, v);
        v = self.terms.ite(is_num, num, v);
        let below = self.terms.cmp(BvCmp::Slt, v, radix);
        let (two, max) = (self.terms.int(2), self.terms.int(36));
        let r_lo = self.terms.cmp(BvCmp::Sge, radix, two);
        let r_hi = self.terms.cmp(BvCmp::Sle, radix, max);
        let ok = self.terms.and(vec![below, r_lo, r_hi]);
        let exact = self.terms.ite(ok, v, minus);
        let zero = self.terms.int(0);
        let top = self.terms.int(255);
        let low_c = self.terms.cmp(BvCmp::Sge, c, zero);
        let high_c = self.terms.cmp(BvCmp::Sle, c, top);
        let latin1 = self.terms.and(vec![low_c, high_c]);
        let beyond = self.terms.not(latin1);
        out.push(self.beyond_model(beyond, result));
        let is = self.terms.eq(result, exact);
        out.push(self.terms.implies(latin1, is));
    }

    fn in_ranges(&mut self, c: TermId, ranges: &[(u32, u32)]) -> TermId {
        let parts = ranges
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (self.terms.int(a as i32), self.terms.int(b as i32));
                let ge = self.terms.cmp(BvCmp::Sge, c, a);
                let le = self.terms.cmp(BvCmp::Sle, c, b);
                self.terms.and(vec![ge, le])
            })
            .collect();
        self.terms.or(parts)
    }
}
