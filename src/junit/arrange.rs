//! Arrange: the input state written as Java statements — one variable per
//! object, then the objects' non-default fields and elements, then the
//! static fields the path reads.
//!
//! An object the state makes by a constructor call is written `new
//! Foo(args)` (`construct.rs`), after the objects made otherwise and before
//! the references to it, the replay's order (docs/objects.md). The others
//! are created without running a constructor (the `allocate` helper, with a
//! comment saying so for a program class), exactly as the replay builds
//! them: field by field. `java.lang.Object` is `new Object()`; arrays are `new T[n]`, or
//! `{1, 2, 3}` for primitive elements. JDK values — boxes, `BigInteger`,
//! `BigDecimal`, arrays of values — are written as literals, constructors
//! and initializers, in place where used once (`values.rs`). Because every
//! other object has a variable before any field is set, aliasing and
//! cycles come out as plain assignments between variables (`x.next = x`).
//! A field is assigned
//! directly when the test may name it (`access.rs`), else through
//! `setField`; fields left at their default value (JLS §4.12.5) are not
//! written. A constant variable (a final field with a `ConstantValue`,
//! JLS §4.12.4) holds its constant in the state, as after any constructor,
//! and is written through `setField` with a comment saying why.

use super::java::{self, is_primitive};
use super::method::{Scope, Subject};
use super::values::{self, Plan};
use super::JunitError;
use crate::state::{BuiltBy, InputState, Object, Value};

/// A variable holding an object of the input state.
#[derive(Debug, Clone)]
pub(super) struct Var {
    pub(super) name: String,
    /// Declared with the object's exact class (else `Object` or `Object[]`,
    /// the class not being accessible).
    pub(super) typed: bool,
}

/// The input state as the test's variables, for the call and the
/// assertions.
pub(super) struct Inputs<'s> {
    subject: &'s Subject<'s>,
    /// The receiver's object, if the receiver is one.
    pub(super) receiver: Option<usize>,
    /// Names by role (the receiver's class, the parameter's name), by
    /// object.
    pub(super) hints: Vec<Option<String>>,
    /// The variable of each object; none for a constructor's receiver,
    /// which the call creates, and for the values written in place.
    pub(super) vars: Vec<Option<Var>>,
    /// How the JDK values among the objects are written.
    pub(super) plan: Plan,
    /// The state's objects, for the values written in place.
    pub(super) objects: Vec<Object>,
}

