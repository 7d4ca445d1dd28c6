//! Rendering one test method (the input state, the call, the assertions)
//! and a whole test class around the methods of one class under test.
//!
//! Which members the test names directly follows Java's access rules as
//! seen from a class in the package of the class under test: public or
//! package members of accessible classes, no private ones, nested classes
//! only when public (a private nested class is package-private in its class
//! file, so its flags cannot tell), anonymous and local classes never;
//! fields also not when final (for writing) or hidden by a subclass. All
//! else goes through the generated reflection helpers, so the choice only
//! affects readability, never what the test does.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::java::{self, is_primitive};
use super::{Flavor, JunitError, Target, TestMethod};
use crate::classfile::{access, descriptor::internal_name, Class, JType};
use crate::classpath::ClassPath;
use crate::labeling::{InputState, Value};
use crate::replay::observation::{Ended, Observation, Observed, ObservedObject};

/// Levels of objects below a root that assertions descend into.
const MAX_DEPTH: usize = 4;
/// Assertions on one returned or changed value tree, at most.
const MAX_ASSERTIONS: usize = 60;

/// The helper methods a test class needs (only those its tests call are
/// generated, so a test that needs none stays free of reflection).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Helpers {
    allocate: bool,
    set_field: bool,
    get_field: bool,
    invoke: bool,
    construct: bool,
    /// A class that may be generic is written without type arguments
    /// (states carry none): the class suppresses `rawtypes`/`unchecked`.
    raw_types: bool,
}

impl Helpers {
    fn union(self, o: Helpers) -> Helpers {
        Helpers {
            allocate: self.allocate || o.allocate,
            set_field: self.set_field || o.set_field,
            get_field: self.get_field || o.get_field,
            invoke: self.invoke || o.invoke,
            construct: self.construct || o.construct,
            raw_types: self.raw_types || o.raw_types,
        }
    }
}

/// A variable holding an object of the input state.
#[derive(Debug, Clone)]
struct Var {
    name: String,
    /// Declared with the object's exact class (else `Object` or `Object[]`,
    /// the class not being accessible).
    typed: bool,
}

struct Scope<'a> {
    cp: &'a ClassPath,
    flavor: Flavor,
    /// The test's package: the package of the class under test.
    package: String,
    helpers: Helpers,
    names: BTreeSet<String>,
    body: Vec<String>,
    classes: HashMap<String, Option<Arc<Class>>>,
    /// Whether each class loaded declares type parameters.
    generic: HashMap<String, bool>,
    /// Set when a generic class (or one not found) was written (see
    /// `Helpers::raw_types`).
    raw: std::cell::Cell<bool>,
}

impl<'a> Scope<'a> {
    fn load(&mut self, java_name: &str) -> Option<Arc<Class>> {
        let cp = self.cp;
        if !self.generic.contains_key(java_name) {
            // A class file's Signature attribute starts with `<` exactly
            // when the class declares type parameters (JVMS §4.7.9.1).
            let generic = match cp.find_bytes(&internal_name(java_name)) {
                Some(Ok((bytes, _))) => cafebabe::parse_class(&bytes).map_or(true, |c| {
                    c.attributes.iter().any(|a| {
                        matches!(&a.data, cafebabe::attributes::AttributeData::Signature(sig) if sig.starts_with('<'))
                    })
                }),
                _ => true,
            };
            self.generic.insert(java_name.to_string(), generic);
        }
        self.classes
            .entry(java_name.to_string())
            .or_insert_with(|| cp.load(&internal_name(java_name)).ok())
            .clone()
    }

    /// A fresh local name from `hint`.
    fn fresh(&mut self, hint: &str) -> String {
        let base = if java::is_identifier(hint) {
            hint.to_string()
        } else {
            java::decapitalize(hint)
        };
        let mut name = base.clone();
        let mut n = 2;
        while self.names.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.names.insert(name.clone());
        name
    }

    fn line(&mut self, s: impl Into<String>) {
        self.body.push(s.into());
    }

    /// Whether the test may write type `ty` (Java form) in its source.
    fn type_accessible(&mut self, ty: &str) -> bool {
        if let Some(elem) = ty.strip_suffix("[]") {
            return self.type_accessible(elem);
        }
        if is_primitive(ty) {
            return true;
        }
        // Class files allow names Java source cannot spell.
        if !ty.split(['.', '$']).all(java::is_identifier) {
            return false;
        }
        let Some(class) = self.load(ty) else {
            return false;
        };
        let public = class.access & access::PUBLIC != 0;
        let simple = java::binary_simple_name(ty);
        if let Some((outer, inner)) = simple.rsplit_once('$') {
            if inner.is_empty() || inner.starts_with(|c: char| c.is_ascii_digit()) {
                return false;
            }
            let pkg = java::package_of(ty);
            let outer = if pkg.is_empty() {
                outer.to_string()
            } else {
                format!("{pkg}.{outer}")
            };
            return public && self.type_accessible(&outer);
        }
        public || java::package_of(ty) == self.package
    }

