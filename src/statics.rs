//! What a static field of the program holds when the method under test
//! starts, and so whether it is an input of the search.
//!
//! A program's static fields are part of the state a method runs in, but a
//! test cannot pick their values freely: a field only the class
//! initializer writes holds what `<clinit>` stores there (JVMS §5.5) — a
//! `static Node head` nobody assigns is always null. The policy
//! ([`StaticsPolicy`]) says which fields are inputs:
//!
//! - `auto` (the default): a field some method other than its class's
//!   `<clinit>` writes (`putstatic`, JVMS §6.5) is an input — a test can call
//!   that method first; every other field holds its initial value;
//! - `free`: every static field is an input (jaut's behaviour before `--statics` existed);
//! - `init`: every static field holds its initial value.
//!
//! The initial value ([`Initial`]) is read from the class file: the
//! `ConstantValue` attribute (JVMS §4.7.2), or the one `putstatic` of the
//! field in `<clinit>` when it stores a constant (a class literal
//! included: `static final Class<?> C = String.class`) or a new object on the
//! straight-line start of the initializer; a field never written holds its
//! default value (JVMS §2.3, §2.4). What the initializer computes another
//! way is [`Initial::Computed`]: the search leaves it unknown (never an
//! input a test sets) and the replay checks the run — except a class's
//! `$assertionsDisabled`, which javac sets from the JVM's assertion setting
//! ([`Initial::AssertionStatus`], [`crate::assertions`]). Writes through
//! reflection, `Unsafe` or native code are not seen.

use std::fmt;

use crate::analysis::{MethodKey, Writers};
use crate::assertions::Assertions;
use crate::classfile::bytecode::{Constant, InvokeKind};
use crate::classfile::{Class, FieldConstant, FieldKey, Op};
use crate::classpath::ClassPath;
use crate::frames::VType;
use crate::program::Program;

/// Which static fields of the program are inputs (`--statics`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StaticsPolicy {
    /// Inputs are the fields some method outside `<clinit>` writes.
    #[default]
    Auto,
    /// Every static field is an input.
    Free,
    /// No static field is an input: each holds its initial value.
    Init,
}

/// What a static field holds after its class is initialized.
#[derive(Debug, Clone, PartialEq)]
pub enum Initial {
    /// Never written: `0`, `false` or `null`.
    Default,
    /// A constant: its `ConstantValue`, or a constant `<clinit>` stores.
    Constant(Constant),
    /// A new object of this class (internal name), which `<clinit>` makes.
    NewObject(String),
    /// Computed by `<clinit>` in a way jaut does not follow.
    Computed,
    /// A class's `$assertionsDisabled`: `true` exactly when assertions are
    /// disabled, under this setting ([`crate::assertions`]).
    AssertionStatus(Assertions),
}

impl fmt::Display for Initial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Initial::Default => f.write_str("its default value"),
            Initial::Constant(Constant::Null) => f.write_str("null"),
            Initial::Constant(Constant::Int(v)) => write!(f, "{v}"),
            Initial::Constant(Constant::Long(v)) => write!(f, "{v}L"),
            Initial::Constant(Constant::Float(v)) => write!(f, "{v:?}f"),
            Initial::Constant(Constant::Double(v)) => write!(f, "{v:?}"),
            Initial::Constant(Constant::String(s)) => write!(f, "{s:?}"),
            Initial::Constant(Constant::Class(t)) => write!(f, "{t}.class"),
            Initial::Constant(c) => write!(f, "{c:?}"),
            Initial::NewObject(class) => write!(
                f,
                "a new {} made by the class initializer",
                class.replace('/', ".")
            ),
            Initial::Computed => f.write_str("what the class initializer computes"),
            Initial::AssertionStatus(a) => write!(f, "{}, with {a}", a.disabled()),
        }
    }
}

/// The part a static field plays in a search.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// An input: the test sets it.
    Input(InputBecause),
    /// Not an input: it holds its initial value.
    Fixed(Initial),
}

/// Why a static field is an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputBecause {
    /// This method (outside the class's `<clinit>`) writes it.
    WrittenBy(MethodKey),
    /// A class of the program could not be read, so its writers are not
    /// known.
    Unread(String),
    /// `--statics free`.
    Policy,
}

impl fmt::Display for InputBecause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputBecause::WrittenBy(m) => write!(
                f,
                "written by {}.{}{}",
                m.class.replace('/', "."),
                m.name,
                m.descriptor
            ),
            InputBecause::Unread(class) => write!(
                f,
                "class {} could not be read, so its writers are unknown",
                class.replace('/', ".")
            ),
            InputBecause::Policy => f.write_str("--statics free"),
        }
    }
}

