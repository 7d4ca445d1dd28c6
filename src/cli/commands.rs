//! The commands: each returns the text to print, or the error line.

use std::fmt::Write as _;

use super::target::{aim as find_aim, code_of, find_method, select, UserError};
use super::{AimArgs, AimFormat, CfgArgs, CfgFormat, MethodsArgs};
use crate::cfg::{Cfg, CfgText};
use crate::classfile::{access, Class, Method};
use crate::frames;
use crate::replay::{self, Observation, Observed, ReplayFailure};
use crate::search::{self, Outcome, Verdict};
use std::path::{Path, PathBuf};

fn analysis_error(class: &Class, method: &Method, e: impl std::fmt::Display) -> UserError {
    UserError(format!("{}.{method}: {e}", class.java_name()))
}

/// `jaut TARGET --method M --pc N`: the target, then the search's verdict.
pub fn aim(args: &AimArgs) -> Result<(String, u8), UserError> {
    if let Some(exception) = &args.throws {
        return super::throws::aim_throws(args, exception);
    }
    let selected = select(&args.source)?;
    let target = args.source.target.as_deref().unwrap_or_default();
    let class = selected.single(target)?;
    let spec = args.method.as_deref().expect("clap requires --method");
    let method = find_method(&class, spec)?;
    let code = code_of(&class, method)?;
    let aim = find_aim(&class, method, code, args.pc, args.line)?;
    let cfg = Cfg::build(&selected.cp, code).map_err(|e| analysis_error(&class, method, e))?;
    let frames = frames::compute(&selected.cp, &class, method)
        .map_err(|e| analysis_error(&class, method, e))?;

    let insn = code.instruction_at(aim.pc).expect("aim checked the pc");
    let mut out = String::new();
    let _ = writeln!(out, "class    {}", class.java_name());
    let _ = writeln!(out, "method   {method}    {}", method.signature());
    let _ = writeln!(out, "pc       {}: {insn}", aim.pc);
    let source = class.source_file.as_deref().unwrap_or("unknown source");
    match code.line_of(aim.pc) {
        Some(line) if aim.line_pcs.is_empty() => {
            let _ = writeln!(out, "line     {line} ({source})");
        }
        Some(line) => {
            let others: Vec<String> = aim.line_pcs.iter().map(u32::to_string).collect();
            let _ = writeln!(
                out,
                "line     {line} ({source}); first of its instructions, the others at pc {}",
                others.join(", ")
            );
        }
        None => {
            let _ = writeln!(out, "line     none (no LineNumberTable)");
        }
    }
    let block = cfg
        .block_of(aim.pc)
        .expect("every instruction is in a block");
    let b = cfg.block(block).expect("a block");
    let preds: Vec<String> = cfg
        .preds(block)
        .into_iter()
        .map(|(p, e)| format!("block{} ({e})", cfg.block_number(p).unwrap_or(0)))
        .collect();
    let _ = writeln!(
        out,
        "block    block{} (pc {}..{}){}",
        cfg.block_number(block).unwrap_or(0),
        b.start,
        b.end,
        if cfg.is_reachable(block) {
            ""
        } else {
            ", unreachable from the entry"
        }
    );
    if !preds.is_empty() {
        let _ = writeln!(out, "entered  from {}", preds.join("; "));
    }
    match frames.at(aim.pc) {
        Some(frame) => {
            let stack: Vec<String> = frame.stack.iter().map(|t| t.to_string()).collect();
            let _ = writeln!(out, "stack    [{}]", stack.join(", "));
            let mut locals = Vec::new();
            let mut i = 0;
            while i < frame.locals.len() {
                let t = &frame.locals[i];
                let name = code
                    .local_name(i as u16, aim.pc)
                    .map_or(String::new(), |n| format!("{n}: "));
                locals.push(format!("{i} {name}{t}"));
                i += t.size();
            }
            let _ = writeln!(out, "locals   {}", locals.join(", "));
        }
        None => {
            let _ = writeln!(out, "frame    none: no path from the entry reaches this pc");
        }
    }
    // The JVM starts while the search runs (it is stopped unused when the
    // target is not reached).
    let starting =
        (!args.no_replay).then(|| replay::Starting::begin(jvm_class_path(&args.source, &class)));
    let mut outcome = search::search(&selected.cp, &class, method, aim.pc, &args.bounds.config()?)
        .map_err(|e| analysis_error(&class, method, e))?;
    // Where the search stopped at a bound, constant-seeded inputs may still
    // reach the target in the JVM (src/seed.rs); the search's reasons stay
    // in the output.
    let mut seeded_after: Option<Vec<crate::reason::Reason>> = None;
    let mut seeded_replay = None;
    let starting = match (&outcome.verdict, starting) {
        (Verdict::Unknown { reasons }, Some(starting)) => {
            let reasons = reasons.clone();
            if let Some((state, observation)) = seeded_reach(starting, &class, method, aim.pc) {
                outcome.verdict = Verdict::Reached {
                    state,
                    path: Vec::new(),
                };
                seeded_after = Some(reasons);
                seeded_replay = Some(Ok(observation));
            }
            None
        }
        (_, starting) => starting,
    };
    let replay = match (&outcome.verdict, starting) {
        _ if seeded_replay.is_some() => seeded_replay,
        (Verdict::Reached { state, .. }, Some(starting)) => Some(
            starting
                .finish()
                .map_err(|e| ReplayFailure::NoJvm(e.to_string()))
                .and_then(|mut r| {
                    replay::replay_with(
                        &mut r,
                        &class,
                        method,
                        aim.pc,
                        state,
                        replay::DEFAULT_TIMEOUT,
                    )
                }),
        ),
        _ => None,
    };
    // Only a JVM contradicting the search changes the exit status: a replay
    // that failed (System.exit, a timeout, a crash in the code under test)
    // neither confirms nor refutes the state, and says so.
    let confirmed = match &replay {
        Some(Ok(o)) => o.reached,
        None | Some(Err(_)) => true,
    };
    let code_out = u8::from(!(matches!(outcome.verdict, Verdict::Reached { .. }) && confirmed));
    if let (Some(Ok(o)), Verdict::Reached { state, .. }) = (&replay, &outcome.verdict) {
        if !o.reached {
            eprintln!(
                "jaut: warning: the JVM did not execute pc {} of {}.{method} with the state found; \
                 the search's model is unsound here. The state:\n{state}",
                aim.pc,
                class.java_name()
            );
        }
    }
    // The JUnit test, only for a state the JVM confirmed: its assertions
    // are what the replay observed (docs/junit.md).
    let test_file = match (&replay, &outcome.verdict) {
        (Some(Ok(o)), Verdict::Reached { state, path }) if o.reached => {
            let flavor = if args.junit4 {
                crate::junit::Flavor::Junit4
            } else {
                crate::junit::Flavor::Junit5
            };
            let written = crate::junit::write_test(
                &selected.cp,
                &class,
                method,
                aim.pc,
                state,
                path,
                o,
                &args.out,
                flavor,
                args.force,
            )
            .map_err(|e| UserError(e.to_string()))?;
            Some(written)
        }
        _ => None,
    };
    if args.format == AimFormat::Json {
        let mut json = verdict_json(&class, method, aim.pc, code.line_of(aim.pc), &outcome);
        if matches!(outcome.verdict, Verdict::Reached { .. }) {
            json["replay"] = replay_json(replay.as_ref());
            json["test"] = serde_json::json!(test_file.as_ref().map(|p| p.display().to_string()));
        }
        if let Some(reasons) = &seeded_after {
            json["seeded"] = serde_json::json!({ "search_reasons": reasons });
        }
        let text = serde_json::to_string_pretty(&json).expect("JSON values serialize");
        return Ok((format!("{text}\n"), code_out));
    }
    write_verdict(&mut out, &outcome);
    if let Some(reasons) = &seeded_after {
        let _ = writeln!(
            out,
            "seeded   a constant-seeded input (src/seed.rs); the backward search had stopped: {}",
            crate::reason::joined(reasons)
        );
    }
    if let Verdict::Reached { state, .. } = &outcome.verdict {
        let names: Vec<&str> = state.args.iter().map(|a| a.name.as_str()).collect();
        write_replay(&mut out, aim.pc, method, &names, replay.as_ref());
        let _ = match &test_file {
            Some(p) => writeln!(out, "test     {}", p.display()),
            None if replay.is_none() => {
                writeln!(
                    out,
                    "test     not written: without a replay there is nothing to assert"
                )
            }
            None => writeln!(
                out,
                "test     not written: the replay did not confirm the state"
            ),
        };
    }
    Ok((out, code_out))
}

