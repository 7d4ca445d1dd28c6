//! The worker process of a [`Replayer`](super::Replayer): its scratch
//! directory, the wait for one answer (under the request's timeout and a
//! requested stop, [`crate::stop`]), how it exited, and the tail of its
//! error output that a failure reports.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{protocol, Worker};
/// A fresh directory name under the system's temporary directory for one
/// replayer's worker.
pub(super) fn scratch_dir() -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("jaut-replay-{}-{n}", std::process::id()))
}

pub(super) enum Wait {
    Timeout,
    /// A stop was requested ([`crate::stop`]).
    Stopped,
    Died,
    Bad(protocol::ProtocolError),
}

/// How often a wait for the worker looks whether a stop was requested.
const STOP_POLL: Duration = Duration::from_millis(50);

/// A call under way when a stop is requested may end within this long (a
/// state found is then still confirmed); past it the worker is killed.
const STOP_GRACE: Duration = Duration::from_millis(250);

pub(super) fn wait_answer(
    worker: &mut Worker,
    id: u64,
    deadline: Instant,
    before_exit: &mut Option<(bool, Vec<u32>)>,
) -> Result<protocol::Answer, Wait> {
    let mut stop_by: Option<Instant> = None;
    loop {
        if crate::stop::requested() {
            let by = *stop_by.get_or_insert_with(|| Instant::now() + STOP_GRACE);
            if Instant::now() >= by {
                return Err(Wait::Stopped);
            }
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Wait::Timeout);
        }
        match worker.lines.recv_timeout(left.min(STOP_POLL)) {
            // Lines that are not answers (output of native code under test
            // on the worker's stdout) are skipped.
            Ok(line) => match protocol::answer(&line, id) {
                // The JVM is shutting down: the end of the stream follows.
                Some(Ok(protocol::Answer::Exiting { reached, executed })) => {
                    *before_exit = Some((reached, executed));
                }
                Some(Ok(answer)) => return Ok(answer),
                Some(Err(why)) => return Err(Wait::Bad(why)),
                None => continue,
            },
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Err(Wait::Died),
        }
    }
}

impl Worker {
    /// The exit status of a worker whose output ended.
    pub(super) fn wait_exit(&mut self) -> Option<ExitStatus> {
        // Its stdout closed: it is exiting; give it a moment, then insist.
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }

    /// The most telling line the worker printed on stderr, as `: line`.
    pub(super) fn detail(&self) -> String {
        // The stderr reader may still be draining the last lines.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr.lock().map(|t| t.clone()).unwrap_or_default();
        let pick = tail
            .iter()
            .find(|l| {
                [
                    "SIGSEGV",
                    "SIGBUS",
                    "SIGILL",
                    "Internal Error",
                    "fatal error",
                ]
                .iter()
                .any(|k| l.contains(k))
            })
            .or_else(|| {
                tail.iter()
                    .rev()
                    .find(|l| !l.trim().trim_matches('#').is_empty())
            });
        match pick {
            Some(l) => {
                let l = l.trim().trim_start_matches('#').trim();
                let short: String = l.chars().take(200).collect();
                format!(": {short}")
            }
            None => String::new(),
        }
    }
}

/// Keeps the last lines the worker printed outside the protocol.
pub(super) fn push_tail(tail: &Mutex<VecDeque<String>>, line: String) {
    if let Ok(mut t) = tail.lock() {
        if t.len() == 40 {
            t.pop_front();
        }
        t.push_back(line);
    }
}

#[cfg(unix)]
pub(super) fn signal(s: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    s.signal()
}

#[cfg(not(unix))]
pub(super) fn signal(_: ExitStatus) -> Option<i32> {
    None
}
