//! The copy constructors of the modelled collections (issue 36; JDK 17
//! API): `new ArrayList<>(c)`, `new HashSet<>(c)`, `new LinkedHashSet<>(c)`,
//! `new HashMap<>(m)` and `new LinkedHashMap<>(m)` hold the elements (keys
//! and values) of their argument, which every modelled collection keeps in
//! the lists' arrays (`lists.rs`, `keyed.rs`), so the copy is the source's
//! sequence: its length and a cell per index a later read uses
//! ([`super::sequence`]).
//!
//! Exact when the source's sequence is what the constructor reads, in the
//! order it reads it:
//! - a list or a linked set or map copies the source in its iteration
//!   order: a list, a deque, a linked or sorted set or map, or an input
//!   `HashSet` or `HashMap` (which the test then builds in the model's
//!   order, [`FieldKey::set_ordered`]) — a linked set only from a set, so
//!   no duplicate is dropped;
//! - a set copies a set and a map a map, in any order (a `HashSet`'s and
//!   `HashMap`'s own order is not the model's anyway, `map_views.rs`);
//! - a map's `keySet()` or `values()` (`map_views.rs`: a view names its
//!   map) is read as its map's keys or values: into a list or a linked
//!   set in the map's iteration order as above, a key set into a set in
//!   any order (`new ArrayList<>(map.values())`, `new HashSet<>(m.keySet())`).
//!
//! From any other source (a program's collection, the program's own
//! `HashSet` into a list, a list or a map's values into a set, which drop
//! duplicates, an `entrySet()`) the copy's size and elements are free: an
//! assumption ([`Explorer::beyond_model`]) the replay confirms, so
//! refutations stay proofs.

use super::cmv::St;
use super::explore::Explorer;
use super::keyed::{value_keys, LOOKED_UP_DISTINCT};
use super::lists::list_keys;
use super::sequence::Effect;
use super::unsupported::Unsupported;
use crate::jdk::collections::deques::{ARRAY_DEQUE, LINKED_LIST};
use crate::jdk::collections::keyed::{LINKED_MAP_CLASS, LINKED_SET_CLASS, MAP_CLASS, SET_CLASS};
use crate::jdk::collections::lists::LIST_CLASS;
use crate::jdk::collections::sorted::{TREE_MAP, TREE_SET};
use crate::jdk::collections::views::{KEY_SET, VALUES};
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
    /// `new LinkedHashSet<>(Collection)`.
    LinkedSet,
    /// `new LinkedHashMap<>(Map)`.
    LinkedMap,
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
            CopyInto::LinkedSet => &[LINKED_SET_CLASS, TREE_SET],
            CopyInto::LinkedMap => &[LINKED_MAP_CLASS, TREE_MAP],
        }
    }

    /// The hashed class whose input the copy reads in the model's order
    /// (the test then builds it so): an input `HashSet` into a list or a
    /// linked set, an input `HashMap` into a linked map.
    fn ordered_input(self) -> Option<&'static str> {
        match self {
            CopyInto::List | CopyInto::LinkedSet => Some(SET_CLASS),
            CopyInto::LinkedMap => Some(MAP_CLASS),
            CopyInto::Set | CopyInto::Map => None,
        }
    }

    /// Whether the copy is a map (it copies values too).
    fn is_map(self) -> bool {
        matches!(self, CopyInto::Map | CopyInto::LinkedMap)
    }
}

/// The classes of the modelled sets and maps, whose keys are unequal.
const KEYED: &[&str] = &[
    SET_CLASS,
    LINKED_SET_CLASS,
    TREE_SET,
    MAP_CLASS,
    LINKED_MAP_CLASS,
    TREE_MAP,
];

/// Where a copy reads its elements: the sequence's owner (the source, or
/// the map of a key set or values view), whether they are the owner's
/// values, and whether the copy is exact.
struct CopySource {
    owner: TermId,
    values: Option<TermId>,
    exact: TermId,
}

