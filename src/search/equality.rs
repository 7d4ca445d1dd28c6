//! `Objects.equals(a, b)` as the collection models compare elements and
//! keys (issue 36; `java.util.List.contains`, `indexOf`): exact for
//! strings (same characters) and the boxes of integral values (same class,
//! same value); for any other object, true when `a` and `b` are the same
//! object (equals is reflexive, `Object.equals`'s contract) and otherwise
//! left free — a condition labeling avoids and an assumption of any state
//! that needs it ([`Explorer::beyond_model`]), so refutations stay proofs
//! and a state resting on a program's `equals` is claimed only once the
//! replay ran it.

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::model::term::{Sort, TermId};
use crate::model::{field_sort, FieldKey};

/// The boxes compared by value, with the type of their `value` field.
pub(super) const BOXES: [(&str, JType); 6] = [
    ("java/lang/Integer", JType::Int),
    ("java/lang/Long", JType::Long),
    ("java/lang/Short", JType::Short),
    ("java/lang/Byte", JType::Byte),
    ("java/lang/Character", JType::Char),
    ("java/lang/Boolean", JType::Boolean),
];

impl Explorer<'_> {
    /// The condition `Objects.equals(a, b)`, in the model of this module.
    pub(super) fn objects_equal(
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
        let class_b = self.terms.select(st.mem.types, b);
        // Strings: String.equals, exact.
        let texts = self.fresh("equal-texts", Sort::Bv(32));
        self.string_equals(st, a, (b, texts, zero), out)?;
        let sid = self
            .universe
            .id("java/lang/String")
            .ok_or(Unsupported::StringNotLoaded)?;
        let sid = self.terms.int(sid as i32);
        let a_text = self.terms.eq(class_a, sid);
        let texts_equal = self.terms.eq(texts, one);
        let mut known = vec![a_text];
        // Boxes: same class and value.
        let mut by_value = Vec::new();
        for (class, ty) in BOXES {
            let Some(id) = self.universe.id(class) else {
                continue;
            };
            let id = self.terms.int(id as i32);
            let a_box = self.terms.eq(class_a, id);
            let b_box = self.terms.eq(class_b, id);
            let key = FieldKey {
                class: class.to_string(),
                name: "value".into(),
            };
            let values = self.heap_array(st, key, field_sort(&ty));
            let va = self.terms.select(values, a);
            let vb = self.terms.select(values, b);
            let equal = self.terms.eq(va, vb);
            let case = self.terms.and(vec![b_box, equal]);
            by_value.push((a_box, case));
            known.push(a_box);
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
}
