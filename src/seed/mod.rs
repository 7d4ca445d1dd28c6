//! Constant-seeded input states: the fallback when the backward search
//! stops at a bound.
//!
//! Some targets sit behind loops whose iteration counts the inputs fix only
//! through a long chain of heap updates (the Josephus ring of the JAUT
//! paper's `josephus/m`, whose target needs 41 nodes and a step of 3). A
//! backward search meets those loops from the wrong end: it must guess the
//! counts before the inputs that decide them are in view. Running the method
//! forward on a handful of candidate inputs is then far cheaper, and the
//! constants the method itself compares against are the candidates that
//! matter (the idea of EvoSuite's constant seeding). The same holds for a
//! string decided deep in the JDK (a regular expression matching it): the
//! method's own string constants, the empty string and a letter are seeds;
//! texts made of the characters the method and its helpers compare with
//! ([`chars`]: `"a/../b"` for a path normalizer) are seeds too;
//! an array parameter is empty, null, or holds one to three seeds of its
//! element ([`arrays`]); an
//! `Object` parameter is a string seed, or an empty or one-element array;
//! an enum parameter is each of its constants; a string the method hands
//! to a JDK lookup by name (a charset, a digest) is also a name every JVM
//! knows ([`names`]).
//!
//! Instance methods and parameters of program classes are seeded too: the
//! receiver, and an object parameter besides null, is an instance as its
//! constructor would make it from constants ([`objects`]); a receiver is
//! also one a call of its constructor with seeded arguments makes
//! ([`constructed`]). `jaut cover`'s
//! first pass runs every method's first few seeds before any search; one
//! target tries up to [`SEEDS`] of them once its search ended unknown.
//!
//! This module only proposes states; the caller replays them in the JVM and
//! keeps one only if the JVM confirms it reaches the target. Nothing here is
//! a proof: a target no seed reaches stays `unknown`.

mod arrays;
mod chars;
mod constructed;
mod jdk_objects;
mod names;
pub mod objects;
mod patterns;
mod pools;

use std::time::{Duration, Instant};

use crate::classfile::{Class, JType, Method};
use crate::classpath::ClassPath;
use crate::labeling::{Arg, InputState, Object, Value};
use pools::Pools;

/// Seeded states tried for one target, at most.
pub const SEEDS: usize = 2000;

/// Wall time spent trying seeded states for one target, at most.
pub const SEEDING_TIME: Duration = Duration::from_secs(3);

/// The first seeded state of `method` that `reaches` accepts (it replays
/// the state and returns what the JVM observed when the target executed),
/// within [`SEEDS`] states and `time` (at most [`SEEDING_TIME`]); `None`
/// when the method's inputs cannot be seeded or no state reaches.
pub fn first_reaching<T>(
    cp: &ClassPath,
    class: &Class,
    method: &Method,
    time: Duration,
    mut reaches: impl FnMut(&InputState) -> Option<T>,
) -> Option<(InputState, T)> {
    let start = Instant::now();
    let time = time.min(SEEDING_TIME);
    for state in seeded_states(cp, class, method, SEEDS) {
        if start.elapsed() > time || crate::stop::requested() {
            break;
        }
        if let Some(seen) = reaches(&state) {
            return Some((state, seen));
        }
    }
    None
}

/// Whether every parameter of `method` is a primitive and the method is
/// static: the inputs the concolic search runs, and those whose targets
/// try the forward strategies right after a quick backward search.
pub fn primitive_params(class: &Class, method: &Method) -> bool {
    method.is_static()
        && !method
            .arg_types(&class.name)
            .iter()
            .any(JType::is_reference)
}

/// States the first pass of `jaut cover` runs per method, at most.
pub const FIRST_PASS_STATES: usize = 16;

/// Receivers the first pass tries per instance method, at most.
const RECEIVERS: usize = 3;

/// Candidate states for `method`, most plausible first, at most `limit`:
/// the first pass's and one target's seeds alike. Scalars from the
/// method's constants, strings, arrays of them, `Object`s, enum constants;
/// for an instance method a receiver as its constructors make it from
/// constants (or an enum constant; [`objects`]); parameters of other
/// reference types null, then for a program class an instance. Empty when
/// no receiver can be built (an abstract class) or a parameter is a nested
/// array of objects.
pub fn seeded_states(
    cp: &ClassPath,
    class: &Class,
    method: &Method,
    limit: usize,
) -> Vec<InputState> {
    states(cp, class, method, limit).unwrap_or_default()
}

/// The receivers an instance method of `class` is seeded with: for a
/// constructor, the object the harness allocates (none for an enum's); for
/// an enum, its first constants; otherwise instances as
/// [`objects::instances`] makes them.
fn receivers(cp: &ClassPath, class: &Class, method: &Method) -> Vec<Seed> {
    if method.name == "<init>" && crate::enums::is_enum_or_constant_body(cp, class) {
        // JLS §8.9.2: only the enum's class initializer creates its
        // objects; no test can call the constructor.
        return Vec::new();
    }
    if method.name == "<init>" {
        return objects::allocated(cp, &class.name)
            .map(Seed::Graph)
            .into_iter()
            .collect();
    }
    if let Some(constants) = crate::enums::constants(cp, &class.name) {
        return constants
            .into_iter()
            .take(RECEIVERS)
            .map(|c| {
                Seed::Value(Value::Enum {
                    class: class.java_name(),
                    constant: c.name,
                })
            })
            .collect();
    }
    objects::instances(cp, &class.name, RECEIVERS)
        .into_iter()
        .map(Seed::Graph)
        .collect()
}

