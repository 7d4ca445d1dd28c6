//! The fields of `java.lang.Throwable` that exception constructors write
//! (`detailMessage`, `cause`, `stackTrace`; JLS §11, the JDK's
//! `Throwable(String, Throwable)`), stepped back over without exploring
//! the constructors' bytecode.

use crate::classfile::JType;
use crate::model::term::TermId;
use crate::model::{sort_of, FieldKey};
use crate::search::cmv::St;
use crate::search::explore::Explorer;
impl Explorer<'_> {
    /// Steps back over an exception constructor that stores `message` and
    /// `cause` into `this` and fills in its stack trace (values the search
    /// does not follow).
    pub(in crate::search) fn exception_init_fields(
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
    pub(in crate::search) fn throwable_field_read(&self, st: &St, field: &str) -> bool {
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
