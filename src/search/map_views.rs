//! A map's views as the search models them (issue 36; which methods:
//! [`crate::jdk::collections::views`]): `keySet()`, `values()` and
//! `entrySet()` make a new object naming the map (the same array as an
//! iterator's collection, [`FieldKey::iterator_list`]); a view's size is
//! its map's, its iterator walks the map's sequence of keys, and an entry
//! is the pair (map, index) ([`FieldKey::iterator_list`],
//! [`FieldKey::iterator_cursor`]), whose `getKey` and `getValue` read the
//! map's cells at that index (`java.util.Map`, `Map.Entry`, JDK 17 API).
//!
//! Iteration order ([`Explorer::walk_step`]), for maps as for sets: a
//! `LinkedHashMap` walks its insertion order, the model's sequence,
//! exactly; an input map the path iterates is built by the test as a
//! `LinkedHashMap` in the order the model chose ([`FieldKey::set_ordered`]),
//! and every order of its entries is one the model may choose, so a
//! refutation stays a proof. The program's own `HashMap` or `HashSet`
//! walks in the JVM's hash order, which the model does not compute: each
//! step returns the entry at a free index of the map, an assumption
//! ([`Explorer::beyond_model`]) the replay must confirm — never a claimed
//! order.
//!
//! An entry reads its map's cells when asked, as the JDK's `HashMap$Node`
//! does for a `put` of its key that replaces the value. After a `remove`
//! of the map (which a for-each loop then stops with a
//! `ConcurrentModificationException`) the JDK's entry keeps its pair while
//! the model's index may name the next one: states are replayed, and such
//! programs are left out of the soundness claims (docs/collections.md).

use super::cmv::St;
use super::explore::Explorer;
use super::lists::SCAN;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::keyed::{KeyedMethod, MAP_CLASS, SET_CLASS};
use crate::jdk::collections::views::{View, ViewMethod, ENTRY};
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::FieldKey;
use crate::solver::Sat;

