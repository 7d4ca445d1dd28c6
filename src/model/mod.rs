//! The memory model: constrained memory variables (CMV), after section III
//! of the JAUT paper.
//!
//! A CMV is the symbolic JVM state at one program point of a backward
//! path (the search's `St`, `src/search/cmv.rs`, with its heap a
//! [`Memory`]): for each active method its locals and operand stack, plus the heap,
//! the static fields and the objects allocated on the path. Values are
//! [`TermId`]s of the term language ([`term`]); a local or a heap field that
//! nothing on the path after this point uses is absent — unconstrained —
//! rather than a variable, so the state grows only with what the path
//! touches.
//!
//! References are 32-bit values: `0` is null, positive values are objects of
//! the input heap, negative values are objects allocated on the path (each a
//! distinct constant, so no allocated object ever aliases an input one).
//! Their terms have a sort of their own ([`term::Sort::Ref`]), which the
//! solver holds as integers: the search only compares them.
//! The heap holds one array per field (object → value) and one array
//! `type` (object → class id): the object's *type variable*, pruned by the
//! constraints of its uses (field accesses, casts, `instanceof`, calls)
//! rather than chosen eagerly. Aliasing is never split into cases during the
//! search: a read `p.next` is `next[p]`, and whether `p.next == p` is left to
//! the solver and, at the end, to labeling. The input heap is *unclosed*
//! during the search — any number of input objects may still appear — and
//! labeling closes it.

pub mod collections;
pub mod enum_constants;
pub mod inputs;
pub mod term;
mod term_text;

use std::collections::BTreeMap;
use std::sync::Arc;

use indexmap::IndexMap;

use term::{BvOp, Sort, TermId, Terms};

use crate::classfile::{Class, JType};
use crate::classpath::ClassPath;
use crate::frames::VType;

/// The key of a field, defined with the class files ([`crate::classfile`]):
/// the memory model adds its own keys for what is no field of a class
/// (array lengths and elements, string characters, below).
pub use crate::classfile::FieldKey;

impl FieldKey {
    /// The lengths of all arrays. A length never changes, so one term
    /// serves a whole path.
    pub fn array_length() -> FieldKey {
        FieldKey {
            class: "[".into(),
            name: "length".into(),
        }
    }

    /// The elements of all arrays of element type `elem` (one key for all
    /// reference types: an array's class keeps them apart).
    pub fn array_elements(elem: &JType) -> FieldKey {
        FieldKey {
            class: "[".into(),
            name: if elem.is_reference() {
                "L".into()
            } else {
                elem.descriptor()
            },
        }
    }
}

impl FieldKey {
    /// The lengths of strings (immutable: one term for a path).
    pub fn string_length() -> FieldKey {
        FieldKey {
            class: "java/lang/String".into(),
            name: "<length>".into(),
        }
    }

    /// The characters of strings, as `Cells` (immutable).
    pub fn string_chars() -> FieldKey {
        FieldKey {
            class: "java/lang/String".into(),
            name: "<chars>".into(),
        }
    }

    /// The lengths of `StringBuilder`s and `StringBuffer`s (mutable:
    /// `search::builders`).
    pub fn builder_length() -> FieldKey {
        FieldKey {
            class: "java/lang/AbstractStringBuilder".into(),
            name: "<length>".into(),
        }
    }

    /// The characters of `StringBuilder`s and `StringBuffer`s, as `Cells`
    /// (mutable).
    pub fn builder_chars() -> FieldKey {
        FieldKey {
            class: "java/lang/AbstractStringBuilder".into(),
            name: "<chars>".into(),
        }
    }

    /// Object → its identity hash code (never written: one value per
    /// object for the whole run).
    pub fn identity_hashes() -> FieldKey {
        FieldKey {
            class: "java/lang/Object".into(),
            name: "<identityHash>".into(),
        }
    }
}

