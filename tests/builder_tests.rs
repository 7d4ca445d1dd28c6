//! Strings built at run time, over exact contents: `StringBuilder`
//! (src/search/builders.rs), string concatenation (concat.rs) and numbers
//! to text and back (numbers.rs), on the sample `builders/Built`. Reached
//! targets are confirmed by the replay and their inputs checked here; the
//! targets no input reaches are proved unreachable.

mod support;

use serde_json::Value;

fn aim(method: &str, target: &str) -> Value {
    let (code, v) = support::aim_at_marker("builders/Built", method, target);
    let verdict = v["verdict"].as_str().unwrap_or("");
    if verdict == "reached" {
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
    v
}

fn arg(v: &Value, k: usize) -> &Value {
    &v["state"]["args"][k]["value"]
}

fn string(v: &Value, k: usize) -> String {
    arg(v, k)
        .as_str()
        .unwrap_or_else(|| panic!("a string: {v:#}"))
        .to_string()
}

fn reached(method: &str, target: &str) -> Value {
    let v = aim(method, target);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    v
}

fn unreachable(method: &str, target: &str) {
    let v = aim(method, target);
    assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
}

/// `s.equals("a" + n)`: the concatenation's text is exact.
#[test]
fn concatenation_is_exact() {
    let v = reached("concatEquals", "concat");
    assert_eq!(string(&v, 0), format!("a{}", arg(&v, 1)), "{v:#}");
    unreachable("concatNeverEmpty", "never-empty");
}

#[test]
fn appended_text_is_exact() {
    let v = reached("built", "built");
    assert_eq!(
        format!("{}-{}", string(&v, 0), arg(&v, 1)),
        "ab-12",
        "{v:#}"
    );
}

#[test]
fn reverse_insert_delete_set() {
    let v = reached("palindrome", "palindrome");
    let s: Vec<char> = string(&v, 0).chars().collect();
    assert!(s.len() == 3 && s[0] == s[2] && s[0] != s[1], "{v:#}");
    let v = reached("edited", "edited");
    let s = string(&v, 0);
    assert!(s.len() == 3 && s.ends_with('c'), "{v:#}");
    let v = reached("truncated", "truncated");
    let s = string(&v, 0);
    assert!(s.len() > 4 && s.chars().nth(1) == Some('q'), "{v:#}");
}

/// `append(null)` writes "null".
#[test]
fn null_is_appended_as_its_name() {
    let v = reached("nullAppended", "null-appended");
    let s = arg(&v, 0);
    assert!(
        s.is_null()
            || s.as_str()
                .is_some_and(|s| s.len() == 4 && s.starts_with('n')),
        "{v:#}"
    );
}

#[test]
fn decimal_text_is_exact() {
    let v = reached("decimal", "decimal");
    let n = arg(&v, 0).as_i64().unwrap();
    assert!((-99..=-10).contains(&n), "{v:#}");
    unreachable("noLeadingZero", "leading-zero");
    // A negative long of 19 digits.
    let v = reached("longMinimum", "long-minimum");
    let n = arg(&v, 0).as_i64().unwrap();
    assert_eq!(n.to_string().len(), 20, "{v:#}");
}

#[test]
fn parse_int_normal_and_exceptional_paths() {
    let v = reached("parsed", "parsed");
    assert_eq!(string(&v, 0).parse::<i32>().ok(), Some(-42), "{v:#}");
    let v = reached("notANumber", "nfe");
    let s = arg(&v, 0);
    assert!(
        s.is_null() || s.as_str().is_some_and(|s| s.parse::<i32>().is_err()),
        "{v:#}"
    );
    // A string starting with '-' never parses to a positive value: the
    // model leaves non-Latin-1 characters (digits of other scripts) free,
    // so this is no proof, but no state is ever claimed.
    let v = aim("parsedSign", "parsed-sign");
    assert_ne!(v["verdict"], "reached", "{v:#}");
}

/// `Integer.toHexString` (exact: a negative int has eight digits),
/// `Character.digit` and Latin-1 `toLowerCase`.
#[test]
fn hex_digits_and_latin1_case() {
    let v = reached("hex", "hex");
    assert_eq!(arg(&v, 0), 255, "{v:#}");
    unreachable("hexNegative", "hex-negative");
    let v = reached("digit", "digit");
    assert_eq!(arg(&v, 0), u32::from(b'b'), "{v:#}");
    let v = reached("lowered", "lowered");
    assert_eq!(string(&v, 0).to_lowercase(), "été", "{v:#}");
}

/// jaut on `builders/Given.<method>` at its `// TARGET: <target>` line,
/// run in `dir` (where the test class goes): the JSON of a confirmed state.
fn given(method: &str, target: &str, dir: &std::path::Path) -> Value {
    let class = support::sample_class("builders/Given");
    let line = support::marker_line("builders/Given", target).to_string();
    let args = [class.to_str().unwrap(), "-m", method, "--line", &line];
    let (code, v) = support::jaut_json_in(dir, &args);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

/// The text the state's only builder of `class` is made from
/// (`new StringBuilder(text)`).
fn builder_text(v: &Value, class: &str) -> String {
    let objects = v["state"]["objects"].as_array().expect("objects");
    let builders: Vec<&Value> = objects.iter().filter(|o| o["class"] == class).collect();
    assert_eq!(builders.len(), 1, "one {class}: {v:#}");
    assert_eq!(builders[0]["built_by"], "constructor", "{v:#}");
    let c = &builders[0]["constructor"];
    assert_eq!(c["descriptor"], "(Ljava/lang/String;)V", "{v:#}");
    c["args"][0].as_str().expect("a text").to_string()
}

/// A `StringBuilder` or `StringBuffer` the method is given, as a parameter
/// or in a field of its receiver (labeling::builders): the backward search
/// reasons about its contents as about a builder the method makes, the
/// state holds the text the path needs, and the test makes the builder
/// with `new StringBuilder("…")`. (Such inputs were null, and these
/// targets unknown.)
#[test]
fn a_given_builder_holds_what_the_path_needs() {
    let dir = tempfile::tempdir().unwrap();
    let v = given("marked", "marked", dir.path());
    let text = builder_text(&v, "java.lang.StringBuilder");
    assert!(text.len() > 2 && text.chars().nth(1) == Some('x'), "{v:#}");
    let test =
        std::fs::read_to_string(dir.path().join(v["test"].as_str().expect("a test"))).unwrap();
    assert!(
        test.contains(&format!("StringBuilder(\"{text}\")")),
        "{test}"
    );
    let v = given("appended", "appended", dir.path());
    let text = builder_text(&v, "java.lang.StringBuffer");
    assert_eq!(format!("{text}{}", arg(&v, 1)), "ab7", "{v:#}");
    let v = given("logged", "logged", dir.path());
    let text = builder_text(&v, "java.lang.StringBuilder");
    assert!(
        text.len() == 3 && text.starts_with('o') && text.ends_with('k'),
        "{v:#}"
    );
}
