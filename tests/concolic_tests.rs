//! The forward, concolic search (src/concolic, docs/search.md): it finds
//! inputs by running the method forward in an interpreter and having the
//! solver flip the decisions of the runs that came closest to the goal.
//! Every input counted here was replayed in the JVM, which showed it
//! meeting the goal (`pipeline::meets`); the interpreter's own claim is
//! never enough.

mod support;

use std::sync::Arc;

use jaut::assertions::Assertions;
use jaut::classfile::{Class, JType, Method, Op};
use jaut::classpath::ClassPath;
use jaut::concolic::{self, Budget, Outcome};
use jaut::labeling::Value;
use jaut::pipeline::{meets, Jvm};
use jaut::program::Program;
use jaut::search::Goal;

struct Fixture {
    cp: Program,
    jvm: Jvm,
    assertions: Assertions,
}

impl Fixture {
    fn new() -> Fixture {
        Fixture::with(Assertions::Enabled)
    }

    /// The interpreter and the JVM with the program's assertions enabled
    /// or not.
    fn with(assertions: Assertions) -> Fixture {
        Fixture {
            cp: support::sample_classpath(),
            jvm: Jvm::lazy(vec![support::samples().to_path_buf()], assertions),
            assertions,
        }
    }

    fn method(&self, class: &str, name: &str) -> (Arc<Class>, Method) {
        let c = self.cp.load(class).unwrap();
        let m = c.methods.iter().find(|m| m.name == name).unwrap().clone();
        (c, m)
    }

    /// The concolic search for `goal`, each input it proposes replayed.
    fn search(&mut self, class: &Arc<Class>, method: &Method, goal: &Goal) -> Outcome<()> {
        let (cp, jvm) = (&self.cp, &mut self.jvm);
        let budget = Budget::default();
        concolic::search(cp, class, method, goal, self.assertions, budget, |state| {
            let o = jvm
                .replay(class, method, goal, state, jaut::replay::DEFAULT_TIMEOUT)
                .ok()?;
            meets(cp, goal, &o).then_some(())
        })
    }

    /// The arguments of the input found for `goal`, which the JVM confirmed.
    fn found(&mut self, class: &str, name: &str, goal: impl Fn(&Method) -> Goal) -> Vec<i64> {
        let (c, m) = self.method(class, name);
        let goal = goal(&m);
        match self.search(&c, &m, &goal) {
            Outcome::Found { state, runs, .. } => {
                assert!(runs <= Budget::default().runs, "{runs}");
                state
                    .args
                    .iter()
                    .map(|a| match a.value {
                        Value::Int(v) => v,
                        Value::Bool(b) => i64::from(b),
                        ref v => panic!("{v:?}"),
                    })
                    .collect()
            }
            other => panic!("{class}.{name} {goal:?}: {other:?}"),
        }
    }
}

/// Both outcomes of every conditional branch of `m`.
fn branch_outcomes(m: &Method) -> Vec<Goal> {
    let insns = &m.code.as_ref().unwrap().instructions;
    let mut goals = Vec::new();
    for (i, insn) in insns.iter().enumerate() {
        if insn.op.is_conditional() {
            for to in insn
                .op
                .branch_targets()
                .into_iter()
                .chain([insns[i + 1].pc])
            {
                goals.push(Goal::Edge { from: insn.pc, to });
            }
        }
    }
    goals
}

/// The first pc of the `// TARGET: target` line of `sample`'s `method`.
fn marker(sample: &str, target: &str) -> impl Fn(&Method) -> Goal {
    let line = support::marker_line(sample, target) as u16;
    move |m: &Method| {
        let code = m.code.as_ref().unwrap();
        let pc = code
            .lines
            .iter()
            .find(|l| l.line == line)
            .unwrap_or_else(|| panic!("line {line} in {}", m.name))
            .start_pc;
        Goal::Pc(pc)
    }
}

