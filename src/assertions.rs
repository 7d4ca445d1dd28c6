//! Java's `assert` statement (JLS §14.10) as the run has it: whether
//! assertions are enabled in the JVM that replays states and, through the
//! synthetic field javac compiles every `assert` to read, in the search.
//!
//! javac gives a class with an `assert` a field `static final synthetic
//! boolean $assertionsDisabled`, which its `<clinit>` sets, before anything
//! else runs, to `!C.class.desiredAssertionStatus()` (C the outermost class),
//! and compiles `assert e : m;` to `if (!$assertionsDisabled && !e) throw new
//! AssertionError(m);`. For a class of the program (loaded by a class
//! loader, never the boot loader) that status is what the JVM was started
//! with: `-ea` enables assertions in every such class, `-da` (the JVM's
//! default) in none (JLS §14.10, `java` launcher documentation).
//!
//! jaut runs the replay with assertions enabled ([`Assertions::Enabled`], the
//! default), as Maven Surefire and Gradle run tests; `--no-assertions`
//! disables them. The search then knows the field's value — `false` with
//! assertions enabled, `true` without — and takes it as a fact, not an
//! assumption: proofs over methods with `assert`s stand. The field is
//! recognised by its flags and by the exact instructions that set it
//! ([`is_status_field`]); any other field keeps the rules of
//! [`crate::statics`].

use std::fmt;

use crate::classfile::bytecode::{Cond, Constant, InvokeKind};
use crate::classfile::{access, Class, FieldKey, JType, Op};
use crate::classpath::ClassPath;

/// The name javac gives the field.
pub const STATUS_FIELD: &str = "$assertionsDisabled";

/// Whether Java assertions are enabled in the classes of the program.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Assertions {
    /// `-ea`: every `assert` of the program runs (as Maven Surefire and
    /// Gradle run tests).
    #[default]
    Enabled,
    /// `-da` (the `java` launcher's default; `--no-assertions`): no
    /// `assert` runs.
    Disabled,
}

impl Assertions {
    /// The value of every `$assertionsDisabled` of the program.
    pub fn disabled(self) -> bool {
        self == Assertions::Disabled
    }

    /// The JVM option that sets it.
    pub fn jvm_option(self) -> &'static str {
        match self {
            Assertions::Enabled => "-ea",
            Assertions::Disabled => "-da",
        }
    }

    /// The setting a JVM option names (`-ea` or `-da`), the inverse of
    /// [`Assertions::jvm_option`].
    pub fn from_jvm_option(option: &str) -> Option<Assertions> {
        [Assertions::Enabled, Assertions::Disabled]
            .into_iter()
            .find(|a| a.jvm_option() == option)
    }
}

impl fmt::Display for Assertions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Assertions::Enabled => f.write_str("assertions enabled (-ea)"),
            Assertions::Disabled => f.write_str("assertions disabled (--no-assertions)"),
        }
    }
}

/// Whether static field `key` is a class's assertion status as javac
/// compiles it: `static final synthetic boolean $assertionsDisabled` of a
/// class of the program, written once, by `<clinit>`, on its straight-line
/// start, with `!desiredAssertionStatus()` of a class of the program.
pub fn is_status_field(cp: &ClassPath, key: &FieldKey) -> bool {
    if key.name != STATUS_FIELD || !is_program_class(cp, &key.class) {
        return false;
    }
    let Ok(class) = cp.load(&key.class) else {
        return false;
    };
    let flags = access::STATIC | access::FINAL | access::SYNTHETIC;
    match class.field(STATUS_FIELD) {
        Some(f) if f.access & flags == flags && f.ty == JType::Boolean => {
            set_from_status(cp, &class)
        }
        _ => false,
    }
}

/// Whether `<clinit>` of `class` stores `!X.class.desiredAssertionStatus()`
/// into its `$assertionsDisabled`, X a class of the program, with javac's
/// instructions:
///
/// ```text
/// ldc X; invokevirtual Class.desiredAssertionStatus()Z; ifne L;
/// iconst_1; goto S; L: iconst_0; S: putstatic $assertionsDisabled
/// ```
///
/// and that store is the field's only one and runs on every normal
/// completion of the initializer.
fn set_from_status(cp: &ClassPath, class: &Class) -> bool {
    let Some(code) = class
        .method("<clinit>", "()V")
        .and_then(|m| m.code.as_ref())
    else {
        return false;
    };
    let ins = &code.instructions;
    let stores: Vec<usize> = ins
        .iter()
        .enumerate()
        .filter(|(_, i)| {
            matches!(&i.op, Op::PutStatic(f) if f.name == STATUS_FIELD && f.class == class.name)
        })
        .map(|(k, _)| k)
        .collect();
    let [at] = stores[..] else { return false };
    let Some(start) = at.checked_sub(6) else {
        return false;
    };
    let w = &ins[start..=at];
    let pattern = matches!(&w[0].op, Op::Const(c) if matches!(&**c,
            Constant::Class(JType::Object(x)) if is_program_class(cp, x)))
        && matches!(&w[1].op, Op::Invoke(InvokeKind::Virtual, r)
            if r.class == "java/lang/Class" && r.name == "desiredAssertionStatus"
                && r.descriptor == "()Z")
        && matches!(&w[2].op, Op::If { cond: Cond::Ne, target } if *target == w[5].pc)
        && matches!(&w[3].op, Op::Const(c) if **c == Constant::Int(1))
        && matches!(&w[4].op, Op::Goto(target) if *target == w[6].pc)
        && matches!(&w[5].op, Op::Const(c) if **c == Constant::Int(0))
        && matches!(&w[6].op, Op::PutStatic(_));
    pattern && code.runs_on_every_completion(start, at)
}

fn is_program_class(cp: &ClassPath, class: &str) -> bool {
    cp.user_class_names()
        .binary_search(&class.to_string())
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_back() {
        for a in [Assertions::Enabled, Assertions::Disabled] {
            assert_eq!(Assertions::from_jvm_option(a.jvm_option()), Some(a));
        }
        assert_eq!(Assertions::from_jvm_option("-esa"), None);
        assert_eq!(Assertions::default(), Assertions::Enabled);
        assert!(!Assertions::Enabled.disabled());
        assert!(Assertions::Disabled.disabled());
    }
}
