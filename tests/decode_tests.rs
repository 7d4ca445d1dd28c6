//! Decoding of every JVM opcode (JVMS §6.5), checked on class files built
//! byte by byte with `support::classgen`: offsets, lengths, mnemonics,
//! operands and text, `wide` forms, switch padding at every alignment, and
//! errors (not panics) for reserved, undefined and truncated code. Also
//! frames for stack shapes javac never emits.

mod support;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use jaut::cfg::{Cfg, Edge, SwitchKey};
use jaut::classfile::bytecode::{
    BinOp, CmpOp, Cond, Constant, Conversion, FieldRef, InvokeKind, Kind, MethodRef, StackOp,
    MNEMONICS,
};
use jaut::classfile::{Class, Code, JType, MethodDescriptor, Op};
use jaut::classpath::ClassPath;
use jaut::frames::{self, FrameError, VType};

use support::classgen::{
    ref_kind, single_method_class, Asm, ClassBuilder, CodeDef, MethodDef, PUBLIC, STATIC,
};

// ---------------------------------------------------------------------------
// Helpers

fn konst(c: Constant) -> Op {
    Op::Const(Box::new(c))
}

fn field(class: &str, name: &str, descriptor: &str) -> Box<FieldRef> {
    Box::new(FieldRef {
        class: class.into(),
        name: name.into(),
        ty: JType::parse(descriptor).expect("field descriptor"),
    })
}

fn method(class: &str, name: &str, descriptor: &str) -> Box<MethodRef> {
    Box::new(MethodRef {
        class: class.into(),
        name: name.into(),
        descriptor: descriptor.into(),
        desc: MethodDescriptor::parse(descriptor).expect("method descriptor"),
    })
}

fn jtype(descriptor: &str) -> Box<JType> {
    Box::new(JType::parse(descriptor).expect("type descriptor"))
}

fn be16(v: u16) -> [u8; 2] {
    v.to_be_bytes()
}

fn be32(v: i32) -> [u8; 4] {
    v.to_be_bytes()
}

fn ldc_index(i: u16) -> u8 {
    u8::try_from(i).expect("ldc operand fits in one byte")
}

/// Parses a class and returns it; panics with the error otherwise.
fn parse(bytes: &[u8]) -> Class {
    Class::parse(bytes).unwrap_or_else(|e| panic!("class does not parse: {e}"))
}

fn code_of<'a>(class: &'a Class, name: &str) -> &'a Code {
    class
        .methods
        .iter()
        .find(|m| m.name == name)
        .unwrap_or_else(|| panic!("no method {name}"))
        .code
        .as_ref()
        .expect("method has code")
}

/// A class with one static method `m()V` holding `code`.
fn class_with_code(code: &[u8]) -> Vec<u8> {
    single_method_class("T", "m", "()V", 10, 10, code.to_vec())
}

/// The error `Class::parse` gives for a method with this code.
fn parse_error(code: &[u8]) -> String {
    match Class::parse(&class_with_code(code)) {
        Ok(class) => panic!(
            "code {code:02x?} parsed: {:?}",
            class.methods[0].code.as_ref().map(|c| &c.instructions)
        ),
        Err(e) => e.to_string(),
    }
}

fn classpath() -> &'static ClassPath {
    static CP: OnceLock<ClassPath> = OnceLock::new();
    CP.get_or_init(|| ClassPath::new().expect("a JDK with jmods"))
}

// ---------------------------------------------------------------------------
// The table of every opcode

/// What one instruction of the table must decode to.
#[derive(Debug)]
struct Row {
    pc: u32,
    len: u32,
    opcode: u8,
    wide: bool,
    mnemonic: &'static str,
    op: Op,
    text: String,
}

/// Lays out instructions one after the other, recording what each must
/// decode to. Branches point backwards at earlier rows, so the expected
/// absolute targets are known when the row is written.
#[derive(Default)]
struct Table {
    code: Vec<u8>,
    rows: Vec<Row>,
}

impl Table {
    fn pc(&self) -> u32 {
        self.code.len() as u32
    }

    /// The pc of the row `back` rows before the next one (1 = the last row).
    fn earlier(&self, back: usize) -> u32 {
        self.rows[self.rows.len() - back].pc
    }

    fn add(&mut self, bytes: &[u8], mnemonic: &'static str, op: Op, text: &str) {
        let wide = bytes[0] == 0xc4;
        self.rows.push(Row {
            pc: self.pc(),
            len: bytes.len() as u32,
            opcode: if wide { bytes[1] } else { bytes[0] },
            wide,
            mnemonic,
            op,
            text: text.to_string(),
        });
        self.code.extend_from_slice(bytes);
    }

    /// An instruction without operands, whose text is its mnemonic.
    fn plain(&mut self, opcode: u8, mnemonic: &'static str, op: Op) {
        self.add(&[opcode], mnemonic, op, mnemonic);
    }

    /// A branch with a 16-bit offset to the row `back` rows earlier
    /// (0: to itself).
    fn branch(&mut self, opcode: u8, mnemonic: &'static str, back: usize, op: fn(u32) -> Op) {
        let target = if back == 0 {
            self.pc()
        } else {
            self.earlier(back)
        };
        let offset = i16::try_from(target as i64 - self.pc() as i64).unwrap();
        let [hi, lo] = offset.to_be_bytes();
        self.add(
            &[opcode, hi, lo],
            mnemonic,
            op(target),
            &format!("{mnemonic} {target}"),
        );
    }

    /// A branch with a 32-bit offset to pc 0.
    fn branch_w(&mut self, opcode: u8, mnemonic: &'static str, op: fn(u32) -> Op) {
        let offset = -(self.pc() as i32);
        let mut bytes = vec![opcode];
        bytes.extend(be32(offset));
        self.add(&bytes, mnemonic, op(0), &format!("{mnemonic} 0"));
    }

    /// Switch bytes: opcode, padding to a multiple of 4, then the operands.
    fn switch_bytes(&self, opcode: u8, operands: &[i32]) -> Vec<u8> {
        let mut bytes = vec![opcode];
        let pad = (4 - (self.pc() + 1) % 4) % 4;
        bytes.extend(std::iter::repeat_n(0, pad as usize));
        for &v in operands {
            bytes.extend(be32(v));
        }
        bytes
    }

    /// `tableswitch` from `low` to targets at earlier rows.
    fn tableswitch(&mut self, low: i32, default_back: usize, backs: &[usize]) {
        let pc = self.pc() as i32;
        let default = self.earlier(default_back);
        let targets: Vec<u32> = backs.iter().map(|&b| self.earlier(b)).collect();
        let high = low + targets.len() as i32 - 1;
        let mut operands = vec![default as i32 - pc, low, high];
        operands.extend(targets.iter().map(|&t| t as i32 - pc));
        let bytes = self.switch_bytes(0xaa, &operands);
        let mut text = String::from("tableswitch {");
        for (i, t) in targets.iter().enumerate() {
            text += &format!(" {}: {t},", low + i as i32);
        }
        text += &format!(" default: {default} }}");
        let op = Op::TableSwitch {
            default,
            low,
            high,
            targets,
        };
        self.add(&bytes, "tableswitch", op, &text);
    }

    /// `lookupswitch` with these keys, to targets at earlier rows.
    fn lookupswitch(&mut self, default_back: usize, pairs: &[(i32, usize)]) {
        let pc = self.pc() as i32;
        let default = self.earlier(default_back);
        let pairs: Vec<(i32, u32)> = pairs.iter().map(|&(k, b)| (k, self.earlier(b))).collect();
        let mut operands = vec![default as i32 - pc, pairs.len() as i32];
        for &(k, t) in &pairs {
            operands.extend([k, t as i32 - pc]);
        }
        let bytes = self.switch_bytes(0xab, &operands);
        let mut text = String::from("lookupswitch {");
        for (k, t) in &pairs {
            text += &format!(" {k}: {t},");
        }
        text += &format!(" default: {default} }}");
        self.add(
            &bytes,
            "lookupswitch",
            Op::LookupSwitch { default, pairs },
            &text,
        );
    }
}

