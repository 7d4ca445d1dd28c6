//! JDK values written as a person writes them, never by `allocate` and
//! `setField` on a class of the JDK: a box as its literal (`42`, `5L`,
//! `(short) 3`, `'q'`: autoboxing, JLS §5.1.7), a `BigInteger` or a
//! `BigDecimal` by its constructor from a decimal string, and an array
//! whose elements are all such values by an initializer (`int[][] adj =
//! {{-1}}`, `String[] names = {null, "ab"}`, JLS §10.6).
//!
//! [`plan`] decides, per object of the input state, how it is written:
//! in place where it is used ([`Written::inline`]: referenced once, not the
//! receiver, and for an array not an argument or a static field, whose
//! changes the test asserts through its variable), else in a variable
//! declared with its value (`Integer count = 42;`).
//!
//! Identity is kept. Autoboxing calls `valueOf`, which returns one cached
//! object per value for `Integer`, `Long` and `Short` in -128..127, every
//! `Byte` and `Boolean`, and `Character` in 0..127 (JLS §5.1.7): a state
//! with two distinct boxes of such a value gets the second through the
//! box's constructor, by reflection (the constructors are deprecated for
//! removal, so naming them would warn), with a comment saying why. One
//! box referenced twice is one variable. The replay builds boxes the same
//! way (`java-harness/.../State.java`), so the JVM confirmed the very
//! objects the test makes.
//!
//! A `BigInteger` or `BigDecimal` whose fields no constructor makes (the
//! search can give a `BigInteger` a sign without a magnitude, or a
//! `BigDecimal` a cached precision that its digits contradict) is no test
//! a person keeps: the writer refuses it
//! ([`JunitError::Unsupported`](super::JunitError::Unsupported)), so
//! `jaut cover` leaves its target unknown (`no-test`). The construct stage
//! offers such a `BigInteger` as `new BigInteger("7")` first
//! (`construct::jdk`), and the replay decides whether that still reaches
//! the target.

use super::java;
use super::method::Scope;
use crate::labeling::{InputState, Object, Value};
use crate::state::BuiltBy;

/// How one object of the input state is written, when it is a value.
#[derive(Debug, Clone)]
pub(super) struct Written {
    /// The expression that makes it (for an array: none, built from its
    /// elements where it is used).
    pub(super) expr: Option<String>,
    /// Written where it is used, without a variable.
    pub(super) inline: bool,
    /// A comment above its variable, when identity forces an unusual form.
    pub(super) note: Option<String>,
}

/// What [`plan`] decided for every object of a state.
#[derive(Debug, Default)]
pub(super) struct Plan {
    /// By object: how it is written, if as a value.
    pub(super) written: Vec<Option<Written>>,
    /// Objects only a value written by its constructor holds (a
    /// `BigInteger`'s magnitude): never declared.
    pub(super) absorbed: Vec<bool>,
    /// Objects a test would have to build field by field although they
    /// are JDK values no constructor makes in that form: why no test is
    /// written (no `allocate` of a `java.*` value).
    pub(super) unmade: Vec<Option<String>>,
}

/// The primitive type boxed by `class`, if it is a box.
pub(super) fn box_of(class: &str) -> Option<&'static str> {
    Some(match class {
        "java.lang.Integer" => "int",
        "java.lang.Long" => "long",
        "java.lang.Short" => "short",
        "java.lang.Byte" => "byte",
        "java.lang.Character" => "char",
        "java.lang.Boolean" => "boolean",
        "java.lang.Float" => "float",
        "java.lang.Double" => "double",
        _ => return None,
    })
}

/// Whether `valueOf` of `class` returns a cached object for `v` (JLS
/// §5.1.7, and the JDK's caches, which are wider for none of these).
fn cached(class: &str, v: &Value) -> bool {
    match (class, v) {
        ("java.lang.Boolean", _) | ("java.lang.Byte", _) => true,
        ("java.lang.Integer" | "java.lang.Long" | "java.lang.Short", Value::Int(i)) => {
            (-128..=127).contains(i)
        }
        ("java.lang.Character", Value::Int(i)) => (0..=127).contains(i),
        _ => false,
    }
}

/// What refers to an object.
#[derive(Debug, Clone, Copy)]
enum Holder {
    /// The receiver, an argument or a static field: the test names it.
    Named,
    /// A mock's or the environment's answer, written apart from the
    /// objects: the value keeps a variable.
    Answer,
    /// A field or element of this object.
    Object(usize),
}

/// Where an object is referenced from.
#[derive(Debug, Clone, Copy, Default)]
struct Uses {
    count: usize,
    /// Referenced by a [`Holder::Named`] or a [`Holder::Answer`].
    named: bool,
    /// Referenced by a [`Holder::Answer`].
    answer: bool,
    /// The lowest id of an object that refers to it.
    first_holder: Option<usize>,
}

