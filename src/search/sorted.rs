//! `java.util.TreeMap` and `java.util.TreeSet` as the search models them
//! (issue 36; which methods: [`crate::jdk::collections::sorted`]): the
//! keyed model of `keyed.rs` whose sequence of keys is strictly ascending
//! in their natural order (`Comparable.compareTo`: strings by their
//! characters, as `String.compareTo`; boxes of integral values by value,
//! `Character` and `Boolean` unsigned; any other pair of objects a free
//! answer the model does not follow, [`Explorer::beyond_model`]). So a
//! sorted collection's iteration is its sequence, `first` its index 0,
//! `last` its last index, `floor`/`ceiling`/`lower`/`higher` a neighbour
//! among its first keys (the lookups' scan bound), and `put`/`add`
//! insert where the order puts the new key (`java.util.SortedMap`,
//! `java.util.NavigableMap`, JDK 17 API).
//!
//! The order is a fact of every `TreeMap` the program makes with
//! `new TreeMap<>()`: asserted as it is. An input's keys are in their
//! natural order only if it was made without a `Comparator` — as the test
//! makes it (`new TreeMap<>(Map.of(…))`) but not every caller: for an
//! input the order's facts are a bounded condition
//! ([`Bound::NaturalOrder`]), which the states found keep and a path
//! refuted only under it is cut, never refuted.

use super::cmv::{Flow, St};
use super::explore::Explorer;
use super::lists::SCAN;
use super::throws::Catch;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::collections::sorted::{End, Nearest};
use crate::jdk::strings::prelude::StringMemory;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::reason::Bound;

/// Characters of two string keys the order compares one by one: when
/// both are longer and agree in them, the answer is free (beyond the
/// model). The order is asserted between several pairs of keys at every
/// call, which a string's full followed length makes slow to solve (an
/// `Integer`-keyed `floorKey` took twice as long with 16).
const KEY_CHARS: i32 = 6;

