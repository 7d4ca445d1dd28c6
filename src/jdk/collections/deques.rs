//! Which methods of `java.util.ArrayDeque`, `java.util.LinkedList` and of
//! their iterators the deque model answers (`src/search/deques.rs`): a
//! deque is a sequence — the lists' size and element cells — whose first
//! element is its head, and every modelled method reads or writes those,
//! as `java.util.Deque`, `java.util.Queue` and (for `LinkedList`)
//! `java.util.List` specify (JDK 17 API).
//!
//! Inputs typed `Queue` or `Deque` are linked lists in the model: the JDK
//! specification lets a queue hold null (a `LinkedList` does), so a state
//! is never refuted for needing one; the test builds one without null as
//! an `ArrayDeque`. Every method the four classes declare is an intrinsic;
//! one not modelled here is [`DequeMethod::Other`], cut with a reason.

use super::lists::ListMethod;

/// The class of the program's `new ArrayDeque<>()` and of inputs typed
/// `ArrayDeque`: no null element.
pub const ARRAY_DEQUE: &str = "java/util/ArrayDeque";

/// The class of inputs typed `Queue`, `Deque`, `LinkedList`: any element,
/// null too.
pub const LINKED_LIST: &str = "java/util/LinkedList";

/// The iterator `ArrayDeque.iterator()` returns (JDK 17).
pub const DEQUE_ITERATOR: &str = "java/util/ArrayDeque$DeqIterator";

/// The iterator `LinkedList.listIterator(int)` returns (JDK 17), which
/// `iterator()` (`AbstractSequentialList`) calls.
pub const LINKED_ITERATOR: &str = "java/util/LinkedList$ListItr";

/// The static types whose inputs are modelled linked lists.
pub const LINKED_TYPES: [&str; 4] = [
    "java/util/Queue",
    "java/util/Deque",
    "java/util/LinkedList",
    "java/util/AbstractSequentialList",
];

/// The static types whose inputs are modelled array deques.
pub const ARRAY_DEQUE_TYPES: [&str; 1] = [ARRAY_DEQUE];

/// Whether `class` is one whose methods the deque model answers.
pub fn is_modelled_class(class: &str) -> bool {
    matches!(
        class,
        ARRAY_DEQUE | LINKED_LIST | DEQUE_ITERATOR | LINKED_ITERATOR
    )
}

/// Which end of the deque a method works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The head: index 0.
    First,
    /// The tail: index size - 1.
    Last,
}

/// What a method that reads an end does on an empty deque.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenEmpty {
    /// Returns null (`poll`, `peek`).
    Null,
    /// Throws `NoSuchElementException` (`pop`, `element`, `getFirst`):
    /// the model answers the normal path; the exception is looked for in
    /// the method's bytecode.
    Throws,
}

/// A method of a deque or of its iterator, as the model answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DequeMethod {
    /// `new ArrayDeque()`, `new ArrayDeque(int)`, `new LinkedList()`:
    /// empty.
    Init,
    /// `addFirst`, `offerFirst`, `push`, `addLast`, `offerLast`, `offer`,
    /// `add`: the element put at that end; `offer…` and `add` return true.
    Insert(End),
    /// `pollFirst`, `poll`, `pollLast`, `removeFirst`, `remove()`, `pop`,
    /// `removeLast`: the element at that end, removed.
    Take(End, WhenEmpty),
    /// `peekFirst`, `peek`, `peekLast`, `getFirst`, `element`, `getLast`:
    /// the element at that end.
    Look(End, WhenEmpty),
    /// `LinkedList.listIterator(int)`: an iterator from that index.
    IteratorAt,
    /// A method with the meaning a list's has (`size`, `isEmpty`,
    /// `contains`, `clear`, `iterator`, a linked list's `get`, `set`,
    /// `add(int, E)`, `remove(int)`, `indexOf`, an iterator's `hasNext`
    /// and `next`).
    List(ListMethod),
    /// Any other method of the four classes: cut with a reason.
    Other,
}

