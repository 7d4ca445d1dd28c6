//! JDK values as a person writes them (issue 34, item 4): an input of an
//! abstract JDK value type the search could only give as a mock — which
//! no test can write, their constructors being the JDK's — is offered
//! instead as what its factories make: a `Charset` as one of
//! `StandardCharsets`' constants, a `ByteBuffer` as `ByteBuffer.allocate(n)`
//! (an array behind it), `ByteBuffer.wrap(bytes)` of an array the state has,
//! or `ByteBuffer.allocateDirect(n)` (none), with `n` what the mock said
//! the buffer holds; a `MessageDigest` as `MessageDigest.getInstance("MD5")`
//! (or SHA-1, SHA-256: the one whose name or length the mock gave first). The replay runs the method on each until one meets the
//! goal and covers as much as the mock did (docs/objects.md).
//!
//! An object of a concrete JDK class the state made by reflection
//! (`allocate(java.text.DecimalFormatSymbols.class)`, its fields the
//! JDK's) is offered as what its public no-argument constructor makes
//! (`new DecimalFormatSymbols()`), checked the same way: no `allocate` of
//! a `java.*` value where a constructor serves. A `BigInteger` whose
//! fields no constructor makes as they are (the search gives `intValue`
//! a magnitude `{7}` with sign 0, which is all it reads) is offered as
//! `new BigInteger("7")`: its magnitude's digits, with its sign.

use crate::classfile::access;
use crate::classfile::descriptor::internal_name;
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::junit::values;
use crate::state::{Construction, InputState, Object, StaticRef, Value};

/// Whether `class` (Java form) is the JDK's: its objects are no program
/// objects, and their fields are the JDK's to decide.
pub fn is_jdk(class: &str) -> bool {
    crate::classpath::is_jdk_class(&internal_name(class))
}

/// `new C()` for object `o` of a JDK class `C` the state makes by
/// reflection, when `C` is a concrete class a test may name with a public
/// constructor of no parameters; `new BigInteger("7")` for a `BigInteger`
/// in a form no constructor makes ([`big_integer`]).
pub(crate) fn by_constructor(
    cp: &ClassPath,
    access: &mut Access,
    state: &InputState,
    o: &Object,
) -> Vec<Construction> {
    let by_reflection = o.built_by.is_none() && o.mock.is_none() && o.elements.is_none();
    if !by_reflection || !is_jdk(&o.class) || !access.type_accessible(&o.class) {
        return Vec::new();
    }
    if o.class == "java.math.BigInteger" {
        return big_integer(state, o).into_iter().collect();
    }
    let Ok(class) = cp.load(&internal_name(&o.class)) else {
        return Vec::new();
    };
    let public_no_args = class
        .methods
        .iter()
        .any(|m| m.name == "<init>" && m.desc.params.is_empty() && m.access & access::PUBLIC != 0);
    if class.is_abstract() || class.is_interface() || !public_no_args {
        return Vec::new();
    }
    vec![Construction {
        descriptor: "()V".into(),
        params: Vec::new(),
        args: Vec::new(),
        constant: None,
        factory: None,
        setters: Vec::new(),
        builder: None,
        free: Vec::new(),
    }]
}

/// The charsets every JVM has (`java.nio.charset.StandardCharsets`).
const CHARSETS: [&str; 6] = [
    "UTF_8",
    "US_ASCII",
    "ISO_8859_1",
    "UTF_16",
    "UTF_16BE",
    "UTF_16LE",
];

/// Whether an object of `class` (Java form) is a JDK value its factories
/// make, proposed here in place of a mock.
pub fn made_by_factories(class: &str) -> bool {
    matches!(
        class,
        "java.nio.charset.Charset" | "java.nio.ByteBuffer" | "java.security.MessageDigest"
    )
}

/// The digests every JVM has (`MessageDigest`'s specification), with their
/// lengths in bytes.
const DIGESTS: [(&str, i64); 3] = [("MD5", 16), ("SHA-1", 20), ("SHA-256", 32)];

/// The factory-made objects proposed for mock `o` of `state`, best first.
pub fn proposals(state: &InputState, o: &Object) -> Vec<Construction> {
    match o.class.as_str() {
        "java.nio.charset.Charset" => CHARSETS
            .iter()
            .map(|name| Construction {
                descriptor: String::new(),
                params: Vec::new(),
                args: Vec::new(),
                constant: Some(StaticRef {
                    class: "java.nio.charset.StandardCharsets".into(),
                    field: (*name).into(),
                }),
                factory: None,
                setters: Vec::new(),
                builder: None,
                free: Vec::new(),
            })
            .collect(),
        "java.nio.ByteBuffer" => byte_buffers(state, o),
        "java.security.MessageDigest" => digests(o),
        _ => Vec::new(),
    }
}