impl Inputs<'_> {
    /// `id` if the state has such an object.
    pub(super) fn check_id(&self, id: usize) -> Result<usize, JunitError> {
        if id < self.vars.len() {
            Ok(id)
        } else {
            Err(self
                .subject
                .inconsistent(format!("reference to object {id}, which the state lacks")))
        }
    }

    /// Whether a reference to object `id` has its class as static type: a
    /// typed variable, or a value written in place.
    pub(super) fn typed(&self, id: usize) -> Result<bool, JunitError> {
        if self.inline(id) {
            return Ok(true);
        }
        Ok(self.var(self.check_id(id)?)?.typed)
    }

    /// Whether object `id` is a value written where it is used.
    pub(super) fn inline(&self, id: usize) -> bool {
        matches!(self.plan.written.get(id), Some(Some(w)) if w.inline)
    }

    /// Whether object `id` has no variable because it is written in place
    /// or held only by a value written by its constructor.
    pub(super) fn in_place(&self, id: usize) -> bool {
        self.inline(id) || self.plan.absorbed.get(id).copied().unwrap_or(false)
    }

    pub(super) fn var(&self, id: usize) -> Result<&Var, JunitError> {
        self.vars.get(id).and_then(Option::as_ref).ok_or_else(|| {
            self.subject
                .inconsistent(format!("object {id} has no variable"))
        })
    }

    /// A value for a slot of type `ty` assigned directly (`reflect`: passed
    /// as an Object to a helper).
    pub(super) fn value_expr(
        &self,
        s: &mut Scope,
        v: &Value,
        ty: &str,
        reflect: bool,
    ) -> Result<String, JunitError> {
        match v {
            Value::Ref { object } if self.inline(*object) => self.in_place_expr(s, *object, false),
            Value::Ref { object } => {
                let v = self.var(self.check_id(*object)?)?;
                if !reflect && !v.typed && ty != "java.lang.Object" {
                    Ok(format!("({}) {}", s.access.type_name(ty), v.name))
                } else {
                    Ok(v.name.clone())
                }
            }
            Value::Null if reflect => Ok("(Object) null".into()),
            // An enum constant, never made: `RoundingMode.CEILING`, or read
            // by reflection when the test cannot name the enum.
            Value::Enum { class, constant } => {
                if s.access.type_accessible(class) {
                    Ok(format!("{}.{constant}", s.access.type_name(class)))
                } else {
                    s.helpers.get_field = true;
                    let read = format!(
                        "getField(null, {}, {})",
                        s.access.class_literal(class),
                        java::string_literal(constant)
                    );
                    // An Object, cast to the slot's type for a direct call.
                    if !reflect && ty != "java.lang.Object" && s.access.type_accessible(ty) {
                        Ok(format!("({}) {read}", s.access.type_name(ty)))
                    } else {
                        Ok(read)
                    }
                }
            }
            // The JVM's one `Class` object of the class: `String.class`.
            Value::Class { name } => Ok(s.access.class_literal(name)),
            Value::Str(text) if s.distinct_strings => {
                Ok(format!("new String({})", java::string_literal(text)))
            }
            Value::Utf16 { utf16 } if s.distinct_strings => {
                Ok(format!("new String({})", java::utf16_literal(utf16)))
            }
            other => Ok(literal(other, ty)),
        }
    }

    /// The expression of value `id` written in place; `nested`: inside an
    /// array initializer, where an array is `{…}` rather than `new T[] {…}`.
    fn in_place_expr(&self, s: &mut Scope, id: usize, nested: bool) -> Result<String, JunitError> {
        let o = self.objects.get(id).ok_or_else(|| {
            self.subject
                .inconsistent(format!("reference to object {id}, which the state lacks"))
        })?;
        if o.collection().is_some() {
            return super::collections::expr(self, s, o);
        }
        match &self.plan.written[id] {
            Some(values::Written {
                expr: Some(expr), ..
            }) => Ok(expr.clone()),
            _ => {
                let elem = o.element_type().unwrap_or("java.lang.Object");
                if let Some(len) = blank_length(o) {
                    return Ok(new_array(&s.access.type_name(elem), len));
                }
                let init = self.initializer(s, o)?;
                Ok(if nested {
                    init
                } else {
                    format!("new {}[] {init}", s.access.type_name(elem))
                })
            }
        }
    }

    /// `{e1, e2}`: the elements of an array whose elements are all values.
    fn initializer(&self, s: &mut Scope, o: &Object) -> Result<String, JunitError> {
        let elem = o.element_type().unwrap_or("java.lang.Object").to_string();
        let mut parts = Vec::new();
        // `{…}` stands for an array only where an array is expected.
        let nested = elem.ends_with("[]");
        for e in o.elements.iter().flatten() {
            parts.push(match e {
                Value::Ref { object } if self.inline(*object) => {
                    self.in_place_expr(s, *object, nested)?
                }
                _ if is_primitive(&elem) => literal(e, &elem),
                _ => self.value_expr(s, e, &elem, false)?,
            });
        }
        Ok(format!("{{{}}}", parts.join(", ")))
    }
}

