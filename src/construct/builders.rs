//! Objects from builders and instance factories (issue 34, item 3): a
//! chain of calls that starts with a builder (`Foo.builder()`, `new
//! Foo.Builder()`, or an enum constant's `DoubleFormat.PLAIN.builder()`),
//! calls one fluent step per field the path needs (`.maxPrecision(3)`) and
//! finishes with `build()`; or that starts with an object of the class
//! itself (a constant, a no-argument constructor or factory) and calls its
//! `withX(..)` methods, each returning the object to chain on.
//!
//! Which step gives which field is a guess by names (Effective Java's
//! builder idiom: a step is named after the field it sets, or stores its
//! argument in a builder field of that name, [`super::flow::setter_fields`]),
//! since a builder hands its fields over through code no simple flow
//! follows (`build()` applies a factory function, the constructor reads
//! the builder's accessors). Nothing here is a claim: the replay makes the
//! object by the chain, checks it is of exactly the class with the values
//! the path reads, and runs the method on it (docs/objects.md).

use std::sync::Arc;

use super::flow;
use super::plan::{constructor_accessible, fits, Rank};
use crate::classfile::{access, Class, JType, Method};
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{
    Builder, BuilderStart, Construction, InputState, Object, SetterCall, StaticRef, Value,
};

/// Superclasses whose steps are looked at, at most.
const DEPTH: usize = 3;

/// Chains proposed per object, at most.
const CHAINS: usize = 4;

/// The chains that may make object `i` (of `class`) of `state` for a test
/// in `package`, with their ranks. A chain without a builder or steps is
/// proposed only where it calls a constant's method
/// (`DoubleFormat.PLAIN.builder()`): any other bare start is a
/// constructor, constant or factory the other proposals already try.
pub(super) fn of(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    class: &Class,
    state: &InputState,
    i: usize,
    o: &Object,
) -> Vec<(Construction, Rank)> {
    let mut out = Vec::new();
    for (b, finish) in makers(cp, access, package, class) {
        let same_package = crate::junit::java::package_of(&b.java_name()) == package;
        let (steps, missing) = steps_for(cp, access, &b, same_package, state, i, o);
        for start in starts(cp, access, package, class, &b) {
            let bare = steps.is_empty() && finish.is_none() && start.params.is_empty();
            if bare && !matches!(start.start, BuilderStart::OnConstant { .. }) {
                continue;
            }
            let (args, free, reached) = start_args(cp, state, i, o, &start);
            let rank = Rank {
                missing: missing.iter().filter(|f| !reached.contains(f)).count(),
                guessed: free.len(),
                params: steps.len() + 1 + args.len(),
            };
            let chain = Builder {
                class: b.java_name(),
                start: start.start,
                finish: finish.as_ref().map(|m| m.name.clone()),
                finish_descriptor: finish.as_ref().map(|m| m.descriptor.clone()),
            };
            let call = Construction {
                descriptor: start.descriptor,
                params: start.params.iter().map(JType::to_string).collect(),
                args,
                constant: None,
                factory: None,
                setters: steps.clone(),
                builder: Some(Box::new(chain)),
                free,
            };
            // The chain without the steps that give a field its default
            // too, first: what the builder makes there may do (the run
            // decides), and a builder may refuse a default its own
            // defaults contradict (`withMinBackReferenceLength(0)`).
            let mut lean = call.clone();
            lean.setters.retain(|s| !s.arg.is_default());
            if lean.setters.len() < call.setters.len()
                && !(lean.setters.is_empty() && bare_start(&lean))
            {
                let rank = Rank {
                    params: rank.params - (call.setters.len() - lean.setters.len()),
                    ..rank
                };
                out.push((lean, rank));
            }
            out.push((call, rank));
        }
    }
    out.sort_by_key(|(_, rank)| *rank);
    out.truncate(CHAINS);
    out
}

/// Whether chain `c` would make its object by its start alone (no steps,
/// no finish, no arguments): a constructor, constant or factory the other
/// proposals already try.
fn bare_start(c: &Construction) -> bool {
    let b = c.builder.as_ref();
    c.setters.is_empty()
        && c.args.is_empty()
        && b.is_some_and(|b| {
            b.finish.is_none() && !matches!(b.start, BuilderStart::OnConstant { .. })
        })
}

/// How a chain may start: the start itself, its JVM descriptor (empty for
/// a field read), its parameters and, for each, the fields of the builder
/// it reaches ([`flow`]).
struct Start {
    start: BuilderStart,
    descriptor: String,
    params: Vec<JType>,
    flows: Vec<Vec<flow::FieldSlot>>,
}

impl Start {
    fn bare(start: BuilderStart, descriptor: String) -> Start {
        Start {
            start,
            descriptor,
            params: Vec::new(),
            flows: Vec::new(),
        }
    }
}