impl Explorer<'_> {
    /// Collection `c`, new, made by copy constructor `into` from `src`.
    pub(super) fn collection_copy(
        &mut self,
        st: &mut St,
        into: CopyInto,
        (c, src): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let zero = self.terms.int(0);
        // A null source throws NullPointerException.
        out.push(self.terms.ne(src, zero));
        let source = self.copy_source(st, into, src, out);
        let keys = self.sequence_before(st, &list_keys(), c, out);
        // An input set or map copied has unequal first keys, as a real one
        // has; labeling keeps the others apart (as for a lookup, `keyed.rs`).
        let keyed = self.class_among(st, source.owner, KEYED);
        let keyed = self.terms.or(keyed);
        let input = self.terms.cmp(BvCmp::Sgt, source.owner, zero);
        let input_keyed = self.terms.and(vec![source.exact, input, keyed]);
        self.distinct_keys(st, (source.owner, LOOKED_UP_DISTINCT), input_keyed, out)?;
        let len_src = self.list_size(st, source.owner, out);
        let free_len = self.fresh("copied-size", Sort::Bv(32));
        out.push(self.terms.cmp(BvCmp::Sge, free_len, zero));
        let open = self.terms.not(source.exact);
        out.push(self.beyond_model(open, free_len));
        let new_len = self.terms.ite(source.exact, len_src, free_len);
        self.copied_cells(st, &keys, &source, new_len, out);
        if into.is_map() {
            let values = self.sequence_before(st, &value_keys(), c, out);
            // A map is copied from a map: the same index of its values.
            self.copied_cells(st, &values, &source, new_len, out);
        }
        Ok(())
    }

    /// What a copy `into` from `src` reads: `src` itself when its class
    /// is one whose sequence the copy reads ([`Explorer::copies_exactly`]),
    /// else a view's map ([`Explorer::view_copied`]), else nothing exact.
    fn copy_source(
        &mut self,
        st: &mut St,
        into: CopyInto,
        src: TermId,
        out: &mut Vec<TermId>,
    ) -> CopySource {
        let direct = self.copies_exactly(st, into, src, out);
        let Some((view, map, values)) = self.view_copied(st, into, src, out) else {
            return CopySource {
                owner: src,
                values: None,
                exact: direct,
            };
        };
        CopySource {
            owner: self.terms.ite(view, map, src),
            values: Some(values),
            exact: self.terms.or(vec![direct, view]),
        }
    }

    /// Whether the sequence of `src` is exactly what a copy `into` reads
    /// ([`CopyInto::exact_sources`]); an input `HashSet` or `HashMap`
    /// copied in its order ([`CopyInto::ordered_input`]) is then built in
    /// the model's order.
    fn copies_exactly(
        &mut self,
        st: &mut St,
        into: CopyInto,
        src: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let mut cases = self.class_among(st, src, into.exact_sources());
        if let Some(hashed) = into.ordered_input() {
            let always = self.terms.bool(true);
            cases.push(self.ordered_input(st, (src, hashed), always, out));
        }
        self.terms.or(cases)
    }

    /// For a copy that may read a map's view: whether `src` is a key set
    /// or values view the path made whose map's elements the copy reads
    /// exactly, that map, and whether they are its values. `None` when
    /// the path makes no view or the copy is of a map.
    fn view_copied(
        &mut self,
        st: &mut St,
        into: CopyInto,
        src: TermId,
        out: &mut Vec<TermId>,
    ) -> Option<(TermId, TermId, TermId)> {
        if into.is_map() || (self.universe.id(KEY_SET), self.universe.id(VALUES)) == (None, None) {
            return None;
        }
        let zero = self.terms.int(0);
        // Views are made by the path (`map_views.rs`), never inputs.
        let own = self.terms.cmp(BvCmp::Slt, src, zero);
        let keys = self.class_among(st, src, &[KEY_SET]);
        let keys = self.terms.or(keys);
        let values = self.class_among(st, src, &[VALUES]);
        let values = self.terms.or(values);
        let map = self.iterator_at(st, src).0;
        let view = match into {
            // Any map's keys are a set; its values may repeat.
            CopyInto::Set => keys,
            // The map's iteration order.
            _ => {
                let read = match into {
                    CopyInto::List => self.terms.or(vec![keys, values]),
                    _ => keys,
                };
                let mut ordered = self.class_among(st, map, &[LINKED_MAP_CLASS, TREE_MAP]);
                let read_own = self.terms.and(vec![own, read]);
                ordered.push(self.ordered_input(st, (map, MAP_CLASS), read_own, out));
                let ordered = self.terms.or(ordered);
                self.terms.and(vec![read, ordered])
            }
        };
        Some((self.terms.and(vec![own, view]), map, values))
    }

    /// Whether the class of `o` is one of `classes` (those of the
    /// universe), one case per class.
    fn class_among(&mut self, st: &St, o: TermId, classes: &[&str]) -> Vec<TermId> {
        let class = self.terms.select(st.mem.types, o);
        let mut cases = Vec::new();
        for name in classes {
            if let Some(id) = self.universe.id(name) {
                let id = self.terms.int(id as i32);
                cases.push(self.terms.eq(class, id));
            }
        }
        cases
    }

    /// Whether `o` is an input of class `hashed`; if so, and `when`
    /// holds, its test builds it in the model's order
    /// ([`FieldKey::set_ordered`]).
    fn ordered_input(
        &mut self,
        st: &mut St,
        (o, hashed): (TermId, &str),
        when: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let input = self.terms.cmp(BvCmp::Sgt, o, zero);
        let of_class = self.class_among(st, o, &[hashed]);
        let of_class = self.terms.or(of_class);
        let input_hashed = self.terms.and(vec![input, of_class]);
        let ordered = self.heap_array(st, FieldKey::set_ordered(), Sort::Array(32));
        let flag = self.terms.select(ordered, o);
        let linked = self.terms.eq(flag, one);
        let ordered_here = self.terms.and(vec![when, input_hashed]);
        out.push(self.terms.implies(ordered_here, linked));
        input_hashed
    }

    /// States the copy's cells of sequence effect `e`: the source's at the
    /// same index (its owner's keys, or values where `values` holds), or
    /// (not exact) a free element, and its length.
    fn copied_cells(
        &mut self,
        st: &mut St,
        e: &Effect,
        source: &CopySource,
        new_len: TermId,
        out: &mut Vec<TermId>,
    ) {
        let &CopySource {
            owner,
            values,
            exact,
        } = source;
        self.sequence_after(st, e, new_len, out, &mut |ex, st, cells, i, _| {
            let (key, used) = ex.sequence_cell(cells, owner, i);
            let copied = match values {
                Some(values) => {
                    let value = ex.map_value(st, owner, i);
                    ex.terms.ite(values, value, key)
                }
                None => key,
            };
            let free = ex.fresh("copied", Sort::Ref);
            (ex.terms.ite(exact, copied, free), vec![used])
        });
    }
}
