//! Arrays in the concolic interpreter (JVMS §6.5 `newarray`, `anewarray`,
//! `arraylength`, `*aload`, `*astore`): a symbolic length or index is
//! recorded as a decision; a symbolic index into a small array of numbers
//! stays symbolic as an `ite` over the elements.

use super::objects::default_of;
use super::{
    not_executed, Activation, Conc, Decision, Obj, Raise, RunState, Site, Step, Stop, Val,
    MAX_DECISIONS, MAX_TERM_DEPTH,
};
use crate::classfile::bytecode::{ArrayElem, BinOp, Conversion, Instruction};
use crate::classfile::{JType, Op, Pc};
use crate::model::term::{BvCmp, TermId};

impl super::Machine<'_> {
    /// Runs an array instruction.
    pub(super) fn exec_array(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
    ) -> Result<Step, Stop> {
        let (site, pc) = (act.site, insn.pc);
        let mut raise: Option<Raise> = None;
        match &insn.op {
            Op::NewArray(elem) => {
                let len = act.pop()?;
                let ty = format!("[{}", elem_descriptor(*elem));
                let fill = default_of_elem(*elem);
                match self.new_array(st, site, pc, len, ty, fill)? {
                    Some(r) => act.stack.push(r),
                    None => raise = Some(Raise::New("java/lang/NegativeArraySizeException")),
                }
            }
            Op::ANewArray(component) => {
                let len = act.pop()?;
                let ty = format!("[{}", component.descriptor());
                match self.new_array(st, site, pc, len, ty, Val::concrete(Conc::Ref(None)))? {
                    Some(r) => act.stack.push(r),
                    None => raise = Some(Raise::New("java/lang/NegativeArraySizeException")),
                }
            }
            Op::ArrayLength => match act.pop()?.reference()? {
                None => raise = Some(Raise::New("java/lang/NullPointerException")),
                Some(o) => match &st.heap[o] {
                    Obj::Array { elems, len_sym, .. } => act.stack.push(Val {
                        conc: Conc::Int(elems.len() as i32),
                        sym: *len_sym,
                    }),
                    Obj::Instance { .. } => {
                        return Err(Stop::unsupported("the length of an object"))
                    }
                },
            },
            Op::ArrayLoad(_) => {
                let index = act.pop()?;
                let arr = act.pop()?.reference()?;
                match self.element(st, site, pc, arr, index)? {
                    Ok((o, k)) => {
                        let v = self.load(st, site, pc, o, k, index);
                        act.stack.push(v);
                    }
                    Err(e) => raise = Some(Raise::New(e)),
                }
            }
            Op::ArrayStore(elem) => {
                let v = act.pop()?;
                let index = act.pop()?;
                let arr = act.pop()?.reference()?;
                match self.element(st, site, pc, arr, index)? {
                    Ok((o, k)) => {
                        let v = self.narrow_element(*elem, st.heap[o].class().to_string(), v)?;
                        self.store(st, site, pc, o, k, index, v);
                    }
                    Err(e) => raise = Some(Raise::New(e)),
                }
            }
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::of(None, raise))
    }

    /// A new array of `len` elements; `None` when the length is negative.
    pub(super) fn new_array(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        len: Val,
        ty: String,
        fill: Val,
    ) -> Result<Option<Val>, Stop> {
        let n = len.int()?;
        if let Some(s) = len.sym {
            let zero = self.exprs.constant(0, 32);
            let ok = self.exprs.cmp(BvCmp::Sge, s, zero);
            let at = Site {
                method: site,
                pc,
                outcome: u32::from(n < 0),
            };
            self.record(st, at, ok, n >= 0);
        }
        if n < 0 {
            return Ok(None);
        }
        if n > 1_000_000 {
            return Err(Stop::unsupported(format!(
                "allocates an array of {n} elements"
            )));
        }
        Ok(Some(st.alloc(Obj::Array {
            ty,
            elems: vec![fill; n as usize],
            len_sym: len.sym,
        })))
    }

    /// The array and index an array access touches, or the exception it
    /// raises. A symbolic index is recorded in bounds or out (a decision
    /// the search may flip), then made concrete.
    pub(super) fn element(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        arr: Option<usize>,
        index: Val,
    ) -> Result<Result<(usize, usize), &'static str>, Stop> {
        let Some(o) = arr else {
            return Ok(Err("java/lang/NullPointerException"));
        };
        let (len, len_sym) = match &st.heap[o] {
            Obj::Array { elems, len_sym, .. } => (elems.len(), *len_sym),
            Obj::Instance { .. } => return Err(Stop::unsupported("indexes an object")),
        };
        let k = index.int()?;
        let inside = k >= 0 && (k as usize) < len;
        if index.sym.is_some() || len_sym.is_some() {
            let (ti, tl) = (
                self.term(index),
                match len_sym {
                    Some(s) => s,
                    None => self.exprs.constant(len as i64, 32),
                },
            );
            let zero = self.exprs.constant(0, 32);
            let low = self.exprs.cmp(BvCmp::Sge, ti, zero);
            let high = self.exprs.cmp(BvCmp::Slt, ti, tl);
            let ok = self.exprs.and(vec![low, high]);
            let at = Site {
                method: site,
                pc,
                outcome: u32::from(!inside),
            };
            self.record(st, at, ok, inside);
        }
        if !inside {
            return Ok(Err("java/lang/ArrayIndexOutOfBoundsException"));
        }
        Ok(Ok((o, k as usize)))
    }

    /// Element `k` of array `o`, read with `index`. A symbolic index into a
    /// small array of numbers reads an `ite` over the elements, so the
    /// value stays a function of the inputs; otherwise the index is made
    /// concrete (recorded as equal to `k`, a decision never flipped).
    pub(super) fn load(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        o: usize,
        k: usize,
        index: Val,
    ) -> Val {
        let Obj::Array { elems, .. } = &st.heap[o] else {
            unreachable!("element() checked it is an array")
        };
        let v = elems[k];
        let Some(i) = index.sym else { return v };
        if !symbolic_elements(elems) || self.too_deep(elems, index) {
            self.concretize(st, site, pc, i, k);
            return v;
        }
        let elems = elems.clone();
        let mut read = self.term(elems[elems.len() - 1]);
        for (j, e) in elems.iter().enumerate().rev().skip(1) {
            let at = self.exprs.constant(j as i64, 32);
            let here = self.exprs.eq(i, at);
            let t = self.term(*e);
            read = self.exprs.ite(here, t, read);
        }
        Val {
            conc: v.conc,
            sym: Some(read),
        }
    }

    /// Stores `v` at element `k` of array `o`, written with `index`; a
    /// symbolic index into a small array of numbers writes every element
    /// as `ite(index == j, v, old)` (see [`Self::load`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        o: usize,
        k: usize,
        index: Val,
        v: Val,
    ) {
        let symbolic = matches!(v.conc, Conc::Int(_) | Conc::Long(_))
            && matches!(&st.heap[o], Obj::Array { elems, .. }
                if symbolic_elements(elems) && !self.too_deep(elems, v));
        let Some(i) = index.sym else {
            if let Obj::Array { elems, .. } = &mut st.heap[o] {
                elems[k] = v;
            }
            return;
        };
        if !symbolic {
            self.concretize(st, site, pc, i, k);
            if let Obj::Array { elems, .. } = &mut st.heap[o] {
                elems[k] = v;
            }
            return;
        }
        let Obj::Array { elems, .. } = &st.heap[o] else {
            return;
        };
        let old = elems.clone();
        let tv = self.term(v);
        let mut new = Vec::with_capacity(old.len());
        for (j, e) in old.iter().enumerate() {
            let at = self.exprs.constant(j as i64, 32);
            let here = self.exprs.eq(i, at);
            let te = self.term(*e);
            new.push(Val {
                conc: if j == k { v.conc } else { e.conc },
                sym: Some(self.exprs.ite(here, tv, te)),
            });
        }
        if let Obj::Array { elems, .. } = &mut st.heap[o] {
            *elems = new;
        }
    }

    /// Whether an `ite` over `elems` and `with` would pass
    /// [`MAX_TERM_DEPTH`].
    pub(super) fn too_deep(&self, elems: &[Val], with: Val) -> bool {
        let deepest = elems
            .iter()
            .chain(std::iter::once(&with))
            .filter_map(|e| e.sym)
            .map(|t| self.exprs.depth(t))
            .max()
            .unwrap_or(1);
        deepest as usize + elems.len() + 2 > MAX_TERM_DEPTH as usize
    }

    /// Records that a symbolic index equals its value on this run.
    pub(super) fn concretize(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        index: TermId,
        k: usize,
    ) {
        if st.decisions.len() >= MAX_DECISIONS {
            st.unfaithful("made more decisions than are recorded");
            return;
        }
        let c = self.exprs.constant(k as i64, 32);
        let fixed = self.exprs.eq(index, c);
        st.decisions.push(Decision {
            cond: fixed,
            site: Site {
                method: site,
                pc,
                outcome: 2,
            },
            flippable: false,
        });
    }

    /// A value as an array of `elem` stores it (JVMS `bastore`, `castore`,
    /// `sastore`: the int is truncated; a boolean array keeps the low bit).
    pub(super) fn narrow_element(
        &mut self,
        elem: ArrayElem,
        array_ty: String,
        v: Val,
    ) -> Result<Val, Stop> {
        let elem = match elem {
            ArrayElem::ByteOrBoolean if array_ty == "[Z" => ArrayElem::Boolean,
            ArrayElem::ByteOrBoolean => ArrayElem::Byte,
            e => e,
        };
        let conversion = match elem {
            ArrayElem::Byte => Conversion::I2B,
            ArrayElem::Char => Conversion::I2C,
            ArrayElem::Short => Conversion::I2S,
            ArrayElem::Boolean => {
                let one = Val::concrete(Conc::Int(1));
                return self.int_op(BinOp::And, v, one);
            }
            _ => return Ok(v),
        };
        self.convert(conversion, v)
    }
}

