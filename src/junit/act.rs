//! Act: the call of the method under test, as an expression for the
//! assertions to use (`coord.moveY(chrono, 1)`, `new Coord(0, 0)`).
//!
//! The call is direct when the test may name the method, its class and its
//! parameter types (`access.rs`); else it goes through the `invoke` or
//! `construct` helper, which returns an `Object` that is cast back to the
//! declared result type when the test may name it. A `null` argument of a
//! direct call to an overloaded method is cast to its parameter type, so
//! that overload resolution (JLS §15.12.2) picks the method under test;
//! where no cast can (a generic overload, `overloads.rs`), the call goes
//! through `invoke`.

use super::access;
use super::arrange::Inputs;
use super::java;
use super::method::{Scope, Subject};
use super::overloads;
use super::JunitError;
use crate::classfile::{descriptor::internal_name, Method};
use crate::labeling::{InputState, Value};

/// The call of the method under test.
pub(super) struct Call {
    /// The call expression, as written: reflective calls give an `Object`.
    pub(super) expr: String,
    /// The static type of `expr` (Java form).
    expr_type: String,
    /// What the call gives back: the return type, or the class for a
    /// constructor.
    result_type: String,
    /// Whether the call is written directly (not through `invoke` or
    /// `construct`).
    pub(super) direct: bool,
}

impl Call {
    /// The call, cast back to what the method returns where reflection
    /// made it an `Object` and the test may name the type.
    pub(super) fn cast(&self, s: &mut Scope) -> String {
        if self.expr_type == "java.lang.Object"
            && self.result_type != "java.lang.Object"
            && s.access.type_accessible(&self.result_type)
        {
            format!("({}) {}", s.access.type_name(&self.result_type), self.expr)
        } else {
            self.expr.clone()
        }
    }
}

/// The call of `subject` on the state's variables.
pub(super) fn call(
    s: &mut Scope,
    subject: &Subject,
    state: &InputState,
    inputs: &Inputs,
) -> Result<Call, JunitError> {
    let (target, method, ctor) = (subject.target, &subject.method, subject.ctor);
    let class_ok = s.access.type_accessible(&target.class);
    let params_ok = subject.params.iter().all(|p| s.access.type_accessible(p));
    // The receiver as (expression, typed as the target class): an object's
    // variable, or an enum constant (an enum's instance method).
    let receiver = match (inputs.receiver, &state.receiver) {
        (Some(r), _) if !ctor => {
            let v = inputs.var(r)?;
            Some((v.name.clone(), v.typed))
        }
        (_, Some(e @ Value::Enum { .. })) if !ctor => {
            let class_ok = s.access.type_accessible(&target.class);
            Some((inputs.value_expr(s, e, &target.class, !class_ok)?, class_ok))
        }
        _ => None,
    };
    if !method.is_static() && !ctor && receiver.is_none() {
        return Err(subject.inconsistent("an instance method without a receiver object".into()));
    }
    // An inner (non-static nested) class's constructor takes its enclosing
    // instance first, which Java writes `outer.new Inner(..)`: the test
    // calls it through the `construct` helper instead.
    let inner = ctor
        && s.access
            .load(&target.class)
            .and_then(|c| c.inner_access)
            .is_some_and(|flags| flags & crate::classfile::access::STATIC == 0);
    // An overload javac cannot tell from this one (`overloads.rs`) is
    // called by its parameter types.
    let direct = access::method_direct(method, class_ok, params_ok)
        && !inner
        && !s.reflective_call
        && !overloads::ambiguous(&mut s.access, &target.class, method);
    // A method of a class the test cannot name (an anonymous class's
    // `contains`) that implements a public method of a type it can
    // (`View.contains`) is called through that type: the receiver's class
    // declares the method, so dispatch (JVMS §5.4.6) selects it.
    let through = match (&receiver, direct) {
        (Some((_, false)), false)
            if !ctor
                && !s.reflective_call
                && !method.is_private()
                && params_ok
                && java::is_identifier(&method.name) =>
        {
            declaring_supertype(s, &target.class, method)
        }
        _ => None,
    };
    let direct = direct || through.is_some();
    let args = arguments(s, subject, state, inputs, direct)?;
    let (expr, expr_type) = call_expr(s, subject, &receiver, &through, &args, direct);
    let result_type = if ctor {
        target.class.clone()
    } else {
        subject.ret.clone()
    };
    Ok(Call {
        direct,
        expr,
        expr_type,
        result_type,
    })
}

