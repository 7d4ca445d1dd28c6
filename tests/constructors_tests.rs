//! Objects from their constructors (issue 34, item 3): the objects of
//! program classes in a state are made by constructor calls the JVM is
//! shown to accept, the test writes `new Interval(…)`, and `--objects`
//! chooses between constructors, reflection, or constructors first.
//!
//! Samples: `samples/src/objects/` — `Interval` (its constructor rejects
//! `start > end`), `Gauge` (a level no constructor sets), `Segment` of two
//! `Point`s (objects made from objects made by constructors), `Account`
//! (fields only setters give), `Separator` (objects kept in static final
//! fields, a private constructor), `Text` (a constructor that copies its
//! `String` into a longer buffer), `Codec` (a `Charset` and `ByteBuffer`s,
//! made by the JDK's factories), `Scoreboard.Lane` (an inner class),
//! `Money` and `Views` (static factories), `Filters` (a factory that
//! refuses null sets and keeps a predicate it makes itself), `Query` (a
//! builder from `Query.builder()` that refuses a negative limit),
//! `Layout.Page` (an enum constant's builder, `Layout.NARROW.builder()`)
//! and `Range` (instance factories on a constant, `Range.EMPTY.withLow(..)`),
//! `Digits` (a `DecimalFormatSymbols`, a JDK object made by `new`),
//! `Window` (a builder start that takes an argument its precondition
//! limits), `Checksums` (a `MessageDigest` from `getInstance`) and `Shelf`
//! (a constructor refusing a null `NavigableSet`), `Encoder` (null
//! arguments of a program class and a program interface), `Ring` (a
//! bounded ring whose state only `add` makes), `Words` (an anonymous
//! iterator only `iterator()` and `next()` make).

mod support;

use serde_json::Value as Json;

