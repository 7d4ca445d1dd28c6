//! Iteration bounds read off a loop's code (issue 18; complements the
//! iterative deepening of JAUT ISSRE 2010 §VII, which can only cut a path
//! at its loop bound, never refute it).
//!
//! `for (int i = C0; i < C; i += D) { ... }` with constants `C0`, `C`, `D`
//! runs at most `ceil((C − C0) / D)` times each time it is entered,
//! whatever its body does, when nothing but the `i += D` at the end of each
//! iteration writes `i`. A backward path that would unroll such a loop
//! more often in one visit is refuted, not cut at a bound: so a target
//! behind a loop with a branching body (which has no summary,
//! [`super::loop_summary`]) can be proved unreachable once every shorter
//! unrolling is refuted.
//!
//! When the bound is a loop invariant rather than a constant (`for (i =
//! 1; i <= m - 1; i++)`), a visit of the head after an iteration still
//! knows the counter has moved from its start by a step at least, unless
//! it wrapped ([`Explorer::moved_from_start`]): a backward path is refuted
//! when it would unroll more iterations than the counter has made.

use super::cmv::{MethodInfo, St};
use super::explore::Explorer;
use super::loop_summary::{head_operands, Expr, Operand};
use crate::cfg::{BlockId, Edge};
use crate::classfile::bytecode::{Cond, Constant, Instruction, Kind, Op};
use crate::model::term::{BvCmp, Sort, TermId};
use crate::solver::Sat;

/// A loop counted from a constant: one int local, the counter, holds the
/// same constant on every edge into the head from outside the loop, is
/// written in the loop only by one `iinc` in the latch, and is compared by
/// the head's branch with a loop invariant.
#[derive(Debug, Clone)]
pub(super) struct Counted {
    local: u16,
    start: i32,
    step: i32,
    /// What holds along the edge from the head into the loop:
    /// `counter cont limit`.
    cont: Cond,
    limit: Limit,
}

/// What the head compares the counter with.
#[derive(Debug, Clone)]
enum Limit {
    /// `if<cond>`: zero.
    Zero,
    /// Constants, locals the loop does not write, int arithmetic.
    Invariant(Expr),
}

/// The loop headed by `head` as a [`Counted`] loop, if it is one.
pub(super) fn counted(m: &MethodInfo, head: BlockId) -> Option<Counted> {
    let cfg = &m.cfg;
    let code = m.code();
    // The method's start enters the head without the constant.
    if head == cfg.entry() {
        return None;
    }
    let latch = latch(m, head)?;
    let body = loop_blocks(m, head, latch)?;
    let head_block = cfg.block(head)?;
    if !m.frames.at(head_block.start)?.stack.is_empty() {
        return None;
    }
    let mut written = Vec::new();
    let mut iincs = Vec::new();
    for &b in &body {
        let block = cfg.block(b)?;
        for insn in &code.instructions[block.first..=block.last] {
            match insn.op {
                Op::Iinc { index, delta } if b == latch => {
                    iincs.push((index, delta));
                    written.push(index);
                }
                Op::Iinc { index, .. } | Op::Store(_, index) => written.push(index),
                _ => {}
            }
        }
    }
    // Counters: locals the loop writes once, by an `iinc` in the latch.
    let once: Vec<u16> = iincs
        .iter()
        .map(|&(x, _)| x)
        .filter(|x| written.iter().filter(|w| *w == x).count() == 1)
        .collect();
    let head_insns = &code.instructions[head_block.first..head_block.last];
    let operands = head_operands(head_insns, &once, &written)?;
    let (local, limit, flipped) = match (&operands[..], &code.instructions[head_block.last].op) {
        ([Operand::Counter(x)], Op::If { .. }) => (*x, Limit::Zero, false),
        ([Operand::Counter(x), Operand::Invariant(e)], Op::IfICmp { .. }) => {
            (*x, Limit::Invariant(e.clone()), false)
        }
        ([Operand::Invariant(e), Operand::Counter(x)], Op::IfICmp { .. }) => {
            (*x, Limit::Invariant(e.clone()), true)
        }
        _ => return None,
    };
    // A static field could change inside the loop (a call, a putstatic).
    if let Limit::Invariant(e) = &limit {
        if e.iter().any(|i| matches!(i.op, Op::GetStatic(_))) {
            return None;
        }
    }
    let mut cont = None;
    for (to, edge) in cfg.succs(head) {
        if let Edge::Branch { cond, .. } = edge {
            if body.contains(&to) {
                cont = Some(if flipped { cond.swapped() } else { *cond });
            }
        }
    }
    let step = iincs.iter().find(|&&(x, _)| x == local)?.1;
    if step == 0 {
        return None;
    }
    Some(Counted {
        local,
        start: entry_constant(m, head, &body, local)?,
        step: i32::from(step),
        cont: cont?,
        limit,
    })
}