/// A class (version 55, for `CONSTANT_Dynamic`) whose method `all()V` holds
/// every opcode from 0x00 to 0xc9 but `wide` alone, every `wide` form,
/// `newarray` of every type and `ldc*` of every loadable kind; with the rows
/// that say what each instruction must decode to.
fn all_opcodes() -> (Vec<u8>, Vec<Row>) {
    use jaut::classfile::bytecode::ArrayElem as E;
    use Kind::*;

    let mut class = ClassBuilder::new("T").version(55);
    let cp = &mut class.cp;
    // Constants for `ldc`, whose operand is one byte: made first.
    let int = ldc_index(cp.integer(100_000));
    let float = ldc_index(cp.float(1.5));
    let string = ldc_index(cp.string("hello"));
    let class_c = ldc_index(cp.class("java/lang/String"));
    let array_c = ldc_index(cp.class("[I"));
    let mtype = ldc_index(cp.method_type("(I)V"));
    let value_of = cp.methodref("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;");
    let mhandle = ldc_index(cp.method_handle(ref_kind::INVOKE_STATIC, value_of));
    let long = cp.long(-9_000_000_000);
    let double = cp.double(2.5);
    let bsm_ref = cp.methodref(
        "java/lang/invoke/ConstantBootstraps",
        "getStaticFinal",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;",
    );
    let bsm_handle = cp.method_handle(ref_kind::INVOKE_STATIC, bsm_ref);
    let concat_ref = cp.methodref(
        "java/lang/invoke/StringConcatFactory",
        "makeConcatWithConstants",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;",
    );
    let concat_handle = cp.method_handle(ref_kind::INVOKE_STATIC, concat_ref);
    let recipe = cp.string("n=\u{1}");
    let condy_bsm = class.bootstrap_method(bsm_handle, &[]);
    let indy_bsm = class.bootstrap_method(concat_handle, &[recipe]);
    let cp = &mut class.cp;
    let condy_int = ldc_index(cp.dynamic(condy_bsm, "answer", "I"));
    let condy_long = cp.dynamic(condy_bsm, "big", "J");
    // Push later constants past index 255, so `ldc_w` needs both bytes.
    for i in 0..300 {
        cp.utf8(&format!("padding{i}"));
    }
    let int_w = cp.integer(123_456);
    assert!(int_w > 0xff);
    let float_w = cp.float(-0.25);
    let string_w = cp.string("wide");
    let class_w = cp.class("java/util/List");
    let out = cp.fieldref("java/lang/System", "out", "Ljava/io/PrintStream;");
    let counter = cp.fieldref("T", "counter", "I");
    let value = cp.fieldref("T", "value", "J");
    let name = cp.fieldref("T", "name", "Ljava/lang/String;");
    let println = cp.methodref("java/io/PrintStream", "println", "(I)V");
    let init = cp.methodref("java/lang/Object", "<init>", "()V");
    let max = cp.methodref("java/lang/Math", "max", "(JJ)J");
    let get = cp.interface_methodref("java/util/List", "get", "(I)Ljava/lang/Object;");
    let indy = cp.invoke_dynamic(indy_bsm, "makeConcatWithConstants", "(I)Ljava/lang/String;");
    let builder = cp.class("java/lang/StringBuilder");
    let object_array = cp.class("[Ljava/lang/Object;");
    let number = cp.class("java/lang/Number");
    let int3 = cp.class("[[[I");

    let mut t = Table::default();
    let cp_op = |opcode: u8, index: u16| -> Vec<u8> {
        let mut b = vec![opcode];
        b.extend(be16(index));
        b
    };

    // 0x00-0x0f: constants without operands.
    t.plain(0x00, "nop", Op::Nop);
    t.plain(0x01, "aconst_null", konst(Constant::Null));
    t.plain(0x02, "iconst_m1", konst(Constant::Int(-1)));
    t.plain(0x03, "iconst_0", konst(Constant::Int(0)));
    t.plain(0x04, "iconst_1", konst(Constant::Int(1)));
    t.plain(0x05, "iconst_2", konst(Constant::Int(2)));
    t.plain(0x06, "iconst_3", konst(Constant::Int(3)));
    t.plain(0x07, "iconst_4", konst(Constant::Int(4)));
    t.plain(0x08, "iconst_5", konst(Constant::Int(5)));
    t.plain(0x09, "lconst_0", konst(Constant::Long(0)));
    t.plain(0x0a, "lconst_1", konst(Constant::Long(1)));
    t.plain(0x0b, "fconst_0", konst(Constant::Float(0.0)));
    t.plain(0x0c, "fconst_1", konst(Constant::Float(1.0)));
    t.plain(0x0d, "fconst_2", konst(Constant::Float(2.0)));
    t.plain(0x0e, "dconst_0", konst(Constant::Double(0.0)));
    t.plain(0x0f, "dconst_1", konst(Constant::Double(1.0)));

    // 0x10-0x14: immediate and pooled constants.
    t.add(
        &[0x10, 0xfb],
        "bipush",
        konst(Constant::Int(-5)),
        "bipush -5",
    );
    t.add(
        &[0x10, 0x7f],
        "bipush",
        konst(Constant::Int(127)),
        "bipush 127",
    );
    t.add(
        &[0x11, 0xfe, 0xd4],
        "sipush",
        konst(Constant::Int(-300)),
        "sipush -300",
    );
    t.add(
        &[0x12, int],
        "ldc",
        konst(Constant::Int(100_000)),
        "ldc 100000",
    );
    t.add(
        &[0x12, float],
        "ldc",
        konst(Constant::Float(1.5)),
        "ldc 1.5f",
    );
    t.add(
        &[0x12, string],
        "ldc",
        konst(Constant::String("hello".into())),
        "ldc \"hello\"",
    );
    t.add(
        &[0x12, class_c],
        "ldc",
        konst(Constant::Class(JType::Object("java/lang/String".into()))),
        "ldc class java/lang/String",
    );
    t.add(
        &[0x12, array_c],
        "ldc",
        konst(Constant::Class(JType::Array(Box::new(JType::Int)))),
        "ldc class [I",
    );
    t.add(
        &[0x12, mtype],
        "ldc",
        konst(Constant::MethodType("(I)V".into())),
        "ldc methodtype (I)V",
    );
    t.add(
        &[0x12, mhandle],
        "ldc",
        konst(Constant::MethodHandle(
            "java/lang/Integer.valueOf:(I)Ljava/lang/Integer;".into(),
        )),
        "ldc methodhandle java/lang/Integer.valueOf:(I)Ljava/lang/Integer;",
    );
    t.add(
        &[0x12, condy_int],
        "ldc",
        konst(Constant::Dynamic {
            name: "answer".into(),
            descriptor: "I".into(),
        }),
        "ldc dynamic answer:I",
    );
    t.add(
        &cp_op(0x13, int_w),
        "ldc_w",
        konst(Constant::Int(123_456)),
        "ldc_w 123456",
    );
    t.add(
        &cp_op(0x13, int.into()),
        "ldc_w",
        konst(Constant::Int(100_000)),
        "ldc_w 100000",
    );
    t.add(
        &cp_op(0x13, float_w),
        "ldc_w",
        konst(Constant::Float(-0.25)),
        "ldc_w -0.25f",
    );
    t.add(
        &cp_op(0x13, string_w),
        "ldc_w",
        konst(Constant::String("wide".into())),
        "ldc_w \"wide\"",
    );
    t.add(
        &cp_op(0x13, class_w),
        "ldc_w",
        konst(Constant::Class(JType::Object("java/util/List".into()))),
        "ldc_w class java/util/List",
    );
    t.add(
        &cp_op(0x14, long),
        "ldc2_w",
        konst(Constant::Long(-9_000_000_000)),
        "ldc2_w -9000000000L",
    );
    t.add(
        &cp_op(0x14, double),
        "ldc2_w",
        konst(Constant::Double(2.5)),
        "ldc2_w 2.5d",
    );
    t.add(
        &cp_op(0x14, condy_long),
        "ldc2_w",
        konst(Constant::Dynamic {
            name: "big".into(),
            descriptor: "J".into(),
        }),
        "ldc2_w dynamic big:J",
    );

    // 0x15-0x2d: loads, with an index operand and in short form.
    t.add(&[0x15, 5], "iload", Op::Load(Int, 5), "iload 5");
    t.add(&[0x16, 6], "lload", Op::Load(Long, 6), "lload 6");
    t.add(&[0x17, 7], "fload", Op::Load(Float, 7), "fload 7");
    t.add(&[0x18, 8], "dload", Op::Load(Double, 8), "dload 8");
    t.add(&[0x19, 255], "aload", Op::Load(Ref, 255), "aload 255");
    let short_loads: [(Kind, [&str; 4]); 5] = [
        (Int, ["iload_0", "iload_1", "iload_2", "iload_3"]),
        (Long, ["lload_0", "lload_1", "lload_2", "lload_3"]),
        (Float, ["fload_0", "fload_1", "fload_2", "fload_3"]),
        (Double, ["dload_0", "dload_1", "dload_2", "dload_3"]),
        (Ref, ["aload_0", "aload_1", "aload_2", "aload_3"]),
    ];
    let mut opcode = 0x1a;
    for (kind, names) in short_loads {
        for (i, name) in names.into_iter().enumerate() {
            t.plain(opcode, name, Op::Load(kind, i as u16));
            opcode += 1;
        }
    }
    assert_eq!(opcode, 0x2e);

    // 0x2e-0x35: array loads.
    for (opcode, name, elem) in [
        (0x2e, "iaload", E::Int),
        (0x2f, "laload", E::Long),
        (0x30, "faload", E::Float),
        (0x31, "daload", E::Double),
        (0x32, "aaload", E::Ref),
        (0x33, "baload", E::ByteOrBoolean),
        (0x34, "caload", E::Char),
        (0x35, "saload", E::Short),
    ] {
        t.plain(opcode, name, Op::ArrayLoad(elem));
    }

    // 0x36-0x4e: stores.
    t.add(&[0x36, 5], "istore", Op::Store(Int, 5), "istore 5");
    t.add(&[0x37, 6], "lstore", Op::Store(Long, 6), "lstore 6");
    t.add(&[0x38, 7], "fstore", Op::Store(Float, 7), "fstore 7");
    t.add(&[0x39, 8], "dstore", Op::Store(Double, 8), "dstore 8");
    t.add(&[0x3a, 0], "astore", Op::Store(Ref, 0), "astore 0");
    let short_stores: [(Kind, [&str; 4]); 5] = [
        (Int, ["istore_0", "istore_1", "istore_2", "istore_3"]),
        (Long, ["lstore_0", "lstore_1", "lstore_2", "lstore_3"]),
        (Float, ["fstore_0", "fstore_1", "fstore_2", "fstore_3"]),
        (Double, ["dstore_0", "dstore_1", "dstore_2", "dstore_3"]),
        (Ref, ["astore_0", "astore_1", "astore_2", "astore_3"]),
    ];
    let mut opcode = 0x3b;
    for (kind, names) in short_stores {
        for (i, name) in names.into_iter().enumerate() {
            t.plain(opcode, name, Op::Store(kind, i as u16));
            opcode += 1;
        }
    }
    assert_eq!(opcode, 0x4f);

    // 0x4f-0x56: array stores.
    for (opcode, name, elem) in [
        (0x4f, "iastore", E::Int),
        (0x50, "lastore", E::Long),
        (0x51, "fastore", E::Float),
        (0x52, "dastore", E::Double),
        (0x53, "aastore", E::Ref),
        (0x54, "bastore", E::ByteOrBoolean),
        (0x55, "castore", E::Char),
        (0x56, "sastore", E::Short),
    ] {
        t.plain(opcode, name, Op::ArrayStore(elem));
    }

    // 0x57-0x5f: stack shuffles.
    for (opcode, name, s) in [
        (0x57, "pop", StackOp::Pop),
        (0x58, "pop2", StackOp::Pop2),
        (0x59, "dup", StackOp::Dup),
        (0x5a, "dup_x1", StackOp::DupX1),
        (0x5b, "dup_x2", StackOp::DupX2),
        (0x5c, "dup2", StackOp::Dup2),
        (0x5d, "dup2_x1", StackOp::Dup2X1),
        (0x5e, "dup2_x2", StackOp::Dup2X2),
        (0x5f, "swap", StackOp::Swap),
    ] {
        t.plain(opcode, name, Op::Stack(s));
    }

    // 0x60-0x83: arithmetic, negation, shifts and logic.
    let kinds4 = [Int, Long, Float, Double];
    let mut opcode = 0x60;
    for (op, names) in [
        (BinOp::Add, ["iadd", "ladd", "fadd", "dadd"]),
        (BinOp::Sub, ["isub", "lsub", "fsub", "dsub"]),
        (BinOp::Mul, ["imul", "lmul", "fmul", "dmul"]),
        (BinOp::Div, ["idiv", "ldiv", "fdiv", "ddiv"]),
        (BinOp::Rem, ["irem", "lrem", "frem", "drem"]),
    ] {
        for (kind, name) in kinds4.into_iter().zip(names) {
            t.plain(opcode, name, Op::Binary(kind, op));
            opcode += 1;
        }
    }
    for (kind, name) in kinds4.into_iter().zip(["ineg", "lneg", "fneg", "dneg"]) {
        t.plain(opcode, name, Op::Neg(kind));
        opcode += 1;
    }
    for (op, names) in [
        (BinOp::Shl, ["ishl", "lshl"]),
        (BinOp::Shr, ["ishr", "lshr"]),
        (BinOp::Ushr, ["iushr", "lushr"]),
        (BinOp::And, ["iand", "land"]),
        (BinOp::Or, ["ior", "lor"]),
        (BinOp::Xor, ["ixor", "lxor"]),
    ] {
        for (kind, name) in [Int, Long].into_iter().zip(names) {
            t.plain(opcode, name, Op::Binary(kind, op));
            opcode += 1;
        }
    }
    assert_eq!(opcode, 0x84);

    // 0x84: iinc.
    t.add(
        &[0x84, 3, 0xf9],
        "iinc",
        Op::Iinc {
            index: 3,
            delta: -7,
        },
        "iinc 3, -7",
    );
    t.add(
        &[0x84, 255, 127],
        "iinc",
        Op::Iinc {
            index: 255,
            delta: 127,
        },
        "iinc 255, 127",
    );

    // 0x85-0x93: conversions.
    use Conversion as C;
    for (opcode, name, c) in [
        (0x85, "i2l", C::I2L),
        (0x86, "i2f", C::I2F),
        (0x87, "i2d", C::I2D),
        (0x88, "l2i", C::L2I),
        (0x89, "l2f", C::L2F),
        (0x8a, "l2d", C::L2D),
        (0x8b, "f2i", C::F2I),
        (0x8c, "f2l", C::F2L),
        (0x8d, "f2d", C::F2D),
        (0x8e, "d2i", C::D2I),
        (0x8f, "d2l", C::D2L),
        (0x90, "d2f", C::D2F),
        (0x91, "i2b", C::I2B),
        (0x92, "i2c", C::I2C),
        (0x93, "i2s", C::I2S),
    ] {
        t.plain(opcode, name, Op::Convert(c));
    }

    // 0x94-0x98: comparisons.
    for (opcode, name, c) in [
        (0x94, "lcmp", CmpOp::LCmp),
        (0x95, "fcmpl", CmpOp::FCmpL),
        (0x96, "fcmpg", CmpOp::FCmpG),
        (0x97, "dcmpl", CmpOp::DCmpL),
        (0x98, "dcmpg", CmpOp::DCmpG),
    ] {
        t.plain(opcode, name, Op::Compare(c));
    }

    // 0x99-0xa8: branches, backwards by various distances or to themselves.
    t.branch(0x99, "ifeq", 1, |target| Op::If {
        cond: Cond::Eq,
        target,
    });
    t.branch(0x9a, "ifne", 2, |target| Op::If {
        cond: Cond::Ne,
        target,
    });
    t.branch(0x9b, "iflt", 3, |target| Op::If {
        cond: Cond::Lt,
        target,
    });
    t.branch(0x9c, "ifge", 0, |target| Op::If {
        cond: Cond::Ge,
        target,
    });
    t.branch(0x9d, "ifgt", 40, |target| Op::If {
        cond: Cond::Gt,
        target,
    });
    t.branch(0x9e, "ifle", 5, |target| Op::If {
        cond: Cond::Le,
        target,
    });
    t.branch(0x9f, "if_icmpeq", 1, |target| Op::IfICmp {
        cond: Cond::Eq,
        target,
    });
    t.branch(0xa0, "if_icmpne", 2, |target| Op::IfICmp {
        cond: Cond::Ne,
        target,
    });
    t.branch(0xa1, "if_icmplt", 7, |target| Op::IfICmp {
        cond: Cond::Lt,
        target,
    });
    t.branch(0xa2, "if_icmpge", 0, |target| Op::IfICmp {
        cond: Cond::Ge,
        target,
    });
    t.branch(0xa3, "if_icmpgt", 100, |target| Op::IfICmp {
        cond: Cond::Gt,
        target,
    });
    t.branch(0xa4, "if_icmple", 3, |target| Op::IfICmp {
        cond: Cond::Le,
        target,
    });
    t.branch(0xa5, "if_acmpeq", 1, |target| Op::IfACmp {
        cond: Cond::Eq,
        target,
    });
    t.branch(0xa6, "if_acmpne", 9, |target| Op::IfACmp {
        cond: Cond::Ne,
        target,
    });
    t.branch(0xa7, "goto", 20, Op::Goto);
    t.branch(0xa8, "jsr", 2, Op::Jsr);

    // 0xa9: ret.
    t.add(&[0xa9, 2], "ret", Op::Ret(2), "ret 2");

    // 0xaa, 0xab: switches (their alignments get their own test).
    t.tableswitch(1, 1, &[2, 3]);
    t.tableswitch(-1, 4, &[1, 2, 3]);
    t.lookupswitch(1, &[(-5, 2), (1000, 3)]);
    t.lookupswitch(2, &[]);

    // 0xac-0xb1: returns.
    for (opcode, name, kind) in [
        (0xac, "ireturn", Some(Int)),
        (0xad, "lreturn", Some(Long)),
        (0xae, "freturn", Some(Float)),
        (0xaf, "dreturn", Some(Double)),
        (0xb0, "areturn", Some(Ref)),
        (0xb1, "return", None),
    ] {
        t.plain(opcode, name, Op::Return(kind));
    }

    // 0xb2-0xb5: fields.
    t.add(
        &cp_op(0xb2, out),
        "getstatic",
        Op::GetStatic(field("java/lang/System", "out", "Ljava/io/PrintStream;")),
        "getstatic java/lang/System.out:Ljava/io/PrintStream;",
    );
    t.add(
        &cp_op(0xb3, counter),
        "putstatic",
        Op::PutStatic(field("T", "counter", "I")),
        "putstatic T.counter:I",
    );
    t.add(
        &cp_op(0xb4, value),
        "getfield",
        Op::GetField(field("T", "value", "J")),
        "getfield T.value:J",
    );
    t.add(
        &cp_op(0xb5, name),
        "putfield",
        Op::PutField(field("T", "name", "Ljava/lang/String;")),
        "putfield T.name:Ljava/lang/String;",
    );

    // 0xb6-0xba: calls.
    t.add(
        &cp_op(0xb6, println),
        "invokevirtual",
        Op::Invoke(
            InvokeKind::Virtual,
            method("java/io/PrintStream", "println", "(I)V"),
        ),
        "invokevirtual java/io/PrintStream.println(I)V",
    );
    t.add(
        &cp_op(0xb7, init),
        "invokespecial",
        Op::Invoke(
            InvokeKind::Special,
            method("java/lang/Object", "<init>", "()V"),
        ),
        "invokespecial java/lang/Object.<init>()V",
    );
    t.add(
        &cp_op(0xb8, max),
        "invokestatic",
        Op::Invoke(InvokeKind::Static, method("java/lang/Math", "max", "(JJ)J")),
        "invokestatic java/lang/Math.max(JJ)J",
    );
    // invokeinterface: index, count (receiver + one int = 2), then a zero byte.
    let mut bytes = cp_op(0xb9, get);
    bytes.extend([2, 0]);
    t.add(
        &bytes,
        "invokeinterface",
        Op::Invoke(
            InvokeKind::Interface,
            method("java/util/List", "get", "(I)Ljava/lang/Object;"),
        ),
        "invokeinterface java/util/List.get(I)Ljava/lang/Object;",
    );
    // invokedynamic: index, then two zero bytes.
    let mut bytes = cp_op(0xba, indy);
    bytes.extend([0, 0]);
    t.add(
        &bytes,
        "invokedynamic",
        Op::InvokeDynamic {
            name: "makeConcatWithConstants".into(),
            desc: Box::new(MethodDescriptor::parse("(I)Ljava/lang/String;").unwrap()),
            bootstrap: indy_bsm,
        },
        "invokedynamic makeConcatWithConstants(int) -> java.lang.String",
    );

    // 0xbb-0xc3: objects and arrays.
    t.add(
        &cp_op(0xbb, builder),
        "new",
        Op::New("java/lang/StringBuilder".into()),
        "new java/lang/StringBuilder",
    );
    for (atype, elem, java) in [
        (4, E::Boolean, "boolean"),
        (5, E::Char, "char"),
        (6, E::Float, "float"),
        (7, E::Double, "double"),
        (8, E::Byte, "byte"),
        (9, E::Short, "short"),
        (10, E::Int, "int"),
        (11, E::Long, "long"),
    ] {
        t.add(
            &[0xbc, atype],
            "newarray",
            Op::NewArray(elem),
            &format!("newarray {java}"),
        );
    }
    t.add(
        &cp_op(0xbd, class_c.into()),
        "anewarray",
        Op::ANewArray(jtype("Ljava/lang/String;")),
        "anewarray java/lang/String",
    );
    t.add(
        &cp_op(0xbd, array_c.into()),
        "anewarray",
        Op::ANewArray(jtype("[I")),
        "anewarray [I",
    );
    t.plain(0xbe, "arraylength", Op::ArrayLength);
    t.plain(0xbf, "athrow", Op::AThrow);
    t.add(
        &cp_op(0xc0, class_c.into()),
        "checkcast",
        Op::CheckCast(jtype("Ljava/lang/String;")),
        "checkcast java/lang/String",
    );
    t.add(
        &cp_op(0xc0, object_array),
        "checkcast",
        Op::CheckCast(jtype("[Ljava/lang/Object;")),
        "checkcast [Ljava/lang/Object;",
    );
    t.add(
        &cp_op(0xc1, number),
        "instanceof",
        Op::InstanceOf(jtype("Ljava/lang/Number;")),
        "instanceof java/lang/Number",
    );
    t.plain(0xc2, "monitorenter", Op::MonitorEnter);
    t.plain(0xc3, "monitorexit", Op::MonitorExit);

    // 0xc4: wide, before each instruction it can modify.
    for (opcode, name, op) in [
        (0x15, "iload", Op::Load(Int, 300)),
        (0x16, "lload", Op::Load(Long, 300)),
        (0x17, "fload", Op::Load(Float, 300)),
        (0x18, "dload", Op::Load(Double, 300)),
        (0x19, "aload", Op::Load(Ref, 65535)),
        (0x36, "istore", Op::Store(Int, 300)),
        (0x37, "lstore", Op::Store(Long, 300)),
        (0x38, "fstore", Op::Store(Float, 300)),
        (0x39, "dstore", Op::Store(Double, 300)),
        (0x3a, "astore", Op::Store(Ref, 256)),
        (0xa9, "ret", Op::Ret(300)),
        // A wide form may also name a low index.
        (0x15, "iload", Op::Load(Int, 1)),
    ] {
        let index = match op {
            Op::Load(_, i) | Op::Store(_, i) | Op::Ret(i) => i,
            _ => unreachable!(),
        };
        let mut bytes = vec![0xc4, opcode];
        bytes.extend(be16(index));
        t.add(&bytes, name, op, &format!("wide {name} {index}"));
    }
    t.add(
        &[0xc4, 0x84, 0x01, 0x2c, 0xfc, 0x18],
        "iinc",
        Op::Iinc {
            index: 300,
            delta: -1000,
        },
        "wide iinc 300, -1000",
    );
    t.add(
        &[0xc4, 0x84, 0x00, 0x01, 0x7f, 0xff],
        "iinc",
        Op::Iinc {
            index: 1,
            delta: i16::MAX,
        },
        "wide iinc 1, 32767",
    );

    // 0xc5: multianewarray.
    let mut bytes = cp_op(0xc5, int3);
    bytes.push(2);
    t.add(
        &bytes,
        "multianewarray",
        Op::MultiANewArray(jtype("[[[I"), 2),
        "multianewarray [[[I, 2",
    );

    // 0xc6-0xc9: null tests and 32-bit branches.
    t.branch(0xc6, "ifnull", 3, |target| Op::IfNull {
        cond: Cond::Eq,
        target,
    });
    t.branch(0xc7, "ifnonnull", 0, |target| Op::IfNull {
        cond: Cond::Ne,
        target,
    });
    t.branch_w(0xc8, "goto_w", Op::Goto);
    t.branch_w(0xc9, "jsr_w", Op::Jsr);

    class.method(MethodDef::new(PUBLIC | STATIC, "all", "()V").code(CodeDef::new(20, 400, t.code)));
    (class.build(), t.rows)
}

