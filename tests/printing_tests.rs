//! Printing and formatting on a path (src/jdk/strings/printing.rs), on the
//! sample `printing/Report`: `System.out`/`System.err` calls change nothing
//! the method reads back, `String.format`'s text is an assumption, and a
//! `toString()` of the program that printing runs is left out, never
//! claimed: what the verdicts, reasons and replays say.

mod support;

use serde_json::Value;

/// jaut on `Report.<method>` at `line` (JSON, replayed): exit code and JSON.
fn aim(method: &str, line: u32) -> (Option<i32>, Value) {
    support::aim_at_line("printing/Report", method, line as usize, &[])
}

fn reasons(v: &Value) -> Vec<(String, String)> {
    v["reasons"]
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    (
                        r["kind"].as_str().unwrap_or("").to_string(),
                        r["message"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// println, print, printf on System.out and System.err on the way: the
/// target is reached and the JVM confirms it (it used to end with "no
/// class on the class path implements java.io.PrintStream.println").
#[test]
fn printing_does_not_stop_the_search() {
    let (code, v) = aim("log", 27);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(
        v["state"]["args"][0]["value"].as_i64().map(|l| l > 3),
        Some(true)
    );
}

/// Printing makes nothing possible: the contradiction is refuted. The
/// verdict stays unknown, not a proof, because calls on PrintStream are
/// dispatched over the classes jaut knows.
#[test]
fn printing_proves_nothing_wrong() {
    let (code, v) = aim("never", 36);
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(
        reasons(&v).iter().all(|(kind, _)| kind == "closed-world"),
        "{v:#}"
    );
}

/// String.format's text is not modelled, but a state that does not depend
/// on it is reached and confirmed.
#[test]
fn a_formatted_string_is_a_new_string() {
    let (code, v) = aim("formatted", 45);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
}

/// Printing an object of the program runs its toString(), which here
/// counts: the model leaves that out, so the state the search finds
/// (`shown == 1` before the call) is refuted by the JVM and never claimed.
/// The seeds then run the method forward on a fresh `Item` (`shown == 0`),
/// which the JVM shows reaching the target: `reached`, confirmed, with the
/// search's mismatch kept as the reason it was seeded.
#[test]
fn a_program_to_string_is_not_claimed() {
    let (code, v) = aim("shown", 54);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(
        v["seeded"]["search_reasons"][0]["kind"], "replay-mismatch",
        "{v:#}"
    );
    let refuted = &v["refuted_states"][0]["state"]["objects"][0]["fields"][0];
    assert_eq!(refuted["value"], 1, "{v:#}");
    assert_eq!(v["state"]["objects"][0]["fields"][0]["value"], 0, "{v:#}");
}

/// A format with no `%` formats to itself: `s.equals("ok")` after
/// `String.format(f, n)` is reached with `f = "ok"`, confirmed by the JVM.
#[test]
fn a_plain_format_formats_to_itself() {
    let (code, v) = aim(
        "plain",
        support::marker_line("printing/Report", "plain") as u32,
    );
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], "ok", "{v:#}");
}

/// `throw new IllegalArgumentException(String.format(message, value))`
/// runs to its `athrow` only with a format that is not null (null makes
/// `format` throw NullPointerException): the state names one.
#[test]
fn a_formatted_message_is_not_null() {
    let (code, v) = support::jaut_json(&[
        support::sample_class("printing/Report").to_str().unwrap(),
        "-m",
        "check",
        "--pc",
        "26",
    ]);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(v["state"]["args"][1]["value"].is_string(), "{v:#}");
    assert!(
        v["replay"].to_string().contains("IllegalArgumentException"),
        "{v:#}"
    );
}

/// The copy is exact, but the model of a format with `%` is an
/// assumption: a plain format whose text differs in length is never
/// reached, and never claimed unreachable either.
#[test]
fn a_plain_format_is_never_longer() {
    let line = support::marker_line("printing/Report", "sameLength") as u32;
    let (_, v) = aim("lengths", line);
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(
        reasons(&v)
            .iter()
            .all(|(kind, _)| kind != "replay-mismatch"),
        "{v:#}"
    );
}

/// jaut on `Audit.<method>` (JSON, replayed) with `extra` arguments,
/// writing its tests under `dir`.
fn audit(method: &str, extra: &[&str], dir: &std::path::Path) -> (Option<i32>, Value) {
    let class = support::sample_class("printing/Audit");
    let mut args = vec![class.to_str().unwrap(), "-m", method];
    args.extend_from_slice(extra);
    support::jaut_json_in(dir, &args)
}

/// `java.util.logging` calls (`info`, `fine`, `warning`, `log` with a
/// parameter) on the way to a target, and, under `--throws`, a callee that
/// prints and logs before the method throws: the backward search goes
/// through them as through any other step (no seeding, no exploration of
/// `Logger`'s bytecode), the JVM confirms both states, and the suite
/// jaut writes compiles and passes.
#[test]
fn logging_is_not_behaviour() {
    let dir = tempfile::tempdir().unwrap();
    let line = support::marker_line("printing/Audit", "large").to_string();
    let (code, v) = audit("check", &["--line", &line], dir.path());
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(v["state"]["args"][0]["value"].as_i64().unwrap() > 1000);
    assert!(v.get("seeded").is_none(), "{v:#}");
    let throws = ["--throws", "java.lang.IllegalStateException"];
    let (code, v) = audit("withdraw", &throws, dir.path());
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(v.get("seeded").is_none(), "{v:#}");
    let args = &v["state"]["args"];
    assert!(
        args[1]["value"].as_i64() > args[0]["value"].as_i64(),
        "{v:#}"
    );
    support::compile_and_run_suite(
        &dir.path().join("jaut-tests"),
        "printing.Audit",
        support::samples(),
        &[],
    );
}

/// Logging makes nothing possible: the contradiction around a log line
/// is refuted (unknown, not a proof, only for the closed-world
/// assumptions about the logger's class and the static field holding it).
#[test]
fn logging_proves_nothing_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let line = support::marker_line("printing/Audit", "never").to_string();
    let (code, v) = audit("never", &["--line", &line], dir.path());
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    assert!(
        reasons(&v).iter().all(|(kind, _)| kind == "closed-world"),
        "{v:#}"
    );
}

