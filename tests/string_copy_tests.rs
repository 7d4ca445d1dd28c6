//! Copies of strings and char arrays keep their characters
//! (src/search/string_copy.rs), on the sample `copies/Copies`: a target
//! behind `new String("test").equals("test")` is reached and the opposite
//! proved unreachable, where the copy used to be a string of any
//! characters; every reached state is confirmed by the JVM.

mod support;

use serde_json::Value;

/// jaut on `Copies.<method>` at its `// TARGET: <method>` line (JSON,
/// replayed): exit code and JSON.
fn aim(method: &str) -> (Option<i32>, Value) {
    let source = support::repo().join("samples/src/copies/Copies.java");
    let text = std::fs::read_to_string(source).unwrap();
    let tag = format!("// TARGET: {method}");
    let line = text
        .lines()
        .position(|l| l.trim_end().ends_with(&tag))
        .map(|i| (i + 1).to_string())
        .unwrap_or_else(|| panic!("no {tag}"));
    let class = support::sample_class("copies/Copies");
    let out = support::jaut(&[
        class.to_str().unwrap(),
        "-m",
        method,
        "--line",
        &line,
        "--format",
        "json",
    ]);
    let json = serde_json::from_str(&support::stdout(&out)).unwrap_or_else(|e| {
        panic!(
            "{method}: {e}\n{}{}",
            support::stdout(&out),
            support::stderr(&out)
        )
    });
    (out.status.code(), json)
}

fn reached_and_confirmed(method: &str) -> Value {
    let (code, v) = aim(method);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

#[test]
fn a_copied_string_equals_its_source() {
    reached_and_confirmed("copyEquals");
    let (code, v) = aim("copyDiffers");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `toCharArray` (whose `[C` result the replay's instrumentation once
/// mistook for a `char`, failing with a VerifyError).
#[test]
fn to_char_array_holds_the_characters() {
    let v = reached_and_confirmed("toChars");
    assert_eq!(v["state"]["args"][0]["value"], "xy", "{v:#}");
}

#[test]
fn a_string_of_a_char_array_holds_its_elements() {
    reached_and_confirmed("fromChars");
    reached_and_confirmed("snapshot");
}

#[test]
fn intern_and_to_string_keep_the_characters() {
    let v = reached_and_confirmed("interned");
    let s = v["state"]["args"][0]["value"].as_str().unwrap_or("");
    assert!(s.chars().count() == 3 && s.ends_with('q'), "{v:#}");
}