#[test]
fn every_opcode_decodes_with_offset_length_mnemonic_operands_and_text() {
    let (bytes, rows) = all_opcodes();
    let class = parse(&bytes);
    let code = code_of(&class, "all");
    let total: u32 = rows.iter().map(|r| r.len).sum();
    assert_eq!(code.code_len, total);
    assert_eq!(code.instructions.len(), rows.len());
    for (insn, row) in code.instructions.iter().zip(&rows) {
        let at = format!("row {} ({row:?})", row.text);
        assert_eq!(insn.pc, row.pc, "pc of {at}");
        assert_eq!(insn.len, row.len, "len of {at}");
        assert_eq!(insn.opcode, row.opcode, "opcode of {at}");
        assert_eq!(insn.wide, row.wide, "wide of {at}");
        assert_eq!(insn.mnemonic(), row.mnemonic, "mnemonic of {at}");
        assert_eq!(insn.op, row.op, "op of {at}");
        assert_eq!(insn.to_string(), row.text, "text of {at}");
        assert_eq!(insn.next_pc(), row.pc + row.len, "next pc of {at}");
    }
}

#[test]
fn the_table_covers_every_defined_opcode_and_wide_form() {
    let (_, rows) = all_opcodes();
    let not_standalone = ["wide", "breakpoint", "impdep1", "impdep2"];
    let defined: BTreeSet<&str> = MNEMONICS
        .iter()
        .copied()
        .filter(|m| *m != "?" && !not_standalone.contains(m))
        .collect();
    let covered: BTreeSet<&str> = rows.iter().map(|r| r.mnemonic).collect();
    let missing: Vec<_> = defined.difference(&covered).collect();
    let unknown: Vec<_> = covered.difference(&defined).collect();
    assert!(
        missing.is_empty(),
        "opcodes missing from the table: {missing:?}"
    );
    assert!(
        unknown.is_empty(),
        "mnemonics not in MNEMONICS: {unknown:?}"
    );
    // JVMS §6.5 defines 0x00-0xc9; with `wide` itself left out, 201 opcodes.
    assert_eq!(covered.len(), 201);

    // Every opcode byte, not only every name.
    let bytes: BTreeSet<u8> = rows.iter().filter(|r| !r.wide).map(|r| r.opcode).collect();
    let expected: BTreeSet<u8> = (0x00..=0xc9).filter(|&b| b != 0xc4).collect();
    assert_eq!(bytes, expected);
    // And MNEMONICS names exactly those bytes, plus wide and the reserved three.
    for b in 0..=255u8 {
        let named = MNEMONICS[b as usize] != "?";
        let should = b <= 0xc9 || matches!(b, 0xca | 0xfe | 0xff);
        assert_eq!(
            named, should,
            "MNEMONICS[{b:#04x}] = {}",
            MNEMONICS[b as usize]
        );
    }

    // Every instruction `wide` can modify (JVMS §6.5 wide).
    let wide: BTreeSet<u8> = rows.iter().filter(|r| r.wide).map(|r| r.opcode).collect();
    let widenable: BTreeSet<u8> = [0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3a]
        .into_iter()
        .chain([0x84, 0xa9])
        .collect();
    assert_eq!(wide, widenable);

    // Every newarray type, and ldc of every kind of constant.
    let newarrays = rows.iter().filter(|r| r.mnemonic == "newarray").count();
    assert_eq!(newarrays, 8);
    for (mnemonic, kinds) in [
        (
            "ldc",
            &[
                "Int",
                "Float",
                "String",
                "Class",
                "MethodType",
                "MethodHandle",
                "Dynamic",
            ][..],
        ),
        ("ldc_w", &["Int", "Float", "String", "Class"][..]),
        ("ldc2_w", &["Long", "Double", "Dynamic"][..]),
    ] {
        let have: BTreeSet<String> = rows
            .iter()
            .filter(|r| r.mnemonic == mnemonic)
            .map(|r| match &r.op {
                Op::Const(c) => format!("{c:?}")
                    .split(['(', ' '])
                    .next()
                    .unwrap()
                    .to_string(),
                other => panic!("{mnemonic} decoded to {other:?}"),
            })
            .collect();
        let want: BTreeSet<String> = kinds.iter().map(|k| k.to_string()).collect();
        assert_eq!(have, want, "constants loaded by {mnemonic}");
    }
}

