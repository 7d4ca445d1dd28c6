//! One target, end to end: the backward search (section V of the JAUT
//! paper), the forward fallbacks where it stops at a bound (the concolic
//! search, [`crate::concolic`], then constant seeds, [`crate::seed`]), the
//! replay of the state in the JVM, and, when asked, the JUnit test. Every
//! command runs its targets through [`run`]: the default flow (`--pc`,
//! `--line`), `--throws` and `jaut cover`; what differs between them is a
//! parameter (the [`Goal`], a first search on a check budget, whether the
//! test is written), never a copy of the flow.
//!
//! The outcome is typed: a target is reached (with the state, the path,
//! what the replay saw, which forward strategy found it if one did, the test
//! written), unreachable (a proof, with where paths died) or unknown (the
//! [`Reason`]s).

mod clock;
mod credit;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::assertions::Assertions;
use crate::classfile::{Class, Method};
use crate::classpath::ClassPath;
use crate::construct::{self, Objects};
use crate::junit::{self, Flavor, JunitError};
use crate::labeling::InputState;
use crate::reason::Reason;
use crate::replay::{Ended, Observation, ReplayFailure, ReplayRequest, Replayer, Starting};
use crate::search::{self, Goal, PathStep, SearchError, Stats};

use clock::Clock;
pub use clock::REPLAY_GRACE;

/// How one target is run.
#[derive(Debug, Clone)]
pub struct Options {
    /// The search's bounds.
    pub search: search::Config,
    /// Where the method can be run forward (a static method of primitive
    /// parameters), a first search within these bounds comes before the
    /// forward strategies, and the full search after them only when one of
    /// those bounds stopped it (the forward strategies run before the
    /// backward search spends all its time, or deepens on loops that trap
    /// it). Default: none (one full search, then the forward strategies);
    /// `jaut cover` and the CLI's single target use [`Quick::DEFAULT`].
    pub quick: Option<Quick>,
    /// Try the forward strategies (the concolic search, then constant
    /// seeds) when the backward search ends unknown. Default: yes.
    pub seeding: bool,
    /// Write the JUnit test of a confirmed state. Default: none.
    pub test: Option<TestOptions>,
    /// When a confirmed state's run ends in an exception JaCoCo would not
    /// credit the target for, look once for one that runs the target's
    /// block to its end ([`credit`]). Default: no.
    pub prefer_credited: bool,
    /// Wall time each forward strategy may spend, at most (they have
    /// budgets of their own: [`crate::concolic::Budget`],
    /// [`crate::seed::SEEDING_TIME`]); `jaut cover`'s short time slices
    /// cap them. Default: none.
    pub forward_time: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            search: search::Config::default(),
            quick: None,
            seeding: true,
            test: None,
            prefer_credited: false,
            forward_time: None,
        }
    }
}

/// The bounds of the first, quick search of a target whose inputs can be
/// seeded: both deterministic, so the verdicts do not depend on the
/// machine's speed.
#[derive(Debug, Clone, Copy)]
pub struct Quick {
    /// Solver checks, at most.
    pub checks: u64,
    /// The loop bound the search deepens to, at most: a target that needs
    /// more is behind loops whose counts the inputs fix far from it (the
    /// Josephus ring), where seeds are far cheaper than deepening.
    pub loop_bound: u32,
}

/// A state found by running the method forward, after the backward
/// search stopped at a bound.
#[derive(Debug, Clone)]
pub struct Forward {
    pub strategy: Strategy,
    /// Why the backward search stopped.
    pub reasons: Vec<Reason>,
}

/// Which forward strategy found a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// The concolic search ([`crate::concolic`]), after this many runs of
    /// its interpreter.
    Concolic { runs: usize },
    /// A constant-seeded input ([`crate::seed`]).
    Seeded,
}

impl Quick {
    /// The quick search of `jaut cover` and of one target: 600 checks,
    /// loops unrolled once. A target behind more iterations goes to the
    /// concolic search, which runs them forward (docs/search.md).
    pub const DEFAULT: Quick = Quick {
        checks: 600,
        loop_bound: 1,
    };
}

