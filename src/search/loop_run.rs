//! Backward paths through loops decided by running the method (issue 38;
//! JAUT ISSRE 2010 §VI names josephus/m as the search's failure case).
//!
//! Where a counted loop's iterations are pinned ([`super::loop_bound`]),
//! the path's constraints often pin the method's inputs as well:
//! josephus/m's first loop, walked back from the target, fixes `n = 41`,
//! and the inner loop's count fixes `m`. What is left of the path — the
//! ring of 41 nodes the first loop builds and the unlinks of the second —
//! costs Z3 seconds per check, while the method itself runs in
//! microseconds. So at such a point, for a static method whose parameters
//! are `int`s and `long`s the method never writes, the inputs of the
//! check's model are run forward once ([`Runner`], implemented by
//! [`crate::concolic`]), with the run's path condition `PC` (every
//! decision that depended on the inputs).
//!
//! When the run does not meet the goal and the path's constraints `P`
//! imply `PC` (`P ∧ ¬PC` is unsatisfiable: one check with a disjunction
//! of input comparisons), the path is refuted: every input allowed by `P`
//! runs exactly this run (the JVM is deterministic and `PC` holds all the
//! inputs decide), and this run does not meet the goal. The refutation is
//! as sound as Z3's when the run is *faithful*: the runner answers only
//! for a run that executed nothing but the program's own bytecode, read
//! no static field (one may be an input of the search), lost no input's
//! term and recorded every decision; anything else leaves the path to Z3.
//! A run that meets the goal decides nothing: the search goes on, and its
//! own check at the entry finds the path.

use std::collections::HashMap;
use std::sync::Arc;

use super::cmv::St;
use super::explore::Explorer;
use super::Goal;
use crate::assertions::Assertions;
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::model::term::{Node, Sort, TermId, Terms};
use crate::solver::Sat;

/// Runs a method forward on given inputs (the concolic interpreter).
pub trait Runner: Send + Sync + std::fmt::Debug {
    /// Runs `method` of `class` toward `goal` on `args` (its parameters in
    /// order, each an `int` or a `long`): `None` when the run is not
    /// faithful (see the module's text) or stopped before its end.
    fn run(
        &self,
        cp: &ClassPath,
        class: &Arc<Class>,
        method: &Method,
        goal: &Goal,
        assertions: Assertions,
        args: &[i64],
    ) -> Option<Ran>;
}

/// A faithful run: whether it met the goal, and its path condition over
/// one variable per parameter, in its own terms.
#[derive(Debug)]
pub struct Ran {
    pub met: bool,
    pub terms: Terms,
    /// The variable of each parameter, in order.
    pub inputs: Vec<TermId>,
    /// The decisions that depended on the inputs, as they held.
    pub conditions: Vec<TermId>,
}

/// The method under test, when its paths may be decided by running it:
/// static, no caller around it, every parameter an `int` or `long` in a
/// local no instruction writes (so the local's term anywhere on a path is
/// the input).
#[derive(Debug, Clone)]
pub(super) struct Runnable {
    class: Arc<Class>,
    method: Method,
    goal: Goal,
    /// Each parameter's local slot.
    slots: Vec<usize>,
}

impl Runnable {
    pub fn of(class: &Arc<Class>, method: &Method, goal: &Goal) -> Option<Runnable> {
        if !method.is_static() {
            return None;
        }
        let code = method.code.as_ref()?;
        let mut slots = Vec::new();
        let mut slot = 0;
        for ty in &method.desc.params {
            if !matches!(ty, JType::Int | JType::Long) {
                return None;
            }
            slots.push(slot);
            slot += ty.size();
        }
        let written = |x: usize| {
            code.instructions.iter().any(|i| match i.op {
                Op::Store(_, index) | Op::Iinc { index, .. } => usize::from(index) == x,
                _ => false,
            })
        };
        if slots.iter().any(|&s| written(s)) {
            return None;
        }
        Some(Runnable {
            class: class.clone(),
            method: method.clone(),
            goal: goal.clone(),
            slots,
        })
    }
}

