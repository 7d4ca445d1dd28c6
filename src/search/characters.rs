//! `java.lang.Character`'s classification and case mapping
//! ([`crate::contracts::latin1`]): exact for Latin-1 (0 to 255), as a
//! disjunction of ranges or a chain of cases; past Latin-1 the result is
//! left free — more behaviours than the JVM has, so refutations stay
//! proofs, and a state that relies on a free answer is checked by the
//! replay. This also keeps the search out of `CharacterData`, the abstract
//! JDK class whose subclasses answer these calls.

use super::explore::Explorer;
use crate::contracts::latin1::CharacterMethod;
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
        let latin1 = self.terms.and(vec![low, high]);
        let exact = match (method.ranges(), method.mapping()) {
            (Some(ranges), _) => {
                let inside = self.in_ranges(c, &ranges);
                let one = self.terms.int(1);
                self.terms.ite(inside, one, zero)
            }
            (None, Some((ranges, offset, single))) => {
                let mut v = c;
                let inside = self.in_ranges(c, ranges);
                let delta = self.terms.int(offset);
                let moved = self.terms.bin(BvOp::Add, c, delta);
                v = self.terms.ite(inside, moved, v);
                for &(x, image) in single {
                    let x = self.terms.int(x as i32);
                    let is_x = self.terms.eq(c, x);
                    let image = self.terms.int(image as i32);
                    v = self.terms.ite(is_x, image, v);
                }
                v
            }
            (None, None) => unreachable!("a predicate or a mapping"),
        };
        let beyond = self.terms.not(latin1);
        let named = self.beyond_model(beyond, result);
        out.push(named);
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
