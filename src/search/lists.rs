//! `java.util.ArrayList` and its iterator as the search models them (issue
//! 36; which methods: [`crate::jdk::collections::lists`]): a list is a
//! size and one reference cell per index ([`FieldKey::list_size`],
//! [`FieldKey::list_elements`]), mutable through the sequence effects of
//! [`super::sequence`]; an iterator is a new object holding its list and
//! a cursor. Every modelled method reads the same cells, so `size`,
//! `isEmpty`, `get` and a for-each loop agree (`java.util.List`,
//! `java.util.Iterator`, JDK 17 API). The model answers the normal path;
//! an exception (`IndexOutOfBoundsException`, `NoSuchElementException`)
//! is looked for in the method's bytecode ([`super::throws`]), whose
//! reads of `ArrayList`'s own fields are cut — unknown, never a proof.
//!
//! An input list the path changes is marked in [`FieldKey::list_mutable`]:
//! the test builds it as a `new ArrayList<>(…)`; any other as `List.of(…)`.

use super::cmv::St;
use super::collection_copies::CopyInto;
use super::explore::Explorer;
use super::known_keys::KnownKey;
use super::sequence::SequenceKeys;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::lists::{ListMethod, ITERATOR_CLASS, LIST_ITERATOR_CLASS};
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;
use crate::reason::Bound;

/// Where in a list an element goes or comes from.
#[derive(Clone, Copy)]
pub(super) enum Position {
    /// At this index.
    At(TermId),
    /// At the end: past the last element for an insertion, the last one
    /// for a removal.
    End,
}

/// Elements a lookup compares one by one (`first_equal`).
pub(super) const SCAN: usize = 4;

/// Elements a lookup of a string literal compares one by one: each
/// comparison is the literal's constant length and characters
/// (`known_keys.rs`).
const LITERAL_SCAN: usize = 8;

/// The heap arrays of lists.
pub(super) fn list_keys() -> SequenceKeys {
    SequenceKeys {
        length: FieldKey::list_size(),
        cells: FieldKey::list_elements(),
        cells_sort: Sort::RefCells,
    }
}

