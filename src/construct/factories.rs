//! Objects from static factory methods (issue 34, item 3): an anonymous or
//! private nested class whose only creator is a method of its enclosing
//! class (`SetUtils.union(a, b)` returns `new SetView<E>() {…}`, class
//! `SetUtils$1`, its captured `a` and `b` in the fields `val$a`, `val$b`),
//! and a class whose objects come from `Foo.of(…)`, `Foo.valueOf(…)`.
//!
//! A factory is a static method of the class or of a class enclosing it
//! (by its binary name, JLS §13.1) that the test may call, returns a type
//! the object's class is assignable to, and makes an object of the class
//! as javac compiles `return new C(…)` (JLS §15.9.4): `new C; dup; <one
//! load per argument>; invokespecial C.<init>`. A factory parameter loaded
//! there (from a local never stored to) reaches the fields the constructor
//! stores that argument in ([`super::flow`]), so the factory's arguments
//! are the values the path needs there, as for a constructor
//! (`plan::call_for`). Nothing here is a claim: the replay calls the
//! factory, checks it made an object of exactly the class with the fields
//! the path reads, and runs the method on it (docs/objects.md).

use super::flow::{self, FieldSlot};
use super::plan::{self, Rank};
use crate::classfile::bytecode::{InvokeKind, StackOp};
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{Construction, InputState, Object, StaticRef};

/// The factory calls that may make object `i` (of `class`) of `state`, for
/// a test in `package`, with their ranks.
pub(super) fn of(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    class: &Class,
    state: &InputState,
    i: usize,
    o: &Object,
) -> Vec<(Construction, Rank)> {
    let mut out = Vec::new();
    for owner in owners(&class.name) {
        let Ok(c) = cp.load(&owner) else { continue };
        let java = c.java_name();
        if !access.type_accessible(&java) {
            continue;
        }
        let same_package = crate::junit::java::package_of(&java) == package;
        for m in &c.methods {
            if !m.is_static() || !plan::constructor_accessible(m, same_package) {
                continue;
            }
            let returns = match &m.desc.ret {
                JType::Object(name) => cp.is_assignable(&class.name, name).unwrap_or(false),
                _ => false,
            };
            let nameable = m
                .desc
                .params
                .iter()
                .all(|p| access.type_accessible(&p.to_string()));
            if !returns || !nameable || crate::junit::overloads::ambiguous(access, &java, m) {
                continue;
            }
            let Some(flows) = factory_flows(cp, class, m) else {
                continue;
            };
            let Some((mut call, rank, _missing)) =
                plan::call_for(cp, class, m, &flows, state, i, o)
            else {
                continue;
            };
            call.factory = Some(StaticRef {
                class: java.clone(),
                field: m.name.clone(),
            });
            out.push((call, rank));
        }
    }
    out
}

/// The class itself and the classes enclosing it, innermost first
/// (internal names): `a/Outer$1` → `a/Outer$1`, `a/Outer`.
pub(super) fn owners(class: &str) -> Vec<String> {
    let mut out = vec![class.to_string()];
    let mut name = class;
    while let Some((outer, _)) = name.rsplit_once('$') {
        if outer.is_empty() || outer.ends_with('/') {
            break;
        }
        out.push(outer.to_string());
        name = outer;
    }
    out
}

/// For each parameter of static method `m`, the fields of the object of
/// `class` it makes (`new class(…)`) that the parameter reaches; `None`
/// when `m` makes no object of `class` in the shape javac gives `new`.
pub(super) fn factory_flows(
    cp: &ClassPath,
    class: &Class,
    m: &Method,
) -> Option<Vec<Vec<FieldSlot>>> {
    let code = m.code.as_ref()?;
    let ins: Vec<&Op> = code.instructions.iter().map(|i| &i.op).collect();
    let stored = flow::stored_slots(&ins);
    let slots = flow::parameter_slots(m);
    for (j, op) in ins.iter().enumerate() {
        let Op::Invoke(InvokeKind::Special, callee) = op else {
            continue;
        };
        if callee.name != "<init>" || callee.class != class.name {
            continue;
        }
        let n = callee.desc.params.len();
        let made_here = j >= n + 2
            && matches!(ins[j - n - 1], Op::Stack(StackOp::Dup))
            && matches!(ins[j - n - 2], Op::New(c) if *c == class.name);
        if !made_here {
            continue;
        }
        let Some(ctor) = class.method("<init>", &callee.descriptor) else {
            continue;
        };
        let ctor_flows = flow::parameter_fields(cp, class, ctor);
        let mut flows = vec![Vec::new(); m.desc.params.len()];
        for (a, fields) in ctor_flows.into_iter().enumerate() {
            let Op::Load(_, slot) = ins[j - n + a] else {
                continue;
            };
            if stored.contains(slot) {
                continue;
            }
            if let Some(k) = slots.iter().position(|s| s == slot) {
                flows[k].extend(fields);
            }
        }
        return Some(flows);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_is_made_by_its_own_and_its_enclosing_classes() {
        assert_eq!(owners("a/Outer$1"), ["a/Outer$1", "a/Outer"]);
        assert_eq!(owners("a/O$I$2"), ["a/O$I$2", "a/O$I", "a/O"]);
        assert_eq!(owners("Top"), ["Top"]);
    }
}
