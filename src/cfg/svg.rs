//! A CFG drawn as SVG: the `dot` text of [`super::CfgText`] laid out by
//! Graphviz's `dot` program (`dot -Tsvg`), run as a child process. The SVG
//! element alone is kept (no XML prolog or doctype), so it can be written
//! to a file or inlined in an HTML page.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// The Graphviz program.
pub const DOT: &str = "dot";

/// Why a CFG could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum SvgError {
    #[error("Graphviz `dot` not found on PATH (Debian: apt-get install graphviz; scripts/setup.sh installs it)")]
    Missing,
    #[error("Graphviz `dot` failed: {0}")]
    Failed(String),
}

/// Whether `dot` can be run: checked before a run that will need it.
pub fn check_dot() -> Result<(), SvgError> {
    match Command::new(DOT)
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
    {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(SvgError::Failed(format!("`dot -V` exited with {s}"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(SvgError::Missing),
        Err(e) => Err(SvgError::Failed(e.to_string())),
    }
}

/// `dot` text laid out as SVG: the `<svg>` element, from its start tag to
/// the end.
pub fn render(dot: &str) -> Result<String, SvgError> {
    let mut child = Command::new(DOT)
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => SvgError::Missing,
            _ => SvgError::Failed(e.to_string()),
        })?;
    // dot reads all its input before it writes, so writing first cannot
    // deadlock.
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(dot.as_bytes());
    let out = child
        .wait_with_output()
        .map_err(|e| SvgError::Failed(e.to_string()))?;
    if !out.status.success() {
        return Err(SvgError::Failed(
            String::from_utf8_lossy(&out.stderr).trim().to_string(),
        ));
    }
    written.map_err(|e| SvgError::Failed(e.to_string()))?;
    let svg = String::from_utf8_lossy(&out.stdout);
    let start = svg
        .find("<svg")
        .ok_or_else(|| SvgError::Failed("no <svg> element in its output".into()))?;
    Ok(svg[start..].to_string())
}