/// Class ids of array types start here, above every class id.
pub const ARRAY_ID_BASE: u32 = 1 << 20;

/// The reference of the `java.lang.Class` object of the class with id 0:
/// the `Class` object of class id `k` is the fixed reference
/// `CLASS_OBJECTS + k` (one object per class, made before the method ran,
/// docs/objects.md), among the positive references of the input heap
/// between the input objects labeling numbers from 1 and the enum
/// constants ([`enum_constants::FIRST_CONSTANT`]), above every array id.
pub const CLASS_OBJECTS: i32 = 0x3000_0000;

/// The `Class` object of the class whose id is `id` (a term).
pub fn class_object(terms: &mut Terms, id: TermId) -> TermId {
    let base = terms.int(CLASS_OBJECTS);
    terms.bin(BvOp::Add, base, id)
}

/// Whether `v` is the `Class` object of one of the classes `ids`.
pub fn is_class_object(terms: &mut Terms, v: TermId, ids: &[u32]) -> TermId {
    let eqs = ids
        .iter()
        .map(|&k| {
            let c = terms.int(CLASS_OBJECTS + k as i32);
            terms.eq(v, c)
        })
        .collect();
    terms.or(eqs)
}

/// The solver sort of values of a Java type.
pub fn sort_of(ty: &JType) -> Sort {
    match ty {
        JType::Long | JType::Double => Sort::Bv(64),
        JType::Object(_) | JType::Array(_) => Sort::Ref,
        _ => Sort::Bv(32),
    }
}

/// The width of the bit-vectors holding values of type `ty`.
pub fn sort_width(ty: &JType) -> u32 {
    match sort_of(ty) {
        Sort::Bv(w) => w,
        _ => 32,
    }
}

/// The solver sort of a verification type.
pub fn sort_of_vtype(t: &VType) -> Sort {
    match t {
        VType::Long | VType::Double => Sort::Bv(64),
        VType::Null | VType::UninitThis | VType::Uninit(_) | VType::Ref(_) => Sort::Ref,
        VType::Top | VType::Int | VType::Float => Sort::Bv(32),
    }
}

/// The solver sort of the cells of arrays of element type `elem`.
pub fn cells_sort(elem: &JType) -> Sort {
    match sort_of(elem) {
        Sort::Ref => Sort::RefCells,
        Sort::Bv(w) => Sort::Cells(w),
        _ => Sort::Cells(32),
    }
}

/// The solver sort of the heap array of a field of type `ty` (object →
/// value).
pub fn field_sort(ty: &JType) -> Sort {
    match sort_of(ty) {
        Sort::Ref => Sort::RefArray,
        Sort::Bv(w) => Sort::Array(w),
        _ => Sort::Array(32),
    }
}

/// The classes objects may have during one search, with their ids.
///
/// Fixed before the search starts (see [`Universe::collect`]), so that a
/// subtype test can be written as a finite disjunction over class ids that
/// no later discovery invalidates. Id 0 is never a class.
#[derive(Debug, Clone, Default)]
pub struct Universe {
    ids: IndexMap<String, u32>,
    classes: Vec<Arc<Class>>,
    /// Classes an *input* object may have: the user's concrete classes, and
    /// `java.lang.Object`.
    input: Vec<bool>,
    /// Array types (descriptors) met so far; the id of the `k`th is
    /// `ARRAY_ID_BASE + k`. An array's class id says its exact type, as an
    /// object's does.
    arrays: IndexMap<String, u32>,
    /// The classes whose `Class` objects inputs may be (docs/objects.md).
    class_objects: Vec<u32>,
}

impl Universe {
    pub fn add(&mut self, class: Arc<Class>, input: bool) {
        if let Some(&id) = self.ids.get(&class.name) {
            if input {
                self.input[id as usize - 1] = true;
            }
            return;
        }
        self.ids
            .insert(class.name.clone(), self.ids.len() as u32 + 1);
        self.classes.push(class);
        self.input.push(input);
    }

