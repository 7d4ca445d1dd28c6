//! Type tests against array types (`checkcast`, `instanceof`; JVMS §6.5,
//! JLS §10.8): an array of primitives is an instance of its own type only;
//! an array of references is an instance of `T[]` when its element type is
//! assignable to `T` (arrays are covariant).
//!
//! Array types get their class ids as the search meets them
//! ([`crate::model::Universe::array_id`]), so a test written now cannot
//! list the array types met later on the backward path (earlier in the
//! run, such as an input's): for those the answer is left open (a predicate
//! of the object the solver may set either way, which labeling prefers
//! false), so a refutation holds whatever their type. So is the answer for
//! an input object, which the input domain never makes an array unless its
//! static type is one.

use super::explore::Explorer;
use crate::model::term::{BvCmp, TermId};

impl Explorer<'_> {
    /// The object `o` (class `class_of`, not null) is an instance of the
    /// array type `descriptor`.
    pub(super) fn is_array_instance(
        &mut self,
        o: TermId,
        class_of: TermId,
        descriptor: &str,
    ) -> TermId {
        // An input object whose static type is not an array type is never
        // an array in the input domain (model::inputs): for such an input
        // the answer is left open too, so no refutation rests on it.
        let p = self.terms.new_pred(format!(
            "{}{}",
            super::dispatch::OUTSIDE,
            descriptor.replace('/', ".")
        ));
        let open_input = {
            let input = crate::model::inputs::is_input(&mut self.terms, o);
            let open = self.terms.pred(p, o);
            self.terms.and(vec![input, open])
        };
        let primitive_elements = !descriptor[1..].starts_with(['L', '[']);
        if primitive_elements {
            let id = self.universe.array_id(descriptor);
            let id = self.terms.int(id as i32);
            let exact = self.terms.eq(class_of, id);
            return self.terms.or(vec![exact, open_input]);
        }
        let (known, next) = self.universe.arrays();
        let mut parts: Vec<TermId> = known
            .iter()
            .filter(|(d, _)| self.cp.is_assignable(d, descriptor).unwrap_or(false))
            .map(|(_, id)| {
                let id = self.terms.int(*id as i32);
                self.terms.eq(class_of, id)
            })
            .collect();
        let later = self.terms.int(next as i32);
        let unmet = self.terms.cmp(BvCmp::Sge, class_of, later);
        let open = self.terms.pred(p, o);
        parts.push(self.terms.and(vec![unmet, open]));
        parts.push(open_input);
        self.terms.or(parts)
    }
}
