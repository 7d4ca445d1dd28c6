//! The lines exchanged with the worker. Requests:
//! `{"id":N,"class":..,"method":..,"descriptor":..,"target_pc":..,"pcs":[..],"state":{..}}`
//! with the state in the schema of `docs/state-json.md`, except that
//! non-finite floats travel as the strings `"NaN"`, `"Infinity"` and
//! `"-Infinity"` (JSON has no such numbers). Answers: `{"ready":true}` once,
//! then per request `{"id":N,"observation":{..}}`, `{"id":N,"error":".."}`
//! `{"id":N,"unbuilt":{"object":I,"why":".."}}` (object `I` of the state
//! could not be made by its `constructor`), or `{"id":N,"fatal":".."}`, preceded by `{"id":N,"exiting":{"reached":..,
//! "executed":[..]}}` when the code under test calls `System.exit` (the
//! worker then ends); a worker that cannot start says
//! `{"start_error":".."}`.

use serde_json::{json, Map, Value as Json};

use super::{Observation, ReplayRequest};
use crate::labeling::{InputState, Value};

pub(super) enum Answer {
    Observation(Box<Observation>),
    Refused(String),
    /// An object of the state its constructor call could not make.
    Unbuilt {
        object: usize,
        why: String,
    },
    Fatal(String),
    /// The JVM is exiting during the call (`System.exit`): the trace so far.
    Exiting {
        reached: bool,
        executed: Vec<u32>,
    },
}

/// The worker's first line: ready, or why it could not start (its
/// [`WorkerError`](super::worker::WorkerError) as text).
pub(super) enum Greeting {
    Ready,
    StartError(String),
}

