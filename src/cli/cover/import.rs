//! Coverage a run starts from: a JaCoCo report (`--jacoco`) or the
//! project's tests run under JaCoCo (`--tests`); its targets are covered
//! already.

use std::path::{Path, PathBuf};

use super::{user, CoverArgs};
use crate::cli::target::UserError;
use jaut::cover::{self, jacoco::Coverage};

/// Coverage from `--jacoco` or `--tests`, and a description of where it
/// came from.
pub(super) fn import(
    args: &CoverArgs,
    roots: &[PathBuf],
    work: &Path,
) -> Result<Option<(Coverage, String)>, UserError> {
    let source = match (&args.jacoco, &args.tests) {
        (None, None) => return Ok(None),
        (Some(file), _) => {
            if !file.is_file() {
                return Err(user(format!("--jacoco {}: no such file", file.display())));
            }
            (file.clone(), format!("JaCoCo report {}", file.display()))
        }
        (None, Some(dir)) => {
            std::fs::create_dir_all(work).map_err(|e| user(format!("{}: {e}", work.display())))?;
            let mut class_path = roots.to_vec();
            class_path.extend(crate::cli::classpath_entries(&args.classpath));
            // A project's own tests, not those jaut wrote there before:
            // those are the ones this run writes again.
            let skip_generated = args.tests_found;
            let run = match cover::jacoco::run_tests(dir, &class_path, work, skip_generated) {
                Ok(run) => run,
                Err(e) if args.tests_found => {
                    eprintln!("jaut: warning: the project's tests are left out: {e}");
                    return Ok(None);
                }
                Err(e) => return Err(user(e)),
            };
            if !run.passed {
                eprintln!(
                    "jaut: warning: some tests of {} failed ({}); their coverage counts all the same",
                    dir.display(),
                    run.summary
                );
            }
            (
                run.exec,
                format!("the tests in {} ({})", dir.display(), run.summary),
            )
        }
    };
    std::fs::create_dir_all(work).map_err(|e| user(format!("{}: {e}", work.display())))?;
    let coverage = Coverage::load(&source.0, roots, work).map_err(user)?;
    Ok(Some((coverage, source.1)))
}
