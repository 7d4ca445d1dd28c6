//! A concrete input state: receiver, arguments, static fields and the input
//! heap, with the text form people read and the JSON form tools read
//! (schema in `docs/state-json.md`).
//!
//! Labeling makes it (JAUT ISSRE 2010 §V, the last step of the search);
//! replay, the JUnit writer and `cover` read it. Field and array defaults
//! follow JVMS §2.3 and §2.4.

use serde::Serialize;

use crate::classfile::bytecode::Constant;
use crate::classfile::JType;

/// A value of the input state.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    /// A `float` or `double`; NaN and the infinities are written as the
    /// strings `"NaN"`, `"Infinity"` and `"-Infinity"` (JSON has no such
    /// numbers), as `Double.toString` writes them.
    Float(#[serde(serialize_with = "float_json")] f64),
    /// A `java.lang.String` (an immutable JDK value, written as a literal).
    Str(String),
    /// A `java.lang.String` whose UTF-16 units include an unpaired
    /// surrogate, which no Unicode text holds (`Character.isHighSurrogate`
    /// may need one): `{"utf16": [104, 55296]}`, written as the literal
    /// `"h\ud800"`.
    Utf16 {
        utf16: Vec<u16>,
    },
    /// An object of the state, by index in [`InputState::objects`].
    Ref {
        #[serde(rename = "ref")]
        object: usize,
    },
    /// A constant of an enum (JLS §8.9): `{"enum": "java.math.RoundingMode",
    /// "constant": "CEILING"}`.
    Enum {
        /// The enum class, binary name in Java form (`pkg.Outer$Color`).
        #[serde(rename = "enum")]
        class: String,
        constant: String,
    },
    /// The `java.lang.Class` object of a class (one per class, the JVM's):
    /// `{"class_object": "java.lang.String"}`.
    Class {
        /// The class, binary name in Java form (`pkg.Outer$Inner`).
        #[serde(rename = "class_object")]
        name: String,
    },
}

/// A float in JSON: a number when finite, else Java's name for it.
fn float_json<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        s.serialize_f64(*x)
    } else if x.is_nan() {
        s.serialize_str("NaN")
    } else if *x > 0.0 {
        s.serialize_str("Infinity")
    } else {
        s.serialize_str("-Infinity")
    }
}

#[allow(non_snake_case)]
impl Value {
    #[allow(non_upper_case_globals)]
    pub fn Ref(object: usize) -> Value {
        Value::Ref { object }
    }

    /// A field's default value (JVMS §2.3, §2.4).
    pub fn default_of(ty: &JType) -> Value {
        match ty {
            JType::Boolean => Value::Bool(false),
            JType::Float | JType::Double => Value::Float(0.0),
            t if t.is_reference() => Value::Null,
            _ => Value::Int(0),
        }
    }

    /// The value a field of type `ty` holds when its `ConstantValue` is
    /// `c` (JVMS §4.7.2: an `int` constant for every int-like type); none
    /// for a constant no field holds.
    pub fn of_constant(ty: &JType, c: &Constant) -> Option<Value> {
        Some(match c {
            Constant::Int(v) => Value::of_bits(ty, i64::from(*v)),
            Constant::Long(v) => Value::Int(*v),
            Constant::Float(v) => Value::Float(f64::from(*v)),
            Constant::Double(v) => Value::Float(*v),
            Constant::String(text) => Value::Str(text.clone()),
            _ => return None,
        })
    }

    /// Whether the value is its type's default (JLS §4.12.5), which a new
    /// object's field already holds.
    pub fn is_default(&self) -> bool {
        match self {
            Value::Null | Value::Bool(false) | Value::Int(0) => true,
            Value::Float(f) => f.to_bits() == 0,
            _ => false,
        }
    }

