//! Objects from their constructors (issue 34, item 3): after a state is
//! found and confirmed, each object of a program class in it is made, where
//! possible, by calling one of its class's constructors (`new Interval(1,
//! 5)`) instead of allocating it and writing its fields.
//!
//! [`plan`] proposes a constructor call per object from where the
//! constructors' parameters flow ([`flow`]); the replay's JVM then makes
//! the objects by those calls, checks that every field the path reads
//! holds the state's value, and runs the method on them: a state built so
//! is kept only if it still meets the goal, so what a test shows is what a
//! program can make (the soundness check, docs/objects.md). An object the
//! JVM cannot make so (the constructor throws, or makes other values) is
//! made by reflection instead, and the whole state by reflection when the
//! constructed one misses the goal. `--objects` chooses the policy.

mod adders;
mod builders;
mod constants;
mod factories;
pub mod flow;
pub mod jdk;
mod makers;
pub mod plan;
mod preconditions;
mod setters;
mod standins;
mod text;

use crate::classfile::descriptor::internal_name;
use crate::junit::access::Access;
use crate::program::Program;
use crate::replay::observation::Observed;
use crate::replay::{Observation, ReplayFailure};
use crate::state::{BuiltBy, Construction, InputState, NoConstructor, Object, Value};

pub use crate::state::Objects;

/// How many objects of program classes a state has, by how they are made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub constructor: usize,
    pub reflection: usize,
}

impl Counts {
    pub fn of(state: &InputState) -> Counts {
        let mut c = Counts::default();
        // JDK values made by their factories are no program objects.
        for o in state.objects.iter().filter(|o| !jdk::is_jdk(&o.class)) {
            match o.built_by {
                Some(BuiltBy::Constructor { .. }) => c.constructor += 1,
                Some(BuiltBy::Reflection) => c.reflection += 1,
                Some(BuiltBy::Collection { .. }) | None => {}
            }
        }
        c
    }

    pub fn add(&mut self, other: Counts) {
        self.constructor += other.constructor;
        self.reflection += other.reflection;
    }
}

/// The objects of `state` made by reflection, by index, as the words of a
/// reason: `object #0 (a.Interval)`.
pub fn made_by_reflection(state: &InputState) -> Vec<String> {
    state
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.built_by == Some(BuiltBy::Reflection))
        .map(|(i, o)| format!("object #{i} ({})", o.class))
        .collect()
}

/// Why a state's objects are left to reflection, when [`build`] makes
/// none of them by a call: what was tried, in words, and the cause for
/// each object (by index; `None` for an object that needed no call).
#[derive(Debug, Clone, Default)]
pub struct Unmade {
    pub tried: Vec<String>,
    pub because: Vec<Option<NoConstructor>>,
}

impl Unmade {
    /// Marks each object of `state` made by reflection with its cause.
    pub fn explain(&self, state: &mut InputState) {
        explain(state, &self.because);
    }
}

