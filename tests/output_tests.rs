//! Snapshots of what `jaut TARGET --method M --pc N` prints: the target, the
//! verdict, the input state and the path (the `time` line, which varies from
//! run to run, is left out).

mod support;

fn aim(class: &str, method: &str, pc: &str) -> String {
    let path = support::sample_class(class);
    let out = support::jaut(&[
        path.to_str().expect("utf-8 path"),
        "--method",
        method,
        "--pc",
        pc,
    ]);
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
