//! Mocks (issue 17): an input whose static type is an interface or an
//! abstract class that no class jaut can build implements gets a class of
//! its own, "some implementation of T", written here as an ordinary
//! [`Class`] so that the search chooses, dispatches to and labels it like
//! any input class.
//!
//! The class, `T$$Mock`, implements (or extends) T and declares each of T's abstract
//! methods (those of its superinterfaces too, but not the public methods of
//! `java.lang.Object` an interface may redeclare, such as
//! `Comparator.equals`) with no bytecode: a call returns a free value, one
//! per call (the search records each as an environment call on the mock,
//! [`crate::labeling::EnvCall::mock`]), and is taken to change nothing — an
//! assumption the verdict reports, so no proof rests on a mock. With
//! `--mock-throws` a call may instead raise a new `RuntimeException` where
//! the path needs it (src/search/throws.rs). Default
//! methods keep their bytecode (the interface's own).
//!
//! Labeling writes the object as the interface with the answers of each
//! method in call order ([`crate::state::MockMethod`]); the replay builds a
//! `java.lang.reflect.Proxy` that gives them, and the JUnit test an
//! anonymous class.

use crate::classfile::{access, Class, Method};
use crate::classpath::ClassPath;

/// The suffix of a mock class's name.
pub const MOCK_SUFFIX: &str = "$$Mock";

/// The name of the mock class of interface `interface`.
pub fn mock_class_name(interface: &str) -> String {
    format!("{interface}{MOCK_SUFFIX}")
}

/// The interface a mock class implements, if `class` is one.
pub fn mocked_interface(class: &str) -> Option<&str> {
    class.strip_suffix(MOCK_SUFFIX)
}

/// The abstract methods a mock of `interface` (an interface or an
/// abstract class) answers: name and descriptor, the type's own first,
/// then its superclasses' and superinterfaces' that nothing implements.
pub fn abstract_methods(cp: &ClassPath, interface: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut defaults: Vec<(String, String)> = Vec::new();
    // An abstract class: its superclasses' concrete methods implement, and
    // their abstract methods are to be answered too.
    let mut work = vec![interface.to_string()];
    let mut chain = Vec::new();
    let mut next = Some(interface.to_string());
    while let Some(name) = next {
        let Ok(c) = cp.load(&name) else { break };
        if c.is_interface() {
            break;
        }
        chain.push(c.clone());
        next = c.super_class.clone();
    }
    for c in &chain {
        for m in &c.methods {
            if !m.is_abstract() && !m.is_static() {
                defaults.push((m.name.clone(), m.descriptor.clone()));
            }
        }
    }
    for c in &chain {
        work.push(c.name.clone());
        work.extend(c.interfaces.iter().cloned());
    }
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = work.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let Ok(c) = cp.load(&name) else { continue };
        for m in &c.methods {
            if m.is_static() || m.name.starts_with('<') || m.access & access::PRIVATE != 0 {
                continue;
            }
            let key = (m.name.clone(), m.descriptor.clone());
            if is_object_method(&m.name, &m.descriptor) {
                continue;
            }
            if m.is_abstract() {
                if !out.contains(&key) && !defaults.contains(&key) {
                    out.push(key);
                }
            } else {
                defaults.push(key);
            }
        }
        work.extend(c.interfaces.iter().rev().cloned());
    }
    out
}

/// A public method of `java.lang.Object` (which every class implements).
fn is_object_method(name: &str, descriptor: &str) -> bool {
    matches!(
        (name, descriptor),
        ("equals", "(Ljava/lang/Object;)Z")
            | ("hashCode", "()I")
            | ("toString", "()Ljava/lang/String;")
    )
}

/// The mock class of `interface`, an interface or an abstract class
/// (`None` for any other type, or an abstract class with a
/// package-private abstract method of the JDK, which no class elsewhere
/// may implement).
pub fn mock_class(cp: &ClassPath, interface: &str) -> Option<Class> {
    let iface = cp.load(interface).ok()?;
    let abstract_class = !iface.is_interface() && iface.is_abstract();
    if !iface.is_interface() && !abstract_class {
        return None;
    }
    let wanted = abstract_methods(cp, interface);
    if abstract_class && interface.starts_with("java/") {
        // A package-private abstract method of a JDK class cannot be
        // implemented outside its package.
        let hidden = wanted.iter().any(|(name, desc)| {
            cp.resolve_method(interface, name, desc)
                .ok()
                .flatten()
                .is_some_and(|f| f.member.access & (access::PUBLIC | access::PROTECTED) == 0)
        });
        if hidden {
            return None;
        }
    }
    let methods = wanted
        .into_iter()
        .filter_map(|(name, descriptor)| {
            let desc = crate::classfile::descriptor::MethodDescriptor::parse(&descriptor)?;
            Some(Method {
                name,
                descriptor,
                desc,
                access: access::PUBLIC,
                code: None,
                signature: None,
            })
        })
        .collect();
    let (super_class, interfaces) = if abstract_class {
        (interface.to_string(), Vec::new())
    } else {
        ("java/lang/Object".to_string(), vec![interface.to_string()])
    };
    Some(Class {
        name: mock_class_name(interface),
        access: access::PUBLIC | access::FINAL | access::SYNTHETIC,
        super_class: Some(super_class),
        interfaces,
        fields: Vec::new(),
        methods,
        source_file: None,
        major_version: iface.major_version,
        bootstrap_methods: Vec::new(),
        inner_access: None,
        signature: None,
    })
}
