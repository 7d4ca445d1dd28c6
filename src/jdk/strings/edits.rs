//! `String` methods that make a string from another (JDK 17
//! `java.lang.String`), over the string model of [`super::memory`]:
//! `concat`, `trim`, `strip`, `replace(char, char)`, `toLowerCase()`,
//! `toUpperCase()`, and the comparison `equalsIgnoreCase`, each on its
//! normal path.
//!
//! Like the other string intrinsics they are exact for the first
//! [`Text::followed_chars`] characters and leave the rest free (more behaviours than
//! the JVM has, so refutations stay proofs; the replay checks a state that
//! relies on a free part, and labeling prefers short strings). The case
//! mappings are exact for Latin-1 (the JVM's tables, [`crate::unicode`]) but for
//! `'ß'`, whose upper case is `"SS"`: past Latin-1 `String`'s case mapping
//! may change the length and depends on the locale, so a string with such
//! a character gets a free result; and letters map as in every locale but
//! Turkish, Azerbaijani and Lithuanian (`'i'` to `'İ'`), an assumption the
//! verdict reports.

use super::methods::StringCall;
use super::prelude::*;
use super::text::Piece;
use crate::jdk::characters::CharacterMethod;
use crate::jdk::methods::StringEdit;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, BvOp, TermId};

