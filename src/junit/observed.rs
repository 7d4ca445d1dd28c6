//! Assertions that an expression holds an observed value, deeply: the
//! [`Asserter`] walks the value the replay saw and writes the assertions
//! for what it meets.
//!
//! Primitives and strings use `assertEquals` (`assertTrue`/`assertFalse`
//! for booleans); floating point has no tolerance — JUnit 5's
//! `assertEquals(double, double)` compares like `Double.equals`, JUnit 4
//! requires a delta, given as 0 — and NaN and the infinities are spelled
//! `Double.NaN`... Boxes compare by `valueOf`. An object is held in a local
//! and its fields asserted in turn; an object met again is
//! `assertSame(<first expression>, ...)`, so aliasing and cycles are
//! checked; its exact class is asserted where it differs from the declared
//! type. Primitive arrays use `assertArrayEquals`, others their length and
//! elements. JDK objects the replay leaves opaque are asserted non-null and
//! by class only. A constant variable (a final field with a
//! `ConstantValue`, JLS §4.12.4) is never asserted: javac inlines its read
//! in the test (JLS §13.1), so the assertion would compare the constant
//! with itself, or fail against an object no constructor made. Depth ([`MAX_DEPTH`]) and count ([`MAX_ASSERTIONS`]) are
//! bounded; the caller adds a comment when a bound cut the assertions.

use std::collections::HashMap;

use super::arrange::Var;
use super::java::{self, is_primitive};
use super::method::Scope;
use super::values::box_of;
use super::{Flavor, JunitError};
use crate::labeling::{InputState, Value};
use crate::replay::observation::{Observation, Observed, ObservedObject};

/// Levels of objects below a root that assertions descend into.
pub(super) const MAX_DEPTH: usize = 4;
/// Assertions of one test, at most: the returned value's (or the
/// exception's) first, then what the call changed in its inputs. A person
/// keeps a test that checks about ten things; past that, an assertion
/// rarely tells a regression the first ones miss, and the test no longer
/// reads as one behaviour.
pub(super) const MAX_ASSERTIONS: usize = 10;

/// Assertions on observed values.
pub(super) struct Asserter<'o> {
    pub(super) obs: &'o Observation,
    state: &'o InputState,
    /// Observed objects already named: by a variable of the input state or
    /// by the expression that first reached them.
    pub(super) seen: HashMap<usize, String>,
    /// Observed object → input object, where the identity is known.
    pub(super) identity: HashMap<usize, usize>,
    /// Assertions left before [`MAX_ASSERTIONS`] is reached.
    budget: usize,
    /// Set when a bound cut the assertions.
    pub(super) truncated: bool,
}

