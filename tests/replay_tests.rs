//! The JVM replay harness (src/replay, java-harness): states found by the
//! search and hand-built states replayed in a real JVM, the proof of
//! reaching (executed pcs), the captured outcome, isolation from hostile
//! code under test, and the JSON form of observations.

mod support;

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use jaut::assertions::Assertions;
use jaut::classfile::{Class, Method};
use jaut::labeling::{Arg, FieldValue, InputState, Object, StaticValue, Value};
use jaut::replay::{
    Ended, Observation, Observed, ReplayFailure, ReplayRequest, Replayer, DEFAULT_TIMEOUT,
};
use jaut::search::{self, Verdict};
use support::{sample_class, sample_classpath, samples, stdout};

/// One worker for the whole test process (as in a jaut run), shared by the
/// tests; each locks it for its replays.
fn replayer() -> std::sync::MutexGuard<'static, Replayer> {
    static R: OnceLock<Mutex<Replayer>> = OnceLock::new();
    R.get_or_init(|| {
        let exe = std::path::Path::new(env!("CARGO_BIN_EXE_jaut"));
        let cp = [samples().to_path_buf()];
        Mutex::new(Replayer::with_executable(exe, &cp, Assertions::Enabled).expect("a JVM"))
    })
    .lock()
    .unwrap_or_else(|e| e.into_inner())
}

fn class(name: &str) -> Arc<Class> {
    let cp = sample_classpath();
    cp.load(name).expect("a sample class")
}

fn method<'c>(class: &'c Class, name: &str) -> &'c Method {
    let found: Vec<&Method> = class.methods.iter().filter(|m| m.name == name).collect();
    assert_eq!(found.len(), 1, "one method {name}");
    found[0]
}

fn replay(class: &Class, m: &Method, pc: u32, state: &InputState) -> Observation {
    replayer()
        .replay(&ReplayRequest::new(class, m, Some(pc), state))
        .unwrap_or_else(|e| panic!("replay of {}.{m} failed: {e}", class.java_name()))
}

/// Searches `pc` of `name` and returns the state found.
fn searched(class: &Arc<Class>, name: &str, pc: u32) -> InputState {
    let cp = sample_classpath();
    let m = method(class, name);
    let config = search::Config::default().with_timeout(Duration::from_secs(20));
    let outcome = search::search(&cp, class, m, pc, &config).expect("the search runs");
    match outcome.verdict {
        Verdict::Reached { state, .. } => state,
        other => panic!("{}.{name} pc {pc}: {}", class.java_name(), other.name()),
    }
}

fn int(v: &Observed) -> i64 {
    match v {
        Observed::Int(i) => *i,
        other => panic!("not an int: {other:?}"),
    }
}

fn field<'o>(o: &'o Observation, v: &Observed, name: &str) -> &'o Observed {
    let Observed::Ref { object } = v else {
        panic!("not an object: {v:?}")
    };
    &o.objects[*object]
        .fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no field {name}"))
        .value
}

fn returned(o: &Observation) -> &Observed {
    match &o.ended {
        Ended::Returned { value: Some(v) } => v,
        other => panic!("did not return a value: {other:?}"),
    }
}

#[test]
fn move_y_pc_51_is_confirmed_with_the_executed_pcs_and_the_outcome() {
    let c = class("coord/Coord");
    let state = searched(&c, "moveY", 51);
    let o = replay(&c, method(&c, "moveY"), 51, &state);
    assert!(o.reached);
    assert_eq!(
        o.executed,
        [
            0, 1, 4, 7, 8, 13, 14, 17, 18, 21, 22, 23, 24, 25, 26, 27, 30, 31, 33, 36, 38, 39, 42,
            43, 44, 45, 48, 51
        ]
    );
    // The deliberate fault of the paper: x and y swapped in the new Coord.
    let r = returned(&o);
    assert_eq!(int(field(&o, r, "x")), 65536);
    assert_eq!(int(field(&o, r, "y")), 0);
    // moveY sets chrono.time to 0.
    assert_eq!(int(field(&o, &o.args_after[0], "time")), 0);
    assert_eq!(o.args_after[1], Observed::Int(1));
}

