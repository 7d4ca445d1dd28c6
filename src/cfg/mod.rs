//! Control-flow graphs of methods, with edges that say what they mean.
//!
//! A [`Cfg`] holds the method's basic blocks and two exit nodes, one for
//! normal returns and one for exceptions that leave the method. Blocks start
//! at pc 0, at branch and switch targets, at exception handlers and after
//! any instruction that ends a block (branches, returns, `athrow`).
//!
//! Every edge carries an [`Edge`] label: fall-through, `goto`, a conditional
//! branch taken or not with its condition, a switch key or default, an
//! exception edge from the instruction that throws into the handler that
//! catches it, or an exit. Blocks are not split at instructions that can
//! throw; instead an exception edge names the pc of the throwing instruction,
//! and a backward search stepping over it resumes just before that pc.
//!
//! Exception edges follow the exception table in order (JVMS §2.10): an
//! implicit exception (say `NullPointerException` from `getfield`) goes to
//! the first handler whose catch type is a superclass of it and no further;
//! a call or `athrow` can throw anything, so it has an edge to every covering
//! handler until a catch-all, and else an edge out of the method.
//!
//! Dominators (Cooper, Harvey & Kennedy, "A Simple, Fast Dominance
//! Algorithm", via petgraph), back edges (to a dominator) and loop headers
//! are computed with the graph.

mod build;
mod joins;
pub mod svg;
mod text;

use std::collections::BTreeSet;
use std::fmt;

use petgraph::algo::dominators::Dominators;
use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

use crate::classfile::bytecode::Cond;
use crate::classfile::Pc;

pub use text::{CfgText, DotStyle};

/// A node of the graph: a basic block or one of the two exits.
pub type BlockId = NodeIndex<u32>;

/// The CFG could not be built.
#[derive(Debug, Clone, thiserror::Error)]
#[error("pc {pc}: {message}")]
pub struct CfgError {
    pub pc: Pc,
    pub message: String,
}

/// A straight-line run of instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Pc of the first instruction.
    pub start: Pc,
    /// Pc just after the last instruction.
    pub end: Pc,
    /// Indices into `Code::instructions` of the block's instructions.
    pub first: usize,
    pub last: usize,
}

impl Block {
    pub fn indices(&self) -> std::ops::RangeInclusive<usize> {
        self.first..=self.last
    }

    pub fn contains(&self, pc: Pc) -> bool {
        self.start <= pc && pc < self.end
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Block(Block),
    /// Reached from every `*return`.
    ReturnExit,
    /// Reached by every exception that leaves the method.
    ThrowExit,
}

/// How the operands of a conditional branch are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operands {
    /// `ifeq` … `ifle`: an int against 0.
    IntZero,
    /// `if_icmp*`: two ints.
    IntInt,
    /// `if_acmp*`: two references.
    RefRef,
    /// `ifnull`/`ifnonnull`: a reference against null.
    RefNull,
}

/// A switch edge's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwitchKey {
    Case(i32),
    Default,
}

/// Which exception an exception edge carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thrown {
    /// An exception the JVM raises itself, by internal class name.
    Implicit(&'static str),
    /// Whatever a call or `athrow` throws; the catch type (or the edge's
    /// absence of one) tells which classes can take this edge.
    Any,
}

/// What an edge means; the backward search asserts it when stepping back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edge {
    /// Into the next block, which starts at a jump target.
    FallThrough,
    /// `goto` or `goto_w` at `pc`.
    Goto { pc: Pc },
    /// The conditional branch at `pc`, taken or not. `cond` is what holds
    /// along this edge: the instruction's condition when taken, its negation
    /// when not.
    Branch {
        pc: Pc,
        taken: bool,
        cond: Cond,
        operands: Operands,
    },
    /// The switch at `pc`, for one key or the default.
    Switch { pc: Pc, key: SwitchKey },
    /// An exception raised by the instruction at `pc`, caught by a handler
    /// with this catch type (`None` for `finally`).
    Exception {
        pc: Pc,
        thrown: Thrown,
        catch_type: Option<String>,
    },
    /// The return at `pc`, into the return exit.
    Return { pc: Pc },
    /// An exception raised at `pc` that no handler catches, into the throw exit.
    Uncaught { pc: Pc, thrown: Thrown },
}

impl Edge {
    /// Pc of the instruction the edge leaves from, if it is not a fall-through.
    pub fn source_pc(&self) -> Option<Pc> {
        match self {
            Edge::FallThrough => None,
            Edge::Goto { pc }
            | Edge::Branch { pc, .. }
            | Edge::Switch { pc, .. }
            | Edge::Exception { pc, .. }
            | Edge::Return { pc }
            | Edge::Uncaught { pc, .. } => Some(*pc),
        }
    }

    pub fn is_exceptional(&self) -> bool {
        matches!(self, Edge::Exception { .. } | Edge::Uncaught { .. })
    }
}

