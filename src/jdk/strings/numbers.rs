//! Numbers to text and back (JDK 17 `java.lang.Integer`, `Long`,
//! `String.valueOf`): `Integer.toString(int)`, `Long.toString(long)`,
//! `String.valueOf` of an `int`, `long`, `char` or `boolean`,
//! `Character.toString(char)`, `Boolean.toString(boolean)` — a new string
//! holding the value's string conversion ([`super::text`]), exact for every
//! value — and `Integer.parseInt`, `Long.parseLong` on their normal path.
//!
//! `parseInt(s, radix)` returns, for `s` an optional `-` or `+` followed by
//! at least one digit, the value it denotes, when it fits; anything else
//! raises `NumberFormatException`, a path the search explores in the
//! method's bytecode (`search/throws.rs`). The model is exact for radix 10
//! and strings of at most [`MAX_CHARS`] Latin-1 characters; past them
//! (another radix, a longer string, a character that `Character.digit` may
//! read as a digit of another script) the result is left free
//! ([`StringMethods::unless`]) and labeling prefers states inside the model.

use super::prelude::*;
use crate::classfile::JType;
use crate::jdk::methods::NumberMethod;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, BvOp, TermId};

/// The most characters of a parsed string the model follows.
const MAX_CHARS: i32 = super::text::TOKEN_CHARS;

/// The longest string conversion of a primitive (`Long.MIN_VALUE`).
const LONGEST_TEXT: i32 = 20;

/// Width of the parsed magnitude: sixteen digits and the products fit.
const WIDE: u32 = 72;

/// Numbers to text and back.
pub trait Numbers: Engine {
    /// The constraints of number method `method` called at `index` with
    /// `params` (typed) and result `r`.
    fn number_call(
        &mut self,
        st: &mut Self::State,
        method: NumberMethod,
        params: &[(TermId, JType)],
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        match method {
            NumberMethod::ToText => {
                let (v, ty) = params.first().ok_or(Unsupported::NoSuchParameter)?;
                if let Some((radix, _)) = params.get(1) {
                    // toString(v, radix): the decimal form for radix 10
                    // (and for radixes out of range, which mean 10).
                    let ten = self.terms().int(10);
                    let is_ten = self.terms().eq(*radix, ten);
                    let (two, big) = (self.terms().int(2), self.terms().int(36));
                    let low = self.terms().cmp(BvCmp::Slt, *radix, two);
                    let high = self.terms().cmp(BvCmp::Sgt, *radix, big);
                    let decimal = self.terms().or(vec![is_ten, low, high]);
                    let other = self.terms().not(decimal);
                    // Another radix: a string the model does not follow.
                    out.push(self.beyond_model(other, r));
                    self.new_string(st, r, index, out)?;
                    let piece = self.piece_of(*v, ty, out);
                    return self.text_of_piece(st, r, &piece, Some(decimal), out);
                }
                self.new_string(st, r, index, out)?;
                let piece = self.piece_of(*v, ty, out);
                self.text_of_piece(st, r, &piece, None, out)?;
            }
            NumberMethod::ToHex => {
                let v = params.first().ok_or(Unsupported::NoSuchParameter)?.0;
                self.new_string(st, r, index, out)?;
                let piece = super::text::Piece::Hex(self.nibbles(v));
                self.text_of_piece(st, r, &piece, None, out)?;
            }
            NumberMethod::ParseInt | NumberMethod::ParseLong => {
                let s = params[0].0;
                let radix = params.get(1).map(|p| p.0);
                self.parse(st, s, radix, method == NumberMethod::ParseLong, r, out);
            }
        }
        Ok(())
    }

    /// String `r` holds `piece`'s text (when `when` holds, if given).
    fn text_of_piece(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        piece: &super::text::Piece,
        when: Option<TermId>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let mut cs = Vec::new();
        let len = self.piece_len(st, piece, out);
        let len_r = self.string_length(st, r, out);
        cs.push(self.terms().eq(len_r, len));
        self.copy_chars(
            st,
            (len, LONGEST_TEXT),
            out,
            Some(&mut cs),
            |ex, st, k, out| {
                let c = ex.piece_char(st, piece, k, out);
                (c, ex.string_char(st, r, k, out))
            },
        );
        let all = self.terms().and(cs);
        out.push(match when {
            Some(w) => self.terms().implies(w, all),
            None => all,
        });
        Ok(())
    }

