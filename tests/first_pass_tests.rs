//! The states of `jaut cover`'s first pass (`seed::seeded_states`):
//! receivers built as their constructors would make them from constants,
//! parameters of program classes, and the plain seeds left as they were.
//! The cover run itself is tested in `cover_tests.rs`.

mod support;

use jaut::labeling::{InputState, Value};
use jaut::seed::{seeded_states, FIRST_PASS_STATES};

const ENCODER: &str = "firstpass/Encoder";
const MAPPING: &str = "01230120022455012623010202";

fn states(name: &str, descriptor: &str) -> Vec<InputState> {
    let cp = support::sample_classpath();
    let class = cp.load(ENCODER).unwrap();
    let method = class.method(name, descriptor).unwrap();
    seeded_states(&cp, &class, method, FIRST_PASS_STATES)
}

/// The field `name` of the object `value` refers to.
fn field<'a>(state: &'a InputState, value: &Value, name: &str) -> &'a Value {
    let Value::Ref { object } = value else {
        panic!("not an object: {value:?}")
    };
    &state.objects[*object]
        .fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no field {name}"))
        .value
}

/// The text of a `char[]` the value refers to.
fn chars(state: &InputState, value: &Value) -> String {
    let Value::Ref { object } = value else {
        panic!("not an array: {value:?}")
    };
    let o = &state.objects[*object];
    assert_eq!(o.class, "char[]");
    o.elements
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| match e {
            Value::Int(c) => char::from_u32(*c as u32).unwrap(),
            other => panic!("not a char: {other:?}"),
        })
        .collect()
}

#[test]
fn the_receiver_is_made_as_its_constructor_would_from_constants() {
    let states = states("encode", "(Ljava/lang/String;)Ljava/lang/String;");
    assert!(!states.is_empty() && states.len() <= FIRST_PASS_STATES);
    let first = &states[0];
    let this = first.receiver.as_ref().expect("a receiver");
    // `Encoder()`: the mapping from `MAPPING_TEXT.toCharArray()` in
    // `<clinit>`, and the field initializer's 4.
    assert_eq!(chars(first, field(first, this, "mapping")), MAPPING);
    assert_eq!(field(first, this, "maxLength"), &Value::Int(4));
    // The instance `<clinit>` makes, `new Encoder(MAPPING_TEXT, 2)`, is
    // another receiver.
    let lengths: Vec<&Value> = states
        .iter()
        .map(|s| field(s, s.receiver.as_ref().unwrap(), "maxLength"))
        .collect();
    assert!(lengths.contains(&&Value::Int(2)), "{lengths:?}");
    // The text argument: the empty string first, then null and a text of
    // several kinds of characters among the first states.
    let texts: Vec<&Value> = states.iter().map(|s| &s.args[0].value).collect();
    assert_eq!(texts[0], &Value::Str(String::new()));
    assert!(texts.contains(&&Value::Null), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|t| matches!(t, Value::Str(s) if s.chars().any(char::is_uppercase))),
        "{texts:?}"
    );
    // Each state's references stay within its own objects.
    for s in &states {
        for o in &s.objects {
            for f in &o.fields {
                if let Value::Ref { object } = f.value {
                    assert!(object < s.objects.len(), "{s}");
                }
            }
        }
    }
}

#[test]
fn a_program_class_parameter_is_null_or_an_instance() {
    let states = states("weight", "(Lfirstpass/Encoder;)I");
    let args: Vec<&Value> = states.iter().map(|s| &s.args[0].value).collect();
    assert_eq!(args[0], &Value::Null);
    let built = states
        .iter()
        .find(|s| matches!(s.args[0].value, Value::Ref { .. }))
        .expect("an instance as the parameter");
    assert_eq!(
        chars(built, field(built, &built.args[0].value, "mapping")),
        MAPPING
    );
}

#[test]
fn a_constructor_starts_from_the_allocated_object() {
    let states = states("<init>", "()V");
    let first = &states[0];
    let this = first.receiver.as_ref().expect("a receiver");
    assert_eq!(field(first, this, "mapping"), &Value::Null);
    assert_eq!(field(first, this, "maxLength"), &Value::Int(0));
}

#[test]
fn one_target_seeds_instance_methods_too() {
    let cp = support::sample_classpath();
    let class = cp.load(ENCODER).unwrap();
    let method = class
        .method("encode", "(Ljava/lang/String;)Ljava/lang/String;")
        .unwrap();
    let seeds = seeded_states(&cp, &class, method, 10);
    assert_eq!(seeds.len(), 10);
    assert!(seeds.iter().all(|s| s.receiver.is_some()));
}

