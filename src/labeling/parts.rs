//! The parts of the input state, labelled in the order [`super::label`]
//! takes them: the static fields, the environment's results, the receiver
//! and arguments, then each input object the queue holds (an array, a
//! modelled collection or `Optional`, a mock, or a plain object field by
//! field) — JAUT ISSRE 2010 §V.

use super::values::Labeler;
use super::{
    injectable_type, Arg, EntryState, EnvValue, FieldValue, InitialStatic, LabelingError, Object,
    StaticValue, Value,
};
use crate::classfile::JType;
use crate::model::FieldKey;

impl Labeler<'_, '_> {
    /// The static fields the path reads.
    pub(super) fn statics(
        &mut self,
        entry: &EntryState,
    ) -> Result<Vec<StaticValue>, LabelingError> {
        let mut statics = Vec::new();
        for (key, ty, term, why) in &entry.statics {
            let value = self.value(*term, ty, entry)?;
            statics.push(StaticValue {
                class: key.class.replace('/', "."),
                field: key.name.clone(),
                ty: ty.to_string(),
                value,
                why: why.to_string(),
            });
        }
        Ok(statics)
    }

    /// The results of the environment's calls (a mock's answers are
    /// written with the mock object).
    pub(super) fn environment(
        &mut self,
        entry: &EntryState,
    ) -> Result<Vec<EnvValue>, LabelingError> {
        let mut environment = Vec::new();
        for (k, call) in entry.environment.iter().enumerate() {
            if call.mock.is_some() {
                // A mock's answer: written with the mock object.
                continue;
            }
            let value = self.value(call.result, &call.ty, entry)?;
            let occurrence = entry.environment[..k]
                .iter()
                .filter(|c| c.caller == call.caller && c.pc == call.pc && c.part == call.part)
                .count();
            let injectable = call.in_method_under_test && injectable_type(&call.ty);
            environment.push(EnvValue {
                call: call.callee.replace('/', "."),
                method: call.caller.to_string().replace('/', "."),
                pc: call.pc,
                occurrence,
                ty: call.ty.to_string(),
                value,
                injectable,
                part: call.part.map(str::to_string),
            });
        }
        Ok(environment)
    }

    /// The receiver (of an instance method) and the arguments.
    pub(super) fn parameters(
        &mut self,
        entry: &EntryState,
    ) -> Result<(Option<Value>, Vec<Arg>), LabelingError> {
        let mut receiver = None;
        let mut args = Vec::new();
        for (i, (name, ty, term)) in entry.params.iter().enumerate() {
            let is_this = i == 0 && !entry.is_static;
            let value = if is_this {
                self.reference(*term, ty, entry, false)?
            } else {
                self.value(*term, ty, entry)?
            };
            if is_this {
                receiver = Some(value);
            } else {
                args.push(Arg {
                    name: name.clone(),
                    ty: ty.to_string(),
                    value,
                });
            }
        }
        Ok((receiver, args))
    }

    /// Input object `i`, taken from the queue; `receiver` is the method's.
    pub(super) fn object(
        &mut self,
        i: usize,
        entry: &EntryState,
        receiver: Option<&Value>,
    ) -> Result<Object, LabelingError> {
        let (id_term, class) = self.objects[i].clone();
        if let Some(JType::Array(elem)) = JType::parse(&class).filter(|_| class.starts_with('[')) {
            let elements = self.elements(id_term, &elem, entry)?;
            return Ok(Object {
                id: i,
                class: JType::Array(elem).to_string(),
                fields: Vec::new(),
                elements: Some(elements),
                mock: None,
                generic: None,
                built_by: None,
                reflection_because: None,
            });
        }
        if crate::jdk::collections::is_modelled_class(&class) {
            return self.collection(i, id_term, &class, entry);
        }
        if class == crate::jdk::collections::optional::OPTIONAL_CLASS {
            return self.optional(i, id_term, entry);
        }
        if crate::jdk::methods::BUILDER_CLASSES.contains(&class.as_str()) {
            return self.builder(i, id_term, &class, entry);
        }
        let mocked = crate::classpath::mock::mocked_interface(&class).map(str::to_string);
        let fields = self
            .cx
            .cp
            .instance_fields(&class)
            .map_err(|e| LabelingError::NoFit(e.to_string()))?;
        let mut values = Vec::new();
        for f in fields {
            let key = FieldKey {
                class: f.class.name.clone(),
                name: f.member.name.clone(),
            };
            // A constant variable holds its constant in every object a
            // constructor finished (JLS §4.12.4): the search reads it so,
            // and javac inlines it in the program and in the test alike.
            // Not the receiver of the constructor under test, which runs
            // the initializer itself.
            let fresh = entry.is_constructor && receiver == Some(&Value::Ref(i));
            let constant = f
                .member
                .constant_variable()
                .filter(|_| !fresh)
                .and_then(|c| Value::of_constant(&f.member.ty, c));
            let read = entry.fields.contains_key(&key);
            let value = match (constant, entry.fields.get(&key)) {
                (Some(c), _) => c,
                (None, Some(&array)) => {
                    let cell = self.cx.terms.select(array, id_term);
                    self.value(cell, &f.member.ty, entry)?
                }
                (None, None) => Value::default_of(&f.member.ty),
            };
            values.push(FieldValue {
                name: f.member.name.clone(),
                declared_in: f.class.name.replace('/', "."),
                ty: f.member.ty.to_string(),
                value,
                read,
            });
        }
        Ok(match mocked {
            // A mock: the type it implements or extends, with the answers
            // of its methods (and, for an abstract class, its fields).
            Some(t) => Object {
                id: i,
                class: t.replace('/', "."),
                fields: values,
                elements: None,
                mock: Some(self.mock_answers(id_term, &class, entry)?),
                generic: None,
                built_by: None,
                reflection_because: None,
            },
            None => Object {
                id: i,
                class: class.replace('/', "."),
                fields: values,
                elements: None,
                mock: None,
                generic: None,
                // The receiver of a constructor under test is made by the
                // call itself.
                built_by: (crate::classpath::is_program_class(self.cx.cp, &class)
                    && !(entry.is_constructor && receiver == Some(&Value::Ref(i))))
                .then_some(crate::state::BuiltBy::Reflection),
                reflection_because: None,
            },
        })
    }
}

/// The static fields whose initial values the path relies on.
pub(super) fn initial_statics(entry: &EntryState) -> Vec<InitialStatic> {
    entry
        .initial
        .iter()
        .map(|(key, ty, value)| InitialStatic {
            class: key.class.replace('/', "."),
            field: key.name.clone(),
            ty: ty.to_string(),
            holds: value.to_string(),
            assertions: match value {
                crate::statics::Initial::AssertionStatus(a) => Some(*a),
                _ => None,
            },
        })
        .collect()
}