/// The arguments of `start` for object `i`, chosen as a constructor's are
/// (`plan::call_for`): a parameter reaching a builder field named as a
/// field the path reads takes that field's value, any other its type's
/// default (its index among the free ones returned); with the names of
/// the fields the arguments give.
fn start_args(
    cp: &ClassPath,
    state: &InputState,
    i: usize,
    o: &Object,
    start: &Start,
) -> (Vec<Value>, Vec<usize>, Vec<String>) {
    let mut args = Vec::with_capacity(start.params.len());
    let mut free = Vec::new();
    let mut reached = Vec::new();
    for (k, (ty, slots)) in start.params.iter().zip(&start.flows).enumerate() {
        let field = o.fields.iter().find(|f| {
            f.read && slots.iter().any(|s| s.name == f.name) && fits(cp, state, i, &f.value, ty)
        });
        match field {
            Some(f) => {
                reached.push(f.name.clone());
                args.push(f.value.clone());
            }
            None => {
                free.push(k);
                args.push(Value::default_of(ty));
            }
        }
    }
    (args, free, reached)
}

/// The classes whose chains may end in an object of `class`, each with
/// its finishing method: the builders nested in the class or the classes
/// enclosing it (a method of no parameters returning a type the class is
/// assignable to), and the class itself, finished by its last step.
fn makers(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    class: &Class,
) -> Vec<(Arc<Class>, Option<Method>)> {
    let owners = super::factories::owners(&class.name);
    let mut out: Vec<(Arc<Class>, Option<Method>)> = Vec::new();
    if let Ok(own) = cp.load(&class.name) {
        out.push((own, None));
    }
    let nested = cp.user_class_names().iter().filter(|n| {
        *n != &class.name
            && owners.iter().any(|o| {
                n.strip_prefix(o.as_str())
                    .is_some_and(|r| r.starts_with('$'))
            })
    });
    for name in nested {
        let Ok(b) = cp.load(name) else { continue };
        if !access.type_accessible(&b.java_name()) || b.is_interface() || b.is_abstract() {
            continue;
        }
        let same_package = crate::junit::java::package_of(&b.java_name()) == package;
        let finish = b.methods.iter().find(|m| {
            !m.is_static()
                && m.desc.params.is_empty()
                && m.name.starts_with("build")
                && constructor_accessible(m, same_package)
                && returns(cp, m, &class.name)
        });
        if let Some(m) = finish {
            out.push((Arc::clone(&b), Some(m.clone())));
        }
    }
    out
}

/// Whether `m` returns a reference type an object of `class` (internal
/// name) fits.
fn returns(cp: &ClassPath, m: &Method, class: &str) -> bool {
    matches!(&m.desc.ret, JType::Object(r) if cp.is_assignable(class, r).unwrap_or(false))
}

/// The steps that give object `o` the values of the fields the path reads
/// (non-null ones), by the fluent methods of `b` (one parameter, returning
/// `b`'s type) named after a field or storing into a field of that name,
/// with the names of the fields they leave (not at their defaults).
fn steps_for(
    cp: &ClassPath,
    access: &mut Access,
    b: &Arc<Class>,
    same_package: bool,
    state: &InputState,
    i: usize,
    o: &Object,
) -> (Vec<SetterCall>, Vec<String>) {
    let fluent = fluent_methods(cp, access, b, same_package);
    let mut steps: Vec<SetterCall> = Vec::new();
    let mut missing = Vec::new();
    for f in o
        .fields
        .iter()
        .filter(|f| f.read && f.value != crate::state::Value::Null)
    {
        let step = fluent.iter().find(|(m, stored)| {
            let param = m.desc.params[0].to_string();
            param == f.ty
                && (field_named(&m.name) == f.name || stored.iter().any(|s| s == &f.name))
                && fits(cp, state, i, &f.value, &m.desc.params[0])
        });
        match step {
            Some((m, _)) if !steps.iter().any(|s| s.method == m.name) => steps.push(SetterCall {
                method: m.name.clone(),
                descriptor: m.descriptor.clone(),
                param: m.desc.params[0].to_string(),
                arg: f.value.clone(),
            }),
            Some(_) => {}
            None if !f.value.is_default() => missing.push(f.name.clone()),
            None => {}
        }
    }
    (steps, missing)
}

/// The fluent methods of `b` and its superclasses a test may call, each
/// with the names of the fields of `b` it stores its argument in.
fn fluent_methods(
    cp: &ClassPath,
    access: &mut Access,
    b: &Arc<Class>,
    same_package: bool,
) -> Vec<(Method, Vec<String>)> {
    let mut out: Vec<(Method, Vec<String>)> = Vec::new();
    let mut here = Some(Arc::clone(b));
    for _ in 0..DEPTH {
        let Some(c) = here else { break };
        for m in &c.methods {
            let fluent = !m.is_static()
                && m.desc.params.len() == 1
                && constructor_accessible(m, same_package)
                && returns(cp, m, &b.name)
                && access.type_accessible(&m.desc.params[0].to_string());
            if fluent
                && !out
                    .iter()
                    .any(|(k, _)| k.name == m.name && k.descriptor == m.descriptor)
            {
                let stored = flow::setter_fields(cp, &c, m)
                    .into_iter()
                    .map(|s| s.name)
                    .collect();
                out.push((m.clone(), stored));
            }
        }
        here = c.super_class.as_ref().and_then(|s| cp.load(s).ok());
    }
    out
}

