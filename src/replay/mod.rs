//! Replaying input states in a real JVM, to prove from the JVM itself that a
//! state reaches its target (JVMS §5.5 initialization and §2.10
//! exceptions are the JVM's own; JNI Invocation API). See `docs/replay.md`.
//!
//! A [`Replayer`] owns a worker process: the `jaut` executable re-run as
//! `jaut __replay-worker -ea|-da CLASSPATH...` ([`worker`]), which starts one JVM
//! through JNI's invocation API (with the program's assertions enabled or
//! not, [`Assertions`]), defines the Java harness
//! (`java-harness/src/jaut/harness`, embedded by `build.rs`) and answers one
//! JSON request line with one JSON answer line ([`protocol`]). The harness
//! builds the state without constructors, instruments the method under test
//! with ASM so that every executed instruction reports its index (mapped back
//! to the pcs jaut decoded), calls the method and captures the outcome.
//!
//! Isolation: whatever the code under test does — `System.exit`, an endless
//! loop, an `OutOfMemoryError`, a JVM crash — only the worker dies (or is
//! killed after the request's timeout); the replay reports a
//! [`ReplayFailure`] and the next replay starts a fresh worker. A
//! `StackOverflowError` is an outcome (the exception escaping the method):
//! the call runs on its own thread and the JVM recovers from it.
//!
//! The worker process's plumbing (waiting for an answer under a timeout and
//! a stop, its exit and the tail of its error output) is in [`process`].

pub mod observation;
mod process;
mod protocol;

use process::{push_tail, scratch_dir, signal, wait_answer, Wait};
mod text;
pub mod worker;

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::assertions::Assertions;
use crate::classfile::{Class, Method};
use crate::labeling::InputState;
pub use observation::{Ended, Observation, Observed, ObservedField, ObservedObject};

/// How long one call under test may run before the worker is killed.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a worker may take to start its JVM.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// The hidden subcommand that runs a worker.
pub const WORKER_COMMAND: &str = "__replay-worker";

/// The environment variable naming the executable to run as the worker
/// (default: this executable when it is `jaut`, else a `jaut` beside it or
/// one directory up, where cargo puts it for tests and benchmarks).
pub const WORKER_ENV: &str = "JAUT_REPLAY_WORKER";

/// The worker could not be started at all.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// This executable's path is unknown, so no `jaut` beside it is either.
    #[error("no jaut executable to run the replay worker ({0}); set {WORKER_ENV}")]
    CurrentExe(#[source] std::io::Error),
    /// No `jaut` beside this executable (nor one directory up).
    #[error("no jaut executable to run the replay worker (none beside {}); set {WORKER_ENV}", .0.display())]
    NoWorker(PathBuf),
    #[error("cannot run the replay worker {}: {source}", path.display())]
    Spawn {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The worker said why it could not start (its `start_error`).
    #[error("the replay JVM did not start: {0}")]
    Start(String),
    #[error("the replay JVM did not start: no answer within {} s", .0.as_secs())]
    StartTimeout(Duration),
    /// The worker ended before it was ready; `detail` is its most telling
    /// line on stderr, as `: line`.
    #[error("the replay JVM did not start: the worker ended ({}){detail}", exit_status(.status))]
    WorkerEnded {
        status: Option<ExitStatus>,
        detail: String,
    },
    #[error("the replay JVM did not start: the starting thread panicked")]
    StartPanicked,
}

fn exit_status(status: &Option<ExitStatus>) -> String {
    status.map_or("unknown status".into(), |s| s.to_string())
}

/// Why one replay gave no observation. Displayed as the reason in
/// `replay failed: <reason>`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayFailure {
    /// The call ran past the request's timeout; the worker was killed.
    #[error("the call did not end within {} s (an endless loop?); the JVM was killed", .0.as_secs_f64())]
    Timeout(Duration),
    /// The JVM exited during the call (`System.exit`, `Runtime.halt`).
    /// `before_exit` is what the harness saw when the JVM shut down
    /// (`System.exit` runs its shutdown hook; `Runtime.halt` does not):
    /// whether the target pc had executed, and the pcs that had.
    #[error(
        "the code under test ended the JVM with exit status {code} (System.exit?){}{detail}",
        match before_exit {
            Some((true, _)) => ", after executing the target pc",
            Some((false, _)) => ", before executing the target pc",
            None => "",
        }
    )]
    Exited {
        code: i32,
        detail: String,
        before_exit: Option<(bool, Vec<u32>)>,
    },
    /// The worker died from a signal (a JVM crash).
    #[error("the JVM crashed (signal {signal}){detail}")]
    Crashed { signal: i32, detail: String },
    /// The JVM survived but cannot be trusted (`OutOfMemoryError` and other
    /// virtual machine errors); the worker was stopped.
    #[error("{0}; the JVM was stopped")]
    Fatal(String),
    /// The harness refused the request: the class or method is not on the
    /// class path, the state does not fit the classes, a static initializer
    /// threw, or the instrumenter and jaut disagree about the instructions.
    #[error("{0}")]
    Refused(String),
    /// The harness could not make object `object` of the state by the
    /// constructor call it names (the call threw, or the object it made
    /// does not hold the state's values in the fields the path reads).
    #[error("object #{object}: {why}")]
    Unbuilt { object: usize, why: String },
    /// No worker could be started (no JVM, no ASM, no jaut executable).
    #[error("{0}")]
    NoJvm(String),
    /// A fresh worker could not be started after an earlier one died.
    #[error("the replay worker could not be restarted: {0}")]
    Restart(String),
    /// The worker answered something that is not an answer.
    #[error("the replay worker answered nonsense: {0}")]
    Protocol(String),
    /// The run was asked to stop (SIGINT, SIGTERM: [`crate::stop`]) during
    /// the call; the worker was killed.
    #[error("the run was stopped during the call; the JVM was killed")]
    Stopped,
}

