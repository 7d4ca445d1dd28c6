//! `String` methods over exact contents (src/jdk/strings/methods.rs), on
//! the sample `strings2/Text`: `substring`, `indexOf`, `lastIndexOf`,
//! `startsWith`, `endsWith` and `hashCode` reach their targets with states
//! the JVM confirms, and a target no string reaches is proved unreachable.

mod support;

use serde_json::Value;

fn aim(method: &str, target: &str) -> (Option<i32>, Value) {
    support::aim_at_marker("strings2/Text", method, target)
}

fn string_arg(method: &str, target: &str) -> String {
    let (code, v) = aim(method, target);
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    v["state"]["args"][0]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{method}: {v:#}"))
        .to_string()
}

#[test]
fn last_index_of_and_substring() {
    let name = string_arg("extension", "txt");
    let dot = name.rfind('.').expect("a dot");
    assert!(dot > 0 && &name[dot + 1..] == "txt", "{name}");
}

#[test]
fn index_of_and_starts_with() {
    let path = string_arg("firstSlash", "slash");
    assert_eq!(path.find('/'), Some(2), "{path}");
    assert!(path.starts_with("ab"), "{path}");
}

#[test]
fn ends_with() {
    let s = string_arg("suffix", "suffix");
    assert!(s.ends_with("ing") && s.chars().count() == 5, "{s}");
}

/// `String.hashCode` is the 31-polynomial over the characters (3105 is
/// the hash of "ab").
#[test]
fn hash_code_is_exact() {
    let s = string_arg("hashed", "hashed");
    let h = s
        .encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)));
    assert_eq!(h, 3105, "{s}");
}

/// The search may satisfy `lastIndexOf(ch)` with a supplementary code
/// point, for which the model leaves the result free; labeling prefers a
/// `char`, whose answer is exact, so the JVM confirms the state (it used
/// to refute four states with ch = 65536…).
#[test]
fn labeling_prefers_the_exact_model() {
    let (code, v) = aim("lastAt", "lastAt");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    assert!(
        v["state"]["args"][1]["value"].as_i64().unwrap() <= 0xFFFF,
        "{v:#}"
    );
}

/// `indexOf(String, int)` and `contains` (which calls `indexOf(String)`).
#[test]
fn index_of_a_string() {
    let (code, v) = aim("found", "found");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let s = v["state"]["args"][0]["value"].as_str().unwrap().to_string();
    let from = v["state"]["args"][1]["value"].as_i64().unwrap() as usize;
    assert_eq!(
        s[from.min(s.len())..]
            .find("ab")
            .map(|i| i + from.min(s.len())),
        Some(3),
        "{s}"
    );
    // indexOf("", from) is from clamped into [0, length]: proved.
    let (code, v) = aim("empty", "emptyNever");
    assert_eq!(code, Some(3), "{v:#}");
}

/// `compareTo`: a reached state whose comparison the test recomputes; and
/// `a.compareTo(a) != 0`, which no string reaches, is never claimed
/// reached (past 16 characters the model's answer is free, so the search
/// may offer a long string, which the JVM refutes: unknown, not a proof).
#[test]
fn compare_to() {
    let (code, v) = aim("ordered", "ordered");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let a: Vec<u16> = v["state"]["args"][0]["value"]
        .as_str()
        .unwrap()
        .encode_utf16()
        .collect();
    let b: Vec<u16> = v["state"]["args"][1]["value"]
        .as_str()
        .unwrap()
        .encode_utf16()
        .collect();
    let k = a.iter().zip(&b).position(|(x, y)| x != y);
    let cmp = k.map_or(a.len() as i32 - b.len() as i32, |k| {
        i32::from(a[k]) - i32::from(b[k])
    });
    assert_eq!(cmp, -2, "{a:?} {b:?}");
    let (code, v) = aim("selfCompare", "selfCompare");
    assert_ne!(v["verdict"], "reached", "{v:#}");
    assert_ne!(code, Some(0), "{v:#}");
}

#[test]
fn a_prefix_longer_than_the_string_never_matches() {
    let (code, v) = aim("tooLong", "tooLong");
    assert_eq!(code, Some(3), "{v:#}");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `codePointAt`, `Character.toTitleCase` and `new String(int[], int, int)`
/// (as commons-lang3's `capitalize` uses them).
#[test]
fn code_points() {
    let s = string_arg("codePoints", "code-points");
    let first = s.chars().next().unwrap();
    assert!(first == 'q' || first == 'Q', "{s}");
}

/// A surrogate pair is one code point for `codePointAt`.
#[test]
fn surrogate_pairs() {
    let (code, v) = aim("surrogatePair", "surrogate");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
}

/// `trim`, `toUpperCase`, `replace(char, char)`, `equalsIgnoreCase` and
/// `concat` (src/jdk/strings/edits.rs): reached states the JVM confirms,
/// and a concatenation that is never empty.
#[test]
fn strings_made_from_strings() {
    let s = string_arg("trimmed", "trimmed");
    assert!(s.trim() == "ok" && s.chars().count() == 4, "{s}");
    let (code, v) = aim("cases", "cases");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let s = string_arg("ignoringCase", "ignoring-case");
    assert!(s.eq_ignore_ascii_case("Hello") && s != "Hello", "{s}");
    let (_, v) = aim("concatenated", "concatenated");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `regionMatches` (ignoring case), `lastIndexOf(String)`,
/// `new String(char[], int, int)` and `toLowerCase(Locale)`.
#[test]
fn regions_last_matches_and_ranges() {
    let s = string_arg("region", "region");
    assert!(
        s.len() == 3 && s[1..].eq_ignore_ascii_case("bc") && &s[1..2] == "b",
        "{s}"
    );
    let s = string_arg("lastAb", "last-ab");
    assert_eq!(s.rfind("ab"), Some(2), "{s}");
    assert_eq!(s.chars().count(), 5, "{s}");
    let (code, v) = aim("charRange", "char-range");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let s = string_arg("lowerRoot", "lower-root");
    assert_eq!(s.to_lowercase(), "ab", "{s}");
}
