//! `jaut cover --shard K/N` and `jaut merge`: the shards of a run over
//! several classes, merged, are the single run byte for byte (tests,
//! jaut-cover.json, jaut-cover.md, the table on stdout); bad shard specs
//! and merge conflicts are one line and exit 2, with nothing written.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use support::{jaut, stderr, stdout};

/// Four classes of three packages: enough for both shards of two to get
/// some (checked below, so the test cannot pass vacuously).
const CLASSES: [&str; 4] = [
    "coord/Coord",
    "lists/DoublyLinkedList",
    "cfgcases/Throw",
    "foo/Foo",
];

fn targets() -> Vec<String> {
    CLASSES
        .iter()
        .map(|c| support::sample_class(c).display().to_string())
        .collect()
}

/// Every file under `dir`, by relative path, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_path_buf();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// `jaut cover` over [`CLASSES`] into `out`, with `extra` arguments.
/// Without the first pass: its runs are cut by wall-clock limits (1 s a
/// run, 5 s a class), so on a loaded machine a shard's first pass and the
/// single run's can keep different tests, which says nothing about shards.
fn cover(out: &Path, extra: &[&str]) -> std::process::Output {
    let targets = targets();
    let mut args: Vec<&str> = vec!["cover"];
    args.extend(targets.iter().map(String::as_str));
    let out = out.display().to_string();
    args.extend([
        "--no-times",
        "--no-first-pass",
        "--jobs",
        "2",
        "--out",
        &out,
    ]);
    args.extend(extra);
    jaut(&args)
}

#[test]
fn shards_merged_equal_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let single = dir.path().join("single");
    let o = cover(&single, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let single_table = stdout(&o);

    let mut shard_dirs = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = dir.path().join(format!("shard{}", &k[..1]));
        let o = cover(&out, &["--shard", k]);
        assert!(o.status.success(), "{k}: {}", stderr(&o));
        let doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("jaut-cover.json")).unwrap()).unwrap();
        let methods = doc["methods"].as_array().unwrap();
        assert!(!methods.is_empty(), "shard {k} covers no class");
        assert!(
            methods.len() < 14,
            "shard {k} covers every method: {}",
            methods.len()
        );
        assert_eq!(doc["shard"]["classes"].as_array().unwrap().len(), 4);
        shard_dirs.push(out);
    }
    let merged = dir.path().join("merged");
    let o = jaut(&[
        "merge",
        // In reverse: the order of the directories does not matter.
        &shard_dirs[1].display().to_string(),
        &shard_dirs[0].display().to_string(),
        "--out",
        &merged.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), single_table);

    let (want, got) = (files(&single), files(&merged));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>()
    );
    assert!(want.len() >= 6, "4 test classes and 2 reports: {want:?}");
    for (path, bytes) in &want {
        assert!(
            got[path] == *bytes,
            "{} differs:\n--- single\n{}\n--- merged\n{}",
            path.display(),
            String::from_utf8_lossy(bytes),
            String::from_utf8_lossy(&got[path])
        );
    }
}

#[test]
fn bad_shards_and_merge_conflicts_are_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for (spec, says) in [
        ("0/2", "K must be between 1 and 2"),
        ("3/2", "K must be between 1 and 2"),
        ("x", "expected K/N"),
        ("1/0", "N must be at least 1"),
    ] {
        let out = dir.path().join("bad");
        let o = cover(&out, &["--shard", spec]);
        assert_eq!(o.status.code(), Some(2), "{spec}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        assert!(stderr(&o).contains(says), "{spec}: {}", stderr(&o));
        assert!(!out.exists(), "{spec}: --out written");
    }

    // Shards of the foo sample alone: one class, so one of the two is empty.
    let foo = support::sample_class("foo/Foo").display().to_string();
    let mut shards = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = dir.path().join(format!("foo{}", &k[..1]));
        let o = jaut(&[
            "cover",
            &foo,
            "--no-times",
            "--shard",
            k,
            "--out",
            &out.display().to_string(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        shards.push(out.display().to_string());
    }
    let merged = dir.path().join("merged");
    let m = merged.display().to_string();
    let merge = |dirs: &[&str]| {
        let mut args = vec!["merge"];
        args.extend(dirs);
        args.extend(["--out", &m]);
        jaut(&args)
    };
    let refused = |o: std::process::Output, says: &str| {
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
        assert!(!merged.exists(), "--out written despite: {}", stderr(&o));
    };
    refused(merge(&[&shards[0]]), "shard 2/2 is missing");
    refused(merge(&[&shards[0], &shards[0]]), "are both shard 1/2");
    refused(merge(&[&shards[0], "/no/such/dir"]), "not a directory");

    // The same test class with two contents.
    let (s1, s2) = (Path::new(&shards[0]), Path::new(&shards[1]));
    let holder = if s1.join("foo/FooJautTest.java").exists() {
        s1
    } else {
        s2
    };
    let other = if holder == s1 { s2 } else { s1 };
    let test = std::fs::read_to_string(holder.join("foo/FooJautTest.java")).unwrap();
    std::fs::create_dir_all(other.join("foo")).unwrap();
    std::fs::write(
        other.join("foo/FooJautTest.java"),
        test.replace("@Test", "@Test // edited"),
    )
    .unwrap();
    refused(
        merge(&[&shards[0], &shards[1]]),
        "foo/FooJautTest.java differs between",
    );
    std::fs::remove_file(other.join("foo/FooJautTest.java")).unwrap();

    // A report of another schema.
    let json = other.join("jaut-cover.json");
    let text = std::fs::read_to_string(&json).unwrap();
    std::fs::write(&json, text.replacen("\"schema\": 2", "\"schema\": 3", 1)).unwrap();
    refused(
        merge(&[&shards[0], &shards[1]]),
        "report schema 3; this jaut merges schema 2",
    );
    std::fs::write(&json, &text).unwrap();

    // A report of a run that was not sharded.
    let plain = dir.path().join("plain");
    let o = jaut(&[
        "cover",
        &foo,
        "--no-times",
        "--out",
        &plain.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    refused(
        merge(&[&shards[0], &plain.display().to_string()]),
        "not the report of a `jaut cover --shard K/N` run",
    );

    // Nothing in --out is overwritten: an existing report is refused.
    let o = merge(&[&shards[0], &shards[1]]);
    assert!(o.status.success(), "{}", stderr(&o));
    let before = files(&merged);
    let again = merge(&[&shards[0], &shards[1]]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("exists; use --force"),
        "{}",
        stderr(&again)
    );
    assert_eq!(files(&merged), before);
}
