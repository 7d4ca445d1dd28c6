//! Enum inputs (src/enums.rs, src/model/enum_constants.rs), on the sample
//! `enums/Modes`: an enum-typed argument or field is one of the enum's
//! constants or null — never an object made without the constructor — a
//! `switch` over an enum reads the switch map its class initializer fills
//! (never a map the test overwrites), and the JSON names the constant.

mod support;

use serde_json::{json, Value};

fn aim(method: &str, target: &str) -> (Option<i32>, Value) {
    support::aim_at_marker("enums/Modes", method, target)
}

fn constant(class: &str, name: &str) -> Value {
    json!({ "enum": class, "constant": name })
}

/// Each case of a switch over a user enum, by the constant that takes it
/// (the switch map is the one `Modes$1.<clinit>` fills, so the default
/// case needs the one constant no case names).
#[test]
fn a_switch_over_an_enum_argument() {
    for (target, name) in [("red", "RED"), ("green", "GREEN"), ("other", "BLUE")] {
        let (code, v) = aim("describe", target);
        assert_eq!(code, Some(0), "{target}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{target}: {v:#}");
        assert_eq!(
            v["state"]["args"][0]["value"],
            constant("enums.Modes$Color", name),
            "{target}: {v:#}"
        );
        assert!(
            v["state"]["objects"]
                .as_array()
                .is_none_or(|o| o.is_empty()),
            "no object is made: {v:#}"
        );
    }
}

/// Color has three constants: no input has an ordinal above 2.
#[test]
fn no_constant_beyond_the_declared_ones() {
    let (code, v) = aim("ordinalTooBig", "never");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// An enum field of an input object, compared with the constant.
#[test]
fn an_enum_field_is_a_constant() {
    let (code, v) = aim("penIsBlue", "blue");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let fields = v["state"]["objects"][0]["fields"].as_array().unwrap();
    let color = fields.iter().find(|f| f["name"] == "color").unwrap();
    assert_eq!(
        color["value"],
        constant("enums.Modes$Color", "BLUE"),
        "{v:#}"
    );
}

/// Constants with bodies are objects of their anonymous classes, whose
/// methods dispatch as in the JVM.
#[test]
fn constants_with_bodies_dispatch() {
    let (code, v) = aim("apply", "applied");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert_eq!(
        v["state"]["args"][0]["value"],
        constant("enums.Modes$Op", "PLUS")
    );
    assert_eq!(v["state"]["args"][1]["value"], 9, "{v:#}");
}

/// A JDK enum, switched on: java.math.RoundingMode's real constants.
#[test]
fn a_jdk_enum() {
    for (target, name) in [("ceiling", "CEILING"), ("floor", "FLOOR")] {
        let (code, v) = aim("rounding", target);
        assert_eq!(code, Some(0), "{target}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{target}: {v:#}");
        assert_eq!(
            v["state"]["args"][0]["value"],
            constant("java.math.RoundingMode", name)
        );
    }
}
