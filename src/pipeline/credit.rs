//! Tests JaCoCo credits (issue 15, item 4). JaCoCo marks an instruction
//! covered only when a probe after it runs: probes sit before returns,
//! throws and jumps, so a run that ends in an exception the JVM or a callee
//! raised loses the instructions since the last probe — the target's block
//! among them, though the replay saw its first pc execute; so does a run
//! whose exception a handler of the method caught. When a confirmed
//! state ends so, the pipeline looks once more for a state that runs the
//! target's block to its last instruction (the backward search from there
//! carries the block's own conditions: a non-null array, an index in
//! range), and keeps it when the JVM confirms it; failing that, it tries
//! the constant seeds for a run that reaches the target and ends as
//! JaCoCo credits.

use crate::classfile::bytecode::Op;
use crate::classfile::{Class, Method, Pc};
use crate::program::Program;
use crate::replay::observation::{Ended, Observation};
use crate::search::Goal;

/// Whether JaCoCo may not credit the run: it ended in an exception that
/// no `athrow` of the method itself raised (the JVM's, or a callee's), or
/// a handler of the method caught such an exception on the way (the
/// instructions before the raise point lose their credit the same way:
/// `try { return Integer.parseInt(s); } catch (…)` run with `" "`).
pub(super) fn ends_uncredited(method: &Method, o: &Observation) -> bool {
    if !o.raised.is_empty() {
        return true;
    }
    if !matches!(o.ended, Ended::Threw { .. }) {
        return false;
    }
    let Some(code) = method.code.as_ref() else {
        return false;
    };
    !code
        .instructions
        .iter()
        .any(|i| matches!(i.op, Op::AThrow) && o.executed.contains(&i.pc))
}

/// The goal whose reaching makes JaCoCo credit `goal`'s block: the block's
/// last instruction (straight-line code, so reaching it runs the whole
/// block; for a branch outcome, only when the branch is the successor
/// block's sole way in). `None` when the goal's pc is the block's last
/// instruction already, or for an exception goal.
pub(super) fn block_end_goal(
    cp: &Program,
    class: &Class,
    method: &Method,
    goal: &Goal,
) -> Option<(Goal, Pc)> {
    let pc = goal.pc()?;
    let code = method.code.as_ref()?;
    let cfg = cp.analyses().cfg(cp, class, method).ok()?;
    let id = cfg.block_of(pc)?;
    if let Goal::Edge { from, .. } = goal {
        let preds = cfg.preds(id);
        if preds.len() != 1 || preds[0].1.source_pc() != Some(*from) {
            return None;
        }
    }
    let block = cfg.block(id)?;
    let last = code.instructions.get(block.last)?.pc;
    (last != pc).then_some((Goal::Pc(last), last))
}

/// A state for `goal` that JaCoCo credits, in place of `reached` when the
/// latter's run ends uncredited: a search for the block's end, within the
/// time the target has left, that the JVM confirms; else (or for a run
/// found forward) the first seeded state whose run reaches the goal and
/// ends as JaCoCo credits ([`credited_seed`]). Otherwise `reached` as it
/// was.
#[allow(clippy::too_many_arguments)]
pub(super) fn prefer_credited(
    cp: &Program,
    class: &std::sync::Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &super::Options,
    clock: &super::Clock,
    reached: super::Reached,
    stats: &mut crate::search::Stats,
    replay_time: &mut std::time::Duration,
    jvm: &mut super::Jvm,
) -> Result<super::Reached, crate::search::SearchError> {
    let super::Replayed::Confirmed(o) = &reached.replay else {
        return Ok(reached);
    };
    if !ends_uncredited(method, o) || clock.left() < super::MIN_RETRY_TIME {
        return Ok(reached);
    }
    if reached.forward.is_none() {
        if let Some(found) = searched_end(cp, class, method, goal, options, clock, o, stats, jvm)? {
            return Ok(found);
        }
    }
    let start = std::time::Instant::now();
    let seeded = credited_seed(cp, class, method, goal, options, clock, jvm);
    *replay_time += start.elapsed();
    Ok(seeded.unwrap_or(reached))
}

/// A state the backward search finds for the end of `goal`'s block that
/// the JVM confirms running there, when `o` (the uncredited run) did not
/// end normally past it.
#[allow(clippy::too_many_arguments)]
fn searched_end(
    cp: &Program,
    class: &std::sync::Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &super::Options,
    clock: &super::Clock,
    o: &Observation,
    stats: &mut crate::search::Stats,
    jvm: &mut super::Jvm,
) -> Result<Option<super::Reached>, crate::search::SearchError> {
    let Some((end_goal, end)) = block_end_goal(cp, class, method, goal) else {
        return Ok(None);
    };
    if o.executed.contains(&end) && matches!(o.ended, Ended::Returned { .. }) {
        return Ok(None);
    }
    if crate::stop::requested() {
        return Ok(None);
    }
    let mut config = options.search.clone();
    config.timeout = clock.left();
    let again = crate::search::search_goal(cp, class, method, &end_goal, &config)?;
    stats.add(&again.stats);
    let crate::search::Verdict::Reached { state, path } = again.verdict else {
        return Ok(None);
    };
    match super::settle::replay_found(cp, class, method, goal, &state, clock, jvm) {
        super::settle::Said::Settled(super::Replayed::Confirmed(o))
            if o.executed.contains(&end) =>
        {
            Ok(Some(super::Reached {
                state,
                path,
                replay: super::Replayed::Confirmed(o),
                forward: None,
                test: None,
                via: None,
            }))
        }
        _ => Ok(None),
    }
}

/// The first seeded state ([`crate::seed`]) whose run meets `goal` and
/// ends as JaCoCo credits it (no exception raised on the way), within the
/// forward strategies' time: a method that throws on every text but a
/// charset's name (`new Hex(String)`) has its entry credited only so.
fn credited_seed(
    cp: &Program,
    class: &std::sync::Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &super::Options,
    clock: &super::Clock,
    jvm: &mut super::Jvm,
) -> Option<super::Reached> {
    let time = clock.forward_time(super::forward::forward_cap(options));
    let (state, seen) = crate::seed::first_reaching(cp, class, method, time, |s| {
        jvm.replay(class, method, goal, s, clock.replay_timeout())
            .ok()
            .filter(|o| super::meets(cp, goal, o) && !ends_uncredited(method, o))
    })?;
    Some(super::forward::forward_found(
        (state, seen, super::Strategy::Seeded),
        &[],
    ))
}