/// The most iterations one visit of a [`Counted`] loop can run when it
/// compares its counter with a constant, as the module's text says;
/// `None` otherwise.
pub(super) fn max_iterations(c: &Counted) -> Option<u64> {
    let limit = match &c.limit {
        Limit::Zero => 0,
        Limit::Invariant(e) => match &e[..] {
            [insn] => int_const(insn)?,
            _ => return None,
        },
    };
    let (start, limit, step) = (i64::from(c.start), i64::from(limit), i64::from(c.step));
    // Iterations while `i cont limit` holds, from `start` by `step`,
    // the last value tried not passing the int range (no wrap-around).
    let (gap, reach) = match (c.cont, step > 0) {
        (Cond::Lt, true) => (limit - start, limit - 1 + step),
        (Cond::Le, true) => (limit - start + 1, limit + step),
        (Cond::Gt, false) => (start - limit, limit + 1 + step),
        (Cond::Ge, false) => (start - limit + 1, limit + step),
        _ => return None,
    };
    if reach > i64::from(i32::MAX) || reach < i64::from(i32::MIN) {
        return None;
    }
    let per = step.abs();
    Some(if gap <= 0 {
        0
    } else {
        (gap + per - 1) as u64 / per as u64
    })
}

/// The key of the current visit of the loop headed at `head` in `st`
/// ([`St::visit`], [`St::left`]).
pub(super) fn visit_key(
    st: &St,
    m: &MethodInfo,
    head: BlockId,
) -> (crate::analysis::MethodKey, crate::classfile::Pc, usize) {
    let start = m.cfg.block(head).expect("a loop head is a block").start;
    (m.key.clone(), start, st.acts.len())
}

impl Explorer<'_> {
    /// Pins the iterations left in the current visit of the [`Counted`]
    /// loop `c` headed by `head`, right after the path's check there
    /// found a model: when the constraints allow the counter one value
    /// `v` (a second check, with `counter != v`, is unsatisfiable) that
    /// lies `r` steps past the start, the visit's entry is `r` iterations
    /// back, and no other ([`St::left`]). Tried on the first iteration
    /// unrolled in a visit, where a value stored from the counter in the
    /// body (a list's keys) or tested after the loop usually fixes it.
    ///
    /// With `r` known, the head's entry edges are refuted while `r > 0`
    /// (the counter is not its start there), the head's check is left
    /// out (the constraints are checked where the count runs out), and a
    /// path whose loop bound cannot hold `r` more iterations is cut at
    /// once instead of after `r` checks. A wrap cannot shorten the way
    /// back: reaching the start from `v` by a wrap takes more iterations.
    ///
    /// The same model's inputs are run forward ([`super::loop_run`]):
    /// `true` when that run refutes the path.
    pub(super) fn pin_iterations(&mut self, st: &mut St, c: &Counted, head: BlockId) -> bool {
        let m = st.top().m.clone();
        let key = visit_key(st, &m, head);

        if st.visit.get(&key) != Some(&1) || st.left.contains_key(&key) {
            return false;
        }
        let Some(x) = st.top().locals[c.local as usize] else {
            return false;
        };
        // A model is kept only in exact mode.
        let exact = self.solver.is_exact();
        self.solver.set_exact(true);
        let mut inputs = None;
        let mut left = None;
        if self.solver.check() == Sat::Sat {
            inputs = self.model_inputs(st);
            left = self.pinned_value(x).and_then(|v| {
                let moved = i64::from(v) - i64::from(c.start);
                let step = i64::from(c.step);
                (moved % step == 0 && moved / step >= 0).then(|| (moved / step) as u64)
            });
        }
        self.solver.set_exact(exact);
        if let Some(left) = left {
            st.left.insert(key, left);
        }
        inputs.is_some_and(|inputs| self.refuted_by_running(&inputs))
    }

    /// The one value the constraints allow the int `x`, if they pin it,
    /// right after a check found a model.
    fn pinned_value(&mut self, x: TermId) -> Option<i32> {
        let v = self.solver.value(&self.terms, x)? as u32 as i32;
        let value = self.terms.int(v);
        let other = self.terms.ne(x, value);
        (self.solver.check_assuming(&self.terms, &[other]) == Sat::Unsat).then_some(v)
    }

    /// What holds at a visit of the head of the [`Counted`] loop `c` that
    /// follows an iteration (the path steps back over its back edge from
    /// `st`): the counter has moved from its start by at least one step,
    /// unless it may have wrapped. Every increment adds the step to a
    /// value that passed the head's test (nothing else writes the
    /// counter), so when no such value can leave the int range by it
    /// ([`Explorer::wraps`]), the counter moves monotonically. Without
    /// this, a backward path unrolls such a loop past its start value
    /// until the loop bound cuts it (`for (i = 1; i <= m - 1; i++)` walked
    /// back from its exit at `i = m`: `i = 0, −1, …` all pass the test).
    pub(super) fn moved_from_start(
        &mut self,
        st: &mut St,
        c: &Counted,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let least = i32::try_from(i64::from(c.start) + i64::from(c.step)).ok()?;
        let bound = match &c.limit {
            Limit::Zero => self.terms.int(0),
            Limit::Invariant(e) => self.invariant(st, e, out)?,
        };
        let slot = c.local as usize;
        let x = match st.top().locals[slot] {
            Some(x) => x,
            None => {
                let x = self.fresh("v", Sort::Bv(32));
                st.top().locals[slot] = Some(x);
                x
            }
        };
        let least = self.terms.int(least);
        let moved = if c.step > 0 {
            self.terms.cmp(BvCmp::Sge, x, least)
        } else {
            self.terms.cmp(BvCmp::Sle, x, least)
        };
        let step = self.terms.bv(c.step.into(), 64);
        let wraps = self.wraps(c.cont, bound, step);
        Some(self.terms.or(vec![moved, wraps]))
    }
}