#[test]
fn a_state_that_does_not_reach_says_so() {
    let c = class("coord/Coord");
    let m = method(&c, "moveY");
    // speed = 0: moveY returns `this` at once.
    let state = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![
            Arg {
                name: "chrono".into(),
                ty: "coord.Chrono".into(),
                value: Value::Ref(1),
            },
            Arg {
                name: "speed".into(),
                ty: "int".into(),
                value: Value::Int(0),
            },
        ],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![
            object(
                0,
                "coord.Coord",
                &[
                    ("x", "coord.Coord", "int", Value::Int(3)),
                    ("y", "coord.Coord", "int", Value::Int(4)),
                ],
            ),
            object(
                1,
                "coord.Chrono",
                &[("time", "coord.Chrono", "int", Value::Int(7))],
            ),
        ],
    };
    let o = replay(&c, m, 51, &state);
    assert!(!o.reached);
    assert_eq!(o.executed, [0, 1, 4, 7, 8, 11, 12]);
    // `return this`: the result is the receiver, the same object.
    assert_eq!(returned(&o), o.receiver_after.as_ref().unwrap());
    assert_eq!(int(field(&o, returned(&o), "y")), 4);
}

fn object(id: usize, class: &str, fields: &[(&str, &str, &str, Value)]) -> Object {
    Object {
        id,
        class: class.into(),
        fields: fields
            .iter()
            .map(|(n, d, t, v)| FieldValue {
                name: n.to_string(),
                declared_in: d.to_string(),
                ty: t.to_string(),
                value: v.clone(),
                read: true,
            })
            .collect(),
        elements: None,
        mock: None,
        generic: None,
        built_by: None,
        reflection_because: None,
    }
}

fn array(id: usize, class: &str, elements: Vec<Value>) -> Object {
    Object {
        id,
        class: class.into(),
        fields: vec![],
        elements: Some(elements),
        mock: None,
        generic: None,
        built_by: None,
        reflection_because: None,
    }
}

