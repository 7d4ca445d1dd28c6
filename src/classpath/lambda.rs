//! Lambdas and method references as classes: what
//! `java.lang.invoke.LambdaMetafactory` spins at run time for an
//! `invokedynamic` whose bootstrap method is `metafactory` or
//! `altMetafactory` (JLS §15.27.4, §15.13.3; the factory's documentation),
//! written here as an ordinary [`Class`] so that the search allocates,
//! dispatches to and explores a lambda like any other object:
//!
//! - one final class per call site's bootstrap entry, named
//!   `Owner$$Lambda$N` (N the entry's index), implementing the functional
//!   interface (the call site's return type) and any marker interfaces;
//! - a field `arg$K` per captured value (the call site's arguments);
//! - the interface method (its erased type, and each bridge type
//!   `altMetafactory` asks for), whose bytecode loads the captured values,
//!   then its own arguments adapted to the implementation method's
//!   parameters (cast, boxed or unboxed as the factory does), calls the
//!   implementation method (static, virtual, interface, special or a
//!   constructor) and adapts the result back.
//!
//! A call site this cannot describe (an adaptation outside casting, boxing
//! and unboxing, a handle to a field) gives a typed [`LambdaError`].

use crate::classfile::bootstrap::{BootstrapArg, BootstrapMethod, HandleKind};
use crate::classfile::bytecode::{FieldRef, Instruction, InvokeKind, Kind, MethodRef, Op, StackOp};
use crate::classfile::descriptor::MethodDescriptor;
use crate::classfile::{access, Class, Code, Field, JType, Method};

const FACTORY: &str = "java/lang/invoke/LambdaMetafactory";

/// `altMetafactory` flags (the factory's `FLAG_SERIALIZABLE`,
/// `FLAG_MARKERS`, `FLAG_BRIDGES`).
const FLAG_SERIALIZABLE: i32 = 1;
const FLAG_MARKERS: i32 = 2;
const FLAG_BRIDGES: i32 = 4;

/// Why a lambda call site cannot be written as a class.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LambdaError {
    #[error("a lambda bootstrap entry with unexpected static arguments")]
    Arguments,
    #[error("a lambda whose implementation is a {0} handle")]
    HandleKind(String),
    #[error("a lambda that adapts {from} to {to} (only casts, boxing and unboxing are modelled)")]
    Adaptation { from: String, to: String },
    #[error("a lambda whose implementation takes {expected} arguments, given {given}")]
    Arity { expected: usize, given: usize },
}

/// Whether `bsm` is one of the lambda factory's bootstrap methods.
pub fn is_lambda_bootstrap(bsm: &BootstrapMethod) -> bool {
    bsm.handle.owner == FACTORY
        && matches!(bsm.handle.name.as_str(), "metafactory" | "altMetafactory")
}

/// The name of the class for bootstrap entry `bootstrap` of `owner`.
pub fn lambda_class_name(owner: &str, bootstrap: u16) -> String {
    format!("{owner}$$Lambda${bootstrap}")
}

/// The class of the lambda made by the `invokedynamic` in `owner` with
/// bootstrap entry `bootstrap`, interface method `name` and call-site type
/// `site` (the captured values to the functional interface).
pub fn lambda_class(
    owner: &Class,
    bootstrap: u16,
    name: &str,
    site: &MethodDescriptor,
) -> Result<Class, LambdaError> {
    let bsm = owner
        .bootstrap_method(bootstrap)
        .ok_or(LambdaError::Arguments)?;
    let (sam, implementation, flags) = match bsm.args.as_slice() {
        [BootstrapArg::MethodType(sam), BootstrapArg::Handle(h), BootstrapArg::MethodType(_), rest @ ..] =>
        {
            let flags = match rest.first() {
                Some(BootstrapArg::Int(f)) => *f,
                _ => 0,
            };
            (sam.clone(), h.clone(), flags)
        }
        _ => return Err(LambdaError::Arguments),
    };
    let JType::Object(interface) = &site.ret else {
        return Err(LambdaError::Arguments);
    };
    let mut interfaces = vec![interface.clone()];
    if flags & FLAG_SERIALIZABLE != 0 {
        interfaces.push("java/io/Serializable".into());
    }
    let mut types = vec![sam];
    // altMetafactory: flags, then marker interfaces, then bridge types.
    let mut rest = bsm.args.iter().skip(4);
    if flags & FLAG_MARKERS != 0 {
        let n = match rest.next() {
            Some(BootstrapArg::Int(n)) => *n as usize,
            _ => return Err(LambdaError::Arguments),
        };
        for _ in 0..n {
            match rest.next() {
                Some(BootstrapArg::Class(c)) => interfaces.push(c.clone()),
                _ => return Err(LambdaError::Arguments),
            }
        }
    }
    if flags & FLAG_BRIDGES != 0 {
        let n = match rest.next() {
            Some(BootstrapArg::Int(n)) => *n as usize,
            _ => return Err(LambdaError::Arguments),
        };
        for _ in 0..n {
            match rest.next() {
                Some(BootstrapArg::MethodType(t)) => types.push(t.clone()),
                _ => return Err(LambdaError::Arguments),
            }
        }
    }
    let class_name = lambda_class_name(&owner.name, bootstrap);
    let fields: Vec<Field> = site
        .params
        .iter()
        .enumerate()
        .map(|(k, ty)| Field {
            name: captured_field(k),
            ty: ty.clone(),
            access: access::PRIVATE | access::FINAL,
            constant: None,
        })
        .collect();
    let mut methods = Vec::new();
    for t in types {
        let desc = MethodDescriptor::parse(&t).ok_or(LambdaError::Arguments)?;
        let code = body(&class_name, site, &desc, &implementation)?;
        methods.push(Method {
            name: name.to_string(),
            descriptor: t,
            desc,
            access: access::PUBLIC,
            code: Some(code),
            signature: None,
        });
    }
    Ok(Class {
        name: class_name,
        access: access::FINAL | access::SYNTHETIC,
        super_class: Some("java/lang/Object".into()),
        interfaces,
        fields,
        methods,
        source_file: owner.source_file.clone(),
        major_version: owner.major_version,
        bootstrap_methods: Vec::new(),
        inner_access: None,
        signature: None,
    })
}

