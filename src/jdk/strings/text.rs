//! Pieces of text: the string form Java gives a value (JLS §5.1.11,
//! string conversion), as a length and a character at any position. String
//! concatenation, `StringBuilder.append`/`insert` and `String.valueOf`
//! put them together (`search/builders.rs`, [`super::numbers`]).
//!
//! - a string: its characters, `"null"` for null;
//! - a `char`: itself; a `boolean`: `"true"` or `"false"`;
//! - an `int` or `long`: its decimal form (`Integer.toString`), with a
//!   `-` when negative, exact for every value: the magnitude is written as
//!   the sum of fresh digits `d_j * 10^j` (`0 <= d_j <= 9`), a linear
//!   statement the solver handles well, unlike a chain of divisions;
//! - anything else (a `float`, an object's `toString`): a free length and
//!   free characters, more behaviours than the JVM has, so refutations stay
//!   proofs and the replay checks what a state relies on.

use super::prelude::*;
use crate::classfile::JType;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};

const STRING: &str = "java/lang/String";

/// The most characters of a string any model follows, whatever
/// `--max-array-length` says.
const MOST_FOLLOWED: i32 = 256;

/// The most characters the models that read a string as one token follow
/// one by one, fewer than [`Self::followed_chars`] because each
/// character multiplies their formulas: the digits `parseInt` parses, a
/// literal regex and the text it is matched against, and the characters
/// of two equal strings `String.equals` spells out for the solver.
pub const TOKEN_CHARS: i32 = 16;

/// Width of the arithmetic on decimal magnitudes: `|Long.MIN_VALUE|`
/// and every partial sum fit.
const WIDE: u32 = 72;

/// The string form of one value.
#[derive(Debug, Clone)]
pub enum Piece {
    /// A `String` reference: its characters, `"null"` when null.
    Str(TermId),
    /// A `CharSequence` reference: a string's characters, `"null"` when
    /// null, free text for any other class.
    Chars(TermId),
    /// Fixed UTF-16 text.
    Literal(Vec<u16>),
    /// One `char`.
    Char(TermId),
    /// A `boolean` (an int, 0 or 1).
    Bool(TermId),
    /// The decimal form of an `int` or `long`.
    Decimal(Decimal),
    /// The unsigned hexadecimal form of an `int` or `long`
    /// (`Integer.toHexString`): its nibbles, least significant first.
    Hex(Vec<TermId>),
    /// Text the model does not follow, of this (free) length.
    Free(TermId),
}

/// An integer's decimal form: sign, digits and how many are written.
#[derive(Debug, Clone)]
pub struct Decimal {
    negative: TermId,
    /// Least significant first, each a 4-bit value 0..=9.
    digits: Vec<TermId>,
    /// How many digits are written (at least 1).
    count: TermId,
}

