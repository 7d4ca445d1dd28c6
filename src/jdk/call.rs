//! A call a model steps back over, as the terms its contract's or
//! intrinsic's names stand for: the receiver and arguments with their
//! types, the result, and for a contract's `post` the heap arrays of the
//! fields it modifies as they are after the call.

use crate::classfile::JType;
use crate::model::term::TermId;
use crate::model::FieldKey;

use super::unsupported::Unsupported;

/// The terms a contract's names stand for.
#[derive(Clone)]
pub struct Env {
    /// `this` then the parameters, with their types.
    pub params: Vec<(TermId, JType)>,
    pub is_static: bool,
    pub result: Option<(TermId, JType)>,
    /// The arrays of the fields a behaviour modifies as they are after the
    /// call, for a `post` (empty for a `pre` and inside `old(…)`, which
    /// read the heap before the call).
    pub after: Vec<(FieldKey, TermId)>,
}

impl Env {
    /// The first parameter: the receiver of an instance call.
    pub fn this(&self) -> Option<TermId> {
        self.params.first().map(|p| p.0)
    }

    /// The receiver of an instance call, for an intrinsic that needs one.
    pub fn receiver(&self) -> Result<TermId, Unsupported> {
        self.this().ok_or(Unsupported::NoReceiver)
    }

    /// Argument `k` (from 0, after the receiver of an instance call).
    pub fn arg(&self, k: usize) -> TermId {
        self.params[k + usize::from(!self.is_static)].0
    }

    /// The call's result, if it has one.
    pub fn returned(&self) -> Option<TermId> {
        self.result.as_ref().map(|r| r.0)
    }

    /// The call's result, for an intrinsic that needs one.
    pub fn result_term(&self) -> Result<TermId, Unsupported> {
        self.returned().ok_or(Unsupported::NoResult)
    }
}
