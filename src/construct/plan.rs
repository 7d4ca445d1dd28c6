//! The constructor call proposed for each object of a program class in a
//! state: an accessible constructor (JLS §6.6: public, or not private in
//! the test's package) whose parameters flow to the fields the path needs
//! ([`super::flow`]), with those fields' values as its arguments and the
//! default value (JLS §4.12.5) for every other parameter.
//!
//! A proposal is a guess the replay checks: the harness calls the
//! constructor, compares the fields the path reads with the state, and
//! runs the method on what it made (docs/objects.md).

use super::flow::{self, FieldSlot};
use super::{adders, builders, constants, factories, jdk, makers, setters, text};
use crate::classfile::{access, descriptor::internal_name, Class, JType, Method};
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{BuiltBy, Construction, InputState, NoConstructor, Object, Value};

/// Constructor calls tried per object, at most.
const CANDIDATES: usize = 6;

/// The constructor calls proposed for each object of `state` (by index),
/// best first, for a test in `package`; empty for an object made by
/// reflection. The object `fresh` (the receiver of a constructor under
/// test, which the call itself makes) is never proposed.
pub fn propose(
    cp: &ClassPath,
    package: &str,
    state: &InputState,
    fresh: Option<usize>,
) -> Vec<Vec<Construction>> {
    let mut access = Access::new(cp, package);
    (0..state.objects.len())
        .map(|i| propose_at(cp, &mut access, package, state, i, fresh))
        .collect()
}

/// The calls proposed for object `i` of `state`, as [`propose`] gives them.
pub(super) fn propose_at(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    state: &InputState,
    i: usize,
    fresh: Option<usize>,
) -> Vec<Construction> {
    let o = &state.objects[i];
    let wanted = o.built_by == Some(BuiltBy::Reflection) && Some(i) != fresh;
    if wanted {
        propose_one(cp, access, package, state, i, o)
    } else if o.mock.is_some() && jdk::made_by_factories(&o.class) {
        jdk::proposals(state, o)
    } else if Some(i) != fresh {
        jdk::by_constructor(cp, access, state, o)
    } else {
        Vec::new()
    }
}

/// Why no call is proposed for object `o` of a program class, for a test
/// in `package`: a class the test may name, concrete, with a constructor
/// it may call has calls that take none of the values the path needs;
/// any other has no maker a test may call.
pub fn why_none(cp: &ClassPath, package: &str, o: &Object) -> NoConstructor {
    let mut access = Access::new(cp, package);
    let Ok(class) = cp.load(&internal_name(&o.class)) else {
        return NoConstructor::NoMaker;
    };
    let same_package = crate::junit::java::package_of(&o.class) == package;
    let callable = access.type_accessible(&o.class)
        && !class.is_interface()
        && !class.is_abstract()
        && class
            .methods
            .iter()
            .any(|m| m.name == "<init>" && constructor_accessible(m, same_package));
    if callable {
        NoConstructor::NoFittingCall
    } else {
        NoConstructor::NoMaker
    }
}

/// The first proposal left for each object, with the objects whose
/// constructor calls need one another round a cycle left to reflection.
pub fn firsts(proposals: &[Vec<Construction>]) -> Vec<Option<Construction>> {
    let mut plans: Vec<Option<Construction>> =
        proposals.iter().map(|p| p.first().cloned()).collect();
    drop_cycles(&mut plans);
    plans
}

/// The state with each proposed object made by its constructor: it lists
/// only the fields the path reads, which the constructor must produce.
pub fn apply(state: &InputState, plans: &[Option<Construction>]) -> InputState {
    let mut out = state.clone();
    for (o, plan) in out.objects.iter_mut().zip(plans) {
        if let Some(c) = plan {
            // A JDK value's fields are the JDK's (and closed to
            // reflection): its factory decides them.
            let jdk = jdk::is_jdk(&o.class);
            o.fields.retain(|f| f.read && !jdk);
            o.mock = None;
            o.built_by = Some(BuiltBy::Constructor {
                constructor: Box::new(c.clone()),
            });
        }
    }
    out
}

