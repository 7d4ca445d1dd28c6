//! What a committed test settles beyond its own target: the other targets
//! of its method it executed, those of the helpers it called
//! ([`super::callees`]), a first-pass run kept as a test, the tests
//! numbered method by method at the end, and the timeline's points.

use std::time::Duration;

use crate::classfile::Pc;
use crate::program::Program;
use crate::reason::Reason;

use super::{
    callees, credit, first_pass, writable, Covered, GeneratedTest, Origin, Status, Target,
    TimelinePoint, Unit,
};

/// Adds a point to the timeline when the count of blocks covered changed.
pub(super) fn grow_timeline(
    timeline: &mut Vec<TimelinePoint>,
    at: Duration,
    blocks_covered: usize,
) {
    if timeline
        .last()
        .is_none_or(|p| p.blocks_covered != blocks_covered)
    {
        timeline.push(TimelinePoint { at, blocks_covered });
    }
}

/// After test `number` of `unit` was committed: everything else it
/// executed is covered too, including targets an earlier attempt left
/// unknown (a state whose replay failed, say): the JVM ran them.
pub(super) fn mark_covered(
    all: &[Target],
    status: &mut [Option<Status>],
    pending: &mut [Option<Vec<Reason>>],
    covered: &[Covered],
    unit: usize,
    number: usize,
) {
    for (i, other) in all.iter().enumerate() {
        if matches!(status[i], None | Some(Status::Unknown { .. }))
            && other.unit == unit
            && covered[unit].covers(other)
        {
            status[i] = Some(Status::Reached {
                test: number,
                aimed: false,
            });
            pending[i] = None;
        }
    }
}

/// Credits test `number` with what it covered in the helpers its method
/// calls ([`callees`]): their coverage grows, and their open targets it
/// covers are reached by it.
pub(super) fn credit_helpers(
    elsewhere: &[(usize, Covered)],
    number: usize,
    all: &[Target],
    status: &mut [Option<Status>],
    pending: &mut [Option<Vec<Reason>>],
    covered: &mut [Covered],
) {
    for (u, c) in elsewhere {
        covered[*u].pcs.extend(&c.pcs);
        covered[*u].edges.extend(&c.edges);
        mark_covered(all, status, pending, covered, *u, number);
    }
}

/// A first-pass run of `units[u]` as a test, when what it executed and
/// JaCoCo would credit covers a target still open — of its own method, or
/// of a helper it called ([`callees`]: a public method's run is how a
/// private helper left to its callers is covered). The test is named after
/// the first such target of its own method (a block before a branch
/// outcome), else after its last call of the first helper it covers anew.
/// `None` when the run covers nothing new, or no JUnit test can express it.
pub(super) fn first_pass_test(
    cp: &Program,
    units: &[Unit],
    u: usize,
    all: &[Target],
    status: &[Option<Status>],
    covered: &[Covered],
    run: first_pass::Run,
) -> Option<GeneratedTest> {
    let unit = &units[u];
    let observation = run.observation;
    let mut test = GeneratedTest {
        unit: u,
        target: 0,
        target_from: None,
        state: run.state,
        path: Vec::new(),
        covers: observation.executed.clone(),
        edges: observation.edges.clone(),
        uncredited: credit::uncredited(cp, unit, &observation),
        elsewhere: callees::credited_elsewhere(units, u, &observation),
        observation: Some(observation),
        origin: Origin::FirstPass,
        via: None,
    };
    let new_in = |v: usize, after: &Covered| {
        all.iter()
            .enumerate()
            .filter(|&(i, t)| t.unit == v && status[i].is_none() && !covered[v].covers(t))
            .filter(|(_, t)| after.covers(t))
            .min_by_key(|(_, t)| (t.is_branch(), t.pc))
            .map(|(_, t)| t)
    };
    let mut after = covered[u].clone();
    after.add_credited(&test);
    if let Some(new) = new_in(u, &after) {
        test.target = new.pc;
        test.target_from = new.from;
    } else {
        let helper = test.elsewhere.iter().find_map(|(v, c)| {
            let mut after = covered[*v].clone();
            after.pcs.extend(&c.pcs);
            after.edges.extend(&c.edges);
            new_in(*v, &after).map(|_| *v)
        })?;
        test.target = last_call_of(unit, &units[helper], &test.covers)?;
    }
    // The run aimed at no pc: the test is named after this one, which it
    // executed.
    let target = test.target;
    if let Some(o) = &mut test.observation {
        o.reached = o.executed.contains(&target);
    }
    // A run no JUnit test can express covers nothing a person keeps.
    writable::check(cp, unit, &test).ok()?;
    Some(test)
}

/// The last pc of `unit` among `executed` that calls `helper`'s method.
fn last_call_of(unit: &Unit, helper: &Unit, executed: &[Pc]) -> Option<Pc> {
    let (class, m) = (&helper.class.name, helper.method());
    unit.code()
        .instructions
        .iter()
        .filter(|i| executed.contains(&i.pc))
        .filter(|i| match &i.op {
            crate::classfile::Op::Invoke(_, r) => {
                r.class == *class && r.name == m.name && r.descriptor == m.descriptor
            }
            _ => false,
        })
        .map(|i| i.pc)
        .next_back()
}

/// The tests in the order one worker would have committed them — method by
/// method, each method's in its commit order — with the statuses'
/// numbers following.
pub(super) fn number_by_method(
    tests: Vec<GeneratedTest>,
    test_unit: &[usize],
    status: &mut [Status],
) -> Vec<GeneratedTest> {
    let mut order: Vec<usize> = (0..tests.len()).collect();
    order.sort_by_key(|&i| (test_unit[i], i));
    let mut renumber = vec![0; tests.len()];
    for (new, &old) in order.iter().enumerate() {
        renumber[old] = new;
    }
    for s in status.iter_mut() {
        if let Status::Reached { test, .. } = s {
            *test = renumber[*test];
        }
    }
    let mut slots: Vec<Option<GeneratedTest>> = tests.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&old| slots[old].take().expect("each test once"))
        .collect()
}

/// The pcs of a target's block.
pub(super) fn block_pcs(unit: &Unit, t: &Target) -> Vec<Pc> {
    unit.code()
        .instructions
        .iter()
        .map(|i| i.pc)
        .filter(|&pc| pc >= t.pc && pc < t.end)
        .collect()
}