/// Where and how the JUnit test is written.
#[derive(Debug, Clone)]
pub struct TestOptions {
    pub out: PathBuf,
    pub flavor: Flavor,
    /// Replace an existing test file.
    pub force: bool,
    /// Compile the test with javac against this class path (the code under
    /// test) before writing it ([`junit::check::compile_only`]); `None`
    /// writes it unchecked.
    pub check: Option<Vec<PathBuf>>,
}

/// Whether a bound of the quick search (`quick`, tighter than `full`)
/// is among the reasons it stopped.
fn quick_bound_hit(quick: &search::Config, full: &search::Config, reasons: &[Reason]) -> bool {
    reasons.iter().any(|r| {
        (r.is_check_budget() && quick.max_checks != full.max_checks)
            || (r.is_loop_bound() && quick.max_loop_iterations < full.max_loop_iterations)
    })
}

/// The forward strategies' time, at most: [`crate::seed::SEEDING_TIME`],
/// or `jaut cover`'s slice when shorter.
fn forward_cap(options: &Options) -> Duration {
    options.forward_time.map_or(crate::seed::SEEDING_TIME, |l| {
        l.min(crate::seed::SEEDING_TIME)
    })
}

/// What the JVM said of a state the search found.
#[derive(Debug, Clone)]
pub enum Replayed {
    /// No replay was asked for (`--no-replay`).
    Skipped,
    /// The JVM met the goal with this state.
    Confirmed(Observation),
    /// The replay could not tell (no JVM, `System.exit`, a timeout, a crash).
    Failed(ReplayFailure),
}

/// A target some input reaches.
#[derive(Debug, Clone)]
pub struct Reached {
    pub state: InputState,
    /// The blocks of the path the search found (empty for a state found
    /// by running the method forward).
    pub path: Vec<PathStep>,
    pub replay: Replayed,
    /// `Some` when the backward search stopped and a forward strategy found
    /// the state (the JVM showed it meeting the goal).
    pub forward: Option<Forward>,
    /// The JUnit test file written, if one was asked for.
    pub test: Option<PathBuf>,
}

/// A state the search found that the JVM ran without meeting the goal (a
/// replay mismatch: the search's model and the JVM disagree). The search
/// then looks again without it, up to [`MISMATCH_RETRIES`] times; when no
/// other state is found or every one is refuted, the target is `unknown`
/// with the mismatch as its reason.
#[derive(Debug, Clone)]
pub struct Refuted {
    pub state: InputState,
    pub observed: Observation,
}

/// Searches made again after a replay mismatch, each excluding every state
/// refuted so far.
pub const MISMATCH_RETRIES: usize = 3;

/// A retry is not started with less time left than this: the search would
/// time out before its first solver check.
const MIN_RETRY_TIME: Duration = Duration::from_millis(50);

/// What running a target concluded.
#[derive(Debug, Clone)]
pub enum Verdict {
    Reached(Box<Reached>),
    /// Every path was refuted with no bound hit and no assumption: a proof.
    /// `conflicts` names where paths died.
    Unreachable {
        conflicts: Vec<String>,
    },
    /// Neither reached nor proved.
    Unknown {
        reasons: Vec<Reason>,
    },
}

impl Verdict {
    /// `reached`, `unreachable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Reached(_) => "reached",
            Verdict::Unreachable { .. } => "unreachable",
            Verdict::Unknown { .. } => "unknown",
        }
    }
}

/// The result of [`run`].
#[derive(Debug, Clone)]
pub struct Outcome {
    pub verdict: Verdict,
    /// The (last) search's figures.
    pub stats: Stats,
    /// Time spent in the JVM: seeded inputs and the replay.
    pub replay_time: Duration,
    /// States the JVM refuted on the way, in the order found.
    pub refuted: Vec<Refuted>,
}

