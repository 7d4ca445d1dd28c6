//! The forward, concolic search: where the backward search stops at a
//! bound, run the method forward and let the solver steer its inputs.
//!
//! The backward search of JAUT (ISSRE 2010, §V) meets a loop from its far
//! end and must guess how many times it ran before the inputs that decide
//! it are in view; `josephus/m`'s target, behind 40 iterations of a loop
//! over a heap ring the method builds itself, is the paper's own failure
//! case (§VI). A forward run does not guess: the inputs fix every count.
//! This module runs the method in an interpreter that carries the inputs'
//! terms beside the concrete values ([`interp`]), records each decision
//! that depends on them, and asks the solver for inputs that take another
//! outcome of one of them (dynamic symbolic execution: DART, PLDI 2005;
//! SAGE's generational search, NDSS 2008). Which decision to flip first is
//! chosen by how close each run came to the goal ([`fitness`]: Pex's
//! Fitnex strategy, Xie et al., DSN 2009), so the search climbs toward the
//! target instead of enumerating paths.
//!
//! It applies to static methods whose parameters are primitives (every
//! object is then one the method allocates). Nothing here is a proof or a
//! verdict: each input whose run met the goal is handed to the caller,
//! which replays it in the JVM and keeps it only if the JVM agrees.

mod explore;
mod exprs;
mod fitness;
mod interp;
mod run;

pub use run::Interpreter;

use std::sync::Arc;
use std::time::Duration;

use crate::assertions::Assertions;
use crate::classfile::{Class, JType, Method};
use crate::classpath::ClassPath;
use crate::labeling::{Arg, InputState, Value};
use crate::search::Goal;

/// How much one concolic search may do.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Runs of the method, at most.
    pub runs: usize,
    /// Wall time, at most.
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            runs: 2000,
            time: Duration::from_secs(3),
        }
    }
}

/// What a concolic search concluded.
#[derive(Debug, Clone)]
pub enum Outcome<T> {
    /// An input whose run met the goal, and what the caller's check of it
    /// returned.
    Found {
        state: InputState,
        seen: T,
        runs: usize,
    },
    /// No accepted input within the budget (or no decision left to flip).
    NotFound {
        runs: usize,
        /// The first instruction or call a run stopped at because the
        /// interpreter does not model it.
        unsupported: Option<String>,
    },
    /// The method is not one this search can run: the reason.
    NotApplicable(String),
}

/// One parameter of the method under test, as the search varies it.
struct Input {
    name: String,
    ty: JType,
    /// The solver's variable (of the type's width), `None` for a `float`
    /// or `double`, which stays 0.
    var: Option<crate::model::term::TermId>,
    /// The 32- or 64-bit value the method sees.
    value: Option<crate::model::term::TermId>,
}

/// Searches for an input of `method` that meets `goal`, running the method
/// forward with the program's assertions enabled or not (as the JVM that
/// checks the input has them). `accept` is called with each input whose run met the goal (the
/// pipeline replays it in the JVM); the search ends at the first it
/// accepts.
pub fn search<T>(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    assertions: Assertions,
    budget: Budget,
    accept: impl FnMut(&InputState) -> Option<T>,
) -> Outcome<T> {
    if !method.is_static() {
        return Outcome::NotApplicable(
            "an instance method (its receiver is an input object)".into(),
        );
    }
    let params = method.arg_types(&class.name);
    if let Some(p) = params
        .iter()
        .find(|p| matches!(p, JType::Object(_) | JType::Array(_)))
    {
        return Outcome::NotApplicable(format!(
            "a parameter of type {p} (only primitives are run forward)"
        ));
    }
    let Some(machine) = interp::Machine::new(cp, class, method, goal, assertions) else {
        return Outcome::NotApplicable("the method has no bytecode".into());
    };
    explore::Explorer::new(machine, class, method, params, budget).run(accept)
}

impl Input {
    /// The argument as a test passes it, from the value of its variable.
    fn arg(&self, raw: i64) -> Arg {
        let value = match self.ty {
            JType::Boolean => Value::Bool(raw != 0),
            JType::Float | JType::Double => Value::Float(0.0),
            _ => Value::Int(raw),
        };
        Arg {
            name: self.name.clone(),
            ty: self.ty.to_string(),
            value,
        }
    }
}
