//! The text form of an [`InputState`] that people read: one line per
//! argument, static field and object of the input heap, with aliases
//! named and defaults left out.

use std::fmt;

use std::collections::BTreeSet;

use super::input::{simple_class, BuilderStart, InputState, Value};

impl InputState {
    fn write_value(
        &self,
        f: &mut fmt::Formatter<'_>,
        v: &Value,
        ty: &str,
        shown: &mut BTreeSet<usize>,
    ) -> fmt::Result {
        match v {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) if ty == "char" => match char::from_u32(*i as u32) {
                Some(c) if !c.is_control() && (*i as u32) < 0x7f => write!(f, "'{c}'"),
                _ => write!(f, "'\\u{:04x}'", i),
            },
            Value::Int(i) if ty == "long" => write!(f, "{i}L"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x:?}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::Utf16 { utf16 } => f.write_str(&crate::literals::utf16_literal(utf16)),
            Value::Enum { class, constant } => {
                let simple = class.rsplit(['.', '$']).next().unwrap_or(class);
                write!(f, "{simple}.{constant}")
            }
            Value::Class { name } => write!(f, "{}.class", simple_class(name)),
            Value::Ref { object } => {
                let Some(o) = self.objects.get(*object) else {
                    return write!(f, "#{object}");
                };
                let simple = o.class.rsplit('.').next().unwrap_or(&o.class);
                write!(f, "{simple}#{object}")?;
                if !shown.insert(*object) {
                    return Ok(());
                }
                if let Some(elements) = &o.elements {
                    let elem = o.element_type().unwrap_or("");
                    f.write_str(" [")?;
                    for (i, e) in elements.iter().enumerate() {
                        f.write_str(if i == 0 { "" } else { ", " })?;
                        self.write_value(f, e, elem, shown)?;
                    }
                    return f.write_str("]");
                }
                if let Some(methods) = &o.mock {
                    f.write_str(" mock {")?;
                    for (i, m) in methods.iter().enumerate() {
                        f.write_str(if i == 0 { " " } else { ", " })?;
                        let name = m.method.split('(').next().unwrap_or(&m.method);
                        let ret = crate::classfile::descriptor::MethodDescriptor::parse(
                            &m.method[m.method.find('(').unwrap_or(0)..],
                        )
                        .map(|d| d.ret.to_string())
                        .unwrap_or_default();
                        write!(f, "{name} → [")?;
                        for (k, v) in m.returns.iter().enumerate() {
                            f.write_str(if k == 0 { "" } else { ", " })?;
                            if m.throws.contains(&k) {
                                f.write_str("throws RuntimeException")?;
                            } else {
                                self.write_value(f, v, &ret, shown)?;
                            }
                        }
                        f.write_str("]")?;
                    }
                    for (i, field) in o.fields.iter().enumerate() {
                        f.write_str(if i == 0 && methods.is_empty() {
                            " "
                        } else {
                            "; "
                        })?;
                        write!(f, "{} = ", field.name)?;
                        self.write_value(f, &field.value, &field.ty, shown)?;
                    }
                    let empty = methods.is_empty() && o.fields.is_empty();
                    return f.write_str(if empty { "}" } else { " }" });
                }
                f.write_str(" {")?;
                for (i, field) in o.fields.iter().enumerate() {
                    f.write_str(if i == 0 { " " } else { ", " })?;
                    write!(f, "{} = ", field.name)?;
                    self.write_value(f, &field.value, &field.ty, shown)?;
                }
                f.write_str(if o.fields.is_empty() { "}" } else { " }" })?;
                let Some(c) = o.construction() else {
                    return Ok(());
                };
                if let Some(k) = &c.constant {
                    return write!(f, " = {}.{}", simple_class(&k.class), k.field);
                }
                match &c.builder {
                    Some(b) => match &b.start {
                        BuilderStart::New => write!(f, " = new {}()", simple_class(&b.class))?,
                        BuilderStart::Static { method } => {
                            write!(f, " = {}.{}()", simple_class(&method.class), method.field)?
                        }
                        BuilderStart::Constant { constant } => {
                            write!(f, " = {}.{}", simple_class(&constant.class), constant.field)?
                        }
                        BuilderStart::OnConstant { constant, method } => write!(
                            f,
                            " = {}.{}.{method}()",
                            simple_class(&constant.class),
                            constant.field
                        )?,
                        BuilderStart::OnObject { on, method } => {
                            f.write_str(" = ")?;
                            self.write_value(f, on, "java.lang.Object", shown)?;
                            write!(f, ".{method}()")?
                        }
                    },
                    None => {
                        match &c.factory {
                            Some(k) => write!(f, " = {}.{}(", simple_class(&k.class), k.field)?,
                            None => write!(f, " = new {}(", simple_class(&o.class))?,
                        }
                        for (i, (arg, ty)) in c.args.iter().zip(&c.params).enumerate() {
                            f.write_str(if i == 0 { "" } else { ", " })?;
                            self.write_value(f, arg, ty, shown)?;
                        }
                        f.write_str(")")?;
                    }
                }
                for s in &c.setters {
                    write!(f, ".{}(", s.method)?;
                    if !s.descriptor.starts_with("()") {
                        self.write_value(f, &s.arg, &s.param, shown)?;
                    }
                    f.write_str(")")?;
                }
                if let Some(m) = c.builder.as_ref().and_then(|b| b.finish.as_ref()) {
                    write!(f, ".{m}()")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for InputState {
    /// One line per input: `this = Coord#0 { x = 0, y = 65536 }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = BTreeSet::new();
        let mut rows: Vec<(String, &Value, String)> = Vec::new();
        if let Some(r) = &self.receiver {
            rows.push(("this".into(), r, String::new()));
        }
        for a in &self.args {
            rows.push((a.name.clone(), &a.value, a.ty.clone()));
        }
        for s in &self.statics {
            let simple = s.class.rsplit('.').next().unwrap_or(&s.class);
            rows.push((format!("{simple}.{}", s.field), &s.value, s.ty.clone()));
        }
        let fixed: Vec<(String, &str)> = self
            .initial_statics
            .iter()
            .map(|s| {
                let simple = s.class.rsplit('.').next().unwrap_or(&s.class);
                (format!("{simple}.{}", s.field), s.holds.as_str())
            })
            .collect();
        let width = rows
            .iter()
            .map(|r| r.0.len())
            .chain(fixed.iter().map(|r| r.0.len()))
            .max()
            .unwrap_or(0);
        let inputs = rows.len();
        for (i, (name, v, ty)) in rows.into_iter().enumerate() {
            write!(f, "{name:<width$} = ")?;
            self.write_value(f, v, &ty, &mut shown)?;
            if let Some(s) = i
                .checked_sub(inputs - self.statics.len())
                .and_then(|k| self.statics.get(k))
            {
                write!(f, "   (input: {})", s.why)?;
            }
            writeln!(f)?;
        }
        for (name, holds) in fixed {
            writeln!(
                f,
                "{name:<width$} : {holds}   (initial value, not an input)"
            )?;
        }
        for e in &self.environment {
            // `Random.nextInt() at doubleSix pc 4 (#1) returns 5`.
            let callee = e.call.split('(').next().unwrap_or(&e.call);
            let mut parts = callee.rsplit('.');
            let (name, class) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let method = e.method.split('(').next().unwrap_or(&e.method);
            let method = method.rsplit('.').next().unwrap_or(method);
            write!(
                f,
                "{class}.{name}() at {method} pc {} (call #{}) returns ",
                e.pc,
                e.occurrence + 1
            )?;
            if let Some(part) = &e.part {
                write!(f, "{part} = ")?;
            }
            self.write_value(f, &e.value, &e.ty, &mut shown)?;
            if !e.injectable {
                write!(
                    f,
                    "   (not injectable: the replay cannot make the call return it)"
                )?;
            }
            writeln!(f)?;
        }
        for a in &self.assumptions {
            writeln!(f, "assumes: {a}")?;
        }
        Ok(())
    }
}
