//! The test classes a run leaves as it goes (issue 34): a run killed
//! before its end (SIGTERM, a CI time limit) keeps the checkpoint's files,
//! so no checkpoint writes a test class javac has not accepted.
//!
//! [`Checkpoint::write`] compiles the test classes whose tests changed
//! since its last call (`check::compile_only`: what javac rejects is taken
//! out, never the file) and writes them; a class that did not change keeps
//! the file written before. [`Keeper`] does it on a thread of its own, with
//! the latest suite it was offered, so the search does not wait for javac
//! (about a second per call): the files on disk are the last checked
//! version, and what was found since is written once checked. A stop
//! request kills the javac running (`check/javac.rs`), so a stopped run
//! ends at once with the last checked files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use super::check::{self, CheckError};
use super::{JunitError, TestSuite};

/// Why a checkpoint's files were not written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("checking the tests: {0}")]
    Check(#[from] CheckError),
    #[error("writing the tests: {0}")]
    Write(#[from] JunitError),
}

/// After a check of `d` seconds, the next waits `PACE * d`: javac takes at
/// most about a third of the run's time (on a machine of two cores, a
/// check every two seconds would take one of them from the search; with 3,
/// the files at 10 s of a class run lagged far behind what it had found).
const PACE: u32 = 2;

/// For this long after the keeper starts, checks run back to back, without
/// the pace's wait: the files of a run's first seconds (what a user
/// stopping it early keeps, the 10 s column of `jaut-bench budget`) would
/// otherwise lag a whole paced wait behind what the first pass and the
/// first rounds found (issue 33).
const EAGER: std::time::Duration = std::time::Duration::from_secs(20);

/// Writes compile-checked copies of a growing suite under `out`.
pub struct Checkpoint {
    out: PathBuf,
    class_path: Vec<PathBuf>,
    work: PathBuf,
    /// Per class under test, the source of its tests as offered (before
    /// the check) when its file was last written.
    written: BTreeMap<String, String>,
}

impl Checkpoint {
    /// Checkpoints under `out`, compiling against `class_path` (the code
    /// under test and its dependencies) in the scratch directory `work`.
    pub fn new(out: &Path, class_path: Vec<PathBuf>, work: PathBuf) -> Checkpoint {
        Checkpoint {
            out: out.to_path_buf(),
            class_path,
            work,
            written: BTreeMap::new(),
        }
    }

    /// Compiles the classes of `suite` whose tests changed since the last
    /// call and writes them (what javac rejects taken out). Returns the
    /// number of test classes written.
    pub fn write(&mut self, suite: &TestSuite) -> Result<usize, CheckpointError> {
        let changed: Vec<String> = suite
            .class_sources()
            .into_iter()
            .filter(|(class, text)| self.written.get(class) != Some(text))
            .map(|(class, _)| class)
            .collect();
        if changed.is_empty() {
            return Ok(0);
        }
        let offered = suite.only(&changed);
        let mut checked = offered.clone();
        let result = check::compile_only(&mut checked, &self.class_path, &self.work);
        let _ = std::fs::remove_dir_all(&self.work);
        result?;
        checked.write(&self.out, true)?;
        for (class, text) in offered.class_sources() {
            self.written.insert(class, text);
        }
        Ok(changed.len())
    }
}

/// A [`Checkpoint`] on a thread of its own: [`offer`](Self::offer) hands
/// it the suite as it is now and returns at once; the thread checks and
/// writes the latest suite offered.
pub struct Keeper {
    offers: Option<mpsc::Sender<TestSuite>>,
    /// Set when the offers still queued are not to be written.
    abandoned: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Keeper {
    /// Starts the thread; `warn` is called on it with what went wrong
    /// (once: a check that cannot be made is not tried again).
    pub fn start(
        mut checkpoint: Checkpoint,
        warn: impl Fn(&CheckpointError) + Send + 'static,
    ) -> Keeper {
        let (tx, rx) = mpsc::channel::<TestSuite>();
        let abandoned = Arc::new(AtomicBool::new(false));
        let skip = Arc::clone(&abandoned);
        let born = Instant::now();
        let thread = std::thread::spawn(move || {
            // The latest suite offered and not yet written, and when the
            // next check may start.
            let mut pending: Option<TestSuite> = None;
            let mut ready_at = Instant::now();
            loop {
                let offer = match pending {
                    None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                    Some(_) => rx.recv_timeout(ready_at.saturating_duration_since(Instant::now())),
                };
                let last = match offer {
                    Ok(suite) => {
                        // Only the latest offer counts: it holds every
                        // earlier one.
                        pending = Some(suite);
                        if Instant::now() < ready_at {
                            continue;
                        }
                        false
                    }
                    Err(RecvTimeoutError::Timeout) => false,
                    Err(RecvTimeoutError::Disconnected) => true,
                };
                while let Ok(newer) = rx.try_recv() {
                    pending = Some(newer);
                }
                let Some(suite) = pending.take() else { return };
                if skip.load(Ordering::SeqCst) {
                    return;
                }
                let started = Instant::now();
                match checkpoint.write(&suite) {
                    Ok(_) => {}
                    Err(CheckpointError::Check(CheckError::Stopped)) => return,
                    Err(e) => {
                        warn(&e);
                        return;
                    }
                }
                if last {
                    return;
                }
                let pace = if born.elapsed() < EAGER { 0 } else { PACE };
                ready_at = Instant::now() + started.elapsed() * pace;
            }
        });
        Keeper {
            offers: Some(tx),
            abandoned,
            thread: Some(thread),
        }
    }

    /// Hands the thread the suite as it is now.
    pub fn offer(&self, suite: TestSuite) {
        if let Some(tx) = &self.offers {
            // A thread that ended (a stop, a check that cannot be made)
            // takes no more: the files stay as it left them.
            let _ = tx.send(suite);
        }
    }

    /// Ends the thread: with `write_pending`, once it has checked and
    /// written the latest suite offered; else once the check under way (if
    /// any) is written, the later offers left. At once after a stop
    /// request, which ends its javac.
    pub fn finish(mut self, write_pending: bool) {
        self.abandoned.store(!write_pending, Ordering::SeqCst);
        self.offers = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{helpers::Helpers, Flavor, TestMethod};
    use super::*;

    fn test(name: &str, pc: u32, body: &[&str]) -> TestMethod {
        TestMethod {
            key: ("twice".into(), "(I)I".into(), pc),
            base_name: name.into(),
            doc: format!("Reaches pc {pc}."),
            comment: vec![format!("Target: Calc.twice(int) pc {pc}")],
            body: body.iter().map(|s| s.to_string()).collect(),
            helpers: Helpers::default(),
            disabled: None,
            generic_call: false,
            reflective: None,
        }
    }

    /// A checkpoint writes what javac accepts, and compiles a class again
    /// only when its tests changed.
    #[test]
    fn a_checkpoint_writes_only_what_compiles() {
        let dir = tempfile::tempdir().unwrap();
        let (out, work) = (dir.path().join("out"), dir.path().join("work"));
        let mut suite = TestSuite::new(Flavor::Junit5);
        suite.classes.insert(
            "calc.Calc".into(),
            vec![
                test("compiles", 0, &["assertEquals(4, 2 + 2);"]),
                test("does_not", 3, &["int four = \"four\";"]),
            ],
        );
        let mut checkpoint = Checkpoint::new(&out, Vec::new(), work.clone());
        assert_eq!(checkpoint.write(&suite).unwrap(), 1);
        let file = out.join("calc/CalcJautTest.java");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("void compiles()"), "{text}");
        assert!(!text.contains("\"four\""), "{text}");
        assert!(!work.exists(), "the scratch directory is left");
        // Unchanged: not compiled again; a new test: the class again.
        assert_eq!(checkpoint.write(&suite).unwrap(), 0);
        suite
            .classes
            .get_mut("calc.Calc")
            .unwrap()
            .push(test("also", 5, &["assertTrue(2 < 3);"]));
        assert_eq!(checkpoint.write(&suite).unwrap(), 1);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("void also()"), "{text}");
    }
}
