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
//! an array parameter is empty, null, or holds one seed of its element; an
//! `Object` parameter is a string seed, or an empty or one-element array;
//! an enum parameter is each of its constants.
//!
//! Instance methods and parameters of program classes are seeded too: the
//! receiver, and an object parameter besides null, is an instance as its
//! constructor would make it from constants ([`objects`]). `jaut cover`'s
//! first pass runs every method's first few seeds before any search; one
//! target tries up to [`SEEDS`] of them once its search ended unknown.
//!
//! This module only proposes states; the caller replays them in the JVM and
//! keeps one only if the JVM confirms it reaches the target. Nothing here is
//! a proof: a target no seed reaches stays `unknown`.

mod chars;
pub mod objects;
mod patterns;

use std::time::{Duration, Instant};

use crate::classfile::bytecode::Constant;
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::labeling::{Arg, InputState, Object, Value};

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

/// A text of several kinds of characters — upper and lower case, a
/// repeated letter, a blank, punctuation below `A` and above `Z`, digits —
/// tried right after `""` and `"a"`: methods that read text letter by
/// letter (phonetic encoders, parsers) take more of their branches on it
/// than on `"a"`.
const MIXED_TEXT: &str = "Hello_World, 42";

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

/// The states of [`seeded_states`].
fn states(cp: &ClassPath, class: &Class, method: &Method, limit: usize) -> Option<Vec<InputState>> {
    let code = method.code.as_ref()?;
    let params = &method.desc.params;
    let mut ints: Vec<i64> = vec![0, 1, -1];
    let push = |v: i64, ints: &mut Vec<i64>| {
        for w in [v, v.wrapping_sub(1), v.wrapping_add(1)] {
            if !ints.contains(&w) {
                ints.push(w);
            }
        }
    };
    // Floats: the values where IEEE-754 and Java's casts change behaviour,
    // then the method's constants and their negations.
    let mut floats: Vec<f64> = vec![
        0.0,
        1.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -0.0,
    ];
    let push_float = |v: f64, floats: &mut Vec<f64>| {
        for w in [v, -v] {
            if !floats.iter().any(|f| f.to_bits() == w.to_bits()) {
                floats.push(w);
            }
        }
    };
    // Strings: empty, one letter, null, then the method's own string
    // constants (a separator, a prefix it looks for), then a blank, a
    // digit and two letters.
    let mut strings: Vec<Value> = vec![
        Value::Str(String::new()),
        Value::Str("a".into()),
        Value::Null,
    ];
    let mut constants = 0;
    for insn in &code.instructions {
        if let Op::Const(c) = &insn.op {
            match c.as_ref() {
                Constant::Int(v) => push(i64::from(*v), &mut ints),
                Constant::Long(v) => push(*v, &mut ints),
                Constant::Float(v) => push_float(f64::from(*v), &mut floats),
                Constant::Double(v) => push_float(*v, &mut floats),
                Constant::String(text) if text.chars().count() <= MAX_SEED_TEXT => {
                    let v = Value::Str(text.clone());
                    if !strings.contains(&v) && constants < MAX_STRING_SEEDS {
                        strings.push(v);
                        constants += 1;
                    }
                }
                _ => {}
            }
        }
    }
    strings.insert(2, Value::Str(MIXED_TEXT.into()));
    // Then texts the class's regular expressions match (an address, a
    // number format), which the search cannot make through
    // `java.util.regex`; texts of the characters the method (or a helper
    // of its class) looks for: a separator between letters, doubled, two
    // of them in a row; a blank, a digit and two letters; and a scanner's
    // cases: each character it switches on with the ones its case
    // compares with ("SCH", "CIA").
    let texts = patterns::pattern_texts(class)
        .into_iter()
        .chain(chars::texts(&chars::compared_chars(class, method)))
        .chain([" ", "0", "ab"].map(String::from))
        .chain(chars::scanner_texts(class, method));
    for text in texts {
        let v = Value::Str(text);
        if !strings.contains(&v) {
            strings.push(v);
        }
    }
    // Small magnitudes first: a reader prefers them, and loops run shorter.
    ints.sort_by_key(|v| (v.unsigned_abs(), *v < 0));
    let scalars = |ty: &JType| -> Option<Vec<Value>> {
        Some(match ty {
            JType::Boolean => vec![Value::Bool(false), Value::Bool(true)],
            JType::Int | JType::Long => ints.iter().map(|&v| Value::Int(v)).collect(),
            JType::Float | JType::Double => floats.iter().map(|&v| Value::Float(v)).collect(),
            JType::Short | JType::Byte | JType::Char => ints
                .iter()
                .copied()
                .filter(|&v| in_range(ty, v))
                .map(Value::Int)
                .collect(),
            JType::Object(name) if STRING_TYPES.contains(&name.as_str()) => strings.clone(),
            // An enum: each of its constants, then null.
            JType::Object(name) => {
                let mut d: Vec<Value> = crate::enums::constants(cp, name)?
                    .into_iter()
                    .map(|c| Value::Enum {
                        class: crate::classfile::descriptor::java_name(name),
                        constant: c.name,
                    })
                    .collect();
                d.push(Value::Null);
                d
            }
            _ => return None,
        })
    };
    let mut domains: Vec<Vec<Seed>> = Vec::new();
    if !method.is_static() {
        let receivers = receivers(cp, class, method);
        if receivers.is_empty() {
            return None;
        }
        domains.push(receivers);
    }
    for ty in params {
        let domain: Vec<Seed> = match ty {
            // Past what plain seeds build: null, then for a class of the
            // program an instance of it.
            _ if ty.is_reference() && object_scalars(ty, &scalars).is_none() => {
                let mut d = vec![Seed::Value(Value::Null)];
                if let JType::Object(name) = ty {
                    if !crate::classpath::is_jdk_class(name) {
                        d.extend(objects::instances(cp, name, 1).into_iter().map(Seed::Graph));
                    }
                }
                d
            }
            // An array: empty, null, then of one element, each of the
            // element's first few seeds.
            JType::Array(elem) => {
                let firsts = scalars(elem)?;
                let mut d = vec![
                    Seed::Array(ty.to_string(), Vec::new()),
                    Seed::Value(Value::Null),
                ];
                d.extend(
                    firsts
                        .into_iter()
                        .take(ARRAY_ELEMENT_SEEDS)
                        .map(|v| Seed::Array(ty.to_string(), vec![v])),
                );
                d
            }
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
        };
        domains.push(domain);
    }
    let first_arg = usize::from(!method.is_static());
    let names: Vec<String> = (0..params.len())
        .map(|i| {
            let slot: usize = first_arg + params[..i].iter().map(JType::size).sum::<usize>();
            code.local_name(slot as u16, 0)
                .map_or_else(|| format!("arg{i}"), str::to_string)
        })
        .collect();
    // Tuples by the sum of their values' ranks: (0,0), (0,1), (1,0), ...
    // (the receiver's first, for an instance method).
    let mut out = Vec::new();
    let max_rank: usize = domains.iter().map(|d| d.len().saturating_sub(1)).sum();
    for total in 0..=max_rank {
        let mut ranks = vec![0usize; domains.len()];
        tuples(&domains, total, 0, &mut ranks, &mut |ranks| {
            if out.len() < limit {
                let mut state = InputState::default();
                for (i, &r) in ranks.iter().enumerate() {
                    let value = match &domains[i][r] {
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
                        Seed::Graph(graph) => add_graph(&mut state, graph),
                    };
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
    Some(out)
}

/// The one-dimensional array types of primitives or strings `code` tests
/// values against (`instanceof`, `checkcast`), in the order met.
fn tested_arrays(code: &crate::classfile::Code) -> Vec<JType> {
    let mut out: Vec<JType> = Vec::new();
    for insn in &code.instructions {
        let (Op::InstanceOf(t) | Op::CheckCast(t)) = &insn.op else {
            continue;
        };
        let JType::Array(elem) = t.as_ref() else {
            continue;
        };
        let plain = !elem.is_reference()
            || matches!(elem.as_ref(), JType::Object(n) if n == "java/lang/String");
        if plain && !out.contains(t) {
            out.push(t.as_ref().clone());
        }
    }
    out
}

/// The parameter types a string seed is given to: a `String` is a
/// `CharSequence` and an `Object` too.
const STRING_TYPES: [&str; 3] = [
    "java/lang/String",
    "java/lang/CharSequence",
    "java/lang/Object",
];

/// The method's string constants seeded, at most.
const MAX_STRING_SEEDS: usize = 12;

/// The longest string constant seeded, in characters.
const MAX_SEED_TEXT: usize = 64;

/// The one-element arrays seeded per array parameter: one per element seed.
const ARRAY_ELEMENT_SEEDS: usize = 3;

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

fn in_range(ty: &JType, v: i64) -> bool {
    match ty {
        JType::Byte => i8::try_from(v).is_ok(),
        JType::Short => i16::try_from(v).is_ok(),
        JType::Char => u16::try_from(v).is_ok(),
        _ => true,
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