// ---------------------------------------------------------------------------
// Switches at every alignment

/// Code `iload_0; nop*; <switch>; return; return; return` with the switch at
/// `switch_pc`; case 1 goes to the first return, case 2 (or key 1000) to the
/// second, default to the third.
fn switch_method(switch_pc: u32, table: bool) -> (Vec<u8>, u32, u32, u32) {
    let mut asm = Asm::new();
    asm.op(0x1a); // iload_0
    while asm.pc() < switch_pc {
        asm.op(0x00);
    }
    let (one, two, default) = (asm.label(), asm.label(), asm.label());
    if table {
        asm.tableswitch(default, 1, &[one, two]);
    } else {
        asm.lookupswitch(default, &[(-5, one), (1000, two)]);
    }
    asm.bind(one).op(0xb1);
    asm.bind(two).op(0xb1);
    asm.bind(default).op(0xb1);
    let pcs = (asm.pc_of(one), asm.pc_of(two), asm.pc_of(default));
    let class = single_method_class("S", "s", "(I)V", 1, 1, asm.finish());
    (class, pcs.0, pcs.1, pcs.2)
}

#[test]
fn tableswitch_padding_at_each_alignment() {
    // (switch pc, padding bytes): the operands start at the next multiple of 4.
    for (pc, pad) in [(4, 3), (1, 2), (2, 1), (3, 0)] {
        let (bytes, one, two, default) = switch_method(pc, true);
        let class = parse(&bytes);
        let code = code_of(&class, "s");
        let insn = code.instruction_at(pc).expect("switch at its pc");
        // opcode, padding, default, low, high, two offsets.
        let len = 1 + pad + 4 * 3 + 4 * 2;
        assert_eq!((insn.pc % 4, insn.len), (pc % 4, len), "switch at pc {pc}");
        assert_eq!(insn.mnemonic(), "tableswitch");
        assert_eq!((one, two, default), (pc + len, pc + len + 1, pc + len + 2));
        assert_eq!(
            insn.op,
            Op::TableSwitch {
                default,
                low: 1,
                high: 2,
                targets: vec![one, two]
            }
        );
        assert_eq!(
            insn.to_string(),
            format!("tableswitch {{ 1: {one}, 2: {two}, default: {default} }}")
        );
        assert_eq!(code.instructions.len(), 1 + (pc as usize - 1) + 1 + 3);
        check_switch_cfg_and_frames(&class, code, pc, &[1, 2]);
    }
}

