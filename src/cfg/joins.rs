//! Joins on a loop's way back (issue 18): whether every iteration of a
//! loop passes a block with more than one predecessor besides its head.
//!
//! The backward search (JAUT ISSRE 2010 §V, checked incrementally) checks
//! its path at each join it meets walking backward, before it branches.
//! At a loop head that check comes once per unrolling; when every way
//! back into the loop passes another join, each unrolling is checked
//! there anyway, and the head's own check can be left out
//! (docs/search.md, "Checks at loop heads").

use super::{BlockId, Cfg};

impl Cfg {
    /// Whether, from each back edge into `head`, walking backward, the path
    /// meets a block with more than one predecessor before it meets `head`
    /// again — a block that heads no loop itself (whose own check might be
    /// left out in turn). `false` when `head` closes no loop.
    pub fn iterations_meet_another_join(&self, head: BlockId) -> bool {
        let latches: Vec<BlockId> = self
            .back_edges()
            .into_iter()
            .filter(|&(_, to, _)| to == head)
            .map(|(from, _, _)| from)
            .collect();
        !latches.is_empty()
            && latches.into_iter().all(|latch| {
                let mut b = latch;
                // A straight run is at most as long as the method.
                for _ in 0..=self.blocks().len() {
                    if b == head {
                        return false;
                    }
                    match self.preds(b).as_slice() {
                        [(only, _)] => b = *only,
                        _ => return !self.is_loop_header(b),
                    }
                }
                false
            })
    }
}
