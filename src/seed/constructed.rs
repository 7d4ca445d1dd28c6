//! Receivers made by a call of their class's constructor with seeded
//! arguments: `new PhoneticEngine(NameType.ASHKENAZI, RuleType.APPROX,
//! false)`, `new DigestUtils("MD5")`. [`super::objects`] writes the fields
//! a constructor's straight-line start sets from constants, and stops at
//! its first call; a constructor that calls out for what it keeps
//! (`Lang.instance(nameType)`, `MessageDigest.getInstance(name)`) leaves
//! those fields null there, and every method that reads them throws. The
//! harness runs the call itself (`State.java`), and the test writes it as a
//! person would (issue 33; the object is a `state::Construction`, as
//! issue 34's are).
//!
//! A constructor qualifies when every parameter is a scalar, a string or
//! an enum: each gets its first seed, a string the first name a JDK lookup
//! of the constructor accepts ([`super::names`]) or else the first
//! non-empty text. Nothing here is a claim: a call that throws makes the
//! replay fail, and the other receivers remain.

use crate::classfile::{Class, JType, Method};
use crate::classpath::ClassPath;
use crate::labeling::{Object, Value};
use crate::state::BuiltBy;

use super::objects::Graph;
use super::pools::Pools;

/// Constructors tried per class, at most (the fewest parameters first).
const CONSTRUCTORS: usize = 2;

/// Objects of `class` made by its constructors with seeded arguments, at
/// most [`CONSTRUCTORS`]; none for an abstract class, an interface, an
/// enum or a nested class (its constructor may not be one a test can
/// call).
pub(super) fn constructed(cp: &ClassPath, class: &Class) -> Vec<Graph> {
    if class.is_abstract()
        || class.is_interface()
        || class.name.contains('$')
        || crate::enums::constants(cp, &class.name).is_some()
    {
        return Vec::new();
    }
    let mut ctors: Vec<&Method> = class
        .methods
        .iter()
        .filter(|m| m.name == "<init>" && !m.is_private() && m.code.is_some())
        .collect();
    ctors.sort_by_key(|m| m.desc.params.len());
    ctors
        .into_iter()
        .filter_map(|m| made_by(cp, class, m))
        .take(CONSTRUCTORS)
        .collect()
}

/// `class`'s object made by constructor `m` with each parameter's first
/// seed; `None` when a parameter is not a scalar, a string or an enum.
fn made_by(cp: &ClassPath, class: &Class, m: &Method) -> Option<Graph> {
    let code = m.code.as_ref()?;
    let names = super::names::looked_up(cp, m);
    let mut pools = Pools::of(class, m, code);
    pools.add_looked_up_names(&names);
    let args: Vec<Value> = m
        .desc
        .params
        .iter()
        .map(|ty| argument(cp, &pools, &names, ty))
        .collect::<Option<_>>()?;
    let params = m.desc.params.iter().map(JType::to_string).collect();
    let constructor = super::jdk_objects::constructor(&m.descriptor, params, args);
    Some(vec![Object {
        class: class.java_name(),
        built_by: Some(BuiltBy::Constructor { constructor }),
        ..Object::default()
    }])
}

/// The argument of a parameter of type `ty`: a looked-up name or the first
/// non-empty text for a string, else the first non-null seed; `None` for
/// an `Object` or a type no seed builds.
fn argument(cp: &ClassPath, pools: &Pools, names: &[&str], ty: &JType) -> Option<Value> {
    let seeds = pools.scalars(cp, ty)?;
    match ty {
        JType::Object(n) if n == "java/lang/Object" => None,
        JType::Object(n) if n == "java/lang/String" || n == "java/lang/CharSequence" => names
            .first()
            .map(|name| Value::Str((*name).to_string()))
            .or_else(|| {
                seeds
                    .into_iter()
                    .find(|v| matches!(v, Value::Str(s) if !s.is_empty()))
            }),
        _ => seeds.into_iter().find(|v| *v != Value::Null),
    }
}
