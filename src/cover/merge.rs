//! `jaut merge`: the report of one cover run rebuilt from the reports of
//! its shards (`--shard K/N`, [`super::shard`]).
//!
//! A class lies wholly in one shard, and a cover run settles each method
//! on its own (coverage is per method, targets are attempted method by
//! method, tests are made in that order), so the shards' method entries,
//! put back in the order of the whole selection (each shard's report
//! lists every class of it), and their tests, renumbered in that order,
//! are what one run would have reported. Totals are recomputed from the
//! entries. Reports that do not belong together — another schema, another
//! selection, another shard count, a shard twice or missing, with and
//! without times — are refused.

use std::collections::HashMap;

use super::document::{
    Document, FirstPassEntry, MethodEntry, TestEntry, TimelineEntry, TimingEntry, SCHEMA,
};
use super::shard::Shard;
use crate::junit::check::SuiteCheck;

/// Why shard reports cannot be merged. `which` names a report (its
/// directory, for the command line).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MergeError {
    #[error("nothing to merge")]
    Empty,
    #[error("{which}: not the report of a `jaut cover --shard K/N` run (no shard field)")]
    NotAShard { which: String },
    #[error("{which}: report schema {found}; this jaut merges schema {SCHEMA}")]
    Schema { which: String, found: u32 },
    #[error("{which}: shard {found}, but {first} is a shard of {count}")]
    Count {
        which: String,
        found: Shard,
        first: String,
        count: u32,
    },
    #[error("{which} and {other} are both shard {shard}")]
    Twice {
        which: String,
        other: String,
        shard: Shard,
    },
    #[error("shard {missing} is missing (give the output directories of all {count} shards)")]
    Missing { missing: Shard, count: u32 },
    #[error("{which}: {what} differs from {first}'s; the shards are not of one run")]
    Differs {
        which: String,
        first: String,
        what: &'static str,
    },
    #[error("{which}: method {method} of class {class}, which is not in its shard")]
    Stray {
        which: String,
        method: String,
        class: String,
    },
}

/// Merges the reports of all the shards of one run; `reports` pairs each
/// with a name for messages. The result has no shard field: it is the
/// report of the whole run.
pub fn merge(reports: &[(String, Document)]) -> Result<Document, MergeError> {
    let ordered = shards_in_order(reports)?;
    let first = &reports[0].1;
    let shards: Vec<&Document> = ordered.iter().map(|(_, doc)| doc).collect();
    let classes = &first.shard.as_ref().expect("checked above").classes;
    let methods = method_order(&ordered, classes)?;
    let (tests, merged_methods) = renumbered(&shards, &methods);
    let timing = first.timing.as_ref().map(|_| merged_timing(&shards));
    Ok(Document {
        schema: SCHEMA,
        coverage_source: first.coverage_source,
        imported: first.imported.clone(),
        methods: merged_methods,
        states_found: shards
            .iter()
            .map(|d| d.states_found)
            .sum::<usize>()
            .max(tests.len()),
        objects: super::document::ObjectCounts::of_tests(&tests),
        tests,
        timing,
        timeline: merged_timeline(&shards),
        first_pass: shards
            .iter()
            .filter_map(|d| d.first_pass)
            .reduce(|a, b| FirstPassEntry {
                runs: a.runs + b.runs,
                kept: a.kept + b.kept,
            }),
        shard: None,
        suite_check: shards.iter().filter_map(|d| d.suite_check.as_ref()).fold(
            None,
            |acc: Option<SuiteCheck>, c| {
                Some(match acc {
                    None => c.clone(),
                    Some(a) => a.merged(c),
                })
            },
        ),
    })
}

