//! Constant pool entries as operands (JVMS §4.4): field and method
//! references, class types, the constants `ldc` loads and a field's
//! `ConstantValue`.

use cafebabe::constant_pool::{LiteralConstant, Loadable, MemberRef, ObjectArrayType};

use crate::classfile::bytecode::{Constant, FieldRef, MethodRef};
use crate::classfile::descriptor::{JType, MethodDescriptor};
use crate::classfile::{FieldConstant, InstructionError};

pub(super) fn field_ref(m: &MemberRef<'_>) -> Result<Box<FieldRef>, InstructionError> {
    let ty = JType::parse(&m.name_and_type.descriptor)
        .ok_or_else(|| InstructionError::FieldDescriptor(m.name_and_type.descriptor.to_string()))?;
    Ok(Box::new(FieldRef {
        class: m.class_name.to_string(),
        name: m.name_and_type.name.to_string(),
        ty,
    }))
}

pub(super) fn method_ref(m: &MemberRef<'_>) -> Result<Box<MethodRef>, InstructionError> {
    let descriptor = m.name_and_type.descriptor.to_string();
    let desc = MethodDescriptor::parse(&descriptor)
        .ok_or_else(|| InstructionError::MethodDescriptor(descriptor.clone()))?;
    Ok(Box::new(MethodRef {
        class: m.class_name.to_string(),
        name: m.name_and_type.name.to_string(),
        descriptor,
        desc,
    }))
}

pub(super) fn class_type(t: &ObjectArrayType<'_>) -> Box<JType> {
    Box::new(match t {
        ObjectArrayType::ArrayType(d) => JType::from_class_ref(&d.to_string()),
        ObjectArrayType::BinaryName(n) => JType::Object(n.to_string()),
    })
}

pub(super) fn field_constant(lit: &LiteralConstant<'_>) -> FieldConstant {
    match lit {
        LiteralConstant::Integer(v) => FieldConstant::Value(Constant::Int(*v)),
        LiteralConstant::Float(v) => FieldConstant::Value(Constant::Float(*v)),
        LiteralConstant::Long(v) => FieldConstant::Value(Constant::Long(*v)),
        LiteralConstant::Double(v) => FieldConstant::Value(Constant::Double(*v)),
        LiteralConstant::String(s) => FieldConstant::Value(Constant::String(s.to_string())),
        LiteralConstant::StringBytes(_) => FieldConstant::UnpairedSurrogate,
    }
}

pub(super) fn constant(l: &Loadable<'_>) -> Constant {
    match l {
        Loadable::LiteralConstant(lit) => match lit {
            LiteralConstant::Integer(v) => Constant::Int(*v),
            LiteralConstant::Float(v) => Constant::Float(*v),
            LiteralConstant::Long(v) => Constant::Long(*v),
            LiteralConstant::Double(v) => Constant::Double(*v),
            LiteralConstant::String(s) => Constant::String(s.to_string()),
            // Modified UTF-8 that is not valid UTF-8 (lone surrogates): keep
            // it readable rather than fail the whole class.
            LiteralConstant::StringBytes(b) => Constant::String(String::from_utf8_lossy(b).into()),
        },
        Loadable::ClassInfo(name) => Constant::Class(JType::from_class_ref(name)),
        Loadable::MethodType(d) => Constant::MethodType(d.to_string()),
        Loadable::MethodHandle(h) => Constant::MethodHandle(format!(
            "{}.{}:{}",
            h.class_name, h.member_ref.name, h.member_ref.descriptor
        )),
        Loadable::Dynamic(d) => Constant::Dynamic {
            name: d.name_and_type.name.to_string(),
            descriptor: d.name_and_type.descriptor.to_string(),
        },
    }
}