/// One replay: the method under test (class name in Java form, `pkg.Outer$Inner`,
/// or internal form, `pkg/Outer$Inner`; name; JVM descriptor), the pcs of its instructions in order (from jaut's decoder:
/// the harness maps its i-th instruction to `instruction_pcs[i]`), the pc
/// whose execution `Observation::reached` reports, and the input state.
#[derive(Debug, Clone)]
pub struct ReplayRequest<'a> {
    pub class: &'a str,
    pub method: &'a str,
    pub descriptor: &'a str,
    pub target_pc: Option<u32>,
    pub instruction_pcs: Vec<u32>,
    pub state: &'a InputState,
    pub timeout: Duration,
}

impl<'a> ReplayRequest<'a> {
    /// A request for `method` of `class` with the default timeout; the pcs
    /// come from the method's decoded code (none for a method without code:
    /// the harness then refuses it).
    pub fn new(
        class: &'a Class,
        method: &'a Method,
        target_pc: Option<u32>,
        state: &'a InputState,
    ) -> ReplayRequest<'a> {
        ReplayRequest {
            class: class.name.as_str(),
            method: &method.name,
            descriptor: &method.descriptor,
            target_pc,
            instruction_pcs: method
                .code
                .as_ref()
                .map(|c| c.instructions.iter().map(|i| i.pc).collect())
                .unwrap_or_default(),
            state,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// A JVM in a worker process, started once and reused across replays (and
/// restarted when a replay kills it).
pub struct Replayer {
    class_path: Vec<PathBuf>,
    /// Whether the program's `assert`s run in the worker's JVM.
    assertions: Assertions,
    executable: PathBuf,
    /// The worker's working directory, made for it and removed with it, so
    /// code under test that writes relative paths leaves nothing behind.
    scratch: PathBuf,
    worker: Option<Worker>,
    next_id: u64,
    starts: usize,
    last_start: Duration,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Replayer {
    /// Starts a worker JVM over `class_path` (the program's directories and
    /// jars; the JDK comes with the JVM), with the program's assertions
    /// enabled or not.
    pub fn start(class_path: &[PathBuf], assertions: Assertions) -> Result<Replayer, ReplayError> {
        Replayer::with_executable(&worker_executable()?, class_path, assertions)
    }

    /// Like [`Replayer::start`], with the worker run from `executable`
    /// (a `jaut` binary).
    pub fn with_executable(
        executable: &Path,
        class_path: &[PathBuf],
        assertions: Assertions,
    ) -> Result<Replayer, ReplayError> {
        // The worker runs elsewhere: relative entries must still resolve.
        let class_path = class_path
            .iter()
            .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone()))
            .collect();
        let mut r = Replayer {
            class_path,
            assertions,
            executable: executable.to_path_buf(),
            scratch: scratch_dir(),
            worker: None,
            next_id: 0,
            starts: 0,
            last_start: Duration::ZERO,
        };
        r.worker = Some(r.spawn()?);
        Ok(r)
    }

    /// How many JVMs this replayer started (1 + the restarts).
    pub fn starts(&self) -> usize {
        self.starts
    }

    /// How long the last JVM took to start and answer it was ready.
    pub fn last_start(&self) -> Duration {
        self.last_start
    }

    /// Replays one state. A failure never ends the replayer: a worker that
    /// died or was killed is replaced at the next replay.
    pub fn replay(&mut self, request: &ReplayRequest<'_>) -> Result<Observation, ReplayFailure> {
        if self.worker.is_none() {
            let w = self
                .spawn()
                .map_err(|e| ReplayFailure::Restart(e.to_string()))?;
            self.worker = Some(w);
        }
        self.next_id += 1;
        let id = self.next_id;
        let line = protocol::request_line(id, request);
        let worker = self.worker.as_mut().expect("a worker was just ensured");
        let sent = worker
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| worker.stdin.flush());
        let deadline = Instant::now() + request.timeout;
        let mut before_exit = None;
        let answer = match sent {
            Ok(()) => wait_answer(worker, id, deadline, &mut before_exit),
            Err(_) => Err(Wait::Died),
        };
        match answer {
            Ok(protocol::Answer::Observation(o)) => Ok(*o),
            Ok(protocol::Answer::Refused(why)) => Err(ReplayFailure::Refused(why)),
            Ok(protocol::Answer::Unbuilt { object, why }) => {
                Err(ReplayFailure::Unbuilt { object, why })
            }
            Ok(protocol::Answer::Fatal(why)) => {
                self.stop();
                Err(ReplayFailure::Fatal(why))
            }
            // wait_answer keeps waiting after an exit notice, never returns it.
            Ok(protocol::Answer::Exiting { .. }) => {
                self.stop();
                Err(ReplayFailure::Protocol(
                    "an exit notice out of place".into(),
                ))
            }
            Err(Wait::Bad(why)) => {
                self.stop();
                Err(ReplayFailure::Protocol(why.to_string()))
            }
            Err(Wait::Timeout) => {
                self.stop();
                Err(ReplayFailure::Timeout(request.timeout))
            }
            Err(Wait::Stopped) => {
                self.stop();
                Err(ReplayFailure::Stopped)
            }
            Err(Wait::Died) => {
                let mut w = self.worker.take().expect("the worker that died");
                let status = w.wait_exit();
                let detail = w.detail();
                Err(
                    match status.and_then(|s| s.code().map(Ok).or_else(|| signal(s).map(Err))) {
                        Some(Ok(code)) => ReplayFailure::Exited {
                            code,
                            detail,
                            before_exit,
                        },
                        Some(Err(signal)) => ReplayFailure::Crashed { signal, detail },
                        None => ReplayFailure::Protocol(format!("the worker vanished{detail}")),
                    },
                )
            }
        }
    }