impl<'o> Asserter<'o> {
    pub(super) fn new(obs: &'o Observation, state: &'o InputState) -> Asserter<'o> {
        Asserter {
            obs,
            state,
            seen: HashMap::new(),
            identity: HashMap::new(),
            budget: MAX_ASSERTIONS,
            truncated: false,
        }
    }

    fn emit(&mut self, s: &mut Scope, line: String) {
        self.budget = self.budget.saturating_sub(1);
        s.line(line);
    }

    fn object(&self, k: usize) -> Result<&ObservedObject, JunitError> {
        self.obs
            .objects
            .get(k)
            .ok_or_else(|| JunitError::Inconsistent {
                target: "replay".into(),
                message: format!("reference to observed object {k}, which the observation lacks"),
            })
    }

    /// Asserts that `expr` (of declared type `ty`, and of static type
    /// `static_type` in the test's source) holds `v`.
    pub(super) fn value(
        &mut self,
        s: &mut Scope,
        expr: &str,
        static_type: &str,
        ty: &str,
        v: &Observed,
        depth: usize,
    ) -> Result<(), JunitError> {
        // JSON has no NaN or infinities: the replay writes them as strings.
        let parsed;
        let v = match (v, ty) {
            (Observed::Str(text), "float" | "double") => {
                parsed = Observed::Float(float_text(text));
                &parsed
            }
            _ => v,
        };
        let line = match v {
            Observed::Null => format!("assertNull({expr});"),
            Observed::Bool(true) => format!("assertTrue({expr});"),
            Observed::Bool(false) => format!("assertFalse({expr});"),
            Observed::Int(_) | Observed::Float(_) => {
                let lit = literal(v, ty);
                match (s.flavor, ty) {
                    (Flavor::Junit4, "float") => format!("assertEquals({lit}, {expr}, 0.0f);"),
                    (Flavor::Junit4, "double") => format!("assertEquals({lit}, {expr}, 0.0);"),
                    _ => format!("assertEquals({lit}, {expr});"),
                }
            }
            Observed::Str(text) if super::assert::has_identity_hash(text) => {
                // `Object.toString()` of some object: changes from run to run.
                s.line("// (the text names an identity hash code; not asserted)".to_string());
                format!("assertNotNull({expr});")
            }
            Observed::Str(text) => format!("assertEquals({}, {expr});", java::string_literal(text)),
            Observed::Utf16 { utf16 } => {
                format!("assertEquals({}, {expr});", java::utf16_literal(utf16))
            }
            Observed::Ref { object } => {
                return self.reference(s, expr, static_type, ty, *object, depth)
            }
        };
        self.emit(s, line);
        Ok(())
    }

    fn reference(
        &mut self,
        s: &mut Scope,
        expr: &str,
        static_type: &str,
        ty: &str,
        k: usize,
        depth: usize,
    ) -> Result<(), JunitError> {
        if let Some(first) = self.seen.get(&k).cloned() {
            self.emit(s, format!("assertSame({first}, {expr});"));
            return Ok(());
        }
        let o = self.object(k)?.clone();
        // A box (`Integer`, ...): compared by value; its field is internal to the JDK.
        if let (Some(boxed), [f]) = (box_of(&o.class), o.fields.as_slice()) {
            let lit = literal(&f.value, boxed);
            let owner = s.access.type_name(&o.class);
            self.emit(s, format!("assertEquals({owner}.valueOf({lit}), {expr});"));
            self.seen.insert(k, expr.to_string());
            return Ok(());
        }
        if depth > MAX_DEPTH || self.budget == 0 {
            self.truncated = true;
            self.emit(s, format!("assertNotNull({expr});"));
            return Ok(());
        }
        if o.class != ty {
            let line = if s.access.type_accessible(&o.class) {
                format!(
                    "assertEquals({}.class, {expr}.getClass());",
                    s.access.type_name(&o.class)
                )
            } else {
                format!(
                    "assertEquals({}, {expr}.getClass().getName());",
                    java::string_literal(&o.class)
                )
            };
            self.emit(s, line);
        }
        if o.opaque.is_some() {
            if o.class == ty {
                self.emit(s, format!("assertNotNull({expr});"));
            }
            self.seen.insert(k, expr.to_string());
            return Ok(());
        }
        let typed = s.access.type_accessible(&o.class);
        let vt = s.access.var_type(&o.class);
        let name = if java::is_identifier(expr) && static_type == vt {
            expr.to_string()
        } else {
            let hint = local_hint(expr, &o.class);
            let name = s.fresh(&hint);
            let cast = if static_type == vt {
                String::new()
            } else {
                format!("({vt}) ")
            };
            s.line(format!("{vt} {name} = {cast}{expr};"));
            name
        };
        self.seen.insert(k, name.clone());
        self.fields(s, &name, typed, k, depth + 1)
    }

    /// Asserts every field (or element) of observed object `k`, held in
    /// variable `name`.
    pub(super) fn fields(
        &mut self,
        s: &mut Scope,
        name: &str,
        typed: bool,
        k: usize,
        depth: usize,
    ) -> Result<(), JunitError> {
        let o = self.object(k)?.clone();
        if o.opaque.is_some() {
            return Ok(());
        }
        if let Some(elements) = &o.elements {
            let elem = o
                .class
                .strip_suffix("[]")
                .unwrap_or("java.lang.Object")
                .to_string();
            if is_primitive(&elem) {
                let lits: Vec<String> = elements.iter().map(|e| literal(e, &elem)).collect();
                let delta = match (s.flavor, elem.as_str()) {
                    (Flavor::Junit4, "float") => ", 0.0f",
                    (Flavor::Junit4, "double") => ", 0.0",
                    _ => "",
                };
                self.emit(
                    s,
                    format!(
                        "assertArrayEquals(new {elem}[] {{{}}}, {name}{delta});",
                        lits.join(", ")
                    ),
                );
            } else {
                self.emit(
                    s,
                    format!("assertEquals({}, {name}.length);", elements.len()),
                );
                for (i, e) in elements.iter().enumerate() {
                    if self.budget == 0 {
                        self.truncated = true;
                        break;
                    }
                    let st = if typed {
                        s.access.var_type(&elem)
                    } else {
                        "Object".into()
                    };
                    self.value(s, &format!("{name}[{i}]"), &st, &elem, e, depth)?;
                }
            }
            return Ok(());
        }
        for f in &o.fields {
            if s.access.constant_field(&f.declared_in, &f.name) {
                continue;
            }
            if self.budget == 0 {
                self.truncated = true;
                break;
            }
            let (expr, st) = read_field(s, name, typed, &o.class, &f.declared_in, &f.name, &f.ty);
            self.value(s, &expr, &st, &f.ty, &f.value, depth)?;
        }
        Ok(())
    }

    /// Asserts the fields (elements) of input object `i`, observed as `k`
    /// after the call, that differ from the input state.
    pub(super) fn changes(
        &mut self,
        s: &mut Scope,
        v: &Var,
        i: usize,
        k: usize,
    ) -> Result<(), JunitError> {
        let before = &self.state.objects[i];
        let after = self.object(k)?.clone();
        if after.opaque.is_some() {
            return Ok(());
        }
        if let (Some(old), Some(new)) = (&before.elements, &after.elements) {
            let elem = after
                .class
                .strip_suffix("[]")
                .unwrap_or("java.lang.Object")
                .to_string();
            let differs: Vec<usize> = (0..new.len())
                .filter(|&j| old.get(j).is_none_or(|o| self.changed(o, &new[j])))
                .collect();
            if differs.is_empty() {
                return Ok(());
            }
            if is_primitive(&elem) {
                return self.fields(s, &v.name, v.typed, k, 1);
            }
            for j in differs {
                let st = if v.typed {
                    s.access.var_type(&elem)
                } else {
                    "Object".into()
                };
                self.value(s, &format!("{}[{j}]", v.name), &st, &elem, &new[j], 1)?;
            }
            return Ok(());
        }
        for f in &after.fields {
            let listed = before
                .fields
                .iter()
                .find(|b| b.name == f.name && b.declared_in == f.declared_in);
            // An object a constructor made lists the fields the path reads
            // or writes; the constructor decided the others, which the
            // path did not touch.
            if listed.is_none() && before.construction().is_some() {
                continue;
            }
            let old = listed
                .map(|b| b.value.clone())
                .unwrap_or_else(|| default_for(&f.ty));
            if !self.changed(&old, &f.value) || s.access.constant_field(&f.declared_in, &f.name) {
                continue;
            }
            if self.budget == 0 {
                self.truncated = true;
                break;
            }
            let (expr, st) = read_field(
                s,
                &v.name,
                v.typed,
                &after.class,
                &f.declared_in,
                &f.name,
                &f.ty,
            );
            self.value(s, &expr, &st, &f.ty, &f.value, 1)?;
        }
        Ok(())
    }

    fn changed(&self, before: &Value, after: &Observed) -> bool {
        match (before, after) {
            (Value::Ref { object: i }, Observed::Ref { object: k }) => {
                self.identity.get(k) != Some(i)
            }
            _ => differs(before, after),
        }
    }
}