/// A target could not be run at all.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error(transparent)]
    Junit(#[from] JunitError),
}

/// The JVM a run replays its states in: off, or one worker started on
/// first use (or in the background from the start, so it is ready when the
/// search ends) and reused for every replay of the thread that owns it.
pub struct Jvm {
    slot: Slot,
}

enum Slot {
    Off,
    Idle(Vec<PathBuf>, Assertions),
    Starting(Starting),
    Ready(Replayer),
    Failed(String),
}

impl Jvm {
    /// No replay: states are the search's claim.
    pub fn off() -> Jvm {
        Jvm { slot: Slot::Off }
    }

    /// A JVM over `class_path` (the program's directories and jars), with
    /// the program's assertions enabled or not (as the search that finds
    /// its states has them, [`search::Config::assertions`]), started at the
    /// first replay.
    pub fn lazy(class_path: Vec<PathBuf>, assertions: Assertions) -> Jvm {
        Jvm {
            slot: Slot::Idle(class_path, assertions),
        }
    }

    /// A JVM over `class_path`, starting now on another thread.
    pub fn starting(class_path: Vec<PathBuf>, assertions: Assertions) -> Jvm {
        Jvm {
            slot: Slot::Starting(Starting::begin(class_path, assertions)),
        }
    }

    pub fn is_on(&self) -> bool {
        !matches!(self.slot, Slot::Off)
    }

    /// Starts the JVM now if it is not running yet (a replay starts it
    /// otherwise); a JVM that fails to start fails each replay with why.
    pub fn start(&mut self) {
        let slot = std::mem::replace(&mut self.slot, Slot::Off);
        self.slot = match slot {
            Slot::Idle(cp, assertions) => match Replayer::start(&cp, assertions) {
                Ok(r) => Slot::Ready(r),
                Err(e) => Slot::Failed(e.to_string()),
            },
            Slot::Starting(s) => match s.finish() {
                Ok(r) => Slot::Ready(r),
                Err(e) => Slot::Failed(e.to_string()),
            },
            other => other,
        };
    }

    /// Runs `method` on `state` once, aiming at no pc, for at most
    /// `timeout` (the worker is killed past it): what `jaut cover`'s first
    /// pass observes.
    pub fn run_once(
        &mut self,
        class: &Class,
        method: &Method,
        state: &InputState,
        timeout: Duration,
    ) -> Result<Observation, ReplayFailure> {
        let mut request = ReplayRequest::new(class, method, None, state);
        request.timeout = timeout;
        self.replayer()?.replay(&request)
    }

    /// Replays `state` for `goal` of `method`, for at most `timeout`.
    pub fn replay(
        &mut self,
        class: &Class,
        method: &Method,
        goal: &Goal,
        state: &InputState,
        timeout: Duration,
    ) -> Result<Observation, ReplayFailure> {
        let mut request = ReplayRequest::new(class, method, goal.pc(), state);
        request.timeout = timeout;
        self.replayer()?.replay(&request)
    }

    /// The started replayer, or why there is none.
    fn replayer(&mut self) -> Result<&mut Replayer, ReplayFailure> {
        self.start();
        match &mut self.slot {
            Slot::Ready(r) => Ok(r),
            Slot::Failed(why) => Err(ReplayFailure::NoJvm(why.clone())),
            Slot::Off => Err(ReplayFailure::NoJvm("replay is off".into())),
            Slot::Idle(..) | Slot::Starting(_) => unreachable!("started above"),
        }
    }
}

/// Whether what the JVM observed meets `goal`: the target pc executed, or
/// an exception of the goal's class (or a subclass) left the method.
pub fn meets(cp: &ClassPath, goal: &Goal, observation: &Observation) -> bool {
    match goal {
        Goal::Pc(pc) => observation.reached && observation.executed.contains(pc),
        Goal::Edge { from, to } => observation.edges.contains(&(*from, *to)),
        Goal::Throws(exception) => match &observation.ended {
            Ended::Threw { class, .. } => cp
                .is_assignable(&class.replace('.', "/"), exception)
                .unwrap_or(false),
            Ended::Returned { .. } | Ended::RanAway { .. } => false,
        },
    }
}