/// The first constant-seeded state the JVM shows reaching `pc`
/// ([`crate::seed::first_reaching`]).
fn seeded_reach(
    starting: replay::Starting,
    class: &Class,
    method: &Method,
    pc: u32,
) -> Option<(crate::labeling::InputState, Observation)> {
    crate::seed::seeded_states(class, method, 1)?;
    let mut replayer = starting.finish().ok()?;
    crate::seed::first_reaching(class, method, |state| {
        replay::replay_with(
            &mut replayer,
            class,
            method,
            pc,
            state,
            replay::DEFAULT_TIMEOUT,
        )
        .ok()
        .filter(|o| o.reached)
    })
}

/// The directories and jars the JVM needs for TARGET and `--classpath`: as
/// given, except that a `.class` file stands for its package root.
pub(super) fn jvm_class_path(source: &super::Source, class: &Class) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    let mut add = |p: PathBuf| {
        let p = if p.extension().is_some_and(|e| e == "class") {
            let name = crate::classpath::ClassPath::new()
                .ok()
                .and_then(|mut cp| cp.add(&p).ok())
                .and_then(|names| names.into_iter().next())
                .unwrap_or_else(|| class.name.clone());
            match crate::classpath::ClassPath::package_root(&p, &name) {
                Some(root) => root,
                None => return,
            }
        } else {
            p
        };
        if !paths.contains(&p) {
            paths.push(p);
        }
    };
    if let Some(t) = source
        .target
        .as_deref()
        .map(Path::new)
        .filter(|p| p.exists())
    {
        add(t.to_path_buf());
    }
    for entry in super::classpath_entries(&source.classpath) {
        add(entry);
    }
    paths
}