/// A line with a request's id that is no answer.
#[derive(Debug, thiserror::Error)]
pub(super) enum ProtocolError {
    #[error("an observation that does not parse ({0})")]
    Observation(#[source] serde_json::Error),
    /// The whole line.
    #[error("an answer without observation: {0}")]
    NoObservation(String),
}

/// The request as one line, newline included.
pub(super) fn request_line(id: u64, r: &ReplayRequest<'_>) -> String {
    let v = json!({
        "id": id,
        "class": r.class.replace('/', "."),
        "method": r.method,
        "descriptor": r.descriptor,
        "target_pc": r.target_pc,
        "pcs": r.instruction_pcs,
        "state": state_json(r.state),
    });
    let mut line = v.to_string();
    line.push('\n');
    line
}

fn value_json(v: &Value) -> Json {
    match v {
        Value::Null => Json::Null,
        Value::Bool(b) => json!(b),
        Value::Int(i) => json!(i),
        Value::Float(x) if x.is_finite() => json!(x),
        Value::Float(x) if x.is_nan() => json!("NaN"),
        Value::Float(x) if *x > 0.0 => json!("Infinity"),
        Value::Float(_) => json!("-Infinity"),
        Value::Str(s) => json!(s),
        Value::Utf16 { utf16 } => json!({ "utf16": utf16 }),
        Value::Ref { object } => json!({ "ref": object }),
        Value::Enum { class, constant } => json!({ "enum": class, "constant": constant }),
        Value::Class { name } => json!({ "class_object": name }),
    }
}

fn state_json(s: &InputState) -> Json {
    let mut m = Map::new();
    if let Some(r) = &s.receiver {
        m.insert("this".into(), value_json(r));
    }
    m.insert(
        "args".into(),
        s.args
            .iter()
            .map(|a| json!({ "name": a.name, "type": a.ty, "value": value_json(&a.value) }))
            .collect(),
    );
    m.insert(
        "statics".into(),
        s.statics
            .iter()
            .map(|st| {
                json!({ "class": st.class, "field": st.field, "type": st.ty,
                        "value": value_json(&st.value) })
            })
            .collect(),
    );
    // The values the calls to the environment in the method under test
    // return, by pc, in the order the calls run (booleans as 0 and 1,
    // floats and strings, a null string included, as the state writes them).
    let mut environment: Vec<(u32, Vec<Json>)> = Vec::new();
    for e in s.environment.iter().filter(|e| e.injectable) {
        let v = match &e.value {
            crate::state::Value::Bool(b) => json!(i64::from(*b)),
            v @ (crate::state::Value::Null
            | crate::state::Value::Int(_)
            | crate::state::Value::Float(_)
            | crate::state::Value::Str(_)
            | crate::state::Value::Utf16 { .. }) => value_json(v),
            _ => continue,
        };
        match environment.iter_mut().find(|(pc, _)| *pc == e.pc) {
            Some((_, values)) => values.push(v),
            None => environment.push((e.pc, vec![v])),
        }
    }
    m.insert(
        "environment".into(),
        environment
            .iter()
            .map(|(pc, values)| json!({ "pc": pc, "values": values }))
            .collect(),
    );
    // Arrays a constructor makes its own copy of: compared by contents.
    let held = crate::state::held_by_constructions(s);
    let by_contents =
        |v: &Value| matches!(v, Value::Ref { object } if held.get(*object) == Some(&true));
    m.insert(
        "objects".into(),
        s.objects
            .iter()
            .map(|o| {
                let mut obj = json!({
                    "id": o.id,
                    "class": o.class,
                    "fields": o.fields.iter().map(|f| json!({
                        "name": f.name, "declared_in": f.declared_in, "type": f.ty,
                        "value": value_json(&f.value), "contents": by_contents(&f.value),
                    })).collect::<Vec<_>>(),
                });
                if let Some(e) = &o.elements {
                    obj["elements"] = e.iter().map(value_json).collect();
                }
                if let Some(factory) = o.collection() {
                    obj["built_by"] = json!("collection");
                    obj["factory"] = json!(factory);
                }
                if let Some(c) = o.construction() {
                    obj["constructor"] = json!({
                        "descriptor": c.descriptor,
                        "args": c.args.iter().map(value_json).collect::<Vec<_>>(),
                        "constant": c.constant.as_ref().map(|k| json!({ "class": k.class, "field": k.field })),
                        "factory": c.factory.as_ref().map(|k| json!({ "class": k.class, "field": k.field })),
                        "setters": c.setters.iter().map(|s| json!({
                            "method": s.method, "descriptor": s.descriptor, "arg": value_json(&s.arg),
                        })).collect::<Vec<_>>(),
                        "builder": c.builder,
                    });
                }
                if let Some(methods) = &o.mock {
                    obj["mock"] = methods
                        .iter()
                        .map(|m| {
                            json!({
                                "method": m.method,
                                "returns": m.returns.iter().map(value_json).collect::<Vec<_>>(),
                                "throws": m.throws,
                            })
                        })
                        .collect();
                }
                obj
            })
            .collect(),
    );
    Json::Object(m)
}

/// `Some` when the line is the worker's greeting.
pub(super) fn ready(line: &str) -> Option<Greeting> {
    let v: Json = serde_json::from_str(line).ok()?;
    if v.get("ready").and_then(Json::as_bool) == Some(true) {
        return Some(Greeting::Ready);
    }
    v.get("start_error")
        .map(|e| Greeting::StartError(e.as_str().unwrap_or("unknown error").to_string()))
}

/// `Some` when the line answers request `id`; lines that are not JSON
/// objects with that id are someone else's output.
pub(super) fn answer(line: &str, id: u64) -> Option<Result<Answer, ProtocolError>> {
    let mut v: Json = serde_json::from_str(line).ok()?;
    if v.get("id").and_then(Json::as_u64) != Some(id) {
        return None;
    }
    if let Some(o) = v.get_mut("observation") {
        return Some(
            serde_json::from_value(o.take())
                .map(|o| Answer::Observation(Box::new(o)))
                .map_err(ProtocolError::Observation),
        );
    }
    let text = |k: &str| v.get(k).map(|e| e.as_str().unwrap_or_default().to_string());
    if let Some(u) = v.get("unbuilt") {
        let object = u.get("object").and_then(Json::as_u64).unwrap_or(u64::MAX);
        let why = u.get("why").and_then(Json::as_str).unwrap_or_default();
        return Some(Ok(Answer::Unbuilt {
            object: usize::try_from(object).unwrap_or(usize::MAX),
            why: why.to_string(),
        }));
    }
    if let Some(e) = text("error") {
        return Some(Ok(Answer::Refused(e)));
    }
    if let Some(e) = text("fatal") {
        return Some(Ok(Answer::Fatal(e)));
    }
    if let Some(x) = v.get("exiting") {
        let reached = x.get("reached").and_then(Json::as_bool).unwrap_or(false);
        let executed = x
            .get("executed")
            .and_then(Json::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|n| n.as_u64())
                    .map(|n| n as u32)
                    .collect()
            })
            .unwrap_or_default();
        return Some(Ok(Answer::Exiting { reached, executed }));
    }
    Some(Err(ProtocolError::NoObservation(line.to_string())))
}