    /// A value of type `ty` from its bits.
    pub fn of_bits(ty: &JType, bits: i64) -> Value {
        match ty {
            JType::Boolean => Value::Bool(bits != 0),
            JType::Float => Value::Float(f32::from_bits(bits as u32).into()),
            JType::Double => Value::Float(f64::from_bits(bits as u64)),
            JType::Long => Value::Int(bits),
            JType::Char => Value::Int(bits & 0xffff),
            // An int-like value: its low 32 bits, sign-extended.
            _ => Value::Int(bits as i32 as i64),
        }
    }
}

/// The simple name of a class (binary name in Java form), as a reader
/// knows it: `String`, `Map$Entry` → `Entry`.
pub(super) fn simple_class(name: &str) -> &str {
    name.rsplit(['.', '$']).next().unwrap_or(name)
}

/// A value in a few characters, for the words of [`InputState::needs`].
fn short_value(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(x) => format!("{x:?}"),
        Value::Str(s) => format!("{s:?}"),
        Value::Utf16 { utf16 } => crate::literals::utf16_literal(utf16),
        Value::Ref { object } => format!("object #{object}"),
        Value::Enum { class, constant } => {
            let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
            format!("{simple}.{constant}")
        }
        Value::Class { name } => format!("{}.class", simple_class(name)),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Arg {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub value: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StaticValue {
    pub class: String,
    pub field: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub value: Value,
    /// Why the test may set it (`--statics`): `written by C.m(…)`, or
    /// `--statics free`.
    #[serde(rename = "input_because")]
    pub why: String,
}

/// The value one call returned from the environment (a clock, a random
/// generator, a native without contract, a method a contract calls "any
/// value"): the `occurrence`-th call (from 0) at `pc` of `method`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnvValue {
    /// The method called, Java form with its descriptor:
    /// `java.util.Random.nextInt(I)I`.
    pub call: String,
    /// The method the call is in, `pkg.C.name(descriptor)`.
    pub method: String,
    pub pc: u32,
    pub occurrence: usize,
    #[serde(rename = "type")]
    pub ty: String,
    pub value: Value,
    /// Whether a replay (and a test) can make the call return it: the call
    /// is in the method under test and returns an `int`, `long`,
    /// `boolean`, `char`, `short` or `byte`.
    pub injectable: bool,
    /// For a call that returns an object the environment makes
    /// (`Instant.now()`): which of its fields the value is
    /// (`epochSecond`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// A static field of the program the path reads that is not an input: it
/// holds what its class initializer gives it, and the test leaves it alone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InitialStatic {
    pub class: String,
    pub field: String,
    #[serde(rename = "type")]
    pub ty: String,
    /// Its initial value as a reader would say it: `null`, `42`,
    /// `"text"`, `a new a.B made by the class initializer`, ….
    pub holds: String,
    /// For a class's `$assertionsDisabled`: the assertion setting its
    /// value comes from, which the state relies on (`enabled` or
    /// `disabled`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assertions: Option<crate::assertions::Assertions>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldValue {
    pub name: String,
    /// The class declaring the field (differs from the object's class for
    /// inherited fields).
    pub declared_in: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub value: Value,
    /// Whether the path reads (or writes) the field: its value is part of
    /// what the target needs. A field the path never touches holds its
    /// default in a state labeling made; an object built by a constructor
    /// lists only the fields the path touches (the constructor decides the
    /// others).
    #[serde(skip)]
    pub read: bool,
}

/// How the objects of program classes in a state are made (`--objects`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Objects {
    /// By a constructor where one makes the fields the path needs, by
    /// reflection otherwise. The default.
    #[default]
    Auto,
    /// Only by constructors: a state with an object no constructor makes is
    /// not claimed (the target is unknown, [`crate::reason::Reason::NotConstructible`]).
    Constructors,
    /// Always by reflection (allocated without a constructor, fields
    /// written), as before `--objects` existed.
    Reflection,
}

/// How the replay and the test make an object of a program class.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "built_by", rename_all = "snake_case")]
pub enum BuiltBy {
    /// Allocated without running a constructor, its fields written one by
    /// one (`Unsafe.allocateInstance` in the replay, the `allocate` and
    /// `setField` helpers in the test).
    Reflection,
    /// By a call of one of its class's constructors.
    Constructor { constructor: Box<Construction> },
    /// A JDK collection made from its [`Object::elements`] (issue 36), as
    /// `factory` says.
    Collection { factory: CollectionFactory },
}

