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
    let mut holders: Vec<usize> = Vec::new();
    for f in o.fields.iter().filter(|f| f.read) {
        match f.value {
            Value::Ref { object } if object != i && !holders.contains(&object) => {
                holders.push(object)
            }
            _ => {}
        }
    }
    for j in holders {
        let Some(holder) = state.objects.get(j) else {
            continue;
        };
        if holder.mock.is_some() || holder.elements.is_some() {
            continue;
        }
        for m in makers(cp, access, package, &holder.class, class) {
            let Some(flows) = factories::factory_flows(cp, class, &m) else {
                continue;
            };
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

/// The makers of objects of `class` a test in `package` may call on an
/// object of class `holder` (Java form).
fn makers(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    holder: &str,
    class: &Class,
) -> Vec<Method> {
    let mut out: Vec<Method> = Vec::new();
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
                .any(|k| k.name == m.name && k.descriptor == m.descriptor);
            if returns && callable && !seen {
                out.push(m.clone());
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
        .filter(|m| {
            cp.resolve_method(returns, &m.name, &m.descriptor)
                .ok()
                .flatten()
                .is_some()
        })
        .map(|m| SetterCall {
            method: m.name.clone(),
            descriptor: m.descriptor.clone(),
            param: String::new(),
            arg: Value::Null,
        })
        .collect()
}
