//! Copies of strings and char arrays keep their characters
//! (src/jdk/strings/copies.rs), on the sample `copies/Copies`: a target
//! behind `new String("test").equals("test")` is reached and the opposite
//! proved unreachable, where the copy used to be a string of any
//! characters; `getChars` and `subSequence` keep theirs too; every
//! reached state is confirmed by the JVM.

mod support;

use serde_json::Value;

fn aim(method: &str) -> (Option<i32>, Value) {
    support::aim_at_marker("copies/Copies", method, method)
}

fn reached_and_confirmed(method: &str) -> Value {
    let (code, v) = aim(method);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v
}

#[test]
fn a_copied_string_equals_its_source() {
    reached_and_confirmed("copyEquals");
    let (code, v) = aim("copyDiffers");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `toCharArray` (whose `[C` result the replay's instrumentation once
/// mistook for a `char`, failing with a VerifyError).
#[test]
fn to_char_array_holds_the_characters() {
    let v = reached_and_confirmed("toChars");
    assert_eq!(v["state"]["args"][0]["value"], "xy", "{v:#}");
}

#[test]
fn a_string_of_a_char_array_holds_its_elements() {
    reached_and_confirmed("fromChars");
    reached_and_confirmed("snapshot");
}

#[test]
fn intern_and_to_string_keep_the_characters() {
    let v = reached_and_confirmed("interned");
    let s = v["state"]["args"][0]["value"].as_str().unwrap_or("");
    assert!(s.chars().count() == 3 && s.ends_with('q'), "{v:#}");
}

/// `getChars` writes the range into the array from its offset and keeps
/// the elements before it: the one target is reached, the other proved
/// unreachable.
#[test]
fn get_chars_copies_a_range_into_the_array() {
    let v = reached_and_confirmed("gotChars");
    let s = v["state"]["args"][0]["value"].as_str().unwrap_or("");
    assert!(s.starts_with("[ok"), "{v:#}");
    let (code, v) = aim("gotCharsKeepsTheRest");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `String.subSequence` and `StringBuilder.subSequence` are their
/// `substring`s.
#[test]
fn sub_sequences_hold_the_characters_between() {
    let v = reached_and_confirmed("subSequences");
    let s = v["state"]["args"][0]["value"].as_str().unwrap_or("");
    assert!(s.starts_with("xab"), "{v:#}");
}
