//! One attempt at a target and its commit: the pipeline run on a worker
//! thread within its slice, then the status and the test it gives, with
//! the pcs and branch edges the test covers (replayed, or the search's
//! claim without replay).

use std::time::Duration;

use crate::classfile::{Op, Pc};
use crate::pipeline::{self, Jvm, Replayed};
use crate::program::Program;
use crate::reason::Reason;
use crate::search::PathStep;

use super::{
    credit, through, writable, Attempt, Config, GeneratedTest, Origin, Status, Target, Unit,
};
use std::collections::BTreeSet;

/// Runs one target through the pipeline, on a worker thread: where the
/// method can be run forward, a quick search comes first, so a target it
/// cannot settle gets the concolic search and the seeds before the
/// backward search spends all its time.
///
/// With `through_callers`, a target of a private method is first searched
/// through the class's accessible callers ([`super::through`]).
pub(super) fn attempt(
    cp: &Program,
    unit: &Unit,
    target: &Target,
    config: &Config,
    slice: Duration,
    through_callers: bool,
    jvm: &mut Jvm,
) -> Attempt {
    let options = pipeline::Options {
        search: config.search.clone().with_timeout(slice),
        quick: Some(pipeline::Quick::DEFAULT),
        seeding: true,
        test: None,
        prefer_credited: true,
        forward_time: Some(slice),
        // The callers get half of the slice, the direct call (by
        // reflection) what they leave.
        through_callers,
    };
    pipeline::run(
        cp,
        &unit.class,
        unit.method(),
        &target.goal(),
        &options,
        jvm,
    )
    .map_err(|e| Reason::Analysis(e.to_string()))
}

/// A target's status from its attempt, and the test when one reached it.
/// The slice under which a target reached only by a run JaCoCo does not
/// credit it for is tried again in the next round: a longer one leaves the
/// pipeline time to search for a run that ends the target's block.
pub(super) const CREDIT_SLICE: Duration = Duration::from_secs(2);

/// Whether JaCoCo credits `test` with `target` (its run passed a probe
/// after the target's block, or took the outcome and went on).
pub(super) fn credits(test: &GeneratedTest, target: &Target) -> bool {
    through::credited_in(test, target.unit).covers(target)
}

/// A state the JUnit writer cannot express is no test: the target stays
/// unknown with why ([`writable`]), and what its run executed is not
/// counted.
pub(super) fn commit(
    cp: &Program,
    units: &[Unit],
    target: &Target,
    a: Attempt,
    blocks: &[&Target],
) -> (Status, Option<GeneratedTest>) {
    match commit_found(cp, units, target, a, blocks) {
        (_, Some(test)) => match writable::check(cp, &units[test.unit], &test) {
            Ok(()) => (
                Status::Reached {
                    test: 0,
                    aimed: true,
                },
                Some(test),
            ),
            Err(why) => (Status::Unknown { reasons: vec![why] }, None),
        },
        settled => settled,
    }
}

/// The status and test of an attempt, before the test is checked.
fn commit_found(
    cp: &Program,
    units: &[Unit],
    target: &Target,
    a: Attempt,
    blocks: &[&Target],
) -> (Status, Option<GeneratedTest>) {
    let unit = &units[target.unit];
    let outcome = match a {
        Ok(o) => o,
        Err(e) => return (Status::Unknown { reasons: vec![e] }, None),
    };
    let reached = match outcome.verdict {
        pipeline::Verdict::Unreachable { conflicts } => {
            return (Status::Unreachable { conflicts }, None)
        }
        pipeline::Verdict::Unknown { reasons } => return (Status::Unknown { reasons }, None),
        pipeline::Verdict::Reached(r) => *r,
    };
    if let Some(via) = reached.via.clone() {
        return through::via_test(cp, units, target, reached, &via);
    }
    let mut uncredited = credit::Uncredited::default();
    let (observation, covers, edges) = match reached.replay {
        Replayed::Confirmed(obs) => {
            let (covers, edges) = (obs.executed.clone(), obs.edges.clone());
            uncredited = credit::uncredited(cp, unit, &obs);
            (Some(obs), covers, edges)
        }
        Replayed::Failed(e) => {
            let reasons = vec![Reason::ReplayFailed(e.to_string())];
            return (Status::Unknown { reasons }, None);
        }
        Replayed::Skipped => (
            None,
            claimed_pcs(unit, target, &reached.path, blocks),
            claimed_edges(unit, target, &reached.path, blocks),
        ),
    };
    let test = GeneratedTest {
        unit: target.unit,
        target: target.pc,
        target_from: target.from,
        state: reached.state,
        path: reached.path,
        observation,
        covers,
        edges,
        uncredited,
        origin: reached
            .forward
            .as_ref()
            .map_or(Origin::Search, |f| Origin::Forward(f.strategy)),
        elsewhere: Vec::new(),
        via: None,
    };
    (
        Status::Reached {
            test: 0,
            aimed: true,
        },
        Some(test),
    )
}

/// Without replay: the branch outcomes on the search's path (consecutive
/// blocks of the method itself whose first ends in a branch or switch
/// leading to the second), and the target's own outcome — the search's
/// claim. A path through a recursive call of the method may pair blocks of
/// two activations; the claim is the search's, as its label says.
pub(super) fn claimed_edges(
    unit: &Unit,
    target: &Target,
    path: &[PathStep],
    blocks: &[&Target],
) -> Vec<(Pc, Pc)> {
    let me = unit.path_name();
    let code = unit.code();
    let mut edges = BTreeSet::new();
    if let Some(from) = target.from {
        edges.insert((from, target.pc));
    }
    let mine: Vec<Pc> = path
        .iter()
        .filter(|s| s.method == me)
        .map(|s| s.pc)
        .collect();
    for pair in mine.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        // The last instruction of the block starting at `a`.
        let Some(block) = blocks.iter().find(|t| t.pc == a) else {
            continue;
        };
        let Some(last) = code.instructions.iter().rfind(|i| i.pc < block.end) else {
            continue;
        };
        let switch = matches!(last.op, Op::TableSwitch { .. } | Op::LookupSwitch { .. });
        let next = last.op.branch_targets().contains(&b) || b == block.end;
        if (last.op.is_conditional() || switch) && next {
            edges.insert((last.pc, b));
        }
    }
    edges.into_iter().collect()
}

/// Without replay: the pcs of the method's blocks on the search's path,
/// up to the target (the search's claim, not an observation). `blocks` are
/// the method's targets (one per block).
pub(super) fn claimed_pcs(
    unit: &Unit,
    target: &Target,
    path: &[PathStep],
    blocks: &[&Target],
) -> Vec<Pc> {
    let me = unit.path_name();
    let code = unit.code();
    let mut pcs = BTreeSet::from([target.pc]);
    for step in path.iter().filter(|s| s.method == me) {
        if let Some(b) = blocks.iter().find(|b| b.pc <= step.pc && step.pc < b.end) {
            let end = if b.pc <= target.pc && target.pc < b.end {
                target.pc + 1
            } else {
                b.end
            };
            pcs.extend(
                code.instructions
                    .iter()
                    .map(|i| i.pc)
                    .filter(|&p| p >= b.pc && p < end),
            );
        }
    }
    pcs.into_iter().collect()
}
