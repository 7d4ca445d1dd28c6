//! Which methods of `java.util.TreeMap` and `java.util.TreeSet` the keyed
//! model answers (`src/search/sorted.rs`, `src/search/keyed.rs`): a sorted
//! set or map is a keyed collection whose sequence of keys is strictly
//! ascending in their natural order (`java.lang.Comparable`,
//! `java.util.SortedMap` and `java.util.NavigableMap`, JDK 17 API), so its
//! iteration is its sequence, `first`/`firstKey` its index 0 and
//! `floor`/`ceiling` the neighbours of a key in it.
//!
//! Inputs typed `SortedMap`, `NavigableMap`, `TreeMap` are tree maps, and
//! `SortedSet`, `NavigableSet`, `TreeSet` tree sets. A constructor with a
//! `Comparator`, `Map` or `Collection` and the methods that make ranged
//! views (`headMap`, `tailMap`, `subSet`, `descendingSet`, …) are
//! [`super::keyed::KeyedMethod::Other`]: cut with a reason.

use super::keyed::KeyedMethod;

/// The class of a modelled sorted map.
pub const TREE_MAP: &str = "java/util/TreeMap";

/// The class of a modelled sorted set.
pub const TREE_SET: &str = "java/util/TreeSet";

/// The static types whose inputs are modelled sorted maps.
pub const SORTED_MAP_TYPES: [&str; 3] = [TREE_MAP, "java/util/SortedMap", "java/util/NavigableMap"];

/// The static types whose inputs are modelled sorted sets.
pub const SORTED_SET_TYPES: [&str; 3] = [TREE_SET, "java/util/SortedSet", "java/util/NavigableSet"];

/// Whether `class` is a modelled sorted set or map.
pub fn is_sorted(class: &str) -> bool {
    matches!(class, TREE_MAP | TREE_SET)
}

/// One end of a sorted collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `first()`, `firstKey()`: the least key.
    First,
    /// `last()`, `lastKey()`: the greatest key.
    Last,
}

/// The neighbour of a key `x` a navigable collection returns (null when
/// there is none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nearest {
    /// `floor`, `floorKey`: the greatest key `<= x`.
    Floor,
    /// `ceiling`, `ceilingKey`: the least key `>= x`.
    Ceiling,
    /// `lower`, `lowerKey`: the greatest key `< x`.
    Lower,
    /// `higher`, `higherKey`: the least key `> x`.
    Higher,
}

impl Nearest {
    /// Whether the neighbour is below `x` (the greatest of the keys that
    /// qualify) rather than above it (the least).
    pub fn below(self) -> bool {
        matches!(self, Nearest::Floor | Nearest::Lower)
    }

    /// Whether a key equal to `x` qualifies.
    pub fn inclusive(self) -> bool {
        matches!(self, Nearest::Floor | Nearest::Ceiling)
    }
}

/// The model of method `name` of `TreeMap` (`map`) or `TreeSet` taking
/// `params`, where it differs from a `HashMap`'s or `HashSet`'s: the
/// ends, the neighbours, and the constructors (only the empty one with
/// the natural order). `None`: the hashed collections' model
/// ([`KeyedMethod`]'s own table).
pub fn sorted_method(map: bool, name: &str, params: &str) -> Option<KeyedMethod> {
    const OBJECT: &str = "(Ljava/lang/Object;)";
    let method = match (name, params) {
        ("<init>", "()") => KeyedMethod::Init,
        ("<init>", _) => KeyedMethod::Other,
        ("first", "()") if !map => KeyedMethod::End(End::First),
        ("last", "()") if !map => KeyedMethod::End(End::Last),
        ("firstKey", "()") if map => KeyedMethod::End(End::First),
        ("lastKey", "()") if map => KeyedMethod::End(End::Last),
        (name, OBJECT) => {
            let base = match map {
                true => name.strip_suffix("Key")?,
                false => name,
            };
            let nearest = match base {
                "floor" => Nearest::Floor,
                "ceiling" => Nearest::Ceiling,
                "lower" => Nearest::Lower,
                "higher" => Nearest::Higher,
                _ => return None,
            };
            KeyedMethod::Nearest(nearest)
        }
        _ => return None,
    };
    Some(method)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_collections_have_their_ends_and_neighbours() {
        assert_eq!(
            sorted_method(true, "firstKey", "()"),
            Some(KeyedMethod::End(End::First))
        );
        assert_eq!(sorted_method(true, "first", "()"), None);
        assert_eq!(
            sorted_method(false, "floor", "(Ljava/lang/Object;)"),
            Some(KeyedMethod::Nearest(Nearest::Floor))
        );
        assert_eq!(
            sorted_method(true, "higherKey", "(Ljava/lang/Object;)"),
            Some(KeyedMethod::Nearest(Nearest::Higher))
        );
        assert_eq!(sorted_method(true, "floor", "(Ljava/lang/Object;)"), None);
        assert_eq!(
            sorted_method(false, "<init>", "(Ljava/util/Comparator;)"),
            Some(KeyedMethod::Other)
        );
    }
}
