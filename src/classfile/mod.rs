//! Class files (JVMS §4) as owned values: the class, its fields and methods,
//! and each method's code with its decoded instructions, exception table,
//! line and local-variable tables and StackMapTable.
//!
//! The bytes are parsed by `cafebabe` (chosen after measuring it against
//! `classfile-parser`, see `docs/classfile-reader.md`) and converted at once
//! into the owned model below, so a [`Class`] outlives the bytes it came from
//! and can be cached and shared between threads by the class path.

pub mod bootstrap;
pub mod bytecode;
mod bytecode_text;
pub mod descriptor;
mod mnemonics;
mod reader;
pub mod signature;

use std::fmt;

pub use bytecode::{Instruction, Op, Pc};
pub use descriptor::{JType, MethodDescriptor};

/// Access flags shared by classes, fields and methods (JVMS Tables 4.1-B, 4.5-A, 4.6-A).
pub mod access {
    pub const PUBLIC: u16 = 0x0001;
    pub const PRIVATE: u16 = 0x0002;
    pub const PROTECTED: u16 = 0x0004;
    pub const STATIC: u16 = 0x0008;
    pub const FINAL: u16 = 0x0010;
    pub const SYNCHRONIZED: u16 = 0x0020;
    pub const BRIDGE: u16 = 0x0040;
    /// Methods: the last parameter is a variable arity parameter (JVMS §4.6).
    pub const VARARGS: u16 = 0x0080;
    pub const NATIVE: u16 = 0x0100;
    pub const INTERFACE: u16 = 0x0200;
    pub const ABSTRACT: u16 = 0x0400;
    pub const SYNTHETIC: u16 = 0x1000;
    /// Classes: an enum class; fields: an enum constant (JVMS §4.1, §4.5).
    pub const ENUM: u16 = 0x4000;
}

/// A class file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ClassFileError {
    #[error("not a class file (bad magic number)")]
    BadMagic,
    /// cafebabe rejected the bytes.
    #[error("corrupt class file: {0}")]
    Parse(#[source] cafebabe::ParseError),
    /// cafebabe panicked on the bytes (see `reader::read_class`).
    #[error("corrupt class file: malformed code (the parser panicked)")]
    ParserPanicked,
    #[error("corrupt class file: field {field}: bad descriptor")]
    FieldDescriptor { field: String },
    /// A method, named with its descriptor (`moveY(Lcoord/Chrono;I)Lcoord/Coord;`).
    #[error("method {method}: {source}")]
    Method {
        method: String,
        #[source]
        source: MethodError,
    },
}

/// A method whose descriptor or code cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum MethodError {
    #[error("bad descriptor")]
    BadDescriptor,
    #[error("code was not decoded")]
    CodeNotDecoded,
    #[error("local variable {name}: bad descriptor")]
    LocalVariableDescriptor { name: String },
    #[error("pc {pc}: {source}")]
    Instruction {
        pc: Pc,
        #[source]
        source: InstructionError,
    },
}

/// An instruction that decodes to nothing the JVM would accept.
#[derive(Debug, thiserror::Error)]
pub enum InstructionError {
    /// `ldc` or `ldc_w` (`opcode`) of a long or double.
    #[error("{opcode} of the two-word constant {constant} (only ldc2_w loads long and double)")]
    LdcTwoWords {
        opcode: &'static str,
        constant: bytecode::Constant,
    },
    #[error("ldc2_w of the one-word constant {0} (ldc2_w loads only long and double)")]
    Ldc2WOneWord(bytecode::Constant),
    /// A `tableswitch` whose offsets do not match its bounds.
    #[error("tableswitch from {low} to {high} with {offsets} offsets")]
    TableSwitchSize { low: i32, high: i32, offsets: usize },
    #[error("bad field descriptor {0}")]
    FieldDescriptor(String),
    #[error("bad method descriptor {0}")]
    MethodDescriptor(String),
    #[error("bad invokedynamic descriptor {0}")]
    InvokeDynamicDescriptor(String),
    /// `invokeinterface`'s count operand is not the words of its arguments
    /// and receiver (JVMS §4.9.1).
    #[error("invokeinterface {method}: count {count}, but the arguments and receiver take {words} words")]
    InterfaceCount {
        method: Box<bytecode::MethodRef>,
        count: u8,
        words: usize,
    },
    #[error("reserved opcode (breakpoint/impdep) in a class file")]
    ReservedOpcode,
}

