//! Assert: the statements that check what the replay observed — the call's
//! outcome, then what it changed in its inputs.
//!
//! - A return: the value is held in `result` and asserted deeply
//!   (`observed.rs`); a void call is a plain statement; a constructor's new
//!   object has its fields asserted.
//! - An exception: `X thrown = assertThrows(X.class, () -> call)` (JUnit 5
//!   `Assertions.assertThrows`, JUnit 4.13 `Assert.assertThrows`: both
//!   return the exception), `Throwable` and a check of the class name when
//!   the test cannot name the class, then the message unless it holds an
//!   identity hash code, which changes from run to run.
//! - The inputs after the call: for each input object whose identity after
//!   the call is known — the receiver and the arguments always (they are
//!   the objects passed in), others when the replay maps them
//!   (`ObservedObject::input`) — the fields that differ from the input
//!   state.

use std::collections::HashMap;

use super::act::Call;
use super::arrange::Inputs;
use super::java;
use super::method::{Scope, Subject};
use super::observed::{differs, Asserter, MAX_ASSERTIONS, MAX_DEPTH};
use super::JunitError;
use crate::labeling::{InputState, Value};
use crate::replay::observation::{Ended, Observation, Observed};

/// Writes the call with the assertions on its outcome and on its inputs.
pub(super) fn assert_outcome(
    s: &mut Scope,
    subject: &Subject,
    state: &InputState,
    obs: &Observation,
    inputs: &Inputs,
    call: &Call,
) -> Result<(), JunitError> {
    let mut a = Asserter::new(obs, state);
    a.identity = identities(subject, state, obs, inputs)?;
    for (&k, &i) in &a.identity {
        if let Some(v) = &inputs.vars[i] {
            a.seen.insert(k, v.name.clone());
        }
    }
    match &obs.ended {
        Ended::Returned { value } => returned(s, &mut a, subject, inputs, call, value.as_ref())?,
        Ended::Threw { class, message } => threw(s, call, class, message.as_deref()),
        Ended::RanAway { .. } => {
            return Err(JunitError::Unsupported(format!(
                "a call that {} (the test would hang)",
                obs.ended.summary()
            )))
        }
    }
    // What the call changed in its inputs (those whose identity is known;
    // a reference to another object counts as a change and is asserted
    // deeply).
    let mut known: Vec<(usize, usize)> = a.identity.iter().map(|(&k, &i)| (i, k)).collect();
    known.sort();
    for (i, k) in known {
        let Some(v) = inputs.vars[i].clone() else {
            continue;
        };
        a.changes(s, &v, i, k)?;
    }
    if a.truncated {
        s.line(format!(
            "// (assertions stop {MAX_DEPTH} objects deep and after {MAX_ASSERTIONS} per test)"
        ));
    }
    Ok(())
}

/// Observed object → input object, where the identity is known: what the
/// replay maps, and the receiver and the arguments after the call, which
/// are the objects passed in whatever the call did to them (known even
/// when the replay does not map identities).
fn identities(
    subject: &Subject,
    state: &InputState,
    obs: &Observation,
    inputs: &Inputs,
) -> Result<HashMap<usize, usize>, JunitError> {
    let mut identity = HashMap::new();
    for (k, o) in obs.objects.iter().enumerate() {
        if let Some(i) = o.input {
            if i >= state.objects.len() {
                return Err(subject
                    .inconsistent(format!("observed object {k} claims to be input object {i}")));
            }
            identity.insert(k, i);
        }
    }
    let mut roots: Vec<(usize, usize)> = Vec::new();
    if let (Some(Observed::Ref { object }), Some(r), false) =
        (&obs.receiver_after, inputs.receiver, subject.ctor)
    {
        roots.push((*object, r));
    }
    for (arg, after) in state.args.iter().zip(&obs.args_after) {
        if let (Value::Ref { object: id }, Observed::Ref { object }) = (&arg.value, after) {
            roots.push((*object, inputs.check_id(*id)?));
        }
    }
    // A value written in place has no variable to compare with: what the
    // call left there is asserted as a value. So is an array a
    // constructor made (the test does not write it) that the call
    // changed; one it left alone is no news.
    let held = crate::state::held_by_constructions(state);
    identity.retain(|k, i| {
        let untouched = || {
            let before = state.objects[*i].elements.as_ref();
            let after = obs.objects[*k].elements.as_ref();
            before.map(Vec::len) == after.map(Vec::len)
                && before
                    .into_iter()
                    .flatten()
                    .zip(after.into_iter().flatten())
                    .all(|(b, a)| !differs(b, a))
        };
        !inputs.in_place(*i) || (held[*i] && untouched())
    });
    for (k, i) in roots {
        if k >= obs.objects.len() {
            return Err(subject.inconsistent(format!(
                "observed reference to object {k}, which the observation lacks"
            )));
        }
        if !inputs.in_place(i) {
            identity.entry(k).or_insert(i);
        }
    }
    Ok(identity)
}

