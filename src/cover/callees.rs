//! Coverage a test earns in the other methods of its class: the replay
//! traces every method of the class under test (`Instrumenter.java`), so a
//! test of a public method also covers the blocks and branch outcomes it
//! ran in the private helpers it calls. Those targets are then covered by a
//! test a person keeps (it calls the public method, and JaCoCo credits it
//! the same) and are never attempted on their own (issue 33, item 3).
//!
//! JaCoCo credits an instruction only when a probe after it runs (see
//! [`super::credit`]); a helper that an exception left loses the
//! instructions since its last probe, and which invocation that was is not
//! in the trace. So a test earns coverage elsewhere only when its call
//! returned normally and no exception arose anywhere in the class on the
//! way (no handler of the method nor of another method was entered): then
//! every invocation of a helper ended by a return, after its last probe.

use super::covered::Covered;
use super::Unit;
use crate::replay::observation::Observation;

/// The coverage `obs` (a replay of a test of `units[unit]`) earns in the
/// other units of the run, by unit index; empty when the run ended in an
/// exception or one arose on the way.
pub(super) fn credited_elsewhere(
    units: &[Unit],
    unit: usize,
    obs: &Observation,
) -> Vec<(usize, Covered)> {
    if !crate::pipeline::clean_run(obs) || obs.others.is_empty() {
        return Vec::new();
    }
    let class = &units[unit].class;
    let mut out = Vec::new();
    for run in &obs.others {
        let Some(u) = units.iter().position(|u| {
            u.class.name == class.name
                && u.method().name == run.method
                && u.method().descriptor == run.descriptor
        }) else {
            continue;
        };
        // The harness and jaut's decoder disagree on the instructions: no
        // credit.
        let Some(ran) = crate::pipeline::ran_in(units[u].method(), obs) else {
            continue;
        };
        let mut covered = Covered::default();
        covered.pcs.extend(ran.pcs);
        covered.edges.extend(ran.edges);
        if !covered.pcs.is_empty() {
            out.push((u, covered));
        }
    }
    out
}
