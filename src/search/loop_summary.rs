//! Loop summaries for counter loops (issue 18; extends the backward search
//! of JAUT ISSRE 2010 §V, which unrolls a loop one iteration per choice,
//! and the "iterative bounded depth-first strategy" of §VII). Design and
//! figures: docs/search.md.
//!
//! A *counter loop* is a natural loop of two blocks: a head that tests one
//! int local (the tested counter) against a loop-invariant value, and a
//! body that only adds loop-invariant amounts to int locals (`iinc`,
//! `x = x ± v`, with `v` a constant, a local the loop does not write, or a
//! static int field), then jumps back. foo of the paper (Fig. 4) is one.
//!
//! Walking back over `k` iterations of such a loop is one step with a fresh
//! `k`: every counter `x` was `x₀` with `x = x₀ + k·c` (32-bit wrapping),
//! and the test held at each earlier visit of the head. The summary covers
//! exactly the runs in which the tested counter never wraps: then it moves
//! monotonically, so the test held at every visit before the `k`-th if it
//! held at the first and at the `k−1`-th (for `!=`, a step of ±1 must not
//! pass the value). The runs in which it wraps are left to the ordinary
//! unrolling, which is offered after the summary under a necessary
//! condition for a wrap ([`Explorer::may_wrap`]): the two together are every
//! run, so a proof through a summarized loop is as exact as one through an
//! unrolled loop, and needs no loop bound when no wrap is possible.

mod nest;

use super::cmv::{MethodInfo, St};
use super::explore::Explorer;
use crate::cfg::{BlockId, Edge, Operands};
use crate::classfile::bytecode::{BinOp, Cond, Constant, Instruction, Kind, Op};
use crate::classfile::JType;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};

/// A value the head compares: the tested counter, or a loop invariant.
#[derive(Debug, Clone)]
pub(super) enum Operand {
    Counter(u16),
    Invariant(Expr),
}

/// Instructions that push one int the loop cannot change: constants,
/// locals the loop does not write, static int fields (the loop writes no
/// field), and int arithmetic that cannot throw over them.
pub(super) type Expr = Vec<Instruction>;

/// What one iteration adds to a counter.
#[derive(Debug, Clone)]
enum Step {
    /// A constant (`iinc`, or an `iadd`/`isub` of a constant).
    Delta(i64),
    /// The invariant, added.
    Add(Expr),
    /// The invariant, subtracted.
    Sub(Expr),
    /// Each of an inner counter loop's runs, times `per` ([`nest`]).
    Inner { runs: InnerRuns, per: Box<Step> },
}

/// An inner counter loop's count of iterations: from `start` by one toward
/// `bound` (up while below it, or down while above it), none when the
/// start is already past it.
#[derive(Debug, Clone)]
struct InnerRuns {
    start: Expr,
    bound: Expr,
    up: bool,
}

#[derive(Debug, Clone)]
struct Counter {
    local: u16,
    step: Step,
}

/// A counter loop found at a loop head (see the module's text).
#[derive(Debug, Clone)]
pub(super) struct CounterLoop {
    body: BlockId,
    /// What holds along the edge from the head into the body, between the
    /// head's operands (`value1 cond value2`, or `value cond 0`).
    cont: Cond,
    operands: Vec<Operand>,
    counters: Vec<Counter>,
    /// Index into `counters` of the one the head tests.
    tested: usize,
}

impl CounterLoop {
    /// The block whose jump back to the head is the loop's back edge.
    pub fn body(&self) -> BlockId {
        self.body
    }
}

/// How an instruction of an invariant expression changes the stack's
/// depth, or `None` if it cannot be part of one.
fn expr_effect(insn: &Instruction) -> Option<i32> {
    match &insn.op {
        Op::Const(c) => matches!(c.as_ref(), Constant::Int(_)).then_some(1),
        Op::Load(Kind::Int, _) => Some(1),
        Op::GetStatic(f) => matches!(
            f.ty,
            JType::Int | JType::Short | JType::Byte | JType::Char | JType::Boolean
        )
        .then_some(1),
        Op::Binary(
            Kind::Int,
            BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Shl
            | BinOp::Shr
            | BinOp::Ushr,
        ) => Some(-1),
        Op::Neg(Kind::Int) => Some(0),
        _ => None,
    }
}