    /// The normal path of `parseInt(s, radix)` (`parseLong` when `long`)
    /// with result `r`.
    fn parse(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        radix: Option<TermId>,
        long: bool,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        let zero = self.terms().int(0);
        // A null string raises NumberFormatException.
        out.push(self.terms().ne(s, zero));
        let (len, too_long) = self.measured(st, s, out);
        let mut open = vec![too_long];
        if let Some(radix) = radix {
            let ten = self.terms().int(10);
            open.push(self.terms().ne(radix, ten));
        }
        let c0 = self.string_char(st, s, zero, out);
        let (minus, plus) = (
            self.terms().int(i32::from(b'-')),
            self.terms().int(i32::from(b'+')),
        );
        let negative = self.terms().eq(c0, minus);
        let positive = self.terms().eq(c0, plus);
        let signed = self.terms().or(vec![negative, positive]);
        let one = self.terms().int(1);
        let start = self.terms().ite(signed, one, zero);
        // At least one digit, and only digits after the sign.
        let mut valid = vec![self.terms().cmp(BvCmp::Sgt, len, start)];
        let (d0, d9) = (
            self.terms().int(i32::from(b'0')),
            self.terms().int(i32::from(b'9')),
        );
        let latin1_end = self.terms().int(0x100);
        let ten = self.terms().bv(10, WIDE);
        let mut magnitude = self.terms().bv(0, WIDE);
        for k in 0..MAX_CHARS {
            let kt = self.terms().int(k);
            let c = self.string_char(st, s, kt, out);
            let after_sign = self.terms().cmp(BvCmp::Sge, kt, start);
            let before_end = self.terms().cmp(BvCmp::Slt, kt, len);
            let digit_place = self.terms().and(vec![after_sign, before_end]);
            // Character.digit reads digits of other scripts too: outside.
            let beyond = self.terms().cmp(BvCmp::Sge, c, latin1_end);
            let read = self.terms().and(vec![before_end, beyond]);
            open.push(read);
            let above = self.terms().cmp(BvCmp::Sge, c, d0);
            let below = self.terms().cmp(BvCmp::Sle, c, d9);
            let is_digit = self.terms().and(vec![above, below]);
            valid.push(self.terms().implies(digit_place, is_digit));
            let value = self.terms().bin(BvOp::Sub, c, d0);
            let value = self.terms().zero_ext(WIDE - 32, value);
            let shifted = self.terms().bin(BvOp::Mul, magnitude, ten);
            let next = self.terms().bin(BvOp::Add, shifted, value);
            magnitude = self.terms().ite(digit_place, next, magnitude);
        }
        // In range: up to 2^31 (2^63) when negative, one less otherwise.
        let limit = if long {
            let l = self.terms().bv(1, WIDE);
            let sh = self.terms().bv(63, WIDE);
            self.terms().bin(BvOp::Shl, l, sh)
        } else {
            self.terms().bv(1i64 << 31, WIDE)
        };
        let one_wide = self.terms().bv(1, WIDE);
        let max = self.terms().bin(BvOp::Sub, limit, one_wide);
        let bound = self.terms().ite(negative, limit, max);
        valid.push(self.terms().cmp(BvCmp::Sle, magnitude, bound));
        let minus_m = self.terms().neg(magnitude);
        let signed_value = self.terms().ite(negative, minus_m, magnitude);
        let width = if long { 64 } else { 32 };
        let exact = self.terms().extract(width - 1, 0, signed_value);
        let open = self.terms().or(open);
        let valid = self.terms().and(valid);
        out.push(self.terms().or(vec![open, valid]));
        out.push(self.unless(open, r, exact));
    }
}

impl<E: Engine + ?Sized> Numbers for E {}
