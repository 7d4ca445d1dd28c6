//! Nested counter loops (issue 38, item 2): an outer loop whose body runs
//! an inner counter loop from a fresh start each time —
//! `for (i = 0; i < n; i++) for (j = 0; j < m; j++) c++;` — is a counter
//! loop too. The inner loop's summary is the outer one's step: each outer
//! iteration runs the inner loop `max(m − j₀, 0)` times (for a test `j <
//! m` counting up by one from `j₀`, or `j > m` counting down), so every
//! inner counter adds that many times its own step, an amount the outer
//! loop cannot change. Walking back over `k` outer iterations is then one
//! step ([`super`]), and `c == n * m` is one constraint rather than `n`
//! unrollings.
//!
//! The shape, as javac compiles it: the outer head tests its counter; one
//! block stores the inner counter's start (a constant or an invariant);
//! the inner loop is a two-block counter loop whose bound and steps read
//! nothing the outer loop writes; its exit is the outer latch, which only
//! adds invariants to int locals (the outer counter among them). The inner
//! counter must be dead at the outer head (its next start overwrites it),
//! and no local may be both an inner and an outer counter.

use super::super::cmv::MethodInfo;
use super::super::loop_bound::{latch, loop_blocks};
use super::{
    counter_locals, counter_updates, head_operands, is_invariant, two_block_loop, written_locals,
    Counter, CounterLoop, InnerRuns, Operand, Step,
};
use crate::cfg::{BlockId, Edge};
use crate::classfile::bytecode::{Cond, Instruction, Op};
use crate::frames::VType;

/// The counter loop at `head` whose body holds an inner counter loop, as
/// the module's text says.
pub(super) fn nested_loop(m: &MethodInfo, head: BlockId) -> Option<CounterLoop> {
    let cfg = &m.cfg;
    let latch = latch(m, head)?;
    let blocks = loop_blocks(m, head, latch)?;
    // The latch is entered only from the inner head's exit.
    let [(inner_head, _)] = cfg.preds(latch)[..] else {
        return None;
    };
    let inner = two_block_loop(m, inner_head)?;
    // The inner loop is entered from one block, entered from the head.
    let entries: Vec<BlockId> = cfg
        .preds(inner_head)
        .into_iter()
        .map(|(p, _)| p)
        .filter(|&p| p != inner.body)
        .collect();
    let [init] = entries[..] else {
        return None;
    };
    let [(from, _)] = cfg.preds(init)[..] else {
        return None;
    };
    if from != head || blocks.len() != 5 {
        return None;
    }
    let all = [head, init, inner_head, inner.body, latch];
    if blocks.iter().any(|b| !all.contains(b)) {
        return None;
    }
    let code = m.code();
    let insns = |b: BlockId| -> Option<&[Instruction]> {
        let block = cfg.block(b)?;
        let insns = &code.instructions[block.first..=block.last];
        Some(match insns.last().map(|i| &i.op) {
            Some(Op::Goto(_)) => &insns[..insns.len() - 1],
            _ => insns,
        })
    };
    if !matches!(cfg.succs(latch)[..], [(to, Edge::Goto { .. })] if to == head) {
        return None;
    }
    let latch_insns = insns(latch)?;
    let latch_counters = counter_updates(latch_insns)?;
    let j = inner.counters[inner.tested].local;
    // Every local the outer loop writes.
    let mut written = written_locals(latch_insns);
    written.extend(written_locals(insns(init)?));
    written.extend(inner.counters.iter().map(|c| c.local));
    // The inner counter's start: `<invariant>; istore j`, j dead at the head.
    let start = match insns(init)? {
        [expr @ .., store] if matches!(store.op, Op::Store(_, x) if x == j) => expr.to_vec(),
        _ => return None,
    };
    let head_frame = m.frames.at(cfg.block(head)?.start)?;
    if !is_invariant(&start, &written)
        || !matches!(head_frame.locals.get(j as usize), Some(VType::Top) | None)
    {
        return None;
    }
    // The inner test as "j cont bound", counting by one toward the bound.
    let (cont, bound) = match &inner.operands[..] {
        [Operand::Counter(_), Operand::Invariant(b)] => (inner.cont, b.clone()),
        [Operand::Invariant(b), Operand::Counter(_)] => (inner.cont.swapped(), b.clone()),
        _ => return None,
    };
    let runs = match (cont, &inner.counters[inner.tested].step) {
        (Cond::Lt, Step::Delta(1)) | (Cond::Gt, Step::Delta(-1)) => InnerRuns {
            start,
            bound,
            up: cont == Cond::Lt,
        },
        _ => return None,
    };
    if !is_invariant(&runs.bound, &written) {
        return None;
    }
    let mut counters: Vec<Counter> = Vec::new();
    for c in inner.counters.iter().filter(|c| c.local != j) {
        let invariant = match &c.step {
            Step::Delta(_) => true,
            Step::Add(e) | Step::Sub(e) => is_invariant(e, &written),
            Step::Inner { .. } => false,
        };
        if !invariant {
            return None;
        }
        counters.push(Counter {
            local: c.local,
            step: Step::Inner {
                runs: runs.clone(),
                per: Box::new(c.step.clone()),
            },
        });
    }
    for c in latch_counters {
        if c.local == j || counters.iter().any(|o| o.local == c.local) {
            return None;
        }
        if let Step::Add(e) | Step::Sub(e) = &c.step {
            if !is_invariant(e, &written) {
                return None;
            }
        }
        counters.push(c);
    }
    // The outer head's test, on a counter the latch steps.
    let head_block = cfg.block(head)?;
    let head_insns = &code.instructions[head_block.first..head_block.last];
    let operands = head_operands(head_insns, &counter_locals(&counters), &written)?;
    let outer = super::finish(m, head, init, latch, operands, counters)?;
    // The tested counter's 64-bit arithmetic needs a step below 2^32.
    (!matches!(outer.counters[outer.tested].step, Step::Inner { .. })).then_some(outer)
}
