//! Loop summaries over array cells (issue 38, item 1): a loop whose body
//! branches on the cells of an array input — `for (char c : s) if (c ==
//! '.') dots++;`, an accumulated sum of the positive elements — walked
//! back over in one step. Unrolled one iteration per choice, as the
//! backward search of JAUT ISSRE 2010 §V does, each iteration doubles the
//! paths (2^30 for thirty dots); summarized, how many cells pass the test
//! is one constraint over the cells.
//!
//! A *cell loop* is a natural loop with one back edge whose blocks hold
//! only int code: locals, int constants and arithmetic, `arraylength` and
//! loads of primitive array elements, `if<cond>`/`if_icmp<cond>` (no call,
//! no heap write, no switch, no inner loop); no exception handler inside
//! it, no exit but the head's; and some block reads an array cell.
//!
//! The summary is a bounded unrolling within one formula: with `V₀` the
//! loop-written int locals at the head's first visit, iteration `j` is
//! `Vⱼ₊₁ = ite(activeⱼ, body(Vⱼ), Vⱼ)`, where `activeⱼ` says the head's
//! test held at every visit up to the `j`-th, and `body` merges the body's
//! paths (each block's constraints hold under the condition that reaches
//! it; a join's locals are an `ite` over its predecessors). The counter of
//! the cells that pass is thus a sum of `ite(cond(a[i]), 1, 0)`. After
//! `K` iterations the locals are the head's values when the loop exits —
//! exactly the runs of at most `K` iterations — or, for a run of more,
//! unconstrained: that case is a bounded condition ([`Bound::Iterations`]),
//! so a target refuted only without it is cut, never unreachable. `K`
//! deepens round by round (16, 32, … up to `--max-array-length`: a short
//! formula is cheaper to solve and label); in the last round a cut
//! summary is followed by the loop's unrolling, as before.
//! Each iteration's reads are the loop head's heap: the loop writes none.

use std::collections::BTreeMap;

use super::cmv::{MethodInfo, St};
use super::explore::Explorer;
use crate::cfg::{BlockId, Edge};
use crate::classfile::bytecode::{ArrayElem, Constant, Conversion, Kind, Op};
use crate::model::term::{BvCmp, BvOp, Node, Sort, TermId};
use crate::reason::Bound;

/// A cell loop found at a loop head (see the module's text).
#[derive(Debug, Clone)]
pub(super) struct CellLoop {
    head: BlockId,
    /// The body's blocks, each after its predecessors: the first is the
    /// head's successor in the loop, the last the latch.
    body: Vec<BlockId>,
    /// The int locals the loop writes.
    written: Vec<u16>,
}

impl CellLoop {
    /// How far one iteration moves each int local it writes
    /// ([`super::loop_steps`]).
    pub(super) fn steps(&self, m: &MethodInfo) -> BTreeMap<u16, (i64, i64)> {
        super::loop_steps::steps(m, self.head, &self.body, &self.written)
    }
}

/// Whether a cell loop may hold `op`.
fn allowed(op: &Op) -> bool {
    match op {
        Op::Nop
        | Op::Goto(_)
        | Op::Load(..)
        | Op::Stack(_)
        | Op::Iinc { .. }
        | Op::ArrayLength
        | Op::If { .. }
        | Op::IfICmp { .. } => true,
        Op::Const(c) => matches!(c.as_ref(), Constant::Int(_)),
        Op::Store(kind, _) | Op::Binary(kind, _) | Op::Neg(kind) => *kind == Kind::Int,
        Op::Convert(c) => matches!(c, Conversion::I2B | Conversion::I2C | Conversion::I2S),
        Op::ArrayLoad(e) => !matches!(
            e,
            ArrayElem::Ref | ArrayElem::Long | ArrayElem::Float | ArrayElem::Double
        ),
        _ => false,
    }
}

