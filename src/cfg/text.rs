//! Text forms of a CFG: the listing `jaut cfg` prints (also used by snapshot
//! tests) and Graphviz `dot`, plain or with blocks filled and edges drawn
//! over ([`DotStyle`]: the cover report's verdicts, a path found).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};

use super::{BlockId, Cfg, Edge, Node};
use crate::classfile::Code;
use crate::frames::Frames;

/// A CFG with the code and frames it describes, ready to print.
pub struct CfgText<'a> {
    pub cfg: &'a Cfg,
    pub code: &'a Code,
    pub frames: Option<&'a Frames>,
}

impl CfgText<'_> {
    fn name(&self, id: BlockId) -> String {
        match self.cfg.node(id) {
            Node::Block(_) => format!("block{}", self.cfg.block_number(id).unwrap_or(0)),
            Node::ReturnExit => "return-exit".into(),
            Node::ThrowExit => "throw-exit".into(),
        }
    }

    fn is_back_edge(&self, from: BlockId, to: BlockId) -> bool {
        self.cfg
            .back_edges()
            .iter()
            .any(|(a, b, _)| *a == from && *b == to)
    }

    /// Graphviz: one box per block listing its instructions, exits as
    /// ellipses, exception edges dashed, back edges bold.
    pub fn dot(&self) -> String {
        self.dot_styled(&DotStyle::default())
    }

    /// [`Self::dot`] with `style`'s fills, outlines and path edges.
    pub fn dot_styled(&self, style: &DotStyle) -> String {
        let mut out = String::from("digraph cfg {\n  node [shape=box, fontname=\"monospace\"];\n");
        if let Some(size) = style.font_size {
            let _ = writeln!(
                out,
                "  node [fontsize={size}];\n  edge [fontsize={}, fontname=\"sans-serif\"];\n  graph [fontname=\"sans-serif\"];",
                size.saturating_sub(1).max(1)
            );
        }
        if let Some(title) = &style.title {
            let _ = writeln!(out, "  labelloc=t;\n  label=\"{}\";", escape(title));
        }
        for &id in self.cfg.blocks() {
            let block = self.cfg.block(id).expect("blocks are blocks");
            let mut label = format!("{}\\l", self.name(id));
            for insn in &self.code.instructions[block.indices()] {
                let line = self
                    .code
                    .line_of(insn.pc)
                    .map_or(String::new(), |l| format!("  (line {l})"));
                label.push_str(&escape(&format!("{:>5}: {insn}{line}", insn.pc)));
                label.push_str("\\l");
            }
            let mut attrs = format!("label=\"{label}\"");
            if let Some(fill) = style.fill.get(&block.start) {
                let _ = write!(attrs, ", style=filled, fillcolor=\"{}\"", escape(fill));
            }
            if let Some(tip) = style.tooltip.get(&block.start) {
                let _ = write!(attrs, ", tooltip=\"{}\"", escape(tip));
            }
            if style.outlined.contains(&block.start) {
                attrs.push_str(", penwidth=3, color=\"#b71c1c\"");
            }
            let _ = writeln!(out, "  {} [{attrs}];", self.name(id).replace('-', "_"));
        }
        out.push_str("  return_exit [shape=ellipse, label=\"return\"];\n");
        out.push_str("  throw_exit [shape=ellipse, label=\"throw\"];\n");
        for (from, to, edge) in self.cfg.edges() {
            let mut attrs = vec![format!("label=\"{}\"", escape(&short_label(edge)))];
            if edge.is_exceptional() {
                attrs.push("style=dashed".into());
            }
            let on_path = match (self.cfg.block(from), self.cfg.block(to)) {
                (Some(a), Some(b)) => style.path.contains(&(a.start, b.start)),
                _ => false,
            };
            if on_path {
                attrs.push(format!("penwidth=3, color=\"{PATH_COLOR}\""));
            } else if self.is_back_edge(from, to) {
                attrs.push("penwidth=2".into());
            }
            let _ = writeln!(
                out,
                "  {} -> {} [{}];",
                self.name(from).replace('-', "_"),
                self.name(to).replace('-', "_"),
                attrs.join(", ")
            );
        }
        out.push_str("}\n");
        out
    }
}

