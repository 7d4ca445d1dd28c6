//! The choice loop of the depth-first search (JAUT ISSRE 2010 §V), written
//! once: every choice point — a block's predecessors, a callee's returns,
//! a contract's behaviours, the ways an instruction or a callee raises —
//! marks the terms, makes the choice's state, searches from it, and takes
//! the terms back unless the search found a state.

use super::cmv::Flow;
use super::explore::Explorer;
use crate::model::term::Mark;

impl Explorer<'_> {
    /// One choice of a choice point (a predecessor, a return of a callee,
    /// a behaviour of a contract, a way to raise …): `go` makes the
    /// choice's state and searches from it ([`Explorer::scoped`]). `Some`
    /// ends the choice point (a state found, or the search stopped);
    /// `None` goes on to the next choice.
    pub(super) fn try_choice(&mut self, go: impl FnOnce(&mut Self) -> Flow) -> Option<Flow> {
        let flow = self.scoped(go);
        (!matches!(flow, Flow::Exhausted)).then_some(flow)
    }

    /// Runs `go` from a mark of the terms and takes back the terms (and
    /// the solver's scopes over them) it made, unless it found a state.
    pub(super) fn scoped(&mut self, go: impl FnOnce(&mut Self) -> Flow) -> Flow {
        let mark = self.terms.mark();
        let flow = go(self);
        self.backtrack(mark, &flow);
        flow
    }

    /// Takes back the terms made since `mark` (and the solver's scopes
    /// over them), unless `flow` found a state: labeling works on them.
    pub(super) fn backtrack(&mut self, mark: Mark, flow: &Flow) {
        if !matches!(flow, Flow::Found(_)) {
            self.terms.truncate(mark);
            self.solver.truncate(&self.terms);
        }
    }
}
