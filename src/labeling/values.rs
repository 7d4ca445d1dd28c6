//! Labeling one input at a time (JAUT ISSRE 2010 §V): each value is fixed
//! by probing candidates under the solver and keeping the first that stays
//! satisfiable — for a reference null, a new object or an alias, for an
//! integer the value of least magnitude, for an array or a string its
//! shortest length, then its elements.

use std::collections::VecDeque;

use super::{EntryState, Labeling, LabelingError, Value};
use crate::classfile::{Class, JType};
use crate::model::enum_constants;
use crate::model::term::{BvCmp, TermId};
use crate::model::FieldKey;
use crate::solver::Sat;

pub(super) struct Labeler<'e, 'a> {
    pub cx: &'e mut Labeling<'a>,
    /// Labelled input objects: their id constant and class.
    pub objects: Vec<(TermId, String)>,
    /// Ids of the input strings (labelled by value, not as objects).
    pub strings: Vec<TermId>,
    pub queue: VecDeque<usize>,
    /// Objects of enum constants made while labelling inputs of wider
    /// types than their enums, by enum.
    pub enums: std::collections::BTreeMap<String, enum_constants::ConstantTerms>,
    /// Input lists held by a slot typed with a list class (`ArrayList`),
    /// which `List.of` cannot fill (`lists.rs`).
    pub concrete_lists: std::collections::BTreeSet<usize>,
    /// The generic types of the parameters that hold input objects, by
    /// object (`List<String>`): the classes of a collection's elements.
    pub generic_types: std::collections::BTreeMap<usize, crate::classfile::signature::GenericType>,
}

impl Labeler<'_, '_> {
    /// The length of the input array or string `id` (the least the
    /// constraints allow), within `--max-array-length`.
    pub(super) fn length(
        &mut self,
        key: &FieldKey,
        id: TermId,
        entry: &EntryState,
        what: &str,
        units: &str,
    ) -> Result<i64, LabelingError> {
        let length = match entry.fields.get(key) {
            Some(&lengths) => {
                let len = self.cx.terms.select(lengths, id);
                self.integer(len, 32, &JType::Int)?
            }
            None => 0,
        };
        let max = self.cx.max_array_length;
        if length > max as i64 {
            return Err(LabelingError::TooLong(crate::reason::Bound::ArrayLength {
                max,
                needed: length,
                what: what.to_string(),
                units: units.to_string(),
            }));
        }
        Ok(length)
    }

    /// The input string `id`: its length, then its characters, each the
    /// least the constraints allow; text, or UTF-16 units when the path
    /// needs an unpaired surrogate (`isHighSurrogate`), which text cannot
    /// hold and which replacing would make the replay run another input.
    fn string(&mut self, id: TermId, entry: &EntryState) -> Result<Value, LabelingError> {
        let keys = (FieldKey::string_length(), FieldKey::string_chars());
        self.text(id, entry, &keys, "string")
    }

    /// The characters of input `id` whose length and characters the
    /// search keeps under `keys` (a string's, or a builder's contents,
    /// `builders.rs`), as [`Labeler::string`] labels a string's.
    pub(super) fn text(
        &mut self,
        id: TermId,
        entry: &EntryState,
        keys: &(FieldKey, FieldKey),
        what: &str,
    ) -> Result<Value, LabelingError> {
        let length = self.length(&keys.0, id, entry, what, "characters")?;
        let cells = entry.fields.get(&keys.1).copied();
        let mut units = Vec::new();
        for k in 0..length {
            let unit = match cells {
                Some(cells) => {
                    let k = self.cx.terms.int(k as i32);
                    let key = self.cx.terms.cell(id, k);
                    let cell = self.cx.terms.select(cells, key);
                    self.printable(cell)?
                }
                None => 'a' as i64,
            };
            units.push(unit as u16);
        }
        Ok(match String::from_utf16(&units) {
            Ok(text) => Value::Str(text),
            Err(_) => Value::Utf16 { utf16: units },
        })
    }

