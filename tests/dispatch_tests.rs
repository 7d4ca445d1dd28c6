//! Virtual and interface calls: the receiver's class chooses the method
//! (JVMS §5.4.6), and the search explores each choice.

mod support;

use jaut::labeling::{InputState, Value};
use jaut::search::{search, Config, Verdict};

/// Searches the `// target` line of a `dispatch.Zoo` method.
fn zoo(method: &str) -> Verdict {
    let cp = support::sample_classpath();
    let class = cp.load("dispatch/Zoo").expect("sample");
    let m = class
        .methods
        .iter()
        .find(|m| m.name == method)
        .expect("method");
    let code = m.code.as_ref().expect("code");
    let source = std::fs::read_to_string(support::repo().join("samples/src/dispatch/Zoo.java"))
        .expect("source");
    // The target is the `return 1` on the line marked `// target` inside
    // the method (the first such line after the method's first line).
    let first = code.lines.iter().map(|l| l.line).min().expect("lines");
    let line = source
        .lines()
        .enumerate()
        .skip(first as usize - 1)
        .find(|(_, l)| l.contains("// target"))
        .map(|(i, _)| i as u16 + 1)
        .expect("a target line");
    let pc = code.pcs_of_line(line)[0];
    search(&cp, &class, m, pc, &Config::default())
        .expect("search")
        .verdict
}

fn arg_class(state: &InputState) -> (&str, &jaut::labeling::Object) {
    let Value::Ref { object } = state.args[0].value else {
        panic!("the argument is an object: {state}");
    };
    let o = &state.objects[object];
    (o.class.as_str(), o)
}

#[test]
fn the_override_that_answers_picks_the_class() {
    let Verdict::Reached { state, .. } = zoo("meows") else {
        panic!("meows is reachable");
    };
    assert_eq!(arg_class(&state).0, "dispatch.Cat", "{state}");
}

#[test]
fn an_inherited_method_serves_every_class_without_an_override() {
    let Verdict::Reached { state, .. } = zoo("heavy") else {
        panic!("heavy is reachable");
    };
    let (class, object) = arg_class(&state);
    // Cat overrides weight() (3); Dog and Bird inherit legs * 10.
    assert!(
        class == "dispatch.Dog" || class == "dispatch.Bird",
        "{state}"
    );
    assert_eq!(object.fields[0].value, Value::Int(4), "{state}");
}

#[test]
fn a_default_method_is_selected_for_a_class_that_keeps_it() {
    let Verdict::Reached { state, .. } = zoo("greets") else {
        panic!("greets is reachable");
    };
    assert_eq!(arg_class(&state).0, "dispatch.Polite", "{state}");
}

#[test]
fn no_implementation_gives_a_proof() {
    // Animal is a user class: its subclasses on the class path are all the
    // classes the argument can have, and none answers 5.
    assert!(matches!(zoo("never"), Verdict::Unreachable { .. }));
}

#[test]
fn a_jdk_interface_receiver_is_no_proof() {
    // A call on java.lang.Comparable may run JDK code the universe does not
    // hold: refuting every path is not a proof then.
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("Cmp.java");
    std::fs::write(
        &src,
        "public class Cmp {\n    public static int f(Comparable<Object> c) {\n        if (c.compareTo(null) == 12345)\n            return 1;\n        return 0;\n    }\n}\n",
    )
    .expect("write");
    let status = std::process::Command::new(support::jdk_tool("javac"))
        .args(["-g", "-nowarn", "-d"])
        .arg(dir.path())
        .arg(&src)
        .status()
        .expect("javac");
    assert!(status.success());
    let mut cp = jaut::program::Program::new(jaut::classpath::ClassPath::new().expect("jdk"));
    cp.add(dir.path()).expect("dir");
    let class = cp.load("Cmp").expect("class");
    let m = class.methods.iter().find(|m| m.name == "f").expect("f");
    let code = m.code.as_ref().expect("code");
    let pc = code.pcs_of_line(4)[0];
    let verdict = search(&cp, &class, m, pc, &Config::default())
        .expect("search")
        .verdict;
    assert!(matches!(verdict, Verdict::Unknown { .. }), "{verdict:?}");
}

/// A call on a user interface that nothing on the class path implements:
/// the input is a mock (src/classpath/mock.rs) whose call answers 3, which
/// the replay confirms; before mocks this was unknown with a closed-world
/// reason, and it must never be `unreachable`.
#[test]
fn an_interface_without_implementation_proves_nothing() {
    let events = support::sample_class("dispatch/Events");
    let out = support::jaut(&[
        events.to_str().unwrap(),
        "-m",
        "fire",
        "--pc",
        "11",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", support::stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&support::stdout(&out)).unwrap();
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let mock = &v["state"]["objects"][0]["mock"][0];
    assert_eq!(mock["method"], "onEvent(I)I", "{v:#}");
    assert_eq!(mock["returns"][0], 3, "{v:#}");
}
