//! `--throws` on exceptions raised calls below the method asked about
//! (sample `exceptions/Deep`): each answer is a state the JVM confirms or a
//! proof. A type test on a JDK exception class that is not final is exact
//! on the objects the path creates and left open on input objects (src/
//! search/dispatch.rs `is_subtype`), so the proof for `safe` no longer
//! rests on a closed world.

mod support;

use serde_json::Value;

fn throws(method: &str, exception: &str) -> (Option<i32>, Value) {
    let class = support::sample_class("exceptions/Deep");
    support::jaut_json(&[class.to_str().unwrap(), "-m", method, "--throws", exception])
}

#[test]
fn an_exception_two_calls_down_is_confirmed() {
    for (method, exception) in [
        ("pay", "java.lang.IllegalStateException"),
        ("pay", "java.lang.NullPointerException"),
        ("ownerBalance", "java.lang.NullPointerException"),
    ] {
        let (code, v) = throws(method, exception);
        assert_eq!(code, Some(0), "{method} {exception}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
}

/// `safe` checks every amount it passes: no IllegalStateException can
/// leave it, and that is a proof (it used to be unknown, "type tests on
/// java.lang.IllegalStateException consider only the classes on the
/// class path").
#[test]
fn an_exception_no_input_raises_is_proved_impossible() {
    let (code, v) = throws("safe", "java.lang.IllegalStateException");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
    let (code, v) = throws("ownerBalance", "java.lang.IllegalStateException");
    assert_eq!(code, Some(3), "{v:#}");
}
