//! One satisfiability check of [`Solver`]: its time bound (the deadline,
//! the probe limit, the check timeout), the last model when it already
//! satisfies everything, Z3 under the watchdog of [`super::guard`] (or a
//! child process, [`super::child`]; a formula with floating-point
//! arithmetic in a one-shot solver, [`super::one_shot`]), the retry
//! with the bit-vector axioms when a check without them was not decided,
//! and the second opinion: a check the incremental solver did not decide
//! within [`super::SECOND_OPINION_AFTER`] is made again by a one-shot
//! solver in the time left.

use std::time::{Duration, Instant};

use z3::ast::Bool;
use z3::{Model, SatResult};

use super::{
    guard, one_shot, timeout_ms, Sat, Solver, FAST_LIMIT, SECOND_OPINION_AFTER, UNBOUNDED,
};

impl Solver {
    /// A check under `assumptions`, which hold floating-point arithmetic
    /// lowered for them when `assumptions_float`.
    pub(super) fn check_assuming_lowered(
        &mut self,
        assumptions: &[Bool],
        assumptions_float: bool,
    ) -> Sat {
        let start = Instant::now();
        if self.cut == Some(guard::Cut::Memory) {
            return Sat::Unknown;
        }
        let mut bound = None;
        if let Some((deadline, limit)) = self.deadline {
            let Some(left) = deadline.checked_duration_since(start) else {
                return Sat::Unknown;
            };
            // Near the deadline a check gets the time left (in steps of
            // 50 ms); until then the limit stays as set, so a search that
            // ends early runs with the same parameters every time and
            // finds the same models.
            bound = Some(if left < limit {
                let step = 50;
                let ms = (left.as_millis() as u64).div_ceil(step) * step;
                Duration::from_millis(ms)
            } else {
                limit
            });
        }
        if self.witness.satisfies(assumptions) {
            self.time += start.elapsed();
            self.checks += 1;
            self.reused += 1;
            return Sat::Sat;
        }
        if let (false, Some(probe)) = (assumptions.is_empty(), self.probe_limit) {
            bound = Some(bound.map_or(probe, |b| b.min(probe)));
        }
        let (mut r, mut model) = if self.axioms {
            let incremental = self.incremental_bound(bound, assumptions_float);
            self.z3_check(assumptions, incremental, assumptions_float)
        } else {
            // Half the check's own limit when that is short (a small
            // `--timeout`, or near the deadline): the rest is for Z3 with
            // the axioms.
            let fast = bound.map_or(FAST_LIMIT, |b| FAST_LIMIT.min(b / 2));
            self.z3_check(assumptions, Some(fast), assumptions_float)
        };
        // Without the axioms: a model that fails the assertions (exact
        // mode only), or a check past the fast limit (Z3 can then go round
        // in circles where the axioms end the search at once: `-(-a) !=
        // a`). The solver is rebuilt with the axioms for the rest of the
        // search, and decides again in the time left.
        let failed = !self.axioms
            && r == SatResult::Sat
            && self.exact
            && !self.holds(model.as_ref(), assumptions);
        let left = bound.map(|b| b.saturating_sub(start.elapsed()));
        let gave_up = !self.axioms
            && r == SatResult::Unknown
            && left.is_none_or(|l| l > Duration::ZERO)
            && self.cut.is_none()
            && !crate::stop::requested();
        if failed || gave_up {
            self.redone += 1;
            self.rebuild_with_axioms();
            let incremental = self.incremental_bound(left, assumptions_float);
            (r, model) = self.z3_check(assumptions, incremental, assumptions_float);
        }
        // The incremental solver gave up within its share: the same
        // assertions go to a solver made for the check, in the time left.
        let left = bound.map(|b| b.saturating_sub(start.elapsed()));
        let second_opinion = r == SatResult::Unknown
            && self.axioms
            && !self.float_check(assumptions_float)
            && self.cut.is_none()
            && !crate::stop::requested()
            && start.elapsed() >= SECOND_OPINION_AFTER
            && left.is_none_or(|l| l > Duration::ZERO);
        if second_opinion {
            (r, model) = self.decide(assumptions, left, Decider::Fresh);
        }
        self.time += start.elapsed();
        self.checks += 1;
        // A model under assumptions satisfies the assertions too. When
        // there is none, the last model may still satisfy the assertions
        // alone: it is kept unless they are refuted. Out of exact mode no
        // model is kept, and no check is answered from one: there Z3's
        // checks are cheap enough that evaluating the assertions since
        // in the last model cost more than it saved (deleteEntry 0.68 s
        // -> 0.62 s without; `jaut-bench targets` median 3.6 -> 3.3 ms).
        match r {
            SatResult::Sat => self.witness.set(model),
            _ if assumptions.is_empty() => self.witness.forget(),
            _ => {}
        }
        match r {
            SatResult::Sat => Sat::Sat,
            SatResult::Unsat => Sat::Unsat,
            SatResult::Unknown => Sat::Unknown,
        }
    }

