//! Merged callees: a small callee without loops or calls (a getter such as
//! `TreeMap.colorOf`, a guarded setter, a rotation) is stepped over in one
//! step instead of being entered at each of its returns.
//!
//! The backward search of JAUT ISSRE 2010 §V enters a callee at one of its
//! return instructions, so a call to `colorOf(p)` (`p == null ? BLACK :
//! p.color`) doubles the paths behind it, and a loop body calling six such
//! helpers multiplies its paths by 2⁶ before any of them is checked. Here the
//! callee's paths, at most [`MAX_PATHS`], are evaluated forward from its
//! entry into one formula — the technique of state merging (Kuznetsov et al.,
//! "Efficient state merging in symbolic execution", PLDI 2012) and of
//! compositional summaries (Godefroid, POPL 2007), applied to the heap model
//! of JAUT §IV-B. The callee is swept once, forward, in pc order — a
//! topological order, since a mergeable callee only jumps forward — and the
//! paths that meet at a pc are merged there: the condition of reaching the
//! pc is the `or` of theirs, each local and stack slot the `ite` of theirs.
//! A return's condition `r_i` is that of reaching it, so the call returns
//! normally iff `r_1 ∨ … ∨ r_n` and its result is `ite(r_1, v_1, ite(r_2,
//! v_2, …))`. A field store at a pc writes the cell's own value back unless
//! the pc is reached (a *guarded* store), so each field array the callee
//! writes is one chain of stores, one per `putfield`: when a run takes one
//! path, the stores whose guard holds are exactly that path's, in its
//! order, since two stores on one run are ordered by the sweep and two
//! stores on different branches cannot both be reached. The formula grows
//! with the callee's instructions, not its paths (a rotation has seven
//! paths of about five stores each, and eight `putfield`s). The JVM is
//! deterministic, so this is exactly the set of the callee's normal runs:
//! a proof that goes through a merged call is as exact as one that
//! enumerates its paths.
//!
//! Only instructions whose forward meaning is simple are merged (locals,
//! int and reference constants, int arithmetic that cannot throw, field
//! reads and writes, the conditional branches); a callee with anything else
//! — a call, a loop, an allocation, an array, a static field, an exception
//! handler, `long`/`float`/`double` — is explored as before
//! ([`super::callee`]).

use std::collections::{BTreeMap, HashMap};

use super::cmv::{Flow, MethodInfo, St};
use super::explore::Explorer;
use super::PathStep;
use crate::classfile::bytecode::{BinOp, Constant, Kind, StackOp};
use crate::classfile::{JType, Op};
use crate::model::term::{BvOp, TermId};
use crate::model::FieldKey;
use crate::reason::{Bound, Reason};

/// The most paths a merged callee may have.
pub const MAX_PATHS: usize = 16;

/// The most instructions a merged callee may have.
const MAX_INSTRUCTIONS: usize = 64;

/// The paths that reach one pc of the callee, merged, while it is swept.
#[derive(Clone)]
struct Sweep {
    /// The condition under which a run reaches the pc: its branch outcomes
    /// and the non-nullness of every object it dereferenced.
    reach: TermId,
    locals: Vec<Option<TermId>>,
    stack: Vec<TermId>,
    /// The most dereferences and instructions of any of the paths.
    derefs: usize,
    len: usize,
    /// How many paths reach the pc.
    paths: usize,
}

/// A return: the condition of reaching it and the value it returns.
struct Ended {
    cond: TermId,
    result: Option<TermId>,
}

/// What a sweep of the callee ends with: its returns, the field arrays
/// after it, and the most dereferences and instructions of any path.
struct Swept {
    ended: Vec<Ended>,
    fields: BTreeMap<FieldKey, TermId>,
    derefs: usize,
    len: usize,
}

/// A field the callee reads or writes, with its type.
struct Touched {
    key: FieldKey,
    ty: JType,
    written: bool,
}