/// The field holding captured value `k`.
pub fn captured_field(k: usize) -> String {
    format!("arg${}", k + 1)
}

/// Writes instructions one after the other, their pcs following.
#[derive(Default)]
struct Writer {
    instructions: Vec<Instruction>,
    pc: u32,
    stack: u16,
    max_stack: u16,
}

impl Writer {
    fn emit(&mut self, opcode: u8, len: u32, op: Op, stack_change: i32) {
        self.instructions.push(Instruction {
            pc: self.pc,
            len,
            opcode,
            wide: false,
            op,
        });
        self.pc += len;
        self.stack = (i32::from(self.stack) + stack_change).max(0) as u16;
        self.max_stack = self.max_stack.max(self.stack);
    }

    fn load(&mut self, ty: &JType, slot: u16) {
        let (kind, opcode) = match kind_of(ty) {
            Kind::Int => (Kind::Int, 0x15),
            Kind::Long => (Kind::Long, 0x16),
            Kind::Float => (Kind::Float, 0x17),
            Kind::Double => (Kind::Double, 0x18),
            Kind::Ref => (Kind::Ref, 0x19),
        };
        self.emit(opcode, 2, Op::Load(kind, slot), size(ty) as i32);
    }

    fn invoke(&mut self, kind: InvokeKind, class: &str, name: &str, descriptor: &str) {
        let desc = MethodDescriptor::parse(descriptor).expect("a valid descriptor");
        let args: i32 = desc.params.iter().map(|p| size(p) as i32).sum::<i32>()
            + i32::from(!matches!(kind, InvokeKind::Static));
        let (opcode, len) = match kind {
            InvokeKind::Virtual => (0xb6, 3),
            InvokeKind::Special => (0xb7, 3),
            InvokeKind::Static => (0xb8, 3),
            InvokeKind::Interface => (0xb9, 5),
        };
        let ret = if desc.ret == JType::Void {
            0
        } else {
            size(&desc.ret) as i32
        };
        let r = MethodRef {
            class: class.to_string(),
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            desc,
        };
        self.emit(opcode, len, Op::Invoke(kind, Box::new(r)), ret - args);
    }

    fn cast(&mut self, to: &JType) {
        self.emit(0xc0, 3, Op::CheckCast(Box::new(to.clone())), 0);
    }
}

fn kind_of(ty: &JType) -> Kind {
    match ty {
        JType::Long => Kind::Long,
        JType::Float => Kind::Float,
        JType::Double => Kind::Double,
        t if t.is_reference() => Kind::Ref,
        _ => Kind::Int,
    }
}

fn size(ty: &JType) -> u16 {
    match ty {
        JType::Long | JType::Double => 2,
        JType::Void => 0,
        _ => 1,
    }
}

/// The box class of a primitive type, and its unboxing method.
fn boxing(ty: &JType) -> Option<(&'static str, &'static str)> {
    Some(match ty {
        JType::Boolean => ("java/lang/Boolean", "booleanValue"),
        JType::Byte => ("java/lang/Byte", "byteValue"),
        JType::Char => ("java/lang/Character", "charValue"),
        JType::Short => ("java/lang/Short", "shortValue"),
        JType::Int => ("java/lang/Integer", "intValue"),
        JType::Long => ("java/lang/Long", "longValue"),
        JType::Float => ("java/lang/Float", "floatValue"),
        JType::Double => ("java/lang/Double", "doubleValue"),
        _ => return None,
    })
}

