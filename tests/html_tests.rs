//! The HTML report (`jaut cover --html FILE`) and the CFG drawing of one
//! target (`--cfg-svg FILE`): the page is well-formed and self-contained,
//! has one Fig. 5 table and one CFG per method with the verdicts'
//! colours; the path found is drawn; a missing Graphviz is exit 2.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use support::{jaut, stderr};

const REACHED: &str = "#c8e6c9";
const UNREACHABLE: &str = "#e0e0e0";
const UNKNOWN: &str = "#ffccbc";

fn class_file(name: &str) -> String {
    support::sample_class(name).display().to_string()
}

/// HTML's void elements, which have no end tag.
const VOID: [&str; 6] = ["meta", "br", "hr", "img", "input", "link"];

/// Checks that every element opened is closed, in order (self-closing
/// `<x/>` and void elements aside); returns the elements' names in order.
fn well_formed(html: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").expect("a comment ends");
            rest = &after[end + 3..];
            continue;
        }
        let end = rest.find('>').expect("a tag ends");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(open, name.trim(), "</{name}> closes <{open}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '/')
            .collect();
        seen.push(name.clone());
        if !tag.ends_with('/') && !VOID.contains(&name.as_str()) {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "left open: {stack:?}");
    seen
}

fn run_cover_html(dir: &Path, extra: &[&str]) -> (Output, String) {
    let html = dir.join("report.html");
    let mut args = vec!["cover"];
    args.extend(extra);
    let out = dir.join("tests").display().to_string();
    let file = html.display().to_string();
    args.extend(["--no-times", "--out", &out, "--html", &file]);
    let o = jaut(&args);
    let text = std::fs::read_to_string(&html).unwrap_or_default();
    (o, text)
}

#[test]
fn the_page_has_a_table_and_a_cfg_per_method_with_the_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let (coord, targets, wide) = (
        class_file("coord/Coord"),
        class_file("core/Targets"),
        class_file("cfgcases/Wide"),
    );
    // Reached (moveY), proved unreachable (contradiction), unknown
    // (fields: String.split, which the model does not hold).
    let (o, html) = run_cover_html(
        dir.path(),
        &[
            &coord,
            &targets,
            &wide,
            "-m",
            "moveY",
            "-m",
            "contradiction",
            "-m",
            "fields",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let elements = well_formed(&html);
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{html}");
    let count = |name: &str| elements.iter().filter(|e| *e == name).count();
    assert_eq!(count("section"), 3);
    assert_eq!(count("svg"), 3);
    assert_eq!(html.matches("<table class=\"method\">").count(), 3);
    assert_eq!(html.matches("<table class=\"targets\">").count(), 3);
    // The verdicts: in the target tables, and as the fill of CFG blocks.
    for (class, color) in [
        ("reached", REACHED),
        ("unreachable", UNREACHABLE),
        ("unknown", UNKNOWN),
    ] {
        assert!(html.contains(&format!("<td class=\"text {class}\">{class}</td>")));
        assert!(
            html.contains(&format!("fill=\"{color}\"")),
            "no CFG block filled {color}"
        );
    }
    // Evidence: a test name, a proof, a reason.
    assert!(
        html.contains("<code>CoordJautTest.moveY_line27</code>"),
        "{html}"
    );
    assert!(html.contains("every path refuted"));
    assert!(html.contains("unsupported: call to java.lang.String.split"));
    // Self-contained: no script, stylesheet, image or font fetched.
    for outside in ["<script", "<link", "src=", "url(", "@import"] {
        assert!(!html.contains(outside), "{outside} in the page");
    }
    for href in html.match_indices(" href=\"").map(|(i, _)| &html[i + 7..]) {
        assert!(
            href.starts_with('#'),
            "a link out: {}",
            &href[..40.min(href.len())]
        );
    }
}

/// The page of a small run, each SVG masked (its layout is Graphviz's and
/// may change with its version).
#[test]
fn small_page_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let targets = class_file("core/Targets");
    let (o, html) = run_cover_html(
        dir.path(),
        &[&targets, "-m", "contradiction", "--no-replay"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut masked = String::new();
    let mut rest = html.as_str();
    while let Some(at) = rest.find("<svg") {
        masked.push_str(&rest[..at]);
        let end = rest.find("</svg>").expect("svg ends") + "</svg>".len();
        masked.push_str("<svg><!-- drawn by Graphviz --></svg>");
        rest = &rest[end..];
    }
    masked.push_str(rest);
    insta::assert_snapshot!(masked);
}

#[test]
fn cfg_svg_draws_the_path_found() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("moveY.svg");
    let out = dir.path().join("tests");
    let coord = class_file("coord/Coord");
    let args = [
        coord.as_str(),
        "-m",
        "moveY",
        "--pc",
        "51",
        "--out",
        out.to_str().unwrap(),
        "--cfg-svg",
        svg.to_str().unwrap(),
    ];
    let o = jaut(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    well_formed(&text);
    // Three edges of the path (block0 -> 1 -> 3 -> 4) thick and blue, the
    // target's block outlined in red, the path's blocks filled.
    // (Each edge is a path and an arrowhead; the arrowheads are filled.)
    assert_eq!(text.matches("fill=\"#1565c0\"").count(), 3, "{text}");
    assert!(text.contains("stroke=\"#b71c1c\""));
    assert_eq!(text.matches("fill=\"#bbdefb\"").count(), 4, "{text}");
    assert!(text.contains("reached; the path found in blue"));
    // The file is not overwritten without --force.
    let again = jaut(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("exists; use --force"));
}

#[test]
fn a_missing_graphviz_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let coord = class_file("coord/Coord");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_jaut"))
            .args(args)
            .current_dir(dir.path())
            .env("PATH", "/nonexistent")
            .env("JAVA_HOME", jaut::java_home::java_home().expect("a JDK"))
            .output()
            .unwrap()
    };
    for args in [
        vec!["cover", &coord, "--html", "r.html", "--out", "t"],
        vec![
            &coord,
            "-m",
            "moveY",
            "--pc",
            "51",
            "--cfg-svg",
            "c.svg",
            "--out",
            "t",
        ],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        assert!(
            stderr(&o).contains("Graphviz `dot` not found"),
            "{}",
            stderr(&o)
        );
        assert!(
            std::fs::read_dir(dir.path()).unwrap().next().is_none(),
            "something written"
        );
    }
}
