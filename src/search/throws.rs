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

//!
//! What a call raises — its callee explored backward from where the
//! exception leaves it, its contract's `throws`, a mock's answers — is in
//! [`super::callee_raises`].

use super::cmv::{Flow, St};
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::cfg::{Edge, Thrown};
use crate::classfile::bytecode::InvokeKind;
use crate::classfile::{Code, Op, Pc};
use crate::model::sort_of_vtype;
use crate::model::term::{BvCmp, TermId};
use crate::reason::Reason;

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
    pub(super) fn class_fits(&self, class: &str, catch: &Catch) -> Option<bool> {
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
                Op::Invoke(kind, _) => {
                    if *kind != InvokeKind::Static {
                        let npe = Thrown::Implicit(NPE);
                        let flow = self.try_choice(|ex| {
                            ex.raise(st.clone(), pending.clone(), index, npe, exc, catch)
                        });
                        if let Some(flow) = flow {
                            return flow;
                        }
                    }
                    self.raise_in_callee(st, pending, index, exc, catch, &at)
                }
                Op::InvokeDynamic { .. }
                    if crate::jdk::strings::concat::raises_nothing(&m.class, &insn.op) =>
                {
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
    pub(super) fn allocate_exception(
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

    pub(super) fn program_overrides_fill_in(&self) -> bool {
        self.cp.analyses().program_overrides_fill_in(self.cp)
    }
}
