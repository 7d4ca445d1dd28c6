//! A small class-file assembler for tests (JVMS §4): a constant pool
//! builder, methods whose Code attribute holds whatever bytes a test gives,
//! and a BootstrapMethods attribute when one is needed.
//!
//! It writes well-formed class files, not verifiable ones: there is no
//! StackMapTable, and the code bytes are taken as they are, so a test can
//! build shapes javac never emits (`jsr`, `dup2_x2` over mixed values, a
//! stack underflow). [`Asm`] helps write those bytes: it tracks the pc,
//! resolves labels into branch offsets and lays out switch padding.
//!
//! ```ignore
//! let mut class = ClassBuilder::new("T");
//! let mut asm = Asm::new();
//! asm.op(0x04).op(0xac); // iconst_1; ireturn
//! class.method(MethodDef::new(STATIC, "one", "()I").code(CodeDef::new(1, 0, asm.finish())));
//! let bytes = class.build();
//! ```

use std::collections::HashMap;

/// `ACC_PUBLIC`, `ACC_STATIC`, `ACC_SUPER` and `ACC_INTERFACE` (JVMS Tables 4.1-B, 4.6-A).
pub const PUBLIC: u16 = 0x0001;
pub const STATIC: u16 = 0x0008;
pub const SUPER: u16 = 0x0020;
pub const INTERFACE: u16 = 0x0200;
pub const ABSTRACT: u16 = 0x0400;

/// `reference_kind` values of `CONSTANT_MethodHandle` (JVMS Table 5.4.3.5-A).
pub mod ref_kind {
    pub const GET_FIELD: u8 = 1;
    pub const GET_STATIC: u8 = 2;
    pub const PUT_FIELD: u8 = 3;
    pub const PUT_STATIC: u8 = 4;
    pub const INVOKE_VIRTUAL: u8 = 5;
    pub const INVOKE_STATIC: u8 = 6;
    pub const INVOKE_SPECIAL: u8 = 7;
    pub const NEW_INVOKE_SPECIAL: u8 = 8;
    pub const INVOKE_INTERFACE: u8 = 9;
}

/// What a constant pool entry holds; also the key under which equal entries
/// are shared, so asking twice for a constant gives the same index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Entry {
    Utf8(String),
    Integer(i32),
    /// Float and double are keyed by their bits, so `-0.0` and NaNs stay distinct.
    Float(u32),
    Long(i64),
    Double(u64),
    Class(u16),
    String(u16),
    Fieldref(u16, u16),
    Methodref(u16, u16),
    InterfaceMethodref(u16, u16),
    NameAndType(u16, u16),
    MethodHandle(u8, u16),
    MethodType(u16),
    Dynamic(u16, u16),
    InvokeDynamic(u16, u16),
}

/// The constant pool under construction. Every method returns the index of
/// the entry, creating it (and the entries it refers to) when needed.
#[derive(Debug, Default)]
pub struct ConstantPool {
    bytes: Vec<u8>,
    /// The next free index; index 0 is unused (JVMS §4.1).
    next: u16,
    index: HashMap<Entry, u16>,
}

impl ConstantPool {
    pub fn new() -> ConstantPool {
        ConstantPool {
            bytes: Vec::new(),
            next: 1,
            index: HashMap::new(),
        }
    }

    /// The `constant_pool_count` the class file will declare.
    pub fn count(&self) -> u16 {
        self.next
    }

