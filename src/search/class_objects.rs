//! `java.lang.Class` objects on backward paths (docs/objects.md): one
//! object per class, made by the JVM before the method ran — the fixed
//! reference [`crate::model::class_object`] of the class's id — which
//! `Object.getClass()`, `ldc Foo.class`, the static fields `<clinit>` sets
//! to a class literal (`crate::statics`) and `Class`-typed inputs name.
//!
//! The methods of `Class` that programs test their inputs with are
//! intrinsics ([`ClassMethod`]), exact for the classes of the search's
//! universe (the only ones a `Class` input may be, a closed world recorded
//! as an assumption by [`crate::model::inputs`]): `isArray`, `isInstance`
//! (the `instanceof` of JLS §15.20.2 with the class chosen at run time),
//! `isAssignableFrom` (the assignment rules of JVMS §6.5 `checkcast`) and
//! `isInterface`. For a class outside the universe the answer is left free
//! ([`Explorer::beyond_model`]): the replay checks any state that needs
//! it. `getName` gives a non-null string whose text is not modelled, an
//! assumption.

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::jdk::methods::ClassMethod;
use crate::jdk::strings::prelude::StringCopies;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::ARRAY_ID_BASE;

impl Explorer<'_> {
    /// The `Class` object of `ty` (`ldc Foo.class`, `ldc Object[].class`):
    /// `None` for a class outside the search's universe.
    pub(super) fn class_literal(
        &mut self,
        st: &St,
        ty: &crate::classfile::JType,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let id = match ty {
            crate::classfile::JType::Array(_) => self.universe.array_id(&ty.descriptor()),
            crate::classfile::JType::Object(name) => self.universe.id(name)?,
            _ => return None,
        };
        let id = self.terms.int(id as i32);
        Some(self.class_object(st, id, out))
    }

    /// The `Class` object of the class with id `class_id` (a term): a
    /// fixed reference, whose own class is `java.lang.Class`.
    pub(super) fn class_object(
        &mut self,
        st: &St,
        class_id: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let c = crate::model::class_object(&mut self.terms, class_id);
        if let Some(class) = self.universe.id("java/lang/Class") {
            let t = self.terms.select(st.mem.types, c);
            let class = self.terms.int(class as i32);
            out.push(self.terms.eq(t, class));
        }
        c
    }

    /// The class id of the `Class` object `c`: a value `k` with `c` the
    /// object of class `k`. (Not `c - CLASS_OBJECTS`: a reference is a
    /// solver integer, and bit-vector arithmetic on one is slow,
    /// `solver::refs`.)
    fn class_id(&mut self, c: TermId, out: &mut Vec<TermId>) -> TermId {
        let k = self.fresh.var(&mut self.terms, "class-id", Sort::Bv(32));
        let object = crate::model::class_object(&mut self.terms, k);
        out.push(self.terms.eq(c, object));
        k
    }

    /// `result` of `method` with the arguments `args`: the `Class` object
    /// the method runs on (not null: the call would have thrown), then the
    /// method's own.
    pub(super) fn class_call(
        &mut self,
        st: &mut St,
        method: ClassMethod,
        args: &[TermId],
        result: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let id = self.class_id(args[0], out);
        let (one, zero) = (self.terms.int(1), self.terms.int(0));
        let (known, holds) = match method {
            ClassMethod::GetName => {
                self.new_string(st, result, index, out)?;
                self.assume(
                    "the text of Class.getName() was taken as any string (class names are not \
                     modelled)"
                        .to_string(),
                );
                return Ok(());
            }
            ClassMethod::IsArray => {
                let base = self.terms.int(ARRAY_ID_BASE as i32);
                let array = self.terms.cmp(BvCmp::Sge, id, base);
                let t = self.terms.bool(true);
                (t, array)
            }
            ClassMethod::IsInstance => {
                let o = args[1];
                let class_of = self.terms.select(st.mem.types, o);
                let not_null = self.non_null(o);
                // Null is an instance of no class, whatever the class.
                let is_false = self.terms.eq(result, zero);
                out.push(self.terms.or(vec![not_null, is_false]));
                let (known, sub) = self.subclass_of(Some(o), class_of, id);
                (known, self.terms.and(vec![not_null, sub]))
            }
            ClassMethod::IsAssignableFrom => {
                let d = args[1];
                out.push(self.non_null(d));
                let other = self.class_id(d, out);
                self.subclass_of(None, other, id)
            }
            ClassMethod::IsInterface => {
                let interfaces: Vec<TermId> = (1..=self.universe.len() as u32)
                    .filter(|&k| self.universe.class(k).is_some_and(|c| c.is_interface()))
                    .map(|k| {
                        let kt = self.terms.int(k as i32);
                        self.terms.eq(id, kt)
                    })
                    .collect();
                let known = self.in_universe(id);
                (known, self.terms.or(interfaces))
            }
        };
        let v = self.terms.ite(holds, one, zero);
        let exact = self.terms.eq(result, v);
        out.push(self.terms.implies(known, exact));
        let beyond = self.terms.not(known);
        out.push(self.beyond_model(beyond, result));
        Ok(())
    }

    /// Whether the class id `id` is one of the universe's (not an array's).
    fn in_universe(&mut self, id: TermId) -> TermId {
        let one = self.terms.int(1);
        let last = self.terms.int(self.universe.len() as i32);
        let low = self.terms.cmp(BvCmp::Sge, id, one);
        let high = self.terms.cmp(BvCmp::Sle, id, last);
        self.terms.and(vec![low, high])
    }

    /// Whether the class `sub` (a class id; of object `o` when there is
    /// one) is a subtype of the class `sup` (a class id): `(known, holds)`,
    /// exact when `sup` is one of the classes a `Class` input may be
    /// (`known`; any other is left to [`Explorer::beyond_model`]).
    fn subclass_of(&mut self, o: Option<TermId>, sub: TermId, sup: TermId) -> (TermId, TermId) {
        let mut cases = Vec::new();
        let mut candidates = Vec::new();
        for k in self.universe.class_object_candidates() {
            let is_k = {
                let kt = self.terms.int(k as i32);
                self.terms.eq(sup, kt)
            };
            let under = match self.universe.array_descriptor(k) {
                // A primitive array type has no other subtype; the
                // subtypes of a reference array type (covariance, JLS
                // §4.10.3) are left open.
                Some(d) if d.len() == 2 => {
                    let kt = self.terms.int(k as i32);
                    self.terms.eq(sub, kt)
                }
                Some(_) => continue,
                None => {
                    let name = self.universe.name(k).expect("a universe id").to_string();
                    match o {
                        Some(o) => self.is_subtype(o, sub, &name),
                        None => self.is_subtype_id(sub, &name),
                    }
                }
            };
            candidates.push(is_k);
            cases.push(self.terms.and(vec![is_k, under]));
        }
        let known = self.terms.or(candidates);
        (known, self.terms.or(cases))
    }
}
