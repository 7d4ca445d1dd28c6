//! Decoded JVM instructions (JVMS §6.5), with their offsets.
//!
//! Every opcode the JVM defines decodes to an [`Op`]; opcodes are grouped into
//! families (`Load(kind, index)`, `Binary(kind, op)`, `If { cond, target }`)
//! so that later stages write one rule per family rather than one per opcode.
//! The original opcode byte and the `wide` prefix are kept in [`Instruction`]
//! so the text form shows the mnemonic javap would (`iload_1`, `goto_w`).
//! Branch targets are absolute pcs, already checked by the reader to land on
//! an instruction start.
//! The javap-like text of an instruction is in `bytecode_text.rs`.

use std::fmt;

use super::descriptor::{JType, MethodDescriptor};

/// A bytecode offset within a method's code array.
pub type Pc = u32;

/// The computational kind of a value on the stack or in a local (JVMS §2.11.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Int,
    Long,
    Float,
    Double,
    Ref,
}

impl Kind {
    /// The javap prefix letter (`i`, `l`, `f`, `d`, `a`).
    pub fn prefix(self) -> char {
        match self {
            Kind::Int => 'i',
            Kind::Long => 'l',
            Kind::Float => 'f',
            Kind::Double => 'd',
            Kind::Ref => 'a',
        }
    }

    /// Words on the operand stack or in the locals (JVMS §2.6.1).
    pub fn size(self) -> usize {
        match self {
            Kind::Long | Kind::Double => 2,
            _ => 1,
        }
    }

    pub fn of(ty: &JType) -> Option<Kind> {
        Some(match ty {
            JType::Long => Kind::Long,
            JType::Float => Kind::Float,
            JType::Double => Kind::Double,
            JType::Object(_) | JType::Array(_) => Kind::Ref,
            JType::Void => return None,
            _ => Kind::Int,
        })
    }
}

/// Element type of an array access or of `newarray`. `baload`/`bastore` serve
/// both `byte[]` and `boolean[]`, hence `ByteOrBoolean`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrayElem {
    Boolean,
    Byte,
    ByteOrBoolean,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Ref,
}

impl ArrayElem {
    /// The kind of the value loaded from or stored into such an array.
    pub fn kind(self) -> Kind {
        match self {
            ArrayElem::Long => Kind::Long,
            ArrayElem::Float => Kind::Float,
            ArrayElem::Double => Kind::Double,
            ArrayElem::Ref => Kind::Ref,
            _ => Kind::Int,
        }
    }

    /// The array type a `newarray` of this element type creates.
    pub fn array_type(self) -> Option<JType> {
        let elem = match self {
            ArrayElem::Boolean => JType::Boolean,
            ArrayElem::Byte => JType::Byte,
            ArrayElem::Char => JType::Char,
            ArrayElem::Short => JType::Short,
            ArrayElem::Int => JType::Int,
            ArrayElem::Long => JType::Long,
            ArrayElem::Float => JType::Float,
            ArrayElem::Double => JType::Double,
            ArrayElem::ByteOrBoolean | ArrayElem::Ref => return None,
        };
        Some(JType::Array(Box::new(elem)))
    }
}

/// A comparison, as in `if<cond>` and `if_icmp<cond>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cond {
    Eq,
    Ne,
    Lt,
    Ge,
    Gt,
    Le,
}

impl Cond {
    /// The same comparison with its operands swapped: `a cond b` holds
    /// exactly when `b cond.swapped() a` does.
    pub fn swapped(self) -> Cond {
        match self {
            Cond::Lt => Cond::Gt,
            Cond::Gt => Cond::Lt,
            Cond::Le => Cond::Ge,
            Cond::Ge => Cond::Le,
            Cond::Eq | Cond::Ne => self,
        }
    }

