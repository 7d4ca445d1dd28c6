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

use super::cmv::MethodInfo;
use crate::cfg::{BlockId, Edge};
use crate::classfile::bytecode::{Cond, Constant, Instruction, Kind, Op};

/// The most iterations one visit of the loop headed by `head` can run,
/// when its counter is as the module's text says; `None` otherwise.
pub(super) fn max_iterations(m: &MethodInfo, head: BlockId) -> Option<u64> {
    let cfg = &m.cfg;
    let code = m.code();
    let latch = latch(m, head)?;
    let body = loop_blocks(m, head, latch)?;
    // The head: `iload i; <const C>; if_icmp` (or `iload i; if<cond>`
    // against 0), one successor in the loop.
    let head_block = cfg.block(head)?;
    let head_insns = &code.instructions[head_block.first..=head_block.last];
    let (local, limit, flipped_operands) = match head_insns {
        [load, branch] if matches!(branch.op, Op::If { .. }) => (int_load(load)?, 0, false),
        [a, b, branch] if matches!(branch.op, Op::IfICmp { .. }) => {
            match (int_load(a), int_load(b), int_const(a), int_const(b)) {
                (Some(i), _, _, Some(c)) => (i, c, false),
                (_, Some(i), Some(c), _) => (i, c, true),
                _ => return None,
            }
        }
        _ => return None,
    };
    let mut cont = None;
    for (to, edge) in cfg.succs(head) {
        if let Edge::Branch { cond, .. } = edge {
            if body.contains(&to) {
                cont = Some(if flipped_operands {
                    cond.swapped()
                } else {
                    *cond
                });
            }
        }
    }
    let cont = cont?;
    // The latch ends each iteration with the only write of the counter.
    let mut step = None;
    for &b in &body {
        let block = cfg.block(b)?;
        for insn in &code.instructions[block.first..=block.last] {
            match insn.op {
                Op::Iinc { index, delta } if index == local && b == latch && step.is_none() => {
                    step = Some(i64::from(delta))
                }
                Op::Iinc { index, .. } | Op::Store(_, index) if index == local => return None,
                _ => {}
            }
        }
    }
    let step = step?;
    let start = entry_constant(m, head, &body, local)?;
    let (start, limit) = (i64::from(start), i64::from(limit));
    // Iterations while `i cont limit` holds, from `start` by `step`,
    // the last value tried not passing the int range (no wrap-around).
    let (gap, reach) = match (cont, step > 0) {
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

fn int_load(insn: &Instruction) -> Option<u16> {
    match insn.op {
        Op::Load(Kind::Int, x) => Some(x),
        _ => None,
    }
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
