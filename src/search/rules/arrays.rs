//! Backward rules for arrays (JVMS §6.5 `arraylength`, `*aload`,
//! `*astore`, `newarray`, `anewarray`, `multianewarray`): the elements of
//! every array of one element type are one heap array indexed by (array,
//! index) cells ([`crate::search::heap`]); an access asserts a non-null
//! array and an index in bounds (the normal path).

use crate::classfile::bytecode::Instruction;
use crate::classfile::JType;
use crate::frames::{Frame, VType};
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::reason::{Bound, Reason};
use crate::search::cmv::St;
use crate::search::explore::Explorer;

impl Explorer<'_> {
    pub(super) fn step_array_length(&mut self, st: &mut St, before: &Frame, out: &mut Vec<TermId>) {
        let r = self.pop(st);
        let a = self.operands(st, before, 1)[0];
        out.push(self.non_null(a));
        let len = self.array_length(st, a, out);
        out.push(self.terms.eq(r, len));
    }

    pub(super) fn step_array_load(
        &mut self,
        st: &mut St,
        before: &Frame,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let r = self.pop(st);
        let ops = self.operands(st, before, 2);
        let (a, i) = (ops[0], ops[1]);
        let Some(elem) = element_type(&before.stack[before.stack.len() - 2]) else {
            // A null constant: the load always throws.
            out.push(self.terms.bool(false));
            return Ok(());
        };
        self.in_bounds(st, a, i, out);
        let key = FieldKey::array_elements(&elem);
        let cells = self.cells(st, &key, &elem);
        let index = self.terms.cell(a, i);
        let read = self.terms.select(cells, index);
        st.mem.cell_reads.push((cells, index));
        out.push(self.terms.eq(r, read));
        if let Some(c) = self.in_range(&elem, r) {
            out.push(c);
        }
        if elem.is_reference() {
            st.derefs += 1;
            if st.derefs > self.config.max_derefs {
                return Err(Reason::Bound(Bound::Derefs {
                    max: self.config.max_derefs,
                }));
            }
            self.heap_ref_read(st, r, &elem, Some((key, a, index)), out);
        }
        Ok(())
    }

    pub(super) fn step_array_store(&mut self, st: &mut St, before: &Frame, out: &mut Vec<TermId>) {
        let ops = self.operands(st, before, 3);
        let (a, i, v) = (ops[0], ops[1], ops[2]);
        let Some(elem) = element_type(&before.stack[before.stack.len() - 3]) else {
            out.push(self.terms.bool(false));
            return;
        };
        self.in_bounds(st, a, i, out);
        let key = FieldKey::array_elements(&elem);
        if let Some(after) = st.mem.fields.get(&key).copied() {
            let sort = self.terms.sort(after);
            let prior = self.fresh(&format!("{key}"), sort);
            let stored = self.narrow(&elem, v);
            let index = self.terms.cell(a, i);
            let updated = self.terms.store(prior, index, stored);
            out.push(self.terms.eq(after, updated));
            st.mem.fields.insert(key, prior);
            // The cells read after the store were read through it.
            self.carry_reads(st, after, prior);
        }
    }

    pub(super) fn step_new_array(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let r = self.pop(st);
        let count = self.operands(st, before, 1)[0];
        let ty = match self.frame_after_type(st, insn) {
            Some(JType::Array(elem)) => *elem,
            _ => return Err(self.unsupported(st, insn, "array creation of unknown type")),
        };
        self.allocate_array(st, insn, r, count, &ty, out);
        Ok(())
    }

    pub(super) fn step_multi_new_array(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        ty: &JType,
        dims: u8,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let r = self.pop(st);
        let counts = self.operands(st, before, dims as usize);
        if dims != 1 {
            self.allocate_multi_array(st, insn, r, &counts, ty, out);
            return Ok(());
        }
        let JType::Array(elem) = ty else {
            return Err(self.unsupported(st, insn, "multianewarray of a non-array type"));
        };
        let elem = (**elem).clone();
        self.allocate_array(st, insn, r, counts[0], &elem, out);
        Ok(())
    }

    /// The type of the value an instruction pushes, from the frame after it.
    fn frame_after_type(&self, st: &mut St, insn: &Instruction) -> Option<JType> {
        let m = st.top().m.clone();
        let after = m.frames.at(insn.next_pc())?;
        match after.stack.last()? {
            VType::Ref(name) => JType::parse(name),
            _ => None,
        }
    }
}

/// The element type of an array value, from its verification type
/// (`None` for the null constant).
fn element_type(t: &VType) -> Option<JType> {
    match t {
        VType::Ref(name) => match JType::parse(name)? {
            JType::Array(elem) => Some(*elem),
            _ => None,
        },
        _ => None,
    }
}