/// Writes the input state: declarations, contents, static fields.
pub(super) fn arrange<'s>(
    s: &mut Scope,
    subject: &'s Subject<'s>,
    state: &InputState,
) -> Result<Inputs<'s>, JunitError> {
    let mut inputs = Inputs {
        subject,
        receiver: match &state.receiver {
            Some(Value::Ref { object }) => Some(*object),
            _ => None,
        },
        hints: Vec::new(),
        vars: vec![None; state.objects.len()],
        plan: Plan::default(),
        objects: state.objects.clone(),
    };
    inputs.hints = role_hints(&inputs, state)?;
    if subject.ctor {
        check_fresh_receiver(&inputs, state)?;
    }
    let overloaded = subject
        .class
        .methods
        .iter()
        .filter(|m| m.name == subject.method.name && m.desc.params.len() == subject.params.len())
        .count()
        > 1;
    inputs.plan = values::plan(s, state, overloaded);
    // Arrays the constructors make themselves are not written.
    let held = crate::state::held_by_constructions(state);
    if let Some(note) = reflection_note(state) {
        s.line(note);
    }
    for (id, o) in state.objects.iter().enumerate() {
        if (subject.ctor && Some(id) == inputs.receiver)
            || o.mock.is_some()
            || inputs.in_place(id)
            || o.construction().is_some()
            || o.collection().is_some()
            || held[id]
        {
            continue;
        }
        let hint = inputs.hints[id]
            .clone()
            .unwrap_or_else(|| format!("{}{id}", class_hint(o)));
        let var = match inputs.plan.written[id].clone() {
            Some(w) => declare_value(s, &inputs, o, &w, &hint)?,
            None => {
                if let Some(why) = inputs.plan.unmade[id].clone() {
                    return Err(JunitError::Unsupported(why));
                }
                declare(s, o, &hint)
            }
        };
        inputs.vars[id] = Some(var);
    }
    // Mocks after the objects their answers may name.
    for (id, o) in state.objects.iter().enumerate() {
        if let Some(methods) = &o.mock {
            let hint = inputs.hints[id]
                .clone()
                .unwrap_or_else(|| format!("{}{id}", class_hint(o)));
            inputs.vars[id] = Some(super::mock::declare_mock(s, &inputs, o, methods, &hint)?);
        }
    }
    // Collections used more than once, after their elements (labeling
    // numbers an element after its collection).
    for (id, o) in state.objects.iter().enumerate().rev() {
        if o.collection().is_none() || inputs.in_place(id) {
            continue;
        }
        let hint = inputs.hints[id]
            .clone()
            .unwrap_or_else(|| format!("{}{id}", class_hint(o)));
        let name = s.fresh(&hint);
        inputs.vars[id] = Some(super::collections::declare(&inputs, s, o, name)?);
    }
    // Objects made by reflection first, then those made by constructors
    // (which may take them as arguments), then the references to the
    // latter: the harness's order (docs/objects.md).
    for later in [false, true] {
        if later {
            for id in super::construct::order(state) {
                let hint = inputs.hints[id]
                    .clone()
                    .unwrap_or_else(|| format!("{}{id}", class_hint(&state.objects[id])));
                inputs.vars[id] = Some(super::construct::declare(
                    s,
                    &inputs,
                    &state.objects[id],
                    &hint,
                )?);
            }
        }
        for (id, o) in state.objects.iter().enumerate() {
            let Some(v) = inputs.vars[id].clone() else {
                continue;
            };
            if inputs.plan.written[id].is_some() || o.construction().is_some() {
                // Made whole by its declaration.
                continue;
            }
            // Values that name an object made by a constructor wait for it.
            let wait = |v: &Value| matches!(v, Value::Ref { object } if state.objects.get(*object).is_some_and(|o| o.construction().is_some()));
            // A mock of an abstract class ran its constructor: every field is
            // set, defaults too.
            fill(s, &inputs, &v, o, o.mock.is_some(), &|v| wait(v) == later)?;
        }
    }
    set_statics(s, &inputs, state)?;
    Ok(inputs)
}

/// The comment of a test that makes objects of program classes by
/// reflection: `// Made by reflection, not by a constructor (jaut
/// --objects): Coord, Chrono.`
fn reflection_note(state: &InputState) -> Option<String> {
    let mut classes: Vec<&str> = Vec::new();
    for o in &state.objects {
        let simple = java::binary_simple_name(&o.class);
        let simple = simple.rsplit('$').next().unwrap_or(simple);
        if o.built_by == Some(BuiltBy::Reflection) && !classes.contains(&simple) {
            classes.push(simple);
        }
    }
    (!classes.is_empty()).then(|| {
        format!(
            "// Made by reflection, not by a constructor (jaut --objects): {}.",
            classes.join(", ")
        )
    })
}

/// Names by role: the receiver after its class, the arguments after their
/// parameters.
fn role_hints(inputs: &Inputs, state: &InputState) -> Result<Vec<Option<String>>, JunitError> {
    let mut hints: Vec<Option<String>> = vec![None; state.objects.len()];
    if let Some(r) = inputs.receiver {
        let simple = java::binary_simple_name(&state.objects[inputs.check_id(r)?].class);
        hints[r] = Some(java::decapitalize(
            simple.rsplit('$').next().unwrap_or(simple),
        ));
    }
    for a in &state.args {
        if let Value::Ref { object } = a.value {
            let id = inputs.check_id(object)?;
            if hints[id].is_none() && java::is_identifier(&a.name) {
                hints[id] = Some(a.name.clone());
            }
        }
    }
    Ok(hints)
}

