//! Targets of private methods reached through an accessible caller (issue
//! 33, item 3; the search and the replay are [`crate::pipeline`]'s,
//! `pipeline/through.rs`): the test is one of the caller's — it calls the
//! public method, as a person's test would, and needs no reflection — and
//! it settles the private method's target by what the replay traced there
//! ([`super::callees`]).
//!
//! The first pass runs no such method directly ([`left_to_callers`]).
//! Such a test is committed in its target's method's order (the private
//! method's), so it settles that method's targets at once; what it covers
//! in its own method (the caller) and in other helpers is credited when the
//! pass ends, with the other tests' coverage elsewhere, so the run commits
//! the same targets for any `--jobs`.

use super::callees::credited_elsewhere;
use super::{credit, Covered, GeneratedTest, Origin, Status, Target, Through, Unit};
use crate::pipeline::{Reached, Replayed, Via};
use crate::program::Program;
use crate::reason::Reason;

/// Whether the run holds every method a test can call of `unit`'s class,
/// so that a test through any caller is one of the run's methods'.
pub(super) fn callers_in_run(units: &[Unit], unit: &Unit) -> bool {
    let class = &unit.class;
    class
        .methods
        .iter()
        .enumerate()
        .filter(|(_, m)| crate::search::callers::accessible(m))
        .all(|(i, _)| {
            units
                .iter()
                .any(|u| u.index == i && u.class.name == class.name)
        })
}

/// Whether the first pass leaves `unit` to its callers: a private method
/// the run's accessible methods call (its callers' runs cover what they
/// run of it, the rounds search the rest through them, and only then by a
/// direct call by reflection).
pub(super) fn left_to_callers(cp: &Program, units: &[Unit], unit: &Unit) -> bool {
    unit.method().is_private()
        && callers_in_run(units, unit)
        && !crate::search::callers::chains(cp, &unit.class, unit.method()).is_empty()
}

/// The test of a target reached through `via`: a test of the caller (its
/// unit in `units`), named after its call into the chain, crediting the
/// target's method by what the replay traced there. Unknown when the
/// caller is no unit of the run or the replay is not a confirmed one (the
/// pipeline settles a target through a caller only on a confirmed run).
pub(super) fn via_test(
    cp: &Program,
    units: &[Unit],
    target: &Target,
    reached: Reached,
    via: &Via,
) -> (Status, Option<GeneratedTest>) {
    let class = &units[target.unit].class;
    let caller = units.iter().position(|u| {
        u.class.name == class.name
            && u.method().name == via.method
            && u.method().descriptor == via.descriptor
    });
    let (Some(cu), Replayed::Confirmed(mut obs)) = (caller, reached.replay) else {
        let why = format!("reached through {via}, which is not a method of the run");
        return (
            Status::Unknown {
                reasons: vec![Reason::Internal(why)],
            },
            None,
        );
    };
    // The run aimed at no pc of the caller: the test is named after its
    // call into the chain, which ran.
    let site = via.sites[0].pc;
    obs.reached = obs.executed.contains(&site);
    let test = GeneratedTest {
        unit: cu,
        target: site,
        target_from: None,
        state: reached.state,
        path: reached.path,
        covers: obs.executed.clone(),
        edges: obs.edges.clone(),
        uncredited: credit::uncredited(cp, &units[cu], &obs),
        elsewhere: credited_elsewhere(units, cu, &obs),
        observation: Some(obs),
        origin: Origin::Search,
        via: Some(Through {
            unit: target.unit,
            pc: target.pc,
            from: target.from,
            calls: via.sites.clone(),
        }),
    };
    (
        Status::Reached {
            test: 0,
            aimed: true,
        },
        Some(test),
    )
}

/// What `test` covers, credited, in method `unit`: its own coverage when
/// it is a test of that method, else what it ran there as a caller.
pub(super) fn credited_in(test: &GeneratedTest, unit: usize) -> Covered {
    let mut out = Covered::default();
    if test.unit == unit {
        out.add_credited(test);
    } else {
        for (_, c) in test.elsewhere.iter().filter(|(u, _)| *u == unit) {
            out.pcs.extend(&c.pcs);
            out.edges.extend(&c.edges);
        }
    }
    out
}

/// What a test committed in method `committed_in`'s order credits when the
/// pass ends: what it ran in the other methods, and for a test through a
/// caller, its own method's coverage too.
pub(super) fn credited_later(test: &GeneratedTest, committed_in: usize) -> Vec<(usize, Covered)> {
    let mut out = test.elsewhere.clone();
    if test.unit != committed_in {
        out.push((test.unit, credited_in(test, test.unit)));
    }
    out
}
