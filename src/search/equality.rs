//! `Objects.equals(a, b)` as the collection models compare elements and
//! keys (issue 36; `java.util.List.contains`, `indexOf`): exact for
//! strings (same characters) and the boxes of integral values (same class,
//! same value); for any other object, true when `a` and `b` are the same
//! object (equals is reflexive, `Object.equals`'s contract) and otherwise
//! left free — a condition labeling avoids and an assumption of any state
//! that needs it ([`Explorer::beyond_model`]), so refutations stay proofs
//! and a state resting on a program's `equals` is claimed only once the
//! replay ran it. A compared value whose class the bytecode fixes
//! (`known_keys.rs`: a `String` or box by its verifier type, a string
//! literal by its `ldc`) is compared by that class's `equals` alone, a
//! literal by its constant length and characters.

use super::cmv::St;
use super::explore::Explorer;
use super::known_keys::KnownKey;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::VALUE_BOXES;
use crate::jdk::strings::prelude::StringMemory;
use crate::model::term::{Sort, TermId};
use crate::model::{field_sort, FieldKey};

/// The condition that `a` and `b` are both boxes of one class compared by
/// value ([`VALUE_BOXES`]), per class: `a` of it, `b` of it, their values
/// and the type of those.
pub(super) struct BoxPair {
    pub a_is: TermId,
    pub b_is: TermId,
    pub va: TermId,
    pub vb: TermId,
    pub ty: JType,
}

