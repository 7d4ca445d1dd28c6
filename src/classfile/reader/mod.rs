//! Conversion from `cafebabe`'s borrowed parse tree to the owned model.
//!
//! cafebabe folds `wide` forms into the narrow opcodes and `goto_w` into
//! `goto`; the original opcode byte is read back from the code array so the
//! text form stays faithful. Bytes that decode to no JVM instruction
//! (`breakpoint`, `impdep1/2`, which must not appear in class files, JVMS §6.2)
//! are reported as errors naming the method and pc.

use cafebabe::attributes::{
    AttributeData, AttributeInfo, CodeData, StackMapEntry as CbEntry, VerificationType as CbType,
};
use cafebabe::bytecode::{Opcode, PrimitiveArrayType};
use cafebabe::constant_pool::{LiteralConstant, Loadable, MemberRef, ObjectArrayType};

use super::bootstrap::{BootstrapArg, BootstrapMethod, HandleKind, MethodHandle};
use super::bytecode::{
    ArrayElem, BinOp, CmpOp, Cond, Constant, Conversion, FieldRef, Instruction, InvokeKind, Kind,
    MethodRef, Op, StackOp,
};
use super::descriptor::{JType, MethodDescriptor};
use super::{
    Class, ClassFileError, Code, Field, FieldConstant, Handler, InstructionError, LineEntry,
    LocalVar, Method, MethodError, StackMapEntry, VerificationType,
};

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
    for attr in &cf.attributes {
        match &attr.data {
            AttributeData::SourceFile(s) => source_file = Some(s.to_string()),
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
    })
}

