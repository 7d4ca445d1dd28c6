//! Building a method's [`Cfg`]: the leaders where blocks start, the
//! blocks, each block's edges — exception edges in exception-table order
//! (JVMS §2.10), then the edges of its last instruction — and the
//! dominators, back edges and loop headers (Cooper, Harvey & Kennedy, "A
//! Simple, Fast Dominance Algorithm", via petgraph).

use std::collections::BTreeSet;

use petgraph::algo::dominators::{self, Dominators};
use petgraph::graph::{DiGraph, EdgeIndex};
use petgraph::visit::EdgeRef;

use super::{Block, BlockId, Cfg, CfgError, Edge, Node, Operands, SwitchKey, Thrown};
use crate::classfile::bytecode::{Instruction, Throws};
use crate::classfile::{Code, Op, Pc};
use crate::classpath::ClassPath;

impl Cfg {
    /// Builds the CFG of a method's code. The class path decides which
    /// handlers can catch implicit exceptions; a catch type missing from it
    /// is assumed to catch them (the edge is kept, never dropped).
    pub fn build(cp: &ClassPath, code: &Code) -> Result<Cfg, CfgError> {
        let insns = &code.instructions;
        if insns.is_empty() {
            return Err(CfgError {
                pc: 0,
                message: "empty code".into(),
            });
        }
        let leaders = leaders(code)?;
        let mut graph = DiGraph::<Node, Edge, u32>::default();
        let (blocks, block_of_insn) = add_blocks(&mut graph, insns, &leaders);
        let return_exit = graph.add_node(Node::ReturnExit);
        let throw_exit = graph.add_node(Node::ThrowExit);
        let block_at = |pc: Pc| -> Result<BlockId, CfgError> {
            Ok(blocks[block_of_insn[index_of(code, pc)?]])
        };

        for (b, &id) in blocks.iter().enumerate() {
            let Node::Block(block) = &graph[id] else {
                unreachable!("blocks holds block nodes")
            };
            let block = block.clone();
            // Exception edges from every instruction of the block that can throw.
            for insn in &insns[block.indices()] {
                for (target, edge) in exception_edges(cp, code, insn.pc, insn.op.throws()) {
                    let to = match target {
                        Some(h) => block_at(h)?,
                        None => throw_exit,
                    };
                    graph.add_edge(id, to, edge);
                }
            }
            let next = blocks.get(b + 1).copied();
            let out = successors(&insns[block.last], next, &block_at, return_exit)?;
            for (to, edge) in out {
                graph.add_edge(id, to, edge);
            }
        }

        let dominators = dominators::simple_fast(&graph, blocks[0]);
        let (back_edges, loop_headers) = loops(&graph, &dominators);
        Ok(Cfg {
            graph,
            blocks,
            return_exit,
            throw_exit,
            dominators,
            back_edges,
            loop_headers,
        })
    }
}

/// The index of the instruction at `pc`.
fn index_of(code: &Code, pc: Pc) -> Result<usize, CfgError> {
    code.index_of(pc).ok_or_else(|| CfgError {
        pc,
        message: format!("pc {pc} is not an instruction start"),
    })
}

/// Leaders: where blocks start (per instruction).
fn leaders(code: &Code) -> Result<Vec<bool>, CfgError> {
    let insns = &code.instructions;
    let mut leaders = vec![false; insns.len()];
    leaders[0] = true;
    for (i, insn) in insns.iter().enumerate() {
        if matches!(insn.op, Op::Jsr(_) | Op::Ret(_)) {
            return Err(CfgError {
                pc: insn.pc,
                message: "jsr/ret subroutines (class files before version 50) are not supported"
                    .into(),
            });
        }
        for t in insn.op.branch_targets() {
            leaders[index_of(code, t)?] = true;
        }
        if (insn.op.ends_flow() || insn.op.is_conditional()) && i + 1 < insns.len() {
            leaders[i + 1] = true;
        }
    }
    for h in &code.handlers {
        leaders[index_of(code, h.handler)?] = true;
    }
    Ok(leaders)
}

/// Adds a node per block: the blocks in pc order, and each instruction's
/// block (its position among them).
fn add_blocks(
    graph: &mut DiGraph<Node, Edge, u32>,
    insns: &[Instruction],
    leaders: &[bool],
) -> (Vec<BlockId>, Vec<usize>) {
    let mut blocks = Vec::new();
    let mut block_of_insn = vec![0usize; insns.len()];
    let mut start = 0;
    for i in 0..insns.len() {
        block_of_insn[i] = blocks.len();
        let last = i + 1 == insns.len() || leaders[i + 1];
        if last {
            blocks.push(graph.add_node(Node::Block(Block {
                start: insns[start].pc,
                end: insns[i].next_pc(),
                first: start,
                last: i,
            })));
            start = i + 1;
        }
    }
    (blocks, block_of_insn)
}

