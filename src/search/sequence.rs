//! A mutable sequence of the heap — a length per owner and cells keyed by
//! (owner, index) — stepped back over an effect that changes it: a
//! builder's characters (`builders.rs`), a list's elements (`lists.rs`).
//!
//! Backward, an effect is stated only on the cells that later reads use
//! ([`Explorer::redefine_cells_with`]): the arrays after the call are kept
//! in an [`Effect`], the path goes on with fresh arrays for the state
//! before it, and each cell read after the call is `value(prior cells,
//! index, prior length)` for the owner, unchanged for every other owner.

use super::cmv::St;
use super::explore::Explorer;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::FieldKey;

/// The heap arrays of one kind of sequence.
pub(super) struct SequenceKeys {
    /// Owner → length (`Sort::Array(32)`).
    pub length: FieldKey,
    /// (owner, index) → element.
    pub cells: FieldKey,
    /// The sort of the cells.
    pub cells_sort: Sort,
}

/// An effect on one sequence being stepped over: its owner, its length
/// before, and the arrays before and after the call.
pub(super) struct Effect {
    pub b: TermId,
    pub old: TermId,
    len_prior: TermId,
    len_after: Option<TermId>,
    chars_prior: Option<TermId>,
    chars_after: Option<TermId>,
}

/// How a sequence's cells change: the new element at cell `k` of the
/// owner, from the prior cells (`Explorer, St, cells, k, old length`),
/// with the prior cells it reads.
pub(super) type CellEffect<'a> =
    dyn FnMut(&mut Explorer<'_>, &mut St, TermId, TermId, TermId) -> (TermId, Vec<TermId>) + 'a;

impl Explorer<'_> {
    /// Cell `k` of owner `b` in `cells`, and its key.
    pub(super) fn sequence_cell(
        &mut self,
        cells: TermId,
        b: TermId,
        k: TermId,
    ) -> (TermId, TermId) {
        let key = self.terms.cell(b, k);
        (self.terms.select(cells, key), key)
    }

    /// Steps back to just before an effect on the sequence of `b`: the
    /// path's arrays become fresh ones for the state before the call
    /// (those after it are kept in the [`Effect`]), and the length before
    /// the call is read.
    pub(super) fn sequence_before(
        &mut self,
        st: &mut St,
        keys: &SequenceKeys,
        b: TermId,
        out: &mut Vec<TermId>,
    ) -> Effect {
        let len_after = st.mem.fields.get(&keys.length).copied();
        let chars_after = st.mem.fields.get(&keys.cells).copied();
        let len_prior = self.fresh(&keys.length.to_string(), Sort::Array(32));
        st.mem.fields.insert(keys.length.clone(), len_prior);
        let chars_prior = chars_after.map(|_| {
            let prior = self.fresh(&keys.cells.to_string(), keys.cells_sort);
            st.mem.fields.insert(keys.cells.clone(), prior);
            prior
        });
        let old = self.terms.select(len_prior, b);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, old, zero));
        Effect {
            b,
            old,
            len_prior,
            len_after,
            chars_prior,
            chars_after,
        }
    }

    /// States the effect: the new length `new_len` and the new element at
    /// each cell a later read uses, `char(cells before, index, length
    /// before)`.
    pub(super) fn sequence_after(
        &mut self,
        st: &mut St,
        e: &Effect,
        new_len: TermId,
        out: &mut Vec<TermId>,
        char: &mut CellEffect<'_>,
    ) {
        if let Some(after) = e.len_after {
            let updated = self.terms.store(e.len_prior, e.b, new_len);
            out.push(self.terms.eq(after, updated));
        }
        let (Some(after), Some(prior)) = (e.chars_after, e.chars_prior) else {
            return;
        };
        self.redefine_cells_with(st, after, prior, out, |ex, st, k| {
            // The owner's own cells change; the others keep theirs.
            let owner = ex.terms.extract(63, 32, k);
            let mine = ex.terms.eq(owner, e.b);
            let i = ex.terms.extract(31, 0, k);
            let (v, mut used) = char(ex, st, prior, i, e.old);
            let kept = ex.terms.select(prior, k);
            used.push(k);
            (ex.terms.ite(mine, v, kept), used)
        });
    }
}
