//! What one replay of an input state observed in the real JVM: the pcs of
//! the method under test that executed, how the call ended, and the state
//! of the inputs after it. The JUnit writer turns an observation into
//! regression assertions; `jaut cover` marks the executed pcs as covered.

use serde::{Deserialize, Serialize};

/// A value seen in the JVM. Its Java type comes from where it was read (a
/// field's or the method's descriptor), so numbers carry no type here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Observed {
    Null,
    Bool(bool),
    /// `byte`, `short`, `char` (its code), `int` and `long`.
    Int(i64),
    /// `float` and `double`; a `float` is widened exactly.
    Float(f64),
    /// A `java.lang.String`, by value.
    Str(String),
    /// A `java.lang.String` with an unpaired UTF-16 surrogate, by its
    /// units (`{"utf16": [...]}`: JSON text cannot carry one).
    Utf16 {
        utf16: Vec<u16>,
    },
    /// An object, by index in [`Observation::objects`].
    Ref {
        #[serde(rename = "ref")]
        object: usize,
    },
}

/// A field of an observed object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ObservedField {
    pub name: String,
    /// The class declaring the field, Java form.
    pub declared_in: String,
    /// The field's type, Java form (`int`, `java.lang.String`, `int[]`).
    #[serde(rename = "type")]
    pub ty: String,
    pub value: Observed,
}

/// An object reachable from the result or the inputs after the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ObservedObject {
    /// Exact class, Java form (`int[]` for arrays).
    pub class: String,
    /// Every instance field, inherited ones first (empty for arrays).
    pub fields: Vec<ObservedField>,
    /// An array's elements; `None` for an object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elements: Option<Vec<Observed>>,
    /// Set when the object's fields were not captured (a JDK class whose
    /// internals a test should not assert on, or the depth limit was hit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opaque: Option<String>,
    /// The input-state object this is, by id in `InputState::objects`, when
    /// it existed before the call (same identity); `None` for an object the
    /// call created, or when the replay did not track identity. The JUnit
    /// writer asserts `assertSame(input, ...)` on such objects and compares
    /// their fields with the input state to assert only what changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<usize>,
}

/// How the call under test ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ended {
    /// Normal return; `value` is `None` for a `void` method (and for a
    /// constructor: the new object is the receiver after the call). The
    /// key is absent then, so that `"value": null` keeps meaning a returned
    /// `null`.
    Returned {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "present"
        )]
        value: Option<Observed>,
    },
    /// An exception escaped the method.
    Threw {
        /// Binary name, Java form (`java.lang.NullPointerException`).
        class: String,
        message: Option<String>,
    },
    /// The method ran more than `steps` of its own instructions and the
    /// replay stopped it: the state makes it loop, and a test of it would
    /// hang. Such a state is no test, whatever pcs it reached.
    RanAway { steps: u64 },
}

impl Ended {
    /// `returned`, `threw C` or `ran on past N instructions`, for a
    /// reason's message.
    pub fn summary(&self) -> String {
        match self {
            Ended::Returned { .. } => "returned".to_string(),
            Ended::Threw { class, .. } => format!("threw {class}"),
            Ended::RanAway { steps } => format!("ran on past {steps} instructions"),
        }
    }
}

/// A key that is present holds a value, even `null`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Observed>, D::Error> {
    Observed::deserialize(d).map(Some)
}

/// What a call ran in another method of its class, as instruction
/// indexes of that method (its code's i-th instruction in code order), not
/// pcs: the harness numbers instructions as it meets them, and jaut maps
/// the indexes to pcs with its own decoder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherMethodRun {
    pub method: String,
    pub descriptor: String,
    /// How many instructions the harness counted in the method.
    pub instructions: u32,
    /// The instructions that ran, by index.
    #[serde(rename = "executed")]
    pub indexes: Vec<u32>,
    /// The branch outcomes taken, as `(from, to)` indexes.
    #[serde(rename = "edges", default)]
    pub index_edges: Vec<(u32, u32)>,
}

/// One replay's findings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    /// Whether the target pc executed.
    pub reached: bool,
    /// Every pc of the method under test that executed, sorted, no
    /// repetitions.
    pub executed: Vec<u32>,
    /// Every branch outcome taken in the method under test: `(from, to)`,
    /// the pc of a conditional branch or switch and the pc that ran next,
    /// sorted, no repetitions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<(u32, u32)>,
    /// When the call threw: the pc of the method's instruction that ran
    /// last (where the exception arose, or the call it came out of, or the
    /// `athrow`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<u32>,
    /// The pcs of the method's instructions that ran last before one of
    /// its exception handlers was entered: where caught exceptions arose
    /// (or the calls they came out of), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raised: Vec<u32>,
    /// What the call ran in the other methods of the class under test (the
    /// private helpers a public method calls), the methods that ran only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<OtherMethodRun>,
    /// Whether a handler of another method of the class was entered: an
    /// exception arose there, so what ran before it may lack JaCoCo's
    /// credit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub other_handler: bool,
    pub ended: Ended,
    /// The receiver after the call (instance methods).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_after: Option<Observed>,
    /// The arguments after the call, in order.
    pub args_after: Vec<Observed>,
    /// Objects referred to by `Observed::Ref`, by index.
    pub objects: Vec<ObservedObject>,
    /// The values the constructors of the objects the state makes by
    /// constructor calls left in the fields the state lists (primitives,
    /// strings and nulls), before the call.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constructed: Vec<ConstructedField>,
}

/// A field of an object made by a constructor call, as the call left it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConstructedField {
    /// The object, by id in `InputState::objects`.
    pub object: usize,
    pub name: String,
    /// The class declaring the field, Java form.
    pub declared_in: String,
    pub value: Observed,
    /// For an array of values the constructor made in place of the
    /// state's (`value` then names the object it is, a new one past the
    /// state's where the state held null): its type, Java form (`char[]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub array: Option<String>,
    /// That array's elements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elements: Option<Vec<Observed>>,
    /// For an object the call made itself where the state held null (a
    /// factory's own predicate): its class, Java form. The state then
    /// leaves the field to the call (`value` is null).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub made: Option<String>,
}