impl fmt::Display for Thrown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Thrown::Implicit(c) => f.write_str(&c.replace('/', ".")),
            Thrown::Any => f.write_str("any"),
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edge::FallThrough => f.write_str("fall-through"),
            Edge::Goto { pc } => write!(f, "goto at {pc}"),
            Edge::Branch {
                pc,
                taken,
                cond,
                operands,
            } => {
                let test = match operands {
                    Operands::IntZero => format!("value {} 0", cond.symbol()),
                    Operands::IntInt => format!("value1 {} value2", cond.symbol()),
                    Operands::RefRef => format!("ref1 {} ref2", cond.symbol()),
                    Operands::RefNull => format!("ref {} null", cond.symbol()),
                };
                let how = if *taken { "taken" } else { "not taken" };
                write!(f, "branch at {pc} {how}: {test}")
            }
            Edge::Switch { pc, key } => match key {
                SwitchKey::Case(k) => write!(f, "switch at {pc}: case {k}"),
                SwitchKey::Default => write!(f, "switch at {pc}: default"),
            },
            Edge::Exception {
                pc,
                thrown,
                catch_type,
            } => {
                let caught = catch_type
                    .as_deref()
                    .map_or_else(|| "any (finally)".to_string(), |c| c.replace('/', "."));
                write!(f, "exception at {pc}: {thrown} caught as {caught}")
            }
            Edge::Return { pc } => write!(f, "return at {pc}"),
            Edge::Uncaught { pc, thrown } => write!(f, "exception at {pc}: {thrown} uncaught"),
        }
    }
}

/// The control-flow graph of one method.
pub struct Cfg {
    graph: DiGraph<Node, Edge, u32>,
    /// Block ids in pc order (the entry block first).
    blocks: Vec<BlockId>,
    return_exit: BlockId,
    throw_exit: BlockId,
    dominators: Dominators<BlockId>,
    back_edges: Vec<EdgeIndex<u32>>,
    loop_headers: BTreeSet<BlockId>,
}

impl Cfg {
    pub fn entry(&self) -> BlockId {
        self.blocks[0]
    }

    pub fn return_exit(&self) -> BlockId {
        self.return_exit
    }

    pub fn throw_exit(&self) -> BlockId {
        self.throw_exit
    }

    /// The basic blocks in pc order.
    pub fn blocks(&self) -> &[BlockId] {
        &self.blocks
    }

    pub fn node(&self, id: BlockId) -> &Node {
        &self.graph[id]
    }

    /// The block with this id; `None` for the exits.
    pub fn block(&self, id: BlockId) -> Option<&Block> {
        match &self.graph[id] {
            Node::Block(b) => Some(b),
            _ => None,
        }
    }

    /// The block holding the instruction at `pc`.
    pub fn block_of(&self, pc: Pc) -> Option<BlockId> {
        let idx = self
            .blocks
            .partition_point(|&b| self.block(b).is_some_and(|blk| blk.start <= pc));
        let id = *self.blocks.get(idx.checked_sub(1)?)?;
        self.block(id)?.contains(pc).then_some(id)
    }

    /// Position of a block in pc order, for display (`block3`).
    pub fn block_number(&self, id: BlockId) -> Option<usize> {
        self.blocks.iter().position(|&b| b == id)
    }

    /// Predecessors with the edge that leads from each into `id`.
    pub fn preds(&self, id: BlockId) -> Vec<(BlockId, &Edge)> {
        let mut v: Vec<_> = self
            .graph
            .edges_directed(id, Direction::Incoming)
            .map(|e| (e.source(), e.weight()))
            .collect();
        v.sort_by_key(|(b, e)| (b.index(), e.source_pc()));
        v
    }

    /// Successors with the edge leading to each.
    pub fn succs(&self, id: BlockId) -> Vec<(BlockId, &Edge)> {
        let mut v: Vec<_> = self
            .graph
            .edges_directed(id, Direction::Outgoing)
            .map(|e| (e.target(), e.weight()))
            .collect();
        v.sort_by_key(|(b, e)| (b.index(), e.source_pc()));
        v
    }

    /// Whether `a` dominates `b` (every path from the entry to `b` passes `a`).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        self.dominators
            .dominators(b)
            .is_some_and(|mut ds| ds.any(|d| d == a))
    }

    /// The immediate dominator of a block; `None` for the entry and for
    /// blocks no path from the entry reaches.
    pub fn idom(&self, id: BlockId) -> Option<BlockId> {
        self.dominators.immediate_dominator(id)
    }

    pub fn is_reachable(&self, id: BlockId) -> bool {
        id == self.entry() || self.idom(id).is_some()
    }

    /// Edges into a block that dominates their source: each closes a loop.
    pub fn back_edges(&self) -> Vec<(BlockId, BlockId, &Edge)> {
        self.back_edges
            .iter()
            .map(|&e| {
                let (a, b) = self.graph.edge_endpoints(e).expect("edge exists");
                (a, b, &self.graph[e])
            })
            .collect()
    }

    pub fn is_loop_header(&self, id: BlockId) -> bool {
        self.loop_headers.contains(&id)
    }

    pub fn loop_headers(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.loop_headers.iter().copied()
    }

    /// All edges, as (from, to, label).
    pub fn edges(&self) -> impl Iterator<Item = (BlockId, BlockId, &Edge)> {
        self.graph
            .edge_references()
            .map(|e| (e.source(), e.target(), e.weight()))
    }

    /// The underlying graph, for algorithms petgraph provides.
    pub fn graph(&self) -> &DiGraph<Node, Edge, u32> {
        &self.graph
    }
}
