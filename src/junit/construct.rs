//! Objects a test makes by their constructors: `Interval interval = new
//! Interval(1, 5);`, each after the objects made by constructors that its
//! arguments name — the order the replay's harness makes them in
//! (docs/objects.md), so the test runs on the objects the JVM was shown.

use super::arrange::{Inputs, Var};
use super::java::is_primitive;
use super::method::Scope;
use super::JunitError;
use crate::state::{Builder, BuilderStart, Construction, InputState, Object, StaticRef, Value};

/// The objects of `state` made by constructors, each after those its
/// arguments name (the state has no cycle among them: the planner drops
/// one).
pub(super) fn order(state: &InputState) -> Vec<usize> {
    let mut out = Vec::new();
    let mut placed = vec![false; state.objects.len()];
    for id in 0..state.objects.len() {
        place(state, id, &mut placed, &mut out, 0);
    }
    out
}

fn place(state: &InputState, id: usize, placed: &mut [bool], out: &mut Vec<usize>, depth: usize) {
    let Some(c) = state.objects[id].construction() else {
        return;
    };
    if placed[id] || depth > state.objects.len() {
        return;
    }
    for a in c.values() {
        if let Value::Ref { object } = *a {
            if object < state.objects.len() {
                place(state, object, placed, out, depth + 1);
            }
        }
    }
    if !placed[id] {
        placed[id] = true;
        out.push(id);
    }
}

/// Declares a variable holding object `o`, made by its constructor.
pub(super) fn declare(
    s: &mut Scope,
    inputs: &Inputs,
    o: &Object,
    hint: &str,
) -> Result<Var, JunitError> {
    let c = o
        .construction()
        .expect("only objects made by constructors are declared here");
    if let Some(k) = &c.constant {
        return Ok(constant(s, o, k, hint));
    }
    if let Some(b) = &c.builder {
        return chain(s, inputs, o, c, b, hint);
    }
    let overloaded = s.access.load(&o.class).is_some_and(|class| {
        class
            .methods
            .iter()
            .filter(|m| m.name == "<init>" && m.desc.params.len() == c.params.len())
            .count()
            > 1
    });
    let mut args = Vec::with_capacity(c.args.len());
    for (arg, ty) in c.args.iter().zip(&c.params) {
        args.push(match arg {
            // `null` fits every reference parameter: name the type where
            // another constructor of as many parameters could take it.
            Value::Null if overloaded && !is_primitive(ty) && s.access.type_accessible(ty) => {
                format!("({}) null", s.access.type_name(ty))
            }
            _ => inputs.value_expr(s, arg, ty, false)?,
        });
    }
    let name = s.fresh(hint);
    let class = s.access.type_name(&o.class);
    let inner = s
        .access
        .load(&o.class)
        .and_then(|c| c.inner_access)
        .is_some_and(|flags| flags & crate::classfile::access::STATIC == 0);
    if let Some(k) = &c.factory {
        let call = format!(
            "{}.{}({})",
            s.access.type_name(&k.class),
            k.field,
            args.join(", ")
        );
        return Ok(factory_made(s, o, c, &call, name));
    }
    // An inner class's enclosing instance goes before `new` (JLS
    // §15.9.2), the class by its simple name.
    let made = if inner && !args.is_empty() {
        let outer = args.remove(0);
        let simple = o.class.rsplit('$').next().unwrap_or(&o.class);
        format!("{outer}.new {simple}")
    } else {
        format!("new {class}")
    };
    s.line(format!("{class} {name} = {made}({});", args.join(", ")));
    calls(s, inputs, c, &name)?;
    Ok(Var { name, typed: true })
}

/// The setter calls (or steps of no argument) of construction `c`, each a
/// statement on variable `name`: `ring.add("e0");`, `iterator.next();`.
fn calls(s: &mut Scope, inputs: &Inputs, c: &Construction, name: &str) -> Result<(), JunitError> {
    for setter in &c.setters {
        let arg = if setter.descriptor.starts_with("()") {
            String::new()
        } else {
            inputs.value_expr(s, &setter.arg, &setter.param, false)?
        };
        s.line(format!("{name}.{}({arg});", setter.method));
    }
    Ok(())
}