/// A constructor's receiver is the object the call creates: the state may
/// neither set its fields nor reference it.
fn check_fresh_receiver(inputs: &Inputs, state: &InputState) -> Result<(), JunitError> {
    let Some(r) = inputs.receiver else {
        return Ok(());
    };
    let o = &state.objects[r];
    let referenced = state.objects.iter().any(|other| {
        other.fields.iter().any(|f| f.value == Value::Ref(r))
            || other.elements.iter().flatten().any(|e| *e == Value::Ref(r))
    }) || state.args.iter().any(|a| a.value == Value::Ref(r));
    if referenced || o.fields.iter().any(|f| !f.value.is_default()) {
        return Err(JunitError::Unsupported(
            "a constructor called on an object that already has state or is referenced from the inputs".into(),
        ));
    }
    Ok(())
}

/// A name from the object's class, for an object with no role: `entry`,
/// `nodeArray` (the caller appends the object's id).
pub(super) fn class_hint(o: &Object) -> String {
    match o.element_type() {
        Some(elem) => java::camel(
            &java::decapitalize(
                java::binary_simple_name(elem.trim_end_matches("[]"))
                    .rsplit('$')
                    .next()
                    .unwrap_or(""),
            ),
            "array",
        ),
        None => {
            let simple = java::binary_simple_name(&o.class);
            java::decapitalize(simple.rsplit('$').next().unwrap_or(simple))
        }
    }
}

/// Declares a variable holding a new object like `o` (contents not yet
/// set, but for arrays of primitives).
fn declare(s: &mut Scope, o: &Object, hint: &str) -> Var {
    let name = s.fresh(hint);
    let typed = s.access.type_accessible(&o.class);
    let vt = s.access.var_type(&o.class);
    match (&o.elements, o.element_type()) {
        (Some(elements), Some(elem)) if is_primitive(elem) => {
            let lits: Vec<String> = elements.iter().map(|e| literal(e, elem)).collect();
            if lits.is_empty() {
                s.line(format!("{vt} {name} = new {elem}[0];"));
            } else {
                s.line(format!("{vt} {name} = {{{}}};", lits.join(", ")));
            }
        }
        (Some(elements), Some(elem)) => {
            if typed {
                let e = s.access.type_name(elem);
                s.line(format!("{vt} {name} = {};", new_array(&e, elements.len())));
            } else {
                let lit = s.access.class_literal(elem);
                s.line(format!(
                    "{vt} {name} = (Object[]) java.lang.reflect.Array.newInstance({lit}, {});",
                    elements.len()
                ));
            }
        }
        _ if o.class == "java.lang.Object" => {
            s.line(format!("Object {name} = new Object();"));
        }
        _ => {
            let lit = s.access.class_literal(&o.class);
            s.helpers.allocate = true;
            s.line(format!("{vt} {name} = allocate({lit});"));
        }
    }
    Var { name, typed }
}

/// Declares a variable holding a JDK value, made whole: `Integer count =
/// 42;`, `String[] names = {null, "ab"};`.
fn declare_value(
    s: &mut Scope,
    inputs: &Inputs,
    o: &Object,
    w: &values::Written,
    hint: &str,
) -> Result<Var, JunitError> {
    let name = s.fresh(hint);
    let vt = s.access.var_type(&o.class);
    if let Some(note) = &w.note {
        s.line(note.clone());
    }
    let rhs = match (&w.expr, o.element_type(), blank_length(o)) {
        (Some(expr), _, _) => expr.clone(),
        (None, Some(elem), Some(len)) => new_array(&s.access.type_name(elem), len),
        (None, _, _) => inputs.initializer(s, o)?,
    };
    s.line(format!("{vt} {name} = {rhs};"));
    Ok(Var { name, typed: true })
}