/// The interpreter runs a class initializer's `desiredAssertionStatus()`
/// as the JVM it checks with: with assertions enabled it fails
/// `positive`'s and `halve`'s callee's asserts (a message included), and
/// the JVM, run with `-ea`, agrees; with them disabled no run throws.
#[test]
fn the_interpreter_has_assertions_as_the_jvm_does() {
    let throws = |_: &Method| Goal::Throws("java/lang/AssertionError".into());
    let mut f = Fixture::with(Assertions::Enabled);
    let x = f.found("assertions/Asserts", "positive", throws)[0];
    assert!(x <= 0, "{x}");
    let x = f.found("assertions/Asserts", "halve", throws)[0];
    assert_ne!(x % 2, 0, "{x}");
    let mut f = Fixture::with(Assertions::Disabled);
    let (c, m) = f.method("assertions/Asserts", "positive");
    match f.search(&c, &m, &throws(&m)) {
        Outcome::NotFound { unsupported, .. } => assert_eq!(unsupported, None),
        other => panic!("{other:?}"),
    }
}

#[test]
fn josephus_m_is_found_by_climbing_the_fitness_not_by_seeds() {
    let mut f = Fixture::new();
    // `return -1`, the only `iconst_m1`: needs n = 41 and a survivor 31.
    let args = f.found("josephus/Josephus", "josephusM", |m| {
        let code = m.code.as_ref().unwrap();
        let pc = code
            .instructions
            .iter()
            .find(|i| matches!(&i.op, Op::Const(c) if **c == jaut::classfile::bytecode::Constant::Int(-1)))
            .unwrap()
            .pc;
        Goal::Pc(pc)
    });
    assert_eq!(args[0], 41, "{args:?}");
}

#[test]
fn exceptions_arrays_longs_switches_calls_and_statics_are_run_as_the_jvm_runs_them() {
    let mut f = Fixture::new();
    let sample = "concolic/Forward";
    let class = "concolic/Forward";
    assert_eq!(f.found(class, "divides", marker(sample, "divides")), [7, 0]);
    let indexes = f.found(class, "indexes", marker(sample, "indexes"));
    assert_eq!(indexes, [12, 7]);
    let widens = f.found(class, "widens", marker(sample, "widens"));
    // Java's long arithmetic wraps: the solver may pick any such pair.
    assert_eq!(
        widens[0].wrapping_mul(1000).wrapping_add(widens[1]),
        123_456_789_012,
        "{widens:?}"
    );
    assert_eq!(f.found(class, "switches", marker(sample, "switches")), [10]);
    assert_eq!(f.found(class, "recurses", marker(sample, "recurses")), [10]);
    // A static field, set by the class's initializer (JVMS §5.5).
    assert_eq!(
        f.found(class, "readsStatic", marker(sample, "readsStatic")),
        [5]
    );
}

/// Every branch outcome of trityp (JAUT's Fig. 5), by the concolic search
/// alone.
#[test]
fn every_branch_outcome_of_trityp_is_found() {
    let mut f = Fixture::new();
    let (c, m) = f.method("trityp/Trityp", "trityp");
    let goals = branch_outcomes(&m);
    assert!(goals.len() >= 30, "{}", goals.len());
    for goal in goals {
        match f.search(&c, &m, &goal) {
            Outcome::Found { .. } => {}
            other => panic!("{goal:?}: {other:?}"),
        }
    }
}

