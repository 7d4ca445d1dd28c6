//! Stepping back over printing and formatting ([`crate::jdk::printing`]):
//! `System.out.println(…)` changes nothing the program reads back, so the
//! path goes on as if the call were not there. A call that may run a
//! `toString()` of the program's own classes (printing an `Object`) leaves
//! that method's effects out: an assumption, so no proof rests on it. `String.format` returns a new
//! string whose contents are not modelled: an assumption, so no proof rests
//! on them, and the replay checks any state that depends on them.
//!
//! `java.util.logging.Logger`'s methods are the same kind of call
//! ([`crate::jdk::logging`]), with a `Level` that must not be null.
//!
//! `System.out` and `System.err` themselves are set by the JVM's native
//! start-up code, not by `System.<clinit>`: each is read as one
//! `PrintStream` made before the method ran, unless the program calls
//! `System.setOut`/`setErr`/`setIn` (then they stay unknown values).

use super::prelude::*;
use crate::classfile::bytecode::MethodRef;
use crate::classfile::Op;
use crate::jdk::engine::Site;
use crate::jdk::printing::may_print_objects;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, TermId};
use crate::model::FieldKey;

/// The class `System.out` and `System.err` hold.
pub const PRINT_STREAM: &str = "java/io/PrintStream";

/// Printing, formatting and logging.
pub trait Printing: Engine {
    /// The method reference of the invoke at `index` of the top method.
    fn invoked(&self, st: &mut Self::State, index: usize) -> Option<MethodRef> {
        match &st.site().code.instructions[index].op {
            Op::Invoke(_, r) => Some((**r).clone()),
            _ => None,
        }
    }

    /// A print call: nothing to assert but the stream it returns.
    fn print_call(
        &mut self,
        st: &mut Self::State,
        this: Option<TermId>,
        result: Option<TermId>,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        self.program_objects_printed(st, index);
        if let (Some(r), Some(this)) = (result, this) {
            out.push(self.terms().eq(r, this));
        }
        Ok(())
    }

    /// A logging call ([`crate::jdk::logging`]): on the normal path its
    /// `Level`, if it takes one, is not null; nothing else to assert.
    fn log_call(
        &mut self,
        st: &mut Self::State,
        params: &[(TermId, crate::classfile::JType)],
        index: usize,
        out: &mut Vec<TermId>,
    ) {
        self.program_objects_printed(st, index);
        let takes_level = self
            .invoked(st, index)
            .is_some_and(|r| crate::jdk::logging::takes_level(&r.descriptor));
        if let (true, Some(&(level, _))) = (takes_level, params.get(1)) {
            out.push(self.non_null(level));
        }
    }

    /// `String.format(format, args…)` (`format` is the first `String`
    /// parameter): on the normal path `format` is not null (else
    /// `Formatter.parse` throws NullPointerException). A format with no
    /// `%` among its first [`Text::followed_chars`] characters and no more of them
    /// formats to itself, whatever the arguments (`Formatter` copies text
    /// outside specifiers as it is): the result is a new string with the
    /// same characters. Any other format gives a string of unknown
    /// contents: an assumption, so no proof rests on it.
    fn format_call(
        &mut self,
        st: &mut Self::State,
        params: &[(TermId, crate::classfile::JType)],
        result: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        self.program_objects_printed(st, index);
        self.new_string(st, result, index, out)?;
        let string = crate::classfile::JType::Object("java/lang/String".into());
        let Some(&(format, _)) = params.iter().find(|(_, ty)| *ty == string) else {
            return Err(Unsupported::NoSuchParameter);
        };
        out.push(self.non_null(format));
        let len = self.string_length(st, format, out);
        let bound = self.followed_term();
        let mut plain = vec![self.terms().cmp(BvCmp::Sle, len, bound)];
        // The copy, character by character (a plain format has at most
        // followed_chars() of them): cheaper for the solver than equal rows.
        let len_r = self.string_length(st, result, out);
        let mut copy = vec![self.terms().eq(len_r, len)];
        let percent = self.terms().int(i32::from(b'%'));
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len);
            let c = self.string_char(st, format, kt, out);
            let other = self.terms().ne(c, percent);
            plain.push(self.terms().implies(inside, other));
            let d = self.string_char(st, result, kt, out);
            let same = self.terms().eq(c, d);
            copy.push(self.terms().implies(inside, same));
        }
        let plain = self.terms().and(plain);
        let copy = self.terms().and(copy);
        out.push(self.terms().implies(plain, copy));
        // Labeling prefers a plain format, whose text the replay will see.
        let other = self.terms().not(plain);
        out.push(self.beyond_model(other, result));
        self.assume(
            "the text String.format returns was taken as any string when its format has a % \
             (format specifiers are not modelled)"
                .to_string(),
        );
        Ok(())
    }

    /// A call that may turn an object of the program into text runs its
    /// `toString()`, whose effects this model leaves out when the program
    /// declares one: an assumption, so no proof rests on it, and a state
    /// that depends on it is refuted by the replay. None when the call
    /// site passes only JDK values ([`super::printed_values`]).
    fn program_objects_printed(&mut self, st: &mut Self::State, index: usize) {
        let Some(r) = self.invoked(st, index) else {
            return;
        };
        let caller = st.site();
        if self.may_run_program_to_string(caller, index, &r.descriptor) {
            self.assume(format!(
                "{}.{} may run a toString() or hashCode() of the program, whose effects were left out",
                r.class.replace('/', "."),
                r.name
            ));
        }
    }

    /// Whether the print call at `index` of `caller`, to a method with
    /// `descriptor`, may run a `toString()` of the program: it takes an
    /// object to print, the program declares a `toString`, and the call
    /// site does not pass only JDK values ([`super::printed_values`]).
    fn may_run_program_to_string(&self, caller: Site<'_>, index: usize, descriptor: &str) -> bool {
        may_print_objects(descriptor)
            && self.program_overrides_to_string()
            && !super::printed_values::prints_only_values(caller, index)
    }

    /// `System.out` and `System.err`, when the program never replaces
    /// them: the class they hold.
    fn standard_stream(&self, key: &FieldKey) -> Option<&'static str> {
        let standard =
            key.class == "java/lang/System" && matches!(key.name.as_str(), "out" | "err");
        (standard && !self.program_sets_streams()).then_some(PRINT_STREAM)
    }
}

impl<E: Engine + ?Sized> Printing for E {}
