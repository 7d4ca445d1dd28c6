//! Stand-ins for the null arguments a factory or constructor refuses
//! (issue 34, items 3 and 4): `SetUtils.union(null, null)` throws "Sets
//! must not be null", `new LZ77Compressor(null, null)` "params", yet the
//! path under test only read what the call keeps without needing it null
//! (the search gives a reference it does not constrain the simplest
//! value, null). The call is then tried again with, for each null
//! argument, what a person would pass there:
//! - a new empty collection where a JDK collection fits the parameter's
//!   type (`new HashSet<>()` for a `Set`, `new TreeSet<>()` for a
//!   `NavigableSet`, `new ArrayList<>()` for a `List`);
//! - a mock answering nothing (every method its type's default) for a
//!   program interface (`LZ77Compressor.Callback`): the test writes an
//!   anonymous class;
//! - a new object of a concrete program class (`Parameters`), itself made
//!   by the calls its class offers ([`super::plan`]), by reflection when
//!   none serves.
//!
//! Nothing here is a claim: the replay makes the object with those
//! arguments and runs the method on it, and the state so made replaces
//! the one found only if it still meets the goal and covers as much
//! ([`super::covers_as_much`]); else the object is made by reflection, as
//! before.

use crate::classfile::descriptor::internal_name;
use crate::classpath::mock::abstract_methods;
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{
    BuiltBy, CollectionFactory, Construction, InputState, MockMethod, Object, Value,
};

/// The collections a null argument may become, in the order tried: the
/// first whose class the parameter's type accepts.
const KINDS: [(&str, CollectionFactory); 5] = [
    ("java.util.HashSet", CollectionFactory::HashSet),
    // A `SortedSet` or `NavigableSet` parameter (`SetUtils.unmodifiableNavigableSet`).
    ("java.util.TreeSet", CollectionFactory::TreeSet),
    ("java.util.ArrayList", CollectionFactory::ArrayList),
    ("java.util.HashMap", CollectionFactory::HashMap),
    ("java.util.ArrayDeque", CollectionFactory::ArrayDeque),
];

/// The call `call` with every null argument given a stand-in (a new
/// empty collection, a mock answering nothing, a new program object),
/// appended to `state`'s objects; `None` (and `state` unchanged) when no
/// argument is such a null. `access` is the test's.
pub(super) fn with_standins(
    cp: &ClassPath,
    access: &mut Access,
    state: &mut InputState,
    call: &Construction,
) -> Option<Construction> {
    if call.constant.is_some() {
        return None;
    }
    let mut out = call.clone();
    for (arg, param) in out.args.iter_mut().zip(&call.params) {
        if *arg != Value::Null {
            continue;
        }
        let Some(standin) = standin_for(cp, access, param) else {
            continue;
        };
        let id = state.objects.len();
        state.objects.push(Object { id, ..standin });
        *arg = Value::Ref { object: id };
    }
    (out != *call).then_some(out)
}

/// The object that stands for a null of parameter type `param` (Java
/// form), if any.
fn standin_for(cp: &ClassPath, access: &mut Access, param: &str) -> Option<Object> {
    if let Some((class, factory)) = collection_for(cp, param) {
        return Some(Object {
            class: class.to_string(),
            elements: Some(Vec::new()),
            built_by: Some(BuiltBy::Collection { factory }),
            ..Object::default()
        });
    }
    if !crate::classpath::is_program_class(cp, &internal_name(param))
        || !access.type_accessible(param)
    {
        return None;
    }
    let class = cp.load(&internal_name(param)).ok()?;
    if class.is_interface() {
        let mock = abstract_methods(cp, &class.name)
            .into_iter()
            .map(|(name, descriptor)| MockMethod {
                method: format!("{name}{descriptor}"),
                returns: Vec::new(),
                throws: Vec::new(),
            })
            .collect();
        return Some(Object {
            class: param.to_string(),
            mock: Some(mock),
            ..Object::default()
        });
    }
    (!class.is_abstract()).then(|| Object {
        class: param.to_string(),
        built_by: Some(BuiltBy::Reflection),
        ..Object::default()
    })
}

/// The JDK collection a parameter of type `param` (Java form) takes, if
/// any: never for `Object`, which any object fits and no collection
/// stands for.
fn collection_for(cp: &ClassPath, param: &str) -> Option<(&'static str, CollectionFactory)> {
    if !param.starts_with("java.util.") && !param.starts_with("java.lang.Iterable") {
        return None;
    }
    let to = internal_name(param);
    KINDS.into_iter().find(|(class, _)| {
        cp.is_assignable(&internal_name(class), &to)
            .unwrap_or(false)
    })
}

/// Drops from `state` the empty collections a refused call `call` was
/// given (objects from `found` on, the state found's count), where they
/// are the last objects and none of the calls `still` to try names them:
/// a test would declare them for nothing.
pub(super) fn forget(
    state: &mut InputState,
    found: usize,
    call: &Construction,
    still: &[Construction],
) {
    let named = |object: usize| {
        still
            .iter()
            .flat_map(Construction::values)
            .any(|v| *v == Value::Ref { object })
    };
    for arg in call.args.iter().rev() {
        match *arg {
            Value::Ref { object }
                if object >= found && object + 1 == state.objects.len() && !named(object) =>
            {
                state.objects.pop();
            }
            _ => {}
        }
    }
}
