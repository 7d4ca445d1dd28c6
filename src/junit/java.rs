//! Java source spelling: literals of every primitive type and of strings,
//! identifiers, and source names of classes and types. Every value the
//! writer prints goes through here, so a generated test compiles whatever
//! the value (NaN, `Long.MIN_VALUE`, a string with quotes or non-ASCII
//! characters).

/// Java's reserved words and literals, which cannot be identifiers.
const RESERVED: &[&str] = &[
    "abstract",
    "assert",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extends",
    "final",
    "finally",
    "float",
    "for",
    "goto",
    "if",
    "implements",
    "import",
    "instanceof",
    "int",
    "interface",
    "long",
    "native",
    "new",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "strictfp",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "try",
    "void",
    "volatile",
    "while",
    "true",
    "false",
    "null",
    "var",
    "yield",
    "record",
    "_",
];

/// Whether `s` can be used as a Java identifier as it is.
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphabetic() || first == '_' || first == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        && !RESERVED.contains(&s)
}

/// `Coord` → `coord`, `URLParser` → `urlParser`, anything unusable → `value`.
pub fn decapitalize(s: &str) -> String {
    let s: String = s
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let upper = s.chars().take_while(|c| c.is_ascii_uppercase()).count();
    let lowered = match upper {
        0 => s.clone(),
        // `URLParser`: lower the run but the last capital, which starts a word.
        n if n > 1 && n < s.len() => {
            let (head, tail) = s.split_at(n - 1);
            format!("{}{tail}", head.to_ascii_lowercase())
        }
        n => {
            let (head, tail) = s.split_at(n.min(s.len()).max(1));
            format!("{}{tail}", head.to_ascii_lowercase())
        }
    };
    if is_identifier(&lowered) {
        lowered
    } else if lowered.is_empty() {
        "value".into()
    } else {
        // `int`, `class`, `2d`: `aInt`, `aClass`, `a2d`.
        camel("a", &lowered)
    }
}

/// `camel("result", "next")` → `resultNext`.
pub fn camel(head: &str, word: &str) -> String {
    let mut out = head.to_string();
    let mut chars = word.chars().filter(|c| c.is_ascii_alphanumeric());
    if let Some(first) = chars.next() {
        out.push(first.to_ascii_uppercase());
        out.extend(chars);
    }
    out
}

/// The package of a Java class name (`coord` for `coord.Coord`, empty for
/// the unnamed package).
pub fn package_of(java_name: &str) -> &str {
    java_name.rsplit_once('.').map_or("", |(p, _)| p)
}

/// The binary simple name: `Coord`, `PrivateRedBlackTree$Entry`.
pub fn binary_simple_name(java_name: &str) -> &str {
    java_name.rsplit_once('.').map_or(java_name, |(_, s)| s)
}

/// The name a class has in source, seen from its own package:
/// `PrivateRedBlackTree.Entry` for `rbtree.PrivateRedBlackTree$Entry`
/// (nested classes are written through their outer class).
pub fn source_simple_name(java_name: &str) -> String {
    binary_simple_name(java_name).replace('$', ".")
}

/// The literals live in [`crate::literals`] (the state and the replay
/// spell values too); re-exported for the writer.
pub use crate::literals::{
    char_literal, double_literal, float_literal, int_literal, long_literal, primitive_literal,
    string_literal, utf16_literal,
};

pub fn is_primitive(ty: &str) -> bool {
    matches!(
        ty,
        "boolean" | "byte" | "char" | "short" | "int" | "long" | "float" | "double"
    )
}

/// Keeps text that goes into a `//` comment on one line and free of
/// `\u` sequences, which javac decodes even in comments.
pub fn comment_text(s: &str) -> String {
    s.replace(['\n', '\r'], " ").replace("\\u", "\\ u")
}

/// Keeps text that goes into a Javadoc comment on one line, free of `\u`
/// sequences, of `*/` (which would end the comment) and of HTML: `<`, `>`
/// and `&` as entities, so the comment passes `javac -Xdoclint`.
pub fn doc_text(s: &str) -> String {
    comment_text(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace("*/", "*&#47;")
}

/// `{@code text}` for a Javadoc comment (no HTML escapes needed inside), or
/// [`doc_text`] when the text's braces do not balance (they would end the
/// tag early) or it holds `*/` or a line-leading `@`.
pub fn doc_code(s: &str) -> String {
    let text = comment_text(s);
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            break;
        }
    }
    if depth == 0 && !text.contains("*/") && !text.starts_with('@') {
        format!("{{@code {text}}}")
    } else {
        doc_text(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(string_literal("a\"b\\c\n\u{e9}"), r#""a\"b\\c\n\u00e9""#);
        assert_eq!(string_literal("\u{1}"), r#""\1""#);
        assert_eq!(string_literal("😀"), r#""\ud83d\ude00""#);
        assert_eq!(char_literal('\'' as i64), r"'\''");
        assert_eq!(char_literal(65), "'A'");
        assert_eq!(char_literal(0xffff), r"'\uffff'");
        assert_eq!(int_literal(-2147483648), "Integer.MIN_VALUE");
        assert_eq!(int_literal(65536), "65536");
        assert_eq!(long_literal(i64::MIN), "Long.MIN_VALUE");
        assert_eq!(long_literal(5), "5L");
        assert_eq!(double_literal(1.0), "1.0");
        assert_eq!(double_literal(1e-7), "1e-7");
        assert_eq!(double_literal(f64::NAN), "Double.NaN");
        assert_eq!(float_literal(0.1f32 as f64), "0.1f");
        assert_eq!(float_literal(f64::NEG_INFINITY), "Float.NEGATIVE_INFINITY");
        assert_eq!(
            primitive_literal("byte", Some(200), None, None),
            "(byte) -56"
        );
        assert_eq!(primitive_literal("boolean", Some(1), None, None), "true");
    }

    #[test]
    fn names() {
        assert!(is_identifier("moveY_line30"));
        assert!(!is_identifier("class"));
        assert!(!is_identifier("1a"));
        assert_eq!(decapitalize("Coord"), "coord");
        assert_eq!(decapitalize("URLParser"), "urlParser");
        assert_eq!(decapitalize("Int"), "aInt");
        assert_eq!(decapitalize("Class"), "aClass");
        assert_eq!(camel("result", "next"), "resultNext");
        assert_eq!(
            source_simple_name("rbtree.PrivateRedBlackTree$Entry"),
            "PrivateRedBlackTree.Entry"
        );
        assert_eq!(package_of("Foo"), "");
        assert_eq!(comment_text("a\\u000ab\nc"), "a\\ u000ab c");
        assert_eq!(doc_code("i < n"), "{@code i < n}");
        assert_eq!(doc_code("a } b"), "a } b");
        assert_eq!(doc_code("x */ y"), "x *&#47; y");
        assert_eq!(doc_text("List<T> & x"), "List&lt;T&gt; &amp; x");
    }
}
