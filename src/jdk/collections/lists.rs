//! Which methods of `java.util.ArrayList` and of its iterator the list
//! model answers (`src/search/lists.rs`): a list is a sequence, a size
//! and one element cell per index, and every modelled method reads or
//! writes those, as `java.util.List` specifies (JDK 17 API).
//!
//! Every method the two classes declare is an intrinsic: a method not
//! modelled here is [`ListMethod::Other`], which the search cuts with a
//! reason (it never leaves a result free). Methods an `ArrayList` inherits
//! (`AbstractCollection.toString`, `Collection.stream`) keep their
//! bytecode, which calls back into the modelled ones.

pub use crate::model::collections::{ITERATOR_CLASS, LIST_CLASS};

/// The list iterator `ArrayList.listIterator()` returns (JDK 17): an
/// [`ITERATOR_CLASS`] that also walks back.
pub const LIST_ITERATOR_CLASS: &str = "java/util/ArrayList$ListItr";

/// Whether `class` is one whose methods the list model answers.
pub fn is_modelled_class(class: &str) -> bool {
    matches!(class, LIST_CLASS | ITERATOR_CLASS | LIST_ITERATOR_CLASS)
}

/// The static types whose inputs are modelled lists: the object a test
/// passes is built as a `java.util.ArrayList` or by `List.of`.
pub const LIST_TYPES: [&str; 6] = [
    "java/util/List",
    "java/util/Collection",
    "java/lang/Iterable",
    "java/util/ArrayList",
    "java/util/AbstractList",
    "java/util/AbstractCollection",
];

/// A method of `ArrayList` or of its iterator, as the model answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListMethod {
    /// `new ArrayList()`, `new ArrayList(int)`: an empty list.
    Init,
    /// `new ArrayList(Collection)`: the collection's elements, in its
    /// iteration order.
    Copy,
    /// `size()`.
    Size,
    /// `isEmpty()`.
    IsEmpty,
    /// `get(int)`: on the normal path an index of the list.
    Get,
    /// `set(int, E)`: the element before, replaced.
    Set,
    /// `add(E)`: appended; returns true.
    Add,
    /// `add(int, E)`: inserted, the later elements moved up.
    AddAt,
    /// `remove(int)`: the element, the later ones moved down.
    RemoveAt,
    /// `clear()`.
    Clear,
    /// `contains(Object)`: whether some element equals the argument.
    Contains,
    /// `indexOf(Object)`: the first index of an element equal to the
    /// argument, else -1.
    IndexOf,
    /// `iterator()`: a new iterator at index 0.
    Iterator,
    /// `ArrayList$Itr.hasNext()`.
    HasNext,
    /// `ArrayList$Itr.next()`: on the normal path the element at the
    /// cursor, which moves on.
    Next,
    /// `listIterator()`, `listIterator(int)`: a new list iterator at that
    /// index (0 without one).
    ListIterator,
    /// `ArrayList$ListItr.hasPrevious()`.
    HasPrevious,
    /// `ArrayList$ListItr.previous()`: on the normal path the element
    /// before the cursor, which moves back.
    Previous,
    /// `ArrayList$ListItr.nextIndex()`: its cursor.
    NextIndex,
    /// `ArrayList$ListItr.previousIndex()`: its cursor less one.
    PreviousIndex,
    /// Any other method of these classes: cut with a reason.
    Other,
}

impl ListMethod {
    /// The model of method `name` `descriptor` of `class`, if `class` is
    /// [`LIST_CLASS`], [`ITERATOR_CLASS`] or [`LIST_ITERATOR_CLASS`] (static
    /// methods excepted).
    pub fn of(class: &str, name: &str, descriptor: &str, is_static: bool) -> Option<ListMethod> {
        if is_static {
            return None;
        }
        let params = super::params(descriptor);
        let method = match class {
            LIST_CLASS => match (name, params.as_str()) {
                ("<init>", "()" | "(I)") => ListMethod::Init,
                ("<init>", "(Ljava/util/Collection;)") => ListMethod::Copy,
                ("size", "()") => ListMethod::Size,
                ("isEmpty", "()") => ListMethod::IsEmpty,
                ("get", "(I)") => ListMethod::Get,
                ("set", "(ILjava/lang/Object;)") => ListMethod::Set,
                ("add", "(Ljava/lang/Object;)") => ListMethod::Add,
                ("add", "(ILjava/lang/Object;)") => ListMethod::AddAt,
                ("remove", "(I)") => ListMethod::RemoveAt,
                ("clear", "()") => ListMethod::Clear,
                ("iterator", "()") => ListMethod::Iterator,
                ("contains", "(Ljava/lang/Object;)") => ListMethod::Contains,
                ("indexOf", "(Ljava/lang/Object;)") => ListMethod::IndexOf,
                ("listIterator", "()" | "(I)") => ListMethod::ListIterator,
                _ => ListMethod::Other,
            },
            LIST_ITERATOR_CLASS => match (name, params.as_str()) {
                ("hasPrevious", "()") => ListMethod::HasPrevious,
                ("previous", "()") => ListMethod::Previous,
                ("nextIndex", "()") => ListMethod::NextIndex,
                ("previousIndex", "()") => ListMethod::PreviousIndex,
                _ => ListMethod::Other,
            },
            ITERATOR_CLASS => match (name, params.as_str()) {
                ("hasNext", "()") => ListMethod::HasNext,
                ("next", "()") => ListMethod::Next,
                _ => ListMethod::Other,
            },
            _ => return None,
        };
        Some(method)
    }

    /// Whether a list this method runs on must be an `ArrayList`, not the
    /// immutable list `List.of` makes: the method changes it.
    pub fn mutates(self) -> bool {
        matches!(
            self,
            ListMethod::Set
                | ListMethod::Add
                | ListMethod::AddAt
                | ListMethod::RemoveAt
                | ListMethod::Clear
                | ListMethod::Other
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_of_the_two_classes_has_a_model() {
        let get = ListMethod::of(LIST_CLASS, "get", "(I)Ljava/lang/Object;", false);
        assert_eq!(get, Some(ListMethod::Get));
        let sort = ListMethod::of(LIST_CLASS, "sort", "(Ljava/util/Comparator;)V", false);
        assert_eq!(sort, Some(ListMethod::Other));
        let next = ListMethod::of(ITERATOR_CLASS, "next", "()Ljava/lang/Object;", false);
        assert_eq!(next, Some(ListMethod::Next));
        assert_eq!(
            ListMethod::of("java/util/LinkedList", "size", "()I", false),
            None
        );
        assert!(ListMethod::Add.mutates() && !ListMethod::Get.mutates());
        let back = ListMethod::of(
            LIST_ITERATOR_CLASS,
            "previous",
            "()Ljava/lang/Object;",
            false,
        );
        assert_eq!(back, Some(ListMethod::Previous));
        let set = ListMethod::of(LIST_ITERATOR_CLASS, "set", "(Ljava/lang/Object;)V", false);
        assert_eq!(set, Some(ListMethod::Other));
    }
}
