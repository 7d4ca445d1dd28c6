//! `java.util.HashMap` and `java.util.HashSet` as the search models them
//! (issue 36; which methods: [`crate::jdk::collections::keyed`]). A set is
//! a sequence of elements and a map a sequence of keys, both in the lists'
//! arrays (`lists.rs`), a map with one value cell per key
//! ([`FieldKey::map_values`]). A lookup compares the argument with the
//! first elements as `Objects.equals` ([`Explorer::first_equal`], a scan
//! bound), so `get`, `containsKey`, `put`, `remove` and `size` agree.
//!
//! A set's iterator walks its sequence (`lists.rs`'s iterator), in the
//! order `map_views.rs` states for sets and maps alike: exact for a
//! `LinkedHashSet`, which keeps insertion order, and for an input set,
//! which the test builds as a `LinkedHashSet` in the order the model chose
//! ([`FieldKey::set_ordered`]); the program's own `HashSet` returns its
//! elements at free indices, an assumption ([`Explorer::beyond_model`])
//! the replay must confirm.
//!
//! The sequence alone allows two equal keys, which no map has. An input
//! set or map that is looked up or walked has its first keys (as many as
//! a lookup compares) pairwise unequal ([`Explorer::distinct_keys`]), as
//! every real one has; past them two keys may still be equal: more
//! behaviours than the JVM, so refutations stay proofs, and a state that
//! needs one is refuted by the replay (`Map.of` refuses duplicate keys, a
//! `HashMap` keeps one).

use super::cmv::St;
use super::explore::Explorer;
use super::lists::list_keys;
use super::sequence::{Effect, SequenceKeys};
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::keyed::{KeyedMethod, KEY_ITERATOR, MAP_CLASS};
use crate::jdk::collections::lists::ListMethod;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;

/// The heap arrays of maps' values.
fn value_keys() -> SequenceKeys {
    SequenceKeys {
        length: FieldKey::map_values_length(),
        cells: FieldKey::map_values(),
        cells_sort: Sort::RefCells,
    }
}