/// How a JDK collection of the input state is made from its elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CollectionFactory {
    /// `List.of(e0, e1, …)`: immutable, no null element.
    ListOf,
    /// `new ArrayList<>(…)` with the elements: the method changes the
    /// list, holds it as an `ArrayList`, or needs a null element.
    ArrayList,
    /// `Set.of(e0, e1, …)`: immutable, no null element.
    SetOf,
    /// `new HashSet<>(…)` with the elements.
    HashSet,
    /// `new LinkedHashSet<>(List.of(…))`: a set whose iteration order, the
    /// elements', the path relies on.
    LinkedHashSet,
    /// `Map.of(k0, v0, k1, v1, …)`: immutable, no null key or value, at
    /// most 10 entries. A map's [`Object::elements`] are its keys and
    /// values, alternating.
    MapOf,
    /// `new HashMap<>()`, then `put(k, v)` for each entry.
    HashMap,
    /// `new LinkedHashMap<>()`, then `put(k, v)` for each entry in order:
    /// a map whose iteration order, the entries', the path relies on.
    LinkedHashMap,
    /// `new ArrayDeque<>(List.of(…))` (head first), or `new ArrayDeque<>()`:
    /// no null element.
    ArrayDeque,
    /// `new LinkedList<>(…)` with the elements (head first), as an
    /// `ArrayList`'s: the slot is typed `LinkedList`, or an element is null.
    LinkedList,
    /// `Optional.of(e0)`, or `Optional.empty()` without elements.
    Optional,
    /// `new TreeSet<>(List.of(…))`: a sorted set in its elements' natural
    /// order.
    TreeSet,
    /// `new TreeMap<>(Map.of(…))`, or `new TreeMap<>()` then `put(k, v)`
    /// for each entry (a null value, more than `Map.of` takes): a sorted
    /// map in its keys' natural order.
    TreeMap,
}

impl CollectionFactory {
    /// Whether the collection is a map (its elements alternate keys and
    /// values).
    pub fn is_map(self) -> bool {
        matches!(
            self,
            CollectionFactory::MapOf
                | CollectionFactory::HashMap
                | CollectionFactory::LinkedHashMap
                | CollectionFactory::TreeMap
        )
    }
}

/// A constructor call that makes an object: `new Interval(1, 5)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Construction {
    /// The constructor's JVM descriptor: `(II)V`.
    pub descriptor: String,
    /// Its parameters' types, Java form (`int`, `java.lang.String`).
    pub params: Vec<String>,
    /// The arguments, one per parameter; a `Ref` names another object of
    /// the state, which is made first.
    pub args: Vec<Value>,
    /// For an object a program keeps in a static final field (a singleton
    /// `INSTANCE`, an enum constant with a body), that field: the object is
    /// read from it, and `descriptor`, `params` and `args` are empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constant: Option<StaticRef>,
    /// For an object a static factory method makes (`ByteBuffer.allocate(4)`),
    /// that method (`field` names it): `descriptor`, `params` and `args` are
    /// its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factory: Option<StaticRef>,
    /// Calls of the object's setters after it is made (`setName("a")`),
    /// in order, for fields no constructor parameter reaches; for an
    /// object a builder makes, the builder's steps (`.maxPrecision(3)`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub setters: Vec<SetterCall>,
    /// For an object a builder or an instance factory makes
    /// (`Foo.builder().x(1).build()`, `Foo.EMPTY.withX(1)`): how the chain
    /// starts and ends. `descriptor`, `params` and `args` are then the
    /// start's own, and `setters` the calls chained on what it returns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub builder: Option<Box<Builder>>,
    /// The parameters (by index) no field the path reads decides, given
    /// their type's default: a call refused with them is tried again with
    /// arguments the backward search finds for the call's normal return
    /// (`construct::preconditions`). Empty once those are tried.
    #[serde(skip)]
    pub free: Vec<usize>,
}