    /// A character a reader can see: `a`, else a printable ASCII one,
    /// else the least the constraints allow.
    fn printable(&mut self, c: TermId) -> Result<i64, LabelingError> {
        let a = self.cx.terms.int('a' as i32);
        let is_a = self.cx.terms.eq(c, a);
        if self.probe(is_a) {
            return Ok('a' as i64);
        }
        let (lo, hi) = (self.cx.terms.int(0x20), self.cx.terms.int(0x7e));
        let ge = self.cx.terms.cmp(BvCmp::Sge, c, lo);
        let le = self.cx.terms.cmp(BvCmp::Sle, c, hi);
        let ascii = self.cx.terms.and(vec![ge, le]);
        if self.cx.solver.check_assuming(self.cx.terms, &[ascii]) == Sat::Sat {
            if let Some(v) = self.cx.solver.value(self.cx.terms, c) {
                let t = self.cx.terms.int(v as i32);
                let eq = self.cx.terms.eq(c, t);
                if self.probe(eq) {
                    return Ok(v as i64);
                }
            }
        }
        self.integer(c, 32, &JType::Char)
    }

    /// The length and elements of the input array `id`, shortest first.
    pub(super) fn elements(
        &mut self,
        id: TermId,
        elem: &JType,
        entry: &EntryState,
    ) -> Result<Vec<Value>, LabelingError> {
        let length = self.length(&FieldKey::array_length(), id, entry, "array", "elements")?;
        let cells = entry.fields.get(&FieldKey::array_elements(elem)).copied();
        let mut out = Vec::new();
        for k in 0..length {
            out.push(match cells {
                Some(cells) => {
                    let k = self.cx.terms.int(k as i32);
                    let key = self.cx.terms.cell(id, k);
                    let cell = self.cx.terms.select(cells, key);
                    self.value(cell, elem, entry)?
                }
                None => Value::default_of(elem),
            });
        }
        Ok(out)
    }

    /// [`Self::probe`] for a choice whose refusal may leave no way to
    /// label the input (a new object, when no alias may fit): without the
    /// per-probe time limit, so that a loaded machine does not turn a
    /// slow answer into a failed labeling.
    pub(super) fn probe_decisive(&mut self, c: TermId) -> bool {
        self.cx.solver.set_probe_limit(None);
        let kept = self.probe(c);
        self.cx.solver.set_probe_limit(Some(super::PROBE_LIMIT));
        kept
    }

    /// [`Self::probe`], for a preference whose outcome does not matter.
    pub(super) fn prefer(&mut self, c: TermId) {
        self.probe(c);
    }

    /// Keeps `c` if the constraints stay satisfiable with it. When the
    /// solver's current model already satisfies `c`, no check is needed: the
    /// model stays a model of everything asserted.
    pub(super) fn probe(&mut self, c: TermId) -> bool {
        let cx = &mut *self.cx;
        if cx.solver.value(cx.terms, c) == Some(1) {
            cx.solver.assert(cx.terms, c);
            return true;
        }
        if cx.solver.check_assuming(cx.terms, &[c]) == Sat::Sat {
            cx.solver.assert(cx.terms, c);
            true
        } else {
            false
        }
    }

