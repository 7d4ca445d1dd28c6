//! The `jaut` command line: argument parsing (clap derive; the doc comments
//! are the help text) and the commands.
//!
//! Every failure a user can cause — a missing file, a corrupt class, an
//! unknown method, a pc between instructions — is a [`UserError`]: one line
//! on stderr and exit code 2. Nothing here panics on bad input.

mod aim_text;
mod cfg_svg;
mod commands;
mod cover;
mod merge;
mod project;
mod target;
mod watchdog;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use cover::CoverArgs;
pub use target::UserError;

/// Find test inputs for Java bytecode by reasoning backward from a target
/// instruction.
///
/// jaut reads class files (from a .class file, a directory or a jar, plus the
/// JDK's own classes), builds the control-flow graph of the chosen method and
/// searches backward from the target instruction toward the method's entry
/// for an input state that reaches it.
///
/// It prints the target (class, method, instruction, source line, basic
/// block, stack and local types there), then the verdict: `reached` with an
/// input state (receiver, arguments, static fields and the heap reachable
/// from them, aliasing and cycles included) and the path taken;
/// `unreachable` when every path was refuted without hitting a bound (a
/// proof); or `unknown`, naming the bound hit (and the option raising it) or
/// the unsupported feature met.
///
/// Exit status: 0 reached (and confirmed by the replay unless --no-replay),
/// 1 unknown (a bound, an unsupported feature, an assumption, a replay
/// that could not tell, or states the JVM refuted — a replay mismatch; the
/// code under test calling System.exit after the target ran counts as
/// reached), 2 bad input (missing file, corrupt class file, unknown method,
/// pc not at an instruction start, ...), 3 unreachable (proved: every path
/// refuted, no bound hit). `jaut cover`: 0 when no target is unknown, 1
/// otherwise, 2 on bad input.
#[derive(Debug, Parser)]
#[command(
    name = "jaut",
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = "Examples:\n  \
        jaut target/samples/classes/coord/Coord.class --method moveY --pc 51\n  \
        jaut app.jar --class com.example.Parser --method parse --line 120\n  \
        jaut methods target/samples/classes/coord/Coord.class\n  \
        jaut cfg target/samples/classes/coord/Coord.class --method moveY --format dot | dot -Tsvg > moveY.svg"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub aim: AimArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the methods of a class: descriptor, code size and source lines.
    ///
    /// Like `javap -p`, with the descriptors `--method` accepts. TARGET may
    /// hold several classes (a directory or a jar); without --class all of
    /// them are listed.
    Methods(MethodsArgs),
    /// Print the control-flow graph of a method.
    ///
    /// Lists the basic blocks with their instructions, source lines and
    /// operand-stack types, and every edge with its meaning: fall-through,
    /// goto, branch taken or not with its condition, switch case, exception
    /// caught by a handler or leaving the method, return. Loop headers, back
    /// edges and immediate dominators are marked. `--format dot` writes
    /// Graphviz input: `jaut cfg ... --format dot | dot -Tsvg > cfg.svg`.
    Cfg(CfgArgs),
    /// Reach every basic block of the methods of TARGET: new tests for the
    /// blocks existing tests (--jacoco, --tests) leave uncovered.
    ///
    /// Targets are the first instruction of every basic block; the deepest
    /// are attempted first, and after each new test every block it
    /// executed counts as covered. Each target ends reached, unreachable
    /// (dead code, or every path refuted) or unknown (with the reason). The
    /// table per method goes to stdout (--format json for tools), the
    /// Markdown report and the JUnit tests to --out. Exit status: 0 when no
    /// target is unknown, 1 otherwise, 2 on bad input.
    Cover(Box<CoverArgs>),
    /// Combine the output directories of the shards of one cover run
    /// (`jaut cover --shard K/N`) into one.
    ///
    /// The test classes are copied and the reports (jaut-cover.json,
    /// jaut-cover.md) rebuilt as one run over all the classes would have
    /// written them. Reports of different runs, a missing or repeated
    /// shard, or one test class with two contents are refused (exit 2)
    /// before anything is written. Exit status as for cover.
    Merge(merge::MergeArgs),
}