/// Every block of these methods that the search reaches is reached in the
/// JVM too: the search's model agrees with the JVM on the samples.
#[test]
fn every_block_the_search_reaches_is_reached_in_the_jvm() {
    let cp = sample_classpath();
    let targets = [
        ("coord/Coord", "moveY"),
        ("foo/Foo", "foo"),
        ("trityp/Trityp", "trityp"),
        ("lists/Node", "insertBefore"),
        ("rbtree/RedBlackTree", "rotateLeft"),
        ("rbtree/PrivateRedBlackTree", "rotateLeft"),
        ("harness/Hostile", "quiet"),
    ];
    let config = search::Config::default().with_timeout(Duration::from_secs(10));
    let mut confirmed = 0;
    let mut mismatches = Vec::new();
    for (class_name, name) in targets {
        let c = cp.load(class_name).unwrap();
        let m = method(&c, name);
        let cfg = jaut::cfg::Cfg::build(&cp, m.code.as_ref().unwrap()).unwrap();
        for &b in cfg.blocks() {
            let pc = cfg.block(b).unwrap().start;
            let outcome = search::search(&cp, &c, m, pc, &config).unwrap();
            let Verdict::Reached { state, .. } = &outcome.verdict else {
                continue;
            };
            let o = replay(&c, m, pc, state);
            if o.reached {
                confirmed += 1;
                assert!(o.executed.contains(&pc));
            } else {
                mismatches.push(format!("{class_name}.{name} pc {pc}:\n{state}"));
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "the JVM disagrees:\n{}",
        mismatches.join("\n")
    );
    assert!(confirmed >= 40, "only {confirmed} blocks confirmed");
}

#[test]
fn rotate_left_with_aliasing_and_cycles_in_the_input_heap() {
    // p.right = r, r.parent = p, r.left = p (a cycle through the tree), and
    // the tree's root is p.
    let c = class("rbtree/RedBlackTree");
    let m = method(&c, "rotateLeft");
    let e = "rbtree.RedBlackTree$Entry";
    let entry = |id, left: Value, right: Value, parent: Value| {
        object(
            id,
            e,
            &[
                ("key", e, "int", Value::Int(id as i64)),
                ("value", e, "java.lang.Object", Value::Str(format!("v{id}"))),
                ("left", e, e, left),
                ("right", e, e, right),
                ("parent", e, e, parent),
                ("color", e, "boolean", Value::Bool(true)),
            ],
        )
    };
    let state = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![Arg {
            name: "p".into(),
            ty: e.into(),
            value: Value::Ref(1),
        }],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![
            object(
                0,
                "rbtree.RedBlackTree",
                &[
                    ("root", "rbtree.RedBlackTree", e, Value::Ref(1)),
                    ("size", "rbtree.RedBlackTree", "int", Value::Int(2)),
                    ("modCount", "rbtree.RedBlackTree", "int", Value::Int(0)),
                ],
            ),
            entry(1, Value::Null, Value::Ref(2), Value::Null),
            entry(2, Value::Ref(1), Value::Null, Value::Ref(1)),
        ],
    };
    let last = *m
        .code
        .as_ref()
        .unwrap()
        .instructions
        .last()
        .map(|i| &i.pc)
        .unwrap();
    let o = replay(&c, m, last, &state);
    assert!(o.reached, "the final return runs: {:?}", o.executed);
    // By hand: p.right = r.left (p); p.parent = p; r.parent = p.parent (p);
    // p.parent is not null and p.parent.left != p, so p.parent.right = r;
    // r.left = p; p.parent = r. The root stays p.
    let tree = o.receiver_after.as_ref().unwrap();
    let p = &o.args_after[0];
    assert_eq!(field(&o, tree, "root"), p);
    let r = field(&o, p, "right");
    assert_ne!(r, p);
    assert_eq!(field(&o, r, "left"), p);
    assert_eq!(field(&o, r, "parent"), p);
    assert_eq!(field(&o, p, "parent"), r);
    assert_eq!(field(&o, r, "value"), &Observed::Str("v2".into()));
    assert_eq!(
        o.show(tree, "").replace("RedBlackTree$", ""),
        "RedBlackTree#0 { root = Entry#1 { key = 1, value = \"v1\", left = null, \
         right = Entry#2 { key = 2, value = \"v2\", left = Entry#1, right = null, \
         parent = Entry#1, color = true }, parent = Entry#2, color = true }, size = 2, modCount = 0 }"
    );
}

#[test]
fn private_fields_of_the_private_red_black_tree() {
    let c = class("rbtree/PrivateRedBlackTree");
    let m = method(&c, "rotateLeft");
    // The last write before the final return: inside `if (p != null)`.
    let insns = &m.code.as_ref().unwrap().instructions;
    let pc = insns[insns.len() - 2].pc;
    let state = searched(&c, "rotateLeft", pc);
    let o = replay(&c, m, pc, &state);
    assert!(o.reached);
    let e = &o
        .objects
        .iter()
        .find(|x| x.class.ends_with("$Entry"))
        .expect("an entry")
        .fields;
    let names: Vec<&str> = e.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["key", "value", "left", "right", "parent", "color"]);
}

#[test]
fn private_final_fields_char_arrays_and_statics() {
    let c = class("harness/Inputs");
    let m = method(&c, "count");
    let i = "harness.Inputs";
    let word: Vec<Value> = "abca".chars().map(|ch| Value::Int(ch as i64)).collect();
    let state = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![Arg {
            name: "c".into(),
            ty: "char".into(),
            value: Value::Int('a' as i64),
        }],
        statics: vec![StaticValue {
            class: i.into(),
            field: "bonus".into(),
            ty: "int".into(),
            value: Value::Int(10),
            why: "--statics free".into(),
        }],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![
            object(0, i, &[("word", i, "char[]", Value::Ref(1))]),
            array(1, "char[]", word),
        ],
    };
    let o = replay(&c, m, 25, &state);
    assert!(o.reached);
    assert_eq!(returned(&o), &Observed::Int(12));
    // The array comes back with its elements, chars as their codes.
    let w = field(&o, o.receiver_after.as_ref().unwrap(), "word");
    let Observed::Ref { object } = w else {
        panic!()
    };
    assert_eq!(o.objects[*object].class, "char[]");
    assert_eq!(o.objects[*object].elements.as_ref().unwrap().len(), 4);
    assert_eq!(o.show(w, ""), "char[]#1 ['a', 'b', 'c', 'a']");

    // A static does not leak into the next replay: each gets fresh classes.
    let mut again = state.clone();
    again.statics.clear();
    let o = replay(&c, m, 25, &again);
    assert_eq!(returned(&o), &Observed::Int(2));
}

