//! Lowering [`Terms`] to Z3 ASTs: bit-vectors, booleans, arrays, references
//! (as Z3 integers, [`super::refs`]) and floating-point terms (as Z3's
//! IEEE 754 sorts, [`super::float`]), every subterm cached by term id.

use z3::ast::{Array, Bool, Dynamic, Int, BV};
use z3::Sort as ZSort;

use super::Solver;
use crate::model::term::{BvCmp, BvOp, Node, Sort, TermId, Terms};

impl Solver {
    pub(super) fn lower_bool(&mut self, terms: &Terms, t: TermId) -> Bool {
        self.lower(terms, t)
            .as_bool()
            .expect("constraint terms are boolean")
    }

    /// Lowers a term, caching every subterm by id.
    pub(super) fn lower(&mut self, terms: &Terms, t: TermId) -> Dynamic {
        let i = t.0 as usize;
        if let Some(Some(ast)) = self.asts.get(i) {
            if self.float_terms.get(i) == Some(&true) {
                self.float_ops += 1;
            }
            return ast.clone();
        }
        let float_ops = self.float_ops;
        let ast = self.lower_node(terms, t);
        if self.asts.len() <= i {
            self.asts.resize(i + 1, None);
            self.float_terms.resize(i + 1, false);
        }
        self.asts[i] = Some(ast.clone());
        self.float_terms[i] = self.float_ops > float_ops;
        ast
    }

    pub(super) fn lower_node(&mut self, terms: &Terms, t: TermId) -> Dynamic {
        let node = terms.node(t).clone();
        match node {
            Node::Var(name, sort) => {
                self.witness.declare(&name);
                match sort {
                    Sort::Bool => Dynamic::from_ast(&Bool::new_const(name)),
                    Sort::Bv(w) => Dynamic::from_ast(&BV::new_const(name, w)),
                    Sort::Ref => Dynamic::from_ast(&Int::new_const(name)),
                    Sort::Array(w) => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::bitvector(w),
                    )),
                    Sort::RefArray => {
                        Dynamic::from_ast(&Array::new_const(name, &ZSort::int(), &ZSort::int()))
                    }
                    // By reference, then by index (`refs`).
                    Sort::Cells(w) => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::array(&ZSort::bitvector(32), &ZSort::bitvector(w)),
                    )),
                    Sort::RefCells => Dynamic::from_ast(&Array::new_const(
                        name,
                        &ZSort::int(),
                        &ZSort::array(&ZSort::bitvector(32), &ZSort::int()),
                    )),
                }
            }
            Node::Bool(b) => Dynamic::from_ast(&Bool::from_bool(b)),
            Node::Bv(v, w) => Dynamic::from_ast(&BV::from_u64(v, w)),
            Node::Not(a) => Dynamic::from_ast(&self.lower_bool(terms, a).not()),
            Node::And(parts) => {
                let ps: Vec<Bool> = parts.iter().map(|&p| self.lower_bool(terms, p)).collect();
                Dynamic::from_ast(&Bool::and(&ps))
            }
            Node::Or(parts) => {
                let ps: Vec<Bool> = parts.iter().map(|&p| self.lower_bool(terms, p)).collect();
                Dynamic::from_ast(&Bool::or(&ps))
            }
            Node::Eq(a, b) => {
                let (x, y) = self.alike(terms, a, b);
                Dynamic::from_ast(&x.eq(&y))
            }
            Node::Ite(c, a, b) => {
                let c = self.lower_bool(terms, c);
                let (x, y) = self.alike(terms, a, b);
                c.ite(&x, &y)
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&match op {
                    BvOp::Add => x.bvadd(&y),
                    BvOp::Sub => x.bvsub(&y),
                    BvOp::Mul => x.bvmul(&y),
                    BvOp::SDiv => x.bvsdiv(&y),
                    BvOp::SRem => x.bvsrem(&y),
                    BvOp::Shl => x.bvshl(&y),
                    BvOp::AShr => x.bvashr(&y),
                    BvOp::LShr => x.bvlshr(&y),
                    BvOp::And => x.bvand(&y),
                    BvOp::Or => x.bvor(&y),
                    BvOp::Xor => x.bvxor(&y),
                })
            }
            Node::Neg(a) => Dynamic::from_ast(&self.bv(terms, a).bvneg()),
            Node::Cmp(op, a, b) if op != BvCmp::Ult && self.either_ref(terms, a, b) => {
                // The sign of a reference (input or allocated).
                let (x, y) = (self.int(terms, a), self.int(terms, b));
                Dynamic::from_ast(&match op {
                    BvCmp::Slt => x.lt(&y),
                    BvCmp::Sle => x.le(&y),
                    BvCmp::Sgt => x.gt(&y),
                    BvCmp::Sge => x.ge(&y),
                    BvCmp::Ult => unreachable!("guarded"),
                })
            }
            Node::Cmp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&match op {
                    BvCmp::Slt => x.bvslt(&y),
                    BvCmp::Sle => x.bvsle(&y),
                    BvCmp::Sgt => x.bvsgt(&y),
                    BvCmp::Sge => x.bvsge(&y),
                    BvCmp::Ult => x.bvult(&y),
                })
            }
            Node::Extract(hi, lo, a) => Dynamic::from_ast(&self.bv(terms, a).extract(hi, lo)),
            Node::SignExt(by, a) => Dynamic::from_ast(&self.bv(terms, a).sign_ext(by)),
            Node::ZeroExt(by, a) => Dynamic::from_ast(&self.bv(terms, a).zero_ext(by)),
            Node::Select(arr, idx) => self.select_fitted(terms, arr, idx),
            Node::Store(arr, idx, v) => self.store_fitted(terms, arr, idx, v),
            Node::Concat(a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&x.concat(&y))
            }
            Node::Row(cells, array, len) => self.row(terms, cells, array, len),
            Node::Pred(p, a) => self.apply_pred(terms, p.0 as usize, a),
            Node::Fp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&self.lower_fp(op, &x, &y))
            }
            Node::FpFn(f, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_fn(f, &x))
            }
            Node::FpCmp(op, a, b) => {
                let (x, y) = (self.bv(terms, a), self.bv(terms, b));
                Dynamic::from_ast(&self.lower_fp_cmp(op, &x, &y))
            }
            Node::FpIsNaN(a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_is_nan(&x))
            }
            Node::FpFromInt(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_from_int(w, &x))
            }
            Node::FpToInt(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_to_int(w, &x))
            }
            Node::FpConvert(w, a) => {
                let x = self.bv(terms, a);
                Dynamic::from_ast(&self.lower_fp_convert(w, &x))
            }
        }
    }
}