#[test]
fn lookupswitch_padding_at_each_alignment() {
    for (pc, pad) in [(4, 3), (1, 2), (2, 1), (3, 0)] {
        let (bytes, one, two, default) = switch_method(pc, false);
        let class = parse(&bytes);
        let code = code_of(&class, "s");
        let insn = code.instruction_at(pc).expect("switch at its pc");
        // opcode, padding, default, npairs, two (key, offset) pairs.
        let len = 1 + pad + 4 * 2 + 8 * 2;
        assert_eq!((insn.pc % 4, insn.len), (pc % 4, len), "switch at pc {pc}");
        assert_eq!(insn.mnemonic(), "lookupswitch");
        assert_eq!((one, two, default), (pc + len, pc + len + 1, pc + len + 2));
        assert_eq!(
            insn.op,
            Op::LookupSwitch {
                default,
                pairs: vec![(-5, one), (1000, two)]
            }
        );
        assert_eq!(
            insn.to_string(),
            format!("lookupswitch {{ -5: {one}, 1000: {two}, default: {default} }}")
        );
        check_switch_cfg_and_frames(&class, code, pc, &[-5, 1000]);
    }
}

/// The switch's block has an edge per key and one for the default, and the
/// frames see the int popped.
fn check_switch_cfg_and_frames(class: &Class, code: &Code, pc: u32, keys: &[i32]) {
    let cfg = Cfg::build(classpath(), code).expect("cfg");
    let block = cfg.block_of(pc).expect("switch block");
    let mut labels: Vec<SwitchKey> = cfg
        .succs(block)
        .into_iter()
        .map(|(_, e)| match e {
            Edge::Switch { pc: at, key } if *at == pc => *key,
            other => panic!("unexpected edge {other}"),
        })
        .collect();
    labels.sort_by_key(|k| match k {
        SwitchKey::Case(k) => (0, *k),
        SwitchKey::Default => (1, 0),
    });
    let mut want: Vec<SwitchKey> = keys.iter().map(|&k| SwitchKey::Case(k)).collect();
    want.push(SwitchKey::Default);
    assert_eq!(labels, want);
    let frames = frames::compute(classpath(), class, &class.methods[0]).expect("frames");
    assert_eq!(frames.at(pc).unwrap().stack, vec![VType::Int]);
    for target in code.instruction_at(pc).unwrap().op.branch_targets() {
        assert_eq!(frames.at(target).unwrap().stack, vec![]);
    }
}

// ---------------------------------------------------------------------------
// Forward branches

#[test]
fn forward_branches_of_every_kind_resolve_to_absolute_pcs() {
    let branches: [(u8, &str); 20] = [
        (0x99, "ifeq"),
        (0x9a, "ifne"),
        (0x9b, "iflt"),
        (0x9c, "ifge"),
        (0x9d, "ifgt"),
        (0x9e, "ifle"),
        (0x9f, "if_icmpeq"),
        (0xa0, "if_icmpne"),
        (0xa1, "if_icmplt"),
        (0xa2, "if_icmpge"),
        (0xa3, "if_icmpgt"),
        (0xa4, "if_icmple"),
        (0xa5, "if_acmpeq"),
        (0xa6, "if_acmpne"),
        (0xa7, "goto"),
        (0xa8, "jsr"),
        (0xc6, "ifnull"),
        (0xc7, "ifnonnull"),
        (0xc8, "goto_w"),
        (0xc9, "jsr_w"),
    ];
    let mut asm = Asm::new();
    let end = asm.label();
    for (opcode, _) in branches {
        if matches!(opcode, 0xc8 | 0xc9) {
            asm.branch_w(opcode, end);
        } else {
            asm.branch(opcode, end);
        }
    }
    // Far enough that a 16-bit offset needs its high byte.
    for _ in 0..1000 {
        asm.op(0x00);
    }
    asm.bind(end).op(0xb1);
    let end_pc = asm.pc_of(end);
    let class = parse(&class_with_code(&asm.finish()));
    let code = code_of(&class, "m");
    let mut pc = 0;
    for ((opcode, mnemonic), insn) in branches.iter().zip(&code.instructions) {
        let len = if matches!(opcode, 0xc8 | 0xc9) { 5 } else { 3 };
        assert_eq!((insn.pc, insn.len, insn.mnemonic()), (pc, len, *mnemonic));
        assert_eq!(insn.op.branch_targets(), vec![end_pc], "{mnemonic}");
        assert_eq!(insn.to_string(), format!("{mnemonic} {end_pc}"));
        pc += len;
    }
}

