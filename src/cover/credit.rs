//! JaCoCo's rule for what a run covers, applied to a replay: JaCoCo marks
//! an instruction covered only when a probe after it runs. Its probes sit
//! before returns, `athrow`s and `goto`s, on jumps into labels with several
//! predecessors, before such labels, and at the start of every source line
//! that calls a method (when the line is entered by falling into it); an
//! instruction between two probes counts when the later one runs. So a run
//! that ends in an exception the JVM or a callee raised loses the
//! instructions since the last probe: back from where it arose to the start
//! of its line if the line calls a method, else to the start of its block,
//! and, back through a branch whose other way the run never took and into
//! blocks with one way in, the blocks before it. jaut's coverage claims (`instructions_covered`, and which
//! targets count as covered and are not attempted again) follow the same
//! rule, so that they agree with what JaCoCo measures on the tests.

use std::collections::BTreeSet;

use crate::cfg::Edge;
use crate::classfile::{Op, Pc};
use crate::program::Program;
use crate::replay::observation::{Ended, Observation};

use super::Unit;

/// What a run executed that JaCoCo would not credit: pcs and branch
/// outcomes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uncredited {
    pub pcs: BTreeSet<Pc>,
    pub edges: BTreeSet<(Pc, Pc)>,
}

/// The part of a replay JaCoCo would not credit: walking back from each
/// point where an exception arose — those a handler of the method caught,
/// and the one that ended the call — unless it arose at an `athrow` (a
/// probe precedes it) or the instruction after it also ran (it completed
/// at another time).
pub fn uncredited(cp: &Program, unit: &Unit, o: &Observation) -> Uncredited {
    let mut out = Uncredited::default();
    let mut points = o.raised.clone();
    if let (Ended::Threw { .. }, Some(last)) = (&o.ended, o.last) {
        points.push(last);
    }
    if points.is_empty() {
        return out;
    }
    let Ok(cfg) = cp.analyses().cfg(cp, &unit.class, unit.method()) else {
        return out;
    };
    let code = unit.code();
    let executed: BTreeSet<Pc> = o.executed.iter().copied().collect();
    let taken: BTreeSet<(Pc, Pc)> = o.edges.iter().copied().collect();
    let probes = line_probes(code);
    for point in points {
        let Some(index) = code.index_of(point) else {
            continue;
        };
        if matches!(code.instructions[index].op, Op::AThrow) {
            continue;
        }
        let Some(block) = cfg.block_of(point) else {
            continue;
        };
        let completed = cfg.block(block).is_some_and(|b| index < b.last)
            && executed.contains(&code.instructions[index + 1].pc);
        if completed {
            continue;
        }
        walk(
            &cfg, code, &probes, &executed, &taken, block, point, &mut out,
        );
    }
    out
}

/// Adds to `out` what lies between the probe before `upto` and `upto`
/// (see the module's comment).
#[allow(clippy::too_many_arguments)]
fn walk(
    cfg: &crate::cfg::Cfg,
    code: &crate::classfile::Code,
    probes: &BTreeSet<Pc>,
    executed: &BTreeSet<Pc>,
    taken: &BTreeSet<(Pc, Pc)>,
    mut block: crate::cfg::BlockId,
    mut upto: Pc,
    out: &mut Uncredited,
) {
    let mut seen = BTreeSet::new();
    while seen.insert(block) {
        let Some(b) = cfg.block(block) else { break };
        // A line probe in the block, at or before `upto`, ends the walk.
        let from = probes.range(b.start..=upto).next_back().copied();
        out.pcs.extend(
            code.instructions[b.first..=b.last]
                .iter()
                .map(|i| i.pc)
                .filter(|&pc| pc >= from.unwrap_or(b.start) && pc <= upto)
                .filter(|pc| executed.contains(pc)),
        );
        if from.is_some() {
            break;
        }
        // Back into the one way in, unless a probe lies on it.
        let preds = cfg.preds(block);
        let [(pred, edge)] = preds.as_slice() else {
            break;
        };
        let Some(p) = cfg.block(*pred) else { break };
        match edge {
            Edge::FallThrough => {}
            Edge::Branch { pc, .. } => {
                out.edges.insert((*pc, b.start));
                // The branch itself counts when its other way was taken.
                if taken.iter().any(|&(from, to)| from == *pc && to != b.start) {
                    break;
                }
            }
            _ => break,
        }
        upto = code.instructions[p.last].pc;
        block = *pred;
    }
}

/// The pcs where JaCoCo puts a probe because a source line that calls a
/// method starts there (`LabelInfo.methodInvocationLine`): the line's first
/// pc, when the instruction before it can fall into it.
fn line_probes(code: &crate::classfile::Code) -> BTreeSet<Pc> {
    let mut out = BTreeSet::new();
    for (k, i) in code.instructions.iter().enumerate() {
        if !matches!(i.op, Op::Invoke(..) | Op::InvokeDynamic { .. }) {
            continue;
        }
        let at = code.lines.partition_point(|l| l.start_pc <= i.pc);
        let Some(start) = at.checked_sub(1).map(|j| code.lines[j].start_pc) else {
            continue;
        };
        let Some(index) = code.index_of(start) else {
            continue;
        };
        let falls_in = index > 0 && !code.instructions[index - 1].op.ends_flow();
        if falls_in && index <= k {
            out.insert(start);
        }
    }
    out
}
