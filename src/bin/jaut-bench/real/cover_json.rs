//! What `jaut cover --format json` says, read as a user's tool would:
//! only the fields the benchmark needs (schemas 1 and 2,
//! `docs/cover-json.md`), unknown fields ignored, so the reader survives
//! additions.
//!
//! Unknown targets carry reasons: sentences naming pcs, methods and bounds
//! (schema 1), or objects `{kind, message}` whose message is that sentence
//! (schema 2). The report groups them twice: by kind (the `kind` field, or
//! in schema 1 the sentence's leading words, [`reason_kind`]) and in
//! detail by the sentence with its numbers and its "at METHOD pc N"
//! location taken out ([`reason_group`]), so the same unsupported call in
//! two places is one group.

use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct CoverJson {
    pub schema: u32,
    #[serde(default)]
    pub methods: Vec<MethodJson>,
    #[serde(default)]
    pub tests: Vec<TestJson>,
    /// The objects of program classes in the tests' states, by how they
    /// are made (absent before jaut counted them: all zero).
    #[serde(default)]
    pub objects: ObjectsJson,
}

/// jaut's count of the objects of program classes in its tests (issue 34:
/// at least 80% made by constructors).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
pub struct ObjectsJson {
    /// Made by a constructor, factory, constant or builder call.
    pub constructor: u64,
    /// Allocated without a constructor, their fields written.
    pub reflection: u64,
}

/// A new test: the method it calls and how the replayed call ended.
#[derive(Debug, Deserialize)]
pub struct TestJson {
    pub method: String,
    pub descriptor: String,
    #[serde(default)]
    pub ended: Option<Ended>,
}

#[derive(Debug, Deserialize)]
pub struct Ended {
    /// `returned` or `threw`.
    pub kind: String,
}

#[derive(Debug, Deserialize)]
pub struct MethodJson {
    pub class: String,
    pub method: String,
    pub descriptor: String,
    pub bytecodes: u64,
    pub targets: u64,
    pub covered_after: u64,
    pub unreachable: u64,
    pub unknown: u64,
    pub instructions_covered: u64,
    /// Branch outcomes (absent before jaut aimed at them: all zero).
    #[serde(default)]
    pub branches: BranchesJson,
    #[serde(default)]
    pub target_list: Vec<TargetJson>,
}

/// A method's branch outcomes: how many, and how many jaut covered.
#[derive(Debug, Default, Deserialize)]
pub struct BranchesJson {
    pub total: u64,
    pub covered_after: u64,
}

#[derive(Debug, Deserialize)]
pub struct TargetJson {
    pub verdict: String,
    #[serde(default)]
    pub reasons: Vec<Reason>,
}

/// One reason of an unknown target: a sentence, or an object with a kind.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Reason {
    Text(String),
    Tagged {
        kind: String,
        #[serde(default)]
        message: Option<String>,
    },
}

impl Reason {
    /// The group this reason is counted in.
    pub fn group(&self) -> String {
        match self {
            Reason::Text(t) => reason_group(t),
            Reason::Tagged { kind, message } => match message {
                Some(m) => reason_group(m),
                None => kind.clone(),
            },
        }
    }

    /// The coarse kind (leading words, or the `kind` field).
    pub fn kind(&self) -> String {
        match self {
            Reason::Text(t) => reason_kind(t),
            Reason::Tagged { kind, .. } => kind.clone(),
        }
    }
}

impl CoverJson {
    pub fn parse(text: &str) -> anyhow::Result<CoverJson> {
        let json: CoverJson = serde_json::from_str(text)?;
        anyhow::ensure!(
            matches!(json.schema, 1 | 2),
            "cover JSON schema {} (this benchmark reads schemas 1 and 2)",
            json.schema
        );
        Ok(json)
    }

    /// The new tests of a method whose call ended in an exception.
    pub fn threw(&self, method: &str, descriptor: &str) -> u64 {
        self.tests
            .iter()
            .filter(|t| t.method == method && t.descriptor == descriptor)
            .filter(|t| t.ended.as_ref().is_some_and(|e| e.kind == "threw"))
            .count() as u64
    }

    /// Every reason of every unknown target.
    pub fn unknown_reasons(&self) -> impl Iterator<Item = &Reason> {
        self.methods
            .iter()
            .flat_map(|m| &m.target_list)
            .filter(|t| t.verdict == "unknown")
            .flat_map(|t| &t.reasons)
    }
}

/// Whether a word is a number (`5`, `5.0`, `61`).
fn is_number(w: &str) -> bool {
    let w = w.trim_end_matches([',', ';', ')']);
    w.chars().any(|c| c.is_ascii_digit()) && w.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// The reason with its location (`at pkg.C.m(...) pc 61`) dropped and
/// standalone numbers replaced by `N`:
/// `unsupported: call to java.lang.String.indexOf(II)I at ... pc 12 (strings ...)`
/// becomes `unsupported: call to java.lang.String.indexOf(II)I (strings ...)`.
pub fn reason_group(reason: &str) -> String {
    let words: Vec<&str> = reason.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // "at METHOD pc N": a location, whatever METHOD is.
        if words[i] == "at"
            && i + 3 < words.len()
            && words[i + 2] == "pc"
            && is_number(words[i + 3])
        {
            let tail = words[i + 3].trim_start_matches(|c: char| c.is_ascii_digit());
            if !tail.is_empty() {
                if let Some(last) = out.last_mut() {
                    last.push_str(tail);
                }
            }
            i += 4;
            continue;
        }
        if is_number(words[i]) {
            let tail = words[i].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            out.push(format!("N{tail}"));
        } else {
            out.push(words[i].to_string());
        }
        i += 1;
    }
    out.join(" ")
}

