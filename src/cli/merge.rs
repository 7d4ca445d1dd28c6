//! `jaut merge DIR...`: the output directories of the shards of one
//! `jaut cover --shard K/N` run combined into one — the test classes
//! copied, the JSON and Markdown reports rebuilt as one run's
//! ([`jaut::cover::merge`]). Everything is read and checked before
//! anything is written: a conflict leaves `--out` untouched.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;

use super::cover::{write_atomically, JSON_FILE, REPORT_FILE};
use super::target::UserError;
use super::{AimFormat, ExitStatus};
use jaut::cover::document::SCHEMA;
use jaut::cover::Document;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The --out directories of every shard (`jaut cover --shard K/N`) of
    /// one run, in any order.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,

    /// Where the merged tests and reports go.
    #[arg(long, value_name = "DIR", default_value = "jaut-tests")]
    pub out: PathBuf,

    /// Overwrite files already in --out.
    #[arg(long)]
    pub force: bool,

    /// Output format of the merged summary on stdout.
    #[arg(long, value_enum, default_value_t)]
    pub format: AimFormat,
}

fn user(e: impl std::fmt::Display) -> UserError {
    UserError(e.to_string())
}

/// `jaut merge`.
pub fn merge(args: &MergeArgs) -> Result<(String, ExitStatus), UserError> {
    let mut reports: Vec<(String, Document)> = Vec::new();
    for dir in &args.dirs {
        reports.push((dir.display().to_string(), read_report(dir)?));
    }
    let doc = jaut::cover::merge::merge(&reports).map_err(user)?;
    let tests = test_files(&args.dirs)?;
    check_out(args, &tests)?;

    std::fs::create_dir_all(&args.out)
        .map_err(|e| user(format!("--out {}: {e}", args.out.display())))?;
    for (rel, (_, text)) in &tests {
        let path = args.out.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| user(format!("{}: {e}", parent.display())))?;
        }
        write_atomically(&path, text)?;
    }
    write_atomically(&args.out.join(REPORT_FILE), &doc.markdown())?;
    write_atomically(&args.out.join(JSON_FILE), &doc.to_json_text())?;
    let text = match args.format {
        AimFormat::Text => doc.text(),
        AimFormat::Json => doc.to_json_text(),
    };
    let status = if doc.has_unknown() {
        ExitStatus::Unknown
    } else {
        ExitStatus::Success
    };
    Ok((text, status))
}

/// A shard's `jaut-cover.json`, checked for its schema first so that a
/// report of another version says so rather than which field is missing.
fn read_report(dir: &Path) -> Result<Document, UserError> {
    if !dir.is_dir() {
        return Err(user(format!("{}: not a directory", dir.display())));
    }
    let path = dir.join(JSON_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        user(format!(
            "{}: {e} (is {} the --out of a jaut cover --shard run?)",
            path.display(),
            dir.display()
        ))
    })?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| user(format!("{}: not JSON: {e}", path.display())))?;
    match value.get("schema").and_then(serde_json::Value::as_u64) {
        Some(s) if s == u64::from(SCHEMA) => {}
        Some(s) => {
            return Err(user(format!(
                "{}: report schema {s}; this jaut merges schema {SCHEMA}",
                path.display()
            )))
        }
        None => {
            return Err(user(format!(
                "{}: not a jaut cover report (no schema)",
                path.display()
            )))
        }
    }
    serde_json::from_value(value)
        .map_err(|e| user(format!("{}: not a jaut cover report: {e}", path.display())))
}

/// The test classes of every shard, by path relative to its directory,
/// with the shard they came from. The same file in two shards must have
/// the same content.
fn test_files(dirs: &[PathBuf]) -> Result<BTreeMap<PathBuf, (PathBuf, String)>, UserError> {
    let mut files: BTreeMap<PathBuf, (PathBuf, String)> = BTreeMap::new();
    for dir in dirs {
        for rel in java_files(dir)? {
            let path = dir.join(&rel);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| user(format!("{}: {e}", path.display())))?;
            if let Some((other, before)) = files.get(&rel) {
                if *before != text {
                    return Err(user(format!(
                        "{} differs between {} and {}; the shards are not of one run",
                        rel.display(),
                        other.display(),
                        dir.display()
                    )));
                }
                continue;
            }
            files.insert(rel, (dir.clone(), text));
        }
    }
    Ok(files)
}

/// The `.java` files under `dir`, relative to it, sorted.
fn java_files(dir: &Path) -> Result<Vec<PathBuf>, UserError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let here = dir.join(&rel);
        let entries =
            std::fs::read_dir(&here).map_err(|e| user(format!("{}: {e}", here.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| user(format!("{}: {e}", here.display())))?;
            let name = rel.join(entry.file_name());
            let kind = entry
                .file_type()
                .map_err(|e| user(format!("{}: {e}", name.display())))?;
            if kind.is_dir() {
                stack.push(name);
            } else if name.extension().is_some_and(|e| e == "java") {
                out.push(name);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Nothing the user has is overwritten: without --force, --out must hold
/// no report, and no file where a test class goes unless it is that very
/// class; --out is never one of the shards.
fn check_out(
    args: &MergeArgs,
    tests: &BTreeMap<PathBuf, (PathBuf, String)>,
) -> Result<(), UserError> {
    if args.out.exists() && !args.out.is_dir() {
        return Err(user(format!(
            "--out {}: not a directory",
            args.out.display()
        )));
    }
    if let Ok(out) = args.out.canonicalize() {
        for dir in &args.dirs {
            if dir.canonicalize().is_ok_and(|d| d == out) {
                return Err(user(format!(
                    "--out {} is one of the shards; merge into another directory",
                    args.out.display()
                )));
            }
        }
    }
    if args.force {
        return Ok(());
    }
    for file in [REPORT_FILE, JSON_FILE] {
        let path = args.out.join(file);
        if path.exists() {
            return Err(user(format!(
                "{} exists; use --force to overwrite it",
                path.display()
            )));
        }
    }
    for (rel, (_, text)) in tests {
        let path = args.out.join(rel);
        if path.exists() && std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
            return Err(user(format!(
                "{} exists; use --force to overwrite it",
                path.display()
            )));
        }
    }
    Ok(())
}