fn uses(state: &InputState) -> Vec<Uses> {
    let mut uses = vec![Uses::default(); state.objects.len()];
    let mut note = |v: &Value, holder: Holder| {
        let Value::Ref { object } = v else { return };
        let Some(u) = uses.get_mut(*object) else {
            return;
        };
        u.count += 1;
        match holder {
            Holder::Named => u.named = true,
            Holder::Answer => (u.named, u.answer) = (true, true),
            Holder::Object(h) => u.first_holder = Some(u.first_holder.map_or(h, |f| f.min(h))),
        }
    };
    for v in state.receiver.iter() {
        note(v, Holder::Named);
    }
    for a in &state.args {
        note(&a.value, Holder::Named);
    }
    for st in &state.statics {
        note(&st.value, Holder::Named);
    }
    for e in &state.environment {
        note(&e.value, Holder::Answer);
    }
    for (id, o) in state.objects.iter().enumerate() {
        for m in o.mock.iter().flatten() {
            for r in &m.returns {
                note(r, Holder::Answer);
            }
        }
        for f in &o.fields {
            note(&f.value, Holder::Object(id));
        }
        for e in o.elements.iter().flatten() {
            note(e, Holder::Object(id));
        }
    }
    uses
}

/// Decides how each object of `state` is written. `overloaded`: the
/// method under test has another overload of its arity, so a box passed
/// as an argument keeps a variable of its class (a bare `42` could pick
/// `m(int)` over `m(Integer)`, JLS §15.12.2).
pub(super) fn plan(s: &mut Scope, state: &InputState, overloaded: bool) -> Plan {
    let n = state.objects.len();
    let uses = uses(state);
    let arg_ids: Vec<usize> = state
        .args
        .iter()
        .filter_map(|a| match a.value {
            Value::Ref { object } => Some(object),
            _ => None,
        })
        .collect();
    let mut plan = Plan {
        written: vec![None; n],
        absorbed: vec![false; n],
        unmade: vec![None; n],
    };
    let mut made_cached: Vec<(String, Value)> = Vec::new();
    let receiver = match state.receiver {
        Some(Value::Ref { object }) => Some(object),
        _ => None,
    };
    let once = |id: usize| uses[id].count == 1 && !uses[id].answer && Some(id) != receiver;
    for (id, o) in state.objects.iter().enumerate() {
        if o.mock.is_some() {
            continue;
        }
        if o.collection().is_some() {
            // Written by `collections.rs`, from its elements.
            plan.written[id] = Some(Written {
                expr: None,
                inline: once(id) && !super::collections::needs_statements(o),
                note: None,
            });
            continue;
        }
        if let (Some(prim), [f]) = (box_of(&o.class), o.fields.as_slice()) {
            let lit = super::arrange::literal(&f.value, prim);
            let simple = java::binary_simple_name(&o.class).to_string();
            let (expr, note) = if cached(&o.class, &f.value)
                && made_cached.contains(&(o.class.clone(), f.value.clone()))
            {
                (
                    format!("{simple}.class.getConstructor({prim}.class).newInstance({lit})"),
                    Some(format!(
                        "// A second {simple} {lit}, distinct from the first: autoboxing ({simple}.valueOf) gives one cached object per small value."
                    )),
                )
            } else {
                if cached(&o.class, &f.value) {
                    made_cached.push((o.class.clone(), f.value.clone()));
                }
                (lit, None)
            };
            let inline = once(id) && note.is_none() && !(overloaded && arg_ids.contains(&id));
            plan.written[id] = Some(Written {
                expr: Some(expr),
                inline,
                note,
            });
            continue;
        }
        // A number a constructor of the state makes (a seed's
        // `new BigDecimal("1.5")`) is written by that constructor.
        let constructed = matches!(o.built_by, Some(BuiltBy::Constructor { .. }));
        let big = match o.class.as_str() {
            _ if constructed => None,
            "java.math.BigInteger" => Some(big_integer(state, o).map(|(digits, mag)| {
                (
                    format!(
                        "new {}({})",
                        s.access.type_name(&o.class),
                        java::string_literal(&digits)
                    ),
                    mag.into_iter().collect::<Vec<_>>(),
                )
            })),
            "java.math.BigDecimal" => Some(big_decimal(state, o).map(|(text, held)| {
                (
                    format!(
                        "new {}({})",
                        s.access.type_name(&o.class),
                        java::string_literal(&text)
                    ),
                    held,
                )
            })),
            _ => None,
        };
        match big {
            Some(Some((expr, held)))
                if held.iter().all(|&h| uses[h].count == 1 && !uses[h].named) =>
            {
                for h in held {
                    plan.absorbed[h] = true;
                }
                plan.written[id] = Some(Written {
                    expr: Some(expr),
                    inline: once(id),
                    note: None,
                });
            }
            Some(_) => {
                plan.unmade[id] = Some(format!(
                    "a {} no constructor makes (the path needs its fields as no public call leaves them)",
                    o.class
                ));
            }
            None => {}
        }
    }
    // Arrays: from the last object to the first, so that an array's
    // elements are decided before it (labeling numbers objects breadth
    // first: an element after its array).
    for id in (0..n).rev() {
        let o = &state.objects[id];
        let (Some(elements), Some(elem)) = (&o.elements, o.element_type()) else {
            continue;
        };
        if !s.access.type_accessible(elem) {
            continue;
        }
        let simple = elements.iter().all(|e| match e {
            Value::Ref { object } => {
                *object > id
                    && plan
                        .written
                        .get(*object)
                        .is_some_and(|w| w.as_ref().is_some_and(|w| w.inline))
            }
            Value::Enum { class, .. } => s.access.type_accessible(class),
            _ => true,
        });
        if !simple {
            continue;
        }
        let u = uses[id];
        let inline = once(id) && !u.named && u.first_holder.is_some_and(|h| h < id);
        plan.written[id] = Some(Written {
            expr: None,
            inline,
            note: None,
        });
    }
    plan
}