#[test]
fn strings_hidden_fields_aliases_and_cycles() {
    let c = class("harness/Inputs");
    let i = "harness.Inputs";
    let base = "harness.InputsBase";
    let inputs = |fields: &[(&str, &str, &str, Value)]| InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![object(0, i, fields)],
    };
    let label = inputs(&[("label", i, "java.lang.String", Value::Str("héllo\n".into()))]);
    let o = replay(&c, method(&c, "labelLength"), 7, &label);
    assert_eq!(returned(&o), &Observed::Int(6));
    assert_eq!(
        field(&o, o.receiver_after.as_ref().unwrap(), "label"),
        &Observed::Str("héllo\n".into())
    );

    let hidden = inputs(&[
        ("hidden", base, "int", Value::Int(5)),
        ("hidden", i, "int", Value::Int(8)),
    ]);
    let o = replay(&c, method(&c, "hiddenDifference"), 0, &hidden);
    assert_eq!(returned(&o), &Observed::Int(3));
    let fields = &o.objects[0].fields;
    assert_eq!(fields[0].declared_in, base, "inherited fields first");
    assert_eq!(
        (fields[0].name.as_str(), &fields[0].value),
        ("hidden", &Observed::Int(5))
    );

    let mut aliased = inputs(&[("slots", i, "java.lang.Object[]", Value::Ref(1))]);
    aliased.objects.push(array(
        1,
        "java.lang.Object[]",
        vec![Value::Ref(2), Value::Ref(2)],
    ));
    aliased.objects.push(object(2, base, &[]));
    let o = replay(&c, method(&c, "aliased"), 0, &aliased);
    assert_eq!(returned(&o), &Observed::Bool(true));

    let mut cycle = inputs(&[("next", i, i, Value::Ref(1))]);
    cycle
        .objects
        .push(object(1, i, &[("next", i, i, Value::Ref(0))]));
    let o = replay(&c, method(&c, "cycle2"), 0, &cycle);
    assert_eq!(returned(&o), &Observed::Bool(true));
    let me = o.receiver_after.as_ref().unwrap();
    assert_eq!(field(&o, field(&o, me, "next"), "next"), me);
    assert!(
        o.show(me, "").starts_with("Inputs#0 { "),
        "{}",
        o.show(me, "")
    );
}

