//! Labeling: from a satisfiable CMV at the method entry to one concrete
//! input state (section V of the JAUT paper).
//!
//! The search leaves the solver in the scope where the path's constraints
//! hold. Labeling fixes the inputs one at a time — static fields, then the
//! receiver and arguments, then the fields of the objects found so far,
//! breadth-first — each by probing candidate values under the solver and
//! keeping the first that stays satisfiable:
//!
//! - a reference: null, else an object already labelled (aliasing, cycles),
//!   else a new object, whose class is the first candidate that fits;
//! - an integer: 0, 1, -1, else the value of least magnitude (found by
//!   bisection), which lands on the boundary of the conditions that bind it
//!   rather than on an arbitrary bit pattern.
//!
//! This closes the input heap: exactly the objects labelled exist. Fields no
//! constraint mentions keep their default values.

mod state;

use std::collections::{BTreeMap, VecDeque};

pub use state::{Arg, FieldValue, InputState, Object, StaticValue, Value};

use crate::classfile::JType;
use crate::model::term::{BvCmp, TermId};
use crate::model::{FieldKey, Memory};
use crate::search::explore::{Act, Explorer, MethodInfo};
use crate::solver::Sat;

/// Why an entry state could not be made concrete.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LabelingError {
    /// An input array or string would need more elements than
    /// `--max-array-length` allows.
    #[error("{0}")]
    TooLong(crate::reason::Bound),
    /// No value of an input fits the constraints (the solver and the
    /// labeler disagree, or a class cannot be chosen).
    #[error("{0}")]
    NoFit(String),
}

/// The inputs at the method entry, as terms.
#[derive(Debug, Clone)]
pub struct EntryState {
    /// `this` (for instance methods) then the parameters: name, type, term.
    pub params: Vec<(String, JType, TermId)>,
    pub is_static: bool,
    /// Static fields the path reads, at their entry values.
    pub statics: Vec<(FieldKey, JType, TermId)>,
    /// The input heap: one array per field the path touches.
    pub fields: BTreeMap<FieldKey, TermId>,
    pub types: TermId,
}

/// Builds the entry state and the constraints every input satisfies:
/// references are null or input objects of a class their type allows,
/// narrow integers are in range, and references read from the heap name
/// input objects or objects allocated before the read.
pub(crate) fn entry_state(
    ex: &mut Explorer<'_>,
    m: &MethodInfo,
    act: &Act,
    mem: &Memory,
    cons: &mut Vec<TermId>,
) -> EntryState {
    let method = m.method();
    let code = m.code();
    let mut params = Vec::new();
    // Names from the LocalVariableTable at pc 0, by the slot each
    // argument takes.
    let mut types: Vec<(String, JType)> = Vec::new();
    let mut at = 0usize;
    for (i, ty) in method.arg_types(&m.class.name).into_iter().enumerate() {
        let name = match i.checked_sub(usize::from(!method.is_static())) {
            None => "this".to_string(),
            Some(index) => code
                .local_name(at as u16, 0)
                .map_or_else(|| format!("arg{index}"), str::to_string),
        };
        at += ty.size();
        types.push((name, ty));
    }
    let mut slot = 0usize;
    let zero = ex.terms.int(0);
    for (name, ty) in types {
        let term = match act.locals.get(slot).copied().flatten() {
            Some(t) => t,
            None => ex
                .fresh
                .var(&mut ex.terms, &name, crate::model::sort_of(&ty)),
        };
        if ty.is_reference() {
            cons.push(ex.terms.cmp(BvCmp::Sge, term, zero));
            if name == "this" && slot == 0 && !method.is_static() {
                cons.push(ex.terms.ne(term, zero));
            }
            let c = ex.input_type_constraint(mem.types, term, &ty);
            cons.push(c);
        } else if let Some(c) = ex.in_range(&ty, term) {
            cons.push(c);
        }
        slot += ty.size();
        params.push((name, ty, term));
    }
    let mut statics = Vec::new();
    for (key, &term) in &mem.statics {
        // The JDK's static fields hold what its own class initializers put
        // there; a test cannot set them, so they are not inputs (a path that
        // depends on their values is checked by the replay).
        if !ex.cp.user_class_names().contains(&key.class) {
            ex.assume(format!(
                "the static field {key} of the JDK was taken as an unknown value"
            ));
            continue;
        }
        let ty = ex
            .cp
            .resolve_field(&key.class, &key.name)
            .ok()
            .flatten()
            .map_or(JType::Int, |f| f.member.ty);
        if ty.is_reference() {
            cons.push(ex.terms.cmp(BvCmp::Sge, term, zero));
            let c = ex.input_type_constraint(mem.types, term, &ty);
            cons.push(c);
        } else if let Some(c) = ex.in_range(&ty, term) {
            cons.push(c);
        }
        statics.push((key.clone(), ty, term));
    }
    for read in &mem.reads {
        // The value read is null, an input object, or an object allocated
        // before the read; and what the input heap held in the cell read
        // (before any store of the path) is null or an input object.
        let mut options = vec![ex.terms.cmp(BvCmp::Sge, read.value, zero)];
        for a in &mem.allocs[read.later_allocs..] {
            options.push(ex.terms.eq(read.value, a.term));
        }
        cons.push(ex.terms.or(options));
        if let Some((key, object, index)) = &read.cell {
            if let Some(&array) = mem.fields.get(key) {
                let input = ex.terms.cmp(BvCmp::Sgt, *object, zero);
                let held = ex.terms.select(array, *index);
                let not_allocated = ex.terms.cmp(BvCmp::Sge, held, zero);
                cons.push(ex.terms.implies(input, not_allocated));
            }
        }
    }
    EntryState {
        params,
        is_static: method.is_static(),
        statics,
        fields: mem.fields.clone(),
        types: mem.types,
    }
}

