//! Labeling an input list (issue 36, `src/search/lists.rs`): its size, the
//! least the constraints allow within `--max-array-length`, then its
//! elements in index order, each as any reference input; and how the test
//! makes it — `List.of(…)` unless the path changes it, holds it in a slot
//! typed `ArrayList`, or needs a null element, which only a
//! `new ArrayList<>(…)` allows.

use super::values::Labeler;
use super::{EntryState, LabelingError, Object, Value};
use crate::classfile::JType;
use crate::jdk::collections::lists::{LIST_CLASS, LIST_TYPES};
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::state::{BuiltBy, CollectionFactory};

impl Labeler<'_, '_> {
    /// Input object `i`, the list `id`.
    pub(super) fn list(
        &mut self,
        i: usize,
        id: TermId,
        entry: &EntryState,
    ) -> Result<Object, LabelingError> {
        let size = self.length(&FieldKey::list_size(), id, entry, "list", "elements")?;
        let cells = entry.fields.get(&FieldKey::list_elements()).copied();
        let object = JType::Object("java/lang/Object".into());
        let mut elements = Vec::new();
        for k in 0..size {
            elements.push(match cells {
                Some(cells) => {
                    let k = self.cx.terms.int(k as i32);
                    let key = self.cx.terms.cell(id, k);
                    let cell = self.cx.terms.select(cells, key);
                    self.value(cell, &object, entry)?
                }
                None => Value::Null,
            });
        }
        let changed = match entry.fields.get(&FieldKey::list_mutable()) {
            Some(&flags) => {
                let flag = self.cx.terms.select(flags, id);
                let zero = self.cx.terms.int(0);
                let unchanged = self.cx.terms.eq(flag, zero);
                !self.probe(unchanged)
            }
            None => false,
        };
        // Elements no constraint names are null, which `List.of` refuses.
        let factory = if changed || elements.contains(&Value::Null) {
            CollectionFactory::ArrayList
        } else {
            CollectionFactory::ListOf
        };
        Ok(Object {
            id: i,
            class: LIST_CLASS.replace('/', "."),
            fields: Vec::new(),
            elements: Some(elements),
            mock: None,
            built_by: Some(BuiltBy::Collection { factory }),
        })
    }

    /// Notes that the reference `v` fills a slot of type `ty`: a list
    /// class (not an interface) needs an `ArrayList`.
    pub(super) fn note_list_slot(&mut self, v: &Value, ty: &JType) {
        let Value::Ref { object } = v else { return };
        let name = ty.class_ref_name();
        let interface = self.cx.cp.load(&name).is_ok_and(|c| c.is_interface());
        if LIST_TYPES.contains(&name.as_str()) && !interface {
            self.concrete_lists.insert(*object);
        }
    }
}

/// The lists of `objects` a slot typed with a list class holds, made by
/// `new ArrayList<>(…)`.
pub(super) fn settle_factories(
    objects: &mut [Object],
    concrete: &std::collections::BTreeSet<usize>,
) {
    for &i in concrete {
        if let Some(o) = objects.get_mut(i) {
            if o.collection().is_some() {
                o.built_by = Some(BuiltBy::Collection {
                    factory: CollectionFactory::ArrayList,
                });
            }
        }
    }
}