impl DequeMethod {
    /// The model of method `name` `descriptor` of `class`, if `class` is
    /// one of the four classes (static methods excepted).
    pub fn of(class: &str, name: &str, descriptor: &str, is_static: bool) -> Option<DequeMethod> {
        if is_static || !is_modelled_class(class) {
            return None;
        }
        let params = super::params(descriptor);
        if matches!(class, DEQUE_ITERATOR | LINKED_ITERATOR) {
            return Some(match (name, params.as_str()) {
                ("hasNext", "()") => DequeMethod::List(ListMethod::HasNext),
                ("next", "()") => DequeMethod::List(ListMethod::Next),
                _ => DequeMethod::Other,
            });
        }
        const ELEMENT: &str = "(Ljava/lang/Object;)";
        use {End::*, WhenEmpty::*};
        let linked = class == LINKED_LIST;
        Some(match (name, params.as_str()) {
            ("<init>", "()") => DequeMethod::Init,
            ("<init>", "(I)") if !linked => DequeMethod::Init,
            ("addFirst" | "offerFirst" | "push", ELEMENT) => DequeMethod::Insert(First),
            ("addLast" | "offerLast" | "offer" | "add", ELEMENT) => DequeMethod::Insert(Last),
            ("pollFirst" | "poll", "()") => DequeMethod::Take(First, Null),
            ("pollLast", "()") => DequeMethod::Take(Last, Null),
            ("removeFirst" | "remove" | "pop", "()") => DequeMethod::Take(First, Throws),
            ("removeLast", "()") => DequeMethod::Take(Last, Throws),
            ("peekFirst" | "peek", "()") => DequeMethod::Look(First, Null),
            ("peekLast", "()") => DequeMethod::Look(Last, Null),
            ("getFirst" | "element", "()") => DequeMethod::Look(First, Throws),
            ("getLast", "()") => DequeMethod::Look(Last, Throws),
            ("listIterator", "(I)") if linked => DequeMethod::IteratorAt,
            ("size", "()") => DequeMethod::List(ListMethod::Size),
            ("isEmpty", "()") => DequeMethod::List(ListMethod::IsEmpty),
            ("clear", "()") => DequeMethod::List(ListMethod::Clear),
            ("contains", ELEMENT) => DequeMethod::List(ListMethod::Contains),
            ("iterator", "()") if !linked => DequeMethod::List(ListMethod::Iterator),
            ("get", "(I)") if linked => DequeMethod::List(ListMethod::Get),
            ("set", "(ILjava/lang/Object;)") if linked => DequeMethod::List(ListMethod::Set),
            ("add", "(ILjava/lang/Object;)") if linked => DequeMethod::List(ListMethod::AddAt),
            ("remove", "(I)") if linked => DequeMethod::List(ListMethod::RemoveAt),
            ("indexOf", ELEMENT) if linked => DequeMethod::List(ListMethod::IndexOf),
            _ => DequeMethod::Other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_queue_method_names_its_end() {
        let of = |class, name, descriptor| DequeMethod::of(class, name, descriptor, false);
        let push = of(ARRAY_DEQUE, "push", "(Ljava/lang/Object;)V");
        assert_eq!(push, Some(DequeMethod::Insert(End::First)));
        let poll = of(LINKED_LIST, "poll", "()Ljava/lang/Object;");
        assert_eq!(poll, Some(DequeMethod::Take(End::First, WhenEmpty::Null)));
        let get_last = of(ARRAY_DEQUE, "getLast", "()Ljava/lang/Object;");
        assert_eq!(
            get_last,
            Some(DequeMethod::Look(End::Last, WhenEmpty::Throws))
        );
        // An ArrayDeque has no index.
        let get = of(ARRAY_DEQUE, "get", "(I)Ljava/lang/Object;");
        assert_eq!(get, Some(DequeMethod::Other));
        let sort = of(LINKED_LIST, "sort", "(Ljava/util/Comparator;)V");
        assert_eq!(sort, Some(DequeMethod::Other));
        assert_eq!(of("java/util/ArrayList", "size", "()I"), None);
    }
}
