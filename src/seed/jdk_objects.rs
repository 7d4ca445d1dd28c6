//! Seeds of the JDK objects a parameter may be that plain seeds do not
//! build. The sinks a method writes its output into: a `StringBuilder`,
//! `StringBuffer` or `Appendable` to append to, a `Writer`, `PrintWriter`,
//! `OutputStream` or `PrintStream` to print to. The search has no input
//! object of most of these types (a builder input it has, with the
//! contents a path needs: `labeling::builders`), so without a seed a method such as commons-cli's
//! `HelpFormatter.renderOptions(StringBuffer, …)` only ever ran into a
//! `NullPointerException` at its first append. And the values a constructor
//! makes from a text (`URL`, `URI`, `File`, `BigInteger`, `BigDecimal`):
//! one well-formed example of each (jsoup's `StringUtil.resolve(URL,
//! String)` was only ever called with null). The sources a method reads
//! (an `InputStream` or `Reader` over nothing, then over one of the
//! method's strings) and the JDK collections it fills or reads (an empty
//! `ArrayList`, `HashSet`, `HashMap`): commons-compress
//! `TarUtils.parsePaxHeaders(InputStream, List, Map, long)` ran only into
//! a `NullPointerException`. Each seed is made by the
//! JDK's public constructors, as a person's test makes it
//! (`new PrintWriter(new StringWriter())`): a sink empty, and a builder
//! also holding one of the method's strings. Nothing here is a claim: the
//! JVM's replay of the state is what counts.

use crate::classfile::JType;
use crate::state::{BuiltBy, CollectionFactory, Construction, Object, Value};

use super::objects::Graph;

/// The seeds of a parameter of type `ty` when it is one of the sinks or
/// value classes, most plausible first (an empty sink); `text` is a string
/// of the method a builder may start with. Empty for any other type.
pub(super) fn seeds(ty: &JType, text: Option<&str>) -> Vec<Graph> {
    let JType::Object(name) = ty else {
        return Vec::new();
    };
    let builder = |class: &str| {
        let mut out = vec![vec![made(class, Vec::new())]];
        if let Some(t) = text {
            out.push(vec![made(class, vec![Value::Str(t.to_string())])]);
        }
        out
    };
    match name.as_str() {
        "java/lang/StringBuilder" | "java/lang/Appendable" => builder("java.lang.StringBuilder"),
        "java/lang/StringBuffer" => builder("java.lang.StringBuffer"),
        "java/io/Writer" | "java/io/StringWriter" => {
            vec![vec![made("java.io.StringWriter", Vec::new())]]
        }
        "java/io/PrintWriter" => vec![wrapping("java.io.PrintWriter", "java.io.StringWriter")],
        "java/io/OutputStream" | "java/io/ByteArrayOutputStream" => {
            vec![vec![made("java.io.ByteArrayOutputStream", Vec::new())]]
        }
        "java/io/PrintStream" => vec![wrapping(
            "java.io.PrintStream",
            "java.io.ByteArrayOutputStream",
        )],
        // A source to read from: empty, then over the text.
        "java/io/InputStream" | "java/io/ByteArrayInputStream" => ["", text.unwrap_or("a")]
            .into_iter()
            .map(bytes_in)
            .collect(),
        "java/io/Reader" | "java/io/StringReader" => ["", text.unwrap_or("a")]
            .into_iter()
            .map(|t| vec![made("java.io.StringReader", vec![Value::Str(t.into())])])
            .collect(),
        // An empty collection to fill or to read nothing from.
        "java/util/List"
        | "java/util/ArrayList"
        | "java/util/Collection"
        | "java/lang/Iterable" => {
            vec![vec![empty(
                "java.util.ArrayList",
                CollectionFactory::ArrayList,
            )]]
        }
        "java/util/Set" | "java/util/HashSet" => {
            vec![vec![empty("java.util.HashSet", CollectionFactory::HashSet)]]
        }
        "java/util/Map" | "java/util/HashMap" => {
            vec![vec![empty("java.util.HashMap", CollectionFactory::HashMap)]]
        }
        _ => from_text(name)
            .map(|(class, example)| vec![vec![made(class, vec![Value::Str(example.into())])]])
            .unwrap_or_default(),
    }
}

/// `new ByteArrayInputStream(bytes)` over the UTF-8 bytes of `text`.
fn bytes_in(text: &str) -> Graph {
    let descriptor = "([B)V";
    let stream = Object {
        id: 0,
        class: "java.io.ByteArrayInputStream".into(),
        built_by: Some(BuiltBy::Constructor {
            constructor: constructor(descriptor, vec!["byte[]".into()], vec![Value::Ref(1)]),
        }),
        ..Object::default()
    };
    let bytes = Object {
        id: 1,
        class: "byte[]".into(),
        elements: Some(
            text.bytes()
                .map(|b| Value::Int(i64::from(b as i8)))
                .collect(),
        ),
        ..Object::default()
    };
    vec![stream, bytes]
}

