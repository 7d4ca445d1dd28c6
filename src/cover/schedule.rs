//! The anytime schedule of `jaut cover`: which target is attempted when,
//! and for how long.
//!
//! A run attempts its targets in rounds of growing time slices
//! ([`slices`]: 0.25 s, 1 s, 4 s, … up to the per-target `--timeout`).
//! Every target still open is attempted once per round, the methods with
//! the cheapest next target first ([`cost`]: its distance from the entry,
//! and the calls and loops on the way; within a method the deepest first,
//! [`round_order`]); each test found marks what it covered before the
//! next attempt. So
//! under any `--budget`, what can be covered cheaply is covered before any
//! target gets a long slice, and coverage keeps growing while the budget
//! lasts. A target leaves the rounds when it is reached (by its own test or
//! another's), proved unreachable, or ends unknown for a reason more time
//! would not change ([`retry`]).

use std::time::Duration;

use super::Target;
use crate::cfg::{BlockId, Cfg};
use crate::classfile::{Code, Op};
use crate::reason::{Kind, Reason};

/// The first round's slice by default (`--first-slice`): an entry block
/// or a straight-line target is settled in milliseconds, most one-branch
/// targets well within it.
pub const FIRST_SLICE: Duration = Duration::from_millis(250);

/// Each round's slice is this many times the last one's.
pub const GROWTH: u32 = 4;

/// The forward strategies (the concolic search and constant seeds) have a
/// budget of their own of this much each ([`crate::seed::SEEDING_TIME`]);
/// an attempt whose slice is shorter cut them short.
pub const FORWARD_TIME: Duration = crate::seed::SEEDING_TIME;

/// The time slices of the rounds for a per-target `timeout`, from `first`
/// (0.25 s by default): 0.25 s, 1 s, 4 s, … growing by [`GROWTH`], the
/// last being `timeout` itself. A slice that would leave less than half
/// the next step to the timeout is replaced by the timeout (20 s gives
/// 0.25, 1, 4, 20; not 16 then 20).
pub fn slices(first: Duration, timeout: Duration) -> Vec<Duration> {
    let mut out = Vec::new();
    let mut slice = first.max(Duration::from_millis(1));
    while slice * 2 < timeout {
        out.push(slice);
        slice *= GROWTH;
    }
    out.push(timeout);
    out
}

/// Whether a target that ended unknown after an attempt with `slice` (of
/// a schedule whose last slice is `last`) is attempted again in the next
/// round: when the time ran out (the search's timeout, a solver check that
/// gave up, the quick search's check budget with no time left for the
/// full one), or when the slice was too short for the forward strategies.
/// A target the search settled for another reason (an unsupported
/// instruction, a bound the search does not grow with time) ends here.
pub fn retry(reasons: &[Reason], slice: Duration, last: Duration) -> bool {
    if slice >= last {
        return false;
    }
    slice < FORWARD_TIME
        || reasons.iter().any(|r| {
            matches!(
                r.kind(),
                Kind::Timeout | Kind::SolverUnknown | Kind::CheckBudget | Kind::ReplayFailed
            )
        })
}

/// A round's order: per method (index = unit), the targets `open` keeps,
/// blocks before branch outcomes (most outcomes are taken on the way to
/// some block), the deepest first (a test reaching a deep block passes
/// through the shallower ones on its way, and a deep target too costly for
/// the round's slice gives way to the next one within the slice), then
/// by pc. Across methods, a free worker takes the next target of the
/// method whose next target is the cheapest ([`cost`]): getters, entry
/// blocks and small methods are settled before long ones. Dead targets are
/// never open: they are proved unreachable without a search.
pub fn round_order(
    targets: &[Target],
    units: usize,
    open: impl Fn(usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..targets.len())
        .filter(|&i| targets[i].depth.is_some() && open(i))
        .collect();
    order.sort_by_key(|&i| {
        let t = &targets[i];
        (
            t.unit,
            t.is_branch(),
            std::cmp::Reverse(t.depth),
            t.pc,
            t.from,
        )
    });
    let mut per_unit = vec![Vec::new(); units];
    for i in order {
        per_unit[targets[i].unit].push(i);
    }
    per_unit
}

/// Which methods' targets a pass of the run attempts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Methods {
    /// Those a test can call directly (not private).
    Callers,
    /// The private ones, which a test must call through reflection.
    Helpers,
    Every,
}

