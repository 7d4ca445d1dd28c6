//! Backward rules: one per instruction family, relating the CMV after an
//! instruction to the CMV before it (section IV of the JAUT paper).
//!
//! Each rule pops the instruction's results from the state after it, pushes
//! fresh variables for its operands (typed by the frame before it) and adds
//! the constraints that tie them: `iadd` gives `r == a + b`, `putfield f`
//! gives `f_after == f_before{o := v}` and `o != null`, and so on. The
//! normal path is the one followed, so a dereference asserts non-null and a
//! division a non-zero divisor. Values are exact two's-complement
//! bit-vectors: overflow, shift-count masking and `MIN_VALUE / -1` behave as
//! on the JVM. An instruction without a rule cuts the path with
//! `unsupported: <instruction> at <method> pc N`; none is skipped.
//!
//! [`Explorer::step`] dispatches to one handler per family (JVMS §6.5):
//! [`locals`] (constants, loads, stores, `iinc`, stack shuffles),
//! [`arithmetic`] (int and long operations, conversions, `lcmp`; floats
//! are in [`super::float_rules`]), [`fields`] (`get`/`put` of static and
//! instance fields), [`arrays`], [`objects`] (`new`, casts, monitors) and
//! [`invoke`] (`invokedynamic`, array `clone`). The heap the rules read and
//! write is in [`super::heap`]; branches and switches are stepped over with
//! the edge that says which way they went ([`super::edges`]), other invokes
//! by entering the callee ([`super::callee`]).

mod arithmetic;
mod arrays;
mod fields;
mod invoke;
mod locals;
mod objects;