/// Converts the value on top of the stack from `from` to `to`.
fn adapt(w: &mut Writer, from: &JType, to: &JType) -> Result<(), LambdaError> {
    let mismatch = || LambdaError::Adaptation {
        from: from.to_string(),
        to: to.to_string(),
    };
    match (from.is_reference(), to.is_reference()) {
        _ if from == to => {}
        (true, true) => {
            if to != &JType::Object("java/lang/Object".into()) {
                w.cast(to);
            }
        }
        (true, false) => {
            let (class, method) = boxing(to).ok_or_else(mismatch)?;
            let boxed = JType::Object(class.into());
            if from != &boxed {
                w.cast(&boxed);
            }
            let d = format!("(){}", to.descriptor());
            w.invoke(InvokeKind::Virtual, class, method, &d);
        }
        (false, true) => {
            let (class, _) = boxing(from).ok_or_else(mismatch)?;
            let d = format!("({})L{class};", from.descriptor());
            w.invoke(InvokeKind::Static, class, "valueOf", &d);
            if !matches!(to, JType::Object(c) if c == class || c == "java/lang/Object" || c == "java/lang/Number")
            {
                w.cast(to);
            }
        }
        (false, false) => return Err(mismatch()),
    }
    Ok(())
}

/// The interface method's bytecode: captured values, adapted arguments,
/// the call, the adapted result.
fn body(
    class: &str,
    site: &MethodDescriptor,
    sam: &MethodDescriptor,
    h: &crate::classfile::bootstrap::MethodHandle,
) -> Result<Code, LambdaError> {
    let target = MethodDescriptor::parse(&h.descriptor).ok_or(LambdaError::Arguments)?;
    let owner = JType::Object(h.owner.clone());
    // The values the implementation takes, in order: a receiver first for
    // the instance kinds.
    let (kind, params, ret) = match h.kind {
        HandleKind::InvokeStatic => (
            InvokeKind::Static,
            target.params.clone(),
            target.ret.clone(),
        ),
        HandleKind::InvokeVirtual | HandleKind::InvokeInterface | HandleKind::InvokeSpecial => {
            let mut p = vec![owner.clone()];
            p.extend(target.params.iter().cloned());
            let kind = match h.kind {
                HandleKind::InvokeVirtual => InvokeKind::Virtual,
                HandleKind::InvokeInterface => InvokeKind::Interface,
                _ => InvokeKind::Special,
            };
            (kind, p, target.ret.clone())
        }
        HandleKind::NewInvokeSpecial => (InvokeKind::Special, target.params.clone(), owner.clone()),
        other => return Err(LambdaError::HandleKind(other.to_string())),
    };
    let given = site.params.len() + sam.params.len();
    if params.len() != given {
        return Err(LambdaError::Arity {
            expected: params.len(),
            given,
        });
    }
    let mut w = Writer::default();
    if h.kind == HandleKind::NewInvokeSpecial {
        w.emit(0xbb, 3, Op::New(h.owner.clone()), 1);
        w.emit(0x59, 1, Op::Stack(StackOp::Dup), 1);
    }
    for (k, ty) in site.params.iter().enumerate() {
        w.load(&JType::Object(class.into()), 0);
        let f = FieldRef {
            class: class.to_string(),
            name: captured_field(k),
            ty: ty.clone(),
        };
        w.emit(0xb4, 3, Op::GetField(Box::new(f)), size(ty) as i32 - 1);
        adapt(&mut w, ty, &params[k])?;
    }
    let mut slot = 1u16;
    for (j, ty) in sam.params.iter().enumerate() {
        w.load(ty, slot);
        slot += size(ty);
        adapt(&mut w, ty, &params[site.params.len() + j])?;
    }
    let (call_class, call_name) = (h.owner.as_str(), h.name.as_str());
    // For a constructor, `new` and `dup` left the object under the
    // arguments: it is the result.
    w.invoke(kind, call_class, call_name, &h.descriptor);
    match (&sam.ret, &ret) {
        (JType::Void, JType::Void) => {}
        (JType::Void, r) => {
            let (opcode, op) = if size(r) == 2 {
                (0x58, StackOp::Pop2)
            } else {
                (0x57, StackOp::Pop)
            };
            w.emit(opcode, 1, Op::Stack(op), -(size(r) as i32));
        }
        (s, r) => adapt(&mut w, r, s)?,
    }
    let (opcode, kind) = match &sam.ret {
        JType::Void => (0xb1, None),
        t => {
            let k = kind_of(t);
            let opcode = match k {
                Kind::Int => 0xac,
                Kind::Long => 0xad,
                Kind::Float => 0xae,
                Kind::Double => 0xaf,
                Kind::Ref => 0xb0,
            };
            (opcode, Some(k))
        }
    };
    w.emit(opcode, 1, Op::Return(kind), 0);
    let max_locals = slot;
    Ok(Code {
        max_stack: w.max_stack.max(1),
        max_locals,
        code_len: w.pc,
        instructions: w.instructions,
        handlers: Vec::new(),
        lines: Vec::new(),
        local_vars: Vec::new(),
        stack_map: None,
    })
}
