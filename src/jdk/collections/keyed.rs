//! Which methods of `java.util.HashMap` and `java.util.HashSet` the keyed
//! collection model answers (`src/search/keyed.rs`): a set is a sequence
//! of elements, a map a sequence of keys with a value per key, and every
//! modelled method reads or writes those, as `java.util.Map` and
//! `java.util.Set` specify (JDK 17 API).
//!
//! Every method the two classes declare is an intrinsic; one not modelled
//! here (iteration among them: a hash-ordered walk the model does not
//! know) is `Other`, which the search cuts with a reason.

/// The class of a modelled map.
pub const MAP_CLASS: &str = "java/util/HashMap";

/// The class of a modelled set.
pub const SET_CLASS: &str = "java/util/HashSet";

/// The static types whose inputs are modelled maps.
pub const MAP_TYPES: [&str; 3] = [
    "java/util/Map",
    "java/util/HashMap",
    "java/util/AbstractMap",
];

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
    /// `size()`.
    Size,
    /// `isEmpty()`.
    IsEmpty,
    /// `Map.get(key)`: the key's value, else null.
    Get,
    /// `Map.containsKey(key)`, `Set.contains(o)`.
    Contains,
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
    /// Any other method of the two classes: cut with a reason.
    Other,
}

impl KeyedMethod {
    /// The model of method `name` `descriptor` of `class`, if `class` is
    /// [`MAP_CLASS`] or [`SET_CLASS`] (static methods excepted).
    pub fn of(class: &str, name: &str, descriptor: &str, is_static: bool) -> Option<KeyedMethod> {
        if is_static || (class != MAP_CLASS && class != SET_CLASS) {
            return None;
        }
        let params = descriptor.split(')').next().unwrap_or("").to_string() + ")";
        const OBJECT: &str = "(Ljava/lang/Object;)";
        let map = class == MAP_CLASS;
        Some(match (name, params.as_str()) {
            ("<init>", "()" | "(I)") => KeyedMethod::Init,
            ("size", "()") => KeyedMethod::Size,
            ("isEmpty", "()") => KeyedMethod::IsEmpty,
            ("clear", "()") => KeyedMethod::Clear,
            ("get", OBJECT) if map => KeyedMethod::Get,
            ("containsKey", OBJECT) if map => KeyedMethod::Contains,
            ("contains", OBJECT) if !map => KeyedMethod::Contains,
            ("put", "(Ljava/lang/Object;Ljava/lang/Object;)") if map => KeyedMethod::Put,
            ("add", OBJECT) if !map => KeyedMethod::Add,
            ("remove", OBJECT) => KeyedMethod::Remove,
            _ => KeyedMethod::Other,
        })
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
        assert_eq!(
            KeyedMethod::of("java/util/TreeMap", "size", "()I", false),
            None
        );
    }
}
