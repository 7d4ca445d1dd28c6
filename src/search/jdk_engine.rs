//! The engine's side of [`crate::jdk::engine::Engine`]: what the JDK
//! models need of the backward search, answered by the [`Explorer`] and
//! its state [`St`], each method the engine's own (heap, allocations,
//! ranges, assumptions, bounds).

use super::cmv::{MethodInfo, St};
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::engine::{Engine, PathState, Site};
use crate::model::term::{Sort, TermId, Terms};
use crate::model::{FieldKey, Memory};

impl PathState for St {
    fn mem(&self) -> &Memory {
        &self.mem
    }

    fn mem_mut(&mut self) -> &mut Memory {
        &mut self.mem
    }

    fn site(&self) -> Site<'_> {
        self.acts
            .last()
            .expect("a path has an active method")
            .m
            .site()
    }
}

impl MethodInfo {
    /// This method, as a model sees the one whose call it steps over.
    pub(super) fn site(&self) -> Site<'_> {
        Site {
            class: &self.class,
            code: self.code(),
            frames: &self.frames,
            cfg: &self.cfg,
        }
    }
}

impl Engine for Explorer<'_> {
    type State = St;

    fn terms(&mut self) -> &mut Terms {
        &mut self.terms
    }

    fn fresh(&mut self, hint: &str, sort: Sort) -> TermId {
        Explorer::fresh(self, hint, sort)
    }

    fn class_id(&self, class: &str) -> Option<u32> {
        self.universe.id(class)
    }

    fn array_class_id(&mut self, descriptor: &str) -> u32 {
        self.universe.array_id(descriptor)
    }

    fn may_assign(&self, from: &str, to: &str) -> bool {
        self.cp.is_assignable(from, to).unwrap_or(true)
    }

    fn heap_array(&mut self, st: &mut St, key: FieldKey, sort: Sort) -> TermId {
        Explorer::heap_array(self, st, key, sort)
    }

    fn length_in(
        &mut self,
        st: &mut St,
        key: FieldKey,
        x: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        Explorer::length_in(self, st, key, x, out)
    }

    fn array_length(&mut self, st: &mut St, a: TermId, out: &mut Vec<TermId>) -> TermId {
        Explorer::array_length(self, st, a, out)
    }

    fn cells(&mut self, st: &mut St, key: &FieldKey, elem: &JType) -> TermId {
        Explorer::cells(self, st, key, elem)
    }

    fn allocated(
        &mut self,
        st: &mut St,
        r: TermId,
        class_id: u32,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        Explorer::allocated(self, st, r, class_id, class, pc, out);
    }

    fn allocated_with_type(
        &mut self,
        st: &mut St,
        r: TermId,
        idc: TermId,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        Explorer::allocated_with_type(self, st, r, idc, class, pc, out);
    }

    fn allocated_by_call(
        &mut self,
        st: &mut St,
        class: &str,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        Explorer::allocated_by_call(self, st, class, r, index, out)
    }

    fn redefine_cells(
        &mut self,
        st: &mut St,
        after: TermId,
        prior: TermId,
        out: &mut Vec<TermId>,
        value: impl FnMut(&mut Self, TermId) -> (TermId, Vec<TermId>),
    ) {
        Explorer::redefine_cells(self, st, after, prior, out, value);
    }

    fn redefine_elements(
        &mut self,
        st: &mut St,
        key: FieldKey,
        owner: TermId,
        out: &mut Vec<TermId>,
        value: impl FnMut(&mut Self, TermId, TermId) -> (TermId, Vec<TermId>),
    ) {
        Explorer::redefine_elements(self, st, key, owner, out, value);
    }

    fn in_range(&mut self, ty: &JType, v: TermId) -> Option<TermId> {
        Explorer::in_range(self, ty, v)
    }

    fn non_null(&mut self, r: TermId) -> TermId {
        Explorer::non_null(self, r)
    }

    fn assume(&mut self, what: String) {
        Explorer::assume(self, what);
    }

    fn beyond_model(&mut self, open: TermId, v: TermId) -> TermId {
        Explorer::beyond_model(self, open, v)
    }

    fn preexisting_met(&mut self, st: &St) {
        Explorer::preexisting_met(self, st);
    }

    fn max_array_length(&self) -> usize {
        self.config.max_array_length
    }

    fn program_overrides_to_string(&self) -> bool {
        self.cp.analyses().program_overrides_to_string(self.cp)
    }

    fn program_sets_streams(&self) -> bool {
        self.cp.analyses().program_sets_streams(self.cp)
    }
}
