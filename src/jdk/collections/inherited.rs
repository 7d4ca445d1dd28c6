//! The methods of the modelled collection classes that run the bytecode of
//! the supertype that specifies them, not their own (issue 36): `HashMap`
//! overrides `Map.getOrDefault`, `putIfAbsent`, `forEach`, `merge`,
//! `computeIfAbsent`… and `AbstractMap.putAll` for speed
//! (reading its `table`, which the model does not have), but the JDK 17
//! API specifies each by the default implementation it replaces: "the
//! default implementation is equivalent to …" for a map that is not
//! concurrent. That bytecode calls `get`, `put`, `containsKey` and
//! `entrySet()`, which the models answer — so these methods agree with
//! the model instead of being cut.
//!
//! The one difference a single thread sees is `ConcurrentModificationException`
//! when a function given to `computeIfAbsent` or `merge` changes the map
//! itself; the default implementations then go on. The replay runs the
//! JDK's own code, so a state claimed on such a path is checked; a path
//! refuted on it would not be a proof — such programs are not what the
//! methods are for, and the JDK documents the exception as best-effort.
//!
//! Dispatch (`search::dispatch`) asks [`supertype_of`] for the
//! method a modelled class selects and runs the supertype's instead.

use super::keyed::{is_map, SET_CLASS};
use super::lists::LIST_CLASS;
use super::views::{ENTRY_SET, KEY_SET, VALUES};

/// The methods of a modelled map that run `java.util.AbstractMap`'s (or
/// `java.util.Map`'s default) bytecode, by name and descriptor.
const MAP_METHODS: [(&str, &str); 11] = [
    (
        "getOrDefault",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
    ),
    (
        "putIfAbsent",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
    ),
    ("forEach", "(Ljava/util/function/BiConsumer;)V"),
    ("putAll", "(Ljava/util/Map;)V"),
    ("remove", "(Ljava/lang/Object;Ljava/lang/Object;)Z"),
    (
        "replace",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
    ),
    (
        "replace",
        "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Z",
    ),
    (
        "computeIfAbsent",
        "(Ljava/lang/Object;Ljava/util/function/Function;)Ljava/lang/Object;",
    ),
    (
        "computeIfPresent",
        "(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
    ),
    (
        "compute",
        "(Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
    ),
    (
        "merge",
        "(Ljava/lang/Object;Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;",
    ),
];

/// The methods of a modelled collection or view that run
/// `AbstractCollection`'s (or `Iterable`'s default) bytecode: a walk of
/// the iterator.
const COLLECTION_METHODS: [(&str, &str); 3] = [
    ("forEach", "(Ljava/util/function/Consumer;)V"),
    ("toArray", "()[Ljava/lang/Object;"),
    ("contains", "(Ljava/lang/Object;)Z"),
];

/// The supertype whose bytecode runs for method `name` `descriptor` that
/// modelled class `class` declares, if it is one of them: the search
/// resolves the method from there (JVMS §5.4.3.3: its superclasses, then
/// its interfaces' defaults).
pub fn supertype_of(class: &str, name: &str, descriptor: &str) -> Option<&'static str> {
    let method = (name, descriptor);
    if is_map(class) && MAP_METHODS.contains(&method) {
        return Some("java/util/AbstractMap");
    }
    let walked = match class {
        // A key set's, a value collection's and a set's `contains` are the
        // model's (`containsKey`, `containsValue`).
        KEY_SET | VALUES | ENTRY_SET | SET_CLASS | LIST_CLASS => method != COLLECTION_METHODS[2],
        _ => false,
    };
    (walked && COLLECTION_METHODS.contains(&method)).then_some("java/util/AbstractCollection")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_defaults_run_the_supertypes_bytecode() {
        let d = "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";
        assert_eq!(
            supertype_of("java/util/HashMap", "getOrDefault", d),
            Some("java/util/AbstractMap")
        );
        assert_eq!(
            supertype_of("java/util/LinkedHashMap", "putIfAbsent", d),
            Some("java/util/AbstractMap")
        );
        assert_eq!(supertype_of("java/util/HashMap", "get", d), None);
        assert_eq!(
            supertype_of(VALUES, "forEach", "(Ljava/util/function/Consumer;)V"),
            Some("java/util/AbstractCollection")
        );
        assert_eq!(
            supertype_of(KEY_SET, "contains", "(Ljava/lang/Object;)Z"),
            None
        );
        // A sorted map is modelled too (`sorted.rs`); a map the model does
        // not stand for runs its own bytecode.
        assert_eq!(
            supertype_of("java/util/TreeMap", "getOrDefault", d),
            Some("java/util/AbstractMap")
        );
        assert_eq!(
            supertype_of("java/util/WeakHashMap", "getOrDefault", d),
            None
        );
    }
}