/// The state with as many of its program-class objects as possible made
/// by constructors, and what the JVM observed running it; else what went
/// wrong with the calls tried (none when no object had a proposal). `run`
/// replays a state; `accepted` says whether a run may stand for the state
/// found; `fresh` is the object the call under test makes itself (a
/// constructor's receiver); `package` is the test's. The objects left to
/// reflection carry why (`reflection_because`).
pub fn build(
    cp: &Program,
    package: &str,
    state: &InputState,
    fresh: Option<usize>,
    mut run: impl FnMut(&InputState) -> Result<Observation, ReplayFailure>,
    accepted: impl Fn(&Observation) -> bool,
) -> Result<(InputState, Observation), Unmade> {
    let mut access = Access::new(cp, package);
    // The state the calls start from: the state found, with the objects
    // that make others ([`makers`]), and the empty collections stand-ins
    // give null arguments ([`standins`]).
    let mut base = state.clone();
    makers::add_holders(cp, &mut access, package, &mut base);
    let mut proposals: Vec<Vec<Construction>> = plan::propose(cp, package, &base, fresh);
    let mut because: Vec<Option<NoConstructor>> = proposals
        .iter()
        .zip(&base.objects)
        .map(|(p, o)| {
            let wanted = o.built_by == Some(BuiltBy::Reflection);
            (wanted && p.is_empty()).then(|| plan::why_none(cp, package, o))
        })
        .collect();
    let mut failed: Vec<String> = Vec::new();
    let mut note = |why: String| {
        if failed.len() < 3 && !failed.contains(&why) {
            failed.push(why);
        }
    };
    // The calls refused, never tried again, and the objects whose refused
    // call was retried with stand-ins and searched arguments.
    let mut given_up: Vec<Construction> = Vec::new();
    let mut retried = vec![false; proposals.len()];
    // Each round either succeeds or gives up one proposal (or turns a
    // refused one into its stand-in and searched variants, once).
    let rounds = 4 * proposals.iter().map(Vec::len).sum::<usize>() + 8;
    for _ in 0..=rounds {
        let plans = plan::firsts(&proposals);
        if plans.iter().all(Option::is_none) {
            break;
        }
        for (k, plan) in plans.iter().enumerate() {
            if plan.is_none() && !proposals[k].is_empty() {
                because[k] = Some(NoConstructor::Cycle);
            }
        }
        let mut candidate = plan::apply(&base, &plans);
        makers::drop_unused(&mut candidate, state.objects.len());
        match run(&candidate) {
            Ok(o) if accepted(&o) => {
                let mut made = as_made(candidate, &o);
                explain(&mut made, &because);
                return Ok((made, o));
            }
            Err(ReplayFailure::Unbuilt { object, why }) if object < proposals.len() => {
                note(format!("object #{object}: {why}"));
                because[object] = Some(NoConstructor::Refused);
                if proposals[object].is_empty() {
                    break;
                }
                let refused = proposals[object].remove(0);
                let class = &base.objects[object].class.clone();
                // Searched once per object: each retry is another run of
                // the method.
                let search = !std::mem::replace(&mut retried[object], true);
                let mut next = retries(cp, &mut access, &mut base, class, &refused, search);
                next.retain(|c| !proposals[object].contains(c) && !given_up.contains(c));
                given_up.push(refused.clone());
                standins::forget(&mut base, state.objects.len(), &refused, &next);
                proposals.truncate(base.objects.len().max(state.objects.len()));
                because.truncate(proposals.len());
                retried.truncate(proposals.len());
                for (n, call) in next.into_iter().enumerate() {
                    proposals[object].insert(n, call);
                }
                // The stand-ins added, each with its own calls.
                while proposals.len() < base.objects.len() {
                    let k = proposals.len();
                    proposals.push(plan::propose_at(cp, &mut access, package, &base, k, fresh));
                    because.push(None);
                    retried.push(false);
                }
            }
            // The goal missed: the first object with another proposal
            // tries it; else a JDK object goes back to reflection, so
            // that it does not cost the program's objects their calls.
            Ok(_) => {
                note("the objects the constructors made miss the goal or cover less".into());
                for (k, plan) in plans.iter().enumerate() {
                    if plan.is_some() {
                        because[k] = Some(NoConstructor::MissesGoal);
                    }
                }
                // By `base`: it holds the stand-ins too, past the state's objects.
                let jdk =
                    |k: &usize| !proposals[*k].is_empty() && jdk::is_jdk(&base.objects[*k].class);
                let next = (0..proposals.len())
                    .find(|&k| proposals[k].len() > 1)
                    .or_else(|| (0..proposals.len()).find(jdk));
                match next {
                    Some(k) => {
                        let missed = proposals[k].remove(0);
                        standins::forget(&mut base, state.objects.len(), &missed, &proposals[k]);
                        proposals.truncate(base.objects.len().max(state.objects.len()));
                        because.truncate(proposals.len());
                        retried.truncate(proposals.len());
                    }
                    None => break,
                }
            }
            // The replay failed: keep the state as found.
            Err(e) => {
                note(e.to_string());
                for (k, plan) in plans.iter().enumerate() {
                    if plan.is_some() {
                        because[k] = Some(NoConstructor::ReplayFailed);
                    }
                }
                break;
            }
        }
    }
    Err(Unmade {
        tried: failed,
        because,
    })
}

/// The calls to try for an object of `class` after `refused`: the call
/// with stand-ins for its null arguments (added to `base`,
/// [`standins`]), then, when `search`, that call with the arguments its
/// precondition needs ([`preconditions`]).
fn retries(
    cp: &Program,
    access: &mut Access,
    base: &mut InputState,
    class: &str,
    refused: &Construction,
    search: bool,
) -> Vec<Construction> {
    let filled = standins::with_standins(cp, access, base, refused);
    let searched = if search {
        preconditions::variants(cp, class, filled.as_ref().unwrap_or(refused))
    } else {
        Vec::new()
    };
    let mut next: Vec<Construction> = filled
        .into_iter()
        .map(|mut call| {
            if !searched.is_empty() {
                call.free.clear();
            }
            call
        })
        .collect();
    next.extend(searched);
    next
}

/// Marks each object of `state` made by reflection with its cause in
/// `because` (by index), or [`NoConstructor::NotTried`].
fn explain(state: &mut InputState, because: &[Option<NoConstructor>]) {
    for (k, o) in state.objects.iter_mut().enumerate() {
        if o.built_by == Some(BuiltBy::Reflection) && !jdk::is_jdk(&o.class) {
            let cause = because.get(k).copied().flatten();
            o.reflection_because = Some(cause.unwrap_or(NoConstructor::NotTried));
        }
    }
}

