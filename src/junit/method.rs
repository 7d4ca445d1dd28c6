//! One test method: the target resolved on the class path, the body
//! written in three parts — arrange (`arrange.rs`: the input state as
//! variables), act (`act.rs`: the call), assert (`assert.rs`: what the
//! replay observed) — then the comment above it and its name.
//!
//! The parts share a [`Scope`]: the access decisions, the local names
//! taken, the lines written and the helpers called. Each part appends to
//! it in order, so the body is the concatenation of the three.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::access::Access;
use super::helpers::{self, Helpers};
use super::java;
use super::{act, arrange, assert, overloads, Flavor, JunitError, Target, TestMethod};
use crate::assertions::Assertions;
use crate::classfile::{descriptor::internal_name, Class, JType, Method};
use crate::classpath::ClassPath;
use crate::labeling::InputState;
use crate::replay::observation::{Ended, Observation};

/// The method body being written, and what it needs.
pub(super) struct Scope<'a> {
    pub(super) access: Access<'a>,
    pub(super) flavor: Flavor,
    pub(super) helpers: Helpers,
    /// Input strings are written `new String("…")`, each a distinct object
    /// as in the replay, rather than literals the JVM interns (one object
    /// per text, and the same as the code's own literals): set when the
    /// method under test compares references by identity, where that
    /// difference decides the path.
    pub(super) distinct_strings: bool,
    /// The call of the method under test goes through `invoke` even where
    /// the test could write it directly: the test's second form, for a
    /// generic call javac cannot infer (`overloads.rs`).
    pub(super) reflective_call: bool,
    names: BTreeSet<String>,
    body: Vec<String>,
}

impl<'a> Scope<'a> {
    fn new(cp: &'a ClassPath, flavor: Flavor, package: &str) -> Scope<'a> {
        Scope {
            access: Access::new(cp, package),
            flavor,
            helpers: Helpers::default(),
            distinct_strings: false,
            reflective_call: false,
            names: helpers::METHOD_NAMES
                .iter()
                .map(|n| n.to_string())
                .collect(),
            body: Vec::new(),
        }
    }

    /// A fresh local name from `hint`.
    pub(super) fn fresh(&mut self, hint: &str) -> String {
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

    /// Appends a statement (or comment) to the body.
    pub(super) fn line(&mut self, s: impl Into<String>) {
        self.body.push(s.into());
    }
}

/// The method under test, found on the class path and checked against the
/// state and the observation.
pub(super) struct Subject<'t> {
    pub(super) target: &'t Target,
    pub(super) class: Arc<Class>,
    pub(super) method: Method,
    /// A constructor (`<init>`): the test calls `new`.
    pub(super) ctor: bool,
    /// The parameter types, Java form.
    pub(super) params: Vec<String>,
    /// The return type, Java form (`void` included).
    pub(super) ret: String,
}

impl<'t> Subject<'t> {
    fn resolve(
        cp: &ClassPath,
        target: &'t Target,
        state: &InputState,
        obs: &Observation,
    ) -> Result<Subject<'t>, JunitError> {
        let class =
            cp.load(&internal_name(&target.class))
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
            return Err(inconsistent(
                target,
                format!(
                    "{} arguments in the state, {} parameters",
                    state.args.len(),
                    params.len()
                ),
            ));
        }
        if !obs.reached {
            return Err(inconsistent(
                target,
                "the replay did not reach the target; no test is written for it".into(),
            ));
        }
        let ret = method.desc.ret.to_string();
        Ok(Subject {
            target,
            class,
            method,
            ctor,
            params,
            ret,
        })
    }

    /// An observation that does not fit the state or the method.
    pub(super) fn inconsistent(&self, message: String) -> JunitError {
        inconsistent(self.target, message)
    }
}