/// jaut on the target marked `// TARGET: <target>` in `samples/src/<sample>.java`,
/// with `extra` arguments and its test written under `out`.
fn aim(
    sample: &str,
    method: &str,
    target: &str,
    out: &std::path::Path,
    extra: &[&str],
) -> (Option<i32>, Json) {
    let mut args = vec!["--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    support::aim_at_line(sample, method, support::marker_line(sample, target), &args)
}

/// The state's objects, and how each is made (`built_by`).
fn built_by(json: &Json) -> Vec<String> {
    json["state"]["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["built_by"].as_str().unwrap_or("-").to_string())
        .collect()
}

/// [`aim`] at a target the JVM confirms reached, whose state's objects are
/// made as `made` says (`constructor`, `reflection`), in a fresh directory;
/// the test written there compiles and passes.
fn reached(
    sample: &str,
    method: &str,
    target: &str,
    extra: &[&str],
    made: &[&str],
) -> (tempfile::TempDir, Json) {
    let out = tempfile::tempdir().unwrap();
    let (code, json) = aim(sample, method, target, out.path(), extra);
    assert_eq!(code, Some(0), "{json:#}");
    assert_eq!(json["replay"]["status"], "confirmed", "{json:#}");
    assert_eq!(built_by(&json), made, "{json:#}");
    support::compile_and_run_suite(out.path(), sample, support::samples(), &[]);
    (out, json)
}

fn test_text(out: &std::path::Path) -> String {
    let files = support::java_files(out);
    assert_eq!(files.len(), 1, "{files:?}");
    std::fs::read_to_string(&files[0]).unwrap()
}

/// [`aim`] with `--objects constructors` at a target only a state no
/// constructor (or builder) makes reaches: unknown, `not-constructible`,
/// no test written.
fn not_claimed(sample: &str, method: &str, target: &str) {
    let out = tempfile::tempdir().unwrap();
    let (code, json) = aim(
        sample,
        method,
        target,
        out.path(),
        &["--objects", "constructors"],
    );
    assert_eq!(code, Some(1), "{json:#}");
    assert_eq!(json["verdict"], "unknown", "{json:#}");
    let reasons = json["reasons"].as_array().expect("reasons");
    assert!(
        reasons.iter().any(|r| r["kind"] == "not-constructible"),
        "{json:#}"
    );
    assert!(support::java_files(out.path()).is_empty());
}

#[test]
fn with_constructors_only_a_target_no_interval_can_reach_is_not_claimed() {
    not_claimed("objects/Interval", "length", "dead");
}

#[test]
fn by_default_an_interval_is_made_by_its_constructor_and_the_suite_passes() {
    let both = ["constructor", "constructor"];
    let (out, json) = reached("objects/Interval", "overlaps", "overlaps", &[], &both);
    for o in json["state"]["objects"].as_array().unwrap() {
        let c = &o["constructor"];
        assert_eq!(c["descriptor"], "(II)V", "{json:#}");
        // The constructor made what the state claims: start <= end, and
        // the fields it lists hold its arguments.
        let args: Vec<i64> = c["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_i64().unwrap())
            .collect();
        assert!(args[0] <= args[1], "{json:#}");
        for f in o["fields"].as_array().unwrap() {
            let k = if f["name"] == "start" { 0 } else { 1 };
            assert_eq!(f["value"].as_i64(), Some(args[k]), "{json:#}");
        }
    }
    let text = test_text(out.path());
    assert!(text.contains("= new Interval("), "{text}");
    assert!(!text.contains("allocate("), "{text}");
}

#[test]
fn a_rejected_argument_is_replaced_by_one_the_constructor_accepts() {
    // other.end < start: other = new Interval(0, -1) is rejected; the
    // proposal that shares the argument, new Interval(-1, -1), is not.
    let both = ["constructor", "constructor"];
    reached("objects/Interval", "overlaps", "before", &[], &both);
}

#[test]
fn by_default_a_state_no_constructor_makes_falls_back_to_reflection() {
    let (out, _) = reached("objects/Interval", "length", "dead", &[], &["reflection"]);
    let text = test_text(out.path());
    assert!(
        text.contains("// Made by reflection, not by a constructor (jaut --objects): Interval."),
        "{text}"
    );
    // A level no constructor sets: the target keeps its test.
    reached("objects/Gauge", "state", "full", &[], &["reflection"]);
}

#[test]
fn objects_made_from_objects_made_by_constructors() {
    let all = ["constructor", "constructor", "constructor"];
    let (out, json) = reached("objects/Segment", "vertical", "vertical", &[], &all);
    let segment = &json["state"]["objects"][0];
    assert_eq!(segment["class"], "objects.Segment");
    assert_eq!(
        segment["constructor"]["args"],
        serde_json::json!([{"ref": 1}, {"ref": 2}]),
        "{json:#}"
    );
    let text = test_text(out.path());
    let points = text.find("new Point(").expect("points by constructors");
    let made = text
        .find("new Segment(")
        .expect("the segment by its constructor");
    assert!(points < made, "{text}");
}

#[test]
fn with_reflection_every_object_is_allocated() {
    let both = ["reflection", "reflection"];
    let extra = ["--objects", "reflection"];
    let (out, _) = reached("objects/Interval", "overlaps", "overlaps", &extra, &both);
    assert!(test_text(out.path()).contains("allocate(Interval.class)"));
}

#[test]
fn a_bad_objects_policy_is_one_error_line() {
    let class = support::sample_class("objects/Interval");
    let o = support::jaut(&[
        class.to_str().unwrap(),
        "-m",
        "length",
        "--pc",
        "0",
        "--objects",
        "magic",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(support::stderr(&o).contains("magic"));
}

#[test]
fn cover_counts_the_objects_by_how_they_are_made() {
    let out = tempfile::tempdir().unwrap();
    let samples = support::samples().to_str().unwrap().to_string();
    let (code, json) = support::jaut_json(&[
        "cover",
        &samples,
        "--class",
        "objects.Interval",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{json:#}");
    let constructor = json["objects"]["constructor"].as_u64().unwrap();
    let reflection = json["objects"]["reflection"].as_u64().unwrap();
    // Only the dead branch of length() needs an interval no constructor
    // makes.
    assert_eq!(reflection, 1, "{json:#}");
    assert!(constructor >= 8, "{json:#}");
    support::compile_and_run_suite(
        out.path(),
        "cover objects.Interval",
        support::samples(),
        &[],
    );
}

#[test]
fn setters_give_the_fields_no_constructor_parameter_reaches() {
    let (out, json) = reached(
        "objects/Account",
        "describe",
        "premium",
        &[],
        &["constructor"],
    );
    let c = &json["state"]["objects"][0]["constructor"];
    assert_eq!(c["descriptor"], "(I)V", "{json:#}");
    assert_eq!(c["args"], serde_json::json!([7]), "{json:#}");
    let setters: Vec<&str> = c["setters"]
        .as_array()
        .expect("setters")
        .iter()
        .map(|s| s["method"].as_str().unwrap())
        .collect();
    assert_eq!(setters, ["setOwner", "setLimit"], "{json:#}");
    let text = test_text(out.path());
    assert!(text.contains("Account account = new Account(7);"), "{text}");
    assert!(text.contains("account.setLimit(1001);"), "{text}");
    assert!(!text.contains("allocate("), "{text}");
}

#[test]
fn an_object_a_static_final_field_keeps_is_read_from_it() {
    // Separator's constructor is private: the test reads Separator.TAB.
    let (out, json) = reached("objects/Separator", "isTab", "tab", &[], &["constructor"]);
    let c = &json["state"]["objects"][0]["constructor"];
    assert_eq!(
        c["constant"],
        serde_json::json!({"class": "objects.Separator", "field": "TAB"}),
        "{json:#}"
    );
    let text = test_text(out.path());
    assert!(
        text.contains("Separator separator = Separator.TAB;"),
        "{text}"
    );
    assert!(!text.contains("allocate("), "{text}");
}

#[test]
fn a_string_argument_stands_for_a_buffer_the_constructor_fills() {
    let (out, json) = reached(
        "objects/Text",
        "endsWithBang",
        "bang",
        &[],
        &["constructor", "-"],
    );
    let objects = &json["state"]["objects"];
    let arg = objects[0]["constructor"]["args"][0]
        .as_str()
        .expect("a text");
    // The buffer is the one the constructor made, 16 chars longer than
    // its argument, and the state says so.
    let buffer = objects[1]["elements"].as_array().unwrap();
    assert_eq!(buffer.len(), arg.chars().count() + 16, "{json:#}");
    assert_eq!(buffer[0], 'h' as u32, "{json:#}");
    let text = test_text(out.path());
    assert!(text.contains("Text text = new Text(\"h"), "{text}");
    // The call does not change the buffer: nothing asserts it.
    assert!(!text.contains("getField("), "{text}");
}

#[test]
fn jdk_values_come_from_their_factories_not_mocks() {
    let (out, json) = reached(
        "objects/Codec",
        "charsetName",
        "name",
        &[],
        &["constructor", "constructor"],
    );
    let charset = &json["state"]["objects"][1];
    assert_eq!(charset["class"], "java.nio.charset.Charset", "{json:#}");
    assert_eq!(
        charset["constructor"]["constant"]["class"], "java.nio.charset.StandardCharsets",
        "{json:#}"
    );
    let text = test_text(out.path());
    assert!(text.contains("StandardCharsets.UTF_8"), "{text}");
    assert!(text.contains("new Codec(charset"), "{text}");
    // The mock's answer to array() stays in the state, unwritten.
    let array = ["constructor", "-"];
    for (target, factory, made) in [
        ("array", "allocate", &array[..]),
        ("direct", "allocateDirect", &array[..1]),
    ] {
        let (out, json) = reached("objects/Codec", "backing", target, &[], made);
        let buffer = &json["state"]["objects"][0];
        assert_eq!(
            buffer["constructor"]["factory"]["field"], factory,
            "{json:#}"
        );
        let text = test_text(out.path());
        assert!(text.contains(&format!("ByteBuffer.{factory}(")), "{text}");
        assert!(!text.contains("new byte[0]"), "{text}");
        assert!(
            !text.contains("allocate(java") && !text.contains("new java.nio.ByteBuffer() {"),
            "{text}"
        );
    }
}

#[test]
fn an_inner_object_is_made_from_its_enclosing_one() {
    let out = tempfile::tempdir().unwrap();
    let line = support::marker_line("objects/Scoreboard", "overflows");
    let dir = ["--out", out.path().to_str().unwrap()];
    let (code, json) = support::aim_at_line("objects/Scoreboard$Lane", "overflows", line, &dir);
    assert_eq!(code, Some(0), "{json:#}");
    assert_eq!(json["replay"]["status"], "confirmed", "{json:#}");
    assert_eq!(built_by(&json), ["constructor", "constructor"], "{json:#}");
    support::compile_and_run_suite(out.path(), "Scoreboard$Lane", support::samples(), &[]);
    let lane = &json["state"]["objects"][0];
    assert_eq!(lane["class"], "objects.Scoreboard$Lane", "{json:#}");
    // The enclosing Scoreboard, made first, is the first argument.
    assert_eq!(
        lane["constructor"]["args"][0],
        serde_json::json!({"ref": 1}),
        "{json:#}"
    );
    let text = test_text(out.path());
    assert!(
        text.contains("Scoreboard.Lane lane = scoreboard1.new Lane("),
        "{text}"
    );
}

#[test]
fn the_fields_setters_store() {
    let cp = support::sample_classpath();
    let c = cp.load("objects/Account").unwrap();
    let fields = |name: &str, descriptor: &str| -> Vec<String> {
        let m = c.method(name, descriptor).unwrap();
        jaut::construct::flow::setter_fields(&cp, &c, m)
            .into_iter()
            .map(|f| f.name)
            .collect()
    };
    // After a check that may throw; and one that returns `this`.
    assert_eq!(fields("setOwner", "(Ljava/lang/String;)V"), ["owner"]);
    assert_eq!(fields("setLimit", "(I)Lobjects/Account;"), ["limit"]);
    // A getter stores nothing.
    assert!(fields("getId", "()I").is_empty());
}

/// Where the constructors' parameters flow, by field name.
fn flows(class: &str, descriptor: &str) -> Vec<Vec<String>> {
    let cp = support::sample_classpath();
    let c = cp.load(class).unwrap();
    let m = c.method("<init>", descriptor).unwrap();
    jaut::construct::flow::parameter_fields(&cp, &c, m)
        .into_iter()
        .map(|fields| fields.into_iter().map(|f| f.name).collect())
        .collect()
}

#[test]
fn the_fields_constructor_parameters_flow_to() {
    // Assignments after a check that may throw.
    assert_eq!(flows("objects/Interval", "(II)V"), [["start"], ["end"]]);
    // Through Objects.requireNonNull with a message.
    assert_eq!(
        flows("objects/Segment", "(Lobjects/Point;Lobjects/Point;)V"),
        [["from"], ["to"]]
    );
    // Through this(both, both): one parameter, two fields.
    assert_eq!(flows("objects/Point", "(I)V"), [["x", "y"]]);
    // Read from another object's fields: nothing flows unchanged.
    assert_eq!(
        flows("objects/Point", "(Lobjects/Point;)V"),
        [Vec::<String>::new()]
    );
    // The no-argument constructor of Gauge sets a constant.
    assert!(flows("objects/Gauge", "()V").is_empty());
}

#[test]
fn an_object_whose_constructor_is_private_comes_from_its_static_factory() {
    // Money's constructor is private: the test calls Money.of.
    let (out, json) = reached(
        "objects/Money",
        "isLargeEuros",
        "large",
        &[],
        &["constructor"],
    );
    let c = &json["state"]["objects"][0]["constructor"];
    assert_eq!(
        c["factory"],
        serde_json::json!({"class": "objects.Money", "field": "of"}),
        "{json:#}"
    );
    let text = test_text(out.path());
    assert!(
        text.contains("Money money = Money.of(1000001L, \"EUR\");"),
        "{text}"
    );
    assert!(!text.contains("allocate("), "{text}");
}

/// jaut with `--objects constructors` on class `class` (under the samples,
/// `a/B$C` for a nested one) of `sample` at the target marked `marker` in
/// `method`: the JVM confirms it reached, its object (the receiver) made
/// by a call, not by reflection; the suite compiles and passes with `-ea`.
/// The JSON's receiver and the test's text.
fn made_by_calls(class: &str, sample: &str, method: &str, marker: &str) -> (Json, String) {
    let out = tempfile::tempdir().unwrap();
    let file = support::sample_class(class);
    let line = support::marker_line(sample, marker).to_string();
    let (code, json) = support::jaut_json(&[
        file.to_str().unwrap(),
        "-m",
        method,
        "--line",
        &line,
        "--out",
        out.path().to_str().unwrap(),
        "--objects",
        "constructors",
    ]);
    assert_eq!(code, Some(0), "{json:#}");
    assert_eq!(json["replay"]["status"], "confirmed", "{json:#}");
    let object = json["state"]["objects"][0].clone();
    assert_eq!(object["built_by"], "constructor", "{json:#}");
    let text = test_text(out.path());
    assert!(!text.contains("allocate("), "{text}");
    let under_test = class.rsplit('/').next().unwrap();
    support::compile_and_run_suite(out.path(), under_test, support::samples(), &[]);
    (object, text)
}

/// [`made_by_calls`] on the anonymous class `sample$1`, its object made by
/// the factory `factory` of `sample`: the JSON's receiver and the text.
fn from_factory(sample: &str, method: &str, marker: &str, factory: &str) -> (Json, String) {
    let (object, text) = made_by_calls(&format!("{sample}$1"), sample, method, marker);
    let owner = sample.replace('/', ".");
    assert_eq!(
        object["constructor"]["factory"],
        serde_json::json!({"class": owner, "field": factory}),
        "{object:#}"
    );
    (object, text)
}

#[test]
fn an_anonymous_object_comes_from_the_factory_of_its_enclosing_class() {
    // Views$1 is the anonymous View that Views.union makes, its arrays in
    // val$a and val$b: the test calls union with the arrays the path needs.
    let (_object, text) = from_factory("objects/Views", "contains", "second", "union");
    assert!(text.contains("Views.View a1 = Views.union("), "{text}");
    // The method is called through the public interface it implements.
    assert!(text.contains("((Views.View) a1).contains("), "{text}");
}

#[test]
fn a_factory_refusing_null_sets_is_given_empty_ones_and_keeps_the_predicate_it_makes() {
    // Filters$1 keeps the sets Filters.without captures and a predicate
    // the factory makes itself; the path only passes them on, so the
    // state holds null there. without(null, null) throws: the call is
    // tried again with empty sets, and the predicate is the factory's.
    let (object, text) = from_factory("objects/Filters", "keep", "keep", "without");
    // The predicate is the factory's: no value of the state's.
    assert_eq!(object["fields"], serde_json::json!([]), "{object:#}");
    assert!(
        text.contains("Filters.without(hashSet1, hashSet2)"),
        "{text}"
    );
    assert!(text.contains("= new java.util.HashSet<>();"), "{text}");
}

/// [`made_by_calls`], its object made by a chain: the chain's JSON
/// `builder` and the test's text.
fn from_chain(class: &str, sample: &str, method: &str, marker: &str) -> (Json, String) {
    let (object, text) = made_by_calls(class, sample, method, marker);
    (object["constructor"]["builder"].clone(), text)
}

#[test]
fn an_object_only_a_builder_makes_comes_from_its_builder() {
    // Query's constructor is private and takes its Builder: the test calls
    // Query.builder(), one step per field the path reads, then build().
    let (builder, text) = from_chain("objects/Query", "objects/Query", "isPaged", "paged");
    assert_eq!(builder["start"]["kind"], "static", "{builder:#}");
    assert_eq!(builder["finish"], "build", "{builder:#}");
    assert!(
        text.contains("Query query = Query.builder().table("),
        "{text}"
    );
    assert!(text.contains(").build();"), "{text}");
}

#[test]
fn an_object_an_enum_constants_builder_makes_comes_from_it() {
    // Layout.Page's constructor is private; Layout.NARROW.builder() makes
    // the builder whose build() makes pages (as DoubleFormat.PLAIN.builder()).
    let (builder, text) = from_chain(
        "objects/Layout$Page",
        "objects/Layout",
        "overflows",
        "overflow",
    );
    assert_eq!(builder["start"]["kind"], "on_constant", "{builder:#}");
    assert!(
        text.contains("Layout.Page page = Layout.NARROW.builder().columns("),
        "{text}"
    );
}

#[test]
fn an_object_instance_factories_make_comes_from_a_constant_and_its_withs() {
    // Range's constructor is private: Range.EMPTY.withLow(..).withHigh(..).
    let (builder, text) = from_chain("objects/Range", "objects/Range", "isWide", "wide");
    assert_eq!(builder["start"]["kind"], "constant", "{builder:#}");
    assert!(
        text.contains("Range range = Range.EMPTY.withLow("),
        "{text}"
    );
    assert!(text.contains(".withHigh("), "{text}");
}

#[test]
fn with_constructors_only_a_state_no_builder_makes_is_not_claimed() {
    // The builder refuses a negative limit: no query has one.
    not_claimed("objects/Query", "isPaged", "negative");
    // By default the reflection fallback keeps the target.
    reached("objects/Query", "isPaged", "negative", &[], &["reflection"]);
}

#[test]
fn a_jdk_object_comes_from_its_public_constructor_not_allocate() {
    // The search reads DecimalFormatSymbols.zeroDigit; the state's object
    // is made by new DecimalFormatSymbols(), whose zero digit serves.
    let out = tempfile::tempdir().unwrap();
    let (code, json) = aim("objects/Digits", "nine", "nine", out.path(), &[]);
    assert_eq!(code, Some(0), "{json:#}");
    assert_eq!(json["replay"]["status"], "confirmed", "{json:#}");
    assert_eq!(built_by(&json), ["constructor"], "{json:#}");
    support::compile_and_run_suite(out.path(), "objects/Digits", support::samples(), &[]);
    let text = test_text(out.path());
    assert!(
        text.contains(
            "java.text.DecimalFormatSymbols symbols = new java.text.DecimalFormatSymbols();"
        ),
        "{text}"
    );
    assert!(!text.contains("allocate("), "{text}");
}

#[test]
fn a_builder_start_with_an_argument_takes_one_its_precondition_accepts() {
    // Window.builder(int size) refuses a size that is not a power of two;
    // the path leaves the size at 0, so builder(0) is refused and the
    // backward search of builder's normal return chooses the size.
    let (builder, text) = from_chain("objects/Window", "objects/Window", "fits", "within");
    assert_eq!(builder["start"]["kind"], "static", "{builder:#}");
    assert_eq!(builder["finish"], "build", "{builder:#}");
    assert!(text.contains("Window window = Window.builder("), "{text}");
    assert!(!text.contains("Window.builder(0)"), "{text}");
}

#[test]
fn an_object_left_to_reflection_says_why() {
    // The builder refuses a negative limit: every call tried is refused.
    let (_, json) = reached("objects/Query", "isPaged", "negative", &[], &["reflection"]);
    let object = &json["state"]["objects"][0];
    assert_eq!(object["reflection_because"], "refused", "{json:#}");
    // A state made by constructors names no cause.
    let (_, json) = reached("objects/Query", "isPaged", "paged", &[], &["constructor"]);
    assert!(json["state"]["objects"][0]
        .get("reflection_because")
        .is_none());
}

#[test]
fn a_message_digest_comes_from_get_instance() {
    // The mock's digest length (20) names SHA-1.
    let (out, json) = reached(
        "objects/Checksums",
        "hexLength",
        "sha1",
        &[],
        &["constructor"],
    );
    let call = &json["state"]["objects"][0]["constructor"];
    assert_eq!(call["factory"]["field"], "getInstance", "{json:#}");
    let text = test_text(out.path());
    assert!(
        text.contains("MessageDigest.getInstance(\"SHA-1\")"),
        "{text}"
    );
    assert!(!text.contains("allocate("), "{text}");
}

#[test]
fn a_refused_null_navigable_set_becomes_an_empty_tree_set() {
    // Shelf's constructor refuses null titles, which the path never reads.
    let (object, text) = made_by_calls("objects/Shelf", "objects/Shelf", "isBoarded", "boarded");
    assert_eq!(
        object["constructor"]["descriptor"],
        "(Ljava/util/NavigableSet;I)V"
    );
    assert!(text.contains("TreeSet"), "{text}");
    assert!(text.contains("new Shelf("), "{text}");
}

#[test]
fn refused_null_arguments_become_a_program_object_and_a_do_nothing_mock() {
    // new Encoder(null, null) throws; a new Settings (its level chosen by
    // the search of its constructor's normal return) and a Sink answering
    // nothing stand in for the nulls the path never read.
    let (object, text) = made_by_calls("objects/Encoder", "objects/Encoder", "isIdle", "idle");
    assert_eq!(
        object["constructor"]["descriptor"],
        "(Lobjects/Encoder$Settings;Lobjects/Encoder$Sink;)V"
    );
    assert!(text.contains("new Encoder.Settings("), "{text}");
    assert!(!text.contains("new Encoder.Settings(0)"), "{text}");
    assert!(text.contains("new Encoder.Sink() {"), "{text}");
    assert!(text.contains("new Encoder("), "{text}");
}

#[test]
fn a_ring_only_add_fills_is_made_by_its_constructor_and_adds() {
    // Ring's start, end and elements only `add` sets: new Ring(n), then
    // as many adds as the path's end needs, the elements the path reads
    // as their arguments.
    let (object, text) = made_by_calls("objects/Ring", "objects/Ring", "oldestOfMany", "many");
    let c = &object["constructor"];
    assert_eq!(c["descriptor"], "(I)V", "{object:#}");
    let adds = c["setters"].as_array().expect("adds");
    assert!(adds.len() >= 2, "{object:#}");
    assert!(adds.iter().all(|s| s["method"] == "add"), "{object:#}");
    assert!(text.contains("Ring ring = new Ring("), "{text}");
    assert!(text.contains("ring.add("), "{text}");
}

#[test]
fn an_anonymous_iterator_is_made_by_its_holders_method_and_next_calls() {
    // Words$1, an iterator past its second word, is made as a program
    // makes it: `words.iterator()`, then `next()` twice; its `Words` by
    // its constructor.
    let (object, text) = made_by_calls("objects/Words$1", "objects/Words", "remove", "late");
    let c = &object["constructor"];
    assert_eq!(c["builder"]["start"]["kind"], "on_object", "{object:#}");
    assert_eq!(c["builder"]["start"]["method"], "iterator", "{object:#}");
    let steps = c["setters"].as_array().expect("steps");
    assert_eq!(steps.len(), 2, "{object:#}");
    assert!(steps.iter().all(|s| s["method"] == "next"), "{object:#}");
    assert!(text.contains("new Words("), "{text}");
    assert!(text.contains(".iterator();"), "{text}");
    assert!(text.contains(".next();"), "{text}");
}
