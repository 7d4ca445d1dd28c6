//! Backward rules for fields (JVMS §6.5 `getstatic`, `putstatic`,
//! `getfield`, `putfield`): an instance field is a heap array indexed by
//! the object, a static field one term per path; a store relates the array
//! after to the array before (`f_after == f_before{o := v}`), a read of a
//! reference constrains it to objects that existed before the path.

use crate::classfile::bytecode::{Constant, FieldRef, Instruction};
use crate::classfile::JType;
use crate::frames::Frame;
use crate::jdk::strings::prelude::StringMemory;
use crate::model::term::TermId;
use crate::model::{field_sort, inputs, sort_of, FieldKey, HeapRead};
use crate::reason::{Bound, Reason};
use crate::search::cmv::St;
use crate::search::explore::Explorer;
use crate::search::statics::StaticRead;

/// Why a field has no heap array of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::search) enum NoHeapField {
    /// A field of `AbstractStringBuilder`: builders are modelled by their
    /// methods.
    OfBuilder,
    /// A field of a modelled collection class.
    OfCollection,
    /// Resolution did not find the field.
    NotOnClassPath,
}

impl NoHeapField {
    /// The reason's words for field `name` of `class`.
    fn describe(self, class: &str, name: &str) -> String {
        match self {
            NoHeapField::OfBuilder => {
                format!("field {class}.{name} of a builder (modelled by its methods)")
            }
            NoHeapField::OfCollection => {
                format!("field {class}.{name} of a collection (modelled by its methods)")
            }
            NoHeapField::NotOnClassPath => format!("field {class}.{name} not on the class path"),
        }
    }
}