/// Whether `insns` push exactly one int, built only from what
/// [`expr_effect`] allows and reading none of the `written` locals.
pub(super) fn is_invariant(insns: &[Instruction], written: &[u16]) -> bool {
    let mut depth = 0;
    for insn in insns {
        if matches!(&insn.op, Op::Load(_, y) if written.contains(y)) {
            return false;
        }
        match expr_effect(insn) {
            Some(d) if depth + d >= 1 => depth += d,
            _ => return false,
        }
    }
    depth == 1
}

/// The locals a body's instructions store to (`istore`, `iinc`).
fn written_locals(body: &[Instruction]) -> Vec<u16> {
    body.iter()
        .filter_map(|i| match &i.op {
            Op::Store(_, x) | Op::Iinc { index: x, .. } => Some(*x),
            _ => None,
        })
        .collect()
}

/// The counter updates of a body's instructions (its final `goto` left
/// out), or `None` if the body does anything else.
fn counter_updates(body: &[Instruction]) -> Option<Vec<Counter>> {
    let written = written_locals(body);
    let mut counters: Vec<Counter> = Vec::new();
    let mut rest = body;
    while let Some(end) = rest
        .iter()
        .position(|i| matches!(i.op, Op::Store(..) | Op::Iinc { .. }))
    {
        let statement = &rest[..=end];
        rest = &rest[end + 1..];
        let counter = match statement {
            [Instruction {
                op: Op::Iinc { index, delta },
                ..
            }] => Counter {
                local: *index,
                step: Step::Delta((*delta).into()),
            },
            [first, expr @ .., op, store] => {
                let (Op::Binary(Kind::Int, bin), Op::Store(Kind::Int, x)) = (&op.op, &store.op)
                else {
                    return None;
                };
                let (invariant, add) = match (&first.op, expr.last().map(|i| &i.op)) {
                    (Op::Load(Kind::Int, y), _) if y == x => (expr.to_vec(), *bin == BinOp::Add),
                    (_, Some(Op::Load(Kind::Int, y))) if y == x && *bin == BinOp::Add => {
                        let mut e = vec![first.clone()];
                        e.extend_from_slice(&expr[..expr.len() - 1]);
                        (e, true)
                    }
                    _ => return None,
                };
                if !matches!(bin, BinOp::Add | BinOp::Sub) || !is_invariant(&invariant, &written) {
                    return None;
                }
                let step = match &invariant[..] {
                    [Instruction {
                        op: Op::Const(c), ..
                    }] => {
                        let Constant::Int(v) = c.as_ref() else {
                            return None;
                        };
                        let v = i64::from(*v);
                        Step::Delta(if add { v } else { -v })
                    }
                    _ if add => Step::Add(invariant),
                    _ => Step::Sub(invariant),
                };
                Counter { local: *x, step }
            }
            _ => return None,
        };
        if counters.iter().any(|c| c.local == counter.local) {
            return None;
        }
        counters.push(counter);
    }
    (rest.is_empty() && !counters.is_empty()).then_some(counters)
}

/// The locals the counters count in.
fn counter_locals(counters: &[Counter]) -> Vec<u16> {
    counters.iter().map(|c| c.local).collect()
}

/// The head's instructions before its branch, split into the operands the
/// branch compares; a lone load of one of the `counters` locals is a
/// counter.
pub(super) fn head_operands(
    insns: &[Instruction],
    counters: &[u16],
    written: &[u16],
) -> Option<Vec<Operand>> {
    // The first operand ends at the last point where one value is on the
    // stack (the second one never goes below two).
    let mut depth = 0;
    let mut split = insns.len();
    for (i, insn) in insns.iter().enumerate() {
        depth += expr_effect(insn)?;
        if depth == 1 && i + 1 < insns.len() {
            split = i + 1;
        }
    }
    let parts: Vec<&[Instruction]> = if split == insns.len() {
        vec![insns]
    } else {
        vec![&insns[..split], &insns[split..]]
    };
    parts
        .into_iter()
        .map(|part| match part {
            [Instruction {
                op: Op::Load(Kind::Int, x),
                ..
            }] if counters.contains(x) => Some(Operand::Counter(*x)),
            _ if is_invariant(part, written) => Some(Operand::Invariant(part.to_vec())),
            _ => None,
        })
        .collect()
}

