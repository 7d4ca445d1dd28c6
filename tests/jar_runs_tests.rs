//! Whole-jar runs of `jaut cover` (issue 33): targets whose replays failed
//! or went uncredited in commons-codec.jar, each reduced to what caused it.

mod support;

use serde_json::Value;
use support::samples;

/// The target of `method` at the marked line (its block, not a branch).
fn target_at<'d>(doc: &'d Value, method: &str, line: usize) -> &'d Value {
    doc["methods"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["method"] == method)
        .flat_map(|m| m["target_list"].as_array().unwrap())
        .find(|t| t["line"] == line as u64 && t.get("from").is_none())
        .unwrap_or_else(|| panic!("a target of {method} at line {line}: {doc:#}"))
}

#[test]
fn a_receiver_is_made_by_its_constructor_with_a_charset_name() {
    let out = tempfile::tempdir().unwrap();
    let class = samples().join("credit/Named.class").display().to_string();
    let doc = support::cover_to(&[&class], out.path());
    // `width` reads the charset: only an object the constructor made
    // holds one, and the constructor throws on "", "a" and null: the
    // receiver is `new Named("UTF-8")`, a name the JDK knows.
    let line = support::marker_line("credit/Named", "width");
    let width = target_at(&doc, "width", line);
    assert_eq!(width["verdict"], "reached", "{width:#}");
    let java = std::fs::read_to_string(out.path().join("credit/NamedJautTest.java")).unwrap();
    assert!(java.contains("new Named(\"UTF-8\")"), "{java}");
}

#[test]
fn a_state_with_stand_ins_whose_objects_miss_the_goal_is_no_internal_error() {
    // commons-codec `Base16.decodeOctet`: the constructor call tried with
    // stand-ins for its null arguments made an object that missed the
    // goal, and looking for a JDK object to send back to reflection
    // indexed the state found's objects past their end.
    let (_, v) = support::jaut_json(&[
        "/usr/share/java/commons-codec.jar",
        "--class",
        "org.apache.commons.codec.binary.Base16",
        "--method",
        "decodeOctet",
        "--line",
        "202",
    ]);
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
}
