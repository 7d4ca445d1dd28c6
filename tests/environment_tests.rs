//! Calls whose results come from the environment (a random generator, the
//! clock): the state records the value of each call per site and
//! occurrence, the replay makes the calls return them, and the generated
//! test says so and is disabled (samples `environment/Dice`, `Chance`); a
//! generator made with a seed is computed exactly instead, and an array
//! `Array.newInstance` makes is the JDK's, no environment value
//! (`environment/Grow`).

mod support;

use serde_json::Value;

fn aim(method: &str, line: u32, out: &std::path::Path) -> Value {
    let class = support::sample_class("environment/Dice");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jaut"))
        .args([
            class.to_str().unwrap(),
            "-m",
            method,
            "--line",
            &line.to_string(),
            "--format",
            "json",
        ])
        .current_dir(out)
        .output()
        .expect("jaut runs");
    assert_eq!(o.status.code(), Some(0), "{}", support::stderr(&o));
    serde_json::from_str(&support::stdout(&o)).unwrap()
}

#[test]
fn random_and_clock_values_are_recorded_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    // Two sixes: 1 in 36 without the replay's values.
    let v = aim("doubleSix", 19, dir.path());
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let env = v["state"]["environment"].as_array().expect("environment");
    assert_eq!(env.len(), 2, "{v:#}");
    for e in env {
        assert_eq!(e["call"], "java.util.Random.nextInt(I)I");
        assert_eq!(e["value"], 5, "nextInt(6) + 1 == 6: {v:#}");
        assert_eq!(e["injectable"], true);
    }
    // The clock must move by more than 1000 ns between two reads.
    let v = aim("slow", 29, dir.path());
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let env = v["state"]["environment"].as_array().expect("environment");
    let (a, b) = (
        env[0]["value"].as_i64().unwrap(),
        env[1]["value"].as_i64().unwrap(),
    );
    let budget = v["state"]["args"][0]["value"].as_i64().unwrap();
    assert!(budget > 1000 && b - a > budget, "{v:#}");

    // The test class holds both tests, disabled with the reason.
    let test = std::fs::read_to_string(dir.path().join("jaut-tests/environment/DiceJautTest.java"))
        .expect("the test class");
    assert_eq!(test.matches("    @Disabled(\"needs ").count(), 2, "{test}");
    assert!(
        test.contains("import org.junit.jupiter.api.Disabled;"),
        "{test}"
    );
    assert!(
        test.contains("java.lang.System.nanoTime()J at pc 4 (call #1) returned"),
        "{test}"
    );
}

/// jaut on `environment/Chance.<method>` at its `// TARGET:` line, run in
/// `out` (where the test class goes): the JSON.
fn chance(method: &str, out: &std::path::Path) -> Value {
    let class = support::sample_class("environment/Chance");
    let line = support::marker_line("environment/Chance", method).to_string();
    let args = [class.to_str().unwrap(), "-m", method, "--line", &line];
    let (code, v) = support::jaut_json_in(out, &args);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

/// `new Random()` (whose constructor used to end unknown), the thread's
/// generator, `Math.random()`, the wall clock, `UUID.randomUUID()`,
/// `Instant.now()` and `LocalDate.now()` inside the method under test:
/// each draw is the environment's, within its range (a valid date, a
/// version 4 UUID), and the replay makes the call return it.
#[test]
fn unseeded_randomness_and_the_clock_are_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    for (method, call) in [
        ("fresh", "java.util.Random.nextInt(I)I"),
        (
            "threadLocal",
            "java.util.concurrent.ThreadLocalRandom.nextInt(II)I",
        ),
        ("rare", "java.lang.Math.random()D"),
        ("future", "java.lang.System.currentTimeMillis()J"),
    ] {
        let v = chance(method, dir.path());
        let env = v["state"]["environment"].as_array().expect("environment");
        assert_eq!(env.len(), 1, "{method}: {v:#}");
        assert_eq!(env[0]["call"], call, "{v:#}");
        assert_eq!(env[0]["injectable"], true, "{v:#}");
        let value = &env[0]["value"];
        match method {
            "fresh" => assert_eq!(value, 7),
            "threadLocal" => assert_eq!(value, 6),
            "rare" => {
                let d = value.as_f64().unwrap();
                assert!(d > 0.99 && d < 1.0, "{v:#}");
            }
            _ => assert!(value.as_i64().unwrap() > 4102444800000, "{v:#}"),
        }
    }
    // Objects the environment makes: one value per field, replayed as
    // the object built from them.
    for (method, parts) in [
        ("uuid", &["mostSigBits", "leastSigBits"][..]),
        ("past", &["epochSecond", "nano"][..]),
        ("leap", &["year", "month", "day"][..]),
    ] {
        let v = chance(method, dir.path());
        let env = v["state"]["environment"].as_array().expect("environment");
        let named: Vec<&str> = env.iter().map(|e| e["part"].as_str().unwrap()).collect();
        assert_eq!(named, parts, "{v:#}");
        let value = |k: usize| env[k]["value"].as_i64().unwrap();
        match method {
            "uuid" => {
                assert_eq!((value(0) >> 12) & 0xf, 4, "version 4: {v:#}");
                assert_eq!((value(1) as u64) >> 62, 2, "IETF variant: {v:#}");
                assert_eq!(value(1) & 1, 1, "{v:#}");
            }
            "past" => assert!(value(0) < 0 && (0..1_000_000_000).contains(&value(1))),
            _ => {
                let year = value(0);
                assert_eq!((value(1), value(2)), (2, 29), "{v:#}");
                assert!(
                    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0),
                    "{v:#}"
                );
            }
        }
    }
    // Each of their tests says what the calls returned, and is disabled.
    let test = std::fs::read_to_string(
        dir.path()
            .join("jaut-tests/environment/ChanceJautTest.java"),
    )
    .expect("the test class");
    assert_eq!(test.matches("    @Disabled(\"needs ").count(), 7, "{test}");
    assert!(test.contains("returned epochSecond = "), "{test}");
}