impl Explorer<'_> {
    /// The condition `Objects.equals(a, b)`, in the model of this module:
    /// by the class or text the bytecode gives `a` ([`KnownKey`]) when it
    /// gives one, else by cases on `a`'s class.
    pub(super) fn objects_equal(
        &mut self,
        st: &mut St,
        a: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        match self.known_key(st, a) {
            Some(KnownKey::Literal(units)) => self.equals_literal(st, b, &units, out),
            Some(KnownKey::Class(class)) => match self.class_id_term(class) {
                Some(id) => self.equal_of_class(st, (a, class, id), b, out),
                None => self.equal_by_cases(st, a, b, out),
            },
            None => self.equal_by_cases(st, a, b, out),
        }
    }

    /// [`Explorer::objects_equal`] with `a` of any class.
    fn equal_by_cases(
        &mut self,
        st: &mut St,
        a: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let a_null = self.terms.eq(a, zero);
        let b_null = self.terms.eq(b, zero);
        let same = self.terms.eq(a, b);
        let class_a = self.terms.select(st.mem.types, a);
        // Strings: String.equals, exact.
        let texts_equal = self.texts_equal(st, a, b, out)?;
        let sid = self
            .universe
            .id("java/lang/String")
            .ok_or(Unsupported::StringNotLoaded)?;
        let sid = self.terms.int(sid as i32);
        let a_text = self.terms.eq(class_a, sid);
        let mut known = vec![a_text];
        // Boxes: same class and value.
        let mut by_value = Vec::new();
        for pair in self.box_pairs(st, a, b) {
            let equal = self.terms.eq(pair.va, pair.vb);
            let case = self.terms.and(vec![pair.b_is, equal]);
            by_value.push((pair.a_is, case));
            known.push(pair.a_is);
        }
        // Any other object: itself, else a free answer the model does not
        // follow.
        let free = self.fresh("equals", Sort::Bv(32));
        let free_true = self.terms.eq(free, one);
        let is_known = self.terms.or(known);
        let not_known = self.terms.not(is_known);
        let not_same = self.terms.not(same);
        let open = self.terms.and(vec![not_known, not_same]);
        out.push(self.beyond_model(open, free));
        let mut other = self.terms.or(vec![same, free_true]);
        for (a_box, case) in by_value {
            other = self.terms.ite(a_box, case, other);
        }
        let non_null = self.terms.ite(a_text, texts_equal, other);
        Ok(self.terms.ite(a_null, b_null, non_null))
    }

    /// `String.equals`: string `a` and object `b` have the same
    /// characters.
    fn texts_equal(
        &mut self,
        st: &mut St,
        a: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let texts = self.fresh("equal-texts", Sort::Bv(32));
        let (zero, one) = (self.terms.int(0), self.terms.int(1));
        self.string_equals(st, a, (b, texts, zero), out)?;
        Ok(self.terms.eq(texts, one))
    }

    /// The class id of `class` as a term, if the universe holds it.
    fn class_id_term(&mut self, class: &str) -> Option<TermId> {
        let id = self.universe.id(class)?;
        Some(self.terms.int(id as i32))
    }

    /// `"text".equals(b)` for a string literal of code units `units`: `b`
    /// is a string of that length and those characters — constants, so no
    /// row of characters is compared.
    fn equals_literal(
        &mut self,
        st: &mut St,
        b: TermId,
        units: &[u16],
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let sid = self
            .class_id_term("java/lang/String")
            .ok_or(Unsupported::StringNotLoaded)?;
        let zero = self.terms.int(0);
        let class_b = self.terms.select(st.mem.types, b);
        let len = self.string_length(st, b, out);
        let n = self.terms.int(units.len() as i32);
        let mut same = vec![
            self.terms.ne(b, zero),
            self.terms.eq(class_b, sid),
            self.terms.eq(len, n),
        ];
        for (k, u) in units.iter().enumerate() {
            let k = self.terms.int(k as i32);
            let c = self.string_char(st, b, k, out);
            let u = self.terms.int(i32::from(*u));
            same.push(self.terms.eq(c, u));
        }
        Ok(self.terms.and(same))
    }

    /// `Objects.equals(a, b)` for an `a` that is null or of exactly class
    /// `class` (of id `id`), a string or a box compared by value, as its
    /// verifier type says: that class's `equals` alone.
    fn equal_of_class(
        &mut self,
        st: &mut St,
        (a, class, id): (TermId, &str, TermId),
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let zero = self.terms.int(0);
        let a_null = self.terms.eq(a, zero);
        let b_null = self.terms.eq(b, zero);
        let class_a = self.terms.select(st.mem.types, a);
        let of_class = self.terms.eq(class_a, id);
        out.push(self.terms.or(vec![a_null, of_class]));
        let boxed = VALUE_BOXES.iter().find(|(c, _)| *c == class);
        let non_null = match boxed {
            Some((_, ty)) => {
                let pair = self.box_pair(st, (a, b), (class, id), ty.clone());
                let equal = self.terms.eq(pair.va, pair.vb);
                self.terms.and(vec![pair.b_is, equal])
            }
            None => self.texts_equal(st, a, b, out)?,
        };
        Ok(self.terms.ite(a_null, b_null, non_null))
    }

    /// For each box class compared by value that the universe holds:
    /// whether `a` and `b` are of it, and their values.
    pub(super) fn box_pairs(&mut self, st: &mut St, a: TermId, b: TermId) -> Vec<BoxPair> {
        let mut pairs = Vec::new();
        for (class, ty) in VALUE_BOXES {
            if let Some(id) = self.class_id_term(class) {
                pairs.push(self.box_pair(st, (a, b), (class, id), ty));
            }
        }
        pairs
    }

    /// Whether `a` and `b` are boxes of `class` (of id `id`), and their
    /// values, of type `ty`.
    fn box_pair(
        &mut self,
        st: &mut St,
        (a, b): (TermId, TermId),
        (class, id): (&str, TermId),
        ty: JType,
    ) -> BoxPair {
        let class_a = self.terms.select(st.mem.types, a);
        let class_b = self.terms.select(st.mem.types, b);
        let key = FieldKey {
            class: class.to_string(),
            name: "value".into(),
        };
        let values = self.heap_array(st, key, field_sort(&ty));
        BoxPair {
            a_is: self.terms.eq(class_a, id),
            b_is: self.terms.eq(class_b, id),
            va: self.terms.select(values, a),
            vb: self.terms.select(values, b),
            ty,
        }
    }
}
