//! References as Z3 integers.
//!
//! The search only compares references (`==`, `null`, the sign that tells
//! an input object from one the path allocated) and uses them as the
//! indices of the heap's arrays, so the solver holds a term of sort
//! [`Sort::Ref`] as a Z3 integer, and a heap array (`Sort::Array`,
//! `Sort::RefArray`) as an array from integers. With 32-bit vectors Z3
//! made 32 propositional bits for every reference it compared or indexed
//! with, as it internalized each assertion; deleteEntry's checks, the
//! slowest of Fig. 5, are nearly all of that kind (docs/search.md).
//!
//! Constants stay 32-bit values in the term language (`null` is `0`), so
//! lowering meets references and bit-vectors side by side: `p == null`,
//! `c ? null : r`, a reference stored in an `Object[]` cell. Where the
//! two meet, both sides are taken as integers: a constant as its signed
//! value, an `ite` branch by branch; any other bit-vector by a signed
//! `bv2int`, and a reference Z3 must compute with as bits by `int2bv` —
//! both exact, only slower, and rare (the classes' `Class` objects, a
//! reference in an array's cells).
//!
//! Why no refutation changes: every model of the bit-vector reading is a
//! model of the integer one (each reference its signed value; `int2bv`
//! of a signed value gives back its bits, a signed `bv2int` the value),
//! so a formula Z3 refutes over integers has no bit-vector model either.
//! The converse needs references within `[-2^31, 2^31)`, which a model
//! may leave: such a model can only give a state that the replay then
//! refutes, never a wrong "unreachable" (a reference is read back as its
//! low 32 bits, [`Solver::value`]).

use z3::ast::{Array, Ast, Dynamic, Int, BV};
use z3::{FuncDecl, Sort as ZSort, SortKind};

use super::Solver;
use crate::model::term::{signed, Node, Sort, TermId, Terms};

impl Solver {
    /// `t` as a 32- or 64-bit vector (a reference by `int2bv`).
    pub(super) fn bv(&mut self, terms: &Terms, t: TermId) -> BV {
        let d = self.lower(terms, t);
        match d.as_int() {
            Some(i) => BV::from_int(&i, 32),
            None => d.as_bv().expect("a bit-vector term"),
        }
    }

    /// `t` as an integer: a reference as it is, a 32-bit value as its
    /// signed value.
    pub(super) fn int(&mut self, terms: &Terms, t: TermId) -> Int {
        let i = t.0 as usize;
        if let Some(Some(v)) = self.ints.get(i) {
            return v.clone();
        }
        let v = match terms.node(t) {
            Node::Bv(v, 32) => Int::from_i64(signed(*v, 32)),
            &Node::Ite(c, a, b) if terms.sort(t) != Sort::Ref => {
                let c = self.lower_bool(terms, c);
                let (x, y) = (self.int(terms, a), self.int(terms, b));
                c.ite(&x, &y)
            }
            _ => {
                let d = self.lower(terms, t);
                match d.as_int() {
                    Some(v) => v,
                    None => Int::from_bv(&d.as_bv().expect("a bit-vector term"), true),
                }
            }
        };
        if self.ints.len() <= i {
            self.ints.resize(i + 1, None);
        }
        self.ints[i] = Some(v.clone());
        v
    }

    /// `a` and `b` lowered to one sort: integers when either is a
    /// reference (an equality, the branches of an `ite`).
    pub(super) fn alike(&mut self, terms: &Terms, a: TermId, b: TermId) -> (Dynamic, Dynamic) {
        let (x, y) = (self.lower(terms, a), self.lower(terms, b));
        if is_int(&x) == is_int(&y) {
            return (x, y);
        }
        let (x, y) = (self.int(terms, a), self.int(terms, b));
        (Dynamic::from_ast(&x), Dynamic::from_ast(&y))
    }

    /// Whether `a` or `b` is lowered as an integer.
    pub(super) fn either_ref(&mut self, terms: &Terms, a: TermId, b: TermId) -> bool {
        is_int(&self.lower(terms, a)) || is_int(&self.lower(terms, b))
    }

    /// Predicate `p` applied to `a`. A predicate is declared on its first
    /// application, over the sort of that argument (references, or 32-bit
    /// values); a later argument is fitted to it.
    pub(super) fn apply_pred(&mut self, terms: &Terms, p: usize, a: TermId) -> Dynamic {
        if self.preds.len() <= p {
            self.preds.resize_with(p + 1, || None);
        }
        if self.preds[p].is_none() {
            let name = terms.pred_name(crate::model::term::PredId(p as u32));
            self.witness.declare(name);
            let domain = self.lower(terms, a).get_sort();
            let f = FuncDecl::new(name, &[&domain], &ZSort::bool());
            self.preds[p] = Some((f, domain));
        }
        debug_assert_eq!(
            self.preds[p].as_ref().expect("declared").0.name(),
            terms.pred_name(crate::model::term::PredId(p as u32)),
            "predicate {p} declared for another term arena"
        );
        let domain = self.preds[p].as_ref().expect("declared").1.clone();
        let x = self.fit(terms, a, &domain);
        self.preds[p].as_ref().expect("declared").0.apply(&[&x])
    }

