//! The text and JSON that `jaut` (the default flow, `--pc`, `--line`,
//! `--throws`) prints for one target: the target's description (class,
//! method, instruction, line, block, predecessors, frame), what the replay
//! saw, the verdict (text and JSON) and the path found.

use std::fmt::Write as _;

use jaut::analysis::AnalysisError;
use jaut::classfile::{Class, Method};
use jaut::pipeline::{Outcome, Replayed, Verdict};
use jaut::replay::Observed;
use jaut::search::{Goal, PathStep};

use super::commands::analysis_error;
use super::target::{code_of, UserError};
use jaut::program::Program;
/// The target's description: class, method, instruction, line, block,
/// predecessors, stack and locals.
pub(super) fn write_target(
    out: &mut String,
    cp: &Program,
    class: &Class,
    method: &Method,
    aim: &super::target::Aim,
) -> Result<(), UserError> {
    let code = code_of(class, method)?;
    let error = |e: AnalysisError| analysis_error(class, method, e.detail());
    let cfg = cp.analyses().cfg(cp, class, method).map_err(error)?;
    let frames = cp.analyses().frames(cp, class, method).map_err(error)?;
    let insn = code.instruction_at(aim.pc).expect("aim checked the pc");
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
    Ok(())
}

/// The replay's result, for people.
pub(super) fn write_replay(
    out: &mut String,
    goal: &Goal,
    method: &Method,
    names: &[&str],
    replay: &Replayed,
) {
    let observation = match replay {
        Replayed::Skipped => {
            let _ = writeln!(
                out,
                "replay   skipped (--no-replay): the state was not run in a JVM"
            );
            return;
        }
        Replayed::Failed(why) => {
            let _ = writeln!(out, "replay   failed: {why}");
            return;
        }
        Replayed::Confirmed(o) => o,
    };
    let _ = match goal {
        Goal::Throws(_) => writeln!(out, "replay   confirmed: {}", observation.outcome()),
        Goal::Pc(pc) | Goal::Edge { to: pc, .. } => {
            let total = method.code.as_ref().map_or(0, |c| c.instructions.len());
            writeln!(
                out,
                "replay   confirmed: the JVM executed pc {pc} ({} of {total} instructions ran)",
                observation.executed.len()
            )
        }
    };
    let o = observation;
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

/// The `replay` object of the JSON form (docs/state-json.md).
pub(super) fn replay_json(replay: &Replayed) -> serde_json::Value {
    use serde_json::json;
    let (status, o) = match replay {
        Replayed::Skipped => return json!({ "status": "skipped" }),
        Replayed::Failed(why) => return json!({ "status": "failed", "reason": why.to_string() }),
        Replayed::Confirmed(o) => ("confirmed", o),
    };
    let mut v = json!({ "status": status });
    if let (Some(m), serde_json::Value::Object(fields)) = (
        v.as_object_mut(),
        serde_json::to_value(o).expect("observations serialize"),
    ) {
        m.extend(fields);
    }
    v
}

/// The verdict, the state and the path, for people.
pub(super) fn write_verdict(out: &mut String, outcome: &Outcome) {
    let _ = writeln!(out, "verdict  {}", outcome.verdict.name());
    match &outcome.verdict {
        Verdict::Reached(r) => {
            for line in r.state.to_string().lines() {
                let _ = writeln!(out, "  {line}");
            }
            for need in r.state.needs() {
                let _ = writeln!(out, "needs    {need}");
            }
            write_path(out, &r.path);
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

/// The path: the method's own blocks by line, callees by name.
pub(super) fn write_path(out: &mut String, path: &[PathStep]) {
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
        "schema": 2,
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
            "call_depth": st.call_depth,
            "recursion": st.recursion,
            "nogoods": st.nogoods,
            "pruned": st.pruned,
        },
    });
    match &outcome.verdict {
        Verdict::Reached(r) => {
            v["state"] = serde_json::to_value(&r.state).expect("states serialize");
            v["path"] = serde_json::to_value(&r.path).expect("paths serialize");
            let needs = r.state.needs();
            if !needs.is_empty() {
                v["needs"] = json!(needs);
            }
        }
        Verdict::Unreachable { conflicts } => v["conflicts"] = json!(conflicts),
        Verdict::Unknown { reasons } => v["reasons"] = json!(reasons),
    }
    v
}