    fn stop(&mut self) {
        if let Some(mut w) = self.worker.take() {
            let _ = w.child.kill();
            let _ = w.child.wait();
        }
    }

    fn spawn(&mut self) -> Result<Worker, ReplayError> {
        let started = Instant::now();
        let _ = std::fs::create_dir_all(&self.scratch);
        let mut child = Command::new(&self.executable)
            .current_dir(&self.scratch)
            .arg(WORKER_COMMAND)
            .arg(self.assertions.jvm_option())
            .args(self.class_path.iter().map(|p| p.as_os_str()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| ReplayError::Spawn {
                path: self.executable.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, lines) = mpsc::channel();
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let keep = tail.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // HotSpot prints its fatal error summary on stdout.
                if !line.starts_with('{') {
                    push_tail(&keep, line);
                    continue;
                }
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let keep = tail.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                push_tail(&keep, line);
            }
        });
        let mut worker = Worker {
            child,
            stdin,
            lines,
            stderr: tail,
        };
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match worker.lines.recv_timeout(left) {
                Ok(line) => match protocol::ready(&line) {
                    Some(protocol::Greeting::Ready) => break,
                    Some(protocol::Greeting::StartError(why)) => {
                        let _ = worker.child.wait();
                        return Err(ReplayError::Start(why));
                    }
                    None => continue,
                },
                Err(RecvTimeoutError::Timeout) => {
                    let _ = worker.child.kill();
                    let _ = worker.child.wait();
                    return Err(ReplayError::StartTimeout(START_TIMEOUT));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = worker.wait_exit();
                    let detail = worker.detail();
                    return Err(ReplayError::WorkerEnded { status, detail });
                }
            }
        }
        self.starts += 1;
        self.last_start = started.elapsed();
        Ok(worker)
    }
}

