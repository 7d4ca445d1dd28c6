//! `java.util.Arrays.copyOf`, `copyOfRange`, `fill` and `equals` as
//! intrinsics (issue 16 item 3): one step each, exact on the normal path,
//! where their bytecode would be a loop (`fill`), a reflective allocation
//! (`copyOf` of a `T[]`) or a vectorized mismatch through `Unsafe`
//! (`equals`). Their exceptions (`NullPointerException`,
//! `NegativeArraySizeException`, `ArrayIndexOutOfBoundsException`,
//! `IllegalArgumentException`) are found in their bytecode
//! (`search/throws.rs`). As for `aastore`, storing into an `Object[]` whose
//! runtime component type the value does not fit (`ArrayStoreException`)
//! is left out of the normal path: more behaviours than the JVM has, so a
//! refutation still proves, and the replay checks reached states.

use crate::classfile::JType;
use crate::jdk::engine::{Engine, PathState};
use crate::jdk::methods::ArraysMethod;
use crate::model::term::{BvCmp, BvOp, TermId};
use crate::model::FieldKey;

/// `java.util.Arrays.copyOf`, `copyOfRange`, `fill` and `equals`.
pub trait ArraysMethods: Engine {
    /// Steps back over a call of `method` with `args` (the array first)
    /// and `result` (none for `fill`), at `index` of the caller.
    fn arrays_call(
        &mut self,
        st: &mut Self::State,
        method: ArraysMethod,
        params: &[(TermId, JType)],
        result: Option<TermId>,
        index: usize,
        out: &mut Vec<TermId>,
    ) {
        let (a, ty) = (params[0].0, &params[0].1);
        let elem = match ty {
            JType::Array(e) => (**e).clone(),
            _ => JType::Object("java/lang/Object".into()),
        };
        if method != ArraysMethod::Equals {
            out.push(self.non_null(a));
        }
        let len_a = self.array_length(st, a, out);
        let zero = self.terms().int(0);
        match (method, result) {
            (ArraysMethod::CopyOf, Some(r)) => {
                let n = params[1].0;
                out.push(self.terms().cmp(BvCmp::Sge, n, zero));
                self.copy(st, (a, len_a), (zero, n), (&elem, ty), (r, index), out);
            }
            (ArraysMethod::CopyOfRange, Some(r)) => {
                let (from, to) = (params[1].0, params[2].0);
                out.push(self.terms().cmp(BvCmp::Sge, from, zero));
                out.push(self.terms().cmp(BvCmp::Sle, from, len_a));
                out.push(self.terms().cmp(BvCmp::Sle, from, to));
                let n = self.terms().bin(BvOp::Sub, to, from);
                self.copy(st, (a, len_a), (from, n), (&elem, ty), (r, index), out);
            }
            (ArraysMethod::Fill, _) => {
                let v = params[1].0;
                self.fill(st, a, (zero, len_a), v, &elem, out);
            }
            (ArraysMethod::FillRange, _) => {
                let (from, to, v) = (params[1].0, params[2].0, params[3].0);
                out.push(self.terms().cmp(BvCmp::Sge, from, zero));
                out.push(self.terms().cmp(BvCmp::Sle, from, to));
                out.push(self.terms().cmp(BvCmp::Sle, to, len_a));
                self.fill(st, a, (from, to), v, &elem, out);
            }
            (ArraysMethod::Equals, Some(r)) => {
                // Either may be null: equals(null, null) is true.
                let b = params[1].0;
                let same = self.terms().eq(a, b);
                let a_null = self.terms().eq(a, zero);
                let b_null = self.terms().eq(b, zero);
                let either_null = self.terms().or(vec![a_null, b_null]);
                let len_b = self.array_length(st, b, out);
                let key = FieldKey::array_elements(&elem);
                let cells = self.cells(st, &key, &elem);
                let row_a = self.terms().row(cells, a, len_a);
                let row_b = self.terms().row(cells, b, len_b);
                let same_len = self.terms().eq(len_a, len_b);
                let same_rows = self.terms().eq(row_a, row_b);
                let contents = self.terms().and(vec![same_len, same_rows]);
                let one = self.terms().int(1);
                let by_contents = self.terms().ite(contents, one, zero);
                let not_same = self.terms().ite(either_null, zero, by_contents);
                let v = self.terms().ite(same, one, not_same);
                out.push(self.terms().eq(r, v));
            }
            // The descriptors give every method but fill a result.
            _ => unreachable!("{method:?} without a result"),
        }
    }

    /// `r`, made by the call at `index`, is a new array like `a` (of
    /// `a`'s class `ty`, of elements `elem`, `len_a` long) of `n`
    /// elements, the element at `i` being `a[from + i]` inside `a` and
    /// zero past it.
    fn copy(
        &mut self,
        st: &mut Self::State,
        (a, len_a): (TermId, TermId),
        (from, n): (TermId, TermId),
        (elem, ty): (&JType, &JType),
        (r, index): (TermId, usize),
        out: &mut Vec<TermId>,
    ) {
        let pc = st.site().pc(index);
        let descriptor = ty.descriptor();
        let class_of_a = self.terms().select(st.mem().types, a);
        self.allocated_with_type(st, r, class_of_a, &descriptor, pc, out);
        let len = self.array_length(st, r, out);
        out.push(self.terms().eq(len, n));
        let key = FieldKey::array_elements(elem);
        let width = crate::model::sort_width(elem);
        let zero_elem = self.terms().bv(0, width);
        self.redefine_elements(st, key, r, out, |ex, prior, i| {
            let at = ex.terms().bin(BvOp::Add, from, i);
            let inside = ex.terms().cmp(BvCmp::Slt, at, len_a);
            let source = ex.terms().cell(a, at);
            let copied = ex.terms().select(prior, source);
            (ex.terms().ite(inside, copied, zero_elem), vec![source])
        });
    }

    /// The elements of `a` from `from` (inclusive) to `to` (exclusive) are
    /// `v`; the others keep their values.
    fn fill(
        &mut self,
        st: &mut Self::State,
        a: TermId,
        (from, to): (TermId, TermId),
        v: TermId,
        elem: &JType,
        out: &mut Vec<TermId>,
    ) {
        let key = FieldKey::array_elements(elem);
        let stored = crate::model::inputs::narrow(self.terms(), elem, v);
        self.redefine_elements(st, key, a, out, |ex, prior, i| {
            let low = ex.terms().cmp(BvCmp::Sge, i, from);
            let high = ex.terms().cmp(BvCmp::Slt, i, to);
            let filled = ex.terms().and(vec![low, high]);
            let cell = ex.terms().cell(a, i);
            let kept = ex.terms().select(prior, cell);
            (ex.terms().ite(filled, stored, kept), vec![cell])
        });
    }
}

impl<E: Engine + ?Sized> ArraysMethods for E {}
