//! Which methods of `java.util.HashMap` and `java.util.HashSet` the keyed
//! collection model answers (`src/search/keyed.rs`): a set is a sequence
//! of elements, a map a sequence of keys with a value per key, and every
//! modelled method reads or writes those, as `java.util.Map` and
//! `java.util.Set` specify (JDK 17 API).
//!
//! Every method the two classes declare is an intrinsic; one not modelled
//! here (a map's views `keySet`, `values`, `entrySet` among them) is
//! `Other`, which the search cuts with a reason. A set's iteration walks
//! its sequence: the order a `LinkedHashSet` keeps (insertion order), and
//! for a `HashSet` the JVM's hash order only as an assumption
//! (`src/search/keyed.rs`). `TreeMap` and `TreeSet` are the same model
//! with their keys in ascending order ([`super::sorted`]).

use super::sorted::{is_sorted, End, Nearest, TREE_MAP, TREE_SET};

pub use crate::model::collections::MAP_CLASS;

/// The class of a modelled map that keeps its insertion order.
pub const LINKED_MAP_CLASS: &str = "java/util/LinkedHashMap";

/// The class of a modelled set.
pub const SET_CLASS: &str = "java/util/HashSet";

/// The class of a modelled set that keeps its insertion order.
pub const LINKED_SET_CLASS: &str = "java/util/LinkedHashSet";

/// The iterator `HashSet.iterator()` returns (JDK 17: its map's key
/// iterator), and the class that declares its `hasNext`.
pub const KEY_ITERATOR: &str = "java/util/HashMap$KeyIterator";
const HASH_ITERATOR: &str = "java/util/HashMap$HashIterator";

/// Whether `class` is one whose methods the keyed model answers.
pub fn is_modelled_class(class: &str) -> bool {
    matches!(
        class,
        MAP_CLASS | LINKED_MAP_CLASS | SET_CLASS | LINKED_SET_CLASS | KEY_ITERATOR | HASH_ITERATOR
    ) || is_sorted(class)
}

/// Whether `class` (a modelled class) is a map's.
pub fn is_map(class: &str) -> bool {
    matches!(class, MAP_CLASS | LINKED_MAP_CLASS | TREE_MAP)
}

/// Whether `class` is a modelled map or set whose iteration order is its
/// insertion order (the sequence's).
pub fn is_linked(class: &str) -> bool {
    matches!(class, LINKED_MAP_CLASS | LINKED_SET_CLASS)
}

/// Whether `class` (a modelled class) is a set's.
pub fn is_set(class: &str) -> bool {
    matches!(class, SET_CLASS | LINKED_SET_CLASS | TREE_SET)
}

/// The class whose model answers a method `class` declares: a sorted
/// collection's own, else `HashSet` for a set and `HashMap` for a map
/// (a `LinkedHashMap`'s `put` is `HashMap`'s).
pub fn model_class(class: &str) -> &'static str {
    match class {
        TREE_MAP => TREE_MAP,
        TREE_SET => TREE_SET,
        _ if is_set(class) => SET_CLASS,
        _ => MAP_CLASS,
    }
}

/// The static types whose inputs are modelled maps.
pub const MAP_TYPES: [&str; 3] = [
    "java/util/Map",
    "java/util/HashMap",
    "java/util/AbstractMap",
];

/// The static types whose inputs are modelled maps that keep their
/// insertion order.
pub const LINKED_MAP_TYPES: [&str; 1] = [LINKED_MAP_CLASS];

/// The static types whose inputs are modelled sets that keep their
/// insertion order.
pub const LINKED_SET_TYPES: [&str; 1] = [LINKED_SET_CLASS];

/// The static types whose inputs are modelled sets.
pub const SET_TYPES: [&str; 3] = [
    "java/util/Set",
    "java/util/HashSet",
    "java/util/AbstractSet",
];

/// A method of `HashMap` or `HashSet`, as the model answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyedMethod {
    /// `new HashMap()`, `new HashMap(int)`, `new HashSet()`,
    /// `new HashSet(int)`: empty.
    Init,
    /// `new HashMap(Map)`, `new HashSet(Collection)`: the argument's
    /// entries (elements).
    Copy,
    /// `new LinkedHashMap(Map)`, `new LinkedHashSet(Collection)`: the
    /// argument's entries (elements) in its iteration order.
    LinkedCopy,
    /// `size()`.
    Size,
    /// `isEmpty()`.
    IsEmpty,
    /// `Map.get(key)`: the key's value, else null.
    Get,
    /// `Map.containsKey(key)`, `Set.contains(o)`.
    Contains,
    /// `Map.containsValue(value)`: whether some value equals it.
    ContainsValue,
    /// `Map.put(key, value)`: the value before (else null), replaced or
    /// added.
    Put,
    /// `Set.add(o)`: added unless present; whether it was added.
    Add,
    /// `Map.remove(key)` (the value before, else null), `Set.remove(o)`
    /// (whether it was there).
    Remove,
    /// `clear()`.
    Clear,
    /// `Set.iterator()`: a new iterator at the first element.
    Iterator,
    /// The set iterator's `hasNext()`.
    HasNext,
    /// The set iterator's `next()`: the element at the cursor, which moves
    /// on.
    Next,
    /// A sorted collection's `first()`, `last()`, `firstKey()`,
    /// `lastKey()`: its least or greatest key (`NoSuchElementException`
    /// when empty).
    End(End),
    /// A navigable collection's `floor`, `ceiling`, `lower`, `higher`
    /// (and their `…Key` forms of a map): a neighbour of the argument.
    Nearest(Nearest),
    /// Any other method of the two classes: cut with a reason.
    Other,
}

