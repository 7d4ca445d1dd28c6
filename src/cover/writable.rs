//! Whether a test can be written (issue 33): a state the JVM confirmed is
//! a test a person keeps only when the JUnit writer can express it (it
//! cannot, say, for a mock of an abstract JDK class such as `ByteBuffer`).
//! A run counts a target covered only by a test it can write, so a state
//! with no test leaves its target open for another attempt and the report
//! does not count it; the suite is written from the same [`junit_target`].

use crate::junit::{self, Flavor, TestSuite};
use crate::program::Program;
use crate::reason::Reason;

use super::{GeneratedTest, Unit};

/// The JUnit target of `test`, a test of `unit`: its method and pc, with
/// the conditions its path takes for the comment.
pub fn junit_target(cp: &Program, unit: &Unit, test: &GeneratedTest) -> junit::Target {
    let conditions = junit::conditions::key_conditions(cp, &unit.class, unit.method(), &test.path);
    junit::Target::new(&unit.class, unit.method(), test.target).with_conditions(conditions)
}

/// `Ok` when the writer can express `test` (a test of `unit`), or when it
/// has no observation (without replay no suite is written); otherwise why
/// not, as the reason its target stays unknown.
pub(super) fn check(cp: &Program, unit: &Unit, test: &GeneratedTest) -> Result<(), Reason> {
    let Some(observation) = &test.observation else {
        return Ok(());
    };
    // The flavour changes the annotations and imports, not what can be
    // expressed.
    let mut suite = TestSuite::new(Flavor::Junit5);
    suite
        .add(cp, &junit_target(cp, unit, test), &test.state, observation)
        .map_err(|e| Reason::NoTest(e.to_string()))
}