fn utf16(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

/// Pieces of text: the string form Java gives a value.
pub trait Text: Engine {
    /// The piece for value `v` of static type `ty`, as string conversion
    /// writes it.
    fn piece_of(&mut self, v: TermId, ty: &JType, out: &mut Vec<TermId>) -> Piece {
        match ty {
            JType::Boolean => Piece::Bool(v),
            JType::Char => Piece::Char(v),
            JType::Byte | JType::Short | JType::Int | JType::Long => {
                Piece::Decimal(self.decimal(v, out))
            }
            JType::Object(c) if c == STRING => Piece::Str(v),
            JType::Object(c) if c == "java/lang/CharSequence" => Piece::Chars(v),
            _ => {
                let len = self.fresh("text-length", Sort::Bv(32));
                let zero = self.terms().int(0);
                out.push(self.terms().cmp(BvCmp::Sge, len, zero));
                // Always outside the model: a state on this path rests on
                // free text (labeling cannot prefer otherwise).
                let always = self.terms().bool(true);
                out.push(self.beyond_model(always, len));
                Piece::Free(len)
            }
        }
    }

    /// The decimal form of `v` (32 or 64 bits).
    fn decimal(&mut self, v: TermId, out: &mut Vec<TermId>) -> Decimal {
        let width = self.terms().width(v);
        // |Integer.MIN_VALUE| and ten-digit sums fit in 40 bits.
        let wide_w = if width <= 32 { 40 } else { WIDE };
        let wide = self.terms().sign_ext(wide_w - width, v);
        let zero = self.terms().bv(0, wide_w);
        let negative = self.terms().cmp(BvCmp::Slt, wide, zero);
        let minus = self.terms().neg(wide);
        let magnitude = self.terms().ite(negative, minus, wide);
        let n = if width <= 32 { 10 } else { 19 };
        // Four bits a digit: the fewer bits, the easier for the solver.
        let ten = self.terms().bv(10, 4);
        let mut digits = Vec::new();
        let mut sum = zero;
        let mut power: i64 = 1;
        for _ in 0..n {
            let d = self.fresh("digit", Sort::Bv(4));
            out.push(self.terms().cmp(BvCmp::Ult, d, ten));
            let dw = self.terms().zero_ext(wide_w - 4, d);
            let p = self.terms().bv(power, wide_w);
            let term = self.terms().bin(BvOp::Mul, dw, p);
            sum = self.terms().bin(BvOp::Add, sum, term);
            digits.push(d);
            power = power.saturating_mul(10);
        }
        out.push(self.terms().eq(sum, magnitude));
        // The number of digits: one past the highest non-zero digit.
        let zero4 = self.terms().bv(0, 4);
        let mut count = self.terms().int(1);
        for (j, &d) in digits.iter().enumerate().skip(1) {
            let nonzero = self.terms().ne(d, zero4);
            let c = self.terms().int(j as i32 + 1);
            count = self.terms().ite(nonzero, c, count);
        }
        Decimal {
            negative,
            digits,
            count,
        }
    }

    /// The length of `p`'s text.
    fn piece_len(&mut self, st: &mut Self::State, p: &Piece, out: &mut Vec<TermId>) -> TermId {
        match p {
            Piece::Str(s) => {
                let len = self.string_length(st, *s, out);
                self.or_null_text(*s, len, 4)
            }
            Piece::Chars(s) => {
                let len = self.string_length(st, *s, out);
                let is_string = self.is_string(st, *s);
                let other = self.fresh("text-length", Sort::Bv(32));
                let zero = self.terms().int(0);
                out.push(self.terms().cmp(BvCmp::Sge, other, zero));
                let v = self.terms().ite(is_string, len, other);
                self.or_null_text(*s, v, 4)
            }
            Piece::Literal(units) => self.terms().int(units.len() as i32),
            Piece::Char(_) => self.terms().int(1),
            Piece::Bool(b) => {
                let zero = self.terms().int(0);
                let f = self.terms().eq(*b, zero);
                let (five, four) = (self.terms().int(5), self.terms().int(4));
                self.terms().ite(f, five, four)
            }
            Piece::Decimal(d) => {
                let (one, zero) = (self.terms().int(1), self.terms().int(0));
                let sign = self.terms().ite(d.negative, one, zero);
                self.terms().bin(BvOp::Add, sign, d.count)
            }
            Piece::Hex(nibbles) => self.hex_count(nibbles),
            Piece::Free(len) => *len,
        }
    }

    /// The nibbles of `v` (32 or 64 bits), least significant first.
    fn nibbles(&mut self, v: TermId) -> Vec<TermId> {
        let width = self.terms().width(v);
        (0..width / 4)
            .map(|j| self.terms().extract(4 * j + 3, 4 * j, v))
            .collect()
    }

    /// How many hexadecimal digits are written: one past the highest
    /// non-zero nibble, at least 1.
    fn hex_count(&mut self, nibbles: &[TermId]) -> TermId {
        let zero4 = self.terms().bv(0, 4);
        let mut count = self.terms().int(1);
        for (j, &d) in nibbles.iter().enumerate().skip(1) {
            let nonzero = self.terms().ne(d, zero4);
            let c = self.terms().int(j as i32 + 1);
            count = self.terms().ite(nonzero, c, count);
        }
        count
    }

    /// Character `i` of `p`'s text (`0 <= i < ` its length).
    fn piece_char(
        &mut self,
        st: &mut Self::State,
        p: &Piece,
        i: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        match p {
            Piece::Str(s) => {
                let c = self.string_char(st, *s, i, out);
                self.or_null_char(*s, i, c)
            }
            Piece::Chars(s) => {
                let c = self.string_char(st, *s, i, out);
                let is_string = self.is_string(st, *s);
                let other = self.free_char(out);
                let v = self.terms().ite(is_string, c, other);
                self.or_null_char(*s, i, v)
            }
            Piece::Literal(units) => self.literal_char(units, i),
            Piece::Char(c) => *c,
            Piece::Bool(b) => {
                let zero = self.terms().int(0);
                let f = self.terms().eq(*b, zero);
                let t = self.literal_char(&utf16("true"), i);
                let fl = self.literal_char(&utf16("false"), i);
                self.terms().ite(f, fl, t)
            }
            Piece::Decimal(d) => {
                // Position i - sign is digit count - 1 - (i - sign).
                let (one, zero) = (self.terms().int(1), self.terms().int(0));
                let sign = self.terms().ite(d.negative, one, zero);
                let top = self.terms().bin(BvOp::Sub, d.count, one);
                let p = self.terms().bin(BvOp::Sub, i, sign);
                let j = self.terms().bin(BvOp::Sub, top, p);
                let mut digit = d.digits[0];
                for (k, &dk) in d.digits.iter().enumerate().skip(1) {
                    let kt = self.terms().int(k as i32);
                    let here = self.terms().eq(j, kt);
                    digit = self.terms().ite(here, dk, digit);
                }
                let digit = self.terms().zero_ext(28, digit);
                let ascii_zero = self.terms().int(i32::from(b'0'));
                let c = self.terms().bin(BvOp::Add, digit, ascii_zero);
                let first = self.terms().eq(i, zero);
                let minus_here = self.terms().and(vec![d.negative, first]);
                let minus = self.terms().int(i32::from(b'-'));
                self.terms().ite(minus_here, minus, c)
            }
            Piece::Hex(nibbles) => {
                let count = self.hex_count(nibbles);
                let one = self.terms().int(1);
                let top = self.terms().bin(BvOp::Sub, count, one);
                let j = self.terms().bin(BvOp::Sub, top, i);
                let mut digit = nibbles[0];
                for (k, &dk) in nibbles.iter().enumerate().skip(1) {
                    let kt = self.terms().int(k as i32);
                    let here = self.terms().eq(j, kt);
                    digit = self.terms().ite(here, dk, digit);
                }
                let digit = self.terms().zero_ext(28, digit);
                let ten = self.terms().int(10);
                let letter = self.terms().cmp(BvCmp::Sge, digit, ten);
                let (zero_c, a_c) = (
                    self.terms().int(i32::from(b'0')),
                    self.terms().int(i32::from(b'a') - 10),
                );
                let as_digit = self.terms().bin(BvOp::Add, digit, zero_c);
                let as_letter = self.terms().bin(BvOp::Add, digit, a_c);
                self.terms().ite(letter, as_letter, as_digit)
            }
            Piece::Free(_) => self.free_char(out),
        }
    }

    /// Character `i` of fixed text (0 past its end).
    fn literal_char(&mut self, units: &[u16], i: TermId) -> TermId {
        let mut v = self.terms().int(0);
        for (k, &u) in units.iter().enumerate().rev() {
            let kt = self.terms().int(k as i32);
            let here = self.terms().eq(i, kt);
            let c = self.terms().int(i32::from(u));
            v = self.terms().ite(here, c, v);
        }
        v
    }

    /// A character the model does not follow.
    fn free_char(&mut self, out: &mut Vec<TermId>) -> TermId {
        let c = self.fresh("text-char", Sort::Bv(32));
        if let Some(r) = self.in_range(&JType::Char, c) {
            out.push(r);
        }
        c
    }

    /// `v`, or `null_len` when reference `s` is null.
    fn or_null_text(&mut self, s: TermId, v: TermId, null_len: i32) -> TermId {
        let zero = self.terms().int(0);
        let is_null = self.terms().eq(s, zero);
        let n = self.terms().int(null_len);
        self.terms().ite(is_null, n, v)
    }

    /// `c`, or character `i` of `"null"` when reference `s` is null.
    fn or_null_char(&mut self, s: TermId, i: TermId, c: TermId) -> TermId {
        let zero = self.terms().int(0);
        let is_null = self.terms().eq(s, zero);
        let n = self.literal_char(&utf16("null"), i);
        self.terms().ite(is_null, n, c)
    }

    /// Whether object `s` is a `java.lang.String`.
    fn is_string(&mut self, st: &Self::State, s: TermId) -> TermId {
        let Some(sid) = self.class_id(STRING) else {
            return self.terms().bool(false);
        };
        let class_of = self.terms().select(st.mem().types, s);
        let sid = self.terms().int(sid as i32);
        self.terms().eq(class_of, sid)
    }

    /// Character `k` of the text made of `pieces` one after the other,
    /// whose starts are `starts` (`k` below the total length).
    fn joined_char(
        &mut self,
        st: &mut Self::State,
        pieces: &[Piece],
        starts: &[TermId],
        k: TermId,
        out: &mut Vec<TermId>,
    ) -> TermId {
        // The last piece starting at or before k holds it (an empty piece
        // starts where the next one does).
        let mut v = self.terms().int(0);
        for (p, &start) in pieces.iter().zip(starts) {
            let at = self.terms().bin(BvOp::Sub, k, start);
            let c = self.piece_char(st, p, at, out);
            let here = self.terms().cmp(BvCmp::Sge, k, start);
            v = self.terms().ite(here, c, v);
        }
        v
    }

    /// The most characters of one string that the string, builder, number
    /// and format models follow exactly: `--max-array-length`, the most an
    /// input string may hold, so every input string is followed whole (at
    /// most [`MOST_FOLLOWED`], which keeps each query small). Past them a
    /// model leaves the characters or its result free, and says so
    /// ([`Self::past_followed`]).
    fn followed_chars(&self) -> i32 {
        i32::try_from(self.max_array_length())
            .unwrap_or(i32::MAX)
            .min(MOST_FOLLOWED)
    }

    /// [`Text::followed_chars`] as an `int` term.
    fn followed_term(&mut self) -> TermId {
        let most = self.followed_chars();
        self.terms().int(most)
    }

    /// The character-copy kernel of the string models: for each position
    /// `k` below `count` (the characters followed,
    /// [`Self::followed_chars`], or a model's own bound), `k < n`
    /// implies that the two characters `pair` reads at `k` are equal.
    /// `pair` puts the ranges of what it reads in `out`; each implication
    /// goes to `sink`, or to `out` after that position's reads.
    fn copy_chars(
        &mut self,
        st: &mut Self::State,
        (n, count): (TermId, i32),
        out: &mut Vec<TermId>,
        mut sink: Option<&mut Vec<TermId>>,
        mut pair: impl FnMut(&mut Self, &mut Self::State, TermId, &mut Vec<TermId>) -> (TermId, TermId),
    ) {
        for k in 0..count {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, n);
            let (c, d) = pair(self, st, kt, out);
            let same = self.terms().eq(c, d);
            let copied = self.terms().implies(inside, same);
            match sink.as_deref_mut() {
                Some(sink) => sink.push(copied),
                None => out.push(copied),
            }
        }
    }

    /// Names the condition under which a model leaves `v` free because
    /// the string of length `len` is longer than it follows: labeling
    /// prefers it false, and a state that needs it true rests on a free
    /// result (an assumption, so only the replay confirms it).
    fn past_followed(&mut self, len: TermId, v: TermId) -> TermId {
        let most = self.followed_term();
        let past = self.terms().cmp(BvCmp::Sgt, len, most);
        self.beyond_model(past, v)
    }

    /// String `r` holds `pieces` one after the other: its length exact, its
    /// first [`Self::followed_chars`] characters exact, the others free.
    fn string_of_pieces(
        &mut self,
        st: &mut Self::State,
        r: TermId,
        pieces: &[Piece],
        out: &mut Vec<TermId>,
    ) {
        let (starts, total) = self.layout(st, pieces, out);
        let len = self.string_length(st, r, out);
        out.push(self.terms().eq(len, total));
        out.push(self.past_followed(total, r));
        let count = self.followed_chars();
        self.copy_chars(st, (total, count), out, None, |ex, st, k, out| {
            let c = ex.joined_char(st, pieces, &starts, k, out);
            (c, ex.string_char(st, r, k, out))
        });
    }

    /// The starts of `pieces` one after the other, and the total length.
    fn layout(
        &mut self,
        st: &mut Self::State,
        pieces: &[Piece],
        out: &mut Vec<TermId>,
    ) -> (Vec<TermId>, TermId) {
        let mut starts = Vec::new();
        let mut at = self.terms().int(0);
        for p in pieces {
            starts.push(at);
            let len = self.piece_len(st, p, out);
            at = self.terms().bin(BvOp::Add, at, len);
            // Longer text is an OutOfMemoryError, not a normal path.
            let zero = self.terms().int(0);
            out.push(self.terms().cmp(BvCmp::Sge, at, zero));
        }
        (starts, at)
    }
}

impl<E: Engine + ?Sized> Text for E {}
