//! The first pass of `jaut cover` (issue 33, item 1): before any backward
//! search, every method is run in the JVM from a few simple inputs — the
//! seeds of [`crate::seed::seeded_states`]: default values, the
//! constants the method compares with, a receiver as its constructor would
//! make it — and each run that executes blocks or branch outcomes no
//! earlier run did becomes a test. Entry blocks and straight-line code
//! then cost milliseconds instead of a search each; the rounds attempt
//! only what the first pass left. A private method that the run's
//! accessible methods call is not run directly: its callers' runs cover
//! what they run of it, and the rounds search the rest through them
//! (`through.rs`), so its tests need no reflection.
//!
//! Soundness: a first-pass test holds only what the JVM observed; it
//! covers the pcs and outcomes the replay executed and JaCoCo would credit
//! ([`super::credit`]), exactly as a test the search found, and nothing is
//! concluded from the states that reached nothing new.
//!
//! Cost: at most [`crate::seed::FIRST_PASS_STATES`] runs per method, each
//! within [`RUN_TIMEOUT`], all within [`time_limit`]; the runs go to the
//! run's JVM workers (one per `--jobs`), which the rounds then reuse.
//! Which runs are kept does not depend on `--jobs`: each method's runs are
//! judged in their order, after all of them are in (unless the time limit
//! cuts the pass short).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Unit;
use crate::construct::{self, Objects};
use crate::labeling::InputState;
use crate::pipeline::Jvm;
use crate::program::Program;
use crate::replay::observation::{Ended, Observation};
use crate::replay::ReplayFailure;

/// The share of `--budget` the first pass may take, at most: half. Its
/// runs cover in milliseconds what takes the rounds a search per target
/// (on commons-codec.jar under `--budget 600`, the pass's 54 s covered
/// 1,862 of 3,275 blocks and the rounds' 546 s another 824), so on a
/// whole jar, where 5 s per class binds no more, a tenth of a short budget
/// stopped it a quarter of the way through.
pub const BUDGET_SHARE: f64 = 0.5;

/// The time the first pass may take per class, at most.
pub const CLASS_TIME: Duration = Duration::from_secs(5);

/// How long one first-pass run may take before its JVM is killed: a
/// simple input that makes the method loop is no test worth 5 s.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(1);

/// The shortest timeout a run is given near the deadline (the JVM's own
/// start is not counted in it), and every run of a method after one of
/// its runs did not end in time.
const MIN_RUN_TIMEOUT: Duration = Duration::from_millis(100);

/// Runs of one method that may not end (its timeout killed the JVM, or
/// the replay stopped it looping) before the pass gives up on the method:
/// a simple input that makes a method loop (a wrap width of 0) makes
/// others loop too, and each can cost its timeout and a new JVM
/// (commons-cli `HelpFormatter`'s pass took its whole 10 s for 209
/// runs).
const MAX_RAN_AWAY: usize = 2;

/// The time the first pass of a run over `classes` classes may take:
/// [`CLASS_TIME`] per class, and with a budget at most [`BUDGET_SHARE`]
/// of it.
pub fn time_limit(budget: Option<Duration>, classes: usize) -> Duration {
    let per_class = CLASS_TIME.saturating_mul(u32::try_from(classes.max(1)).unwrap_or(u32::MAX));
    match budget {
        Some(b) => per_class.min(b.mul_f64(BUDGET_SHARE)),
        None => per_class,
    }
}