/// A hundred thousand additions of an input would be a term that deep, and
/// the solver lowers terms recursively: the value is kept concrete past
/// a depth, so the decision on it is not the inputs' and no flip is asked.
#[test]
fn a_value_built_in_a_long_loop_is_kept_concrete() {
    let mut f = Fixture::new();
    let (c, m) = f.method("concolic/Forward", "deep");
    let goal = marker("concolic/Forward", "deep")(&m);
    match f.search(&c, &m, &goal) {
        Outcome::NotFound {
            runs: 1,
            unsupported: None,
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn what_the_interpreter_does_not_model_is_said_not_guessed() {
    let mut f = Fixture::new();
    let (c, m) = f.method("concolic/Forward", "readsJdkStatic");
    let goal = marker("concolic/Forward", "readsJdkStatic")(&m);
    match f.search(&c, &m, &goal) {
        Outcome::NotFound {
            unsupported: Some(why),
            ..
        } => assert!(
            why.contains("the JDK's static field java/time/DayOfWeek.WEDNESDAY"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
    // Instance methods and object parameters are not run forward.
    let (c, m) = f.method("josephus/Node", "<init>");
    assert!(matches!(
        f.search(&c, &m, &Goal::Pc(0)),
        Outcome::NotApplicable(_)
    ));
}

/// Code nobody here wrote: every branch outcome of the static methods of
/// primitive parameters in `classes` of `jar`. Every input the interpreter
/// says meets its goal is replayed, and the JVM must agree: a disagreement
/// is a fault of the interpreter's model of the JVM. Returns the goals and
/// how many were found.
fn agree_with_the_jvm(jar: &str, classes: &[&str]) -> (usize, usize) {
    let jar = std::path::Path::new("/usr/share/java").join(jar);
    let mut cp = ClassPath::new().unwrap();
    cp.add(&jar).unwrap();
    let mut jvm = Jvm::lazy(vec![jar.clone()], Assertions::Enabled);
    let (mut goals, mut found, mut disagreed) = (0, 0, Vec::new());
    for class in classes {
        let c = cp.load(class).unwrap();
        for m in &c.methods {
            let params = m.arg_types(&c.name);
            if !m.is_static()
                || m.code.is_none()
                || params.is_empty()
                || params
                    .iter()
                    .any(|p| matches!(p, JType::Object(_) | JType::Array(_)))
            {
                continue;
            }
            for goal in branch_outcomes(m) {
                goals += 1;
                // Runs, not time, bound each search (the time bound is only
                // a safety net): the counts do not depend on the machine's
                // speed.
                let budget = Budget {
                    runs: 60,
                    time: std::time::Duration::from_secs(5),
                };
                let enabled = Assertions::Enabled;
                let out = concolic::search(&cp, &c, m, &goal, enabled, budget, |state| {
                    let o = jvm
                        .replay(&c, m, &goal, state, jaut::replay::DEFAULT_TIMEOUT)
                        .ok()?;
                    if meets(&cp, &goal, &o) {
                        Some(())
                    } else {
                        let at = format!("{}.{}{} {goal:?}", c.name, m.name, m.descriptor);
                        disagreed.push(format!("{at}: {:?}", state.args));
                        None
                    }
                });
                if let Outcome::Found { .. } = out {
                    found += 1;
                }
            }
        }
    }
    eprintln!(
        "{}: {found} of {goals} branch outcomes found",
        jar.display()
    );
    assert!(disagreed.is_empty(), "{disagreed:#?}");
    (goals, found)
}

#[test]
fn on_commons_lang3_the_interpreter_agrees_with_the_jvm() {
    let (goals, found) = agree_with_the_jvm(
        "commons-lang3.jar",
        &[
            "org/apache/commons/lang3/CharUtils",
            "org/apache/commons/lang3/BooleanUtils",
            "org/apache/commons/lang3/Conversion",
            "org/apache/commons/lang3/math/NumberUtils",
        ],
    );
    assert!(
        goals >= 100 && found * 10 >= goals * 9,
        "{found} of {goals}"
    );
}

/// (LongMath is left out: its 64-bit multiplications make each check slow,
/// about 2 minutes for the class; its outcomes agreed as well when run.)
#[test]
fn on_guava_math_the_interpreter_agrees_with_the_jvm() {
    let (goals, found) = agree_with_the_jvm(
        "guava.jar",
        &[
            "com/google/common/math/IntMath",
            "com/google/common/primitives/Ints",
            "com/google/common/primitives/UnsignedInts",
            "com/google/common/primitives/Chars",
        ],
    );
    assert!(
        goals >= 100 && found * 10 >= goals * 5,
        "{found} of {goals}"
    );
}