/// The shards, checked to be those of one run (same schema, count,
/// selection of classes, coverage source, imported coverage and
/// `--no-times`), each once and none missing, in the order of their index.
fn shards_in_order(reports: &[(String, Document)]) -> Result<Vec<&(String, Document)>, MergeError> {
    let (first_name, first) = reports.first().ok_or(MergeError::Empty)?;
    let mut by_index: Vec<Option<&(String, Document)>> = Vec::new();
    let mut count = 0;
    for entry in reports {
        let (which, doc) = entry;
        if doc.schema != SCHEMA {
            return Err(MergeError::Schema {
                which: which.clone(),
                found: doc.schema,
            });
        }
        let shard = doc.shard.as_ref().ok_or_else(|| MergeError::NotAShard {
            which: which.clone(),
        })?;
        let first_shard = first.shard.as_ref().ok_or_else(|| MergeError::NotAShard {
            which: first_name.clone(),
        })?;
        count = first_shard.count;
        if shard.count != count {
            return Err(MergeError::Count {
                which: which.clone(),
                found: shard.shard(),
                first: first_name.clone(),
                count,
            });
        }
        let differs = |what| MergeError::Differs {
            which: which.clone(),
            first: first_name.clone(),
            what,
        };
        if shard.classes != first_shard.classes {
            return Err(differs("the selection of classes"));
        }
        if doc.coverage_source != first.coverage_source {
            return Err(differs("the coverage source (replay or --no-replay)"));
        }
        if doc.imported != first.imported {
            return Err(differs("the imported coverage"));
        }
        if doc.timing.is_some() != first.timing.is_some() {
            return Err(differs("--no-times"));
        }
        by_index.resize(count as usize, None);
        let slot = &mut by_index[shard.index as usize - 1];
        if let Some((other, _)) = slot {
            return Err(MergeError::Twice {
                which: which.clone(),
                other: other.clone(),
                shard: shard.shard(),
            });
        }
        *slot = Some(entry);
    }
    let mut shards: Vec<&(String, Document)> = Vec::new();
    for (i, s) in by_index.iter().enumerate() {
        match s {
            Some(entry) => shards.push(entry),
            None => {
                return Err(MergeError::Missing {
                    missing: Shard {
                        index: i as u32 + 1,
                        count,
                    },
                    count,
                })
            }
        }
    }
    Ok(shards)
}

/// The methods in the order of the whole selection: by class, then as the
/// shard holding the class lists them (class position, shard, method).
fn method_order(
    shards: &[&(String, Document)],
    classes: &[String],
) -> Result<Vec<(usize, usize, usize)>, MergeError> {
    let position: HashMap<&str, usize> = classes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();

    let mut methods: Vec<(usize, usize, usize)> = Vec::new();
    for (s, (which, doc)) in shards.iter().enumerate() {
        for (m, entry) in doc.methods.iter().enumerate() {
            let class = *position
                .get(entry.class.as_str())
                .ok_or_else(|| MergeError::Stray {
                    which: which.clone(),
                    method: entry.label(),
                    class: entry.class.clone(),
                })?;
            methods.push((class, s, m));
        }
    }
    methods.sort();

    Ok(methods)
}

/// The tests renumbered in the order of `methods`, each shard's own
/// numbers mapped, and the methods' entries with their tests' new numbers.
fn renumbered(
    shards: &[&Document],
    methods: &[(usize, usize, usize)],
) -> (Vec<TestEntry>, Vec<MethodEntry>) {
    let mut renumber: Vec<HashMap<usize, usize>> = vec![HashMap::new(); shards.len()];
    let mut tests = Vec::new();
    let mut merged_methods: Vec<MethodEntry> = Vec::new();
    for &(_, s, m) in methods {
        let doc = shards[s];
        let entry = &doc.methods[m];
        for t in doc.tests.iter().filter(|t| {
            t.class == entry.class && t.method == entry.method && t.descriptor == entry.descriptor
        }) {
            let mut t = t.clone();
            renumber[s].insert(t.id, tests.len());
            t.id = tests.len();
            tests.push(t);
        }
        let mut entry = entry.clone();
        for target in &mut entry.target_list {
            if let Some(test) = &mut target.test {
                if let Some(&n) = renumber[s].get(test) {
                    *test = n;
                }
            }
        }
        entry.reachable_coverage =
            MethodEntry::coverage_of(entry.targets, entry.unreachable, entry.covered_after);
        merged_methods.push(entry);
    }

    (tests, merged_methods)
}

/// The shards' times as one run's: the wall time is the longest one's,
/// the others add up.
fn merged_timing(shards: &[&Document]) -> TimingEntry {
    let mut t = TimingEntry {
        wall_ms: 0.0,
        parse_ms: 0.0,
        search_ms: 0.0,
        solver_ms: 0.0,
        labeling_ms: 0.0,
        replay_ms: 0.0,
        dropped: 0,
        first_pass_ms: 0.0,
    };
    for s in shards.iter().filter_map(|d| d.timing.as_ref()) {
        // Shards run side by side: the wall time is the longest one's.
        t.wall_ms = t.wall_ms.max(s.wall_ms);
        t.parse_ms += s.parse_ms;
        t.search_ms += s.search_ms;
        t.solver_ms += s.solver_ms;
        t.labeling_ms += s.labeling_ms;
        t.replay_ms += s.replay_ms;
        t.dropped += s.dropped;
        t.first_pass_ms += s.first_pass_ms;
    }
    t
}