#[test]
fn arrays_after_the_call_nan_null_and_exceptions() {
    let c = class("harness/Inputs");
    let statics = |args: Vec<Arg>, objects: Vec<Object>| InputState {
        receiver: None,
        args,
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects,
    };
    let arg = |n: &str, t: &str, v: Value| Arg {
        name: n.into(),
        ty: t.into(),
        value: v,
    };

    let s = statics(
        vec![
            arg("xs", "long[]", Value::Ref(0)),
            arg("bs", "byte[]", Value::Ref(1)),
        ],
        vec![
            array(0, "long[]", vec![Value::Int(1 << 40), Value::Int(-1)]),
            array(1, "byte[]", vec![Value::Int(-128), Value::Int(127)]),
        ],
    );
    let o = replay(&c, method(&c, "sum"), 0, &s);
    assert_eq!(returned(&o), &Observed::Int((1 << 40) - 2));

    let s = statics(
        vec![
            arg("xs", "int[]", Value::Ref(0)),
            arg("v", "int", Value::Int(9)),
        ],
        vec![array(0, "int[]", vec![Value::Int(0); 3])],
    );
    let o = replay(&c, method(&c, "fill"), 0, &s);
    assert_eq!(o.ended, Ended::Returned { value: None });
    let Observed::Ref { object } = &o.args_after[0] else {
        panic!()
    };
    assert_eq!(
        o.objects[*object].elements.as_ref().unwrap(),
        &vec![Observed::Int(9); 3]
    );

    let s = statics(vec![arg("d", "double", Value::Float(f64::NAN))], vec![]);
    let o = replay(&c, method(&c, "half"), 0, &s);
    assert_eq!(returned(&o), &Observed::Str("NaN".into()));
    let s = statics(vec![arg("d", "double", Value::Float(5.0))], vec![]);
    assert_eq!(
        returned(&replay(&c, method(&c, "half"), 0, &s)),
        &Observed::Float(2.5)
    );

    let s = statics(vec![arg("o", "java.lang.Object", Value::Null)], vec![]);
    let o = replay(&c, method(&c, "echo"), 0, &s);
    assert_eq!(
        o.ended,
        Ended::Returned {
            value: Some(Observed::Null)
        }
    );

    let s = statics(
        vec![
            arg("a", "int", Value::Int(1)),
            arg("b", "int", Value::Int(0)),
        ],
        vec![],
    );
    let o = replay(&c, method(&c, "divide"), 2, &s);
    assert!(o.reached, "idiv at pc 2 executed, then threw");
    assert_eq!(
        o.ended,
        Ended::Threw {
            class: "java.lang.ArithmeticException".into(),
            message: Some("/ by zero".into())
        }
    );
}

#[test]
fn states_that_do_not_fit_are_refused_not_run() {
    let c = class("harness/Inputs");
    let m = method(&c, "labelLength");
    let i = "harness.Inputs";
    let bad = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![object(
            0,
            i,
            &[("label", i, "java.lang.String", Value::Int(3))],
        )],
    };
    let e = replayer()
        .replay(&ReplayRequest::new(&c, m, Some(0), &bad))
        .unwrap_err();
    assert!(matches!(e, ReplayFailure::Refused(_)), "{e}");
    assert!(e.to_string().contains("harness.Inputs.label"), "{e}");

    // The pcs must be the method's: a wrong count is caught.
    let mut request = ReplayRequest::new(&c, m, Some(0), &bad);
    request.instruction_pcs.pop();
    let e = replayer().replay(&request).unwrap_err();
    assert!(e.to_string().contains("instrumenter counted 4"), "{e}");
}

/// The worker's JVM runs the program's `assert`s as asked: with `-ea` (the
/// default, as Maven Surefire and Gradle run tests) `positive(0)` fails its
/// assert; with `-da` it returns.
#[test]
fn assertions_run_in_the_replay_as_asked() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_jaut"));
    let c = class("assertions/Asserts");
    let m = method(&c, "positive");
    let state = InputState {
        args: vec![Arg {
            name: "x".into(),
            ty: "int".into(),
            value: Value::Int(0),
        }],
        ..InputState::default()
    };
    let ended = |assertions| {
        let cp = [samples().to_path_buf()];
        let mut r = Replayer::with_executable(exe, &cp, assertions).unwrap();
        let o = r
            .replay(&ReplayRequest::new(&c, m, None, &state))
            .expect("replayed");
        o.ended
    };
    match ended(Assertions::Enabled) {
        Ended::Threw { class, .. } => assert_eq!(class, "java.lang.AssertionError"),
        other => panic!("with -ea: {other:?}"),
    }
    match ended(Assertions::Disabled) {
        Ended::Returned { .. } => {}
        other => panic!("with -da: {other:?}"),
    }
}