    /// How the test writes accessible type `ty`: `int`, `Coord`,
    /// `PrivateRedBlackTree.Entry`, `String`, `java.util.List`.
    fn type_name(&self, ty: &str) -> String {
        if let Some(elem) = ty.strip_suffix("[]") {
            return format!("{}[]", self.type_name(elem));
        }
        // A generic class is written raw: the state has no type arguments.
        if !is_primitive(ty) && self.generic.get(ty).copied().unwrap_or(true) {
            self.raw.set(true);
        }
        let pkg = java::package_of(ty);
        if is_primitive(ty) || pkg == self.package || (pkg == "java.lang" && !ty.contains('$')) {
            java::source_simple_name(ty)
        } else {
            ty.replace('$', ".")
        }
    }

    /// The declared type of a variable holding a `ty`.
    fn var_type(&mut self, ty: &str) -> String {
        if self.type_accessible(ty) {
            self.type_name(ty)
        } else if ty.ends_with("[]") && !is_primitive(ty.trim_end_matches("[]")) {
            "Object[]".into()
        } else {
            "Object".into()
        }
    }

    /// `Coord.class`, `int[].class`, or `Class.forName("pkg.Outer$Hidden")`.
    fn class_literal(&mut self, ty: &str) -> String {
        if self.type_accessible(ty) {
            return format!("{}.class", self.type_name(ty));
        }
        let dims = ty.matches("[]").count();
        let base = ty.trim_end_matches("[]");
        let binary = if dims == 0 {
            base.to_string()
        } else {
            format!("{}L{base};", "[".repeat(dims))
        };
        format!("Class.forName({})", java::string_literal(&binary))
    }

    /// Whether the test may read (or, with `write`, assign) field `name` of
    /// `declaring` as `expr.name` where `expr` has static type `class`.
    fn field_direct(&mut self, declaring: &str, name: &str, class: &str, write: bool) -> bool {
        let Some(decl) = self.load(declaring) else {
            return false;
        };
        let Some(field) = decl.field(name) else {
            return false;
        };
        let flags = field.access;
        if !java::is_identifier(name)
            || flags & access::PRIVATE != 0
            || (write && flags & access::FINAL != 0)
            || (flags & access::PUBLIC == 0 && java::package_of(declaring) != self.package)
            || !self.type_accessible(declaring)
            || !self.type_accessible(class)
        {
            return false;
        }
        // `expr.name` must resolve to this field: no class between the
        // object's and the declaring one may hide it.
        let mut at = class.to_string();
        while at != declaring {
            let Some(c) = self.load(&at) else {
                return false;
            };
            if c.field(name).is_some() {
                return false;
            }
            match &c.super_class {
                Some(s) => at = s.replace('/', "."),
                None => return false,
            }
        }
        true
    }

    /// A literal of a primitive or string value for a slot of type `ty`.
    fn literal(&self, v: &Value, ty: &str) -> String {
        match v {
            Value::Null => "null".into(),
            Value::Bool(b) => java::primitive_literal(ty, None, None, Some(*b)),
            Value::Int(i) => java::primitive_literal(ty, Some(*i), None, None),
            Value::Float(f) => java::primitive_literal(ty, None, Some(*f), None),
            Value::Str(s) => java::string_literal(s),
            Value::Ref { object } => format!("/* object {object} */ null"),
        }
    }

    fn observed_literal(&self, v: &Observed, ty: &str) -> String {
        match v {
            Observed::Null => "null".into(),
            Observed::Bool(b) => java::primitive_literal(ty, None, None, Some(*b)),
            Observed::Int(i) => java::primitive_literal(ty, Some(*i), None, None),
            Observed::Float(f) => java::primitive_literal(ty, None, Some(*f), None),
            Observed::Str(s) => java::string_literal(s),
            Observed::Ref { object } => format!("/* object {object} */ null"),
        }
    }
}

fn is_default(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) | Value::Int(0) => true,
        Value::Float(f) => f.to_bits() == 0,
        _ => false,
    }
}

/// `new int[3]`, `new int[3][]` for an element type `int[]`.
fn new_array(elem_source: &str, len: usize) -> String {
    match elem_source.find('[') {
        Some(i) => format!("new {}[{len}]{}", &elem_source[..i], &elem_source[i..]),
        None => format!("new {elem_source}[{len}]"),
    }
}

