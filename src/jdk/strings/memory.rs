//! The string intrinsics and the memory model of strings, which they and
//! `ldc` share: a string's length and characters are immutable cells of
//! the heap, apart from the fields of `java.lang.String` (whose bytecode is
//! never explored). The models of the other `String` methods are in
//! [`super::methods`], [`super::edits`], [`super::copies`] and
//! [`super::text`]; `new String(StringBuilder)` is the builders'.

use super::methods::StringCall;
use super::prelude::*;
use crate::classfile::JType;
use crate::jdk::call::Env;
use crate::jdk::methods::Intrinsic;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::model::FieldKey;

const STRING: &str = "java/lang/String";

/// The memory model of strings and the string intrinsics.
pub trait StringMemory: Engine {
    /// The constraints of a string intrinsic (`String.length`, `charAt`,
    /// `equals`, the constructors, …); any other intrinsic is not one of
    /// these calls.
    fn string_intrinsic(
        &mut self,
        st: &mut Self::State,
        env: &Env,
        i: Intrinsic,
        index: usize,
        out_: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let zero = self.terms().int(0);
        match i {
            Intrinsic::StringCopy => {
                let this = env.receiver()?;
                out_.push(self.terms().ne(env.arg(0), zero));
                self.same_string(st, this, env.arg(0), out_);
            }
            Intrinsic::EmptyString => {
                let len = self.string_length(st, env.receiver()?, out_);
                out_.push(self.terms().eq(len, zero));
            }
            Intrinsic::StringOfChars => match env.returned() {
                None => {
                    let range = (env.params.len() == 4).then(|| (env.arg(1), env.arg(2)));
                    self.string_of_chars(st, env.receiver()?, env.arg(0), range, out_);
                }
                Some(r) => {
                    self.new_string(st, r, index, out_)?;
                    let range = (env.params.len() == 3).then(|| (env.arg(1), env.arg(2)));
                    self.string_of_chars(st, r, env.arg(0), range, out_);
                }
            },
            Intrinsic::StringOfCodePoints => {
                let this = env.receiver()?;
                self.string_of_code_points(st, this, env.arg(0), env.arg(1), env.arg(2), out_);
            }
            Intrinsic::StringLength => {
                let result = env.result_term()?;
                let len = self.string_length(st, env.receiver()?, out_);
                out_.push(self.terms().eq(result, len));
            }
            Intrinsic::StringIsEmpty => {
                let result = env.result_term()?;
                let len = self.string_length(st, env.receiver()?, out_);
                let empty = self.terms().eq(len, zero);
                let one = self.terms().int(1);
                let v = self.terms().ite(empty, one, zero);
                out_.push(self.terms().eq(result, v));
            }
            Intrinsic::StringCharAt => {
                let result = env.result_term()?;
                let (s, k) = (env.receiver()?, env.arg(0));
                let len = self.string_length(st, s, out_);
                // The normal path: in bounds (else StringIndexOutOfBoundsException).
                out_.push(self.terms().cmp(BvCmp::Sge, k, zero));
                out_.push(self.terms().cmp(BvCmp::Slt, k, len));
                let c = self.string_char(st, s, k, out_);
                out_.push(self.terms().eq(result, c));
            }
            Intrinsic::StringEquals => {
                let result = env.result_term()?;
                self.string_equals(st, env.receiver()?, (env.arg(0), result, zero), out_)?;
            }
            Intrinsic::StringMethod(method) => {
                let result = env.result_term()?;
                let params: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.string_method(st, method, &params, result, index, out_)?;
            }
            Intrinsic::StringEdit(method) => {
                let result = env.result_term()?;
                let s = env.receiver()?;
                let args: Vec<TermId> = env.params[1..].iter().map(|p| p.0).collect();
                let call = StringCall {
                    method,
                    s,
                    args: &args,
                    r: result,
                    index,
                };
                self.string_edit(st, &call, out_)?;
            }
            Intrinsic::StringToChars => {
                let result = env.result_term()?;
                self.chars_of_string(st, result, env.receiver()?, index, out_);
            }
            Intrinsic::StringGetChars => {
                let (s, range) = (env.receiver()?, (env.arg(0), env.arg(1)));
                self.chars_into_array(st, s, range, (env.arg(2), env.arg(3)), out_);
            }
            Intrinsic::StringSelf => {
                let result = env.result_term()?;
                out_.push(self.terms().eq(result, env.receiver()?));
            }
            Intrinsic::StringIntern => {
                let result = env.result_term()?;
                self.string_intern(st, env.receiver()?, (result, zero), out_)?;
            }
            _ => return Err(Unsupported::NotACall),
        }
        Ok(())
    }

