//! `jaut TARGET --method M --throws EXCEPTION`: an input state that makes
//! the method end by throwing `EXCEPTION` (or a subclass), replayed in the
//! JVM, which must see that exception leave the method.

use std::fmt::Write as _;

use super::commands::{jvm_class_path, verdict_json, write_verdict};
use super::target::{code_of, find_method, select, UserError};
use super::{AimArgs, AimFormat};
use crate::replay::{self, replay_reached, Ended};
use crate::search::{self, Goal, Verdict};

pub fn aim_throws(args: &AimArgs, exception: &str) -> Result<(String, u8), UserError> {
    let selected = select(&args.source)?;
    let target = args.source.target.as_deref().unwrap_or_default();
    let class = selected.single(target)?;
    let spec = args.method.as_deref().expect("clap requires --method");
    let method = find_method(&class, spec)?;
    code_of(&class, method)?;
    let internal = exception.replace('.', "/");
    match selected.cp.is_assignable(&internal, "java/lang/Throwable") {
        Ok(true) => {}
        Ok(false) => {
            return Err(UserError(format!(
                "--throws {exception}: not a subclass of java.lang.Throwable"
            )))
        }
        Err(_) => {
            return Err(UserError(format!(
                "--throws {exception}: no such class on the class path"
            )))
        }
    }
    let outcome = search::search_goal(
        &selected.cp,
        &class,
        method,
        &Goal::Throws(internal.clone()),
        &args.bounds.config()?,
    )
    .map_err(|e| UserError(format!("{}.{method}: {e}", class.java_name())))?;

    // The JVM must see an exception of that class leave the method.
    let replay = match &outcome.verdict {
        Verdict::Reached { state, .. } if !args.no_replay => Some(replay_reached(
            &jvm_class_path(&args.source, &class),
            &class,
            method,
            0,
            state,
            replay::DEFAULT_TIMEOUT,
        )),
        _ => None,
    };
    let thrown = |o: &replay::Observation| match &o.ended {
        Ended::Threw { class, .. } => selected
            .cp
            .is_assignable(&class.replace('.', "/"), &internal)
            .unwrap_or(false),
        Ended::Returned { .. } => false,
    };
    let confirmed = match &replay {
        None => true,
        Some(Ok(o)) => thrown(o),
        Some(Err(_)) => false,
    };
    let code_out = u8::from(!(matches!(outcome.verdict, Verdict::Reached { .. }) && confirmed));

    if args.format == AimFormat::Json {
        let mut json = verdict_json(&class, method, 0, None, &outcome);
        json["target"]["throws"] = serde_json::json!(exception);
        if let Some(t) = json["target"].as_object_mut() {
            t.remove("pc");
            t.remove("line");
        }
        if matches!(outcome.verdict, Verdict::Reached { .. }) {
            json["replay"] = match &replay {
                None => serde_json::json!({ "status": "skipped" }),
                Some(Err(why)) => {
                    serde_json::json!({ "status": "failed", "reason": why.to_string() })
                }
                Some(Ok(o)) => {
                    let mut v = serde_json::to_value(o).expect("observations serialize");
                    v["status"] =
                        serde_json::json!(if thrown(o) { "confirmed" } else { "mismatch" });
                    v
                }
            };
        }
        let text = serde_json::to_string_pretty(&json).expect("JSON values serialize");
        return Ok((format!("{text}\n"), code_out));
    }
    let mut out = String::new();
    let _ = writeln!(out, "class    {}", class.java_name());
    let _ = writeln!(out, "method   {method}    {}", method.signature());
    let _ = writeln!(out, "goal     throws {exception}");
    write_verdict(&mut out, &outcome);
    match &replay {
        None if matches!(outcome.verdict, Verdict::Reached { .. }) => {
            let _ = writeln!(
                out,
                "replay   skipped (--no-replay): the state was not run in a JVM"
            );
        }
        None => {}
        Some(Err(why)) => {
            let _ = writeln!(out, "replay   failed: {why}");
        }
        Some(Ok(o)) if thrown(o) => {
            let _ = writeln!(out, "replay   confirmed: {}", o.outcome());
        }
        Some(Ok(o)) => {
            let _ = writeln!(
                out,
                "replay   MISMATCH: {} (the search's model is unsound here)",
                o.outcome()
            );
        }
    }
    Ok((out, code_out))
}
