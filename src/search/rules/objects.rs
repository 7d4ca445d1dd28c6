//! Backward rules for objects (JVMS §6.5 `new`, `checkcast`, `instanceof`,
//! `monitorenter`, `monitorexit`): a `new` is where an object's life
//! begins on the path, so its fields hold their defaults there; casts and
//! type tests read the object's class from the type array.

use crate::classfile::bytecode::Instruction;
use crate::classfile::JType;
use crate::frames::Frame;
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::reason::Reason;
use crate::search::cmv::St;
use crate::search::explore::Explorer;
use crate::search::heap::sort_width;

impl Explorer<'_> {
    pub(super) fn step_new(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        class: &str,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let Some(id) = self.universe.id(class) else {
            let what = format!("new {class} (class not on the class path)");
            return Err(self.unsupported(st, insn, &what));
        };
        let r = self.pop(st);
        // The new object's fields hold their defaults.
        let fields = self.cp.instance_fields(class).unwrap_or_default();
        for f in fields {
            let key = FieldKey {
                class: f.class.name.clone(),
                name: f.member.name.clone(),
            };
            if let Some(&array) = st.mem.fields.get(&key) {
                let cell = self.terms.select(array, r);
                let d = self.terms.bv(0, sort_width(&f.member.ty));
                out.push(self.terms.eq(cell, d));
            }
        }
        self.allocated(st, r, id, class, insn.pc, out);
        Ok(())
    }

    /// `checkcast`: the value after is the operand, which is null or an
    /// instance of the type (else `ClassCastException`, not the normal path).
    pub(super) fn step_check_cast(
        &mut self,
        st: &mut St,
        before: &Frame,
        ty: &JType,
        out: &mut Vec<TermId>,
    ) {
        let t = self.pop(st);
        let o = self.operands(st, before, 1)[0];
        out.push(self.terms.eq(t, o));
        let is_null = {
            let z = self.null();
            self.terms.eq(o, z)
        };
        let sub = self.is_instance(st, o, ty);
        out.push(self.terms.or(vec![is_null, sub]));
    }

    /// `instanceof`: 1 exactly when the operand is a non-null instance of
    /// the type.
    pub(super) fn step_instance_of(
        &mut self,
        st: &mut St,
        before: &Frame,
        ty: &JType,
        out: &mut Vec<TermId>,
    ) {
        let t = self.pop(st);
        let o = self.operands(st, before, 1)[0];
        let nn = self.non_null(o);
        let sub = self.is_instance(st, o, ty);
        let yes = self.terms.and(vec![nn, sub]);
        let (one, zero) = (self.terms.int(1), self.terms.int(0));
        let v = self.terms.ite(yes, one, zero);
        out.push(self.terms.eq(t, v));
    }

    /// `monitorenter`/`monitorexit`: the object is not null.
    pub(super) fn step_monitor(&mut self, st: &mut St, before: &Frame, out: &mut Vec<TermId>) {
        let o = self.operands(st, before, 1)[0];
        out.push(self.non_null(o));
    }

    /// Whether `o`, if not null, is an instance of `ty`: its class (from the
    /// type array) a subtype of `ty`'s, or for an array type an array whose
    /// elements fit.
    fn is_instance(&mut self, st: &mut St, o: TermId, ty: &JType) -> TermId {
        let class_of = self.terms.select(st.mem.types, o);
        if ty.is_array() {
            self.is_array_instance(o, class_of, &ty.descriptor())
        } else {
            self.is_subtype(o, class_of, &ty.class_ref_name())
        }
    }
}