    /// How long the incremental solver may take over a check bounded by
    /// `bound`: at most [`SECOND_OPINION_AFTER`] when the check could go
    /// to a solver made for it afterwards (no floating point: those go
    /// there first), so that solver gets the rest.
    fn incremental_bound(
        &self,
        bound: Option<Duration>,
        assumptions_float: bool,
    ) -> Option<Duration> {
        if self.float_check(assumptions_float) {
            return bound;
        }
        Some(bound.map_or(SECOND_OPINION_AFTER, |b| b.min(SECOND_OPINION_AFTER)))
    }

    /// One check by Z3 within `bound` (`None`: unbounded); a check over
    /// floating-point arithmetic by a solver made for it ([`one_shot`]).
    pub(super) fn z3_check(
        &mut self,
        assumptions: &[Bool],
        bound: Option<Duration>,
        assumptions_float: bool,
    ) -> (SatResult, Option<Model>) {
        let decider = if self.float_check(assumptions_float) {
            Decider::OwnProcess
        } else {
            Decider::Incremental
        };
        self.decide(assumptions, bound, decider)
    }

    /// One check by Z3 within `bound`, by `decider`.
    fn decide(
        &mut self,
        assumptions: &[Bool],
        bound: Option<Duration>,
        decider: Decider,
    ) -> (SatResult, Option<Model>) {
        let bound = bound.unwrap_or(UNBOUNDED);
        if decider == Decider::Incremental {
            self.set_check_timeout(bound);
        }
        guard::check_started(bound);
        let mut by = one_shot::DecidedBy::ThisProcess;
        let one_shot = match decider {
            Decider::Incremental => None,
            Decider::OwnProcess => Some(self.one_shot_check(assumptions, timeout_ms(bound))),
            Decider::Fresh => Some(self.fresh_check(assumptions, timeout_ms(bound))),
        };
        let (r, model) = if let Some(answer) = one_shot {
            by = answer.by;
            (answer.result, answer.model)
        } else {
            let r = if assumptions.is_empty() {
                self.z3.check()
            } else {
                self.z3.check_assumptions(assumptions)
            };
            // Only exact mode keeps models (see `check_assuming_lowered`).
            let model = match r {
                SatResult::Sat if self.exact => self.z3.get_model(),
                _ => None,
            };
            (r, model)
        };
        // Only an `Unknown` can come of an interrupt; a cut that came
        // as Z3 answered changes nothing.
        let watchdog = guard::check_ended();
        let kept = self.cut.filter(|c| *c == guard::Cut::Memory);
        self.cut = match by {
            one_shot::DecidedBy::ThisProcess => match watchdog {
                Some(cut) if r == SatResult::Unknown => Some(cut),
                _ => kept,
            },
            one_shot::DecidedBy::Child => kept,
            one_shot::DecidedBy::KilledChild if !crate::stop::requested() => {
                Some(guard::Cut::Overran)
            }
            one_shot::DecidedBy::KilledChild => kept,
        };
        (r, model)
    }

    /// Z3 anew with the equality axioms, given what is asserted in the
    /// same scopes: its models satisfy the assertions.
    pub(super) fn rebuild_with_axioms(&mut self) {
        self.reset_z3(true);
        let mut level = 0;
        for (d, b, float) in &self.asserted {
            while level < *d {
                self.z3.push();
                level += 1;
            }
            if !float {
                self.z3.assert(b);
            }
        }
        while level < self.depth {
            self.z3.push();
            level += 1;
        }
    }

    /// Whether `model` satisfies everything asserted (the log
    /// `asserted`) and `assumptions`.
    pub(super) fn holds(&self, model: Option<&Model>, assumptions: &[Bool]) -> bool {
        let Some(model) = model else {
            return false;
        };
        let all: Vec<Bool> = self
            .asserted
            .iter()
            .map(|(_, b, _)| b)
            .chain(assumptions)
            .cloned()
            .collect();
        model.eval(&Bool::and(&all), true).and_then(|v| v.as_bool()) == Some(true)
    }
}

/// Which Z3 solver decides a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decider {
    /// The incremental solver, with what it learned.
    Incremental,
    /// A solver made for the check, in a `z3` process of its own
    /// ([`one_shot`]): floating point, whose tactic may not see the limit.
    OwnProcess,
    /// A solver made for the check, here: the second opinion.
    Fresh,
}
