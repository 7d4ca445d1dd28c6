//! A mock of the input state (issue 17, src/classpath/mock.rs) written as
//! a person would: an anonymous class implementing the interface, each
//! method answering from a list of the values the search chose, in call
//! order, and the type's default value past them.
//!
//! ```java
//! java.util.Iterator<Object> compareAnswers = java.util.Arrays.<Object>asList(1, 1).iterator();
//! Comparator c = new Comparator() {
//!     @Override
//!     public int compare(Object a0, Object a1) {
//!         return compareAnswers.hasNext() ? (Integer) compareAnswers.next() : 0;
//!     }
//! };
//! ```
//!
//! For an abstract class, the anonymous subclass runs the class's
//! constructor without parameters (none: the test is not written), and
//! every field of the state is then set, defaults included.
//!
//! An anonymous class rather than Mockito keeps the tests free of a
//! dependency the project's own JUnit setup lacks (docs/junit.md), and
//! works for every interface, functional or not.

use super::arrange::{literal, Inputs, Var};
use super::method::Scope;
use super::JunitError;
use crate::classfile::descriptor::MethodDescriptor;
use crate::classfile::JType;
use crate::labeling::Object;
use crate::state::MockMethod;

/// Declares the variable of mock `o`: its answer lists, then the
/// anonymous class.
pub(super) fn declare_mock(
    s: &mut Scope,
    inputs: &Inputs,
    o: &Object,
    methods: &[MockMethod],
    hint: &str,
) -> Result<Var, JunitError> {
    if !s.access.type_accessible(&o.class) {
        return Err(JunitError::Unsupported(format!(
            "a mock of {}, which the test cannot name",
            o.class
        )));
    }
    let iface = s.access.type_name(&o.class);
    if !s.access.mock_constructible(&o.class) {
        return Err(JunitError::Unsupported(format!(
            "a mock of {}, which has no constructor without parameters the test may call",
            o.class
        )));
    }
    let name = s.fresh(hint);
    let mut bodies = Vec::new();
    for m in methods {
        let (method_name, descriptor) = m
            .method
            .split_at(m.method.find('(').unwrap_or(m.method.len()));
        let desc = MethodDescriptor::parse(descriptor).ok_or_else(|| {
            JunitError::Unsupported(format!("a mock method with descriptor {descriptor}"))
        })?;
        let mut params = Vec::new();
        for (k, p) in desc.params.iter().enumerate() {
            let ty = p.to_string();
            if !s.access.type_accessible(&ty) {
                return Err(JunitError::Unsupported(format!(
                    "a mock method taking a {ty}, which the test cannot name"
                )));
            }
            params.push(format!("{} a{k}", s.access.type_name(&ty)));
        }
        let ret = desc.ret.to_string();
        let ret_source = if desc.ret == JType::Void {
            "void".to_string()
        } else if s.access.type_accessible(&ret) {
            s.access.type_name(&ret)
        } else {
            return Err(JunitError::Unsupported(format!(
                "a mock method returning a {ret}, which the test cannot name"
            )));
        };
        let body = if desc.ret == JType::Void {
            String::new()
        } else if m.returns.is_empty() {
            format!("return {};", default_literal(&desc.ret))
        } else {
            let list = s.fresh(&format!("{hint}{}", capitalized(method_name)));
            let values = m
                .returns
                .iter()
                .enumerate()
                .map(|(k, v)| {
                    if m.throws.contains(&k) {
                        Ok("new RuntimeException(\"thrown by a mock\")".to_string())
                    } else {
                        answer_expr(s, inputs, v, &desc.ret, &ret)
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            s.line(format!(
                "java.util.Iterator<Object> {list} = java.util.Arrays.<Object>asList({}).iterator();",
                values.join(", ")
            ));
            // No cast to Object (javac's lint calls it redundant).
            let cast = match box_of(&desc.ret) {
                Some(b) => format!("({b}) "),
                None if ret == "java.lang.Object" => String::new(),
                None => format!("({ret_source}) "),
            };
            if m.throws.is_empty() {
                format!(
                    "return {list}.hasNext() ? {cast}{list}.next() : {};",
                    default_literal(&desc.ret)
                )
            } else {
                // Some calls throw (--mock-throws): their answer is the
                // exception.
                [
                    format!("if (!{list}.hasNext()) {{"),
                    format!("    return {};", default_literal(&desc.ret)),
                    "}".to_string(),
                    format!("Object answer = {list}.next();"),
                    "if (answer instanceof RuntimeException) {".to_string(),
                    "    throw (RuntimeException) answer;".to_string(),
                    "}".to_string(),
                    format!("return {cast}answer;"),
                ]
                .join("\n")
            }
        };
        bodies.push((method_name.to_string(), ret_source, params, body));
    }
    s.line(format!("{iface} {name} = new {iface}() {{"));
    for (method_name, ret, params, body) in bodies {
        s.line("    @Override".to_string());
        s.line(format!(
            "    public {ret} {method_name}({}) {{",
            params.join(", ")
        ));
        for line in body.lines() {
            s.line(format!("        {line}"));
        }
        s.line("    }".to_string());
    }
    s.line("};".to_string());
    Ok(Var { name, typed: true })
}

/// One answer as a Java expression boxed into the answers' list.
fn answer_expr(
    s: &mut Scope,
    inputs: &Inputs,
    v: &crate::labeling::Value,
    ty: &JType,
    ty_name: &str,
) -> Result<String, JunitError> {
    if ty.is_reference() {
        return inputs.value_expr(s, v, ty_name, true);
    }
    Ok(literal(v, ty_name))
}

/// The box class a primitive answer is cast to.
fn box_of(ty: &JType) -> Option<&'static str> {
    Some(match ty {
        JType::Boolean => "Boolean",
        JType::Byte => "Byte",
        JType::Char => "Character",
        JType::Short => "Short",
        JType::Int => "Integer",
        JType::Long => "Long",
        JType::Float => "Float",
        JType::Double => "Double",
        _ => return None,
    })
}

/// The default value of a type, as Java source (JLS §4.12.5).
fn default_literal(ty: &JType) -> &'static str {
    match ty {
        JType::Boolean => "false",
        JType::Byte => "(byte) 0",
        JType::Char => "(char) 0",
        JType::Short => "(short) 0",
        JType::Int => "0",
        JType::Long => "0L",
        JType::Float => "0f",
        JType::Double => "0d",
        _ => "null",
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
