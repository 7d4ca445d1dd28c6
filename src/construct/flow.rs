//! Which fields a constructor's parameters flow to: for each parameter,
//! the fields of the new object (`this`) that receive it unchanged.
//!
//! The analysis reads the constructor's bytecode for the shapes javac
//! gives a field assignment from a parameter (JLS §8.8.7, JVMS §4.10.2.4
//! for the `this`/`super` call): `aload_0; xload k; putfield f`, with the
//! value possibly passed through `Objects.requireNonNull` or a
//! `checkcast`, a field given the length of an array field made with a
//! parameter's length (`elements = new Object[size]; maxElements =
//! elements.length`), and a delegation `aload_0; xload a; …; invokespecial
//! <init>` to another constructor of the class or of its superclass, whose
//! own flows are followed. A parameter counts only when its local is never
//! stored to (so every read of it reads the argument). Nothing here is a
//! claim: the arguments chosen from it are checked by running the
//! constructor in the replay's JVM (docs/objects.md).

use crate::classfile::bytecode::{Constant, InvokeKind, Kind};
use crate::classfile::{Class, Method, Op};
use crate::classpath::ClassPath;

/// Constructors followed through `this(...)` and `super(...)`, at most.
const DEPTH: u32 = 4;

/// A field of the object a constructor makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldSlot {
    /// The class declaring the field, Java form.
    pub declared_in: String,
    pub name: String,
}

/// For each parameter of constructor `ctor` of `class`, the fields it is
/// stored to unchanged (empty for a parameter that reaches no field so).
pub fn parameter_fields(cp: &ClassPath, class: &Class, ctor: &Method) -> Vec<Vec<FieldSlot>> {
    flows(cp, class, ctor, DEPTH, Locals::Pristine)
}

/// The fields of `this` the one parameter of instance method `setter`
/// stores (`this.name = name`), also where the method may change its
/// parameter first on some path (`setNullText` turns `""` into `null`):
/// the replay reports what the field then holds.
pub fn setter_fields(cp: &ClassPath, class: &Class, setter: &Method) -> Vec<FieldSlot> {
    if setter.desc.params.len() != 1 || setter.access & crate::classfile::access::STATIC != 0 {
        return Vec::new();
    }
    flows(cp, class, setter, 0, Locals::Any)
        .pop()
        .unwrap_or_default()
}

/// Which loads of a parameter's local count as its argument.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Locals {
    /// Only of a local never stored to: every read reads the argument.
    Pristine,
    /// Any: a guess the replay checks.
    Any,
}

fn flows(
    cp: &ClassPath,
    class: &Class,
    ctor: &Method,
    depth: u32,
    locals: Locals,
) -> Vec<Vec<FieldSlot>> {
    let mut out = vec![Vec::new(); ctor.desc.params.len()];
    let Some(code) = &ctor.code else {
        return out;
    };
    let ins: Vec<&Op> = code.instructions.iter().map(|i| &i.op).collect();
    let stored = stored_slots(&ins);
    if stored.contains(&0) {
        return out;
    }
    // The parameter whose argument a pristine local holds.
    let slots = parameter_slots(ctor);
    let param_of = |op: &Op| match op {
        Op::Load(_, slot) if locals == Locals::Any || !stored.contains(slot) => {
            slots.iter().position(|s| s == slot)
        }
        _ => None,
    };
    let is_this = |op: &Op| matches!(op, Op::Load(Kind::Ref, 0));
    // The array fields given a new array of a parameter's length, and
    // that parameter: `elements = new Object[size]`.
    let mut sized: Vec<(&str, usize)> = Vec::new();
    for (i, op) in ins.iter().enumerate() {
        match op {
            Op::PutField(f) => {
                let Some(j) = value_start(&ins, i) else {
                    continue;
                };
                let from = match ins[j] {
                    Op::NewArray(_) | Op::ANewArray(_) if j > 1 && is_this(ins[j - 2]) => {
                        if let Some(k) = param_of(ins[j - 1]) {
                            sized.push((&f.name, k));
                        }
                        continue;
                    }
                    // `maxElements = elements.length`: the length's parameter.
                    Op::ArrayLength if j > 2 && is_this(ins[j - 2]) && is_this(ins[j - 3]) => {
                        match ins[j - 1] {
                            Op::GetField(a) => {
                                sized.iter().find(|(n, _)| *n == a.name).map(|s| s.1)
                            }
                            _ => None,
                        }
                    }
                    _ if j > 0 && is_this(ins[j - 1]) => param_of(ins[j]),
                    _ => None,
                };
                let Some(k) = from else {
                    continue;
                };
                let Ok(Some(found)) = cp.resolve_field(&f.class, &f.name) else {
                    continue;
                };
                out[k].push(FieldSlot {
                    declared_in: found.class.java_name(),
                    name: f.name.clone(),
                });
            }
            Op::Invoke(InvokeKind::Special, m)
                if m.name == "<init>"
                    && depth > 0
                    && (m.class == class.name || class.super_class.as_ref() == Some(&m.class)) =>
            {
                let n = m.desc.params.len();
                if i < n + 1 || !is_this(ins[i - n - 1]) {
                    continue;
                }
                let Ok(callee_class) = cp.load(&m.class) else {
                    continue;
                };
                let Some(callee) = callee_class.method("<init>", &m.descriptor) else {
                    continue;
                };
                let inner = flows(cp, &callee_class, callee, depth - 1, locals);
                for (a, fields) in inner.into_iter().enumerate() {
                    if let Some(k) = param_of(ins[i - n + a]) {
                        out[k].extend(fields);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The local slots `ins` stores to: a parameter's local not among them
/// holds its argument at every read.
pub(super) fn stored_slots(ins: &[&Op]) -> Vec<u16> {
    ins.iter()
        .filter_map(|op| match op {
            Op::Store(_, slot) | Op::Iinc { index: slot, .. } => Some(*slot),
            _ => None,
        })
        .collect()
}

/// The local slot of each parameter of a method (slot 0 is an instance
/// method's `this`; `long` and `double` take two, JVMS §2.6.1).
pub(super) fn parameter_slots(m: &Method) -> Vec<u16> {
    let mut slot = u16::from(!m.is_static());
    m.desc
        .params
        .iter()
        .map(|p| {
            let here = slot;
            slot += p.size() as u16;
            here
        })
        .collect()
}

/// The index of the instruction that pushes the value stored by the
/// `putfield` at `i`, looking through the calls that pass a value on
/// unchanged: `Objects.requireNonNull(x)` (with or without a constant
/// message) and a `checkcast`.
fn value_start(ins: &[&Op], i: usize) -> Option<usize> {
    let mut j = i.checked_sub(1)?;
    loop {
        match ins[j] {
            Op::CheckCast(_) => j = j.checked_sub(1)?,
            Op::Invoke(InvokeKind::Static, m)
                if m.class == "java/util/Objects" && m.name == "requireNonNull" =>
            {
                j = match m.descriptor.as_str() {
                    "(Ljava/lang/Object;)Ljava/lang/Object;" => j.checked_sub(1)?,
                    "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;"
                        if j >= 2
                            && matches!(ins[j - 1], Op::Const(c) if matches!(**c, Constant::String(_))) =>
                    {
                        j - 2
                    }
                    _ => return None,
                }
            }
            _ => return Some(j),
        }
    }
}
