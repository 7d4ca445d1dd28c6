//! Private code searched through its accessible callers (issue 33, item 3;
//! src/search/callers.rs, src/pipeline/through.rs, src/cover/through.rs):
//! a target in a private method is reached by a state of a public caller,
//! the JVM runs the caller and its trace shows the target ran, and the test
//! calls the caller — no reflection. A target no caller can reach (a null
//! check the callers never trigger) is still reached by the direct call.

mod support;

use serde_json::Value;
use support::{
    compile_and_run_suite, cover_to, jaut_json, java_files, marker_line, sample_class,
    sample_classpath, samples,
};

/// Aims at `// TARGET: target` of `method` in `samples/src/<sample>.java`,
/// writing the test under a fresh directory: the JSON, and the test text.
fn aim(sample: &str, method: &str, target: &str) -> (Option<i32>, Value, String) {
    let out = tempfile::tempdir().unwrap();
    let class = sample_class(sample);
    let line = marker_line(sample, target).to_string();
    let dir = out.path().to_str().unwrap();
    let args = [
        class.to_str().unwrap(),
        "-m",
        method,
        "--line",
        &line,
        "--out",
        dir,
    ];
    let (code, json) = jaut_json(&args);
    let text = json["test"]
        .as_str()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .unwrap_or_default();
    (code, json, text)
}

/// The names of the methods along a `via`, outermost first.
fn via_methods(json: &Value) -> Vec<String> {
    json["via"]["sites"]
        .as_array()
        .unwrap_or_else(|| panic!("no via: {json}"))
        .iter()
        .map(|s| s["method"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_private_target_is_reached_through_its_public_caller() {
    let (code, json, text) = aim("callers/Version", "combine", "wide minor");
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(json["via"]["method"], "parse", "{json}");
    assert_eq!(via_methods(&json), ["parse"]);
    assert_eq!(json["replay"]["status"], "confirmed", "{json}");
    // The state is parse's: one string whose minor part has three digits.
    let args = json["state"]["args"].as_array().unwrap();
    assert_eq!(args.len(), 1, "{json}");
    let textual = args[0]["value"].as_str().unwrap();
    let (major, minor) = textual.split_once('.').unwrap();
    assert!(!major.is_empty() && major.bytes().all(|b| b.is_ascii_digit()));
    assert!(minor.parse::<u32>().unwrap() >= 100, "{textual}");
    // The test calls the public method, not the helper by reflection.
    assert!(text.contains("Version.parse("), "{text}");
    assert!(!text.contains("invoke("), "{text}");
}

#[test]
fn a_chain_of_private_helpers_is_followed_up_to_the_public_method() {
    let (code, json, text) = aim("callers/Version", "number", "not a digit");
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(via_methods(&json), ["parse"], "{json}");
    // digit is called by number, number by parse: two calls on the way in.
    let cp = sample_classpath();
    let class = cp.load("callers/Version").unwrap();
    let digit = class.methods.iter().find(|m| m.name == "digit").unwrap();
    let chains = jaut::search::callers::chains(&cp, &class, digit);
    let names: Vec<Vec<&str>> = chains
        .iter()
        .map(|c| {
            c.sites
                .iter()
                .map(|s| class.methods[s.method].name.as_str())
                .collect()
        })
        .collect();
    // parse calls number twice (the major and the minor part): two ways
    // in, the earlier call first.
    assert_eq!(
        names,
        [["parse", "number"], ["parse", "number"]],
        "{chains:?}"
    );
    assert!(chains[0].sites[0].pc < chains[1].sites[0].pc, "{chains:?}");
    assert!(text.contains("Version.parse("), "{text}");
}

#[test]
fn an_instance_helper_is_reached_through_the_method_that_calls_it() {
    let (code, json, text) = aim("callers/Meter", "bump", "over the limit");
    assert_eq!(code, Some(0), "{json}");
    assert_eq!(json["via"]["method"], "add", "{json}");
    assert_eq!(json["replay"]["status"], "confirmed", "{json}");
    assert!(text.contains(".add("), "{text}");
    assert!(!text.contains("invoke("), "{text}");
}

#[test]
fn a_target_no_caller_reaches_is_reached_by_the_direct_call() {
    // size never passes null to measure: only a direct call reaches the
    // null check, and the test calls measure by reflection.
    let (code, json, text) = aim(
        "callers/Version",
        "measure",
        "only a direct call passes null",
    );
    assert_eq!(code, Some(0), "{json}");
    assert!(json.get("via").is_none(), "{json}");
    assert!(json["state"]["args"][0]["value"].is_null(), "{json}");
    assert!(text.contains("\"measure\""), "{text}");
}

#[test]
fn public_methods_have_no_callers_to_go_through() {
    let cp = sample_classpath();
    let class = cp.load("callers/Version").unwrap();
    let parse = class.methods.iter().find(|m| m.name == "parse").unwrap();
    assert!(jaut::search::callers::chains(&cp, &class, parse).is_empty());
}

/// `jaut cover` on the class: the helpers' targets a caller reaches get
/// tests of the caller, the suite compiles and passes, and the only test
/// calling a private method is the one for measure's null check. The
/// first slice is 2 s, so the callers' half of it is ample on a loaded
/// machine (the search through parse takes about 0.4 s).
#[test]
fn cover_writes_tests_of_the_callers_for_private_targets() {
    let out = tempfile::tempdir().unwrap();
    let class = sample_class("callers/Version");
    let args = [class.to_str().unwrap(), "--first-slice", "2"];
    let doc = cover_to(&args, out.path());
    let tests = doc["tests"].as_array().unwrap();
    let methods = doc["methods"].as_array().unwrap();
    for m in methods {
        assert_eq!(m["covered_after"], m["targets"], "{m}");
    }
    let private = ["number", "digit", "combine", "measure"];
    let of_private: Vec<&str> = tests
        .iter()
        .filter_map(|t| t["method"].as_str())
        .filter(|m| private.contains(m))
        .collect();
    assert_eq!(of_private, ["measure"], "{}", doc["tests"]);
    // A test through a caller says which private target it was made for
    // and through which calls: the first is its own method's call, at the
    // pc it is named after.
    let through: Vec<&Value> = tests.iter().filter(|t| t.get("via").is_some()).collect();
    assert!(!through.is_empty(), "{}", doc["tests"]);
    for t in through {
        let via = &t["via"];
        assert!(private.contains(&via["method"].as_str().unwrap()), "{t}");
        let calls = via["calls"].as_array().unwrap();
        assert_eq!(calls[0]["method"], t["method"], "{t}");
        assert_eq!(calls[0]["pc"], t["target"], "{t}");
        assert!(via["target"].is_u64(), "{t}");
    }
    let text: String = java_files(out.path())
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(text.matches("invoke(Version.class").count(), 1, "{text}");
    compile_and_run_suite(out.path(), "callers/Version", samples(), &["-Xlint:all"]);
}