fn inconsistent(target: &Target, message: String) -> JunitError {
    JunitError::Inconsistent {
        target: format!(
            "{}.{}{} pc {}",
            target.class, target.method, target.descriptor, target.pc
        ),
        message,
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
    let mut test = render_as(cp, flavor, target, state, obs, false)?;
    if test.generic_call {
        // The same test with the call through `invoke`, for the check to
        // take if javac cannot infer the direct call's type arguments.
        test.reflective = Some(Box::new(render_as(cp, flavor, target, state, obs, true)?));
    }
    Ok(test)
}

/// The test of `target`, with the call through `invoke` when `reflective`.
fn render_as(
    cp: &ClassPath,
    flavor: Flavor,
    target: &Target,
    state: &InputState,
    obs: &Observation,
    reflective: bool,
) -> Result<TestMethod, JunitError> {
    let subject = Subject::resolve(cp, target, state, obs)?;
    let mut s = Scope::new(cp, flavor, java::package_of(&target.class));
    s.distinct_strings = compares_identity(&subject.method);
    s.reflective_call = reflective;
    let inputs = arrange::arrange(&mut s, &subject, state)?;
    let call = act::call(&mut s, &subject, state, &inputs)?;
    let generic_call =
        !reflective && call.direct && overloads::is_generic(cp, &target.class, &subject.method);
    assert::assert_outcome(&mut s, &subject, state, obs, &inputs, &call)?;
    // Taken before the comment, whose parameter types do not count.
    let mut helpers = s.helpers;
    helpers.raw_types = s.access.wrote_raw_type();
    let mut comment = comment(&s, &subject, obs);
    comment.extend(assertions(state));
    let disabled = environment(state, &mut comment);
    Ok(TestMethod {
        key: (target.method.clone(), target.descriptor.clone(), target.pc),
        base_name: base_name(&subject),
        doc: doc(&s, &subject),
        comment,
        body: s.body,
        helpers,
        disabled,
        generic_call,
        reflective: None,
    })
}

/// Whether `method` compares references by identity (`if_acmpeq`,
/// `if_acmpne`).
fn compares_identity(method: &Method) -> bool {
    method.code.as_ref().is_some_and(|c| {
        c.instructions
            .iter()
            .any(|i| matches!(i.op, crate::classfile::Op::IfACmp { .. }))
    })
}

/// A state that needs calls to the environment (a random generator, the
/// clock) to return given values: the comment says which, and the test is
/// disabled with the reason — the replay made the calls return them, a
/// test cannot.
fn environment(state: &InputState, comment: &mut Vec<String>) -> Option<String> {
    let first = state.environment.first()?;
    comment.push(
        "Depends on what the environment returns (the replay made these calls return them):".into(),
    );
    for e in &state.environment {
        let value = match &e.value {
            crate::state::Value::Int(v) => v.to_string(),
            crate::state::Value::Bool(b) => b.to_string(),
            other => format!("{other:?}"),
        };
        let part = e.part.as_ref().map_or(String::new(), |p| format!("{p} = "));
        comment.push(format!(
            "  {} at pc {} (call #{}) returned {part}{value}",
            e.call,
            e.pc,
            e.occurrence + 1
        ));
    }
    Some(format!(
        "needs {} to return values the test cannot give it (see the comment)",
        first.call
    ))
}

/// Key conditions named in the Javadoc sentence; the comment below it
/// lists them all.
const DOC_CONDITIONS: usize = 4;

/// `Coord.moveY(Chrono, int)`: the method under test as a reader knows it.
fn signature(s: &Scope, subject: &Subject) -> String {
    format!(
        "{}.{}({})",
        java::source_simple_name(&subject.target.class),
        if subject.ctor {
            "<init>"
        } else {
            &subject.method.name
        },
        subject
            .params
            .iter()
            .map(|p| s.access.type_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The Javadoc sentence: `Reaches pc 51 of Coord.moveY(Chrono, int) (line
/// 30): {@code chrono.time > 0}, {@code speed > 0}.` — the target and the
/// path's first key conditions (without their lines; the comment has them).
fn doc(s: &Scope, subject: &Subject) -> String {
    let target = subject.target;
    let what = if subject.ctor {
        // `Coord(int, int)`: `<init>` would be HTML in Javadoc.
        format!(
            "constructor {}",
            signature(s, subject).replacen(".<init>(", "(", 1)
        )
    } else {
        signature(s, subject)
    };
    let mut doc = format!(
        "Reaches pc {} of {}{}",
        target.pc,
        java::doc_text(&what),
        target
            .line
            .map_or(String::new(), |l| format!(" (line {l})"))
    );
    let conditions: Vec<String> = target
        .conditions
        .iter()
        .take(DOC_CONDITIONS)
        .map(|c| {
            let c = c
                .split_once(": ")
                .filter(|(at, _)| at.starts_with("line "))
                .map_or(c.as_str(), |(_, c)| c);
            java::doc_code(c)
        })
        .collect();
    if !conditions.is_empty() {
        doc.push_str(": ");
        doc.push_str(&conditions.join(", "));
        let more = target.conditions.len().saturating_sub(DOC_CONDITIONS);
        if more > 0 {
            doc.push_str(&format!(
                " and {more} more condition{}",
                if more == 1 { "" } else { "s" }
            ));
        }
    }
    doc.push('.');
    doc
}

/// The comment above the test: the target, the path's conditions, what the
/// replay saw.
fn comment(s: &Scope, subject: &Subject, obs: &Observation) -> Vec<String> {
    let target = subject.target;
    let mut comment = vec![format!(
        "Target: {} pc {}: {}{}",
        signature(s, subject),
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
        Ended::Returned { .. } if subject.ret == "void" || subject.ctor => "returned".to_string(),
        Ended::Returned { .. } => "returned a value".to_string(),
        Ended::Threw { class, .. } => format!("threw {class}"),
        Ended::RanAway { .. } => obs.ended.summary(),
    };
    comment.push(format!(
        "Replayed in the JVM: reached pc {}, {outcome}; {} distinct instructions of the method ran.",
        target.pc,
        obs.executed.len()
    ));
    comment
}

/// The line saying which assertion setting the test needs, when its path
/// read a class's `$assertionsDisabled` (src/assertions.rs).
fn assertions(state: &InputState) -> Option<String> {
    let (s, a) = state
        .initial_statics
        .iter()
        .find_map(|s| s.assertions.map(|a| (s, a)))?;
    let field = format!("{}.{}", java::binary_simple_name(&s.class), s.field);
    Some(match a {
        Assertions::Enabled => format!(
            "Needs assertions enabled (-ea), as Maven Surefire and Gradle run tests: the path reads {field}."
        ),
        Assertions::Disabled => format!(
            "Needs assertions disabled (found with --no-assertions; Maven Surefire and Gradle enable them): the path reads {field}."
        ),
    })
}

/// The name asked for: `moveY_line30`, `moveY_pc51` without line numbers,
/// `constructor_line12`; made unique within the class by `layout.rs`.
fn base_name(subject: &Subject) -> String {
    let target = subject.target;
    let base = if subject.ctor {
        "constructor".to_string()
    } else {
        subject.method.name.replace(
            |c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'),
            "_",
        )
    };
    let base_name = match target.line {
        Some(l) => format!("{base}_line{l}"),
        None => format!("{base}_pc{}", target.pc),
    };
    if java::is_identifier(&base_name) {
        base_name
    } else {
        format!("test_{base_name}")
    }
}
