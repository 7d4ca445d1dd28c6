//! Setters after a constructor call (issue 34, item 3): where no
//! parameter of a constructor reaches a field the path needs, a method
//! `setX(v)` of the class whose one parameter is stored in that field
//! (`this.x = x`, [`super::flow::setter_fields`]) is called on the new
//! object with the state's value. The JavaBeans convention (a `set` name,
//! one parameter) chooses which methods count; what the call leaves in the
//! field is the replay's to say (docs/objects.md).

use super::flow::{self, FieldSlot};
use super::plan::{constructor_accessible, fits, read_value, Rank};
use std::sync::Arc;

use crate::classfile::{Class, JType};
use crate::classpath::ClassPath;
use crate::state::{Construction, InputState, Object, SetterCall};

/// Superclasses whose setters are looked at, at most.
const DEPTH: usize = 4;

/// A setter of a class: its name, descriptor, parameter type and the
/// fields it stores its parameter in.
pub struct Setter {
    name: String,
    descriptor: String,
    param: JType,
    fields: Vec<FieldSlot>,
}

/// The setters a test (in the class's package when `same_package`) may
/// call on an object of `class`, its superclasses' included.
pub fn of(cp: &ClassPath, class: &Arc<Class>, same_package: bool) -> Vec<Setter> {
    let mut out: Vec<Setter> = Vec::new();
    let mut here = Some(Arc::clone(class));
    for _ in 0..DEPTH {
        let Some(c) = here else { break };
        for m in &c.methods {
            let setter_like = m.name.len() > 3
                && m.name.starts_with("set")
                && m.desc.params.len() == 1
                && constructor_accessible(m, same_package);
            if !setter_like
                || out
                    .iter()
                    .any(|s| s.name == m.name && s.descriptor == m.descriptor)
            {
                continue;
            }
            let fields = flow::setter_fields(cp, &c, m);
            if !fields.is_empty() {
                out.push(Setter {
                    name: m.name.clone(),
                    descriptor: m.descriptor.clone(),
                    param: m.desc.params[0].clone(),
                    fields,
                });
            }
        }
        here = c.super_class.as_ref().and_then(|s| cp.load(s).ok());
    }
    out
}

/// Call `c` of object `i` followed by the setters that give the fields
/// the path needs which no parameter reaches (`missing`), with the rank
/// that leaves.
pub fn complete(
    cp: &ClassPath,
    setters: &[Setter],
    (mut c, mut rank, missing): (Construction, Rank, Vec<FieldSlot>),
    state: &InputState,
    i: usize,
    o: &Object,
) -> (Construction, Rank) {
    for slot in &missing {
        let Some(s) = setters.iter().find(|s| s.fields.contains(slot)) else {
            continue;
        };
        let Some(v) = read_value(o, slot) else {
            continue;
        };
        let agrees = s
            .fields
            .iter()
            .all(|other| read_value(o, other).is_none_or(|w| w == v));
        let done = c.setters.iter().any(|d| d.method == s.name);
        if !agrees || done || !fits(cp, state, i, v, &s.param) {
            continue;
        }
        c.setters.push(SetterCall {
            method: s.name.clone(),
            descriptor: s.descriptor.clone(),
            param: s.param.to_string(),
            arg: v.clone(),
        });
        rank.missing = rank.missing.saturating_sub(1);
    }
    (c, rank)
}
