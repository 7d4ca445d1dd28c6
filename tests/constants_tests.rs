//! Constant variables (issue 34, item 2): a final field with a
//! `ConstantValue` (JLS §4.12.4) holds its constant in every state — the
//! search reads it so, labeling writes it, the test sets it and never
//! asserts it (javac inlines the test's read, JLS §13.1) — and a static
//! one is never an input, even under `--statics free`.
//!
//! The sample is `samples/src/constants/Codec.java`, after commons-codec's
//! `BaseNCodec.PAD`; the search cases are class files javac would not
//! write (javac inlines every read), built with `support::classgen`.

mod support;

use std::path::{Path, PathBuf};

use support::classgen::{ClassBuilder, CodeDef, MethodDef, PUBLIC, STATIC};

/// `jaut cover` of `constants.Codec` with `extra` arguments, which must
/// settle every target: the output directory and the test's source.
fn cover_codec(extra: &[&str]) -> (tempfile::TempDir, String) {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let samples = support::samples().display().to_string();
    let mut args = vec![
        "cover",
        samples.as_str(),
        "--class",
        "constants.Codec",
        "--budget",
        "60",
        "--out",
        dir.as_str(),
    ];
    args.extend_from_slice(extra);
    let o = support::jaut(&args);
    assert_eq!(o.status.code(), Some(0), "{}", support::stderr(&o));
    let text = std::fs::read_to_string(out.path().join("constants/CodecJautTest.java")).unwrap();
    (out, text)
}

/// `jaut cover` of the sample class, written to a temporary directory,
/// with objects made by reflection (`--objects reflection`), which must
/// write the constants a constructor stores; the suite must compile
/// without warnings and pass under JUnit.
#[test]
fn the_suite_of_a_class_with_constant_fields_passes() {
    let (out, text) = cover_codec(&["--objects", "reflection"]);
    // The receiver holds the constants a constructor stores…
    assert!(
        text.contains("setField(codec, Codec.class, \"PAD\", (byte) 61);"),
        "{text}"
    );
    assert!(
        text.contains("setField(codec, Codec.class, \"name\", \"codec\");"),
        "{text}"
    );
    // …and no assertion reads them: `wider()` returns a clone, whose other
    // field is asserted.
    assert!(!text.contains(".PAD)"), "{text}");
    assert!(!text.contains(".name)"), "{text}");
    assert!(
        text.contains("assertEquals(1, result.lineLength);"),
        "{text}"
    );
    // The constructor's test: the object it made, without its constants.
    assert!(text.contains("Codec codec = new Codec();"), "{text}");
    support::compile_and_run_suite(
        out.path(),
        "constants.Codec",
        support::samples(),
        &["-Xlint:all", "-Werror"],
    );
}

/// By default the receiver is made by its constructor, which stores the
/// constants itself: no field is written by reflection, and the suite
/// passes.
#[test]
fn by_default_the_constructor_stores_the_constants() {
    let (out, text) = cover_codec(&[]);
    assert!(text.contains("Codec codec = new Codec();"), "{text}");
    assert!(!text.contains("\"PAD\""), "{text}");
    assert!(!text.contains("allocate(Codec.class)"), "{text}");
    support::compile_and_run_suite(
        out.path(),
        "constants.Codec",
        support::samples(),
        &["-Xlint:all", "-Werror"],
    );
}

/// `gen/Const` with `final int K = 5` and `static final int L = 76`, and
/// `static int read(Const c)`: `c.K != 5 ? 1 : 0` (pc 8 returns 1), and
/// `static int limit()`: `L != 76 ? 1 : 0` (pc 7 returns 1), both read
/// through `getfield`/`getstatic` as javac would not write them.
fn constant_class(dir: &Path) -> PathBuf {
    let mut class = ClassBuilder::new("gen/Const");
    let five = class.cp.integer(5);
    let seventy_six = class.cp.integer(76);
    class.constant_field(0x0010, "K", "I", five); // ACC_FINAL
    class.constant_field(0x0018, "L", "I", seventy_six); // ACC_STATIC | ACC_FINAL
    let k = class.cp.fieldref("gen/Const", "K", "I");
    let l = class.cp.fieldref("gen/Const", "L", "I");
    let [k1, k2] = k.to_be_bytes();
    let [l1, l2] = l.to_be_bytes();
    // 0 aload_0; 1 getfield K; 4 iconst_5; 5 if_icmpeq 10; 8 iconst_1;
    // 9 ireturn; 10 iconst_0; 11 ireturn.
    let read = vec![
        0x2a, 0xb4, k1, k2, 0x08, 0x9f, 0x00, 0x05, 0x04, 0xac, 0x03, 0xac,
    ];
    class.method(
        MethodDef::new(PUBLIC | STATIC, "read", "(Lgen/Const;)I").code(CodeDef::new(2, 1, read)),
    );
    // 0 getstatic L; 3 bipush 76; 5 if_icmpeq 10; 8 iconst_1; 9 ireturn;
    // 10 iconst_0; 11 ireturn — pc 8 returns 1.
    let limit = vec![
        0xb2, l1, l2, 0x10, 76, 0x9f, 0x00, 0x05, 0x04, 0xac, 0x03, 0xac,
    ];
    class.method(MethodDef::new(PUBLIC | STATIC, "limit", "()I").code(CodeDef::new(2, 0, limit)));
    std::fs::create_dir_all(dir.join("gen")).unwrap();
    let file = dir.join("gen/Const.class");
    std::fs::write(&file, class.build()).unwrap();
    file
}

#[test]
fn a_read_of_a_constant_field_is_its_constant() {
    let dir = tempfile::tempdir().unwrap();
    let file = constant_class(dir.path()).display().to_string();
    // `c.K != 5` is refuted: the field holds 5 whatever the heap.
    let o = support::jaut(&[&file, "-m", "read", "--pc", "8", "--no-replay"]);
    assert_eq!(o.status.code(), Some(3), "{}", support::stdout(&o));
    // The other way is reached, with K at its constant in the state.
    let (code, json) = support::jaut_json(&[&file, "-m", "read", "--pc", "10", "--no-replay"]);
    assert_eq!(code, Some(0), "{json}");
    let text = json.to_string();
    assert!(
        text.contains(r#""name":"K""#) && text.contains(r#""value":5"#),
        "{json}"
    );
}

#[test]
fn a_static_constant_is_never_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = constant_class(dir.path()).display().to_string();
    for policy in ["auto", "free"] {
        let o = support::jaut(&[
            &file,
            "-m",
            "limit",
            "--pc",
            "8",
            "--statics",
            policy,
            "--no-replay",
        ]);
        assert_eq!(
            o.status.code(),
            Some(3),
            "--statics {policy}: {}",
            support::stdout(&o)
        );
    }
}