/// The states of [`seeded_states`]: each parameter's (and the receiver's)
/// seeds, combined by rank.
fn states(cp: &ClassPath, class: &Class, method: &Method, limit: usize) -> Option<Vec<InputState>> {
    let code = method.code.as_ref()?;
    let mut pools = Pools::of(class, method, code);
    pools.add_enum_names(cp, code);
    pools.add_looked_up_names(&names::looked_up(cp, method));
    let scalars = |ty: &JType| pools.scalars(cp, ty);
    let mut domains: Vec<Vec<Seed>> = Vec::new();
    if !method.is_static() {
        let receivers = receivers(cp, class, method);
        if receivers.is_empty() {
            return None;
        }
        domains.push(receivers);
    }
    for ty in &method.desc.params {
        domains.push(parameter_seeds(cp, code, ty, &scalars)?);
    }
    let mut out = combine(method, code, &domains, limit);
    // Then with receivers made by a constructor call, after all the
    // others: such a call costs a run more than an allocation
    // (`new PhoneticEngine(…)` loads its rules), so the first pass's
    // first states stay cheap and its wider sweep reaches these.
    let made = constructed_receivers(cp, class, method);
    if out.len() < limit && !made.is_empty() {
        domains[0] = made;
        out.extend(combine(method, code, &domains, limit - out.len()));
    }
    Some(out)
}

/// The receivers of an instance method of `class` made by a call of one
/// of its constructors ([`constructed`]); none for a constructor or a
/// static method.
fn constructed_receivers(cp: &ClassPath, class: &Class, method: &Method) -> Vec<Seed> {
    if method.is_static() || method.name == "<init>" {
        return Vec::new();
    }
    constructed::constructed(cp, class)
        .into_iter()
        .map(Seed::Graph)
        .collect()
}

/// The seeds of a parameter of type `ty`; `None` when it cannot be seeded
/// (a nested array of objects).
fn parameter_seeds(
    cp: &ClassPath,
    code: &crate::classfile::Code,
    ty: &JType,
    scalars: &impl Fn(&JType) -> Option<Vec<Value>>,
) -> Option<Vec<Seed>> {
    Some(match ty {
        // Past what plain seeds build: null, then for a class of the
        // program an instance of it.
        _ if ty.is_reference() && object_scalars(ty, scalars).is_none() => {
            let mut d = vec![Seed::Value(Value::Null)];
            // A builder or writer to write into, empty or
            // holding the method's first non-empty string, or a JDK value
            // made from a text (jdk_objects.rs).
            let strings = scalars(&JType::Object("java/lang/String".into())).unwrap_or_default();
            let text = strings.iter().find_map(|v| match v {
                Value::Str(s) if !s.is_empty() => Some(s.as_str()),
                _ => None,
            });
            d.extend(jdk_objects::seeds(ty, text).into_iter().map(Seed::Graph));
            if let JType::Object(name) = ty {
                if !crate::classpath::is_jdk_class(name) {
                    d.extend(objects::instances(cp, name, 1).into_iter().map(Seed::Graph));
                }
            }
            d
        }
        // An array: empty, null, of one element, then of two and three
        // ([`arrays`]).
        JType::Array(elem) => arrays::seeds(&ty.to_string(), &scalars(elem)?),
        // An `Object`: the strings, then arrays, which only reflection
        // (`Array.getLength`) tells apart from other objects.
        JType::Object(name) if name == "java/lang/Object" => {
            let mut d: Vec<Seed> = scalars(ty)?.into_iter().map(Seed::Value).collect();
            // The array types the method tests its values against
            // (`instanceof byte[]`, a cast to `char[]`), early: empty,
            // then of one element.
            let tested = tested_arrays(code).into_iter().flat_map(|arr| {
                let JType::Array(elem) = &arr else {
                    return Vec::new();
                };
                let first = scalars(elem).and_then(|v| v.into_iter().next());
                let mut seeds = vec![Seed::Array(arr.to_string(), Vec::new())];
                seeds.extend(first.map(|v| Seed::Array(arr.to_string(), vec![v])));
                seeds
            });
            let at = d.len().min(3);
            d.splice(at..at, tested);
            d.extend([
                Seed::Array("java.lang.Object[]".into(), Vec::new()),
                Seed::Array("java.lang.Object[]".into(), vec![Value::Null]),
                Seed::Array("int[]".into(), Vec::new()),
                Seed::Array("int[]".into(), vec![Value::Int(0)]),
            ]);
            d
        }
        _ => scalars(ty)?.into_iter().map(Seed::Value).collect(),
    })
}