impl Explorer<'_> {
    fn field_key(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        class: &str,
        name: &str,
    ) -> Result<FieldKey, Reason> {
        self.heap_field(class, name)
            .map_err(|why| self.unsupported(st, insn, &why.describe(class, name)))
    }

    /// The value a `getfield` of `key` reads when the field is a constant
    /// variable (JLS §4.12.4) and the read is outside a constructor: the
    /// constant, whatever the heap says — the constructor stored it and no
    /// bytecode can change a final field afterwards (JVMS §6.5 putfield).
    /// javac inlines such reads (JLS §13.1), so they come from other
    /// compilers or from classes compiled against an older version.
    /// Inside a constructor the field may not be assigned yet, so the
    /// heap is read as for any field.
    fn constant_read(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        if &*st.top().m.key.name == "<init>" {
            return None;
        }
        let class = self.cp.load(&key.class).ok()?;
        let field = class.field(&key.name)?;
        if field.is_static() {
            return None;
        }
        let c = field.constant_variable()?.clone();
        match (inputs::scalar_constant(&mut self.terms, &c), &c) {
            (
                Some(v),
                Constant::Int(_) | Constant::Long(_) | Constant::Float(_) | Constant::Double(_),
            ) => Some(v),
            (_, Constant::String(text)) => self.string_literal(st, text, out).ok(),
            _ => None,
        }
    }

    /// The heap array's key for field `name` of `class` (the class that
    /// declares it); why not when the field is not on the class path or
    /// is a builder's or a modelled collection's, which their methods
    /// model instead (search::builders, jdk::collections).
    pub(in crate::search) fn heap_field(
        &self,
        class: &str,
        name: &str,
    ) -> Result<FieldKey, NoHeapField> {
        let why = match self.cp.resolve_field(class, name) {
            Ok(Some(found)) if found.class.name == "java/lang/AbstractStringBuilder" => {
                NoHeapField::OfBuilder
            }
            Ok(Some(found)) if crate::jdk::collections::is_modelled_class(&found.class.name) => {
                NoHeapField::OfCollection
            }
            Ok(Some(found)) => {
                return Ok(FieldKey {
                    class: found.class.name.clone(),
                    name: name.to_string(),
                })
            }
            _ => NoHeapField::NotOnClassPath,
        };
        Err(why)
    }

    /// Constraints on a reference read from the heap or a static field:
    /// never an object allocated later; an input object has a class the
    /// field's type allows.
    pub(in crate::search) fn heap_ref_read(
        &mut self,
        st: &mut St,
        v: TermId,
        ty: &JType,
        cell: Option<(FieldKey, TermId, TermId)>,
        out: &mut Vec<TermId>,
    ) {
        for a in st.mem.allocs.clone() {
            let other = self.terms.ne(v, a.term);
            out.push(match a.cached {
                // A cached box existed before the path: only a new one is
                // out of the read's reach.
                Some((cached, _)) => {
                    let new = self.terms.not(cached);
                    self.terms.implies(new, other)
                }
                None => other,
            });
        }
        st.mem.reads.push(HeapRead {
            value: v,
            later_allocs: st.mem.allocs.len(),
            cell,
        });
        let c = self.input_type(st, v, ty);
        out.push(c);
    }

    /// `v > 0 → type[v] ∈ input candidates of ty`.
    fn input_type(&mut self, st: &mut St, v: TermId, ty: &JType) -> TermId {
        if let Some(e) = inputs::enum_type(self.cp, ty) {
            let mut out = Vec::new();
            match self.enum_input(st, v, ty, &e, &mut out) {
                Ok(c) => {
                    out.push(c);
                    return self.terms.and(out);
                }
                Err(why) => {
                    // Taken as null: no proof may rest on it.
                    self.assume(format!("{why}: enum inputs of {e} were taken to be null"));
                    let zero = self.terms.int(0);
                    return self.terms.eq(v, zero);
                }
            }
        }
        let types = st.mem.types;
        self.domain
            .type_constraint(self.cp, &mut self.universe, &mut self.terms, types, v, ty)
    }

    pub(super) fn step_get_static(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        f: &FieldRef,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let key = self.field_key(st, insn, &f.class, &f.name)?;
        let t = self.pop(st);
        let g = match st.mem.statics.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.fresh(&format!("{key}"), sort_of(&f.ty));
                st.mem.statics.insert(key.clone(), g);
                g
            }
        };
        out.push(self.terms.eq(t, g));
        if let Some(c) = self.in_range(&f.ty, t) {
            out.push(c);
        }
        let read = self
            .read_static(st, &key, &f.ty, t, out)
            .map_err(|why| self.unsupported(st, insn, &why.to_string()))?;
        if f.ty.is_reference() && matches!(read, StaticRead::Heap) {
            self.heap_ref_read(st, t, &f.ty, None, out);
        }
        Ok(())
    }

    pub(super) fn step_put_static(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        f: &FieldRef,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let key = self.field_key(st, insn, &f.class, &f.name)?;
        let v = self.operands(st, before, 1)[0];
        if let Some(g) = st.mem.statics.remove(&key) {
            let stored = self.narrow(&f.ty, v);
            out.push(self.terms.eq(g, stored));
        }
        Ok(())
    }

    pub(super) fn step_get_field(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        f: &FieldRef,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let key = self.field_key(st, insn, &f.class, &f.name)?;
        let key_for_read = key.clone();
        let t = self.pop(st);
        let o = self.operands(st, before, 1)[0];
        out.push(self.non_null(o));
        if let Some(c) = self.constant_read(st, &key, out) {
            out.push(self.terms.eq(t, c));
            return Ok(());
        }
        let array = self.heap_array(st, key, field_sort(&f.ty));
        let read = self.terms.select(array, o);
        out.push(self.terms.eq(t, read));
        if let Some(c) = self.in_range(&f.ty, t) {
            out.push(c);
        }
        if f.ty.is_reference() {
            st.derefs += 1;
            if st.derefs > self.config.max_derefs {
                return Err(Reason::Bound(Bound::Derefs {
                    max: self.config.max_derefs,
                }));
            }
            self.heap_ref_read(st, t, &f.ty, Some((key_for_read, o, o)), out);
        }
        Ok(())
    }

    pub(super) fn step_put_field(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        f: &FieldRef,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let key = self.field_key(st, insn, &f.class, &f.name)?;
        let ops = self.operands(st, before, 2);
        let (o, v) = (ops[0], ops[1]);
        out.push(self.non_null(o));
        if let Some(after) = st.mem.fields.get(&key).copied() {
            let prior = self.fresh(&format!("{key}"), field_sort(&f.ty));
            let stored = self.narrow(&f.ty, v);
            let updated = self.terms.store(prior, o, stored);
            out.push(self.terms.eq(after, updated));
            st.mem.fields.insert(key, prior);
        }
        Ok(())
    }
}
