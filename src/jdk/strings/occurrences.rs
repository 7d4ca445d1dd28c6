//! Where one string occurs in another, over the string model
//! ([`super::memory`]): `indexOf(int[, from])`, `lastIndexOf(int)`,
//! `indexOf(String[, from])`, `lastIndexOf(String)`, `contains` and
//! `regionMatches` (JDK 17 `java.lang.String`), called from
//! [`StringMethods::string_method`].
//!
//! Each is written character by character for the first
//! [`Text::followed_chars`] characters. The first occurrence among
//! them is the first at any length, and regions inside them compare
//! exactly however long the strings are; past them the result is left
//! free but still a position where the character or string occurs (or
//! -1), so refutations stay proofs and the replay checks what relies on
//! a free result.

use super::methods::StringCall;
use super::prelude::*;
use crate::jdk::methods::StringMethod;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, BvOp, TermId};

/// Where one string occurs in another.
pub trait StringOccurrences: Engine {
    /// The first position at or after `from` (at least 0) where string `x`
    /// (not null) occurs in `s`, and when that answer is not exact (a
    /// string past the characters followed).
    fn index_of_string(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        x: TermId,
        from: TermId,
        out: &mut Vec<TermId>,
    ) -> (TermId, TermId) {
        let zero = self.terms().int(0);
        out.push(self.terms().ne(x, zero));
        let (len, long) = self.measured(st, s, out);
        let (len_x, long_x) = self.measured(st, x, out);
        // Position p matches when p >= from, p + len(x) <= len(s) and the
        // characters agree.
        let mut matches = Vec::new();
        // A match whose end lies within the characters followed is checked
        // on every character; so is every position before it, and the
        // first such match is the first at any length.
        let most = self.followed_term();
        let mut checked = Vec::new();
        for p in 0..=self.followed_chars() {
            let pt = self.terms().int(p);
            let at_p = self.match_at(st, (s, len), (x, len_x), p, out);
            let after = self.terms().cmp(BvCmp::Sge, pt, from);
            let hit = self.terms().and(vec![after, at_p]);
            let end = self.terms().bin(BvOp::Add, pt, len_x);
            let within = self.terms().cmp(BvCmp::Sle, end, most);
            checked.push(self.terms().and(vec![hit, within]));
            matches.push((pt, hit));
        }
        let mut v = self.terms().int(-1);
        for (pt, hit) in matches.into_iter().rev() {
            v = self.terms().ite(hit, pt, v);
        }
        // The empty string is found at the start, or at the end when the
        // start is past it.
        let empty = self.terms().eq(len_x, zero);
        let past = self.terms().cmp(BvCmp::Sge, from, len);
        let at = self.terms().ite(past, len, from);
        v = self.terms().ite(empty, at, v);
        let long = self.terms().or(vec![long, long_x]);
        let found = self.terms().or(checked);
        let sure = self.terms().or(vec![empty, found]);
        let unsure = self.terms().not(sure);
        let open = self.terms().and(vec![long, unsure]);
        (v, open)
    }

