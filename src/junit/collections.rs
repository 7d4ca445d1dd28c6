//! JDK collections of the input state (issue 36) written as a person
//! writes them: `List.of("a", "b")`, `Set.of(1, 2)`, `Map.of("k", 1)`;
//! for a collection the method changes, holds as a class (`ArrayList`), or
//! that has a null element, `new ArrayList<>(List.of(…))` (or
//! `Arrays.asList(…)` with nulls), `new HashSet<>(…)`, and a
//! `new HashMap<>()` filled by `put` statements (a `new LinkedHashMap<>()`
//! for a map the path iterates, in its order); a sorted set or map
//! `new TreeSet<>(List.of(…))`, `new TreeMap<>(Map.of(…))`; a queue or deque
//! `new ArrayDeque<>(List.of(…))` (a `new LinkedList<>(…)` with nulls), an
//! optional `Optional.of(v)` or `Optional.empty()`. The replay builds them the
//! same way (`java-harness/.../State.java`), so the JVM confirmed the very
//! objects the test makes.
//!
//! A collection referenced once is written where it is used (but a map
//! that needs `put` statements); one referenced more is declared after the
//! other objects, so that its elements' variables exist, with the generic
//! type of its parameter where the signature gives one
//! (`java.util.List<java.lang.String> names = java.util.List.of("a")`).

use super::arrange::{Inputs, Var};
use super::method::Scope;
use super::JunitError;
use crate::state::{CollectionFactory, Object, Value};

/// Whether collection `o` needs statements to be made (a `HashMap` with a
/// null key or value, or more entries than `Map.of` takes; a
/// `LinkedHashMap` with entries, whose order `Map.of` would lose): never
/// written in place.
pub(super) fn needs_statements(o: &Object) -> bool {
    let elements = o.elements.as_deref().unwrap_or_default();
    match o.collection() {
        Some(CollectionFactory::HashMap) => elements.contains(&Value::Null) || elements.len() > 20,
        Some(CollectionFactory::LinkedHashMap) => !elements.is_empty(),
        Some(CollectionFactory::TreeMap) => elements.contains(&Value::Null) || elements.len() > 20,
        _ => false,
    }
}

/// The class a map made by statements is: `java.util.HashMap`,
/// `java.util.LinkedHashMap` or `java.util.TreeMap`.
fn map_class(o: &Object) -> &'static str {
    match o.collection() {
        Some(CollectionFactory::LinkedHashMap) => "java.util.LinkedHashMap",
        Some(CollectionFactory::TreeMap) => "java.util.TreeMap",
        _ => "java.util.HashMap",
    }
}

/// The elements of `o` as expressions.
fn parts(inputs: &Inputs, s: &mut Scope, o: &Object) -> Result<Vec<String>, JunitError> {
    let mut parts = Vec::new();
    for e in o.elements.iter().flatten() {
        parts.push(inputs.value_expr(s, e, "java.lang.Object", false)?);
    }
    Ok(parts)
}

/// `new Kind<>(…)` of the elements `parts` (a list or a set), from an
/// immutable list of them (`Arrays.asList` when one is null).
fn copied(s: &mut Scope, kind: &str, parts: &[String]) -> String {
    let class = s.access.type_name(kind);
    if parts.is_empty() {
        return format!("new {class}<>()");
    }
    if parts == ["null"] {
        // `Arrays.asList(null)` would take null for its array.
        let collections = s.access.type_name("java.util.Collections");
        return format!("new {class}<>({collections}.singletonList(null))");
    }
    let source = if parts.iter().any(|p| p == "null") {
        s.access.type_name("java.util.Arrays") + ".asList"
    } else {
        s.access.type_name("java.util.List") + ".of"
    };
    format!("new {class}<>({source}({}))", parts.join(", "))
}