/// Sets the non-default elements (reference arrays) or fields of `o`, held
/// in `v`.
fn fill(
    s: &mut Scope,
    inputs: &Inputs,
    v: &Var,
    o: &Object,
    all_fields: bool,
    now: &dyn Fn(&Value) -> bool,
) -> Result<(), JunitError> {
    if let (Some(elements), Some(elem)) = (&o.elements, o.element_type()) {
        if is_primitive(elem) {
            return Ok(());
        }
        for (i, e) in elements.iter().enumerate() {
            if *e == Value::Null || !now(e) {
                continue;
            }
            // An Object[] view needs no cast; a typed array takes its element type.
            let rhs = inputs.value_expr(s, e, elem, !v.typed)?;
            s.line(format!("{}[{i}] = {rhs};", v.name));
        }
        return Ok(());
    }
    let mut constants_noted = false;
    for f in &o.fields {
        if (f.value.is_default() && !all_fields) || !now(&f.value) {
            continue;
        }
        if !constants_noted && !all_fields && s.access.constant_field(&f.declared_in, &f.name) {
            s.line(
                "// Constant fields hold what the constructor stores (allocate runs none):"
                    .to_string(),
            );
            constants_noted = true;
        }
        let value_typed = match &f.value {
            Value::Ref { object } => inputs.typed(*object)?,
            _ => true,
        };
        let direct = v.typed
            && s.access
                .field_direct(&f.declared_in, &f.name, &o.class, true)
            && (value_typed || s.access.type_accessible(&f.ty));
        if direct {
            let rhs = inputs.value_expr(s, &f.value, &f.ty, false)?;
            s.line(format!("{}.{} = {rhs};", v.name, f.name));
        } else {
            let rhs = inputs.value_expr(s, &f.value, &f.ty, true)?;
            let lit = s.access.class_literal(&f.declared_in);
            s.helpers.set_field = true;
            s.line(format!(
                "setField({}, {lit}, {}, {rhs});",
                v.name,
                java::string_literal(&f.name)
            ));
        }
    }
    Ok(())
}

/// Sets the static fields the path reads.
fn set_statics(s: &mut Scope, inputs: &Inputs, state: &InputState) -> Result<(), JunitError> {
    for st in &state.statics {
        let direct = s.access.static_field_direct(&st.class, &st.field)
            && match &st.value {
                Value::Ref { object } => inputs.typed(*object)? || s.access.type_accessible(&st.ty),
                _ => true,
            };
        if direct {
            let rhs = inputs.value_expr(s, &st.value, &st.ty, false)?;
            let owner = s.access.type_name(&st.class);
            s.line(format!("{owner}.{} = {rhs};", st.field));
        } else {
            let rhs = inputs.value_expr(s, &st.value, &st.ty, true)?;
            let lit = s.access.class_literal(&st.class);
            s.helpers.set_field = true;
            s.line(format!(
                "setField(null, {lit}, {}, {rhs});",
                java::string_literal(&st.field)
            ));
        }
    }
    Ok(())
}

/// A literal of a primitive or string value for a slot of type `ty`.
pub(super) fn literal(v: &Value, ty: &str) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => java::primitive_literal(ty, None, None, Some(*b)),
        Value::Int(i) => java::primitive_literal(ty, Some(*i), None, None),
        Value::Float(f) => java::primitive_literal(ty, None, Some(*f), None),
        Value::Str(s) => java::string_literal(s),
        Value::Utf16 { utf16 } => java::utf16_literal(utf16),
        Value::Ref { object } => format!("/* object {object} */ null"),
        Value::Enum { class, constant } => format!("{}.{constant}", class.replace('$', ".")),
        Value::Class { name } => format!("{}.class", name.replace('$', ".")),
    }
}

/// The length of an array a person writes `new T[n]`: an empty one, or
/// one of references, all null (`new String[2]` rather than `{null,
/// null}`).
fn blank_length(o: &Object) -> Option<usize> {
    let (elements, elem) = (o.elements.as_ref()?, o.element_type()?);
    let blank =
        elements.is_empty() || (!is_primitive(elem) && elements.iter().all(|e| *e == Value::Null));
    blank.then_some(elements.len())
}

/// `new int[3]`, `new int[3][]` for an element type `int[]`.
fn new_array(elem_source: &str, len: usize) -> String {
    match elem_source.find('[') {
        Some(i) => format!("new {}[{len}]{}", &elem_source[..i], &elem_source[i..]),
        None => format!("new {elem_source}[{len}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays() {
        assert_eq!(new_array("int[]", 3), "new int[3][]");
        assert_eq!(new_array("Node", 2), "new Node[2]");
    }
}
