//! Stepping back over `Instant.now()`, `LocalDate.now()` and
//! `UUID.randomUUID()` ([`EnvObject`]): the result is a new object (made
//! by the call), each of whose fields is an environment value
//! ([`crate::labeling::EnvCall`] with a part), within what the class
//! allows: an instant between `Instant.MIN` and `MAX` with nanoseconds
//! under 10^9, a valid ISO date, a version 4 UUID. The replay builds the
//! object from those values where the call stands.

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::env_objects::{EnvObject, INSTANT_SECONDS, YEARS};
use crate::model::term::{BvCmp, BvOp, TermId};
use crate::model::{field_sort, FieldKey};

impl Explorer<'_> {
    /// The constraints of `r = e()`, the call at `index`.
    pub(super) fn env_object_call(
        &mut self,
        st: &mut St,
        e: EnvObject,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let class = e.class();
        self.allocated_by_call(st, class, r, index, out)?;
        let key = format!("{class}.{}()L{class};", e.method());
        let mut values = Vec::new();
        // The environment's list runs latest first: the last part first.
        for p in e.parts().iter().rev() {
            let ty = JType::parse(p.descriptor).expect("a field descriptor");
            let field = FieldKey {
                class: class.to_string(),
                name: p.field.to_string(),
            };
            let cells = self.heap_array(st, field, field_sort(&ty));
            let v = self.terms.select(cells, r);
            if let Some(c) = self.in_range(&ty, v) {
                out.push(c);
            }
            let mut call = self.env_call(st, &key, index, v, ty);
            call.part = Some(p.label);
            st.environment.push(call);
            values.push(v);
        }
        values.reverse();
        let domain = self.env_object_domain(e, &values);
        out.extend(domain);
        Ok(())
    }

    /// What the class allows of the parts' `values`.
    fn env_object_domain(&mut self, e: EnvObject, values: &[TermId]) -> Vec<TermId> {
        let mut out = Vec::new();
        match e {
            EnvObject::InstantNow => {
                let (lo, hi) = (
                    self.terms.bv(INSTANT_SECONDS.0, 64),
                    self.terms.bv(INSTANT_SECONDS.1, 64),
                );
                out.push(self.terms.cmp(BvCmp::Sge, values[0], lo));
                out.push(self.terms.cmp(BvCmp::Sle, values[0], hi));
                let (zero, billion) = (self.terms.int(0), self.terms.int(1_000_000_000));
                out.push(self.terms.cmp(BvCmp::Sge, values[1], zero));
                out.push(self.terms.cmp(BvCmp::Slt, values[1], billion));
            }
            EnvObject::LocalDateNow => out.extend(self.valid_date(values[0], values[1], values[2])),
            EnvObject::RandomUuid => {
                // The version nibble (bits 12-15 of the high word) is 4;
                // the variant (the low word's top two bits) is 0b10.
                let (k12, k62) = (self.terms.bv(12, 64), self.terms.bv(62, 64));
                let nibble = self.terms.bv(0xf, 64);
                let shifted = self.terms.bin(BvOp::LShr, values[0], k12);
                let version = self.terms.bin(BvOp::And, shifted, nibble);
                let four = self.terms.bv(4, 64);
                out.push(self.terms.eq(version, four));
                let variant = self.terms.bin(BvOp::LShr, values[1], k62);
                let two = self.terms.bv(2, 64);
                out.push(self.terms.eq(variant, two));
            }
        }
        out
    }

    /// `year`, `month`, `day` (ints) make a valid ISO date.
    fn valid_date(&mut self, year: TermId, month: TermId, day: TermId) -> Vec<TermId> {
        let int = |ex: &mut Self, v: i32| ex.terms.int(v);
        let (lo, hi) = (int(self, YEARS.0), int(self, YEARS.1));
        let (one, twelve) = (int(self, 1), int(self, 12));
        let mut out = vec![
            self.terms.cmp(BvCmp::Sge, year, lo),
            self.terms.cmp(BvCmp::Sle, year, hi),
            self.terms.cmp(BvCmp::Sge, month, one),
            self.terms.cmp(BvCmp::Sle, month, twelve),
            self.terms.cmp(BvCmp::Sge, day, one),
        ];
        let zero = int(self, 0);
        let divides = |ex: &mut Self, k: i32| {
            let k = ex.terms.int(k);
            let r = ex.terms.bin(BvOp::SRem, year, k);
            ex.terms.eq(r, zero)
        };
        let (by4, by100, by400) = (divides(self, 4), divides(self, 100), divides(self, 400));
        let not100 = self.terms.not(by100);
        let century = self.terms.or(vec![not100, by400]);
        let leap = self.terms.and(vec![by4, century]);
        let (d28, d29, d30, d31) = (int(self, 28), int(self, 29), int(self, 30), int(self, 31));
        let february = self.terms.ite(leap, d29, d28);
        let short: Vec<TermId> = [4, 6, 9, 11]
            .iter()
            .map(|&m| {
                let m = self.terms.int(m);
                self.terms.eq(month, m)
            })
            .collect();
        let is_short = self.terms.or(short);
        let two = int(self, 2);
        let is_february = self.terms.eq(month, two);
        let others = self.terms.ite(is_short, d30, d31);
        let length = self.terms.ite(is_february, february, others);
        out.push(self.terms.cmp(BvCmp::Sle, day, length));
        out
    }
}
