//! One faithful run of the method under test on given inputs, for the
//! backward search ([`crate::search::Runner`], `src/search/loop_run.rs`):
//! the interpreter's run ([`super::interp`]) with a variable per
//! parameter, kept only when it ran to its end and nothing in it may
//! differ from the JVM's run ([`super::interp::Run::unfaithful`]).

use std::sync::Arc;

use super::interp::{Conc, End, Machine, Val};
use crate::assertions::Assertions;
use crate::classfile::{Class, JType, Method};
use crate::classpath::ClassPath;
use crate::search::{Goal, Ran, Runner};

/// The concolic interpreter as the backward search's [`Runner`].
#[derive(Debug, Default, Clone, Copy)]
pub struct Interpreter;

impl Runner for Interpreter {
    fn run(
        &self,
        cp: &ClassPath,
        class: &Arc<Class>,
        method: &Method,
        goal: &Goal,
        assertions: Assertions,
        args: &[i64],
    ) -> Option<Ran> {
        let params = &method.desc.params;
        if !method.is_static() || params.len() != args.len() {
            return None;
        }
        let mut machine = Machine::new(cp, class, method, goal, assertions)?;
        let mut inputs = Vec::new();
        let mut vals = Vec::new();
        for (i, (ty, &v)) in params.iter().zip(args).enumerate() {
            let (width, conc) = match ty {
                JType::Int => (32, Conc::Int(v as i32)),
                JType::Long => (64, Conc::Long(v)),
                _ => return None,
            };
            let var = machine.exprs.var(&format!("arg{i}"), width);
            inputs.push(var);
            vals.push(Val {
                conc,
                sym: Some(var),
            });
        }
        let run = machine.run(class, method, vals);
        if run.unfaithful.is_some() {
            return None;
        }
        let met = match run.end {
            End::Met => true,
            End::Returned | End::Threw(_) => false,
            End::RanAway | End::Unsupported(_) => return None,
        };
        Some(Ran {
            met,
            conditions: run.decisions.iter().map(|d| d.cond).collect(),
            terms: machine.exprs.terms,
            inputs,
        })
    }
}