/// The field a step named `method` sets: `maxPrecision` → `maxPrecision`,
/// `setName`/`withName` → `name`.
fn field_named(method: &str) -> String {
    for prefix in ["set", "with"] {
        if let Some(rest) = method.strip_prefix(prefix) {
            let mut cs = rest.chars();
            if let Some(first) = cs.next().filter(char::is_ascii_uppercase) {
                return first.to_ascii_lowercase().to_string() + cs.as_str();
            }
        }
    }
    method.to_string()
}

/// How a chain making a `b` may start: a constructor of `b`, a static
/// method of `b` or of a class enclosing `class` returning a `b` (their
/// parameters reaching the builder's fields, `Parameters.builder(int
/// windowSize)`), a static final field of such a class holding a `b`
/// (`Range.EMPTY`), or a no-argument method returning a `b` of an object
/// such a field holds — the fields whose names the object's class name
/// contains first (`PLAIN` for `DoubleFormat$PlainDoubleFormat`).
fn starts(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    class: &Class,
    b: &Class,
) -> Vec<Start> {
    let mut out = Vec::new();
    let b_same = crate::junit::java::package_of(&b.java_name()) == package;
    let nested_inner = b.inner_access.is_some_and(|f| f & access::STATIC == 0);
    let nameable = |access: &mut Access, m: &Method| {
        m.desc
            .params
            .iter()
            .all(|p| access.type_accessible(&p.to_string()))
    };
    if !nested_inner && access.type_accessible(&b.java_name()) {
        for m in &b.methods {
            if m.name == "<init>" && constructor_accessible(m, b_same) && nameable(access, m) {
                out.push(Start {
                    start: BuilderStart::New,
                    descriptor: m.descriptor.clone(),
                    params: m.desc.params.clone(),
                    flows: flow::parameter_fields(cp, b, m),
                });
            }
        }
    }
    let mut owners = super::factories::owners(&class.name);
    if !owners.contains(&b.name) {
        owners.insert(0, b.name.clone());
    }
    let simple = class
        .name
        .rsplit(['/', '$'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut on_constants = Vec::new();
    for owner in owners {
        let Ok(c) = cp.load(&owner) else { continue };
        let java = c.java_name();
        if !access.type_accessible(&java) {
            continue;
        }
        let same = crate::junit::java::package_of(&java) == package;
        let making = |m: &&Method| {
            (m.desc.params.is_empty() || m.is_static())
                && constructor_accessible(m, same)
                && returns(cp, m, &b.name)
                && m.name != "<init>"
        };
        let constants: Vec<(StaticRef, &JType, bool)> = c
            .fields
            .iter()
            .filter(|f| {
                f.access & access::STATIC != 0
                    && f.access & access::FINAL != 0
                    && (f.access & access::PUBLIC != 0 || (same && f.access & access::PRIVATE == 0))
            })
            .map(|f| {
                let named = simple.contains(&f.name.replace('_', "").to_ascii_lowercase());
                let k = StaticRef {
                    class: java.clone(),
                    field: f.name.clone(),
                };
                (k, &f.ty, named)
            })
            .collect();
        let holds = |ty: &JType, class: &str| matches!(ty, JType::Object(t) if t == class);
        for (k, ty, named) in &constants {
            if holds(ty, &b.name) {
                let start = BuilderStart::Constant {
                    constant: k.clone(),
                };
                on_constants.push((!named, Start::bare(start, String::new())));
            }
        }
        for m in c.methods.iter().filter(making) {
            if m.is_static() {
                if !nameable(access, m) {
                    continue;
                }
                let method = StaticRef {
                    class: java.clone(),
                    field: m.name.clone(),
                };
                let flows = super::factories::factory_flows(cp, b, m)
                    .unwrap_or_else(|| vec![Vec::new(); m.desc.params.len()]);
                out.push(Start {
                    start: BuilderStart::Static { method },
                    descriptor: m.descriptor.clone(),
                    params: m.desc.params.clone(),
                    flows,
                });
                continue;
            }
            for (k, _, named) in constants.iter().filter(|(_, ty, _)| holds(ty, &c.name)) {
                let start = BuilderStart::OnConstant {
                    constant: k.clone(),
                    method: m.name.clone(),
                };
                on_constants.push((!named, Start::bare(start, m.descriptor.clone())));
            }
        }
    }
    // Stable: the fields named in the class's name first.
    on_constants.sort_by_key(|(unnamed, _)| *unnamed);
    out.extend(on_constants.into_iter().map(|(_, s)| s));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_named_after_its_field() {
        assert_eq!(field_named("maxPrecision"), "maxPrecision");
        assert_eq!(field_named("setName"), "name");
        assert_eq!(field_named("withLimit"), "limit");
        assert_eq!(field_named("settle"), "settle");
        assert_eq!(field_named("with"), "with");
    }
}
