//! Conversion from `cafebabe`'s borrowed parse tree to the owned model.
//!
//! cafebabe folds `wide` forms into the narrow opcodes and `goto_w` into
//! `goto`; the original opcode byte is read back from the code array so the
//! text form stays faithful. Bytes that decode to no JVM instruction
//! (`breakpoint`, `impdep1/2`, which must not appear in class files, JVMS §6.2)
//! are reported as errors naming the method and pc.
//!
//! Here the class and its members; the `BootstrapMethods` attribute in
//! [`bootstrap`], the `Code` attribute (with its exception table, line
//! numbers, local variables and stack map frames, JVMS §4.7.3–4.7.4) in
//! [`code`], the instructions in [`ops`] (JVMS §6.5) and their constant
//! pool operands in [`constants`] (JVMS §4.4).

mod bootstrap;
mod code;
mod constants;
mod ops;

use cafebabe::attributes::AttributeData;

use super::descriptor::{JType, MethodDescriptor};
use super::{Class, ClassFileError, Field, Method, MethodError};
use bootstrap::bootstrap_method;
use code::read_code;
use constants::field_constant;

pub(super) fn read_class(bytes: &[u8]) -> Result<Class, ClassFileError> {
    if bytes.len() < 4 || bytes[..4] != [0xCA, 0xFE, 0xBA, 0xBE] {
        return Err(ClassFileError::BadMagic);
    }
    // cafebabe 0.9 does unchecked i32 arithmetic on bytecode operands (a
    // jump offset added to its pc, a tableswitch's `high - low`), which
    // panics on overflow in builds with overflow checks. Class files come
    // from anywhere on the class path, so such a panic is reported as a
    // corrupt class rather than taking jaut down.
    let cf = std::panic::catch_unwind(|| cafebabe::parse_class(bytes))
        .map_err(|_| ClassFileError::ParserPanicked)?
        .map_err(ClassFileError::Parse)?;
    let name = cf.this_class.to_string();
    let mut source_file = None;
    let mut bootstrap_methods = Vec::new();
    let mut inner_access = None;
    let mut signature = None;
    for attr in &cf.attributes {
        match &attr.data {
            AttributeData::SourceFile(s) => source_file = Some(s.to_string()),
            AttributeData::Signature(s) => signature = Some(s.to_string()),
            AttributeData::BootstrapMethods(entries) => {
                bootstrap_methods = entries.iter().map(bootstrap_method).collect();
            }
            AttributeData::InnerClasses(entries) => {
                inner_access = entries
                    .iter()
                    .find(|e| e.inner_class_info == name)
                    .map(|e| e.access_flags.bits());
            }
            _ => {}
        }
    }
    let fields = cf
        .fields
        .iter()
        .map(|f| {
            let ty = JType::parse(&f.descriptor.to_string()).ok_or_else(|| {
                ClassFileError::FieldDescriptor {
                    field: f.name.to_string(),
                }
            })?;
            let constant = f.attributes.iter().find_map(|a| match &a.data {
                AttributeData::ConstantValue(lit) => Some(field_constant(lit)),
                _ => None,
            });
            Ok(Field {
                name: f.name.to_string(),
                ty,
                access: f.access_flags.bits(),
                constant,
            })
        })
        .collect::<Result<Vec<_>, ClassFileError>>()?;
    let methods = cf
        .methods
        .iter()
        .map(|m| {
            let descriptor = m.descriptor.to_string();
            let in_method = |source: MethodError| ClassFileError::Method {
                method: format!("{}{}", m.name, descriptor),
                source,
            };
            let desc = MethodDescriptor::parse(&descriptor)
                .ok_or_else(|| in_method(MethodError::BadDescriptor))?;
            let code = m
                .attributes
                .iter()
                .find_map(|a| match &a.data {
                    AttributeData::Code(code) => Some(code),
                    _ => None,
                })
                .map(read_code)
                .transpose()
                .map_err(in_method)?;
            let signature = m.attributes.iter().find_map(|a| match &a.data {
                AttributeData::Signature(s) => Some(s.to_string()),
                _ => None,
            });
            Ok(Method {
                name: m.name.to_string(),
                descriptor,
                desc,
                access: m.access_flags.bits(),
                code,
                signature,
            })
        })
        .collect::<Result<Vec<_>, ClassFileError>>()?;
    Ok(Class {
        name,
        access: cf.access_flags.bits(),
        super_class: cf.super_class.as_ref().map(|c| c.to_string()),
        interfaces: cf.interfaces.iter().map(|c| c.to_string()).collect(),
        fields,
        methods,
        source_file,
        major_version: cf.major_version,
        bootstrap_methods,
        inner_access,
        signature,
    })
}
