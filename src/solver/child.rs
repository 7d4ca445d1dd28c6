//! A check decided by a Z3 process of its own, which can be killed
//! (issue 33 item 7, issue 37 item 4).
//!
//! Checks over floating-point arithmetic go to a solver made for the one
//! check ([`super::one_shot`]), whose tactic normally sees its time limit
//! and an interrupt. Not always: in a whole-jar run of commons-text one
//! such check, bounded at a few seconds, ran from 67 s to 607 s of a run
//! budgeted at 120 s, deaf to `Z3_interrupt`, while the other worker waited
//! on Z3's lock — nothing in the process can end a Z3 call, and the run
//! could not end either.
//!
//! So the check is written out in SMT-LIB 2 (Z3's own printing of a solver
//! holding the same assertions and parameters) and given to the `z3`
//! program (Debian's `z3`, the same 4.8.12 as `libz3`), one process per
//! thread that takes one check after another (`reset` between them). The
//! process is killed when the check is overdue or a stop is requested: the
//! answer is then `unknown`, never `unsat`, and the next check starts a
//! new one. Its memory is its own, bounded by Z3's `memory_max_size`, and
//! is given back when it is replaced.
//!
//! A satisfiable check in exact mode needs a model in this process: the
//! child prints its model, and the constants it fixes are asserted as
//! equalities in a solver here beside the same assertions. With every
//! input a constant, Z3 evaluates the floating-point operations instead of
//! searching (milliseconds); what it answers is a model of the very
//! assertions, as before.
//!
//! Without the `z3` program (a machine set up by hand) checks stay in this
//! process ([`Child::unavailable`]).

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child as Process, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use z3::SatResult;

/// How long past its time limit a check may run before its process is
/// killed (Z3's own timeout normally ends it first), and a tenth of the
/// limit more: on a loaded machine a 50 ms check can take 400 ms to come
/// back through the pipe, and killing it would turn an answer into
/// `unknown` (what the kill is for are checks minutes past their limit).
const GRACE: Duration = Duration::from_millis(500);

/// How often the wait looks at the clock and at a stop request.
const POLL: Duration = Duration::from_millis(20);

/// Memory a child may take (MiB, Z3's `memory_max_size`).
const MEMORY_MIB: u32 = 1024;

/// Checks one process decides before it is replaced (what Z3 keeps
/// between `reset`s is given back).
const CHECKS_PER_PROCESS: u32 = 256;

/// The line a child prints after each check's output.
const END: &str = "jaut-end";

/// What a child process answered.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Z3 decided (`Sat` with the printed model when one was asked for).
    Decided(SatResult, Option<String>),
    /// Killed: overdue, or a stop was requested.
    Killed,
    /// There is no `z3` program, or it could not be run.
    Unavailable,
}

/// The `z3` program, looked up once.
fn program() -> Option<&'static str> {
    static PROGRAM: OnceLock<Option<String>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| {
            if let Ok(p) = std::env::var("JAUT_Z3") {
                return (!p.is_empty()).then_some(p);
            }
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .map(|d| d.join("z3"))
                .find(|p| p.is_file())
                .map(|p| p.to_string_lossy().into_owned())
        })
        .as_deref()
}

/// A `z3` process that reads SMT-LIB commands, one per thread: spawning
/// one per check cost 20-60 ms, more than most checks.
struct Worker {
    process: Process,
    stdin: ChildStdin,
    /// The process's output, line by line (a thread reads it).
    lines: Receiver<String>,
    checks: u32,
}