/// The most elements an array may have for a symbolic index to read or
/// write it as an `ite` over its elements.
pub(super) const ITE_ELEMENTS: usize = 64;

/// Whether a symbolic index into these elements is kept symbolic: a small
/// array of ints or longs.
pub(super) fn symbolic_elements(elems: &[Val]) -> bool {
    elems.len() <= ITE_ELEMENTS
        && elems
            .iter()
            .all(|e| matches!(e.conc, Conc::Int(_) | Conc::Long(_)))
        && !elems.is_empty()
}

pub(super) fn default_of_elem(elem: ArrayElem) -> Val {
    default_of(&match elem {
        ArrayElem::Long => JType::Long,
        ArrayElem::Float => JType::Float,
        ArrayElem::Double => JType::Double,
        ArrayElem::Ref => JType::Object("java/lang/Object".into()),
        _ => JType::Int,
    })
}

pub(super) fn elem_descriptor(elem: ArrayElem) -> &'static str {
    match elem {
        ArrayElem::Boolean => "Z",
        ArrayElem::Byte | ArrayElem::ByteOrBoolean => "B",
        ArrayElem::Char => "C",
        ArrayElem::Short => "S",
        ArrayElem::Int => "I",
        ArrayElem::Long => "J",
        ArrayElem::Float => "F",
        ArrayElem::Double => "D",
        ArrayElem::Ref => "Ljava/lang/Object;",
    }
}