// ---------------------------------------------------------------------------
// Bad code is an error, not a panic

#[test]
fn reserved_opcodes_are_rejected() {
    for (byte, name) in [(0xca, "breakpoint"), (0xfe, "impdep1"), (0xff, "impdep2")] {
        let e = parse_error(&[0x00, byte, 0xb1]);
        assert!(e.contains("reserved") && e.contains("pc 1"), "{name}: {e}");
        assert!(e.contains("m()V"), "error names the method: {e}");
    }
}

#[test]
fn undefined_opcodes_are_rejected() {
    for byte in 0xcb..=0xfd {
        let e = parse_error(&[0x00, byte, 0xb1]);
        assert!(e.contains(&byte.to_string()), "{byte:#04x}: {e}");
    }
}

#[test]
fn wide_before_an_instruction_it_cannot_modify_is_rejected() {
    for modified in [0x1a, 0x10, 0x12, 0x99, 0xa7, 0xb1, 0xc4, 0xca] {
        parse_error(&[0xc4, modified, 0x00, 0x01, 0xb1]);
    }
}

#[test]
fn truncated_instructions_are_rejected() {
    let cases: &[(&str, &[u8])] = &[
        ("bipush", &[0x10]),
        ("sipush", &[0x11, 0x01]),
        ("ldc", &[0x12]),
        ("ldc_w", &[0x13, 0x00]),
        ("ldc2_w", &[0x14]),
        ("iload", &[0x15]),
        ("astore", &[0x3a]),
        ("iinc", &[0x84, 0x01]),
        ("ifeq", &[0x99, 0x00]),
        ("goto", &[0xa7]),
        ("jsr", &[0xa8, 0xff]),
        ("ret", &[0xa9]),
        ("tableswitch padding", &[0xaa, 0x00]),
        // At pc 1, so two bytes of padding come first.
        ("tableswitch default", &[0xaa, 0, 0, 0, 0]),
        (
            "tableswitch offsets",
            // padding, default 16, low 1, high 2, one offset of two
            &[0xaa, 0, 0, 0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 16],
        ),
        (
            "lookupswitch pairs",
            // padding, default 12, npairs 1, a key without its offset
            &[0xab, 0, 0, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 5],
        ),
        ("getstatic", &[0xb2, 0x00]),
        ("invokevirtual", &[0xb6]),
        ("invokeinterface", &[0xb9, 0x00, 0x01, 0x01]),
        ("invokedynamic", &[0xba, 0x00, 0x01, 0x00]),
        ("new", &[0xbb, 0x00]),
        ("newarray", &[0xbc]),
        ("anewarray", &[0xbd, 0x00]),
        ("checkcast", &[0xc0]),
        ("wide", &[0xc4]),
        ("wide iload", &[0xc4, 0x15, 0x01]),
        ("wide iinc", &[0xc4, 0x84, 0x00, 0x01, 0x00]),
        ("multianewarray", &[0xc5, 0x00, 0x01]),
        ("ifnull", &[0xc6, 0x00]),
        ("goto_w", &[0xc8, 0x00, 0x00, 0x00]),
        ("jsr_w", &[0xc9]),
    ];
    for (what, cut) in cases {
        // After a `nop`, so the cut instruction is not at pc 0.
        let mut code = vec![0x00];
        code.extend_from_slice(cut);
        let e = parse_error(&code);
        assert!(!e.is_empty(), "{what}");
    }
}

#[test]
fn every_prefix_of_a_class_file_is_rejected() {
    let (bytes, _) = all_opcodes();
    for n in 0..bytes.len() {
        assert!(
            Class::parse(&bytes[..n]).is_err(),
            "a class cut to {n} of {} bytes parsed",
            bytes.len()
        );
    }
}

#[test]
fn branches_into_the_middle_of_an_instruction_or_outside_the_code_are_rejected() {
    // sipush at 0 (3 bytes), then a branch at 3.
    for (what, branch) in [
        ("into sipush", vec![0xa7, 0xff, 0xfe]), // goto 1
        ("before pc 0", vec![0xa7, 0xff, 0xfc]), // goto -1
        ("past the end", vec![0x99, 0x00, 0x10]),
        ("to the end", vec![0xa7, 0x00, 0x04]), // goto 7 = code length
        ("goto_w past the end", vec![0xc8, 0x00, 0x01, 0x00, 0x00]),
    ] {
        let mut code = vec![0x11, 0x00, 0x01];
        code.extend(&branch);
        code.push(0xb1);
        let e = parse_error(&code);
        assert!(e.contains("jump"), "{what}: {e}");
    }
    // A switch whose default lands inside it.
    let mut code = vec![0x1a, 0xaa, 0x00, 0x00];
    code.extend(be32(1)); // default: the padding
    code.extend(be32(0));
    code.extend(be32(0));
    code.extend(be32(19));
    code.push(0xb1);
    let e = parse_error(&code);
    assert!(e.contains("default jump"), "{e}");
}

/// A class with a few constants at known indices and `m()V` holding `code`
/// then `return`.
fn class_with_pool(code: impl FnOnce(&Pool) -> Vec<u8>) -> Vec<u8> {
    let mut class = ClassBuilder::new("T");
    let pool = Pool {
        utf8: class.cp.utf8("not loadable"),
        int: class.cp.integer(1),
        mref: class.cp.methodref("T", "m", "()V"),
    };
    let mut code = code(&pool);
    code.push(0xb1);
    class.method(MethodDef::new(STATIC, "m", "()V").code(CodeDef::new(5, 5, code)));
    class.build()
}

/// Code written against a [`Pool`].
type CodeFn = Box<dyn Fn(&Pool) -> Vec<u8>>;

struct Pool {
    utf8: u16,
    int: u16,
    mref: u16,
}

#[test]
fn bad_operands_are_rejected() {
    let switch = |opcode: u8, operands: &[i32]| {
        let mut c = vec![0x1a, opcode, 0, 0];
        for &v in operands {
            c.extend(be32(v));
        }
        c
    };
    let cases: Vec<(&str, CodeFn)> = vec![
        ("newarray of type 3", Box::new(|_| vec![0xbc, 3])),
        ("newarray of type 12", Box::new(|_| vec![0xbc, 12])),
        ("ldc of a Utf8", Box::new(|p| vec![0x12, ldc_index(p.utf8)])),
        ("ldc of index 0", Box::new(|_| vec![0x12, 0])),
        (
            "ldc_w of a missing index",
            Box::new(|_| vec![0x13, 0x7f, 0xff]),
        ),
        (
            "getfield of an Integer",
            Box::new(|p| [&[0xb4][..], &be16(p.int)].concat()),
        ),
        (
            "getfield of a Methodref",
            Box::new(|p| [&[0xb4][..], &be16(p.mref)].concat()),
        ),
        (
            "invokeinterface of a Methodref",
            Box::new(|p| [&[0xb9][..], &be16(p.mref), &[1, 0]].concat()),
        ),
        (
            "invokedynamic of an Integer",
            Box::new(|p| [&[0xba][..], &be16(p.int), &[0, 0]].concat()),
        ),
        // default 12, low 2, high 1
        (
            "tableswitch with low > high",
            Box::new(move |_| switch(0xaa, &[12, 2, 1])),
        ),
        (
            "lookupswitch with npairs < 0",
            Box::new(move |_| switch(0xab, &[8, -1])),
        ),
    ];
    for (what, code) in cases {
        assert!(
            Class::parse(&class_with_pool(code)).is_err(),
            "{what} parsed"
        );
    }
    // The pool and the code are fine otherwise.
    parse(&class_with_pool(|p| {
        [&[0x12, ldc_index(p.int), 0x57, 0xb8][..], &be16(p.mref)].concat()
    }));
}

#[test]
fn offsets_that_overflow_are_rejected() {
    let mut cases: Vec<(&str, Vec<u8>)> = Vec::new();
    // nop; goto_w with pc + offset beyond i32::MAX.
    let mut c = vec![0x00, 0xc8];
    c.extend(be32(i32::MAX));
    cases.push(("goto_w to pc 1 + i32::MAX", c));
    // nop; tableswitch whose default overflows the same way.
    let mut c = vec![0x00, 0xaa, 0, 0];
    for v in [i32::MAX, 0, 0, 16] {
        c.extend(be32(v));
    }
    c.push(0xb1);
    cases.push(("tableswitch default to pc 1 + i32::MAX", c));
    // tableswitch over every int: high - low overflows, and the
    // 2^32 offsets it announces are not there.
    let mut c = vec![0xaa, 0, 0, 0];
    for v in [16, i32::MIN, i32::MAX, 16] {
        c.extend(be32(v));
    }
    c.push(0xb1);
    cases.push(("tableswitch from i32::MIN to i32::MAX", c));
    for (what, code) in cases {
        let result = std::panic::catch_unwind(|| Class::parse(&class_with_code(&code)).is_err());
        assert_eq!(
            result.ok(),
            Some(true),
            "{what}: not rejected with an error"
        );
    }
}

