//! Overloads a direct call cannot single out (JLS §15.12.2.5).
//!
//! The writer gives a `null` argument of an overloaded method a cast to
//! the erased parameter type (`act.rs`), which picks the method under test
//! when the overloads are plain: another overload applicable to the same
//! erased types then has wider parameters, and the method under test is
//! the most specific. With a generic method the rule of §15.12.2.5 infers
//! the other method's type variables, and javac may find neither more
//! specific: commons-collections4's
//! `DefaultedMap.defaultedMap((Map) null, (Factory) null)` is ambiguous with
//! `<K, V> defaultedMap(Map<K, V>, V)`, generic casts and type witnesses
//! included. Such a call goes through the `invoke` helper, which names the
//! method by its parameter types.

use super::access::Access;
use crate::classfile::{access, descriptor::internal_name, JType, Method};
use crate::classpath::ClassPath;

/// Whether a direct call of `method` of `class` (Java form), with arguments
/// of its erased parameter types, may resolve to another method or be
/// ambiguous: another accessible overload of the same name and arity, in
/// the class or a supertype, takes those types too, and one of the two
/// declares type parameters of its own.
pub(crate) fn ambiguous(a: &mut Access<'_>, class: &str, method: &Method) -> bool {
    if method.name == "<init>" {
        // Constructors overload too, but the state's class has no generic
        // constructors in practice; `new` with casts resolves them.
        return false;
    }
    let cp = a.class_path();
    let internal = internal_name(class);
    let mut owners: Vec<String> = match cp.superclass_chain(&internal) {
        Ok(chain) => chain.iter().map(|c| c.name.clone()).collect(),
        Err(_) => return false,
    };
    owners.extend(cp.all_superinterfaces(&internal).unwrap_or_default());
    let mut ours_generic: Option<bool> = None;
    for owner in &owners {
        let Ok(c) = cp.load(owner) else { continue };
        let rivals: Vec<&Method> = c
            .methods
            .iter()
            .filter(|m| {
                m.name == method.name
                    && m.desc.params.len() == method.desc.params.len()
                    && !(owner == &internal && m.descriptor == method.descriptor)
                    && m.access & (access::PRIVATE | access::BRIDGE | access::SYNTHETIC) == 0
                    && takes(cp, &m.desc.params, &method.desc.params)
            })
            .collect();
        if rivals.is_empty() {
            continue;
        }
        let ours = *ours_generic.get_or_insert_with(|| is_generic(cp, class, method));
        if ours || rivals.iter().any(|m| declares_type_parameters(m)) {
            return true;
        }
    }
    false
}

/// Whether parameters `theirs` take arguments of types `ours`: the same
/// primitive, or a reference type `ours` is assignable to.
fn takes(cp: &ClassPath, theirs: &[JType], ours: &[JType]) -> bool {
    theirs.iter().zip(ours).all(|(t, o)| {
        if t.is_reference() && o.is_reference() {
            cp.is_assignable(&o.class_ref_name(), &t.class_ref_name())
                .unwrap_or(true)
        } else {
            t == o
        }
    })
}

/// Whether `method` of `class` (Java form) declares type parameters of its
/// own: javac infers them at a direct call, and may fail to from erased
/// arguments (commons-lang3's `Validate.inclusiveBetween(T, T,
/// Comparable<T>)` given `Object`s).
pub(crate) fn is_generic(cp: &ClassPath, class: &str, method: &Method) -> bool {
    // The class as loaded (and cached) by the class path: the writer asks
    // this for every test, so the class file is not parsed again.
    cp.load(&internal_name(class)).is_ok_and(|c| {
        c.methods.iter().any(|m| {
            m.name == method.name
                && m.descriptor == method.descriptor
                && declares_type_parameters(m)
        })
    })
}

/// Whether `m` declares type parameters of its own: its Signature
/// attribute starts with `<` exactly then (JVMS §4.7.9.1).
fn declares_type_parameters(m: &Method) -> bool {
    m.signature.as_deref().is_some_and(|s| s.starts_with('<'))
}
