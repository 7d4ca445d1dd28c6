//! The HTML report of a cover run (`jaut cover --html FILE`): one
//! self-contained page — inline CSS, inline SVG, no script, nothing
//! fetched — with the summary table, then per method its Fig. 5 row, every
//! target with its verdict and its test, reason or proof, and the method's
//! CFG drawn by Graphviz with each block filled by its target's verdict.
//!
//! Rendered from the report's [`Document`] (as the Markdown is) plus what
//! only the run knows: the CFGs (drawn by the caller, [`method_cfg_dot`])
//! and the JUnit test method each test became.

use std::fmt::Write as _;

use super::document::{By, Document, MethodEntry, TargetEntry, Verdict};
use super::render::{joined, unreachable_why};
use crate::cfg::{CfgText, DotStyle};
use crate::program::Program;

/// Fill colours of the verdicts, in the tables and in the CFGs.
pub const REACHED: &str = "#c8e6c9";
pub const COVERED_BEFORE: &str = "#bbdefb";
pub const UNREACHABLE: &str = "#e0e0e0";
pub const UNKNOWN: &str = "#ffccbc";

/// The colour of a target's verdict.
fn color(t: &TargetEntry) -> &'static str {
    match (t.verdict, t.by) {
        (Verdict::Reached, Some(By::ExistingTests)) => COVERED_BEFORE,
        (Verdict::Reached, _) => REACHED,
        (Verdict::Unreachable, _) => UNREACHABLE,
        (Verdict::Unknown, _) => UNKNOWN,
    }
}

/// `&`, `<`, `>`, `"` and `'` as entities.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The `dot` text of a method's CFG with every target's block filled with
/// its verdict's colour (and the verdict as the block's tooltip); `None`
/// when the class or the CFG cannot be had.
pub fn method_cfg_dot(cp: &Program, m: &MethodEntry) -> Option<String> {
    let class = cp.load(&m.class.replace('.', "/")).ok()?;
    let method = class.method(&m.method, &m.descriptor)?;
    let code = method.code.as_ref()?;
    let cfg = cp.analyses().cfg(cp, &class, method).ok()?;
    let mut style = DotStyle {
        font_size: Some(10),
        ..DotStyle::default()
    };
    for t in m.target_list.iter().filter(|t| t.from.is_none()) {
        style.fill.insert(t.pc, color(t).to_string());
        style
            .tooltip
            .insert(t.pc, format!("pc {}: {}", t.pc, t.verdict.as_str()));
    }
    Some(
        CfgText {
            cfg: &cfg,
            code,
            frames: None,
        }
        .dot_styled(&style),
    )
}

