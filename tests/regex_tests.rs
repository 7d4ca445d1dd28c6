//! `java.util.regex` for literal patterns (src/jdk/strings/regex.rs), on the
//! sample `strings/Regexes`: `Pattern.compile`, `matcher`, `find`, `start`
//! and `end` reach their targets with states the JVM confirms (each input
//! is checked here against Java's semantics), and a target the model
//! leaves out — behind a metacharacter, or unreachable — is `unknown`,
//! never `unreachable`: the model records its assumption. Also
//! commons-lang3's `WordUtils.wrap`, whose regex loop the search used to
//! drown in.

mod support;

use serde_json::Value;

const SAMPLE: &str = "strings/Regexes";

/// A reached target, confirmed by the JVM: the state's string arguments.
fn reached(method: &str, target: &str) -> Vec<String> {
    let (code, v) = support::aim_at_marker(SAMPLE, method, target);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    strings(&v)
}

fn strings(v: &Value) -> Vec<String> {
    v["state"]["args"]
        .as_array()
        .unwrap_or_else(|| panic!("arguments: {v:#}"))
        .iter()
        .map(|a| {
            a["value"]
                .as_str()
                .unwrap_or_else(|| panic!("a string: {v:#}"))
                .to_string()
        })
        .collect()
}

/// A target the model cannot reach: unknown (exit 1) because of the
/// model's assumption, not a proof (exit 3).
fn unknown_by_assumption(method: &str, target: &str) {
    let (code, v) = support::aim_at_marker(SAMPLE, method, target);
    assert_eq!(v["verdict"], "unknown", "{method}: {v:#}");
    assert_eq!(code, Some(1), "{method}: {v:#}");
    let reasons = v["reasons"].to_string();
    assert!(
        reasons.contains("regular expressions were taken to be literal"),
        "{method}: {v:#}"
    );
}

/// Where `p` first occurs in `s`, in UTF-16 units (as `Matcher.find`).
fn find(s: &str, p: &str, from: usize) -> Option<usize> {
    let s: Vec<u16> = s.encode_utf16().collect();
    let p: Vec<u16> = p.encode_utf16().collect();
    (from..=s.len().checked_sub(p.len())?).find(|&i| s[i..i + p.len()] == p[..])
}

#[test]
fn find_and_start() {
    let s = &reached("firstSpace", "space-at-3")[0];
    assert_eq!(find(s, " ", 0), Some(3), "{s:?}");
    let s = &reached("firstSpace", "space-elsewhere")[0];
    assert!(matches!(find(s, " ", 0), Some(i) if i != 3), "{s:?}");
    let s = &reached("firstSpace", "no-space")[0];
    assert_eq!(find(s, " ", 0), None, "{s:?}");
}

/// A regex given as an argument: literal, found past the start.
#[test]
fn pattern_as_argument() {
    let args = reached("foundInside", "inside");
    let (s, p) = (&args[0], &args[1]);
    assert!(matches!(find(s, p, 0), Some(i) if i > 0), "{s:?} {p:?}");
}

/// The second `find` goes on from the end of the first match.
#[test]
fn finds_go_on() {
    let s = &reached("twoMatches", "two")[0];
    let first = find(s, "x", 0).expect("a first x");
    assert_eq!(find(s, "x", first + 1).map(|i| i + 1), Some(4), "{s:?}");
    // The empty regex matches at 0, 1, …, length: three times in "aa".
    let s = &reached("emptyMatches", "three-empty")[0];
    assert_eq!(s.encode_utf16().count(), 2, "{s:?}");
}

/// A target the backward search leaves unknown for `reason`, which a
/// constant-seeded input (the method's own string constants, `"a"`, ...)
/// then reaches: the JVM confirmed it, and the output keeps the search's
/// reason.
fn seeded_after(method: &str, target: &str, reason: &str) -> Vec<String> {
    let (code, v) = support::aim_at_marker(SAMPLE, method, target);
    assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    assert_eq!(code, Some(0), "{method}: {v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    assert!(
        v["seeded"]["search_reasons"].to_string().contains(reason),
        "{method}: {v:#}"
    );
    strings(&v)
}

/// `end() - start()` of a match of "ab" is 2, never 5: no input reaches
/// the target, but refuting it rests on the model's assumption, so it is
/// unknown; and "a.c", which the JVM finds in "abc", is outside the model:
/// not unreachable, and the method's own pattern, seeded as the text,
/// reaches it.
#[test]
fn the_assumption_keeps_proofs_out() {
    unknown_by_assumption("tooLong", "too-long");
    let s = seeded_after(
        "metaPattern",
        "meta",
        "regular expressions were taken to be literal",
    );
    assert_eq!(s, ["a.c"]);
}

/// A `StringBuilder` as the text is cut with a reason that names it; the
/// seed `"a"` then reaches the target.
#[test]
fn a_builder_text_is_cut() {
    let s = seeded_after(
        "builderText",
        "builder-text",
        "a regex matched against a java.lang.StringBuilder",
    );
    assert_eq!(s, ["a"]);
}

/// commons-lang3's `WordUtils.wrap(str, wrapLength, newLineStr,
/// wrapLongWords, wrapOn)`: pc 164, after a second `find` in the line
/// succeeds, was unknown (the search drowned in the JDK's regex code, then
/// offered states the JVM refuted).
#[test]
fn word_utils_wrap_second_find() {
    let jar = "/usr/share/java/commons-lang3.jar";
    if !std::path::Path::new(jar).is_file() {
        eprintln!("{jar} not installed (scripts/setup.sh installs it); skipped");
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let (code, v) = support::jaut_json(&[
        jar,
        "--class",
        "org.apache.commons.lang3.text.WordUtils",
        "--method",
        "wrap(Ljava/lang/String;ILjava/lang/String;ZLjava/lang/String;)Ljava/lang/String;",
        "--pc",
        "164",
        "--timeout",
        "60",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
}
