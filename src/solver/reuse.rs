//! Answering a check from the last model, extended (counterexample reuse).
//!
//! Most of the backward search's checks are satisfiable, and most of what
//! they add since the last one is about values the search has just met
//! going backward: fresh variables tied to ones the last model already
//! fixes. Such a check need not be put to the whole incremental solver.
//! [`Witness`] keeps the last model Z3 gave and the assertions made since;
//! a check is answered `Sat` when
//!
//! 1. evaluating those assertions (and the check's assumptions) in the
//!    model, leaving what it does not fix symbolic, gives `true` (the
//!    reuse of KLEE's counterexample cache, Cadar et al., OSDI 2008), or
//! 2. what is left over the symbols the model does not fix is satisfiable
//!    on its own: a second, scratch solver decides that small formula, and
//!    its model extends the first one.
//!
//! The models in the chain fix disjoint sets of constants, so together
//! they are one assignment, and it satisfies everything asserted: what was
//! asserted when the first model was given (Z3's model satisfies it, and
//! the symbols it leaves out are ones it does not depend on) and every
//! later assertion (each was evaluated to `true` under the chain). Only
//! `Sat` is ever answered this way — `Unsat` and `Unknown` always come
//! from the whole solver — so no refutation, and so no proof of
//! unreachability, rests on a witness.
//!
//! The solver keeps a model only in exact mode (labeling, the concolic
//! search, the check at a path's entry; see `Solver::set_exact`): the
//! backward search's checks along a path are cheap enough without Z3's
//! equality axioms that evaluating in the last model cost more than it
//! saved.
//!
//! An evaluated formula is put to the scratch solver only when every
//! symbol left in it is one jaut declared (a variable or a predicate): a
//! model may name its own auxiliary functions (an array as `as-array` of
//! one, the unspecified results of floating-point conversions), which
//! would be free in the scratch solver and could make it answer `Sat`
//! wrongly. Those formulas go to the whole solver.

use std::collections::HashSet;

use z3::ast::{Ast, Bool, Dynamic};
use z3::{AstKind, Model, Params, SatResult};

/// Models extended past this many links are not extended further: the
/// chain is evaluated link by link at every check and every value read.
const MAX_LINKS: usize = 16;

/// The scratch solver's limit per check (its formulas are small; one that
/// is not answered at once goes to the whole solver).
const SCRATCH_TIMEOUT_MS: u32 = 50;

/// The operators a formula left to the scratch solver may use: those the
/// lowering makes, and the constant arrays and stores a model's arrays are
/// written with, by the names Z3 gives them (`if` is `ite`). Any other is
/// taken as a model's own function. (Names, not `DeclKind`s: the `z3-sys`
/// enumeration is generated from a newer Z3 than Debian's 4.8.12, whose
/// operator numbers it does not all match.)
const INTERPRETED: &[&str] = &[
    "true",
    "false",
    "not",
    "and",
    "or",
    "xor",
    "=>",
    "=",
    "distinct",
    "if",
    "bvadd",
    "bvsub",
    "bvmul",
    "bvsdiv",
    "bvsrem",
    "bvudiv",
    "bvurem",
    "bvshl",
    "bvashr",
    "bvlshr",
    "bvand",
    "bvor",
    "bvxor",
    "bvnot",
    "bvneg",
    "bvslt",
    "bvsle",
    "bvsgt",
    "bvsge",
    "bvult",
    "bvule",
    "bvugt",
    "bvuge",
    "extract",
    "concat",
    "sign_extend",
    "zero_extend",
    "select",
    "store",
    "const",
    // References are integers (`solver::refs`).
    "+",
    "-",
    "*",
    "<",
    "<=",
    ">",
    ">=",
    "int2bv",
    "bv2int",
];

/// The last model (with its extensions) and what was asserted since it
/// was last known to satisfy every assertion.
pub(super) struct Witness {
    /// Z3's model first, then each extension; empty when there is none.
    chain: Vec<Model>,
    /// Assertions made since, with the scope depth they were made at.
    since: Vec<(u32, Bool)>,
    scratch: Option<z3::Solver>,
    /// Names of the constants and predicates jaut declared.
    declared: HashSet<String>,
}

/// What evaluating in the chain left of a formula.
enum Residue {
    True,
    False,
    /// A constraint over symbols the chain does not fix.
    Open(Bool),
    /// A symbol jaut did not declare, or a binder, is left in it.
    Opaque,
}

impl Witness {
    pub(super) fn new() -> Witness {
        Witness {
            chain: Vec::new(),
            since: Vec::new(),
            scratch: None,
            declared: HashSet::new(),
        }
    }

    /// A constant or predicate jaut lowered, which a formula left to the
    /// scratch solver may mention.
    pub(super) fn declare(&mut self, name: &str) {
        if !self.declared.contains(name) {
            self.declared.insert(name.to_string());
        }
    }

    /// Z3's model of everything asserted now.
    pub(super) fn set(&mut self, model: Option<Model>) {
        self.chain.clear();
        self.chain.extend(model);
        self.since.clear();
    }

    pub(super) fn forget(&mut self) {
        self.set(None);
    }

    /// Forgets everything, declarations included (the solver's lowered
    /// terms are dropped between searches, and their names reused).
    pub(super) fn reset(&mut self) {
        self.forget();
        self.declared.clear();
    }

