//! Reads of static fields (`getstatic`, JVMS §6.5) as the backward search
//! sees them: a field of the program that is not an input
//! ([`crate::statics`]) and no method writes holds its initial value on the
//! whole path, so the read is tied to that value at once — a class's
//! `$assertionsDisabled` to the run's assertion setting
//! ([`crate::assertions`]); every other read is a fresh value, tied at the
//! method entry (labeling) or to the `putstatic` met further back.

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::bytecode::Constant;
use crate::classfile::JType;
use crate::jdk::strings::prelude::{Printing, StringMemory};
use crate::model::term::{Sort, TermId};
use crate::model::{inputs, FieldKey};
use crate::statics::{Initial, Role, StaticsPolicy};

/// How a static read is modelled.
pub(super) enum StaticRead {
    /// As a value from the input heap (an input, a JDK field, or an object
    /// made by a class initializer).
    Heap,
    /// Exactly this value, read from nowhere else.
    Fixed,
}

impl Explorer<'_> {
    /// Constrains `value`, the value of static field `key` of type `ty` read
    /// at this point of the path, when the field is not an input; says how
    /// the rest of the read is modelled.
    pub(super) fn read_static(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        ty: &JType,
        value: TermId,
        out: &mut Vec<TermId>,
    ) -> Result<StaticRead, Unsupported> {
        if let Some(c) = self.enum_constant_read(st, key, out)? {
            out.push(self.terms.eq(value, c));
            return Ok(StaticRead::Fixed);
        }
        if let Some(map) = self.switch_map_read(st, key, out) {
            out.push(self.terms.eq(value, map));
            return Ok(StaticRead::Fixed);
        }
        let initial = match self.static_initial(key) {
            Some(initial) => initial,
            None => match self.standard_stream(key) {
                // Set by the JVM's start-up code before any method runs.
                Some(class) => Initial::NewObject(class.to_string()),
                None => return Ok(StaticRead::Heap),
            },
        };
        let zero = inputs::default_term(&mut self.terms, ty);
        let fixed = match &initial {
            Initial::Default => zero,
            Initial::Constant(Constant::String(text)) => self.string_literal(st, text, out)?,
            Initial::Constant(Constant::Class(t)) => match self.class_literal(st, t, out) {
                Some(c) => c,
                None => return Ok(StaticRead::Heap),
            },
            Initial::Constant(c) => match inputs::scalar_constant(&mut self.terms, c) {
                Some(t) => t,
                None => return Ok(StaticRead::Heap),
            },
            Initial::NewObject(class) if !self.is_program_class(&key.class) => {
                // Made by a JDK class initializer before the method ran: one
                // object per field on the path, like an interned literal.
                let Some(id) = self.universe.id(class) else {
                    return Ok(StaticRead::Heap);
                };
                match st.mem.clinit_objects.get(key) {
                    Some(&r) => r,
                    None => {
                        let r = self.fresh.var(&mut self.terms, "clinit", Sort::Ref);
                        self.allocated(st, r, id, class, 0, out);
                        st.mem.clinit_objects.insert(key.clone(), r);
                        self.preexisting_met(st);
                        self.boolean_constant_value(st, key, r, out);
                        self.empty_optional_value(st, key, r, out);
                        r
                    }
                }
            }
            Initial::NewObject(class) => {
                out.push(self.terms.ne(value, zero));
                if let Some(id) = self.universe.id(class) {
                    let types = st.mem.types;
                    let held = self.terms.select(types, value);
                    let id = self.terms.int(id as i32);
                    out.push(self.terms.eq(held, id));
                }
                return Ok(StaticRead::Heap);
            }
            Initial::Computed => return Ok(StaticRead::Heap),
            Initial::AssertionStatus(a) => self.terms.int(i32::from(a.disabled())),
        };
        out.push(self.terms.eq(value, fixed));
        Ok(StaticRead::Fixed)
    }

    /// `Boolean.TRUE` and `Boolean.FALSE` hold `true` and `false` (their
    /// final `value` field, which `<clinit>`'s constructor call set before
    /// the method ran and nothing writes again).
    fn boolean_constant_value(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        let v = match (key.class.as_str(), key.name.as_str()) {
            ("java/lang/Boolean", "TRUE") => 1,
            ("java/lang/Boolean", "FALSE") => 0,
            _ => return,
        };
        let field = FieldKey {
            class: "java/lang/Boolean".into(),
            name: "value".into(),
        };
        let values = self.heap_array(st, field, Sort::Array(32));
        let held = self.terms.select(values, r);
        let v = self.terms.int(v);
        out.push(self.terms.eq(held, v));
    }

    /// `Optional.EMPTY`, which `Optional.empty()` returns, holds no value
    /// (its constructor set `value` to null before the method ran).
    fn empty_optional_value(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        use crate::jdk::collections::optional::{EMPTY_FIELD, OPTIONAL_CLASS};
        if key.class != OPTIONAL_CLASS || key.name != EMPTY_FIELD.0 {
            return;
        }
        let field = FieldKey {
            class: OPTIONAL_CLASS.into(),
            name: EMPTY_FIELD.1.into(),
        };
        let values = self.heap_array(st, field, Sort::RefArray);
        let held = self.terms.select(values, r);
        let zero = self.terms.int(0);
        out.push(self.terms.eq(held, zero));
    }

    /// The initial value of the program's static field `key` when the path
    /// may rely on it everywhere: the field is not an input and no method
    /// writes it (so no `putstatic` can be on the path).
    fn static_initial(&mut self, key: &FieldKey) -> Option<Initial> {
        if crate::assertions::is_status_field(self.cp, key) {
            // Set by the JVM's assertion setting, whatever the policy.
            return Some(Initial::AssertionStatus(self.config.assertions));
        }
        if self.config.statics == StaticsPolicy::Free {
            return None;
        }
        if !self.is_program_class(&key.class) {
            // A final static field of the JDK: only its class initializer
            // can write it (JVMS §6.5 putstatic), so it holds the value
            // `<clinit>` gives it (`Boolean.TRUE` is a new Boolean, never
            // null). Other JDK statics stay values of the input heap.
            return self.jdk_final_initial(key);
        }
        let writers = self.cp.analyses().static_writers(self.cp);
        match writers.role(self.cp, key, StaticsPolicy::Auto, self.config.assertions) {
            Role::Fixed(initial) => Some(initial),
            Role::Input(_) => None,
        }
    }

    /// The initial value of a final static field of a class outside the
    /// program, when `<clinit>` gives it one jaut follows.
    fn jdk_final_initial(&self, key: &FieldKey) -> Option<Initial> {
        crate::statics::final_initial(self.cp, key)
    }

    fn is_program_class(&self, class: &str) -> bool {
        self.cp
            .user_class_names()
            .binary_search(&class.to_string())
            .is_ok()
    }
}