/// The cell loop whose head is `head`, if it is one.
pub(super) fn cell_loop(m: &MethodInfo, head: BlockId) -> Option<CellLoop> {
    let cfg = &m.cfg;
    if !cfg.is_loop_header(head) {
        return None;
    }
    let latch = super::loop_bound::latch(m, head)?;
    let blocks = super::loop_bound::loop_blocks(m, head, latch)?;
    if latch == head {
        return None;
    }
    let code = m.code();
    let (mut reads_cells, mut written) = (false, Vec::new());
    let mut first = None;
    for &b in &blocks {
        if b != head && cfg.is_loop_header(b) {
            return None;
        }
        let block = cfg.block(b)?;
        if !m.frames.at(block.start)?.stack.is_empty() {
            return None;
        }
        for insn in &code.instructions[block.first..=block.last] {
            if !allowed(&insn.op) {
                return None;
            }
            reads_cells |= matches!(insn.op, Op::ArrayLoad(_));
            if let Op::Store(_, x) | Op::Iinc { index: x, .. } = insn.op {
                if !written.contains(&x) {
                    written.push(x);
                }
            }
        }
        let mut outside = 0;
        for (to, edge) in cfg.succs(b) {
            let inside = blocks.contains(&to);
            match edge {
                // Leaves the loop and its visit: not a run this summary
                // describes.
                Edge::Uncaught { .. } => {}
                Edge::Exception { .. } if !inside => {}
                Edge::Exception { .. } => return None,
                _ if to == head && b != latch => return None,
                _ if inside => {
                    if b == head {
                        first = Some(to);
                    }
                }
                _ => outside += 1,
            }
        }
        // The head's exit is the loop's only one.
        if outside != usize::from(b == head) {
            return None;
        }
    }
    let body = topological(m, &blocks, head, first?)?;
    (reads_cells && body.last() == Some(&latch)).then_some(CellLoop {
        head,
        body,
        written,
    })
}

/// The loop's blocks but the head, each after its predecessors within
/// the loop (the back edge left out); `None` if they are not all ordered
/// (a cycle).
fn topological(
    m: &MethodInfo,
    blocks: &[BlockId],
    head: BlockId,
    first: BlockId,
) -> Option<Vec<BlockId>> {
    let body: Vec<BlockId> = blocks.iter().copied().filter(|&b| b != head).collect();
    let inner_preds = |b: BlockId| -> Vec<BlockId> {
        m.cfg
            .preds(b)
            .into_iter()
            .filter(|(p, e)| body.contains(p) && !e.is_exceptional())
            .map(|(p, _)| p)
            .collect()
    };
    let mut order: Vec<BlockId> = Vec::new();
    while order.len() < body.len() {
        let next = body.iter().copied().find(|&b| {
            !order.contains(&b)
                && (b == first) == inner_preds(b).is_empty()
                && inner_preds(b).iter().all(|p| order.contains(p))
        })?;
        order.push(next);
    }
    Some(order)
}

/// What one block of one iteration gave: the condition under which the
/// iteration runs it, the int locals it leaves, and its branch's condition
/// when taken.
struct Visited {
    reach: TermId,
    out: BTreeMap<u16, TermId>,
    taken: Option<TermId>,
}