/// What [`Writers`] (an analysis of the program, [`crate::analysis`]) says
/// of the part a static field plays.
impl Writers {
    /// The role of the program's static field `key` under `policy`, in a
    /// run with `assertions`.
    /// A constant variable (JLS §4.12.4) is never an input, whatever the
    /// policy: the JVM gives it its `ConstantValue` (JVMS §5.5) and javac
    /// inlines its reads (JLS §13.1), so a test that set it would change
    /// nothing the source shows. Nor is a class's `$assertionsDisabled`:
    /// the JVM's assertion setting decides it.
    pub fn role(
        &self,
        cp: &Program,
        key: &FieldKey,
        policy: StaticsPolicy,
        assertions: Assertions,
    ) -> Role {
        if is_constant_variable(cp, key) {
            return Role::Fixed(initial(cp, key));
        }
        if crate::assertions::is_status_field(cp, key) {
            return Role::Fixed(Initial::AssertionStatus(assertions));
        }
        match policy {
            StaticsPolicy::Free => Role::Input(InputBecause::Policy),
            StaticsPolicy::Init => Role::Fixed(initial(cp, key)),
            StaticsPolicy::Auto => {
                if let Some(m) = self.writer_of(key) {
                    Role::Input(InputBecause::WrittenBy(m.clone()))
                } else if let Some(c) = self.unread().first() {
                    Role::Input(InputBecause::Unread(c.clone()))
                } else {
                    Role::Fixed(initial(cp, key))
                }
            }
        }
    }
}

/// The initial value of a final static field (of any class, the JDK's
/// included), when `<clinit>` gives it one jaut follows: only the class
/// initializer can write a final static field (JVMS §6.5 putstatic), so it
/// holds that value whenever a method of another class reads it.
///
/// Native code may write final fields all the same (`System.out` is null
/// in `System.<clinit>` and set by the native `setOut0`), so a class with
/// native methods gives no initial value, nor does a reference field left
/// null (a final static that stays null is one something else sets).
pub fn final_initial(cp: &Program, key: &FieldKey) -> Option<Initial> {
    let class = cp.load(&key.class).ok()?;
    let field = class.field(&key.name)?;
    let final_static = crate::classfile::access::FINAL | crate::classfile::access::STATIC;
    if field.access & final_static != final_static || class.methods.iter().any(|m| m.is_native()) {
        return None;
    }
    match initial(cp, key) {
        Initial::Computed => None,
        Initial::Default | Initial::Constant(Constant::Null) if field.ty.is_reference() => None,
        known => Some(known),
    }
}

/// Whether static field `key` is a constant variable (a final field with
/// a `ConstantValue`).
fn is_constant_variable(cp: &ClassPath, key: &FieldKey) -> bool {
    cp.load(&key.class)
        .ok()
        .and_then(|c| {
            c.field(&key.name)
                .map(|f| f.is_static() && f.constant_variable().is_some())
        })
        .unwrap_or(false)
}

/// The value of static field `key` once its class is initialized.
pub fn initial(cp: &Program, key: &FieldKey) -> Initial {
    let Ok(class) = cp.load(&key.class) else {
        return Initial::Computed;
    };
    let Some(field) = class.field(&key.name) else {
        return Initial::Computed;
    };
    let declared = match &field.constant {
        None => Initial::Default,
        Some(FieldConstant::Value(c)) => Initial::Constant(c.clone()),
        Some(FieldConstant::UnpairedSurrogate) => Initial::Computed,
    };
    match stored_by_clinit(cp, &class, key) {
        Stored::Never => declared,
        Stored::Once(value) => value,
        Stored::Otherwise => Initial::Computed,
    }
}

/// How `<clinit>` writes a field of its class.
enum Stored {
    Never,
    /// Once, unconditionally, with this value.
    Once(Initial),
    /// More than once, conditionally, or with a value not followed.
    Otherwise,
}

fn stored_by_clinit(cp: &Program, class: &Class, key: &FieldKey) -> Stored {
    let Some(clinit) = class.method("<clinit>", "()V") else {
        return Stored::Never;
    };
    let Some(code) = &clinit.code else {
        return Stored::Never;
    };
    let writes: Vec<usize> = code
        .instructions
        .iter()
        .enumerate()
        .filter(|(_, insn)| match &insn.op {
            Op::PutStatic(f) => {
                f.name == key.name
                    && matches!(cp.resolve_field(&f.class, &f.name),
                        Ok(Some(found)) if found.class.name == key.class)
            }
            _ => false,
        })
        .map(|(i, _)| i)
        .collect();
    let [at] = writes[..] else {
        return if writes.is_empty() {
            Stored::Never
        } else {
            Stored::Otherwise
        };
    };
    if !code.runs_on_every_completion(at, at) || at == 0 {
        return Stored::Otherwise;
    }
    let before = &code.instructions[at - 1];
    match &before.op {
        Op::Const(c) if is_value(c) => Stored::Once(Initial::Constant((**c).clone())),
        Op::Invoke(InvokeKind::Special, r) if r.name == "<init>" => {
            // `new C; dup; args…; invokespecial C.<init>`: what is left on
            // the stack is the new object when the frame before the call
            // holds it twice, below the arguments.
            let Ok(frames) = cp.analyses().frames(cp, class, clinit) else {
                return Stored::Otherwise;
            };
            let Some(frame) = frames.at(before.pc) else {
                return Stored::Otherwise;
            };
            let n = r.desc.params.len();
            let stack = &frame.stack;
            match (stack.len().checked_sub(n + 2)).map(|i| (&stack[i], &stack[i + 1])) {
                Some((VType::Uninit(a), VType::Uninit(b))) if a == b => {
                    Stored::Once(Initial::NewObject(r.class.clone()))
                }
                _ => Stored::Otherwise,
            }
        }
        _ => Stored::Otherwise,
    }
}

fn is_value(c: &Constant) -> bool {
    matches!(
        c,
        Constant::Null
            | Constant::Int(_)
            | Constant::Long(_)
            | Constant::Float(_)
            | Constant::Double(_)
            | Constant::String(_)
            | Constant::Class(_)
    )
}