/// One class or interface.
#[derive(Debug, Clone)]
pub struct Class {
    /// Internal name, e.g. `coord/Coord`.
    pub name: String,
    pub access: u16,
    /// `None` only for `java/lang/Object`.
    pub super_class: Option<String>,
    pub interfaces: Vec<String>,
    pub fields: Vec<Field>,
    pub methods: Vec<Method>,
    pub source_file: Option<String>,
    pub major_version: u16,
    /// The BootstrapMethods attribute, in order (empty without one).
    pub bootstrap_methods: Vec<bootstrap::BootstrapMethod>,
    /// For a nested class, its access flags as declared in source, from its
    /// own InnerClasses entry (JVMS §4.7.6): a `protected` or `private`
    /// member class is `ACC_PUBLIC` or package-private in `access`.
    pub inner_access: Option<u16>,
    /// Its `Signature` attribute (JVMS §4.7.9.1), unparsed: it starts
    /// with `<` exactly when the class declares type parameters.
    pub signature: Option<String>,
}

impl Class {
    /// Parses a class file.
    pub fn parse(bytes: &[u8]) -> Result<Class, ClassFileError> {
        reader::read_class(bytes)
    }

    pub fn is_interface(&self) -> bool {
        self.access & access::INTERFACE != 0
    }

    pub fn is_abstract(&self) -> bool {
        self.access & access::ABSTRACT != 0
    }

    /// The source form of the name, `coord.Coord`.
    pub fn java_name(&self) -> String {
        descriptor::java_name(&self.name)
    }

    /// The simple name, `Coord` (for nested classes, `Outer$Inner`).
    pub fn simple_name(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or(&self.name)
    }

    /// The bootstrap method an `invokedynamic` names by index.
    pub fn bootstrap_method(&self, index: u16) -> Option<&bootstrap::BootstrapMethod> {
        self.bootstrap_methods.get(usize::from(index))
    }

    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    pub fn method(&self, name: &str, descriptor: &str) -> Option<&Method> {
        self.methods
            .iter()
            .find(|m| m.name == name && m.descriptor == descriptor)
    }
}

#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    pub ty: JType,
    pub access: u16,
    /// The value of its `ConstantValue` attribute (JVMS §4.7.2), which the
    /// JVM stores in a static field when it initializes the class.
    pub constant: Option<FieldConstant>,
}

/// A field's `ConstantValue` attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldConstant {
    Value(bytecode::Constant),
    /// A string with an unpaired UTF-16 surrogate, which a Rust `String`
    /// cannot hold.
    UnpairedSurrogate,
}

impl Field {
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }

    /// The constant of a constant variable (JLS §4.12.4): a final field
    /// with a `ConstantValue` attribute, which javac emits only for a final
    /// field initialized with a constant expression. Every read of it in
    /// Java source is that constant, inlined (JLS §13.1); an instance
    /// field holds it from the end of its constructor's initializers on
    /// (the JVM ignores the attribute there, the constructor stores it),
    /// and nothing can change it afterwards but reflection.
    pub fn constant_variable(&self) -> Option<&bytecode::Constant> {
        match &self.constant {
            Some(FieldConstant::Value(c)) if self.access & access::FINAL != 0 => Some(c),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Method {
    pub name: String,
    /// The descriptor as in the class file, `(LChrono;I)LCoord;`.
    pub descriptor: String,
    pub desc: MethodDescriptor,
    pub access: u16,
    /// `None` for abstract and native methods.
    pub code: Option<Code>,
    /// Its `Signature` attribute (JVMS §4.7.9.1), unparsed: the generic
    /// types it was declared with ([`signature::MethodSignature`]).
    pub signature: Option<String>,
}

impl Method {
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }

    pub fn is_abstract(&self) -> bool {
        self.access & access::ABSTRACT != 0
    }

    pub fn is_native(&self) -> bool {
        self.access & access::NATIVE != 0
    }

    pub fn is_private(&self) -> bool {
        self.access & access::PRIVATE != 0
    }

    /// Words of locals taken by the receiver and parameters on entry.
    pub fn arg_words(&self) -> usize {
        self.desc.param_words() + usize::from(!self.is_static())
    }

    /// The types of the locals a call fills: the receiver (of class
    /// `class`) for an instance method, then the parameters.
    pub fn arg_types(&self, class: &str) -> Vec<JType> {
        let receiver = (!self.is_static()).then(|| JType::Object(class.to_string()));
        receiver
            .into_iter()
            .chain(self.desc.params.iter().cloned())
            .collect()
    }

    /// Java-like signature for messages: `moveY(Chrono, int) -> Coord`.
    pub fn signature(&self) -> String {
        format!("{}{}", self.name, self.desc)
    }
}

impl fmt::Display for Method {
    /// `name(descriptor)`, the form users pass to `--method`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.name, self.descriptor)
    }
}

