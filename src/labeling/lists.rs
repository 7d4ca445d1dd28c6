//! Labeling an input collection (issue 36, `src/search/lists.rs`,
//! `keyed.rs`): its size, the least the constraints allow within
//! `--max-array-length`, then its elements (a map's keys, each followed by
//! its value) in index order, each as any reference input; and how the
//! test makes it — `List.of(…)`, `Set.of(…)`, `Map.of(…)` unless the path
//! changes it, holds it in a slot typed with a class (`ArrayList`), or
//! needs a null element, which only a `new ArrayList<>(…)`, `HashSet` or
//! `HashMap` allows. A queue or deque is a `new ArrayDeque<>(…)` unless it
//! holds null or a slot typed `LinkedList` holds it (`new LinkedList<>(…)`);
//! an optional, whose one field the search read, `Optional.of(v)` or
//! `Optional.empty()`.

use super::values::Labeler;
use super::{EntryState, LabelingError, Object, Value};
use crate::classfile::JType;
use crate::jdk::collections::deques::{ARRAY_DEQUE, LINKED_LIST};
use crate::jdk::collections::is_modelled_type;
use crate::jdk::collections::keyed::{MAP_CLASS, SET_CLASS};
use crate::jdk::collections::optional::OPTIONAL_CLASS;
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::state::{BuiltBy, CollectionFactory};

impl Labeler<'_, '_> {
    /// Input object `i`, the collection `id` of model class `class`.
    pub(super) fn collection(
        &mut self,
        i: usize,
        id: TermId,
        class: &str,
        entry: &EntryState,
    ) -> Result<Object, LabelingError> {
        let map = class == MAP_CLASS;
        let size = self.length(&FieldKey::list_size(), id, entry, "collection", "elements")?;
        let mut elements = Vec::new();
        for k in 0..size {
            elements.push(self.cell(&FieldKey::list_elements(), id, (k, size), entry)?);
            if map {
                elements.push(self.cell(&FieldKey::map_values(), id, (k, size), entry)?);
            }
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
        let general = changed || elements.contains(&Value::Null);
        let factory = match class {
            MAP_CLASS if general || size > 10 => CollectionFactory::HashMap,
            MAP_CLASS => CollectionFactory::MapOf,
            SET_CLASS if general => CollectionFactory::HashSet,
            SET_CLASS => CollectionFactory::SetOf,
            // An ArrayDeque holds no null; a LinkedList may.
            LINKED_LIST if elements.contains(&Value::Null) => CollectionFactory::LinkedList,
            LINKED_LIST | ARRAY_DEQUE => CollectionFactory::ArrayDeque,
            _ if general => CollectionFactory::ArrayList,
            _ => CollectionFactory::ListOf,
        };
        Ok(Object {
            id: i,
            class: class.replace('/', "."),
            fields: Vec::new(),
            elements: Some(elements),
            mock: None,
            built_by: Some(BuiltBy::Collection { factory }),
        })
    }

    /// Cell `k` of the `size` cells of collection `id` in the cells of
    /// `key` (null when the path reads none).
    fn cell(
        &mut self,
        key: &FieldKey,
        id: TermId,
        (k, size): (i64, i64),
        entry: &EntryState,
    ) -> Result<Value, LabelingError> {
        let Some(&cells) = entry.fields.get(key) else {
            return Ok(Value::Null);
        };
        let at = |terms: &mut crate::model::term::Terms, j: i64| {
            let j = terms.int(j as i32);
            let key = terms.cell(id, j);
            terms.select(cells, key)
        };
        let cell = at(self.cx.terms, k);
        // A string of its own where the path allows, as a person fills a
        // collection of no particular type (`List.of("a")`, not a null or
        // an Object); an element the path needs twice (the same object)
        // is labelled as any object, which may be an alias.
        if let Some(sid) = self.cx.universe.id("java/lang/String") {
            let zero = self.cx.terms.int(0);
            let mut text = vec![self.cx.terms.ne(cell, zero)];
            let class_of = self.cx.terms.select(entry.types, cell);
            let sid = self.cx.terms.int(sid as i32);
            text.push(self.cx.terms.eq(class_of, sid));
            for j in (0..size).filter(|&j| j != k) {
                let other = at(self.cx.terms, j);
                text.push(self.cx.terms.ne(cell, other));
            }
            let text = self.cx.terms.and(text);
            if self.probe(text) {
                let string = JType::Object("java/lang/String".into());
                return self.value(cell, &string, entry);
            }
        }
        let object = JType::Object("java/lang/Object".into());
        self.value(cell, &object, entry)
    }

    /// Notes that the reference `v` fills a slot of type `ty`: a
    /// collection class (not an interface) needs a `new` one.
    pub(super) fn note_list_slot(&mut self, v: &Value, ty: &JType) {
        let Value::Ref { object } = v else { return };
        let name = ty.class_ref_name();
        let interface = self.cx.cp.load(&name).is_ok_and(|c| c.is_interface());
        if is_modelled_type(&name) && !interface {
            self.concrete_lists.insert(*object);
        }
    }
}

/// The collections of `objects` a slot typed with a collection class
/// holds, made by `new ArrayList<>(…)`, `new HashSet<>(…)` or
/// `new HashMap<>()`.
pub(super) fn settle_factories(
    objects: &mut [Object],
    concrete: &std::collections::BTreeSet<usize>,
) {
    for &i in concrete {
        if let Some(o) = objects.get_mut(i) {
            let factory = match o.collection() {
                Some(CollectionFactory::ListOf) => CollectionFactory::ArrayList,
                Some(CollectionFactory::SetOf) => CollectionFactory::HashSet,
                Some(CollectionFactory::MapOf) => CollectionFactory::HashMap,
                Some(CollectionFactory::ArrayDeque) if o.class == java(LINKED_LIST) => {
                    CollectionFactory::LinkedList
                }
                _ => continue,
            };
            o.built_by = Some(BuiltBy::Collection { factory });
        }
    }
}

/// Object `o`, if an optional (its one field `value`, which the search
/// read as any other field), made as a person makes one: `Optional.of(v)`
/// ([`Object::elements`] `[v]`) or `Optional.empty()` (none).
pub(super) fn optional_of_value(o: &mut Object) {
    if o.class != java(OPTIONAL_CLASS) || o.built_by.is_some() {
        return;
    }
    let value = o.fields.iter().find(|f| f.name == "value");
    let elements = match value.map(|f| &f.value) {
        Some(Value::Null) | None => Vec::new(),
        Some(v) => vec![v.clone()],
    };
    o.fields.clear();
    o.elements = Some(elements);
    o.built_by = Some(BuiltBy::Collection {
        factory: CollectionFactory::Optional,
    });
}

/// A class name in Java form.
fn java(class: &str) -> String {
    class.replace('/', ".")
}