/// A chain of calls that makes an object: a start that makes a builder
/// (or a first object), steps each called on what the previous returned,
/// and an optional finishing call (`build()`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Builder {
    /// The class the start makes, Java form: the builder's
    /// (`a.Foo$Builder`), or the object's own for an instance factory.
    pub class: String,
    pub start: BuilderStart,
    /// The no-argument method called last on the builder (`build`), which
    /// returns the object; none where the steps return it themselves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish: Option<String>,
    /// The finishing method's JVM descriptor: `()La/Foo;`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_descriptor: Option<String>,
}

/// How a chain of [`Builder`] starts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BuilderStart {
    /// A constructor of the builder's class: `new Foo.Builder()`.
    New,
    /// A static method (`field` names it): `Foo.builder()`.
    Static { method: StaticRef },
    /// The object a static final field holds, the steps called on it:
    /// `Range.EMPTY.withLow(2)`.
    Constant { constant: StaticRef },
    /// An instance method of the object a static final field holds:
    /// `DoubleFormat.PLAIN.builder()`.
    OnConstant { constant: StaticRef, method: String },
    /// An instance method of another object of the state (`on`, a
    /// [`Value::Ref`]) that makes the object (`queue.iterator()`); the
    /// steps are then statements on what it returns (`it.next();`), not
    /// a fluent chain (`construct::makers`).
    OnObject { on: Value, method: String },
}

impl BuilderStart {
    /// The object of the state the chain starts on, if any.
    pub fn on_object(&self) -> Option<&Value> {
        match self {
            BuilderStart::OnObject { on, .. } => Some(on),
            _ => None,
        }
    }
}

/// A static field (or method), by its declaring class (Java form) and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StaticRef {
    pub class: String,
    pub field: String,
}

/// A call of a one-parameter instance method that stores its argument in a
/// field: `setName("a")`; or, where `descriptor` takes no parameter, a
/// step of no argument (`next()`, `param` empty and `arg` null).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetterCall {
    pub method: String,
    /// Its JVM descriptor: `(Ljava/lang/String;)V`.
    pub descriptor: String,
    /// Its parameter's type, Java form.
    pub param: String,
    pub arg: Value,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Object {
    pub id: usize,
    /// The exact class, Java form; an array's is its type (`int[]`,
    /// `java.lang.String[][]`).
    pub class: String,
    /// Instance fields (empty for an array).
    pub fields: Vec<FieldValue>,
    /// An array's elements, in index order, or a JDK collection's in
    /// iteration order ([`BuiltBy::Collection`]); `None` for an object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elements: Option<Vec<Value>>,
    /// For a mock (an implementation of the interface `class` the test
    /// writes itself, issue 17): what each of the interface's abstract
    /// methods returns, call by call; `None` for any other object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mock: Option<Vec<MockMethod>>,
    /// For a JDK collection a parameter holds, the parameter's generic type
    /// in Java form (`java.util.List<java.lang.String>`), from the method's
    /// signature, when it names no type variable: the type a test declares
    /// a variable holding it with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generic: Option<String>,
    /// For an object of a program class (not a mock), or a JDK
    /// collection: how it is made. `None` for arrays, mocks and other
    /// objects of JDK classes, which are made as before (docs/objects.md).
    #[serde(flatten)]
    pub built_by: Option<BuiltBy>,
    /// For an object of a program class made by reflection: why no
    /// constructor, factory or builder made it (docs/objects.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reflection_because: Option<NoConstructor>,
}

/// Why an object of a program class is made by reflection
/// ([`BuiltBy::Reflection`]) and not by a call of the program's: the
/// first cause that holds, in the order below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoConstructor {
    /// No call was tried: `--objects reflection`, a state the JVM did not
    /// confirm, or a run past its deadline.
    NotTried,
    /// The class is abstract, an interface, or one the test cannot name
    /// with no factory of its enclosing classes.
    NoMaker,
    /// The class has constructors, factories or builders a test may call,
    /// but none takes the values the path needs (two of its fields a
    /// parameter reaches disagree, or a value does not fit).
    NoFittingCall,
    /// Its call would need an object whose own call needs it (a cycle).
    Cycle,
    /// Every call tried threw, or made other values than the path needs.
    Refused,
    /// A call made it, but the state so made missed the goal or covered
    /// less than the state found.
    MissesGoal,
    /// The replay of a state made by calls failed.
    ReplayFailed,
}