/// A method's Code attribute.
#[derive(Debug, Clone)]
pub struct Code {
    pub max_stack: u16,
    pub max_locals: u16,
    /// Sorted by pc; pcs are the instruction starts.
    pub instructions: Vec<Instruction>,
    /// In table order, which is the order the JVM searches it (JVMS §2.10).
    pub handlers: Vec<Handler>,
    /// Sorted by pc.
    pub lines: Vec<LineEntry>,
    pub local_vars: Vec<LocalVar>,
    /// The StackMapTable's entries, if the method has one.
    pub stack_map: Option<Vec<StackMapEntry>>,
    /// Length of the code array in bytes.
    pub code_len: u32,
}

/// A field, identified by the class declaring it (hidden fields differ).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldKey {
    pub class: String,
    pub name: String,
}

impl std::fmt::Display for FieldKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.class.replace('/', "."), self.name)
    }
}

impl Code {
    /// The types the code tests values against (`instanceof`, `checkcast`),
    /// in the order met, repeats included.
    pub fn tested_types(&self) -> impl Iterator<Item = &JType> {
        self.instructions.iter().filter_map(|insn| match &insn.op {
            Op::CheckCast(t) | Op::InstanceOf(t) => Some(t.as_ref()),
            _ => None,
        })
    }

    /// Index in `instructions` of the instruction starting at `pc`.
    pub fn index_of(&self, pc: Pc) -> Option<usize> {
        self.instructions.binary_search_by_key(&pc, |i| i.pc).ok()
    }

    /// Whether the instructions from index `from` to index `to` run on
    /// every normal completion of the method: no instruction before `from`
    /// jumps or ends the flow, and no exception handler covers any of them
    /// up to `to` (so none can be skipped). What lies between `from` and
    /// `to` is the caller's to check.
    pub fn runs_on_every_completion(&self, from: usize, to: usize) -> bool {
        let last = self.instructions[to].pc;
        self.instructions[..from]
            .iter()
            .all(|insn| insn.op.branch_targets().is_empty() && !insn.op.ends_flow())
            && self.handlers.iter().all(|h| h.start > last)
    }

    pub fn instruction_at(&self, pc: Pc) -> Option<&Instruction> {
        self.index_of(pc).map(|i| &self.instructions[i])
    }

    /// The instruction starts nearest to a pc that is not one: the last
    /// before it and the first after it.
    pub fn nearest_pcs(&self, pc: Pc) -> (Option<Pc>, Option<Pc>) {
        let idx = self.instructions.partition_point(|i| i.pc < pc);
        let before = idx.checked_sub(1).map(|i| self.instructions[i].pc);
        let after = self
            .instructions
            .get(idx)
            .filter(|i| i.pc != pc)
            .or_else(|| self.instructions.get(idx + 1))
            .map(|i| i.pc);
        (before, after)
    }

    /// The source line of the instruction at `pc`, from the LineNumberTable.
    pub fn line_of(&self, pc: Pc) -> Option<u16> {
        let idx = self.lines.partition_point(|l| l.start_pc <= pc);
        idx.checked_sub(1).map(|i| self.lines[i].line)
    }

