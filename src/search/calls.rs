//! Calls the search does not explore: stepping back over a call with a
//! contract ([`crate::jdk::contracts`], by the registry [`crate::jdk::registry`]) — a choice over its behaviours — or over
//! a call with neither bytecode nor contract, whose result is then a free
//! input (an assumption the verdict reports). Also the memory model of
//! strings, which the string intrinsics and `ldc` share: a string's length
//! and characters are immutable cells of the heap, apart from the fields of
//! `java.lang.String` (whose bytecode is never explored).

use super::cmv::{Act, Flow, St};
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::{JType, Method};
use crate::classpath::hierarchy::Found;
use crate::jdk::contracts::{BinOp, Expr, UnOp};
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::{CallSite, Callee, Model, Registry};
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::{sort_of, Alloc, FieldKey};

const STRING: &str = "java/lang/String";

/// The terms a contract's names stand for.
#[derive(Clone)]
pub(super) struct Env {
    /// `this` then the parameters, with their types.
    pub params: Vec<(TermId, JType)>,
    pub is_static: bool,
    pub result: Option<(TermId, JType)>,
    /// The arrays of the fields a behaviour modifies as they are after the
    /// call, for a `post` (empty for a `pre` and inside `old(…)`, which
    /// read the heap before the call).
    pub after: Vec<(FieldKey, TermId)>,
}

