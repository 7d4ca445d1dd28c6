//! Objects another object of the state makes, then moved on by a method
//! sequence (issue 34): an anonymous class whose objects only an instance
//! method of a program object creates (`CircularFifoQueue.iterator()`
//! returns `new Iterator<E>() {…}`, class `CircularFifoQueue$1`, its queue
//! in `this$0`) is made by that method called on the object of the state
//! a field of it holds, followed by `k` calls of a method of no parameter
//! that moves it on (`next()`), as a person writes `Iterator it =
//! queue.iterator(); it.next();`: a short method sequence in the manner
//! of SUSHI and EvoSuite, whose length the replay picks.
//!
//! A maker is an instance method of the holder's class (or a superclass)
//! that the test may call, returns a type the object's class is
//! assignable to, and makes an object of the class as javac compiles
//! `return new C(…)` ([`super::factories::factory_flows`]). A step is a
//! method of the object's class with no parameter that writes a field
//! (`putfield`, JVMS §6.5) and that the maker's return type declares, so
//! the test can call it on the variable it declares by that type. Each
//! maker is proposed with no step, then with 1 to [`MAX_STEPS`] calls of
//! each step, fewest first. Nothing here is a claim: the harness calls the
//! maker on the state's object and the steps on what it returns, checks
//! the object is of exactly the class and holds the state's references,
//! reports the primitive fields the calls left, and the run decides
//! whether the goal is met (docs/objects.md).

use super::factories;
use super::flow::FieldSlot;
use super::plan::{self, Rank};
use crate::classfile::descriptor::internal_name;
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{Builder, BuilderStart, Construction, InputState, Object, SetterCall, Value};

/// Steps of one method after the maker, at most.
const MAX_STEPS: usize = 3;

/// Superclasses of the holder whose makers are looked at, at most.
const DEPTH: usize = 4;

/// The calls that make object `i` (of `class`) of `state` by a maker of
/// an object of the state one of its fields holds, for a test in
/// `package`, with their ranks.
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
    for j in holders(state, i, o) {
        let Some(holder) = state.objects.get(j) else {
            continue;
        };
        if holder.mock.is_some() || holder.elements.is_some() {
            continue;
        }
        for (m, flows) in makers(cp, access, package, &holder.class, class) {
            let Some((mut call, rank, _)) = plan::call_for(cp, class, &m, &flows, state, i, o)
            else {
                continue;
            };
            call.builder = Some(Box::new(Builder {
                class: class.java_name(),
                start: BuilderStart::OnObject {
                    on: Value::Ref { object: j },
                    method: m.name.clone(),
                },
                finish: None,
                finish_descriptor: None,
            }));
            let returns = match &m.desc.ret {
                JType::Object(name) => name.clone(),
                _ => continue,
            };
            let steps = steps(cp, class, &returns);
            out.push((call.clone(), rank));
            for k in 1..=MAX_STEPS {
                for step in &steps {
                    let mut moved = call.clone();
                    moved.setters.extend((0..k).map(|_| step.clone()));
                    let rank = Rank {
                        params: rank.params + k,
                        ..rank
                    };
                    out.push((moved, rank));
                }
            }
        }
    }
    out
}

/// The objects of the state a maker may be called on for object `i`:
/// those its fields the path reads hold; where the path reads no
/// reference of it (an iterator whose `parent` it never reads), any
/// object of a class (no array, no mock), such as one [`add_holders`]
/// added.
fn holders(state: &InputState, i: usize, o: &Object) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for f in o.fields.iter().filter(|f| f.read) {
        match f.value {
            Value::Ref { object } if object != i && !out.contains(&object) => out.push(object),
            _ => {}
        }
    }
    let reads_a_reference = o
        .fields
        .iter()
        .any(|f| f.read && !crate::junit::java::is_primitive(&f.ty));
    if out.is_empty() && !reads_a_reference {
        out = (0..state.objects.len())
            .filter(|&j| j != i)
            .filter(|&j| {
                let h = &state.objects[j];
                h.mock.is_none() && h.elements.is_none() && h.built_by.is_some()
            })
            .collect();
    }
    out
}

