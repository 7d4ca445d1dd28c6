//! The state of the backward search (JAUT ISSRE 2010 §V): the constrained
//! memory variables (CMV, §IV) at one point of a backward path — one
//! activation per method on the call stack, each "just before" an
//! instruction, and the heap — with the path's bookkeeping (its length,
//! loop counts and blocks). States are cloned at choice points; the terms
//! they name are truncated on backtracking.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::explore::Explorer;
use super::{PathStep, SearchError};
use crate::analysis::MethodKey;
use crate::cfg::{BlockId, Cfg};
use crate::classfile::{Class, Code, Method};
use crate::frames::Frames;
use crate::labeling::EntryState;
use crate::model::term::TermId;
use crate::model::Memory;

/// A method ready to explore: its CFG, frames and distances (shared with
/// every other search over the class path, see [`crate::analysis`]).
pub(super) struct MethodInfo {
    pub class: Arc<Class>,
    pub index: usize,
    pub cfg: Arc<Cfg>,
    pub frames: Arc<Frames>,
    /// Per block (by id index): instructions on the shortest path from the
    /// entry to the block's start.
    pub dist: Arc<[u32]>,
    pub key: MethodKey,
}

impl MethodInfo {
    pub fn method(&self) -> &Method {
        &self.class.methods[self.index]
    }

    pub fn code(&self) -> &Code {
        self.method()
            .code
            .as_ref()
            .expect("explored methods have code")
    }

    pub fn block_at_index(&self, index: usize) -> BlockId {
        let pc = self.code().instructions[index].pc;
        self.cfg
            .block_of(pc)
            .expect("every instruction is in a block")
    }
}

/// One active method on a backward path: the state is "just before
/// instruction `index`".
#[derive(Clone)]
pub(super) struct Act {
    pub m: Arc<MethodInfo>,
    /// The block being walked; `index` is within `block.first..=block.last + 1`.
    pub block: BlockId,
    pub index: usize,
    pub locals: Vec<Option<TermId>>,
    pub stack: Vec<TermId>,
    /// For a callee: the index of the invoke in the caller.
    pub call_index: Option<usize>,
    /// For the callee of a virtual or interface call: the receiver term the
    /// dispatch constrained.
    pub receiver: Option<TermId>,
}

/// The CMV at one point of a backward path, plus the path's bookkeeping.
#[derive(Clone)]
pub(super) struct St {
    pub acts: Vec<Act>,
    pub mem: Memory,
    pub path_len: usize,
    pub derefs: usize,
    /// Calls whose results come from the environment, latest in time
    /// first.
    pub environment: Vec<crate::labeling::EnvCall>,
    /// Back-edge traversals on this path, by (method, from block, to block).
    pub loops: BTreeMap<(MethodKey, u32, u32), u32>,
    /// Blocks of the path, latest first.
    pub steps: Vec<PathStep>,
    /// Whether the path compares by identity two references that may be
    /// objects of the JDK made before the method ran (see
    /// `edges::PREEXISTING`).
    pub identity_compared: bool,
    /// For a branch-outcome goal, until the first step back: the pc of the
    /// branch or switch the path must come from (the target block's only
    /// allowed predecessor edge; not the method's entry).
    pub came_from: Option<crate::classfile::Pc>,
    /// Conditions the path's model holds only under (the row bound of a
    /// `multianewarray`), each with its bound: checked as assumptions, so
    /// a path refuted only under them is cut, not refuted.
    pub bounded: Vec<(TermId, crate::reason::Bound)>,
    /// Set by a loop summary ([`super::loop_summary`]) for the next choice
    /// point, the loop's head at its first visit: only the loop's entry
    /// edges remain (its iterations are summarized).
    pub summarized: bool,
    /// Iterations unrolled in the current visit of each loop, by (method,
    /// head's pc, call depth): reset when the path leaves the loop
    /// backward. Bounded by [`super::loop_bound`]; a counter loop is
    /// summarized only where none is unrolled yet.
    pub visit: BTreeMap<(MethodKey, crate::classfile::Pc, usize), u64>,
    /// Iterations left before the entry of the current visit of a loop
    /// counted from a constant, by the same key as `visit`, once the
    /// path's constraints pin its counter ([`super::loop_bound`]).
    pub left: BTreeMap<(MethodKey, crate::classfile::Pc, usize), u64>,
}

impl St {
    pub fn top(&mut self) -> &mut Act {
        self.acts.last_mut().expect("a path has an active method")
    }
}

/// How exploring on from a state ended.
pub(super) enum Flow {
    /// An entry state that reaches the goal, and the path (the solver is
    /// left in the scope where the path's constraints hold).
    Found(Box<(EntryState, Vec<PathStep>)>),
    /// Every path from the state was refuted or cut.
    Exhausted,
    /// The time or the check budget ran out.
    Timeout,
}

impl Explorer<'_> {
    /// The method at `index` of `class`, ready to explore. Its analyses are
    /// the class path's, computed once for every search over it.
    pub(super) fn method_info(
        &mut self,
        class: Arc<Class>,
        index: usize,
    ) -> Result<Arc<MethodInfo>, SearchError> {
        let m = &class.methods[index];
        let key = MethodKey::of(&class, m);
        if let Some(info) = self.methods.get(&key) {
            return Ok(info.clone());
        }
        let cp = self.cp;
        let error = SearchError::Analysis;
        let cfg = cp.analyses().cfg(cp, &class, m).map_err(error)?;
        let frames = cp.analyses().frames(cp, &class, m).map_err(error)?;
        let dist = cp.analyses().distances(cp, &class, m).map_err(error)?;
        let info = Arc::new(MethodInfo {
            class: class.clone(),
            index,
            cfg,
            frames,
            dist,
            key: key.clone(),
        });
        self.methods.insert(key, info.clone());
        Ok(info)
    }
}

/// `pkg/C.m(desc)` → `pkg.C.m`, for messages.
pub(super) fn method_name(key: &str) -> String {
    key.rsplit_once('(')
        .map_or(key, |(m, _)| m)
        .replace('/', ".")
}
