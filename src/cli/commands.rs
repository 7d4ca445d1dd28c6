//! The commands: each returns the text to print, or the error line.

use std::fmt::Write as _;

use super::aim_text::{replay_json, verdict_json, write_replay, write_target, write_verdict};
use super::target::{aim as find_aim, code_of, find_method, select, UserError};
use super::watchdog::Watched;
use super::{AimArgs, AimFormat, CfgArgs, CfgFormat, ExitStatus, MethodsArgs};
use jaut::analysis::AnalysisError;
use jaut::cfg::CfgText;
use jaut::classfile::{access, Class, Method};
use jaut::junit::Flavor;
use jaut::pipeline::{
    self, Forward, Jvm, Options, Outcome, PipelineError, Replayed, Strategy, TestOptions, Verdict,
};
use jaut::program::Program;
use jaut::replay::Ended;
use jaut::search::Goal;
use std::path::{Path, PathBuf};

pub(super) fn analysis_error(
    class: &Class,
    method: &Method,
    e: impl std::fmt::Display,
) -> UserError {
    UserError(format!("{}.{method}: {e}", class.java_name()))
}

/// `jaut TARGET --method M (--pc N | --line L | --throws E)`: the target,
/// then the verdict of [`pipeline::run`] (search, forward fallbacks,
/// replay, JUnit test).
pub fn aim(args: &AimArgs) -> Result<(String, ExitStatus), UserError> {
    let selected = select(&args.source)?;
    let target = args.source.target.as_deref().unwrap_or_default();
    let class = selected.single(target)?;
    let spec = args.method.as_deref().expect("clap requires --method");
    let method = find_method(&class, spec)?;
    let code = code_of(&class, method)?;
    let mut out = String::new();
    let goal = match &args.throws {
        Some(exception) => {
            let internal = throwable(&selected.cp, exception)?;
            let _ = writeln!(out, "class    {}", class.java_name());
            let _ = writeln!(out, "method   {method}    {}", method.signature());
            let _ = writeln!(out, "goal     throws {exception}");
            Goal::Throws(internal)
        }
        None => {
            let aim = find_aim(&class, method, code, args.pc, args.line)?;
            write_target(&mut out, &selected.cp, &class, method, &aim)?;
            Goal::Pc(aim.pc)
        }
    };
    let config = args.bounds.config()?;
    if let Some(file) = &args.cfg_svg {
        super::cfg_svg::check(file, args.force)?;
    }
    let flavor = if args.junit4 {
        Flavor::Junit4
    } else {
        Flavor::Junit5
    };
    // A test file jaut may not write to is refused before the search.
    if !args.no_replay {
        jaut::junit::check_test_file(&args.out, &class.java_name(), flavor, args.force)
            .map_err(|e| UserError(e.to_string()))?;
    }
    // The JVM starts while the search runs.
    let mut jvm = if args.no_replay {
        Jvm::off()
    } else {
        Jvm::starting(jvm_class_path(&args.source, &class), config.assertions)
    };
    let options = Options {
        search: config,
        test: (!args.no_replay).then(|| TestOptions {
            out: args.out.clone(),
            flavor,
            force: args.force,
            check: (!args.no_check).then(|| jvm_class_path(&args.source, &class)),
        }),
        prefer_credited: true,
        // Where the method's inputs can be run forward, a quick backward
        // search first, as `jaut cover` does.
        quick: Some(pipeline::Quick::DEFAULT),
        // A target in a private method: first through the class's
        // accessible callers, whose test needs no reflection.
        through_callers: true,
        ..Options::default()
    };
    let timeout = options.search.timeout;
    let started = std::time::Instant::now();
    let run = || pipeline::run(&selected.cp, &class, method, &goal, &options, &mut jvm);
    std::thread::scope(|scope| {
        let (outcome, stuck) = match super::watchdog::watch(scope, timeout, run) {
            Watched::Done(outcome) => (
                outcome.map_err(|e| match e {
                    PipelineError::Search(e) => analysis_error(&class, method, e),
                    PipelineError::Junit(e) => UserError(e.to_string()),
                })?,
                false,
            ),
            Watched::Stuck(reason) => (
                Outcome {
                    verdict: Verdict::Unknown {
                        reasons: vec![reason],
                    },
                    stats: jaut::search::Stats {
                        total: started.elapsed(),
                        ..Default::default()
                    },
                    replay_time: Default::default(),
                    refuted: Vec::new(),
                },
                true,
            ),
        };
        let reported = report(
            args,
            &selected.cp,
            &class,
            method,
            code,
            &goal,
            out,
            outcome,
        );
        if stuck {
            // The target's thread is still in a solver check that does not
            // stop: answer, and end the process rather than wait for it.
            super::exit_now(reported);
        }
        reported
    })
}

