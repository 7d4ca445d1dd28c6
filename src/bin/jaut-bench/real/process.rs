//! Child processes (jaut, javac, java) with their output in files and a
//! wall-time limit: output in files cannot fill a pipe and block the
//! child, and a generated test that loops is killed instead of hanging the
//! benchmark (and reported as such).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a child may run.
#[derive(Debug, Clone, Copy)]
pub struct Limit(pub Duration);

impl Limit {
    pub fn secs(s: u64) -> Limit {
        Limit(Duration::from_secs(s))
    }
}

/// A child that ended, or was killed at its limit.
#[derive(Debug)]
pub struct Finished {
    /// `None` when the child was killed at its limit.
    pub status: Option<ExitStatus>,
    pub elapsed: Duration,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
}

impl Finished {
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }

    pub fn timed_out(&self) -> bool {
        self.status.is_none()
    }

    pub fn stdout_text(&self) -> String {
        std::fs::read(&self.stdout)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    pub fn stderr_text(&self) -> String {
        std::fs::read(&self.stderr)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    }

    /// The first `n` non-empty lines of stderr, joined by ` / `.
    pub fn stderr_head(&self, n: usize) -> String {
        let text = self.stderr_text();
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(n)
            .collect();
        if lines.is_empty() {
            match self.status {
                None => "killed at its time limit".into(),
                Some(s) => format!("no output on stderr ({s})"),
            }
        } else {
            lines.join(" / ")
        }
    }
}

/// Runs `cmd` with stdout in `<base>.out` and stderr in `<base>.err`,
/// killing it after `limit`.
pub fn run_logged(cmd: Command, base: &Path, limit: Limit) -> anyhow::Result<Finished> {
    run_watched(cmd, base, limit, Duration::MAX, |_, _| {})
}

/// [`run_logged`], calling `watch` with the child's pid and the time since
/// it started every `every` while it runs (first at `every`).
pub fn run_watched(
    mut cmd: Command,
    base: &Path,
    limit: Limit,
    every: Duration,
    mut watch: impl FnMut(u32, Duration),
) -> anyhow::Result<Finished> {
    let with = |ext: &str| {
        let mut p = base.as_os_str().to_owned();
        p.push(ext);
        PathBuf::from(p)
    };
    let (stdout, stderr) = (with(".out"), with(".err"));
    let program = cmd.get_program().to_string_lossy().into_owned();
    let started = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout)?)
        .stderr(std::fs::File::create(&stderr)?)
        .spawn()
        .map_err(|e| anyhow::anyhow!("cannot run {program}: {e}"))?;
    let mut next_watch = every;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break Some(s);
        }
        let elapsed = started.elapsed();
        if elapsed >= limit.0 {
            // The child is ours (spawned just above); kill it by its handle.
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        if elapsed >= next_watch {
            watch(child.id(), elapsed);
            next_watch = next_watch.saturating_add(every);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok(Finished {
        status,
        elapsed: started.elapsed(),
        stdout,
        stderr,
    })
}