    fn intern(&mut self, entry: Entry) -> u16 {
        if let Some(&i) = self.index.get(&entry) {
            return i;
        }
        let i = self.next;
        let (tag, body): (u8, Vec<u8>) = match &entry {
            Entry::Utf8(s) => {
                let enc = modified_utf8(s);
                let len = u16::try_from(enc.len()).expect("Utf8 constant fits in 65535 bytes");
                (1, [&len.to_be_bytes()[..], &enc].concat())
            }
            Entry::Integer(v) => (3, v.to_be_bytes().to_vec()),
            Entry::Float(bits) => (4, bits.to_be_bytes().to_vec()),
            Entry::Long(v) => (5, v.to_be_bytes().to_vec()),
            Entry::Double(bits) => (6, bits.to_be_bytes().to_vec()),
            Entry::Class(name) => (7, name.to_be_bytes().to_vec()),
            Entry::String(s) => (8, s.to_be_bytes().to_vec()),
            Entry::Fieldref(c, nt) => (9, two(*c, *nt)),
            Entry::Methodref(c, nt) => (10, two(*c, *nt)),
            Entry::InterfaceMethodref(c, nt) => (11, two(*c, *nt)),
            Entry::NameAndType(n, d) => (12, two(*n, *d)),
            Entry::MethodHandle(kind, r) => (15, [&[*kind][..], &r.to_be_bytes()].concat()),
            Entry::MethodType(d) => (16, d.to_be_bytes().to_vec()),
            Entry::Dynamic(bsm, nt) => (17, two(*bsm, *nt)),
            Entry::InvokeDynamic(bsm, nt) => (18, two(*bsm, *nt)),
        };
        // Longs and doubles take two slots (JVMS §4.4.5).
        let slots = if matches!(entry, Entry::Long(_) | Entry::Double(_)) {
            2
        } else {
            1
        };
        self.next = self
            .next
            .checked_add(slots)
            .expect("constant pool has at most 65535 entries");
        self.bytes.push(tag);
        self.bytes.extend(body);
        self.index.insert(entry, i);
        i
    }

    pub fn utf8(&mut self, s: &str) -> u16 {
        self.intern(Entry::Utf8(s.to_string()))
    }

    /// `CONSTANT_Class` for an internal name (`java/lang/String`) or an array
    /// descriptor (`[I`).
    pub fn class(&mut self, name: &str) -> u16 {
        let n = self.utf8(name);
        self.intern(Entry::Class(n))
    }

    pub fn string(&mut self, s: &str) -> u16 {
        let n = self.utf8(s);
        self.intern(Entry::String(n))
    }

    pub fn integer(&mut self, v: i32) -> u16 {
        self.intern(Entry::Integer(v))
    }

    pub fn float(&mut self, v: f32) -> u16 {
        self.intern(Entry::Float(v.to_bits()))
    }

    pub fn long(&mut self, v: i64) -> u16 {
        self.intern(Entry::Long(v))
    }

    pub fn double(&mut self, v: f64) -> u16 {
        self.intern(Entry::Double(v.to_bits()))
    }

    pub fn name_and_type(&mut self, name: &str, descriptor: &str) -> u16 {
        let n = self.utf8(name);
        let d = self.utf8(descriptor);
        self.intern(Entry::NameAndType(n, d))
    }

    pub fn fieldref(&mut self, class: &str, name: &str, descriptor: &str) -> u16 {
        let c = self.class(class);
        let nt = self.name_and_type(name, descriptor);
        self.intern(Entry::Fieldref(c, nt))
    }

    pub fn methodref(&mut self, class: &str, name: &str, descriptor: &str) -> u16 {
        let c = self.class(class);
        let nt = self.name_and_type(name, descriptor);
        self.intern(Entry::Methodref(c, nt))
    }

    pub fn interface_methodref(&mut self, class: &str, name: &str, descriptor: &str) -> u16 {
        let c = self.class(class);
        let nt = self.name_and_type(name, descriptor);
        self.intern(Entry::InterfaceMethodref(c, nt))
    }

    /// `CONSTANT_MethodHandle`: a [`ref_kind`] and the index of the field or
    /// method reference.
    pub fn method_handle(&mut self, kind: u8, reference: u16) -> u16 {
        self.intern(Entry::MethodHandle(kind, reference))
    }

    pub fn method_type(&mut self, descriptor: &str) -> u16 {
        let d = self.utf8(descriptor);
        self.intern(Entry::MethodType(d))
    }

    /// `CONSTANT_Dynamic` (class files 55 and later): bootstrap method index
    /// (into the BootstrapMethods attribute), name and field descriptor.
    pub fn dynamic(&mut self, bootstrap: u16, name: &str, descriptor: &str) -> u16 {
        let nt = self.name_and_type(name, descriptor);
        self.intern(Entry::Dynamic(bootstrap, nt))
    }