fn propose_one(
    cp: &ClassPath,
    access: &mut Access,
    package: &str,
    state: &InputState,
    i: usize,
    o: &Object,
) -> Vec<Construction> {
    let Ok(class) = cp.load(&internal_name(&o.class)) else {
        return Vec::new();
    };
    let nested_inner = class
        .inner_access
        .is_some_and(|flags| flags & access::STATIC == 0);
    if class.is_interface() || class.is_abstract() {
        return Vec::new();
    }
    let constants = constants::of(cp, access, package, &class);
    let mut factories = factories::of(cp, access, package, &class, state, i, o);
    factories.extend(builders::of(cp, access, package, &class, state, i, o));
    factories.extend(makers::of(cp, access, package, &class, state, i, o));
    if !access.type_accessible(&o.class) {
        // An anonymous or private class: its static final fields and the
        // factories of its enclosing class, best first.
        let mut found: Vec<(Construction, Rank)> =
            constants.into_iter().map(|c| (c, Rank::CONSTANT)).collect();
        found.extend(factories);
        found.sort_by_key(|(_, rank)| *rank);
        return found.into_iter().map(|(c, _)| c).take(CANDIDATES).collect();
    }
    let same_package = crate::junit::java::package_of(&o.class) == package;
    let setters = setters::of(cp, &class, same_package);
    let adders = adders::of(cp, &class, same_package);
    let mut found: Vec<(Construction, Rank)> = class
        .methods
        .iter()
        .filter(|m| m.name == "<init>" && constructor_accessible(m, same_package))
        .filter_map(|m| candidate(cp, &class, m, state, i, o))
        // An inner class's object needs its enclosing instance, the first
        // argument (JLS §15.9.2): `outer.new Inner(…)` cannot name null.
        .filter(|(c, _, _)| !nested_inner || matches!(c.args.first(), Some(Value::Ref { .. })))
        .flat_map(|found| adders::with_adders(cp, &adders, found, state, i, o))
        .map(|found| setters::complete(cp, &setters, found, state, i, o))
        .collect();
    found.extend(constants.into_iter().map(|c| (c, Rank::CONSTANT)));
    // After the constructors of the same rank (the sort is stable).
    found.extend(factories);
    found.sort_by_key(|(_, rank)| *rank);
    found
        .into_iter()
        .flat_map(|(c, _)| with_shared_values(c))
        .take(CANDIDATES)
        .collect()
}

/// The call `c`, then variants where one parameter takes the value
/// another argument of its type has: `new Interval(-1, -1)` where the path
/// needs `end == -1` and `Interval(0, -1)` is rejected. The replay decides
/// which, if any, meets the goal.
fn with_shared_values(c: Construction) -> Vec<Construction> {
    let mut out = vec![c.clone()];
    for (k, ty) in c.params.iter().enumerate() {
        if !crate::junit::java::is_primitive(ty) && ty != "java.lang.String" {
            continue;
        }
        for (j, v) in c.args.iter().enumerate() {
            if j != k && c.params[j] == *ty && *v != c.args[k] {
                let mut variant = c.clone();
                variant.args[k] = v.clone();
                if !out.contains(&variant) {
                    out.push(variant);
                }
            }
        }
    }
    out
}

/// How good a proposal is, best first: fewest fields the path needs (not
/// at their defaults) that no parameter reaches, then fewest parameters
/// given a guessed default, then fewest parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Rank {
    pub(super) missing: usize,
    pub(super) guessed: usize,
    pub(super) params: usize,
}

impl Rank {
    /// A static final field's object: after every constructor call that
    /// reaches all the fields the path needs, before those that do not.
    pub(super) const CONSTANT: Rank = Rank {
        missing: 0,
        guessed: usize::MAX,
        params: 0,
    };
}

/// Whether a test in the constructor's package (`same_package`) or
/// another may call it (or another method).
pub(super) fn constructor_accessible(m: &Method, same_package: bool) -> bool {
    m.access & access::SYNTHETIC == 0
        && (m.access & access::PUBLIC != 0 || (same_package && m.access & access::PRIVATE == 0))
}

/// The call of constructor `m` that gives object `i` the values of its
/// fields the path reads, with its rank and the fields it leaves to be
/// set otherwise; `None` when two of its fields a parameter reaches
/// disagree, or a value does not fit a parameter.
fn candidate(
    cp: &ClassPath,
    class: &Class,
    m: &Method,
    state: &InputState,
    i: usize,
    o: &Object,
) -> Option<(Construction, Rank, Vec<FieldSlot>)> {
    let flows = flow::parameter_fields(cp, class, m);
    call_for(cp, class, m, &flows, state, i, o)
}

