//! `String` methods over the string model ([`super::memory`]: an immutable
//! length and characters per string), each on its normal path (JDK 17
//! `java.lang.String`): the entry [`StringMethods::string_method`], and
//! `substring`, `startsWith`, `endsWith`, `codePointAt`, `compareTo`,
//! `hashCode` here; where a string occurs in another (`indexOf`,
//! `lastIndexOf`, `contains`, `regionMatches`) in
//! [`super::occurrences`].
//!
//! Each is a statement about every character of a string: quantifier-free,
//! it is written character by character for the first [`Text::followed_chars`]
//! characters. Past them the result is left free (more behaviours than the
//! JVM has, so refutations stay proofs; a state that relies on a free
//! result is checked by the replay), and labeling picks short strings.

use super::prelude::*;
use crate::jdk::methods::StringMethod;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, BvOp, TermId};

/// A call of a `String` method: the method (a [`StringMethod`], or a
/// [`crate::jdk::methods::StringEdit`]), the receiver `s` (not null), the
/// arguments, the result and the call's instruction index.
#[derive(Clone, Copy)]
pub struct StringCall<'p, M = StringMethod> {
    pub method: M,
    pub s: TermId,
    pub args: &'p [TermId],
    pub r: TermId,
    pub index: usize,
}

/// `String` methods over the string model.
pub trait StringMethods: Engine {
    /// The length of `s`, and whether it is longer than the model follows.
    fn measured(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let len = self.string_length(st, s, out);
        let most = self.followed_term();
        let long = self.terms().cmp(BvCmp::Sgt, len, most);
        (len, long)
    }

    /// `r` is `exact` unless `open` holds (then it is left free), with
    /// `open` named so that labeling prefers it false
    /// ([`Self::beyond_model`]).
    fn unless(&mut self, open: TermId, r: TermId, exact: TermId) -> TermId {
        let named = self.beyond_model(open, r);
        let closed = self.terms().not(open);
        let is = self.terms().eq(r, exact);
        let exact = self.terms().implies(closed, is);
        self.terms().and(vec![named, exact])
    }

    /// The constraints of `method` called at `index` with `params` (the
    /// receiver, then the arguments) and result `r`.
    fn string_method(
        &mut self,
        st: &mut Self::State,
        method: StringMethod,
        params: &[TermId],
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let (s, args) = params.split_first().ok_or(Unsupported::NoReceiver)?;
        let call = StringCall {
            method,
            s: *s,
            args,
            r,
            index,
        };
        match method {
            StringMethod::Substring => self.string_substring(st, &call, out),
            StringMethod::IndexOf | StringMethod::LastIndexOf => {
                self.string_index_of_char(st, &call, out)
            }
            StringMethod::StartsWith | StringMethod::EndsWith => {
                self.string_starts_or_ends_with(st, &call, out)
            }
            StringMethod::IndexOfString => self.string_index_of_string_from(st, &call, out),
            StringMethod::Contains => self.string_contains(st, &call, out),
            StringMethod::CodePointAt => self.string_code_point_at(st, &call, out),
            StringMethod::LastIndexOfString => self.string_last_index_of_string(st, &call, out),
            StringMethod::RegionMatches => self.string_region_matches(st, &call, out),
            StringMethod::CompareTo => self.string_compare_to(st, &call, out),
            StringMethod::HashCode => self.string_hash_code(st, &call, out),
        }
    }

    /// The normal path of `substring(begin[, end])`: a new string of the characters between.
    fn string_substring(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall {
            s, args, r, index, ..
        } = *call;
        let zero = self.terms().int(0);
        let (len, _) = self.measured(st, s, out);
        let begin = args[0];
        let end = args.get(1).copied().unwrap_or(len);
        // The normal path: 0 <= begin <= end <= length (else
        // StringIndexOutOfBoundsException).
        out.push(self.terms().cmp(BvCmp::Sge, begin, zero));
        out.push(self.terms().cmp(BvCmp::Sle, begin, end));
        out.push(self.terms().cmp(BvCmp::Sle, end, len));
        self.new_string(st, r, index, out)?;
        let len_r = self.string_length(st, r, out);
        let n = self.terms().bin(BvOp::Sub, end, begin);
        out.push(self.terms().eq(len_r, n));
        let count = self.followed_chars();
        self.copy_chars(st, (n, count), out, None, |ex, st, k, out| {
            let from = ex.terms().bin(BvOp::Add, begin, k);
            let c = ex.string_char(st, r, k, out);
            (c, ex.string_char(st, s, from, out))
        });
        Ok(())
    }