    /// `CONSTANT_InvokeDynamic`: bootstrap method index, name and method descriptor.
    pub fn invoke_dynamic(&mut self, bootstrap: u16, name: &str, descriptor: &str) -> u16 {
        let nt = self.name_and_type(name, descriptor);
        self.intern(Entry::InvokeDynamic(bootstrap, nt))
    }
}

fn two(a: u16, b: u16) -> Vec<u8> {
    [a.to_be_bytes(), b.to_be_bytes()].concat()
}

/// Modified UTF-8 (JVMS §4.4.7): NUL as two bytes, supplementary characters
/// as surrogate pairs of three bytes each.
fn modified_utf8(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for unit in s.encode_utf16() {
        match unit {
            0x0001..=0x007f => out.push(unit as u8),
            0x0000 | 0x0080..=0x07ff => {
                out.push(0xc0 | (unit >> 6) as u8);
                out.push(0x80 | (unit & 0x3f) as u8);
            }
            _ => {
                out.push(0xe0 | (unit >> 12) as u8);
                out.push(0x80 | ((unit >> 6) & 0x3f) as u8);
                out.push(0x80 | (unit & 0x3f) as u8);
            }
        }
    }
    out
}

/// One exception table entry: `start..end` is covered, control goes to
/// `handler`; `catch_type` `None` catches everything.
#[derive(Debug, Clone)]
pub struct HandlerDef {
    pub start: u16,
    pub end: u16,
    pub handler: u16,
    pub catch_type: Option<String>,
}

/// A Code attribute: the raw code bytes and what goes with them.
#[derive(Debug, Clone)]
pub struct CodeDef {
    pub max_stack: u16,
    pub max_locals: u16,
    pub code: Vec<u8>,
    pub handlers: Vec<HandlerDef>,
    /// LineNumberTable entries, (start_pc, line); none writes no table.
    pub lines: Vec<(u16, u16)>,
}

impl CodeDef {
    pub fn new(max_stack: u16, max_locals: u16, code: Vec<u8>) -> CodeDef {
        CodeDef {
            max_stack,
            max_locals,
            code,
            handlers: Vec::new(),
            lines: Vec::new(),
        }
    }

    pub fn handler(mut self, start: u16, end: u16, handler: u16, catch_type: Option<&str>) -> Self {
        self.handlers.push(HandlerDef {
            start,
            end,
            handler,
            catch_type: catch_type.map(str::to_string),
        });
        self
    }

    pub fn line(mut self, start_pc: u16, line: u16) -> Self {
        self.lines.push((start_pc, line));
        self
    }
}

/// A method: access flags, name, descriptor and (unless abstract or native)
/// its code.
#[derive(Debug, Clone)]
pub struct MethodDef {
    pub access: u16,
    pub name: String,
    pub descriptor: String,
    pub code: Option<CodeDef>,
}

impl MethodDef {
    pub fn new(access: u16, name: &str, descriptor: &str) -> MethodDef {
        MethodDef {
            access,
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            code: None,
        }
    }

    pub fn code(mut self, code: CodeDef) -> Self {
        self.code = Some(code);
        self
    }
}

/// A field: access flags, name and descriptor, and the constant pool
/// index of its `ConstantValue` (JVMS §4.7.2), if it has one.
#[derive(Debug, Clone)]
pub struct FieldDef {
    pub access: u16,
    pub name: String,
    pub descriptor: String,
    pub constant: Option<u16>,
}

/// A class under construction. `cp` is public so tests can create the
/// constants their code refers to before writing the code.
#[derive(Debug)]
pub struct ClassBuilder {
    pub cp: ConstantPool,
    major: u16,
    access: u16,
    this_class: u16,
    super_class: u16,
    interfaces: Vec<u16>,
    fields: Vec<FieldDef>,
    methods: Vec<MethodDef>,
    /// (method handle index, argument indices)
    bootstrap_methods: Vec<(u16, Vec<u16>)>,
}