/// jaut on `Report.<method>` for a `--throws` goal (JSON, replayed).
fn throws(method: &str, exception: &str) -> (Option<i32>, Value) {
    let class = support::sample_class("printing/Report");
    support::jaut_json(&[
        class.to_str().unwrap(),
        "-m",
        method,
        "--throws",
        exception,
        "--timeout",
        "20",
    ])
}

/// `printf("%d items of %s%n", n, "stock")` passes an `Integer` and a
/// `String`, read off the call site's bytecode (src/jdk/strings/printed_values.rs):
/// no `toString` of the program can run although the class declares two,
/// so the search does not look for the exception inside `Formatter` (it
/// used to end there on the call-depth bound) and reaches the `throw` after
/// the call, confirmed by the JVM, with no assumption about printing.
#[test]
fn printing_values_raises_nothing_of_the_program() {
    let (code, v) = throws("counted", "java.lang.IllegalStateException");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], 1001, "{v:#}");
    let text = v.to_string();
    assert!(!text.contains("may run a toString()"), "{v:#}");
    assert!(!text.contains("call-depth-bound"), "{v:#}");
}

/// `printf("%s%n", alarm)` passes an object of the program, whose
/// `toString` may throw: the search must not call the exception impossible.
#[test]
fn printing_a_program_object_may_raise() {
    let (_, v) = throws("sounded", "java.lang.IllegalStateException");
    assert_ne!(v["verdict"], "unreachable", "{v:#}");
}