    /// The id of an array type, by descriptor (`[I`, `[Ljava/lang/String;`).
    pub fn array_id(&mut self, descriptor: &str) -> u32 {
        let next = ARRAY_ID_BASE + self.arrays.len() as u32;
        *self.arrays.entry(descriptor.to_string()).or_insert(next)
    }

    /// The array types met so far, with their ids, and the id the next
    /// one will get.
    pub fn arrays(&self) -> (Vec<(String, u32)>, u32) {
        let known = self.arrays.iter().map(|(d, &id)| (d.clone(), id)).collect();
        (known, ARRAY_ID_BASE + self.arrays.len() as u32)
    }

    /// The descriptor of the array type with this id.
    pub fn array_descriptor(&self, id: u32) -> Option<&str> {
        let k = id.checked_sub(ARRAY_ID_BASE)?;
        self.arrays.get_index(k as usize).map(|(d, _)| d.as_str())
    }

    pub fn id(&self, class: &str) -> Option<u32> {
        self.ids.get(class).copied()
    }

    pub fn name(&self, id: u32) -> Option<&str> {
        self.classes
            .get(id.checked_sub(1)? as usize)
            .map(|c| c.name.as_str())
    }

    pub fn class(&self, id: u32) -> Option<&Arc<Class>> {
        self.classes.get(id.checked_sub(1)? as usize)
    }

    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// The classes, by id order (id `i + 1` at index `i`).
    pub fn classes(&self) -> &[Arc<Class>] {
        &self.classes
    }

    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// Ids of the concrete classes in the universe that are subtypes of `ty`.
    pub fn concrete_subtypes(&self, cp: &ClassPath, ty: &str) -> Vec<u32> {
        self.classes
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_interface() && !c.is_abstract())
            .filter(|(_, c)| cp.is_assignable(&c.name, ty).unwrap_or(false))
            .map(|(i, _)| i as u32 + 1)
            .collect()
    }

    /// Whether objects of class `id` may be inputs.
    pub fn is_input(&self, id: u32) -> bool {
        self.input.get(id as usize - 1).copied().unwrap_or(false)
    }

    /// Objects of class `name` are never inputs (labeling cannot build
    /// them), whatever made it an input class.
    pub fn not_input(&mut self, name: &str) {
        if let Some(&id) = self.ids.get(name) {
            self.input[id as usize - 1] = false;
        }
    }

    /// Ids of the classes whose `Class` objects an input of type
    /// `java.lang.Class` may be ([`Universe::add_class_object`]), in the
    /// order labeling tries them.
    pub fn class_object_candidates(&self) -> Vec<u32> {
        self.class_objects.clone()
    }

    /// Lets inputs of type `java.lang.Class` be the `Class` object of
    /// `class` (added to the universe when missing).
    pub fn add_class_object(&mut self, class: Arc<Class>) {
        let name = class.name.clone();
        self.add(class, false);
        let id = self.ids[&name];
        if !self.class_objects.contains(&id) {
            self.class_objects.push(id);
        }
    }

    /// Lets inputs of type `java.lang.Class` be the `Class` object of the
    /// array type `descriptor` (`[I`).
    pub fn add_array_class_object(&mut self, descriptor: &str) {
        let id = self.array_id(descriptor);
        if !self.class_objects.contains(&id) {
            self.class_objects.push(id);
        }
    }

    /// The Java form of the class or array type with id `id`
    /// (`java.lang.String`, `int[]`), as a test names it.
    pub fn java_type_name(&self, id: u32) -> Option<String> {
        match self.array_descriptor(id) {
            Some(d) => JType::parse(d).map(|t| t.to_string()),
            None => self.name(id).map(crate::classfile::descriptor::java_name),
        }
    }

    /// Ids of the classes an input object of static type `ty` may have,
    /// in the order labeling tries them: `ty` itself first when concrete.
    pub fn input_candidates(&self, cp: &ClassPath, ty: &str) -> Vec<u32> {
        let mut ids: Vec<u32> = self
            .concrete_subtypes(cp, ty)
            .into_iter()
            .filter(|&id| self.input[id as usize - 1])
            .collect();
        if let Some(own) = self.id(ty) {
            if let Some(pos) = ids.iter().position(|&i| i == own) {
                ids.remove(pos);
                ids.insert(0, own);
            }
        }
        ids
    }
}