impl ClassBuilder {
    /// A public class `name` (internal form) extending `java/lang/Object`,
    /// class file version 52 (Java 8).
    pub fn new(name: &str) -> ClassBuilder {
        let mut cp = ConstantPool::new();
        let this_class = cp.class(name);
        let super_class = cp.class("java/lang/Object");
        ClassBuilder {
            cp,
            major: 52,
            access: PUBLIC | SUPER,
            this_class,
            super_class,
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
            bootstrap_methods: Vec::new(),
        }
    }

    /// The major version: 52 (Java 8), 55 (Java 11, needed for
    /// `CONSTANT_Dynamic`), or before 50 for `jsr`/`ret` code.
    pub fn version(mut self, major: u16) -> Self {
        self.major = major;
        self
    }

    pub fn access(mut self, access: u16) -> Self {
        self.access = access;
        self
    }

    pub fn super_class(mut self, name: &str) -> Self {
        self.super_class = self.cp.class(name);
        self
    }

    pub fn interface(mut self, name: &str) -> Self {
        let i = self.cp.class(name);
        self.interfaces.push(i);
        self
    }

    pub fn field(&mut self, access: u16, name: &str, descriptor: &str) -> &mut Self {
        self.fields.push(FieldDef {
            access,
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            constant: None,
        });
        self
    }

    /// A field with a `ConstantValue` attribute naming pool entry `value`
    /// (from [`ConstantPool::integer`] and the like).
    pub fn constant_field(
        &mut self,
        access: u16,
        name: &str,
        descriptor: &str,
        value: u16,
    ) -> &mut Self {
        self.fields.push(FieldDef {
            access,
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            constant: Some(value),
        });
        self
    }

    pub fn method(&mut self, method: MethodDef) -> &mut Self {
        self.methods.push(method);
        self
    }

    /// Adds a BootstrapMethods entry; returns its index, the number
    /// `CONSTANT_InvokeDynamic` and `CONSTANT_Dynamic` refer to.
    pub fn bootstrap_method(&mut self, method_handle: u16, args: &[u16]) -> u16 {
        self.bootstrap_methods.push((method_handle, args.to_vec()));
        u16::try_from(self.bootstrap_methods.len() - 1).expect("at most 65535 bootstrap methods")
    }

    /// The class file's bytes.
    pub fn build(mut self) -> Vec<u8> {
        // Names used by members and attributes go into the pool first, since
        // the pool is written before them.
        let mut fields = Vec::new();
        for f in std::mem::take(&mut self.fields) {
            let name = self.cp.utf8(&f.name);
            let desc = self.cp.utf8(&f.descriptor);
            let mut out = Vec::new();
            out.extend(f.access.to_be_bytes());
            out.extend(name.to_be_bytes());
            out.extend(desc.to_be_bytes());
            match f.constant {
                Some(value) => {
                    let attr = self.cp.utf8("ConstantValue");
                    out.extend(1u16.to_be_bytes()); // attributes_count
                    out.extend(attr.to_be_bytes());
                    out.extend(2u32.to_be_bytes());
                    out.extend(value.to_be_bytes());
                }
                None => out.extend(0u16.to_be_bytes()), // attributes_count
            }
            fields.push(out);
        }
        let mut methods = Vec::new();
        for m in std::mem::take(&mut self.methods) {
            methods.push(self.method_info(&m));
        }
        let mut class_attributes = Vec::new();
        if !self.bootstrap_methods.is_empty() {
            let name = self.cp.utf8("BootstrapMethods");
            let mut body = Vec::new();
            body.extend(len16(self.bootstrap_methods.len()).to_be_bytes());
            for (handle, args) in &self.bootstrap_methods {
                body.extend(handle.to_be_bytes());
                body.extend(len16(args.len()).to_be_bytes());
                for a in args {
                    body.extend(a.to_be_bytes());
                }
            }
            class_attributes.push(attribute(name, &body));
        }

        let mut out = Vec::new();
        out.extend(0xCAFE_BABEu32.to_be_bytes());
        out.extend(0u16.to_be_bytes()); // minor_version
        out.extend(self.major.to_be_bytes());
        out.extend(self.cp.count().to_be_bytes());
        out.extend(&self.cp.bytes);
        out.extend(self.access.to_be_bytes());
        out.extend(self.this_class.to_be_bytes());
        out.extend(self.super_class.to_be_bytes());
        out.extend(len16(self.interfaces.len()).to_be_bytes());
        for i in &self.interfaces {
            out.extend(i.to_be_bytes());
        }
        for group in [fields, methods] {
            out.extend(len16(group.len()).to_be_bytes());
            for item in group {
                out.extend(item);
            }
        }
        out.extend(len16(class_attributes.len()).to_be_bytes());
        for a in class_attributes {
            out.extend(a);
        }
        out
    }

