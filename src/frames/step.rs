//! The effect of one instruction on the frame before it: the data-flow
//! transfer function of type inference (JVMS §4.10.2.2, and §6.5 for each
//! instruction's operand-stack effect).

use super::{err, Frame, FrameError, VType};
use crate::classfile::bytecode::{ArrayElem, Constant, InvokeKind, Kind, MethodRef, StackOp};
use crate::classfile::{Class, Code, JType, Op, Pc};
use crate::classpath::hierarchy::{descriptor_of, OBJECT};

fn pop(pc: Pc, stack: &mut Vec<VType>) -> Result<VType, FrameError> {
    stack.pop().ok_or_else(|| FrameError {
        pc,
        message: "operand stack underflow".into(),
    })
}

fn pop_kind(pc: Pc, stack: &mut Vec<VType>, kind: Kind) -> Result<VType, FrameError> {
    let v = pop(pc, stack)?;
    let ok = match kind {
        Kind::Int => v == VType::Int,
        Kind::Long => v == VType::Long,
        Kind::Float => v == VType::Float,
        Kind::Double => v == VType::Double,
        Kind::Ref => v.is_reference(),
    };
    if ok {
        Ok(v)
    } else {
        err(pc, format!("expected {kind:?} on the stack, found {v}"))
    }
}

/// Pops values making up `words` words, for the stack-shuffling instructions;
/// fails if a long or double would be split.
fn pop_words(pc: Pc, stack: &mut Vec<VType>, words: usize) -> Result<Vec<VType>, FrameError> {
    let mut taken = Vec::new();
    let mut n = 0;
    while n < words {
        let v = pop(pc, stack)?;
        n += v.size();
        taken.push(v);
    }
    if n != words {
        return err(pc, "stack instruction would split a long or double");
    }
    taken.reverse();
    Ok(taken)
}

fn push_all(stack: &mut Vec<VType>, values: &[VType]) {
    stack.extend(values.iter().cloned());
}

/// The element type of an array type, for `aaload`.
fn component(array: &VType) -> VType {
    match array {
        VType::Ref(desc) if desc.starts_with('[') => match JType::parse(desc) {
            Some(JType::Array(elem)) => VType::of(&elem),
            _ => VType::Ref(OBJECT.into()),
        },
        VType::Null => VType::Null,
        _ => VType::Ref(OBJECT.into()),
    }
}