    /// The condition that holds exactly when `self` does not.
    pub fn negate(self) -> Cond {
        match self {
            Cond::Eq => Cond::Ne,
            Cond::Ne => Cond::Eq,
            Cond::Lt => Cond::Ge,
            Cond::Ge => Cond::Lt,
            Cond::Gt => Cond::Le,
            Cond::Le => Cond::Gt,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Cond::Eq => "==",
            Cond::Ne => "!=",
            Cond::Lt => "<",
            Cond::Ge => ">=",
            Cond::Gt => ">",
            Cond::Le => "<=",
        }
    }

    /// Evaluates the condition on an ordering result.
    pub fn holds(self, ord: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cond::Eq => ord == Equal,
            Cond::Ne => ord != Equal,
            Cond::Lt => ord == Less,
            Cond::Ge => ord != Less,
            Cond::Gt => ord == Greater,
            Cond::Le => ord != Greater,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    Ushr,
    And,
    Or,
    Xor,
}

impl BinOp {
    fn suffix(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::Rem => "rem",
            BinOp::Shl => "shl",
            BinOp::Shr => "shr",
            BinOp::Ushr => "ushr",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
        }
    }
}

/// The stack-shuffling instructions, which act on words, not values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StackOp {
    Pop,
    Pop2,
    Dup,
    DupX1,
    DupX2,
    Dup2,
    Dup2X1,
    Dup2X2,
    Swap,
}

/// Primitive conversions (JVMS §2.11.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Conversion {
    I2L,
    I2F,
    I2D,
    L2I,
    L2F,
    L2D,
    F2I,
    F2L,
    F2D,
    D2I,
    D2L,
    D2F,
    I2B,
    I2C,
    I2S,
}

impl Conversion {
    pub fn from_kind(self) -> Kind {
        use Conversion::*;
        match self {
            I2L | I2F | I2D | I2B | I2C | I2S => Kind::Int,
            L2I | L2F | L2D => Kind::Long,
            F2I | F2L | F2D => Kind::Float,
            D2I | D2L | D2F => Kind::Double,
        }
    }

    pub fn to_kind(self) -> Kind {
        use Conversion::*;
        match self {
            L2I | F2I | D2I | I2B | I2C | I2S => Kind::Int,
            I2L | F2L | D2L => Kind::Long,
            I2F | L2F | D2F => Kind::Float,
            I2D | L2D | F2D => Kind::Double,
        }
    }
}

/// `lcmp`, `fcmpl`, `fcmpg`, `dcmpl`, `dcmpg`: push -1, 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    LCmp,
    FCmpL,
    FCmpG,
    DCmpL,
    DCmpG,
}

impl CmpOp {
    pub fn operand_kind(self) -> Kind {
        match self {
            CmpOp::LCmp => Kind::Long,
            CmpOp::FCmpL | CmpOp::FCmpG => Kind::Float,
            CmpOp::DCmpL | CmpOp::DCmpG => Kind::Double,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvokeKind {
    Virtual,
    Special,
    Static,
    Interface,
}

/// A value pushed by `aconst_null`, `iconst_*`, `bipush`, `sipush`, `ldc*`.
#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    Null,
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    String(String),
    /// A `java.lang.Class` for the named class or array type.
    Class(JType),
    MethodType(String),
    MethodHandle(String),
    /// A dynamically computed constant (JVMS §4.4.10): name and field descriptor.
    Dynamic {
        name: String,
        descriptor: String,
    },
}

impl Constant {
    /// The kind of the pushed value.
    pub fn kind(&self) -> Kind {
        match self {
            Constant::Int(_) => Kind::Int,
            Constant::Long(_) => Kind::Long,
            Constant::Float(_) => Kind::Float,
            Constant::Double(_) => Kind::Double,
            Constant::Dynamic { descriptor, .. } => JType::parse(descriptor)
                .and_then(|t| Kind::of(&t))
                .unwrap_or(Kind::Ref),
            _ => Kind::Ref,
        }
    }
}

impl fmt::Display for Constant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Constant::Null => f.write_str("null"),
            Constant::Int(v) => write!(f, "{v}"),
            Constant::Long(v) => write!(f, "{v}L"),
            Constant::Float(v) => write!(f, "{v:?}f"),
            Constant::Double(v) => write!(f, "{v:?}d"),
            Constant::String(s) => write!(f, "{s:?}"),
            Constant::Class(t) => write!(f, "class {}", t.class_ref_name()),
            Constant::MethodType(d) => write!(f, "methodtype {d}"),
            Constant::MethodHandle(h) => write!(f, "methodhandle {h}"),
            Constant::Dynamic { name, descriptor } => write!(f, "dynamic {name}:{descriptor}"),
        }
    }
}

