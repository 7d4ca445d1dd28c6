//! The domain of the inputs (JAUT ISSRE 2010 §IV, the input heap of the
//! CMV): what values a narrow integer may hold, and which classes an input
//! object of a static type may have. The search asserts these constraints on
//! what it reads from the input heap and on the method's inputs at its
//! entry; labeling then picks values inside them.
//!
//! The classes come from the search's [`Universe`], so choosing among them
//! closes the world: an [`InputDomain`] keeps the closed-world assumptions
//! made on the way (by itself and by the search), since while one stands,
//! refuting every path is no proof that a target is unreachable.

use std::collections::{BTreeSet, HashMap};

use super::term::{BvCmp, BvOp, TermId, Terms};
use super::Universe;
use crate::classfile::bytecode::Constant;
use crate::classfile::JType;
use crate::classpath::ClassPath;

/// The input classes of one search, by static type, and the closed-world
/// assumptions made.
#[derive(Debug, Default)]
pub struct InputDomain {
    /// Class → ids of the classes an input object of that type may have.
    classes: HashMap<String, Vec<u32>>,
    assumptions: BTreeSet<String>,
}

impl InputDomain {
    /// Records a closed-world assumption.
    pub fn assume(&mut self, what: String) {
        self.assumptions.insert(what);
    }

    /// The assumptions made, in the order they are reported.
    pub fn assumptions(&self) -> &BTreeSet<String> {
        &self.assumptions
    }

    /// The classes an input object of static type `ty` may have, in the
    /// order labeling tries them (cached per search).
    pub fn candidates(&mut self, cp: &ClassPath, universe: &Universe, ty: &str) -> Vec<u32> {
        if let Some(ids) = self.classes.get(ty) {
            return ids.clone();
        }
        let ids = universe.input_candidates(cp, ty);
        self.classes.insert(ty.to_string(), ids.clone());
        ids
    }

    /// `v > 0 → types[v] ∈ input candidates of ty`.
    pub fn type_constraint(
        &mut self,
        cp: &ClassPath,
        universe: &mut Universe,
        terms: &mut Terms,
        types: TermId,
        v: TermId,
        ty: &JType,
    ) -> TermId {
        if ty.is_array() {
            // An input array has exactly its static type.
            let id = universe.array_id(&ty.descriptor());
            let input = is_input(terms, v);
            let t = terms.select(types, v);
            let idc = terms.int(id as i32);
            let is_it = terms.eq(t, idc);
            return terms.implies(input, is_it);
        }
        let name = ty.class_ref_name();
        if name == CLASS {
            return self.class_constraint(universe, terms, types, v);
        }
        let ids = self.candidates(cp, universe, &name);
        // An input whose static type is an enum is one of its constants
        // (`enum_constants::one_of`, stated by the caller instead). One of
        // a wider type (`Object`) may be of an enum class here: labeling
        // makes it a constant, or refuses to build it.
        if ids.is_empty() && enum_type(cp, ty).is_none() {
            // Inputs of this type can only be null here; a refutation that
            // needs that is no proof, since a class elsewhere could fit.
            self.assume(format!(
                "no concrete class of type {ty} is on the class path: inputs of that type were taken to be null"
            ));
        }
        let input = is_input(terms, v);
        let t = terms.select(types, v);
        let eqs = ids
            .iter()
            .map(|&id| {
                let c = terms.int(id as i32);
                terms.eq(t, c)
            })
            .collect();
        let any = terms.or(eqs);
        terms.implies(input, any)
    }

    /// `v > 0 → v` is the `Class` object of one of the universe's classes
    /// (docs/objects.md): a closed world, since the JVM has a `Class` for
    /// every class there is.
    fn class_constraint(
        &mut self,
        universe: &Universe,
        terms: &mut Terms,
        types: TermId,
        v: TermId,
    ) -> TermId {
        let ids = universe.class_object_candidates();
        let names: Vec<String> = ids
            .iter()
            .filter_map(|&k| universe.java_type_name(k))
            .map(|n| n.rsplit('.').next().unwrap_or(&n).to_string())
            .collect();
        self.assume(format!(
            "inputs of type java.lang.Class were taken to be one of {} classes ({})",
            ids.len(),
            names.join(", ")
        ));
        let input = is_input(terms, v);
        let mut fits = vec![super::is_class_object(terms, v, &ids)];
        if let Some(class) = universe.id(CLASS) {
            let t = terms.select(types, v);
            let class = terms.int(class as i32);
            fits.push(terms.eq(t, class));
        }
        let fits = terms.and(fits);
        terms.implies(input, fits)
    }
}

/// The internal name of `java.lang.Class`.
const CLASS: &str = "java/lang/Class";

/// The enum class (internal name) of `ty`, when it is an enum or the body
/// of one of its constants: its inputs are constants or null
/// ([`super::enum_constants`]).
pub fn enum_type(cp: &ClassPath, ty: &JType) -> Option<String> {
    let JType::Object(name) = ty else {
        return None;
    };
    let class = cp.load(name).ok()?;
    if crate::enums::is_enum(&class) {
        return Some(name.clone());
    }
    let outer = cp.load(class.super_class.as_deref()?).ok()?;
    crate::enums::is_enum(&outer).then(|| outer.name.clone())
}

/// `v > 0`: an object of the input heap.
pub fn is_input(terms: &mut Terms, v: TermId) -> TermId {
    let zero = terms.int(0);
    terms.cmp(BvCmp::Sgt, v, zero)
}

/// The value a field or array of type `ty` holds after storing `v`
/// (JVMS §6.5 `putfield`: narrowed to the field's type).
pub fn narrow(terms: &mut Terms, ty: &JType, v: TermId) -> TermId {
    match ty {
        JType::Boolean => {
            let one = terms.int(1);
            terms.bin(BvOp::And, v, one)
        }
        JType::Byte => {
            let e = terms.extract(7, 0, v);
            terms.sign_ext(24, e)
        }
        JType::Short => {
            let e = terms.extract(15, 0, v);
            terms.sign_ext(16, e)
        }
        JType::Char => {
            let e = terms.extract(15, 0, v);
            terms.zero_ext(16, e)
        }
        _ => v,
    }
}

/// `v` is a value of type `ty`: in range for the narrow int types.
pub fn in_range(terms: &mut Terms, ty: &JType, v: TermId) -> Option<TermId> {
    if matches!(
        ty,
        JType::Boolean | JType::Byte | JType::Short | JType::Char
    ) {
        let n = narrow(terms, ty, v);
        Some(terms.eq(v, n))
    } else {
        None
    }
}

/// A field's default value as a term (JVMS §2.3, §2.4): zero of the type's
/// width, `null` being 0.
pub fn default_term(terms: &mut Terms, ty: &JType) -> TermId {
    match ty {
        JType::Long | JType::Double => terms.bv(0, 64),
        _ => terms.int(0),
    }
}

/// The term of a number or `null` constant (floating point as its IEEE
/// bits); `None` for strings, classes and the other loadable constants.
pub fn scalar_constant(terms: &mut Terms, c: &Constant) -> Option<TermId> {
    Some(match c {
        Constant::Null => terms.int(0),
        Constant::Int(v) => terms.int(*v),
        Constant::Long(v) => terms.bv(*v, 64),
        Constant::Float(f) => terms.bv(f.to_bits().into(), 32),
        Constant::Double(d) => terms.bv(d.to_bits() as i64, 64),
        _ => return None,
    })
}