    /// What holds at any length of `r`, the position `indexOf(x, from)`
    /// answers in `s`: -1, or a position at or after `from` where `x`
    /// occurs inside `s` (its characters compared as far as followed).
    fn index_of_string_holds(
        &mut self,
        st: &mut Self::State,
        (s, x, from): (TermId, TermId, TermId),
        r: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let len = self.string_length(st, s, out);
        let len_x = self.string_length(st, x, out);
        let minus_one = self.terms().int(-1);
        let absent = self.terms().eq(r, minus_one);
        let end = self.terms().bin(BvOp::Add, r, len_x);
        let mut at = vec![
            self.terms().cmp(BvCmp::Sge, r, from),
            self.terms().cmp(BvCmp::Sle, end, len),
        ];
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len_x);
            let i = self.terms().bin(BvOp::Add, r, kt);
            let c = self.string_char(st, s, i, out);
            let d = self.string_char(st, x, kt, out);
            let same = self.terms().eq(c, d);
            at.push(self.terms().implies(inside, same));
        }
        let at = self.terms().and(at);
        self.terms().or(vec![absent, at])
    }

    /// String `x` (length `len_x`) occurs in `s` (length `len`) at
    /// position `p`, as far as the model follows the characters.
    fn match_at(
        &mut self,
        st: &mut Self::State,
        (s, len): (TermId, TermId),
        (x, len_x): (TermId, TermId),
        p: i32,
        out: &mut Vec<TermId>,
    ) -> TermId {
        let pt = self.terms().int(p);
        let end = self.terms().bin(BvOp::Add, pt, len_x);
        let mut all = vec![self.terms().cmp(BvCmp::Sle, end, len)];
        for k in 0..self.followed_chars() - p {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len_x);
            let at = self.terms().int(p + k);
            let c = self.string_char(st, s, at, out);
            let d = self.string_char(st, x, kt, out);
            let same = self.terms().eq(c, d);
            all.push(self.terms().implies(inside, same));
        }
        self.terms().and(all)
    }

    /// `indexOf(ch[, from])` and `lastIndexOf(ch)`.
    fn string_index_of_char(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall {
            s, args, r, method, ..
        } = *call;
        let zero = self.terms().int(0);
        let last = method == StringMethod::LastIndexOf;
        let (len, long) = self.measured(st, s, out);
        let ch = args[0];
        // A supplementary code point is searched for as a surrogate
        // pair: outside the model, so the result is free.
        let max_char = self.terms().int(0xFFFF);
        let supplementary = self.terms().cmp(BvCmp::Sgt, ch, max_char);
        // indexOf(ch, from): the search starts at max(from, 0).
        let from = match args.get(1) {
            Some(&f) if !last => {
                let neg = self.terms().cmp(BvCmp::Slt, f, zero);
                self.terms().ite(neg, zero, f)
            }
            _ => zero,
        };
        // Where the character is, among the positions searched.
        let mut found = Vec::new();
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let c = self.string_char(st, s, kt, out);
            let here = self.terms().eq(c, ch);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len);
            let searched = self.terms().cmp(BvCmp::Sge, kt, from);
            found.push((kt, self.terms().and(vec![here, inside, searched])));
        }
        // The first (or last) such position, else -1.
        let mut v = self.terms().int(-1);
        let order: Vec<usize> = if last {
            (0..found.len()).collect()
        } else {
            (0..found.len()).rev().collect()
        };
        for k in order {
            let (kt, hit) = found[k];
            v = self.terms().ite(hit, kt, v);
        }
        // Past the characters followed, a string's characters are the
        // model's only as far as it follows them: the first occurrence
        // among those followed is the first at any length, but none there
        // leaves indexOf open, and lastIndexOf is open on any longer
        // string.
        let open = if last {
            self.terms().or(vec![long, supplementary])
        } else {
            let hits: Vec<TermId> = found.iter().map(|&(_, h)| h).collect();
            let any = self.terms().or(hits);
            let none = self.terms().not(any);
            let long_miss = self.terms().and(vec![long, none]);
            self.terms().or(vec![long_miss, supplementary])
        };
        let c = self.unless(open, r, v);
        out.push(c);
        // What holds of the result at any length: -1, or a position
        // searched inside the string holding the char (a supplementary
        // char is a surrogate pair there).
        let minus_one = self.terms().int(-1);
        let absent = self.terms().eq(r, minus_one);
        let after = self.terms().cmp(BvCmp::Sge, r, from);
        let inside = self.terms().cmp(BvCmp::Slt, r, len);
        let held = self.string_char(st, s, r, out);
        let is_char = self.terms().eq(held, ch);
        let bmp = self.terms().not(supplementary);
        let holds = self.terms().implies(bmp, is_char);
        let at = self.terms().and(vec![after, inside, holds]);
        out.push(self.terms().or(vec![absent, at]));
        Ok(())
    }

    /// `indexOf(x[, from])`.
    fn string_index_of_string_from(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let from = match args.get(1) {
            Some(&f) => {
                let neg = self.terms().cmp(BvCmp::Slt, f, zero);
                self.terms().ite(neg, zero, f)
            }
            None => zero,
        };
        let (v, open) = self.index_of_string(st, s, args[0], from, out);
        let c = self.unless(open, r, v);
        out.push(c);
        let holds = self.index_of_string_holds(st, (s, args[0], from), r, out);
        out.push(holds);
        Ok(())
    }

    /// `contains(x)`.
    fn string_contains(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let one = self.terms().int(1);
        // `indexOf(x.toString()) >= 0`: exact when x is a String.
        let x = args[0];
        let (v, open) = self.index_of_string(st, s, x, zero, out);
        let sid = self.class_id("java/lang/String");
        let class_of = self.terms().select(st.mem().types, x);
        let not_string = match sid {
            Some(id) => {
                let id = self.terms().int(id as i32);
                self.terms().ne(class_of, id)
            }
            None => self.terms().bool(true),
        };
        let open = self.terms().or(vec![open, not_string]);
        let found = self.terms().cmp(BvCmp::Sge, v, zero);
        let exact = self.terms().ite(found, one, zero);
        let c = self.unless(open, r, exact);
        out.push(c);
        Ok(())
    }

    /// `lastIndexOf(x)`.
    fn string_last_index_of_string(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let x = args[0];
        out.push(self.terms().ne(x, zero));
        let (len, long) = self.measured(st, s, out);
        let (len_x, long_x) = self.measured(st, x, out);
        let mut v = self.terms().int(-1);
        for p in 0..=self.followed_chars() {
            let pt = self.terms().int(p);
            // A later match wins.
            let hit = self.match_at(st, (s, len), (x, len_x), p, out);
            v = self.terms().ite(hit, pt, v);
        }
        let empty = self.terms().eq(len_x, zero);
        v = self.terms().ite(empty, len, v);
        let open = self.terms().or(vec![long, long_x]);
        out.push(self.unless(open, r, v));
        Ok(())
    }

    /// `regionMatches([ignoreCase,] toffset, other, ooffset, len)`.
    fn string_region_matches(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall { s, args, r, .. } = *call;
        let zero = self.terms().int(0);
        let one = self.terms().int(1);
        // With a leading `ignoreCase` (5 arguments) or without (4).
        let (ignore, rest) = if args.len() == 5 {
            (Some(args[0]), &args[1..])
        } else {
            (None, args)
        };
        let (toffset, other, ooffset, n) = (rest[0], rest[1], rest[2], rest[3]);
        out.push(self.terms().ne(other, zero));
        let (len, _) = self.measured(st, s, out);
        let (len_o, _) = self.measured(st, other, out);
        let wide = |ex: &mut Self, x: TermId| ex.terms().sign_ext(32, x);
        let (t64, o64, n64) = (wide(self, toffset), wide(self, ooffset), wide(self, n));
        let (l64, lo64) = (wide(self, len), wide(self, len_o));
        let zero64 = self.terms().bv(0, 64);
        let t_room = self.terms().bin(BvOp::Sub, l64, n64);
        let o_room = self.terms().bin(BvOp::Sub, lo64, n64);
        let out_of_range = vec![
            self.terms().cmp(BvCmp::Slt, o64, zero64),
            self.terms().cmp(BvCmp::Slt, t64, zero64),
            self.terms().cmp(BvCmp::Sgt, t64, t_room),
            self.terms().cmp(BvCmp::Sgt, o64, o_room),
        ];
        let out_of_range = self.terms().or(out_of_range);
        // The characters compared are the model's when both regions lie
        // within the characters followed, however long the strings are.
        let most = i64::from(self.followed_chars());
        let most = self.terms().bv(most, 64);
        let t_end = self.terms().bin(BvOp::Add, t64, n64);
        let o_end = self.terms().bin(BvOp::Add, o64, n64);
        let mut open = vec![
            self.terms().cmp(BvCmp::Sgt, t_end, most),
            self.terms().cmp(BvCmp::Sgt, o_end, most),
        ];
        let partners = crate::jdk::characters::ascii_case_partners();
        let mut all = Vec::new();
        for k in 0..self.followed_chars() {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, n);
            let at_s = self.terms().bin(BvOp::Add, toffset, kt);
            let at_o = self.terms().bin(BvOp::Add, ooffset, kt);
            let c = self.string_char(st, s, at_s, out);
            let d = self.string_char(st, other, at_o, out);
            let same = match ignore {
                None => self.terms().eq(c, d),
                Some(flag) => {
                    let exact = self.terms().eq(c, d);
                    let (folded, unmatched) = self.chars_equal_ignoring_case(c, d, partners);
                    let on = self.terms().ne(flag, zero);
                    open.push(self.terms().and(vec![on, inside, unmatched]));
                    self.terms().ite(on, folded, exact)
                }
            };
            all.push(self.terms().implies(inside, same));
        }
        let matched = self.terms().and(all);
        let in_range = self.terms().not(out_of_range);
        let yes = self.terms().and(vec![in_range, matched]);
        let v = self.terms().ite(yes, one, zero);
        // Out of range is exact whatever the lengths.
        let open = self.terms().or(open);
        let open = self.terms().and(vec![in_range, open]);
        out.push(self.unless(open, r, v));
        Ok(())
    }
}

impl<E: Engine + ?Sized> StringOccurrences for E {}