/// The shards' coverage over time as one run's: the shards run side by
/// side, so at each time a shard's count changed, the sum of every
/// shard's count then. Absent unless every shard has one.
fn merged_timeline(shards: &[&Document]) -> Option<Vec<TimelineEntry>> {
    let lines: Vec<&Vec<TimelineEntry>> = shards
        .iter()
        .map(|d| d.timeline.as_ref())
        .collect::<Option<_>>()?;
    let blocks = lines.iter().map(|l| l.last().map_or(0, |p| p.blocks)).sum();
    let mut times: Vec<f64> = lines
        .iter()
        .flat_map(|l| l.iter().map(|p| p.seconds))
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    Some(
        times
            .into_iter()
            .map(|at| TimelineEntry {
                seconds: at,
                blocks_covered: lines
                    .iter()
                    .map(|l| {
                        l.iter()
                            .take_while(|p| p.seconds <= at)
                            .last()
                            .map_or(0, |p| p.blocks_covered)
                    })
                    .sum(),
                blocks,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::document::{CoverageSource, ShardEntry};

    fn shard(index: u32, count: u32) -> (String, Document) {
        let doc = Document {
            schema: SCHEMA,
            coverage_source: CoverageSource::Replay,
            imported: None,
            methods: Vec::new(),
            tests: Vec::new(),
            states_found: 0,
            objects: Default::default(),
            timing: None,
            timeline: None,
            first_pass: None,
            shard: Some(ShardEntry {
                index,
                count,
                classes: vec!["a.A".into(), "b.B".into()],
            }),
            suite_check: None,
        };
        (format!("s{index}"), doc)
    }

    fn point(seconds: f64, blocks_covered: usize, blocks: usize) -> TimelineEntry {
        TimelineEntry {
            seconds,
            blocks_covered,
            blocks,
        }
    }

    /// Shards run side by side: at each time one of them moved, the sum of
    /// what each had covered by then.
    #[test]
    fn timelines_of_shards_add_up_at_each_point() {
        let (_, mut a) = shard(1, 2);
        let (_, mut b) = shard(2, 2);
        a.timeline = Some(vec![point(0.0, 0, 10), point(2.0, 6, 10)]);
        b.timeline = Some(vec![point(0.0, 1, 5), point(1.0, 4, 5), point(3.0, 5, 5)]);
        let merged = merged_timeline(&[&a, &b]).unwrap();
        assert_eq!(
            merged,
            [
                point(0.0, 1, 15),
                point(1.0, 4, 15),
                point(2.0, 10, 15),
                point(3.0, 11, 15)
            ]
        );
        b.timeline = None;
        assert_eq!(merged_timeline(&[&a, &b]), None);
    }

    #[test]
    fn refuses_reports_that_are_not_one_run() {
        assert_eq!(merge(&[]), Err(MergeError::Empty));
        let missing = merge(&[shard(1, 3), shard(3, 3)]).unwrap_err();
        assert!(matches!(
            missing,
            MergeError::Missing {
                missing: Shard { index: 2, .. },
                ..
            }
        ));
        let twice = merge(&[shard(1, 2), shard(1, 2)]).unwrap_err();
        assert!(matches!(twice, MergeError::Twice { .. }));
        let count = merge(&[shard(1, 2), shard(2, 3)]).unwrap_err();
        assert!(matches!(count, MergeError::Count { .. }));
        let mut other = shard(2, 2);
        other.1.schema = 1;
        assert!(matches!(
            merge(&[shard(1, 2), other]).unwrap_err(),
            MergeError::Schema { found: 1, .. }
        ));
        let mut plain = shard(2, 2);
        plain.1.shard = None;
        assert!(matches!(
            merge(&[shard(1, 2), plain]).unwrap_err(),
            MergeError::NotAShard { .. }
        ));
        let mut timed = shard(2, 2);
        timed.1.timing = Some(TimingEntry {
            wall_ms: 1.0,
            parse_ms: 0.0,
            search_ms: 0.0,
            solver_ms: 0.0,
            labeling_ms: 0.0,
            replay_ms: 0.0,
            dropped: 0,
            first_pass_ms: 0.0,
        });
        assert!(matches!(
            merge(&[shard(1, 2), timed]).unwrap_err(),
            MergeError::Differs { .. }
        ));
        let merged = merge(&[shard(2, 2), shard(1, 2)]).unwrap();
        assert!(merged.shard.is_none());
    }
}
