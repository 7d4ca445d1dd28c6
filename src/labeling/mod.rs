//! Labeling: from a satisfiable CMV at the method entry to one concrete
//! input state (section V of the JAUT paper).
//!
//! The search leaves the solver in the scope where the path's constraints
//! hold. Labeling fixes the inputs one at a time — static fields, then the
//! receiver and arguments, then the fields of the objects found so far,
//! breadth-first — each by probing candidate values under the solver and
//! keeping the first that stays satisfiable:
//!
//! - a reference: null, else an object already labelled (aliasing, cycles),
//!   else a new object, whose class is the first candidate that fits;
//! - an integer: 0, 1, -1, else the value of least magnitude (found by
//!   bisection), which lands on the boundary of the conditions that bind it
//!   rather than on an arbitrary bit pattern.
//!
//! This closes the input heap: exactly the objects labelled exist. Fields no
//! constraint mentions keep their default values.
//!
//! Labeling depends on the memory model and the solver, never on the search:
//! the search builds a [`Labeling`] context over its terms, solver and class
//! universe and passes it. The state labeling makes is a [`crate::state`]
//! type, which no stage owns.

mod builders;
mod entry;
mod floats;
mod integers;
mod lists;
mod parts;
mod values;

use std::collections::VecDeque;

pub use crate::state::{
    Arg, EnvValue, FieldValue, InitialStatic, InputState, Object, StaticValue, Value,
};
pub(crate) use entry::{entry_state, environment_domains};
pub use entry::{EntryState, EnvCall};

use crate::classfile::JType;
use crate::model::inputs::{self, InputDomain};
use crate::model::term::{TermId, Terms};
use crate::model::{Fresh, Universe};
use crate::program::Program;
use crate::solver::Solver;
use values::Labeler;

/// The prefix of every predicate labeling prefers false: a type test the
/// search left open (`search::dispatch`'s `OUTSIDE`) or a result left free
/// past what a model follows (the search's `beyond_model`).
pub(crate) const PREFER_FALSE: &str = "outside_";

/// Why an entry state could not be made concrete.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LabelingError {
    /// An input array or string would need more elements than
    /// `--max-array-length` allows.
    #[error("{0}")]
    TooLong(crate::reason::Bound),
    /// No value of an input fits the constraints (the solver and the
    /// labeler disagree, or a class cannot be chosen).
    #[error("{0}")]
    NoFit(String),
    /// The inputs the path needs cannot be written as an input state yet.
    #[error("{0}")]
    Unsupported(String),
}

/// What labeling works with: the search's terms and solver — left in the
/// scope where the path's constraints hold — its class path and class
/// universe, and the domain of the inputs. The search builds one and passes
/// it; labeling never sees the search itself.
pub(crate) struct Labeling<'a> {
    pub cp: &'a Program,
    pub terms: &'a mut Terms,
    pub solver: &'a mut Solver,
    pub fresh: &'a mut Fresh,
    pub universe: &'a mut Universe,
    pub domain: &'a mut InputDomain,
    /// Elements of one input array or characters of one input string
    /// (`--max-array-length`).
    pub max_array_length: usize,
    /// Which static fields are inputs (`--statics`).
    pub statics: crate::statics::StaticsPolicy,
    /// Whether the program's `assert`s run (`--no-assertions`).
    pub assertions: crate::assertions::Assertions,
}

impl Labeling<'_> {
    /// `v` is a value of type `ty`: in range for the narrow int types.
    pub fn in_range(&mut self, ty: &JType, v: TermId) -> Option<TermId> {
        inputs::in_range(self.terms, ty, v)
    }

    /// The classes an input object of static type `ty` may have, in the
    /// order they are tried.
    pub fn input_candidates(&mut self, ty: &str) -> Vec<u32> {
        self.domain.candidates(self.cp, self.universe, ty)
    }

    /// `v > 0 → types[v] ∈ input candidates of ty`.
    pub fn input_type_constraint(&mut self, types: TermId, v: TermId, ty: &JType) -> TermId {
        self.domain
            .type_constraint(self.cp, self.universe, self.terms, types, v, ty)
    }

    /// Records a closed-world assumption (see [`InputDomain`]).
    pub fn assume(&mut self, what: String) {
        self.domain.assume(what);
    }
}