    /// `t` lowered to `sort`: an array's index or element.
    pub(super) fn fit(&mut self, terms: &Terms, t: TermId, sort: &ZSort) -> Dynamic {
        match sort.kind() {
            SortKind::Int => Dynamic::from_ast(&self.int(terms, t)),
            SortKind::Bv => Dynamic::from_ast(&self.bv(terms, t)),
            _ => self.lower(terms, t),
        }
    }

    /// `array[index]`, the index fitted to the array's domain; a cell
    /// of `Cells` by its array's reference, then by its index.
    pub(super) fn select_fitted(&mut self, terms: &Terms, array: TermId, index: TermId) -> Dynamic {
        let a = self.array(terms, array);
        if is_cells(&a) {
            let (r, i) = self.cell_key(terms, index);
            return cells_of(&a, &r).select(&i);
        }
        let domain = a.get_sort().array_domain().expect("an array sort");
        let i = self.fit(terms, index, &domain);
        a.select(&i)
    }

    /// The reference and the index a cell key (`Terms::cell`) is made of.
    fn cell_key(&mut self, terms: &Terms, k: TermId) -> (Int, BV) {
        match *terms.node(k) {
            Node::Concat(r, i) => (self.int(terms, r), self.bv(terms, i)),
            Node::Ite(c, x, y) => {
                let c = self.lower_bool(terms, c);
                let ((rx, ix), (ry, iy)) = (self.cell_key(terms, x), self.cell_key(terms, y));
                (c.ite(&rx, &ry), c.ite(&ix, &iy))
            }
            _ => {
                let k = self.bv(terms, k);
                (Int::from_bv(&k.extract(63, 32), true), k.extract(31, 0))
            }
        }
    }

    /// `array` with `value` at `index`, both fitted to the array's sort.
    pub(super) fn store_fitted(
        &mut self,
        terms: &Terms,
        array: TermId,
        index: TermId,
        value: TermId,
    ) -> Dynamic {
        let a = self.array(terms, array);
        if is_cells(&a) {
            let (r, i) = self.cell_key(terms, index);
            let row = cells_of(&a, &r);
            let range = row.get_sort().array_range().expect("an array sort");
            let v = self.fit(terms, value, &range);
            return Dynamic::from_ast(&a.store(&r, &row.store(&i, &v)));
        }
        let sort = a.get_sort();
        let i = self.fit(terms, index, &sort.array_domain().expect("an array sort"));
        let v = self.fit(terms, value, &sort.array_range().expect("an array sort"));
        Dynamic::from_ast(&a.store(&i, &v))
    }

    /// The first `len` elements of `array` in `cells`, as an array by
    /// index: `λi. i <u len ? cells[array][i] : 0`.
    pub(super) fn row(
        &mut self,
        terms: &Terms,
        cells: TermId,
        array: TermId,
        len: TermId,
    ) -> Dynamic {
        let c = self.array(terms, cells);
        let r = self.int(terms, array);
        let n = self.bv(terms, len);
        let elements = cells_of(&c, &r);
        let zero = match elements
            .get_sort()
            .array_range()
            .expect("an array sort")
            .kind()
        {
            SortKind::Int => Dynamic::from_ast(&Int::from_i64(0)),
            _ => Dynamic::from_ast(&BV::from_u64(0, terms.width(cells))),
        };
        let i = BV::fresh_const("i", 32);
        let body = i.bvult(&n).ite(&elements.select(&i), &zero);
        Dynamic::from_ast(&z3::ast::lambda_const(&[&i], &body))
    }

    fn array(&mut self, terms: &Terms, t: TermId) -> Array {
        self.lower(terms, t).as_array().expect("an array term")
    }
}

/// Whether `d` is lowered as an integer (a reference).
fn is_int(d: &Dynamic) -> bool {
    d.sort_kind() == SortKind::Int
}

/// The elements of the Java array `r` in `Cells` array `cells`, by index.
fn cells_of(cells: &Array, r: &Int) -> Array {
    cells.select(r).as_array().expect("cells by reference")
}

