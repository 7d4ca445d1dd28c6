//! Loop heads in the backward search (JAUT ISSRE 2010 §V unrolls a loop
//! one iteration per choice): what the loop analyses read off a head's code
//! ([`LoopFacts`], once per search), the summaries tried first when a path
//! meets a loop for the first time (counter loops, [`super::loop_summary`];
//! loops over array cells, [`super::loop_cells`]), and the bounds on
//! unrolling a back edge.

use std::sync::Arc;

use super::cmv::{Flow, MethodInfo, St};
use super::explore::Explorer;
use crate::cfg::BlockId;
use crate::classfile::Pc;
use crate::model::term::TermId;
use crate::reason::{Bound, Reason};

/// What the loop analyses read off a loop head's code.
pub(super) struct LoopFacts {
    /// Its summary, if it is a counter loop ([`super::loop_summary`]).
    pub counter: Option<super::loop_summary::CounterLoop>,
    /// Its summary over array cells, if it is a cell loop
    /// ([`super::loop_cells`]).
    pub cells: Option<super::loop_cells::CellLoop>,
    /// Its counter, if it counts from a constant ([`super::loop_bound`]).
    pub counted: Option<super::loop_bound::Counted>,
    /// The most iterations one visit runs, if its code fixes them
    /// ([`super::loop_bound`]).
    pub max_iterations: Option<u64>,
    /// Whether each iteration passes another join, which checks the path:
    /// the head's own check is then left out
    /// ([`crate::cfg::Cfg::iterations_meet_another_join`]).
    pub checked_elsewhere: bool,
}

impl Explorer<'_> {
    /// A loop over array cells met for the first time: its summary,
    /// which covers every run unless one longer than its bound may
    /// reach the target; only then, in the round that sums the most
    /// iterations, is the loop unrolled as well. The flow when the summary
    /// ended the choice point (or left nothing to unroll this round).
    pub(super) fn cell_summary(
        &mut self,
        st: &St,
        m: &MethodInfo,
        block_id: BlockId,
        goal_edge: bool,
    ) -> Option<Flow> {
        if !self.first_visit(st, m, block_id, goal_edge) {
            return None;
        }
        let l = self.loop_facts(m, block_id).cells.clone()?;
        let cuts = self.iteration_cuts;
        let (flow, modelled) =
            self.try_summary(st, |ex, next, out| ex.summarize_cells(next, &l, out));
        if flow.is_some() {
            return flow;
        }
        // Runs longer than the summary's bound: a deeper round sums
        // more iterations; the last one unrolls them.
        if modelled
            && (self.iteration_cuts == cuts || self.cell_iterations < self.config.max_array_length)
        {
            return Some(Flow::Exhausted);
        }
        None
    }

    /// Whether the path may step back over one more iteration of the loop
    /// headed by `block_id`, along the back edge from the block at `pred`
    /// (counted in `next`): not past the iterations the loop's code allows
    /// in one visit (refuted, whatever the bound), nor past the loop bound
    /// (a cut).
    pub(super) fn unroll(
        &mut self,
        next: &mut St,
        m: &MethodInfo,
        block_id: BlockId,
        pred: Pc,
    ) -> bool {
        let head = m.cfg.block(block_id).expect("a block").start;
        let visit = super::loop_bound::visit_key(next, m, block_id);
        let left = match next.left.get(&visit) {
            Some(0) => {
                next.left.remove(&visit);
                None
            }
            Some(&r) => {
                next.left.insert(visit.clone(), r - 1);
                Some(r - 1)
            }
            None => None,
        };
        let unrolled = next.visit.entry(visit).or_insert(0);
        *unrolled += 1;
        let unrolled = *unrolled;
        let max = self.loop_facts(m, block_id).max_iterations;
        if max.is_some_and(|max| unrolled > max) {
            self.paths += 1;
            return false;
        }
        let key = (m.key.clone(), pred, head);
        let count = next.loops.entry(key).or_insert(0);
        *count += 1;
        // Pinned iterations the bound cannot hold are cut now.
        let needed = u64::from(*count) + left.unwrap_or(0);
        if needed > u64::from(self.loop_bound) {
            self.loop_needed = self
                .loop_needed
                .max(u32::try_from(needed).unwrap_or(u32::MAX));
            self.cut(Reason::Bound(Bound::Loop {
                max: self.config.max_loop_iterations,
            }));
            return false;
        }
        true
    }

    /// Tries a loop summary as the first choice at a loop head:
    /// `summarize` rewrites a copy of `st` into the state at the loop's
    /// first visit, with what it asserts (`None`: it cannot model the
    /// loop). The flow if the choice ended the choice point, and whether
    /// the summary applied.
    pub(super) fn try_summary(
        &mut self,
        st: &St,
        summarize: impl FnOnce(&mut Self, &mut St, &mut Vec<TermId>) -> Option<()>,
    ) -> (Option<Flow>, bool) {
        let mut applied = false;
        let flow = self.try_choice(|ex| {
            let mut next = st.clone();
            let mut pending = Vec::new();
            if summarize(ex, &mut next, &mut pending).is_none() {
                return Flow::Exhausted;
            }
            applied = true;
            next.summarized = true;
            ex.dfs(next, pending)
        });
        (flow, applied)
    }

    /// The counter loop headed by `block_id` when the path meets it for
    /// the first time in this visit (no iteration of it unrolled yet; not
    /// right after a summary; not a branch-outcome goal's first step back).
    pub(super) fn summary_at(
        &mut self,
        st: &St,
        m: &MethodInfo,
        block_id: BlockId,
        goal_edge: bool,
    ) -> Option<super::loop_summary::CounterLoop> {
        if !self.first_visit(st, m, block_id, goal_edge) {
            return None;
        }
        self.loop_facts(m, block_id).counter.clone()
    }

    /// Whether `block_id` is a loop head the path meets for the first time
    /// in this visit (no iteration of it unrolled yet; not a
    /// branch-outcome goal's first step back): where a summary may start.
    fn first_visit(&self, st: &St, m: &MethodInfo, block_id: BlockId, goal_edge: bool) -> bool {
        if goal_edge || !m.cfg.is_loop_header(block_id) {
            return false;
        }
        let head = m.cfg.block(block_id).expect("a block").start;
        let visit = (m.key.clone(), head, st.acts.len());
        st.visit.get(&visit).is_none_or(|&n| n == 0)
    }

    /// [`LoopFacts`] of the loop headed by `head`, read once per search.
    pub(super) fn loop_facts(&mut self, m: &MethodInfo, head: BlockId) -> Arc<LoopFacts> {
        let start = m.cfg.block(head).expect("a loop head is a block").start;
        self.loop_facts
            .entry((m.key.clone(), start))
            .or_insert_with(|| {
                let counted = super::loop_bound::counted(m, head);
                Arc::new(LoopFacts {
                    counter: super::loop_summary::counter_loop(m, head),
                    cells: super::loop_cells::cell_loop(m, head),
                    max_iterations: counted.as_ref().and_then(super::loop_bound::max_iterations),
                    counted,
                    checked_elsewhere: m.cfg.iterations_meet_another_join(head),
                })
            })
            .clone()
    }
}
