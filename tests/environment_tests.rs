//! Calls whose results come from the environment (a random generator, the
//! clock): the state records the value of each call per site and
//! occurrence, the replay makes the calls return them, and the generated
//! test says so and is disabled (sample `environment/Dice`).

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
