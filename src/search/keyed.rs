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
//! set or map that is walked has its first keys (as many as a lookup
//! compares) pairwise unequal ([`Explorer::distinct_keys`]), as every real
//! one has; one only looked up its first two, and the others where
//! labeling can make them so (`labeling::lists`, a check per state instead
//! of constraints on every check of the path); past them two keys may still be equal: more
//! behaviours than the JVM, so refutations stay proofs, and a state that
//! needs one is refuted by the replay (`Map.of` refuses duplicate keys, a
//! `HashMap` keeps one). A sorted one's keys are in order, so unequal
//! (`sorted.rs`).

use super::cmv::St;
use super::collection_copies::CopyInto;
use super::explore::Explorer;
use super::lists::list_keys;
use super::sequence::{Effect, SequenceKeys};
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::keyed::{is_map, KeyedMethod, KEY_ITERATOR};
use crate::jdk::collections::lists::ListMethod;
use crate::jdk::collections::sorted::is_sorted;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;
use crate::reason::Bound;

/// The keys of an input set or map looked up that are asserted pairwise
/// unequal: the first two, the pair a state most often needs apart
/// (`Map.of("a", 1, "a", 2)`, refused by the JVM); more pairs cost every
/// later check of the path (MapUtils.getBoolean: 4.4 s of solver with the
/// six pairs of four keys, 0.4 s with none).
pub(super) const LOOKED_UP_DISTINCT: usize = 2;

/// The heap arrays of maps' values.
pub(super) fn value_keys() -> SequenceKeys {
    SequenceKeys {
        length: FieldKey::map_values_length(),
        cells: FieldKey::map_values(),
        cells_sort: Sort::RefCells,
    }
}

/// A change of a set or map at a key, seen from just before it: the
/// collection, the key, the call's result, the effects on its keys and
/// (for a map) its values, the key's index before the call (else -1) and
/// whether it was found.
struct Change {
    c: TermId,
    k: TermId,
    r: TermId,
    keys: Effect,
    values: Option<Effect>,
    at: TermId,
    found: TermId,
}

/// A call of a keyed method: the collection, its model class, the
/// arguments (the receiver first) and the result.
struct KeyedCall<'p> {
    c: TermId,
    class: &'static str,
    params: &'p [(TermId, JType)],
    returned: Option<TermId>,
}

impl KeyedCall<'_> {
    /// Argument `k` (after the receiver).
    fn arg(&self, k: usize) -> Result<TermId, Unsupported> {
        let p = self.params.get(k + 1).ok_or(Unsupported::NoSuchParameter)?;
        Ok(p.0)
    }

    /// The call's result.
    fn result(&self) -> Result<TermId, Unsupported> {
        self.returned.ok_or(Unsupported::NoResult)
    }

    /// Whether the collection is a map (else a set).
    fn map(&self) -> bool {
        is_map(self.class)
    }

    /// Whether the collection keeps its keys in order (`TreeMap`,
    /// `TreeSet`).
    fn sorted(&self) -> bool {
        is_sorted(self.class)
    }
}

