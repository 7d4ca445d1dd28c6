//! Java source literals of every primitive type and of strings (JLS
//! §3.10), spelled so that the value survives javac whatever it is: NaN,
//! the infinities, `Integer.MIN_VALUE`, `Long.MIN_VALUE`, quotes, control
//! and non-ASCII characters, unpaired surrogates. The test writer
//! ([`crate::junit`]), the states' text ([`crate::state`]) and the replay
//! spell values with them.

/// A string literal: quotes, backslashes, control and non-ASCII characters
/// escaped, so the source is pure ASCII and its bytes do not depend on the
/// compiler's encoding.
pub fn string_literal(s: &str) -> String {
    utf16_literal(&s.encode_utf16().collect::<Vec<_>>())
}

/// A string literal from its UTF-16 units, an unpaired surrogate among
/// them written as its escape (`"\ud800"`).
pub fn utf16_literal(units: &[u16]) -> String {
    let mut out = String::with_capacity(units.len() + 2);
    out.push('"');
    for &unit in units {
        push_char_escaped(&mut out, unit, '"');
    }
    out.push('"');
    out
}

/// A `char` literal from its UTF-16 code.
pub fn char_literal(code: i64) -> String {
    let unit = (code & 0xffff) as u16;
    let mut out = String::from("'");
    push_char_escaped(&mut out, unit, '\'');
    out.push('\'');
    out
}

fn push_char_escaped(out: &mut String, unit: u16, quote: char) {
    match unit {
        0x08 => out.push_str("\\b"),
        0x09 => out.push_str("\\t"),
        0x0a => out.push_str("\\n"),
        0x0c => out.push_str("\\f"),
        0x0d => out.push_str("\\r"),
        0x5c => out.push_str("\\\\"),
        u if u == quote as u16 => {
            out.push('\\');
            out.push(quote);
        }
        0x20..=0x7e => out.push(unit as u8 as char),
        // javac would read `\u000a` even inside a literal as a line end, so
        // control characters never use the \u form; the octal form is safe.
        u if u < 0x20 || u == 0x7f => out.push_str(&format!("\\{u:o}")),
        u => out.push_str(&format!("\\u{u:04x}")),
    }
}

/// An `int` literal (`Integer.MIN_VALUE` has no plain literal form).
pub fn int_literal(v: i64) -> String {
    let v = v as i32;
    if v == i32::MIN {
        "Integer.MIN_VALUE".into()
    } else {
        v.to_string()
    }
}

pub fn long_literal(v: i64) -> String {
    if v == i64::MIN {
        "Long.MIN_VALUE".into()
    } else {
        format!("{v}L")
    }
}

pub fn double_literal(v: f64) -> String {
    if v.is_nan() {
        "Double.NaN".into()
    } else if v == f64::INFINITY {
        "Double.POSITIVE_INFINITY".into()
    } else if v == f64::NEG_INFINITY {
        "Double.NEGATIVE_INFINITY".into()
    } else {
        // `{:?}` prints the shortest form that reads back exactly, with a
        // decimal point or an exponent (`1.0`, `1e-7`): a Java double literal.
        let s = format!("{v:?}");
        if s.contains(['.', 'e']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

pub fn float_literal(v: f64) -> String {
    let f = v as f32;
    if f.is_nan() {
        "Float.NaN".into()
    } else if f == f32::INFINITY {
        "Float.POSITIVE_INFINITY".into()
    } else if f == f32::NEG_INFINITY {
        "Float.NEGATIVE_INFINITY".into()
    } else {
        let s = format!("{f:?}");
        if s.contains(['.', 'e']) {
            format!("{s}f")
        } else {
            format!("{s}.0f")
        }
    }
}

/// A literal of primitive type `ty` (Java form: `int`, `char`, ...) whose
/// static type is exactly `ty`, so that it boxes to the right wrapper when
/// passed as an `Object` (reflection, `assertEquals(Object, Object)`).
pub fn primitive_literal(
    ty: &str,
    int: Option<i64>,
    float: Option<f64>,
    b: Option<bool>,
) -> String {
    match (ty, int, float, b) {
        ("boolean", _, _, Some(b)) => b.to_string(),
        ("boolean", Some(i), _, _) => (i != 0).to_string(),
        ("byte", Some(i), _, _) => format!("(byte) {}", i as i8),
        ("short", Some(i), _, _) => format!("(short) {}", i as i16),
        ("char", Some(i), _, _) => char_literal(i),
        ("long", Some(i), _, _) => long_literal(i),
        ("float", _, Some(f), _) => float_literal(f),
        ("float", Some(i), _, _) => float_literal(i as f64),
        ("double", _, Some(f), _) => double_literal(f),
        ("double", Some(i), _, _) => double_literal(i as f64),
        (_, Some(i), _, _) => int_literal(i),
        (_, _, Some(f), _) => double_literal(f),
        (_, _, _, Some(b)) => b.to_string(),
        _ => "0".into(),
    }
}
