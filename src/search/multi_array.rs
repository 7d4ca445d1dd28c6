//! `multianewarray` (JVMS §6.5): a new array of `count[0]` new arrays of
//! `count[1]` …, down to the dimensions the instruction gives (deeper
//! components, as in `new int[2][3][]`, are null), every element zero.
//!
//! In the memory model (JAUT ISSRE 2010 §IV, one array of cells per element
//! kind) each array the instruction makes is an allocation of the path:
//! negative, distinct from every other, of its array class, with its
//! length; the cells of a row-holding array hold its rows. The number of
//! rows is a count only known to the solver, while allocations are terms
//! the search makes one by one, so each level but the last gets at most
//! [`rows_per_level`] rows. The path's checks assume the outer counts are
//! within that bound (`St::bounded`, checked as solver assumptions): a
//! path refuted only under the bound is cut with a row bound, not refuted,
//! so no proof rests on it, while counts the path fixes (`new int[3][n]`)
//! keep their proofs. The last dimension's count is exact and unbounded.

use super::cmv::St;
use super::explore::Explorer;
use crate::classfile::bytecode::Instruction;
use crate::classfile::JType;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::FieldKey;
use crate::reason::Bound;

/// The most allocations the rows of one `multianewarray` may take.
const MAX_ROWS: usize = 24;

/// Rows per level for `dims` dimensions: the largest `k ≤ 8` whose levels
/// (`k + k² + …`, one term per level above the last) stay within
/// [`MAX_ROWS`].
fn rows_per_level(dims: usize) -> usize {
    (1..=8)
        .rev()
        .find(|&k: &usize| (1..dims as u32).map(|j| k.pow(j)).sum::<usize>() <= MAX_ROWS)
        .unwrap_or(1)
}

/// One `multianewarray`: its instruction, and how many rows each level
/// below the last holds at most.
#[derive(Clone, Copy)]
struct MultiNew<'i> {
    insn: &'i Instruction,
    rows: usize,
}

impl Explorer<'_> {
    /// `r` is the new array of type `ty` (`dims = counts.len()` ≥ 2
    /// dimensions) a `multianewarray` with these counts makes, on its
    /// normal path (every count non-negative).
    pub(super) fn allocate_multi_array(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        r: TermId,
        counts: &[TermId],
        ty: &JType,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms.int(0);
        for &c in counts {
            out.push(self.terms.cmp(BvCmp::Sge, c, zero));
        }
        let k = rows_per_level(counts.len());
        let bound = self.terms.int(k as i32);
        for &c in &counts[..counts.len() - 1] {
            let within = self.terms.cmp(BvCmp::Sle, c, bound);
            st.bounded.push((within, Bound::Rows { max: k }));
        }
        let new = MultiNew { insn, rows: k };
        self.allocate_level(st, &new, r, counts, ty, out);
    }

    /// `r` is a new array of type `ty` of `counts[0]` elements, each a new
    /// array for `counts[1..]` (at most `new.rows` of them), or zero at the
    /// last level.
    fn allocate_level(
        &mut self,
        st: &mut St,
        new: &MultiNew<'_>,
        r: TermId,
        counts: &[TermId],
        ty: &JType,
        out: &mut Vec<TermId>,
    ) {
        let MultiNew { insn, rows: k } = *new;
        let JType::Array(elem) = ty else {
            unreachable!("multianewarray of a non-array type {ty:?} passes the verifier")
        };
        if counts.len() == 1 {
            self.allocate_array(st, insn, r, counts[0], elem, out);
            return;
        }
        let descriptor = ty.descriptor();
        let id = self.universe.array_id(&descriptor);
        self.allocated(st, r, id, &descriptor, insn.pc, out);
        let len = self.array_length(st, r, out);
        out.push(self.terms.eq(len, counts[0]));
        let rows: Vec<TermId> = (0..k).map(|_| self.fresh("row", Sort::Ref)).collect();
        for &row in &rows {
            self.allocate_level(st, new, row, &counts[1..], elem, out);
        }
        // The cells of `r` hold the rows, by index. Past the row bound a
        // row is any reference (`beyond[index]`): the model without the
        // bound then holds every run, so the check without it tells a
        // refutation from a cut (`St::bounded`).
        let key = FieldKey::array_elements(elem);
        let beyond = self.fresh("rows_beyond", Sort::Array(32));
        self.redefine_elements(st, key, r, out, |ex, _, index| {
            let mut value = ex.terms.select(beyond, index);
            for (i, &row) in rows.iter().enumerate().rev() {
                let at = ex.terms.int(i as i32);
                let here = ex.terms.eq(index, at);
                value = ex.terms.ite(here, row, value);
            }
            (value, Vec::new())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::rows_per_level;

    #[test]
    fn rows_stay_within_the_allocation_budget() {
        assert_eq!(rows_per_level(2), 8);
        assert_eq!(rows_per_level(3), 4); // 4 + 16 = 20
        assert_eq!(rows_per_level(4), 2); // 2 + 4 + 8 = 14
        assert_eq!(rows_per_level(8), 1);
    }
}
