//! Enum classes (JLS §8.9): their constants, and the switch maps javac
//! makes for a `switch` over an enum.
//!
//! An enum's instances are exactly its constants: the objects its class
//! initializer makes and stores in its enum fields (JVMS §4.5 `ACC_ENUM`),
//! numbered in declaration order (`ordinal()`). An input of an enum type is
//! one of them or null — never an object made without the constructor.
//!
//! A `switch (e)` in class `C` compiles to a lookup in a synthetic array
//! `C$1.$SwitchMap$pkg$E`, which `C$1.<clinit>` fills with
//! `$SwitchMap$pkg$E[E.X.ordinal()] = k` for each case constant `X` (inside
//! a `try` that ignores `NoSuchFieldError`): [`switch_map`] reads those
//! stores, so the array's contents are exact rather than an unknown value.

use crate::classfile::bytecode::InvokeKind;
use crate::classfile::{access, Class, FieldKey, Op};
use crate::classpath::ClassPath;

/// One constant of an enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnumConstant {
    /// Its name, the enum field's (`CEILING`).
    pub name: String,
    /// The class of the object (internal name): the enum, or the
    /// anonymous class of a constant with a body (`pkg/E$1`).
    pub class: String,
    pub ordinal: i32,
}

/// Whether `class` is an enum class (`ACC_ENUM`, a direct subclass of
/// `java.lang.Enum`).
pub fn is_enum(class: &Class) -> bool {
    class.access & access::ENUM != 0 && class.super_class.as_deref() == Some("java/lang/Enum")
}

/// Whether `class` is an enum or the body of one of its constants: no
/// object of it can be made but by the enum's class initializer.
pub fn is_enum_or_constant_body(cp: &ClassPath, class: &Class) -> bool {
    is_enum(class)
        || class
            .super_class
            .as_deref()
            .and_then(|s| cp.load(s).ok())
            .is_some_and(|s| is_enum(&s))
}

/// The constants of the enum `name` (internal name), in ordinal order;
/// `None` when it is not an enum or its initializer does not show each
/// constant's class.
pub fn constants(cp: &ClassPath, name: &str) -> Option<Vec<EnumConstant>> {
    let class = cp.load(name).ok()?;
    if !is_enum(&class) {
        return None;
    }
    let names: Vec<&str> = class
        .fields
        .iter()
        .filter(|f| f.access & access::ENUM != 0 && f.access & access::STATIC != 0)
        .map(|f| f.name.as_str())
        .collect();
    let classes = constant_classes(&class);
    names
        .iter()
        .enumerate()
        .map(|(k, n)| {
            Some(EnumConstant {
                name: n.to_string(),
                class: classes.iter().find(|(f, _)| f == n)?.1.clone(),
                ordinal: k as i32,
            })
        })
        .collect()
}

/// `(field, class)` for each `new X … putstatic E.field` of `E.<clinit>`
/// (also the instances other classes keep in their static fields,
/// `crate::construct`).
pub(crate) fn constant_classes(class: &Class) -> Vec<(String, String)> {
    let Some(code) = class
        .method("<clinit>", "()V")
        .and_then(|m| m.code.as_ref())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut last_new: Option<&str> = None;
    for insn in &code.instructions {
        match &insn.op {
            Op::New(c) => last_new = Some(c),
            Op::PutStatic(f) if f.class == class.name => {
                if let Some(c) = last_new.take() {
                    out.push((f.name.clone(), c.to_string()));
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether the static field `key` holds an enum constant: an enum field of
/// an enum class.
pub fn is_constant_field(cp: &ClassPath, key: &FieldKey) -> bool {
    cp.load(&key.class).is_ok_and(|c| {
        is_enum(&c)
            && c.field(&key.name)
                .is_some_and(|f| f.access & access::ENUM != 0 && f.access & access::STATIC != 0)
    })
}

/// The contents of a switch map `$SwitchMap$…` that `<clinit>` fills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwitchMap {
    /// The enum switched on (internal name).
    pub enum_class: String,
    /// The array's length: the enum's number of constants.
    pub length: i32,
    /// `(ordinal, value)` for each element set; the others are 0.
    pub entries: Vec<(i32, i32)>,
}

/// The switch map in static field `key`, when it is one: a synthetic
/// `int[]` named `$SwitchMap$…` whose class initializer makes it
/// `new int[E.values().length]` and stores only `E.X.ordinal()`-indexed
/// constants.
pub fn switch_map(cp: &ClassPath, key: &FieldKey) -> Option<SwitchMap> {
    if !key.name.starts_with("$SwitchMap$") {
        return None;
    }
    let class = cp.load(&key.class).ok()?;
    let field = class.field(&key.name)?;
    if field.access & access::STATIC == 0 || field.ty.descriptor() != "[I" {
        return None;
    }
    let code = class.method("<clinit>", "()V")?.code.as_ref()?;
    let ops: Vec<&Op> = code.instructions.iter().map(|i| &i.op).collect();
    let mine = |op: &Op| matches!(op, Op::GetStatic(f) | Op::PutStatic(f) if f.class == key.class && f.name == key.name);
    let mut enum_class = None;
    let mut entries = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        match op {
            // `invokestatic E.values(); arraylength; newarray int; putstatic map`
            Op::PutStatic(_) if mine(op) => {
                let made = i >= 3
                    && matches!(ops[i - 1], Op::NewArray(_))
                    && matches!(ops[i - 2], Op::ArrayLength)
                    && matches!(ops[i - 3], Op::Invoke(InvokeKind::Static, r) if r.name == "values");
                let Op::Invoke(_, r) = ops.get(i.checked_sub(3)?)? else {
                    return None;
                };
                if !made || enum_class.is_some() {
                    return None;
                }
                enum_class = Some(r.class.clone());
            }
            // `getstatic map; getstatic E.X; invokevirtual ordinal; <k>; iastore`
            Op::GetStatic(_) if mine(op) => {
                let (
                    Some(Op::GetStatic(x)),
                    Some(Op::Invoke(_, ord)),
                    Some(Op::Const(k)),
                    Some(Op::ArrayStore(_)),
                ) = (
                    ops.get(i + 1),
                    ops.get(i + 2),
                    ops.get(i + 3),
                    ops.get(i + 4),
                )
                else {
                    return None;
                };
                let crate::classfile::bytecode::Constant::Int(k) = k.as_ref() else {
                    return None;
                };
                if ord.name != "ordinal" {
                    return None;
                }
                let constants = constants(cp, &x.class)?;
                let c = constants.iter().find(|c| c.name == x.name)?;
                entries.push((c.ordinal, *k));
            }
            Op::PutStatic(_) | Op::GetStatic(_) => {}
            _ => {}
        }
    }
    let enum_class = enum_class?;
    let length = constants(cp, &enum_class)?.len() as i32;
    Some(SwitchMap {
        enum_class,
        length,
        entries,
    })
}
