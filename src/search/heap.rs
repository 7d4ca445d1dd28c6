//! The heap of the CMV as the backward rules use it (JAUT ISSRE 2010 §IV):
//! one array per field, created the first time a path (read backward) meets
//! the field; objects allocated on the path, negative and distinct from
//! every other; arrays (JVMS §6.5 `newarray`, `anewarray`, `arraylength`,
//! `*aload`, `*astore`) as a length per array and element cells keyed by
//! (array, index). A whole-array effect is stated cell by cell, for the
//! cells the rest of the path reads.

use super::cmv::St;
use super::explore::Explorer;
use crate::classfile::bytecode::Instruction;
use crate::classfile::JType;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::{Alloc, FieldKey};

impl Explorer<'_> {
    /// `r` is an object allocated at `pc`, of the class with id `class_id`:
    /// negative, distinct from every other allocation of the path.
    pub(super) fn allocated(
        &mut self,
        st: &mut St,
        r: TermId,
        class_id: u32,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        let idc = self.terms.int(class_id as i32);
        self.allocated_with_type(st, r, idc, class, pc, out);
    }

    /// `r` is a new object of `class`, made by the call at `index` of the
    /// top method (a JDK method modelled by an intrinsic).
    pub(super) fn allocated_by_call(
        &mut self,
        st: &mut St,
        class: &str,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), super::unsupported::Unsupported> {
        let id = self
            .universe
            .id(class)
            .ok_or_else(|| super::unsupported::Unsupported::NotInUniverse(class.to_string()))?;
        let pc = st.top().m.code().instructions[index].pc;
        self.allocated(st, r, id, class, pc, out);
        Ok(())
    }

    /// [`Explorer::allocated`], with the class id a term (the class of
    /// another object: `Arrays.copyOf` of a `T[]` makes a `T[]`).
    pub(super) fn allocated_with_type(
        &mut self,
        st: &mut St,
        r: TermId,
        idc: TermId,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Slt, r, zero));
        for a in st.mem.allocs.clone() {
            out.push(self.terms.ne(r, a.term));
        }
        let t = self.terms.select(st.mem.types, r);
        out.push(self.terms.eq(t, idc));
        st.mem.allocs.push(Alloc {
            term: r,
            class: class.to_string(),
            pc,
            cached: None,
        });
    }

    /// After a store `after = prior{k := v}`, every cell read from `after`
    /// is also a cell of `prior` that earlier effects may define.
    pub(super) fn carry_reads(&mut self, st: &mut St, after: TermId, prior: TermId) {
        let carried: Vec<(TermId, TermId)> = st
            .mem
            .cell_reads
            .iter()
            .filter(|(c, _)| *c == after)
            .map(|&(_, k)| (prior, k))
            .collect();
        st.mem.cell_reads.extend(carried);
    }

    /// States a whole-array effect `after = f(prior)` cell by cell, for the
    /// cells read from `after`: `value(k)` is the cell's content in terms of
    /// `prior`, with the `prior` cells it reads.
    pub(super) fn redefine_cells(
        &mut self,
        st: &mut St,
        after: TermId,
        prior: TermId,
        out: &mut Vec<TermId>,
        mut value: impl FnMut(&mut Self, TermId) -> (TermId, Vec<TermId>),
    ) {
        self.redefine_cells_with(st, after, prior, out, |ex, _, k| value(ex, k));
    }

    /// [`Explorer::redefine_cells`] for an effect whose cells read the
    /// state (a string's characters).
    pub(super) fn redefine_cells_with(
        &mut self,
        st: &mut St,
        after: TermId,
        prior: TermId,
        out: &mut Vec<TermId>,
        mut value: impl FnMut(&mut Self, &mut St, TermId) -> (TermId, Vec<TermId>),
    ) {
        let reads: Vec<TermId> = st
            .mem
            .cell_reads
            .iter()
            .filter(|(c, _)| *c == after)
            .map(|&(_, k)| k)
            .collect();
        for k in reads {
            let (v, used) = value(self, st, k);
            let read = self.terms.select(after, k);
            out.push(self.terms.eq(read, v));
            for u in used {
                st.mem.cell_reads.push((prior, u));
            }
        }
    }

    /// An effect on the elements of array `owner` (cells of `key`), stated
    /// backward: a cell of `owner` at index `i` holds `value(prior, i)`
    /// after the effect, every other cell keeps its value. `value` returns
    /// the prior cells it reads too.
    pub(super) fn redefine_elements(
        &mut self,
        st: &mut St,
        key: FieldKey,
        owner: TermId,
        out: &mut Vec<TermId>,
        mut value: impl FnMut(&mut Self, TermId, TermId) -> (TermId, Vec<TermId>),
    ) {
        let Some(&after) = st.mem.fields.get(&key) else {
            return;
        };
        let sort = self.terms.sort(after);
        let prior = self.fresh(&format!("{key}"), sort);
        self.redefine_cells(st, after, prior, out, |ex, k| {
            let of = ex.terms.extract(63, 32, k);
            let mine = ex.terms.eq(of, owner);
            let index = ex.terms.extract(31, 0, k);
            let (v, mut used) = value(ex, prior, index);
            let kept = ex.terms.select(prior, k);
            used.push(k);
            (ex.terms.ite(mine, v, kept), used)
        });
        st.mem.fields.insert(key, prior);
    }

    /// The heap array of `key` at this point of the path: the one the
    /// path already has, else a fresh one (unconstrained: nothing later on
    /// the path wrote it).
    pub(super) fn heap_array(&mut self, st: &mut St, key: FieldKey, sort: Sort) -> TermId {
        if let Some(&a) = st.mem.fields.get(&key) {
            return a;
        }
        let a = self.fresh(&key.to_string(), sort);
        st.mem.fields.insert(key, a);
        a
    }

    /// The length of `x` in the (immutable) lengths of `key`: never
    /// negative.
    pub(super) fn length_in(
        &mut self,
        st: &mut St,
        key: FieldKey,
        x: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let lengths = self.heap_array(st, key, Sort::Array(32));
        let len = self.terms.select(lengths, x);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, len, zero));
        len
    }

    /// The length of array `a` (never negative).
    pub(super) fn array_length(&mut self, st: &mut St, a: TermId, out: &mut Vec<TermId>) -> TermId {
        self.length_in(st, FieldKey::array_length(), a, out)
    }

    /// The normal path of an element access: `a` is not null and `i` is
    /// an index of it.
    pub(super) fn in_bounds(&mut self, st: &mut St, a: TermId, i: TermId, out: &mut Vec<TermId>) {
        out.push(self.non_null(a));
        let len = self.array_length(st, a, out);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, i, zero));
        out.push(self.terms.cmp(BvCmp::Slt, i, len));
    }

    /// The cells holding the elements of arrays of type `elem[]` at this
    /// point of the path.
    pub(super) fn cells(&mut self, st: &mut St, key: &FieldKey, elem: &JType) -> TermId {
        self.heap_array(st, key.clone(), crate::model::cells_sort(elem))
    }

    /// `r` is a new array of `count` elements of type `elem`, all zero.
    pub(super) fn allocate_array(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        r: TermId,
        count: TermId,
        elem: &JType,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, count, zero));
        let descriptor = JType::Array(Box::new(elem.clone())).descriptor();
        let id = self.universe.array_id(&descriptor);
        self.allocated(st, r, id, &descriptor, insn.pc, out);
        let len = self.array_length(st, r, out);
        out.push(self.terms.eq(len, count));
        let width = sort_width(elem);
        let zero_elem = self.terms.bv(0, width);
        let key = FieldKey::array_elements(elem);
        self.redefine_elements(st, key, r, out, |_, _, _| (zero_elem, Vec::new()));
    }
}

pub(super) use crate::model::sort_width;
