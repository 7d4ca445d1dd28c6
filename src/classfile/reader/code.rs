//! The `Code` attribute of a method (JVMS §4.7.3): its instructions (with
//! the opcode byte and `wide` prefix read back from the code array), its
//! exception table, and the attributes read from it — line numbers, local
//! variables and the stack map frames (JVMS §4.7.4).

use cafebabe::attributes::{
    AttributeData, AttributeInfo, CodeData, StackMapEntry as CbEntry, VerificationType as CbType,
};

use super::ops::convert;
use crate::classfile::bytecode::Instruction;
use crate::classfile::descriptor::JType;
use crate::classfile::{
    Code, Handler, LineEntry, LocalVar, MethodError, StackMapEntry, VerificationType,
};

pub(super) fn read_code(code: &CodeData<'_>) -> Result<Code, MethodError> {
    let bytecode = code.bytecode.as_ref().ok_or(MethodError::CodeNotDecoded)?;
    let raw = code.code;
    let mut instructions = Vec::with_capacity(bytecode.opcodes.len());
    for (idx, (offset, opcode)) in bytecode.opcodes.iter().enumerate() {
        let pc = *offset as u32;
        let next = bytecode.opcodes.get(idx + 1).map_or(raw.len(), |(o, _)| *o);
        let (wide, opcode_byte) = match raw[*offset] {
            0xc4 => (true, raw[*offset + 1]),
            b => (false, b),
        };
        let op = convert(opcode, pc).map_err(|source| MethodError::Instruction { pc, source })?;
        instructions.push(Instruction {
            pc,
            len: (next - offset) as u32,
            opcode: opcode_byte,
            wide,
            op,
        });
    }
    let handlers = code
        .exception_table
        .iter()
        .map(|h| Handler {
            start: h.start_pc.into(),
            end: h.end_pc.into(),
            handler: h.handler_pc.into(),
            catch_type: h.catch_type.as_ref().map(|c| c.to_string()),
        })
        .collect();
    let mut lines = Vec::new();
    let mut local_vars = Vec::new();
    let mut stack_map = None;
    for AttributeInfo { data, .. } in &code.attributes {
        match data {
            AttributeData::LineNumberTable(entries) => {
                lines.extend(entries.iter().map(|e| LineEntry {
                    start_pc: e.start_pc.into(),
                    line: e.line_number,
                }));
            }
            AttributeData::LocalVariableTable(entries) => {
                for e in entries {
                    let ty = JType::parse(&e.descriptor.to_string()).ok_or_else(|| {
                        MethodError::LocalVariableDescriptor {
                            name: e.name.to_string(),
                        }
                    })?;
                    local_vars.push(LocalVar {
                        start_pc: e.start_pc.into(),
                        length: e.length.into(),
                        name: e.name.to_string(),
                        ty,
                        index: e.index,
                    });
                }
            }
            AttributeData::StackMapTable(entries) => {
                stack_map = Some(entries.iter().map(convert_entry).collect());
            }
            _ => {}
        }
    }
    lines.sort_by_key(|l: &LineEntry| l.start_pc);
    Ok(Code {
        max_stack: code.max_stack,
        max_locals: code.max_locals,
        instructions,
        handlers,
        lines,
        local_vars,
        stack_map,
        code_len: raw.len() as u32,
    })
}

fn convert_type(t: &CbType<'_>) -> VerificationType {
    match t {
        CbType::Top => VerificationType::Top,
        CbType::Integer => VerificationType::Integer,
        CbType::Float => VerificationType::Float,
        CbType::Long => VerificationType::Long,
        CbType::Double => VerificationType::Double,
        CbType::Null => VerificationType::Null,
        CbType::UninitializedThis => VerificationType::UninitializedThis,
        CbType::Uninitialized { code_offset } => {
            VerificationType::Uninitialized((*code_offset).into())
        }
        CbType::Object { class_name } => VerificationType::Object(class_name.to_string()),
    }
}

fn convert_entry(e: &CbEntry<'_>) -> StackMapEntry {
    let types = |v: &[CbType<'_>]| v.iter().map(convert_type).collect();
    match e {
        CbEntry::Same { offset_delta } => StackMapEntry::Same {
            offset_delta: *offset_delta,
        },
        CbEntry::SameLocals1StackItem {
            offset_delta,
            stack,
        } => StackMapEntry::SameLocals1StackItem {
            offset_delta: *offset_delta,
            stack: convert_type(stack),
        },
        CbEntry::Chop {
            offset_delta,
            chop_count,
        } => StackMapEntry::Chop {
            offset_delta: *offset_delta,
            chop: *chop_count,
        },
        CbEntry::Append {
            offset_delta,
            locals,
        } => StackMapEntry::Append {
            offset_delta: *offset_delta,
            locals: types(locals),
        },
        CbEntry::FullFrame {
            offset_delta,
            locals,
            stack,
        } => StackMapEntry::Full {
            offset_delta: *offset_delta,
            locals: types(locals),
            stack: types(stack),
        },
    }
}
