//! Enum constants in the memory model ([`crate::enums`]): each constant an
//! enum-typed value may be is one object of the input heap (a positive
//! reference, so an input may be it) with a fixed class and `ordinal`,
//! distinct from the others; an enum-typed input is null or one of them.
//! The same terms serve the method's `getstatic E.X` reads and its inputs,
//! so `mode == RoundingMode.CEILING` holds exactly when the input is that
//! constant.

use super::term::{BvCmp, TermId, Terms};
use super::{FieldKey, Universe};
use crate::classpath::ClassPath;
use crate::enums::EnumConstant;

/// The objects of one enum's constants on a path, in ordinal order.
pub type ConstantTerms = Vec<(EnumConstant, TermId)>;

/// A constant's class (internal name) that the universe does not hold, so
/// the constant has no class id to give its object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotInUniverse(pub String);

/// The field `java.lang.Enum.ordinal`.
pub fn ordinal_key() -> FieldKey {
    FieldKey {
        class: "java/lang/Enum".into(),
        name: "ordinal".into(),
    }
}

/// The reference of the first enum constant of a path: constants are
/// objects of the input heap at fixed references from here up (labeling
/// numbers the other input objects from 1), which keeps the solver from
/// searching for references that only need to be distinct.
pub const FIRST_CONSTANT: i32 = 0x4000_0000;

/// Makes the objects of `constants`, with the constraints that fix them:
/// fixed distinct positive references (after the `known` constants the
/// path already has), their classes, and (when the path reads `ordinal`,
/// whose array is `ordinals`) their numbers. `Err` names a constant's
/// class missing from the universe.
pub fn make(
    universe: &Universe,
    terms: &mut Terms,
    known: usize,
    types: TermId,
    ordinals: Option<TermId>,
    constants: Vec<EnumConstant>,
    out: &mut Vec<TermId>,
) -> Result<ConstantTerms, NotInUniverse> {
    let mut made: ConstantTerms = Vec::new();
    for c in constants {
        let id = universe
            .id(&c.class)
            .ok_or_else(|| NotInUniverse(c.class.clone()))?;
        let t = terms.int(FIRST_CONSTANT + (known + made.len()) as i32);
        let class_of = terms.select(types, t);
        let id = terms.int(id as i32);
        out.push(terms.eq(class_of, id));
        if let Some(ordinals) = ordinals {
            let o = terms.select(ordinals, t);
            let k = terms.int(c.ordinal);
            out.push(terms.eq(o, k));
        }
        made.push((c, t));
    }
    Ok(made)
}

/// How many constant objects a path has.
pub fn count(all: &std::collections::BTreeMap<String, ConstantTerms>) -> usize {
    all.values().map(Vec::len).sum()
}

/// `v > 0 → v is one of the constants whose class fits `ty`` (internal
/// name: the enum, or a constant's body).
pub fn one_of(
    cp: &ClassPath,
    terms: &mut Terms,
    v: TermId,
    ty: &str,
    constants: &ConstantTerms,
) -> TermId {
    let zero = terms.int(0);
    let input = terms.cmp(BvCmp::Sgt, v, zero);
    let eqs = constants
        .iter()
        .filter(|(c, _)| cp.is_assignable(&c.class, ty).unwrap_or(false))
        .map(|(_, c)| terms.eq(v, *c))
        .collect();
    let any = terms.or(eqs);
    terms.implies(input, any)
}