/// The colour of the edges a path takes.
pub const PATH_COLOR: &str = "#1565c0";

/// What [`CfgText::dot_styled`] adds to the plain graph, by block start pc.
#[derive(Debug, Clone, Default)]
pub struct DotStyle {
    /// Fill colours (`#c8e6c9`).
    pub fill: BTreeMap<u32, String>,
    /// Text shown when the pointer is over the block.
    pub tooltip: BTreeMap<u32, String>,
    /// Blocks drawn with a thick red outline (a target).
    pub outlined: BTreeSet<u32>,
    /// Edges between blocks drawn thick, in [`PATH_COLOR`]: `(from, to)`.
    pub path: BTreeSet<(u32, u32)>,
    /// A caption above the graph.
    pub title: Option<String>,
    /// Font size of the blocks, in points (Graphviz's default is 14); edge
    /// labels get one point less, in a sans-serif font.
    pub font_size: Option<u32>,
}

impl fmt::Display for CfgText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &id in self.cfg.blocks() {
            let block = self.cfg.block(id).expect("blocks are blocks");
            let mut tags = Vec::new();
            if id == self.cfg.entry() {
                tags.push("entry".to_string());
            }
            if self.cfg.is_loop_header(id) {
                tags.push("loop header".into());
            }
            if !self.cfg.is_reachable(id) {
                tags.push("unreachable".into());
            }
            if let Some(d) = self.cfg.idom(id) {
                tags.push(format!("idom {}", self.name(d)));
            }
            writeln!(
                f,
                "{}: pc {}..{}{}",
                self.name(id),
                block.start,
                block.end,
                if tags.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", tags.join(", "))
                }
            )?;
            if let Some(frame) = self.frames.and_then(|fr| fr.at(block.start)) {
                writeln!(f, "  frame: {frame}")?;
            }
            for insn in &self.code.instructions[block.indices()] {
                let line = self
                    .code
                    .line_of(insn.pc)
                    .map_or(String::new(), |l| format!("line {l}"));
                let stack = self
                    .frames
                    .and_then(|fr| fr.at(insn.pc))
                    .map(|fr| {
                        let items: Vec<String> = fr.stack.iter().map(|t| t.to_string()).collect();
                        format!("stack [{}]", items.join(", "))
                    })
                    .unwrap_or_default();
                writeln!(
                    f,
                    "  {:>5}: {:<44} {:<9} {stack}",
                    insn.pc,
                    insn.to_string(),
                    line
                )?;
            }
            for (to, edge) in self.cfg.succs(id) {
                let back = if self.is_back_edge(id, to) {
                    "  (back edge)"
                } else {
                    ""
                };
                writeln!(f, "  -> {}: {edge}{back}", self.name(to))?;
            }
        }
        Ok(())
    }
}

/// A compact edge label for dot.
fn short_label(edge: &Edge) -> String {
    match edge {
        Edge::FallThrough => String::new(),
        Edge::Goto { .. } => "goto".into(),
        Edge::Branch { taken, cond, .. } => {
            format!("{} {}", if *taken { "T" } else { "F" }, cond.symbol())
        }
        Edge::Switch { key, .. } => match key {
            super::SwitchKey::Case(k) => format!("case {k}"),
            super::SwitchKey::Default => "default".into(),
        },
        Edge::Exception {
            thrown, catch_type, ..
        } => format!(
            "{thrown} / {}",
            catch_type.as_deref().map_or("finally".to_string(), |c| c
                .rsplit('/')
                .next()
                .unwrap_or(c)
                .to_string())
        ),
        Edge::Return { .. } => "return".into(),
        Edge::Uncaught { thrown, .. } => format!("{thrown}"),
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}