    pub(super) fn asserted(&mut self, depth: u32, b: Bool) {
        if !self.chain.is_empty() {
            self.since.push((depth, b));
        }
    }

    /// Scopes above `depth` were popped: their assertions are gone, and
    /// the chain satisfied more than what stays.
    pub(super) fn popped(&mut self, depth: u32) {
        self.since.retain(|(d, _)| *d <= depth);
    }

    /// Whether the chain (extended if need be) satisfies everything
    /// asserted and `assumptions`. When it satisfies the assertions they
    /// are known to hold in it, and are dropped from `since`.
    pub(super) fn satisfies(&mut self, assumptions: &[Bool]) -> bool {
        if self.chain.is_empty() {
            return false;
        }
        let mut open = Vec::new();
        for b in self.since.iter().map(|(_, b)| b).chain(assumptions) {
            match self.residue(b) {
                Residue::True => {}
                Residue::False | Residue::Opaque => return false,
                Residue::Open(constraint) => open.push(constraint),
            }
        }
        if !open.is_empty() && !self.extend(&open) {
            return false;
        }
        self.since.clear();
        true
    }

    /// The value of `ast` under the chain, every symbol it leaves free
    /// given a value of its sort. Call only after [`Self::satisfies`].
    pub(super) fn eval(&self, ast: &Dynamic) -> Option<Dynamic> {
        let (last, earlier) = self.chain.split_last()?;
        let mut t = ast.clone();
        for m in earlier {
            t = m.eval(&t, false)?;
        }
        last.eval(&t, true)
    }

    fn residue(&self, b: &Bool) -> Residue {
        let mut t = b.clone();
        for m in &self.chain {
            match m.eval(&t, false) {
                Some(v) => t = v,
                None => return Residue::Opaque,
            }
        }
        match t.as_bool() {
            Some(true) => return Residue::True,
            Some(false) => return Residue::False,
            None => {}
        }
        if !self.only_declared(&Dynamic::from_ast(&t)) {
            return Residue::Opaque;
        }
        Residue::Open(t)
    }

    /// Whether every uninterpreted symbol in `t` is one jaut declared, and
    /// `t` has no binder (a lambda) whose body the walk would not see.
    fn only_declared(&self, t: &Dynamic) -> bool {
        let mut seen: HashSet<Dynamic> = HashSet::new();
        let mut stack = vec![t.clone()];
        while let Some(t) = stack.pop() {
            if !seen.insert(t.clone()) {
                continue;
            }
            match t.kind() {
                AstKind::Numeral => continue,
                AstKind::App => {}
                _ => return false,
            }
            let name = t.decl().name();
            if !self.declared.contains(&name) && !INTERPRETED.contains(&name.as_str()) {
                return false;
            }
            stack.extend(t.children());
        }
        true
    }

    /// Solves `open` (over symbols the chain leaves free) on the scratch
    /// solver; on `Sat` its model becomes the chain's next link.
    fn extend(&mut self, open: &[Bool]) -> bool {
        if self.chain.len() >= MAX_LINKS {
            return false;
        }
        let scratch = self.scratch.get_or_insert_with(|| {
            let s = z3::Solver::new();
            let mut p = Params::new();
            p.set_u32("timeout", SCRATCH_TIMEOUT_MS);
            s.set_params(&p);
            s
        });
        scratch.push();
        for b in open {
            scratch.assert(b);
        }
        let model = match scratch.check() {
            SatResult::Sat => scratch.get_model(),
            _ => None,
        };
        scratch.pop(1);
        match model {
            Some(m) => {
                self.chain.push(m);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;

    fn witness_of(assertion: &Bool, declared: &[&str]) -> Witness {
        let s = z3::Solver::new();
        s.assert(assertion);
        assert_eq!(s.check(), SatResult::Sat);
        let mut w = Witness::new();
        for d in declared {
            w.declare(d);
        }
        w.set(s.get_model());
        w
    }

    #[test]
    fn a_symbol_jaut_did_not_declare_goes_to_the_whole_solver() {
        let x = BV::new_const("x", 32);
        let w = witness_of(&x.eq(BV::from_u64(5, 32)), &["x", "y"]);
        // Over a declared fresh symbol: left to the scratch solver.
        let y = BV::new_const("y", 32);
        assert!(matches!(w.residue(&y.bvugt(&x)), Residue::Open(_)));
        // Over an undeclared one (a model's own function, say): not.
        let k = BV::new_const("k!0", 32);
        assert!(matches!(w.residue(&k.bvugt(&x)), Residue::Opaque));
        assert!(matches!(
            w.residue(&x.bvugt(BV::from_u64(4, 32))),
            Residue::True
        ));
        assert!(matches!(
            w.residue(&x.bvugt(BV::from_u64(5, 32))),
            Residue::False
        ));
    }

    #[test]
    fn the_chain_stops_growing() {
        let x = BV::new_const("x", 32);
        let mut w = witness_of(&x.eq(BV::from_u64(5, 32)), &["x"]);
        let mut extended = 0;
        for i in 0..2 * MAX_LINKS {
            let v = BV::new_const(format!("v{i}"), 32);
            w.declare(&format!("v{i}"));
            if w.satisfies(&[v.eq(&x)]) {
                extended += 1;
            }
        }
        assert_eq!(extended, MAX_LINKS - 1);
    }
}