impl Explorer<'_> {
    /// Asserts `fact`, a consequence of sorted collection `c`'s order: as
    /// it is for the program's own, under [`Bound::NaturalOrder`] for an
    /// input.
    fn order_fact(&mut self, st: &mut St, c: TermId, fact: TermId, out: &mut Vec<TermId>) {
        let zero = self.terms.int(0);
        let own = self.terms.cmp(BvCmp::Slt, c, zero);
        out.push(self.terms.implies(own, fact));
        let input = self.terms.cmp(BvCmp::Sgt, c, zero);
        let bounded = self.terms.implies(input, fact);
        st.bounded.push((bounded, Bound::NaturalOrder));
    }

    /// The first keys of sorted collection `c` (as many as a lookup
    /// compares) are non-null and strictly ascending at this point.
    pub(super) fn sorted_keys(
        &mut self,
        st: &mut St,
        c: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let len = self.list_size(st, c, out);
        let zero = self.terms.int(0);
        let mut facts = Vec::new();
        let mut previous: Option<TermId> = None;
        for j in 0..SCAN {
            let jt = self.terms.int(j as i32);
            let present = self.terms.cmp(BvCmp::Slt, jt, len);
            let k = self.list_element(st, c, jt);
            let non_null = self.terms.ne(k, zero);
            // A natural order refuses null (NullPointerException).
            out.push(self.terms.implies(present, non_null));
            if let Some(p) = previous {
                let less = self.natural_less(st, p, k, out)?;
                facts.push(self.terms.implies(present, less));
            }
            previous = Some(k);
        }
        let fact = self.terms.and(facts);
        self.order_fact(st, c, fact, out);
        // The order is asserted among the first keys only: the states
        // found keep within them, so that every key a state holds is in
        // order.
        let max = self.terms.int(SCAN as i32);
        let within = self.terms.cmp(BvCmp::Sle, len, max);
        st.bounded
            .push((within, Bound::CollectionScan { max: SCAN }));
        Ok(())
    }

    /// The index at which key `x`, absent from sorted collection `c`, goes:
    /// how many of its keys are less — counted among its first keys, any
    /// index of it past them.
    pub(super) fn insertion_index(
        &mut self,
        st: &mut St,
        c: TermId,
        x: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let len = self.list_size(st, c, out);
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let mut count = zero;
        for j in 0..SCAN {
            let jt = self.terms.int(j as i32);
            let present = self.terms.cmp(BvCmp::Slt, jt, len);
            let k = self.list_element(st, c, jt);
            let less = self.natural_less(st, k, x, out)?;
            let counted = self.terms.and(vec![present, less]);
            let plus = self.terms.bin(BvOp::Add, count, one);
            count = self.terms.ite(counted, plus, count);
        }
        let at = self.fresh("insertion-index", Sort::Bv(32));
        out.push(self.terms.cmp(BvCmp::Sge, at, zero));
        out.push(self.terms.cmp(BvCmp::Sle, at, len));
        let max = self.terms.int(SCAN as i32);
        let within = self.terms.cmp(BvCmp::Sle, len, max);
        let counted = self.terms.eq(at, count);
        let fact = self.terms.implies(within, counted);
        self.order_fact(st, c, fact, out);
        Ok(at)
    }

    /// `first()`, `last()`, `firstKey()`, `lastKey()` of sorted collection
    /// `c` on its normal path: the key at its `end`, which must exist.
    pub(super) fn sorted_end(
        &mut self,
        st: &mut St,
        c: TermId,
        end: End,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        let len = self.list_size(st, c, out);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sgt, len, zero));
        let at = match end {
            End::First => zero,
            End::Last => {
                let one = self.terms.int(1);
                self.terms.bin(BvOp::Sub, len, one)
            }
        };
        let k = self.list_element(st, c, at);
        out.push(self.terms.eq(r, k));
    }

    /// The exception path of `first()`, `last()`, `firstKey()`,
    /// `lastKey()` (whose bytecode reads the tree the model does not
    /// have): the call at `index` (state `before_call`, its receiver on
    /// the stack) on an empty collection raised `exc`, a new
    /// `NoSuchElementException`, if `catch` takes one.
    pub(super) fn empty_end_raises(
        &mut self,
        before_call: &St,
        (pending, dispatch): (&[TermId], Option<TermId>),
        index: usize,
        (exc, catch): (TermId, &Catch),
    ) -> Flow {
        const NO_SUCH_ELEMENT: &str = "java/util/NoSuchElementException";
        if self.class_fits(NO_SUCH_ELEMENT, catch) == Some(false) {
            return Flow::Exhausted;
        }
        let flow = self.try_choice(|ex| {
            let mut st = before_call.clone();
            let Some(&c) = st.top().stack.last() else {
                return Flow::Exhausted;
            };
            let mut p = pending.to_vec();
            p.extend(dispatch);
            p.push(ex.non_null(c));
            let len = ex.list_size(&mut st, c, &mut p);
            let zero = ex.terms.int(0);
            p.push(ex.terms.eq(len, zero));
            let pc = st.top().m.code().instructions[index].pc;
            match ex.allocate_exception(&mut st, NO_SUCH_ELEMENT, exc, pc) {
                Ok(cs) => p.extend(cs),
                Err(cut) => {
                    ex.cut(cut);
                    return Flow::Exhausted;
                }
            }
            ex.dfs(st, p)
        });
        flow.unwrap_or(Flow::Exhausted)
    }

    /// `floor(x)`, `ceiling(x)`, `lower(x)`, `higher(x)` (and a map's
    /// `…Key(x)`) of sorted collection `c`: the greatest key below `x` or
    /// the least above it (`nearest` says which, and whether `x` itself
    /// counts), else null — found among its first keys (a bounded
    /// condition), free past them.
    pub(super) fn sorted_nearest(
        &mut self,
        st: &mut St,
        (c, nearest): (TermId, Nearest),
        x: TermId,
        r: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let zero = self.terms.int(0);
        // A natural order refuses null (NullPointerException).
        out.push(self.terms.ne(x, zero));
        let len = self.list_size(st, c, out);
        let mut found = zero;
        let order: Vec<usize> = match nearest.below() {
            // The greatest qualifying key: the last one met in order.
            true => (0..SCAN).collect(),
            false => (0..SCAN).rev().collect(),
        };
        for j in order {
            let jt = self.terms.int(j as i32);
            let present = self.terms.cmp(BvCmp::Slt, jt, len);
            let k = self.list_element(st, c, jt);
            // In a total order `k <= x` is `!(x < k)`.
            let (lo, hi) = match nearest.below() != nearest.inclusive() {
                true => (k, x),
                false => (x, k),
            };
            let less = self.natural_less(st, lo, hi, out)?;
            let qualifies = match nearest.inclusive() {
                true => self.terms.not(less),
                false => less,
            };
            let here = self.terms.and(vec![present, qualifies]);
            found = self.terms.ite(here, k, found);
        }
        let max = self.terms.int(SCAN as i32);
        let within = self.terms.cmp(BvCmp::Sle, len, max);
        st.bounded
            .push((within, Bound::CollectionScan { max: SCAN }));
        let exact = self.terms.eq(r, found);
        let fact = self.terms.implies(within, exact);
        self.order_fact(st, c, fact, out);
        Ok(())
    }

    /// The condition `a < b` in the natural order (`a.compareTo(b) < 0`)
    /// of two keys: strings by their characters, boxes of the same class
    /// by value; any other pair a free answer beyond the model.
    pub(super) fn natural_less(
        &mut self,
        st: &mut St,
        a: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let class_a = self.terms.select(st.mem.types, a);
        let class_b = self.terms.select(st.mem.types, b);
        let mut known = Vec::new();
        let mut cases = Vec::new();
        if let Some(sid) = self.universe.id("java/lang/String") {
            let sid = self.terms.int(sid as i32);
            let a_text = self.terms.eq(class_a, sid);
            let b_text = self.terms.eq(class_b, sid);
            let both = self.terms.and(vec![a_text, b_text]);
            let (less, open) = self.texts_less(st, a, b, out);
            let closed = self.terms.not(open);
            let exact = self.terms.and(vec![both, closed]);
            known.push(exact);
            cases.push((exact, less));
        }
        for pair in self.box_pairs(st, a, b) {
            let both = self.terms.and(vec![pair.a_is, pair.b_is]);
            let cmp = match pair.ty {
                JType::Char | JType::Boolean => BvCmp::Ult,
                _ => BvCmp::Slt,
            };
            known.push(both);
            cases.push((both, self.terms.cmp(cmp, pair.va, pair.vb)));
        }
        // Any other pair: a program's own compareTo, or two classes a
        // natural order cannot compare (ClassCastException).
        let one = self.terms.int(1);
        let free = self.fresh("natural-less", Sort::Bv(32));
        let mut less = self.terms.eq(free, one);
        let is_known = self.terms.or(known);
        let open = self.terms.not(is_known);
        out.push(self.beyond_model(open, free));
        for (case, v) in cases.into_iter().rev() {
            less = self.terms.ite(case, v, less);
        }
        Ok(less)
    }

    /// `a.compareTo(b) < 0` for strings `a` and `b` (`String.compareTo`:
    /// the first differing character, else the shorter), and whether the
    /// answer lies past the [`KEY_CHARS`] characters it compares (open):
    /// both strings longer, and equal in those.
    fn texts_less(
        &mut self,
        st: &mut St,
        a: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let len_a = self.string_length(st, a, out);
        let len_b = self.string_length(st, b, out);
        let shorter = self.terms.cmp(BvCmp::Slt, len_a, len_b);
        let lim = self.terms.ite(shorter, len_a, len_b);
        let mut less = shorter;
        let mut differ_somewhere = Vec::new();
        for k in (0..KEY_CHARS).rev() {
            let kt = self.terms.int(k);
            let inside = self.terms.cmp(BvCmp::Slt, kt, lim);
            let c = self.string_char(st, a, kt, out);
            let d = self.string_char(st, b, kt, out);
            let differ = self.terms.ne(c, d);
            let first = self.terms.and(vec![inside, differ]);
            differ_somewhere.push(first);
            let below = self.terms.cmp(BvCmp::Ult, c, d);
            less = self.terms.ite(first, below, less);
        }
        let most = self.terms.int(KEY_CHARS);
        let longer = self.terms.cmp(BvCmp::Sgt, lim, most);
        let differ = self.terms.or(differ_somewhere);
        let same_start = self.terms.not(differ);
        let open = self.terms.and(vec![longer, same_start]);
        (less, open)
    }
}
