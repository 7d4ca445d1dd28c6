//! The `BootstrapMethods` attribute (JVMS §4.7.23): each bootstrap
//! method's handle (JVMS §4.4.8) and static arguments, as `invokedynamic`
//! and dynamic constants name them.

use cafebabe::constant_pool::LiteralConstant;

use crate::classfile::bootstrap::{BootstrapArg, BootstrapMethod, HandleKind, MethodHandle};

pub(super) fn bootstrap_method(
    e: &cafebabe::attributes::BootstrapMethodEntry<'_>,
) -> BootstrapMethod {
    BootstrapMethod {
        handle: method_handle(&e.method),
        args: e.arguments.iter().map(bootstrap_arg).collect(),
    }
}

fn method_handle(h: &cafebabe::constant_pool::MethodHandle<'_>) -> MethodHandle {
    use cafebabe::constant_pool::ReferenceKind as K;
    MethodHandle {
        kind: match h.kind {
            K::GetField => HandleKind::GetField,
            K::GetStatic => HandleKind::GetStatic,
            K::PutField => HandleKind::PutField,
            K::PutStatic => HandleKind::PutStatic,
            K::InvokeVirtual => HandleKind::InvokeVirtual,
            K::InvokeStatic => HandleKind::InvokeStatic,
            K::InvokeSpecial => HandleKind::InvokeSpecial,
            K::NewInvokeSpecial => HandleKind::NewInvokeSpecial,
            K::InvokeInterface => HandleKind::InvokeInterface,
        },
        owner: h.class_name.to_string(),
        name: h.member_ref.name.to_string(),
        descriptor: h.member_ref.descriptor.to_string(),
    }
}

fn bootstrap_arg(a: &cafebabe::constant_pool::BootstrapArgument<'_>) -> BootstrapArg {
    use cafebabe::constant_pool::BootstrapArgument as A;
    match a {
        A::LiteralConstant(l) => match l {
            LiteralConstant::Integer(v) => BootstrapArg::Int(*v),
            LiteralConstant::Float(v) => BootstrapArg::Float(*v),
            LiteralConstant::Long(v) => BootstrapArg::Long(*v),
            LiteralConstant::Double(v) => BootstrapArg::Double(*v),
            LiteralConstant::String(s) => BootstrapArg::String(s.to_string()),
            LiteralConstant::StringBytes(b) => {
                BootstrapArg::String(String::from_utf8_lossy(b).into_owned())
            }
        },
        A::ClassInfo(c) => BootstrapArg::Class(c.to_string()),
        A::MethodHandle(h) => BootstrapArg::Handle(method_handle(h)),
        A::MethodType(d) => BootstrapArg::MethodType(d.to_string()),
    }
}