/// Where the class comes from.
#[derive(Debug, Args, Clone)]
pub struct Source {
    /// A .class file, a directory of classes, a jar, or a class name found
    /// on the class path (com.example.Foo).
    #[arg(value_name = "TARGET")]
    pub target: Option<String>,

    /// More places to find classes: directories, jars or .class files,
    /// separated by ':' (may be repeated). The JDK's classes are always
    /// available, read from $JAVA_HOME/jmods.
    #[arg(
        long = "classpath",
        short = 'c',
        visible_alias = "cp",
        value_name = "PATHS"
    )]
    pub classpath: Vec<String>,

    /// The class to use when TARGET holds several (a directory or a jar):
    /// com.example.Foo, com/example/Foo, or a simple name if it is unique.
    /// A nested class: com.example.Foo$Inner, Foo$Inner, or Inner if unique.
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
}

#[derive(Debug, Args)]
pub struct AimArgs {
    #[command(flatten)]
    pub source: Source,

    /// The method: a name (moveY), or a name with its descriptor
    /// (moveY(Lcoord/Chrono;I)Lcoord/Coord;) when the name is overloaded.
    #[arg(long, short = 'm', value_name = "NAME[DESCRIPTOR]", required = true)]
    pub method: Option<String>,

    /// The target instruction, by bytecode offset (as javap -c prints it).
    #[arg(
        long,
        value_name = "N",
        conflicts_with_all = ["line", "throws"],
        required_unless_present_any = ["line", "throws"]
    )]
    pub pc: Option<u32>,

    /// The target, by source line: the line's first instruction.
    #[arg(long, value_name = "L", conflicts_with = "throws")]
    pub line: Option<u16>,

    /// Instead of a pc: an input state that makes the method throw this
    /// exception (java.lang.NullPointerException) or a subclass of it.
    #[arg(long, value_name = "EXCEPTION")]
    pub throws: Option<String>,

    /// Output format: text for people, json for tools (schema in
    /// docs/state-json.md).
    #[arg(long, value_enum, default_value_t)]
    pub format: AimFormat,

    /// Do not replay the state found in a JVM (by default it is replayed;
    /// a state that does not reach the target there is a mismatch, and the
    /// search looks for another, up to 3 times, before answering unknown).
    #[arg(long)]
    pub no_replay: bool,

    /// Where the JUnit test of a replayed state goes:
    /// DIR/<package>/<Class>JautTest.java (see docs/junit.md).
    #[arg(
        long,
        value_name = "DIR",
        default_value = "jaut-tests",
        help_heading = "JUnit test"
    )]
    pub out: PathBuf,

    /// Write a JUnit 4 test (default: JUnit 5).
    #[arg(long, help_heading = "JUnit test")]
    pub junit4: bool,

    /// Overwrite the test file (and the --cfg-svg file) if it exists.
    #[arg(long, help_heading = "JUnit test")]
    pub force: bool,

    /// Write the test without compiling it first (by default javac
    /// compiles it: an assertion it rejects is dropped, a test it rejects
    /// otherwise is not written).
    #[arg(long, help_heading = "JUnit test")]
    pub no_check: bool,

    /// Also draw the method's CFG into FILE as SVG, with the path found
    /// (its blocks filled, its edges thick and blue) and the target's block
    /// outlined in red. Needs Graphviz `dot`.
    #[arg(long, value_name = "FILE")]
    pub cfg_svg: Option<PathBuf>,

    #[command(flatten)]
    pub bounds: Bounds,
}