/// Renders the test of one target.
pub(super) fn render(
    cp: &ClassPath,
    flavor: Flavor,
    target: &Target,
    state: &InputState,
    obs: &Observation,
) -> Result<TestMethod, JunitError> {
    let inconsistent = |message: String| JunitError::Inconsistent {
        target: format!(
            "{}.{}{} pc {}",
            target.class, target.method, target.descriptor, target.pc
        ),
        message,
    };
    let class = cp
        .load(&internal_name(&target.class))
        .map_err(|_| JunitError::UnknownClass {
            class: target.class.clone(),
        })?;
    let method = class
        .method(&target.method, &target.descriptor)
        .ok_or_else(|| JunitError::UnknownMethod {
            class: target.class.clone(),
            method: target.method.clone(),
            descriptor: target.descriptor.clone(),
        })?
        .clone();
    if method.name == "<clinit>" {
        return Err(JunitError::Unsupported(format!(
            "{}: a static initializer cannot be called from a test",
            target.class
        )));
    }
    let ctor = method.name == "<init>";
    let params: Vec<String> = method.desc.params.iter().map(JType::to_string).collect();
    if state.args.len() != params.len() {
        return Err(inconsistent(format!(
            "{} arguments in the state, {} parameters",
            state.args.len(),
            params.len()
        )));
    }
    if !obs.reached {
        return Err(inconsistent(
            "the replay did not reach the target; no test is written for it".into(),
        ));
    }
    let mut s = Scope {
        cp,
        flavor,
        package: java::package_of(&target.class).to_string(),
        helpers: Helpers::default(),
        names: BTreeSet::new(),
        body: Vec::new(),
        classes: HashMap::new(),
        generic: HashMap::new(),
        raw: std::cell::Cell::new(false),
    };
    for reserved in [
        "allocate",
        "setField",
        "getField",
        "invoke",
        "construct",
        "field",
        "unsafe",
    ] {
        s.names.insert(reserved.into());
    }

    // --- The input state: variables, then their contents.
    let receiver_id = match &state.receiver {
        Some(Value::Ref { object }) => Some(*object),
        _ => None,
    };
    let mut vars: Vec<Option<Var>> = vec![None; state.objects.len()];
    let check_id = |id: usize| {
        if id < state.objects.len() {
            Ok(id)
        } else {
            Err(inconsistent(format!(
                "reference to object {id}, which the state lacks"
            )))
        }
    };
    // Names by role first (the receiver, the parameters), then by class.
    let mut hints: Vec<Option<String>> = vec![None; state.objects.len()];
    if let Some(r) = receiver_id {
        let simple = java::binary_simple_name(&state.objects[check_id(r)?].class);
        hints[r] = Some(java::decapitalize(
            simple.rsplit('$').next().unwrap_or(simple),
        ));
    }
    for a in &state.args {
        if let Value::Ref { object } = a.value {
            let id = check_id(object)?;
            if hints[id].is_none() && java::is_identifier(&a.name) {
                hints[id] = Some(a.name.clone());
            }
        }
    }
    if ctor {
        if let Some(r) = receiver_id {
            let o = &state.objects[r];
            let referenced = state.objects.iter().any(|other| {
                other.fields.iter().any(|f| f.value == Value::Ref(r))
                    || other.elements.iter().flatten().any(|e| *e == Value::Ref(r))
            }) || state.args.iter().any(|a| a.value == Value::Ref(r));
            if referenced || o.fields.iter().any(|f| !is_default(&f.value)) {
                return Err(JunitError::Unsupported(
                    "a constructor called on an object that already has state or is referenced from the inputs".into(),
                ));
            }
        }
    }
    for (id, o) in state.objects.iter().enumerate() {
        if ctor && Some(id) == receiver_id {
            continue;
        }
        let hint = hints[id].clone().unwrap_or_else(|| {
            let base = match o.element_type() {
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
            };
            format!("{base}{id}")
        });
        let name = s.fresh(&hint);
        let typed = s.type_accessible(&o.class);
        let vt = s.var_type(&o.class);
        match (&o.elements, o.element_type()) {
            (Some(elements), Some(elem)) if is_primitive(elem) => {
                let lits: Vec<String> = elements.iter().map(|e| s.literal(e, elem)).collect();
                if lits.is_empty() {
                    s.line(format!("{vt} {name} = new {elem}[0];"));
                } else {
                    s.line(format!("{vt} {name} = {{{}}};", lits.join(", ")));
                }
            }
            (Some(elements), Some(elem)) => {
                if typed {
                    let e = s.type_name(elem);
                    s.line(format!("{vt} {name} = {};", new_array(&e, elements.len())));
                } else {
                    let lit = s.class_literal(elem);
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
                let lit = s.class_literal(&o.class);
                s.helpers.allocate = true;
                s.line(format!("{vt} {name} = allocate({lit});"));
            }
        }
        vars[id] = Some(Var { name, typed });
    }
    let var = |id: usize| -> Result<&Var, JunitError> {
        vars.get(id)
            .and_then(Option::as_ref)
            .ok_or_else(|| inconsistent(format!("object {id} has no variable")))
    };
    // A value for a slot of type `ty` assigned directly (`reflect`: passed
    // as an Object to a helper).
    let value_expr =
        |s: &mut Scope, v: &Value, ty: &str, reflect: bool| -> Result<String, JunitError> {
            match v {
                Value::Ref { object } => {
                    let v = var(check_id(*object)?)?;
                    if !reflect && !v.typed && ty != "java.lang.Object" {
                        Ok(format!("({}) {}", s.type_name(ty), v.name))
                    } else {
                        Ok(v.name.clone())
                    }
                }
                Value::Null if reflect => Ok("(Object) null".into()),
                other => Ok(s.literal(other, ty)),
            }
        };
    for (id, o) in state.objects.iter().enumerate() {
        let Some(v) = vars[id].clone() else { continue };
        if let (Some(elements), Some(elem)) = (&o.elements, o.element_type()) {
            if is_primitive(elem) {
                continue;
            }
            for (i, e) in elements.iter().enumerate() {
                if *e == Value::Null {
                    continue;
                }
                // An Object[] view needs no cast; a typed array takes its element type.
                let rhs = value_expr(&mut s, e, elem, !v.typed)?;
                s.line(format!("{}[{i}] = {rhs};", v.name));
            }
            continue;
        }
        for f in &o.fields {
            if is_default(&f.value) {
                continue;
            }
            let value_typed = match &f.value {
                Value::Ref { object } => var(check_id(*object)?)?.typed,
                _ => true,
            };
            let direct = v.typed
                && s.field_direct(&f.declared_in, &f.name, &o.class, true)
                && (value_typed || s.type_accessible(&f.ty));
            if direct {
                let rhs = value_expr(&mut s, &f.value, &f.ty, false)?;
                s.line(format!("{}.{} = {rhs};", v.name, f.name));
            } else {
                let rhs = value_expr(&mut s, &f.value, &f.ty, true)?;
                let lit = s.class_literal(&f.declared_in);
                s.helpers.set_field = true;
                s.line(format!(
                    "setField({}, {lit}, {}, {rhs});",
                    v.name,
                    java::string_literal(&f.name)
                ));
            }
        }
    }
    for st in &state.statics {
        let direct = s.load(&st.class).is_some_and(|c| {
            c.field(&st.field)
                .is_some_and(|f| f.is_static() && f.access & access::FINAL == 0)
        }) && s.field_direct(&st.class, &st.field, &st.class, true)
            && match &st.value {
                Value::Ref { object } => {
                    var(check_id(*object)?)?.typed || s.type_accessible(&st.ty)
                }
                _ => true,
            };
        if direct {
            let rhs = value_expr(&mut s, &st.value, &st.ty, false)?;
            let owner = s.type_name(&st.class);
            s.line(format!("{owner}.{} = {rhs};", st.field));
        } else {
            let rhs = value_expr(&mut s, &st.value, &st.ty, true)?;
            let lit = s.class_literal(&st.class);
            s.helpers.set_field = true;
            s.line(format!(
                "setField(null, {lit}, {}, {rhs});",
                java::string_literal(&st.field)
            ));
        }
    }

    // --- The call.
    let overloaded = class
        .methods
        .iter()
        .filter(|m| m.name == method.name && m.desc.params.len() == params.len())
        .count()
        > 1;
    let class_ok = s.type_accessible(&target.class);
    let params_ok = params.iter().all(|p| s.type_accessible(p));
    let receiver_var = match receiver_id {
        Some(r) if !ctor => Some(var(r)?.clone()),
        _ => None,
    };
    if !method.is_static() && !ctor && receiver_var.is_none() {
        return Err(inconsistent(
            "an instance method without a receiver object".into(),
        ));
    }
    let direct_call = !method.is_private()
        && class_ok
        && params_ok
        && (ctor || java::is_identifier(&method.name));
    let mut args = Vec::new();
    for (a, p) in state.args.iter().zip(&params) {
        let e = match (&a.value, direct_call) {
            (Value::Null, true) if overloaded => format!("({}) null", s.type_name(p)),
            (v, direct) => value_expr(&mut s, v, p, !direct)?,
        };
        args.push(e);
    }
    let ret = method.desc.ret.to_string();
    let owner = s.type_name(&target.class);
    let (call, call_type) = if ctor && direct_call {
        (
            format!("new {owner}({})", args.join(", ")),
            target.class.clone(),
        )
    } else if direct_call {
        let on = match &receiver_var {
            None => owner.clone(),
            Some(v) if v.typed => v.name.clone(),
            Some(v) => format!("(({owner}) {})", v.name),
        };
        (
            format!("{on}.{}({})", method.name, args.join(", ")),
            ret.clone(),
        )
    } else {
        let lit = s.class_literal(&target.class);
        let mut types = Vec::new();
        for p in &params {
            types.push(s.class_literal(p));
        }
        let types = format!("new Class<?>[] {{{}}}", types.join(", "));
        let rest: String = args.iter().map(|a| format!(", {a}")).collect();
        if ctor {
            s.helpers.construct = true;
            (
                format!("construct({lit}, {types}{rest})"),
                "java.lang.Object".to_string(),
            )
        } else {
            s.helpers.invoke = true;
            let on = receiver_var
                .as_ref()
                .map_or("null".to_string(), |v| v.name.clone());
            (
                format!(
                    "invoke({lit}, {}, {types}, {on}{rest})",
                    java::string_literal(&method.name)
                ),
                "java.lang.Object".to_string(),
            )
        }
    };
    // Reflection returns an Object: cast it back to what the method returns.
    let result_type = if ctor {
        target.class.clone()
    } else {
        ret.clone()
    };
    let cast_call = |s: &mut Scope| -> String {
        if call_type == "java.lang.Object"
            && result_type != "java.lang.Object"
            && s.type_accessible(&result_type)
        {
            format!("({}) {call}", s.type_name(&result_type))
        } else {
            call.clone()
        }
    };

    let mut a = Asserter {
        obs,
        state,
        seen: HashMap::new(),
        identity: HashMap::new(),
        budget: MAX_ASSERTIONS,
        truncated: false,
    };
    for (k, o) in obs.objects.iter().enumerate() {
        if let Some(i) = o.input {
            if i >= state.objects.len() {
                return Err(inconsistent(format!(
                    "observed object {k} claims to be input object {i}"
                )));
            }
            a.identity.insert(k, i);
        }
    }
    // The receiver and the arguments after the call are the objects passed
    // in, whatever the call did to them: their identity is known even when
    // the replay does not map identities.
    let mut roots: Vec<(usize, usize)> = Vec::new();
    if let (Some(Observed::Ref { object }), Some(r), false) =
        (&obs.receiver_after, receiver_id, ctor)
    {
        roots.push((*object, r));
    }
    for (arg, after) in state.args.iter().zip(&obs.args_after) {
        if let (Value::Ref { object: id }, Observed::Ref { object }) = (&arg.value, after) {
            roots.push((*object, check_id(*id)?));
        }
    }
    for (k, i) in roots {
        if k >= obs.objects.len() {
            return Err(inconsistent(format!(
                "observed reference to object {k}, which the observation lacks"
            )));
        }
        a.identity.entry(k).or_insert(i);
    }
    for (&k, &i) in &a.identity {
        if let Some(v) = &vars[i] {
            a.seen.insert(k, v.name.clone());
        }
    }

    match &obs.ended {
        Ended::Returned { value } => {
            let call = cast_call(&mut s);
            if ctor {
                let name = match receiver_id {
                    Some(r) => s.fresh(hints[r].as_deref().unwrap_or("created")),
                    None => s.fresh("created"),
                };
                let vt = s.var_type(&target.class);
                s.line(format!("{vt} {name} = {call};"));
                if let Some(Observed::Ref { object }) = &obs.receiver_after {
                    a.seen.insert(*object, name.clone());
                    let typed = s.type_accessible(&target.class);
                    a.fields(&mut s, &name, typed, *object, 1)?;
                }
            } else {
                match (value, ret.as_str()) {
                    (None, "void") => s.line(format!("{call};")),
                    (Some(v), r) if r != "void" => {
                        let name = s.fresh("result");
                        let vt = s.var_type(r);
                        s.line(format!("{vt} {name} = {call};"));
                        a.value(&mut s, &name, &vt, r, v, 0)?;
                    }
                    _ => {
                        return Err(inconsistent(format!(
                            "the method returns {ret}, the replay saw {value:?}"
                        )))
                    }
                }
            }
        }
        Ended::Threw {
            class: thrown,
            message,
        } => {
            let call = call.clone();
            let (ty, known) = if s.type_accessible(thrown) {
                (s.type_name(thrown), true)
            } else {
                ("Throwable".to_string(), false)
            };
            let name = s.fresh("thrown");
            s.line(format!(
                "{ty} {name} = assertThrows({ty}.class, () -> {call});"
            ));
            if !known {
                s.line(format!(
                    "assertEquals({}, {name}.getClass().getName());",
                    java::string_literal(thrown)
                ));
            }
            match message {
                Some(m) if !has_identity_hash(m) => {
                    s.line(format!(
                        "assertEquals({}, {name}.getMessage());",
                        java::string_literal(m)
                    ));
                }
                Some(_) => {
                    s.line(
                        "// (the message names an identity hash code; not asserted)".to_string(),
                    );
                }
                None => s.line(format!("assertNull({name}.getMessage());")),
            }
        }
    }

    // --- What the call changed in its inputs (those whose identity is
    // known; a reference to another object counts as a change and is
    // asserted deeply).
    let mut known: Vec<(usize, usize)> = a.identity.iter().map(|(&k, &i)| (i, k)).collect();
    known.sort();
    for (i, k) in known {
        let Some(v) = vars[i].clone() else { continue };
        a.changes(&mut s, &v, i, k)?;
    }
    if a.truncated {
        s.line(format!(
            "// (assertions stop {MAX_DEPTH} objects deep and after {MAX_ASSERTIONS} per value)"
        ));
    }

    let mut helpers = s.helpers;
    helpers.raw_types = s.raw.get();
    let mut comment = vec![format!(
        "Target: {}.{}({}) pc {}: {}{}",
        java::source_simple_name(&target.class),
        if ctor { "<init>" } else { &method.name },
        params
            .iter()
            .map(|p| s.type_name(p))
            .collect::<Vec<_>>()
            .join(", "),
        target.pc,
        target.instruction,
        target.line.map_or(String::new(), |l| format!(", line {l}"))
    )];
    if !target.conditions.is_empty() {
        comment.push("Path:".into());
        for c in &target.conditions {
            comment.push(format!("  {c}"));
        }
    }
    let outcome = match &obs.ended {
        Ended::Returned { .. } if ret == "void" || ctor => "returned".to_string(),
        Ended::Returned { .. } => "returned a value".to_string(),
        Ended::Threw { class, .. } => format!("threw {class}"),
    };
    comment.push(format!(
        "Replayed in the JVM: reached pc {}, {outcome}; {} distinct instructions of the method ran.",
        target.pc,
        obs.executed.len()
    ));
    let base = if ctor {
        "constructor".to_string()
    } else {
        method.name.replace(
            |c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'),
            "_",
        )
    };
    let mut base_name = match target.line {
        Some(l) => format!("{base}_line{l}"),
        None => format!("{base}_pc{}", target.pc),
    };
    if !java::is_identifier(&base_name) {
        base_name = format!("test_{base_name}");
    }
    Ok(TestMethod {
        key: (target.method.clone(), target.descriptor.clone(), target.pc),
        base_name,
        comment,
        body: s.body,
        helpers,
    })
}

/// `Foo@1b6d3586`: a message that changes from run to run.
fn has_identity_hash(m: &str) -> bool {
    m.match_indices('@').any(|(i, _)| {
        let hex = m[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
            .count();
        hex >= 4
    })
}

/// Assertions on observed values.
struct Asserter<'o> {
    obs: &'o Observation,
    state: &'o InputState,
    /// Observed objects already named: by a variable of the input state or
    /// by the expression that first reached them.
    seen: HashMap<usize, String>,
    /// Observed object → input object, where the identity is known.
    identity: HashMap<usize, usize>,
    budget: usize,
    truncated: bool,
}

impl Asserter<'_> {
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
    fn value(
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
                parsed = Observed::Float(match text.as_str() {
                    "NaN" => f64::NAN,
                    "Infinity" => f64::INFINITY,
                    "-Infinity" => f64::NEG_INFINITY,
                    other => other.parse().unwrap_or(f64::NAN),
                });
                &parsed
            }
            _ => v,
        };
        let line = match v {
            Observed::Null => format!("assertNull({expr});"),
            Observed::Bool(true) => format!("assertTrue({expr});"),
            Observed::Bool(false) => format!("assertFalse({expr});"),
            Observed::Int(_) | Observed::Float(_) => {
                let lit = s.observed_literal(v, ty);
                match (s.flavor, ty) {
                    (Flavor::Junit4, "float") => format!("assertEquals({lit}, {expr}, 0.0f);"),
                    (Flavor::Junit4, "double") => format!("assertEquals({lit}, {expr}, 0.0);"),
                    _ => format!("assertEquals({lit}, {expr});"),
                }
            }
            Observed::Str(text) => format!("assertEquals({}, {expr});", java::string_literal(text)),
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
            let lit = s.observed_literal(&f.value, boxed);
            let owner = s.type_name(&o.class);
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
            let line = if s.type_accessible(&o.class) {
                format!(
                    "assertEquals({}.class, {expr}.getClass());",
                    s.type_name(&o.class)
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
        let typed = s.type_accessible(&o.class);
        let vt = s.var_type(&o.class);
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
    fn fields(
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
                let lits: Vec<String> = elements
                    .iter()
                    .map(|e| s.observed_literal(e, &elem))
                    .collect();
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
                        s.var_type(&elem)
                    } else {
                        "Object".into()
                    };
                    self.value(s, &format!("{name}[{i}]"), &st, &elem, e, depth)?;
                }
            }
            return Ok(());
        }
        for f in &o.fields {
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
    fn changes(&mut self, s: &mut Scope, v: &Var, i: usize, k: usize) -> Result<(), JunitError> {
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
                    s.var_type(&elem)
                } else {
                    "Object".into()
                };
                self.value(s, &format!("{}[{j}]", v.name), &st, &elem, &new[j], 1)?;
            }
            return Ok(());
        }
        for f in &after.fields {
            let old = before
                .fields
                .iter()
                .find(|b| b.name == f.name && b.declared_in == f.declared_in)
                .map(|b| b.value.clone())
                .unwrap_or_else(|| default_for(&f.ty));
            if !self.changed(&old, &f.value) {
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
            (Value::Null, Observed::Null) => false,
            (Value::Bool(a), Observed::Bool(b)) => a != b,
            (Value::Bool(a), Observed::Int(b)) => i64::from(*a) != *b,
            (Value::Int(a), Observed::Int(b)) => a != b,
            (Value::Int(a), Observed::Bool(b)) => *a != i64::from(*b),
            (Value::Float(a), Observed::Float(b)) => a.to_bits() != b.to_bits(),
            (Value::Str(a), Observed::Str(b)) => a != b,
            (Value::Ref { object: i }, Observed::Ref { object: k }) => {
                self.identity.get(k) != Some(i)
            }
            _ => true,
        }
    }
}

