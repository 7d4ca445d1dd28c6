//! The heap arrays of the collection models (issue 36,
//! `src/search/lists.rs`, `keyed.rs`): like a field's, one array per
//! concept, apart from the JDK's own fields of `ArrayList`, `HashSet` and
//! `HashMap` (`elementData`, `table`), which no explored bytecode may read.
//! A list, a set and a map's keys are all sequences in the same two arrays
//! ([`FieldKey::list_size`], [`FieldKey::list_elements`]), so one model of
//! size and emptiness serves the three.

use super::FieldKey;

/// The class of a modelled list (the JDK models, `crate::jdk::collections`,
/// answer its methods).
pub const LIST_CLASS: &str = "java/util/ArrayList";

/// The class of the iterator `ArrayList.iterator()` returns (JDK 17).
pub const ITERATOR_CLASS: &str = "java/util/ArrayList$Itr";

/// The class of a modelled map.
pub const MAP_CLASS: &str = "java/util/HashMap";

impl FieldKey {
    /// The sizes of lists, sets and maps (mutable).
    pub fn list_size() -> FieldKey {
        FieldKey {
            class: LIST_CLASS.into(),
            name: "<size>".into(),
        }
    }

    /// The elements of lists and sets and the keys of maps, as reference
    /// cells keyed by (collection, index) (mutable).
    pub fn list_elements() -> FieldKey {
        FieldKey {
            class: LIST_CLASS.into(),
            name: "<elements>".into(),
        }
    }

    /// 1 for an input collection the path changes (or looks for null in):
    /// the test must build it as a `new ArrayList<>(…)`, `HashSet` or
    /// `HashMap`, not as the immutable `List.of(…)`, `Set.of`, `Map.of`.
    /// Never written: one array per path.
    pub fn list_mutable() -> FieldKey {
        FieldKey {
            class: LIST_CLASS.into(),
            name: "<mutable>".into(),
        }
    }

    /// 1 for an input set the path iterates: the test must build it as a
    /// `LinkedHashSet`, whose order is the model's (a `HashSet`'s and
    /// `Set.of`'s are not). Never written: one array per path.
    pub fn set_ordered() -> FieldKey {
        FieldKey {
            class: LIST_CLASS.into(),
            name: "<ordered>".into(),
        }
    }

    /// 1 for a map's view or entry the path calls a method of that the
    /// model does not answer: the path is cut where the object is made
    /// (`src/search/map_views.rs`). Never written: one array per path.
    pub fn view_unmodelled() -> FieldKey {
        FieldKey {
            class: LIST_CLASS.into(),
            name: "<unmodelled view>".into(),
        }
    }

    /// The list an iterator walks (set when the iterator is made).
    pub fn iterator_list() -> FieldKey {
        FieldKey {
            class: ITERATOR_CLASS.into(),
            name: "<list>".into(),
        }
    }

    /// The index of the element an iterator returns next (mutable).
    pub fn iterator_cursor() -> FieldKey {
        FieldKey {
            class: ITERATOR_CLASS.into(),
            name: "<cursor>".into(),
        }
    }
}

impl FieldKey {
    /// The values of maps, as reference cells keyed by (map, index): the
    /// value of the key at the same index of the map's sequence of keys,
    /// which a map keeps in the lists' arrays ([`FieldKey::list_size`],
    /// [`FieldKey::list_elements`]) (mutable).
    pub fn map_values() -> FieldKey {
        FieldKey {
            class: MAP_CLASS.into(),
            name: "<values>".into(),
        }
    }

    /// The number of value cells of each map: always its size, kept apart
    /// so that a change states the values' cells as a sequence of their
    /// own (`search::sequence`).
    pub fn map_values_length() -> FieldKey {
        FieldKey {
            class: MAP_CLASS.into(),
            name: "<values-length>".into(),
        }
    }
}