#[derive(Debug, Clone, Copy, ValueEnum, Default, PartialEq, Eq)]
pub enum AimFormat {
    /// The target, the verdict, the input state and the path.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

/// The search's defaults: they live once, in [`jaut::search::Config`]'s
/// `Default` (documented there), and the options read them from it.
fn defaults() -> jaut::search::Config {
    jaut::search::Config::default()
}

/// Bounds of the backward search. A target is proved unreachable only when
/// no bound cut the search; otherwise the verdict is `unknown` and names the
/// bound to raise.
#[derive(Debug, Args, Clone)]
pub struct Bounds {
    /// Wall time for the search, in seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = defaults().timeout.as_secs_f64(),
        help_heading = "Search bounds"
    )]
    pub timeout: f64,
    /// Instructions on one backward path, callees included.
    #[arg(
        long,
        value_name = "N",
        default_value_t = defaults().max_path,
        help_heading = "Search bounds"
    )]
    pub max_path: usize,
    /// Iterations of one loop on a path (the search deepens 1, 2, 4, ... up to this).
    #[arg(
        long = "max-loop",
        value_name = "N",
        default_value_t = defaults().max_loop_iterations,
        help_heading = "Search bounds"
    )]
    pub max_loop: u32,
    /// Nested calls explored below the method under test.
    #[arg(
        long,
        value_name = "N",
        default_value_t = defaults().max_call_depth,
        help_heading = "Search bounds"
    )]
    pub max_call_depth: usize,
    /// Activations of one method on the call stack (recursion).
    #[arg(
        long,
        value_name = "N",
        default_value_t = defaults().max_recursion,
        help_heading = "Search bounds"
    )]
    pub max_recursion: usize,
    /// Reads of reference fields on one path (how deep into the input heap).
    #[arg(
        long,
        value_name = "N",
        default_value_t = defaults().max_derefs,
        help_heading = "Search bounds"
    )]
    pub max_derefs: usize,
    /// Elements of one input array or characters of one input string.
    #[arg(
        long,
        value_name = "N",
        default_value_t = defaults().max_array_length,
        help_heading = "Search bounds"
    )]
    pub max_array_length: usize,
    /// Contracts for methods the search should not explore (TOML; format
    /// in the README, "Contracts"); they add to and override the built-in
    /// ones.
    #[arg(long, value_name = "FILE")]
    pub contracts: Option<std::path::PathBuf>,
    /// Let a mock's call (an input implementing an interface or abstract
    /// class nothing on the class path implements) throw a
    /// RuntimeException where the path needs one.
    #[arg(long)]
    pub mock_throws: bool,
    /// Which static fields of the program are inputs the test may set.
    #[arg(long, value_enum, default_value_t = StaticsArg::Auto, value_name = "POLICY")]
    pub statics: StaticsArg,
    /// How objects of the program's classes in a state are made: by a
    /// constructor where one makes the fields the path needs, else by
    /// reflection (auto); only by constructors, leaving a target unknown
    /// when none does (constructors); or always by reflection.
    #[arg(long, value_enum, default_value_t = ObjectsArg::Auto, value_name = "HOW")]
    pub objects: ObjectsArg,
    /// Run the program with Java assertions disabled: the replay's JVM
    /// without -ea, and the search with every `assert` skipped. By default
    /// they are enabled, as Maven Surefire and Gradle run tests, so a
    /// failing `assert` can be reached (--throws java.lang.AssertionError).
    #[arg(long, visible_alias = "no-ea")]
    pub no_assertions: bool,
}

/// `--statics`: see [`jaut::statics::StaticsPolicy`].
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum StaticsArg {
    /// Those some method other than the class initializer writes; the
    /// others hold their initial values.
    Auto,
    /// Every static field (as before `--statics` existed).
    Free,
    /// None: each holds the value its class initializer gives it.
    Init,
}

impl From<StaticsArg> for jaut::statics::StaticsPolicy {
    fn from(a: StaticsArg) -> Self {
        match a {
            StaticsArg::Auto => jaut::statics::StaticsPolicy::Auto,
            StaticsArg::Free => jaut::statics::StaticsPolicy::Free,
            StaticsArg::Init => jaut::statics::StaticsPolicy::Init,
        }
    }
}