impl Worker {
    fn spawn(program: &str) -> Option<Worker> {
        let mut process = Command::new(program)
            .arg("-in")
            .arg("-smt2")
            .arg(format!("memory_max_size={MEMORY_MIB}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = process.stdin.take()?;
        let stdout = process.stdout.take()?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Some(Worker {
            process,
            stdin,
            lines,
            checks: 0,
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

thread_local! {
    /// This thread's `z3` process, kept between checks.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Decides `script` (SMT-LIB 2: options, declarations and assertions,
/// without `check-sat`) in this thread's `z3` process within
/// `timeout_ms`; with `model`, a satisfiable answer comes with Z3's model.
/// The process is killed (and replaced at the next check) when the check
/// is [`GRACE`] past its limit or a stop is requested.
pub(super) fn check(script: &str, timeout_ms: u32, model: bool) -> Answer {
    let Some(program) = program() else {
        return Answer::Unavailable;
    };
    let mut worker = match WORKER.with(|w| w.borrow_mut().take()) {
        Some(w) if w.checks < CHECKS_PER_PROCESS => w,
        _ => match Worker::spawn(program) {
            Some(w) => w,
            None => return Answer::Unavailable,
        },
    };
    let mut input = String::with_capacity(script.len() + 160);
    input.push_str("(reset)\n");
    input.push_str(&format!("(set-option :timeout {timeout_ms})\n"));
    input.push_str(script);
    input.push_str("\n(check-sat)\n");
    if model {
        input.push_str("(get-model)\n");
    }
    input.push_str(&format!("(echo \"{END}\")\n"));
    let started = Instant::now();
    if worker.stdin.write_all(input.as_bytes()).is_err() || worker.stdin.flush().is_err() {
        return Answer::Unavailable;
    }
    worker.checks += 1;
    let limit = Duration::from_millis(timeout_ms as u64);
    let due = started + limit + GRACE + limit / 10;
    let mut out = String::new();
    loop {
        match worker.lines.recv_timeout(POLL) {
            Ok(line) if line == END => break,
            Ok(line) => {
                out.push_str(&line);
                out.push('\n');
            }
            // The process ended (out of memory, or killed from outside).
            Err(RecvTimeoutError::Disconnected) => {
                return Answer::Decided(SatResult::Unknown, None)
            }
            Err(RecvTimeoutError::Timeout) => {
                if crate::stop::requested() || Instant::now() >= due {
                    // Dropping the worker kills it.
                    return Answer::Killed;
                }
            }
        }
    }
    let answer = parse(&out);
    // After `unknown` the process may be out of memory for good (Z3's
    // `memory_max_size`): the next check gets a new one.
    if !matches!(answer, Answer::Decided(SatResult::Unknown, _)) {
        WORKER.with(|w| *w.borrow_mut() = Some(worker));
    }
    answer
}

/// The answer in a check's output: its first line, then the model.
fn parse(out: &str) -> Answer {
    let (first, rest) = out.split_once('\n').unwrap_or((out, ""));
    let r = match first.trim() {
        "sat" => SatResult::Sat,
        "unsat" => SatResult::Unsat,
        // `unknown`, an error, or nothing (Z3 out of memory).
        _ => SatResult::Unknown,
    };
    let model = (r == SatResult::Sat && rest.trim_start().starts_with('(')).then(|| rest.into());
    Answer::Decided(r, model)
}

/// The declarations of an SMT-LIB script (Z3 prints one per line).
pub(super) fn declarations(script: &str) -> String {
    script
        .lines()
        .filter(|l| l.starts_with("(declare-"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Equalities that fix each constant of a model Z3 printed, as SMT-LIB
/// assertions: `(define-fun x () (_ BitVec 32) #x00000006)` gives
/// `(assert (= x #x00000006))`. Functions with parameters, and values that
/// name Z3's own auxiliary functions (`as-array`), are left out: they stay
/// free for the solver that takes the equalities.
pub(super) fn model_equalities(model: &str) -> String {
    let mut out = String::new();
    let inner = model.trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|m| m.strip_suffix(')'))
        .unwrap_or("");
    for def in top_level(inner) {
        let Some(body) = def
            .strip_prefix("(define-fun")
            .and_then(|d| d.strip_suffix(')'))
        else {
            continue;
        };
        let parts = top_level(body);
        // name, parameters, sort, value
        let [name, params, _sort, value] = parts[..] else {
            continue;
        };
        if params != "()" || value.contains("as-array") || value.contains("k!") {
            continue;
        }
        out.push_str(&format!("(assert (= {name} {value}))\n"));
    }
    out
}

/// The top-level items of an s-expression list's inside: atoms, quoted
/// symbols `|...|` and parenthesized lists.
fn top_level(s: &str) -> Vec<&str> {
    let bytes = s.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut depth = 0usize;
        let mut quoted = false;
        while i < bytes.len() {
            let c = bytes[i];
            if quoted {
                quoted = c != b'|';
            } else if c == b'|' {
                quoted = true;
            } else if c == b'(' {
                depth += 1;
            } else if c == b')' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0 && c.is_ascii_whitespace() {
                break;
            }
            i += 1;
            if depth == 0 && !quoted && bytes[i - 1] == b')' {
                break;
            }
        }
        items.push(&s[start..i]);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_gives_one_equality_per_constant() {
        let model = "(\n  (define-fun x () (_ BitVec 32)\n    #x00000006)\n  \
                     (define-fun |a b| () Int\n    (- 3))\n  \
                     (define-fun f ((x!0 Int)) Int\n    x!0)\n  \
                     (define-fun m () (Array Int Int)\n    (_ as-array k!0))\n)\n";
        assert_eq!(
            model_equalities(model),
            "(assert (= x #x00000006))\n(assert (= |a b| (- 3)))\n"
        );
    }

    #[test]
    fn a_child_decides_and_gives_its_model() {
        // scripts/setup.sh installs Debian's `z3`.
        assert!(program().is_some(), "no z3 program on the PATH");
        let script = "(declare-fun x () (_ BitVec 8))\n(assert (= (bvadd x #x01) #x05))";
        let Answer::Decided(SatResult::Sat, Some(model)) = check(script, 5_000, true) else {
            panic!("not sat with a model");
        };
        assert_eq!(model_equalities(&model), "(assert (= x #x04))\n");
        // The same process, reset: nothing of the first check is left.
        let refuted = format!("{script}\n(assert (= x #x05))");
        assert_eq!(
            check(&refuted, 5_000, true),
            Answer::Decided(SatResult::Unsat, None)
        );
        assert_eq!(
            check(script, 5_000, false),
            Answer::Decided(SatResult::Sat, None)
        );
    }

    #[test]
    fn an_overdue_check_is_killed_and_the_next_one_answers() {
        // 2^64 - 1 as a product of two numbers > 1 in 64 bits: hard.
        let script = "(declare-fun a () (_ BitVec 64))\n(declare-fun b () (_ BitVec 64))\n\
                      (assert (bvugt a #x0000000000000001))\n(assert (bvugt b #x0000000000000001))\n\
                      (assert (bvumul_noovfl a b))\n\
                      (assert (= (bvmul a b) #x7fffffffffffffe7))";
        let start = Instant::now();
        let answer = check(script, 1, false);
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
        assert!(
            matches!(
                answer,
                Answer::Killed | Answer::Decided(SatResult::Unknown, None)
            ),
            "{answer:?}"
        );
        let easy = "(declare-fun x () Bool)\n(assert x)";
        assert_eq!(
            check(easy, 5_000, false),
            Answer::Decided(SatResult::Sat, None)
        );
    }
}