/// The decimal digits of a `BigInteger` in a state whose fields a
/// constructor makes — a sign in -1..1 and a magnitude array without
/// leading zeros, empty exactly for 0, and the caches unset — with the
/// magnitude array's object, if it has one.
pub(crate) fn big_integer(state: &InputState, o: &Object) -> Option<(String, Option<usize>)> {
    // The caches (`bitCountPlusOne`, …) a new object leaves unset.
    let caches_unset = o.fields.iter().all(|f| {
        matches!(f.name.as_str(), "signum" | "mag")
            || matches!(f.value, Value::Int(0) | Value::Null)
    });
    let (signum, words, mag) = magnitude(state, o)?;
    if !caches_unset
        || words.first() == Some(&0)
        || (signum == 0) != words.is_empty()
        || !(-1..=1).contains(&signum)
    {
        return None;
    }
    let digits = decimal(&words)?;
    Some((
        if signum < 0 {
            format!("-{digits}")
        } else {
            digits
        },
        Some(mag),
    ))
}

/// The sign and the magnitude's 32-bit words (big endian) of a
/// `BigInteger` in a state, and the magnitude array's object: whatever
/// they hold, a constructor's form or not.
pub(crate) fn magnitude(state: &InputState, o: &Object) -> Option<(i64, Vec<u32>, usize)> {
    let field = |name: &str| o.fields.iter().find(|f| f.name == name).map(|f| &f.value);
    let signum = match field("signum") {
        Some(Value::Int(v)) => *v,
        _ => 0,
    };
    let Some(Value::Ref { object: mag }) = field("mag") else {
        return None;
    };
    let words = state
        .objects
        .get(*mag)?
        .elements
        .as_ref()?
        .iter()
        .map(|e| match e {
            Value::Int(w) => Some(*w as u32),
            _ => None,
        })
        .collect::<Option<_>>()?;
    Some((signum, words, *mag))
}

/// The decimal digits of a magnitude of at most four 32-bit words (big
/// endian); none for a longer one.
pub(crate) fn decimal(words: &[u32]) -> Option<String> {
    if words.len() > 4 {
        return None;
    }
    let v = words
        .iter()
        .fold(0u128, |acc, &w| (acc << 32) | u128::from(w));
    Some(v.to_string())
}