/// A lowered contract expression: a boolean, or a bit-vector of its width.
#[derive(Clone, Copy)]
enum Val {
    Bool(TermId),
    Bv(TermId),
}

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
    #[allow(clippy::too_many_arguments)]
    pub(super) fn step_over_call(
        &mut self,
        st: &St,
        found: &Found<Method>,
        model: Option<Model>,
        dispatch: Option<TermId>,
        receiver: Option<TermId>,
        result: Option<TermId>,
        index: usize,
    ) -> Flow {
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

    /// The heap key and array sort of field `name` of `obj` (an object
    /// of its static type).
    fn field_of(
        &mut self,
        env: &Env,
        obj: &Expr,
        name: &str,
    ) -> Result<(FieldKey, Sort), Unsupported> {
        let class = match static_type(env, obj) {
            Some(JType::Object(c)) => c,
            _ => {
                return Err(Unsupported::FieldOfNonObject {
                    name: name.to_string(),
                })
            }
        };
        let found = self
            .cp
            .resolve_field(&class, name)
            .ok()
            .flatten()
            .ok_or_else(|| Unsupported::NoSuchField {
                class: class.clone(),
                name: name.to_string(),
            })?;
        let key = FieldKey {
            class: found.class.name.clone(),
            name: name.to_string(),
        };
        Ok((key, crate::model::field_sort(&found.member.ty)))
    }

    fn as_bool(&mut self, v: Val) -> TermId {
        match v {
            Val::Bool(b) => b,
            Val::Bv(x) => {
                let w = self.terms.width(x);
                let z = self.terms.bv(0, w);
                self.terms.ne(x, z)
            }
        }
    }

    fn as_bv(&mut self, v: Val) -> TermId {
        match v {
            Val::Bv(x) => x,
            Val::Bool(b) => {
                let (one, zero) = (self.terms.int(1), self.terms.int(0));
                self.terms.ite(b, one, zero)
            }
        }
    }

    /// Two bit-vectors at a common width (Java's binary numeric promotion:
    /// the narrower is sign-extended).
    fn promote(&mut self, a: TermId, b: TermId) -> (TermId, TermId) {
        let (wa, wb) = (self.terms.width(a), self.terms.width(b));
        if wa < wb {
            (self.terms.sign_ext(wb - wa, a), b)
        } else if wb < wa {
            (a, self.terms.sign_ext(wa - wb, b))
        } else {
            (a, b)
        }
    }

    fn lower_expr(&mut self, st: &mut St, env: &Env, e: &Expr) -> Result<Val, Unsupported> {
        Ok(match e {
            Expr::Int(v) => Val::Bv(if i32::try_from(*v).is_ok() {
                self.terms.int(*v as i32)
            } else {
                self.terms.bv(*v, 64)
            }),
            Expr::Null => Val::Bv(self.terms.int(0)),
            Expr::This => {
                if env.is_static {
                    return Err(Unsupported::ThisInStatic);
                }
                Val::Bv(env.params[0].0)
            }
            Expr::Arg(k) => {
                let k = k + usize::from(!env.is_static);
                Val::Bv(env.params.get(k).ok_or(Unsupported::NoSuchParameter)?.0)
            }
            Expr::Result => Val::Bv(env.result.as_ref().ok_or(Unsupported::NoResult)?.0),
            Expr::Field(obj, name) => {
                let (key, sort) = self.field_of(env, obj, name)?;
                let o = self.lower_expr(st, env, obj)?;
                let o = self.as_bv(o);
                let array = match env.after.iter().find(|(k, _)| *k == key) {
                    Some(&(_, after)) => after,
                    None => self.heap_array(st, key, sort),
                };
                Val::Bv(self.terms.select(array, o))
            }
            Expr::Old(inner) => {
                let before = Env {
                    after: Vec::new(),
                    ..env.clone()
                };
                self.lower_expr(st, &before, inner)?
            }
            Expr::Unary(op, a) => {
                let a = self.lower_expr(st, env, a)?;
                match op {
                    UnOp::Not => {
                        let b = self.as_bool(a);
                        Val::Bool(self.terms.not(b))
                    }
                    UnOp::Neg => {
                        let x = self.as_bv(a);
                        Val::Bv(self.terms.neg(x))
                    }
                    UnOp::BitNot => {
                        let x = self.as_bv(a);
                        let w = self.terms.width(x);
                        let m1 = self.terms.bv(-1, w);
                        Val::Bv(self.terms.bin(BvOp::Xor, x, m1))
                    }
                }
            }
            Expr::Cond(c, a, b) => {
                let c = self.lower_expr(st, env, c)?;
                let c = self.as_bool(c);
                let a = self.lower_expr(st, env, a)?;
                let b = self.lower_expr(st, env, b)?;
                let (a, b) = (self.as_bv(a), self.as_bv(b));
                let (a, b) = self.promote(a, b);
                Val::Bv(self.terms.ite(c, a, b))
            }
            Expr::Binary(op, a, b) => {
                let a = self.lower_expr(st, env, a)?;
                let b = self.lower_expr(st, env, b)?;
                if matches!(op, BinOp::And | BinOp::Or) {
                    let (a, b) = (self.as_bool(a), self.as_bool(b));
                    return Ok(Val::Bool(if *op == BinOp::And {
                        self.terms.and(vec![a, b])
                    } else {
                        self.terms.or(vec![a, b])
                    }));
                }
                let (a, b) = (self.as_bv(a), self.as_bv(b));
                let (a, b) = self.promote(a, b);
                let t = &mut self.terms;
                match op {
                    BinOp::Eq => Val::Bool(t.eq(a, b)),
                    BinOp::Ne => Val::Bool(t.ne(a, b)),
                    BinOp::Lt => Val::Bool(t.cmp(BvCmp::Slt, a, b)),
                    BinOp::Le => Val::Bool(t.cmp(BvCmp::Sle, a, b)),
                    BinOp::Gt => Val::Bool(t.cmp(BvCmp::Sgt, a, b)),
                    BinOp::Ge => Val::Bool(t.cmp(BvCmp::Sge, a, b)),
                    BinOp::Add => Val::Bv(t.bin(BvOp::Add, a, b)),
                    BinOp::Sub => Val::Bv(t.bin(BvOp::Sub, a, b)),
                    BinOp::Mul => Val::Bv(t.bin(BvOp::Mul, a, b)),
                    BinOp::Div => Val::Bv(t.bin(BvOp::SDiv, a, b)),
                    BinOp::Rem => Val::Bv(t.bin(BvOp::SRem, a, b)),
                    BinOp::BitAnd => Val::Bv(t.bin(BvOp::And, a, b)),
                    BinOp::BitOr => Val::Bv(t.bin(BvOp::Or, a, b)),
                    BinOp::BitXor => Val::Bv(t.bin(BvOp::Xor, a, b)),
                    BinOp::Shl => Val::Bv(t.bin(BvOp::Shl, a, b)),
                    BinOp::Shr => Val::Bv(t.bin(BvOp::AShr, a, b)),
                    BinOp::Ushr => Val::Bv(t.bin(BvOp::LShr, a, b)),
                    BinOp::And | BinOp::Or => unreachable!("handled above"),
                }
            }
        })
    }

    /// The constraints of an intrinsic call: one arm per intrinsic, each
    /// naming the model that gives them.
    fn intrinsic(
        &mut self,
        st: &mut St,
        env: &Env,
        i: Intrinsic,
        name: &str,
        index: usize,
    ) -> Result<Vec<TermId>, Unsupported> {
        let this = env.params.first().map(|p| p.0);
        let receiver = || this.ok_or(Unsupported::NoReceiver);
        let arg = |k: usize| env.params[k + usize::from(!env.is_static)].0;
        let returned = env.result.as_ref().map(|r| r.0);
        let result = || returned.ok_or(Unsupported::NoResult);
        let zero = self.terms.int(0);
        let mut out = Vec::new();
        let out_ = &mut out;
        match i {
            Intrinsic::ArrayCopy => self.array_copy(st, env, index, out_)?,
            Intrinsic::Arrays(method) => {
                self.arrays_call(st, method, &env.params, returned, index, out_);
            }
            Intrinsic::StringCopy => {
                let this = receiver()?;
                out_.push(self.terms.ne(arg(0), zero));
                self.same_string(st, this, arg(0), out_);
            }
            Intrinsic::EmptyString => {
                let len = self.string_length(st, receiver()?, out_);
                out_.push(self.terms.eq(len, zero));
            }
            Intrinsic::StringOfChars => match returned {
                None => {
                    let range = (env.params.len() == 4).then(|| (arg(1), arg(2)));
                    self.string_of_chars(st, receiver()?, arg(0), range, out_);
                }
                Some(r) => {
                    self.new_string(st, r, index, out_)?;
                    let range = (env.params.len() == 3).then(|| (arg(1), arg(2)));
                    self.string_of_chars(st, r, arg(0), range, out_);
                }
            },
            Intrinsic::Builder(method) => {
                let result = env.result.as_ref();
                self.builder_call(st, method, name, &env.params, result, index, out_)?;
            }
            Intrinsic::List(method) => {
                self.list_call(st, (method, name), &env.params, returned, index, out_)?;
            }
            Intrinsic::Keyed(method) => {
                let class = env.params[0].1.class_ref_name();
                let class = if crate::jdk::collections::keyed::is_set(&class) {
                    crate::jdk::collections::keyed::SET_CLASS
                } else {
                    crate::jdk::collections::keyed::MAP_CLASS
                };
                let at = (returned, index);
                self.keyed_call(st, method, (class, name), &env.params, at, out_)?;
            }
            Intrinsic::Deque(method) => {
                // The receiver's type is the class declaring the method.
                let class = env.params[0].1.class_ref_name();
                let call = (class.as_str(), name);
                self.deque_call(st, method, call, &env.params, returned, index, out_)?;
            }
            Intrinsic::StringOfCodePoints => {
                let this = receiver()?;
                self.string_of_code_points(st, this, arg(0), arg(1), arg(2), out_);
            }
            Intrinsic::StringOfBuilder => self.string_of_builder(st, receiver()?, arg(0), out_),
            Intrinsic::Print => self.print_call(st, this, returned, index, out_)?,
            Intrinsic::Log => self.log_call(st, &env.params, index, out_),
            Intrinsic::EnvObject(e) => self.env_object_call(st, e, result()?, index, out_)?,
            Intrinsic::ExceptionInit => {
                let this = receiver()?;
                let message = if env.params.len() > 1 { arg(0) } else { zero };
                let cause = if env.params.len() > 2 { arg(1) } else { this };
                self.exception_init_fields(st, this, message, cause, out_);
            }
            Intrinsic::AssertionErrorOfText => {
                self.assertion_error_of_text(st, receiver()?, arg(0), out_)?;
            }
            Intrinsic::ArrayClone | Intrinsic::StringConcat => return Err(Unsupported::NotACall),
            // Two behaviours: `step_over_call` asks `random_behaviours`.
            Intrinsic::Random(_) => return Err(Unsupported::NotACall),
            Intrinsic::StringLength => {
                let result = result()?;
                let len = self.string_length(st, receiver()?, out_);
                out_.push(self.terms.eq(result, len));
            }
            Intrinsic::StringIsEmpty => {
                let result = result()?;
                let len = self.string_length(st, receiver()?, out_);
                let empty = self.terms.eq(len, zero);
                let one = self.terms.int(1);
                let v = self.terms.ite(empty, one, zero);
                out_.push(self.terms.eq(result, v));
            }
            Intrinsic::StringCharAt => {
                let result = result()?;
                let (s, k) = (receiver()?, arg(0));
                let len = self.string_length(st, s, out_);
                // The normal path: in bounds (else StringIndexOutOfBoundsException).
                out_.push(self.terms.cmp(BvCmp::Sge, k, zero));
                out_.push(self.terms.cmp(BvCmp::Slt, k, len));
                let c = self.string_char(st, s, k, out_);
                out_.push(self.terms.eq(result, c));
            }
            Intrinsic::StringEquals => {
                let result = result()?;
                self.string_equals(st, receiver()?, (arg(0), result, zero), out_)?;
            }
            Intrinsic::Box => {
                let (r, ty) = env.result.as_ref().ok_or(Unsupported::NoResult)?;
                self.box_call(st, (*r, ty), arg(0), index, out_)?;
            }
            Intrinsic::StringMethod(method) => {
                let result = result()?;
                let params: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.string_method(st, method, &params, result, index, out_)?;
            }
            Intrinsic::StringEdit(method) => {
                let result = result()?;
                let s = receiver()?;
                let args: Vec<TermId> = env.params[1..].iter().map(|p| p.0).collect();
                self.string_edit(st, method, s, &args, result, index, out_)?;
            }
            Intrinsic::CharacterDigit | Intrinsic::Character(_) => {
                // A `char` argument needs only the Basic Multilingual Plane.
                let top = if env.params[0].1 == JType::Char {
                    0xffff
                } else {
                    0x10ffff
                };
                let result = result()?;
                match i {
                    Intrinsic::Character(method) => {
                        self.character_call(method, arg(0), top, result, out_)
                    }
                    _ => self.character_digit(arg(0), arg(1), top, result, out_),
                }
            }
            Intrinsic::StringToChars => {
                let result = result()?;
                self.chars_of_string(st, result, receiver()?, index, out_);
            }
            Intrinsic::StringSelf => {
                let result = result()?;
                out_.push(self.terms.eq(result, receiver()?));
            }
            Intrinsic::StringIntern => {
                let result = result()?;
                self.string_intern(st, receiver()?, (result, zero), out_)?;
            }
            Intrinsic::Format => self.format_call(st, &env.params, result()?, index, out_)?,
            Intrinsic::Float(method) => self.float_call(method, arg(0), result()?, out_),
            Intrinsic::Math(f) => {
                let args: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.math_call(f, &args, result()?, out_);
            }
            Intrinsic::Number(method) => {
                self.number_call(st, method, &env.params, result()?, index, out_)?;
            }
            Intrinsic::Regex(method) => {
                self.regex_call(st, method, &env.params, result()?, index, out_)?;
            }
            Intrinsic::IdentityHash => {
                let result = result()?;
                // The receiver of hashCode (not null: the call would have
                // thrown), the argument of identityHashCode.
                self.identity_hash(st, receiver()?, (result, zero), out_);
            }
            Intrinsic::ArrayGetLength => {
                let result = result()?;
                self.array_get_length(st, (arg(0), result, zero), index, out_);
            }
            Intrinsic::Class(method) => {
                let result = result()?;
                receiver()?;
                let args: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.class_call(st, method, &args, result, index, out_)?;
            }
            Intrinsic::GetClass => {
                let result = result()?;
                let class_of = self.terms.select(st.mem.types, receiver()?);
                let c = self.class_object(st, class_of, out_);
                out_.push(self.terms.eq(result, c));
            }
        }
        Ok(out)
    }

    /// `String.intern()`: `result` is a string with the characters of `s`
    /// (the canonical one, which may or may not be `s`).
    fn string_intern(
        &mut self,
        st: &mut St,
        s: TermId,
        (result, zero): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        out.push(self.terms.ne(result, zero));
        let sid = self
            .universe
            .id(STRING)
            .ok_or(Unsupported::StringNotLoaded)?;
        let class_of = self.terms.select(st.mem.types, result);
        let sid = self.terms.int(sid as i32);
        out.push(self.terms.eq(class_of, sid));
        self.same_string(st, result, s, out);
        Ok(())
    }

    /// `result` is the identity hash of `o`: one int per object, 0 for
    /// null.
    fn identity_hash(
        &mut self,
        st: &mut St,
        o: TermId,
        (result, zero): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) {
        let hashes = self.heap_array(st, FieldKey::identity_hashes(), Sort::Array(32));
        let hash = self.terms.select(hashes, o);
        let is_null = self.terms.eq(o, zero);
        let v = self.terms.ite(is_null, zero, hash);
        out.push(self.terms.eq(result, v));
    }

    /// `String.equals(Object)`: `result` is 1 exactly when `o` is a
    /// string of the same length and characters as `s` (`zero`: the
    /// constant 0).
    pub(super) fn string_equals(
        &mut self,
        st: &mut St,
        s: TermId,
        (o, result, zero): (TermId, TermId, TermId),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let len_s = self.string_length(st, s, out);
        let mut same = Vec::new();
        same.push(self.terms.ne(o, zero));
        let class_of = self.terms.select(st.mem.types, o);
        let sid = self
            .universe
            .id(STRING)
            .ok_or(Unsupported::StringNotLoaded)?;
        let sid = self.terms.int(sid as i32);
        same.push(self.terms.eq(class_of, sid));
        // The other object's length and characters are only
        // meaningful when it is a string; reading them is harmless.
        let mut o_cons = Vec::new();
        let len_o = self.string_length(st, o, &mut o_cons);
        same.push(self.terms.eq(len_s, len_o));
        let chars = self.string_cells(st);
        let row_s = self.terms.row(chars, s, len_s);
        let row_o = self.terms.row(chars, o, len_o);
        let rows = self.terms.eq(row_s, row_o);
        same.push(rows);
        // Consequences of equal rows, character by character: the
        // solver refutes unequal strings from them far faster than
        // through the rows' extensionality.
        for k in 0..super::text::TOKEN_CHARS {
            let kt = self.terms.int(k);
            let in_s = self.terms.cmp(BvCmp::Slt, kt, len_s);
            let in_o = self.terms.cmp(BvCmp::Slt, kt, len_o);
            let c = self.string_char(st, s, kt, &mut o_cons);
            let d = self.string_char(st, o, kt, &mut o_cons);
            let both = self.terms.and(vec![rows, in_s, in_o]);
            let eq = self.terms.eq(c, d);
            o_cons.push(self.terms.implies(both, eq));
        }
        let is_same = self.terms.and(same);
        let one = self.terms.int(1);
        let v = self.terms.ite(is_same, one, zero);
        out.push(self.terms.eq(result, v));
        out.extend(o_cons);
        Ok(())
    }

    /// `Integer.valueOf(int)`, `Long.valueOf(long)`, …: `r` (of box type
    /// `ty`) is the box of `v`, whose `value` is `v`.
    fn box_call(
        &mut self,
        st: &mut St,
        (result, ty): (TermId, &JType),
        v: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let class = match ty {
            JType::Object(c) => c.clone(),
            _ => return Err(Unsupported::BoxingIntoNonObject),
        };
        let id = self
            .universe
            .id(&class)
            .ok_or_else(|| Unsupported::NotInUniverse(class.clone()))?;
        let pc = st.top().m.code().instructions[index].pc;
        self.boxed(st, result, v, id, &class, pc, out);
        let key = FieldKey {
            class,
            name: "value".into(),
        };
        if let Some(&values) = st.mem.fields.get(&key) {
            let held = self.terms.select(values, result);
            out.push(self.terms.eq(held, v));
        }
        Ok(())
    }

    /// `java.lang.reflect.Array.getLength(a)`: `result` is the length of a
    /// non-null array, on the normal path (`zero`: the constant 0).
    fn array_get_length(
        &mut self,
        st: &mut St,
        (a, result, zero): (TermId, TermId, TermId),
        index: usize,
        out: &mut Vec<TermId>,
    ) {
        // Input objects of a class type are never arrays in the
        // input domain (model::inputs), so an argument not typed as
        // an array may be an input array the model cannot hold.
        if !self.operand_is_array(st, index, 0, 1) {
            self.assume(
                "an input of static type java.lang.Object passed to \
                 java.lang.reflect.Array.getLength was taken to be no array"
                    .to_string(),
            );
        }
        out.push(self.terms.ne(a, zero));
        // Array class ids are the ones from ARRAY_ID_BASE up.
        let class_of = self.terms.select(st.mem.types, a);
        let base = self.terms.int(crate::model::ARRAY_ID_BASE as i32);
        out.push(self.terms.cmp(BvCmp::Sge, class_of, base));
        let len = self.array_length(st, a, out);
        out.push(self.terms.eq(result, len));
    }

    /// `r` is the result of `valueOf(v)` of the box class `class`: the
    /// JDK's cached box of `v` when `v` is in the cache's range (JLS §5.1.7;
    /// `Integer`'s upper bound is 127 unless the JVM is told otherwise),
    /// else a new object. Two cached boxes of one class are the same object
    /// exactly when their values are equal; a cached box is no object the
    /// path allocates with `new` — nor an input object, an assumption
    /// recorded so no proof rests on it.
    #[allow(clippy::too_many_arguments)]
    fn boxed(
        &mut self,
        st: &mut St,
        r: TermId,
        v: TermId,
        class_id: u32,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        let width = self.terms.width(v);
        let cached = match class {
            "java/lang/Boolean" | "java/lang/Byte" => self.terms.bool(true),
            "java/lang/Character" => {
                let bound = self.terms.bv(128, width);
                self.terms.cmp(BvCmp::Ult, v, bound)
            }
            _ => {
                let (min, max) = (self.terms.bv(-128, width), self.terms.bv(127, width));
                let above = self.terms.cmp(BvCmp::Sge, v, min);
                let below = self.terms.cmp(BvCmp::Sle, v, max);
                self.terms.and(vec![above, below])
            }
        };
        // The model gives the cached boxes no identity an input can share:
        // an input `Integer` that *is* `Integer.valueOf(5)` is out of its
        // reach, so a refutation may rest on that.
        self.assume(format!(
            "input {} objects were taken to be none of the JDK's cached boxes",
            class.replace('/', ".")
        ));
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Slt, r, zero));
        for a in st.mem.allocs.clone() {
            let other = self.terms.ne(r, a.term);
            match a.cached {
                Some((a_cached, a_value)) if a.class == class => {
                    let same_value = self.terms.eq(v, a_value);
                    let same = self.terms.and(vec![cached, a_cached, same_value]);
                    let one = self.terms.eq(r, a.term);
                    out.push(self.terms.ite(same, one, other));
                }
                _ => out.push(other),
            }
        }
        let t = self.terms.select(st.mem.types, r);
        let idc = self.terms.int(class_id as i32);
        out.push(self.terms.eq(t, idc));
        st.mem.allocs.push(Alloc {
            term: r,
            class: class.to_string(),
            pc,
            cached: Some((cached, v)),
        });
    }

    /// Whether the call at `index`'s operand `k` of `n` (from the deepest)
    /// has an array type in the frame before the call.
    fn operand_is_array(&self, st: &mut St, index: usize, k: usize, n: usize) -> bool {
        let m = st.top().m.clone();
        let pc = m.code().instructions[index].pc;
        let Some(frame) = m.frames.at(pc) else {
            return false;
        };
        let depth = frame.stack.len();
        matches!(
            frame.stack.get(depth - n + k),
            Some(crate::frames::VType::Ref(name)) if name.starts_with('[')
        )
    }

    /// `System.arraycopy(src, sp, dst, dp, n)` on its normal path: both
    /// arrays non-null, of the element type their static types at the call
    /// say, the ranges inside them. For reference arrays the normal path
    /// also needs every copied element to fit `dst`'s component type (else
    /// `ArrayStoreException`); that condition is left out, so the model
    /// holds every normal run and more: a refutation is still a proof, and
    /// a state whose copy would fail is refuted by the replay. (The
    /// exception itself is a native's, which `throws.rs` takes as an
    /// assumption, so no proof rests on its absence either.)
    fn array_copy(
        &mut self,
        st: &mut St,
        env: &Env,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let [src, sp, dst, dp, n] = [0, 1, 2, 3, 4].map(|k| env.params[k].0);
        let m = st.top().m.clone();
        let pc = m.code().instructions[index].pc;
        let frame = m.frames.at(pc).ok_or(Unsupported::DeadCode)?;
        let depth = frame.stack.len();
        let elem = |t: &crate::frames::VType| match t {
            crate::frames::VType::Ref(name) => match JType::parse(name) {
                Some(JType::Array(e)) => Some(*e),
                _ => None,
            },
            _ => None,
        };
        let (Some(src_elem), Some(dst_elem)) =
            (elem(&frame.stack[depth - 5]), elem(&frame.stack[depth - 3]))
        else {
            return Err(Unsupported::ArrayCopyUntyped);
        };
        if src_elem.is_reference() != dst_elem.is_reference()
            || (!src_elem.is_reference() && src_elem != dst_elem)
        {
            return Err(Unsupported::ArrayCopyMixedTypes);
        }
        let zero = self.terms.int(0);
        out.push(self.terms.ne(src, zero));
        out.push(self.terms.ne(dst, zero));
        for v in [sp, dp, n] {
            out.push(self.terms.cmp(BvCmp::Sge, v, zero));
        }
        for (a, pos) in [(src, sp), (dst, dp)] {
            let len = self.array_length(st, a, out);
            // pos + n <= length, in 64 bits so that the sum cannot wrap.
            let l64 = self.terms.zero_ext(32, len);
            let p64 = self.terms.zero_ext(32, pos);
            let n64 = self.terms.zero_ext(32, n);
            let sum = self.terms.bin(BvOp::Add, p64, n64);
            out.push(self.terms.cmp(BvCmp::Sle, sum, l64));
        }
        let key = FieldKey::array_elements(&src_elem);
        if let Some(&after) = st.mem.fields.get(&key) {
            let sort = self.terms.sort(after);
            let prior = self.fresh.var(&mut self.terms, &key.to_string(), sort);
            self.redefine_cells(st, after, prior, out, |ex, k| {
                // k in dst's copied range ? prior[src, sp + (k - dp)] : prior[k]
                let owner = ex.terms.extract(63, 32, k);
                let index = ex.terms.extract(31, 0, k);
                let offset = ex.terms.bin(BvOp::Sub, index, dp);
                let is_dst = ex.terms.eq(owner, dst);
                let in_range = ex.terms.cmp(BvCmp::Ult, offset, n);
                let inside = ex.terms.and(vec![is_dst, in_range]);
                let from_index = ex.terms.bin(BvOp::Add, sp, offset);
                let from = ex.terms.cell(src, from_index);
                let copied = ex.terms.select(prior, from);
                let kept = ex.terms.select(prior, k);
                (ex.terms.ite(inside, copied, kept), vec![from, k])
            });
            st.mem.fields.insert(key, prior);
        }
        Ok(())
    }

    /// The length of string `s` (never negative).
    pub(super) fn string_length(
        &mut self,
        st: &mut St,
        s: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        self.length_in(st, FieldKey::string_length(), s, out)
    }

    pub(super) fn string_cells(&mut self, st: &mut St) -> TermId {
        self.heap_array(st, FieldKey::string_chars(), Sort::Cells(32))
    }

    /// Character `k` of string `s` (a `char`: 0 to 0xffff).
    pub(super) fn string_char(
        &mut self,
        st: &mut St,
        s: TermId,
        k: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let cells = self.string_cells(st);
        let key = self.terms.cell(s, k);
        let c = self.terms.select(cells, key);
        if let Some(r) = self.in_range(&JType::Char, c) {
            out.push(r);
        }
        c
    }

    /// The object of a string literal: the same for every `ldc` of the
    /// same text on the path, with that length and those characters.
    pub(super) fn string_literal(
        &mut self,
        st: &mut St,
        text: &str,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        if let Some(&r) = st.mem.literals.get(text) {
            return Ok(r);
        }
        let sid = self
            .universe
            .id(STRING)
            .ok_or(Unsupported::StringNotLoaded)?;
        let r = self.fresh.var(&mut self.terms, "literal", Sort::Ref);
        // Interned: created before the method ran, for this path's purposes
        // an allocation like any other.
        self.allocated(st, r, sid, STRING, 0, out);
        let units: Vec<u16> = text.encode_utf16().collect();
        let len = self.string_length(st, r, out);
        let n = self.terms.int(units.len() as i32);
        out.push(self.terms.eq(len, n));
        for (k, u) in units.iter().enumerate() {
            let k = self.terms.int(k as i32);
            let c = self.string_char(st, r, k, out);
            let u = self.terms.int(i32::from(*u));
            out.push(self.terms.eq(c, u));
        }
        st.mem.literals.insert(text.to_string(), r);
        self.preexisting_met(st);
        Ok(r)
    }
}

