//! `java.util.ArrayDeque`, `java.util.LinkedList` and their iterators as
//! the search models them (issue 36; which methods:
//! [`crate::jdk::collections::deques`]): a deque is a list — the size and
//! element cells of `lists.rs` — whose index 0 is the head. `offer`,
//! `push`, `addFirst` insert at an end, `poll`, `pop`, `pollLast` remove
//! from one, `peek`, `getLast` read one (`java.util.Deque`, JDK 17 API),
//! so `size`, `isEmpty`, the ends and a for-each loop agree.
//!
//! An `ArrayDeque` holds no null: inserting one throws (the normal path
//! excludes it) and an element read from a non-empty one is never null.
//! A `LinkedList` may hold null; so may an input typed `Queue` or `Deque`
//! (a linked list in the model), whose `poll()` is then null on an empty
//! queue or on a null head. The exceptions (`NoSuchElementException` of
//! `pop` on an empty deque) are looked for in the methods' bytecode
//! (`ArrayDeque.removeFirst` calls the modelled `pollFirst`).

use super::cmv::St;
use super::explore::Explorer;
use super::lists::Position;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::deques::{
    DequeMethod, End, WhenEmpty, ARRAY_DEQUE, DEQUE_ITERATOR, LINKED_ITERATOR,
};
use crate::jdk::collections::lists::ListMethod;
use crate::model::term::{BvCmp, BvOp, TermId};

impl Explorer<'_> {
    /// The constraints of deque method `method` (`name`) of `class`
    /// called at `index` with `params` (the receiver first) and `result`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn deque_call(
        &mut self,
        st: &mut St,
        method: DequeMethod,
        (class, name): (&str, &str),
        params: &[(TermId, JType)],
        result: Option<TermId>,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let d = params.first().ok_or(Unsupported::NoReceiver)?.0;
        let arg = params.get(1).map(|p| p.0);
        let returned = || result.ok_or(Unsupported::NoResult);
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let no_null = class == ARRAY_DEQUE;
        match method {
            DequeMethod::Other => {
                let simple = class.rsplit('/').next().unwrap_or(class);
                return Err(Unsupported::CollectionMethod(format!("{simple}.{name}")));
            }
            DequeMethod::Init => {
                // `new ArrayDeque(int)` takes any capacity (JDK 17).
                let receiver = &params[..1];
                self.list_call(st, (ListMethod::Init, name), receiver, None, index, out)?;
            }
            DequeMethod::List(ListMethod::Iterator) => {
                let it = (DEQUE_ITERATOR, returned()?);
                self.new_iterator(st, it, d, zero, index, out)?;
            }
            DequeMethod::List(same) => {
                self.list_call(st, (same, name), params, result, index, out)?;
            }
            DequeMethod::IteratorAt => {
                let start = arg.ok_or(Unsupported::NoSuchParameter)?;
                let len = self.list_size(st, d, out);
                // IndexOutOfBoundsException otherwise.
                out.push(self.terms.cmp(BvCmp::Sge, start, zero));
                out.push(self.terms.cmp(BvCmp::Sle, start, len));
                let it = (LINKED_ITERATOR, returned()?);
                self.new_iterator(st, it, d, start, index, out)?;
            }
            DequeMethod::Insert(end) => {
                let x = arg.ok_or(Unsupported::NoSuchParameter)?;
                if no_null {
                    // NullPointerException otherwise.
                    out.push(self.terms.ne(x, zero));
                }
                if let Some(r) = result {
                    out.push(self.terms.eq(r, one));
                }
                let at = match end {
                    End::First => Position::At(zero),
                    End::Last => Position::End,
                };
                self.list_insert(st, d, at, x, out);
            }
            DequeMethod::Take(end, when_empty) => {
                let r = returned()?;
                let at = match end {
                    End::First => Position::At(zero),
                    End::Last => Position::End,
                };
                let (removed, present) = self.list_remove(st, d, at, true, out);
                self.at_an_end(present, removed, (r, when_empty, no_null), out);
            }
            DequeMethod::Look(end, when_empty) => {
                let r = returned()?;
                let len = self.list_size(st, d, out);
                let i = match end {
                    End::First => zero,
                    End::Last => self.terms.bin(BvOp::Sub, len, one),
                };
                let e = self.list_element(st, d, i);
                let present = self.terms.cmp(BvCmp::Sgt, len, zero);
                self.at_an_end(present, e, (r, when_empty, no_null), out);
            }
        }
        Ok(())
    }

    /// The result `r` of reading the element `e` at an end of a deque,
    /// `present` when it is not empty: the element, else null (or, for a
    /// method that throws, only the normal path); never null from an
    /// `ArrayDeque`.
    fn at_an_end(
        &mut self,
        present: TermId,
        e: TermId,
        (r, when_empty, no_null): (TermId, WhenEmpty, bool),
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        if when_empty == WhenEmpty::Throws {
            out.push(present);
        }
        if no_null {
            let non_null = self.terms.ne(e, zero);
            out.push(self.terms.implies(present, non_null));
        }
        let v = self.terms.ite(present, e, zero);
        out.push(self.terms.eq(r, v));
    }
}