/// One object allocated on the path, by the `new` at `pc` of `method`.
#[derive(Debug, Clone)]
pub struct Alloc {
    pub term: TermId,
    pub class: String,
    pub pc: u32,
    /// For the result of a boxing `valueOf`: the condition under which it
    /// is the JDK's cached box of its value (JLS §5.1.7) rather than a new
    /// object, and that value. A cached box is the same object at every
    /// call with that value, and existed before the path.
    pub cached: Option<(TermId, TermId)>,
}

/// A reference read from the heap: it names an input object, null, or an
/// object allocated before the read — never one allocated after it.
#[derive(Debug, Clone)]
pub struct HeapRead {
    pub value: TermId,
    /// How many allocations the backward path had met when it met the
    /// read: those are later in time than the read.
    pub later_allocs: usize,
    /// For a field or array element read: the field (or element kind),
    /// the object read from and the cell's index in the field's array (the
    /// object itself, or its element's key). The input heap's cell there
    /// holds null or an input object, never an object the path allocates.
    pub cell: Option<(FieldKey, TermId, TermId)>,
}

/// The heap and statics part of a CMV, shared by all active methods.
#[derive(Debug, Clone)]
pub struct Memory {
    /// Per field, the array term holding it at this point.
    pub fields: BTreeMap<FieldKey, TermId>,
    pub statics: BTreeMap<FieldKey, TermId>,
    /// Object → class id (never changes, so one term for the whole path).
    pub types: TermId,
    /// Allocations met so far, latest in time first.
    pub allocs: Vec<Alloc>,
    pub reads: Vec<HeapRead>,
    /// String literals met (`ldc`), by value: one object each, as the JVM
    /// interns them.
    pub literals: BTreeMap<String, TermId>,
    /// Objects a JDK class initializer made and keeps in a final static
    /// field (`Boolean.TRUE`), by field: one object each, made before the
    /// method ran.
    pub clinit_objects: BTreeMap<FieldKey, TermId>,
    /// The objects of the enum constants the path met, by enum class
    /// (see [`enum_constants`]).
    pub enum_constants: BTreeMap<String, enum_constants::ConstantTerms>,
    /// Reads of array elements: (`Cells` term, key). A whole-array effect
    /// (a new array's zeroes, `System.arraycopy`) is stated for exactly
    /// these cells rather than as an equation between arrays, which would
    /// need the solver's quantifier reasoning.
    pub cell_reads: Vec<(TermId, TermId)>,
}

impl Memory {
    pub fn new(terms: &mut Terms) -> Memory {
        Memory {
            fields: BTreeMap::new(),
            statics: BTreeMap::new(),
            types: terms.var("type", Sort::Array(32)),
            allocs: Vec::new(),
            reads: Vec::new(),
            literals: BTreeMap::new(),
            clinit_objects: BTreeMap::new(),
            enum_constants: BTreeMap::new(),
            cell_reads: Vec::new(),
        }
    }
}

/// Counter for fresh variable names (Z3 identifies constants by name).
#[derive(Debug, Default, Clone)]
pub struct Fresh(u64);

impl Fresh {
    pub fn var(&mut self, terms: &mut Terms, hint: &str, sort: Sort) -> TermId {
        self.0 += 1;
        terms.var(format!("{hint}!{}", self.0), sort)
    }

    pub fn count(&self) -> u64 {
        self.0
    }
}