/// Marks in `state` the `$assertionsDisabled` fields the run read in the
/// method itself (a `getstatic` it executed), with the setting the JVM ran
/// under, as the search's states do: the test then says it needs that
/// setting. The JVM, not the search, read them, so nothing rests on them.
pub fn mark_assertions(
    unit: &Unit,
    obs: &Observation,
    setting: crate::assertions::Assertions,
    state: &mut InputState,
) {
    use crate::classfile::Op;
    let executed: std::collections::BTreeSet<u32> = obs.executed.iter().copied().collect();
    for insn in &unit.code().instructions {
        let Op::GetStatic(f) = &insn.op else { continue };
        if f.name != "$assertionsDisabled" || !executed.contains(&insn.pc) {
            continue;
        }
        let class = f.class.replace('/', ".");
        if state
            .initial_statics
            .iter()
            .any(|s| s.class == class && s.field == f.name)
        {
            continue;
        }
        state.initial_statics.push(crate::labeling::InitialStatic {
            class,
            field: f.name.clone(),
            ty: "boolean".to_string(),
            holds: crate::statics::Initial::AssertionStatus(setting).to_string(),
            assertions: Some(setting),
        });
    }
}

/// Which of a method's seeded states a sweep of the first pass runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sweep {
    /// The states before this one were run by an earlier sweep.
    pub from: usize,
    /// The states from this one on are left.
    pub to: usize,
}

impl Sweep {
    /// Every method's first [`crate::seed::FIRST_PASS_STATES`] states.
    pub const FIRST: Sweep = Sweep {
        from: 0,
        to: crate::seed::FIRST_PASS_STATES,
    };

    /// The next states of the methods the first sweep left targets open
    /// in, while the pass has time: the seeds further down the ranks
    /// (longer texts of the characters the method compares with, other
    /// pairs of constants) cost a run each, milliseconds, where a target
    /// left to the rounds costs a search (on commons-io `FilenameUtils`
    /// the first sweep's 530 runs took 1.2 s of the pass's 5 s, and the
    /// targets of `doNormalize` and `wildcardMatch` it left ran the
    /// 120 s budget out in the rounds).
    pub const WIDER: Sweep = Sweep {
        from: crate::seed::FIRST_PASS_STATES,
        to: WIDER_STATES,
    };
}

/// The states per method the first pass runs at most, over its sweeps.
pub const WIDER_STATES: usize = 256;

/// One run of the first pass whose observation the JVM gave.
#[derive(Debug, Clone)]
pub struct Run {
    pub state: InputState,
    pub observation: Observation,
}

/// What the first pass did, for the report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Runs made (every state tried, whether the JVM ran it or not).
    pub runs: usize,
    /// Runs kept as tests.
    pub kept: usize,
}