/// The effect of the instruction at `pc` (whose operation is `op`) on the
/// frame before it: the frame after it, or `None` when control does not
/// continue to a successor (`return`, `athrow`).
pub fn step(
    class: &Class,
    code: &Code,
    pc: Pc,
    op: &Op,
    mut f: Frame,
) -> Result<Option<Frame>, FrameError> {
    let s = &mut f.stack;
    match op {
        Op::Nop | Op::Goto(_) => {}
        Op::Const(c) => s.push(constant_type(c)),
        Op::Load(kind, index) => {
            let v = load(pc, &f.locals, *kind, *index)?;
            f.stack.push(v);
        }
        Op::Store(kind, index) => {
            let v = pop_kind(pc, s, *kind)?;
            store(pc, &mut f.locals, *index as usize, v)?;
        }
        Op::Iinc { index, .. } => {
            if f.locals.get(*index as usize) != Some(&VType::Int) {
                return err(pc, format!("iinc of local {index}, which holds no int"));
            }
        }
        Op::ArrayLoad(elem) => {
            pop_kind(pc, s, Kind::Int)?;
            let array = pop_kind(pc, s, Kind::Ref)?;
            s.push(match elem {
                ArrayElem::Ref => component(&array),
                e => VType::of(&match e.kind() {
                    Kind::Long => JType::Long,
                    Kind::Float => JType::Float,
                    Kind::Double => JType::Double,
                    _ => JType::Int,
                }),
            });
        }
        Op::ArrayStore(elem) => {
            pop_kind(pc, s, elem.kind())?;
            pop_kind(pc, s, Kind::Int)?;
            pop_kind(pc, s, Kind::Ref)?;
        }
        Op::Stack(sop) => shuffle(pc, s, sop)?,
        Op::Binary(kind, bop) => {
            use crate::classfile::bytecode::BinOp::*;
            let shift = matches!(bop, Shl | Shr | Ushr);
            pop_kind(pc, s, if shift { Kind::Int } else { *kind })?;
            let v = pop_kind(pc, s, *kind)?;
            s.push(v);
        }
        Op::Neg(kind) => {
            let v = pop_kind(pc, s, *kind)?;
            s.push(v);
        }
        Op::Convert(c) => {
            pop_kind(pc, s, c.from_kind())?;
            s.push(kind_type(c.to_kind()));
        }
        Op::Compare(c) => {
            pop_kind(pc, s, c.operand_kind())?;
            pop_kind(pc, s, c.operand_kind())?;
            s.push(VType::Int);
        }
        Op::If { .. } => drop(pop_kind(pc, s, Kind::Int)?),
        Op::IfICmp { .. } => {
            pop_kind(pc, s, Kind::Int)?;
            pop_kind(pc, s, Kind::Int)?;
        }
        Op::IfACmp { .. } => {
            pop_kind(pc, s, Kind::Ref)?;
            pop_kind(pc, s, Kind::Ref)?;
        }
        Op::IfNull { .. } => drop(pop_kind(pc, s, Kind::Ref)?),
        Op::TableSwitch { .. } | Op::LookupSwitch { .. } => drop(pop_kind(pc, s, Kind::Int)?),
        Op::Jsr(_) | Op::Ret(_) => {
            return err(
                pc,
                "jsr/ret subroutines (class files before version 50) are not supported",
            )
        }
        Op::Return(kind) => {
            if let Some(k) = kind {
                pop_kind(pc, s, *k)?;
            }
            return Ok(None);
        }
        Op::AThrow => {
            pop_kind(pc, s, Kind::Ref)?;
            return Ok(None);
        }
        Op::GetStatic(r) => s.push(VType::of(&r.ty)),
        Op::PutStatic(r) => drop(pop_kind(pc, s, Kind::of(&r.ty).unwrap_or(Kind::Int))?),
        Op::GetField(r) => {
            pop_kind(pc, s, Kind::Ref)?;
            s.push(VType::of(&r.ty));
        }
        Op::PutField(r) => {
            pop_kind(pc, s, Kind::of(&r.ty).unwrap_or(Kind::Int))?;
            pop_kind(pc, s, Kind::Ref)?;
        }
        Op::Invoke(kind, m) => invoke(class, code, pc, &mut f, *kind, m)?,
        Op::InvokeDynamic { desc, .. } => {
            for p in desc.params.iter().rev() {
                pop_kind(pc, s, Kind::of(p).unwrap_or(Kind::Int))?;
            }
            if desc.ret != JType::Void {
                s.push(VType::of(&desc.ret));
            }
        }
        Op::New(_) => s.push(VType::Uninit(pc)),
        Op::NewArray(elem) => {
            pop_kind(pc, s, Kind::Int)?;
            let t = elem.array_type().ok_or_else(|| FrameError {
                pc,
                message: "newarray of a reference type".into(),
            })?;
            s.push(VType::of(&t));
        }
        Op::ANewArray(elem) => {
            pop_kind(pc, s, Kind::Int)?;
            s.push(VType::Ref(format!(
                "[{}",
                descriptor_of(&elem.class_ref_name())
            )));
        }
        Op::MultiANewArray(t, dims) => {
            for _ in 0..*dims {
                pop_kind(pc, s, Kind::Int)?;
            }
            s.push(VType::of(t));
        }
        Op::ArrayLength => {
            pop_kind(pc, s, Kind::Ref)?;
            s.push(VType::Int);
        }
        Op::CheckCast(t) => {
            pop_kind(pc, s, Kind::Ref)?;
            s.push(VType::Ref(t.class_ref_name()));
        }
        Op::InstanceOf(_) => {
            pop_kind(pc, s, Kind::Ref)?;
            s.push(VType::Int);
        }
        Op::MonitorEnter | Op::MonitorExit => drop(pop_kind(pc, s, Kind::Ref)?),
    }
    Ok(Some(f))
}

/// The type a constant pushes (`ldc`, `aconst_null`, `iconst_*`, …).
fn constant_type(c: &Constant) -> VType {
    match c {
        Constant::Null => VType::Null,
        Constant::Int(_) => VType::Int,
        Constant::Long(_) => VType::Long,
        Constant::Float(_) => VType::Float,
        Constant::Double(_) => VType::Double,
        Constant::String(_) => VType::Ref("java/lang/String".into()),
        Constant::Class(_) => VType::Ref("java/lang/Class".into()),
        Constant::MethodType(_) => VType::Ref("java/lang/invoke/MethodType".into()),
        Constant::MethodHandle(_) => VType::Ref("java/lang/invoke/MethodHandle".into()),
        Constant::Dynamic { descriptor, .. } => JType::parse(descriptor)
            .map(|t| VType::of(&t))
            .unwrap_or_else(|| VType::Ref(OBJECT.into())),
    }
}