/// The primitive type boxed by `class`, if it is a box.
fn box_of(class: &str) -> Option<&'static str> {
    Some(match class {
        "java.lang.Integer" => "int",
        "java.lang.Long" => "long",
        "java.lang.Short" => "short",
        "java.lang.Byte" => "byte",
        "java.lang.Character" => "char",
        "java.lang.Boolean" => "boolean",
        "java.lang.Float" => "float",
        "java.lang.Double" => "double",
        _ => return None,
    })
}

fn default_for(ty: &str) -> Value {
    match ty {
        "boolean" => Value::Bool(false),
        "float" | "double" => Value::Float(0.0),
        t if is_primitive(t) => Value::Int(0),
        _ => Value::Null,
    }
}

/// `result.next`, or `getField(result, Node.class, "next")` when the test
/// may not read the field directly (cast back to the field's type when it
/// is primitive), with the expression's static type.
fn read_field(
    s: &mut Scope,
    obj: &str,
    typed: bool,
    class: &str,
    declaring: &str,
    name: &str,
    ty: &str,
) -> (String, String) {
    if typed && s.type_accessible(ty) && s.field_direct(declaring, name, class, false) {
        return (format!("{obj}.{name}"), s.var_type(ty));
    }
    s.helpers.get_field = true;
    let lit = s.class_literal(declaring);
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
    match expr.rsplit_once('.') {
        Some((obj, field)) => java::camel(obj.trim_start_matches('('), field),
        None => "value".into(),
    }
}