    pub(super) fn value(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Value, LabelingError> {
        if ty.is_reference() {
            return self.reference(term, ty, entry, true);
        }
        let width = self.cx.terms.width(term);
        let v = if matches!(ty, JType::Float | JType::Double) {
            self.floating(term, width)?
        } else {
            self.integer(term, width, ty)?
        };
        Ok(Value::of_bits(ty, v))
    }

    /// A constant of class `class` (an enum, or a constant's body) that
    /// `term` may be, for an input of a wider type than the enum (the path
    /// named none of the enum's constants).
    fn constant_of(&mut self, term: TermId, class: &Class, entry: &EntryState) -> Option<Value> {
        let e = if crate::enums::is_enum(class) {
            class.name.clone()
        } else {
            class.super_class.clone()?
        };
        let made = match self.enums.get(&e) {
            Some(made) => made.clone(),
            None => {
                let constants = crate::enums::constants(self.cx.cp, &e)?;
                let mut known = entry.enum_constants.clone();
                known.extend(self.enums.clone());
                let mut cons = Vec::new();
                let made = enum_constants::make(
                    self.cx.universe,
                    self.cx.terms,
                    enum_constants::count(&known),
                    entry.types,
                    entry.fields.get(&enum_constants::ordinal_key()).copied(),
                    constants,
                    &mut cons,
                )
                .ok()?;
                for c in cons {
                    self.cx.solver.assert(self.cx.terms, c);
                }
                self.enums.insert(e.clone(), made.clone());
                made
            }
        };
        for (c, t) in made {
            if c.class != class.name {
                continue;
            }
            let same = self.cx.terms.eq(term, t);
            if self.probe(same) {
                return Some(Value::Enum {
                    class: e.replace('/', "."),
                    constant: c.name,
                });
            }
        }
        None
    }

    /// An object already labelled that `term` may be (an alias, or a cycle).
    fn alias(&mut self, term: TermId, ty: &JType) -> Option<Value> {
        for i in 0..self.objects.len() {
            // An object whose class the reference's type excludes cannot be
            // an alias: no need to ask the solver.
            let class = &self.objects[i].1;
            if !self
                .cx
                .cp
                .is_assignable(class, &ty.class_ref_name())
                .unwrap_or(true)
            {
                continue;
            }
            let same = self.cx.terms.eq(term, self.objects[i].0);
            if self.probe(same) {
                return Some(Value::Ref(i));
            }
        }
        None
    }

    pub(super) fn reference(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
        nullable: bool,
    ) -> Result<Value, LabelingError> {
        let null = self.cx.terms.int(0);
        let is_null = self.cx.terms.eq(term, null);
        if nullable && self.probe(is_null) {
            return Ok(Value::Null);
        }
        let v = self.non_null_reference(term, ty, entry)?;
        self.note_list_slot(&v, ty);
        Ok(v)
    }

    fn non_null_reference(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Value, LabelingError> {
        if ty.class_ref_name() == "java/lang/Class" {
            return self.class_object(term);
        }
        // An enum's objects are its constants: for an enum type the only
        // choice; for a wider one, after an object labeling can build.
        let is_enum = crate::model::inputs::enum_type(self.cx.cp, ty).is_some();
        if is_enum {
            return self.named_constant(term, ty, entry)?.ok_or_else(|| {
                LabelingError::NoFit(format!(
                    "no constant of {ty} fits {}",
                    self.cx.terms.show(term)
                ))
            });
        }
        if let Some(v) = self.fitting_object(term, ty, entry)? {
            return Ok(v);
        }
        // Each check was a probe, which a loaded machine may cut short
        // (`PROBE_LIMIT`): an object that fits would then look like none.
        // Once more with the search's own limit per check before saying so.
        let limit = self.cx.solver.probe_limit();
        if limit.is_some() {
            self.cx.solver.set_probe_limit(None);
            let again = self.fitting_object(term, ty, entry);
            self.cx.solver.set_probe_limit(limit);
            if let Some(v) = again? {
                return Ok(v);
            }
        }
        Err(LabelingError::NoFit(format!(
            "no object fits the reference {}",
            self.cx.terms.show(term)
        )))
    }

    /// A new object, a constant or an alias that `term` of type `ty` may
    /// be, in that order of preference.
    fn fitting_object(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Option<Value>, LabelingError> {
        if let Some(v) = self.new_object(term, ty, entry)? {
            return Ok(Some(v));
        }
        if let Some(v) = self.named_constant(term, ty, entry)? {
            return Ok(Some(v));
        }
        if !ty.is_array() {
            for c in self.cx.input_candidates(&ty.class_ref_name()) {
                let class = self.cx.universe.class(c).expect("a universe id").clone();
                if crate::enums::is_enum_or_constant_body(self.cx.cp, &class) {
                    if let Some(v) = self.constant_of(term, &class, entry) {
                        return Ok(Some(v));
                    }
                }
            }
        }
        Ok(self.alias(term, ty))
    }

    /// The `Class` object `term` is (crate::model::class_object): the
    /// first of the candidates that fits (`Object`, `String`, ... first).
    fn class_object(&mut self, term: TermId) -> Result<Value, LabelingError> {
        for k in self.cx.universe.class_object_candidates() {
            let c = self.cx.terms.int(crate::model::CLASS_OBJECTS + k as i32);
            let same = self.cx.terms.eq(term, c);
            if self.probe(same) {
                let name = self.cx.universe.java_type_name(k).expect("a universe id");
                return Ok(Value::Class { name });
            }
        }
        Err(LabelingError::NoFit(format!(
            "no class fits the Class object {}",
            self.cx.terms.show(term)
        )))
    }

    /// A constant of an enum the path named that `term` may be.
    fn named_constant(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Option<Value>, LabelingError> {
        let wanted = ty.class_ref_name();
        let constants: Vec<(String, String, TermId)> = entry
            .enum_constants
            .iter()
            .flat_map(|(e, cs)| cs.iter().map(move |(c, t)| (e, c, *t)))
            .filter(|(_, c, _)| self.cx.cp.is_assignable(&c.class, &wanted).unwrap_or(false))
            .map(|(e, c, t)| (e.clone(), c.name.clone(), t))
            .collect();
        for (e, name, c) in constants {
            let same = self.cx.terms.eq(term, c);
            if self.probe(same) {
                return Ok(Some(Value::Enum {
                    class: e.replace('/', "."),
                    constant: name,
                }));
            }
        }
        Ok(None)
    }

    /// A new input object of a class labeling can build (no enum), if
    /// `term` may be one: a structure is cyclic or shared only where the
    /// path needs it (code under test that walks a structure rarely
    /// terminates on a gratuitous cycle). Its id is the one the current
    /// model gives the reference when that is a fresh input id (no check
    /// needed), else the next unused one.
    fn new_object(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Option<Value>, LabelingError> {
        let i = self.objects.len();
        let modelled = self
            .cx
            .solver
            .value(self.cx.terms, term)
            .map(|v| v as u32 as i32)
            .filter(|&v| v > 0 && v < crate::model::CLASS_OBJECTS);
        let used: Vec<Option<u64>> = self
            .objects
            .iter()
            .map(|(t, _)| *t)
            .chain(self.strings.iter().copied())
            .map(|t| self.cx.terms.as_const(t))
            .collect();
        let fresh_id = (1..)
            .find(|k| !used.contains(&Some(*k as u64)))
            .unwrap_or(1);
        let id_value = modelled
            .filter(|m| !used.contains(&Some(*m as u64)))
            .unwrap_or(fresh_id);
        let id = self.cx.terms.int(id_value);
        let is_new = self.cx.terms.eq(term, id);
        let class_of = self.cx.terms.select(entry.types, id);
        if ty.is_array() {
            // An input array has exactly its static type.
            let descriptor = ty.descriptor();
            let aid = self.cx.universe.array_id(&descriptor);
            let aid = self.cx.terms.int(aid as i32);
            let is_it = self.cx.terms.eq(class_of, aid);
            if !self.probe(is_new) {
                return Ok(None);
            }
            if !self.probe(is_it) {
                return Err(LabelingError::NoFit(format!("no array of type {ty} fits")));
            }
            self.objects.push((id, descriptor));
            self.queue.push_back(i);
            return Ok(Some(Value::Ref(i)));
        }
        let candidates: Vec<u32> = self
            .cx
            .input_candidates(&ty.class_ref_name())
            .into_iter()
            .filter(|&c| {
                let class = self.cx.universe.class(c).expect("a universe id");
                !crate::enums::is_enum_or_constant_body(self.cx.cp, class)
            })
            .collect();
        let buildable: Vec<TermId> = candidates
            .iter()
            .map(|&c| {
                let cid = self.cx.terms.int(c as i32);
                self.cx.terms.eq(class_of, cid)
            })
            .collect();
        let any = self.cx.terms.or(buildable);
        let fits = self.cx.terms.and(vec![is_new, any]);
        if !self.probe_decisive(fits) {
            return Ok(None);
        }
        for c in candidates {
            let cid = self.cx.terms.int(c as i32);
            let is_c = self.cx.terms.eq(class_of, cid);
            if self.probe(is_c) {
                let name = self.cx.universe.name(c).expect("a universe id").to_string();
                if name == "java/lang/String" {
                    self.strings.push(id);
                    return self.string(id, entry).map(Some);
                }
                self.objects.push((id, name));
                self.queue.push_back(i);
                return Ok(Some(Value::Ref(i)));
            }
        }
        Err(LabelingError::NoFit(format!(
            "no class fits an object of type {ty}"
        )))
    }

    /// The answers of mock `id` (of mock class `class`): for each abstract
    /// method, what the path's calls on it returned, in call order.
    pub(super) fn mock_answers(
        &mut self,
        id: TermId,
        class: &str,
        entry: &EntryState,
    ) -> Result<Vec<crate::state::MockMethod>, LabelingError> {
        let mock_class = self
            .cx
            .cp
            .load(class)
            .map_err(|e| LabelingError::NoFit(e.to_string()))?;
        let mut out = Vec::new();
        for m in &mock_class.methods {
            let key = format!("{class}.{}{}", m.name, m.descriptor);
            let mut returns = Vec::new();
            let mut throws = Vec::new();
            for call in entry.environment.iter().filter(|c| c.callee == key) {
                let Some(receiver) = call.mock else { continue };
                let same = self.cx.terms.eq(receiver, id);
                if self.probe(same) {
                    if call.raises {
                        throws.push(returns.len());
                        returns.push(crate::state::Value::Null);
                    } else {
                        returns.push(self.value(call.result, &call.ty, entry)?);
                    }
                }
            }
            out.push(crate::state::MockMethod {
                method: format!("{}{}", m.name, m.descriptor),
                returns,
                throws,
            });
        }
        Ok(out)
    }
}