/// The one block whose edge back to `head` closes the loop (javac's
/// loops have one), when there is just one.
pub(super) fn latch(m: &MethodInfo, head: BlockId) -> Option<BlockId> {
    let mut back = m
        .cfg
        .preds(head)
        .into_iter()
        .filter(|(p, _)| m.cfg.dominates(head, *p))
        .map(|(p, _)| p);
    let latch = back.next()?;
    back.next().is_none().then_some(latch)
}

/// The blocks of the natural loop of the back edge `latch → head`, when
/// `head` dominates them all.
pub(super) fn loop_blocks(m: &MethodInfo, head: BlockId, latch: BlockId) -> Option<Vec<BlockId>> {
    let mut blocks = vec![head];
    let mut work = vec![latch];
    while let Some(b) = work.pop() {
        if blocks.contains(&b) {
            continue;
        }
        if !m.cfg.dominates(head, b) {
            return None;
        }
        blocks.push(b);
        work.extend(m.cfg.preds(b).into_iter().map(|(p, _)| p));
    }
    Some(blocks)
}

/// The constant every entry edge of the loop leaves in `local`: each
/// block entering the head from outside the loop ends its writes of
/// `local` with `<const>; istore local`.
fn entry_constant(m: &MethodInfo, head: BlockId, body: &[BlockId], local: u16) -> Option<i32> {
    let code = m.code();
    let mut value = None;
    for (p, edge) in m.cfg.preds(head) {
        if body.contains(&p) {
            continue;
        }
        if edge.is_exceptional() {
            return None;
        }
        let block = m.cfg.block(p)?;
        let insns = &code.instructions[block.first..=block.last];
        let last_write = insns.iter().rposition(
            |i| matches!(i.op, Op::Store(_, x) | Op::Iinc { index: x, .. } if x == local),
        )?;
        if last_write == 0 || !matches!(insns[last_write].op, Op::Store(Kind::Int, _)) {
            return None;
        }
        let c = int_const(&insns[last_write - 1])?;
        if value.is_some_and(|v| v != c) {
            return None;
        }
        value = Some(c);
    }
    value
}

fn int_const(insn: &Instruction) -> Option<i32> {
    match &insn.op {
        Op::Const(c) => match c.as_ref() {
            Constant::Int(v) => Some(*v),
            _ => None,
        },
        _ => None,
    }
}
