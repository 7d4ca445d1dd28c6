//! Calls the search explores (JAUT ISSRE 2010 §V): at an invoke (JVMS §6.5
//! `invoke*`), stepping backward means entering the callee at one of its
//! return instructions — a choice point, tried nearest to the callee's
//! entry first — with the caller's result on its stack; at the callee's
//! entry its parameters meet the caller's arguments, and the walk goes on in
//! the caller before the invoke. Calls with a contract, or without
//! bytecode, are stepped over instead ([`super::calls`]).

use std::sync::Arc;

use super::cmv::{Act, Flow, MethodInfo, St};
use super::explore::Explorer;
use super::PathStep;
use crate::classfile::bytecode::{InvokeKind, MethodRef};
use crate::classfile::{JType, Method, Op};
use crate::classpath::hierarchy::Found;
use crate::model::sort_of_vtype;
use crate::model::term::TermId;
use crate::reason::{Bound, Reason};

/// One method a call on the backward path may run: the method, the
/// condition under which dispatch chose it, the call's receiver and result
/// terms, and the call's instruction index in the caller.
#[derive(Clone, Copy)]
pub(super) struct Call<'f> {
    pub found: &'f Found<Method>,
    pub dispatch: Option<TermId>,
    pub receiver: Option<TermId>,
    pub result: Option<TermId>,
    pub index: usize,
}