impl KeyedMethod {
    /// The model of method `name` `descriptor` of `class`, if `class` is
    /// a modelled map or set or a set's iterator (static methods excepted).
    /// `LinkedHashMap` declares `get` and `clear` again: the same model.
    pub fn of(class: &str, name: &str, descriptor: &str, is_static: bool) -> Option<KeyedMethod> {
        if is_static || !is_modelled_class(class) {
            return None;
        }
        let params = super::params(descriptor);
        let map = is_map(class);
        let set = matches!(class, SET_CLASS | TREE_SET);
        if is_sorted(class) {
            if let Some(method) = super::sorted::sorted_method(map, name, &params) {
                return Some(method);
            }
        }
        Some(match (class, name, params.as_str()) {
            (HASH_ITERATOR, "hasNext", "()") => KeyedMethod::HasNext,
            (KEY_ITERATOR, "next", "()") => KeyedMethod::Next,
            (HASH_ITERATOR | KEY_ITERATOR, ..) => KeyedMethod::Other,
            (_, "<init>", "()" | "(I)") => KeyedMethod::Init,
            (MAP_CLASS, "<init>", "(Ljava/util/Map;)") => KeyedMethod::Copy,
            (SET_CLASS, "<init>", "(Ljava/util/Collection;)") => KeyedMethod::Copy,
            (LINKED_MAP_CLASS, "<init>", "(Ljava/util/Map;)") => KeyedMethod::LinkedCopy,
            (LINKED_SET_CLASS, "<init>", "(Ljava/util/Collection;)") => KeyedMethod::LinkedCopy,
            // A LinkedHashMap(int, float, true) keeps its access order.
            (LINKED_SET_CLASS | LINKED_MAP_CLASS, "<init>", _) => KeyedMethod::Other,
            (LINKED_SET_CLASS, ..) => KeyedMethod::Other,
            (_, "iterator", "()") if set => KeyedMethod::Iterator,
            (_, name, params) => return Some(KeyedMethod::declared(map, name, params)),
        })
    }

    /// The model of method `name` of `HashMap` (`map`) or `HashSet`
    /// taking `params` (`(I)`, `(Ljava/lang/Object;)`).
    fn declared(map: bool, name: &str, params: &str) -> KeyedMethod {
        const OBJECT: &str = "(Ljava/lang/Object;)";
        match (name, params) {
            ("size", "()") => KeyedMethod::Size,
            ("isEmpty", "()") => KeyedMethod::IsEmpty,
            ("clear", "()") => KeyedMethod::Clear,
            ("get", OBJECT) if map => KeyedMethod::Get,
            ("containsKey", OBJECT) if map => KeyedMethod::Contains,
            ("contains", OBJECT) if !map => KeyedMethod::Contains,
            ("containsValue", OBJECT) if map => KeyedMethod::ContainsValue,
            ("put", "(Ljava/lang/Object;Ljava/lang/Object;)") if map => KeyedMethod::Put,
            ("add", OBJECT) if !map => KeyedMethod::Add,
            ("remove", OBJECT) => KeyedMethod::Remove,
            _ => KeyedMethod::Other,
        }
    }

    /// Whether a collection this method runs on must be a `HashMap` or
    /// `HashSet`, not the immutable `Map.of` or `Set.of`.
    pub fn mutates(self) -> bool {
        matches!(
            self,
            KeyedMethod::Put
                | KeyedMethod::Add
                | KeyedMethod::Remove
                | KeyedMethod::Clear
                | KeyedMethod::Other
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_and_sets_have_their_own_methods() {
        let get = KeyedMethod::of(
            MAP_CLASS,
            "get",
            "(Ljava/lang/Object;)Ljava/lang/Object;",
            false,
        );
        assert_eq!(get, Some(KeyedMethod::Get));
        let contains = KeyedMethod::of(SET_CLASS, "contains", "(Ljava/lang/Object;)Z", false);
        assert_eq!(contains, Some(KeyedMethod::Contains));
        let set_get = KeyedMethod::of(
            SET_CLASS,
            "get",
            "(Ljava/lang/Object;)Ljava/lang/Object;",
            false,
        );
        assert_eq!(set_get, Some(KeyedMethod::Other));
        let linked = KeyedMethod::of(LINKED_MAP_CLASS, "<init>", "(Ljava/util/Map;)V", false);
        assert_eq!(linked, Some(KeyedMethod::LinkedCopy));
        let access = KeyedMethod::of(LINKED_MAP_CLASS, "<init>", "(IFZ)V", false);
        assert_eq!(access, Some(KeyedMethod::Other));
        assert_eq!(
            KeyedMethod::of("java/util/TreeMap", "size", "()I", false),
            Some(KeyedMethod::Size)
        );
        assert_eq!(
            KeyedMethod::of(
                "java/util/TreeMap",
                "headMap",
                "(Ljava/lang/Object;)",
                false
            ),
            Some(KeyedMethod::Other)
        );
    }
}
