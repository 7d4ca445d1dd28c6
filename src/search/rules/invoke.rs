//! Backward rules for the call sites the search does not enter (JVMS §6.5
//! `invokedynamic`; `invokevirtual` of an array's `clone`): javac's string
//! concatenation, lambdas and method references, and the array clone.
//! Other invokes enter the callee ([`crate::search::callee`]).

use crate::classfile::bytecode::{Instruction, MethodRef};
use crate::classfile::descriptor::MethodDescriptor;
use crate::frames::Frame;
use crate::jdk::arrays::clone::ArrayClone;
use crate::jdk::strings::concat::Concatenation;
use crate::jdk::strings::prelude::Concat;
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::reason::Reason;
use crate::search::cmv::St;
use crate::search::explore::Explorer;

impl Explorer<'_> {
    pub(super) fn step_string_concat(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        desc: &MethodDescriptor,
        bootstrap: u16,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let r = self.pop(st);
        let args = self.operands(st, before, desc.params.len());
        let code = st.top().m.clone();
        let index = code
            .code()
            .index_of(insn.pc)
            .expect("the instruction is in its code");
        let call = Concatenation {
            bootstrap,
            desc,
            args: &args,
            r,
            index,
        };
        if let Err(why) = self.concatenation(st, &call, out) {
            return Err(self.unsupported(st, insn, &why.to_string()));
        }
        Ok(())
    }

    pub(super) fn step_lambda(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        desc: &MethodDescriptor,
        bootstrap: u16,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let owner = st.top().m.class.name.clone();
        let class = crate::classpath::lambda::lambda_class_name(&owner, bootstrap);
        let Some(id) = self.universe.id(&class) else {
            let m = st.top().m.class.clone();
            let why = crate::classpath::lambda::lambda_class(&m, bootstrap, "", desc)
                .err()
                .map_or_else(
                    || "a lambda outside the universe".to_string(),
                    |e| e.to_string(),
                );
            return Err(self.unsupported(st, insn, &why));
        };
        let r = self.pop(st);
        let captured = self.operands(st, before, desc.params.len());
        for (k, (v, ty)) in captured.iter().zip(&desc.params).enumerate() {
            let key = FieldKey {
                class: class.clone(),
                name: crate::classpath::lambda::captured_field(k),
            };
            if let Some(&array) = st.mem.fields.get(&key) {
                let cell = self.terms.select(array, r);
                let stored = self.narrow(ty, *v);
                out.push(self.terms.eq(cell, stored));
            }
        }
        self.allocated(st, r, id, &class, insn.pc, out);
        Ok(())
    }

    /// The reason an `invokedynamic` with another bootstrap method cuts the
    /// path, naming that method.
    pub(super) fn unsupported_dynamic(
        &self,
        st: &mut St,
        insn: &Instruction,
        bootstrap: u16,
    ) -> Reason {
        let bsm = st
            .top()
            .m
            .class
            .bootstrap_method(bootstrap)
            .map(|b| b.handle.qualified_name().replace('/', "."));
        let why = crate::search::unsupported::Unsupported::InvokeDynamic(bsm);
        self.unsupported(st, insn, &why.to_string())
    }

    pub(super) fn step_array_clone(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        r: &MethodRef,
        out: &mut Vec<TermId>,
    ) {
        let result = self.pop(st);
        let a = self.operands(st, before, 1)[0];
        self.array_clone(st, insn, &r.class, a, result, out);
    }
}