/// The forward strategies, in turn, where the backward search stopped at
/// a bound: the concolic search, then constant seeds. Each input they
/// propose is replayed; the first the JVM shows meeting the goal is kept.
/// Their time (mostly the JVM's) is added to `replay_time`.
#[allow(clippy::too_many_arguments)]
fn forward(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    clock: &Clock,
    jvm: &mut Jvm,
    replay_time: &mut Duration,
) -> Option<(InputState, Observation, Strategy)> {
    let start = Instant::now();
    let found = forward_strategies(cp, class, method, goal, options, clock, jvm);
    *replay_time += start.elapsed();
    found
}

/// The strategies of [`forward`], in turn.
fn forward_strategies(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    clock: &Clock,
    jvm: &mut Jvm,
) -> Option<(InputState, Observation, Strategy)> {
    let mut confirmed = |state: &InputState| {
        jvm.replay(class, method, goal, state, clock.replay_timeout())
            .ok()
            .filter(|o| meets(cp, goal, o))
    };
    // Both strategies share what the target has left, at most their cap
    // (the backward search kept a share of the time for them).
    let start = Instant::now();
    let time = clock.forward_time(forward_cap(options));
    let mut budget = crate::concolic::Budget::default();
    budget.time = budget.time.min(time);
    let assertions = options.search.assertions;
    let concolic =
        crate::concolic::search(cp, class, method, goal, assertions, budget, &mut confirmed);
    if let crate::concolic::Outcome::Found { state, seen, runs } = concolic {
        return Some((state, seen, Strategy::Concolic { runs }));
    }
    let time = time.saturating_sub(start.elapsed());
    let (state, seen) = crate::seed::first_reaching(cp, class, method, time, &mut confirmed)?;
    Some((state, seen, Strategy::Seeded))
}

/// What a forward strategy found, as the target's result; `reasons` are
/// why the backward search ended unknown.
fn forward_found(
    (state, observation, strategy): (InputState, Observation, Strategy),
    reasons: &[Reason],
) -> Reached {
    Reached {
        state,
        path: Vec::new(),
        replay: Replayed::Confirmed(observation),
        forward: Some(Forward {
            strategy,
            reasons: reasons.to_vec(),
        }),
        test: None,
    }
}