impl Explorer<'_> {
    /// The constraints of list method `method` (`name`) called at `index`
    /// with `params` (the receiver first) and `result`.
    pub(super) fn list_call(
        &mut self,
        st: &mut St,
        (method, name): (ListMethod, &str),
        params: &[(TermId, JType)],
        result: Option<TermId>,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let l = params.first().ok_or(Unsupported::NoReceiver)?.0;
        let arg = |k: usize| params.get(k + 1).map(|p| p.0);
        let result = || result.ok_or(Unsupported::NoResult);
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        if method.mutates() {
            let always = self.terms.bool(true);
            self.needs_general(st, l, always, out);
        }
        match method {
            ListMethod::Other => return Err(Unsupported::ListMethod(name.to_string())),
            ListMethod::Init => {
                if let Some(capacity) = arg(0) {
                    // IllegalArgumentException otherwise.
                    out.push(self.terms.cmp(BvCmp::Sge, capacity, zero));
                }
                // The object is new: nothing before the call reads it.
                let len = self.list_size(st, l, out);
                out.push(self.terms.eq(len, zero));
            }
            ListMethod::Copy => {
                let src = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                self.collection_copy(st, CopyInto::List, (l, src), out)?;
            }
            ListMethod::Size => {
                let len = self.list_size(st, l, out);
                out.push(self.terms.eq(result()?, len));
            }
            ListMethod::IsEmpty => {
                let len = self.list_size(st, l, out);
                let empty = self.terms.eq(len, zero);
                let v = self.terms.ite(empty, one, zero);
                out.push(self.terms.eq(result()?, v));
            }
            ListMethod::Get => {
                let i = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                let len = self.list_size(st, l, out);
                self.index_within(i, len, out);
                let e = self.list_element(st, l, i);
                out.push(self.terms.eq(result()?, e));
            }
            ListMethod::Set => {
                let (i, x) = (arg(0), arg(1));
                let (i, x) = i.zip(x).ok_or(Unsupported::NoSuchParameter)?;
                let r = result;
                let e = self.sequence_before(st, &list_keys(), l, out);
                self.index_within(i, e.old, out);
                self.sequence_after(st, &e, e.old, out, &mut |ex, _, cells, k, _| {
                    let (kept, used) = ex.sequence_cell(cells, l, k);
                    let here = ex.terms.eq(k, i);
                    (ex.terms.ite(here, x, kept), vec![used])
                });
                let before = self.list_element(st, l, i);
                out.push(self.terms.eq(r()?, before));
            }
            ListMethod::Add | ListMethod::AddAt => {
                let (at, x) = match method {
                    ListMethod::AddAt => (arg(0).map(Position::At), arg(1)),
                    _ => (Some(Position::End), arg(0)),
                };
                let (at, x) = at.zip(x).ok_or(Unsupported::NoSuchParameter)?;
                if method == ListMethod::Add {
                    out.push(self.terms.eq(result()?, one));
                }
                self.list_insert(st, l, at, x, out);
            }
            ListMethod::RemoveAt => {
                let i = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                let (removed, _) = self.list_remove(st, l, Position::At(i), false, out);
                out.push(self.terms.eq(result()?, removed));
            }
            ListMethod::Clear => {
                let e = self.sequence_before(st, &list_keys(), l, out);
                self.sequence_after(st, &e, zero, out, &mut |ex, _, cells, k, _| {
                    let (kept, used) = ex.sequence_cell(cells, l, k);
                    (kept, vec![used])
                });
            }
            ListMethod::Contains | ListMethod::IndexOf => {
                let o = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                let r = result()?;
                // `List.of(…)` refuses to look for null.
                let is_null = self.terms.eq(o, zero);
                self.needs_general(st, l, is_null, out);
                let at = self.first_equal(st, l, o, out)?;
                let v = if method == ListMethod::Contains {
                    let found = self.terms.cmp(BvCmp::Sge, at, zero);
                    self.terms.ite(found, one, zero)
                } else {
                    at
                };
                out.push(self.terms.eq(r, v));
            }
            ListMethod::Iterator => {
                self.new_iterator(st, (ITERATOR_CLASS, result()?), l, zero, index, out)?;
            }
            ListMethod::HasNext => {
                let (list, cursor) = self.iterator_at(st, l);
                let len = self.list_size(st, list, out);
                let more = self.terms.ne(cursor, len);
                let v = self.terms.ite(more, one, zero);
                out.push(self.terms.eq(result()?, v));
            }
            ListMethod::Next => {
                let (list, cursor) = self.iterator_step(st, l, out);
                let e = self.list_element(st, list, cursor);
                out.push(self.terms.eq(result()?, e));
            }
            ListMethod::ListIterator => {
                let start = arg(0).unwrap_or(zero);
                // IndexOutOfBoundsException otherwise.
                let len = self.list_size(st, l, out);
                out.push(self.terms.cmp(BvCmp::Sge, start, zero));
                out.push(self.terms.cmp(BvCmp::Sle, start, len));
                let it = (LIST_ITERATOR_CLASS, result()?);
                self.new_iterator(st, it, l, start, index, out)?;
            }
            ListMethod::HasPrevious | ListMethod::NextIndex | ListMethod::PreviousIndex => {
                let (_, cursor) = self.iterator_at(st, l);
                let v = match method {
                    ListMethod::HasPrevious => {
                        let any = self.terms.ne(cursor, zero);
                        self.terms.ite(any, one, zero)
                    }
                    ListMethod::NextIndex => cursor,
                    _ => self.terms.bin(BvOp::Sub, cursor, one),
                };
                out.push(self.terms.eq(result()?, v));
            }
            ListMethod::Previous => {
                let (list, cursor) = self.iterator_move(st, l, false, out);
                let e = self.list_element(st, list, cursor);
                out.push(self.terms.eq(result()?, e));
            }
        }
        Ok(())
    }

    /// Steps back over a `next()` of iterator `it` on its normal path: the
    /// collection it walks and the cursor before the call, an index of it
    /// (`NoSuchElementException` otherwise), which moves on by one.
    pub(super) fn iterator_step(
        &mut self,
        st: &mut St,
        it: TermId,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        self.iterator_move(st, it, true, out)
    }

    /// Steps back over a `next()` (`forward`) or a `previous()` of
    /// iterator `it` on its normal path: the collection it walks and the
    /// index of the element returned — the cursor before a `next()`, the
    /// one before the cursor for a `previous()`, where the cursor moves
    /// back to — which must be an index of it (`NoSuchElementException`
    /// otherwise).
    fn iterator_move(
        &mut self,
        st: &mut St,
        it: TermId,
        forward: bool,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let one = self.terms.int(1);
        // The array after the call is the prior one with the iterator's
        // cursor moved.
        let key = FieldKey::iterator_cursor();
        let after = st.mem.fields.get(&key).copied();
        let prior = self.fresh(&key.to_string(), Sort::Array(32));
        st.mem.fields.insert(key, prior);
        let (list, cursor) = self.iterator_at(st, it);
        let (returned, moved) = match forward {
            true => (cursor, self.terms.bin(BvOp::Add, cursor, one)),
            false => {
                let back = self.terms.bin(BvOp::Sub, cursor, one);
                (back, back)
            }
        };
        if let Some(after) = after {
            let updated = self.terms.store(prior, it, moved);
            out.push(self.terms.eq(after, updated));
        }
        let len = self.list_size(st, list, out);
        self.index_within(returned, len, out);
        (list, returned)
    }

    /// Inserts `x` into list `l` at `at` (the later elements move up):
    /// the sequence effect of `add`, `add(int, E)`, `addFirst`, `offer`.
    pub(super) fn list_insert(
        &mut self,
        st: &mut St,
        l: TermId,
        at: Position,
        x: TermId,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let e = self.sequence_before(st, &list_keys(), l, out);
        let at = match at {
            Position::At(i) => i,
            Position::End => e.old,
        };
        // IndexOutOfBoundsException otherwise.
        out.push(self.terms.cmp(BvCmp::Sge, at, zero));
        out.push(self.terms.cmp(BvCmp::Sle, at, e.old));
        let new_len = self.terms.bin(BvOp::Add, e.old, one);
        out.push(self.terms.cmp(BvCmp::Sgt, new_len, zero));
        self.sequence_after(st, &e, new_len, out, &mut |ex, _, cells, k, _| {
            // Before `at`: kept; at `at`: x; past it: the one below.
            let (kept, used_k) = ex.sequence_cell(cells, l, k);
            let below = ex.terms.bin(BvOp::Sub, k, one);
            let (moved, used_m) = ex.sequence_cell(cells, l, below);
            let before = ex.terms.cmp(BvCmp::Slt, k, at);
            let here = ex.terms.eq(k, at);
            let v = ex.terms.ite(here, x, moved);
            (ex.terms.ite(before, kept, v), vec![used_k, used_m])
        });
    }

    /// Removes the element of list `l` at `at` (the later ones move down;
    /// `at` must be an index of the list) — with `only_if_any`, only when
    /// the list is not empty, else nothing changes: the sequence effect of
    /// `remove(int)`, `pop`, `poll`. The element at `at` before the call,
    /// and whether it was removed.
    pub(super) fn list_remove(
        &mut self,
        st: &mut St,
        l: TermId,
        at: Position,
        only_if_any: bool,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let one = self.terms.int(1);
        let e = self.sequence_before(st, &list_keys(), l, out);
        let when = match only_if_any {
            true => {
                let zero = self.terms.int(0);
                self.terms.cmp(BvCmp::Sgt, e.old, zero)
            }
            false => self.terms.bool(true),
        };
        let i = match at {
            Position::At(i) => i,
            Position::End => self.terms.bin(BvOp::Sub, e.old, one),
        };
        let mut within = Vec::new();
        self.index_within(i, e.old, &mut within);
        let within = self.terms.and(within);
        out.push(self.terms.implies(when, within));
        let shorter = self.terms.bin(BvOp::Sub, e.old, one);
        let new_len = self.terms.ite(when, shorter, e.old);
        self.sequence_after(st, &e, new_len, out, &mut |ex, _, cells, k, _| {
            let (kept, used_k) = ex.sequence_cell(cells, l, k);
            let above = ex.terms.bin(BvOp::Add, k, one);
            let (moved, used_m) = ex.sequence_cell(cells, l, above);
            let past = ex.terms.cmp(BvCmp::Sge, k, i);
            let moves = ex.terms.and(vec![when, past]);
            (ex.terms.ite(moves, moved, kept), vec![used_k, used_m])
        });
        (self.list_element(st, l, i), when)
    }

    /// `r`, a new iterator of class `class` made by the call at `index`,
    /// walks collection `l` from index `start`.
    pub(super) fn new_iterator(
        &mut self,
        st: &mut St,
        (class, r): (&str, TermId),
        l: TermId,
        start: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        self.allocated_by_call(st, class, r, index, out)?;
        // The iterator is new: only the arrays after the call hold it.
        if let Some(&lists) = st.mem.fields.get(&FieldKey::iterator_list()) {
            let held = self.terms.select(lists, r);
            out.push(self.terms.eq(held, l));
        }
        if let Some(&cursors) = st.mem.fields.get(&FieldKey::iterator_cursor()) {
            let at = self.terms.select(cursors, r);
            out.push(self.terms.eq(at, start));
        }
        Ok(())
    }

    /// The first index of list `l` whose element equals `o`
    /// ([`Explorer::objects_equal`]), else -1: exact for a list of at most
    /// [`SCAN`] elements ([`LITERAL_SCAN`] for a string literal), compared one by one; for a longer one any index
    /// of the list or -1 (so a refutation is a proof at any size). The
    /// path's states keep within the scan (a bounded condition: a path
    /// refuted only under it is cut, never refuted).
    pub(super) fn first_equal(
        &mut self,
        st: &mut St,
        l: TermId,
        o: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        self.first_equal_in(st, (l, false), o, out)
    }

    /// [`Explorer::first_equal`] among the elements (keys) of `l`, or with
    /// `values` among the values of map `l`.
    pub(super) fn first_equal_in(
        &mut self,
        st: &mut St,
        (l, values): (TermId, bool),
        o: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let len = self.list_size(st, l, out);
        // A literal is compared by constants: cheap enough for a longer scan.
        let scan = match self.known_key(st, o) {
            Some(KnownKey::Literal(_)) => LITERAL_SCAN,
            _ => SCAN,
        };
        let max = self.terms.int(scan as i32);
        let within = self.terms.cmp(BvCmp::Sle, len, max);
        // States keep within the scan; a path refuted only there is cut.
        st.bounded
            .push((within, Bound::CollectionScan { max: scan }));
        let mut at = self.terms.int(-1);
        for k in (0..scan).rev() {
            let kt = self.terms.int(k as i32);
            let inside = self.terms.cmp(BvCmp::Slt, kt, len);
            let e = match values {
                true => self.map_value(st, l, kt),
                false => self.list_element(st, l, kt),
            };
            let equal = self.objects_equal(st, o, e, out)?;
            let here = self.terms.and(vec![inside, equal]);
            at = self.terms.ite(here, kt, at);
        }
        let free = self.fresh("index", Sort::Bv(32));
        let minus_one = self.terms.int(-1);
        out.push(self.terms.cmp(BvCmp::Sge, free, minus_one));
        out.push(self.terms.cmp(BvCmp::Slt, free, len));
        Ok(self.terms.ite(within, at, free))
    }

    /// When `when` holds, input collection `c` must be a general one
    /// (`new ArrayList<>(…)`, `HashSet`, `HashMap`), not an immutable
    /// `List.of`, `Set.of` or `Map.of`: the path changes it, or looks for
    /// null in it ([`FieldKey::list_mutable`]).
    pub(super) fn needs_general(
        &mut self,
        st: &mut St,
        c: TermId,
        when: TermId,
        out: &mut Vec<TermId>,
    ) {
        let one = self.terms.int(1);
        let mutable = self.heap_array(st, FieldKey::list_mutable(), Sort::Array(32));
        let flag = self.terms.select(mutable, c);
        let general = self.terms.eq(flag, one);
        out.push(self.terms.implies(when, general));
    }

    /// `0 <= i < len`: the normal path of an indexed access.
    pub(super) fn index_within(&mut self, i: TermId, len: TermId, out: &mut Vec<TermId>) {
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, i, zero));
        out.push(self.terms.cmp(BvCmp::Slt, i, len));
    }

    /// The size of list `l` at this point (never negative).
    pub(super) fn list_size(&mut self, st: &mut St, l: TermId, out: &mut Vec<TermId>) -> TermId {
        let sizes = self.heap_array(st, FieldKey::list_size(), Sort::Array(32));
        let len = self.terms.select(sizes, l);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, len, zero));
        len
    }

    /// Element `k` of list `l` at this point.
    pub(super) fn list_element(&mut self, st: &mut St, l: TermId, k: TermId) -> TermId {
        let cells = self.heap_array(st, FieldKey::list_elements(), Sort::RefCells);
        let (e, key) = self.sequence_cell(cells, l, k);
        st.mem.cell_reads.push((cells, key));
        e
    }

    /// The list iterator `it` walks and its cursor, at this point.
    pub(super) fn iterator_at(&mut self, st: &mut St, it: TermId) -> (TermId, TermId) {
        let lists = self.heap_array(st, FieldKey::iterator_list(), Sort::RefArray);
        let cursors = self.heap_array(st, FieldKey::iterator_cursor(), Sort::Array(32));
        (self.terms.select(lists, it), self.terms.select(cursors, it))
    }
}