/// The counter loop whose head is `head`, if it is one: two blocks, or an
/// outer loop around an inner one ([`nest`]).
pub(super) fn counter_loop(m: &MethodInfo, head: BlockId) -> Option<CounterLoop> {
    two_block_loop(m, head).or_else(|| nest::nested_loop(m, head))
}

/// The counter loop of two blocks whose head is `head`, if it is one.
fn two_block_loop(m: &MethodInfo, head: BlockId) -> Option<CounterLoop> {
    let cfg = &m.cfg;
    if !cfg.is_loop_header(head) {
        return None;
    }
    let body = super::loop_bound::latch(m, head)?;
    if body == head {
        return None;
    }
    let body_preds = cfg.preds(body);
    let body_succs = cfg.succs(body);
    if body_preds.len() != 1 || body_preds[0].0 != head || body_succs.len() != 1 {
        return None;
    }
    if !matches!(body_succs[0].1, Edge::Goto { .. } | Edge::FallThrough) {
        return None;
    }
    let code = m.code();
    let (head_block, body_block) = (cfg.block(head)?, cfg.block(body)?);
    if !m.frames.at(body_block.start)?.stack.is_empty() {
        return None;
    }
    let body_insns = &code.instructions[body_block.first..=body_block.last];
    let body_insns = match body_insns.last().map(|i| &i.op) {
        Some(Op::Goto(_)) => &body_insns[..body_insns.len() - 1],
        _ => body_insns,
    };
    let counters = counter_updates(body_insns)?;
    let written = written_locals(body_insns);
    let head_insns = &code.instructions[head_block.first..head_block.last];
    let operands = head_operands(head_insns, &counter_locals(&counters), &written)?;
    finish(m, head, body, body, operands, counters)
}

/// The counter loop at `head` from its parts: `into` is the head's
/// successor in the loop, `latch` the block whose jump back closes it,
/// `operands` what the head's branch compares.
fn finish(
    m: &MethodInfo,
    head: BlockId,
    into: BlockId,
    latch: BlockId,
    operands: Vec<Operand>,
    counters: Vec<Counter>,
) -> Option<CounterLoop> {
    let cfg = &m.cfg;
    let head_succs = cfg.succs(head);
    if head_succs.len() != 2 {
        return None;
    }
    let mut cont = None;
    for (to, edge) in &head_succs {
        match edge {
            Edge::Branch {
                cond,
                operands: Operands::IntZero | Operands::IntInt,
                ..
            } if *to == into => cont = Some(*cond),
            Edge::Branch { .. } if *to != head => {}
            _ => return None,
        }
    }
    let cont = cont?;
    let head_block = cfg.block(head)?;
    if !m.frames.at(head_block.start)?.stack.is_empty() {
        return None;
    }
    let wanted = match m.code().instructions[head_block.last].op {
        Op::If { .. } => 1,
        Op::IfICmp { .. } => 2,
        _ => return None,
    };
    let tested_locals: Vec<u16> = operands
        .iter()
        .filter_map(|o| match o {
            Operand::Counter(x) => Some(*x),
            Operand::Invariant(_) => None,
        })
        .collect();
    let (&[x], true) = (&tested_locals[..], operands.len() == wanted) else {
        return None;
    };
    let tested = counters.iter().position(|c| c.local == x)?;
    if cont == Cond::Ne && !matches!(counters[tested].step, Step::Delta(1 | -1)) {
        return None;
    }
    Some(CounterLoop {
        body: latch,
        cont,
        operands,
        counters,
        tested,
    })
}

/// The head's test as "counter `cond` bound", whichever side the counter
/// is on.
struct Test {
    cond: Cond,
    /// The invariant the counter is compared with (32 bits).
    bound: TermId,
}