/// Labels the entry state into a concrete input state. The solver stays in
/// the scope the search left it in, with each value labelled asserted.
pub(crate) fn label(
    cx: &mut Labeling<'_>,
    entry: &EntryState,
) -> Result<InputState, LabelingError> {
    // A preference the solver cannot settle quickly is given up: the
    // search's limit (seconds) per probe would make labeling the slowest
    // part of a search over builders' characters.
    cx.solver.set_probe_limit(Some(PROBE_LIMIT));
    let labelled = label_entry(cx, entry);
    cx.solver.set_probe_limit(None);
    labelled
}

/// The most a labeling preference's check may take.
const PROBE_LIMIT: std::time::Duration = std::time::Duration::from_millis(400);

fn label_entry(cx: &mut Labeling<'_>, entry: &EntryState) -> Result<InputState, LabelingError> {
    let mut l = Labeler {
        cx,
        objects: Vec::new(),
        strings: Vec::new(),
        queue: VecDeque::new(),
        enums: Default::default(),
        concrete_lists: Default::default(),
        generic_types: Default::default(),
    };
    // Where the path allows, an input object's class is one labeling can
    // build (not one outside the universe that a type test left open), and
    // every intrinsic's result is its exact one (not one left free): the
    // replay refutes most states that need otherwise, so these
    // preferences get the search's full limit per check.
    l.cx.solver.set_probe_limit(None);
    for open in l.cx.terms.pred_applications(PREFER_FALSE) {
        let closed = l.cx.terms.not(open);
        l.prefer(closed);
    }
    l.cx.solver.set_probe_limit(Some(PROBE_LIMIT));
    // Static fields first: they are the environment the call runs in (a
    // mode, a limit), and fixing them first gives the arguments the values
    // a reader expects (foo's `a = 1` before `i = 42`, not a wrapped `a`).
    let statics = l.statics(entry)?;
    let environment = l.environment(entry)?;
    let initial_statics = parts::initial_statics(entry);
    let (receiver, args) = l.parameters(entry)?;
    l.note_element_types(entry, receiver.iter().chain(args.iter().map(|a| &a.value)));
    let mut objects: Vec<Object> = Vec::new();
    while let Some(i) = l.queue.pop_front() {
        while objects.len() <= i {
            objects.push(Object::default());
        }
        objects[i] = l.object(i, entry, receiver.as_ref())?;
    }
    lists::settle_factories(&mut objects, &l.concrete_lists);
    let assumptions = assumptions(l.cx);
    Ok(InputState {
        receiver,
        args,
        statics,
        initial_statics,
        objects,
        environment,
        assumptions,
    })
}

/// What a labelled state rests on beyond the JVM's semantics: the
/// assumptions the search made (every one made so far, a superset of the
/// path's own), and, when the inputs labelled leave no way for every
/// intrinsic to give its exact result, the results left free
/// ([`PREFER_FALSE`] predicates that must hold).
fn assumptions(cx: &mut Labeling<'_>) -> Vec<String> {
    let mut out: Vec<String> = cx.domain.assumptions().iter().cloned().collect();
    let open = cx.terms.pred_applications(PREFER_FALSE);
    if !open.is_empty() {
        let closed: Vec<TermId> = open.iter().map(|&o| cx.terms.not(o)).collect();
        let all = cx.terms.and(closed);
        if cx.solver.check_assuming(cx.terms, &[all]) != crate::solver::Sat::Sat {
            out.push(FREE_RESULT.to_string());
        }
    }
    out
}

/// The assumption of a state that needs a result a model left free.
pub const FREE_RESULT: &str = "the path needs a result a model leaves free (a string past the \
     characters the string models follow, text the model does not follow, a string's case \
     past Latin-1, an input of a class outside the class path), which the JVM may not give";

/// Whether the replay can make a call in the method under test return a
/// value of this type (the harness replaces the result after the call,
/// `Probe.environment*`): a primitive or a `String`.
fn injectable_type(ty: &JType) -> bool {
    match ty {
        JType::Object(name) => name == "java/lang/String",
        JType::Array(_) | JType::Void => false,
        _ => true,
    }
}
