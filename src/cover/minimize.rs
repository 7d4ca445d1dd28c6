//! A minimal suite: of the tests a cover run found, those kept cover every
//! instruction and branch outcome any of them covered (EvoSuite's
//! minimisation, by greedy set cover per method).

use std::collections::BTreeSet;

use super::{GeneratedTest, Status, Target};
use crate::classfile::Pc;

/// What a test covers: a pc it executed, one JaCoCo credits it for, or a
/// branch outcome JaCoCo credits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Ran(Pc),
    Pc(Pc),
    Edge(Pc, Pc),
}

/// What a test may be kept for: every pc it executed (the only test
/// reaching a target stays, even when its run ends in an exception), and
/// the pcs and branch outcomes JaCoCo credits it for.
fn items(t: &GeneratedTest) -> impl Iterator<Item = Item> + '_ {
    let u = &t.uncredited;
    t.covers
        .iter()
        .map(|&pc| Item::Ran(pc))
        .chain(
            t.covers
                .iter()
                .filter(|pc| !u.pcs.contains(pc))
                .map(|&pc| Item::Pc(pc)),
        )
        .chain(
            t.edges
                .iter()
                .filter(|e| !u.edges.contains(e))
                .map(|&(a, b)| Item::Edge(a, b)),
        )
}

/// What a test may be kept for in `unit`: [`items`] in its own method, and
/// what it covered in another (a helper it calls, [`super::callees`]).
fn items_in(t: &GeneratedTest, unit: usize) -> Vec<Item> {
    if t.unit == unit {
        return items(t).collect();
    }
    t.elsewhere
        .iter()
        .filter(|(u, _)| *u == unit)
        .flat_map(|(_, c)| {
            c.pcs
                .iter()
                .flat_map(|&pc| [Item::Ran(pc), Item::Pc(pc)])
                .chain(c.edges.iter().map(|&(a, b)| Item::Edge(a, b)))
        })
        .collect()
}

/// A minimal suite (as EvoSuite minimises): per method, the tests kept are
/// chosen greedily — the one covering the most instructions not yet
/// covered first, ties to the earliest — until they cover every instruction
/// any test covered; the others are dropped. Statuses are renumbered, and
/// a target whose test was dropped is credited to a kept test that
/// executes it (not aimed at it).
pub(super) fn minimize(
    tests: Vec<GeneratedTest>,
    all: &[Target],
    status: &mut [Status],
) -> Vec<GeneratedTest> {
    let mut keep = vec![false; tests.len()];
    let units: BTreeSet<usize> = tests
        .iter()
        .flat_map(|t| std::iter::once(t.unit).chain(t.elsewhere.iter().map(|(u, _)| *u)))
        .collect();
    for unit in units {
        let mine: Vec<(usize, Vec<Item>)> = (0..tests.len())
            .map(|i| (i, items_in(&tests[i], unit)))
            .filter(|(_, items)| !items.is_empty())
            .collect();
        let mut left: BTreeSet<Item> = mine.iter().flat_map(|(_, x)| x.iter().copied()).collect();
        // What kept tests (for other methods) already cover here.
        for (i, x) in &mine {
            if keep[*i] {
                for x in x {
                    left.remove(x);
                }
            }
        }
        while !left.is_empty() {
            let gain = |x: &[Item]| x.iter().filter(|x| left.contains(x)).count();
            // Ties: a test of this method itself, then the earliest.
            let Some((best, items)) = mine
                .iter()
                .filter(|(i, _)| !keep[*i])
                .max_by_key(|(i, x)| (gain(x), tests[*i].unit == unit, std::cmp::Reverse(*i)))
            else {
                break;
            };
            if gain(items) == 0 {
                break;
            }
            keep[*best] = true;
            for x in items {
                left.remove(x);
            }
        }
    }
    let mut renumber = vec![None; tests.len()];
    let mut next = 0;
    for (i, k) in keep.iter().enumerate() {
        if *k {
            renumber[i] = Some(next);
            next += 1;
        }
    }
    for (t, s) in status.iter_mut().enumerate() {
        if let Status::Reached { test, aimed } = s {
            match renumber[*test] {
                Some(n) => *test = n,
                None => {
                    let target = &all[t];
                    let by = (0..tests.len()).find(|&i| {
                        keep[i] && {
                            let here = items_in(&tests[i], target.unit);
                            match target.from {
                                Some(from) => here.contains(&Item::Edge(from, target.pc)),
                                None => here.contains(&Item::Ran(target.pc)),
                            }
                        }
                    });
                    if let Some(by) = by {
                        *test = renumber[by].expect("kept");
                        *aimed = false;
                    }
                }
            }
        }
    }
    tests
        .into_iter()
        .zip(keep)
        .filter_map(|(t, k)| k.then_some(t))
        .collect()
}