impl Explorer<'_> {
    /// The constraints of map or set method `method` (`name`) of `class`
    /// called at `index` with `params` (the receiver first) and `result`.
    pub(super) fn keyed_call(
        &mut self,
        st: &mut St,
        method: KeyedMethod,
        (class, name): (&str, &str),
        params: &[(TermId, JType)],
        (result, index): (Option<TermId>, usize),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let c = params.first().ok_or(Unsupported::NoReceiver)?.0;
        let arg = |k: usize| params.get(k + 1).map(|p| p.0);
        let returned = result;
        let result = || returned.ok_or(Unsupported::NoResult);
        let map = class == MAP_CLASS;
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        if method.mutates() {
            let always = self.terms.bool(true);
            self.needs_general(st, c, always, out);
        }
        match method {
            KeyedMethod::Other => {
                let simple = class.rsplit('/').next().unwrap_or(class);
                return Err(Unsupported::CollectionMethod(format!("{simple}.{name}")));
            }
            // The size is a list's (the same arrays).
            KeyedMethod::Init | KeyedMethod::Size | KeyedMethod::IsEmpty => {
                let same = match method {
                    KeyedMethod::Init => ListMethod::Init,
                    KeyedMethod::Size => ListMethod::Size,
                    _ => ListMethod::IsEmpty,
                };
                self.list_call(st, (same, name), params, returned, 0, out)?;
            }
            KeyedMethod::Get | KeyedMethod::Contains | KeyedMethod::ContainsValue => {
                let k = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                // `Map.of` and `Set.of` refuse to look for null.
                let is_null = self.terms.eq(k, zero);
                self.needs_general(st, c, is_null, out);
                // An input's first keys are pairwise unequal, as a real
                // set's or map's are.
                let input = self.terms.cmp(BvCmp::Sgt, c, zero);
                self.distinct_keys(st, c, input, out)?;
                let values = method == KeyedMethod::ContainsValue;
                let at = self.first_equal_in(st, (c, values), k, out)?;
                let found = self.terms.cmp(BvCmp::Sge, at, zero);
                let v = if method == KeyedMethod::Get {
                    let value = self.map_value(st, c, at);
                    self.terms.ite(found, value, zero)
                } else {
                    self.terms.ite(found, one, zero)
                };
                out.push(self.terms.eq(result()?, v));
            }
            KeyedMethod::Put | KeyedMethod::Add => {
                let k = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                let r = result()?;
                let (keys, values, at, found) = self.change_at(st, c, k, map, out)?;
                let len = keys.old;
                let grown = self.terms.bin(BvOp::Add, len, one);
                let new_len = self.terms.ite(found, len, grown);
                out.push(self.terms.cmp(BvCmp::Sgt, new_len, zero));
                self.sequence_after(st, &keys, new_len, out, &mut |ex, _, cells, i, _| {
                    let (kept, used) = ex.sequence_cell(cells, c, i);
                    let end = ex.terms.eq(i, len);
                    let not_found = ex.terms.not(found);
                    let added = ex.terms.and(vec![not_found, end]);
                    (ex.terms.ite(added, k, kept), vec![used])
                });
                match values {
                    Some(values) => {
                        let v = arg(1).ok_or(Unsupported::NoSuchParameter)?;
                        let slot = self.terms.ite(found, at, len);
                        self.sequence_after(
                            st,
                            &values,
                            new_len,
                            out,
                            &mut |ex, _, cells, i, _| {
                                let (kept, used) = ex.sequence_cell(cells, c, i);
                                let here = ex.terms.eq(i, slot);
                                (ex.terms.ite(here, v, kept), vec![used])
                            },
                        );
                        let before = self.map_value(st, c, at);
                        let previous = self.terms.ite(found, before, zero);
                        out.push(self.terms.eq(r, previous));
                    }
                    None => {
                        let v = self.terms.ite(found, zero, one);
                        out.push(self.terms.eq(r, v));
                    }
                }
            }
            KeyedMethod::Remove => {
                let k = arg(0).ok_or(Unsupported::NoSuchParameter)?;
                let r = result()?;
                let (keys, values, at, found) = self.change_at(st, c, k, map, out)?;
                let shrunk = self.terms.bin(BvOp::Sub, keys.old, one);
                let new_len = self.terms.ite(found, shrunk, keys.old);
                // The entries past the one removed move down.
                let shift = |ex: &mut Explorer<'_>, _: &mut St, cells, i, _| {
                    let (kept, used_k) = ex.sequence_cell(cells, c, i);
                    let above = ex.terms.bin(BvOp::Add, i, one);
                    let (moved, used_m) = ex.sequence_cell(cells, c, above);
                    let past = ex.terms.cmp(BvCmp::Sge, i, at);
                    let moves = ex.terms.and(vec![found, past]);
                    (ex.terms.ite(moves, moved, kept), vec![used_k, used_m])
                };
                self.sequence_after(st, &keys, new_len, out, &mut shift.clone());
                let v = match values {
                    Some(values) => {
                        self.sequence_after(st, &values, new_len, out, &mut shift.clone());
                        let before = self.map_value(st, c, at);
                        self.terms.ite(found, before, zero)
                    }
                    None => self.terms.ite(found, one, zero),
                };
                out.push(self.terms.eq(r, v));
            }
            KeyedMethod::Iterator => {
                self.ordered_iterator(st, (KEY_ITERATOR, result()?), c, index, out)?;
            }
            KeyedMethod::HasNext => {
                let same = (ListMethod::HasNext, name);
                self.list_call(st, same, params, returned, index, out)?;
            }
            KeyedMethod::Next => {
                let (set, at) = self.walk_step(st, c, out);
                let e = self.list_element(st, set, at);
                out.push(self.terms.eq(result()?, e));
            }
            KeyedMethod::Clear => {
                let keys = self.sequence_before(st, &list_keys(), c, out);
                let keep = |ex: &mut Explorer<'_>, _: &mut St, cells, i, _| {
                    let (kept, used) = ex.sequence_cell(cells, c, i);
                    (kept, vec![used])
                };
                self.sequence_after(st, &keys, zero, out, &mut keep.clone());
                if map {
                    let values = self.sequence_before(st, &value_keys(), c, out);
                    self.sequence_after(st, &values, zero, out, &mut keep.clone());
                }
            }
        }
        Ok(())
    }

    /// Steps back to just before a change of collection `c` at key `k`:
    /// the effects on its keys and (for a map) its values, the index of
    /// `k` before the call (else -1) and whether it was found.
    fn change_at(
        &mut self,
        st: &mut St,
        c: TermId,
        k: TermId,
        map: bool,
        out: &mut Vec<TermId>,
    ) -> Result<(Effect, Option<Effect>, TermId, TermId), Unsupported> {
        let keys = self.sequence_before(st, &list_keys(), c, out);
        let values = map.then(|| self.sequence_before(st, &value_keys(), c, out));
        let at = self.first_equal(st, c, k, out)?;
        let zero = self.terms.int(0);
        let found = self.terms.cmp(BvCmp::Sge, at, zero);
        Ok((keys, values, at, found))
    }

    /// The value at index `i` of map `m` at this point.
    pub(super) fn map_value(&mut self, st: &mut St, m: TermId, i: TermId) -> TermId {
        let cells = self.heap_array(st, FieldKey::map_values(), Sort::RefCells);
        let (v, key) = self.sequence_cell(cells, m, i);
        st.mem.cell_reads.push((cells, key));
        v
    }
}