impl Drop for Replayer {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// The executable to run as the worker: `$JAUT_REPLAY_WORKER`, this
/// executable when it is `jaut`, else a `jaut` beside it or one directory up.
pub fn worker_executable() -> Result<PathBuf, ReplayError> {
    if let Some(p) = std::env::var_os(WORKER_ENV) {
        return Ok(PathBuf::from(p));
    }
    let me = std::env::current_exe().map_err(ReplayError::CurrentExe)?;
    let name = format!("jaut{}", std::env::consts::EXE_SUFFIX);
    if me.file_name() == Some(OsString::from(&name).as_os_str()) {
        return Ok(me);
    }
    let dir = me.parent().map(Path::to_path_buf).unwrap_or_default();
    for candidate in [dir.join(&name), dir.join("..").join(&name)] {
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    Err(ReplayError::NoWorker(me))
}

/// A [`Replayer`] starting on another thread, so that the JVM starts while
/// jaut searches (the default flow does this).
/// Dropped unfinished, it waits for the worker and stops it, so that no
/// scratch directory outlives the run (a process that exits while the
/// thread still holds the worker would run no destructor).
pub struct Starting(Option<std::thread::JoinHandle<Result<Replayer, ReplayError>>>);

impl Starting {
    pub fn begin(class_path: Vec<PathBuf>, assertions: Assertions) -> Starting {
        Starting(Some(std::thread::spawn(move || {
            Replayer::start(&class_path, assertions)
        })))
    }

    /// Waits for the worker to be ready.
    pub fn finish(mut self) -> Result<Replayer, ReplayError> {
        match self.0.take() {
            Some(handle) => handle
                .join()
                .unwrap_or_else(|_| Err(ReplayError::StartPanicked)),
            None => Err(ReplayError::StartPanicked),
        }
    }
}

impl Drop for Starting {
    fn drop(&mut self) {
        if let Some(handle) = self.0.take() {
            // The replayer, if it started, is dropped here: its worker is
            // stopped and its scratch directory removed.
            let _ = handle.join();
        }
    }
}

/// Replays one state found for `pc` of `method` with `replayer`.
pub fn replay_with(
    replayer: &mut Replayer,
    class: &Class,
    method: &Method,
    pc: u32,
    state: &InputState,
    timeout: Duration,
) -> Result<Observation, ReplayFailure> {
    let mut request = ReplayRequest::new(class, method, Some(pc), state);
    request.timeout = timeout;
    replayer.replay(&request)
}

/// Replays one state that the search found for `pc` of `method`, in a JVM
/// started for this one replay over `class_path`: the default flow's step
/// after the search (the JUnit writer uses it too). Runs that replay many
/// states should keep one [`Replayer`] instead.
pub fn replay_reached(
    class_path: &[PathBuf],
    assertions: Assertions,
    class: &Class,
    method: &Method,
    pc: u32,
    state: &InputState,
    timeout: Duration,
) -> Result<Observation, ReplayFailure> {
    let mut replayer =
        Replayer::start(class_path, assertions).map_err(|e| ReplayFailure::NoJvm(e.to_string()))?;
    replay_with(&mut replayer, class, method, pc, state, timeout)
}

#[cfg(test)]
mod tests;