impl Methods {
    /// Whether a method (private or not) is in the pass.
    pub fn holds(self, private: bool) -> bool {
        match self {
            Methods::Callers => !private,
            Methods::Helpers => private,
            Methods::Every => true,
        }
    }
}

/// The run's passes: the first slice goes to the methods a test can call
/// first, then to the private ones, then every later slice to all. Between
/// two passes, what the tests of the first covered in the private helpers
/// they call is credited ([`super::callees`]), so a helper's targets that
/// its callers' tests ran are not attempted on their own, and the credit
/// does not depend on which worker finished first.
pub fn passes(slices: &[Duration]) -> Vec<(Duration, Methods)> {
    let mut out = Vec::new();
    for (i, &s) in slices.iter().enumerate() {
        if i == 0 {
            out.push((s, Methods::Callers));
            out.push((s, Methods::Helpers));
        } else {
            out.push((s, Methods::Every));
        }
    }
    out
}

/// Weight of a call on the way to a target: the search explores callees.
const CALL_COST: u32 = 2;

/// Weight of a loop header on the way to a target: the search deepens
/// on loops.
const LOOP_COST: u32 = 4;

/// The estimated cost of reaching `block`: its `depth` (longest
/// back-edge-free path from the entry, in blocks), plus [`CALL_COST`] for
/// each call and [`LOOP_COST`] for each loop header in the blocks that
/// dominate it (every path to the target goes through those). An entry
/// block without calls costs 0.
pub fn cost(cfg: &Cfg, code: &Code, block: BlockId, depth: u32) -> u32 {
    let mut cost = depth;
    for &b in cfg.blocks() {
        if !cfg.dominates(b, block) {
            continue;
        }
        if cfg.is_loop_header(b) {
            cost += LOOP_COST;
        }
        let Some(insns) = cfg.block(b) else { continue };
        // The target block's own calls come after its first pc.
        if b == block {
            continue;
        }
        let calls = code.instructions[insns.indices()]
            .iter()
            .filter(|i| matches!(i.op, Op::Invoke(..) | Op::InvokeDynamic { .. }))
            .count() as u32;
        cost += CALL_COST * calls;
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::Bound;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn the_first_slice_goes_to_callers_then_to_helpers() {
        let p = passes(&[secs(0.25), secs(1.0)]);
        assert_eq!(
            p,
            [
                (secs(0.25), Methods::Callers),
                (secs(0.25), Methods::Helpers),
                (secs(1.0), Methods::Every)
            ]
        );
        assert!(Methods::Callers.holds(false) && !Methods::Callers.holds(true));
        assert!(Methods::Helpers.holds(true) && Methods::Every.holds(true));
    }

    #[test]
    fn slices_grow_to_the_timeout() {
        assert_eq!(
            slices(FIRST_SLICE, secs(20.0)),
            [secs(0.25), secs(1.0), secs(4.0), secs(20.0)]
        );
        assert_eq!(
            slices(FIRST_SLICE, secs(60.0)),
            [secs(0.25), secs(1.0), secs(4.0), secs(16.0), secs(60.0)]
        );
        assert_eq!(
            slices(FIRST_SLICE, secs(5.0)),
            [secs(0.25), secs(1.0), secs(5.0)]
        );
        // A timeout shorter than the first slice is the only slice.
        assert_eq!(slices(FIRST_SLICE, secs(0.1)), [secs(0.1)]);
        assert_eq!(slices(FIRST_SLICE, secs(0.5)), [secs(0.5)]);
        // A first slice as long as the timeout: one round.
        assert_eq!(slices(secs(20.0), secs(20.0)), [secs(20.0)]);
        assert_eq!(slices(secs(5.0), secs(20.0)), [secs(5.0), secs(20.0)]);
    }

    #[test]
    fn retry_when_time_ran_out_and_not_in_the_last_round() {
        let timeout = [Reason::Bound(Bound::Timeout { limit: secs(4.0) })];
        let unsupported = [Reason::Unsupported("monitorenter".into())];
        assert!(retry(&timeout, secs(4.0), secs(20.0)));
        assert!(!retry(&timeout, secs(20.0), secs(20.0)));
        // The forward strategies were cut short by a short slice.
        assert!(retry(&unsupported, secs(1.0), secs(20.0)));
        // A long enough slice settles what time does not change.
        assert!(!retry(&unsupported, secs(4.0), secs(20.0)));
    }
}
