//! `java.lang.Character` over Latin-1 (src/jdk/latin1.rs,
//! src/search/characters.rs): the tables agree with the JVM's answers for
//! all 256 characters, and on the sample `chars/Classify` targets behind
//! them are reached (confirmed by the replay) or proved unreachable.

mod support;

use jaut::jdk::latin1::CharacterMethod;

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

/// Every Latin-1 answer of every modelled method, as the JVM gives it.
#[test]
fn the_tables_are_the_jvms() {
    let names: Vec<&str> = CharacterMethod::ALL.iter().map(|(_, n)| *n).collect();
    let calls: String = names
        .iter()
        .map(|n| {
            if n.starts_with("to") {
                format!("System.out.print(Character.{n}(c) + \" \");")
            } else {
                format!("System.out.print((Character.{n}(c) ? 1 : 0) + \" \");")
            }
        })
        .collect();
    let source = format!(
        "public class Latin1 {{ public static void main(String[] a) {{ \
         for (int c = 0; c < 256; c++) {{ {calls} System.out.println(); }} }} }}"
    );
    let text = run_java("Latin1", &source);
    for (c, line) in text.lines().enumerate() {
        let jvm: Vec<u32> = line
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        for (k, (m, name)) in CharacterMethod::ALL.iter().enumerate() {
            assert_eq!(m.latin1(c as u32), jvm[k], "Character.{name}({c:#x})");
        }
    }
    assert_eq!(text.lines().count(), 256);
}

/// A method exact past Latin-1 (`isTitleCase`) holds for exactly the code
/// points the JVM says, all 1,114,112 of them.
#[test]
fn the_title_case_table_is_the_jvms_everywhere() {
    let source = "public class Title { public static void main(String[] a) { \
                  for (int c = 0; c <= 0x10FFFF; c++) { \
                  if (Character.isTitleCase(c)) System.out.println(c); } } }";
    let jvm: Vec<u32> = run_java("Title", source)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    for (m, name) in CharacterMethod::ALL
        .iter()
        .filter(|(m, _)| m.exact_everywhere())
    {
        let ours: Vec<u32> = m
            .ranges()
            .unwrap()
            .iter()
            .flat_map(|&(a, b)| a..=b)
            .collect();
        assert_eq!(ours, jvm, "Character.{name}");
    }
    assert!(!jvm.is_empty());
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
