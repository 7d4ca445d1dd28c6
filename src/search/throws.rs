//! Exceptions on backward paths (JVMS §2.10, §6.5).
//!
//! A path enters an exception handler — or leaves the method with an
//! exception, for a `--throws` goal — from the instruction that raised the
//! exception. Stepping back over that edge puts the path just before the
//! raising instruction, with the condition under which it raises what the
//! handler catches:
//!
//! - an implicit exception: the instruction's own condition (a null
//!   operand for `NullPointerException`, a zero divisor for
//!   `ArithmeticException`, an index outside the array for
//!   `ArrayIndexOutOfBoundsException`, a negative count, a failing cast),
//!   and the exception is an object the JVM allocates there;
//! - `athrow`: the thrown object is the operand, and its class is one the
//!   handler catches;
//! - a call: the callee raised it and did not catch it — the search goes
//!   into the callee, backward from each point where an exception leaves it
//!   — or the receiver was null.
//!
//! A native method raises nothing ([`crate::jdk::natives`] lists the JDK's that
//! never do; any other is assumed not to, an assumption that keeps the
//! search from proving anything with it).
//!
//! A [`Catch`] says which classes may take the edge: a subtype of the
//! handler's catch type, and of no catch type of a handler that comes
//! earlier in an exception table on the way (those would have caught it).

use super::cmv::{Act, Flow, St};
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::cfg::{Edge, Thrown};
use crate::classfile::bytecode::InvokeKind;
use crate::classfile::{Code, Op, Pc};
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::Model;
use crate::model::sort_of_vtype;
use crate::model::term::{BvCmp, TermId};
use crate::reason::{Bound, Reason};

const NPE: &str = "java/lang/NullPointerException";

/// The classes an exception may have to take an edge.
#[derive(Debug, Clone, Default)]
pub(crate) struct Catch {
    /// A subtype of this (`None`: any `Throwable`, a `finally` handler).
    pub must: Option<String>,
    /// A subtype of none of these.
    pub must_not: Vec<String>,
}

impl Catch {
    /// The filter of a handler at `pc`: its catch type, and not the catch
    /// types of the handlers before it in the table that cover `pc`.
    pub fn of_handler(code: &Code, pc: Pc, handler: Pc, catch_type: Option<&String>) -> Catch {
        let must_not = code
            .handlers
            .iter()
            .filter(|h| h.covers(pc))
            .take_while(|h| !(h.handler == handler && h.catch_type.as_ref() == catch_type))
            .filter_map(|h| h.catch_type.clone())
            .collect();
        Catch {
            must: catch_type.cloned(),
            must_not,
        }
    }

    /// Leaving a method at `pc`: no handler covering `pc` caught it.
    pub fn uncaught_at(&self, code: &Code, pc: Pc) -> Catch {
        let mut out = self.clone();
        out.must_not.extend(
            code.handlers
                .iter()
                .filter(|h| h.covers(pc))
                .filter_map(|h| h.catch_type.clone()),
        );
        out
    }
}