/// Whether a value of the state and one the JVM observed differ (a
/// reference always does: identity is the asserter's to judge).
pub(super) fn differs(before: &Value, after: &Observed) -> bool {
    match (before, after) {
        (Value::Null, Observed::Null) => false,
        (Value::Bool(a), Observed::Bool(b)) => a != b,
        (Value::Bool(a), Observed::Int(b)) => i64::from(*a) != *b,
        (Value::Int(a), Observed::Int(b)) => a != b,
        (Value::Int(a), Observed::Bool(b)) => *a != i64::from(*b),
        (Value::Float(a), Observed::Float(b)) => a.to_bits() != b.to_bits(),
        // NaN and the infinities, which JSON writes as strings.
        (Value::Float(a), Observed::Str(b)) => {
            let b = float_text(b);
            !(a.is_nan() && b.is_nan()) && a.to_bits() != b.to_bits()
        }
        (Value::Str(a), Observed::Str(b)) => a != b,
        (Value::Utf16 { utf16: a }, Observed::Utf16 { utf16: b }) => a != b,
        _ => true,
    }
}

fn default_for(ty: &str) -> Value {
    match ty {
        "boolean" => Value::Bool(false),
        "float" | "double" => Value::Float(0.0),
        t if is_primitive(t) => Value::Int(0),
        _ => Value::Null,
    }
}