impl Explorer<'_> {
    /// The inputs of the last check's model, when the path is one the
    /// method may decide by running ([`Runnable`]) and has read every
    /// parameter: each parameter's term and value.
    pub(super) fn model_inputs(&mut self, st: &St) -> Option<Vec<(TermId, i64)>> {
        let runnable = self.runnable.as_ref()?;
        let [act] = &st.acts[..] else {
            return None;
        };
        let terms: Vec<TermId> = runnable
            .slots
            .iter()
            .map(|&s| act.locals.get(s).copied().flatten())
            .collect::<Option<_>>()?;
        terms
            .into_iter()
            .map(|t| {
                let v = self.solver.value(&self.terms, t)?;
                let value = match self.terms.sort(t) {
                    Sort::Bv(32) => i64::from(v as u32 as i32),
                    Sort::Bv(64) => v as i64,
                    _ => return None,
                };
                Some((t, value))
            })
            .collect()
    }

    /// Whether running the method on `inputs` (a model of the path's
    /// constraints, [`Explorer::model_inputs`]) refutes the path: the run
    /// misses the goal and the constraints imply its path condition.
    pub(super) fn refuted_by_running(&mut self, inputs: &[(TermId, i64)]) -> bool {
        let (Some(runner), Some(runnable)) = (self.config.runner.clone(), self.runnable.clone())
        else {
            return false;
        };
        let args: Vec<i64> = inputs.iter().map(|&(_, v)| v).collect();
        let Some(ran) = runner.run(
            self.cp,
            &runnable.class,
            &runnable.method,
            &runnable.goal,
            self.config.assertions,
            &args,
        ) else {
            return false;
        };
        if ran.met {
            return false;
        }
        let mark = self.terms.mark();
        let vars: HashMap<TermId, TermId> = ran
            .inputs
            .iter()
            .zip(inputs)
            .map(|(&v, &(t, _))| (v, t))
            .collect();
        let mut copied = HashMap::new();
        let imported: Option<Vec<TermId>> = ran
            .conditions
            .iter()
            .map(|&c| import(&ran.terms, c, &mut self.terms, &vars, &mut copied))
            .collect();
        let refuted = imported.is_some_and(|conditions| {
            let held = self.terms.and(conditions);
            let other = self.terms.not(held);
            self.solver.check_assuming(&self.terms, &[other]) == Sat::Unsat
        });
        self.terms.truncate(mark);
        self.solver.truncate(&self.terms);
        refuted
    }
}

/// `t` of the run's terms `from`, made in `into` with each input variable
/// replaced by the path's term of that parameter (`vars`); `None` for a
/// node the interpreter does not make.
fn import(
    from: &Terms,
    t: TermId,
    into: &mut Terms,
    vars: &HashMap<TermId, TermId>,
    copied: &mut HashMap<TermId, TermId>,
) -> Option<TermId> {
    if let Some(&done) = copied.get(&t) {
        return Some(done);
    }
    let mut go = |x: TermId, into: &mut Terms| import(from, x, into, vars, copied);
    let made = match from.node(t).clone() {
        Node::Var(..) => *vars.get(&t)?,
        Node::Bool(b) => into.bool(b),
        Node::Bv(v, w) => into.bv(v as i64, w),
        Node::Not(a) => {
            let a = go(a, into)?;
            into.not(a)
        }
        Node::And(parts) | Node::Or(parts) => {
            let or = matches!(from.node(t), Node::Or(_));
            let parts = parts
                .into_iter()
                .map(|p| go(p, into))
                .collect::<Option<Vec<_>>>()?;
            if or {
                into.or(parts)
            } else {
                into.and(parts)
            }
        }
        Node::Eq(a, b) => {
            let (a, b) = (go(a, into)?, go(b, into)?);
            into.eq(a, b)
        }
        Node::Ite(c, a, b) => {
            let (c, a, b) = (go(c, into)?, go(a, into)?, go(b, into)?);
            into.ite(c, a, b)
        }
        Node::Bin(op, a, b) => {
            let (a, b) = (go(a, into)?, go(b, into)?);
            into.bin(op, a, b)
        }
        Node::Neg(a) => {
            let a = go(a, into)?;
            into.neg(a)
        }
        Node::Cmp(op, a, b) => {
            let (a, b) = (go(a, into)?, go(b, into)?);
            into.cmp(op, a, b)
        }
        Node::Extract(hi, lo, a) => {
            let a = go(a, into)?;
            into.extract(hi, lo, a)
        }
        Node::SignExt(by, a) => {
            let a = go(a, into)?;
            into.sign_ext(by, a)
        }
        Node::ZeroExt(by, a) => {
            let a = go(a, into)?;
            into.zero_ext(by, a)
        }
        _ => return None,
    };
    copied.insert(t, made);
    Some(made)
}
