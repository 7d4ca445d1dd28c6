//! `java.lang.Character` on every code point (src/unicode.rs,
//! src/jdk/characters.rs, src/jdk/strings/characters.rs): the tables jaut
//! embeds answer as the JVM does, and targets behind the methods are
//! reached (confirmed by the replay) or proved unreachable, past Latin-1
//! too.

mod support;

use jaut::jdk::characters::CharacterMethod;

/// What the Java program `source`, whose class is `class`, prints.
fn run_java(class: &str, source: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{class}.java"));
    std::fs::write(&file, source).unwrap();
    support::javac(&[file], dir.path(), None);
    let out = std::process::Command::new(support::jdk_tool("java"))
        .args(["-cp", dir.path().to_str().unwrap(), class])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The names of every table: the modelled methods and `digit`.
fn table_names() -> Vec<&'static str> {
    CharacterMethod::ALL
        .iter()
        .map(|(_, n)| *n)
        .chain([CharacterMethod::DIGIT_TABLE])
        .collect()
}

/// Every table's answer, decoded by jaut, is the JVM's: on every `char`,
/// and on every 7th code point past them.
#[test]
fn every_table_is_the_jvms() {
    let tables = jaut::unicode::tables().expect("the tables hold for this JDK");
    let names = table_names();
    let calls: String = names
        .iter()
        .map(|n| match *n {
            "digit" => "out.append(Character.digit(c, 36)).append(' ');".to_string(),
            n if n.starts_with("is") => {
                format!("out.append(Character.{n}(c) ? 1 : 0).append(' ');")
            }
            n => format!("out.append(Character.{n}(c)).append(' ');"),
        })
        .collect();
    let source = format!(
        "public class All {{ public static void main(String[] a) {{ \
         StringBuilder out = new StringBuilder(); \
         for (int c = 0; c <= 0x10FFFF; c = c < 0x10000 ? c + 1 : c + 7) {{ \
         out.append(c).append(' '); {calls} out.append('\\n'); }} \
         System.out.print(out); }} }}"
    );
    let text = run_java("All", &source);
    let mut lines = 0;
    for line in text.lines() {
        let jvm: Vec<i64> = line
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let c = jvm[0] as u32;
        for (k, name) in names.iter().enumerate() {
            let ours = tables.get(name).expect("a table a method").eval(c);
            assert_eq!(i64::from(ours), jvm[k + 1], "Character.{name}({c:#x})");
        }
        lines += 1;
    }
    assert_eq!(lines, 0x10000 + (0x10FFFF - 0x10000) / 7 + 1);
}

/// The `char` forms answer as the code point forms: a case mapping keeps
/// every `char` in the Basic Multilingual Plane.
#[test]
fn a_char_maps_to_a_char() {
    let tables = jaut::unicode::tables().unwrap();
    for name in ["toUpperCase", "toLowerCase", "toTitleCase"] {
        let table = tables.get(name).unwrap();
        for c in 0..=0xffff {
            assert!((0..=0xffff).contains(&table.eval(c)), "{name}({c:#x})");
        }
    }
}

/// Past Latin-1: a Greek letter, an Arabic-Indic digit and its value, a
/// Cyrillic upper case, a wide space and a currency symbol are reached and
/// confirmed; no char is both a letter and white space, a proof that needs
/// both tables exact everywhere.
#[test]
fn targets_past_latin1() {
    for target in [
        "greekLetter",
        "arabicDigit",
        "cyrillicUpper",
        "wideSpace",
        "currency",
        "latinDigitType",
    ] {
        let (code, v) = support::aim_at_marker("chars/Unicode", target, target);
        assert_eq!(code, Some(0), "{target}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{target}: {v:#}");
    }
    let (code, v) = support::aim_at_marker("chars/Unicode", "letterAndSpace", "letterAndSpace");
    assert_eq!(code, Some(3), "{v:#}");
}

#[test]
fn targets_behind_character_methods() {
    for (method, target) in [("kind", "digitAndQ"), ("spaceOrLetter", "spaceLetter")] {
        let (code, v) = support::aim_at_marker("chars/Classify", method, target);
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
    let (code, v) = support::aim_at_marker("chars/Classify", "both", "both");
    assert_eq!(code, Some(3), "{v:#}");
}

/// The non-ASCII characters `equalsIgnoreCase` matches with ASCII ones
/// (the partners the string model uses, derived from the case tables) are
/// exactly the JVM's: every non-surrogate `char` past ASCII against every
/// ASCII one. A missing partner would make a reachable target
/// "unreachable"; an extra one, a state the replay refutes.
#[test]
fn equals_ignore_case_partners_are_the_jvms() {
    let source = "public class Partners { public static void main(String[] a) { \
         StringBuilder out = new StringBuilder(); \
         for (int y = 0x80; y <= 0xFFFF; y++) { \
         if (Character.isSurrogate((char) y)) continue; \
         StringBuilder xs = new StringBuilder(); \
         for (int x = 0; x < 0x80; x++) { \
         if (String.valueOf((char) y).equalsIgnoreCase(String.valueOf((char) x))) \
         xs.append(' ').append(x); } \
         if (xs.length() > 0) out.append(y).append(xs).append('\\n'); } \
         System.out.print(out); } }";
    let jvm = run_java("Partners", source);
    let ours: String = jaut::jdk::characters::ascii_case_partners()
        .expect("the tables hold for this JDK")
        .iter()
        .map(|p| {
            let xs: String = p.ascii.iter().map(|x| format!(" {x}")).collect();
            format!("{}{xs}\n", p.partner)
        })
        .collect();
    assert!(
        !jvm.is_empty(),
        "the JVM lists partners (the Kelvin sign …)"
    );
    assert_eq!(ours, jvm);
}