/// The replay's result, for people.
fn write_replay(
    out: &mut String,
    pc: u32,
    method: &Method,
    names: &[&str],
    replay: Option<&Result<Observation, ReplayFailure>>,
) {
    match replay {
        None => {
            let _ = writeln!(
                out,
                "replay   skipped (--no-replay): the state was not run in a JVM"
            );
        }
        Some(Err(why)) => {
            let _ = writeln!(out, "replay   failed: {why}");
        }
        Some(Ok(o)) => {
            let total = method.code.as_ref().map_or(0, |c| c.instructions.len());
            if o.reached {
                let _ = writeln!(
                    out,
                    "replay   confirmed: the JVM executed pc {pc} ({} of {total} instructions ran)",
                    o.executed.len()
                );
            } else {
                let _ = writeln!(
                    out,
                    "replay   MISMATCH: the JVM did not execute pc {pc} with this state \
                     (the search's model is unsound here)"
                );
            }
            let pcs: Vec<String> = o.executed.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "  executed pcs  {}", pcs.join(" "));
            let _ = writeln!(out, "  {}", o.outcome());
            if let Some(r) = &o.receiver_after {
                let _ = writeln!(out, "  {:<13} {}", "this after", o.show(r, ""));
            }
            for (i, a) in o.args_after.iter().enumerate() {
                // Primitives are passed by value: only objects can change.
                if matches!(a, Observed::Ref { .. }) {
                    let name = names.get(i).map_or(format!("arg{i}"), |n| n.to_string());
                    let _ = writeln!(out, "  {:<13} {}", format!("{name} after"), o.show(a, ""));
                }
            }
        }
    }
}

