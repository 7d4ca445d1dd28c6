//! `java.lang.Math` on a path (sample `mathx/Roots`): `sqrt`, `cbrt`,
//! `hypot` and `pow` read backward through their preimages
//! (src/jdk/math.rs, src/search/math_rules.rs), `abs`, `min`, `max` by
//! their contracts, `floorDiv`, `floorMod` and the `…Exact` methods by
//! their bytecode, with the `ArithmeticException` they throw. Each target is
//! reached, replayed in the JVM, and the JUnit suite jaut writes for them
//! compiles and passes.

mod support;

use serde_json::Value;
use std::path::Path;

const SAMPLE: &str = "mathx/Roots";

/// jaut on `Roots.<method>` at its `// TARGET:` line, writing its tests
/// under `dir`: exit code and JSON.
fn aim(method: &str, dir: &Path) -> (Option<i32>, Value) {
    let class = support::sample_class(SAMPLE);
    let line = support::marker_line(SAMPLE, method).to_string();
    let args = [class.to_str().unwrap(), "-m", method, "--line", &line];
    support::jaut_json_in(dir, &args)
}

/// The value of argument `k` in a reached state.
fn arg(v: &Value, k: usize) -> i64 {
    v["state"]["args"][k]["value"]
        .as_i64()
        .expect("an integer argument")
}

fn reached(method: &str, dir: &Path) -> Value {
    let (code, v) = aim(method, dir);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

/// The rounded functions: a result compared with a constant pins the
/// argument to the one int whose root, power or hypotenuse it is.
#[test]
fn roots_and_powers_are_solved_through_their_preimages() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(arg(&reached("square", dir.path()), 0), 81);
    assert_eq!(arg(&reached("cube", dir.path()), 0), -27);
    assert_eq!(arg(&reached("triangle", dir.path()), 0).abs(), 4);
    assert_eq!(arg(&reached("power", dir.path()), 0), 7);
    support::compile_and_run_suite(
        &dir.path().join("jaut-tests"),
        "mathx.Roots (roots)",
        support::samples(),
        &[],
    );
}

/// A root no int has: `Math.sqrt(n) == 9.5` for an int `n` is refuted,
/// and since every preimage holds every argument that gives the result,
/// the refutation is a proof.
#[test]
fn a_root_no_int_has_is_proved_unreachable() {
    let dir = tempfile::tempdir().unwrap();
    let (code, v) = aim("noRoot", dir.path());
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `abs`, `min`, `max` (contracts), `floorDiv`, `floorMod` and the exact
/// arithmetic (bytecode): each target, the overflows included.
#[test]
fn integer_math_and_its_exceptions_are_reached() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(arg(&reached("absolute", dir.path()), 0), -5);
    assert_eq!(arg(&reached("floors", dir.path()), 0), -11);
    let v = reached("overflow", dir.path());
    assert!(
        (arg(&v, 0) + arg(&v, 1)) > i64::from(i32::MAX)
            || (arg(&v, 0) + arg(&v, 1)) < i64::from(i32::MIN),
        "{v:#}"
    );
    let v = reached("product", dir.path());
    assert_eq!(arg(&v, 0) * arg(&v, 1), 391, "{v:#}");
    let v = reached("narrow", dir.path());
    assert!(i32::try_from(arg(&v, 0)).is_err(), "{v:#}");
    assert_eq!(arg(&reached("negate", dir.path()), 0), i64::from(i32::MIN));
    let v = reached("clamp", dir.path());
    assert_eq!(arg(&v, 0).min(99) - arg(&v, 1).max(50), 10, "{v:#}");
    support::compile_and_run_suite(
        &dir.path().join("jaut-tests"),
        "mathx.Roots (integers)",
        support::samples(),
        &[],
    );
}