/// The reason's leading words: up to a colon, a comma, a number or a
/// qualified name, at most four words (`unsupported`, `timeout after`,
/// `loop bound`, `the replay of the state`, `every path was refuted`).
pub fn reason_kind(reason: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for w in reason.split_whitespace() {
        if is_number(w) || w.contains(['.', '(', '/']) {
            break;
        }
        if let Some(head) = w.strip_suffix([':', ',']) {
            out.push(head);
            break;
        }
        out.push(w);
        if out.len() == 5 {
            break;
        }
    }
    while out.len() > 1 && matches!(*out.last().unwrap_or(&""), "of" | "a" | "an" | "the") {
        out.pop();
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_drop_locations_and_numbers() {
        assert_eq!(
            reason_group(
                "unsupported: call to java.lang.String.indexOf(II)I at org.apache.commons.io.FilenameUtils.getPrefixLength(Ljava.lang.String;)I pc 61 (strings are modelled by their contents; give the method a contract)"
            ),
            "unsupported: call to java.lang.String.indexOf(II)I (strings are modelled by their contents; give the method a contract)"
        );
        assert_eq!(
            reason_group(
                "unsupported: instanceof an array type at a.B.c(Ljava.lang.Object;)Z pc 12"
            ),
            "unsupported: instanceof an array type"
        );
        assert_eq!(
            reason_group("the replay of the state found did not execute pc 40 (the call threw java.lang.ClassCastException)"),
            "the replay of the state found did not execute pc N (the call threw java.lang.ClassCastException)"
        );
        assert_eq!(
            reason_group("timeout after 5.0 s (raise with --timeout)"),
            "timeout after N s (raise with --timeout)"
        );
        assert_eq!(
            reason_group("loop bound of 256 iterations (raise with --max-loop)"),
            "loop bound of N iterations (raise with --max-loop)"
        );
    }

    #[test]
    fn kinds_are_leading_words() {
        assert_eq!(
            reason_kind("unsupported: call to java.lang.String.indexOf(II)I"),
            "unsupported"
        );
        assert_eq!(
            reason_kind("timeout after 5.0 s (raise with --timeout)"),
            "timeout after"
        );
        assert_eq!(reason_kind("loop bound of 256 iterations"), "loop bound");
        assert_eq!(
            reason_kind("call depth bound of 8 (raise with --max-call-depth)"),
            "call depth bound"
        );
        assert_eq!(
            reason_kind("every path was refuted, but calls on java.lang.CharacterData dispatch"),
            "every path was refuted"
        );
        assert_eq!(
            reason_kind("the replay of the state found did not execute pc 40"),
            "the replay of the state"
        );
        assert_eq!(
            reason_kind("recursion bound of 3 activations of a.B.c()Z"),
            "recursion bound"
        );
    }

    #[test]
    fn reads_schema_2_reasons() {
        let text = r#"{"schema": 2, "methods": [{"class": "a.B", "method": "m", "descriptor": "()V",
            "bytecodes": 5, "targets": 1, "covered_after": 0, "unreachable": 0, "unknown": 1,
            "instructions_covered": 0, "target_list": [{"pc": 0, "verdict": "unknown", "reasons": [
              {"kind": "unsupported", "message": "unsupported: invokedynamic at a.B.m()V pc 3"}]}]}],
          "tests": []}"#;
        let j = CoverJson::parse(text).unwrap();
        let r: Vec<(String, String)> = j.unknown_reasons().map(|x| (x.group(), x.kind())).collect();
        assert_eq!(
            r,
            [(
                "unsupported: invokedynamic".to_string(),
                "unsupported".to_string()
            )]
        );
    }

    #[test]
    fn reads_schema_1_and_ignores_unknown_fields() {
        let text = r#"{"schema": 1, "coverage_source": "replay", "future": [1, 2],
          "methods": [{"class": "a.B", "method": "m", "descriptor": "()V", "bytecodes": 5,
            "targets": 2, "covered_before": 0, "covered_after": 1, "unreachable": 0, "unknown": 1,
            "reachable_coverage": 0.5, "instructions_covered": 3,
            "target_list": [
              {"pc": 0, "verdict": "reached", "by": "test", "test": 0, "aimed": true},
              {"pc": 3, "verdict": "unknown", "reasons": ["timeout after 5.0 s (raise with --timeout)",
                 {"kind": "timeout", "message": "after 5 s"}]}]}],
          "tests": [{"id": 0, "class": "a.B", "method": "m", "descriptor": "()V",
            "ended": {"kind": "threw", "class": "java.lang.NullPointerException", "message": null}}]}"#;
        let j = CoverJson::parse(text).unwrap();
        assert_eq!(j.methods[0].unknown, 1);
        assert_eq!(j.tests.len(), 1);
        assert_eq!(j.threw("m", "()V"), 1);
        let kinds: Vec<String> = j.unknown_reasons().map(Reason::kind).collect();
        assert_eq!(kinds, ["timeout after", "timeout"]);
        let groups: Vec<String> = j.unknown_reasons().map(Reason::group).collect();
        assert_eq!(
            groups,
            ["timeout after N s (raise with --timeout)", "after N s"]
        );
        assert!(CoverJson::parse(r#"{"schema": 3, "methods": []}"#).is_err());
    }
}