/// The string a `BigDecimal` in a state is made from (`"0.05"`, `"12E+3"`),
/// with the objects it holds (its unscaled `BigInteger` and that one's
/// magnitude), when a constructor makes its fields: the unscaled value
/// compact (`intCompact`, no `intVal`) or inflated (`intCompact` is
/// `Long.MIN_VALUE` and `intVal` a `BigInteger` a constructor makes), no
/// cached string, and a cached precision unset or right.
fn big_decimal(state: &InputState, o: &Object) -> Option<(String, Vec<usize>)> {
    let (mut int_val, mut scale, mut precision, mut compact) = (None, 0i64, 0i64, 0i64);
    for f in &o.fields {
        match (f.name.as_str(), &f.value) {
            ("intVal", Value::Ref { object }) => int_val = Some(*object),
            ("intVal", Value::Null) | ("stringCache", Value::Null) => {}
            ("scale", Value::Int(v)) => scale = *v,
            ("precision", Value::Int(v)) => precision = *v,
            ("intCompact", Value::Int(v)) => compact = *v,
            _ => return None,
        }
    }
    let (unscaled, held) = match int_val {
        None if compact != i64::MIN => (compact.to_string(), Vec::new()),
        Some(b) if compact == i64::MIN => {
            let big = state.objects.get(b)?;
            if big.class != "java.math.BigInteger" {
                return None;
            }
            let (digits, mag) = big_integer(state, big)?;
            (digits, std::iter::once(b).chain(mag).collect())
        }
        _ => return None,
    };
    let digits = unscaled.trim_start_matches('-').len() as i64;
    if precision != 0 && precision != digits {
        return None;
    }
    let text = if scale == 0 {
        unscaled
    } else if (1..=18).contains(&scale) {
        let negative = unscaled.starts_with('-');
        let abs = unscaled.trim_start_matches('-');
        let padded = format!("{abs:0>width$}", width = scale as usize + 1);
        let (int, frac) = padded.split_at(padded.len() - scale as usize);
        format!("{}{int}.{frac}", if negative { "-" } else { "" })
    } else {
        // `unscaled × 10^-scale`: `5E-20`, `12E+3`.
        format!("{unscaled}E{:+}", -scale)
    };
    Some((text, held))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches() {
        assert!(cached("java.lang.Integer", &Value::Int(127)));
        assert!(!cached("java.lang.Integer", &Value::Int(128)));
        assert!(!cached("java.lang.Character", &Value::Int(-1)));
        assert!(cached("java.lang.Boolean", &Value::Bool(true)));
        assert!(!cached("java.lang.Double", &Value::Float(0.0)));
    }

    fn object(class: &str, fields: &[(&str, Value)]) -> Object {
        Object {
            class: class.into(),
            fields: fields
                .iter()
                .map(|(name, value)| crate::labeling::FieldValue {
                    name: (*name).into(),
                    declared_in: class.into(),
                    ty: String::new(),
                    value: value.clone(),
                    read: true,
                })
                .collect(),
            ..Object::default()
        }
    }

    fn decimal_of(unscaled: i64, scale: i64, precision: i64) -> Option<String> {
        let o = object(
            "java.math.BigDecimal",
            &[
                ("intVal", Value::Null),
                ("scale", Value::Int(scale)),
                ("precision", Value::Int(precision)),
                ("stringCache", Value::Null),
                ("intCompact", Value::Int(unscaled)),
            ],
        );
        big_decimal(&InputState::default(), &o).map(|(text, _)| text)
    }

    #[test]
    fn big_decimals() {
        assert_eq!(decimal_of(0, 2, 0).as_deref(), Some("0.00"));
        assert_eq!(decimal_of(-5, 3, 0).as_deref(), Some("-0.005"));
        assert_eq!(decimal_of(1234, 1, 4).as_deref(), Some("123.4"));
        assert_eq!(decimal_of(12, -3, 0).as_deref(), Some("12E+3"));
        assert_eq!(decimal_of(5, 20, 0).as_deref(), Some("5E-20"));
        // A cached precision its digits contradict: no constructor makes it.
        assert_eq!(decimal_of(0, 0, 3), None);
        // Inflated without the BigInteger that holds the digits.
        assert_eq!(decimal_of(i64::MIN, 0, 0), None);
    }

    #[test]
    fn big_integers() {
        let mut state = InputState::default();
        state.objects.push(Object {
            class: "int[]".into(),
            elements: Some(vec![Value::Int(1), Value::Int(0)]),
            ..Object::default()
        });
        let minus = object(
            "java.math.BigInteger",
            &[("signum", Value::Int(-1)), ("mag", Value::Ref(0))],
        );
        assert_eq!(
            big_integer(&state, &minus),
            Some(("-4294967296".to_string(), Some(0)))
        );
        // A sign without a magnitude, and a magnitude without a sign.
        let no_mag = object(
            "java.math.BigInteger",
            &[("signum", Value::Int(1)), ("mag", Value::Null)],
        );
        assert_eq!(big_integer(&state, &no_mag), None);
        let no_sign = object(
            "java.math.BigInteger",
            &[("signum", Value::Int(0)), ("mag", Value::Ref(0))],
        );
        assert_eq!(big_integer(&state, &no_sign), None);
    }

    #[test]
    fn magnitudes() {
        assert_eq!(decimal(&[1, 0]).as_deref(), Some("4294967296"));
        assert_eq!(decimal(&[]).as_deref(), Some("0"));
        assert_eq!(decimal(&[1, 2, 3, 4, 5]), None);
    }
}