impl Explorer<'_> {
    /// The constraints of view method `method` (`name`) called at `index`
    /// with `params` (the receiver first) and `result`.
    pub(super) fn map_view_call(
        &mut self,
        st: &mut St,
        method: ViewMethod,
        params: &[(TermId, JType)],
        (returned, index): (Option<TermId>, usize),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let this = params.first().ok_or(Unsupported::NoReceiver)?;
        let o = this.0;
        let result = || returned.ok_or(Unsupported::NoResult);
        let zero = self.terms.int(0);
        match method {
            // This callee runs only if the receiver is a view or an entry
            // the path made, but dispatch tries it for every receiver of
            // the call's type (`Set.remove`, `Object.equals`): the path is
            // cut where such an object is made ([`Explorer::unmodelled_use`]),
            // and refuted if none is.
            ViewMethod::Other => {
                let one = self.terms.int(1);
                let flags = self.heap_array(st, FieldKey::view_unmodelled(), Sort::Array(32));
                let flag = self.terms.select(flags, o);
                out.push(self.terms.eq(flag, one));
            }
            // The view names its map as an iterator names its collection.
            ViewMethod::Make(view) => {
                let r = result()?;
                self.unmodelled_use(st, view.class(), r)?;
                self.new_iterator(st, (view.class(), r), o, zero, index, out)?;
            }
            ViewMethod::Size => {
                let map = self.iterator_at(st, o).0;
                let len = self.list_size(st, map, out);
                out.push(self.terms.eq(result()?, len));
            }
            ViewMethod::ContainsKey | ViewMethod::ContainsValue => {
                let map = self.iterator_at(st, o).0;
                let mut on_map = params.to_vec();
                on_map[0].0 = map;
                let (same, name) = match method {
                    ViewMethod::ContainsKey => (KeyedMethod::Contains, "containsKey"),
                    _ => (KeyedMethod::ContainsValue, "containsValue"),
                };
                let at = (returned, index);
                self.keyed_call(st, same, (MAP_CLASS, name), &on_map, at, out)?;
            }
            ViewMethod::Iterator(view) => {
                let map = self.iterator_at(st, o).0;
                self.ordered_iterator(st, (view.iterator(), result()?), map, index, out)?;
            }
            ViewMethod::Next(View::Entries) => {
                let (map, at) = self.walk_step(st, o, out);
                // The entry is new: (map, index).
                let r = result()?;
                self.unmodelled_use(st, ENTRY, r)?;
                self.new_iterator(st, (ENTRY, r), map, at, index, out)?;
            }
            ViewMethod::Next(_) => {
                let (map, at) = self.walk_step(st, o, out);
                let v = self.map_value(st, map, at);
                out.push(self.terms.eq(result()?, v));
            }
            ViewMethod::GetKey => {
                let (map, at) = self.iterator_at(st, o);
                let k = self.list_element(st, map, at);
                out.push(self.terms.eq(result()?, k));
            }
            ViewMethod::GetValue => {
                let (map, at) = self.iterator_at(st, o);
                let v = self.map_value(st, map, at);
                out.push(self.terms.eq(result()?, v));
            }
        }
        Ok(())
    }

    /// Cuts the path if the view or entry `r` of class `class`, made here,
    /// may be the receiver of a method the model does not answer (a later
    /// call on the path, [`ViewMethod::Other`]).
    fn unmodelled_use(&mut self, st: &St, class: &str, r: TermId) -> Result<(), Unsupported> {
        let Some(&flags) = st.mem.fields.get(&FieldKey::view_unmodelled()) else {
            return Ok(());
        };
        let one = self.terms.int(1);
        let flag = self.terms.select(flags, r);
        let flagged = self.terms.eq(flag, one);
        match self.solver.check_assuming(&self.terms, &[flagged]) {
            Sat::Unsat => Ok(()),
            _ => {
                let simple = class.rsplit('/').next().unwrap_or(class);
                Err(Unsupported::CollectionMethod(format!(
                    "a method of {simple} other than size, contains, iterator, getKey, getValue"
                )))
            }
        }
    }

    /// `r`, a new iterator of class `class` made by the call at `index`,
    /// walks set or map `c` from its first element; an input `c` must then
    /// be built in the model's order ([`FieldKey::set_ordered`]).
    pub(super) fn ordered_iterator(
        &mut self,
        st: &mut St,
        it: (&str, TermId),
        c: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let input = self.terms.cmp(BvCmp::Sgt, c, zero);
        self.distinct_keys(st, (c, SCAN), input, out)?;
        let ordered = self.heap_array(st, FieldKey::set_ordered(), Sort::Array(32));
        let flag = self.terms.select(ordered, c);
        let linked = self.terms.eq(flag, one);
        out.push(self.terms.implies(input, linked));
        self.new_iterator(st, it, c, zero, index, out)
    }

    /// When `when` holds, the `first` keys of set or map `c` (at most as
    /// many as a lookup compares, [`SCAN`]) are pairwise unequal (`Objects.equals`),
    /// as every set's and map's are: the test builds the collection from
    /// them, and an input walked or looked up with two equal keys would
    /// come out of the JVM with one (or `Map.of` refuses it). A refutation
    /// stays a proof: no real map is left out.
    pub(super) fn distinct_keys(
        &mut self,
        st: &mut St,
        (c, first): (TermId, usize),
        when: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let len = self.list_size(st, c, out);
        for j in 1..first.min(SCAN) {
            let jt = self.terms.int(j as i32);
            let present = self.terms.cmp(BvCmp::Slt, jt, len);
            let kj = self.list_element(st, c, jt);
            for i in 0..j {
                let it = self.terms.int(i as i32);
                let ki = self.list_element(st, c, it);
                let equal = self.objects_equal(st, ki, kj, out)?;
                let both = self.terms.and(vec![when, present]);
                let unequal = self.terms.not(equal);
                out.push(self.terms.implies(both, unequal));
            }
        }
        Ok(())
    }

    /// Steps back over a `next()` of set or map iterator `it`: the
    /// collection it walks and the index of the element it returns — the
    /// cursor's, but in a free index of the program's own `HashSet` or
    /// `HashMap`, whose hash order the model does not compute (an
    /// assumption the replay confirms).
    pub(super) fn walk_step(
        &mut self,
        st: &mut St,
        it: TermId,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let (c, cursor) = self.iterator_step(st, it, out);
        let zero = self.terms.int(0);
        let own = self.terms.cmp(BvCmp::Slt, c, zero);
        let class = self.terms.select(st.mem.types, c);
        let hashed: Vec<TermId> = [SET_CLASS, MAP_CLASS]
            .iter()
            .filter_map(|k| self.universe.id(k))
            .map(|id| {
                let id = self.terms.int(id as i32);
                self.terms.eq(class, id)
            })
            .collect();
        let hashed = self.terms.or(hashed);
        let open = self.terms.and(vec![own, hashed]);
        let free = self.fresh("hash-ordered", Sort::Bv(32));
        let len = self.list_size(st, c, out);
        let mut within = Vec::new();
        self.index_within(free, len, &mut within);
        let within = self.terms.and(within);
        out.push(self.terms.implies(open, within));
        out.push(self.beyond_model(open, free));
        (c, self.terms.ite(open, free, cursor))
    }
}
