//! cafebabe's opcodes as jaut's instructions (JVMS §6.5): jump offsets
//! made absolute, constant pool operands converted ([`super::constants`]),
//! and the bytes that decode to no JVM instruction reported as errors.

use cafebabe::bytecode::{Opcode, PrimitiveArrayType};

use super::constants::{class_type, constant, field_ref, method_ref};
use crate::classfile::bytecode::{
    ArrayElem, BinOp, CmpOp, Cond, Constant, Conversion, InvokeKind, Kind, Op, StackOp,
};
use crate::classfile::descriptor::MethodDescriptor;
use crate::classfile::InstructionError;

fn target(pc: u32, offset: i32) -> u32 {
    // cafebabe has already checked that the target is an instruction start.
    (pc as i64 + offset as i64) as u32
}

/// The instruction `op` at `pc`: its jump targets made absolute, its
/// constant pool operands converted and checked.
pub(super) fn convert(op: &Opcode<'_>, pc: u32) -> Result<Op, InstructionError> {
    let konst = |c: Constant| Op::Const(Box::new(c));
    let if_ = |cond: Cond, j: &i32| Op::If {
        cond,
        target: target(pc, *j),
    };
    let icmp = |cond: Cond, j: &i32| Op::IfICmp {
        cond,
        target: target(pc, *j),
    };
    Ok(match op {
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
        Opcode::Checkcast(t) => Op::CheckCast(class_type(t)),
        Opcode::Instanceof(t) => Op::InstanceOf(class_type(t)),
        // Every other instruction needs neither its pc nor the constant
        // pool; the reserved opcodes (`breakpoint`, `impdep1/2`, JVMS
        // §6.2) are the ones `plain` does not know.
        other => plain(other).ok_or(InstructionError::ReservedOpcode)?,
    })
}

/// The instructions with neither a jump target nor a constant pool operand
/// (constants, locals, array elements, the stack, arithmetic, conversions,
/// comparisons, returns, monitors); `None` for the others.
fn plain(op: &Opcode<'_>) -> Option<Op> {
    use Kind::*;
    let konst = |c: Constant| Op::Const(Box::new(c));
    let bin = |k: Kind, b: BinOp| Op::Binary(k, b);
    Some(match op {
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
        Opcode::Ret(i) => Op::Ret(*i),
        Opcode::Ireturn => Op::Return(Some(Int)),
        Opcode::Lreturn => Op::Return(Some(Long)),
        Opcode::Freturn => Op::Return(Some(Float)),
        Opcode::Dreturn => Op::Return(Some(Double)),
        Opcode::Areturn => Op::Return(Some(Ref)),
        Opcode::Return => Op::Return(None),
        Opcode::Arraylength => Op::ArrayLength,
        Opcode::Athrow => Op::AThrow,
        Opcode::Monitorenter => Op::MonitorEnter,
        Opcode::Monitorexit => Op::MonitorExit,
        _ => return None,
    })
}