/// One abstract method of a mock and its answers, in call order (past
/// them, the type's default value).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MockMethod {
    /// Name and JVM descriptor: `compare(Ljava/lang/Object;Ljava/lang/Object;)I`.
    pub method: String,
    pub returns: Vec<Value>,
    /// The calls (indices into `returns`, whose entry is then `null`) that
    /// throw a `RuntimeException` instead (`--mock-throws`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub throws: Vec<usize>,
}

impl Construction {
    /// The values the construction passes: its arguments, then its
    /// setters', then the object its chain starts on.
    pub fn values(&self) -> impl Iterator<Item = &Value> {
        let on = self.builder.as_ref().and_then(|b| b.start.on_object());
        self.args
            .iter()
            .chain(self.setters.iter().map(|s| &s.arg))
            .chain(on)
    }
}

impl Object {
    /// The constructor call that makes the object, if one does.
    pub fn construction(&self) -> Option<&Construction> {
        match &self.built_by {
            Some(BuiltBy::Constructor { constructor }) => Some(constructor.as_ref()),
            _ => None,
        }
    }

    /// How a JDK collection is made from its elements, if the object is
    /// one.
    pub fn collection(&self) -> Option<CollectionFactory> {
        match &self.built_by {
            Some(BuiltBy::Collection { factory }) => Some(*factory),
            _ => None,
        }
    }

    /// For an array object, its element type in Java form (`int`, `java.lang.Object[]`).
    pub fn element_type(&self) -> Option<&str> {
        self.elements.as_ref()?;
        self.class.strip_suffix("[]")
    }
}

/// The input state that reaches the target.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct InputState {
    /// `this`, for an instance method.
    #[serde(rename = "this", skip_serializing_if = "Option::is_none")]
    pub receiver: Option<Value>,
    pub args: Vec<Arg>,
    pub statics: Vec<StaticValue>,
    /// Static fields the path reads that hold their initial values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub initial_statics: Vec<InitialStatic>,
    pub objects: Vec<Object>,
    /// What calls to the environment returned on the path, in the order
    /// they ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub environment: Vec<EnvValue>,
    /// What the search assumed, beyond the JVM's semantics, on its way to
    /// this state (a result a model left free, a call taken to change
    /// nothing, an input's class taken from the class path): a state that
    /// rests on one is claimed to reach its target only once the JVM
    /// confirmed it. Empty for a state whose every step was exact.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<String>,
}

impl InputState {
    /// What the state rests on beyond plain values: for each mock, the
    /// implementation of its interface the target needs, in words
    /// (`an implementation of java.util.Comparator whose compare returns
    /// 1, then -1`).
    pub fn needs(&self) -> Vec<String> {
        let mut out = Vec::new();
        for o in &self.objects {
            let Some(methods) = &o.mock else { continue };
            let answers: Vec<String> = methods
                .iter()
                .filter(|m| !m.returns.is_empty())
                .map(|m| {
                    let name = m.method.split('(').next().unwrap_or(&m.method);
                    let values: Vec<String> = m
                        .returns
                        .iter()
                        .enumerate()
                        .map(|(k, v)| {
                            if m.throws.contains(&k) {
                                "throws a RuntimeException".to_string()
                            } else {
                                format!("returns {}", short_value(v))
                            }
                        })
                        .collect();
                    format!("{name} {}", values.join(", then "))
                })
                .collect();
            out.push(if answers.is_empty() {
                format!("an implementation of {}", o.class)
            } else {
                format!(
                    "an implementation of {} whose {}",
                    o.class,
                    answers.join("; whose ")
                )
            });
        }
        out
    }
}