impl Explorer<'_> {
    /// Steps back over the call at `index` of the caller as one merged
    /// step, when `callee` can be merged; `None` when it cannot (then it
    /// is explored return by return).
    pub(super) fn step_over_merged(
        &mut self,
        st: &St,
        callee: &std::sync::Arc<MethodInfo>,
        call: &super::callee::Call,
    ) -> Option<Flow> {
        let super::callee::Call {
            dispatch,
            receiver,
            result,
            index,
            ..
        } = *call;
        let touched = self.mergeable(callee)?;
        let mark = self.terms.mark();
        let mut next = st.clone();
        match self.merge(&mut next, callee, &touched, receiver, result, index) {
            Some(Ok(mut conds)) => {
                conds.extend(dispatch);
                let flow = self.dfs(next, conds);
                self.backtrack(mark, &flow);
                Some(flow)
            }
            Some(Err(cut)) => {
                self.terms.truncate(mark);
                self.solver.truncate(&self.terms);
                self.cut(cut);
                Some(Flow::Exhausted)
            }
            None => {
                self.terms.truncate(mark);
                self.solver.truncate(&self.terms);
                None
            }
        }
    }

    /// The fields `callee` touches, when every instruction of it can be
    /// merged and it has no loop or handler; `None` otherwise.
    fn mergeable(&mut self, callee: &MethodInfo) -> Option<Vec<Touched>> {
        let code = callee.code();
        if !code.handlers.is_empty() || code.instructions.len() > MAX_INSTRUCTIONS {
            return None;
        }
        let mut touched: Vec<Touched> = Vec::new();
        for insn in &code.instructions {
            let ok = match &insn.op {
                Op::Nop | Op::Goto(_) => true,
                Op::Const(c) => matches!(**c, Constant::Null | Constant::Int(_)),
                Op::Load(k, _) | Op::Store(k, _) => matches!(k, Kind::Int | Kind::Ref),
                Op::Iinc { .. } => true,
                Op::Stack(s) => matches!(s, StackOp::Pop | StackOp::Dup | StackOp::Swap),
                Op::Binary(Kind::Int, op) => !matches!(op, BinOp::Div | BinOp::Rem),
                Op::If { target, .. }
                | Op::IfICmp { target, .. }
                | Op::IfACmp { target, .. }
                | Op::IfNull { target, .. } => *target > insn.pc,
                Op::Return(k) => matches!(k, None | Some(Kind::Int) | Some(Kind::Ref)),
                Op::GetField(f) | Op::PutField(f) => {
                    let scalar = matches!(
                        f.ty,
                        JType::Int | JType::Boolean | JType::Byte | JType::Char | JType::Short
                    );
                    if !scalar && !f.ty.is_reference() {
                        return None;
                    }
                    let key = self.heap_field(&f.class, &f.name).ok()?;
                    // A read of a constant variable is its constant (the
                    // step rule), which the merged form does not know.
                    let constant = self.cp.load(&key.class).ok().and_then(|c| {
                        c.field(&key.name)
                            .and_then(|f| f.constant_variable().cloned())
                    });
                    if constant.is_some() {
                        return None;
                    }
                    let written = matches!(insn.op, Op::PutField(_));
                    match touched.iter_mut().find(|t| t.key == key) {
                        Some(t) => t.written |= written,
                        None => touched.push(Touched {
                            key,
                            ty: f.ty.clone(),
                            written,
                        }),
                    }
                    true
                }
                _ => false,
            };
            // A backward goto is a loop.
            let forward = match &insn.op {
                Op::Goto(t) => *t > insn.pc,
                _ => true,
            };
            if !ok || !forward {
                return None;
            }
        }
        Some(touched)
    }

    /// Rewrites `st` (just after the call) into the state just before it,
    /// with the callee's normal runs merged; the constraints to assert, or
    /// the bound the merged call passes. `None` when the callee has more
    /// than [`MAX_PATHS`] paths.
    fn merge(
        &mut self,
        st: &mut St,
        callee: &MethodInfo,
        touched: &[Touched],
        receiver: Option<TermId>,
        result: Option<TermId>,
        index: usize,
    ) -> Option<Result<Vec<TermId>, Reason>> {
        let m = callee.method();
        let code = callee.code();
        let mut out = Vec::new();
        let (locals, args) = self.merged_args(callee, receiver);
        if !m.is_static() {
            out.push(self.non_null(args[0]));
        }
        let entry = self.merged_entry_fields(st, touched);
        let Swept {
            ended,
            fields: cur,
            derefs,
            len,
        } = self.sweep(st, callee, &entry, locals, &mut out)?;
        // Normal return: one return's condition holds.
        let conds: Vec<TermId> = ended.iter().map(|e| e.cond).collect();
        out.push(self.terms.or(conds));
        if let Some(res) = result {
            let merged = self.merged_value(&ended, |e| e.result.expect("a value"));
            out.push(self.terms.eq(res, merged));
        }
        for t in touched.iter().filter(|t| t.written) {
            let prior = entry[&t.key];
            if let Some(after) = st.mem.fields.get(&t.key).copied() {
                out.push(self.terms.eq(after, cur[&t.key]));
            }
            st.mem.fields.insert(t.key.clone(), prior);
        }
        st.derefs += derefs;
        if st.derefs > self.config.max_derefs {
            return Some(Err(Reason::Bound(Bound::Derefs {
                max: self.config.max_derefs,
            })));
        }
        st.path_len += len;
        st.steps.push(PathStep {
            method: callee.key.to_string(),
            pc: 0,
            line: code.line_of(0),
        });
        let caller = st.top();
        caller.index = index;
        caller.stack.extend(args);
        Some(Ok(out))
    }

    /// The arguments, as the caller pushed them: the callee's locals at its
    /// entry, and the values in order (`receiver` for `this`).
    fn merged_args(
        &mut self,
        callee: &MethodInfo,
        receiver: Option<TermId>,
    ) -> (Vec<Option<TermId>>, Vec<TermId>) {
        let m = callee.method();
        let code = callee.code();
        let param_types = m.arg_types(&callee.class.name);
        let mut locals = vec![None; code.max_locals as usize];
        let mut args = Vec::new();
        let mut slot = 0usize;
        for (k, ty) in param_types.iter().enumerate() {
            let v = match (k, receiver) {
                (0, Some(r)) if !m.is_static() => r,
                _ => self.fresh("arg", crate::model::sort_of(ty)),
            };
            if let Some(l) = locals.get_mut(slot) {
                *l = Some(v);
            }
            args.push(v);
            slot += ty.size();
        }
        (locals, args)
    }

    /// The field arrays at the callee's entry: a written field's is
    /// fresh (the caller's later array is the merged update of it).
    fn merged_entry_fields(
        &mut self,
        st: &mut St,
        touched: &[Touched],
    ) -> BTreeMap<FieldKey, TermId> {
        let mut entry: BTreeMap<FieldKey, TermId> = BTreeMap::new();
        for t in touched {
            let sort = crate::model::field_sort(&t.ty);
            let a = if t.written {
                self.fresh(&t.key.to_string(), sort)
            } else {
                self.heap_array(st, t.key.clone(), sort)
            };
            entry.insert(t.key.clone(), a);
        }
        entry
    }

    /// The sweep of the callee's code from its entry (`entry`: the field
    /// arrays, `locals`: the arguments); the constraints its steps add go
    /// to `out`. `None` past [`MAX_PATHS`] or on code no sweep handles.
    fn sweep(
        &mut self,
        st: &mut St,
        callee: &MethodInfo,
        entry: &BTreeMap<FieldKey, TermId>,
        locals: Vec<Option<TermId>>,
        out: &mut Vec<TermId>,
    ) -> Option<Swept> {
        let code = callee.code();
        // One sweep in pc order, which is a topological order: every
        // branch and goto of a mergeable callee jumps forward. The states
        // of the paths that meet at a pc are merged there (their
        // conditions or-ed, their locals and stack `ite`d), so the formula
        // grows with the callee's instructions, not with its paths.
        let mut cur: BTreeMap<FieldKey, TermId> = entry.clone();
        let mut waiting: BTreeMap<usize, Vec<Sweep>> = BTreeMap::new();
        let mut first_reads = HashMap::new();
        let mut ended: Vec<Ended> = Vec::new();
        let (mut derefs, mut len, mut paths) = (0usize, 0usize, 0usize);
        let mut live = Some(Sweep {
            reach: self.terms.bool(true),
            locals,
            stack: Vec::new(),
            derefs: 0,
            len: 0,
            paths: 1,
        });
        for index in 0..code.instructions.len() {
            let mut meeting: Vec<Sweep> = live.take().into_iter().collect();
            meeting.extend(waiting.remove(&index).unwrap_or_default());
            if meeting.is_empty() {
                continue;
            }
            let mut w = self.meet(meeting)?;
            let insn = code.instructions[index].clone();
            w.len += 1;
            match &insn.op {
                Op::Return(kind) => {
                    let result = kind.map(|_| w.stack.pop().expect("a result"));
                    derefs = derefs.max(w.derefs);
                    len = len.max(w.len);
                    paths += w.paths;
                    ended.push(Ended {
                        cond: w.reach,
                        result,
                    });
                }
                Op::Goto(t) => {
                    waiting.entry(code.index_of(*t)?).or_default().push(w);
                }
                Op::If { cond, target }
                | Op::IfICmp { cond, target }
                | Op::IfACmp { cond, target }
                | Op::IfNull { cond, target } => {
                    let (a, b) = match &insn.op {
                        Op::If { .. } | Op::IfNull { .. } => (w.stack.pop()?, self.terms.int(0)),
                        _ => {
                            let b = w.stack.pop()?;
                            (w.stack.pop()?, b)
                        }
                    };
                    if matches!(insn.op, Op::IfACmp { .. }) {
                        self.merged_identity(st, callee, insn.pc);
                    }
                    let taken = self.cond_term(*cond, a, b);
                    let not_taken = self.terms.not(taken);
                    let mut other = w.clone();
                    other.reach = self.terms.and(vec![w.reach, taken]);
                    waiting
                        .entry(code.index_of(*target)?)
                        .or_default()
                        .push(other);
                    w.reach = self.terms.and(vec![w.reach, not_taken]);
                    live = Some(w);
                }
                _ => {
                    self.merged_step(st, &mut w, &insn.op, entry, &mut cur, &mut first_reads, out)?;
                    live = Some(w);
                }
            }
            let pending: usize = waiting.values().flatten().map(|w| w.paths).sum();
            let flowing = live.as_ref().map_or(0, |w| w.paths);
            if paths + pending + flowing > MAX_PATHS {
                return None;
            }
        }
        Some(Swept {
            ended,
            fields: cur,
            derefs,
            len,
        })
    }

    /// The state at a pc that the `meeting` paths reach: their conditions
    /// or-ed, each local and stack slot the `ite` of theirs (a local whose
    /// paths disagree on its sort is dead there, as the verifier ensures);
    /// `None` when their stacks do not match, which no verified method has.
    fn meet(&mut self, meeting: Vec<Sweep>) -> Option<Sweep> {
        let mut meeting = meeting.into_iter();
        let mut acc = meeting.next()?;
        for w in meeting {
            let reach = self.terms.or(vec![acc.reach, w.reach]);
            for (a, b) in acc.locals.iter_mut().zip(&w.locals) {
                *a = match (*a, *b) {
                    (Some(x), Some(y)) => self.join(acc.reach, x, y),
                    _ => None,
                };
            }
            if acc.stack.len() != w.stack.len() {
                return None;
            }
            for (a, b) in acc.stack.iter_mut().zip(&w.stack) {
                *a = self.join(acc.reach, *a, *b)?;
            }
            acc.reach = reach;
            acc.derefs = acc.derefs.max(w.derefs);
            acc.len = acc.len.max(w.len);
            acc.paths += w.paths;
        }
        Some(acc)
    }

    /// `x` where `first` holds, else `y`; `None` when their sorts differ.
    fn join(&mut self, first: TermId, x: TermId, y: TermId) -> Option<TermId> {
        if x == y {
            return Some(x);
        }
        self.terms.sort(x).join(self.terms.sort(y))?;
        Some(self.terms.ite(first, x, y))
    }

    /// `ite(c_1, v_1, ite(c_2, v_2, … v_n))` over the ended paths.
    fn merged_value(&mut self, ended: &[Ended], value: impl Fn(&Ended) -> TermId) -> TermId {
        let (last, rest) = ended.split_last().expect("a callee returns");
        let mut acc = value(last);
        for e in rest.iter().rev() {
            let v = value(e);
            acc = self.terms.ite(e.cond, v, acc);
        }
        acc
    }

    /// One straight-line instruction of a merged path, forward.
    #[allow(clippy::too_many_arguments)]
    fn merged_step(
        &mut self,
        st: &mut St,
        w: &mut Sweep,
        op: &Op,
        entry: &BTreeMap<FieldKey, TermId>,
        cur: &mut BTreeMap<FieldKey, TermId>,
        first_reads: &mut HashMap<(FieldKey, TermId), TermId>,
        out: &mut Vec<TermId>,
    ) -> Option<()> {
        match op {
            Op::Nop => {}
            Op::Const(c) => {
                let v = match **c {
                    Constant::Int(k) => self.terms.int(k),
                    _ => self.terms.int(0),
                };
                w.stack.push(v);
            }
            Op::Load(_, slot) => w.stack.push((*w.locals.get(*slot as usize)?)?),
            Op::Store(_, slot) => {
                let v = w.stack.pop()?;
                *w.locals.get_mut(*slot as usize)? = Some(v);
            }
            Op::Iinc { index, delta } => {
                let v = (*w.locals.get(*index as usize)?)?;
                let d = self.terms.int(i32::from(*delta));
                *w.locals.get_mut(*index as usize)? = Some(self.terms.bin(BvOp::Add, v, d));
            }
            Op::Stack(StackOp::Pop) => {
                w.stack.pop()?;
            }
            Op::Stack(StackOp::Dup) => w.stack.push(*w.stack.last()?),
            Op::Stack(StackOp::Swap) => {
                let n = w.stack.len();
                if n < 2 {
                    return None;
                }
                w.stack.swap(n - 1, n - 2);
            }
            Op::Binary(Kind::Int, op) => {
                let b = w.stack.pop()?;
                let a = w.stack.pop()?;
                let v = self.arith(*op, 32, a, b)?;
                w.stack.push(v);
            }
            Op::GetField(f) => {
                let o = w.stack.pop()?;
                let key = self.heap_field(&f.class, &f.name).ok()?;
                let nn = self.non_null(o);
                w.reach = self.terms.and(vec![w.reach, nn]);
                let base = entry.get(&key).copied()?;
                // The cell as the call found it, constrained once however
                // many paths read it: what the rules assert of a read holds
                // of every cell, so it is asserted whether or not a path
                // reading it is the one run.
                let original = match first_reads.get(&(key.clone(), o)) {
                    Some(&t) => t,
                    None => {
                        let t = self.terms.select(base, o);
                        if let Some(c) = self.in_range(&f.ty, t) {
                            out.push(c);
                        }
                        if f.ty.is_reference() {
                            self.heap_ref_read(st, t, &f.ty, Some((key.clone(), o, o)), out);
                        }
                        first_reads.insert((key.clone(), o), t);
                        t
                    }
                };
                // After the stores swept so far, read through them: those
                // of this run's own path are the ones whose guard holds.
                let array = cur.get(&key).copied()?;
                let read = if array == base {
                    original
                } else {
                    self.terms.select(array, o)
                };
                if f.ty.is_reference() {
                    w.derefs += 1;
                }
                w.stack.push(read);
            }
            Op::PutField(f) => {
                let v = w.stack.pop()?;
                let o = w.stack.pop()?;
                let key = self.heap_field(&f.class, &f.name).ok()?;
                let nn = self.non_null(o);
                w.reach = self.terms.and(vec![w.reach, nn]);
                // Guarded by the condition of reaching this store: when
                // another path is the one run, the cell keeps its value.
                // (An `ite` between whole arrays gave Z3 per-check times
                // of up to 1.2 s; guarded stores keep it on single cells.)
                let array = cur.get(&key).copied()?;
                let stored = self.narrow(&f.ty, v);
                let old = self.terms.select(array, o);
                let guarded = self.terms.ite(w.reach, stored, old);
                let updated = self.terms.store(array, o, guarded);
                cur.insert(key, updated);
            }
            _ => return None,
        }
        Some(())
    }

    /// An `if_acmp` in a merged callee compares references by identity,
    /// as [`Explorer::step_branch`] records.
    fn merged_identity(&mut self, st: &mut St, callee: &MethodInfo, pc: crate::classfile::Pc) {
        let Some(frame) = callee.frames.at(pc) else {
            return;
        };
        let n = frame.stack.len();
        if n >= 2
            && self.may_be_preexisting(&frame.stack[n - 2])
            && self.may_be_preexisting(&frame.stack[n - 1])
        {
            st.identity_compared = true;
            self.preexisting_met(st);
        }
    }
}