/// The strings of every seeded state of `firstpass/Scanner.name`.
fn scanner_strings(name: &str) -> Vec<String> {
    let cp = support::sample_classpath();
    let class = cp.load("firstpass/Scanner").unwrap();
    let method = class
        .method(name, "(Ljava/lang/String;)Ljava/lang/String;")
        .or_else(|| class.method(name, "(Ljava/lang/String;)Z"))
        .unwrap();
    seeded_states(&cp, &class, method, jaut::seed::SEEDS)
        .iter()
        .filter_map(|s| match s.args.first().map(|a| &a.value) {
            Some(Value::Str(t)) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

/// A scanner's seeds hold each case's letter with the letters its case
/// compares with: before and after it (`"SCH"`), and a string it looks
/// for (`"CIA"`).
#[test]
fn a_scanner_is_seeded_with_its_cases_letters() {
    let texts = scanner_strings("encode");
    for t in ["C", "SCH", "CIA", "PH", "Q"] {
        assert!(texts.iter().any(|x| x == t), "{t} not in {texts:?}");
    }
}

/// A method of a class that compiles a regular expression is seeded with
/// texts it matches: the least, one more, the most repetitions.
#[test]
fn a_regular_expression_of_the_class_gives_seeds() {
    let texts = scanner_strings("isAddress");
    for t in ["0.0", "00.00", "999.999"] {
        assert!(texts.iter().any(|x| x == t), "{t} not in {texts:?}");
    }
}

/// `jaut cover` of the sample class `name` under `--budget 60`, which must
/// leave no target unknown: its output directory and its JSON report.
fn cover_sample(name: &str) -> (tempfile::TempDir, serde_json::Value) {
    let out = tempfile::tempdir().unwrap();
    let class = support::sample_class(name);
    let (code, v) = support::jaut_json(&[
        "cover",
        class.to_str().unwrap(),
        "--budget",
        "60",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{v:#}");
    (out, v)
}

/// Under a short budget `jaut cover` covers every block of the scanner
/// and of the address check: the cases and the pattern's branches are
/// seeded.
#[test]
fn cover_reaches_a_scanners_cases_and_a_patterns_branches() {
    let (_out, v) = cover_sample("firstpass/Scanner");
    for m in v["methods"].as_array().unwrap() {
        let name = m["method"].as_str().unwrap();
        if name == "encode" || name == "isAddress" {
            assert_eq!(m["unknown"], 0, "{name}: {m:#}");
            assert_eq!(m["unreachable"], 0, "{name}: {m:#}");
        }
    }
}

/// A `StringBuffer` and a `PrintWriter` parameter are seeded with new ones
/// made by the JDK's constructors (`new PrintWriter(new StringWriter())`),
/// after null.
#[test]
fn a_builder_or_writer_parameter_is_seeded_with_a_new_one() {
    let cp = support::sample_classpath();
    let class = cp.load("firstpass/Sinks").unwrap();
    let classes_of = |name: &str, descriptor: &str| -> Vec<Vec<String>> {
        let method = class.method(name, descriptor).unwrap();
        seeded_states(&cp, &class, method, FIRST_PASS_STATES)
            .iter()
            .map(|s| match &s.args[0].value {
                Value::Ref { object } => vec![
                    s.objects[*object].class.clone(),
                    s.objects
                        .iter()
                        .filter(|o| o.id != *object)
                        .map(|o| o.class.clone())
                        .collect::<Vec<_>>()
                        .join(","),
                ],
                other => vec![format!("{other:?}")],
            })
            .collect()
    };
    let buffers = classes_of(
        "appendLine",
        "(Ljava/lang/StringBuffer;Ljava/lang/String;)I",
    );
    assert!(
        buffers.iter().any(|c| c[0] == "java.lang.StringBuffer"),
        "{buffers:?}"
    );
    let writers = classes_of("printAll", "(Ljava/io/PrintWriter;[Ljava/lang/String;)Z");
    assert!(
        writers
            .iter()
            .any(|c| c[0] == "java.io.PrintWriter" && c[1].contains("java.io.StringWriter")),
        "{writers:?}"
    );
}

/// `jaut cover` covers the methods that write into a builder or a writer,
/// and the private helper its public entry calls, in its first pass: every
/// block reached, by first-pass tests that call public methods, and the
/// suite passes.
#[test]
fn cover_writes_into_new_builders_and_covers_a_helper_through_its_entry() {
    let (out, v) = cover_sample("firstpass/Sinks");
    for m in v["methods"].as_array().unwrap() {
        let name = m["method"].as_str().unwrap();
        for t in m["target_list"].as_array().unwrap() {
            if t["depth"].is_null() {
                continue;
            }
            assert_eq!(t["verdict"], "reached", "{name}: {t:#}");
            assert_eq!(t["first_pass"], true, "{name}: {t:#}");
        }
    }
    let check = &v["suite_check"];
    assert_eq!(check["ran"], true, "{check:#}");
    assert!(
        check["removed_tests"].as_array().is_none_or(Vec::is_empty),
        "{check:#}"
    );
    let java = std::fs::read_to_string(out.path().join("firstpass/SinksJautTest.java")).unwrap();
    assert!(
        java.contains("new java.io.StringWriter()") && java.contains("new java.io.PrintWriter("),
        "{java}"
    );
    assert!(
        !java.contains("\"clean\""),
        "the helper is called through its entry:\n{java}"
    );
}