/// The text of one target's outcome (after its header `out`), and the exit
/// status.
#[allow(clippy::too_many_arguments)]
fn report(
    args: &AimArgs,
    cp: &Program,
    class: &std::sync::Arc<Class>,
    method: &Method,
    code: &jaut::classfile::Code,
    goal: &Goal,
    mut out: String,
    outcome: Outcome,
) -> Result<(String, ExitStatus), UserError> {
    let status = ExitStatus::of(&outcome.verdict);
    if let Some(file) = &args.cfg_svg {
        let pc = goal.pc();
        super::cfg_svg::write(cp, class, method, pc, &outcome, file)?;
    }
    if let (Verdict::Unknown { .. }, Some(last)) = (&outcome.verdict, outcome.refuted.last()) {
        eprintln!(
            "jaut: warning: the JVM refuted every state the search found for the goal ({}) of {}.{method} \
             ({} of them): the search's model and the JVM disagree here. The last state, which {}:\n{}",
            goal_text(goal),
            class.java_name(),
            outcome.refuted.len(),
            last.observed.ended.summary(),
            last.state
        );
    }
    if args.format == AimFormat::Json {
        let (pc, line) = match goal.pc() {
            Some(pc) => (pc, code.line_of(pc)),
            None => (0, None),
        };
        let mut json = verdict_json(class, method, pc, line, &outcome);
        if let Some(exception) = &args.throws {
            json["target"]["throws"] = serde_json::json!(exception);
            if let Some(t) = json["target"].as_object_mut() {
                t.remove("pc");
                t.remove("line");
            }
        }
        if !outcome.refuted.is_empty() {
            json["refuted_states"] = outcome
                .refuted
                .iter()
                .map(|r| serde_json::json!({ "state": r.state, "replay": r.observed }))
                .collect();
        }
        if let Verdict::Reached(r) = &outcome.verdict {
            json["replay"] = replay_json(&r.replay);
            json["test"] = serde_json::json!(r.test.as_ref().map(|p| p.display().to_string()));
            if let Some(via) = &r.via {
                json["via"] = serde_json::json!(via);
            }
            match &r.forward {
                Some(Forward {
                    strategy: Strategy::Seeded,
                    reasons,
                }) => json["seeded"] = serde_json::json!({ "search_reasons": reasons }),
                Some(Forward {
                    strategy: Strategy::Concolic { runs },
                    reasons,
                }) => {
                    json["concolic"] =
                        serde_json::json!({ "runs": runs, "search_reasons": reasons })
                }
                None => {}
            }
        }
        let text = serde_json::to_string_pretty(&json).expect("JSON values serialize");
        return Ok((format!("{text}\n"), status));
    }
    write_verdict(&mut out, &outcome);
    let ran_away = outcome
        .refuted
        .iter()
        .filter(|r| matches!(r.observed.ended, Ended::RanAway { .. }))
        .count();
    let mismatched = outcome.refuted.len() - ran_away;
    if mismatched > 0 {
        let _ = writeln!(
            out,
            "refuted  the JVM refuted {mismatched} state(s) the search found (a replay mismatch: the model and the JVM disagree); each was excluded and the search looked again",
        );
    }
    if ran_away > 0 {
        let _ = writeln!(
            out,
            "ran on   {ran_away} state(s) the search found made the method run on without end in the JVM (no test of them would end); each was excluded and the search looked again",
        );
    }
    if let Verdict::Reached(r) = &outcome.verdict {
        if let Some(Forward { strategy, reasons }) = &r.forward {
            let how = match strategy {
                Strategy::Seeded => "seeded   a constant-seeded input (src/seed/)".to_string(),
                Strategy::Concolic { runs } => format!(
                    "concolic found by running the method forward ({runs} runs, src/concolic)"
                ),
            };
            let _ = writeln!(
                out,
                "{how}; the backward search had ended unknown: {}",
                jaut::reason::joined(reasons)
            );
        }
        let names: Vec<&str> = r.state.args.iter().map(|a| a.name.as_str()).collect();
        match &r.via {
            Some(via) => {
                let _ = writeln!(
                    out,
                    "via      {via}: the state is the caller's inputs; the test calls it"
                );
                let caller = via.caller(class).unwrap_or(method);
                write_replay(
                    &mut out,
                    &Goal::Pc(via.sites[0].pc),
                    caller,
                    &names,
                    &r.replay,
                );
                let what = match goal {
                    Goal::Edge { from, to } => format!("the branch at pc {from} to pc {to}"),
                    _ => format!("pc {}", goal.pc().unwrap_or_default()),
                };
                let _ = writeln!(
                    out,
                    "  inside        {what} of {method} ran during the call (traced by the harness)"
                );
            }
            None => write_replay(&mut out, goal, method, &names, &r.replay),
        }
        let _ = match (&r.test, &r.replay) {
            (Some(p), _) => writeln!(out, "test     {}", p.display()),
            (None, Replayed::Skipped) => writeln!(
                out,
                "test     not written: without a replay there is nothing to assert"
            ),
            (None, _) => writeln!(
                out,
                "test     not written: the replay did not confirm the state"
            ),
        };
    }
    Ok((out, status))
}