impl Explorer<'_> {
    /// Whether an exception of class `class` takes an edge filtered by
    /// `catch` (`None` when the class is unknown to the class path).
    fn class_fits(&self, class: &str, catch: &Catch) -> Option<bool> {
        let sub = |of: &str| self.cp.is_assignable(class, of).ok();
        let must = match &catch.must {
            Some(m) => sub(m)?,
            None => true,
        };
        let mut caught = false;
        for n in &catch.must_not {
            caught |= sub(n)?;
        }
        Some(must && !caught)
    }

    /// Constraint: the object `o` has a class that takes an edge filtered
    /// by `catch`.
    fn object_fits(&mut self, st: &St, o: TermId, catch: &Catch) -> TermId {
        let class_of = self.terms.select(st.mem.types, o);
        let mut parts = Vec::new();
        let must = catch.must.as_deref().unwrap_or("java/lang/Throwable");
        parts.push(self.is_subtype(o, class_of, must));
        for n in catch.must_not.clone() {
            let s = self.is_subtype(o, class_of, &n);
            parts.push(self.terms.not(s));
        }
        self.terms.and(parts)
    }

    /// Steps back over the exception edge `edge` from the handler state
    /// `st` (whose stack holds the caught exception) into the block `pred`.
    pub(super) fn step_exception_edge(
        &mut self,
        mut st: St,
        pred: crate::cfg::BlockId,
        edge: &Edge,
    ) -> Flow {
        let Edge::Exception {
            pc,
            thrown,
            catch_type,
        } = edge
        else {
            unreachable!("only exception edges come here")
        };
        let m = st.top().m.clone();
        let code = m.code();
        let block = m.cfg.block(st.top().block).expect("a block").clone();
        let catch = Catch::of_handler(code, *pc, block.start, catch_type.as_ref());
        let exc = st
            .top()
            .stack
            .pop()
            .expect("a handler starts with the exception");
        st.top().stack.clear();
        st.top().block = pred;
        let index = code.index_of(*pc).expect("edges leave instructions");
        self.raise(st, Vec::new(), index, *thrown, exc, &catch)
    }

    /// Explores backward from the instruction at `index` of the top
    /// activation raising an exception that equals `exc` and takes an edge
    /// filtered by `catch`. `st.top().stack` is discarded: the stack before
    /// the instruction is rebuilt from its frame.
    pub(super) fn raise(
        &mut self,
        mut st: St,
        mut pending: Vec<TermId>,
        index: usize,
        thrown: Thrown,
        exc: TermId,
        catch: &Catch,
    ) -> Flow {
        let m = st.top().m.clone();
        let insn = m.code().instructions[index].clone();
        let Some(before) = m.frames.at(insn.pc).cloned() else {
            return Flow::Exhausted; // dead code raises nothing
        };
        let stack: Vec<TermId> = before
            .stack
            .iter()
            .map(|t| self.fresh.var(&mut self.terms, "s", sort_of_vtype(t)))
            .collect();
        st.top().index = index;
        st.top().stack = stack.clone();
        st.path_len += 1;
        let at = format!("{} pc {}", m.key.to_string().replace('/', "."), insn.pc);
        let n = stack.len();
        let zero = self.terms.int(0);
        match thrown {
            Thrown::Implicit(class) => {
                if self.class_fits(class, catch) == Some(false) {
                    return Flow::Exhausted;
                }
                let cond = match self.raise_condition(&mut st, &insn.op, class, &stack) {
                    Ok(c) => c,
                    Err(what) => {
                        self.cut(Reason::Unsupported(format!("{what} at {at}")));
                        return Flow::Exhausted;
                    }
                };
                pending.push(cond);
                match self.allocate_exception(&mut st, class, exc, insn.pc) {
                    Ok(cs) => pending.extend(cs),
                    Err(cut) => {
                        self.cut(cut);
                        return Flow::Exhausted;
                    }
                }
                self.dfs(st, pending)
            }
            Thrown::Any => match &insn.op {
                Op::AThrow => {
                    let o = stack[n - 1];
                    let mut thrown_object = pending.clone();
                    thrown_object.push(self.terms.ne(o, zero));
                    thrown_object.push(self.terms.eq(exc, o));
                    let fits = self.object_fits(&st, o, catch);
                    thrown_object.push(fits);
                    if let Some(flow) = self.try_choice(|ex| ex.dfs(st.clone(), thrown_object)) {
                        return flow;
                    }
                    // `throw null` raises NullPointerException.
                    self.raise(st, pending, index, Thrown::Implicit(NPE), exc, catch)
                }
                Op::Invoke(kind, r) => {
                    if *kind != InvokeKind::Static {
                        let npe = Thrown::Implicit(NPE);
                        let flow = self.try_choice(|ex| {
                            ex.raise(st.clone(), pending.clone(), index, npe, exc, catch)
                        });
                        if let Some(flow) = flow {
                            return flow;
                        }
                    }
                    self.raise_in_callee(st, pending, index, *kind, r, exc, catch, &at)
                }
                Op::InvokeDynamic { .. } if super::concat::raises_nothing(&m.class, &insn.op) => {
                    Flow::Exhausted
                }
                _ => {
                    self.cut(Reason::Unsupported(format!(
                        "exception from {} at {at}",
                        insn.mnemonic()
                    )));
                    Flow::Exhausted
                }
            },
        }
    }

    /// The condition under which `op` raises `class`, over the values on
    /// the stack before it.
    fn raise_condition(
        &mut self,
        st: &mut St,
        op: &Op,
        class: &str,
        stack: &[TermId],
    ) -> Result<TermId, Unsupported> {
        let n = stack.len();
        let zero = self.terms.int(0);
        let is_null = |ex: &mut Self, depth: usize| ex.terms.eq(stack[n - 1 - depth], zero);
        Ok(match (class, op) {
            (NPE, Op::GetField(_) | Op::ArrayLength | Op::MonitorEnter | Op::MonitorExit) => {
                is_null(self, 0)
            }
            (NPE, Op::AThrow) => is_null(self, 0),
            (NPE, Op::PutField(_) | Op::ArrayLoad(_)) => is_null(self, 1),
            (NPE, Op::ArrayStore(_)) => is_null(self, 2),
            (NPE, Op::Invoke(_, r)) => is_null(self, r.desc.params.len()),
            ("java/lang/ArithmeticException", Op::Binary(..)) => {
                let d = stack[n - 1];
                let w = self.terms.width(d);
                let z = self.terms.bv(0, w);
                self.terms.eq(d, z)
            }
            ("java/lang/ArrayIndexOutOfBoundsException", Op::ArrayLoad(_) | Op::ArrayStore(_)) => {
                let depth = if matches!(op, Op::ArrayLoad(_)) { 1 } else { 2 };
                let (arr, i) = (stack[n - 1 - depth], stack[n - depth]);
                let mut len_ok = Vec::new();
                let len = self.array_length(st, arr, &mut len_ok);
                let non_null = self.terms.ne(arr, zero);
                let below = self.terms.cmp(BvCmp::Slt, i, zero);
                let above = self.terms.cmp(BvCmp::Sge, i, len);
                let out = self.terms.or(vec![below, above]);
                len_ok.extend([non_null, out]);
                self.terms.and(len_ok)
            }
            ("java/lang/NegativeArraySizeException", Op::NewArray(_) | Op::ANewArray(_)) => {
                self.terms.cmp(BvCmp::Slt, stack[n - 1], zero)
            }
            ("java/lang/NegativeArraySizeException", Op::MultiANewArray(_, dims)) => {
                let negs = (0..*dims as usize)
                    .map(|k| self.terms.cmp(BvCmp::Slt, stack[n - 1 - k], zero))
                    .collect();
                self.terms.or(negs)
            }
            ("java/lang/ClassCastException", Op::CheckCast(ty)) => {
                if ty.is_array() {
                    return Err(Unsupported::CastToArrayFails);
                }
                let o = stack[n - 1];
                let non_null = self.terms.ne(o, zero);
                let class_of = self.terms.select(st.mem.types, o);
                let sub = self.is_subtype(o, class_of, &ty.class_ref_name());
                let not_sub = self.terms.not(sub);
                self.terms.and(vec![non_null, not_sub])
            }
            (other, _) => {
                return Err(Unsupported::Raising {
                    class: other.to_string(),
                })
            }
        })
    }

    /// The exception object the JVM allocates when an instruction raises
    /// `class`: a new object, distinct from every other allocation.
    fn allocate_exception(
        &mut self,
        st: &mut St,
        class: &str,
        exc: TermId,
        pc: Pc,
    ) -> Result<Vec<TermId>, Reason> {
        let Some(id) = self.universe.id(class) else {
            return Err(Reason::Unsupported(format!(
                "{} is not on the class path",
                class.replace('/', ".")
            )));
        };
        let mut out = Vec::new();
        self.allocated(st, exc, id, class, pc, &mut out);
        Ok(out)
    }

    /// A call at `index` ended by an exception its callee raised and did
    /// not catch: explores each method the call may run backward from each
    /// point where such an exception leaves it.
    #[allow(clippy::too_many_arguments)]
    fn raise_in_callee(
        &mut self,
        st: St,
        pending: Vec<TermId>,
        index: usize,
        kind: InvokeKind,
        r: &crate::classfile::bytecode::MethodRef,
        exc: TermId,
        catch: &Catch,
        at: &str,
    ) -> Flow {
        if st.acts.len() > self.call_depth {
            self.cut(Reason::Bound(Bound::CallDepth {
                max: self.config.max_call_depth,
            }));
            return Flow::Exhausted;
        }
        let (targets, receiver) = match self.call_targets(&st, kind, r, index, at) {
            Ok(t) => t,
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        };
        // The caller's stack below the call's arguments; the callee's entry
        // pushes them back (see `return_to_caller`).
        let before_call = st.clone();
        let mut caller = st;
        let args = r.desc.params.len() + usize::from(kind != InvokeKind::Static);
        let keep = caller.top().stack.len() - args;
        caller.top().stack.truncate(keep);
        for (found, dispatch) in targets {
            // A contract takes the place of the bytecode for exceptions too:
            // the call raises what its behaviours' `throws` say, nothing else.
            let model = self.model_of(&found, None);
            if let Some(behaviours) = model.as_ref().and_then(Model::behaviours) {
                let flow = self.contract_raises(
                    &before_call,
                    &pending,
                    index,
                    &found,
                    dispatch.into_iter().collect(),
                    behaviours,
                    exc,
                    catch,
                );
                if !matches!(flow, Flow::Exhausted) {
                    return flow;
                }
                continue;
            }
            if crate::jdk::natives::quiet_constructor(
                &found.class.name,
                &found.member.name,
                self.program_overrides_fill_in(),
            ) || self.quiet_assertion_error(&before_call, &found, index)
                || self.quiet_print(&found, catch)
                || self.raises_no_error(&found, catch)
            {
                continue;
            }
            if found.member.code.is_none() {
                if let Some(i) = crate::classpath::mock::mocked_interface(&found.class.name) {
                    if self.config.mock_throws
                        && found.member.desc.ret != crate::classfile::JType::Void
                    {
                        let flow = self.mock_raises(
                            before_call.clone(),
                            pending.clone(),
                            index,
                            &found,
                            dispatch,
                            receiver,
                            exc,
                            catch,
                        );
                        if !matches!(flow, Flow::Exhausted) {
                            return flow;
                        }
                        continue;
                    }
                    self.assume(format!(
                        "calls on a mock of {} were taken to raise nothing",
                        i.replace('/', ".")
                    ));
                    continue;
                }
                if found.member.is_native() {
                    // The JVM's own natives that build exceptions, read the
                    // clock and so on raise nothing; any other is assumed
                    // to raise nothing, and the assumption keeps a proof
                    // from resting on it.
                    if !crate::jdk::natives::never_raises(&found.class.name, &found.member.name) {
                        self.assume(format!(
                            "the native method {}.{} was assumed to raise no exception",
                            found.class.java_name(),
                            found.member
                        ));
                    }
                    continue;
                }
                self.cut(Reason::Unsupported(format!(
                    "exceptions of {}.{} (no bytecode) at {at}",
                    found.class.java_name(),
                    found.member
                )));
                continue;
            }
            let callee = match self.callee_info(&caller, &found) {
                Ok(c) => c,
                Err(cut) => {
                    self.cut(cut);
                    continue;
                }
            };
            let code = callee.code();
            let exits: Vec<(Pc, Thrown)> = callee
                .cfg
                .edges()
                .filter_map(|(_, _, e)| match e {
                    Edge::Uncaught { pc, thrown } => Some((*pc, *thrown)),
                    _ => None,
                })
                .collect();
            for (pc, thrown) in exits {
                let k = code.index_of(pc).expect("edges leave instructions");
                let inner = catch.uncaught_at(code, pc);
                let flow = self.try_choice(|ex| {
                    let mut next = caller.clone();
                    next.acts.push(Act {
                        m: callee.clone(),
                        block: callee
                            .cfg
                            .block_of(pc)
                            .expect("every instruction is in a block"),
                        index: k,
                        locals: vec![None; code.max_locals as usize],
                        stack: Vec::new(),
                        call_index: Some(index),
                        receiver,
                    });
                    next.steps.push(crate::search::PathStep {
                        method: callee.key.to_string(),
                        pc,
                        line: code.line_of(pc),
                    });
                    let mut p = pending.clone();
                    p.extend(dispatch);
                    ex.raise(next, p, k, thrown, exc, &inner)
                });
                if let Some(flow) = flow {
                    return flow;
                }
            }
        }
        Flow::Exhausted
    }

    /// The call at `index` (state `before_call`, its arguments on the
    /// stack) to `found`, whose contract has `behaviours`, raised `exc`:
    /// one way per behaviour whose `throws` class the edge takes, under its
    /// `pre` (and its effects on fields), the exception a new object of
    /// that class.
    #[allow(clippy::too_many_arguments)]
    fn contract_raises(
        &mut self,
        before_call: &St,
        pending: &[TermId],
        index: usize,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        dispatch: Vec<TermId>,
        behaviours: &[crate::jdk::contracts::Behaviour],
        exc: TermId,
        catch: &Catch,
    ) -> Flow {
        let m = &found.member;
        let what = format!("{}.{}", found.class.java_name(), m);
        for b in behaviours {
            let Some(class) = &b.throws else { continue };
            if self.class_fits(class, catch) == Some(false) {
                continue;
            }
            let flow = self.try_choice(|ex| {
                let mut st = before_call.clone();
                let types = m.arg_types(&found.class.name);
                let stack = &st.top().stack;
                let args: Vec<TermId> = stack[stack.len() - types.len()..].to_vec();
                let env = super::calls::Env {
                    params: args.iter().copied().zip(types).collect(),
                    is_static: m.is_static(),
                    result: None,
                    after: Vec::new(),
                };
                let mut p = pending.to_vec();
                p.extend(dispatch.iter().copied());
                if !m.is_static() {
                    p.push(ex.non_null(args[0]));
                }
                match ex.behaviour(&mut st, &env, b) {
                    Ok(cs) => p.extend(cs),
                    Err(why) => {
                        ex.cut(Reason::Unsupported(format!("contract of {what}: {why}")));
                        return Flow::Exhausted;
                    }
                }
                let pc = st.top().m.code().instructions[index].pc;
                match ex.allocate_exception(&mut st, class, exc, pc) {
                    Ok(cs) => p.extend(cs),
                    Err(cut) => {
                        ex.cut(cut);
                        return Flow::Exhausted;
                    }
                }
                ex.dfs(st, p)
            });
            if let Some(flow) = flow {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// `--mock-throws`: the call at `index` on a mock (`receiver`, of the
    /// class `dispatch` says) raised a new `RuntimeException`, `exc`,
    /// recorded as that call's answer.
    #[allow(clippy::too_many_arguments)]
    fn mock_raises(
        &mut self,
        mut st: St,
        mut pending: Vec<TermId>,
        index: usize,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        dispatch: Option<TermId>,
        receiver: Option<TermId>,
        exc: TermId,
        catch: &Catch,
    ) -> Flow {
        const RUNTIME: &str = "java/lang/RuntimeException";
        if self.class_fits(RUNTIME, catch) == Some(false) {
            return Flow::Exhausted;
        }
        let Some(recv) = receiver else {
            return Flow::Exhausted;
        };
        let m = st.top().m.clone();
        let insn = m.code().instructions[index].clone();
        let n = st.top().stack.len();
        let slot = st.top().stack[n - 1 - found.member.desc.params.len()];
        pending.extend(dispatch);
        pending.push(self.terms.eq(recv, slot));
        match self.allocate_exception(&mut st, RUNTIME, exc, insn.pc) {
            Ok(cs) => pending.extend(cs),
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        }
        st.environment.push(crate::labeling::EnvCall {
            callee: format!(
                "{}.{}{}",
                found.class.name, found.member.name, found.member.descriptor
            ),
            caller: m.key.clone(),
            in_method_under_test: st.acts.len() == 1,
            pc: insn.pc,
            result: exc,
            ty: crate::classfile::JType::Object(RUNTIME.into()),
            mock: Some(recv),
            raises: true,
            part: None,
        });
        self.scoped(|ex| ex.dfs(st, pending))
    }

    /// True when a class of the program declares `fillInStackTrace()`,
    /// which JDK exception constructors call (and which could raise).
    /// Whether `found` is a printing or logging intrinsic that raises
    /// nothing `catch` takes: none of the exceptions it may raise by
    /// itself ([`crate::jdk::printing::may_raise`]), nor any subclass of
    /// them, fits `catch`, and it runs no `toString` of the program that
    /// could raise what `catch` takes — its arguments are primitives,
    /// `char[]`s and `String`s, or the program declares no `toString`, or
    /// it logs (`SimpleFormatter` catches the `Exception`s a parameter's
    /// `toString` throws: only an `Error` gets through). The search then
    /// need not look for exceptions in its bytecode.
    fn quiet_print(
        &self,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        catch: &Catch,
    ) -> bool {
        let m = &found.member;
        let logs = match self.model_of(found, None) {
            Some(Model::Intrinsic(Intrinsic::Print)) => false,
            Some(Model::Intrinsic(Intrinsic::Log)) => true,
            _ => return false,
        };
        let runs_program = crate::jdk::printing::may_print_objects(&m.descriptor)
            && self.cp.analyses().program_overrides_to_string(self.cp);
        let program_raises = match (runs_program, logs) {
            (false, _) => false,
            (true, false) => true,
            (true, true) => self.may_fit("java/lang/Error", catch),
        };
        !program_raises
            && crate::jdk::printing::may_raise(&m.name, &m.descriptor)
                .iter()
                .all(|c| !self.may_fit(c, catch))
    }

    /// Whether an exception of class `class` or of a subclass of it may
    /// take an edge filtered by `catch` (true when a class is unknown).
    fn may_fit(&self, class: &str, catch: &Catch) -> bool {
        let sub = |a: &str, b: &str| self.cp.is_assignable(a, b).unwrap_or(true);
        let must = catch
            .must
            .as_deref()
            .is_none_or(|m| sub(class, m) || sub(m, class));
        must && !catch.must_not.iter().any(|n| sub(class, n))
    }

    /// Whether the edge takes only `Error`s (an `AssertionError`, say) and
    /// `found` is a built-in intrinsic over JDK objects that runs no code
    /// of the program (no parameter but primitives, primitive arrays and
    /// `String`s, or `String.equals`, which only tests its argument's
    /// class): such a method raises, in the JVM, only the
    /// `RuntimeException`s its specification lists (null arguments,
    /// indexes out of bounds, malformed numbers) — or a VM error, which
    /// the model leaves out everywhere — so the search need not look for
    /// an `Error` in its bytecode (which reads fields the string model does
    /// not have).
    fn raises_no_error(
        &self,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        catch: &Catch,
    ) -> bool {
        let only_errors = catch
            .must
            .as_ref()
            .is_some_and(|m| self.cp.is_assignable(m, "java/lang/Error").unwrap_or(false));
        if !only_errors || !matches!(self.model_of(found, None), Some(Model::Intrinsic(_))) {
            return false;
        }
        let m = &found.member;
        let is_equals = found.class.name == "java/lang/String"
            && m.name == "equals"
            && m.descriptor == "(Ljava/lang/Object;)Z";
        is_equals
            || m.desc.params.iter().all(|p| match p {
                crate::classfile::JType::Object(c) => c == "java/lang/String",
                crate::classfile::JType::Array(e) => !matches!(
                    **e,
                    crate::classfile::JType::Object(_) | crate::classfile::JType::Array(_)
                ),
                _ => true,
            })
    }

    pub(super) fn program_overrides_fill_in(&self) -> bool {
        self.cp.analyses().program_overrides_fill_in(self.cp)
    }
}
