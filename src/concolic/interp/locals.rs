//! Constants, locals and the operand stack (JVMS §6.5 `ldc`, `*const`,
//! `*load`, `*store`, `iinc`, `pop`, `dup`, `swap`) in the concolic
//! interpreter.

use super::calls::new_text;
use super::{not_executed, Activation, Conc, Obj, RunState, Step, Stop, Val};
use crate::classfile::bytecode::{BinOp, Constant, Instruction, StackOp};
use crate::classfile::Op;

impl super::Machine<'_> {
    /// Runs a constant, local or stack instruction.
    pub(super) fn exec_local(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
    ) -> Result<Step, Stop> {
        match &insn.op {
            Op::Const(c) => act.stack.push(match c.as_ref() {
                Constant::Null => Val::concrete(Conc::Ref(None)),
                Constant::Int(v) => Val::concrete(Conc::Int(*v)),
                Constant::Long(v) => Val::concrete(Conc::Long(*v)),
                Constant::Float(v) => Val::concrete(Conc::Float(*v)),
                Constant::Double(v) => Val::concrete(Conc::Double(*v)),
                // An opaque object: enough for a message handed to an
                // exception's constructor; any call on it stops.
                Constant::String(_) => new_text(st),
                // An opaque object too, one per type as in the JVM,
                // which only answers `desiredAssertionStatus`
                // (`class_object_call`).
                Constant::Class(ty) => {
                    st.unfaithful("loaded a Class object");
                    let known = st.class_objects.iter().find(|(_, t)| *t == ty);
                    let o = match known {
                        Some((&o, _)) => o,
                        None => {
                            let o = st.heap_index(Obj::instance("java/lang/Class"));
                            st.class_objects.insert(o, ty.clone());
                            o
                        }
                    };
                    Val::concrete(Conc::Ref(Some(o)))
                }
                other => return Err(Stop::unsupported(format!("loads the constant {other:?}"))),
            }),
            Op::Load(_, index) => {
                let v = act
                    .locals
                    .get(usize::from(*index))
                    .copied()
                    .flatten()
                    .ok_or_else(|| Stop::unsupported("reads an unset local"))?;
                act.stack.push(v);
            }
            Op::Store(_, index) => {
                let v = act.pop()?;
                let index = usize::from(*index);
                if index >= act.locals.len() {
                    return Err(Stop::unsupported("writes past the act.locals"));
                }
                act.locals[index] = Some(v);
            }
            Op::Iinc { index, delta } => {
                let index = usize::from(*index);
                let v = act
                    .locals
                    .get(index)
                    .copied()
                    .flatten()
                    .ok_or_else(|| Stop::unsupported("increments an unset local"))?;
                let d = Val::concrete(Conc::Int(i32::from(*delta)));
                act.locals[index] = Some(self.int_op(BinOp::Add, v, d)?);
            }
            Op::Stack(op) => stack_op(&mut act.stack, *op)?,
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::Next)
    }
}

/// `pop`, `dup` and the rest (JVMS §6.5), by the categories of the values.
pub(super) fn stack_op(stack: &mut Vec<Val>, op: StackOp) -> Result<(), Stop> {
    let under = || Stop::unsupported("operand stack underflow");
    let n = stack.len();
    let top_wide = |s: &Vec<Val>, k: usize| s.get(s.len().wrapping_sub(k)).is_some_and(Val::wide);
    match op {
        StackOp::Pop => {
            stack.pop().ok_or_else(under)?;
        }
        StackOp::Pop2 => {
            let v = stack.pop().ok_or_else(under)?;
            if !v.wide() {
                stack.pop().ok_or_else(under)?;
            }
        }
        StackOp::Dup => stack.push(*stack.last().ok_or_else(under)?),
        StackOp::DupX1 => {
            if n < 2 {
                return Err(under());
            }
            let v = stack[n - 1];
            stack.insert(n - 2, v);
        }
        StackOp::DupX2 => {
            // Form 2: value2 is wide and counts for two.
            let depth = if top_wide(stack, 2) { 2 } else { 3 };
            if n < depth {
                return Err(under());
            }
            let v = stack[n - 1];
            stack.insert(n - depth, v);
        }
        StackOp::Dup2 => {
            if top_wide(stack, 1) {
                stack.push(stack[n - 1]);
            } else {
                if n < 2 {
                    return Err(under());
                }
                stack.extend_from_slice(&[stack[n - 2], stack[n - 1]]);
            }
        }
        StackOp::Dup2X1 => {
            if top_wide(stack, 1) {
                if n < 2 {
                    return Err(under());
                }
                let v = stack[n - 1];
                stack.insert(n - 2, v);
            } else {
                if n < 3 {
                    return Err(under());
                }
                let (a, b) = (stack[n - 2], stack[n - 1]);
                stack.splice(n - 3..n - 3, [a, b]);
            }
        }
        StackOp::Dup2X2 => {
            let top = if top_wide(stack, 1) { 1 } else { 2 };
            let below_top = n.checked_sub(top).ok_or_else(under)?;
            let below = if stack.get(below_top.wrapping_sub(1)).is_some_and(Val::wide) {
                1
            } else {
                2
            };
            let at = below_top.checked_sub(below).ok_or_else(under)?;
            let moved: Vec<Val> = stack[below_top..].to_vec();
            stack.splice(at..at, moved);
        }
        StackOp::Swap => {
            if n < 2 {
                return Err(under());
            }
            stack.swap(n - 1, n - 2);
        }
    }
    Ok(())
}