/// The `replay` object of the JSON form (docs/state-json.md).
fn replay_json(replay: Option<&Result<Observation, ReplayFailure>>) -> serde_json::Value {
    use serde_json::json;
    match replay {
        None => json!({ "status": "skipped" }),
        Some(Err(why)) => json!({ "status": "failed", "reason": why.to_string() }),
        Some(Ok(o)) => {
            let mut v = json!({ "status": if o.reached { "confirmed" } else { "mismatch" } });
            if let (Some(m), serde_json::Value::Object(fields)) = (
                v.as_object_mut(),
                serde_json::to_value(o).expect("observations serialize"),
            ) {
                m.extend(fields);
            }
            v
        }
    }
}

/// The verdict, the state and the path, for people.
pub(super) fn write_verdict(out: &mut String, outcome: &Outcome) {
    let _ = writeln!(out, "verdict  {}", outcome.verdict.name());
    match &outcome.verdict {
        Verdict::Reached { state, path } => {
            for line in state.to_string().lines() {
                let _ = writeln!(out, "  {line}");
            }
            // The method's own blocks by line; callees by name.
            let root = path.first().map(|s| s.method.as_str()).unwrap_or_default();
            let mut lines: Vec<String> = Vec::new();
            let mut callees: Vec<String> = Vec::new();
            for step in path {
                if step.method != root {
                    let name = step
                        .method
                        .rsplit_once('(')
                        .map_or(step.method.as_str(), |(m, _)| m)
                        .replace('/', ".");
                    if !callees.contains(&name) {
                        callees.push(name);
                    }
                    continue;
                }
                let l = step
                    .line
                    .map_or(format!("pc {}", step.pc), |l| l.to_string());
                if lines.last() != Some(&l) {
                    lines.push(l);
                }
            }
            let through = if callees.is_empty() {
                String::new()
            } else {
                format!(" (calls {})", callees.join(", "))
            };
            if !path.is_empty() {
                let _ = writeln!(out, "path     lines {}{through}", lines.join(" → "));
            }
        }
        Verdict::Unreachable { conflicts } => {
            let _ = writeln!(
                out,
                "  every path to the target is infeasible (no bound was hit)"
            );
            if !conflicts.is_empty() {
                let _ = writeln!(out, "  paths die at: {}", conflicts.join("; "));
            }
        }
        Verdict::Unknown { reasons } => {
            for r in reasons {
                let _ = writeln!(out, "  {r}");
            }
        }
    }
    let st = &outcome.stats;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    let _ = writeln!(
        out,
        "time     {:.1} ms (solver {:.1}, labeling {:.1}); {} checks, {} paths cut or refuted, loop bound {}",
        ms(st.total),
        ms(st.solver),
        ms(st.labeling),
        st.checks,
        st.paths,
        st.loop_bound
    );
}

