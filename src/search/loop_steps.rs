//! How far one iteration of a cell loop ([`super::loop_cells`], issue 38)
//! moves each int local it writes: an interval of steps per local, found
//! by an interval analysis of the body's bytecode (`iinc x d`, `iload x;
//! iconst c; iadd; istore x`), joined over the body's paths. A counter
//! that some iterations bump by one moves by `0..=1`; an index by exactly
//! `1`; a local the body stores anything else into is not described.
//!
//! After `j` iterations such a local lies within `j·lo ..= j·hi` of its
//! first value. The summary's formula implies it, but Z3 finds it only by
//! reasoning over a sum of `ite`s, which bit-blasting does badly: "thirty
//! dots among at most sixteen cells" took half a second to refute and each
//! labeling probe of a short array timed out. Stated per iteration, it is
//! a bound the solver propagates at once (see `summarize_cells`).

use std::collections::BTreeMap;

use super::cmv::MethodInfo;
use crate::cfg::BlockId;
use crate::classfile::bytecode::{BinOp, Constant, Kind, Op, StackOp};

/// A written local's move since the iteration began: `lo..=hi`, or not
/// described.
type Moves = BTreeMap<u16, Option<(i64, i64)>>;

/// A value on the operand stack: a written local moved by `lo..=hi`, an
/// int constant, or anything else.
#[derive(Clone, Copy)]
enum Slot {
    Local(u16, i64, i64),
    Int(i64),
    Other,
}

/// Per written int local, the interval of its move in one iteration of
/// the loop with head `head` and `body` (each block after its
/// predecessors, the latch last); locals whose move is not described are
/// left out, and so is every local when a step is not understood.
pub(super) fn steps(
    m: &MethodInfo,
    head: BlockId,
    body: &[BlockId],
    written: &[u16],
) -> BTreeMap<u16, (i64, i64)> {
    walk(m, head, body, written).unwrap_or_default()
}

fn walk(
    m: &MethodInfo,
    head: BlockId,
    body: &[BlockId],
    written: &[u16],
) -> Option<BTreeMap<u16, (i64, i64)>> {
    let start: Moves = written.iter().map(|&x| (x, Some((0, 0)))).collect();
    let mut exits = BTreeMap::new();
    exits.insert(head, run(m, head, start)?);
    for &b in body {
        let mut entry: Option<Moves> = None;
        for (p, edge) in m.cfg.preds(b) {
            if edge.is_exceptional() {
                continue;
            }
            if let Some(from) = exits.get(&p) {
                entry = Some(match entry {
                    None => from.clone(),
                    Some(e) => hull(&e, from),
                });
            }
        }
        let exit = run(m, b, entry?)?;
        exits.insert(b, exit);
    }
    let latch = exits.get(body.last()?)?;
    Some(
        latch
            .iter()
            .filter_map(|(&x, moved)| moved.map(|r| (x, r)))
            .collect(),
    )
}

/// The moves of two ways into a block: the interval that holds both.
fn hull(a: &Moves, b: &Moves) -> Moves {
    a.iter()
        .map(|(&x, &ma)| {
            let joined = match (ma, b.get(&x).copied().flatten()) {
                (Some((l1, h1)), Some((l2, h2))) => Some((l1.min(l2), h1.max(h2))),
                _ => None,
            };
            (x, joined)
        })
        .collect()
}