/// Runs one target: search, forward fallbacks, replay, test.
pub fn run(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    jvm: &mut Jvm,
) -> Result<Outcome, PipelineError> {
    if method.name == "<init>" && crate::enums::is_enum_or_constant_body(cp, class) {
        // JLS §8.9.2: only the enum's class initializer creates its
        // objects; no test can call the constructor.
        return Ok(Outcome {
            verdict: Verdict::Unknown {
                reasons: vec![Reason::Unsupported(
                    "the constructor of an enum runs only in its class initializer (JLS 8.9.2), \
                     which no test can call"
                        .into(),
                )],
            },
            stats: Stats::default(),
            replay_time: Duration::ZERO,
            refuted: Vec::new(),
        });
    }
    // The forward strategies run static methods of primitive parameters
    // right after a quick backward search; other methods (strings, arrays,
    // `Object`, enums, receivers and program objects) are seeded only once
    // the whole search has ended unknown.
    let forward_applies =
        options.seeding && jvm.is_on() && crate::seed::primitive_params(class, method);
    let seeds_apply = options.seeding
        && jvm.is_on()
        && !forward_applies
        && !crate::seed::seeded_states(cp, class, method, 1).is_empty();
    let clock = Clock::start(options.search.timeout);
    let mut config = options.search.clone();
    config.timeout = clock.search_time(forward_applies || seeds_apply, forward_cap(options));
    if let (true, Some(quick)) = (forward_applies, options.quick) {
        config.max_checks = Some(quick.checks);
        config.max_loop_iterations = config.max_loop_iterations.min(quick.loop_bound);
    }
    let mut searched = search::search_goal(cp, class, method, goal, &config)?;
    let mut replay_time = Duration::ZERO;

    let run_forward = |jvm: &mut Jvm, replay_time: &mut Duration| {
        forward(cp, class, method, goal, options, &clock, jvm, replay_time)
    };
    let forward_now = forward_applies && !crate::stop::requested();
    let mut forward_reached = None;
    if let (true, search::Verdict::Unknown { reasons }) = (forward_now, &searched.verdict) {
        match run_forward(jvm, &mut replay_time) {
            Some(found) => forward_reached = Some(forward_found(found, reasons)),
            None if quick_bound_hit(&config, &options.search, reasons)
                && clock.left() >= MIN_RETRY_TIME =>
            {
                let mut full = options.search.clone();
                full.timeout = clock.left();
                searched = search::search_goal(cp, class, method, goal, &full)?;
            }
            None => {}
        }
    }

    // Any other method: constant seeds, once the search has ended
    // unknown (the JVM confirms any state they give).
    let seeds_now = seeds_apply && !crate::stop::requested();
    if let (true, None, search::Verdict::Unknown { reasons }) =
        (seeds_now, &forward_reached, &searched.verdict)
    {
        forward_reached =
            run_forward(jvm, &mut replay_time).map(|found| forward_found(found, reasons));
    }

    // States the JVM refuted (replay mismatches), in the order found.
    let mut refuted: Vec<Refuted> = Vec::new();
    let reached = match (forward_reached, searched.verdict) {
        (Some(reached), _) => reached,
        (None, search::Verdict::Unreachable { conflicts }) => {
            return Ok(Outcome {
                verdict: Verdict::Unreachable { conflicts },
                stats: searched.stats,
                replay_time,
                refuted,
            })
        }
        (None, search::Verdict::Unknown { reasons }) => {
            return Ok(Outcome {
                verdict: Verdict::Unknown { reasons },
                stats: searched.stats,
                replay_time,
                refuted,
            })
        }
        (
            None,
            search::Verdict::Reached {
                mut state,
                mut path,
            },
        ) => {
            loop {
                let start = Instant::now();
                let replay = replay_found(cp, class, method, goal, &state, &clock, jvm);
                replay_time += start.elapsed();
                let observed = match replay {
                    Said::Settled(replay) => {
                        break Reached {
                            state,
                            path,
                            replay,
                            forward: None,
                            test: None,
                        }
                    }
                    Said::Refuted(observed) => observed,
                };
                // The JVM refuted the state: look for another one, without
                // any refuted so far.
                refuted.push(Refuted { state, observed });
                let mut next = None;
                // Every search of the target shares one `--timeout`: a retry
                // gets the time the earlier ones left, not the whole of it.
                let left = clock.left();
                if refuted.len() <= MISMATCH_RETRIES
                    && left >= MIN_RETRY_TIME
                    && !crate::stop::requested()
                {
                    let mut config = options.search.clone();
                    config.timeout = left;
                    config.excluded = refuted.iter().map(|r| r.state.clone()).collect();
                    let again = search::search_goal(cp, class, method, goal, &config)?;
                    searched.stats.add(&again.stats);
                    if let search::Verdict::Reached { state, path } = again.verdict {
                        next = Some((state, path));
                    }
                }
                match next {
                    Some((s, p)) => (state, path) = (s, p),
                    None => {
                        let last = refuted.last().expect("just pushed");
                        let reasons = vec![match last.observed.ended {
                            Ended::RanAway { .. } => Reason::ReplayFailed(format!(
                                "the state found {} the method then {}: a test of it would not end",
                                if meets(cp, goal, &last.observed) {
                                    "meets the goal, but"
                                } else {
                                    "does not meet the goal, and"
                                },
                                last.observed.ended.summary()
                            )),
                            _ => Reason::ReplayMismatch {
                                pc: goal_pc(goal),
                                ended: last.observed.ended.summary(),
                            },
                        }];
                        // The JVM refuted what the search found (a state
                        // outside the model's input domain, say): seeds
                        // may still reach the goal, if not tried yet.
                        if seeds_now {
                            if let Some(found) = run_forward(jvm, &mut replay_time) {
                                break forward_found(found, &reasons);
                            }
                        }
                        return Ok(Outcome {
                            verdict: Verdict::Unknown { reasons },
                            stats: searched.stats,
                            replay_time,
                            refuted,
                        });
                    }
                }
            }
        }
    };
    let reached = if options.prefer_credited {
        credit::prefer_credited(
            cp,
            class,
            method,
            goal,
            options,
            &clock,
            reached,
            &mut searched.stats,
            &mut replay_time,
            jvm,
        )?
    } else {
        reached
    };
    let reached = match construct_objects(cp, class, method, goal, options, reached, jvm) {
        Ok(reached) => reached,
        Err(reason) => {
            return Ok(Outcome {
                verdict: Verdict::Unknown {
                    reasons: vec![reason],
                },
                stats: searched.stats,
                replay_time,
                refuted,
            })
        }
    };
    if let Some(reasons) = unconfirmed(&reached) {
        return Ok(Outcome {
            verdict: Verdict::Unknown { reasons },
            stats: searched.stats,
            replay_time,
            refuted,
        });
    }
    finish(
        cp,
        class,
        method,
        goal,
        options,
        reached,
        searched.stats,
        replay_time,
        refuted,
    )
}