/// A symbolic reference to a field, resolved from the constant pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldRef {
    /// The class named in the reference (resolution may find the field in a
    /// superclass or superinterface, JVMS §5.4.3.2).
    pub class: String,
    pub name: String,
    pub ty: JType,
}

impl fmt::Display for FieldRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}:{}", self.class, self.name, self.ty.descriptor())
    }
}

/// A symbolic reference to a method, resolved from the constant pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MethodRef {
    /// The class or interface named in the reference; may be an array type
    /// descriptor for calls such as `int[].clone()`.
    pub class: String,
    pub name: String,
    pub descriptor: String,
    pub desc: MethodDescriptor,
}

impl fmt::Display for MethodRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}{}", self.class, self.name, self.descriptor)
    }
}

/// What an instruction does, grouped by family.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    Nop,
    Const(Box<Constant>),
    Load(Kind, u16),
    Store(Kind, u16),
    Iinc {
        index: u16,
        delta: i16,
    },
    ArrayLoad(ArrayElem),
    ArrayStore(ArrayElem),
    Stack(StackOp),
    Binary(Kind, BinOp),
    Neg(Kind),
    Convert(Conversion),
    Compare(CmpOp),
    /// `ifeq` … `ifle`: the int on top of the stack compared with zero.
    If {
        cond: Cond,
        target: Pc,
    },
    /// `if_icmpeq` … `if_icmple`: value1 `cond` value2, value2 on top.
    IfICmp {
        cond: Cond,
        target: Pc,
    },
    /// `if_acmpeq` / `if_acmpne` (cond is `Eq` or `Ne`).
    IfACmp {
        cond: Cond,
        target: Pc,
    },
    /// `ifnull` (cond `Eq`) / `ifnonnull` (cond `Ne`): the reference compared with null.
    IfNull {
        cond: Cond,
        target: Pc,
    },
    Goto(Pc),
    Jsr(Pc),
    Ret(u16),
    TableSwitch {
        default: Pc,
        low: i32,
        high: i32,
        targets: Vec<Pc>,
    },
    LookupSwitch {
        default: Pc,
        pairs: Vec<(i32, Pc)>,
    },
    /// `ireturn` … `areturn`, or `return` (None).
    Return(Option<Kind>),
    GetStatic(Box<FieldRef>),
    PutStatic(Box<FieldRef>),
    GetField(Box<FieldRef>),
    PutField(Box<FieldRef>),
    Invoke(InvokeKind, Box<MethodRef>),
    InvokeDynamic {
        name: String,
        desc: Box<MethodDescriptor>,
        bootstrap: u16,
    },
    New(String),
    NewArray(ArrayElem),
    /// `anewarray`: the component type of the created array.
    ANewArray(Box<JType>),
    /// `multianewarray`: the array type and the number of dimensions given.
    MultiANewArray(Box<JType>, u8),
    ArrayLength,
    AThrow,
    CheckCast(Box<JType>),
    InstanceOf(Box<JType>),
    MonitorEnter,
    MonitorExit,
}