/// Runs the `sweep` of the first-pass states of every unit `wanted` keeps,
/// spreading the units over `jvms`
/// (one thread each), until `deadline` or a stop request. Each unit's
/// runs that ended (returned or threw) with at least one pc executed, in
/// the order of its states, are handed to `done` on the calling thread as
/// soon as that unit and every unit before it are run, so a caller can
/// commit and write tests while later units still run (a whole jar's pass
/// takes a while); the order is the units' whatever `--jobs`. Units never
/// started (the deadline came first) are not handed. Returns the number of
/// runs made.
#[allow(clippy::too_many_arguments)]
pub fn run(
    cp: &Program,
    units: &[Unit],
    jvms: &mut [Jvm],
    deadline: Instant,
    objects: Objects,
    sweep: Sweep,
    wanted: &(dyn Fn(usize) -> bool + Sync),
    done: &mut dyn FnMut(usize, Vec<Run>),
) -> usize {
    let next = AtomicUsize::new(0);
    let made = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Vec<Run>)>();
    std::thread::scope(|scope| {
        for jvm in jvms.iter_mut().take(units.len()) {
            let (next, made, tx) = (&next, &made, tx.clone());
            scope.spawn(move || loop {
                let u = next.fetch_add(1, Ordering::Relaxed);
                let Some(unit) = units.get(u) else { break };
                // A private method its callers reach is left to them: its
                // tests call a public method (cover/through.rs).
                let runs = if !wanted(u) || super::through::left_to_callers(cp, units, unit) {
                    Vec::new()
                } else {
                    unit_runs(cp, unit, jvm, deadline, objects, sweep, made)
                };
                if tx.send((u, runs)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Units in order: those that finished early wait for the ones
        // before them.
        let mut waiting: BTreeMap<usize, Vec<Run>> = BTreeMap::new();
        let mut due = 0;
        for (u, runs) in rx {
            waiting.insert(u, runs);
            while let Some(runs) = waiting.remove(&due) {
                done(due, runs);
                due += 1;
            }
        }
        // Past a unit the deadline kept from starting, the rest in order.
        for (u, runs) in waiting {
            done(u, runs);
        }
    });
    made.into_inner()
}

/// The runs of one unit's first-pass states of `sweep`, until `deadline`; with
/// `objects` other than reflection, each run's objects made by
/// constructors where the JVM shows that covers as much.
fn unit_runs(
    cp: &Program,
    unit: &Unit,
    jvm: &mut Jvm,
    deadline: Instant,
    objects: Objects,
    sweep: Sweep,
    made: &AtomicUsize,
) -> Vec<Run> {
    let (class, method) = (&unit.class, unit.method());
    // Past the deadline not even the seeds are made: on a whole jar, the
    // units left would take the seeding's time each.
    if past(deadline) {
        return Vec::new();
    }
    let states = crate::seed::seeded_states(cp, class, method, sweep.to);
    let mut runs = Vec::new();
    let mut ran_away = 0;
    for mut state in states.into_iter().skip(sweep.from) {
        construct::unmark_fresh(&method.name, &mut state);
        if past(deadline) || ran_away >= MAX_RAN_AWAY {
            break;
        }
        made.fetch_add(1, Ordering::Relaxed);
        let left = deadline.saturating_duration_since(Instant::now());
        let limit = if ran_away > 0 {
            MIN_RUN_TIMEOUT
        } else {
            RUN_TIMEOUT
        };
        let timeout = limit.min(left).max(MIN_RUN_TIMEOUT);
        let found = match jvm.run_once(class, method, &state, timeout) {
            Ok(found) => found,
            Err(e) => {
                ran_away += usize::from(matches!(e, ReplayFailure::Timeout(_)));
                continue;
            }
        };
        if matches!(found.ended, Ended::RanAway { .. }) {
            ran_away += 1;
        }
        // Its objects made by constructors where the JVM shows that covers
        // as much, else as the seed gives them. The constructors tried are
        // runs too: none starts past the deadline (a whole jar's pass
        // overran a 60 s limit by a minute of them).
        let built = (objects != Objects::Reflection && is_test(&found))
            .then(|| {
                construct::build(
                    cp,
                    &construct::package_of(&class.name),
                    &state,
                    construct::fresh_receiver(&method.name, &state),
                    |s| {
                        if past(deadline) {
                            return Err(crate::replay::ReplayFailure::Stopped);
                        }
                        jvm.run_once(class, method, s, timeout)
                    },
                    |o| is_test(o) && construct::covers_as_much(o, &found),
                )
                .map_err(|unmade| unmade.explain(&mut state))
                .ok()
            })
            .flatten();
        let (state, observation) = built.unwrap_or((state, found));
        let kept =
            objects != Objects::Constructors || construct::made_by_reflection(&state).is_empty();
        if kept && is_test(&observation) {
            runs.push(Run { state, observation });
        }
    }
    runs
}

/// Whether the pass must end: its deadline came, or a stop was requested.
fn past(deadline: Instant) -> bool {
    Instant::now() >= deadline || crate::stop::requested()
}

/// Whether a run makes a test: it ended (a run that did not is no test)
/// and executed something (else the harness could not start it).
fn is_test(observation: &Observation) -> bool {
    !matches!(observation.ended, Ended::RanAway { .. }) && !observation.executed.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_is_a_share_of_the_budget_and_capped_per_class() {
        assert_eq!(time_limit(None, 3), Duration::from_secs(15));
        assert_eq!(
            time_limit(Some(Duration::from_secs(6)), 1),
            Duration::from_secs(3)
        );
        assert_eq!(
            time_limit(Some(Duration::from_secs(120)), 146),
            Duration::from_secs(60)
        );
        assert_eq!(
            time_limit(Some(Duration::from_secs(600)), 2),
            Duration::from_secs(10)
        );
    }
}