    /// `String.intern()`: `result` is a string with the characters of `s`
    /// (the canonical one, which may or may not be `s`).
    fn string_intern(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        (result, zero): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        out.push(self.terms().ne(result, zero));
        let sid = self.class_id(STRING).ok_or(Unsupported::StringNotLoaded)?;
        let class_of = self.terms().select(st.mem().types, result);
        let sid = self.terms().int(sid as i32);
        out.push(self.terms().eq(class_of, sid));
        self.same_string(st, result, s, out);
        Ok(())
    }

    /// `String.equals(Object)`: `result` is 1 exactly when `o` is a
    /// string of the same length and characters as `s` (`zero`: the
    /// constant 0).
    fn string_equals(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        (o, result, zero): (TermId, TermId, TermId),
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let len_s = self.string_length(st, s, out);
        let mut same = Vec::new();
        same.push(self.terms().ne(o, zero));
        let class_of = self.terms().select(st.mem().types, o);
        let sid = self.class_id(STRING).ok_or(Unsupported::StringNotLoaded)?;
        let sid = self.terms().int(sid as i32);
        same.push(self.terms().eq(class_of, sid));
        // The other object's length and characters are only
        // meaningful when it is a string; reading them is harmless.
        let mut o_cons = Vec::new();
        let len_o = self.string_length(st, o, &mut o_cons);
        same.push(self.terms().eq(len_s, len_o));
        let chars = self.string_cells(st);
        let row_s = self.terms().row(chars, s, len_s);
        let row_o = self.terms().row(chars, o, len_o);
        let rows = self.terms().eq(row_s, row_o);
        same.push(rows);
        // Consequences of equal rows, character by character: the
        // solver refutes unequal strings from them far faster than
        // through the rows' extensionality.
        for k in 0..super::text::TOKEN_CHARS {
            let kt = self.terms().int(k);
            let in_s = self.terms().cmp(BvCmp::Slt, kt, len_s);
            let in_o = self.terms().cmp(BvCmp::Slt, kt, len_o);
            let c = self.string_char(st, s, kt, &mut o_cons);
            let d = self.string_char(st, o, kt, &mut o_cons);
            let both = self.terms().and(vec![rows, in_s, in_o]);
            let eq = self.terms().eq(c, d);
            o_cons.push(self.terms().implies(both, eq));
        }
        let is_same = self.terms().and(same);
        let one = self.terms().int(1);
        let v = self.terms().ite(is_same, one, zero);
        out.push(self.terms().eq(result, v));
        out.extend(o_cons);
        Ok(())
    }

    /// The length of string `s` (never negative).
    fn string_length(&mut self, st: &mut Self::State, s: TermId, out: &mut Vec<TermId>) -> TermId {
        self.length_in(st, FieldKey::string_length(), s, out)
    }

    fn string_cells(&mut self, st: &mut Self::State) -> TermId {
        self.heap_array(st, FieldKey::string_chars(), Sort::Cells(32))
    }

    /// Character `k` of string `s` (a `char`: 0 to 0xffff).
    fn string_char(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        k: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let cells = self.string_cells(st);
        let key = self.terms().cell(s, k);
        let c = self.terms().select(cells, key);
        if let Some(r) = self.in_range(&JType::Char, c) {
            out.push(r);
        }
        c
    }

    /// The object of a string literal: the same for every `ldc` of the
    /// same text on the path, with that length and those characters.
    fn string_literal(
        &mut self,
        st: &mut Self::State,
        text: &str,
        out: &mut Vec<TermId>,
    ) -> Result<TermId, Unsupported> {
        if let Some(&r) = st.mem().literals.get(text) {
            return Ok(r);
        }
        let sid = self.class_id(STRING).ok_or(Unsupported::StringNotLoaded)?;
        let r = self.fresh("literal", Sort::Ref);
        // Interned: created before the method ran, for this path's purposes
        // an allocation like any other.
        self.allocated(st, r, sid, STRING, 0, out);
        let units: Vec<u16> = text.encode_utf16().collect();
        let len = self.string_length(st, r, out);
        let n = self.terms().int(units.len() as i32);
        out.push(self.terms().eq(len, n));
        for (k, u) in units.iter().enumerate() {
            let k = self.terms().int(k as i32);
            let c = self.string_char(st, r, k, out);
            let u = self.terms().int(i32::from(*u));
            out.push(self.terms().eq(c, u));
        }
        st.mem_mut().literals.insert(text.to_string(), r);
        self.preexisting_met(st);
        Ok(r)
    }
}

impl<E: Engine + ?Sized> StringMemory for E {}