    fn method_info(&mut self, m: &MethodDef) -> Vec<u8> {
        let name = self.cp.utf8(&m.name);
        let desc = self.cp.utf8(&m.descriptor);
        let mut out = Vec::new();
        out.extend(m.access.to_be_bytes());
        out.extend(name.to_be_bytes());
        out.extend(desc.to_be_bytes());
        match &m.code {
            None => out.extend(0u16.to_be_bytes()),
            Some(code) => {
                out.extend(1u16.to_be_bytes());
                out.extend(self.code_attribute(code));
            }
        }
        out
    }

    fn code_attribute(&mut self, c: &CodeDef) -> Vec<u8> {
        let name = self.cp.utf8("Code");
        let mut body = Vec::new();
        body.extend(c.max_stack.to_be_bytes());
        body.extend(c.max_locals.to_be_bytes());
        let code_len = u32::try_from(c.code.len()).expect("code fits in u32");
        body.extend(code_len.to_be_bytes());
        body.extend(&c.code);
        body.extend(len16(c.handlers.len()).to_be_bytes());
        for h in &c.handlers {
            let catch = h.catch_type.as_deref().map_or(0, |t| self.cp.class(t));
            for v in [h.start, h.end, h.handler, catch] {
                body.extend(v.to_be_bytes());
            }
        }
        if c.lines.is_empty() {
            body.extend(0u16.to_be_bytes());
        } else {
            body.extend(1u16.to_be_bytes());
            let lnt = self.cp.utf8("LineNumberTable");
            let mut table = Vec::new();
            table.extend(len16(c.lines.len()).to_be_bytes());
            for (pc, line) in &c.lines {
                table.extend(pc.to_be_bytes());
                table.extend(line.to_be_bytes());
            }
            body.extend(attribute(lnt, &table));
        }
        attribute(name, &body)
    }
}

fn len16(n: usize) -> u16 {
    u16::try_from(n).expect("count fits in u16")
}

fn attribute(name: u16, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 6);
    out.extend(name.to_be_bytes());
    out.extend(
        u32::try_from(body.len())
            .expect("attribute fits in u32")
            .to_be_bytes(),
    );
    out.extend(body);
    out
}

/// A position in code that branches refer to, bound with [`Asm::bind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label(usize);

#[derive(Debug)]
struct Fixup {
    /// Where the offset is written.
    at: usize,
    /// The pc of the branching instruction, which offsets are relative to.
    from: u32,
    label: Label,
    wide: bool,
}

/// Writes code bytes: opcodes and operands as given, plus branches and
/// switches whose offsets come from labels.
#[derive(Debug, Default)]
pub struct Asm {
    bytes: Vec<u8>,
    labels: Vec<Option<u32>>,
    fixups: Vec<Fixup>,
}

impl Asm {
    pub fn new() -> Asm {
        Asm::default()
    }

    /// The pc of the next byte written.
    pub fn pc(&self) -> u32 {
        self.bytes.len() as u32
    }

    pub fn op(&mut self, opcode: u8) -> &mut Self {
        self.bytes.push(opcode);
        self
    }

    pub fn u1(&mut self, v: u8) -> &mut Self {
        self.bytes.push(v);
        self
    }

    pub fn u2(&mut self, v: u16) -> &mut Self {
        self.bytes.extend(v.to_be_bytes());
        self
    }

    pub fn i2(&mut self, v: i16) -> &mut Self {
        self.bytes.extend(v.to_be_bytes());
        self
    }