use super::cmv::St;
use super::explore::Explorer;
use crate::classfile::bytecode::{CmpOp, Conversion, Instruction, InvokeKind, Kind};
use crate::classfile::{JType, Op};
use crate::frames::Frame;
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::{Callee, Registry};
use crate::model::inputs;
use crate::model::sort_of_vtype;
use crate::model::term::{Sort, TermId};
use crate::reason::Reason;
impl Explorer<'_> {
    pub(in crate::search) fn unsupported(
        &self,
        st: &mut St,
        insn: &Instruction,
        what: &str,
    ) -> Reason {
        let m = &st.top().m;
        Reason::Unsupported(format!(
            "{what} at {} pc {}",
            m.key.to_string().replace('/', "."),
            insn.pc
        ))
    }

    pub(in crate::search) fn frame_before(&self, st: &mut St, insn: &Instruction) -> Frame {
        st.top()
            .m
            .frames
            .at(insn.pc)
            .cloned()
            .expect("instructions on a backward path are reachable")
    }

    pub(in crate::search) fn fresh(&mut self, hint: &str, sort: Sort) -> TermId {
        self.fresh.var(&mut self.terms, hint, sort)
    }

    /// Pops a result from the state after the instruction.
    pub(in crate::search) fn pop(&mut self, st: &mut St) -> TermId {
        st.top()
            .stack
            .pop()
            .expect("frames guarantee the stack depth")
    }

    /// Fresh variables for the top `n` stack values of the frame before the
    /// instruction, pushed onto the state (bottom first); returns them.
    pub(in crate::search) fn operands(
        &mut self,
        st: &mut St,
        before: &Frame,
        n: usize,
    ) -> Vec<TermId> {
        let types = &before.stack[before.stack.len() - n..];
        let vars: Vec<TermId> = types
            .iter()
            .map(|t| self.fresh("v", sort_of_vtype(t)))
            .collect();
        st.top().stack.extend(vars.iter().copied());
        vars
    }

    fn null(&mut self) -> TermId {
        self.terms.int(0)
    }

    pub(in crate::search) fn non_null(&mut self, r: TermId) -> TermId {
        let z = self.null();
        self.terms.ne(r, z)
    }

    /// Steps backward over `insn` (not a branch, switch, goto, return or
    /// invoke: those are handled with the edges and calls).
    pub(in crate::search) fn step(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let before = self.frame_before(st, insn);
        if self.step_float(st, insn, &before, out) {
            return Ok(());
        }
        match &insn.op {
            Op::Nop | Op::Goto(_) => Ok(()),
            Op::Const(c) => self.step_constant(st, insn, c, out),
            Op::Load(_, k) => {
                self.step_load(st, *k, out);
                Ok(())
            }
            Op::Store(_, k) => {
                self.step_store(st, &before, *k);
                Ok(())
            }
            Op::Iinc { index, delta } => {
                self.step_iinc(st, *index, *delta, out);
                Ok(())
            }
            Op::Stack(op) => {
                self.step_stack(st, &before, *op, out);
                Ok(())
            }
            Op::Binary(kind @ (Kind::Int | Kind::Long), op) => {
                self.step_binary(st, &before, *kind, *op, out);
                Ok(())
            }
            Op::Neg(Kind::Int | Kind::Long) => {
                self.step_negate(st, &before, out);
                Ok(())
            }
            Op::Convert(
                c @ (Conversion::I2L
                | Conversion::L2I
                | Conversion::I2B
                | Conversion::I2C
                | Conversion::I2S),
            ) => {
                self.step_convert(st, &before, *c, out);
                Ok(())
            }
            Op::Compare(CmpOp::LCmp) => {
                self.step_long_compare(st, &before, out);
                Ok(())
            }
            Op::GetStatic(f) => self.step_get_static(st, insn, f, out),
            Op::PutStatic(f) => self.step_put_static(st, insn, &before, f, out),
            Op::GetField(f) => self.step_get_field(st, insn, &before, f, out),
            Op::PutField(f) => self.step_put_field(st, insn, &before, f, out),
            Op::New(class) => self.step_new(st, insn, class, out),
            Op::CheckCast(ty) => {
                self.step_check_cast(st, &before, ty, out);
                Ok(())
            }
            Op::InstanceOf(ty) => {
                self.step_instance_of(st, &before, ty, out);
                Ok(())
            }
            Op::ArrayLength => {
                self.step_array_length(st, &before, out);
                Ok(())
            }
            Op::ArrayLoad(_) => self.step_array_load(st, &before, out),
            Op::ArrayStore(_) => {
                self.step_array_store(st, &before, out);
                Ok(())
            }
            Op::NewArray(_) | Op::ANewArray(_) => self.step_new_array(st, insn, &before, out),
            Op::MultiANewArray(ty, dims) => {
                self.step_multi_new_array(st, insn, &before, ty, *dims, out)
            }
            // javac's string concatenation (JDK 9+): a new string. Its text
            // is left free — more behaviours than the JVM has, so no proof
            // rests on it; the replay checks a state that depends on it.
            Op::InvokeDynamic {
                name,
                desc,
                bootstrap,
            } if Registry::dynamic(name, &desc.ret) == Some(Intrinsic::StringConcat) => {
                self.step_string_concat(st, insn, &before, desc, *bootstrap, out)
            }
            // A lambda or method reference: a new object of the class
            // LambdaMetafactory would spin (classpath::lambda), holding
            // the captured values.
            Op::InvokeDynamic {
                desc, bootstrap, ..
            } if st
                .top()
                .m
                .class
                .bootstrap_method(*bootstrap)
                .is_some_and(crate::classpath::lambda::is_lambda_bootstrap) =>
            {
                self.step_lambda(st, insn, &before, desc, *bootstrap, out)
            }
            // Any other call site: its bootstrap method named in the typed
            // reason.
            Op::InvokeDynamic { bootstrap, .. } => {
                Err(self.unsupported_dynamic(st, insn, *bootstrap))
            }
            Op::Invoke(kind, r)
                if Registry::array_method(&Callee::of(r, *kind == InvokeKind::Static))
                    == Some(Intrinsic::ArrayClone) =>
            {
                self.step_array_clone(st, insn, &before, r, out);
                Ok(())
            }
            Op::MonitorEnter | Op::MonitorExit => {
                self.step_monitor(st, &before, out);
                Ok(())
            }
            other => {
                let what = describe_unsupported(other, insn);
                Err(self.unsupported(st, insn, &what))
            }
        }
    }

    /// The value a field or array of type `ty` holds after storing `v`.
    pub(in crate::search) fn narrow(&mut self, ty: &JType, v: TermId) -> TermId {
        inputs::narrow(&mut self.terms, ty, v)
    }

    /// `v` is a value of type `ty`: in range for the narrow int types.
    pub(in crate::search) fn in_range(&mut self, ty: &JType, v: TermId) -> Option<TermId> {
        inputs::in_range(&mut self.terms, ty, v)
    }
}

fn describe_unsupported(op: &Op, insn: &Instruction) -> String {
    match op {
        Op::ArrayLoad(_)
        | Op::ArrayStore(_)
        | Op::NewArray(_)
        | Op::ANewArray(_)
        | Op::MultiANewArray(..)
        | Op::ArrayLength => {
            format!("{} (arrays)", insn.mnemonic())
        }
        Op::AThrow => "athrow (exceptions)".into(),
        _ => insn.mnemonic().to_string(),
    }
}
