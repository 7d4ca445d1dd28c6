//! A block's start as a choice point of the backward search (JAUT ISSRE
//! 2010 §V): the path so far is checked once there, then each way back is
//! tried in turn — a loop's summary, the method's entry, each predecessor
//! nearest to the entry first (loop exits before loop bodies) — with what
//! refuted the paths from a loop head before ([`super::loop_learn`]).

use super::cmv::{Flow, MethodInfo, St};
use super::explore::Explorer;
use super::loop_bound::visit_key;
use super::PathStep;
use crate::cfg::{BlockId, Edge};
use crate::model::term::TermId;

impl Explorer<'_> {
    /// At a block start: the method's entry (if this is it) and every
    /// predecessor, nearest to the entry first.
    pub(super) fn choose(&mut self, mut st: St, pending: Vec<TermId>, block_id: BlockId) -> Flow {
        let m = st.top().m.clone();
        let block = m.cfg.block(block_id).expect("a block").clone();
        st.steps.push(PathStep {
            method: m.key.to_string(),
            pc: block.start,
            line: m.code().line_of(block.start),
        });
        // Check the path so far before branching, when there is a choice.
        // A branch-outcome goal allows only the edge from its branch.
        let junction = Junction {
            block: block_id,
            came_from: st.came_from.take(),
            summarized: std::mem::take(&mut st.summarized),
        };
        let preds = junction.preds(&m);
        let options = usize::from(junction.is_entry(&m)) + preds.len();
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        // At a loop head whose every iteration passes another join, that
        // join checks each unrolling: the head's check, nearly always
        // satisfiable and among the costliest on heap code, is left out
        // (an infeasible unrolling dies one block later; a path is found
        // only after the entry's check, refuted only by a check).
        // With the iterations left to a counted loop's entry pinned, the
        // check waits for the entry ([`Explorer::pin_iterations`]).
        let is_loop_head = preds.iter().any(|(p, _)| m.cfg.dominates(block_id, *p));
        let counted = is_loop_head
            .then(|| self.loop_facts(&m, block_id).counted.clone())
            .flatten();
        let left = st.left.get(&visit_key(&st, &m, block_id)).copied();
        let check = options >= 2
            && !(is_loop_head && self.loop_facts(&m, block_id).checked_elsewhere)
            && left.is_none_or(|r| r == 0);
        if check && !self.feasible(&st) {
            return Flow::Exhausted;
        }
        if let Some(c) = counted.as_ref().filter(|_| check) {
            if self.pin_iterations(&mut st, c, block_id) {
                self.paths += 1;
                self.note_conflict(&st);
                return Flow::Exhausted;
            }
        }
        if is_loop_head {
            // What refuted the paths from this loop head before may refute
            // this one ([`super::loop_learn`]).
            return self.branch_learning(st, &junction);
        }
        self.branch(st, &junction)
    }

    /// A block start's choices, after its check: a loop's summary, the
    /// method's entry, then each predecessor.
    pub(super) fn branch(&mut self, st: St, junction: &Junction) -> Flow {
        let m = st
            .acts
            .last()
            .expect("a path has an active method")
            .m
            .clone();
        let block_id = junction.block;
        let came_from = junction.came_from;
        let summarized = junction.summarized;
        let is_entry = junction.is_entry(&m);
        let preds = junction.preds(&m);
        let left = st.left.get(&visit_key(&st, &m, block_id)).copied();

        // A counter loop met for the first time on this path: first its
        // summary (any number of iterations, the counter not wrapping),
        // then only the unrolling of runs in which it wraps.
        let summary = if summarized {
            None
        } else {
            self.summary_at(&st, &m, block_id, came_from.is_some())
        };
        let mut may_wrap = None;
        if let Some(l) = &summary {
            let (flow, summarized) =
                self.try_summary(&st, |ex, next, out| ex.summarize(next, l, out));
            if let Some(flow) = flow {
                return flow;
            }
            if summarized {
                may_wrap = Some(l.body());
            }
        }

        if summary.is_none() && !summarized {
            if let Some(flow) = self.cell_summary(&st, &m, block_id, came_from.is_some()) {
                return flow;
            }
        }

        if is_entry && may_wrap.is_none() {
            let flow = if st.acts.len() == 1 {
                self.finish(st.clone())
            } else {
                self.scoped(|ex| {
                    let mut next = st.clone();
                    let bind = ex.return_to_caller(&mut next);
                    ex.dfs(next, bind)
                })
            };
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }

        for (pred, edge) in preds {
            let pred_block = m.cfg.block(pred).expect("preds are blocks").clone();
            let mut next = st.clone();
            let is_back = m.cfg.dominates(block_id, pred);
            // The summary covered the runs entering here without a wrap.
            if may_wrap.is_some_and(|body| body != pred) {
                continue;
            }
            if is_back && !self.unroll(&mut next, &m, block_id, pred_block.start) {
                continue;
            }
            // Entering with iterations left: the counter is not its start.
            if !is_back && left.is_some_and(|r| r > 0) {
                self.paths += 1;
                continue;
            }
            let flow = self.try_choice(|ex| {
                if edge.is_exceptional() {
                    return ex.step_exception_edge(next, pred, edge);
                }
                let mut edge_pending = Vec::new();
                if let Some(l) = summary.as_ref().filter(|_| may_wrap.is_some()) {
                    if let Some(wraps) = ex.may_wrap(&mut next, l, &mut edge_pending) {
                        edge_pending.push(wraps);
                    }
                } else if is_back {
                    let facts = ex.loop_facts(&m, block_id);
                    if let Some(c) = &facts.counted {
                        if let Some(moved) = ex.moved_from_start(&mut next, c, &mut edge_pending) {
                            edge_pending.push(moved);
                        }
                    }
                } else {
                    // Leaving a loop backward ends its visit.
                    let key = visit_key(&next, &m, block_id);
                    next.visit.remove(&key);
                    next.left.remove(&key);
                }
                next.top().block = pred;
                next.top().index = pred_block.last + 1;
                if let Err(cut) = ex.step_edge(&mut next, edge, &mut edge_pending) {
                    ex.cut(cut);
                    return Flow::Exhausted;
                }
                ex.dfs(next, edge_pending)
            });
            if let Some(flow) = flow {
                return flow;
            }
        }
        Flow::Exhausted
    }
}

