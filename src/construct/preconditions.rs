//! Arguments a call needs to return at all (issue 34, items 1 and 3): a
//! constructor, factory or builder start proposed with a default for each
//! parameter the path's values do not decide ([`Construction::free`]) may
//! refuse it (`Parameters.builder(0)` throws "windowSize must be a power
//! of two", `ListUtils.partition(list, 0)` "Size must be greater than 0").
//! The arguments are then found as the path's own are, by the backward
//! search (Charreteur & Gotlieb, ISSRE 2010, §3): its goal is a normal
//! return of the called method, so what it labels satisfies the call's
//! precondition.
//!
//! A refused call is tried again twice: with the searched values for its
//! free parameters only, then for every parameter of a primitive or text
//! type (a value the path read but need not hold: the harness reports the
//! field the call made, and the run decides). Nothing here is a claim:
//! the replay makes the object and runs the method on it, and the state
//! stands only if it meets the goal and covers as much
//! (docs/objects.md). One search per method and program, at most
//! [`SEARCH_TIME`] long; once per object and state (each try is a run of
//! the method).

use std::time::Duration;

use crate::classfile::descriptor::internal_name;
use crate::classfile::Op;
use crate::program::Program;
use crate::search::{self, Config, Goal, Verdict};
use crate::state::{BuilderStart, Construction, Value};

/// How long the search for one method's arguments may take.
const SEARCH_TIME: Duration = Duration::from_secs(1);

/// The calls to try after `refused` (made for an object of `class`, Java
/// form) was refused: its free parameters, then all its primitive and
/// text ones, given the values a search for the called method's normal
/// return labels. Empty when the search found none (or the same values).
pub(super) fn variants(cp: &Program, class: &str, refused: &Construction) -> Vec<Construction> {
    let Some((owner, method)) = called(class, refused) else {
        return Vec::new();
    };
    let Some(found) = arguments(cp, &owner, &method, &refused.descriptor) else {
        return Vec::new();
    };
    let mut out: Vec<Construction> = Vec::new();
    let value_type = |ty: &str| crate::junit::java::is_primitive(ty) || ty == "java.lang.String";
    for all in [false, true] {
        let mut call = refused.clone();
        call.free.clear();
        for (k, (arg, v)) in call.args.iter_mut().zip(&found).enumerate() {
            let chosen = if all {
                value_type(&refused.params[k])
            } else {
                refused.free.contains(&k)
            };
            if let (true, Some(v)) = (chosen, v) {
                *arg = v.clone();
            }
        }
        if call.args != refused.args && !out.iter().any(|c| c.args == call.args) {
            out.push(call);
        }
    }
    out
}

/// The class (internal name) and name of the method `call` runs with its
/// arguments: the builder's start, the factory, or the constructor of
/// `class`; `None` for a constant.
fn called(class: &str, call: &Construction) -> Option<(String, String)> {
    if let Some(b) = &call.builder {
        return match &b.start {
            BuilderStart::New => Some((internal_name(&b.class), "<init>".into())),
            BuilderStart::Static { method } => {
                Some((internal_name(&method.class), method.field.clone()))
            }
            BuilderStart::Constant { .. }
            | BuilderStart::OnConstant { .. }
            | BuilderStart::OnObject { .. } => None,
        };
    }
    if call.constant.is_some() {
        return None;
    }
    match &call.factory {
        Some(k) => Some((internal_name(&k.class), k.field.clone())),
        None => Some((internal_name(class), "<init>".into())),
    }
}

/// The values of the primitive and text arguments (by parameter) of an
/// input state under which `owner.name(descriptor)` returns normally, as
/// the backward search labels them; searched once per method and program
/// ([`Program::memo`]).
fn arguments(
    cp: &Program,
    owner: &str,
    name: &str,
    descriptor: &str,
) -> Option<Vec<Option<Value>>> {
    let key = format!("preconditions:{owner}.{name}{descriptor}");
    cp.memo(&key, || search_arguments(cp, owner, name, descriptor))
}

fn search_arguments(
    cp: &Program,
    owner: &str,
    name: &str,
    descriptor: &str,
) -> Option<Vec<Option<Value>>> {
    let class = cp.load(owner).ok()?;
    let method = class.method(name, descriptor)?;
    let returns: Vec<_> = method
        .code
        .as_ref()?
        .instructions
        .iter()
        .filter(|i| matches!(i.op, Op::Return(_)))
        .map(|i| i.pc)
        .collect();
    let config = Config {
        timeout: SEARCH_TIME,
        ..Config::default()
    };
    for pc in returns {
        let outcome = search::search_goal(cp, &class, method, &Goal::Pc(pc), &config).ok()?;
        if let Verdict::Reached { state, .. } = outcome.verdict {
            let values = state
                .args
                .iter()
                .map(|a| match a.value {
                    Value::Ref { .. } => None,
                    ref v => Some(v.clone()),
                })
                .collect();
            return Some(values);
        }
    }
    None
}