fn bootstrap_method(e: &cafebabe::attributes::BootstrapMethodEntry<'_>) -> BootstrapMethod {
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

fn read_code(code: &CodeData<'_>) -> Result<Code, MethodError> {
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

fn field_ref(m: &MemberRef<'_>) -> Result<Box<FieldRef>, InstructionError> {
    let ty = JType::parse(&m.name_and_type.descriptor)
        .ok_or_else(|| InstructionError::FieldDescriptor(m.name_and_type.descriptor.to_string()))?;
    Ok(Box::new(FieldRef {
        class: m.class_name.to_string(),
        name: m.name_and_type.name.to_string(),
        ty,
    }))
}

fn method_ref(m: &MemberRef<'_>) -> Result<Box<MethodRef>, InstructionError> {
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

fn class_type(t: &ObjectArrayType<'_>) -> Box<JType> {
    Box::new(match t {
        ObjectArrayType::ArrayType(d) => JType::from_class_ref(&d.to_string()),
        ObjectArrayType::BinaryName(n) => JType::Object(n.to_string()),
    })
}

fn field_constant(lit: &LiteralConstant<'_>) -> FieldConstant {
    match lit {
        LiteralConstant::Integer(v) => FieldConstant::Value(Constant::Int(*v)),
        LiteralConstant::Float(v) => FieldConstant::Value(Constant::Float(*v)),
        LiteralConstant::Long(v) => FieldConstant::Value(Constant::Long(*v)),
        LiteralConstant::Double(v) => FieldConstant::Value(Constant::Double(*v)),
        LiteralConstant::String(s) => FieldConstant::Value(Constant::String(s.to_string())),
        LiteralConstant::StringBytes(_) => FieldConstant::UnpairedSurrogate,
    }
}

fn constant(l: &Loadable<'_>) -> Constant {
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

fn target(pc: u32, offset: i32) -> u32 {
    // cafebabe has already checked that the target is an instruction start.
    (pc as i64 + offset as i64) as u32
}

fn convert(op: &Opcode<'_>, pc: u32) -> Result<Op, InstructionError> {
    use Kind::*;
    let konst = |c: Constant| Op::Const(Box::new(c));
    let bin = |k: Kind, b: BinOp| Op::Binary(k, b);
    let if_ = |cond: Cond, j: &i32| Op::If {
        cond,
        target: target(pc, *j),
    };
    let icmp = |cond: Cond, j: &i32| Op::IfICmp {
        cond,
        target: target(pc, *j),
    };
    Ok(match op {
        Opcode::Nop => Op::Nop,
        Opcode::AconstNull => konst(Constant::Null),
        Opcode::IconstM1 => konst(Constant::Int(-1)),
        Opcode::Iconst0 => konst(Constant::Int(0)),
        Opcode::Iconst1 => konst(Constant::Int(1)),
        Opcode::Iconst2 => konst(Constant::Int(2)),
        Opcode::Iconst3 => konst(Constant::Int(3)),
        Opcode::Iconst4 => konst(Constant::Int(4)),
        Opcode::Iconst5 => konst(Constant::Int(5)),
        Opcode::Lconst0 => konst(Constant::Long(0)),
        Opcode::Lconst1 => konst(Constant::Long(1)),
        Opcode::Fconst0 => konst(Constant::Float(0.0)),
        Opcode::Fconst1 => konst(Constant::Float(1.0)),
        Opcode::Fconst2 => konst(Constant::Float(2.0)),
        Opcode::Dconst0 => konst(Constant::Double(0.0)),
        Opcode::Dconst1 => konst(Constant::Double(1.0)),
        Opcode::Bipush(v) => konst(Constant::Int((*v).into())),
        Opcode::Sipush(v) => konst(Constant::Int((*v).into())),
        Opcode::Ldc(l) | Opcode::LdcW(l) => {
            // cafebabe does not check the kind of the constant (JVMS §4.9.1):
            // `ldc` and `ldc_w` load one word, `ldc2_w` a long or double.
            let c = constant(l);
            if c.kind().size() == 2 {
                let opcode = if matches!(op, Opcode::Ldc(_)) {
                    "ldc"
                } else {
                    "ldc_w"
                };
                return Err(InstructionError::LdcTwoWords {
                    opcode,
                    constant: c,
                });
            }
            konst(c)
        }
        Opcode::Ldc2W(l) => {
            let c = constant(l);
            if c.kind().size() != 2 {
                return Err(InstructionError::Ldc2WOneWord(c));
            }
            konst(c)
        }
        Opcode::Iload(i) => Op::Load(Int, *i),
        Opcode::Lload(i) => Op::Load(Long, *i),
        Opcode::Fload(i) => Op::Load(Float, *i),
        Opcode::Dload(i) => Op::Load(Double, *i),
        Opcode::Aload(i) => Op::Load(Ref, *i),
        Opcode::Istore(i) => Op::Store(Int, *i),
        Opcode::Lstore(i) => Op::Store(Long, *i),
        Opcode::Fstore(i) => Op::Store(Float, *i),
        Opcode::Dstore(i) => Op::Store(Double, *i),
        Opcode::Astore(i) => Op::Store(Ref, *i),
        Opcode::Iinc(index, delta) => Op::Iinc {
            index: *index,
            delta: *delta,
        },
        Opcode::Iaload => Op::ArrayLoad(ArrayElem::Int),
        Opcode::Laload => Op::ArrayLoad(ArrayElem::Long),
        Opcode::Faload => Op::ArrayLoad(ArrayElem::Float),
        Opcode::Daload => Op::ArrayLoad(ArrayElem::Double),
        Opcode::Aaload => Op::ArrayLoad(ArrayElem::Ref),
        Opcode::Baload => Op::ArrayLoad(ArrayElem::ByteOrBoolean),
        Opcode::Caload => Op::ArrayLoad(ArrayElem::Char),
        Opcode::Saload => Op::ArrayLoad(ArrayElem::Short),
        Opcode::Iastore => Op::ArrayStore(ArrayElem::Int),
        Opcode::Lastore => Op::ArrayStore(ArrayElem::Long),
        Opcode::Fastore => Op::ArrayStore(ArrayElem::Float),
        Opcode::Dastore => Op::ArrayStore(ArrayElem::Double),
        Opcode::Aastore => Op::ArrayStore(ArrayElem::Ref),
        Opcode::Bastore => Op::ArrayStore(ArrayElem::ByteOrBoolean),
        Opcode::Castore => Op::ArrayStore(ArrayElem::Char),
        Opcode::Sastore => Op::ArrayStore(ArrayElem::Short),
        Opcode::Pop => Op::Stack(StackOp::Pop),
        Opcode::Pop2 => Op::Stack(StackOp::Pop2),
        Opcode::Dup => Op::Stack(StackOp::Dup),
        Opcode::DupX1 => Op::Stack(StackOp::DupX1),
        Opcode::DupX2 => Op::Stack(StackOp::DupX2),
        Opcode::Dup2 => Op::Stack(StackOp::Dup2),
        Opcode::Dup2X1 => Op::Stack(StackOp::Dup2X1),
        Opcode::Dup2X2 => Op::Stack(StackOp::Dup2X2),
        Opcode::Swap => Op::Stack(StackOp::Swap),
        Opcode::Iadd => bin(Int, BinOp::Add),
        Opcode::Ladd => bin(Long, BinOp::Add),
        Opcode::Fadd => bin(Float, BinOp::Add),
        Opcode::Dadd => bin(Double, BinOp::Add),
        Opcode::Isub => bin(Int, BinOp::Sub),
        Opcode::Lsub => bin(Long, BinOp::Sub),
        Opcode::Fsub => bin(Float, BinOp::Sub),
        Opcode::Dsub => bin(Double, BinOp::Sub),
        Opcode::Imul => bin(Int, BinOp::Mul),
        Opcode::Lmul => bin(Long, BinOp::Mul),
        Opcode::Fmul => bin(Float, BinOp::Mul),
        Opcode::Dmul => bin(Double, BinOp::Mul),
        Opcode::Idiv => bin(Int, BinOp::Div),
        Opcode::Ldiv => bin(Long, BinOp::Div),
        Opcode::Fdiv => bin(Float, BinOp::Div),
        Opcode::Ddiv => bin(Double, BinOp::Div),
        Opcode::Irem => bin(Int, BinOp::Rem),
        Opcode::Lrem => bin(Long, BinOp::Rem),
        Opcode::Frem => bin(Float, BinOp::Rem),
        Opcode::Drem => bin(Double, BinOp::Rem),
        Opcode::Ineg => Op::Neg(Int),
        Opcode::Lneg => Op::Neg(Long),
        Opcode::Fneg => Op::Neg(Float),
        Opcode::Dneg => Op::Neg(Double),
        Opcode::Ishl => bin(Int, BinOp::Shl),
        Opcode::Lshl => bin(Long, BinOp::Shl),
        Opcode::Ishr => bin(Int, BinOp::Shr),
        Opcode::Lshr => bin(Long, BinOp::Shr),
        Opcode::Iushr => bin(Int, BinOp::Ushr),
        Opcode::Lushr => bin(Long, BinOp::Ushr),
        Opcode::Iand => bin(Int, BinOp::And),
        Opcode::Land => bin(Long, BinOp::And),
        Opcode::Ior => bin(Int, BinOp::Or),
        Opcode::Lor => bin(Long, BinOp::Or),
        Opcode::Ixor => bin(Int, BinOp::Xor),
        Opcode::Lxor => bin(Long, BinOp::Xor),
        Opcode::I2l => Op::Convert(Conversion::I2L),
        Opcode::I2f => Op::Convert(Conversion::I2F),
        Opcode::I2d => Op::Convert(Conversion::I2D),
        Opcode::L2i => Op::Convert(Conversion::L2I),
        Opcode::L2f => Op::Convert(Conversion::L2F),
        Opcode::L2d => Op::Convert(Conversion::L2D),
        Opcode::F2i => Op::Convert(Conversion::F2I),
        Opcode::F2l => Op::Convert(Conversion::F2L),
        Opcode::F2d => Op::Convert(Conversion::F2D),
        Opcode::D2i => Op::Convert(Conversion::D2I),
        Opcode::D2l => Op::Convert(Conversion::D2L),
        Opcode::D2f => Op::Convert(Conversion::D2F),
        Opcode::I2b => Op::Convert(Conversion::I2B),
        Opcode::I2c => Op::Convert(Conversion::I2C),
        Opcode::I2s => Op::Convert(Conversion::I2S),
        Opcode::Lcmp => Op::Compare(CmpOp::LCmp),
        Opcode::Fcmpl => Op::Compare(CmpOp::FCmpL),
        Opcode::Fcmpg => Op::Compare(CmpOp::FCmpG),
        Opcode::Dcmpl => Op::Compare(CmpOp::DCmpL),
        Opcode::Dcmpg => Op::Compare(CmpOp::DCmpG),
        Opcode::Ifeq(j) => if_(Cond::Eq, j),
        Opcode::Ifne(j) => if_(Cond::Ne, j),
        Opcode::Iflt(j) => if_(Cond::Lt, j),
        Opcode::Ifge(j) => if_(Cond::Ge, j),
        Opcode::Ifgt(j) => if_(Cond::Gt, j),
        Opcode::Ifle(j) => if_(Cond::Le, j),
        Opcode::IfIcmpeq(j) => icmp(Cond::Eq, j),
        Opcode::IfIcmpne(j) => icmp(Cond::Ne, j),
        Opcode::IfIcmplt(j) => icmp(Cond::Lt, j),
        Opcode::IfIcmpge(j) => icmp(Cond::Ge, j),
        Opcode::IfIcmpgt(j) => icmp(Cond::Gt, j),
        Opcode::IfIcmple(j) => icmp(Cond::Le, j),
        Opcode::IfAcmpeq(j) => Op::IfACmp {
            cond: Cond::Eq,
            target: target(pc, *j),
        },
        Opcode::IfAcmpne(j) => Op::IfACmp {
            cond: Cond::Ne,
            target: target(pc, *j),
        },
        Opcode::Ifnull(j) => Op::IfNull {
            cond: Cond::Eq,
            target: target(pc, *j),
        },
        Opcode::Ifnonnull(j) => Op::IfNull {
            cond: Cond::Ne,
            target: target(pc, *j),
        },
        Opcode::Goto(j) => Op::Goto(target(pc, *j)),
        Opcode::Jsr(j) => Op::Jsr(target(pc, *j)),
        Opcode::Ret(i) => Op::Ret(*i),
        // Without overflow checks cafebabe computes `high - low + 1` for
        // low = i32::MIN, high = i32::MAX as 0 and reads no offsets.
        Opcode::Tableswitch(t) if t.jumps.len() as i64 != t.high as i64 - t.low as i64 + 1 => {
            return Err(InstructionError::TableSwitchSize {
                low: t.low,
                high: t.high,
                offsets: t.jumps.len(),
            })
        }
        Opcode::Tableswitch(t) => Op::TableSwitch {
            default: target(pc, t.default),
            low: t.low,
            high: t.high,
            targets: t.jumps.iter().map(|j| target(pc, *j)).collect(),
        },
        Opcode::Lookupswitch(t) => Op::LookupSwitch {
            default: target(pc, t.default),
            pairs: t
                .match_offsets
                .iter()
                .map(|(k, j)| (*k, target(pc, *j)))
                .collect(),
        },
        Opcode::Ireturn => Op::Return(Some(Int)),
        Opcode::Lreturn => Op::Return(Some(Long)),
        Opcode::Freturn => Op::Return(Some(Float)),
        Opcode::Dreturn => Op::Return(Some(Double)),
        Opcode::Areturn => Op::Return(Some(Ref)),
        Opcode::Return => Op::Return(None),
        Opcode::Getstatic(m) => Op::GetStatic(field_ref(m)?),
        Opcode::Putstatic(m) => Op::PutStatic(field_ref(m)?),
        Opcode::Getfield(m) => Op::GetField(field_ref(m)?),
        Opcode::Putfield(m) => Op::PutField(field_ref(m)?),
        Opcode::Invokevirtual(m) => Op::Invoke(InvokeKind::Virtual, method_ref(m)?),
        Opcode::Invokespecial(m) => Op::Invoke(InvokeKind::Special, method_ref(m)?),
        Opcode::Invokestatic(m) => Op::Invoke(InvokeKind::Static, method_ref(m)?),
        Opcode::Invokeinterface(m, count) => {
            // The count operand must be the argument words plus the receiver
            // (JVMS §4.9.1); cafebabe only checks the zero byte after it.
            let m = method_ref(m)?;
            let words = m.desc.param_words() + 1;
            if usize::from(*count) != words {
                return Err(InstructionError::InterfaceCount {
                    method: m,
                    count: *count,
                    words,
                });
            }
            Op::Invoke(InvokeKind::Interface, m)
        }
        Opcode::Invokedynamic(d) => {
            let desc = MethodDescriptor::parse(&d.name_and_type.descriptor).ok_or_else(|| {
                InstructionError::InvokeDynamicDescriptor(d.name_and_type.descriptor.to_string())
            })?;
            Op::InvokeDynamic {
                name: d.name_and_type.name.to_string(),
                desc: Box::new(desc),
                bootstrap: d.attr_index,
            }
        }
        Opcode::New(name) => Op::New(name.to_string()),
        Opcode::Newarray(t) => Op::NewArray(match t {
            PrimitiveArrayType::Boolean => ArrayElem::Boolean,
            PrimitiveArrayType::Char => ArrayElem::Char,
            PrimitiveArrayType::Float => ArrayElem::Float,
            PrimitiveArrayType::Double => ArrayElem::Double,
            PrimitiveArrayType::Byte => ArrayElem::Byte,
            PrimitiveArrayType::Short => ArrayElem::Short,
            PrimitiveArrayType::Int => ArrayElem::Int,
            PrimitiveArrayType::Long => ArrayElem::Long,
        }),
        Opcode::Anewarray(t) => Op::ANewArray(class_type(t)),
        Opcode::Multianewarray(t, dims) => Op::MultiANewArray(class_type(t), *dims),
        Opcode::Arraylength => Op::ArrayLength,
        Opcode::Athrow => Op::AThrow,
        Opcode::Checkcast(t) => Op::CheckCast(class_type(t)),
        Opcode::Instanceof(t) => Op::InstanceOf(class_type(t)),
        Opcode::Monitorenter => Op::MonitorEnter,
        Opcode::Monitorexit => Op::MonitorExit,
        Opcode::Breakpoint | Opcode::Impdep1 | Opcode::Impdep2 => {
            return Err(InstructionError::ReservedOpcode)
        }
    })
}