    /// The pcs of instructions attributed to a source line, in order.
    pub fn pcs_of_line(&self, line: u16) -> Vec<Pc> {
        self.instructions
            .iter()
            .filter(|i| self.line_of(i.pc) == Some(line))
            .map(|i| i.pc)
            .collect()
    }

    /// The name of local `index` at `pc`, from the LocalVariableTable.
    pub fn local_name(&self, index: u16, pc: Pc) -> Option<&str> {
        self.local_vars
            .iter()
            .find(|v| v.index == index && v.start_pc <= pc && pc < v.start_pc + v.length)
            .map(|v| v.name.as_str())
    }
}

/// An exception table entry: instructions in `start..end` are covered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handler {
    pub start: Pc,
    pub end: Pc,
    pub handler: Pc,
    /// `None` catches everything (`finally`).
    pub catch_type: Option<String>,
}

impl Handler {
    pub fn covers(&self, pc: Pc) -> bool {
        self.start <= pc && pc < self.end
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineEntry {
    pub start_pc: Pc,
    pub line: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalVar {
    pub start_pc: Pc,
    pub length: u32,
    pub name: String,
    pub ty: JType,
    pub index: u16,
}

/// A verification type as written in a StackMapTable (JVMS §4.7.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VerificationType {
    Top,
    Integer,
    Float,
    Long,
    Double,
    Null,
    UninitializedThis,
    /// An object created by the `new` at this pc, not yet initialised.
    Uninitialized(Pc),
    /// A class's internal name, or an array descriptor.
    Object(String),
}

/// One StackMapTable entry, in the compressed form of the class file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StackMapEntry {
    Same {
        offset_delta: u16,
    },
    SameLocals1StackItem {
        offset_delta: u16,
        stack: VerificationType,
    },
    Chop {
        offset_delta: u16,
        chop: u16,
    },
    Append {
        offset_delta: u16,
        locals: Vec<VerificationType>,
    },
    Full {
        offset_delta: u16,
        locals: Vec<VerificationType>,
        stack: Vec<VerificationType>,
    },
}

impl StackMapEntry {
    pub fn offset_delta(&self) -> u16 {
        match self {
            StackMapEntry::Same { offset_delta }
            | StackMapEntry::SameLocals1StackItem { offset_delta, .. }
            | StackMapEntry::Chop { offset_delta, .. }
            | StackMapEntry::Append { offset_delta, .. }
            | StackMapEntry::Full { offset_delta, .. } => *offset_delta,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::bytecode::Constant;
    use super::*;

    /// The texts users see, with the context of each level.
    #[test]
    fn errors_read_as_before() {
        let in_method = |source| ClassFileError::Method {
            method: "m(I)V".into(),
            source: MethodError::Instruction { pc: 7, source },
        };
        assert_eq!(
            in_method(InstructionError::TableSwitchSize {
                low: 1,
                high: 3,
                offsets: 2
            })
            .to_string(),
            "method m(I)V: pc 7: tableswitch from 1 to 3 with 2 offsets"
        );
        let long = Constant::Long(5);
        assert_eq!(
            in_method(InstructionError::LdcTwoWords {
                opcode: "ldc_w",
                constant: long.clone()
            })
            .to_string(),
            format!(
                "method m(I)V: pc 7: ldc_w of the two-word constant {long} (only ldc2_w loads long and double)"
            )
        );
        assert_eq!(
            in_method(InstructionError::FieldDescriptor("Q".into())).to_string(),
            "method m(I)V: pc 7: bad field descriptor Q"
        );
        assert_eq!(
            ClassFileError::Method {
                method: "m(I)V".into(),
                source: MethodError::LocalVariableDescriptor { name: "x".into() },
            }
            .to_string(),
            "method m(I)V: local variable x: bad descriptor"
        );
        assert_eq!(
            ClassFileError::FieldDescriptor { field: "f".into() }.to_string(),
            "corrupt class file: field f: bad descriptor"
        );
        assert_eq!(
            ClassFileError::ParserPanicked.to_string(),
            "corrupt class file: malformed code (the parser panicked)"
        );
    }
}
