//! What `jaut-bench budget` reads from jaut's final JSON (`--format json`,
//! `docs/cover-json.md`): the block targets' verdicts and the bytecodes
//! summed over the methods covered (through `real`'s reader), and the
//! optional top-level `timeline`, jaut's own count of the blocks covered as
//! the run went on (`{"seconds", "blocks_covered", "blocks"}` points; a
//! jaut without it gives none, and the report leaves those figures out).

use serde::{Deserialize, Serialize};

use crate::real::cover_json::CoverJson;

/// One point of jaut's timeline: at `seconds` into the run, `blocks_covered`
/// of `blocks` block targets were covered.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub seconds: f64,
    pub blocks_covered: u64,
    pub blocks: u64,
}

/// jaut's view of its run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// Methods covered.
    pub methods: usize,
    /// Their instructions.
    pub bytecodes: u64,
    /// Block targets, and how they ended.
    pub targets: u64,
    pub reached: u64,
    pub unreachable: u64,
    pub unknown: u64,
    /// New tests in the JSON.
    pub tests: usize,
    /// The timeline, by time (None: the JSON has none, or one this
    /// benchmark cannot read).
    pub timeline: Option<Vec<Point>>,
    /// Why the timeline there is could not be read.
    pub timeline_problem: Option<String>,
    /// The objects of program classes in the tests' states, by how they
    /// are made (jaut's own count, `objects` in its JSON; zero for a jaut
    /// without it).
    pub objects: Objects,
}

/// jaut's count of the objects of program classes in its tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objects {
    /// Made by a constructor call.
    pub constructor: u64,
    /// Allocated without a constructor, their fields written.
    pub reflection: u64,
}

/// The JSON's top level, for the timeline and the objects' count.
#[derive(Deserialize)]
struct WithTimeline {
    #[serde(default)]
    timeline: Option<serde_json::Value>,
    #[serde(default)]
    objects: Objects,
}

impl Outcome {
    pub fn parse(text: &str) -> anyhow::Result<Outcome> {
        let json = CoverJson::parse(text)?;
        let mut o = Outcome {
            methods: json.methods.len(),
            tests: json.tests.len(),
            ..Outcome::default()
        };
        let top = serde_json::from_str::<WithTimeline>(text)?;
        o.objects = top.objects;
        match top.timeline {
            None | Some(serde_json::Value::Null) => {}
            Some(v) => match serde_json::from_value::<Vec<Point>>(v) {
                Ok(mut t) => {
                    t.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
                    o.timeline = Some(t);
                }
                Err(e) => o.timeline_problem = Some(format!("jaut's timeline is unreadable: {e}")),
            },
        }
        for m in &json.methods {
            o.bytecodes += m.bytecodes;
            o.targets += m.targets;
            o.reached += m.covered_after;
            o.unreachable += m.unreachable;
            o.unknown += m.unknown;
        }
        Ok(o)
    }

    /// The timeline's last point at or before `seconds` (None: no timeline,
    /// or nothing yet by then).
    pub fn blocks_at(&self, seconds: f64) -> Option<Point> {
        self.timeline
            .as_ref()?
            .iter()
            .take_while(|p| p.seconds <= seconds)
            .last()
            .copied()
    }

    /// The timeline's last point.
    pub fn blocks_at_end(&self) -> Option<Point> {
        self.timeline.as_ref()?.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const METHODS: &str = r#""methods": [
        {"class": "a.B", "method": "f", "descriptor": "()V", "bytecodes": 10, "targets": 4,
         "covered_after": 2, "unreachable": 1, "unknown": 1, "instructions_covered": 6},
        {"class": "a.B$1", "method": "g", "descriptor": "(I)I", "bytecodes": 5, "targets": 2,
         "covered_after": 2, "unreachable": 0, "unknown": 0, "instructions_covered": 5}],
      "tests": [{"method": "f", "descriptor": "()V"}]"#;

    #[test]
    fn sums_the_methods_without_a_timeline() {
        let o = Outcome::parse(&format!(r#"{{"schema": 2, {METHODS}}}"#)).unwrap();
        assert_eq!(
            (
                o.methods,
                o.bytecodes,
                o.targets,
                o.reached,
                o.unreachable,
                o.unknown,
                o.tests
            ),
            (2, 15, 6, 4, 1, 1, 1)
        );
        assert_eq!(o.timeline, None);
        assert_eq!(o.blocks_at(10.0), None);
        assert_eq!(o.blocks_at_end(), None);
        let null = Outcome::parse(&format!(r#"{{"schema": 2, "timeline": null, {METHODS}}}"#));
        assert_eq!(null.unwrap().timeline, None);
    }

    #[test]
    fn reads_the_timeline_when_present() {
        let text = format!(
            r#"{{"schema": 2, {METHODS}, "timeline": [
                {{"seconds": 12.5, "blocks_covered": 4, "blocks": 6}},
                {{"seconds": 2.0, "blocks_covered": 1, "blocks": 6, "later": true}},
                {{"seconds": 9.9, "blocks_covered": 3, "blocks": 6}}]}}"#
        );
        let o = Outcome::parse(&text).unwrap();
        assert_eq!(o.timeline.as_ref().map(Vec::len), Some(3));
        assert_eq!(o.blocks_at(1.0), None);
        assert_eq!(o.blocks_at(10.0).map(|p| p.blocks_covered), Some(3));
        assert_eq!(o.blocks_at(30.0).map(|p| p.blocks_covered), Some(4));
        assert_eq!(
            o.blocks_at_end().map(|p| (p.blocks_covered, p.blocks)),
            Some((4, 6))
        );
        let odd = Outcome::parse(r#"{"schema": 2, "timeline": [{"seconds": 1}]}"#).unwrap();
        assert_eq!(odd.timeline, None);
        assert!(odd.timeline_problem.is_some());
    }
}
