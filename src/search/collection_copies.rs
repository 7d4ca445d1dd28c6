//! The copy constructors of the modelled collections (issue 36; JDK 17
//! API): `new ArrayList<>(c)`, `new HashSet<>(c)` and `new HashMap<>(m)`
//! hold the elements (keys and values) of their argument, which every
//! modelled collection keeps in the lists' arrays (`lists.rs`,
//! `keyed.rs`), so the copy is the source's sequence: its length and a
//! cell per index a later read uses ([`super::sequence`]).
//!
//! Exact when the source's sequence is what the constructor reads:
//! - a list copies the source in its iteration order: a list, a deque, a
//!   linked or sorted set, or an input `HashSet` (which the test then
//!   builds in the model's order, [`FieldKey::set_ordered`]);
//! - a set copies a set and a map a map, in any order (a `HashSet`'s and
//!   `HashMap`'s own order is not the model's anyway, `map_views.rs`).
//!
//! From any other source (a program's collection, the program's own
//! `HashSet` into a list, a list into a set, which drops its duplicates)
//! the copy's size and elements are free: an assumption
//! ([`Explorer::beyond_model`]) the replay confirms, so refutations stay
//! proofs.

use super::cmv::St;
use super::explore::Explorer;
use super::keyed::value_keys;
use super::lists::list_keys;
use super::sequence::Effect;
use crate::jdk::collections::deques::{ARRAY_DEQUE, LINKED_LIST};
use crate::jdk::collections::keyed::{LINKED_MAP_CLASS, LINKED_SET_CLASS, MAP_CLASS, SET_CLASS};
use crate::jdk::collections::lists::LIST_CLASS;
use crate::jdk::collections::sorted::{TREE_MAP, TREE_SET};
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::FieldKey;

/// What a copy constructor makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CopyInto {
    /// `new ArrayList<>(Collection)`.
    List,
    /// `new HashSet<>(Collection)`.
    Set,
    /// `new HashMap<>(Map)`.
    Map,
}

impl CopyInto {
    /// The source classes whose sequence the copy is, exactly.
    fn exact_sources(self) -> &'static [&'static str] {
        match self {
            CopyInto::List => &[
                LIST_CLASS,
                ARRAY_DEQUE,
                LINKED_LIST,
                LINKED_SET_CLASS,
                TREE_SET,
            ],
            CopyInto::Set => &[SET_CLASS, LINKED_SET_CLASS, TREE_SET],
            CopyInto::Map => &[MAP_CLASS, LINKED_MAP_CLASS, TREE_MAP],
        }
    }
}

impl Explorer<'_> {
    /// Collection `c`, new, made by copy constructor `into` from `src`.
    pub(super) fn collection_copy(
        &mut self,
        st: &mut St,
        into: CopyInto,
        (c, src): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        // A null source throws NullPointerException.
        out.push(self.terms.ne(src, zero));
        let exact = self.copies_exactly(st, into, src, out);
        let keys = self.sequence_before(st, &list_keys(), c, out);
        let len_src = self.list_size(st, src, out);
        let free_len = self.fresh("copied-size", Sort::Bv(32));
        out.push(self.terms.cmp(BvCmp::Sge, free_len, zero));
        let open = self.terms.not(exact);
        out.push(self.beyond_model(open, free_len));
        let new_len = self.terms.ite(exact, len_src, free_len);
        self.copied_cells(st, &keys, (src, exact), new_len, out);
        if into == CopyInto::Map {
            let values = self.sequence_before(st, &value_keys(), c, out);
            self.copied_cells(st, &values, (src, exact), new_len, out);
        }
    }

    /// Whether the sequence of `src` is exactly what a copy `into` reads
    /// ([`CopyInto::exact_sources`]); an input `HashSet` copied into a list
    /// is then built in the model's order.
    fn copies_exactly(
        &mut self,
        st: &mut St,
        into: CopyInto,
        src: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let class = self.terms.select(st.mem.types, src);
        let mut cases: Vec<TermId> = Vec::new();
        for name in into.exact_sources() {
            if let Some(id) = self.universe.id(name) {
                let id = self.terms.int(id as i32);
                cases.push(self.terms.eq(class, id));
            }
        }
        if into == CopyInto::List {
            if let Some(id) = self.universe.id(SET_CLASS) {
                let zero = self.terms.int(0);
                let one = self.terms.int(1);
                let id = self.terms.int(id as i32);
                let input = self.terms.cmp(BvCmp::Sgt, src, zero);
                let hashed = self.terms.eq(class, id);
                let input_set = self.terms.and(vec![input, hashed]);
                let ordered = self.heap_array(st, FieldKey::set_ordered(), Sort::Array(32));
                let flag = self.terms.select(ordered, src);
                let linked = self.terms.eq(flag, one);
                out.push(self.terms.implies(input_set, linked));
                cases.push(input_set);
            }
        }
        self.terms.or(cases)
    }

    /// States the copy's cells of sequence effect `e`: the source's at the
    /// same index, or (not `exact`) a free element, and its length.
    fn copied_cells(
        &mut self,
        st: &mut St,
        e: &Effect,
        (src, exact): (TermId, TermId),
        new_len: TermId,
        out: &mut Vec<TermId>,
    ) {
        self.sequence_after(st, e, new_len, out, &mut |ex, _, cells, i, _| {
            let (copied, used) = ex.sequence_cell(cells, src, i);
            let free = ex.fresh("copied", Sort::Ref);
            (ex.terms.ite(exact, copied, free), vec![used])
        });
    }
}
