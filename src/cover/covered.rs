//! What a cover run has covered so far in one method: the pcs that ran and
//! the branch outcomes taken (`(branch pc, next pc)`), from the replays of
//! the generated tests, the imported coverage, or, without replay, the
//! search's claim.

use std::collections::BTreeSet;

use super::{GeneratedTest, Target};
use crate::classfile::Pc;

/// One method's coverage.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Covered {
    pub pcs: BTreeSet<Pc>,
    pub edges: BTreeSet<(Pc, Pc)>,
}

impl Covered {
    /// Whether a target is covered: its block's first pc ran, or for a
    /// branch outcome, that outcome was taken.
    pub fn covers(&self, t: &Target) -> bool {
        match t.from {
            Some(from) => self.edges.contains(&(from, t.pc)),
            None => self.pcs.contains(&t.pc),
        }
    }

    /// Adds what a test executed and JaCoCo would credit it for.
    pub fn add_credited(&mut self, test: &GeneratedTest) {
        let u = &test.uncredited;
        self.pcs
            .extend(test.covers.iter().filter(|pc| !u.pcs.contains(pc)));
        self.edges
            .extend(test.edges.iter().filter(|e| !u.edges.contains(e)));
    }
}