/// Hostile code under test: each failure is reported, the worker is
/// restarted, and the same replayer goes on replaying.
#[test]
fn hostile_code_is_survived_and_reported() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_jaut"));
    let cp = [samples().to_path_buf()];
    let mut r = Replayer::with_executable(exe, &cp, Assertions::Enabled).unwrap();
    let c = class("harness/Hostile");
    let int_arg = |n: i64| InputState {
        receiver: None,
        args: vec![Arg {
            name: "n".into(),
            ty: "int".into(),
            value: Value::Int(n),
        }],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![],
    };
    let mut run = |name: &str, pc: u32, n: i64, timeout: Duration| {
        let state = int_arg(n);
        let mut request = ReplayRequest::new(&c, method(&c, name), Some(pc), &state);
        request.timeout = timeout;
        let result = r.replay(&request);
        // A harmless call afterwards works, from a fresh worker if needed.
        let q = int_arg(3);
        let ok = r
            .replay(&ReplayRequest::new(&c, method(&c, "quiet"), Some(5), &q))
            .unwrap();
        assert!(
            ok.reached
                && ok.ended
                    == Ended::Returned {
                        value: Some(Observed::Int(6))
                    }
        );
        result
    };
    let e = run("exit", 5, 6, DEFAULT_TIMEOUT).unwrap_err();
    // System.exit runs the harness's shutdown hook: the pcs so far arrive.
    assert_eq!(
        e,
        ReplayFailure::Exited {
            code: 3,
            detail: String::new(),
            before_exit: Some((true, vec![0, 1, 2, 5, 6])),
        }
    );
    assert!(
        e.to_string().ends_with("after executing the target pc"),
        "{e}"
    );
    // A loop in the method under test meets the step budget: the worker
    // stops it and lives on.
    let o = run("spin", 7, 6, Duration::from_secs(30)).unwrap();
    assert!(o.reached);
    assert_eq!(o.ended, Ended::RanAway { steps: 20_000_000 });
    assert_eq!(o.ended.summary(), "ran on past 20000000 instructions");
    // So does a loop in a callee of the same class: its steps count too.
    let o = run("idleHere", 5, 6, Duration::from_secs(30)).unwrap();
    assert_eq!(o.ended, Ended::RanAway { steps: 20_000_000 });
    // A loop in another class's callee, which the replay does not count,
    // meets the timeout: the worker is killed.
    let e = run("idle", 5, 6, Duration::from_millis(1500)).unwrap_err();
    assert_eq!(e, ReplayFailure::Timeout(Duration::from_millis(1500)));
    assert!(e.to_string().contains("did not end within 1.5 s"), "{e}");
    let o = run("recurse", 5, 4, DEFAULT_TIMEOUT).unwrap();
    assert!(o.reached);
    assert!(
        matches!(&o.ended, Ended::Threw { class, .. } if class == "java.lang.StackOverflowError")
    );
    let e = run("hog", 6, 8, Duration::from_secs(30)).unwrap_err();
    assert!(
        matches!(&e, ReplayFailure::Fatal(m) if m.contains("OutOfMemoryError")),
        "{e}"
    );
    let e = run("crash", 6, 42, DEFAULT_TIMEOUT).unwrap_err();
    assert!(matches!(e, ReplayFailure::Crashed { .. }), "{e}");
    // One JVM at the start, and one after each of exit, idle, hog and crash.
    assert_eq!(r.starts(), 5);
}

#[test]
fn observations_round_trip_through_json() {
    let c = class("coord/Coord");
    let state = searched(&c, "moveY", 51);
    let o = replay(&c, method(&c, "moveY"), 51, &state);
    let text = serde_json::to_string(&o).unwrap();
    assert_eq!(serde_json::from_str::<Observation>(&text).unwrap(), o);
    // A returned null and a void return stay apart.
    for ended in [
        Ended::Returned { value: None },
        Ended::Returned {
            value: Some(Observed::Null),
        },
        Ended::Threw {
            class: "java.lang.Error".into(),
            message: None,
        },
    ] {
        let o = Observation { ended, ..o.clone() };
        let text = serde_json::to_string(&o).unwrap();
        assert_eq!(
            serde_json::from_str::<Observation>(&text).unwrap(),
            o,
            "{text}"
        );
    }
}

/// Runs jaut in a fresh directory: the default flow may write files there.
fn jaut(args: &[&str]) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    jaut_in(dir.path(), args)
}

/// Runs jaut in `dir`.
fn jaut_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_jaut"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("jaut runs")
}

