//! Empty collections for the null arguments a factory or constructor
//! refuses (issue 34, item 3): `SetUtils.union(null, null)` throws "Sets
//! must not be null", yet the path under test only read the captured sets
//! without needing them null (the search gives a reference it does not
//! constrain the simplest value, null). The call is then tried again with
//! a new empty collection for each null argument whose parameter type a
//! JDK collection fits (`new HashSet<>()` for a `Set`, `new ArrayList<>()`
//! for a `List`).
//!
//! Nothing here is a claim: the replay makes the object with those
//! arguments and runs the method on it, and the state so made replaces
//! the one found only if it still meets the goal and covers as much
//! ([`super::covers_as_much`]); else the object is made by reflection, as
//! before.

use crate::classfile::descriptor::internal_name;
use crate::classpath::ClassPath;
use crate::state::{BuiltBy, CollectionFactory, Construction, InputState, Object, Value};

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

/// The call `call` with every null argument of a collection type given a
/// new empty collection, appended to `state`'s objects; `None` (and
/// `state` unchanged) when no argument is such a null.
pub(super) fn with_empty_collections(
    cp: &ClassPath,
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
        let Some((class, factory)) = collection_for(cp, param) else {
            continue;
        };
        let id = state.objects.len();
        state.objects.push(Object {
            id,
            class: class.to_string(),
            elements: Some(Vec::new()),
            built_by: Some(BuiltBy::Collection { factory }),
            ..Object::default()
        });
        *arg = Value::Ref { object: id };
    }
    (out != *call).then_some(out)
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