    /// `startsWith(p)` and `endsWith(p)`.
    fn string_starts_or_ends_with(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall {
            s, args, r, method, ..
        } = *call;
        let zero = self.terms().int(0);
        let one = self.terms().int(1);
        let end = method == StringMethod::EndsWith;
        let p = args[0];
        out.push(self.terms().ne(p, zero));
        let (len, _) = self.measured(st, s, out);
        let (len_p, long) = self.measured(st, p, out);
        // endsWith(p) compares at len - len(p), startsWith(p, k) at k
        // (false when k < 0 or p would run past the end).
        let room = self.terms().bin(BvOp::Sub, len, len_p);
        let (shift, mut all) = match args.get(1) {
            _ if end => (room, vec![self.terms().cmp(BvCmp::Sle, len_p, len)]),
            Some(&k) => {
                let after_start = self.terms().cmp(BvCmp::Sge, k, zero);
                let fits = self.terms().cmp(BvCmp::Sle, k, room);
                (k, vec![after_start, fits])
            }
            None => (zero, vec![self.terms().cmp(BvCmp::Sle, len_p, len)]),
        };
        let count = self.followed_chars();
        self.copy_chars(st, (len_p, count), out, Some(&mut all), |ex, st, k, out| {
            let at = ex.terms().bin(BvOp::Add, shift, k);
            let c = ex.string_char(st, s, at, out);
            (c, ex.string_char(st, p, k, out))
        });
        let yes = self.terms().and(all);
        let v = self.terms().ite(yes, one, zero);
        let c = self.unless(long, r, v);
        out.push(c);
        Ok(())
    }

    /// `codePointAt(i)` on its normal path.
    fn string_code_point_at(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let one = self.terms().int(1);
        let i = args[0];
        let len = self.string_length(st, s, out);
        // The normal path: in bounds (else
        // StringIndexOutOfBoundsException).
        out.push(self.terms().cmp(BvCmp::Sge, i, zero));
        out.push(self.terms().cmp(BvCmp::Slt, i, len));
        let c = self.string_char(st, s, i, out);
        let next = self.terms().bin(BvOp::Add, i, one);
        let d = self.string_char(st, s, next, out);
        let in_range = |ex: &mut Self, x: TermId, lo: i32, hi: i32| {
            let (lo, hi) = (ex.terms().int(lo), ex.terms().int(hi));
            let a = ex.terms().cmp(BvCmp::Sge, x, lo);
            let b = ex.terms().cmp(BvCmp::Sle, x, hi);
            ex.terms().and(vec![a, b])
        };
        let high = in_range(self, c, 0xD800, 0xDBFF);
        let low = in_range(self, d, 0xDC00, 0xDFFF);
        let has_next = self.terms().cmp(BvCmp::Slt, next, len);
        let pair = self.terms().and(vec![high, has_next, low]);
        // ((c - 0xD800) << 10) + (d - 0xDC00) + 0x10000
        let (hb, lb) = (self.terms().int(0xD800), self.terms().int(0xDC00));
        let hi_bits = self.terms().bin(BvOp::Sub, c, hb);
        let ten = self.terms().int(10);
        let hi_bits = self.terms().bin(BvOp::Shl, hi_bits, ten);
        let lo_bits = self.terms().bin(BvOp::Sub, d, lb);
        let base = self.terms().int(0x10000);
        let sum = self.terms().bin(BvOp::Add, hi_bits, lo_bits);
        let cp = self.terms().bin(BvOp::Add, sum, base);
        let v = self.terms().ite(pair, cp, c);
        out.push(self.terms().eq(r, v));
        Ok(())
    }

    /// `compareTo(x)` (and its bridge).
    fn string_compare_to(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let x = args[0];
        out.push(self.terms().ne(x, zero));
        // The bridge compareTo(Object) casts its argument
        // (ClassCastException otherwise).
        let is_string = self.is_string(st, x);
        out.push(is_string);
        let (len, _) = self.measured(st, s, out);
        let (len_x, _) = self.measured(st, x, out);
        let shorter = self.terms().cmp(BvCmp::Slt, len, len_x);
        let lim = self.terms().ite(shorter, len, len_x);
        let mut v = self.terms().bin(BvOp::Sub, len, len_x);
        for k in (0..self.followed_chars()).rev() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, lim);
            let c = self.string_char(st, s, kt, out);
            let d = self.string_char(st, x, kt, out);
            let differ = self.terms().ne(c, d);
            let first = self.terms().and(vec![inside, differ]);
            let diff = self.terms().bin(BvOp::Sub, c, d);
            v = self.terms().ite(first, diff, v);
        }
        let most = self.followed_term();
        let open = self.terms().cmp(BvCmp::Sgt, lim, most);
        let c = self.unless(open, r, v);
        out.push(c);
        Ok(())
    }

    /// `hashCode()`: the polynomial in 31 of the characters.
    fn string_hash_code(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, r, .. } = *call;
        let zero = self.terms().int(0);
        let (len, long) = self.measured(st, s, out);
        let thirty_one = self.terms().int(31);
        let mut h = zero;
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len);
            let c = self.string_char(st, s, kt, out);
            let times = self.terms().bin(BvOp::Mul, h, thirty_one);
            let next = self.terms().bin(BvOp::Add, times, c);
            h = self.terms().ite(inside, next, h);
        }
        let c = self.unless(long, r, h);
        out.push(c);
        Ok(())
    }
}

impl<E: Engine + ?Sized> StringMethods for E {}