/// Whether run `new` covers everything run `old` did in the class under
/// test: its pcs and branch outcomes in the method, and the instructions
/// and outcomes of the other methods it ran. A state made by constructors
/// replaces the state found only then, so a test never covers less than
/// the one it replaces (a constructor may set a field the path needed
/// otherwise, and reach the target along another path).
pub fn covers_as_much(new: &Observation, old: &Observation) -> bool {
    let within = |a: &[u32], b: &[u32]| a.iter().all(|x| b.contains(x));
    within(&old.executed, &new.executed)
        && old.edges.iter().all(|e| new.edges.contains(e))
        && old.others.iter().all(|o| {
            new.others.iter().any(|n| {
                n.method == o.method
                    && n.descriptor == o.descriptor
                    && within(&o.indexes, &n.indexes)
                    && o.index_edges.iter().all(|e| n.index_edges.contains(e))
            })
        })
}

/// The state with the values its constructors made, as the JVM reported
/// them, in the fields it lists of objects made by constructor calls: the
/// JVM's run of that state met the goal, so it is the state claimed.
fn as_made(mut state: InputState, observation: &Observation) -> InputState {
    for c in &observation.constructed {
        if let (Some(class), Some(elements), Observed::Ref { object }) =
            (&c.array, &c.elements, &c.value)
        {
            made_array(&mut state, c.object, &c.name, *object, class, elements);
            continue;
        }
        let Some(o) = state.objects.get_mut(c.object) else {
            continue;
        };
        if c.made.is_some() {
            // The call made that object: no value of the test's.
            o.fields
                .retain(|f| !(f.name == c.name && f.declared_in == c.declared_in));
            continue;
        }
        let field = o
            .fields
            .iter_mut()
            .find(|f| f.name == c.name && f.declared_in == c.declared_in);
        if let Some(f) = field {
            if let Some(v) = value_of(&c.value, &f.ty) {
                f.value = v;
            }
        }
    }
    state
}

/// Field `name` of object `holder` holds the array of values `elements`
/// its constructor made: object `id` of the state, which a held null
/// becomes (the harness numbers such arrays past the state's objects, in
/// the order it reports them).
fn made_array(
    state: &mut InputState,
    holder: usize,
    name: &str,
    id: usize,
    class: &str,
    elements: &[Observed],
) {
    let elem = class.trim_end_matches("[]");
    let Some(elements) = elements
        .iter()
        .map(|e| value_of(e, elem))
        .collect::<Option<Vec<Value>>>()
    else {
        return;
    };
    if id == state.objects.len() {
        state.objects.push(Object {
            id,
            class: class.to_string(),
            elements: Some(Vec::new()),
            ..Object::default()
        });
    }
    if let Some(a) = state.objects.get_mut(id) {
        a.elements = Some(elements);
    }
    let field = state
        .objects
        .get_mut(holder)
        .and_then(|o| o.fields.iter_mut().find(|f| f.name == name));
    if let Some(f) = field {
        f.value = Value::Ref { object: id };
    }
}

/// A primitive, string or null the JVM reported, as a value of type `ty`.
fn value_of(v: &Observed, ty: &str) -> Option<Value> {
    Some(match (v, ty) {
        (Observed::Null, _) => Value::Null,
        (Observed::Bool(b), _) => Value::Bool(*b),
        (Observed::Int(i), "float" | "double") => Value::Float(*i as f64),
        (Observed::Int(i), _) => Value::Int(*i),
        (Observed::Float(x), _) => Value::Float(*x),
        (Observed::Str(s), "float" | "double") => Value::Float(s.parse().ok()?),
        (Observed::Str(s), _) => Value::Str(s.clone()),
        (Observed::Utf16 { utf16 }, _) => Value::Utf16 {
            utf16: utf16.clone(),
        },
        (Observed::Ref { .. }, _) => return None,
    })
}

/// Marks the receiver of a constructor under test (`method_name` is
/// `<init>`) as made by the call itself: neither constructor- nor
/// reflection-made.
pub fn unmark_fresh(method_name: &str, state: &mut InputState) {
    if let Some(i) = fresh_receiver(method_name, state) {
        if let Some(o) = state.objects.get_mut(i) {
            o.built_by = None;
        }
    }
}

/// The receiver of a constructor under test (`method` named `<init>`),
/// which the call itself makes.
pub fn fresh_receiver(method_name: &str, state: &InputState) -> Option<usize> {
    match (&state.receiver, method_name) {
        (Some(crate::labeling::Value::Ref { object }), "<init>") => Some(*object),
        _ => None,
    }
}

/// The package of a class (internal or Java name), Java form: the test's
/// package when that class is under test.
pub fn package_of(class: &str) -> String {
    crate::junit::java::package_of(&internal_name(class).replace('/', ".")).to_string()
}