/// Whether `a` is a `Cells` array: by reference, then by index.
fn is_cells(a: &Array) -> bool {
    a.get_sort()
        .array_range()
        .is_some_and(|r| r.kind() == SortKind::Array)
}

#[cfg(test)]
mod tests {
    use super::super::Sat;
    use super::*;
    use crate::model::term::BvCmp;

    /// A reference met by a 32-bit constant, a branch and a sign test:
    /// decided over integers, and read back as the JVM's 32 bits.
    #[test]
    fn references_meet_constants_and_read_back_as_32_bits() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let r = terms.var("r", Sort::Ref);
        let q = terms.var("q", Sort::Ref);
        let c = terms.var("c", Sort::Bool);
        let null = terms.int(0);
        let allocated = terms.int(-1);
        // q == (c ? null : r), r allocated on the path, q not null.
        let either = terms.ite(c, null, r);
        assert_eq!(terms.sort(either), Sort::Ref);
        let is_either = terms.eq(q, either);
        let is_allocated = terms.eq(r, allocated);
        let not_null = terms.ne(q, null);
        s.push();
        for t in [is_either, is_allocated, not_null] {
            s.assert(&terms, t);
        }
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, q), Some(0xffff_ffff));
        assert_eq!(s.value(&terms, c), Some(0));
        // An allocated reference is negative: `r > 0` refutes the path.
        let input = terms.cmp(BvCmp::Sgt, r, null);
        s.assert(&terms, input);
        assert_eq!(s.check(), Sat::Unsat);
    }

    /// Fields of a reference type and cells of an `Object[]` hold
    /// references; a cycle through a field is found, and a store to one
    /// cell leaves the other cells of the array and of other arrays.
    #[test]
    fn reference_fields_and_cells() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let next = terms.var("next", Sort::RefArray);
        let p = terms.var("p", Sort::Ref);
        let null = terms.int(0);
        let read = terms.select(next, p);
        assert_eq!(terms.sort(read), Sort::Ref);
        let cycle = terms.eq(read, p);
        let not_null = terms.ne(p, null);
        s.push();
        s.assert(&terms, cycle);
        s.assert(&terms, not_null);
        assert_eq!(s.check(), Sat::Sat);
        assert_eq!(s.value(&terms, p), s.value(&terms, read));
        s.pop();

        let before = terms.var("cells", Sort::RefCells);
        let (a, b) = (terms.var("a", Sort::Ref), terms.var("b", Sort::Ref));
        let (zero, one) = (terms.int(0), terms.int(1));
        let a0 = terms.cell(a, zero);
        let a1 = terms.cell(a, one);
        let b0 = terms.cell(b, zero);
        let after = terms.store(before, a0, p);
        let (now_a0, now_a1, now_b0) = (
            terms.select(after, a0),
            terms.select(after, a1),
            terms.select(after, b0),
        );
        let (was_a1, was_b0) = (terms.select(before, a1), terms.select(before, b0));
        let distinct = terms.ne(a, b);
        let stored = terms.eq(now_a0, p);
        let kept_a1 = terms.eq(now_a1, was_a1);
        let kept_b0 = terms.eq(now_b0, was_b0);
        let kept = terms.and(vec![kept_a1, kept_b0]);
        s.push();
        s.assert(&terms, distinct);
        let not_stored = terms.not(stored);
        assert_eq!(s.check_assuming(&terms, &[not_stored]), Sat::Unsat);
        let not_kept = terms.not(kept);
        assert_eq!(s.check_assuming(&terms, &[not_kept]), Sat::Unsat);
        // The halves of a cell key are its reference and index again.
        assert_eq!(terms.extract(63, 32, a1), a);
        assert_eq!(terms.extract(31, 0, a1), one);
    }

    /// A 32-bit value computed with and compared to a reference (the
    /// `Class` object of a class id) is converted exactly.
    #[test]
    fn computed_values_meet_references_exactly() {
        let mut terms = Terms::default();
        let mut s = Solver::new();
        let c = terms.var("c", Sort::Ref);
        let k = terms.var("k", Sort::Bv(32));
        let object = crate::model::class_object(&mut terms, k);
        let is_object = terms.eq(c, object);
        let seven = terms.int(7);
        let id7 = terms.eq(k, seven);
        s.push();
        s.assert(&terms, is_object);
        s.assert(&terms, id7);
        assert_eq!(s.check(), Sat::Sat);
        let want = (crate::model::CLASS_OBJECTS + 7) as u32 as u64;
        assert_eq!(s.value(&terms, c), Some(want));
        let other = terms.int(crate::model::CLASS_OBJECTS + 8);
        let wrong = terms.eq(c, other);
        assert_eq!(s.check_assuming(&terms, &[wrong]), Sat::Unsat);
    }
}
