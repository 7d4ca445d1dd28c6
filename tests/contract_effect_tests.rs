//! Contracts with effects (issue 16 item 4, docs/contracts.md): a
//! behaviour may write fields (`modifies`, `old(…)` in its `post`) or raise
//! an exception (`throws`); samples/src/effects/Counter.java with
//! samples/contracts/counter.toml. Reached states are confirmed by the
//! replay (the contract agrees with `add`'s bytecode).

mod support;

use serde_json::Value;

fn contracts() -> String {
    support::repo()
        .join("samples/contracts/counter.toml")
        .display()
        .to_string()
}

/// jaut on the `// TARGET: <method>` line of `method`, with the contract.
fn aim(method: &str) -> Value {
    let text =
        std::fs::read_to_string(support::repo().join("samples/src/effects/Counter.java")).unwrap();
    let line = text
        .lines()
        .position(|l| l.trim_end().ends_with(&format!("// TARGET: {method}")))
        .unwrap()
        + 1;
    let (_, v) = support::aim_at_line(
        "effects/Counter",
        method,
        line,
        &["--contracts", &contracts()],
    );
    v
}

fn field(v: &Value, name: &str) -> i64 {
    v["state"]["objects"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .and_then(|f| f["value"].as_i64())
        .unwrap_or_else(|| panic!("no field {name}: {v:#}"))
}

#[test]
fn a_modified_field_has_its_new_value_after_the_call() {
    let v = aim("twice");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(field(&v, "size"), 5, "{v:#}");
    assert!(field(&v, "limit") >= 7, "{v:#}");
    // An add that returns changes the size: proved from the contract.
    let v = aim("never");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

#[test]
fn a_behaviour_that_throws_reaches_the_handler() {
    let v = aim("full");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(field(&v, "size") >= field(&v, "limit"), "{v:#}");
}

/// A `modifies` that names no field of a parameter, or a `throws` that is
/// not a class name: one line naming it, exit status 2.
#[test]
fn bad_effects_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let class = support::sample_class("effects/Counter");
    for (entry, says) in [
        (r#"{ modifies = ["size"] }"#, "modifies `size`"),
        (r#"{ modifies = ["arg2.size"] }"#, "modifies `arg2.size`"),
        (r#"{ throws = "not a class!" }"#, "throws `not a class!`"),
    ] {
        let file = dir.path().join("bad.toml");
        std::fs::write(
            &file,
            format!("[[contract]]\nmethod = \"effects.Counter.add()V\"\nbehaviour = [ {entry} ]\n"),
        )
        .unwrap();
        let out = support::jaut(&[
            class.to_str().unwrap(),
            "-m",
            "never",
            "--pc",
            "0",
            "--contracts",
            file.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{entry}");
        let err = support::stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{entry}: {err}");
    }
}

/// A contract that writes a field of a reference type
/// (samples/contracts/holder.toml): the field's array has the sort a
/// `getfield` of it has, references being solver integers.
#[test]
fn a_modified_reference_field_is_read_through_the_contract() {
    let holder = support::repo()
        .join("samples/contracts/holder.toml")
        .display()
        .to_string();
    let text =
        std::fs::read_to_string(support::repo().join("samples/src/effects/Holder.java")).unwrap();
    let aim = |method: &str| {
        let line = text
            .lines()
            .position(|l| l.trim_end().ends_with(&format!("// TARGET: {method}")))
            .unwrap()
            + 1;
        support::aim_at_line("effects/Holder", method, line, &["--contracts", &holder]).1
    };
    let v = aim("stored");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    // Proved from the contract: the holder holds what was put.
    let v = aim("other");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}