/// The call of `m` (a constructor of `class`, or a static factory method
/// making its objects) whose parameters reach the fields `flows` lists,
/// with the values object `i` has there: see [`candidate`].
pub(super) fn call_for(
    cp: &ClassPath,
    class: &Class,
    m: &Method,
    flows: &[Vec<FieldSlot>],
    state: &InputState,
    i: usize,
    o: &Object,
) -> Option<(Construction, Rank, Vec<FieldSlot>)> {
    let mut args = Vec::with_capacity(flows.len());
    let mut free = Vec::new();
    let mut texts = Vec::new();
    // An inner class's enclosing instance (its first parameter, JLS
    // §8.8.1) is the state's, whether or not the path reads it.
    let inner = m.name == "<init>"
        && class
            .inner_access
            .is_some_and(|flags| flags & access::STATIC == 0);
    let enclosing = o
        .fields
        .iter()
        .find(|f| inner && f.name.starts_with("this$") && matches!(f.value, Value::Ref { .. }))
        .map(|f| &f.value);
    for (k, (ty, fields)) in m.desc.params.iter().zip(flows).enumerate() {
        let mut values = fields.iter().filter_map(|slot| read_value(o, slot));
        let mut values = values
            .next()
            .or(if k == 0 { enclosing } else { None })
            .into_iter()
            .chain(values);
        let arg = match values.next() {
            Some(v) => {
                if values.any(|other| other != v) || !fits(cp, state, i, v, ty) {
                    return None;
                }
                v.clone()
            }
            // A text parameter may be what a `char[]` field holds: a
            // builder's buffer up to its length, a tokenizer's input.
            None if texts.is_empty() && is_string(ty) => match text::of(state, o) {
                Some(t) => {
                    texts = t.fields;
                    Value::Str(t.text)
                }
                None => {
                    free.push(k);
                    Value::Null
                }
            },
            None => {
                free.push(k);
                Value::default_of(ty)
            }
        };
        args.push(arg);
    }
    let mut reached: Vec<&FieldSlot> = flows.iter().flatten().collect();
    reached.extend(&texts);
    let missing: Vec<FieldSlot> = o
        .fields
        .iter()
        .filter(|f| f.read && !f.value.is_default())
        .filter(|f| {
            !reached
                .iter()
                .any(|s| s.name == f.name && s.declared_in == f.declared_in)
        })
        .map(|f| FieldSlot {
            declared_in: f.declared_in.clone(),
            name: f.name.clone(),
        })
        .collect();
    let rank = Rank {
        missing: missing.len(),
        guessed: flows.iter().filter(|f| f.is_empty()).count() - usize::from(!texts.is_empty()),
        params: args.len(),
    };
    Some((
        Construction {
            descriptor: m.descriptor.clone(),
            params: m.desc.params.iter().map(JType::to_string).collect(),
            args,
            constant: None,
            factory: None,
            setters: Vec::new(),
            builder: None,
            free,
        },
        rank,
        missing,
    ))
}

fn is_string(ty: &JType) -> bool {
    matches!(ty, JType::Object(n) if n == "java/lang/String")
}

/// The value object `o` gives the field `slot`, if the path reads it.
pub(super) fn read_value<'a>(o: &'a Object, slot: &FieldSlot) -> Option<&'a Value> {
    o.fields
        .iter()
        .find(|f| f.read && f.name == slot.name && f.declared_in == slot.declared_in)
        .map(|f| &f.value)
}

/// Whether `v` may be passed for a parameter of type `ty` of a constructor
/// making object `i`: never the object itself nor a mock, and an object of
/// the state only where its class fits.
pub(super) fn fits(cp: &ClassPath, state: &InputState, i: usize, v: &Value, ty: &JType) -> bool {
    match (v, ty) {
        (Value::Ref { object }, _) if *object == i => false,
        (Value::Ref { object }, JType::Object(name)) => match state.objects.get(*object) {
            // A mock is declared after the objects its answers name, so
            // only one whose answers name none may be an argument; a JDK
            // value made by its factories instead is none.
            Some(target) if target.mock.is_some() => {
                jdk::made_by_factories(&target.class) || names_no_object(target)
            }
            Some(target) if target.elements.is_none() => cp
                .is_assignable(&internal_name(&target.class), name)
                .unwrap_or(false),
            Some(_) => true,
            None => false,
        },
        _ => true,
    }
}

/// Whether mock `o` answers with no object (a stand-in answering
/// nothing, a comparator answering numbers).
fn names_no_object(o: &Object) -> bool {
    o.mock
        .iter()
        .flatten()
        .flat_map(|m| &m.returns)
        .all(|v| !matches!(v, Value::Ref { .. }))
}

/// Objects whose constructor calls need one another (directly or round a
/// cycle) cannot all be made first: the objects on a cycle are made by
/// reflection instead.
fn drop_cycles(plans: &mut [Option<Construction>]) {
    let needs = |plans: &[Option<Construction>], i: usize| -> Vec<usize> {
        plans[i]
            .iter()
            .flat_map(|c| c.values())
            .filter_map(|a| match *a {
                Value::Ref { object } if plans.get(object).is_some_and(Option::is_some) => {
                    Some(object)
                }
                _ => None,
            })
            .collect()
    };
    loop {
        let on_cycle = (0..plans.len()).find(|&start| {
            let mut seen = vec![false; plans.len()];
            let mut stack = needs(plans, start);
            while let Some(k) = stack.pop() {
                if k == start {
                    return true;
                }
                if !std::mem::replace(&mut seen[k], true) {
                    stack.extend(needs(plans, k));
                }
            }
            false
        });
        match on_cycle {
            Some(i) => plans[i] = None,
            None => return,
        }
    }
}
