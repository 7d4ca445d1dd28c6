//! Private code searched through its accessible callers (issue 33, item 3).
//! A target in a private method `p` of class `C` is searched as if the walk
//! had entered `p` from one of its call sites in `C` ([`super::callee`]
//! does the same for a callee met on a path, JAUT ISSRE 2010 §V): the path
//! starts in `p` with the caller's activation below it, stopped at its
//! invoke of `p`. At `p`'s entry its parameters (and `this`) meet the
//! caller's operands at the call site, and the walk goes on backward in the
//! caller to its entry, whose inputs are labelled. A chain of private
//! methods (`parse` → `expr` → `digit`) is several activations, outermost
//! first; it ends at the first method a test in the class's package can
//! call (public, protected or package-private).
//!
//! The search through a caller proves nothing about `p`: a state it finds
//! reaches the target from the caller (the JVM confirms it), but a target
//! no path from this caller reaches may still be reached from another, or
//! by a direct call. [`search_through`] therefore reports what the
//! search concluded about the caller's inputs only.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::cmv::{Act, MethodInfo, St};
use super::driver::search_inside;
use super::explore::Explorer;
use super::{Config, Goal, Outcome, SearchError, Stats, Verdict};
use crate::classfile::{access, Class, Method, Op, Pc};
use crate::program::Program;
use crate::reason::Reason;

/// Chains longer than this (private methods between the accessible
/// caller and the target's method, plus one) are not searched.
pub const MAX_CHAIN: usize = 3;

/// One call site: the invoke at `pc` of the method at `method` (its index
/// in the class's methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CallSite {
    pub method: usize,
    pub pc: Pc,
}

/// A way in to a private method from a method a test can call: the call
/// sites from the accessible caller down to the target's method, outermost
/// first (`sites[0]` is in the accessible caller, the last one calls the
/// target's method), and the estimated cost of reaching them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    pub sites: Vec<CallSite>,
    /// The sum, over the sites, of the cheapest path's weight from the
    /// method's entry through the invoke's block
    /// ([`crate::analysis::Analyses::distances`]).
    pub cost: u32,
}

impl Chain {
    /// The accessible method the test calls.
    pub fn caller<'c>(&self, class: &'c Class) -> &'c Method {
        &class.methods[self.sites[0].method]
    }
}

/// Whether a test in the class's package can call `m` directly: neither
/// private nor a method no source names (static initializer, bridge,
/// synthetic).
pub fn accessible(m: &Method) -> bool {
    !m.is_private()
        && m.code.is_some()
        && m.name != "<clinit>"
        && m.access & (access::SYNTHETIC | access::BRIDGE) == 0
}

/// The chains from the methods of `class` a test can call to `method`,
/// cheapest first (then by the sites, for a stable order): each invoke of
/// `class.method` in another method of `class`, followed up through
/// private callers up to [`MAX_CHAIN`] sites. Empty for a method a test
/// can call itself.
pub fn chains(cp: &Program, class: &Class, method: &Method) -> Vec<Chain> {
    let Some(index) = position(class, method) else {
        return Vec::new();
    };
    if accessible(method) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // (the method called, the sites below it so far, their cost)
    let mut frontier: Vec<(usize, Vec<CallSite>, u32)> = vec![(index, Vec::new(), 0)];
    while let Some((callee, below, cost)) = frontier.pop() {
        if below.len() == MAX_CHAIN {
            continue;
        }
        for (site, weight) in sites_calling(cp, class, callee) {
            let caller = &class.methods[site.method];
            // No cycles: a method already on the chain (recursion).
            if site.method == index || below.iter().any(|s| s.method == site.method) {
                continue;
            }
            let mut sites = vec![site];
            sites.extend(below.iter().copied());
            let cost = cost + weight;
            if accessible(caller) {
                out.push(Chain { sites, cost });
            } else if caller.is_private() {
                frontier.push((site.method, sites, cost));
            }
        }
    }
    out.sort_by(|a, b| (a.cost, &a.sites).cmp(&(b.cost, &b.sites)));
    out
}

