//! States the search must not find again: after the JVM refuted a state
//! (a replay mismatch), the search looks for another one with a blocking
//! clause — some input the path read differs from the refuted state's value:
//! a number or boolean that is not the same, or a reference whose nullness
//! is not the same.

use super::explore::Explorer;
use crate::classfile::JType;
use crate::labeling::EntryState;
use crate::model::term::TermId;
use crate::state::{InputState, Value};

impl Explorer<'_> {
    /// The blocking clause for `refuted` over the inputs of `entry`: false
    /// when no input of the entry can differ (the path cannot give another
    /// state).
    pub(super) fn blocking_clause(&mut self, entry: &EntryState, refuted: &InputState) -> TermId {
        let mut differs = Vec::new();
        for (i, (name, ty, term)) in entry.params.iter().enumerate() {
            let value = if i == 0 && !entry.is_static {
                refuted.receiver.as_ref()
            } else {
                refuted
                    .args
                    .iter()
                    .find(|a| &a.name == name)
                    .map(|a| &a.value)
            };
            if let Some(c) = value.and_then(|v| self.differs(ty, *term, v)) {
                differs.push(c);
            }
        }
        for (key, ty, term, _) in &entry.statics {
            let class = key.class.replace('/', ".");
            let value = refuted
                .statics
                .iter()
                .find(|s| s.class == class && s.field == key.name)
                .map(|s| &s.value);
            if let Some(c) = value.and_then(|v| self.differs(ty, *term, v)) {
                differs.push(c);
            }
        }
        if differs.is_empty() {
            self.terms.bool(false)
        } else {
            self.terms.or(differs)
        }
    }

    /// `term` (of type `ty`) is not `value` (a float not of the same bits,
    /// or not a NaN when `value` is one); `None` when jaut cannot say so.
    fn differs(&mut self, ty: &JType, term: TermId, value: &Value) -> Option<TermId> {
        let same = match (ty, value) {
            (JType::Float | JType::Double, Value::Float(x)) if x.is_nan() => {
                self.terms.fp_is_nan(term)
            }
            (JType::Float, Value::Float(x)) => {
                let bits = self.terms.int((*x as f32).to_bits() as i32);
                self.terms.eq(term, bits)
            }
            (JType::Double, Value::Float(x)) => {
                let bits = self.terms.bv(x.to_bits() as i64, 64);
                self.terms.eq(term, bits)
            }
            (JType::Long, Value::Int(v)) => {
                let v = self.terms.bv(*v, 64);
                self.terms.eq(term, v)
            }
            (JType::Float | JType::Double, _) => return None,
            (_, Value::Int(v)) => {
                let v = self.terms.int(*v as i32);
                self.terms.eq(term, v)
            }
            (_, Value::Bool(b)) => {
                let v = self.terms.int(i32::from(*b));
                self.terms.eq(term, v)
            }
            (t, Value::Null) if t.is_reference() => {
                let zero = self.terms.int(0);
                self.terms.eq(term, zero)
            }
            (t, Value::Ref { .. } | Value::Str(_) | Value::Utf16 { .. }) if t.is_reference() => {
                let zero = self.terms.int(0);
                self.terms.ne(term, zero)
            }
            _ => return None,
        };
        Some(self.terms.not(same))
    }
}