/// `result.getNext()` when the class has a plain public getter of the
/// field ([`super::access::Access::getter`]), else `result.next`, or
/// `getField(result, Node.class, "next")` when the test may not read the
/// field directly (cast back to the field's type when it is primitive),
/// with the expression's static type.
fn read_field(
    s: &mut Scope,
    obj: &str,
    typed: bool,
    class: &str,
    declaring: &str,
    name: &str,
    ty: &str,
) -> (String, String) {
    // As a person reads it: through the class's own getter first.
    if typed && s.access.type_accessible(ty) {
        if let Some(getter) = s.access.getter(class, declaring, name) {
            return (format!("{obj}.{getter}()"), s.access.var_type(ty));
        }
    }
    if typed && s.access.type_accessible(ty) && s.access.field_direct(declaring, name, class, false)
    {
        return (format!("{obj}.{name}"), s.access.var_type(ty));
    }
    s.helpers.get_field = true;
    let lit = s.access.class_literal(declaring);
    let get = format!("getField({obj}, {lit}, {})", java::string_literal(name));
    if is_primitive(ty) {
        (format!("({ty}) {get}"), ty.to_string())
    } else {
        // Compared as an Object; a local takes the cast if the object's
        // fields are read.
        (get, "Object".into())
    }
}

/// A local's name for the object `expr` refers to: `resultNode` for
/// `result`, `resultNext` for `result.next` or `getField(result, …, "next")`,
/// `items2` for `items[2]`. The objects read are always held in locals, so
/// `expr` is one of these forms.
fn local_hint(expr: &str, class: &str) -> String {
    let simple = java::binary_simple_name(class.trim_end_matches("[]"));
    let simple = simple.rsplit('$').next().unwrap_or(simple);
    if java::is_identifier(expr) {
        return java::camel(expr, simple);
    }
    if let Some((_, args)) = expr.split_once("getField(") {
        let obj = args.split(',').next().unwrap_or("value").trim();
        let field = expr.rsplit('"').nth(1).unwrap_or("");
        return java::camel(obj, field);
    }
    if let Some((array, index)) = expr.strip_suffix(']').and_then(|e| e.rsplit_once('[')) {
        return format!("{array}{index}");
    }
    // A getter: `result.getNext()` → `resultNext`.
    if let Some((obj, getter)) = expr.strip_suffix("()").and_then(|e| e.rsplit_once('.')) {
        let property = getter
            .strip_prefix("get")
            .or_else(|| getter.strip_prefix("is"))
            .filter(|p| p.starts_with(|c: char| c.is_ascii_uppercase()))
            .unwrap_or(getter);
        return java::camel(obj, property);
    }
    match expr.rsplit_once('.') {
        Some((obj, field)) => java::camel(obj.trim_start_matches('('), field),
        None => "value".into(),
    }
}

/// A literal of an observed primitive or string for a slot of type `ty`.
fn literal(v: &Observed, ty: &str) -> String {
    match v {
        Observed::Null => "null".into(),
        Observed::Bool(b) => java::primitive_literal(ty, None, None, Some(*b)),
        Observed::Int(i) => java::primitive_literal(ty, Some(*i), None, None),
        Observed::Float(f) => java::primitive_literal(ty, None, Some(*f), None),
        Observed::Str(s) if matches!(ty, "float" | "double") => {
            java::primitive_literal(ty, None, Some(float_text(s)), None)
        }
        Observed::Str(s) => java::string_literal(s),
        Observed::Utf16 { utf16 } => java::utf16_literal(utf16),
        Observed::Ref { object } => format!("/* object {object} */ null"),
    }
}

/// A float the replay wrote as a string (JSON has no NaN or infinities):
/// `"NaN"`, `"Infinity"`, `"-Infinity"`.
fn float_text(text: &str) -> f64 {
    match text {
        "NaN" => f64::NAN,
        "Infinity" => f64::INFINITY,
        "-Infinity" => f64::NEG_INFINITY,
        other => other.parse().unwrap_or(f64::NAN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints() {
        assert_eq!(local_hint("result", "lists.Node"), "resultNode");
        assert_eq!(local_hint("result.next", "lists.Node"), "resultNext");
        assert_eq!(
            local_hint(
                "getField(tree, PrivateRedBlackTree.class, \"root\")",
                "rbtree.PrivateRedBlackTree$Entry"
            ),
            "treeRoot"
        );
    }
}
