//! `new AssertionError(…)`, which javac compiles every `assert` that fails
//! to (JLS §14.10: `assert e;` makes `new AssertionError()`, `assert e : m;`
//! `new AssertionError(m)` with the constructor of `m`'s type — `(Object)`
//! for a string or any object, `(int)`, `(long)`, … for a primitive).
//!
//! The constructors store a message and fill in the stack trace, like those
//! of [`crate::jdk::natives`]'s quiet exception classes, with one difference:
//! `AssertionError(Object)` stores `String.valueOf(m)`, which calls
//! `m.toString()` — code that may raise anything, for an object of any
//! class. Where the verifier types the argument at the call as a `String`
//! (or null), as for every `assert e : "text " + x;`, `toString` is
//! `String`'s own (it returns the string), so the constructor raises
//! nothing and stores the string, or `"null"`; the search steps over it
//! ([`crate::jdk::methods::Intrinsic::AssertionErrorOfText`], which the
//! registry picks). Any other argument is explored
//! through the bytecode (`String.valueOf(Object)` and the `toString` it
//! dispatches to). The primitive messages' constructors convert with
//! `String.valueOf`, which raises nothing.

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::Method;
use crate::classpath::hierarchy::Found;
use crate::frames::VType;
use crate::jdk::natives::{ASSERTION_ERROR, OF_OBJECT, STORING};
use crate::jdk::strings::prelude::StringMemory;
use crate::model::term::TermId;

/// The constructors that convert a primitive message with `String.valueOf`.
const CONVERTING: [&str; 6] = ["(Z)V", "(C)V", "(I)V", "(J)V", "(F)V", "(D)V"];

impl Explorer<'_> {
    /// Whether the call at `index` of the top activation of `st` to `found`
    /// is an `AssertionError` constructor that raises nothing.
    pub(super) fn quiet_assertion_error(
        &self,
        st: &St,
        found: &Found<Method>,
        index: usize,
    ) -> bool {
        if !self.is_assertion_error_init(found) {
            return false;
        }
        let descriptor = found.member.descriptor.as_str();
        STORING.contains(&descriptor)
            || CONVERTING.contains(&descriptor)
            || (descriptor == OF_OBJECT && message_is_text(st, index))
    }

    /// Steps back over `new AssertionError(message)` with a message the
    /// verifier types as a string: `detailMessage` is the message, or
    /// `"null"` for null; the cause is the error itself (unset); the stack
    /// trace is not followed.
    pub(super) fn assertion_error_of_text(
        &mut self,
        st: &mut St,
        this: TermId,
        message: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        // The literal is made only when the path reads the message: it is
        // an object that exists before the method runs.
        let stored = if self.throwable_field_read(st, "detailMessage") {
            let text = self.string_literal(st, "null", out)?;
            let zero = self.terms.int(0);
            let is_null = self.terms.eq(message, zero);
            self.terms.ite(is_null, text, message)
        } else {
            message
        };
        self.exception_init_fields(st, this, stored, this, out);
        Ok(())
    }

    fn is_assertion_error_init(&self, found: &Found<Method>) -> bool {
        found.class.name == ASSERTION_ERROR
            && found.member.name == "<init>"
            // Its superclass's constructor calls the virtual
            // `fillInStackTrace`, which a program's subclass could override.
            && !self.cp.analyses().program_overrides_fill_in(self.cp)
    }
}

/// Whether the verifier types the last argument of the invoke at `index`
/// of the top activation of `st` as a `String` or null.
pub(super) fn message_is_text(st: &St, index: usize) -> bool {
    let Some(act) = st.acts.last() else {
        return false;
    };
    let pc = act.m.code().instructions[index].pc;
    let Some(frame) = act.m.frames.at(pc) else {
        return false;
    };
    match frame.stack.last() {
        Some(VType::Ref(class)) => class == "java/lang/String",
        Some(VType::Null) => true,
        _ => false,
    }
}