const STYLE: &str = "\
body { font-family: system-ui, sans-serif; margin: 2em; color: #212121; }
h1 { font-size: 1.6em; } h2 { font-size: 1.15em; margin-top: 2.5em; }
code { font-family: ui-monospace, monospace; font-size: 0.95em; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #bdbdbd; padding: 0.25em 0.6em; text-align: right; vertical-align: top; }
th { background: #f5f5f5; }
td.text, th.text { text-align: left; }
table.summary { max-width: 100%; } table.summary code { overflow-wrap: anywhere; }
td.reached { background: #c8e6c9; } td.before { background: #bbdefb; }
td.unreachable { background: #e0e0e0; } td.unknown { background: #ffccbc; }
.legend span { display: inline-block; padding: 0.1em 0.6em; margin-right: 0.5em; border: 1px solid #bdbdbd; }
figure.cfg { margin: 1em 0; overflow-x: auto; }
p.note { color: #616161; }
";

/// The page. `svgs` is parallel to `doc.methods` (each method's CFG as an
/// `<svg>` element, or `None`); `test_name` gives the JUnit test a test
/// became (`CoordJautTest.moveY_line30`), if it was written.
pub fn page(
    doc: &Document,
    svgs: &[Option<String>],
    test_name: &dyn Fn(usize) -> Option<String>,
) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>jaut cover</title>\n<style>\n",
    );
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n<h1>jaut cover</h1>\n");
    let _ = writeln!(
        out,
        "<p>{}. {}.</p>",
        escape(&capitalized(&doc.source_note())),
        escape(&capitalized(&doc.tests_note()))
    );
    let _ = writeln!(
        out,
        "<p class=\"legend\"><span style=\"background:{REACHED}\">reached</span><span style=\"background:{COVERED_BEFORE}\">covered before</span><span style=\"background:{UNREACHABLE}\">unreachable</span><span style=\"background:{UNKNOWN}\">unknown</span></p>"
    );
    summary(&mut out, doc);
    if let Some(plot) = doc.timeline.as_deref().and_then(super::timeline_svg::svg) {
        let _ = writeln!(
            out,
            "<h2>Coverage over time</h2>\n<figure class=\"timeline\">{plot}</figure>"
        );
    }
    for (i, m) in doc.methods.iter().enumerate() {
        method(
            &mut out,
            i,
            m,
            svgs.get(i).and_then(Option::as_deref),
            test_name,
        );
    }
    if let Some(t) = &doc.timing {
        let _ = writeln!(
            out,
            "<p class=\"note\">Time: {:.1} ms wall; search {:.1} ms (solver {:.1} ms, labeling {:.1} ms), replay {:.1} ms.</p>",
            t.wall_ms, t.search_ms, t.solver_ms, t.labeling_ms, t.replay_ms
        );
    }
    out.push_str("</body>\n</html>\n");
    out
}

const FIG5_HEADER: &str = "<th>bytecodes</th><th>targets</th><th>covered before</th><th>covered after</th><th>coverage</th><th>proved unreachable</th><th>unknown</th><th>branches before</th><th>branches after</th><th>time</th>";

fn figures(m: &MethodEntry) -> String {
    let coverage = MethodEntry::coverage_of(m.targets, m.unreachable, m.covered_after);
    let b = &m.branches;
    let branch_coverage = b.coverage();
    format!(
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{}</td><td>{}</td><td>{}/{}</td><td>{}/{} {:.1}%</td><td>{}</td>",
        m.bytecodes,
        m.targets,
        m.covered_before,
        m.covered_after,
        coverage * 100.0,
        m.unreachable,
        m.unknown,
        b.covered_before,
        b.total,
        b.covered_after,
        b.total,
        branch_coverage * 100.0,
        m.time_ms.map_or("-".to_string(), |t| format!("{t:.1} ms"))
    )
}

/// Every method on one line, linking to its section.
fn summary(out: &mut String, doc: &Document) {
    let _ = writeln!(
        out,
        "<table class=\"summary\">\n<tr><th class=\"text\">method</th>{FIG5_HEADER}</tr>"
    );
    for (i, m) in doc.methods.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr><td class=\"text\"><a href=\"#m{i}\"><code>{}</code></a></td>{}</tr>",
            escape(&m.label()),
            figures(m)
        );
    }
    if doc.methods.len() > 1 {
        let mut total = doc.methods[0].clone();
        total.target_list.clear();
        let sum = |f: fn(&MethodEntry) -> usize| doc.methods.iter().map(f).sum::<usize>();
        total.bytecodes = sum(|m| m.bytecodes);
        total.targets = sum(|m| m.targets);
        total.covered_before = sum(|m| m.covered_before);
        total.covered_after = sum(|m| m.covered_after);
        total.unreachable = sum(|m| m.unreachable);
        total.unknown = sum(|m| m.unknown);
        total.branches = Default::default();
        for m in &doc.methods {
            total.branches.add(&m.branches);
        }
        total.time_ms = doc.methods.iter().map(|m| m.time_ms).sum::<Option<f64>>();
        let _ = writeln!(
            out,
            "<tr class=\"total\"><th class=\"text\">total</th>{}</tr>",
            figures(&total)
        );
    }
    out.push_str("</table>\n");
}

/// One method: its Fig. 5 row, its targets, its CFG.
fn method(
    out: &mut String,
    i: usize,
    m: &MethodEntry,
    svg: Option<&str>,
    test_name: &dyn Fn(usize) -> Option<String>,
) {
    let _ = writeln!(
        out,
        "<section class=\"method\" id=\"m{i}\">\n<h2><code>{}</code></h2>",
        escape(&m.label())
    );
    let _ = writeln!(
        out,
        "<table class=\"method\">\n<tr>{FIG5_HEADER}</tr>\n<tr>{}</tr>\n</table>",
        figures(m)
    );
    out.push_str("<table class=\"targets\">\n<tr><th>pc</th><th>line</th><th>block</th><th>depth</th><th class=\"text\">verdict</th><th class=\"text\">test, reason or proof</th></tr>\n");
    for t in &m.target_list {
        let class = match (t.verdict, t.by) {
            (Verdict::Reached, Some(By::ExistingTests)) => "before",
            (v, _) => v.as_str(),
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"text {class}\">{}</td><td class=\"text\">{}</td></tr>",
            match t.from {
                Some(from) => format!("{from} &rarr; {}", t.pc),
                None => t.pc.to_string(),
            },
            t.line.map_or(String::new(), |l| l.to_string()),
            t.block,
            t.depth.map_or("-".to_string(), |d| d.to_string()),
            t.verdict.as_str(),
            why(t, test_name)
        );
    }
    out.push_str("</table>\n");
    match svg {
        Some(svg) => {
            let _ = writeln!(out, "<figure class=\"cfg\">\n{}\n</figure>", svg.trim_end());
        }
        None => out.push_str("<p class=\"note\">No CFG drawing for this method.</p>\n"),
    }
    out.push_str("</section>\n");
}

/// A target's evidence, as HTML: the test that reached it, the reasons it
/// is unknown, or why it is unreachable.
fn why(t: &TargetEntry, test_name: &dyn Fn(usize) -> Option<String>) -> String {
    match (t.verdict, t.by) {
        (Verdict::Reached, Some(By::ExistingTests)) => "covered by the existing tests".into(),
        (Verdict::Reached, _) => {
            let Some(test) = t.test else {
                return String::new();
            };
            let name = test_name(test).map_or(format!("test {test}"), |n| {
                format!("<code>{}</code>", escape(&n))
            });
            let how = match (t.aimed, t.seeded, t.concolic) {
                _ if t.first_pass == Some(true) => {
                    " (the first pass: a simple input run before any search)"
                }
                (_, Some(true), _) => " (a constant-seeded input)",
                (_, _, Some(true)) => " (found by the concolic search)",
                (Some(false), ..) => " (on its way to another target)",
                _ => "",
            };
            format!("{name}{how}")
        }
        (Verdict::Unreachable, by) => escape(&unreachable_why(by, t.conflicts.as_deref())),
        (Verdict::Unknown, _) => escape(&t.reasons.as_deref().map_or(String::new(), joined)),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&#39;");
    }
}