impl Explorer<'_> {
    /// The constraints of map or set method `method` (`name`) of `class`
    /// (a model class, [`crate::jdk::collections::keyed::model_class`])
    /// called at `index` with `params` (the receiver first) and `result`.
    pub(super) fn keyed_call(
        &mut self,
        st: &mut St,
        method: KeyedMethod,
        (class, name): (&'static str, &str),
        params: &[(TermId, JType)],
        (returned, index): (Option<TermId>, usize),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let c = params.first().ok_or(Unsupported::NoReceiver)?.0;
        let call = KeyedCall {
            c,
            class,
            params,
            returned,
        };
        if method.mutates() {
            let always = self.terms.bool(true);
            self.needs_general(st, c, always, out);
        }
        // What a change reads is the collection before it (`change_at`).
        let reads = !matches!(
            method,
            KeyedMethod::Other
                | KeyedMethod::Init
                | KeyedMethod::Copy
                | KeyedMethod::LinkedCopy
                | KeyedMethod::Put
                | KeyedMethod::Add
                | KeyedMethod::Remove
                | KeyedMethod::Clear
                | KeyedMethod::HasNext
                | KeyedMethod::Next
        );
        if call.sorted() && reads {
            self.sorted_keys(st, c, out)?;
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
            KeyedMethod::Copy | KeyedMethod::LinkedCopy => {
                let linked = method == KeyedMethod::LinkedCopy;
                let into = match (call.map(), linked) {
                    (true, false) => CopyInto::Map,
                    (false, false) => CopyInto::Set,
                    (true, true) => CopyInto::LinkedMap,
                    (false, true) => CopyInto::LinkedSet,
                };
                self.collection_copy(st, into, (c, call.arg(0)?), out)?;
            }
            KeyedMethod::Get | KeyedMethod::Contains | KeyedMethod::ContainsValue => {
                self.keyed_lookup(st, method, &call, out)?;
            }
            KeyedMethod::Put | KeyedMethod::Add => self.keyed_put(st, &call, out)?,
            KeyedMethod::Remove => self.keyed_remove(st, &call, out)?,
            KeyedMethod::Iterator => {
                self.ordered_iterator(st, (KEY_ITERATOR, call.result()?), c, index, out)?;
            }
            KeyedMethod::HasNext => {
                let same = (ListMethod::HasNext, name);
                self.list_call(st, same, params, returned, index, out)?;
            }
            KeyedMethod::Next => {
                let (set, at) = self.walk_step(st, c, out);
                let e = self.list_element(st, set, at);
                out.push(self.terms.eq(call.result()?, e));
            }
            KeyedMethod::Clear => self.keyed_clear(st, &call, out),
            KeyedMethod::End(end) => self.sorted_end(st, c, end, call.result()?, out),
            KeyedMethod::Nearest(nearest) => {
                let (x, r) = (call.arg(0)?, call.result()?);
                self.sorted_nearest(st, (c, nearest), x, r, out)?;
            }
        }
        Ok(())
    }

    /// `get`, `containsKey`, a set's `contains`, `containsValue`: the
    /// first equal key's value or whether there is one.
    fn keyed_lookup(
        &mut self,
        st: &mut St,
        method: KeyedMethod,
        call: &KeyedCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let (c, k) = (call.c, call.arg(0)?);
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let values = method == KeyedMethod::ContainsValue;
        let is_null = self.terms.eq(k, zero);
        if call.sorted() && !values {
            // A natural order refuses to look for null.
            out.push(self.terms.not(is_null));
        }
        // `Map.of` and `Set.of` refuse to look for null.
        self.needs_general(st, c, is_null, out);
        // An input's first two keys are unequal, as a real set's or map's
        // are (a sorted one's are in order); further pairs are left to
        // labeling (`labeling::lists`): asserting all six here made each
        // later check of the path several times slower.
        if !call.sorted() {
            let input = self.terms.cmp(BvCmp::Sgt, c, zero);
            self.distinct_keys(st, (c, LOOKED_UP_DISTINCT), input, out)?;
        }
        let at = self.first_equal_in(st, (c, values), k, out)?;
        let found = self.terms.cmp(BvCmp::Sge, at, zero);
        let v = if method == KeyedMethod::Get {
            let value = self.map_value(st, c, at);
            self.terms.ite(found, value, zero)
        } else {
            self.terms.ite(found, one, zero)
        };
        out.push(self.terms.eq(call.result()?, v));
        Ok(())
    }

    /// `Map.put(k, v)` (the value before, else null) and `Set.add(k)`
    /// (whether it was added): replaced, or added at the end — at its
    /// place in the order of a sorted collection.
    fn keyed_put(
        &mut self,
        st: &mut St,
        call: &KeyedCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        if call.map() {
            self.no_eldest_entry_override(st, call.c);
        }
        let Change {
            c,
            k,
            r,
            keys,
            values,
            at,
            found,
        } = self.change_at(st, call, out)?;
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let len = keys.old;
        let slot = match call.sorted() {
            true => {
                out.push(self.terms.ne(k, zero));
                self.sorted_keys(st, c, out)?;
                self.insertion_index(st, c, k, out)?
            }
            false => len,
        };
        let grown = self.terms.bin(BvOp::Add, len, one);
        let new_len = self.terms.ite(found, len, grown);
        out.push(self.terms.cmp(BvCmp::Sgt, new_len, zero));
        let sorted = call.sorted();
        self.sequence_after(st, &keys, new_len, out, &mut |ex, _, cells, i, _| {
            let added = (found, slot, sorted);
            ex.inserted_cell(cells, (c, i), added, k, None)
        });
        let Some(values) = values else {
            let v = self.terms.ite(found, zero, one);
            out.push(self.terms.eq(r, v));
            return Ok(());
        };
        let v = call.arg(1)?;
        self.sequence_after(st, &values, new_len, out, &mut |ex, _, cells, i, _| {
            let added = (found, slot, sorted);
            ex.inserted_cell(cells, (c, i), added, v, Some(at))
        });
        let before = self.map_value(st, c, at);
        let previous = self.terms.ite(found, before, zero);
        out.push(self.terms.eq(r, previous));
        Ok(())
    }

    /// A program's class that overrides `LinkedHashMap.removeEldestEntry`
    /// (a bounded cache) removes an entry in `put`, which the model's
    /// `put` does not run: map `c` is of none of them — a bounded
    /// condition, so that the states found keep to it and a path refuted
    /// only under it is cut, never refuted.
    fn no_eldest_entry_override(&mut self, st: &mut St, c: TermId) {
        let overriding: Vec<(u32, String)> = self
            .universe
            .classes()
            .iter()
            .filter(|class| {
                !class.name.starts_with("java/")
                    && class
                        .methods
                        .iter()
                        .any(|m| m.name == "removeEldestEntry" && !m.is_static())
            })
            .filter_map(|class| Some((self.universe.id(&class.name)?, class.java_name())))
            .collect();
        let class_of = self.terms.select(st.mem.types, c);
        for (id, class) in overriding {
            let id = self.terms.int(id as i32);
            let other = self.terms.ne(class_of, id);
            st.bounded
                .push((other, Bound::EldestEntryOverride { class }));
        }
    }

    /// Cell `i` of collection `c` after a `put` or `add` of `new` (the key,
    /// or with `replaced` the value of a map whose key was at that index):
    /// kept when the key was `found` (the value replaced), else `new` at
    /// `slot` — past the end, or (`sorted`) with the cells above it moved
    /// up by one.
    fn inserted_cell(
        &mut self,
        cells: TermId,
        (c, i): (TermId, TermId),
        (found, slot, sorted): (TermId, TermId, bool),
        new: TermId,
        replaced: Option<TermId>,
    ) -> (TermId, Vec<TermId>) {
        let (kept, used) = self.sequence_cell(cells, c, i);
        let mut used = vec![used];
        let if_found = match replaced {
            Some(at) => {
                let here = self.terms.eq(i, at);
                self.terms.ite(here, new, kept)
            }
            None => kept,
        };
        let here = self.terms.eq(i, slot);
        let mut if_added = self.terms.ite(here, new, kept);
        if sorted {
            let one = self.terms.int(1);
            let below = self.terms.bin(BvOp::Sub, i, one);
            let (moved, used_m) = self.sequence_cell(cells, c, below);
            used.push(used_m);
            let above = self.terms.cmp(BvCmp::Sgt, i, slot);
            if_added = self.terms.ite(above, moved, if_added);
        }
        (self.terms.ite(found, if_found, if_added), used)
    }

    /// `Map.remove(k)` (the value before, else null), `Set.remove(k)`
    /// (whether it was there): the entries past it move down.
    fn keyed_remove(
        &mut self,
        st: &mut St,
        call: &KeyedCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let ch = self.change_at(st, call, out)?;
        let (c, at, found) = (ch.c, ch.at, ch.found);
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        if call.sorted() {
            out.push(self.terms.ne(ch.k, zero));
            self.sorted_keys(st, c, out)?;
        }
        let shrunk = self.terms.bin(BvOp::Sub, ch.keys.old, one);
        let new_len = self.terms.ite(found, shrunk, ch.keys.old);
        let shift = |ex: &mut Explorer<'_>, _: &mut St, cells, i, _| {
            let (kept, used_k) = ex.sequence_cell(cells, c, i);
            let above = ex.terms.bin(BvOp::Add, i, one);
            let (moved, used_m) = ex.sequence_cell(cells, c, above);
            let past = ex.terms.cmp(BvCmp::Sge, i, at);
            let moves = ex.terms.and(vec![found, past]);
            (ex.terms.ite(moves, moved, kept), vec![used_k, used_m])
        };
        self.sequence_after(st, &ch.keys, new_len, out, &mut shift.clone());
        let v = match &ch.values {
            Some(values) => {
                self.sequence_after(st, values, new_len, out, &mut shift.clone());
                let before = self.map_value(st, c, at);
                self.terms.ite(found, before, zero)
            }
            None => self.terms.ite(found, one, zero),
        };
        out.push(self.terms.eq(ch.r, v));
        Ok(())
    }

    /// `clear()`: no keys (and no values) left.
    fn keyed_clear(&mut self, st: &mut St, call: &KeyedCall<'_>, out: &mut Vec<TermId>) {
        let (c, zero) = (call.c, self.terms.int(0));
        let keep = |ex: &mut Explorer<'_>, _: &mut St, cells, i, _| {
            let (kept, used) = ex.sequence_cell(cells, c, i);
            (kept, vec![used])
        };
        let keys = self.sequence_before(st, &list_keys(), c, out);
        self.sequence_after(st, &keys, zero, out, &mut keep.clone());
        if call.map() {
            let values = self.sequence_before(st, &value_keys(), c, out);
            self.sequence_after(st, &values, zero, out, &mut keep.clone());
        }
    }

    /// Steps back to just before a change of collection `call.c` at its
    /// key, the call's first argument.
    fn change_at(
        &mut self,
        st: &mut St,
        call: &KeyedCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<Change, Unsupported> {
        let (c, k, r) = (call.c, call.arg(0)?, call.result()?);
        let keys = self.sequence_before(st, &list_keys(), c, out);
        let values = call
            .map()
            .then(|| self.sequence_before(st, &value_keys(), c, out));
        let at = self.first_equal(st, c, k, out)?;
        let zero = self.terms.int(0);
        let found = self.terms.cmp(BvCmp::Sge, at, zero);
        Ok(Change {
            c,
            k,
            r,
            keys,
            values,
            at,
            found,
        })
    }

    /// The value at index `i` of map `m` at this point.
    pub(super) fn map_value(&mut self, st: &mut St, m: TermId, i: TermId) -> TermId {
        let cells = self.heap_array(st, FieldKey::map_values(), Sort::RefCells);
        let (v, key) = self.sequence_cell(cells, m, i);
        st.mem.cell_reads.push((cells, key));
        v
    }
}
