//! Lambdas and method references (src/classpath/lambda.rs) on the sample
//! `lambdas/Lambdas`: a lambda is the object LambdaMetafactory makes, a
//! call on it runs its implementation method with the captured values —
//! static, virtual and constructor references, a serializable lambda of
//! the JDK's own `Comparator.comparing`, a supplier that is only called on
//! the exceptional path. Reached states are confirmed by the replay; a
//! target behind a lambda of a program's own interface is proved
//! unreachable (the world of that interface is closed).

mod support;

use serde_json::Value;

fn aim(method: &str, target: &str) -> Value {
    let (code, v) = support::aim_at_marker("lambdas/Lambdas", method, target);
    if v["verdict"] == "reached" {
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
    v
}

fn reached(method: &str, target: &str) -> Value {
    let v = aim(method, target);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    v
}

fn arg(v: &Value, k: usize) -> &Value {
    &v["state"]["args"][k]["value"]
}

#[test]
fn a_captured_value_reaches_the_body() {
    let v = reached("captured", "captured");
    assert_eq!(arg(&v, 0), 5, "{v:#}");
}

#[test]
fn method_references_of_every_kind() {
    let v = reached("methodReference", "method-reference");
    assert_eq!(arg(&v, 0).as_str().map(|s| s.chars().count()), Some(3));
    let v = reached("staticReference", "static-reference");
    let (a, b) = (arg(&v, 0).as_i64().unwrap(), arg(&v, 1).as_i64().unwrap());
    assert!(a < b && b == 7, "{v:#}");
    let v = reached("constructorReference", "constructor-reference");
    assert_eq!(arg(&v, 0).as_str().map(|s| s.chars().count()), Some(2));
}

#[test]
fn a_program_interface_is_a_closed_world() {
    let v = aim("closedWorld", "closed-world");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `Objects.requireNonNull(s, supplier)`: the supplier is made on every
/// path and called only when `s` is null.
#[test]
fn a_supplier_runs_only_when_called() {
    let v = reached("notCalled", "not-called");
    assert_eq!(arg(&v, 0).as_str().map(|s| s.chars().count()), Some(1));
    let v = reached("messageSupplied", "message-supplied");
    assert!(arg(&v, 0).is_null(), "{v:#}");
    assert_eq!(arg(&v, 1), 3, "{v:#}");
}

/// The JDK's `Comparator.comparing` makes a serializable lambda
/// (`altMetafactory`) that calls the key extractor, another lambda.
#[test]
fn a_jdk_comparator() {
    let v = reached("comparator", "comparator");
    let (a, b) = (arg(&v, 0).as_str().unwrap(), arg(&v, 1).as_str().unwrap());
    assert!(a.chars().count() < b.chars().count(), "{v:#}");
}

/// An `invokedynamic` of another bootstrap method (a record's `hashCode`,
/// `java.lang.runtime.ObjectMethods`, Java 16+) stops the search, with a
/// reason naming the bootstrap method.
#[test]
fn another_bootstrap_method_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("Rec.java");
    std::fs::write(
        &src,
        "public class Rec {\n    record Point(int x) { }\n    public static int f(int x) {\n        if (new Point(x).hashCode() == 7)\n            return 1;\n        return 0;\n    }\n}\n",
    )
    .unwrap();
    let status = std::process::Command::new(support::jdk_tool("javac"))
        .args(["--release", "17", "-g", "-d"])
        .arg(dir.path())
        .arg(&src)
        .status()
        .unwrap();
    assert!(status.success());
    let class = dir.path().join("Rec.class");
    let (code, v) = support::jaut_json(&[class.to_str().unwrap(), "-m", "f", "--line", "5"]);
    // The search stops there with the reason; the constant-seeded runs
    // (x = 7) may still reach the target, confirmed by the replay.
    if v["verdict"] == "reached" {
        assert_eq!(code, Some(0), "{v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    } else {
        assert_eq!(v["verdict"], "unknown", "{v:#}");
    }
    assert!(
        v.to_string()
            .contains("invokedynamic java.lang.runtime.ObjectMethods.bootstrap at"),
        "{v:#}"
    );
}