/// `String` methods that make a string from another.
pub trait StringEdits: Engine {
    /// The constraints of `method` on receiver `s` with `args` and result
    /// `r`, called at `index`.
    fn string_edit(
        &mut self,
        st: &mut Self::State,
        call: &StringCall<'_, StringEdit>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let StringCall {
            method,
            s,
            args,
            r,
            index,
        } = *call;
        let zero = self.terms().int(0);
        match method {
            StringEdit::Concat => {
                let t = args[0];
                // NullPointerException otherwise.
                out.push(self.terms().ne(t, zero));
                self.new_string(st, r, index, out)?;
                let pieces = [Piece::Str(s), Piece::Str(t)];
                self.string_of_pieces(st, r, &pieces, out);
            }
            StringEdit::Trim => {
                let (len, long) = self.measured(st, s, out);
                let space = self.terms().int(i32::from(b' '));
                let mut start = len;
                let mut end = zero;
                for k in (0..self.followed_chars()).rev() {
                    let kt = self.terms().int(k);
                    let c = self.string_char(st, s, kt, out);
                    let inside = self.terms().cmp(BvCmp::Slt, kt, len);
                    let above = self.terms().cmp(BvCmp::Sgt, c, space);
                    let kept = self.terms().and(vec![inside, above]);
                    start = self.terms().ite(kept, kt, start);
                }
                for k in 0..self.followed_chars() {
                    let kt = self.terms().int(k);
                    let c = self.string_char(st, s, kt, out);
                    let inside = self.terms().cmp(BvCmp::Slt, kt, len);
                    let above = self.terms().cmp(BvCmp::Sgt, c, space);
                    let kept = self.terms().and(vec![inside, above]);
                    let one = self.terms().int(1);
                    let after = self.terms().bin(BvOp::Add, kt, one);
                    end = self.terms().ite(kept, after, end);
                }
                // All blank: the empty string (start = len, end = 0).
                let blank = self.terms().cmp(BvCmp::Sge, start, end);
                let n = self.terms().bin(BvOp::Sub, end, start);
                let n = self.terms().ite(blank, zero, n);
                let len_r = self.string_length(st, r, out);
                let mut exact = vec![self.terms().eq(len_r, n)];
                let count = self.followed_chars();
                self.copy_chars(st, (n, count), out, Some(&mut exact), |ex, st, k, out| {
                    let from = ex.terms().bin(BvOp::Add, start, k);
                    let c = ex.string_char(st, s, from, out);
                    (c, ex.string_char(st, r, k, out))
                });
                self.exact_unless(st, long, r, exact, out);
            }
            StringEdit::ReplaceChar | StringEdit::Lower | StringEdit::Upper => {
                let (len, long) = self.measured(st, s, out);
                let mut open = vec![long];
                let len_r = self.string_length(st, r, out);
                let mut exact = vec![self.terms().eq(len_r, len)];
                for k in 0..self.followed_chars() {
                    let kt = self.terms().int(k);
                    let inside = self.terms().cmp(BvCmp::Slt, kt, len);
                    let c = self.string_char(st, s, kt, out);
                    let mapped = match method {
                        StringEdit::ReplaceChar => {
                            let is_old = self.terms().eq(c, args[0]);
                            self.terms().ite(is_old, args[1], c)
                        }
                        _ => {
                            // Latin-1 maps character by character, but for
                            // 'ß', whose upper case is "SS".
                            let beyond = self.terms().int(0xff);
                            let non_latin1 = self.terms().cmp(BvCmp::Sgt, c, beyond);
                            open.push(self.terms().and(vec![inside, non_latin1]));
                            let m = if method == StringEdit::Lower {
                                CharacterMethod::ToLowerCase
                            } else {
                                let sharp_s = self.terms().int(0xdf);
                                let is_sharp = self.terms().eq(c, sharp_s);
                                open.push(self.terms().and(vec![inside, is_sharp]));
                                CharacterMethod::ToUpperCase
                            };
                            self.latin1_mapping(m, c).unwrap_or_else(|| {
                                // No tables: every character is open.
                                open.push(inside);
                                c
                            })
                        }
                    };
                    let d = self.string_char(st, r, kt, out);
                    let eq = self.terms().eq(d, mapped);
                    exact.push(self.terms().implies(inside, eq));
                }
                if method != StringEdit::ReplaceChar {
                    self.assume(
                        "the default locale maps letters' case as English does \
                         (not Turkish, Azerbaijani or Lithuanian)"
                            .to_string(),
                    );
                }
                let open = self.terms().or(open);
                self.exact_unless(st, open, r, exact, out);
            }
            StringEdit::EqualsIgnoreCase => {
                let t = args[0];
                let (len, long) = self.measured(st, s, out);
                let (len_t, long_t) = self.measured(st, t, out);
                // Strings of other lengths are simply unequal: only a
                // character of two strings of one length can be open.
                let same_len = self.terms().eq(len, len_t);
                let mut all = vec![self.terms().ne(t, zero), same_len];
                let mut open = vec![long, long_t];
                let partners = crate::jdk::characters::ascii_case_partners();
                for k in 0..self.followed_chars() {
                    let kt = self.terms().int(k);
                    let inside = self.terms().cmp(BvCmp::Slt, kt, len);
                    let c = self.string_char(st, s, kt, out);
                    let d = self.string_char(st, t, kt, out);
                    let (eq, unmatched) = self.chars_equal_ignoring_case(c, d, partners);
                    open.push(self.terms().and(vec![inside, unmatched]));
                    all.push(self.terms().implies(inside, eq));
                }
                // A null argument is simply unequal (no exception).
                let is_null = self.terms().eq(t, zero);
                let open = self.terms().or(open);
                let not_null = self.terms().not(is_null);
                let open = self.terms().and(vec![not_null, same_len, open]);
                let yes = self.terms().and(all);
                let one = self.terms().int(1);
                let v = self.terms().ite(yes, one, zero);
                out.push(self.unless(open, r, v));
            }
        }
        Ok(())
    }

    /// Whether characters `c` and `d` match as `equalsIgnoreCase` compares
    /// them (`regionMatchesCI`: equal, equal upper cases, or equal lower
    /// cases of the upper cases), and when that answer is left open. It is
    /// exact whenever one of them is ASCII: two ASCII characters match by
    /// their ASCII upper cases, and a non-ASCII one matches an ASCII one
    /// only when it is one of the case `partners` the JVM's tables give
    /// (the Kelvin sign and `'k'`, the dotless `'ı'` and `'i'` …). Two
    /// distinct non-ASCII characters are open (every one is, without
    /// tables).
    fn chars_equal_ignoring_case(
        &mut self,
        c: TermId,
        d: TermId,
        partners: Option<&[crate::jdk::characters::CasePartner]>,
    ) -> (TermId, TermId) {
        let beyond = self.terms().int(0x7f);
        let c_ascii = self.terms().cmp(BvCmp::Sle, c, beyond);
        let d_ascii = self.terms().cmp(BvCmp::Sle, d, beyond);
        let same = self.terms().eq(c, d);
        let uc = self.ascii_upper(c);
        let ud = self.ascii_upper(d);
        let same_upper = self.terms().eq(uc, ud);
        let both_ascii = self.terms().and(vec![c_ascii, d_ascii, same_upper]);
        let mut matches = vec![same, both_ascii];
        let unmatched = match partners {
            Some(partners) => {
                for (y, x) in [(c, d), (d, c)] {
                    for p in partners {
                        let is_partner = {
                            let v = self.terms().int(i32::from(p.partner));
                            self.terms().eq(y, v)
                        };
                        let ascii: Vec<TermId> = p
                            .ascii
                            .iter()
                            .map(|&a| {
                                let a = self.terms().int(i32::from(a));
                                self.terms().eq(x, a)
                            })
                            .collect();
                        let ascii = self.terms().or(ascii);
                        matches.push(self.terms().and(vec![is_partner, ascii]));
                    }
                }
                let c_beyond = self.terms().not(c_ascii);
                let d_beyond = self.terms().not(d_ascii);
                let differ = self.terms().not(same);
                self.terms().and(vec![c_beyond, d_beyond, differ])
            }
            None => {
                let both = self.terms().and(vec![c_ascii, d_ascii]);
                let differ = self.terms().not(same);
                let not_both = self.terms().not(both);
                self.terms().and(vec![not_both, differ])
            }
        };
        (self.terms().or(matches), unmatched)
    }

    /// The ASCII upper case of character `c`.
    fn ascii_upper(&mut self, c: TermId) -> TermId {
        let (lo, hi) = (
            self.terms().int(i32::from(b'a')),
            self.terms().int(i32::from(b'z')),
        );
        let a = self.terms().cmp(BvCmp::Sge, c, lo);
        let b = self.terms().cmp(BvCmp::Sle, c, hi);
        let letter = self.terms().and(vec![a, b]);
        let delta = self.terms().int(-32);
        let moved = self.terms().bin(BvOp::Add, c, delta);
        self.terms().ite(letter, moved, c)
    }

    /// `exact` holds unless `open` (named so labeling prefers it false);
    /// when open, the result `r` is still a string, but a free one. Whether
    /// `r` is the receiver itself (the JDK returns it when nothing changes)
    /// or a new string is left open: more behaviours than the JVM has for
    /// `==`, none for the contents.
    fn exact_unless(
        &mut self,
        st: &Self::State,
        open: TermId,
        r: TermId,
        exact: Vec<TermId>,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.beyond_model(open, r));
        let zero = self.terms().int(0);
        out.push(self.terms().ne(r, zero));
        out.push(self.is_string(st, r));
        let closed = self.terms().not(open);
        let exact = self.terms().and(exact);
        out.push(self.terms().implies(closed, exact));
    }
}

impl<E: Engine + ?Sized> StringEdits for E {}