impl Op {
    /// Pcs this instruction may jump to, besides falling through.
    pub fn branch_targets(&self) -> Vec<Pc> {
        match self {
            Op::If { target, .. }
            | Op::IfICmp { target, .. }
            | Op::IfACmp { target, .. }
            | Op::IfNull { target, .. }
            | Op::Goto(target)
            | Op::Jsr(target) => vec![*target],
            Op::TableSwitch {
                default, targets, ..
            } => std::iter::once(*default)
                .chain(targets.iter().copied())
                .collect(),
            Op::LookupSwitch { default, pairs } => std::iter::once(*default)
                .chain(pairs.iter().map(|&(_, t)| t))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// True when control never continues at the next instruction.
    pub fn ends_flow(&self) -> bool {
        matches!(
            self,
            Op::Goto(_)
                | Op::Jsr(_)
                | Op::Ret(_)
                | Op::TableSwitch { .. }
                | Op::LookupSwitch { .. }
                | Op::Return(_)
                | Op::AThrow
        )
    }

    /// The exceptions this instruction can raise on its own (JVMS §2.10),
    /// which the CFG turns into exception edges. VM errors that any
    /// instruction may raise (`OutOfMemoryError`, `StackOverflowError`,
    /// linkage errors) are not listed: jaut does not aim at them.
    pub fn throws(&self) -> Throws {
        const NPE: &str = "java/lang/NullPointerException";
        const AIOOBE: &str = "java/lang/ArrayIndexOutOfBoundsException";
        const NEG: &str = "java/lang/NegativeArraySizeException";
        match self {
            Op::GetField(_) | Op::PutField(_) | Op::ArrayLength | Op::MonitorEnter => {
                Throws::Implicit(&[NPE])
            }
            Op::MonitorExit => Throws::Implicit(&[NPE, "java/lang/IllegalMonitorStateException"]),
            Op::ArrayStore(ArrayElem::Ref) => {
                Throws::Implicit(&[NPE, AIOOBE, "java/lang/ArrayStoreException"])
            }
            Op::ArrayLoad(_) | Op::ArrayStore(_) => Throws::Implicit(&[NPE, AIOOBE]),
            Op::Binary(Kind::Int | Kind::Long, BinOp::Div | BinOp::Rem) => {
                Throws::Implicit(&["java/lang/ArithmeticException"])
            }
            Op::NewArray(_) | Op::ANewArray(_) | Op::MultiANewArray(..) => Throws::Implicit(&[NEG]),
            Op::CheckCast(_) => Throws::Implicit(&["java/lang/ClassCastException"]),
            // A callee or a thrown object can be of any Throwable class.
            Op::Invoke(..) | Op::InvokeDynamic { .. } | Op::AThrow => Throws::Any,
            _ => Throws::Nothing,
        }
    }

    /// True for a two-way conditional branch.
    pub fn is_conditional(&self) -> bool {
        matches!(
            self,
            Op::If { .. } | Op::IfICmp { .. } | Op::IfACmp { .. } | Op::IfNull { .. }
        )
    }
}

/// What an instruction can throw, see [`Op::throws`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throws {
    Nothing,
    /// Exactly these classes (internal names).
    Implicit(&'static [&'static str]),
    /// Any `Throwable`: a call or `athrow`.
    Any,
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    pub pc: Pc,
    /// Length in bytes, including a `wide` prefix and switch padding.
    pub len: u32,
    /// The opcode byte (for a `wide` instruction, the modified opcode).
    pub opcode: u8,
    pub wide: bool,
    pub op: Op,
}

impl Instruction {
    pub fn next_pc(&self) -> Pc {
        self.pc + self.len
    }

    /// The javap mnemonic: `iload_1`, `goto_w`, `invokespecial`.
    pub fn mnemonic(&self) -> &'static str {
        MNEMONICS[self.opcode as usize]
    }
}

/// Family names for the text form of binary ops (used by tests and messages).
pub fn binary_mnemonic(kind: Kind, op: BinOp) -> String {
    format!("{}{}", kind.prefix(), op.suffix())
}

pub use super::mnemonics::MNEMONICS;