/// Bisection steps spent minimising one integer after the bound's bit
/// count is known: past them the least value found so far is kept. A
/// count, not a time, so labeling gives the same state on every run; 12
/// steps take a value within 1/4096 of the bracket to the boundary, while
/// checks near a loop-heavy boundary can each cost a tenth of a second.
const BISECTION_STEPS: u32 = 12;

struct Labeler<'e, 'a> {
    ex: &'e mut Explorer<'a>,
    /// Labelled input objects: their id constant and class.
    objects: Vec<(TermId, String)>,
    /// Ids of the input strings (labelled by value, not as objects).
    strings: Vec<TermId>,
    queue: VecDeque<usize>,
}

/// Labels the entry state into a concrete input state.
pub(crate) fn label(
    ex: &mut Explorer<'_>,
    entry: &EntryState,
) -> Result<InputState, LabelingError> {
    label_inputs(ex, entry)
}

fn label_inputs(ex: &mut Explorer<'_>, entry: &EntryState) -> Result<InputState, LabelingError> {
    let mut l = Labeler {
        ex,
        objects: Vec::new(),
        strings: Vec::new(),
        queue: VecDeque::new(),
    };
    // Static fields first: they are the environment the call runs in (a
    // mode, a limit), and fixing them first gives the arguments the values
    // a reader expects (foo's `a = 1` before `i = 42`, not a wrapped `a`).
    let mut statics = Vec::new();
    for (key, ty, term) in &entry.statics {
        let value = l.value(*term, ty, entry)?;
        statics.push(StaticValue {
            class: key.class.replace('/', "."),
            field: key.name.clone(),
            ty: ty.to_string(),
            value,
        });
    }
    let mut receiver = None;
    let mut args = Vec::new();
    for (i, (name, ty, term)) in entry.params.iter().enumerate() {
        let is_this = i == 0 && !entry.is_static;
        let value = if is_this {
            l.reference(*term, ty, entry, false)?
        } else {
            l.value(*term, ty, entry)?
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
    let mut objects: Vec<Object> = Vec::new();
    while let Some(i) = l.queue.pop_front() {
        let (id_term, class) = l.objects[i].clone();
        while objects.len() <= i {
            objects.push(Object::default());
        }
        if let Some(JType::Array(elem)) = JType::parse(&class).filter(|_| class.starts_with('[')) {
            let elements = l.elements(id_term, &elem, entry)?;
            objects[i] = Object {
                id: i,
                class: JType::Array(elem).to_string(),
                fields: Vec::new(),
                elements: Some(elements),
            };
            continue;
        }
        let fields =
            l.ex.cp
                .instance_fields(&class)
                .map_err(|e| LabelingError::NoFit(e.to_string()))?;
        let mut values = Vec::new();
        for f in fields {
            let key = FieldKey {
                class: f.class.name.clone(),
                name: f.member.name.clone(),
            };
            let value = match entry.fields.get(&key) {
                Some(&array) => {
                    let cell = l.ex.terms.select(array, id_term);
                    l.value(cell, &f.member.ty, entry)?
                }
                None => Value::default_of(&f.member.ty),
            };
            values.push(FieldValue {
                name: f.member.name.clone(),
                declared_in: f.class.name.replace('/', "."),
                ty: f.member.ty.to_string(),
                value,
            });
        }
        objects[i] = Object {
            id: i,
            class: class.replace('/', "."),
            fields: values,
            elements: None,
        };
    }
    Ok(InputState {
        receiver,
        args,
        statics,
        objects,
    })
}

impl Labeler<'_, '_> {
    /// The length of the input array or string `id` (the least the
    /// constraints allow), within `--max-array-length`.
    fn length(
        &mut self,
        key: &FieldKey,
        id: TermId,
        entry: &EntryState,
        what: &str,
        units: &str,
    ) -> Result<i64, LabelingError> {
        let length = match entry.fields.get(key) {
            Some(&lengths) => {
                let len = self.ex.terms.select(lengths, id);
                self.integer(len, 32, &JType::Int)?
            }
            None => 0,
        };
        let max = self.ex.config.max_array_length;
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

    /// The text of the input string `id`: its length, then its characters,
    /// each the least the constraints allow.
    fn string(&mut self, id: TermId, entry: &EntryState) -> Result<String, LabelingError> {
        let length = self.length(
            &FieldKey::string_length(),
            id,
            entry,
            "string",
            "characters",
        )?;
        let cells = entry.fields.get(&FieldKey::string_chars()).copied();
        let mut units = Vec::new();
        for k in 0..length {
            let unit = match cells {
                Some(cells) => {
                    let k = self.ex.terms.int(k as i32);
                    let key = self.ex.terms.cell(id, k);
                    let cell = self.ex.terms.select(cells, key);
                    self.printable(cell)?
                }
                None => 'a' as i64,
            };
            units.push(unit as u16);
        }
        Ok(String::from_utf16_lossy(&units))
    }

    /// A character a reader can see: `a`, else a printable ASCII one,
    /// else the least the constraints allow.
    fn printable(&mut self, c: TermId) -> Result<i64, LabelingError> {
        let a = self.ex.terms.int('a' as i32);
        let is_a = self.ex.terms.eq(c, a);
        if self.probe(is_a) {
            return Ok('a' as i64);
        }
        let (lo, hi) = (self.ex.terms.int(0x20), self.ex.terms.int(0x7e));
        let ge = self.ex.terms.cmp(BvCmp::Sge, c, lo);
        let le = self.ex.terms.cmp(BvCmp::Sle, c, hi);
        let ascii = self.ex.terms.and(vec![ge, le]);
        if self.ex.solver.check_assuming(&self.ex.terms, &[ascii]) == Sat::Sat {
            if let Some(v) = self.ex.solver.value(&self.ex.terms, c) {
                let t = self.ex.terms.int(v as i32);
                let eq = self.ex.terms.eq(c, t);
                if self.probe(eq) {
                    return Ok(v as i64);
                }
            }
        }
        self.integer(c, 32, &JType::Char)
    }

    /// The length and elements of the input array `id`, shortest first.
    fn elements(
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
                    let k = self.ex.terms.int(k as i32);
                    let key = self.ex.terms.cell(id, k);
                    let cell = self.ex.terms.select(cells, key);
                    self.value(cell, elem, entry)?
                }
                None => Value::default_of(elem),
            });
        }
        Ok(out)
    }

    /// Keeps `c` if the constraints stay satisfiable with it. When the
    /// solver's current model already satisfies `c`, no check is needed: the
    /// model stays a model of everything asserted.
    fn probe(&mut self, c: TermId) -> bool {
        let ex = &mut *self.ex;
        if ex.solver.value(&ex.terms, c) == Some(1) {
            ex.solver.assert(&ex.terms, c);
            return true;
        }
        if ex.solver.check_assuming(&ex.terms, &[c]) == Sat::Sat {
            ex.solver.assert(&ex.terms, c);
            true
        } else {
            false
        }
    }

    fn value(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
    ) -> Result<Value, LabelingError> {
        if ty.is_reference() {
            return self.reference(term, ty, entry, true);
        }
        let width = self.ex.terms.width(term);
        let v = self.integer(term, width, ty)?;
        Ok(Value::of_bits(ty, v))
    }

    /// An object already labelled that `term` may be (an alias, or a cycle).
    fn alias(&mut self, term: TermId, ty: &JType) -> Option<Value> {
        for i in 0..self.objects.len() {
            // An object whose class the reference's type excludes cannot be
            // an alias: no need to ask the solver.
            let class = &self.objects[i].1;
            if !self
                .ex
                .cp
                .is_assignable(class, &ty.class_ref_name())
                .unwrap_or(true)
            {
                continue;
            }
            let same = self.ex.terms.eq(term, self.objects[i].0);
            if self.probe(same) {
                return Some(Value::Ref(i));
            }
        }
        None
    }

    fn reference(
        &mut self,
        term: TermId,
        ty: &JType,
        entry: &EntryState,
        nullable: bool,
    ) -> Result<Value, LabelingError> {
        let null = self.ex.terms.int(0);
        let is_null = self.ex.terms.eq(term, null);
        if nullable && self.probe(is_null) {
            return Ok(Value::Null);
        }
        // A new object before an alias of one already labelled: a structure
        // is cyclic or shared only where the path needs it (code under test
        // that walks a structure rarely terminates on a gratuitous cycle).
        // Its id is the one the current model gives the reference when that
        // is a fresh input id (no check needed), else the next unused one.
        let i = self.objects.len();
        let modelled = self
            .ex
            .solver
            .value(&self.ex.terms, term)
            .map(|v| v as u32 as i32)
            .filter(|&v| v > 0);
        let used: Vec<Option<u64>> = self
            .objects
            .iter()
            .map(|(t, _)| *t)
            .chain(self.strings.iter().copied())
            .map(|t| self.ex.terms.as_const(t))
            .collect();
        let fresh_id = (1..)
            .find(|k| !used.contains(&Some(*k as u64)))
            .unwrap_or(1);
        let id_value = modelled
            .filter(|m| !used.contains(&Some(*m as u64)))
            .unwrap_or(fresh_id);
        let id = self.ex.terms.int(id_value);
        let is_new = self.ex.terms.eq(term, id);
        if !self.probe(is_new) {
            return self.alias(term, ty).ok_or_else(|| {
                LabelingError::NoFit(format!(
                    "no object fits the reference {}",
                    self.ex.terms.show(term)
                ))
            });
        }
        let class_of = self.ex.terms.select(entry.types, id);
        if ty.is_array() {
            // An input array has exactly its static type.
            let descriptor = ty.descriptor();
            let aid = self.ex.universe.array_id(&descriptor);
            let aid = self.ex.terms.int(aid as i32);
            let is_it = self.ex.terms.eq(class_of, aid);
            if !self.probe(is_it) {
                return Err(LabelingError::NoFit(format!("no array of type {ty} fits")));
            }
            self.objects.push((id, descriptor));
            self.queue.push_back(i);
            return Ok(Value::Ref(i));
        }
        let candidates = self.ex.input_candidates(&ty.class_ref_name());
        for c in candidates {
            let cid = self.ex.terms.int(c as i32);
            let is_c = self.ex.terms.eq(class_of, cid);
            if self.probe(is_c) {
                let name = self.ex.universe.name(c).expect("a universe id").to_string();
                if name == "java/lang/String" {
                    self.strings.push(id);
                    return self.string(id, entry).map(Value::Str);
                }
                self.objects.push((id, name));
                self.queue.push_back(i);
                return Ok(Value::Ref(i));
            }
        }
        Err(LabelingError::NoFit(format!(
            "no class fits an object of type {ty}"
        )))
    }

    /// The integer of least magnitude the constraints allow (0, 1 and -1
    /// first), fixed in the solver.
    fn integer(&mut self, term: TermId, width: u32, ty: &JType) -> Result<i64, LabelingError> {
        for v in [0i64, 1, -1] {
            if matches!(ty, JType::Boolean | JType::Char) && v < 0 {
                continue;
            }
            let c = self.ex.terms.bv(v, width);
            let eq = self.ex.terms.eq(term, c);
            if self.probe(eq) {
                return Ok(v);
            }
        }
        // Least magnitude: is there a non-negative value? Then find the
        // smallest upper bound (else the largest lower bound): first by
        // doubling the bound's bit count from the low end, then by
        // bisection, each satisfiable check's model tightening the bound.
        let zero = self.ex.terms.bv(0, width);
        let nonneg = self.ex.terms.cmp(BvCmp::Sge, term, zero);
        let positive = self.probe(nonneg);
        let max = if width == 64 {
            i64::MAX
        } else {
            i32::MAX as i64
        };
        let magnitude = |ex: &mut Explorer<'_>| -> Option<i64> {
            let v = ex.solver.value(&ex.terms, term)?;
            let v = crate::model::term::signed(v, width);
            Some(if v == i64::MIN { i64::MAX } else { v.abs() })
        };
        let mut lo = 2i64; // |v| in [lo, hi]
        let mut hi = magnitude(self.ex).unwrap_or(max).clamp(lo, max);
        let within = |ex: &mut Explorer<'_>, bound: i64| -> bool {
            let c = if positive {
                let b = ex.terms.bv(bound, width);
                ex.terms.cmp(BvCmp::Sle, term, b)
            } else {
                let b = ex.terms.bv(-bound, width);
                ex.terms.cmp(BvCmp::Sge, term, b)
            };
            ex.solver.check_assuming(&ex.terms, &[c]) == Sat::Sat
        };
        let mut bits = 2u32;
        while bits < 63 && (1i64 << bits) < hi {
            let bound = 1i64 << bits;
            if within(self.ex, bound) {
                hi = magnitude(self.ex).unwrap_or(bound).clamp(lo, bound);
                break;
            }
            lo = bound + 1;
            bits *= 2;
        }
        let mut steps = 0;
        while lo < hi && steps < BISECTION_STEPS {
            steps += 1;
            let mid = lo + (hi - lo) / 2;
            if within(self.ex, mid) {
                hi = magnitude(self.ex).unwrap_or(mid).clamp(lo, mid);
            } else {
                lo = mid + 1;
            }
        }
        let lo = hi; // the least magnitude known to be possible
        let candidates = if positive {
            vec![lo]
        } else {
            // -2^63 has no positive counterpart; -hi covers it when hi = MAX.
            vec![
                -lo,
                if width == 64 {
                    i64::MIN
                } else {
                    i32::MIN as i64
                },
            ]
        };
        for v in candidates {
            let c = self.ex.terms.bv(v, width);
            let eq = self.ex.terms.eq(term, c);
            if self.probe(eq) {
                return Ok(v);
            }
        }
        // Whatever the solver's model says is a value that fits.
        let ex = &mut *self.ex;
        if ex.solver.check() == Sat::Sat {
            if let Some(bits) = ex.solver.value(&ex.terms, term) {
                let v = crate::model::term::signed(bits, width);
                let c = ex.terms.bv(v, width);
                let eq = ex.terms.eq(term, c);
                if self.probe(eq) {
                    return Ok(v);
                }
            }
        }
        Err(LabelingError::NoFit(format!(
            "no value fits {}",
            self.ex.terms.show(term)
        )))
    }
}
