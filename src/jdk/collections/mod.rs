//! The JDK's collections as the search models them (issue 36): not their
//! bytecode (`ArrayList`'s `elementData` and `modCount`), but what their
//! specifications say (`java.util.List`, `java.util.Iterator`, JDK 17
//! API), over an abstract object whose size, elements and iteration agree.
//!
//! - [`lists`]: `java.util.ArrayList` — the class an input typed `List`,
//!   `Collection`, `Iterable` or `ArrayList` has, and the one the
//!   program's own `new ArrayList<>()` makes — and its iterator
//!   (`ArrayList$Itr`): which of their methods are modelled;
//! - [`keyed`]: `java.util.HashMap` and `java.util.HashSet`, for inputs
//!   typed `Map` and `Set` and the program's own maps and sets;
//! - [`sorted`]: `java.util.TreeMap` and `java.util.TreeSet`, the keyed
//!   model in ascending order, for inputs typed `SortedMap`,
//!   `NavigableMap`, `SortedSet`, `NavigableSet` and the program's own;
//! - [`views`]: a map's `keySet()`, `values()`, `entrySet()`, their
//!   iterators and entries, over the map's own model;
//! - [`inherited`]: the methods of the modelled classes that run the
//!   bytecode their supertype specifies them by (`Map.getOrDefault`,
//!   `AbstractMap.containsValue`), which calls the modelled ones;
//! - [`deques`]: `java.util.ArrayDeque` and `java.util.LinkedList`, for
//!   inputs typed `Queue`, `Deque`, `ArrayDeque`, `LinkedList` and the
//!   program's own deques, and their iterators;
//! - [`optional`]: `java.util.Optional`, whose bytecode the search
//!   explores, made as a person makes one.
//!
//! The constraints of each method are the engine's
//! (`src/search/lists.rs`, `keyed.rs`, `deques.rs`); nothing here imports the engine.

pub mod deques;
pub mod inherited;
pub mod keyed;
pub mod lists;
pub mod optional;
pub mod sorted;
pub mod views;

/// The intrinsic of a method of a modelled collection class (every one
/// of them: [`lists::ListMethod::Other`] and [`keyed::KeyedMethod::Other`]
/// for those not modelled).
pub fn intrinsic(
    class: &str,
    name: &str,
    descriptor: &str,
    is_static: bool,
) -> Option<super::methods::Intrinsic> {
    use super::methods::Intrinsic;
    lists::ListMethod::of(class, name, descriptor, is_static)
        .map(Intrinsic::List)
        .or_else(|| {
            views::ViewMethod::of(class, name, descriptor, is_static).map(Intrinsic::MapView)
        })
        .or_else(|| {
            keyed::KeyedMethod::of(class, name, descriptor, is_static).map(Intrinsic::Keyed)
        })
        .or_else(|| {
            deques::DequeMethod::of(class, name, descriptor, is_static).map(Intrinsic::Deque)
        })
}

/// The boxes whose instances the collection models compare by value
/// (`Objects.equals`, the natural order of a sorted collection), with
/// the type of their `value` field.
pub const VALUE_BOXES: [(&str, crate::classfile::JType); 6] = {
    use crate::classfile::JType;
    [
        ("java/lang/Integer", JType::Int),
        ("java/lang/Long", JType::Long),
        ("java/lang/Short", JType::Short),
        ("java/lang/Byte", JType::Byte),
        ("java/lang/Character", JType::Char),
        ("java/lang/Boolean", JType::Boolean),
    ]
};

/// The parameter part of a method descriptor, with its parentheses:
/// `(ILjava/lang/Object;)` of `(ILjava/lang/Object;)V`.
fn params(descriptor: &str) -> String {
    descriptor.split(')').next().unwrap_or("").to_string() + ")"
}

/// Whether `class` is one whose methods a collection model answers (its
/// own fields are then never read: the model has none of them).
pub fn is_modelled_class(class: &str) -> bool {
    lists::is_modelled_class(class)
        || keyed::is_modelled_class(class)
        || views::VIEW_CLASSES.contains(&class)
        || deques::is_modelled_class(class)
}

/// Whether inputs of static type `class` are modelled collections: the
/// interfaces and classes of lists, sets and maps the models stand for.
pub fn is_modelled_type(class: &str) -> bool {
    lists::LIST_TYPES.contains(&class)
        || keyed::MAP_TYPES.contains(&class)
        || keyed::LINKED_MAP_TYPES.contains(&class)
        || keyed::SET_TYPES.contains(&class)
        || keyed::LINKED_SET_TYPES.contains(&class)
        || sorted::SORTED_MAP_TYPES.contains(&class)
        || sorted::SORTED_SET_TYPES.contains(&class)
        || deques::LINKED_TYPES.contains(&class)
        || deques::ARRAY_DEQUE_TYPES.contains(&class)
}