/// The static type of a contract expression, when it is a reference.
fn static_type(env: &Env, e: &Expr) -> Option<JType> {
    match e {
        Expr::This => env.params.first().map(|p| p.1.clone()),
        Expr::Arg(k) => env
            .params
            .get(k + usize::from(!env.is_static))
            .map(|p| p.1.clone()),
        Expr::Result => env.result.as_ref().map(|r| r.1.clone()),
        Expr::Old(inner) => static_type(env, inner),
        _ => None,
    }
}

impl Explorer<'_> {
    /// Steps back over an exception constructor that stores `message` and
    /// `cause` into `this` and fills in its stack trace (values the search
    /// does not follow).
    pub(super) fn exception_init_fields(
        &mut self,
        st: &mut St,
        this: TermId,
        message: TermId,
        cause: TermId,
        out: &mut Vec<TermId>,
    ) {
        for (field, value) in [
            ("detailMessage", Some(message)),
            ("cause", Some(cause)),
            ("stackTrace", None),
            ("suppressedExceptions", None),
            ("depth", None),
            ("backtrace", None),
        ] {
            self.throwable_field_written(st, field, this, value, out);
        }
    }

    /// Whether the path reads `java.lang.Throwable.<field>` after this
    /// point.
    pub(super) fn throwable_field_read(&self, st: &St, field: &str) -> bool {
        st.mem.fields.contains_key(&FieldKey {
            class: "java/lang/Throwable".into(),
            name: field.into(),
        })
    }

    /// Steps back over a write of `java.lang.Throwable.<field>` of `this`
    /// with `value` (`None`: a value the search does not follow), when the
    /// path reads that field later.
    fn throwable_field_written(
        &mut self,
        st: &mut St,
        field: &str,
        this: TermId,
        value: Option<TermId>,
        out: &mut Vec<TermId>,
    ) {
        let key = FieldKey {
            class: "java/lang/Throwable".into(),
            name: field.into(),
        };
        let Some(after) = st.mem.fields.get(&key).copied() else {
            return;
        };
        let ty = match self.cp.resolve_field(&key.class, field) {
            Ok(Some(f)) => f.member.ty,
            _ => JType::Int,
        };
        let sort = crate::model::field_sort(&ty);
        let prior = self.fresh.var(&mut self.terms, field, sort);
        let stored = match value {
            Some(v) => v,
            None => self.fresh.var(&mut self.terms, field, sort_of(&ty)),
        };
        let updated = self.terms.store(prior, this, stored);
        out.push(self.terms.eq(after, updated));
        st.mem.fields.insert(key, prior);
    }
}
