//! Labeling an input collection (issue 36, `src/search/lists.rs`,
//! `keyed.rs`): its size, the least the constraints allow within
//! `--max-array-length`, then its elements (a map's keys, each followed by
//! its value) in index order, each as any reference input; and how the
//! test makes it — `List.of(…)`, `Set.of(…)`, `Map.of(…)` unless the path
//! changes it, holds it in a slot typed with a class (`ArrayList`), or
//! needs a null element, which only a `new ArrayList<>(…)`, `HashSet` or
//! `HashMap` allows; a set or map the path iterates, or of a linked class,
//! a `LinkedHashSet` or `LinkedHashMap` in the model's order; a sorted set
//! or map a `new TreeSet<>(…)` or `new TreeMap<>(…)` of its keys (in their
//! natural order, as the model keeps them). A queue or deque is a
//! `new ArrayDeque<>(…)` unless it
//! holds null or a slot typed `LinkedList` holds it (`new LinkedList<>(…)`);
//! an optional, whose one field the search read, `Optional.of(v)` or
//! `Optional.empty()`.

use super::values::Labeler;
use super::{EntryState, LabelingError, Object, Value};
use crate::classfile::JType;
use crate::jdk::collections::deques::{ARRAY_DEQUE, LINKED_LIST};
use crate::jdk::collections::is_modelled_type;
use crate::jdk::collections::keyed::{
    is_linked, is_map, is_set, LINKED_MAP_CLASS, LINKED_SET_CLASS, MAP_CLASS, SET_CLASS,
};
use crate::jdk::collections::optional::OPTIONAL_CLASS;
use crate::jdk::collections::sorted::{TREE_MAP, TREE_SET};
use crate::model::term::{BvCmp, TermId};
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
        let map = is_map(class);
        let size = self.length(&FieldKey::list_size(), id, entry, "collection", "elements")?;
        let generic = self.generic_types.get(&i);
        let types = generic.map(|g| g.arg_classes()).unwrap_or_default();
        let generic = generic.and_then(declarable);
        let hint = |k: usize| types.get(k).cloned().flatten();
        if map || is_set(class) {
            self.prefer_distinct_keys(id, size, entry);
        }
        let mut elements = Vec::new();
        for k in 0..size {
            let at = (k, size);
            elements.push(self.cell(&FieldKey::list_elements(), id, at, hint(0), entry)?);
            if map {
                elements.push(self.cell(&FieldKey::map_values(), id, at, hint(1), entry)?);
            }
        }
        let changed = self.flag(&FieldKey::list_mutable(), id, entry);
        // Elements no constraint names are null, which `List.of` refuses.
        let general = changed || elements.contains(&Value::Null);
        let ordered = is_linked(class) || self.flag(&FieldKey::set_ordered(), id, entry);
        let factory = match class {
            TREE_MAP => CollectionFactory::TreeMap,
            TREE_SET => CollectionFactory::TreeSet,
            MAP_CLASS | LINKED_MAP_CLASS if ordered => CollectionFactory::LinkedHashMap,
            MAP_CLASS if general || size > 10 => CollectionFactory::HashMap,
            MAP_CLASS => CollectionFactory::MapOf,
            SET_CLASS | LINKED_SET_CLASS if ordered => CollectionFactory::LinkedHashSet,
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
            generic,
            built_by: Some(BuiltBy::Collection { factory }),
            reflection_because: None,
        })
    }

    /// Prefers the first keys of set or map `id` (of `size`) pairwise
    /// unequal where the path allows: the model lets two keys be equal
    /// (search::keyed), no real set or map holds two, and a test that
    /// builds one from equal keys is refused by `Map.of` or keeps one key.
    /// The search asserts it only for a collection it walks: a check here,
    /// once per state, instead of constraints on every check of a path.
    fn prefer_distinct_keys(&mut self, id: TermId, size: i64, entry: &EntryState) {
        let Some(&cells) = entry.fields.get(&FieldKey::list_elements()) else {
            return;
        };
        // As many as a lookup of a literal compares (`search::lists`).
        let keys: Vec<TermId> = (0..size.min(8))
            .map(|k| {
                let terms = &mut *self.cx.terms;
                let k = terms.int(k as i32);
                let key = terms.cell(id, k);
                terms.select(cells, key)
            })
            .collect();
        let mut apart = Vec::new();
        for (j, &b) in keys.iter().enumerate() {
            for &a in &keys[..j] {
                apart.push(self.keys_apart(a, b, entry));
            }
        }
        if !apart.is_empty() {
            // The replay refutes a state without it: worth the search's
            // full limit, not a probe's that a loaded machine cuts short.
            let apart = self.cx.terms.and(apart);
            self.probe_decisive(apart);
        }
    }

    /// A condition under which keys `a` and `b` are not `Objects.equals`:
    /// distinct objects, and two strings of different lengths or differing
    /// in one of their first [`KEY_CHARS`] characters, two boxes of one
    /// class of different values (any two objects of different classes
    /// are unequal).
    fn keys_apart(&mut self, a: TermId, b: TermId, entry: &EntryState) -> TermId {
        const KEY_CHARS: i32 = 8;
        const STRING: &str = "java/lang/String";
        let boxes = crate::jdk::collections::VALUE_BOXES.map(|(class, _)| class);
        let ids: Vec<(&str, Option<u32>)> = std::iter::once(STRING)
            .chain(boxes)
            .map(|c| (c, self.cx.universe.id(c)))
            .collect();
        let terms = &mut *self.cx.terms;
        let class_a = terms.select(entry.types, a);
        let class_b = terms.select(entry.types, b);
        let mut apart = vec![terms.ne(a, b)];
        for (class, id) in ids {
            let Some(id) = id else { continue };
            let id = terms.int(id as i32);
            let a_is = terms.eq(class_a, id);
            let b_is = terms.eq(class_b, id);
            let both = terms.and(vec![a_is, b_is]);
            let mut differ = Vec::new();
            let value_key = match class {
                STRING => FieldKey::string_length(),
                _ => FieldKey {
                    class: class.into(),
                    name: "value".into(),
                },
            };
            if let Some(&values) = entry.fields.get(&value_key) {
                let va = terms.select(values, a);
                let vb = terms.select(values, b);
                differ.push(terms.ne(va, vb));
            }
            let chars = entry.fields.get(&FieldKey::string_chars());
            if let (STRING, Some(&chars), Some(&lengths)) =
                (class, chars, entry.fields.get(&FieldKey::string_length()))
            {
                let len = terms.select(lengths, a);
                for k in 0..KEY_CHARS {
                    let kt = terms.int(k);
                    let inside = terms.cmp(BvCmp::Slt, kt, len);
                    let ca = terms.cell(a, kt);
                    let cb = terms.cell(b, kt);
                    let ca = terms.select(chars, ca);
                    let cb = terms.select(chars, cb);
                    let ne = terms.ne(ca, cb);
                    differ.push(terms.and(vec![inside, ne]));
                }
            }
            if differ.is_empty() {
                continue;
            }
            let differ = terms.or(differ);
            apart.push(terms.implies(both, differ));
        }
        terms.and(apart)
    }

    /// Whether the path needs the flag `key` of collection `id` set (1).
    fn flag(&mut self, key: &FieldKey, id: TermId, entry: &EntryState) -> bool {
        let Some(&flags) = entry.fields.get(key) else {
            return false;
        };
        let flag = self.cx.terms.select(flags, id);
        let zero = self.cx.terms.int(0);
        let unset = self.cx.terms.eq(flag, zero);
        !self.probe(unset)
    }

    /// Cell `k` of the `size` cells of collection `id` in the cells of
    /// `key` (null when the path reads none), of class `hint` where the
    /// path allows.
    fn cell(
        &mut self,
        key: &FieldKey,
        id: TermId,
        (k, size): (i64, i64),
        hint: Option<String>,
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
        let others: Vec<TermId> = (0..size)
            .filter(|&j| j != k)
            .map(|j| at(self.cx.terms, j))
            .collect();
        self.element(cell, &others, hint, entry)
    }

    /// An element `cell` of a collection, apart from its `others`: of
    /// class `hint` (the type argument of the slot's generic type) where
    /// the path allows; else a string of its own, as a person fills a
    /// collection of no particular type (`List.of("a")`, not a null or an
    /// Object). A string the path needs twice (the same object) is
    /// labelled as any object, which may be an alias.
    fn element(
        &mut self,
        cell: TermId,
        others: &[TermId],
        hint: Option<String>,
        entry: &EntryState,
    ) -> Result<Value, LabelingError> {
        const STRING: &str = "java/lang/String";
        let typed = hint.is_some();
        let preferred = hint
            .filter(|c| !c.starts_with('['))
            .unwrap_or_else(|| STRING.to_string());
        if let Some(cid) = self.cx.universe.id(&preferred) {
            let zero = self.cx.terms.int(0);
            let mut fits = vec![self.cx.terms.ne(cell, zero)];
            let class_of = self.cx.terms.select(entry.types, cell);
            let cid = self.cx.terms.int(cid as i32);
            fits.push(self.cx.terms.eq(class_of, cid));
            // A string of its own; boxes may be the same cached object.
            if preferred == STRING {
                for &other in others {
                    fits.push(self.cx.terms.ne(cell, other));
                }
            }
            let fits = self.cx.terms.and(fits);
            // The type argument decides whether the test compiles: worth
            // the search's full limit.
            let fits = match typed {
                true => self.probe_decisive(fits),
                false => self.probe(fits),
            };
            if fits {
                return self.value(cell, &JType::Object(preferred), entry);
            }
        }
        let object = JType::Object("java/lang/Object".into());
        self.value(cell, &object, entry)
    }

    /// Input object `i`, the optional `id`: its one field `value` (null
    /// when the path reads none), made by `Optional.of(value)` or
    /// `Optional.empty()` ([`Object::elements`] `[value]` or none).
    pub(super) fn optional(
        &mut self,
        i: usize,
        id: TermId,
        entry: &EntryState,
    ) -> Result<Object, LabelingError> {
        let key = FieldKey {
            class: OPTIONAL_CLASS.into(),
            name: "value".into(),
        };
        let value = match entry.fields.get(&key) {
            Some(&values) => {
                let cell = self.cx.terms.select(values, id);
                let types = self.generic_types.get(&i).map(|g| g.arg_classes());
                let hint = types.and_then(|t| t.first().cloned().flatten());
                self.element(cell, &[], hint, entry)?
            }
            None => Value::Null,
        };
        let elements = match value {
            Value::Null => Vec::new(),
            v => vec![v],
        };
        Ok(Object {
            id: i,
            class: java(OPTIONAL_CLASS),
            fields: Vec::new(),
            elements: Some(elements),
            mock: None,
            generic: self.generic_types.get(&i).and_then(declarable),
            built_by: Some(BuiltBy::Collection {
                factory: CollectionFactory::Optional,
            }),
            reflection_because: None,
        })
    }

    /// Notes the element types of the input collections `values` (the
    /// receiver and arguments, in order) hold, from the generic types of
    /// their parameters.
    pub(super) fn note_element_types<'v>(
        &mut self,
        entry: &EntryState,
        values: impl Iterator<Item = &'v Value>,
    ) {
        // Both start with the receiver, if the method has one.
        for (v, ty) in values.zip(&entry.generic_params) {
            if let (Value::Ref { object }, Some(ty)) = (v, ty) {
                self.generic_types.insert(*object, ty.clone());
            }
        }
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
                Some(CollectionFactory::SetOf) if o.class == java(LINKED_SET_CLASS) => {
                    CollectionFactory::LinkedHashSet
                }
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

/// Generic type `g` in Java form, if a test may declare a variable with
/// it anywhere: no type variable, and only public top-level classes of
/// the JDK (`java.util.Map<java.lang.String, java.lang.Integer>`).
fn declarable(g: &crate::classfile::signature::GenericType) -> Option<String> {
    let public = |c: &&str| c.starts_with("java/") && !c.contains('$');
    (g.is_closed() && g.classes().iter().all(public)).then(|| g.to_string())
}

/// A class name in Java form.
fn java(class: &str) -> String {
    class.replace('/', ".")
}