/// Declares a variable holding object `o`, made by method `method` of
/// object `on` of the state, then moved on by the steps of `c`:
/// `Iterator iterator = circularFifoQueue.iterator(); iterator.next();`,
/// typed by what the method returns ([`declare_as`]).
fn made_on(
    s: &mut Scope,
    inputs: &Inputs,
    o: &Object,
    c: &Construction,
    (on, method): (&Value, &str),
    hint: &str,
) -> Result<Var, JunitError> {
    let mut args = Vec::with_capacity(c.args.len());
    for (arg, ty) in c.args.iter().zip(&c.params) {
        args.push(inputs.value_expr(s, arg, ty, false)?);
    }
    let owner = match on {
        Value::Ref { object } => inputs.objects.get(*object).map(|p| p.class.clone()),
        _ => None,
    }
    .unwrap_or_else(|| "java.lang.Object".into());
    let receiver = inputs.value_expr(s, on, &owner, false)?;
    let receiver = if receiver.starts_with('(') {
        format!("({receiver})")
    } else {
        receiver
    };
    let call = format!("{receiver}.{method}({})", args.join(", "));
    let name = s.fresh(hint);
    let returns = crate::classfile::MethodDescriptor::parse(&c.descriptor)
        .map(|d| d.ret.to_string())
        .unwrap_or_else(|| "java.lang.Object".into());
    let var = declare_as(s, o, &returns, &call, name);
    calls(s, inputs, c, &var.name)?;
    Ok(var)
}

/// Declares variable `name` holding object `o`, made by the static factory
/// method `call` (of construction `c`; factories are proposed without
/// setters), as [`declare_as`] does for what the method returns (an
/// anonymous class's object: `View a1 = Views.union(a, b);`).
fn factory_made(s: &mut Scope, o: &Object, c: &Construction, call: &str, name: String) -> Var {
    let returns = crate::classfile::MethodDescriptor::parse(&c.descriptor)
        .map(|d| d.ret.to_string())
        .unwrap_or_else(|| "java.lang.Object".into());
    declare_as(s, o, &returns, call, name)
}

/// Declares variable `name` holding object `o`, the value of `expr` of
/// static type `declared`: typed by the object's class where the test may
/// name it (with a cast when `declared` is wider), else by `declared`.
fn declare_as(s: &mut Scope, o: &Object, declared: &str, expr: &str, name: String) -> Var {
    if s.access.type_accessible(&o.class) {
        let class = s.access.type_name(&o.class);
        let cast = if declared == o.class {
            String::new()
        } else {
            format!("({class}) ")
        };
        s.line(format!("{class} {name} = {cast}{expr};"));
        return Var { name, typed: true };
    }
    let vt = s.access.var_type(declared);
    s.line(format!("{vt} {name} = {expr};"));
    Var { name, typed: false }
}

/// Declares a variable holding object `o`, read from the static final
/// field `k` ([`declare_as`] the field's type).
fn constant(s: &mut Scope, o: &Object, k: &StaticRef, hint: &str) -> Var {
    let name = s.fresh(hint);
    let owner = s.access.type_name(&k.class);
    let declared = s
        .access
        .load(&k.class)
        .and_then(|c| c.field(&k.field).map(|f| f.ty.to_string()))
        .unwrap_or_else(|| "java.lang.Object".into());
    let read = format!("{owner}.{}", k.field);
    declare_as(s, o, &declared, &read, name)
}

/// Declares a variable holding object `o`, made by the chain `b` of
/// construction `c`: `DoubleFunction<String> f =
/// DoubleFormat.PLAIN.builder().maxPrecision(3).build();`, typed by what
/// the chain's last call returns ([`declare_as`]).
fn chain(
    s: &mut Scope,
    inputs: &Inputs,
    o: &Object,
    c: &Construction,
    b: &Builder,
    hint: &str,
) -> Result<Var, JunitError> {
    let mut args = Vec::with_capacity(c.args.len());
    for (arg, ty) in c.args.iter().zip(&c.params) {
        args.push(inputs.value_expr(s, arg, ty, false)?);
    }
    let args = args.join(", ");
    let mut expr = match &b.start {
        BuilderStart::New => format!("new {}({args})", s.access.type_name(&b.class)),
        BuilderStart::Static { method } => {
            format!(
                "{}.{}({args})",
                s.access.type_name(&method.class),
                method.field
            )
        }
        BuilderStart::Constant { constant } => {
            format!("{}.{}", s.access.type_name(&constant.class), constant.field)
        }
        BuilderStart::OnConstant { constant, method } => format!(
            "{}.{}.{method}()",
            s.access.type_name(&constant.class),
            constant.field
        ),
        BuilderStart::OnObject { on, method } => {
            return made_on(s, inputs, o, c, (on, method), hint);
        }
    };
    for step in &c.setters {
        let arg = inputs.value_expr(s, &step.arg, &step.param, false)?;
        expr.push_str(&format!(".{}({arg})", step.method));
    }
    let declared = match (&b.finish, &b.finish_descriptor) {
        (Some(finish), Some(d)) => {
            expr.push_str(&format!(".{finish}()"));
            crate::classfile::MethodDescriptor::parse(d)
                .map(|d| d.ret.to_string())
                .unwrap_or_else(|| "java.lang.Object".into())
        }
        _ => b.class.clone(),
    };
    let name = s.fresh(hint);
    Ok(declare_as(s, o, &declared, &expr, name))
}