/// `--objects`: see [`jaut::construct::Objects`].
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ObjectsArg {
    /// Constructors first, reflection where none makes the state.
    Auto,
    /// Only constructors: a state no constructor makes is not claimed.
    Constructors,
    /// Always reflection (allocated without a constructor, fields written).
    Reflection,
}

impl From<ObjectsArg> for jaut::construct::Objects {
    fn from(a: ObjectsArg) -> Self {
        match a {
            ObjectsArg::Auto => jaut::construct::Objects::Auto,
            ObjectsArg::Constructors => jaut::construct::Objects::Constructors,
            ObjectsArg::Reflection => jaut::construct::Objects::Reflection,
        }
    }
}

/// A number of seconds given on the command line, as a duration: a
/// finite number, at least 0 and at most a century (one line and exit 2
/// otherwise).
pub(crate) fn seconds(option: &str, value: f64) -> Result<std::time::Duration, UserError> {
    const CENTURY: f64 = 100.0 * 365.25 * 24.0 * 3600.0;
    if !value.is_finite() || !(0.0..=CENTURY).contains(&value) {
        return Err(UserError(format!(
            "{option} {value:?}: give a number of seconds from 0 to {CENTURY}"
        )));
    }
    Ok(std::time::Duration::from_secs_f64(value))
}

impl Bounds {
    /// The search configuration; fails on a contract file that does not
    /// load.
    pub fn config(&self) -> Result<jaut::search::Config, UserError> {
        let mut contracts = jaut::jdk::contracts::Contracts::builtin();
        if let Some(file) = &self.contracts {
            contracts
                .add_file(file)
                .map_err(|e| UserError(format!("contracts {e}")))?;
        }
        let mut c = jaut::search::Config::default()
            .with_contracts(contracts)
            .with_max_array_length(self.max_array_length)
            .with_timeout(
                seconds("--timeout", self.timeout)?.max(std::time::Duration::from_millis(1)),
            )
            .with_max_path(self.max_path)
            .with_max_loop_iterations(self.max_loop.max(1))
            .with_max_call_depth(self.max_call_depth)
            .with_max_derefs(self.max_derefs);
        c.max_recursion = self.max_recursion.max(1);
        c.statics = self.statics.into();
        c.objects = self.objects.into();
        c.mock_throws = self.mock_throws;
        c.assertions = if self.no_assertions {
            jaut::assertions::Assertions::Disabled
        } else {
            jaut::assertions::Assertions::Enabled
        };
        Ok(c)
    }
}

#[derive(Debug, Args)]
pub struct MethodsArgs {
    #[command(flatten)]
    pub source: Source,
}

#[derive(Debug, Clone, Copy, ValueEnum, Default)]
pub enum CfgFormat {
    /// Blocks, instructions, frames and labelled edges.
    #[default]
    Text,
    /// Graphviz input.
    Dot,
}

#[derive(Debug, Args)]
pub struct CfgArgs {
    #[command(flatten)]
    pub source: Source,

    /// The method: a name, or a name with its descriptor.
    #[arg(long, short = 'm', value_name = "NAME[DESCRIPTOR]")]
    pub method: String,

    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: CfgFormat,
}

/// Parses the arguments, runs the command, prints errors as one line and
/// returns the exit code.
pub fn main() -> ExitCode {
    // The replay worker (src/replay/worker.rs) is this executable re-run by
    // jaut itself; it is not a command for people, so clap never sees it.
    let mut raw = std::env::args_os();
    if raw
        .nth(1)
        .is_some_and(|a| a == jaut::replay::WORKER_COMMAND)
    {
        let class_path: Vec<PathBuf> = raw.map(PathBuf::from).collect();
        return jaut::replay::worker::main(&class_path);
    }
    let cli = Cli::parse_from(java_style_options(std::env::args_os()));
    stop_on_signals();
    let result = match &cli.command {
        Some(Command::Methods(args)) => commands::methods(args),
        Some(Command::Cfg(args)) => commands::cfg(args),
        Some(Command::Cover(args)) => cover::cover(args),
        Some(Command::Merge(args)) => merge::merge(args),
        None => commands::aim(&cli.aim),
    };
    match result {
        Ok((text, status)) => {
            print!("{text}");
            status.into()
        }
        Err(e) => {
            eprintln!("jaut: error: {e}");
            ExitStatus::BadInput.into()
        }
    }
}

