//! The test objectives of `jaut cover`: the first instruction of every
//! basic block of the methods under test, and every outcome of every
//! conditional branch and switch (JaCoCo's branches: the two ways of an
//! `if<cond>`, each distinct successor of a `tableswitch`/`lookupswitch`,
//! JVMS §6.5), with how deep each lies in its method's CFG.
//!
//! Depth is the length, in blocks, of the longest path from the entry that
//! uses no back edge (so a loop counts once). Attempting the deepest target
//! first pays off because a test that reaches a deep block passes through
//! many shallower ones on the way, and the replay marks them covered.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use crate::cfg::{Cfg, Edge, Node};
use crate::classfile::{Class, Code, Method, Pc};
use crate::program::Program;

use super::CoverError;

/// One method under test.
#[derive(Debug, Clone)]
pub struct Unit {
    pub class: Arc<Class>,
    /// Index into `class.methods`.
    pub index: usize,
}

impl Unit {
    pub fn method(&self) -> &Method {
        &self.class.methods[self.index]
    }

    /// The method's code; units are only made for methods with code.
    pub fn code(&self) -> &Code {
        self.method()
            .code
            .as_ref()
            .expect("units are methods with code")
    }

    /// `pkg.C.name(descriptor)`, for messages and reports.
    pub fn label(&self) -> String {
        let m = self.method();
        format!("{}.{}{}", self.class.java_name(), m.name, m.descriptor)
    }

    /// The form the search uses in its path steps: `pkg/C.name(descriptor)`.
    pub(crate) fn path_name(&self) -> String {
        let m = self.method();
        format!("{}.{}{}", self.class.name, m.name, m.descriptor)
    }
}

/// A test objective: the first instruction of a basic block, or a branch
/// outcome (the branch at `from` followed by the block at `pc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Index of the method in the run's units.
    pub unit: usize,
    /// The block's first pc (for a branch outcome, the successor's).
    pub pc: Pc,
    /// For a branch outcome: the pc of the conditional branch or switch.
    pub from: Option<Pc>,
    pub line: Option<u16>,
    /// The block's number in pc order (`block3` in `jaut cfg`).
    pub block: usize,
    /// The block's last pc + 1 (its instructions are `pc..end`).
    pub end: Pc,
    /// Longest back-edge-free path from the entry, in blocks; `None` when no
    /// path from the entry reaches the block (dead code).
    pub depth: Option<u32>,
    /// The estimated cost of reaching it ([`super::schedule::cost`]): the
    /// cheapest are attempted first in each round. 0 for dead code.
    pub cost: u32,
}

impl Target {
    /// Whether this is a branch outcome rather than a block.
    pub fn is_branch(&self) -> bool {
        self.from.is_some()
    }

    /// The search's goal for this target.
    pub fn goal(&self) -> crate::search::Goal {
        match self.from {
            Some(from) => crate::search::Goal::Edge { from, to: self.pc },
            None => crate::search::Goal::Pc(self.pc),
        }
    }
}

/// The targets of one method, in pc order.
pub fn of_unit(cp: &Program, unit_index: usize, unit: &Unit) -> Result<Vec<Target>, CoverError> {
    let code = unit.code();
    let cfg = cp
        .analyses()
        .cfg(cp, &unit.class, unit.method())
        .map_err(|source| CoverError::Analysis {
            method: unit.label(),
            source,
        })?;
    let depths = depths(&cfg);
    let mut out = Vec::new();
    for (number, &id) in cfg.blocks().iter().enumerate() {
        let Some(block) = cfg.block(id) else { continue };
        let depth = depths.get(&id.index()).copied();
        out.push(Target {
            unit: unit_index,
            pc: block.start,
            from: None,
            line: code.line_of(block.start),
            block: number,
            end: block.end,
            depth,
            cost: depth.map_or(0, |d| super::schedule::cost(&cfg, code, id, d)),
        });
    }
    // Branch outcomes: each distinct (branch, successor) pair, as JaCoCo
    // counts them (switch keys sharing a successor are one outcome).
    let blocks = out.clone();
    for (number, &id) in cfg.blocks().iter().enumerate() {
        let reachable = depths.contains_key(&id.index());
        let mut seen = std::collections::BTreeSet::new();
        for (succ, edge) in cfg.succs(id) {
            let from = match edge {
                Edge::Branch { pc, .. } | Edge::Switch { pc, .. } => *pc,
                _ => continue,
            };
            let Some(to) = cfg.block(succ) else { continue };
            if !seen.insert((from, to.start)) {
                continue;
            }
            let successor = blocks.iter().find(|b| b.pc == to.start);
            out.push(Target {
                unit: unit_index,
                pc: to.start,
                from: Some(from),
                line: code.line_of(from),
                block: number,
                end: to.end,
                // As deep as its successor, or dead with its branch.
                depth: if reachable {
                    successor.and_then(|b| b.depth)
                } else {
                    None
                },
                cost: successor.map_or(0, |b| b.cost),
            });
        }
    }
    Ok(out)
}

/// Longest back-edge-free distance from the entry of every reachable block
/// (Kahn's algorithm on the CFG without its back edges). Blocks left over —
/// only in irreducible CFGs, where "back edge" by dominance misses a cycle —
/// get their breadth-first distance instead.
fn depths(cfg: &Cfg) -> BTreeMap<usize, u32> {
    let is_block = |id| matches!(cfg.node(id), Node::Block(_));
    let reachable: Vec<_> = cfg
        .blocks()
        .iter()
        .copied()
        .filter(|&b| cfg.is_reachable(b))
        .collect();
    let forward = |from, to| is_block(to) && cfg.is_reachable(to) && !cfg.dominates(to, from);
    let mut indegree: BTreeMap<usize, usize> = reachable.iter().map(|b| (b.index(), 0)).collect();
    for &b in &reachable {
        for (s, _) in cfg.succs(b) {
            if forward(b, s) {
                *indegree.entry(s.index()).or_default() += 1;
            }
        }
    }
    let mut depth: BTreeMap<usize, u32> = BTreeMap::new();
    let mut queue = VecDeque::from([cfg.entry()]);
    depth.insert(cfg.entry().index(), 0);
    while let Some(b) = queue.pop_front() {
        let d = depth[&b.index()];
        for (s, _) in cfg.succs(b) {
            if !forward(b, s) {
                continue;
            }
            let e = depth.entry(s.index()).or_insert(0);
            *e = (*e).max(d + 1);
            let left = indegree.get_mut(&s.index()).expect("reachable block");
            *left -= 1;
            if *left == 0 {
                queue.push_back(s);
            }
        }
    }
    // Irreducible leftovers: breadth-first distance over all edges.
    if reachable
        .iter()
        .any(|b| indegree.get(&b.index()).is_some_and(|&n| n > 0))
    {
        let mut bfs: BTreeMap<usize, u32> = BTreeMap::new();
        let mut queue = VecDeque::from([(cfg.entry(), 0u32)]);
        bfs.insert(cfg.entry().index(), 0);
        while let Some((b, d)) = queue.pop_front() {
            for (s, _) in cfg.succs(b) {
                if is_block(s) && !bfs.contains_key(&s.index()) {
                    bfs.insert(s.index(), d + 1);
                    queue.push_back((s, d + 1));
                }
            }
        }
        for b in &reachable {
            if indegree.get(&b.index()).is_some_and(|&n| n > 0) {
                depth.insert(b.index(), bfs.get(&b.index()).copied().unwrap_or(0));
            }
        }
    }
    depth
}