/// The source of a whole test class.
pub(super) fn class_source(flavor: Flavor, class: &str, methods: &[TestMethod]) -> String {
    let mut methods: Vec<&TestMethod> = methods.iter().collect();
    methods.sort_by(|a, b| a.key.cmp(&b.key));
    let mut used = BTreeSet::new();
    let mut out = String::new();
    let package = java::package_of(class);
    out.push_str("// Generated by jaut: regression tests for ");
    out.push_str(class);
    out.push_str(".\n// Each test builds an input state that jaut found by searching backward from a\n// target instruction, calls the method, and asserts what a replay of that state\n// in the JVM observed.\n");
    if !package.is_empty() {
        out.push_str(&format!("package {package};\n"));
    }
    out.push('\n');
    let (public, assertions, test) = match flavor {
        Flavor::Junit5 => (
            "",
            "org.junit.jupiter.api.Assertions",
            "org.junit.jupiter.api.Test",
        ),
        Flavor::Junit4 => ("public ", "org.junit.Assert", "org.junit.Test"),
    };
    out.push_str(&format!(
        "import static {assertions}.*;\n\nimport {test};\n\n"
    ));
    let helpers = methods
        .iter()
        .fold(Helpers::default(), |h, m| h.union(m.helpers));
    if helpers.raw_types {
        // The input state's classes come without type arguments.
        out.push_str("@SuppressWarnings({\"rawtypes\", \"unchecked\"})\n");
    }
    out.push_str(&format!(
        "{public}class {} {{\n",
        super::test_class_name(class)
    ));
    for m in methods {
        let mut name = m.base_name.clone();
        if used.contains(&name) {
            name = format!("{}_pc{}", m.base_name, m.key.2);
        }
        let mut n = 2;
        while used.contains(&name) {
            name = format!("{}_{n}", m.base_name);
            n += 1;
        }
        used.insert(name.clone());
        out.push('\n');
        for c in &m.comment {
            out.push_str(&format!("    // {}\n", java::comment_text(c)));
        }
        out.push_str(&format!(
            "    @Test\n    {public}void {name}() throws Throwable {{\n"
        ));
        for line in &m.body {
            out.push_str(&format!("        {line}\n"));
        }
        out.push_str("    }\n");
    }
    out.push_str(&helper_source(helpers));
    out.push_str("}\n");
    out
}