/// Prints a command's result as [`main`] does and ends the process at once,
/// without waiting for threads still running (a solver check that does
/// not stop: [`watchdog`]).
fn exit_now(result: Result<(String, ExitStatus), UserError>) -> ! {
    use std::io::Write as _;
    let code = match result {
        Ok((text, status)) => {
            print!("{text}");
            status
        }
        Err(e) => {
            eprintln!("jaut: error: {e}");
            ExitStatus::BadInput
        }
    };
    let _ = std::io::stdout().flush();
    std::process::exit(i32::from(code.code()))
}

/// SIGINT and SIGTERM stop the run cleanly: searches end, solver checks
/// are interrupted, no new target starts, and what was settled is
/// reported and written (`jaut::stop`). A second signal ends jaut at once.
fn stop_on_signals() {
    let result = ctrlc::set_handler(|| {
        if jaut::stop::requested() {
            eprintln!("jaut: stopped");
            std::process::exit(130);
        }
        eprintln!("jaut: stopping: finishing the targets in progress (again to quit at once)");
        jaut::stop::request();
    });
    if let Err(e) = result {
        eprintln!("jaut: warning: cannot handle SIGINT/SIGTERM: {e}");
    }
}

/// How a command ended: its exit code, so scripts need not read the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// 0: the target is reached (and the replay confirmed it, unless
    /// `--no-replay`); `jaut cover`: no target unknown or mismatched;
    /// `methods`, `cfg`: done.
    Success,
    /// 1: unknown (a bound, an unsupported feature, an assumption, or a
    /// replay that could not tell: a timeout, a crash, a JVM that refused
    /// the class); `jaut cover`: some target unknown.
    Unknown,
    /// 2: bad input (missing file, corrupt class, unknown method, ...).
    BadInput,
    /// 3: unreachable, proved (every path refuted, no bound hit).
    Unreachable,
}

impl ExitStatus {
    /// The exit status of one target's verdict.
    pub fn of(verdict: &jaut::pipeline::Verdict) -> ExitStatus {
        use jaut::pipeline::{Replayed, Verdict};
        match verdict {
            Verdict::Reached(r) => match &r.replay {
                Replayed::Confirmed(_) | Replayed::Skipped => ExitStatus::Success,
                // The code under test ended the JVM, after the target ran.
                Replayed::Failed(jaut::replay::ReplayFailure::Exited {
                    before_exit: Some((true, _)),
                    ..
                }) => ExitStatus::Success,
                Replayed::Failed(_) => ExitStatus::Unknown,
            },
            Verdict::Unreachable { .. } => ExitStatus::Unreachable,
            Verdict::Unknown { .. } => ExitStatus::Unknown,
        }
    }
}

impl ExitStatus {
    /// The process's exit code.
    fn code(self) -> u8 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::Unknown => 1,
            ExitStatus::BadInput => 2,
            ExitStatus::Unreachable => 3,
        }
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(s: ExitStatus) -> ExitCode {
        ExitCode::from(s.code())
    }
}

/// Rewrites Java's spellings of the class path option, `-cp` and
/// `-classpath`, to `--classpath`: clap would read `-cp DIR` as the short
/// option `-c` with the value `p`, leaving DIR as a stray argument.
fn java_style_options(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut options_end = false;
    args.into_iter()
        .map(|arg| {
            if options_end {
                return arg;
            }
            if arg == "--" {
                options_end = true;
            }
            if arg == "-cp" || arg == "-classpath" {
                OsString::from("--classpath")
            } else {
                arg
            }
        })
        .collect()
}

/// Splits `-cp a:b -cp c` into paths.
fn classpath_entries(classpath: &[String]) -> Vec<PathBuf> {
    classpath
        .iter()
        .flat_map(|s| s.split(':'))
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .collect()
}