/// The invokes of `class.methods[callee]` in the other methods of
/// `class`, each with the weight of the cheapest path from its method's
/// entry through its block.
fn sites_calling(cp: &Program, class: &Class, callee: usize) -> Vec<(CallSite, u32)> {
    let target = &class.methods[callee];
    let mut out = BTreeSet::new();
    for (mi, m) in class.methods.iter().enumerate() {
        let Some(code) = &m.code else { continue };
        if mi == callee {
            continue;
        }
        for insn in &code.instructions {
            let Op::Invoke(_, r) = &insn.op else { continue };
            if r.class != class.name || r.name != target.name || r.descriptor != target.descriptor {
                continue;
            }
            let analyses = cp.analyses();
            let (Ok(cfg), Ok(frames), Ok(dist)) = (
                analyses.cfg(cp, class, m),
                analyses.frames(cp, class, m),
                analyses.distances(cp, class, m),
            ) else {
                continue;
            };
            // An invoke no path from the entry reaches is no way in.
            let Some(block) = cfg
                .block_of(insn.pc)
                .filter(|_| frames.at(insn.pc).is_some())
            else {
                continue;
            };
            let site = CallSite {
                method: mi,
                pc: insn.pc,
            };
            out.insert((site, dist[block.index()]));
        }
    }
    out.into_iter().collect()
}

fn position(class: &Class, method: &Method) -> Option<usize> {
    class
        .methods
        .iter()
        .position(|m| m.name == method.name && m.descriptor == method.descriptor)
}

/// Searches for a state of the chain's accessible caller under which
/// `goal` is met in `method` (the target's, private). A `Reached` state is
/// the caller's inputs; `Unreachable` says only that no path through this
/// chain reaches the goal (see the module's header). An exception goal is
/// not searched through callers.
pub fn search_through(
    cp: &Program,
    class: &Arc<Class>,
    chain: &Chain,
    method: &Method,
    goal: &Goal,
    config: &Config,
) -> Result<Outcome, SearchError> {
    if matches!(goal, Goal::Throws(_)) {
        return Ok(Outcome {
            verdict: Verdict::Unknown {
                reasons: vec![Reason::Unsupported(
                    "an exception goal is not searched through the method's callers".into(),
                )],
            },
            stats: Stats::default(),
        });
    }
    search_inside(cp, class, &chain.sites, method, goal, config)
}

impl Explorer<'_> {
    /// The methods of the call sites, ready to explore, each with the
    /// index of its invoke.
    pub(super) fn call_sites(
        &mut self,
        class: &Arc<Class>,
        sites: &[CallSite],
    ) -> Result<Vec<(Arc<MethodInfo>, usize)>, SearchError> {
        sites
            .iter()
            .map(|s| {
                let info = self.method_info(class.clone(), s.method)?;
                let index = info
                    .code()
                    .index_of(s.pc)
                    .ok_or(SearchError::NotAnInstruction(s.pc))?;
                Ok((info, index))
            })
            .collect()
    }

    /// Puts the callers' activations below the state's only one (the
    /// target's method), outermost first: each is stopped at its invoke,
    /// with the operands below the call's arguments fresh, and the
    /// activation above it returns there ([`Explorer::return_to_caller`]
    /// binds the callee's parameters to the arguments it pushes back).
    pub(super) fn enclose(&mut self, st: &mut St, callers: &[(Arc<MethodInfo>, usize)]) {
        let mut acts = Vec::with_capacity(callers.len() + st.acts.len());
        for (m, index) in callers {
            let insn = &m.code().instructions[*index];
            let Op::Invoke(kind, r) = &insn.op else {
                unreachable!("call sites are invokes")
            };
            let frame = m.frames.at(insn.pc).expect("call sites are reachable");
            let receiver = usize::from(*kind != crate::classfile::bytecode::InvokeKind::Static);
            let below = frame.stack.len() - r.desc.params.len() - receiver;
            let stack = frame.stack[..below]
                .iter()
                .map(|t| {
                    self.fresh
                        .var(&mut self.terms, "s", crate::model::sort_of_vtype(t))
                })
                .collect();
            acts.push(Act {
                m: m.clone(),
                block: m.block_at_index(*index),
                index: *index,
                locals: vec![None; m.code().max_locals as usize],
                stack,
                call_index: None,
                receiver: None,
            });
        }
        // Each activation returns to the invoke of the one below it.
        for k in 1..acts.len() {
            acts[k].call_index = Some(callers[k - 1].1);
        }
        if let (Some(top), Some((_, index))) = (st.acts.first_mut(), callers.last()) {
            top.call_index = Some(*index);
        }
        acts.append(&mut st.acts);
        st.acts = acts;
    }
}