/// A block start as a choice point: the block, and what the path allows
/// there (set by the state until its first step back).
#[derive(Debug, Clone, Copy)]
pub(super) struct Junction {
    pub block: BlockId,
    /// For a branch-outcome goal: the branch or switch the path must come
    /// from.
    pub came_from: Option<crate::classfile::Pc>,
    /// Right after a loop summary: only the loop's entry edges remain.
    pub summarized: bool,
}

impl Junction {
    /// Whether the path may begin here: the method's entry, unless a
    /// branch-outcome goal names the edge the path came by.
    pub fn is_entry(&self, m: &MethodInfo) -> bool {
        self.block == m.cfg.entry() && self.came_from.is_none()
    }

    /// The predecessors the path may come from, nearest to the entry
    /// first.
    pub fn preds<'m>(&self, m: &'m MethodInfo) -> Vec<(BlockId, &'m Edge)> {
        let mut preds = m.cfg.preds(self.block);
        if let Some(from) = self.came_from {
            preds.retain(|(_, e)| {
                matches!(e, Edge::Branch { .. } | Edge::Switch { .. })
                    && e.source_pc() == Some(from)
            });
        }
        if self.summarized {
            preds.retain(|(p, _)| !m.cfg.dominates(self.block, *p));
        }
        preds.sort_by_key(|(p, e)| (m.dist[p.index()], e.source_pc()));
        preds
    }
}
