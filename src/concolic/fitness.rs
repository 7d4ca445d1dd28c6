//! How close a run came to the goal: the fitness that orders the concolic
//! search (the *approach level* and *branch distance* of search-based
//! testing, Korel 1990 and McMinn 2004, as Pex's Fitnex strategy uses them
//! to choose which branch to flip: Xie et al., DSN 2009).
//!
//! A run's fitness is taken at the decisions it got wrong: a conditional
//! branch in the method under test whose outcome left the goal behind (no
//! path from the successor taken leads to it) while another outcome would
//! still lead there. The fitness is the least, over those decisions, of
//! (instructions from the outcome not taken to the goal, how far the
//! operands were from flipping the decision). Lower is better; a run that
//! met the goal has fitness zero.

use std::collections::VecDeque;

use crate::classfile::bytecode::Cond;
use crate::classfile::{Code, Pc};
use crate::search::Goal;

/// Lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Fitness {
    /// Instructions from the outcome not taken to the goal.
    pub approach: u32,
    /// How far the decision's operands were from the other outcome.
    pub distance: u64,
}

impl Fitness {
    /// The fitness of a run that never came to a decision leading away
    /// from the goal (it ended, threw or ran on first).
    pub const WORST: Fitness = Fitness {
        approach: u32::MAX,
        distance: u64::MAX,
    };
    pub const MET: Fitness = Fitness {
        approach: 0,
        distance: 0,
    };
}

/// For every instruction of the method under test, the least number of
/// instructions from it to the goal along normal control flow (exception
/// edges left out), `None` where the goal cannot follow.
pub struct Distances {
    by_index: Vec<Option<u32>>,
    code_pcs: Vec<Pc>,
}

impl Distances {
    pub fn new(code: &Code, goal: &Goal) -> Distances {
        let insns = &code.instructions;
        let index = |pc: Pc| code.index_of(pc);
        // Predecessors along normal flow.
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); insns.len()];
        for (i, insn) in insns.iter().enumerate() {
            let mut succ: Vec<usize> = insn
                .op
                .branch_targets()
                .into_iter()
                .filter_map(index)
                .collect();
            if !insn.op.ends_flow() && i + 1 < insns.len() {
                succ.push(i + 1);
            }
            for s in succ {
                preds[s].push(i);
            }
        }
        let mut by_index = vec![None; insns.len()];
        let mut work = VecDeque::new();
        match goal {
            Goal::Pc(pc) => {
                if let Some(i) = index(*pc) {
                    by_index[i] = Some(0);
                    work.push_back(i);
                }
            }
            // The decision at `from` is one step from the goal (when it
            // goes to `to`); `to` itself is not the goal.
            Goal::Edge { from, .. } => {
                if let Some(i) = index(*from) {
                    by_index[i] = Some(1);
                    work.push_back(i);
                }
            }
            // Any throw or call may raise it: no direction to give.
            Goal::Throws(_) => {}
        }
        while let Some(i) = work.pop_front() {
            let d = by_index[i].expect("queued with a distance") + 1;
            for &p in &preds[i] {
                if by_index[p].is_none() {
                    by_index[p] = Some(d);
                    work.push_back(p);
                }
            }
        }
        Distances {
            by_index,
            code_pcs: insns.iter().map(|i| i.pc).collect(),
        }
    }

    /// The distance from the instruction at `pc` to the goal.
    pub fn at(&self, pc: Pc) -> Option<u32> {
        let i = self.code_pcs.binary_search(&pc).ok()?;
        self.by_index[i]
    }

    /// The fitness of a decision at a conditional branch that went to
    /// `taken` when `others` were possible, with `distance` how far its
    /// operands were from another outcome; `None` when the decision did not
    /// leave the goal behind.
    pub fn decision(&self, taken: Pc, others: &[Pc], distance: u64) -> Option<Fitness> {
        if self.at(taken).is_some() {
            return None;
        }
        let approach = others.iter().filter_map(|&pc| self.at(pc)).min()?;
        Some(Fitness { approach, distance })
    }
}

/// How far `a cond b` is from holding: 0 when it holds, else how much one
/// operand must move (Korel's branch distance for the JVM's integer
/// comparisons).
pub fn branch_distance(cond: Cond, a: i64, b: i64) -> u64 {
    let gap = |x: i64, y: i64| x.abs_diff(y);
    let holds = match cond {
        Cond::Eq => a == b,
        Cond::Ne => a != b,
        Cond::Lt => a < b,
        Cond::Le => a <= b,
        Cond::Gt => a > b,
        Cond::Ge => a >= b,
    };
    if holds {
        return 0;
    }
    match cond {
        Cond::Eq => gap(a, b),
        Cond::Ne => 1,
        Cond::Lt | Cond::Gt => gap(a, b).saturating_add(1),
        Cond::Le | Cond::Ge => gap(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_zero_when_the_comparison_holds() {
        assert_eq!(branch_distance(Cond::Eq, 41, 41), 0);
        assert_eq!(branch_distance(Cond::Eq, 1, 41), 40);
        assert_eq!(branch_distance(Cond::Lt, 5, 5), 1);
        assert_eq!(branch_distance(Cond::Le, 6, 5), 1);
        assert_eq!(branch_distance(Cond::Ne, 3, 3), 1);
        assert_eq!(branch_distance(Cond::Gt, i64::MIN, i64::MAX), u64::MAX);
    }
}
