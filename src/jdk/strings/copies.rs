//! Strings made from other strings or from `char[]`s, and `char[]`s made
//! from strings: `new String(s)`, `new String(chars)`, `String.valueOf`/
//! `copyValueOf(char[])`, `toCharArray`, `getChars`, `intern`,
//! `String.toString`. Each
//! keeps the characters it copies (the string model of
//! [`super::memory`]: an immutable length and characters per string), so a
//! path through `new String("test")` knows it equals `"test"`.
//!
//! A `char[]`'s elements are mutable cells whose earlier writes the
//! backward search only relates to the cells the path reads
//! ([`Engine::redefine_cells`]); a string copied from an array is
//! therefore related to it cell by cell, for its first [`Text::followed_chars`]
//! characters; the others are left free, which allows more than the JVM
//! does, so refutations stay proofs. (An equation of the two whole rows is
//! exact for any length, but left Z3 answering unknown as soon as the
//! array's writes came in.)

use super::prelude::*;
use crate::classfile::JType;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, TermId};
use crate::model::FieldKey;

const STRING: &str = "java/lang/String";

/// Strings copied from strings and `char[]`s, and back.
pub trait StringCopies: Engine {
    /// `s` has the length and characters of `from` (both strings).
    fn same_string(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        from: TermId,
        out: &mut Vec<TermId>,
    ) {
        let len_s = self.string_length(st, s, out);
        let len_from = self.string_length(st, from, out);
        out.push(self.terms().eq(len_s, len_from));
        let chars = self.string_cells(st);
        let row_s = self.terms().row(chars, s, len_s);
        let row_from = self.terms().row(chars, from, len_from);
        out.push(self.terms().eq(row_s, row_from));
    }

    /// A new string object `r`, made at the call at `index`.
    fn new_string(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        self.allocated_by_call(st, STRING, r, index, out)
            .map_err(|_| Unsupported::StringNotLoaded)
    }

