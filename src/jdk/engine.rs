//! What a JDK model needs of the backward engine (issue 35): the narrow
//! interface through which the models' constraints — what an intrinsic
//! call does to a backward state (JAUT ISSRE 2010 §IV–V) — are stated,
//! and which the engine (`search::Explorer`) implements, so that `jdk/`
//! imports nothing from `search/`.
//!
//! It names what the models use and no more: the term arena and fresh
//! values; the heap's arrays, lengths and cells, and the whole-array
//! effects stated cell by cell; allocations; the range of a typed value
//! and non-null; the classes of the universe; the closed-world
//! assumptions, and the "beyond the model" marker labeling prefers false;
//! the array-length bound (the most characters a string model follows is
//! derived from it); two facts of the program (`toString` overrides,
//! `System.setOut`).
//!
//! The engine's state of a backward path is an associated type,
//! [`Engine::State`], which the models see only through [`PathState`]: its
//! heap ([`Memory`]) and the method whose call is stepped over (a
//! [`Site`]). An associated type rather than a move of the state below
//! `jdk/`: the state holds the engine's call stack and bookkeeping, which
//! no model reads. Why a step cannot be modelled,
//! [`super::unsupported::Unsupported`], is the models' vocabulary as much
//! as the engine's, so it sits in `jdk/`, below both.

use std::sync::Arc;

use crate::cfg::Cfg;
use crate::classfile::{Class, Code, JType};
use crate::frames::Frames;
use crate::model::term::{Sort, TermId, Terms};
use crate::model::{FieldKey, Memory};

use super::unsupported::Unsupported;

/// The method on top of a backward path's call stack: the one whose call
/// a model steps back over.
#[derive(Clone, Copy)]
pub struct Site<'a> {
    pub class: &'a Arc<Class>,
    pub code: &'a Code,
    pub frames: &'a Frames,
    pub cfg: &'a Cfg,
}

impl Site<'_> {
    /// The pc of the instruction at `index`.
    pub fn pc(&self, index: usize) -> u32 {
        self.code.instructions[index].pc
    }
}

/// A backward path's state, as a model sees it.
pub trait PathState {
    /// The heap at this point of the path.
    fn mem(&self) -> &Memory;
    fn mem_mut(&mut self) -> &mut Memory;
    /// The method on top of the call stack.
    fn site(&self) -> Site<'_>;
}

/// What the models need of the backward engine.
pub trait Engine {
    /// The state of a backward path.
    type State: PathState;

    /// The term arena of the search.
    fn terms(&mut self) -> &mut Terms;
    /// A fresh, unconstrained term of `sort` (`hint` names it).
    fn fresh(&mut self, hint: &str, sort: Sort) -> TermId;

    /// The id of `class` (internal name) in the universe, if it is there.
    fn class_id(&self, class: &str) -> Option<u32>;
    /// The id of the array class of `descriptor`, added if needed.
    fn array_class_id(&mut self, descriptor: &str) -> u32;
    /// Whether class `from` may be assigned to `to` (true when the class
    /// path cannot tell).
    fn may_assign(&self, from: &str, to: &str) -> bool;

    /// The heap array of `key` at this point of the path (fresh when the
    /// path has none yet).
    fn heap_array(&mut self, st: &mut Self::State, key: FieldKey, sort: Sort) -> TermId;
    /// The length of `x` in the immutable lengths of `key` (never negative).
    fn length_in(
        &mut self,
        st: &mut Self::State,
        key: FieldKey,
        x: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId;
    /// The length of array `a` (never negative).
    fn array_length(&mut self, st: &mut Self::State, a: TermId, out: &mut Vec<TermId>) -> TermId;
    /// The cells of the elements of arrays of type `elem[]`.
    fn cells(&mut self, st: &mut Self::State, key: &FieldKey, elem: &JType) -> TermId;
    /// `r` is an object of the class with id `class_id` (`class`)
    /// allocated at `pc`: negative, distinct from every other allocation.
    fn allocated(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        class_id: u32,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    );
    /// [`Engine::allocated`], with the class id a term (the class of
    /// another object: `Arrays.copyOf` of a `T[]` makes a `T[]`).
    fn allocated_with_type(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        idc: TermId,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    );
    /// `r` is a new object of `class`, made by the call at `index`.
    fn allocated_by_call(
        &mut self,
        st: &mut Self::State,
        class: &str,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported>;
    /// States a whole-array effect `after = f(prior)` for the cells the
    /// path reads from `after`: `value(k)` is cell `k` in terms of `prior`.
    fn redefine_cells(
        &mut self,
        st: &mut Self::State,
        after: TermId,
        prior: TermId,
        out: &mut Vec<TermId>,
        value: impl FnMut(&mut Self, TermId) -> (TermId, Vec<TermId>),
    );
    /// An effect on the elements of array `owner` (cells of `key`):
    /// `value(prior, i)` at its index `i`, the other cells kept.
    fn redefine_elements(
        &mut self,
        st: &mut Self::State,
        key: FieldKey,
        owner: TermId,
        out: &mut Vec<TermId>,
        value: impl FnMut(&mut Self, TermId, TermId) -> (TermId, Vec<TermId>),
    );

    /// `v` is a value of type `ty` (in range for the narrow int types).
    fn in_range(&mut self, ty: &JType, v: TermId) -> Option<TermId>;
    /// `r` is not null.
    fn non_null(&mut self, r: TermId) -> TermId;

    /// Records a closed-world assumption: while one stands, no refutation
    /// is a proof.
    fn assume(&mut self, what: String);
    /// `open ⇔ outside_model(v)`: names the condition under which a model
    /// leaves `v` free, so that labeling prefers it false.
    fn beyond_model(&mut self, open: TermId, v: TermId) -> TermId;
    /// Records the assumption a path's objects made before the method ran
    /// (an interned literal) need, when identities were compared.
    fn preexisting_met(&mut self, st: &Self::State);

    /// The most elements of one input array (`--max-array-length`).
    fn max_array_length(&self) -> usize;
    /// Whether the program declares a `toString()` of its own.
    fn program_overrides_to_string(&self) -> bool;
    /// Whether the program replaces `System.out` or `System.err`.
    fn program_sets_streams(&self) -> bool;
}