/// Makes the program-class objects of a confirmed state by their
/// constructors where the JVM shows that works ([`crate::construct`]);
/// under `--objects constructors`, a state left with an object made by
/// reflection is no claim: the reason it is not.
fn construct_objects(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    mut reached: Reached,
    jvm: &mut Jvm,
) -> Result<Reached, Reason> {
    construct::unmark_fresh(&method.name, &mut reached.state);
    let mut tried = Vec::new();
    let policy = options.search.objects;
    if policy == Objects::Reflection {
        return Ok(reached);
    }
    if let Replayed::Confirmed(found) = &reached.replay {
        let fresh = construct::fresh_receiver(&method.name, &reached.state);
        let package = construct::package_of(&class.name);
        let built = construct::build(
            cp,
            &package,
            &reached.state,
            fresh,
            |state| jvm.replay(class, method, goal, state, REPLAY_GRACE),
            |o| {
                meets(cp, goal, o)
                    && !matches!(o.ended, Ended::RanAway { .. })
                    && construct::covers_as_much(o, found)
            },
        );
        match built {
            Ok((state, observation)) => {
                reached.state = state;
                reached.replay = Replayed::Confirmed(observation);
            }
            Err(failed) => tried = failed,
        }
    }
    let left = construct::made_by_reflection(&reached.state);
    if policy == Objects::Constructors && !left.is_empty() {
        let mut objects = left.join(", ");
        if !tried.is_empty() {
            objects = format!("{objects}; tried: {}", tried.join("; "));
        }
        return Err(Reason::NotConstructible(objects));
    }
    Ok(reached)
}

/// A state that rests on assumptions the JVM did not confirm (no replay,
/// or one that could not tell) is no claim that the target is reached:
/// the reasons it is unknown, one per assumption (and the replay's
/// failure). `None` for a confirmed state, or one that assumed nothing.
fn unconfirmed(reached: &Reached) -> Option<Vec<Reason>> {
    if reached.state.assumptions.is_empty() || matches!(reached.replay, Replayed::Confirmed(_)) {
        return None;
    }
    let mut reasons: Vec<Reason> = reached
        .state
        .assumptions
        .iter()
        .map(|a| Reason::Unconfirmed(a.clone()))
        .collect();
    if let Replayed::Failed(why) = &reached.replay {
        reasons.push(Reason::ReplayFailed(why.to_string()));
    }
    Some(reasons)
}