fn helper_source(h: Helpers) -> String {
    if !(h.allocate || h.set_field || h.get_field || h.invoke || h.construct) {
        return String::new();
    }
    let mut out = String::from(
        "\n    // Helpers generated by jaut: the input state is built field by field,\n    // without running constructors, as the search found it.\n",
    );
    let unsafe_needed = h.allocate || h.set_field;
    if h.allocate {
        out.push_str(
            r#"
    /** An instance of {@code type}, created without running a constructor. */
    @SuppressWarnings("unchecked")
    private static <T> T allocate(Class<T> type) throws Exception {
        Object unsafe = unsafe();
        return (T) unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, type);
    }
"#,
        );
    }
    if h.set_field {
        out.push_str(
            r#"
    /**
     * Sets field {@code name} of {@code declaring} in {@code target} (null for a
     * static field), private and final fields included.
     */
    private static void setField(Object target, Class<?> declaring, String name, Object value)
            throws Exception {
        java.lang.reflect.Field f = field(declaring, name);
        try {
            f.setAccessible(true);
            f.set(target, value);
        } catch (IllegalAccessException | RuntimeException e) {
            // A static final field, or a JDK class closed to reflection: write
            // the field's memory directly.
            Object unsafe = unsafe();
            Class<?> u = unsafe.getClass();
            boolean isStatic = java.lang.reflect.Modifier.isStatic(f.getModifiers());
            Object base = isStatic
                    ? u.getMethod("staticFieldBase", java.lang.reflect.Field.class).invoke(unsafe, f)
                    : target;
            long offset = (Long) u.getMethod(isStatic ? "staticFieldOffset" : "objectFieldOffset",
                    java.lang.reflect.Field.class).invoke(unsafe, f);
            Class<?> t = f.getType();
            String kind = t.isPrimitive()
                    ? Character.toUpperCase(t.getName().charAt(0)) + t.getName().substring(1)
                    : "Object";
            u.getMethod("put" + kind, Object.class, long.class, t.isPrimitive() ? t : Object.class)
                    .invoke(unsafe, base, offset, value);
        }
    }
"#,
        );
    }
    if h.get_field {
        out.push_str(
            r#"
    /** The value of field {@code name} of {@code declaring} in {@code target}. */
    private static Object getField(Object target, Class<?> declaring, String name) throws Exception {
        java.lang.reflect.Field f = field(declaring, name);
        f.setAccessible(true);
        return f.get(target);
    }
"#,
        );
    }
    if h.set_field || h.get_field {
        out.push_str(
            r#"
    /** Field {@code name} of {@code c} or of its nearest superclass declaring one. */
    private static java.lang.reflect.Field field(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }
"#,
        );
    }
    if h.invoke {
        out.push_str(
            r#"
    /** Calls method {@code name} (private ones too); rethrows what it throws. */
    private static Object invoke(Class<?> declaring, String name, Class<?>[] parameterTypes,
            Object target, Object... args) throws Throwable {
        java.lang.reflect.Method m = declaring.getDeclaredMethod(name, parameterTypes);
        m.setAccessible(true);
        try {
            return m.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
"#,
        );
    }
    if h.construct {
        out.push_str(
            r#"
    /** Calls a constructor (private ones too); rethrows what it throws. */
    private static Object construct(Class<?> declaring, Class<?>[] parameterTypes, Object... args)
            throws Throwable {
        java.lang.reflect.Constructor<?> c = declaring.getDeclaredConstructor(parameterTypes);
        c.setAccessible(true);
        try {
            return c.newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
"#,
        );
    }
    if unsafe_needed {
        out.push_str(
            r#"
    /** The JDK's sun.misc.Unsafe, found by reflection (no compile-time dependency). */
    private static Object unsafe() throws Exception {
        java.lang.reflect.Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return f.get(null);
    }
"#,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_hashes() {
        assert!(has_identity_hash("coord.Coord@1b6d3586 is bad"));
        assert!(!has_identity_hash("user@example"));
        assert!(!has_identity_hash("negative: -3"));
    }

    #[test]
    fn arrays_and_hints() {
        assert_eq!(new_array("int[]", 3), "new int[3][]");
        assert_eq!(new_array("Node", 2), "new Node[2]");
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
