//! Floating point (issue 16 item 1): `float` and `double` as IEEE-754 in
//! the solver with Java's rules (samples/src/floats/Floats.java). Each
//! reached target's state is confirmed by the replay in the JVM; the
//! unreachable ones are proved by the search.

mod support;

use serde_json::Value;

const SAMPLE: &str = "floats/Floats";

/// jaut aimed at the `// TARGET: <method>` line of `method`.
fn aim(method: &str) -> Value {
    let (_, v) = support::aim_at_marker(SAMPLE, method, method);
    v
}

/// The target is reached and the JVM confirmed the state; its first
/// argument's value.
fn reached(method: &str) -> Value {
    let v = aim(method);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v["state"]["args"][0]["value"].clone()
}

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

#[test]
fn nan_is_the_only_value_unequal_to_itself() {
    assert_eq!(reached("selfUnequal"), "NaN");
}

#[test]
fn casts_saturate_and_take_nan_to_zero() {
    let d = number(&reached("saturates"));
    assert!(d >= 2147483647.0, "{d}");
    let f = &reached("nanToZero");
    assert!(
        f == "NaN" || (number(f) != 0.0 && number(f).abs() < 1.0),
        "{f}"
    );
    let n = reached("intToFloat").as_i64().unwrap();
    assert_ne!((n as f32) as i64, n, "{n}");
    let d = number(&reached("narrows"));
    assert!(d > f64::from(f32::MAX) && d.is_finite(), "{d}");
}

#[test]
fn rounding_is_ieee_and_proves_what_it_excludes() {
    // 0.1 + 0.2 is 0.30000000000000004; no float widens to 0.1.
    for method in ["pointThree", "widened"] {
        let v = aim(method);
        assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
    }
}

#[test]
fn comparisons_fields_and_library_functions() {
    let v = aim("chain");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let (x, y) = (
        number(&v["state"]["args"][0]["value"]),
        number(&v["state"]["args"][1]["value"]),
    );
    assert!(x > 0.0 && x < y && y < 1.0, "{x} {y}");
    let v = aim("field");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let x = number(&reached("floor"));
    assert!(x > 2.0 && x < 3.0, "{x}");
}

/// `doubleToLongBits` keeps the sign of zero: only -0.0 reaches, written
/// as `-0.0` (not `0.0`).
#[test]
fn negative_zero_is_its_own_value() {
    let x = reached("bits");
    assert_eq!(number(&x).to_bits(), (-0.0f64).to_bits(), "{x}");
    let x = reached("negativeZero");
    assert!(number(&x).is_sign_negative(), "{x}");
}

/// Java's `%` truncates: `-5.5 % 2.0 == -1.5`. The solver's remainder on
/// doubles is slow; either the search or constant seeding reaches it, and
/// it is never claimed unreachable.
#[test]
fn java_remainder_is_reached() {
    let x = number(&reached("remainder"));
    assert_eq!(x % 2.0, -1.5, "{x}");
}
