//! JDK collections of the input state (issue 36) written as a person
//! writes them: `List.of("a", "b")`, or `new ArrayList<>(List.of(…))` for
//! a list the method changes or holds as an `ArrayList`, and
//! `new ArrayList<>(Arrays.asList(…))` when an element is null (which
//! `List.of` refuses). The replay builds them the same way
//! (`java-harness/.../State.java`), so the JVM confirmed the very
//! objects the test makes.
//!
//! A collection referenced once is written where it is used; one
//! referenced more is declared after the other objects, so that its
//! elements' variables exist.

use super::arrange::Inputs;
use super::method::Scope;
use super::JunitError;
use crate::state::{CollectionFactory, Object};

/// The expression that makes collection `o`.
pub(super) fn expr(inputs: &Inputs, s: &mut Scope, o: &Object) -> Result<String, JunitError> {
    let mut parts = Vec::new();
    for e in o.elements.iter().flatten() {
        parts.push(inputs.value_expr(s, e, "java.lang.Object", false)?);
    }
    let list = s.access.type_name("java.util.List");
    let of = format!("{list}.of({})", parts.join(", "));
    Ok(match o.collection() {
        Some(CollectionFactory::ArrayList) => {
            let array_list = s.access.type_name("java.util.ArrayList");
            if parts.is_empty() {
                format!("new {array_list}<>()")
            } else if o
                .elements
                .iter()
                .flatten()
                .any(|e| *e == crate::state::Value::Null)
            {
                let arrays = s.access.type_name("java.util.Arrays");
                format!("new {array_list}<>({arrays}.asList({}))", parts.join(", "))
            } else {
                format!("new {array_list}<>({of})")
            }
        }
        _ => of,
    })
}

/// The type of a variable holding collection `o`.
pub(super) fn var_type(s: &mut Scope, o: &Object) -> String {
    match o.collection() {
        Some(CollectionFactory::ArrayList) => s.access.type_name("java.util.ArrayList"),
        _ => s.access.type_name("java.util.List"),
    }
}
