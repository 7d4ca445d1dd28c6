//! Mocks (src/classpath/mock.rs): an input of an interface type nothing on
//! the class path implements is "some implementation of it", whose calls
//! answer what the path needs, call by call. On the sample `mocks/Mocks`:
//! a `Comparator`, a listener called in a loop, a default method calling
//! the abstract one, an `Iterator` summed. Each state is confirmed by the
//! replay (a `java.lang.reflect.Proxy` giving the answers); the text form
//! shows the answers; no proof rests on a mock.

mod support;

use serde_json::Value;

fn reached(method: &str, target: &str) -> Value {
    let (code, v) = support::aim_at_marker("mocks/Mocks", method, target);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

/// The answers of the mock passed as argument `k`, by method name.
fn answers(v: &Value, k: usize) -> Vec<(String, Vec<Value>)> {
    let id = v["state"]["args"][k]["value"]["ref"]
        .as_u64()
        .expect("an object") as usize;
    let o = &v["state"]["objects"][id];
    o["mock"]
        .as_array()
        .unwrap_or_else(|| panic!("a mock: {v:#}"))
        .iter()
        .map(|m| {
            let name = m["method"].as_str().unwrap();
            let name = name[..name.find('(').unwrap()].to_string();
            (name, m["returns"].as_array().unwrap().clone())
        })
        .collect()
}

#[test]
fn a_comparator_answers_each_call() {
    let v = reached("inconsistent", "inconsistent");
    let a = answers(&v, 0);
    assert_eq!(a.len(), 1, "{v:#}");
    assert_eq!(a[0].0, "compare");
    let r: Vec<i64> = a[0].1.iter().map(|x| x.as_i64().unwrap()).collect();
    assert!(r.len() == 2 && r.iter().all(|&x| x > 0), "{v:#}");
    // The verdict says what the state rests on.
    assert_eq!(v["state"]["objects"][0]["class"], "java.util.Comparator");
}

#[test]
fn a_listener_in_a_loop() {
    let v = reached("count", "count");
    let a = answers(&v, 0);
    let accepted = a[0].1.iter().filter(|x| x.as_bool() == Some(true)).count();
    assert_eq!(accepted, 2, "{v:#}");
    // A default method runs its own code, which calls the mock.
    reached("twice", "twice");
}

#[test]
fn an_iterator_summed() {
    let v = reached("sum", "sum");
    let a = answers(&v, 0);
    let has_next = &a.iter().find(|(n, _)| n == "hasNext").unwrap().1;
    let next = &a.iter().find(|(n, _)| n == "next").unwrap().1;
    assert_eq!(has_next.len(), next.len() + 1, "{v:#}");
}

/// The text form lists each method's answers.
#[test]
fn the_text_form_shows_the_answers() {
    let source = support::repo().join("samples/src/mocks/Mocks.java");
    let text = std::fs::read_to_string(source).unwrap();
    let line = text
        .lines()
        .position(|l| l.ends_with("// TARGET: inconsistent"))
        .unwrap()
        + 1;
    let class = support::sample_class("mocks/Mocks");
    let out = support::jaut(&[
        class.to_str().unwrap(),
        "-m",
        "inconsistent",
        "--line",
        &line.to_string(),
    ]);
    let stdout = support::stdout(&out);
    assert!(
        stdout.contains("c = Comparator#0 mock { compare → [1, 1] }"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "needs    an implementation of java.util.Comparator whose compare returns 1, then returns 1"
        ),
        "{stdout}"
    );
}

/// A target no implementation reaches is not claimed, and a refutation
/// through a mock is no proof (a mock is assumed to change nothing).
#[test]
fn no_proof_rests_on_a_mock() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("Never.java");
    std::fs::write(
        &src,
        "public class Never {\n    public static int f(java.util.function.IntSupplier s) {\n        int a = s.getAsInt();\n        if (a != a)\n            return 1;\n        return 0;\n    }\n}\n",
    )
    .unwrap();
    support::javac(&[src], dir.path(), None);
    let class = dir.path().join("Never.class");
    let (_, v) = support::jaut_json(&[class.to_str().unwrap(), "-m", "f", "--line", "5"]);
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(v.to_string().contains("mock"), "{v:#}");
}

/// An abstract class: the mock extends it, its concrete methods keep their
/// code and its fields their values (`perimeter` reads `sides`); a JDK
/// abstract class (`InputStream`) too.
#[test]
fn abstract_classes_are_mocked() {
    let v = reached("shaped", "shaped");
    let o = &v["state"]["objects"][0];
    assert_eq!(o["class"], "mocks.Mocks$Shape", "{v:#}");
    assert_eq!(o["mock"][0]["returns"][0], 12, "{v:#}");
    let sides = o["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "sides")
        .unwrap();
    assert_eq!(sides["value"], 4, "{v:#}");
    let v = reached("readTwo", "read-two");
    let a = answers(&v, 0);
    let read = &a.iter().find(|(n, _)| n == "read").unwrap().1;
    assert_eq!(read[0], 97, "{v:#}");
    assert_eq!(read[1], -1, "{v:#}");
}

/// `--mock-throws`: a mock's call may throw a RuntimeException where the
/// path needs one; without it, mocks raise nothing (an assumption, so the
/// handler's target is unknown, never unreachable).
#[test]
fn a_mock_may_throw_when_asked() {
    let (_, v) = support::aim_at_marker("mocks/Mocks", "guarded", "guarded");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    let source = support::repo().join("samples/src/mocks/Mocks.java");
    let text = std::fs::read_to_string(source).unwrap();
    let line = text
        .lines()
        .position(|l| l.ends_with("// TARGET: guarded"))
        .unwrap()
        + 1;
    let (code, v) = support::aim_at_line("mocks/Mocks", "guarded", line, &["--mock-throws"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let o = &v["state"]["objects"][0]["mock"][0];
    assert_eq!(o["throws"][0], 0, "{v:#}");
    assert!(
        v["needs"][0]
            .as_str()
            .unwrap()
            .contains("throws a RuntimeException"),
        "{v:#}"
    );
}