/// The call's arguments as Java expressions: a bare `null` or an object
/// another overload would take is cast to the parameter's type when the
/// call is `direct`; through the reflection helpers a lone `null` or
/// array is cast to `Object` (JLS §15.12.4.2).
fn arguments(
    s: &mut Scope,
    subject: &Subject,
    state: &InputState,
    inputs: &Inputs,
    direct: bool,
) -> Result<Vec<String>, JunitError> {
    let (target, method) = (subject.target, &subject.method);
    // A bare `null` at parameter `i` is ambiguous when another overload of
    // the same arity takes a reference there too; a cast to the erased
    // type picks this one (and only then: the cast would keep javac from
    // inferring a generic method's type variable from the other arguments).
    let ambiguous_null = |i: usize| {
        subject
            .class
            .methods
            .iter()
            .filter(|m| {
                m.name == method.name
                    && m.desc.params.len() == subject.params.len()
                    && m.desc.params[i].is_reference()
            })
            .count()
            > 1
    };
    // A variable arity parameter (JLS §15.12.4.2) takes the state's array
    // as it is: a bare `null` there would be a non-varargs call with an
    // inexact type (a javac warning), so it is cast to the array type.
    let varargs = method.access & crate::classfile::access::VARARGS != 0;
    let last = subject.params.len().saturating_sub(1);
    // An object of another class than parameter `i`'s, where another
    // overload of the same arity takes another type: javac would pick the
    // overload most specific to the argument's type (JLS §15.12.2.5,
    // `encode(byte[])` for an `Object` parameter given a `byte[]`), so the
    // argument is cast to the parameter's type. Not for a generic method,
    // whose type variables the cast would fix.
    let generic = overloads::is_generic(s.access.class_path(), &target.class, method);
    let picks_another = |i: usize, v: &Value| {
        let Value::Ref { object } = v else {
            return false;
        };
        let other_type_there = subject.class.methods.iter().any(|m| {
            m.name == method.name
                && m.desc.params.len() == method.desc.params.len()
                && m.desc.params[i] != method.desc.params[i]
        });
        other_type_there
            && state
                .objects
                .iter()
                .any(|o| o.id == *object && o.class != subject.params[i])
    };
    let mut args = Vec::new();
    for (i, (a, p)) in state.args.iter().zip(&subject.params).enumerate() {
        let e = match (&a.value, direct) {
            (Value::Null, true) if ambiguous_null(i) || (varargs && i == last) => {
                format!("({}) null", s.access.type_name(p))
            }
            (v, true) if !generic && picks_another(i, v) => {
                let e = inputs.value_expr(s, v, p, false)?;
                if e.starts_with('(') {
                    e
                } else {
                    format!("({}) {e}", s.access.type_name(p))
                }
            }
            (v, direct) => inputs.value_expr(s, v, p, !direct)?,
        };
        args.push(e);
    }
    // The reflection helpers take the arguments as `Object...`: a lone
    // null, or a lone array of references (a `String[]` is an `Object[]`),
    // would be taken for the array of arguments itself (JLS §15.12.4.2).
    if !direct && args.len() == 1 {
        if args[0] == "null" {
            args[0] = "(Object) null".to_string();
        } else if is_reference_array(&subject.params[0]) && !args[0].starts_with("(Object) ") {
            args[0] = format!("(Object) {}", args[0]);
        }
    }
    Ok(args)
}

/// The call itself and its static type: `new C(..)`, `receiver.m(..)`
/// (through the declaring supertype `through` when the test cannot name
/// the receiver's class), or the `construct`/`invoke` reflection helpers.
fn call_expr(
    s: &mut Scope,
    subject: &Subject,
    receiver: &Option<(String, bool)>,
    through: &Option<String>,
    args: &[String],
    direct: bool,
) -> (String, String) {
    let (target, method, ctor) = (subject.target, &subject.method, subject.ctor);
    let owner = s.access.type_name(&target.class);
    if ctor && direct {
        (
            format!("new {owner}({})", args.join(", ")),
            target.class.clone(),
        )
    } else if direct {
        let on = match (receiver, through) {
            (None, _) => owner.clone(),
            (Some((name, true)), _) => name.clone(),
            (Some((name, false)), Some(sup)) => format!("(({}) {name})", s.access.type_name(sup)),
            (Some((name, false)), None) => format!("(({owner}) {name})"),
        };
        (
            format!("{on}.{}({})", method.name, args.join(", ")),
            subject.ret.clone(),
        )
    } else {
        let lit = s.access.class_literal(&target.class);
        let mut types = Vec::new();
        for p in &subject.params {
            types.push(s.access.class_literal(p));
        }
        let types = format!("new Class<?>[] {{{}}}", types.join(", "));
        let rest: String = args.iter().map(|a| format!(", {a}")).collect();
        let expr = if ctor {
            s.helpers.construct = true;
            format!("construct({lit}, {types}{rest})")
        } else {
            s.helpers.invoke = true;
            let on = receiver
                .as_ref()
                .map_or("null".to_string(), |(name, _)| name.clone());
            format!(
                "invoke({lit}, {}, {types}, {on}{rest})",
                java::string_literal(&method.name)
            )
        };
        (expr, "java.lang.Object".to_string())
    }
}

/// A public supertype of `class` (Java form) the test may name that
/// declares `method` (same name and descriptor, public, not static), the
/// nearest first: the test calls the method through it.
fn declaring_supertype(s: &mut Scope, class: &str, method: &Method) -> Option<String> {
    let cp = s.access.class_path();
    let internal = internal_name(class);
    let mut supers: Vec<String> = cp
        .superclass_chain(&internal)
        .ok()?
        .iter()
        .skip(1)
        .map(|c| c.name.clone())
        .collect();
    supers.extend(cp.all_superinterfaces(&internal).unwrap_or_default());
    supers.into_iter().find_map(|sup| {
        let c = cp.load(&sup).ok()?;
        let declares = c.methods.iter().any(|m| {
            m.name == method.name
                && m.descriptor == method.descriptor
                && m.access & crate::classfile::access::PUBLIC != 0
                && !m.is_static()
        });
        let java = c.java_name();
        (declares && s.access.type_accessible(&java)).then_some(java)
    })
}

/// Whether the Java type `ty` (`java.lang.String[]`, `int[][]`) is an array
/// whose elements are references: one a variable arity `Object...` takes
/// as the array of its arguments.
fn is_reference_array(ty: &str) -> bool {
    ty.strip_suffix("[]").is_some_and(|elem| {
        elem.ends_with("[]")
            || !matches!(
                elem,
                "boolean" | "byte" | "char" | "short" | "int" | "long" | "float" | "double"
            )
    })
}
