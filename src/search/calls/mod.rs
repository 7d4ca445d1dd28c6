//! Calls the search does not explore: stepping back over a call with a
//! contract ([`crate::jdk::contracts`], by the registry [`crate::jdk::registry`]) — a choice over its behaviours — or over
//! a call with neither bytecode nor contract, whose result is then a free
//! input (an assumption the verdict reports).
//!
//! The contract expressions are lowered to terms in [`lower`]; the
//! intrinsics are dispatched in [`intrinsics`] (the string ones, with the
//! memory model of strings that they and `ldc` share, in
//! [`crate::jdk::strings::memory`]); the
//! fields of `java.lang.Throwable` that exception constructors write are
//! in [`throwables`].

mod intrinsics;
mod lower;
mod throwables;

use super::callee::Call;
use super::cmv::{Act, Flow, St};
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::{JType, Method};
use crate::classpath::hierarchy::Found;
pub(super) use crate::jdk::call::Env;
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::{CallSite, Callee, Model, Registry};
use crate::model::sort_of;
use crate::model::term::TermId;

impl Explorer<'_> {
    /// The model of the method a call runs, if the registry has one;
    /// `site` (the state after the call and its index) for the models
    /// that depend on the call site.
    pub(super) fn model_of(
        &self,
        found: &Found<Method>,
        site: Option<(&St, usize)>,
    ) -> Option<Model> {
        let callee = Callee {
            class: &found.class.name,
            name: &found.member.name,
            descriptor: &found.member.descriptor,
            is_static: found.member.is_static(),
        };
        let site = site.map(|(st, index)| CallSite {
            message_is_text: super::assertion_errors::message_is_text(st, index),
        });
        Registry::new(&self.config.contracts, self.program_overrides_fill_in())
            .lookup(&callee, site.as_ref())
    }

    /// Steps back over the call at `index` to `found`, described by
    /// `model` (or, with `None`, by nothing: its result is free).
    /// `st` is the state after the call with the result popped.
    pub(super) fn step_over_call(&mut self, st: &St, call: &Call, model: Option<Model>) -> Flow {
        let Call {
            found,
            dispatch,
            receiver,
            result,
            index,
        } = *call;
        let m = &found.member;
        let mut next = st.clone();
        let types = m.arg_types(&found.class.name);
        let mut params = Vec::new();
        for (k, ty) in types.iter().enumerate() {
            let t = match (k, receiver) {
                (0, Some(r)) if !m.is_static() => r,
                _ => self.fresh.var(&mut self.terms, "arg", sort_of(ty)),
            };
            params.push((t, ty.clone()));
        }
        let act: &mut Act = next.top();
        act.index = index;
        act.stack.extend(params.iter().map(|(t, _)| *t));
        let mut common: Vec<TermId> = dispatch.into_iter().collect();
        if !m.is_static() {
            let zero = self.terms.int(0);
            common.push(self.terms.ne(params[0].0, zero));
        }
        for (t, ty) in &params {
            if let Some(c) = self.in_range(ty, *t) {
                common.push(c);
            }
        }
        let ret = m.desc.ret.clone();
        let env = Env {
            params,
            is_static: m.is_static(),
            result: result.map(|r| (r, ret.clone())),
            after: Vec::new(),
        };
        let what = format!("{}.{}", found.class.java_name(), m);
        let key = format!("{}.{}{}", found.class.name, m.name, m.descriptor);
        let mocked = crate::classpath::mock::mocked_interface(&found.class.name);
        let from_environment =
            self.config.contracts.is_environment(&key) || (model.is_none() && m.code.is_none());
        if let (true, Some(r)) = (from_environment, result) {
            let mut call = self.env_call(&next, &key, index, r, ret.clone());
            call.mock = receiver.filter(|_| mocked.is_some());
            next.environment.push(call);
        }
        let behaviours: Vec<(St, Vec<TermId>)> = match model {
            None if mocked.is_some() => {
                self.assume(format!(
                    "calls on a mock of {} were taken to change nothing",
                    mocked.unwrap_or_default().replace('/', ".")
                ));
                vec![(next, Vec::new())]
            }
            None => {
                self.assume(format!(
                    "the result of {what} (no bytecode, no contract) was taken as a free input"
                ));
                vec![(next, Vec::new())]
            }
            Some(Model::User(bs) | Model::BuiltIn(bs)) => {
                let mut out = Vec::new();
                // The call returns: the behaviours that raise nothing.
                for b in bs.iter().filter(|b| b.throws.is_none()) {
                    let mut bst = next.clone();
                    match self.behaviour(&mut bst, &env, b) {
                        Ok(cs) => out.push((bst, cs)),
                        Err(why) => {
                            self.cut(crate::reason::Reason::Unsupported(format!(
                                "contract of {what}: {why}"
                            )));
                            return Flow::Exhausted;
                        }
                    }
                }
                out
            }
            Some(Model::Intrinsic(Intrinsic::Random(r))) => {
                self.random_behaviours(next, &env, r, &key, index)
            }
            Some(Model::Intrinsic(i)) => match self.intrinsic(&mut next, &env, i, &m.name, index) {
                Ok(cs) => vec![(next, cs)],
                Err(why) => {
                    self.cut(crate::reason::Reason::Unsupported(format!("{what}: {why}")));
                    return Flow::Exhausted;
                }
            },
        };
        if let Some(c) = result.and_then(|r| self.in_range(&ret, r)) {
            common.push(c);
        }
        for (next, cs) in behaviours {
            let mut pending = common.clone();
            pending.extend(cs);
            if let Some(flow) = self.try_choice(|ex| ex.dfs(next, pending)) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// The record of the call at `index` of the top method of `st`, to
    /// `key`, whose result `result` of type `ty` the environment gives.
    pub(super) fn env_call(
        &self,
        st: &St,
        key: &str,
        index: usize,
        result: TermId,
        ty: JType,
    ) -> crate::labeling::EnvCall {
        let caller = &st.acts.last().expect("a caller").m;
        crate::labeling::EnvCall {
            callee: key.to_string(),
            caller: caller.key.clone(),
            in_method_under_test: st.acts.len() == 1,
            pc: caller.code().instructions[index].pc,
            result,
            ty,
            mock: None,
            raises: false,
            part: None,
        }
    }

    /// The constraints of behaviour `b` of a contract, stepping back over
    /// the call from `st` (the state after it): the fields it modifies get
    /// their values before the call (fresh arrays equal to the ones after
    /// it but at the modified object), `pre` and `old(…)` read those,
    /// `post` reads the fields after the call.
    pub(super) fn behaviour(
        &mut self,
        st: &mut St,
        env: &Env,
        b: &crate::jdk::contracts::Behaviour,
    ) -> Result<Vec<TermId>, Unsupported> {
        let mut cs = Vec::new();
        let mut post_env = env.clone();
        for modified in &b.modifies {
            let o = self.lower_expr(st, env, &modified.object)?;
            let o = self.as_bv(o);
            let (key, sort) = self.field_of(env, &modified.object, &modified.field)?;
            let after = self.heap_array(st, key.clone(), sort);
            let prior = self.fresh(&key.to_string(), sort);
            let new = self.terms.select(after, o);
            let written = self.terms.store(prior, o, new);
            cs.push(self.terms.eq(after, written));
            cs.push(self.non_null(o));
            st.mem.fields.insert(key.clone(), prior);
            if !post_env.after.iter().any(|(k, _)| *k == key) {
                post_env.after.push((key, after));
            }
        }
        for e in &b.pre {
            let v = self.lower_expr(st, env, e)?;
            cs.push(self.as_bool(v));
        }
        for e in &b.post {
            let v = self.lower_expr(st, &post_env, e)?;
            cs.push(self.as_bool(v));
        }
        Ok(cs)
    }
}
