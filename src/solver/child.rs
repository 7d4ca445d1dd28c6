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
//! program (Debian's `z3`, the same 4.8.12 as `libz3`). The process is
//! killed when the check is overdue or a stop is requested: the answer is
//! then `unknown`, never `unsat`. Its memory is its own, bounded by Z3's
//! `memory_max_size`, and is given back when it exits.
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

use std::io::{Read, Write};
use std::process::{Child as Process, Command, Stdio};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use z3::SatResult;

/// How long past its time limit a child may run before it is killed (its
/// own timeout normally ends it first; starting it costs a few ms).
const GRACE: Duration = Duration::from_millis(300);

/// How often the wait looks at the clock and at a stop request.
const POLL: Duration = Duration::from_millis(20);

/// Memory a child may take (MiB, Z3's `memory_max_size`).
const MEMORY_MIB: u32 = 1024;

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

/// Decides `script` (SMT-LIB 2: declarations and assertions, without
/// `check-sat`) in a `z3` process within `timeout_ms`; with `model`, a
/// satisfiable answer comes with Z3's model.
pub(super) fn check(script: &str, timeout_ms: u32, model: bool) -> Answer {
    let Some(program) = program() else {
        return Answer::Unavailable;
    };
    let started = Instant::now();
    let hard_secs = (timeout_ms as u64 / 1000) + 2;
    let spawned = Command::new(program)
        .arg("-in")
        .arg("-smt2")
        .arg(format!("-T:{hard_secs}"))
        .arg(format!("memory_max_size={MEMORY_MIB}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = spawned else {
        return Answer::Unavailable;
    };
    let mut input = String::with_capacity(script.len() + 128);
    input.push_str(&format!("(set-option :timeout {timeout_ms})\n"));
    input.push_str(script);
    input.push_str("\n(check-sat)\n");
    if model {
        input.push_str("(get-model)\n");
    }
    let written = child
        .stdin
        .take()
        .map(|mut stdin| stdin.write_all(input.as_bytes()));
    if !matches!(written, Some(Ok(()))) {
        kill(&mut child);
        return Answer::Unavailable;
    }
    let (tx, rx) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        let _ = tx.send(out);
    });
    let due = started + Duration::from_millis(timeout_ms as u64) + GRACE;
    let out = loop {
        match rx.recv_timeout(POLL) {
            Ok(out) => break out,
            Err(mpsc::RecvTimeoutError::Disconnected) => break String::new(),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if crate::stop::requested() || Instant::now() >= due {
                    kill(&mut child);
                    return Answer::Killed;
                }
            }
        }
    };
    let _ = child.wait();
    parse(&out)
}

/// Ends a child and reaps it.
fn kill(child: &mut Process) {
    let _ = child.kill();
    let _ = child.wait();
}

/// The answer in a child's output: its first line, then the model.
fn parse(out: &str) -> Answer {
    let (first, rest) = out.split_once('\n').unwrap_or((out, ""));
    let r = match first.trim() {
        "sat" => SatResult::Sat,
        "unsat" => SatResult::Unsat,
        // `unknown`, an error, or nothing (Z3 out of memory or ended by
        // its hard timeout).
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
        let refuted = format!("{script}\n(assert (= x #x05))");
        assert_eq!(
            check(&refuted, 5_000, true),
            Answer::Decided(SatResult::Unsat, None)
        );
    }
}