#[test]
fn single_byte_corruptions_of_code_never_panic() {
    let (bytes, rows) = all_opcodes();
    let len: usize = rows.iter().map(|r| r.len as usize).sum();
    // The code starts with nop, aconst_null, iconst_m1 … dconst_1.
    let head: Vec<u8> = (0x00..=0x0f).collect();
    let start = bytes
        .windows(head.len())
        .position(|w| w == head)
        .expect("code in the class file");
    let mut panics = Vec::new();
    let mut parsed = 0;
    for at in start..start + len {
        let original = bytes[at];
        for value in [0x00, 0x01, 0x7f, 0x80, 0xc4, 0xff, original ^ 0x01] {
            if value == original {
                continue;
            }
            let mut corrupt = bytes.clone();
            corrupt[at] = value;
            let outcome = std::panic::catch_unwind(|| {
                Class::parse(&corrupt).map(|class| {
                    // The text of whatever decoded must not panic either.
                    for m in &class.methods {
                        for insn in &m.code.as_ref().unwrap().instructions {
                            let _ = insn.to_string();
                        }
                    }
                })
            });
            match outcome {
                Err(_) => panics.push(format!(
                    "pc {}: {original:#04x} -> {value:#04x}",
                    at - start
                )),
                Ok(Ok(())) => parsed += 1,
                Ok(Err(_)) => {}
            }
        }
    }
    assert!(panics.is_empty(), "Class::parse panicked on: {panics:?}");
    // Most corruptions of operands still decode; the sweep reached the reader.
    assert!(parsed > 100, "only {parsed} corruptions parsed");
}

// ---------------------------------------------------------------------------
// jsr and ret

#[test]
fn jsr_and_ret_decode_but_cfg_and_frames_refuse_them() {
    // 0: jsr 4; 3: return; 4: astore_1; 5: ret 1
    // and the same with jsr_w and wide ret.
    let narrow = vec![0xa8, 0x00, 0x04, 0xb1, 0x4c, 0xa9, 0x01];
    let wide = vec![0xc9, 0, 0, 0, 6, 0xb1, 0x4c, 0xc4, 0xa9, 0x00, 0x01];
    for (code, jsr, ret) in [
        (narrow, ("jsr", 3, "jsr 4"), ("ret", 2, "ret 1")),
        (wide, ("jsr_w", 5, "jsr_w 6"), ("ret", 4, "wide ret 1")),
    ] {
        let mut class = ClassBuilder::new("Old").version(49);
        class.method(MethodDef::new(STATIC, "sub", "()V").code(CodeDef::new(1, 2, code)));
        let class = parse(&class.build());
        assert_eq!(class.major_version, 49);
        let code = code_of(&class, "sub");
        let insns = &code.instructions;
        assert_eq!(insns.len(), 4);
        assert_eq!((insns[0].mnemonic(), insns[0].len), (jsr.0, jsr.1));
        assert_eq!(insns[0].to_string(), jsr.2);
        let sub = insns[2].pc;
        assert_eq!(insns[0].op, Op::Jsr(sub));
        assert_eq!((insns[3].mnemonic(), insns[3].len), (ret.0, ret.1));
        assert_eq!(insns[3].op, Op::Ret(1));
        assert_eq!(insns[3].to_string(), ret.2);

        let e = match Cfg::build(classpath(), code) {
            Ok(_) => panic!("Cfg::build accepted jsr"),
            Err(e) => e,
        };
        assert!(e.message.contains("jsr"), "{e}");
        assert_eq!(e.pc, 0);
        let e = frames::compute(classpath(), &class, &class.methods[0]).unwrap_err();
        assert!(e.message.contains("jsr"), "{e}");
        assert_eq!(e.pc, 0);
    }
}

// ---------------------------------------------------------------------------
// Static constraints the decoder checks (JVMS §4.9.1)

#[test]
fn invokeinterface_count_must_match_the_descriptor() {
    for (descriptor, count, ok) in [
        ("()V", 1, true),
        ("(I)Ljava/lang/Object;", 2, true),
        ("(JLjava/lang/String;D)V", 6, true),
        ("(I)Ljava/lang/Object;", 1, false),
        ("(JLjava/lang/String;D)V", 4, false),
        ("()V", 0, false),
    ] {
        let mut class = ClassBuilder::new("T");
        let m = class
            .cp
            .interface_methodref("java/util/List", "x", descriptor);
        let mut code = vec![0xb9];
        code.extend(be16(m));
        code.extend([count, 0, 0xb1]);
        class.method(MethodDef::new(STATIC, "m", "()V").code(CodeDef::new(9, 0, code)));
        let result = Class::parse(&class.build());
        match (result, ok) {
            (Ok(class), true) => {
                let insn = &code_of(&class, "m").instructions[0];
                assert_eq!(insn.len, 5);
                assert!(
                    matches!(&insn.op, Op::Invoke(InvokeKind::Interface, m) if m.descriptor == descriptor)
                );
            }
            (Err(e), false) => assert!(e.to_string().contains("count"), "{e}"),
            (Ok(_), false) => panic!("count {count} for {descriptor} accepted"),
            (Err(e), true) => panic!("count {count} for {descriptor} rejected: {e}"),
        }
    }
}

/// The loadable constants of [`ldc_class`], by index into its pool.
#[derive(Debug, Clone, Copy)]
enum Loaded {
    Int,
    Float,
    String,
    Long,
    Double,
    DynInt,
    DynLong,
    DynDouble,
}

/// A version 55 class whose `m()V` runs `opcode` on one constant, then returns.
fn ldc_class(opcode: u8, which: Loaded) -> Vec<u8> {
    let mut class = ClassBuilder::new("T").version(55);
    let bsm_ref = class.cp.methodref(
        "java/lang/invoke/ConstantBootstraps",
        "getStaticFinal",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;",
    );
    let handle = class.cp.method_handle(ref_kind::INVOKE_STATIC, bsm_ref);
    let bsm = class.bootstrap_method(handle, &[]);
    let cp = &mut class.cp;
    let index = match which {
        Loaded::Int => cp.integer(7),
        Loaded::Float => cp.float(7.0),
        Loaded::String => cp.string("s"),
        Loaded::Long => cp.long(7),
        Loaded::Double => cp.double(7.0),
        Loaded::DynInt => cp.dynamic(bsm, "i", "I"),
        Loaded::DynLong => cp.dynamic(bsm, "j", "J"),
        Loaded::DynDouble => cp.dynamic(bsm, "d", "D"),
    };
    let mut code = vec![opcode];
    if opcode == 0x12 {
        code.push(ldc_index(index));
    } else {
        code.extend(be16(index));
    }
    code.push(0xb1);
    class.method(MethodDef::new(STATIC, "m", "()V").code(CodeDef::new(2, 0, code)));
    class.build()
}