/// A generator made with a seed is deterministic: the seed is an input
/// the solver picks through the generator's arithmetic (no environment
/// value), the JVM draws what the model computed, and the tests are
/// enabled, compile and pass (beside disabled ones of environment draws).
#[test]
fn a_seeded_generator_is_computed_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let v = chance("seeded", dir.path());
    let seed = v["state"]["args"][0]["value"].as_i64().expect("a seed");
    assert_eq!(jaut::jdk::random::Lcg::new(seed).next_int_bounded(100), 42);
    assert!(
        v["state"]["environment"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "{v:#}"
    );
    let v = chance("sequence", dir.path());
    let seed = v["state"]["args"][0]["value"].as_i64().expect("a seed");
    let mut lcg = jaut::jdk::random::Lcg::new(seed);
    assert_eq!(lcg.next_int_bounded(16), 3, "{v:#}");
    assert!(lcg.next_boolean(), "{v:#}");
    let test = std::fs::read_to_string(
        dir.path()
            .join("jaut-tests/environment/ChanceJautTest.java"),
    )
    .expect("the test class");
    assert!(!test.contains("@Disabled"), "{test}");
    // Beside tests that depend on the environment (disabled), the suite
    // compiles and the seeded ones pass.
    chance("fresh", dir.path());
    chance("leap", dir.path());
    support::compile_and_run_suite(
        &dir.path().join("jaut-tests"),
        "environment.Chance (seeded)",
        support::samples(),
        &[],
    );
}

/// `new Random(42).nextInt(10)` is 0 in every JVM: a target behind
/// `== 5` is never reached (an environment value would "reach" it). Every
/// path is refuted; the verdict stays unknown, not a proof, only for the
/// closed-world assumption on the virtual call (`Random` is not final).
#[test]
fn a_seeded_draw_the_generator_cannot_make_is_never_reached() {
    let class = support::sample_class("soundness/SeededDraw");
    let source = support::repo().join("samples/src/soundness/SeededDraw.java");
    let text = std::fs::read_to_string(source).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("// TARGET EXPECT:"))
        .map(|k| (k + 1).to_string())
        .expect("a target");
    let (code, v) = support::jaut_json(&[class.to_str().unwrap(), "-m", "main", "--line", &line]);
    assert_eq!(code, Some(1), "{v:#}");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    let reasons = v["reasons"].as_array().expect("reasons");
    assert!(
        reasons.iter().all(|r| r["kind"] == "closed-world"
            && r["message"].as_str().unwrap().contains("java.util.Random")),
        "{v:#}"
    );
}

#[test]
fn an_array_array_new_instance_makes_is_no_environment_value() {
    // Array.newInstance (the native newArray behind it) makes a new array
    // of the given length: the path through it needs no value of the
    // environment, and its test is not disabled.
    let dir = tempfile::tempdir().unwrap();
    let class = support::sample_class("environment/Grow");
    let line = support::marker_line("environment/Grow", "grown").to_string();
    let args = [class.to_str().unwrap(), "-m", "grown", "--line", &line];
    let (code, v) = support::jaut_json_in(dir.path(), &args);
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let env = v["state"]["environment"].as_array().map_or(0, Vec::len);
    assert_eq!(env, 0, "{v:#}");
    let test = std::fs::read_to_string(dir.path().join("jaut-tests/environment/GrowJautTest.java"))
        .expect("the test class");
    assert!(!test.contains("@Disabled"), "{test}");
    support::compile_and_run_suite(
        &dir.path().join("jaut-tests"),
        "environment.Grow",
        support::samples(),
        &[],
    );
}