/// At most `limit` states of `method` from the seeds of each of its inputs
/// (`domains`: the receiver's first for an instance method), by the sum
/// of their values' ranks: (0,0), (0,1), (1,0), ...
fn combine(
    method: &Method,
    code: &crate::classfile::Code,
    domains: &[Vec<Seed>],
    limit: usize,
) -> Vec<InputState> {
    let params = &method.desc.params;
    let first_arg = usize::from(!method.is_static());
    let names: Vec<String> = (0..params.len())
        .map(|i| {
            let slot: usize = first_arg + params[..i].iter().map(JType::size).sum::<usize>();
            code.local_name(slot as u16, 0)
                .map_or_else(|| format!("arg{i}"), str::to_string)
        })
        .collect();
    let mut out = Vec::new();
    let max_rank: usize = domains.iter().map(|d| d.len().saturating_sub(1)).sum();
    for total in 0..=max_rank {
        let mut ranks = vec![0usize; domains.len()];
        tuples(domains, total, 0, &mut ranks, &mut |ranks| {
            if out.len() < limit {
                let mut state = InputState::default();
                for (i, &r) in ranks.iter().enumerate() {
                    let value = seed_value(&mut state, &domains[i][r]);
                    let Some(k) = i.checked_sub(first_arg) else {
                        state.receiver = Some(value);
                        continue;
                    };
                    state.args.push(Arg {
                        name: names[k].clone(),
                        ty: params[k].to_string(),
                        value,
                    });
                }
                out.push(state);
            }
        });
        if out.len() >= limit {
            break;
        }
    }
    out
}

/// The value of `seed` in `state`, the objects it makes added there.
fn seed_value(state: &mut InputState, seed: &Seed) -> Value {
    match seed {
        Seed::Value(v) => v.clone(),
        Seed::Array(class, elements) => {
            let id = state.objects.len();
            state.objects.push(Object {
                id,
                class: class.clone(),
                elements: Some(elements.clone()),
                ..Object::default()
            });
            Value::Ref(id)
        }
        Seed::Graph(graph) => add_graph(state, graph),
    }
}

/// The one-dimensional array types of primitives or strings `code` tests
/// values against (`instanceof`, `checkcast`), in the order met.
fn tested_arrays(code: &crate::classfile::Code) -> Vec<JType> {
    let mut out: Vec<JType> = Vec::new();
    for t in code.tested_types() {
        let JType::Array(elem) = t else {
            continue;
        };
        let plain = !elem.is_reference()
            || matches!(elem.as_ref(), JType::Object(n) if n == "java/lang/String");
        if plain && !out.contains(t) {
            out.push(t.clone());
        }
    }
    out
}

/// One seed of a parameter: a value, or an array to add to the state's
/// objects (its type in Java form, and its elements).
#[derive(Clone)]
enum Seed {
    Value(Value),
    Array(String, Vec<Value>),
    /// An object and the objects it refers to ([`objects::Graph`]).
    Graph(objects::Graph),
}

/// The seeds of scalars and strings for a reference type `ty` (an array
/// of them too): `None` when they cannot build it.
fn object_scalars(
    ty: &JType,
    scalars: &impl Fn(&JType) -> Option<Vec<Value>>,
) -> Option<Vec<Value>> {
    match ty {
        JType::Array(elem) => scalars(elem),
        _ => scalars(ty),
    }
}

/// Adds `graph`'s objects to `state`, renumbered after those it has: a
/// reference to the graph's first object.
fn add_graph(state: &mut InputState, graph: &objects::Graph) -> Value {
    let base = state.objects.len();
    let shift = |v: &Value| match v {
        Value::Ref { object } => Value::Ref(object + base),
        other => other.clone(),
    };
    for o in graph {
        let mut o = o.clone();
        o.id += base;
        for f in &mut o.fields {
            f.value = shift(&f.value);
        }
        if let Some(elements) = &mut o.elements {
            for e in elements {
                *e = shift(e);
            }
        }
        if let Some(crate::state::BuiltBy::Constructor { constructor }) = &mut o.built_by {
            for a in &mut constructor.args {
                *a = shift(a);
            }
        }
        state.objects.push(o);
    }
    Value::Ref(base)
}

/// Calls `f` with every rank vector from position `at` on whose ranks sum
/// to `left`.
fn tuples<T>(
    domains: &[Vec<T>],
    left: usize,
    at: usize,
    ranks: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if at == domains.len() {
        if left == 0 {
            f(ranks);
        }
        return;
    }
    for r in 0..domains[at].len().min(left + 1) {
        ranks[at] = r;
        tuples(domains, left - r, at + 1, ranks, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuples_come_by_total_rank() {
        let d = vec![
            vec![Value::Int(0), Value::Int(1), Value::Int(2)],
            vec![Value::Int(0), Value::Int(1)],
        ];
        let mut seen = Vec::new();
        for total in 0..=3 {
            let mut ranks = vec![0; 2];
            tuples(&d, total, 0, &mut ranks, &mut |r| seen.push(r.to_vec()));
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 0],
                vec![0, 1],
                vec![1, 0],
                vec![1, 1],
                vec![2, 0],
                vec![2, 1]
            ]
        );
    }
}