/// The moves after block `b`, entered with `moves` and an empty stack;
/// `None` for an instruction this analysis does not follow.
fn run(m: &MethodInfo, b: BlockId, mut moves: Moves) -> Option<Moves> {
    let block = m.cfg.block(b)?;
    let mut stack: Vec<Slot> = Vec::new();
    for insn in &m.code().instructions[block.first..=block.last] {
        match &insn.op {
            Op::Nop | Op::Goto(_) => {}
            Op::Load(Kind::Int, x) => stack.push(match moves.get(x) {
                Some(Some((lo, hi))) => Slot::Local(*x, *lo, *hi),
                _ => Slot::Other,
            }),
            Op::Load(..) => stack.push(Slot::Other),
            Op::Const(c) => stack.push(match c.as_ref() {
                Constant::Int(v) => Slot::Int(i64::from(*v)),
                _ => Slot::Other,
            }),
            Op::Store(_, x) => {
                let v = stack.pop()?;
                if let Some(moved) = moves.get_mut(x) {
                    *moved = match v {
                        Slot::Local(y, lo, hi) if y == *x => Some((lo, hi)),
                        _ => None,
                    };
                }
            }
            Op::Iinc { index, delta } => {
                if let Some(moved) = moves.get_mut(index) {
                    let d = i64::from(*delta);
                    *moved = moved.map(|(lo, hi)| (lo + d, hi + d));
                }
            }
            Op::Binary(_, op) => {
                let (b, a) = (stack.pop()?, stack.pop()?);
                stack.push(match (op, a, b) {
                    (BinOp::Add, Slot::Local(x, lo, hi), Slot::Int(c))
                    | (BinOp::Add, Slot::Int(c), Slot::Local(x, lo, hi)) => {
                        Slot::Local(x, lo + c, hi + c)
                    }
                    (BinOp::Sub, Slot::Local(x, lo, hi), Slot::Int(c)) => {
                        Slot::Local(x, lo - c, hi - c)
                    }
                    _ => Slot::Other,
                });
            }
            Op::Neg(_) | Op::Convert(_) | Op::ArrayLength => {
                stack.pop()?;
                stack.push(Slot::Other);
            }
            Op::ArrayLoad(_) => {
                stack.pop()?;
                stack.pop()?;
                stack.push(Slot::Other);
            }
            Op::If { .. } => {
                stack.pop()?;
            }
            Op::IfICmp { .. } => {
                stack.pop()?;
                stack.pop()?;
            }
            Op::Stack(StackOp::Pop) => {
                stack.pop()?;
            }
            Op::Stack(StackOp::Dup) => stack.push(*stack.last()?),
            Op::Stack(StackOp::Swap) => {
                let (b, a) = (stack.pop()?, stack.pop()?);
                stack.extend([b, a]);
            }
            _ => return None,
        }
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::analysis::MethodKey;
    use crate::classpath::ClassPath;
    use crate::program::Program;

    /// The cell loops of `class.name(descriptor)` in the JDK, each with
    /// its steps.
    fn loops_of(class: &str, name: &str, descriptor: &str) -> Vec<BTreeMap<u16, (i64, i64)>> {
        let cp = Program::new(ClassPath::new().expect("the JDK"));
        let class = cp.load(class).expect("a JDK class");
        let index = class
            .methods
            .iter()
            .position(|m| m.name == name && m.descriptor == descriptor)
            .expect("the method");
        let m = &class.methods[index];
        let info = MethodInfo {
            cfg: cp.analyses().cfg(&cp, &class, m).expect("a cfg"),
            frames: cp.analyses().frames(&cp, &class, m).expect("frames"),
            dist: cp.analyses().distances(&cp, &class, m).expect("distances"),
            key: MethodKey::of(&class, m),
            class: Arc::clone(&class),
            index,
        };
        let heads: Vec<BlockId> = info.cfg.loop_headers().collect();
        heads
            .into_iter()
            .filter_map(|h| super::super::loop_cells::cell_loop(&info, h))
            .map(|l| l.steps(&info))
            .collect()
    }

    /// `for (byte element : a) result = 31 * result + element;`: the
    /// hidden index moves by exactly one; `result` and `element` are
    /// stored other values, so they are not described.
    #[test]
    fn an_index_moves_by_one_and_a_product_is_not_described() {
        let loops = loops_of("java/util/Arrays", "hashCode", "([B)I");
        let [steps] = &loops[..] else {
            panic!("one cell loop: {loops:?}");
        };
        assert_eq!(steps.values().collect::<Vec<_>>(), [&(1, 1)], "{steps:?}");
    }
}