/// The expression that makes collection `o` (one that
/// [`needs_statements`] excepted).
pub(super) fn expr(inputs: &Inputs, s: &mut Scope, o: &Object) -> Result<String, JunitError> {
    let parts = parts(inputs, s, o)?;
    let of =
        |s: &mut Scope, ty: &str| format!("{}.of({})", s.access.type_name(ty), parts.join(", "));
    Ok(match o.collection() {
        Some(CollectionFactory::ArrayList) => copied(s, "java.util.ArrayList", &parts),
        Some(CollectionFactory::HashSet) => copied(s, "java.util.HashSet", &parts),
        Some(CollectionFactory::LinkedHashSet) => copied(s, "java.util.LinkedHashSet", &parts),
        Some(CollectionFactory::SetOf) => of(s, "java.util.Set"),
        Some(CollectionFactory::MapOf) => of(s, "java.util.Map"),
        Some(CollectionFactory::TreeSet) => copied(s, "java.util.TreeSet", &parts),
        Some(
            CollectionFactory::HashMap
            | CollectionFactory::LinkedHashMap
            | CollectionFactory::TreeMap,
        ) if parts.is_empty() => {
            format!("new {}<>()", s.access.type_name(map_class(o)))
        }
        Some(
            CollectionFactory::HashMap
            | CollectionFactory::LinkedHashMap
            | CollectionFactory::TreeMap,
        ) => {
            let map = s.access.type_name(map_class(o));
            format!("new {map}<>({})", of(s, "java.util.Map"))
        }
        Some(CollectionFactory::ArrayDeque) => copied(s, "java.util.ArrayDeque", &parts),
        Some(CollectionFactory::LinkedList) => copied(s, "java.util.LinkedList", &parts),
        Some(CollectionFactory::Optional) if parts.is_empty() => {
            format!("{}.empty()", s.access.type_name("java.util.Optional"))
        }
        Some(CollectionFactory::Optional) => of(s, "java.util.Optional"),
        Some(CollectionFactory::ListOf) | None => of(s, "java.util.List"),
    })
}

/// Declares a variable `name` holding collection `o`, made whole.
pub(super) fn declare(
    inputs: &Inputs,
    s: &mut Scope,
    o: &Object,
    name: String,
) -> Result<Var, JunitError> {
    let vt = match o.collection() {
        Some(CollectionFactory::ArrayList) => s.access.type_name("java.util.ArrayList"),
        Some(CollectionFactory::HashSet) => s.access.type_name("java.util.HashSet"),
        Some(CollectionFactory::LinkedHashSet) => s.access.type_name("java.util.LinkedHashSet"),
        Some(CollectionFactory::HashMap) => s.access.type_name("java.util.HashMap"),
        Some(CollectionFactory::LinkedHashMap) => s.access.type_name("java.util.LinkedHashMap"),
        Some(CollectionFactory::TreeSet) => s.access.type_name("java.util.TreeSet"),
        Some(CollectionFactory::TreeMap) => s.access.type_name("java.util.TreeMap"),
        Some(CollectionFactory::SetOf) => s.access.type_name("java.util.Set"),
        Some(CollectionFactory::MapOf) => s.access.type_name("java.util.Map"),
        Some(CollectionFactory::ArrayDeque) => s.access.type_name("java.util.ArrayDeque"),
        Some(CollectionFactory::LinkedList) => s.access.type_name("java.util.LinkedList"),
        Some(CollectionFactory::Optional) => s.access.type_name("java.util.Optional"),
        Some(CollectionFactory::ListOf) | None => s.access.type_name("java.util.List"),
    };
    // The parameter's own generic type, as a person declares it.
    let vt = o.generic.clone().unwrap_or(vt);
    if needs_statements(o) {
        let map = s.access.type_name(map_class(o));
        s.line(format!("{vt} {name} = new {map}<>();"));
        let parts = parts(inputs, s, o)?;
        for entry in parts.chunks(2) {
            s.line(format!("{name}.put({});", entry.join(", ")));
        }
    } else {
        let rhs = expr(inputs, s, o)?;
        s.line(format!("{vt} {name} = {rhs};"));
    }
    Ok(Var { name, typed: true })
}