/// What the JVM said of a state the search found.
enum Said {
    /// Confirmed, skipped or failed.
    Settled(Replayed),
    /// It ran the state and did not meet the goal: what it observed.
    Refuted(Observation),
}

/// What the JVM says of a state the search found (skipped when the JVM is
/// off).
fn replay_found(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    state: &InputState,
    clock: &Clock,
    jvm: &mut Jvm,
) -> Said {
    if !jvm.is_on() {
        return Said::Settled(Replayed::Skipped);
    }
    Said::Settled(
        match jvm.replay(class, method, goal, state, clock.replay_timeout()) {
            // A run that does not end is no test, even past the target: look
            // for another state.
            Ok(o) if matches!(o.ended, Ended::RanAway { .. }) => return Said::Refuted(o),
            Ok(o) if meets(cp, goal, &o) => Replayed::Confirmed(o),
            // Not one instruction of the method ran: the harness failed to call
            // it with the state, which says nothing of the search's model.
            Ok(o) if o.executed.is_empty() => Replayed::Failed(ReplayFailure::Refused(format!(
                "the harness could not start the call: {}",
                o.outcome()
            ))),
            Ok(o) => return Said::Refuted(o),
            Err(why) => Replayed::Failed(why),
        },
    )
}

/// The pc a replay-mismatch reason names: the target's, or 0 for an
/// exception goal.
fn goal_pc(goal: &Goal) -> u32 {
    goal.pc().unwrap_or(0)
}

/// Writes the JUnit test of a confirmed state when asked, and wraps up.
#[allow(clippy::too_many_arguments)]
fn finish(
    cp: &ClassPath,
    class: &Class,
    method: &Method,
    goal: &Goal,
    options: &Options,
    mut reached: Reached,
    stats: Stats,
    replay_time: Duration,
    refuted: Vec<Refuted>,
) -> Result<Outcome, PipelineError> {
    if let (Some(test), Replayed::Confirmed(observation)) = (&options.test, &reached.replay) {
        let pc = test_pc(class, method, goal, &reached.path, observation);
        // For an exception goal the replay aimed at no pc: the test's pc is
        // the block the exception left from, which the JVM executed.
        let mut observation = observation.clone();
        observation.reached = observation.executed.contains(&pc);
        let written = junit::write_test(
            cp,
            class,
            method,
            pc,
            &reached.state,
            &reached.path,
            &observation,
            Path::new(&test.out),
            test.flavor,
            test.force,
            test.check.as_deref(),
        )?;
        reached.test = match written {
            junit::Written::File { path, check } => {
                if let Some(c) = check.filter(|c| !c.dropped_assertions.is_empty()) {
                    eprintln!("jaut: {}", c.summary());
                }
                Some(path)
            }
            junit::Written::TakenOut(c) => {
                eprintln!(
                    "jaut: warning: no test written: javac rejected it ({})",
                    c.removed_tests.first().map_or("", |t| t.message.as_str())
                );
                None
            }
        };
    }
    Ok(Outcome {
        verdict: Verdict::Reached(Box::new(reached)),
        stats,
        replay_time,
        refuted,
    })
}

/// The pc a test is named after: the target, or for an exception goal the
/// block of the method the exception leaves from (the path's last block in
/// the method itself; for a seeded state, the last pc that ran).
fn test_pc(
    class: &Class,
    method: &Method,
    goal: &Goal,
    path: &[PathStep],
    observation: &Observation,
) -> u32 {
    match goal {
        Goal::Pc(pc) | Goal::Edge { to: pc, .. } => *pc,
        Goal::Throws(_) => {
            let me = format!("{}.{}{}", class.name, method.name, method.descriptor);
            path.iter()
                .rev()
                .find(|s| s.method == me)
                .map(|s| s.pc)
                .or_else(|| observation.executed.last().copied())
                .unwrap_or(0)
        }
    }
}
