//! Enum constants and switch maps on backward paths ([`crate::enums`],
//! [`crate::model::enum_constants`]): `getstatic E.X` reads the constant's
//! object, an enum-typed value read from the input heap is null or one of
//! the constants, and `$SwitchMap$…[e.ordinal()]` reads the map javac's
//! class initializer filled.

use super::cmv::St;
use super::explore::Explorer;
use super::heap::sort_width;
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::model::enum_constants::{self, ConstantTerms};
use crate::model::term::{Sort, TermId};
use crate::model::FieldKey;

/// The reference of the first switch map of a path (an object made before
/// the method ran, so among the negative references of allocations).
const FIRST_SWITCH_MAP: i32 = -0x4000_0000;

impl Explorer<'_> {
    /// The objects of the constants of enum `class` on this path.
    pub(super) fn enum_constants(
        &mut self,
        st: &mut St,
        class: &str,
        out: &mut Vec<TermId>,
    ) -> Result<ConstantTerms, Unsupported> {
        if let Some(c) = st.mem.enum_constants.get(class) {
            return Ok(c.clone());
        }
        let constants = crate::enums::constants(self.cp, class)
            .ok_or_else(|| Unsupported::EnumConstants(class.to_string()))?;
        let ordinals = self.heap_array(
            st,
            enum_constants::ordinal_key(),
            Sort::Array(sort_width(&JType::Int)),
        );
        let known = enum_constants::count(&st.mem.enum_constants);
        let made = enum_constants::make(
            &self.universe,
            &mut self.terms,
            known,
            st.mem.types,
            Some(ordinals),
            constants,
            out,
        )
        .map_err(|missing| Unsupported::NotInUniverse(missing.0))?;
        st.mem
            .enum_constants
            .insert(class.to_string(), made.clone());
        Ok(made)
    }

    /// `getstatic E.X` of an enum constant: its object.
    pub(super) fn enum_constant_read(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        out: &mut Vec<TermId>,
    ) -> Result<Option<TermId>, Unsupported> {
        if !crate::enums::is_constant_field(self.cp, key) {
            return Ok(None);
        }
        let constants = self.enum_constants(st, &key.class, out)?;
        Ok(constants
            .iter()
            .find(|(c, _)| c.name == key.name)
            .map(|(_, t)| *t))
    }

    /// The input domain of a value `v` of type `ty`, an enum `class` or a
    /// body of one of its constants: null or a constant.
    pub(super) fn enum_input(
        &mut self,
        st: &mut St,
        v: TermId,
        ty: &JType,
        class: &str,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        let constants = self.enum_constants(st, class, out)?;
        Ok(enum_constants::one_of(
            self.cp,
            &mut self.terms,
            v,
            &ty.class_ref_name(),
            &constants,
        ))
    }

    /// `getstatic C$1.$SwitchMap$…`: an `int[]` made before the method ran
    /// holding what `C$1.<clinit>` stored; `None` when the field is no
    /// switch map jaut can read.
    pub(super) fn switch_map_read(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let map = crate::enums::switch_map(self.cp, key)?;
        if let Some(&r) = st.mem.clinit_objects.get(key) {
            return Some(r);
        }
        let descriptor = "[I";
        let id = self.universe.array_id(descriptor);
        // A fixed reference, as for enum constants: nothing to search for.
        let r = self
            .terms
            .int(FIRST_SWITCH_MAP - st.mem.clinit_objects.len() as i32);
        self.allocated(st, r, id, descriptor, 0, out);
        let len = self.array_length(st, r, out);
        let n = self.terms.int(map.length);
        out.push(self.terms.eq(len, n));
        let key_elems = FieldKey::array_elements(&JType::Int);
        let cells = self.cells(st, &key_elems, &JType::Int);
        for ordinal in 0..map.length {
            let value = map
                .entries
                .iter()
                .find(|(o, _)| *o == ordinal)
                .map_or(0, |(_, v)| *v);
            let k = self.terms.int(ordinal);
            let at = self.terms.cell(r, k);
            let element = self.terms.select(cells, at);
            let v = self.terms.int(value);
            out.push(self.terms.eq(element, v));
        }
        st.mem.clinit_objects.insert(key.clone(), r);
        self.preexisting_met(st);
        Some(r)
    }
}