    pub fn i4(&mut self, v: i32) -> &mut Self {
        self.bytes.extend(v.to_be_bytes());
        self
    }

    pub fn raw(&mut self, bytes: &[u8]) -> &mut Self {
        self.bytes.extend_from_slice(bytes);
        self
    }

    /// A new, unbound label.
    pub fn label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }

    /// Binds a label to the current pc.
    pub fn bind(&mut self, label: Label) -> &mut Self {
        assert!(self.labels[label.0].is_none(), "label bound twice");
        self.labels[label.0] = Some(self.pc());
        self
    }

    /// The pc a label is bound to.
    pub fn pc_of(&self, label: Label) -> u32 {
        self.labels[label.0].expect("label is bound")
    }

    /// A branch with a 16-bit offset (`ifeq` … `jsr`, `ifnull`, `ifnonnull`).
    pub fn branch(&mut self, opcode: u8, target: Label) -> &mut Self {
        let from = self.pc();
        self.op(opcode);
        self.offset(from, target, false)
    }

    /// A branch with a 32-bit offset (`goto_w`, `jsr_w`).
    pub fn branch_w(&mut self, opcode: u8, target: Label) -> &mut Self {
        let from = self.pc();
        self.op(opcode);
        self.offset(from, target, true)
    }

    /// Zero bytes after a switch opcode up to the next multiple of 4 (JVMS §6.5 tableswitch).
    fn switch_padding(&mut self) {
        while !self.bytes.len().is_multiple_of(4) {
            self.bytes.push(0);
        }
    }

    /// `tableswitch` over `low ..= low + targets.len() - 1`.
    pub fn tableswitch(&mut self, default: Label, low: i32, targets: &[Label]) -> &mut Self {
        let from = self.pc();
        self.op(0xaa);
        self.switch_padding();
        self.offset(from, default, true);
        let high = low + targets.len() as i32 - 1;
        self.i4(low).i4(high);
        for &t in targets {
            self.offset(from, t, true);
        }
        self
    }

    /// `lookupswitch` with the pairs in the order given (the JVM wants them
    /// sorted by key).
    pub fn lookupswitch(&mut self, default: Label, pairs: &[(i32, Label)]) -> &mut Self {
        let from = self.pc();
        self.op(0xab);
        self.switch_padding();
        self.offset(from, default, true);
        self.i4(pairs.len() as i32);
        for &(key, t) in pairs {
            self.i4(key);
            self.offset(from, t, true);
        }
        self
    }

    fn offset(&mut self, from: u32, label: Label, wide: bool) -> &mut Self {
        self.fixups.push(Fixup {
            at: self.bytes.len(),
            from,
            label,
            wide,
        });
        let width = if wide { 4 } else { 2 };
        self.bytes.extend(std::iter::repeat_n(0, width));
        self
    }

    /// The code bytes, with every branch offset filled in.
    pub fn finish(mut self) -> Vec<u8> {
        for f in &self.fixups {
            let target = self.labels[f.label.0].expect("every label used is bound");
            let offset = i64::from(target) - i64::from(f.from);
            if f.wide {
                let v = i32::try_from(offset).expect("offset fits in 32 bits");
                self.bytes[f.at..f.at + 4].copy_from_slice(&v.to_be_bytes());
            } else {
                let v = i16::try_from(offset).expect("offset fits in 16 bits");
                self.bytes[f.at..f.at + 2].copy_from_slice(&v.to_be_bytes());
            }
        }
        self.bytes
    }
}

/// A class `name` with one static method `method` of the given descriptor
/// and code, version 52: the usual shape for a decoding or frames test.
pub fn single_method_class(
    name: &str,
    method: &str,
    descriptor: &str,
    max_stack: u16,
    max_locals: u16,
    code: Vec<u8>,
) -> Vec<u8> {
    let mut class = ClassBuilder::new(name);
    class.method(
        MethodDef::new(PUBLIC | STATIC, method, descriptor)
            .code(CodeDef::new(max_stack, max_locals, code)),
    );
    class.build()
}
