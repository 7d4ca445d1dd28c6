//! Which methods of a map's views the keyed model answers
//! (`src/search/map_views.rs`): `keySet()`, `values()`, `entrySet()`
//! (`java.util.Map`, JDK 17 API), their `size`, `contains` and
//! `iterator`, the iterators' `hasNext` and `next`, and an entry's
//! `getKey` and `getValue` (`java.util.Map.Entry`).
//!
//! A view is an object of its own that names its map; its iterator walks
//! the map's sequence of keys, one index at a time, and an entry is the
//! pair (map, index). The model gives every map's views the classes
//! `HashMap` uses (`HashMap$KeySet`, `HashMap$EntryIterator`,
//! `HashMap$Node`, …), a `LinkedHashMap`'s included: they never reach the
//! JVM (the replay runs the program's own code), they only route the calls
//! to this model. Every other method these classes declare is
//! [`ViewMethod::Other`], cut with a reason (but those of
//! [`super::inherited`], which run their supertype's bytecode).

/// The key set `HashMap.keySet()` returns (JDK 17).
pub const KEY_SET: &str = "java/util/HashMap$KeySet";
/// The collection `HashMap.values()` returns.
pub const VALUES: &str = "java/util/HashMap$Values";
/// The entry set `HashMap.entrySet()` returns.
pub const ENTRY_SET: &str = "java/util/HashMap$EntrySet";
/// The iterator of [`VALUES`].
pub const VALUE_ITERATOR: &str = "java/util/HashMap$ValueIterator";
/// The iterator of [`ENTRY_SET`].
pub const ENTRY_ITERATOR: &str = "java/util/HashMap$EntryIterator";
/// The entries [`ENTRY_ITERATOR`] returns.
pub const ENTRY: &str = "java/util/HashMap$Node";
/// The interface of entries: calls on it dispatch to [`ENTRY`] when no
/// input may be one.
pub const ENTRY_INTERFACE: &str = "java/util/Map$Entry";

/// The classes a modelled map's views, their iterators and entries have,
/// which the search's universe holds when it holds a modelled map (the key
/// iterator is a set's too: [`super::keyed::KEY_ITERATOR`]).
pub const VIEW_CLASSES: [&str; 7] = [
    KEY_SET,
    VALUES,
    ENTRY_SET,
    super::keyed::KEY_ITERATOR,
    VALUE_ITERATOR,
    ENTRY_ITERATOR,
    ENTRY,
];

/// One of a map's three views.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// `keySet()`.
    Keys,
    /// `values()`.
    Values,
    /// `entrySet()`.
    Entries,
}

impl View {
    /// The class of the view.
    pub fn class(self) -> &'static str {
        match self {
            View::Keys => KEY_SET,
            View::Values => VALUES,
            View::Entries => ENTRY_SET,
        }
    }

    /// The class of the view's iterator.
    pub fn iterator(self) -> &'static str {
        match self {
            View::Keys => super::keyed::KEY_ITERATOR,
            View::Values => VALUE_ITERATOR,
            View::Entries => ENTRY_ITERATOR,
        }
    }

    /// The view whose class or whose iterator's class is `class`.
    fn of_class(class: &str) -> Option<View> {
        [View::Keys, View::Values, View::Entries]
            .into_iter()
            .find(|v| v.class() == class || v.iterator() == class)
    }
}

/// A method of a map's view, of its iterator or of an entry, as the model
/// answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewMethod {
    /// `keySet()`, `values()`, `entrySet()` of a map: a new view of it.
    Make(View),
    /// The view's `size()`: its map's.
    Size,
    /// The key set's `contains(o)`: its map's `containsKey(o)`.
    ContainsKey,
    /// The value collection's `contains(o)`: its map's `containsValue(o)`.
    ContainsValue,
    /// The view's `iterator()`: a new iterator at the map's first key.
    Iterator(View),
    /// The value iterator's or the entry iterator's `next()`: the value,
    /// or the entry (map, index), at the cursor, which moves on.
    Next(View),
    /// An entry's `getKey()`.
    GetKey,
    /// An entry's `getValue()`.
    GetValue,
    /// Any other method of these classes: cut with a reason.
    Other,
}

impl ViewMethod {
    /// The model of method `name` `descriptor` of `class`: a map's view
    /// maker (`class` a modelled map class), or a method of a view, of a
    /// value or entry iterator, or of an entry. The key iterator's are
    /// [`super::keyed::KeyedMethod`]'s, a set's too.
    pub fn of(class: &str, name: &str, descriptor: &str, is_static: bool) -> Option<ViewMethod> {
        if is_static {
            return None;
        }
        let params = super::params(descriptor);
        let map = super::keyed::is_map(class);
        let view = View::of_class(class);
        let method = match (name, params.as_str()) {
            ("keySet", "()") if map => ViewMethod::Make(View::Keys),
            ("values", "()") if map => ViewMethod::Make(View::Values),
            ("entrySet", "()") if map => ViewMethod::Make(View::Entries),
            _ if map => return None,
            ("getKey", "()") if class == ENTRY => ViewMethod::GetKey,
            ("getValue", "()") if class == ENTRY => ViewMethod::GetValue,
            _ if class == ENTRY => ViewMethod::Other,
            _ => {
                let view = view?;
                if class == super::keyed::KEY_ITERATOR {
                    return None;
                }
                match (name, params.as_str()) {
                    ("size", "()") if class == view.class() => ViewMethod::Size,
                    ("contains", "(Ljava/lang/Object;)") if class == KEY_SET => {
                        ViewMethod::ContainsKey
                    }
                    ("contains", "(Ljava/lang/Object;)") if class == VALUES => {
                        ViewMethod::ContainsValue
                    }
                    ("iterator", "()") if class == view.class() => ViewMethod::Iterator(view),
                    ("next", "()") if class == view.iterator() => ViewMethod::Next(view),
                    _ => ViewMethod::Other,
                }
            }
        };
        Some(method)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_iterators_and_entries_have_their_methods() {
        let keys = ViewMethod::of("java/util/HashMap", "keySet", "()Ljava/util/Set;", false);
        assert_eq!(keys, Some(ViewMethod::Make(View::Keys)));
        let linked = ViewMethod::of(
            "java/util/LinkedHashMap",
            "entrySet",
            "()Ljava/util/Set;",
            false,
        );
        assert_eq!(linked, Some(ViewMethod::Make(View::Entries)));
        assert_eq!(
            ViewMethod::of("java/util/HashMap", "get", "(Ljava/lang/Object;)", false),
            None
        );
        let it = ViewMethod::of(VALUES, "iterator", "()Ljava/util/Iterator;", false);
        assert_eq!(it, Some(ViewMethod::Iterator(View::Values)));
        let next = ViewMethod::of(ENTRY_ITERATOR, "next", "()Ljava/lang/Object;", false);
        assert_eq!(next, Some(ViewMethod::Next(View::Entries)));
        let value = ViewMethod::of(ENTRY, "getValue", "()Ljava/lang/Object;", false);
        assert_eq!(value, Some(ViewMethod::GetValue));
        let set_value = ViewMethod::of(ENTRY, "setValue", "(Ljava/lang/Object;)", false);
        assert_eq!(set_value, Some(ViewMethod::Other));
        // The key iterator is the keyed model's (a set's iterator too).
        let key_next = ViewMethod::of(super::super::keyed::KEY_ITERATOR, "next", "()", false);
        assert_eq!(key_next, None);
    }
}