#[test]
fn the_default_flow_replays_and_says_so() {
    let coord = sample_class("coord/Coord");
    let coord = coord.to_str().unwrap();
    let out = jaut(&[coord, "--method", "moveY", "--pc", "51"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.contains("replay   confirmed: the JVM executed pc 51"),
        "{text}"
    );
    assert!(
        text.contains("returned Coord#0 { x = 65536, y = 0 }"),
        "{text}"
    );

    let out = jaut(&[coord, "--method", "moveY", "--pc", "51", "--no-replay"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("replay   skipped (--no-replay)"));

    let out = jaut(&[coord, "--method", "moveY", "--pc", "51", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["replay"]["status"], "confirmed");
    assert_eq!(v["replay"]["reached"], true);
    assert_eq!(v["replay"]["ended"]["kind"], "returned");
    assert!(v["replay"]["executed"]
        .as_array()
        .unwrap()
        .contains(&51.into()));

    let hostile = sample_class("harness/Hostile");
    // A failed replay neither confirms nor refutes: the verdict stands.
    let out = jaut(&[hostile.to_str().unwrap(), "--method", "exit", "--pc", "5"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out)
            .contains("replay   failed: the code under test ended the JVM with exit status 3"),
        "{}",
        stdout(&out)
    );
}

/// A state that reaches the target but then makes the method loop for
/// good is no test: the replay stops it at its step budget (well before
/// the timeout, in the same JVM), the search looks for other states, and
/// with none that ends the target is unknown and no test is written.
#[test]
fn a_run_that_never_ends_is_no_test() {
    let hostile = sample_class("harness/Hostile");
    let dir = tempfile::tempdir().unwrap();
    let out = jaut_in(
        dir.path(),
        &[hostile.to_str().unwrap(), "-m", "spin", "--pc", "7"],
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "replay failed: the state found meets the goal, but the method then ran on past 20000000 instructions: a test of it would not end"
        ),
        "{text}"
    );
    assert!(
        text.contains("state(s) the search found made the method run on without end"),
        "{text}"
    );
    assert!(!text.contains("refuted  the JVM refuted"), "{text}");
    // The default flow writes a reached target's test under jaut-tests/.
    let written: Vec<_> = walk(dir.path())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// A varargs method gets the array of the state as it is (null included):
/// the harness must not collect the arguments into a new array, which made
/// every replay of a `char...` method of commons-lang3 a false mismatch.
#[test]
fn varargs_take_the_state_array_as_it_is() {
    let varargs = sample_class("arrays/Varargs");
    for (pc, state) in [("4", "cs = null"), ("14", "cs = char[]#0")] {
        let out = jaut(&[varargs.to_str().unwrap(), "-m", "count", "--pc", pc]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains(state), "{text}");
        assert!(
            text.contains(&format!("replay   confirmed: the JVM executed pc {pc}")),
            "{text}"
        );
    }
}

/// Code under test that writes relative paths runs in the replay's scratch
/// directory: nothing is left in the user's directory, and the scratch
/// directory is removed when jaut ends.
#[test]
fn the_replay_leaves_no_files_behind() {
    let writes = sample_class("harness/Writes");
    let dir = tempfile::tempdir().unwrap();
    let out = jaut_in(
        dir.path(),
        &[writes.to_str().unwrap(), "-m", "touch", "--line", "14"],
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("replay   confirmed"), "{text}");
    assert!(!dir.path().join("jaut-scratch-probe.txt").exists());
    let left: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.starts_with("jaut-replay-") && e.path().join("jaut-scratch-probe.txt").exists()
        })
        .collect();
    assert!(left.is_empty(), "scratch directories left: {left:?}");
}

/// A run whose search ends before the JVM it started in the background is
/// ready (here a proof in a few milliseconds) still stops that JVM and
/// removes its scratch directory: the process used to exit while the
/// starting thread held the worker, leaving `jaut-replay-*` behind.
#[test]
fn a_jvm_started_for_nothing_leaves_nothing_behind() {
    let registry = sample_class("statics/Registry");
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jaut"))
        .current_dir(cwd.path())
        .env("TMPDIR", tmp.path())
        .args([registry.to_str().unwrap(), "-m", "first", "--line", "33"])
        .output()
        .expect("jaut runs");
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|name| name.starts_with("jaut-replay-"))
        .collect();
    assert!(left.is_empty(), "scratch directories left: {left:?}");
}