/// The internal name of `--throws EXCEPTION`, which must be a throwable
/// class on the class path.
fn throwable(cp: &jaut::classpath::ClassPath, exception: &str) -> Result<String, UserError> {
    let internal = exception.replace('.', "/");
    match cp.is_assignable(&internal, "java/lang/Throwable") {
        Ok(true) => Ok(internal),
        Ok(false) => Err(UserError(format!(
            "--throws {exception}: not a subclass of java.lang.Throwable"
        ))),
        Err(_) => Err(UserError(format!(
            "--throws {exception}: no such class on the class path"
        ))),
    }
}

fn goal_text(goal: &Goal) -> String {
    match goal {
        Goal::Pc(pc) => format!("pc {pc} executes"),
        Goal::Throws(e) => format!("throws {}", e.replace('/', ".")),
        Goal::Edge { from, to } => format!("the branch at pc {from} goes to pc {to}"),
    }
}

/// `jaut methods TARGET`.
pub fn methods(args: &MethodsArgs) -> Result<(String, ExitStatus), UserError> {
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
    Ok((out, ExitStatus::Success))
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
pub fn cfg(args: &CfgArgs) -> Result<(String, ExitStatus), UserError> {
    let selected = select(&args.source)?;
    let target = args.source.target.as_deref().unwrap_or_default();
    let class = selected.single(target)?;
    let method = find_method(&class, &args.method)?;
    let code = code_of(&class, method)?;
    let cp = &selected.cp;
    let error = |e: AnalysisError| analysis_error(&class, method, e.detail());
    let cfg = cp.analyses().cfg(cp, &class, method).map_err(error)?;
    let frames = cp.analyses().frames(cp, &class, method).map_err(error)?;
    let text = CfgText {
        cfg: &cfg,
        code,
        frames: Some(&*frames),
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
        ExitStatus::Success,
    ))
}

/// The directories and jars the JVM needs for TARGET and `--classpath`: as
/// given, except that a `.class` file stands for its package root.
fn jvm_class_path(source: &super::Source, class: &Class) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    let mut add = |p: PathBuf| {
        let p = if p.extension().is_some_and(|e| e == "class") {
            let name = jaut::classpath::ClassPath::new()
                .ok()
                .and_then(|mut cp| cp.add(&p).ok())
                .and_then(|names| names.into_iter().next())
                .unwrap_or_else(|| class.name.clone());
            match jaut::classpath::ClassPath::package_root(&p, &name) {
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