/// The normal edges out of a block ending with `last`: `next` is the block
/// after it in pc order, `block_at` the block starting at a pc.
fn successors(
    last: &Instruction,
    next: Option<BlockId>,
    block_at: &dyn Fn(Pc) -> Result<BlockId, CfgError>,
    return_exit: BlockId,
) -> Result<Vec<(BlockId, Edge)>, CfgError> {
    let pc = last.pc;
    let mut out: Vec<(BlockId, Edge)> = Vec::new();
    match &last.op {
        Op::Goto(t) => out.push((block_at(*t)?, Edge::Goto { pc })),
        Op::If { cond, target }
        | Op::IfICmp { cond, target }
        | Op::IfACmp { cond, target }
        | Op::IfNull { cond, target } => {
            let operands = match last.op {
                Op::If { .. } => Operands::IntZero,
                Op::IfICmp { .. } => Operands::IntInt,
                Op::IfACmp { .. } => Operands::RefRef,
                _ => Operands::RefNull,
            };
            out.push((
                block_at(*target)?,
                Edge::Branch {
                    pc,
                    taken: true,
                    cond: *cond,
                    operands,
                },
            ));
            let next = next.ok_or_else(|| CfgError {
                pc,
                message: "conditional branch falls off the end of the code".into(),
            })?;
            out.push((
                next,
                Edge::Branch {
                    pc,
                    taken: false,
                    cond: cond.negate(),
                    operands,
                },
            ));
        }
        Op::TableSwitch {
            default,
            low,
            targets,
            ..
        } => {
            for (i, t) in targets.iter().enumerate() {
                let key = SwitchKey::Case(low.wrapping_add(i as i32));
                out.push((block_at(*t)?, Edge::Switch { pc, key }));
            }
            out.push((
                block_at(*default)?,
                Edge::Switch {
                    pc,
                    key: SwitchKey::Default,
                },
            ));
        }
        Op::LookupSwitch { default, pairs } => {
            for (k, t) in pairs {
                out.push((
                    block_at(*t)?,
                    Edge::Switch {
                        pc,
                        key: SwitchKey::Case(*k),
                    },
                ));
            }
            out.push((
                block_at(*default)?,
                Edge::Switch {
                    pc,
                    key: SwitchKey::Default,
                },
            ));
        }
        Op::Return(_) => out.push((return_exit, Edge::Return { pc })),
        // athrow's edges are the exception edges added above.
        Op::AThrow => {}
        _ => {
            let next = next.ok_or_else(|| CfgError {
                pc,
                message: "code falls off its end".into(),
            })?;
            out.push((next, Edge::FallThrough));
        }
    }
    Ok(out)
}

/// The back edges (to a block that dominates their source) and the loop
/// headers they lead to.
fn loops(
    graph: &DiGraph<Node, Edge, u32>,
    dominators: &Dominators<BlockId>,
) -> (Vec<EdgeIndex<u32>>, BTreeSet<BlockId>) {
    let mut back_edges = Vec::new();
    let mut loop_headers = BTreeSet::new();
    for e in graph.edge_references() {
        let (from, to) = (e.source(), e.target());
        let dominated = dominators
            .dominators(from)
            .is_some_and(|mut ds| ds.any(|d| d == to));
        if dominated {
            back_edges.push(e.id());
            loop_headers.insert(to);
        }
    }
    (back_edges, loop_headers)
}

/// The exception edges leaving the instruction at `pc`: (handler pc, or
/// `None` for the throw exit, with the edge label).
fn exception_edges(cp: &ClassPath, code: &Code, pc: Pc, throws: Throws) -> Vec<(Option<Pc>, Edge)> {
    let mut out = Vec::new();
    let covering = code.handlers.iter().filter(|h| h.covers(pc));
    match throws {
        Throws::Nothing => {}
        Throws::Any => {
            for h in covering {
                out.push((
                    Some(h.handler),
                    Edge::Exception {
                        pc,
                        thrown: Thrown::Any,
                        catch_type: h.catch_type.clone(),
                    },
                ));
                let catches_all = match &h.catch_type {
                    None => true,
                    Some(c) => c == "java/lang/Throwable",
                };
                if catches_all {
                    return out;
                }
            }
            out.push((
                None,
                Edge::Uncaught {
                    pc,
                    thrown: Thrown::Any,
                },
            ));
        }
        Throws::Implicit(classes) => {
            let covering: Vec<_> = covering.collect();
            for &class in classes {
                let handler = covering.iter().find(|h| match &h.catch_type {
                    None => true,
                    // An unknown catch type: keep the edge rather than lose a path.
                    Some(c) => cp.is_assignable(class, c).unwrap_or(true),
                });
                let thrown = Thrown::Implicit(class);
                out.push(match handler {
                    Some(h) => (
                        Some(h.handler),
                        Edge::Exception {
                            pc,
                            thrown,
                            catch_type: h.catch_type.clone(),
                        },
                    ),
                    None => (None, Edge::Uncaught { pc, thrown }),
                });
            }
        }
    }
    out
}