impl Explorer<'_> {
    /// Enters the callee of the invoke at `index` (the state is just after
    /// it): one choice per return instruction of the callee.
    pub(super) fn enter_callee(
        &mut self,
        mut st: St,
        pending: Vec<TermId>,
        index: usize,
        kind: InvokeKind,
        r: &MethodRef,
    ) -> Flow {
        let caller = st.top().m.clone();
        let pc = caller.code().instructions[index].pc;
        let at = format!("{} pc {pc}", caller.key.to_string().replace('/', "."));
        if st.acts.len() > self.call_depth {
            self.cut(Reason::Bound(Bound::CallDepth {
                max: self.config.max_call_depth,
            }));
            return Flow::Exhausted;
        }
        let (targets, receiver) = match self.call_targets(&st, kind, r, index, &at) {
            Ok(t) => t,
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        };
        // The receiver named now, from the caller's local it was loaded
        // from: the callee's reads of its fields meet the caller's at once,
        // so a return the caller's later code contradicts dies at the first
        // check instead of after the callee's every path.
        let mut receiver = receiver;
        let mut pending = pending;
        if !matches!(kind, InvokeKind::Static) {
            if let Some(named) = self.receiver_from_local(&mut st, index, r) {
                match receiver {
                    Some(recv) => pending.push(self.terms.eq(recv, named)),
                    None => receiver = Some(named),
                }
            }
        }
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        // Check what the walk gathered before branching over the callees
        // and their returns.
        let branches: usize = targets
            .iter()
            .map(|(f, _)| {
                f.member.code.as_ref().map_or(1, |code| {
                    code.instructions
                        .iter()
                        .filter(|i| matches!(i.op, Op::Return(_)))
                        .count()
                })
            })
            .sum();
        if branches >= 2 && !self.feasible(&st) {
            return Flow::Exhausted;
        }
        let result = if r.desc.ret == JType::Void {
            None
        } else {
            st.top().stack.pop()
        };
        for (found, dispatch) in targets {
            let call = Call {
                found: &found,
                dispatch,
                receiver,
                result,
                index,
            };
            let flow = self.explore_callee(&st, &call, &at);
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// Explores one method a call may run, backward from each of its
    /// returns; `dispatch` is the condition under which the call runs it.
    fn explore_callee(&mut self, st: &St, call: &Call, at: &str) -> Flow {
        let Call {
            found,
            dispatch,
            receiver,
            result,
            index,
        } = *call;
        // A model of the registry takes the place of the bytecode; a method
        // with neither returns a free value.
        let model = self.model_of(found, Some((st, index)));
        // The bytecode of String's methods reads fields the string model
        // does not have (see docs/contracts.md): without a contract their
        // results are free. Its constructors write those fields, which the
        // model would never link to the new string's contents: without a
        // contract the new string would be free.
        let opaque = found.class.name == "java/lang/String"
            && (found.member.name == "<init>" || !reads_no_string_field(&found.member));
        if opaque && model.is_none() {
            self.cut(Reason::Unsupported(format!(
                "call to {}.{} at {at} (strings are modelled by their contents; give the method a contract)",
                found.class.java_name(),
                found.member
            )));
            return Flow::Exhausted;
        }
        if model.is_some() || found.member.code.is_none() {
            if found.member.code.is_none() && model.is_none() && found.member.is_abstract() {
                self.cut(Reason::Unsupported(format!(
                    "call to abstract method {}.{} at {at}",
                    found.class.java_name(),
                    found.member
                )));
                return Flow::Exhausted;
            }
            return self.step_over_call(st, call, model);
        }
        let callee = match self.callee_info(st, found) {
            Ok(c) => c,
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        };
        if let Some(flow) = self.step_over_merged(st, &callee, call) {
            return flow;
        }
        let code = callee.code();
        let mut returns: Vec<usize> = code
            .instructions
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i.op, Op::Return(_)))
            .map(|(k, _)| k)
            .collect();
        returns.sort_by_key(|&k| {
            let b = callee.block_at_index(k);
            (callee.dist[b.index()], k)
        });
        // `this` is the receiver throughout a callee that never stores into
        // local 0 (javac's code never does).
        let this = receiver.filter(|_| !found.member.is_static() && !stores_local_zero(code));
        for k in returns {
            let ret_pc = code.instructions[k].pc;
            let Some(frame) = callee.frames.at(ret_pc).cloned() else {
                continue; // dead code
            };
            let flow = self.try_choice(|ex| {
                let mut next = st.clone();
                let mut stack: Vec<TermId> = frame
                    .stack
                    .iter()
                    .map(|t| ex.fresh.var(&mut ex.terms, "s", sort_of_vtype(t)))
                    .collect();
                if let (Some(res), Some(top)) = (result, stack.last_mut()) {
                    *top = res;
                }
                let mut locals = vec![None; code.max_locals as usize];
                if this.is_some() {
                    locals[0] = this;
                }
                next.acts.push(Act {
                    m: callee.clone(),
                    block: callee.block_at_index(k),
                    index: k,
                    locals,
                    stack,
                    call_index: Some(index),
                    receiver,
                });
                next.steps.push(PathStep {
                    method: callee.key.to_string(),
                    pc: ret_pc,
                    line: code.line_of(ret_pc),
                });
                ex.dfs(next, dispatch.into_iter().collect())
            });
            if let Some(flow) = flow {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// The method a call runs, ready to explore below the activations of
    /// `st`: within the recursion bound.
    pub(super) fn callee_info(
        &mut self,
        st: &St,
        found: &Found<Method>,
    ) -> Result<Arc<MethodInfo>, Reason> {
        let mi = found
            .class
            .methods
            .iter()
            .position(|x| x.name == found.member.name && x.descriptor == found.member.descriptor)
            .expect("found in its class");
        let callee = self
            .method_info(found.class.clone(), mi)
            .map_err(|e| Reason::Unsupported(e.to_string()))?;
        let active = st.acts.iter().filter(|a| a.m.key == callee.key).count();
        if active >= self.recursion {
            return Err(Reason::Bound(Bound::Recursion {
                max: self.config.max_recursion,
                method: callee.key.to_string().replace('/', "."),
            }));
        }
        Ok(callee)
    }

    /// At a callee's entry: its parameters are the caller's arguments.
    pub(super) fn return_to_caller(&mut self, st: &mut St) -> Vec<TermId> {
        let callee = st.acts.pop().expect("a callee");
        let m = callee.m.method();
        let mut args = Vec::new();
        let mut slot = 0usize;
        let param_types = m.arg_types(&callee.m.class.name);
        let mut binds = Vec::new();
        for ty in &param_types {
            let local = callee.locals.get(slot).copied().flatten();
            let v = match (slot, callee.receiver, local) {
                // A virtual call's receiver was named when its class chose
                // the method: the same term here.
                (0, Some(recv), Some(v)) => {
                    binds.push(self.terms.eq(v, recv));
                    recv
                }
                (0, Some(recv), None) => recv,
                (_, _, Some(v)) => v,
                (_, _, None) => self
                    .fresh
                    .var(&mut self.terms, "arg", crate::model::sort_of(ty)),
            };
            args.push(v);
            slot += ty.size();
        }
        if !m.is_static() {
            // On the normal path an instance call's receiver is not null
            // (else the invoke throws NullPointerException).
            let zero = self.terms.int(0);
            binds.push(self.terms.ne(args[0], zero));
        }
        let caller = st.top();
        caller.index = callee.call_index.expect("callee has a call site");
        caller.stack.extend(args);
        binds
    }
}

impl Explorer<'_> {
    /// The term of the caller's local the receiver of the invoke at `index`
    /// was loaded from, when the invoke's block pushes it with `aload k`
    /// followed only by one load or constant per argument (`this.term()`,
    /// `p.at(i, 0)`): local `k` holds it at the invoke too. The caller's
    /// local is named now if the path has not named it yet.
    fn receiver_from_local(&mut self, st: &mut St, index: usize, r: &MethodRef) -> Option<TermId> {
        let act = st.top();
        let code = act.m.code();
        let first = act.m.cfg.block(act.block)?.first;
        let mut k = index;
        for _ in &r.desc.params {
            k = k.checked_sub(1).filter(|&k| k >= first)?;
            if !matches!(code.instructions[k].op, Op::Load(..) | Op::Const(_)) {
                return None;
            }
        }
        k = k.checked_sub(1).filter(|&k| k >= first)?;
        let Op::Load(crate::classfile::bytecode::Kind::Ref, slot) = code.instructions[k].op else {
            return None;
        };
        let slot = slot as usize;
        if let Some(t) = act.locals[slot] {
            return Some(t);
        }
        let t = self
            .fresh
            .var(&mut self.terms, "this", crate::model::term::Sort::Ref);
        st.top().locals[slot] = Some(t);
        Some(t)
    }
}

/// Whether the code stores into local 0 (`astore_0`, or any store or
/// `iinc` on slot 0): `this` may then change within the method.
fn stores_local_zero(code: &crate::classfile::Code) -> bool {
    code.instructions
        .iter()
        .any(|i| matches!(i.op, Op::Store(_, 0) | Op::Iinc { index: 0, .. }))
}

/// Whether `String`'s method `m` is one whose bytecode reads no field of a
/// string, so the search may explore it like any other:
/// `String.valueOf(Object)`, `obj == null ? "null" : obj.toString()` (what
/// `new AssertionError(message)` calls, and string conversion of objects).
fn reads_no_string_field(m: &Method) -> bool {
    m.name == "valueOf" && m.descriptor == "(Ljava/lang/Object;)Ljava/lang/String;"
}