    /// String `s` holds the elements of `char[]` `a` (not null) as they
    /// are at this point of the path: all of them, or `count` from
    /// `offset` (within the array on the normal path, else
    /// StringIndexOutOfBoundsException).
    fn string_of_chars(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        a: TermId,
        range: Option<(TermId, TermId)>,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.non_null(a));
        let len_a = self.array_length(st, a, out);
        let zero = self.terms().int(0);
        let (offset, len) = match range {
            None => (zero, len_a),
            Some((offset, count)) => {
                out.push(self.terms().cmp(BvCmp::Sge, offset, zero));
                out.push(self.terms().cmp(BvCmp::Sge, count, zero));
                let end = self
                    .terms()
                    .bin(crate::model::term::BvOp::Add, offset, count);
                out.push(self.terms().cmp(BvCmp::Sge, end, zero));
                out.push(self.terms().cmp(BvCmp::Sle, end, len_a));
                (offset, count)
            }
        };
        let len_s = self.string_length(st, s, out);
        out.push(self.terms().eq(len_s, len));
        let key = FieldKey::array_elements(&JType::Char);
        let cells = self.cells(st, &key, &JType::Char);
        // Characters past the followed ones are left free (an equation of
        // whole rows leaves the solver answering unknown once the array's
        // earlier writes come in): more behaviours than the JVM has, so
        // refutations stay proofs, and a state that needs them rests on a
        // free result.
        out.push(self.past_followed(len, s));
        let count = self.followed_chars();
        self.copy_chars(st, (len, count), out, None, |ex, st, k, out| {
            let at = ex.terms().bin(crate::model::term::BvOp::Add, offset, k);
            let ka = ex.terms().cell(a, at);
            let element = ex.terms().select(cells, ka);
            st.mem_mut().cell_reads.push((cells, ka));
            (ex.string_char(st, s, k, out), element)
        });
    }

    /// String `s` holds code points `count` of `int[]` `a` from `offset`
    /// (`new String(int[], int, int)`), as they are at this point of the
    /// path: exact when the first [`Text::followed_chars`] are of the Basic
    /// Multilingual Plane and there are no more (else the string's length
    /// and characters are left free, more behaviours than the JVM has).
    fn string_of_code_points(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        a: TermId,
        offset: TermId,
        count: TermId,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.non_null(a));
        let zero = self.terms().int(0);
        out.push(self.terms().cmp(BvCmp::Sge, offset, zero));
        out.push(self.terms().cmp(BvCmp::Sge, count, zero));
        let len = self.array_length(st, a, out);
        let end = self
            .terms()
            .bin(crate::model::term::BvOp::Add, offset, count);
        out.push(self.terms().cmp(BvCmp::Sle, end, len));
        let key = FieldKey::array_elements(&JType::Int);
        let cells = self.cells(st, &key, &JType::Int);
        let most = self.followed_term();
        let mut open = vec![self.terms().cmp(BvCmp::Sgt, count, most)];
        let mut exact = Vec::new();
        let len_s = self.string_length(st, s, out);
        exact.push(self.terms().eq(len_s, count));
        let (bmp_end, max_cp) = (self.terms().int(0xFFFF), self.terms().int(0x10FFFF));
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, count);
            let at = self.terms().bin(crate::model::term::BvOp::Add, offset, kt);
            let ka = self.terms().cell(a, at);
            let cp = self.terms().select(cells, ka);
            st.mem_mut().cell_reads.push((cells, ka));
            // A code point outside 0..=0x10FFFF raises
            // IllegalArgumentException.
            let valid_lo = self.terms().cmp(BvCmp::Sge, cp, zero);
            let valid_hi = self.terms().cmp(BvCmp::Sle, cp, max_cp);
            let valid = self.terms().and(vec![valid_lo, valid_hi]);
            out.push(self.terms().implies(inside, valid));
            let supplementary = self.terms().cmp(BvCmp::Sgt, cp, bmp_end);
            open.push(self.terms().and(vec![inside, supplementary]));
            let c = self.string_char(st, s, kt, out);
            let same = self.terms().eq(c, cp);
            exact.push(self.terms().implies(inside, same));
        }
        let open = self.terms().or(open);
        out.push(self.beyond_model(open, s));
        let exact = self.terms().and(exact);
        let closed = self.terms().not(open);
        out.push(self.terms().implies(closed, exact));
    }

    /// `r` is a new `char[]` holding the characters of string `s` (not
    /// null): `s.toCharArray()` at the call at `index`.
    fn chars_of_string(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        s: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) {
        let pc = st.site().pc(index);
        let descriptor = JType::Array(Box::new(JType::Char)).descriptor();
        let id = self.array_class_id(&descriptor);
        self.allocated(st, r, id, &descriptor, pc, out);
        let len_s = self.string_length(st, s, out);
        let len = self.array_length(st, r, out);
        out.push(self.terms().eq(len, len_s));
        let key = FieldKey::array_elements(&JType::Char);
        let Some(&after) = st.mem().fields.get(&key) else {
            // No element of any char[] is read after the call.
            return;
        };
        let prior = self.fresh(&format!("{key}"), crate::model::cells_sort(&JType::Char));
        let chars = self.string_cells(st);
        self.redefine_cells(st, after, prior, out, |ex, k| {
            let owner = ex.terms().extract(63, 32, k);
            let mine = ex.terms().eq(owner, r);
            let index = ex.terms().extract(31, 0, k);
            let at = ex.terms().cell(s, index);
            let c = ex.terms().select(chars, at);
            let before = ex.terms().select(prior, k);
            (ex.terms().ite(mine, c, before), vec![k])
        });
        st.mem_mut().fields.insert(key, prior);
    }
    /// `s.getChars(begin, end, dst, at)` on its normal path (else
    /// StringIndexOutOfBoundsException, or NullPointerException for a null
    /// `dst`): `0 <= begin <= end <= s.length()`, `dst` not null,
    /// `0 <= at <= dst.length - (end - begin)`; the elements of
    /// `dst` from `at` hold the string's characters from `begin`, the
    /// others keep their values.
    fn chars_into_array(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        (begin, end): (TermId, TermId),
        (dst, at): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) {
        use crate::model::term::BvOp;
        let zero = self.terms().int(0);
        let len_s = self.string_length(st, s, out);
        out.push(self.terms().cmp(BvCmp::Sge, begin, zero));
        out.push(self.terms().cmp(BvCmp::Sle, begin, end));
        out.push(self.terms().cmp(BvCmp::Sle, end, len_s));
        out.push(self.non_null(dst));
        let len_dst = self.array_length(st, dst, out);
        let n = self.terms().bin(BvOp::Sub, end, begin);
        // `at <= dst.length - n`, as the JDK checks it: `at + n` could wrap.
        let room = self.terms().bin(BvOp::Sub, len_dst, n);
        out.push(self.terms().cmp(BvCmp::Sge, at, zero));
        out.push(self.terms().cmp(BvCmp::Sle, at, room));
        let stop = self.terms().bin(BvOp::Add, at, n);
        let chars = self.string_cells(st);
        let key = FieldKey::array_elements(&JType::Char);
        self.redefine_elements(st, key, dst, out, |ex, prior, i| {
            let low = ex.terms().cmp(BvCmp::Sge, i, at);
            let high = ex.terms().cmp(BvCmp::Slt, i, stop);
            let copied = ex.terms().and(vec![low, high]);
            let offset = ex.terms().bin(BvOp::Sub, i, at);
            let from = ex.terms().bin(BvOp::Add, begin, offset);
            let source = ex.terms().cell(s, from);
            let c = ex.terms().select(chars, source);
            let cell = ex.terms().cell(dst, i);
            let kept = ex.terms().select(prior, cell);
            (ex.terms().ite(copied, c, kept), vec![cell])
        });
    }
}

impl<E: Engine + ?Sized> StringCopies for E {}