/// The JSON form (schema: docs/state-json.md).
pub(super) fn verdict_json(
    class: &Class,
    method: &Method,
    pc: u32,
    line: Option<u16>,
    outcome: &Outcome,
) -> serde_json::Value {
    use serde_json::json;
    let st = &outcome.stats;
    let ms = |d: std::time::Duration| (d.as_secs_f64() * 1e6).round() / 1e3;
    let mut v = json!({
        "schema": 1,
        "target": {
            "class": class.java_name(),
            "method": method.name,
            "descriptor": method.descriptor,
            "pc": pc,
            "line": line,
        },
        "verdict": outcome.verdict.name(),
        "stats": {
            "total_ms": ms(st.total),
            "solver_ms": ms(st.solver),
            "labeling_ms": ms(st.labeling),
            "checks": st.checks,
            "paths": st.paths,
            "rounds": st.rounds,
            "loop_bound": st.loop_bound,
        },
    });
    match &outcome.verdict {
        Verdict::Reached { state, path } => {
            v["state"] = serde_json::to_value(state).expect("states serialize");
            v["path"] = serde_json::to_value(path).expect("paths serialize");
        }
        Verdict::Unreachable { conflicts } => v["conflicts"] = json!(conflicts),
        Verdict::Unknown { reasons } => v["reasons"] = json!(reasons),
    }
    v
}

/// `jaut methods TARGET`.
pub fn methods(args: &MethodsArgs) -> Result<(String, u8), UserError> {
    let selected = select(&args.source)?;
    let mut out = String::new();
    for class in &selected.classes {
        let kind = if class.is_interface() {
            "interface"
        } else if class.is_abstract() {
            "abstract class"
        } else {
            "class"
        };
        let _ = write!(out, "{kind} {}", class.java_name());
        if let Some(s) = &class.source_file {
            let _ = write!(out, " ({s})");
        }
        if let Some(sup) = &class.super_class {
            let _ = write!(out, " extends {}", sup.replace('/', "."));
        }
        out.push('\n');
        let width = class
            .methods
            .iter()
            .map(|m| m.to_string().len() + modifiers(m).len())
            .max()
            .unwrap_or(0);
        for m in &class.methods {
            let name = format!("{}{m}", modifiers(m));
            let detail = match &m.code {
                Some(code) => {
                    let lines = match (
                        code.lines.iter().map(|l| l.line).min(),
                        code.lines.iter().map(|l| l.line).max(),
                    ) {
                        (Some(lo), Some(hi)) if lo == hi => format!("line {lo}"),
                        (Some(lo), Some(hi)) => format!("lines {lo}-{hi}"),
                        _ => "no line numbers".into(),
                    };
                    format!(
                        "{:>5} bytes {:>4} instructions  {lines}",
                        code.code_len,
                        code.instructions.len()
                    )
                }
                None if m.is_abstract() => "abstract".into(),
                None if m.is_native() => "native".into(),
                None => "no code".into(),
            };
            let _ = writeln!(out, "  {name:<width$}  {detail}");
        }
    }
    Ok((out, 0))
}

fn modifiers(m: &Method) -> String {
    let mut s = String::new();
    for (flag, word) in [
        (access::PUBLIC, "public "),
        (access::PROTECTED, "protected "),
        (access::PRIVATE, "private "),
        (access::STATIC, "static "),
    ] {
        if m.access & flag != 0 {
            s.push_str(word);
        }
    }
    s
}

/// `jaut cfg TARGET --method M`.
pub fn cfg(args: &CfgArgs) -> Result<(String, u8), UserError> {
    let selected = select(&args.source)?;
    let target = args.source.target.as_deref().unwrap_or_default();
    let class = selected.single(target)?;
    let method = find_method(&class, &args.method)?;
    let code = code_of(&class, method)?;
    let cfg = Cfg::build(&selected.cp, code).map_err(|e| analysis_error(&class, method, e))?;
    let frames = frames::compute(&selected.cp, &class, method)
        .map_err(|e| analysis_error(&class, method, e))?;
    let text = CfgText {
        cfg: &cfg,
        code,
        frames: Some(&frames),
    };
    Ok((
        match args.format {
            CfgFormat::Text => format!(
                "{}.{method}  ({} blocks, max_stack {}, max_locals {})\n{text}",
                class.java_name(),
                cfg.blocks().len(),
                code.max_stack,
                code.max_locals
            ),
            CfgFormat::Dot => text.dot(),
        },
        0,
    ))
}