fn byte_buffers(state: &InputState, o: &Object) -> Vec<Construction> {
    let answers = |name: &'static str| answers(o, name);
    // The bytes the mock said it has, else one.
    let size = ["remaining", "limit", "capacity"]
        .iter()
        .find_map(|name| {
            answers(name).find_map(|v| match v {
                Value::Int(n) if (0..=4096).contains(n) => Some(*n),
                _ => None,
            })
        })
        .unwrap_or(1);
    let call = |method: &str, descriptor: &str, params: &[&str], args: Vec<Value>| Construction {
        descriptor: descriptor.into(),
        params: params.iter().map(|p| (*p).to_string()).collect(),
        args,
        constant: None,
        factory: Some(StaticRef {
            class: "java.nio.ByteBuffer".into(),
            field: method.into(),
        }),
        setters: Vec::new(),
        builder: None,
        free: Vec::new(),
    };
    let mut out = Vec::new();
    let array = answers("array").find_map(|v| match v {
        Value::Ref { object }
            if state
                .objects
                .get(*object)
                .is_some_and(|a| a.class == "byte[]") =>
        {
            Some(*object)
        }
        _ => None,
    });
    if let Some(object) = array {
        out.push(call(
            "wrap",
            "([B)Ljava/nio/ByteBuffer;",
            &["byte[]"],
            vec![Value::Ref { object }],
        ));
    }
    out.push(call(
        "allocate",
        "(I)Ljava/nio/ByteBuffer;",
        &["int"],
        vec![Value::Int(size)],
    ));
    out.push(call(
        "allocateDirect",
        "(I)Ljava/nio/ByteBuffer;",
        &["int"],
        vec![Value::Int(size)],
    ));
    out
}

/// `MessageDigest.getInstance(name)` for mock `o`: the algorithm it holds
/// (its `algorithm` field, which `getAlgorithm` reads), names or whose
/// length it gave (`getDigestLength`) first, then the others.
fn digests(o: &Object) -> Vec<Construction> {
    let named = |name: &str, length: i64| {
        let algorithm = o
            .fields
            .iter()
            .any(|f| f.name == "algorithm" && f.value == Value::Str(name.into()));
        algorithm
            || answers(o, "getAlgorithm").any(|v| *v == Value::Str(name.into()))
            || answers(o, "getDigestLength").any(|v| *v == Value::Int(length))
    };
    let mut order: Vec<&str> = DIGESTS.iter().map(|(n, _)| *n).collect();
    order.sort_by_key(|n| !DIGESTS.iter().any(|(d, l)| d == n && named(d, *l)));
    order
        .into_iter()
        .map(|name| Construction {
            descriptor: "(Ljava/lang/String;)Ljava/security/MessageDigest;".into(),
            params: vec!["java.lang.String".into()],
            args: vec![Value::Str(name.into())],
            constant: None,
            factory: Some(StaticRef {
                class: "java.security.MessageDigest".into(),
                field: "getInstance".into(),
            }),
            setters: Vec::new(),
            builder: None,
            free: Vec::new(),
        })
        .collect()
}

/// What mock `o` answered to its method `name`, call by call.
fn answers<'o>(o: &'o Object, name: &'o str) -> impl Iterator<Item = &'o Value> {
    o.mock
        .iter()
        .flatten()
        .filter(move |m| m.method.split('(').next() == Some(name))
        .flat_map(|m| m.returns.iter())
}

/// `new BigInteger(digits)` for a `BigInteger` `o` of `state` whose fields
/// no constructor makes as they are (its test would otherwise build it
/// field by field): its magnitude's decimal digits, negative when its sign
/// is. The replay runs the method on the number the constructor makes.
fn big_integer(state: &InputState, o: &Object) -> Option<Construction> {
    if values::big_integer(state, o).is_some() {
        // Written from its digits already (`junit::values`).
        return None;
    }
    let (signum, words, _) = values::magnitude(state, o)?;
    let digits = values::decimal(&words)?;
    let text = if signum < 0 && digits != "0" {
        format!("-{digits}")
    } else {
        digits
    };
    Some(Construction {
        descriptor: "(Ljava/lang/String;)V".into(),
        params: vec!["java.lang.String".into()],
        args: vec![Value::Str(text)],
        constant: None,
        factory: None,
        setters: Vec::new(),
        builder: None,
        free: Vec::new(),
    })
}
