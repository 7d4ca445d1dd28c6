//! The text a `String` parameter of a constructor may stand for: what a
//! `char[]` field of the object holds, up to the length an `int` field
//! gives (a builder's `buffer` and `size`, `new StrBuilder("ab")`), or
//! whole (a tokenizer's `chars`, `new StrTokenizer("a b")`). A guess for
//! the constructors that convert their argument (`str.toCharArray()`,
//! `append(str)`) rather than store it; the replay checks what the
//! constructor makes (docs/objects.md).

use super::flow::FieldSlot;
use crate::state::{InputState, Object, Value};

/// A text for a `String` parameter and the fields it stands for.
pub struct Text {
    pub text: String,
    pub fields: Vec<FieldSlot>,
}

/// The text object `o` of `state` holds in its first `char[]` field the
/// path reads, cut at the value of an `int` field the path reads whose
/// name says it is a length (`size`, `count`, `length`) where that is
/// within the array.
pub fn of(state: &InputState, o: &Object) -> Option<Text> {
    let slot = |f: &crate::state::FieldValue| FieldSlot {
        declared_in: f.declared_in.clone(),
        name: f.name.clone(),
    };
    let (holder, chars) = o.fields.iter().filter(|f| f.read).find_map(|f| {
        let Value::Ref { object } = f.value else {
            return None;
        };
        let a = state.objects.get(object)?;
        (a.class == "char[]").then_some((f, a.elements.as_ref()?))
    })?;
    let mut fields = vec![slot(holder)];
    let length = o
        .fields
        .iter()
        .filter(|f| f.read && f.ty == "int")
        .find_map(|f| {
            let lengthy = ["size", "count", "len"]
                .iter()
                .any(|w| f.name.to_ascii_lowercase().contains(w));
            match f.value {
                Value::Int(n) if lengthy && n >= 0 && (n as usize) <= chars.len() => {
                    Some((f, n as usize))
                }
                _ => None,
            }
        });
    let end = match length {
        Some((f, n)) => {
            fields.push(slot(f));
            n
        }
        None => chars.len(),
    };
    let text = chars[..end]
        .iter()
        .map(|c| match c {
            Value::Int(code) => char::from_u32(*code as u32),
            _ => None,
        })
        .collect::<Option<String>>()?;
    Some(Text { text, fields })
}
