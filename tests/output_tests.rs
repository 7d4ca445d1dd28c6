//! Snapshots of what `jaut TARGET --method M --pc N` prints: the target, the
//! verdict, the input state, the path, the replay and the test written (the
//! `time` line, which varies from
//! run to run, is left out).

mod support;

fn aim(class: &str, method: &str, pc: &str) -> String {
    let path = support::sample_class(class);
    // In a fresh directory: the default flow writes the JUnit test there.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jaut"))
        .current_dir(dir.path())
        .args([
            path.to_str().expect("utf-8 path"),
            "--method",
            method,
            "--pc",
            pc,
        ])
        .output()
        .expect("jaut runs");
    assert!(
        support::stderr(&out).is_empty(),
        "{}",
        support::stderr(&out)
    );
    support::stdout(&out)
        .lines()
        .filter(|l| !l.starts_with("time "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn move_y_reached() {
    insta::assert_snapshot!(aim("coord/Coord", "moveY", "51"));
}

#[test]
fn two_node_cycle() {
    insta::assert_snapshot!(aim("core/Targets", "twoCycle", "19"));
}

#[test]
fn contradiction_unreachable() {
    insta::assert_snapshot!(aim("core/Targets", "contradiction", "8"));
}

#[test]
fn static_field_in_state() {
    insta::assert_snapshot!(aim("core/Targets", "staticGuard", "8"));
}
