//! Observations in text, for people: objects as `Coord#0 { x = 65536, y = 0 }`,
//! each expanded once (a later mention is just `Coord#0`, so cycles end).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::observation::{Ended, Observation, Observed};

impl Observation {
    /// A value read where its Java type is `ty` (`""` when unknown: numbers
    /// then print as numbers).
    pub fn show(&self, value: &Observed, ty: &str) -> String {
        let mut out = String::new();
        self.write(&mut out, value, ty, &mut BTreeSet::new());
        out
    }

    /// `returned Coord#0 { .. }`, `returned` (void), or `threw
    /// java.lang.ArithmeticException: / by zero`.
    pub fn outcome(&self) -> String {
        match &self.ended {
            Ended::Returned { value: None } => "returned".into(),
            Ended::Returned { value: Some(v) } => format!("returned {}", self.show(v, "")),
            Ended::Threw { class, message } => match message {
                Some(m) => format!("threw {class}: {m}"),
                None => format!("threw {class}"),
            },
            Ended::RanAway { .. } => self.ended.summary(),
        }
    }

    fn write(&self, out: &mut String, v: &Observed, ty: &str, shown: &mut BTreeSet<usize>) {
        match v {
            Observed::Null => out.push_str("null"),
            Observed::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Observed::Int(i) if ty == "char" => match char::from_u32(*i as u32) {
                Some(c) if (' '..'\u{7f}').contains(&c) => {
                    let _ = write!(out, "'{c}'");
                }
                _ => {
                    let _ = write!(out, "'\\u{:04x}'", i);
                }
            },
            Observed::Int(i) if ty == "long" => {
                let _ = write!(out, "{i}L");
            }
            Observed::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Observed::Float(x) => {
                let _ = write!(out, "{x:?}");
            }
            Observed::Str(s) => {
                let _ = write!(out, "{s:?}");
            }
            Observed::Utf16 { utf16 } => out.push_str(&crate::literals::utf16_literal(utf16)),
            Observed::Ref { object } => {
                let Some(o) = self.objects.get(*object) else {
                    let _ = write!(out, "#{object}");
                    return;
                };
                let simple = o.class.rsplit('.').next().unwrap_or(&o.class);
                let _ = write!(out, "{simple}#{object}");
                if !shown.insert(*object) {
                    return;
                }
                if let Some(why) = &o.opaque {
                    let _ = write!(out, " ({why})");
                    return;
                }
                if let Some(elements) = &o.elements {
                    let elem = o.class.strip_suffix("[]").unwrap_or("");
                    out.push_str(" [");
                    for (i, e) in elements.iter().enumerate() {
                        out.push_str(if i == 0 { "" } else { ", " });
                        self.write(out, e, elem, shown);
                    }
                    out.push(']');
                    return;
                }
                out.push_str(" {");
                for (i, f) in o.fields.iter().enumerate() {
                    out.push_str(if i == 0 { " " } else { ", " });
                    let _ = write!(out, "{} = ", f.name);
                    self.write(out, &f.value, &f.ty, shown);
                }
                out.push_str(if o.fields.is_empty() { "}" } else { " }" });
            }
        }
    }
}
