//! The symbolic half of a concolic value: terms over the method's inputs,
//! built once per distinct expression.
//!
//! A loop that compares `i <= m - 1` on every iteration builds the same
//! term each time; sharing it (hash-consing) lets the search see that a
//! branch condition already holds on the path's prefix without asking the
//! solver (see [`super::explore`]).

use std::collections::HashMap;

use crate::classfile::bytecode::Cond;
use crate::model::term::{BvCmp, BvOp, Node, Sort, TermId, Terms};

/// The term arena of one concolic search, with each distinct term made
/// once.
#[derive(Default)]
pub struct Exprs {
    pub terms: Terms,
    made: HashMap<Node, TermId>,
    /// The depth of each term made here, by id (the solver lowers terms
    /// recursively, so the interpreter keeps them shallow).
    depths: Vec<u32>,
}

impl Exprs {
    /// The term `node` stands for, made by `make` the first time.
    fn shared(&mut self, node: Node, make: impl FnOnce(&mut Terms) -> TermId) -> TermId {
        if let Some(&t) = self.made.get(&node) {
            return t;
        }
        let depth = 1 + operands(&node)
            .iter()
            .map(|&o| self.depth(o))
            .max()
            .unwrap_or(0);
        let t = make(&mut self.terms);
        let i = t.0 as usize;
        if self.depths.len() <= i {
            self.depths.resize(i + 1, 0);
        }
        self.depths[i] = self.depths[i].max(depth);
        self.made.insert(node, t);
        t
    }

    /// How deep a term is: 1 for a variable or constant.
    pub fn depth(&self, t: TermId) -> u32 {
        self.depths.get(t.0 as usize).copied().unwrap_or(1).max(1)
    }

    pub fn var(&mut self, name: &str, width: u32) -> TermId {
        let node = Node::Var(name.to_string(), Sort::Bv(width));
        self.shared(node, |t| t.var(name, Sort::Bv(width)))
    }

    pub fn constant(&mut self, value: i64, width: u32) -> TermId {
        let node = Node::Bv(crate::model::term::truncate(value as u64, width), width);
        self.shared(node, |t| t.bv(value, width))
    }

    pub fn bin(&mut self, op: BvOp, a: TermId, b: TermId) -> TermId {
        self.shared(Node::Bin(op, a, b), |t| t.bin(op, a, b))
    }

    pub fn neg(&mut self, a: TermId) -> TermId {
        self.shared(Node::Neg(a), |t| t.neg(a))
    }

    pub fn not(&mut self, a: TermId) -> TermId {
        self.shared(Node::Not(a), |t| t.not(a))
    }

    pub fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        self.shared(Node::Eq(a, b), |t| t.eq(a, b))
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        self.shared(Node::Ite(c, a, b), |t| t.ite(c, a, b))
    }

    pub fn extract(&mut self, hi: u32, lo: u32, a: TermId) -> TermId {
        self.shared(Node::Extract(hi, lo, a), |t| t.extract(hi, lo, a))
    }

    pub fn sign_ext(&mut self, by: u32, a: TermId) -> TermId {
        self.shared(Node::SignExt(by, a), |t| t.sign_ext(by, a))
    }

    pub fn zero_ext(&mut self, by: u32, a: TermId) -> TermId {
        self.shared(Node::ZeroExt(by, a), |t| t.zero_ext(by, a))
    }

    pub fn cmp(&mut self, op: BvCmp, a: TermId, b: TermId) -> TermId {
        self.shared(Node::Cmp(op, a, b), |t| t.cmp(op, a, b))
    }

    /// `a cond b`, signed (the JVM's `if<cond>` and `if_icmp<cond>`).
    pub fn compare(&mut self, cond: Cond, a: TermId, b: TermId) -> TermId {
        match cond {
            Cond::Eq => self.eq(a, b),
            Cond::Ne => {
                let e = self.eq(a, b);
                self.not(e)
            }
            Cond::Lt => self.cmp(BvCmp::Slt, a, b),
            Cond::Le => self.cmp(BvCmp::Sle, a, b),
            Cond::Gt => self.cmp(BvCmp::Sgt, a, b),
            Cond::Ge => self.cmp(BvCmp::Sge, a, b),
        }
    }

    pub fn and(&mut self, parts: Vec<TermId>) -> TermId {
        self.terms.and(parts)
    }
}

/// The operands of the nodes this module makes.
fn operands(node: &Node) -> Vec<TermId> {
    match node {
        Node::Bin(_, a, b) | Node::Eq(a, b) | Node::Cmp(_, a, b) => vec![*a, *b],
        Node::Ite(c, a, b) => vec![*c, *a, *b],
        Node::Neg(a)
        | Node::Not(a)
        | Node::Extract(_, _, a)
        | Node::SignExt(_, a)
        | Node::ZeroExt(_, a) => vec![*a],
        _ => Vec::new(),
    }
}