/// The call returned `value` (`None` from a void method or a constructor).
fn returned(
    s: &mut Scope,
    a: &mut Asserter,
    subject: &Subject,
    inputs: &Inputs,
    call: &Call,
    value: Option<&Observed>,
) -> Result<(), JunitError> {
    let expr = call.cast(s);
    if subject.ctor {
        let class = &subject.target.class;
        let name = match inputs.receiver {
            Some(r) => s.fresh(inputs.hints[r].as_deref().unwrap_or("created")),
            None => s.fresh("created"),
        };
        let vt = s.access.var_type(class);
        s.line(format!("{vt} {name} = {expr};"));
        if let Some(Observed::Ref { object }) = &a.obs.receiver_after {
            a.seen.insert(*object, name.clone());
            let typed = s.access.type_accessible(class);
            a.fields(s, &name, typed, *object, 1)?;
        }
        return Ok(());
    }
    match (value, subject.ret.as_str()) {
        (None, "void") => s.line(format!("{expr};")),
        (Some(v), r) if r != "void" => {
            let name = s.fresh("result");
            let vt = s.access.var_type(r);
            s.line(format!("{vt} {name} = {expr};"));
            a.value(s, &name, &vt, r, v, 0)?;
        }
        _ => {
            return Err(subject.inconsistent(format!(
                "the method returns {}, the replay saw {value:?}",
                subject.ret
            )))
        }
    }
    Ok(())
}

/// The call threw an exception of class `thrown`.
fn threw(s: &mut Scope, call: &Call, thrown: &str, message: Option<&str>) {
    let (ty, known) = if s.access.type_accessible(thrown) {
        (s.access.type_name(thrown), true)
    } else {
        ("Throwable".to_string(), false)
    };
    let name = s.fresh("thrown");
    s.line(format!(
        "{ty} {name} = assertThrows({ty}.class, () -> {});",
        call.expr
    ));
    if !known {
        s.line(format!(
            "assertEquals({}, {name}.getClass().getName());",
            java::string_literal(thrown)
        ));
    }
    if is_implicit(thrown) && message.is_none_or(|m| jvm_message(thrown, m)) {
        // The JVM's own message (or none: the JIT throws preallocated
        // exceptions without one) changes with JaCoCo's instrumentation
        // (`<local2>` becomes `<local3>`) and with the JIT: never asserted.
        s.line("// (the JVM's own message is not asserted: it changes with instrumentation and the JIT)".to_string());
        return;
    }
    match message {
        Some(m) if !has_identity_hash(m) && !m.contains('\u{fffd}') => {
            s.line(format!(
                "assertEquals({}, {name}.getMessage());",
                java::string_literal(m)
            ));
        }
        Some(m) if m.contains('\u{fffd}') => {
            // The replay writes an unpaired surrogate as U+FFFD (JSON text
            // cannot carry one): the message is not known exactly.
            s.line("// (the message holds an unpaired UTF-16 surrogate; not asserted)".to_string());
        }
        Some(_) => {
            s.line("// (the message names an identity hash code; not asserted)".to_string());
        }
        None => s.line(format!("assertNull({name}.getMessage());")),
    }
}

/// The exceptions the JVM raises itself, without `athrow` (JVMS §2.10).
fn is_implicit(class: &str) -> bool {
    matches!(
        class,
        "java.lang.NullPointerException"
            | "java.lang.ArithmeticException"
            | "java.lang.ArrayIndexOutOfBoundsException"
            | "java.lang.ArrayStoreException"
            | "java.lang.ClassCastException"
            | "java.lang.NegativeArraySizeException"
            | "java.lang.IllegalMonitorStateException"
    )
}

/// Whether `m` is in the form the JVM writes for an implicit exception of
/// `class` (HotSpot's helpful NullPointerException messages, JEP 358, and
/// the messages of the other checks) rather than one a program wrote.
fn jvm_message(class: &str, m: &str) -> bool {
    match class {
        "java.lang.NullPointerException" => m.starts_with("Cannot "),
        "java.lang.ArithmeticException" => m == "/ by zero",
        "java.lang.ArrayIndexOutOfBoundsException" => {
            m.starts_with("Index ") && m.contains(" out of bounds for length ")
                || m.starts_with("arraycopy: ")
        }
        "java.lang.ClassCastException" => {
            m.starts_with("class ") && m.contains(" cannot be cast to ")
        }
        "java.lang.NegativeArraySizeException" => {
            m.parse::<i64>().is_ok() || m.starts_with("arraycopy: ")
        }
        "java.lang.ArrayStoreException" => true,
        "java.lang.IllegalMonitorStateException" => m.starts_with("current thread is not owner"),
        _ => false,
    }
}

/// `Foo@1b6d3586`: a text that changes from run to run.
pub(super) fn has_identity_hash(m: &str) -> bool {
    m.match_indices('@').any(|(i, _)| {
        let hex = m[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
            .count();
        hex >= 4
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jvms_own_messages_are_told_apart() {
        let npe = "java.lang.NullPointerException";
        assert!(jvm_message(
            npe,
            "Cannot invoke \"java.lang.Comparable.compareTo(Object)\" because \"k1\" is null"
        ));
        assert!(!jvm_message(npe, "key must not be null"));
        assert!(jvm_message("java.lang.ArithmeticException", "/ by zero"));
        assert!(jvm_message(
            "java.lang.ArrayIndexOutOfBoundsException",
            "Index 5 out of bounds for length 3"
        ));
        assert!(jvm_message(
            "java.lang.ClassCastException",
            "class a.B cannot be cast to class a.C (a.B and a.C are in unnamed module of loader 'app')"
        ));
        assert!(!is_implicit("java.lang.IllegalArgumentException"));
    }

    #[test]
    fn identity_hashes() {
        assert!(has_identity_hash("coord.Coord@1b6d3586 is bad"));
        assert!(!has_identity_hash("user@example"));
        assert!(!has_identity_hash("negative: -3"));
    }
}
