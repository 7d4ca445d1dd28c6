//! JDK values as a person writes them (issue 34, item 4): `jaut cover` of
//! `samples/src/values/Values.java` writes boxes as literals, arrays as
//! initializers, enums as constants and big numbers by their constructors
//! — never `allocate` on a box or a big number a constructor can make —
//! keeps the identities the method compares, and the suite compiles
//! without warnings and passes under JUnit.

mod support;

#[test]
fn values_are_written_as_literals_and_the_suite_passes() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let samples = support::samples().display().to_string();
    let o = support::jaut(&[
        "cover",
        &samples,
        "--class",
        "values.Values",
        "--budget",
        "120",
        "--out",
        &dir,
    ]);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{}",
        support::stderr(&o)
    );
    let text = std::fs::read_to_string(out.path().join("values/ValuesJautTest.java")).unwrap();
    for expected in [
        // Boxes as arguments, fields and elements.
        "Values.unbox(1001, 5L, (short) 3, (byte) -2)",
        "Values.others('x', true, 2.0f, -3.0)",
        "values.count = 42;",
        "values.total = 4L;",
        "values.letter = 'q';",
        "Integer[] xs = {3, 300};",
        // A box as an Object.
        "Values.nine(9)",
        // One box passed twice is one variable.
        "Integer a = 501;\n        boolean result = Values.same(a, a);",
        // Two boxes of a cached value stay two objects, and say why.
        "// A second Integer 5, distinct from the first",
        "Integer.class.getConstructor(int.class).newInstance(5)",
        // Arrays as initializers, strings as literals, enums as constants.
        "int[][] adj = {{-1}};",
        "String[] names = {null, \"ab\"};",
        // …but an array of nulls as its length.
        "String[] names = new String[2];",
        "Values.unit(java.util.concurrent.TimeUnit.SECONDS)",
        // Big numbers by their constructors.
        "Values.cents(new java.math.BigDecimal(\"0.00\"))",
        "java.math.BigInteger b = new java.math.BigInteger(\"",
    ] {
        assert!(text.contains(expected), "no {expected:?} in\n{text}");
    }
    for absent in [
        "allocate(Integer.class)",
        "allocate(Long.class)",
        "allocate(Character.class)",
        "allocate(java.math.BigDecimal.class)",
        "\"value\"",
        "new Integer(",
    ] {
        assert!(!text.contains(absent), "{absent:?} in\n{text}");
    }
    // The replay builds boxes as the test does (valueOf first), so a state
    // that needs an input box other than the cached one is refuted, never
    // written as a test that would fail.
    assert!(
        !text.contains("Values.notCached(5);\n        assertEquals(1, result);"),
        "{text}"
    );
    // The BigInteger `seven` needs (the search gives it the magnitude {7}
    // without a sign) is made by its constructor from the digits, never
    // allocated and filled field by field.
    assert!(text.contains("new java.math.BigInteger(\"7\")"), "{text}");
    assert!(
        !text.contains("allocate(java.math.BigInteger.class)"),
        "{text}"
    );
    support::compile_and_run_suite(
        out.path(),
        "values.Values",
        support::samples(),
        &["-Xlint:all", "-Werror"],
    );
}
