//! Checkpoints: the moments of a budgeted `jaut cover` run at which the
//! benchmark keeps the test files, as a user stopping the run then would
//! keep them. jaut rewrites its test files atomically (a temporary file and
//! a rename) as targets settle, so a copy taken while it runs is always a
//! set of whole files.
//!
//! [`schedule`] picks the times for a budget; [`snapshot`] copies the
//! `.java` files and fingerprints them, so two checkpoints with the same
//! files are measured once.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;

use crate::real::junit;

/// Checkpoint times of a whole-class run, seconds.
pub const CLASS_LADDER: [u64; 4] = [10, 30, 60, 120];

/// Checkpoint times of a whole-jar run, seconds.
pub const JAR_LADDER: [u64; 6] = [10, 30, 60, 120, 300, 600];

/// The checkpoints of a run with `budget` seconds: the times of `ladder`
/// before the budget, then the budget itself, which stands for the files
/// the run leaves when it ends (it may end before its budget, or a little
/// after, as the targets in progress finish).
pub fn schedule(ladder: &[u64], budget: u64) -> Vec<u64> {
    let mut times: Vec<u64> = ladder.iter().copied().filter(|&t| t < budget).collect();
    times.push(budget);
    times
}

/// What a set of test files holds: their relative paths and contents,
/// hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    pub files: usize,
    hash: u64,
}

/// Copies the `.java` files under `from` to the same relative paths under
/// `to` (created, even when there is nothing to copy) and fingerprints
/// them. A file that disappears while being copied is skipped.
pub fn snapshot(from: &Path, to: &Path) -> anyhow::Result<Fingerprint> {
    std::fs::create_dir_all(to)?;
    let mut hasher = DefaultHasher::new();
    let mut files = 0;
    // Sorted by path, so the fingerprint does not depend on the listing order.
    for f in junit::test_files(from)? {
        let bytes = match std::fs::read(&f.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(anyhow::anyhow!("reading {}: {e}", f.path.display())),
        };
        let rel = f.path.strip_prefix(from)?;
        let dest = to.join(rel);
        std::fs::create_dir_all(dest.parent().expect("a parent"))?;
        std::fs::write(&dest, &bytes)?;
        rel.hash(&mut hasher);
        bytes.hash(&mut hasher);
        files += 1;
    }
    Ok(Fingerprint {
        files,
        hash: hasher.finish(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_before_the_budget_then_the_budget() {
        assert_eq!(schedule(&CLASS_LADDER, 120), [10, 30, 60, 120]);
        assert_eq!(schedule(&CLASS_LADDER, 20), [10, 20]);
        assert_eq!(schedule(&CLASS_LADDER, 100), [10, 30, 60, 100]);
        assert_eq!(schedule(&CLASS_LADDER, 300), [10, 30, 60, 120, 300]);
        assert_eq!(schedule(&CLASS_LADDER, 5), [5]);
        assert_eq!(schedule(&JAR_LADDER, 600), [10, 30, 60, 120, 300, 600]);
        assert_eq!(schedule(&JAR_LADDER, 60), [10, 30, 60]);
    }

    #[test]
    fn snapshots_copy_java_files_and_fingerprint_them() {
        let root = std::env::temp_dir().join(format!("jaut-bench-snapshot-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let out = root.join("out");
        std::fs::create_dir_all(out.join("p/q")).unwrap();
        std::fs::write(out.join("p/q/AJautTest.java"), "@Test\nvoid a() {}\n").unwrap();
        std::fs::write(out.join("jaut-cover.md"), "report").unwrap();
        std::fs::write(out.join("p/q/AJautTest.java.jaut-1.tmp"), "half").unwrap();
        let a = snapshot(&out, &root.join("at-10s")).unwrap();
        assert_eq!(a.files, 1);
        assert!(root.join("at-10s/p/q/AJautTest.java").is_file());
        assert!(!root.join("at-10s/jaut-cover.md").exists());
        assert_eq!(snapshot(&out, &root.join("at-30s")).unwrap(), a);
        std::fs::write(out.join("p/q/AJautTest.java"), "@Test\nvoid b() {}\n").unwrap();
        assert_ne!(snapshot(&out, &root.join("at-60s")).unwrap(), a);
        let empty = snapshot(&root.join("none"), &root.join("at-0s")).unwrap();
        assert_eq!(empty.files, 0);
        assert!(root.join("at-0s").is_dir());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
