//! `jaut TARGET -m M --pc N --cfg-svg FILE`: the method's CFG as SVG with
//! the path the search found drawn on it — its blocks filled, its edges
//! thick and blue, the target's block outlined in red (Graphviz `dot`,
//! [`jaut::cfg::svg`]).

use std::path::Path;

use super::target::UserError;
use jaut::cfg::{svg, CfgText, DotStyle};
use jaut::classfile::{Class, Method};
use jaut::pipeline::{Outcome, Verdict};
use jaut::program::Program;

/// The fill of the path's blocks.
const PATH_FILL: &str = "#bbdefb";

/// Refusals that depend only on the arguments, made before the search:
/// `dot` missing, or `file` there already (unless `force`).
pub fn check(file: &Path, force: bool) -> Result<(), UserError> {
    svg::check_dot().map_err(|e| UserError(format!("--cfg-svg: {e}")))?;
    if file.exists() && !force {
        return Err(UserError(format!(
            "{} exists; use --force to overwrite it",
            file.display()
        )));
    }
    Ok(())
}

/// Draws the CFG of `method` with the path of `outcome` (when a state was
/// found) and the target `pc`, into `file`.
pub fn write(
    cp: &Program,
    class: &Class,
    method: &Method,
    pc: Option<u32>,
    outcome: &Outcome,
    file: &Path,
) -> Result<(), UserError> {
    let code = method
        .code
        .as_ref()
        .ok_or_else(|| UserError(format!("{}: no code", method.name)))?;
    let cfg = cp
        .analyses()
        .cfg(cp, class, method)
        .map_err(|e| UserError(format!("{}.{method}: {e}", class.java_name())))?;
    let mut style = DotStyle {
        font_size: Some(10),
        ..DotStyle::default()
    };
    let block_start = |pc: u32| cfg.block_of(pc).and_then(|b| cfg.block(b)).map(|b| b.start);
    if let Some(target) = pc.and_then(block_start) {
        style.outlined.insert(target);
    }
    let verdict = outcome.verdict.name();
    let mut steps = 0;
    if let Verdict::Reached(r) = &outcome.verdict {
        // The path's steps in the method itself (callees have CFGs of their own).
        let root = r.path.first().map(|s| s.method.clone());
        let blocks: Vec<u32> = r
            .path
            .iter()
            .filter(|s| Some(&s.method) == root.as_ref())
            .filter_map(|s| block_start(s.pc))
            .collect();
        steps = blocks.len();
        for &b in &blocks {
            style.fill.insert(b, PATH_FILL.to_string());
        }
        for pair in blocks.windows(2) {
            style.path.insert((pair[0], pair[1]));
        }
    }
    style.title = Some(format!(
        "{}.{}{}{}: {verdict}{}",
        class.java_name(),
        method.name,
        method.descriptor,
        pc.map_or(String::new(), |pc| format!(" pc {pc}")),
        if steps > 0 {
            "; the path found in blue, the target outlined in red"
        } else {
            ""
        }
    ));
    let dot = CfgText {
        cfg: &cfg,
        code,
        frames: None,
    }
    .dot_styled(&style);
    let svg = svg::render(&dot).map_err(|e| UserError(format!("--cfg-svg: {e}")))?;
    super::cover::write_atomically(file, &format!("{svg}\n"))
}