impl Explorer<'_> {
    /// Rewrites `st`, at the head of loop `l` when the loop exits, into the
    /// state at the head's first visit, with what the summary asserts in
    /// `out` and its bound in `st.bounded`. `None` when a step cannot be
    /// modelled (then the loop is unrolled as usual).
    pub(super) fn summarize_cells(
        &mut self,
        st: &mut St,
        l: &CellLoop,
        out: &mut Vec<TermId>,
    ) -> Option<()> {
        let m = st.top().m.clone();
        let at_exit = st.top().locals.clone();
        // The locals the loop does not write, as the path knows them; a
        // first read in some iteration completes them for all.
        let mut shared = at_exit.clone();
        for &x in &l.written {
            shared[x as usize] = None;
        }
        let first: BTreeMap<u16, TermId> = l
            .written
            .iter()
            .map(|&x| (x, self.fresh("v", Sort::Bv(32))))
            .collect();
        // `k` iterations ran; `K + 1` stands for more than `K`.
        let most = self.cell_iterations;
        let k = self.fresh("k", Sort::Bv(32));
        let over = self.terms.bv(most as i64 + 1, 32);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, k, zero));
        out.push(self.terms.cmp(BvCmp::Sle, k, over));
        let mut values = vec![first.clone()];
        for j in 0..most {
            let j_term = self.terms.bv(j as i64, 32);
            let executed = self.terms.cmp(BvCmp::Sge, k, j_term);
            let active = self.terms.cmp(BvCmp::Sgt, k, j_term);
            let inputs = values[j].clone();
            let head = self.visit_block(st, &m, l.head, executed, &inputs, &mut shared, out)?;
            // The test held at every visit before the `k`-th.
            let cont = self.edge_condition(&m, &head, l.head, l.body[0]);
            out.push(self.terms.implies(active, cont));
            let mut visited: BTreeMap<BlockId, Visited> = BTreeMap::new();
            let first_inputs = head.out.clone();
            visited.insert(l.head, head);
            for &b in &l.body {
                let (reach, inputs) = if b == l.body[0] {
                    (active, first_inputs.clone())
                } else {
                    self.cell_join(&m, b, &visited, &l.written)?
                };
                let v = self.visit_block(st, &m, b, reach, &inputs, &mut shared, out)?;
                visited.insert(b, v);
            }
            values.push(visited.remove(l.body.last().expect("a latch"))?.out);
        }
        self.bound_moves(&m, l, &values, k, out);
        // The head's values at the exit are those after the `k`-th
        // iteration, unless the run is longer than the summary: then they
        // are left free, under the bound.
        let most_term = self.terms.bv(most as i64, 32);
        let within = self.terms.cmp(BvCmp::Sle, k, most_term);
        for &x in &l.written {
            let Some(t) = at_exit[x as usize] else {
                continue;
            };
            let mut chosen = values[most][&x];
            for (j, v) in values.iter().enumerate().take(most).rev() {
                let j_term = self.terms.bv(j as i64, 32);
                let is_j = self.terms.eq(k, j_term);
                chosen = self.terms.ite(is_j, v[&x], chosen);
            }
            let exact = self.terms.eq(t, chosen);
            out.push(self.terms.implies(within, exact));
        }
        st.bounded.push((
            within,
            Bound::Iterations {
                max: self.config.max_array_length,
                at: format!(
                    "{} pc {}",
                    m.key.to_string().replace('/', "."),
                    m.cfg.block(l.head)?.start
                ),
            },
        ));
        // The state at the first visit: the loop's locals as they were
        // then (where the frame holds an int), the others as read.
        let frame = m.frames.at(m.cfg.block(l.head)?.start)?;
        let act = st.top();
        act.locals = shared;
        act.stack.clear();
        for (&x, &v) in &first {
            if matches!(
                frame.locals.get(x as usize),
                Some(crate::frames::VType::Int)
            ) {
                act.locals[x as usize] = Some(v);
            }
        }
        Some(())
    }

    /// Per local whose move in one iteration lies in `lo..=hi`
    /// ([`super::loop_steps`]): after `j` iterations it is within
    /// `j·lo ..= j·hi` of its first value, while the run has `j` or more
    /// (the sum of the moves fits in an `int`, so the wrapped difference
    /// is the sum itself).
    fn bound_moves(
        &mut self,
        m: &MethodInfo,
        l: &CellLoop,
        values: &[BTreeMap<u16, TermId>],
        k: TermId,
        out: &mut Vec<TermId>,
    ) {
        for (x, (lo, hi)) in l.steps(m) {
            for (j, v) in values.iter().enumerate().skip(1) {
                let (least, most) = (j as i64 * lo, j as i64 * hi);
                if least < i64::from(i32::MIN) || most > i64::from(i32::MAX) {
                    break;
                }
                let moved = self.terms.bin(BvOp::Sub, v[&x], values[0][&x]);
                let (least, most) = (self.terms.bv(least, 32), self.terms.bv(most, 32));
                let above = self.terms.cmp(BvCmp::Sge, moved, least);
                let below = self.terms.cmp(BvCmp::Sle, moved, most);
                let within = self.terms.and(vec![above, below]);
                let j_term = self.terms.bv(j as i64, 32);
                let ran = self.terms.cmp(BvCmp::Sge, k, j_term);
                out.push(self.terms.implies(ran, within));
            }
        }
    }

    /// The condition under which an iteration runs `b`, and the int locals
    /// it enters with: an `ite` over its predecessors in the loop.
    fn cell_join(
        &mut self,
        m: &MethodInfo,
        b: BlockId,
        visited: &BTreeMap<BlockId, Visited>,
        written: &[u16],
    ) -> Option<(TermId, BTreeMap<u16, TermId>)> {
        let mut ways: Vec<(TermId, BlockId)> = Vec::new();
        for (p, edge) in m.cfg.preds(b) {
            if edge.is_exceptional() {
                continue;
            }
            let Some(from) = visited.get(&p) else {
                continue;
            };
            let cond = self.edge_condition(m, from, p, b);
            ways.push((cond, p));
        }
        let reach = self.terms.or(ways.iter().map(|w| w.0).collect());
        let mut inputs = BTreeMap::new();
        for &x in written {
            let (&(_, last), rest) = ways.split_last()?;
            let mut v = visited[&last].out[&x];
            for &(cond, p) in rest.iter().rev() {
                let other = visited[&p].out[&x];
                if other != v {
                    v = self.terms.ite(cond, other, v);
                }
            }
            inputs.insert(x, v);
        }
        Some((reach, inputs))
    }

    /// The condition under which `from` (the visited block `p`) goes on to
    /// `to`: reached, and its branch (if any) going that way.
    fn edge_condition(
        &mut self,
        m: &MethodInfo,
        from: &Visited,
        p: BlockId,
        to: BlockId,
    ) -> TermId {
        let mut ways = Vec::new();
        for (t, edge) in m.cfg.succs(p) {
            if t != to {
                continue;
            }
            match (edge, from.taken) {
                (Edge::Branch { taken: true, .. }, Some(c)) => ways.push(c),
                (Edge::Branch { taken: false, .. }, Some(c)) => ways.push(self.terms.not(c)),
                (Edge::FallThrough | Edge::Goto { .. }, _) => ways.push(self.terms.bool(true)),
                _ => {}
            }
        }
        let way = self.terms.or(ways);
        self.terms.and(vec![from.reach, way])
    }

    /// Steps back over block `b` of one iteration, entered with `inputs`
    /// under `reach`: its constraints hold when the iteration runs it.
    #[allow(clippy::too_many_arguments)]
    fn visit_block(
        &mut self,
        st: &mut St,
        m: &MethodInfo,
        b: BlockId,
        reach: TermId,
        inputs: &BTreeMap<u16, TermId>,
        shared: &mut [Option<TermId>],
        out: &mut Vec<TermId>,
    ) -> Option<Visited> {
        let block = m.cfg.block(b)?.clone();
        let insns = &m.code().instructions[block.first..=block.last];
        let since = self.terms.next_id();
        let mut after = shared.to_vec();
        let mut outs = BTreeMap::new();
        for &x in inputs.keys() {
            let v = self.fresh("v", Sort::Bv(32));
            after[x as usize] = Some(v);
            outs.insert(x, v);
        }
        let act = st.top();
        act.locals = after;
        act.stack.clear();
        let mut held = Vec::new();
        let (rest, taken) = match insns.split_last() {
            Some((branch, rest)) if matches!(branch.op, Op::If { .. } | Op::IfICmp { .. }) => {
                let cond = m.cfg.succs(b).into_iter().find_map(|(_, e)| match e {
                    Edge::Branch {
                        taken: true, cond, ..
                    } => Some(*cond),
                    _ => None,
                })?;
                let mut c = Vec::new();
                self.step_branch(st, branch, cond, &mut c).ok()?;
                (rest, Some(*c.last()?))
            }
            _ => (insns, None),
        };
        for insn in rest.iter().rev() {
            self.step(st, insn, &mut held).ok()?;
        }
        let before = std::mem::take(&mut st.top().locals);
        for (x, t) in before.iter().enumerate() {
            match (inputs.get(&(x as u16)), t) {
                (Some(&input), Some(t)) if *t != input => held.push(self.terms.eq(*t, input)),
                (None, Some(t)) if shared[x].is_none() => shared[x] = Some(*t),
                _ => {}
            }
        }
        // A definition of a value this step made (`r = a + b`, a load's
        // result) holds whether or not the iteration runs the block: its
        // variable is free otherwise. Asserting definitions unguarded lets
        // the solver substitute them (a cell's index is then `i₀ + j`);
        // only the other constraints (bounds, non-null, divisors) need the
        // block to run.
        let (definitions, guarded): (Vec<TermId>, Vec<TermId>) = held
            .into_iter()
            .partition(|&c| self.defines_since(c, since));
        out.extend(definitions);
        let guarded = self.terms.and(guarded);
        out.push(self.terms.implies(reach, guarded));
        Some(Visited {
            reach,
            out: outs,
            taken,
        })
    }

    /// Whether `c` is `v = e` (either way round) for a variable `v` made
    /// since `since`: a definition of a value of the block's steps.
    fn defines_since(&self, c: TermId, since: TermId) -> bool {
        let Node::Eq(a, b) = self.terms.node(c) else {
            return false;
        };
        [a, b]
            .into_iter()
            .any(|&t| t >= since && matches!(self.terms.node(t), Node::Var(..)))
    }
}
