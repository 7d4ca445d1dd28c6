//! Backward rules for constants, locals and the operand stack (JVMS §6.5
//! `ldc`/`*const`/`*push`, `*load`, `*store`, `iinc`, `pop`/`dup`/`swap`):
//! a load equates the local with the value it pushed, a store hands the
//! stored value back to the stack, a stack shuffle is run forward on fresh
//! operands.

use crate::classfile::bytecode::{Constant, Instruction, StackOp};
use crate::frames::{Frame, VType};
use crate::jdk::strings::prelude::StringMemory;
use crate::model::inputs;
use crate::model::sort_of_vtype;
use crate::model::term::{BvOp, Sort, TermId};
use crate::reason::Reason;
use crate::search::cmv::St;
use crate::search::explore::Explorer;

impl Explorer<'_> {
    /// `ldc` and the constant pushes: the value after is the constant.
    pub(super) fn step_constant(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        c: &Constant,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let t = self.pop(st);
        let v = match (inputs::scalar_constant(&mut self.terms, c), c) {
            (Some(v), _) => v,
            (None, Constant::String(text)) => match self.string_literal(st, text, out) {
                Ok(r) => r,
                Err(why) => return Err(self.unsupported(st, insn, &why.to_string())),
            },
            (None, Constant::Class(ty)) => match self.class_literal(st, ty, out) {
                Some(c) => c,
                None => return Err(self.unsupported(st, insn, &format!("ldc of {c}"))),
            },
            (None, other) => {
                let what = format!("ldc of {other}");
                return Err(self.unsupported(st, insn, &what));
            }
        };
        out.push(self.terms.eq(t, v));
        Ok(())
    }

    /// A load: the local holds the value pushed.
    pub(super) fn step_load(&mut self, st: &mut St, k: u16, out: &mut Vec<TermId>) {
        let t = self.pop(st);
        let slot = &mut st.top().locals[k as usize];
        match *slot {
            Some(x) => out.push(self.terms.eq(x, t)),
            None => *slot = Some(t),
        }
    }

    /// A store: the value the local holds after was on the stack before.
    pub(super) fn step_store(&mut self, st: &mut St, before: &Frame, k: u16) {
        let ty = before.stack.last().expect("a value to store").clone();
        let v = match st.top().locals[k as usize].take() {
            Some(x) => x,
            None => self.fresh("v", sort_of_vtype(&ty)),
        };
        st.top().stack.push(v);
    }

    pub(super) fn step_iinc(&mut self, st: &mut St, index: u16, delta: i16, out: &mut Vec<TermId>) {
        let k = index as usize;
        if let Some(after) = st.top().locals[k] {
            let x = self.fresh("v", Sort::Bv(32));
            let d = self.terms.int(delta.into());
            let sum = self.terms.bin(BvOp::Add, x, d);
            out.push(self.terms.eq(after, sum));
            st.top().locals[k] = Some(x);
        }
    }

    /// The stack instructions, by running them forward on fresh operands
    /// and equating the results with the values after them.
    pub(super) fn step_stack(
        &mut self,
        st: &mut St,
        before: &Frame,
        op: StackOp,
        out: &mut Vec<TermId>,
    ) {
        let sizes: Vec<usize> = before.stack.iter().map(VType::size).collect();
        // How many values the instruction takes, from the word sizes on top.
        let words = |n_words: usize, from_top: usize| -> usize {
            let mut taken = 0;
            let mut w = 0;
            while w < n_words {
                w += sizes[sizes.len() - 1 - from_top - taken];
                taken += 1;
            }
            taken
        };
        // (values consumed, permutation of operand indices producing the results)
        let (n, order): (usize, Vec<usize>) = match op {
            StackOp::Pop => (words(1, 0), vec![]),
            StackOp::Pop2 => (words(2, 0), vec![]),
            StackOp::Dup => (1, vec![0, 0]),
            StackOp::DupX1 => (2, vec![1, 0, 1]),
            StackOp::DupX2 => {
                let below = words(2, 1);
                if below == 1 {
                    (2, vec![1, 0, 1])
                } else {
                    (3, vec![2, 0, 1, 2])
                }
            }
            StackOp::Dup2 => {
                if words(2, 0) == 1 {
                    (1, vec![0, 0])
                } else {
                    (2, vec![0, 1, 0, 1])
                }
            }
            StackOp::Dup2X1 => {
                if words(2, 0) == 1 {
                    (2, vec![1, 0, 1])
                } else {
                    (3, vec![1, 2, 0, 1, 2])
                }
            }
            StackOp::Dup2X2 => {
                let top = words(2, 0);
                let below = words(2, top);
                match (top, below) {
                    (1, 1) => (2, vec![1, 0, 1]),
                    (1, _) => (3, vec![2, 0, 1, 2]),
                    (_, 1) => (3, vec![1, 2, 0, 1, 2]),
                    _ => (4, vec![2, 3, 0, 1, 2, 3]),
                }
            }
            StackOp::Swap => (2, vec![1, 0]),
        };
        let results: Vec<TermId> = {
            let stack = &mut st.top().stack;
            stack.split_off(stack.len() - order.len())
        };
        let ops = self.operands(st, before, n);
        for (r, &i) in results.iter().zip(&order) {
            out.push(self.terms.eq(*r, ops[i]));
        }
    }
}
