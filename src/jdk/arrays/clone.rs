//! `clone()` of an array (JLS §10.7: an array's `clone` is public and
//! returns a shallow copy): a new array of the same type and length whose
//! elements are the original's at the call
//! ([`crate::jdk::methods::Intrinsic::ArrayClone`]).

use crate::classfile::bytecode::Instruction;
use crate::classfile::JType;
use crate::jdk::engine::Engine;
use crate::model::term::TermId;
use crate::model::FieldKey;

/// `clone()` of an array.
pub trait ArrayClone: Engine {
    /// Steps back over `a.clone()` at `insn`, with `a` (not null on the
    /// normal path) and the result `r`.
    fn array_clone(
        &mut self,
        st: &mut Self::State,
        insn: &Instruction,
        descriptor: &str,
        a: TermId,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.non_null(a));
        let elem = match JType::parse(descriptor) {
            Some(JType::Array(e)) => *e,
            _ => JType::Object("java/lang/Object".into()),
        };
        let id = self.array_class_id(descriptor);
        self.allocated(st, r, id, descriptor, insn.pc, out);
        let len = self.array_length(st, r, out);
        let len_a = self.array_length(st, a, out);
        out.push(self.terms().eq(len, len_a));
        let key = FieldKey::array_elements(&elem);
        // A cell of the copy holds the original's cell at its index.
        self.redefine_elements(st, key, r, out, |ex, prior, i| {
            let from = ex.terms().cell(a, i);
            (ex.terms().select(prior, from), vec![from])
        });
    }
}

impl<E: Engine + ?Sized> ArrayClone for E {}
