//! Exceptions a call raises on a backward path (JVMS §2.10, §6.5 `invoke*`):
//! the search goes into each method the call may run, backward from each
//! point where an exception leaves it uncaught; a contract's behaviours
//! raise what their `throws` say; a mock may raise what `--mock-throws`
//! allows; natives and the JDK's quiet methods raise nothing (an assumption
//! where that is not known). The edges and implicit exceptions themselves
//! are in [`super::throws`].
use std::sync::Arc;

use super::cmv::{Act, Flow, MethodInfo, St};
use super::explore::Explorer;
use super::throws::Catch;
use crate::cfg::{Edge, Thrown};
use crate::classfile::bytecode::InvokeKind;
use crate::classfile::Op;
use crate::classfile::Pc;
use crate::jdk::collections::keyed::KeyedMethod;
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::Model;
use crate::jdk::strings::prelude::Printing;
use crate::model::term::TermId;
use crate::reason::{Bound, Reason};

/// A call that raised an exception its callee did not catch: where it is
/// (`index` in the caller's code), its receiver, the exception object and
/// what may catch it in the caller.
#[derive(Clone, Copy)]
struct RaisingCall<'c> {
    index: usize,
    receiver: Option<TermId>,
    exc: TermId,
    catch: &'c Catch,
}

impl Explorer<'_> {
    /// A call at `index` ended by an exception its callee raised and did
    /// not catch: explores each method the call may run backward from each
    /// point where such an exception leaves it.
    pub(super) fn raise_in_callee(
        &mut self,
        st: St,
        pending: Vec<TermId>,
        index: usize,
        exc: TermId,
        catch: &Catch,
        at: &str,
    ) -> Flow {
        let Some(m) = st.acts.last().map(|act| act.m.clone()) else {
            return Flow::Exhausted;
        };
        let Op::Invoke(kind, r) = &m.code().instructions[index].op else {
            self.cut(Reason::Unsupported(format!(
                "exception from a callee at {at}, which is no invoke"
            )));
            return Flow::Exhausted;
        };
        let kind = *kind;
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
        let call = RaisingCall {
            index,
            receiver,
            exc,
            catch,
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
                    &call,
                    &before_call,
                    &pending,
                    &found,
                    dispatch.into_iter().collect(),
                    behaviours,
                );
                if !matches!(flow, Flow::Exhausted) {
                    return flow;
                }
                continue;
            }
            // An empty sorted collection's end (search::sorted).
            if let Some(Model::Intrinsic(Intrinsic::Keyed(KeyedMethod::End(_)))) = model {
                let flow =
                    self.empty_end_raises(&before_call, (&pending, dispatch), index, (exc, catch));
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
                || self.quiet_print(&before_call, index, &found, catch)
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
                            &call,
                            before_call.clone(),
                            pending.clone(),
                            &found,
                            dispatch,
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
            if let Some(flow) = self.raise_from_exits(&call, &caller, &callee, &pending, dispatch) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// Explores `callee` (run by the call, state `caller` with the call's
    /// arguments popped) backward from each point where an exception
    /// leaves it uncaught: the flow of the first that ends the choice.
    fn raise_from_exits(
        &mut self,
        call: &RaisingCall,
        caller: &St,
        callee: &Arc<MethodInfo>,
        pending: &[TermId],
        dispatch: Option<TermId>,
    ) -> Option<Flow> {
        let RaisingCall {
            index,
            receiver,
            exc,
            catch,
        } = *call;
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
                let mut p = pending.to_vec();
                p.extend(dispatch);
                ex.raise(next, p, k, thrown, exc, &inner)
            });
            if flow.is_some() {
                return flow;
            }
        }
        None
    }

    /// The call at `index` (state `before_call`, its arguments on the
    /// stack) to `found`, whose contract has `behaviours`, raised `exc`:
    /// one way per behaviour whose `throws` class the edge takes, under its
    /// `pre` (and its effects on fields), the exception a new object of
    /// that class.
    fn contract_raises(
        &mut self,
        call: &RaisingCall,
        before_call: &St,
        pending: &[TermId],
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        dispatch: Vec<TermId>,
        behaviours: &[crate::jdk::contracts::Behaviour],
    ) -> Flow {
        let RaisingCall {
            index, exc, catch, ..
        } = *call;
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
    fn mock_raises(
        &mut self,
        call: &RaisingCall,
        mut st: St,
        mut pending: Vec<TermId>,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        dispatch: Option<TermId>,
    ) -> Flow {
        let RaisingCall {
            index,
            receiver,
            exc,
            catch,
        } = *call;
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
    /// `char[]`s and `String`s (or, at this call site, only JDK values:
    /// [`super::printed_values`]), or the program declares no `toString`, or
    /// it logs (`SimpleFormatter` catches the `Exception`s a parameter's
    /// `toString` throws: only an `Error` gets through). The search then
    /// need not look for exceptions in its bytecode.
    fn quiet_print(
        &self,
        st: &St,
        index: usize,
        found: &crate::classpath::hierarchy::Found<crate::classfile::Method>,
        catch: &Catch,
    ) -> bool {
        let m = &found.member;
        let logs = match self.model_of(found, None) {
            Some(Model::Intrinsic(Intrinsic::Print)) => false,
            Some(Model::Intrinsic(Intrinsic::Log)) => true,
            _ => return false,
        };
        let runs_program = st
            .acts
            .last()
            .is_some_and(|act| self.may_run_program_to_string(act.m.site(), index, &m.descriptor));
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
}
