//! Conditional branches and switches in the concolic interpreter (JVMS
//! §6.5 `if*`, `goto`, `tableswitch`, `lookupswitch`): where a decision on
//! the inputs is recorded (the path condition the search flips) and the
//! run's fitness measured (branch distance).

use super::super::fitness::branch_distance;
use super::{
    not_executed, Activation, Conc, Decision, RunState, Site, Step, Stop, Val, MAX_DECISIONS,
};
use crate::classfile::bytecode::{Cond, Instruction};
use crate::classfile::{Op, Pc};
use crate::model::term::TermId;

impl super::Machine<'_> {
    /// Runs a branch or switch: where it goes.
    pub(super) fn exec_branch(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
        fall: Option<Pc>,
    ) -> Result<Step, Stop> {
        let (site, is_target, pc) = (act.site, act.is_target, insn.pc);
        let mut jump: Option<Pc> = None;
        match &insn.op {
            Op::If { cond, target } | Op::IfICmp { cond, target } => {
                // `if<cond>` compares with zero, `if_icmp<cond>` with
                // the value below.
                let b = if matches!(insn.op, Op::If { .. }) {
                    Val::concrete(Conc::Int(0))
                } else {
                    act.pop()?
                };
                let a = act.pop()?;
                let taken = self.decide(st, site, is_target, pc, *cond, a, b, *target, fall)?;
                if taken {
                    jump = Some(*target);
                }
            }
            Op::IfACmp { cond, target } | Op::IfNull { cond, target } => {
                let b = if matches!(insn.op, Op::IfNull { .. }) {
                    None
                } else {
                    act.pop()?.reference()?
                };
                let a = act.pop()?.reference()?;
                let holds = (a == b) == (*cond == Cond::Eq);
                let (to, other) = if holds {
                    (Some(*target), fall)
                } else {
                    (fall, Some(*target))
                };
                if is_target {
                    self.judge(st, to, &Vec::from_iter(other), 1);
                }
                if holds {
                    jump = Some(*target);
                }
            }
            Op::Goto(target) => jump = Some(*target),
            Op::TableSwitch {
                default,
                low,
                high,
                targets,
            } => {
                let key = act.pop()?;
                let k = key.int()?;
                let cases: Vec<(i32, Pc)> = (*low..=*high).zip(targets.iter().copied()).collect();
                jump = Some(self.switch(st, site, is_target, pc, key, k, &cases, *default)?);
            }
            Op::LookupSwitch { default, pairs } => {
                let key = act.pop()?;
                let k = key.int()?;
                jump = Some(self.switch(st, site, is_target, pc, key, k, pairs, *default)?);
            }
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::of(jump, None))
    }

    /// An int comparison of a conditional branch: records the decision if
    /// it depends on the inputs, and the fitness in the method under test.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn decide(
        &mut self,
        st: &mut RunState,
        site: u32,
        is_target: bool,
        pc: Pc,
        cond: Cond,
        a: Val,
        b: Val,
        target: Pc,
        fall: Option<Pc>,
    ) -> Result<bool, Stop> {
        let (x, y) = (i64::from(a.int()?), i64::from(b.int()?));
        let holds = branch_distance(cond, x, y) == 0;
        let to = if holds { Some(target) } else { fall };
        if a.sym.is_some() || b.sym.is_some() {
            let (ta, tb) = (self.term(a), self.term(b));
            let c = self.exprs.compare(cond, ta, tb);
            let at = Site {
                method: site,
                pc,
                outcome: to.unwrap_or(u32::MAX),
            };
            self.record(st, at, c, holds);
        }
        if is_target {
            let other = if holds { fall } else { Some(target) };
            let flip = branch_distance(if holds { cond.negate() } else { cond }, x, y);
            self.judge(st, to, &Vec::from_iter(other), flip);
        }
        Ok(holds)
    }

    /// Records a decision on the inputs, to be flipped: `cond` held on this
    /// run exactly when `held`.
    pub(super) fn record(&mut self, st: &mut RunState, site: Site, cond: TermId, held: bool) {
        if st.decisions.len() >= MAX_DECISIONS {
            st.unfaithful("made more decisions than are recorded");
            return;
        }
        let cond = if held { cond } else { self.exprs.not(cond) };
        st.decisions.push(Decision {
            cond,
            site,
            flippable: true,
        });
    }

    /// Updates the run's fitness with a decision of the method under test
    /// that went to `to` when it could have gone to `others`.
    pub(super) fn judge(&self, st: &mut RunState, to: Option<Pc>, others: &[Pc], distance: u64) {
        if let Some(f) = to.and_then(|to| self.distances.decision(to, others, distance)) {
            st.fitness = st.fitness.min(f);
        }
    }

    /// A `tableswitch` or `lookupswitch` on `key`: the pc it goes to.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn switch(
        &mut self,
        st: &mut RunState,
        site: u32,
        is_target: bool,
        pc: Pc,
        key: Val,
        k: i32,
        cases: &[(i32, Pc)],
        default: Pc,
    ) -> Result<Pc, Stop> {
        let hit = cases.iter().find(|(v, _)| *v == k).map(|&(_, t)| t);
        let to = hit.unwrap_or(default);
        if let Some(s) = key.sym {
            let cond = match hit {
                Some(_) => {
                    let c = self.exprs.constant(i64::from(k), 32);
                    self.exprs.eq(s, c)
                }
                None => {
                    let mut parts = Vec::new();
                    for (v, _) in cases {
                        let c = self.exprs.constant(i64::from(*v), 32);
                        let e = self.exprs.eq(s, c);
                        parts.push(self.exprs.not(e));
                    }
                    self.exprs.and(parts)
                }
            };
            let at = Site {
                method: site,
                pc,
                outcome: to,
            };
            self.record(st, at, cond, true);
        }
        if is_target {
            let others: Vec<Pc> = cases
                .iter()
                .map(|&(_, t)| t)
                .chain(std::iter::once(default))
                .filter(|&t| t != to)
                .collect();
            let distance = cases
                .iter()
                .filter(|&&(_, t)| t != to)
                .map(|&(v, _)| i64::from(k).abs_diff(i64::from(v)))
                .min()
                .unwrap_or(1);
            self.judge(st, Some(to), &others, distance);
        }
        Ok(to)
    }
}