#[test]
fn ldc_loads_one_word_and_ldc2_w_two() {
    use Loaded::*;
    let (ldc, ldc_w, ldc2_w) = (0x12, 0x13, 0x14);
    for (opcode, which, ok) in [
        (ldc, Int, true),
        (ldc, Float, true),
        (ldc, String, true),
        (ldc, DynInt, true),
        (ldc_w, Int, true),
        (ldc2_w, Long, true),
        (ldc2_w, Double, true),
        (ldc2_w, DynLong, true),
        (ldc2_w, DynDouble, true),
        (ldc, Long, false),
        (ldc, Double, false),
        (ldc, DynLong, false),
        (ldc_w, Long, false),
        (ldc_w, DynDouble, false),
        (ldc2_w, Int, false),
        (ldc2_w, Float, false),
        (ldc2_w, String, false),
        (ldc2_w, DynInt, false),
    ] {
        let what = format!("{} of {which:?}", MNEMONICS[opcode as usize]);
        match (Class::parse(&ldc_class(opcode, which)), ok) {
            (Ok(_), true) => {}
            (Err(e), false) => assert!(e.to_string().contains("ldc"), "{what}: {e}"),
            (Ok(_), false) => panic!("{what} accepted"),
            (Err(e), true) => panic!("{what} rejected: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// classgen's handlers and line numbers

#[test]
fn exception_table_and_line_numbers_are_read() {
    let mut class = ClassBuilder::new("H");
    let hash = class.cp.methodref("java/lang/Object", "hashCode", "()I");
    let mut code = vec![0x2a, 0xb6]; // 0: aload_0; 1: invokevirtual hashCode
    code.extend(be16(hash));
    code.extend([0xac, 0x4c, 0x02, 0xac]); // 4: ireturn; 5: astore_1; 6: iconst_m1; 7: ireturn
    class.method(
        MethodDef::new(STATIC, "h", "(Ljava/lang/Object;)I").code(
            CodeDef::new(1, 2, code)
                .handler(0, 4, 5, Some("java/lang/RuntimeException"))
                .handler(0, 4, 5, None)
                .line(0, 10)
                .line(5, 11),
        ),
    );
    let class = parse(&class.build());
    let code = code_of(&class, "h");
    assert_eq!(code.handlers.len(), 2);
    assert_eq!(
        (
            code.handlers[0].start,
            code.handlers[0].end,
            code.handlers[0].handler
        ),
        (0, 4, 5)
    );
    assert_eq!(
        code.handlers[0].catch_type.as_deref(),
        Some("java/lang/RuntimeException")
    );
    assert_eq!(code.handlers[1].catch_type, None);
    assert_eq!(code.line_of(1), Some(10));
    assert_eq!(code.line_of(6), Some(11));
    assert!(code.stack_map.is_none());

    let frames = frames::compute(classpath(), &class, &class.methods[0]).expect("frames");
    assert_eq!(
        frames.at(5).unwrap().stack,
        vec![VType::Ref("java/lang/Throwable".into())],
        "RuntimeException and a catch-all merge to Throwable"
    );
    let cfg = Cfg::build(classpath(), code).expect("cfg");
    let handler = cfg.block_of(5).unwrap();
    assert!(cfg
        .preds(handler)
        .iter()
        .any(|(_, e)| matches!(e, Edge::Exception { pc: 1, .. })));
}

// ---------------------------------------------------------------------------
// Frames for shapes javac does not produce

/// Frames of `f()V` with this code (enough stack and locals), or the error.
fn frames_of(code: &[u8]) -> (Class, Result<frames::Frames, FrameError>) {
    let class = parse(&single_method_class("F", "f", "()V", 12, 4, code.to_vec()));
    let result = frames::compute(classpath(), &class, &class.methods[0]);
    (class, result)
}

/// The stack before the instruction at `pc`.
fn stack_at(code: &[u8], pc: u32) -> Vec<VType> {
    let (_, frames) = frames_of(code);
    let frames = frames.unwrap_or_else(|e| panic!("frames of {code:02x?}: {e}"));
    frames.at(pc).expect("frame at pc").stack.clone()
}

fn frame_error(code: &[u8]) -> FrameError {
    match frames_of(code).1 {
        Ok(_) => panic!("frames of {code:02x?} computed"),
        Err(e) => e,
    }
}

const NULL: u8 = 0x01; // aconst_null
const ICONST_0: u8 = 0x03;
const LCONST_0: u8 = 0x09;
const FCONST_0: u8 = 0x0b;
const DCONST_0: u8 = 0x0e;
const POP: u8 = 0x57;
const POP2: u8 = 0x58;
const DUP: u8 = 0x59;
const DUP_X1: u8 = 0x5a;
const DUP_X2: u8 = 0x5b;
const DUP2: u8 = 0x5c;
const DUP2_X1: u8 = 0x5d;
const DUP2_X2: u8 = 0x5e;
const SWAP: u8 = 0x5f;
const RETURN: u8 = 0xb1;

#[test]
fn dup2_duplicates_one_long_or_two_ints() {
    use VType::*;
    // lconst_0; dup2; return: a long is one value of two words.
    assert_eq!(stack_at(&[LCONST_0, DUP2, RETURN], 2), vec![Long, Long]);
    // fconst_0; iconst_0; dup2; return: two one-word values, in order.
    assert_eq!(
        stack_at(&[FCONST_0, ICONST_0, DUP2, RETURN], 3),
        vec![Float, Int, Float, Int]
    );
    // pop2 likewise takes one long or two ints.
    assert_eq!(stack_at(&[ICONST_0, LCONST_0, POP2, RETURN], 3), vec![Int]);
    assert_eq!(
        stack_at(&[ICONST_0, ICONST_0, ICONST_0, POP2, RETURN], 4),
        vec![Int]
    );
}

#[test]
fn dup_x2_dup2_x1_and_dup2_x2_in_every_form() {
    use VType::*;
    let string = || Ref("java/lang/String".into());
    // The index of "s" in the pool of the classes below.
    let s = ClassBuilder::new("F").cp.string("s");
    // Forms as JVMS §6.5 numbers them; value1 is on top.
    let cases: Vec<(&str, Vec<u8>, Vec<VType>)> = vec![
        // dup_x2 form 1: value3, value2, value1 all one word.
        (
            "dup_x2 form 1",
            vec![NULL, FCONST_0, ICONST_0, DUP_X2],
            vec![Int, Null, Float, Int],
        ),
        // dup_x2 form 2: value2 a long, value1 one word.
        (
            "dup_x2 form 2",
            vec![LCONST_0, ICONST_0, DUP_X2],
            vec![Int, Long, Int],
        ),
        // dup2_x1 form 1: three one-word values.
        (
            "dup2_x1 form 1",
            vec![NULL, FCONST_0, ICONST_0, DUP2_X1],
            vec![Float, Int, Null, Float, Int],
        ),
        // dup2_x1 form 2: value1 a double over a one-word value2.
        (
            "dup2_x1 form 2",
            vec![ICONST_0, DCONST_0, DUP2_X1],
            vec![Double, Int, Double],
        ),
        // dup2_x2 form 1: four one-word values.
        (
            "dup2_x2 form 1",
            vec![NULL, FCONST_0, ICONST_0, 0x12, s as u8, DUP2_X2],
            vec![Int, string(), Null, Float, Int, string()],
        ),
        // dup2_x2 form 2: value1 a long over two one-word values.
        (
            "dup2_x2 form 2",
            vec![NULL, FCONST_0, LCONST_0, DUP2_X2],
            vec![Long, Null, Float, Long],
        ),
        // dup2_x2 form 3: two one-word values over a double.
        (
            "dup2_x2 form 3",
            vec![DCONST_0, FCONST_0, ICONST_0, DUP2_X2],
            vec![Float, Int, Double, Float, Int],
        ),
        // dup2_x2 form 4: a long over a double.
        (
            "dup2_x2 form 4",
            vec![DCONST_0, LCONST_0, DUP2_X2],
            vec![Long, Double, Long],
        ),
        (
            "dup_x1",
            vec![FCONST_0, ICONST_0, DUP_X1],
            vec![Int, Float, Int],
        ),
        ("swap", vec![FCONST_0, ICONST_0, SWAP], vec![Int, Float]),
        ("dup", vec![NULL, DUP], vec![Null, Null]),
    ];
    for (what, mut code, want) in cases {
        let next = code.len() as u32;
        code.push(RETURN);
        let mut class = ClassBuilder::new("F");
        assert_eq!(class.cp.string("s"), s);
        class.method(MethodDef::new(STATIC, "f", "()V").code(CodeDef::new(12, 0, code)));
        let class = parse(&class.build());
        let frames = frames::compute(classpath(), &class, &class.methods[0])
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(frames.at(next).unwrap().stack, want, "{what}");
    }
}

#[test]
fn stack_shuffles_may_not_split_a_long_or_double() {
    for (what, code) in [
        ("dup of a long", vec![LCONST_0, DUP, RETURN]),
        ("pop of a double", vec![DCONST_0, POP, RETURN]),
        ("swap with a long", vec![ICONST_0, LCONST_0, SWAP, RETURN]),
        (
            "dup_x1 over a long",
            vec![LCONST_0, ICONST_0, DUP_X1, RETURN],
        ),
        (
            "pop2 of an int over a long",
            vec![LCONST_0, ICONST_0, POP2, RETURN],
        ),
        (
            "dup2_x1 of an int over a long",
            vec![LCONST_0, ICONST_0, ICONST_0, DUP2_X1, RETURN],
        ),
    ] {
        let e = frame_error(&code);
        assert!(e.message.contains("split"), "{what}: {e}");
    }
}

#[test]
fn stack_underflow_is_a_frame_error() {
    for (what, code, pc) in [
        ("pop on an empty stack", vec![POP, RETURN], 0),
        ("iadd with one int", vec![ICONST_0, 0x60, RETURN], 1),
        ("dup2 of one int", vec![ICONST_0, DUP2, RETURN], 1),
        (
            "dup_x2 over one int",
            vec![ICONST_0, ICONST_0, DUP_X2, RETURN],
            2,
        ),
        ("ireturn of nothing", vec![0xac], 0),
    ] {
        let e = frame_error(&code);
        assert!(e.message.contains("underflow"), "{what}: {e}");
        assert_eq!(e.pc, pc, "{what}");
    }
}

#[test]
fn joining_different_stack_depths_is_a_frame_error() {
    // static (I)V:
    // 0: iload_0; 1: ifeq 7; 4: iconst_1; 5: nop; 6: nop; 7: return
    // Taken, the stack at 7 is empty; falling through, it holds an int.
    let code = vec![0x1a, 0x99, 0x00, 0x06, 0x04, 0x00, 0x00, RETURN];
    let class = parse(&single_method_class("J", "j", "(I)V", 2, 1, code));
    let e = frames::compute(classpath(), &class, &class.methods[0]).unwrap_err();
    assert!(e.message.contains("join"), "{e}");
    assert_eq!(e.pc, 7);
}