/// For each object of `state` made by reflection whose class a test may
/// not name, that no object of the state has a maker of, and whose fields the
/// path reads hold no reference: a new object of a class enclosing it
/// (its binary name, JLS §13.1) that has a maker of it and a constructor
/// the test may call, appended to the state by reflection (its own calls
/// are proposed as for any object): `new SingletonMap()` for a
/// `SingletonMap$SingletonMapIterator`, made by its `mapIterator()`.
/// [`drop_unused`] removes it again where nothing names it.
pub(super) fn add_holders(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    state: &mut InputState,
) {
    for i in 0..state.objects.len() {
        let o = &state.objects[i];
        let wanted = o.built_by == Some(crate::state::BuiltBy::Reflection)
            && !access.type_accessible(&o.class);
        let reads_a_reference = o
            .fields
            .iter()
            .any(|f| f.read && !crate::junit::java::is_primitive(&f.ty));
        if !wanted || reads_a_reference {
            continue;
        }
        let Ok(class) = cp.load(&internal_name(&o.class)) else {
            continue;
        };
        let held = holders(state, i, o).into_iter().any(|j| {
            let holder = state.objects[j].class.clone();
            !makers(cp, access, package, &holder, &class).is_empty()
        });
        if held {
            continue;
        }
        let owner = factories::owners(&class.name)
            .into_iter()
            .skip(1)
            .find(|owner| {
                let java = crate::classfile::descriptor::java_name(owner);
                let made = cp.load(owner).is_ok_and(|c| {
                    !c.is_abstract()
                        && !c.is_interface()
                        && c.methods.iter().any(|m| {
                            m.name == "<init>"
                                && plan::constructor_accessible(
                                    m,
                                    crate::junit::java::package_of(&java) == package,
                                )
                        })
                });
                made && !makers(cp, access, package, &java, &class).is_empty()
            });
        if let Some(owner) = owner {
            let id = state.objects.len();
            state.objects.push(Object {
                id,
                class: crate::classfile::descriptor::java_name(&owner),
                built_by: Some(crate::state::BuiltBy::Reflection),
                ..Object::default()
            });
        }
    }
}

/// Drops from `state` the objects [`add_holders`] added (from `found`
/// on, the state found's count) that are last and that nothing names.
pub(super) fn drop_unused(state: &mut InputState, found: usize) {
    while state.objects.len() > found {
        let last = state.objects.len() - 1;
        let named = |v: &Value| *v == Value::Ref { object: last };
        let used = state.objects.iter().any(|o| {
            o.construction().is_some_and(|c| c.values().any(named))
                || o.fields.iter().any(|f| named(&f.value))
                || o.elements.iter().flatten().any(named)
        }) || state.receiver.as_ref().is_some_and(named)
            || state.args.iter().any(|a| named(&a.value));
        if used {
            return;
        }
        state.objects.pop();
    }
}

/// The makers of objects of `class` a test in `package` may call on an
/// object of class `holder` (Java form), each with the fields of the
/// object its parameters reach ([`factories::factory_flows`]).
fn makers(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    holder: &str,
    class: &Class,
) -> Vec<(Method, Vec<Vec<FieldSlot>>)> {
    let mut out: Vec<(Method, Vec<Vec<FieldSlot>>)> = Vec::new();
    if !access.type_accessible(holder) {
        return out;
    }
    let same_package = crate::junit::java::package_of(holder) == package;
    let mut here = cp.load(&internal_name(holder)).ok();
    for _ in 0..DEPTH {
        let Some(c) = here else { break };
        for m in &c.methods {
            let returns = match &m.desc.ret {
                JType::Object(name) => cp.is_assignable(&class.name, name).unwrap_or(false),
                _ => false,
            };
            let callable = !m.is_static()
                && !m.name.starts_with('<')
                && plan::constructor_accessible(m, same_package)
                && m.desc
                    .params
                    .iter()
                    .all(|p| access.type_accessible(&p.to_string()));
            let seen = out
                .iter()
                .any(|(k, _)| k.name == m.name && k.descriptor == m.descriptor);
            if !returns || !callable || seen {
                continue;
            }
            if let Some(flows) = factories::factory_flows(cp, class, m) {
                out.push((m.clone(), flows));
            }
        }
        here = c.super_class.as_ref().and_then(|s| cp.load(s).ok());
    }
    out
}

/// The steps that move an object of `class` on: its methods of no
/// parameter that write a field, which `returns` (internal name, the
/// type the test declares the object by) declares too.
fn steps(cp: &ClassPath, class: &Class, returns: &str) -> Vec<SetterCall> {
    // By name: `String next()` of an `Iterator<String>` is declared there
    // through its bridge `Object next()`.
    let declared: Vec<&str> = class
        .methods
        .iter()
        .filter(|m| m.desc.params.is_empty())
        .filter(|m| {
            cp.resolve_method(returns, &m.name, &m.descriptor)
                .ok()
                .flatten()
                .is_some()
        })
        .map(|m| m.name.as_str())
        .collect();
    class
        .methods
        .iter()
        .filter(|m| !m.is_static() && !m.name.starts_with('<') && m.desc.params.is_empty())
        .filter(|m| plan::constructor_accessible(m, false))
        .filter(|m| {
            m.code.as_ref().is_some_and(|code| {
                code.instructions
                    .iter()
                    .any(|i| matches!(i.op, Op::PutField(_)))
            })
        })
        .filter(|m| declared.contains(&m.name.as_str()))
        .map(|m| SetterCall {
            method: m.name.clone(),
            descriptor: m.descriptor.clone(),
            param: String::new(),
            arg: Value::Null,
        })
        .collect()
}
