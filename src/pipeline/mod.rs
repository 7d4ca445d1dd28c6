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
//!
//! [`run`] is the flow; its stages are beside it: [`jvm`] (the worker the
//! states are replayed in), [`forward`] (the forward fallbacks), [`settle`]
//! (replaying what the search found, searching again after a mismatch),
//! [`finish`] (objects by constructors, the claim's check, the test) and
//! [`through`] (a private method's target reached through the class's
//! accessible callers first, when [`Options::through_callers`] asks).

mod clock;
mod credit;
mod finish;
mod forward;
mod jvm;
mod settle;
mod through;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::classfile::{Class, Method};
use crate::classpath::ClassPath;
use crate::junit::{Flavor, JunitError};
use crate::labeling::InputState;
use crate::program::Program;
use crate::reason::Reason;
use crate::replay::{Ended, Observation, ReplayFailure};
use crate::search::{self, Goal, PathStep, SearchError, Stats};

use clock::Clock;
pub use clock::REPLAY_GRACE;
use finish::{construct_objects, finish, unconfirmed};
use forward::{forward, forward_cap, forward_found, quick_bound_hit};
pub use jvm::Jvm;
use settle::{replay_until_settled, Settled, Target};
pub use through::{clean_run, ran_in, Ran, Via, ViaSite};

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
    /// For a target in a private method: first search it through the
    /// class's accessible callers ([`through`]), for up to half the
    /// target's time, and write the test of the caller; the direct attempt
    /// follows, with the time left, when no caller reaches it. Default: no.
    pub through_callers: bool,
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
            through_callers: false,
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
    /// `Some` when the target, in a private method, was reached through an
    /// accessible caller ([`through`]): the state is the caller's inputs,
    /// the replay and the test call the caller.
    pub via: Option<Via>,
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

/// Runs one target: through the accessible callers when asked
/// ([`Options::through_callers`]), then search, forward fallbacks, replay,
/// test.
pub fn run(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    jvm: &mut Jvm,
) -> Result<Outcome, PipelineError> {
    if !options.through_callers {
        return run_direct(cp, class, method, goal, options, jvm);
    }
    let start = std::time::Instant::now();
    let mut stats = Stats::default();
    let target = Target {
        cp,
        class,
        method,
        goal,
        options,
        clock: &Clock::start(options.search.timeout / through::CALLERS_SHARE),
    };
    if let Some(outcome) = through::through_callers(target, jvm, &mut stats)? {
        return Ok(outcome);
    }
    let mut direct = options.clone();
    direct.search.timeout = options.search.timeout.saturating_sub(start.elapsed());
    let mut outcome = run_direct(cp, class, method, goal, &direct, jvm)?;
    stats.add(&outcome.stats);
    outcome.stats = stats;
    Ok(outcome)
}

/// Runs one target by calling its method: search, forward fallbacks,
/// replay, test.
fn run_direct(
    cp: &Program,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    options: &Options,
    jvm: &mut Jvm,
) -> Result<Outcome, PipelineError> {
    if let Some(outcome) = enum_constructor(cp, class, method) {
        return Ok(outcome);
    }
    let options = &with_interpreter(options);
    let (forward_applies, seeds_apply, clock, config) =
        first_search(cp, class, method, options, jvm);
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
        (None, search::Verdict::Reached { state, path }) => {
            let target = Target {
                cp,
                class,
                method,
                goal,
                options,
                clock: &clock,
            };
            let settled = replay_until_settled(
                target,
                jvm,
                (state, path),
                seeds_now,
                &mut searched.stats,
                &mut replay_time,
                &mut refuted,
            )?;
            match settled {
                Settled::Reached(reached) => *reached,
                Settled::Unknown(reasons) => {
                    return Ok(Outcome {
                        verdict: Verdict::Unknown { reasons },
                        stats: searched.stats,
                        replay_time,
                        refuted,
                    })
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

/// `options` whose search may decide a path by running the method
/// (`search::Runner`) with the concolic interpreter, unless they name a
/// runner.
fn with_interpreter(options: &Options) -> Options {
    let mut options = options.clone();
    options
        .search
        .runner
        .get_or_insert_with(|| Arc::new(crate::concolic::Interpreter));
    options
}

/// Which forward strategies apply to a method, the target's clock, and the
/// configuration of its first search. The forward strategies run static
/// methods of primitive parameters right after a quick backward search;
/// other methods (strings, arrays, `Object`, enums, receivers and program
/// objects) are seeded only once the whole search has ended unknown.
fn first_search(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    options: &Options,
    jvm: &Jvm,
) -> (bool, bool, Clock, search::Config) {
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
    (forward_applies, seeds_apply, clock, config)
}

/// The outcome of a constructor of an enum: unknown, since only the enum's
/// class initializer creates its objects (JLS §8.9.2) and no test can call
/// the constructor; `None` for any other method.
fn enum_constructor(cp: &ClassPath, class: &Arc<Class>, method: &Method) -> Option<Outcome> {
    if method.name == "<init>" && crate::enums::is_enum_or_constant_body(cp, class) {
        // JLS §8.9.2: only the enum's class initializer creates its
        // objects; no test can call the constructor.
        return Some(Outcome {
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
    None
}