/// The value of local `index` for a load of `kind`.
fn load(pc: Pc, locals: &[VType], kind: Kind, index: u16) -> Result<VType, FrameError> {
    let v = locals
        .get(index as usize)
        .cloned()
        .ok_or_else(|| FrameError {
            pc,
            message: format!("local {index} out of range"),
        })?;
    let ok = match kind {
        Kind::Ref => v.is_reference(),
        Kind::Int => v == VType::Int,
        Kind::Long => v == VType::Long,
        Kind::Float => v == VType::Float,
        Kind::Double => v == VType::Double,
    };
    if !ok {
        return err(pc, format!("load of local {index} holding {v}"));
    }
    Ok(v)
}

/// The stack-shuffling instructions (`pop`, `dup*`, `swap`), word by word.
fn shuffle(pc: Pc, s: &mut Vec<VType>, sop: &StackOp) -> Result<(), FrameError> {
    match sop {
        StackOp::Pop => drop(pop_words(pc, s, 1)?),
        StackOp::Pop2 => drop(pop_words(pc, s, 2)?),
        StackOp::Dup => {
            let a = pop_words(pc, s, 1)?;
            push_all(s, &a);
            push_all(s, &a);
        }
        StackOp::DupX1 => {
            let a = pop_words(pc, s, 1)?;
            let b = pop_words(pc, s, 1)?;
            push_all(s, &a);
            push_all(s, &b);
            push_all(s, &a);
        }
        StackOp::DupX2 => {
            let a = pop_words(pc, s, 1)?;
            let b = pop_words(pc, s, 2)?;
            push_all(s, &a);
            push_all(s, &b);
            push_all(s, &a);
        }
        StackOp::Dup2 => {
            let a = pop_words(pc, s, 2)?;
            push_all(s, &a);
            push_all(s, &a);
        }
        StackOp::Dup2X1 => {
            let a = pop_words(pc, s, 2)?;
            let b = pop_words(pc, s, 1)?;
            push_all(s, &a);
            push_all(s, &b);
            push_all(s, &a);
        }
        StackOp::Dup2X2 => {
            let a = pop_words(pc, s, 2)?;
            let b = pop_words(pc, s, 2)?;
            push_all(s, &a);
            push_all(s, &b);
            push_all(s, &a);
        }
        StackOp::Swap => {
            let a = pop_words(pc, s, 1)?;
            let b = pop_words(pc, s, 1)?;
            push_all(s, &a);
            push_all(s, &b);
        }
    }
    Ok(())
}

/// A call: its arguments popped, an `<init>` turning every copy of the
/// uninitialized receiver into its class, and its result pushed.
fn invoke(
    class: &Class,
    code: &Code,
    pc: Pc,
    f: &mut Frame,
    kind: InvokeKind,
    m: &MethodRef,
) -> Result<(), FrameError> {
    for p in m.desc.params.iter().rev() {
        pop_kind(pc, &mut f.stack, Kind::of(p).unwrap_or(Kind::Int))?;
    }
    if kind != InvokeKind::Static {
        let receiver = pop_kind(pc, &mut f.stack, Kind::Ref)?;
        if m.name == "<init>" {
            let init = match &receiver {
                VType::UninitThis => VType::Ref(class.name.clone()),
                VType::Uninit(new_pc) => match code.instruction_at(*new_pc).map(|i| &i.op) {
                    Some(Op::New(c)) => VType::Ref(c.clone()),
                    _ => return err(pc, format!("no `new` at pc {new_pc}")),
                },
                other => return err(pc, format!("<init> called on initialized {other}")),
            };
            for v in f.locals.iter_mut().chain(f.stack.iter_mut()) {
                if *v == receiver {
                    *v = init.clone();
                }
            }
        }
    }
    if m.desc.ret != JType::Void {
        f.stack.push(VType::of(&m.desc.ret));
    }
    Ok(())
}

fn kind_type(kind: Kind) -> VType {
    match kind {
        Kind::Int => VType::Int,
        Kind::Long => VType::Long,
        Kind::Float => VType::Float,
        Kind::Double => VType::Double,
        Kind::Ref => VType::Ref(OBJECT.into()),
    }
}

fn store(pc: Pc, locals: &mut [VType], index: usize, v: VType) -> Result<(), FrameError> {
    let size = v.size();
    if index + size > locals.len() {
        return err(pc, format!("store to local {index} beyond max_locals"));
    }
    // Overwriting the second half of a long or double invalidates the first.
    if index > 0 && matches!(locals[index - 1], VType::Long | VType::Double) {
        locals[index - 1] = VType::Top;
    }
    // A two-word value, or one word over the first half of a long, leaves
    // the next slot unusable.
    let was_wide = matches!(locals[index], VType::Long | VType::Double);
    if (size == 2 || was_wide) && index + 1 < locals.len() {
        locals[index + 1] = VType::Top;
    }
    locals[index] = v;
    Ok(())
}