/// An empty JDK collection of `class` (Java form) made as `factory` says.
fn empty(class: &str, factory: CollectionFactory) -> Object {
    Object {
        class: class.into(),
        elements: Some(Vec::new()),
        built_by: Some(BuiltBy::Collection { factory }),
        ..Object::default()
    }
}

/// For a JDK value class made from a text by a public constructor
/// (internal name `name`): the class (Java form) and a well-formed example
/// of the text.
fn from_text(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        "java/net/URL" => ("java.net.URL", "http://example.com/a/b?q=1"),
        "java/net/URI" => ("java.net.URI", "http://example.com/a/b?q=1"),
        "java/io/File" => ("java.io.File", "a/b.txt"),
        "java/math/BigInteger" => ("java.math.BigInteger", "12"),
        "java/math/BigDecimal" => ("java.math.BigDecimal", "1.5"),
        _ => return None,
    })
}

/// An object of `class` (Java form) made by its public constructor taking
/// `args` (none, or one string).
fn made(class: &str, args: Vec<Value>) -> Object {
    let (descriptor, params) = match args.as_slice() {
        [] => ("()V", Vec::new()),
        _ => (
            "(Ljava/lang/String;)V",
            vec!["java.lang.String".to_string()],
        ),
    };
    Object {
        class: class.to_string(),
        built_by: Some(BuiltBy::Constructor {
            constructor: constructor(descriptor, params, args),
        }),
        ..Object::default()
    }
}

/// `new outer(new inner())`: the graph's first object is the outer one,
/// made by its constructor taking the inner one's type (its supertype
/// `Writer` or `OutputStream`).
fn wrapping(outer: &str, inner: &str) -> Graph {
    let param = if inner.ends_with("Writer") {
        "java.io.Writer"
    } else {
        "java.io.OutputStream"
    };
    let descriptor = format!("(L{};)V", param.replace('.', "/"));
    let first = Object {
        id: 0,
        class: outer.to_string(),
        built_by: Some(BuiltBy::Constructor {
            constructor: constructor(&descriptor, vec![param.to_string()], vec![Value::Ref(1)]),
        }),
        ..Object::default()
    };
    let mut second = made(inner, Vec::new());
    second.id = 1;
    vec![first, second]
}

/// A call of the constructor `descriptor` with `args`, of parameters of the
/// types `params` (Java form).
pub(super) fn constructor(
    descriptor: &str,
    params: Vec<String>,
    args: Vec<Value>,
) -> Box<Construction> {
    Box::new(Construction {
        descriptor: descriptor.to_string(),
        params,
        args,
        constant: None,
        factory: None,
        setters: Vec::new(),
        builder: None,
        free: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_print_writer_wraps_a_string_writer() {
        let g = seeds(&JType::Object("java/io/PrintWriter".into()), None);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0][0].class, "java.io.PrintWriter");
        assert_eq!(g[0][1].class, "java.io.StringWriter");
        let Some(BuiltBy::Constructor { constructor }) = &g[0][0].built_by else {
            panic!("made by a constructor")
        };
        assert_eq!(constructor.descriptor, "(Ljava/io/Writer;)V");
        assert_eq!(constructor.args, [Value::Ref(1)]);
    }

    #[test]
    fn a_builder_is_empty_then_holds_the_text() {
        let g = seeds(&JType::Object("java/lang/StringBuffer".into()), Some("ab"));
        assert_eq!(g.len(), 2);
        let Some(BuiltBy::Constructor { constructor }) = &g[1][0].built_by else {
            panic!("made by a constructor")
        };
        assert_eq!(constructor.args, [Value::Str("ab".into())]);
        assert!(seeds(&JType::Object("java/lang/Runnable".into()), None).is_empty());
        assert_eq!(
            seeds(&JType::Object("java/util/List".into()), None).len(),
            1
        );
        let stream = seeds(&JType::Object("java/io/InputStream".into()), Some("ab"));
        assert_eq!(stream.len(), 2);
        assert_eq!(
            stream[1][1].elements,
            Some(vec![Value::Int(97), Value::Int(98)])
        );
        let url = seeds(&JType::Object("java/net/URL".into()), None);
        assert_eq!(url.len(), 1);
        assert_eq!(url[0][0].class, "java.net.URL");
    }
}
