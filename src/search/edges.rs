//! Stepping back over the edge that ends a predecessor block, knowing its
//! meaning (the CFG's labelled edges, [`crate::cfg::Edge`]): a goto or a
//! fall-through adds nothing; a conditional branch (JVMS §6.5 `if<cond>`,
//! `if_icmp<cond>`, `if_acmp<cond>`, `ifnull`) asserts the condition the
//! edge took; a switch (`tableswitch`, `lookupswitch`) asserts the key it
//! took, or for the default edge that no case matched. This is how the
//! backward search (JAUT ISSRE 2010 §V) learns the path's conditions.

use super::cmv::St;
use super::explore::Explorer;
use crate::cfg::{Edge, SwitchKey};
use crate::classfile::bytecode::{Cond, Instruction, Op};
use crate::frames::VType;
use crate::model::term::{BvCmp, TermId};
use crate::reason::Reason;

/// The model gives objects that exist before the method runs (a string
/// literal, which the JVM interns; an object a JDK class initializer made,
/// such as `Boolean.TRUE`) no identity an input can share, while a test can
/// pass the very same object (`toBooleanObject("true")` reaches `str ==
/// "true"`). So a reference comparison of two values that may be such
/// objects proves nothing.
const PREEXISTING: &str = "input objects of JDK classes were taken to be none of the objects that \
     exist before the method runs (interned string literals, objects JDK class initializers \
     make), which an identity comparison (if_acmp) may tell apart";

impl Explorer<'_> {
    /// Steps back over the branch that ends a predecessor block, knowing
    /// which way it went.
    pub(super) fn step_edge(
        &mut self,
        st: &mut St,
        edge: &Edge,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let act = st.top();
        let m = act.m.clone();
        let last = act.index - 1;
        let insn = m.code().instructions[last].clone();
        match edge {
            Edge::FallThrough => Ok(()),
            Edge::Goto { .. } => {
                st.top().index = last;
                st.path_len += 1;
                Ok(())
            }
            Edge::Branch { cond, .. } => {
                st.top().index = last;
                st.path_len += 1;
                self.step_branch(st, &insn, *cond, out)
            }
            Edge::Switch { key, .. } => {
                st.top().index = last;
                st.path_len += 1;
                self.step_switch(st, &insn, *key, out)
            }
            Edge::Return { .. } | Edge::Exception { .. } | Edge::Uncaught { .. } => Err(
                Reason::Unsupported(format!("edge {edge} on a backward path")),
            ),
        }
    }

    /// Steps back over a conditional branch whose outcome along the edge
    /// makes `cond` hold.
    pub(super) fn step_branch(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        cond: Cond,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let before = self.frame_before(st, insn);
        let (a, b) = match &insn.op {
            Op::If { .. } => {
                let a = self.operands(st, &before, 1)[0];
                (a, self.terms.int(0))
            }
            Op::IfNull { .. } => {
                let a = self.operands(st, &before, 1)[0];
                (a, self.terms.int(0))
            }
            Op::IfICmp { .. } => {
                let ops = self.operands(st, &before, 2);
                (ops[0], ops[1])
            }
            Op::IfACmp { .. } => {
                let depth = before.stack.len();
                if self.may_be_preexisting(&before.stack[depth - 2])
                    && self.may_be_preexisting(&before.stack[depth - 1])
                {
                    st.identity_compared = true;
                    self.preexisting_met(st);
                }
                let ops = self.operands(st, &before, 2);
                (ops[0], ops[1])
            }
            _ => return Err(self.unsupported(st, insn, "branch edge from a non-branch")),
        };
        let c = self.cond_term(cond, a, b);
        out.push(c);
        Ok(())
    }

    /// `a cond b` on two ints (signed) or two references (`Eq`, `Ne`).
    pub(super) fn cond_term(&mut self, cond: Cond, a: TermId, b: TermId) -> TermId {
        match cond {
            Cond::Eq => self.terms.eq(a, b),
            Cond::Ne => self.terms.ne(a, b),
            Cond::Lt => self.terms.cmp(BvCmp::Slt, a, b),
            Cond::Ge => self.terms.cmp(BvCmp::Sge, a, b),
            Cond::Gt => self.terms.cmp(BvCmp::Sgt, a, b),
            Cond::Le => self.terms.cmp(BvCmp::Sle, a, b),
        }
    }

    /// Records [`PREEXISTING`] when the path both compares references by
    /// identity and has an object made before the method ran, in either
    /// order: only then can a refutation rest on the model's distinction.
    pub(super) fn preexisting_met(&mut self, st: &St) {
        if st.identity_compared
            && (!st.mem.literals.is_empty() || !st.mem.clinit_objects.is_empty())
        {
            self.assume(PREEXISTING.to_string());
        }
    }

    /// Whether a value of this static type may be an object of the JDK
    /// that exists before the method runs (an interned string literal, an
    /// object a class initializer made): any JDK class or interface type,
    /// none of the program's classes, no array.
    pub(super) fn may_be_preexisting(&self, ty: &VType) -> bool {
        match ty {
            // An enum's objects are its constants, which the model gives
            // the identity an input shares (model::enum_constants).
            VType::Ref(name) => {
                !name.starts_with('[')
                    && self.cp.user_class_names().binary_search(name).is_err()
                    && !self.cp.load(name).is_ok_and(|c| crate::enums::is_enum(&c))
            }
            _ => false,
        }
    }

    /// Steps back over a switch, knowing the key it took.
    pub(super) fn step_switch(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        key: SwitchKey,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let before = self.frame_before(st, insn);
        let k = self.operands(st, &before, 1)[0];
        match key {
            SwitchKey::Case(v) => {
                let c = self.terms.int(v);
                out.push(self.terms.eq(k, c));
            }
            SwitchKey::Default => {
                let keys: Vec<i32> = match &insn.op {
                    Op::TableSwitch { low, high, .. } => (*low..=*high).collect(),
                    Op::LookupSwitch { pairs, .. } => pairs.iter().map(|(k, _)| *k).collect(),
                    _ => return Err(self.unsupported(st, insn, "switch edge from a non-switch")),
                };
                if let Op::TableSwitch { low, high, .. } = &insn.op {
                    // Outside [low, high]: two comparisons, however wide the table.
                    let (lo, hi) = (self.terms.int(*low), self.terms.int(*high));
                    let below = self.terms.cmp(BvCmp::Slt, k, lo);
                    let above = self.terms.cmp(BvCmp::Sgt, k, hi);
                    out.push(self.terms.or(vec![below, above]));
                } else {
                    for v in keys {
                        let c = self.terms.int(v);
                        out.push(self.terms.ne(k, c));
                    }
                }
            }
        }
        Ok(())
    }
}