impl Explorer<'_> {
    /// The value an invariant expression pushes in `st` (which it may
    /// complete: a local or static read for the first time gets its value
    /// there), by stepping back over its instructions with the value as a
    /// fresh result.
    pub(super) fn invariant(
        &mut self,
        st: &mut St,
        expr: &Expr,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let v = self.fresh("inv", Sort::Bv(32));
        let depth = st.top().stack.len();
        st.top().stack.push(v);
        for insn in expr.iter().rev() {
            if self.step(st, insn, out).is_err() {
                st.top().stack.truncate(depth);
                return None;
            }
        }
        debug_assert_eq!(st.top().stack.len(), depth);
        Some(v)
    }

    /// The 64-bit amount one iteration adds to `counter`.
    fn step_amount(
        &mut self,
        st: &mut St,
        counter: &Counter,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        Some(match &counter.step {
            Step::Delta(d) => self.terms.bv(*d, 64),
            Step::Add(insn) => {
                let v = self.invariant(st, insn, out)?;
                self.terms.sign_ext(32, v)
            }
            Step::Sub(insn) => {
                let v = self.invariant(st, insn, out)?;
                let wide = self.terms.sign_ext(32, v);
                self.terms.neg(wide)
            }
            Step::Inner { runs, per } => {
                let start = self.invariant(st, &runs.start, out)?;
                let bound = self.invariant(st, &runs.bound, out)?;
                let (start, bound) = (
                    self.terms.sign_ext(32, start),
                    self.terms.sign_ext(32, bound),
                );
                let gap = if runs.up {
                    self.terms.bin(BvOp::Sub, bound, start)
                } else {
                    self.terms.bin(BvOp::Sub, start, bound)
                };
                let zero = self.terms.bv(0, 64);
                let some = self.terms.cmp(BvCmp::Sgt, gap, zero);
                let count = self.terms.ite(some, gap, zero);
                let each = self.step_amount(
                    st,
                    &Counter {
                        local: counter.local,
                        step: (**per).clone(),
                    },
                    out,
                )?;
                self.terms.bin(BvOp::Mul, count, each)
            }
        })
    }

    fn test(&mut self, st: &mut St, l: &CounterLoop, out: &mut Vec<TermId>) -> Option<Test> {
        let (cond, bound) = match &l.operands[..] {
            [Operand::Counter(_)] => (l.cont, self.terms.int(0)),
            [Operand::Counter(_), Operand::Invariant(i)] => (l.cont, self.invariant(st, i, out)?),
            [Operand::Invariant(i), Operand::Counter(_)] => {
                (l.cont.swapped(), self.invariant(st, i, out)?)
            }
            _ => return None,
        };
        Some(Test { cond, bound })
    }

    /// Rewrites `st`, at the head of loop `l` after some `k ≥ 0`
    /// iterations, into the state at the head's first visit, with what the
    /// summary asserts in `out`. `None` when a value the loop reads cannot
    /// be modelled (then the loop is unrolled as usual).
    pub(super) fn summarize(
        &mut self,
        st: &mut St,
        l: &CounterLoop,
        out: &mut Vec<TermId>,
    ) -> Option<()> {
        let test = self.test(st, l, out)?;
        // k < 2^32 by its width: a counter that never wraps takes at most
        // 2^32 values, the last failing the test. 64 bits hold every
        // product below.
        let k32 = self.fresh("k", Sort::Bv(32));
        let k = self.terms.zero_ext(32, k32);
        let mut tested = None;
        for (i, counter) in l.counters.iter().enumerate() {
            let slot = counter.local as usize;
            let after = match st.top().locals[slot] {
                Some(t) => t,
                None if i == l.tested => self.fresh("v", Sort::Bv(32)),
                None => continue,
            };
            let step = self.step_amount(st, counter, out)?;
            let before = self.fresh("v", Sort::Bv(32));
            if i == l.tested {
                let start = self.terms.sign_ext(32, before);
                let moved = self.terms.bin(BvOp::Mul, k, step);
                let end = self.terms.bin(BvOp::Add, start, moved);
                let low = self.terms.extract(31, 0, end);
                out.push(self.terms.eq(after, low));
                tested = Some((before, start, end, step));
            } else {
                // Only the low 32 bits matter: Java's wrapping sum.
                let step32 = self.terms.extract(31, 0, step);
                let moved = self.terms.bin(BvOp::Mul, k32, step32);
                let end = self.terms.bin(BvOp::Add, before, moved);
                out.push(self.terms.eq(after, end));
            }
            st.top().locals[slot] = Some(before);
        }
        let (before, start, end, step) = tested?;
        // The tested counter never wraps: its 64-bit value stays an int.
        let (min, max) = (
            self.terms.bv(i32::MIN.into(), 64),
            self.terms.bv(i32::MAX.into(), 64),
        );
        out.push(self.terms.cmp(BvCmp::Sge, end, min));
        out.push(self.terms.cmp(BvCmp::Sle, end, max));
        // The test held at every visit before the k-th.
        let last_wide = self.terms.bin(BvOp::Sub, end, step);
        let last = self.terms.extract(31, 0, last_wide);
        let held = if test.cond == Cond::Ne {
            // A step of ±1 visits every int between the first and the
            // last value: the bound is none of them.
            let bound = self.terms.sign_ext(32, test.bound);
            let zero = self.terms.bv(0, 64);
            let up = self.terms.cmp(BvCmp::Sgt, step, zero);
            let (lo, hi) = (
                self.terms.ite(up, start, last_wide),
                self.terms.ite(up, last_wide, start),
            );
            let above_lo = self.terms.cmp(BvCmp::Sle, lo, bound);
            let below_hi = self.terms.cmp(BvCmp::Sle, bound, hi);
            let inside = self.terms.and(vec![above_lo, below_hi]);
            self.terms.not(inside)
        } else {
            let first = self.cond_term(test.cond, before, test.bound);
            let at_last = self.cond_term(test.cond, last, test.bound);
            self.terms.and(vec![first, at_last])
        };
        let none = self.terms.int(0);
        let some = self.terms.ne(k32, none);
        out.push(self.terms.implies(some, held));
        Some(())
    }

    /// A condition every run of loop `l` in which the tested counter wraps
    /// satisfies, at the head in `st`: some value passing the test, plus
    /// the step, leaves the int range. `None` when it cannot be stated
    /// (then nothing restricts the unrolling).
    pub(super) fn may_wrap(
        &mut self,
        st: &mut St,
        l: &CounterLoop,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let test = self.test(st, l, out)?;
        let step = self.step_amount(st, &l.counters[l.tested], out)?;
        Some(self.wraps(test.cond, test.bound, step))
    }

    /// Whether a counter tested `counter cond bound` (`bound` 32 bits)
    /// and moved by `step` (64 bits) can wrap: some value passing the
    /// test, plus the step, leaves the int range.
    pub(super) fn wraps(&mut self, cond: Cond, bound: TermId, step: TermId) -> TermId {
        let bound = self.terms.sign_ext(32, bound);
        let (min, max) = (
            self.terms.bv(i32::MIN.into(), 64),
            self.terms.bv(i32::MAX.into(), 64),
        );
        let one = self.terms.bv(1, 64);
        // The largest and the smallest int that pass the test.
        let (hi, lo) = match cond {
            Cond::Lt => (self.terms.bin(BvOp::Sub, bound, one), min),
            Cond::Le => (bound, min),
            Cond::Gt => (max, self.terms.bin(BvOp::Add, bound, one)),
            Cond::Ge => (max, bound),
            Cond::Eq => (bound, bound),
            Cond::Ne => (max, min),
        };
        let zero = self.terms.bv(0, 64);
        let up = self.terms.cmp(BvCmp::Sgt, step, zero);
        let down = self.terms.cmp(BvCmp::Slt, step, zero);
        let hi_next = self.terms.bin(BvOp::Add, hi, step);
        let lo_next = self.terms.bin(BvOp::Add, lo, step);
        let over = self.terms.cmp(BvCmp::Sgt, hi_next, max);
        let under = self.terms.cmp(BvCmp::Slt, lo_next, min);
        let wraps_up = self.terms.and(vec![up, over]);
        let wraps_down = self.terms.and(vec![down, under]);
        self.terms.or(vec![wraps_up, wraps_down])
    }
}
