//! Static fields as inputs or initial values (`--statics`, src/statics.rs)
//! and the search that looks again after the JVM refutes a state
//! (src/search/exclude.rs), on the sample `statics/Registry`: what the
//! verdicts, the JSON and the replay say.

mod support;

use serde_json::Value;

/// jaut on `Registry.<method>` at `line` (JSON, replayed), plus `extra`
/// arguments: exit code and JSON.
fn aim(method: &str, line: u32, extra: &[&str]) -> (Option<i32>, Value) {
    support::aim_at_line("statics/Registry", method, line as usize, extra)
}

/// `static Node head`, which no code writes, is always null: the target
/// behind `head != null` is proved unreachable, where treating it as a free
/// input "reached" it with a state no run can have.
#[test]
fn a_static_no_method_writes_holds_its_default() {
    let (code, v) = aim("first", 33, &[]);
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");

    // `--statics free`: the old model, which sets head in the test.
    let (code, v) = aim("first", 33, &["--statics", "free"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(v["state"]["statics"][0]["field"], "head", "{v:#}");
    assert_eq!(v["state"]["statics"][0]["input_because"], "--statics free");
}

/// A static field a setter writes stays an input, and the state says why.
#[test]
fn a_static_a_setter_writes_is_an_input() {
    let (code, v) = aim("above", 40, &[]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let statics = v["state"]["statics"].as_array().unwrap();
    assert_eq!(statics.len(), 1, "{v:#}");
    assert_eq!(statics[0]["field"], "limit");
    assert_eq!(
        statics[0]["input_because"],
        "written by statics.Registry.setLimit(I)V"
    );
}

/// `--statics init` freezes every static, the written ones too: `limit`
/// holds 0, so `x > limit` needs x ≥ 1 and the test sets no static.
#[test]
fn statics_init_freezes_the_written_ones_too() {
    let (code, v) = aim("above", 40, &["--statics", "init"]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(
        v["state"]["statics"].as_array().unwrap().is_empty(),
        "{v:#}"
    );
    assert_eq!(v["state"]["initial_statics"][0]["field"], "limit", "{v:#}");
    assert_eq!(
        v["state"]["initial_statics"][0]["holds"],
        "its default value"
    );
    assert!(
        v["state"]["args"][0]["value"].as_i64().unwrap() >= 1,
        "{v:#}"
    );
}

/// Constants the class initializer stores (an int, a string) and a new
/// object it makes hold on every path: targets that need other values are
/// proved unreachable, and the ones that need these values are reached
/// with them.
#[test]
fn class_initializer_constants_and_objects() {
    for (method, line) in [("modeIs", 47), ("named", 57), ("locked", 67)] {
        let (code, v) = aim(method, line, &[]);
        assert_eq!(code, Some(3), "{method} line {line}: {v:#}");
    }
    let (code, v) = aim("modeIs", 50, &[]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], 3, "{v:#}");
    assert_eq!(v["state"]["initial_statics"][0]["holds"], "3", "{v:#}");
    let (code, v) = aim("named", 60, &[]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], "main", "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
}

/// The array a class initializer fills is not followed: the search's
/// first state (i = 0) is refuted by the JVM, and the search, excluding it,
/// finds i = 1, which the JVM confirms.
#[test]
fn after_a_mismatch_the_search_looks_again() {
    let (code, v) = aim("lookup", 74, &[]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let refuted = v["refuted_states"].as_array().expect("refuted states");
    assert!(!refuted.is_empty(), "{v:#}");
    for r in refuted {
        assert_ne!(r["args"][0]["value"], 1, "{v:#}");
    }
    assert_eq!(v["state"]["args"][0]["value"], 1, "{v:#}");
}

/// A static field the class initializer sets to a class literal holds
/// that class's `Class` object: a `Class` input equal to it is that class
/// (an array class included), where the field used to be an unknown value
/// and the state found one the JVM refuted; two such fields of different
/// classes are never equal, a proof.
#[test]
fn class_literal_statics_hold_their_class() {
    for (target, class) in [
        ("text", "java.lang.String"),
        ("numbers", "java.lang.Integer[]"),
    ] {
        let (code, v) = support::aim_at_marker("statics/Kinds", "kind", target);
        assert_eq!(code, Some(0), "{target}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{target}: {v:#}");
        assert_eq!(
            v["state"]["args"][0]["value"]["class_object"], class,
            "{v:#}"
        );
    }
    let (code, v) = support::aim_at_marker("statics/Kinds", "same", "same");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}
