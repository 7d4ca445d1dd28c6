//! `StringBuilder` and `StringBuffer` (both `AbstractStringBuilder`, JDK
//! 17) as the search models them: a mutable length and mutable characters
//! per builder, two heap arrays like a field's ([`FieldKey::builder_length`],
//! [`FieldKey::builder_chars`]), apart from the JDK's own fields (`value`,
//! `coder`, `count`), which no explored bytecode may read
//! (`rules::fields`, `field_key`, cuts such a read).
//!
//! Every method of the three classes is an intrinsic here, on its normal
//! path (its exceptions are explored in its bytecode, see
//! [`super::throws`]):
//!
//! - exact: the constructors, `append` of a `String`, `CharSequence`,
//!   `char`, `int`, `long` or `boolean` (string conversion,
//!   [`super::text`]), `insert` of the same at an offset, `length`,
//!   `charAt`, `setCharAt`, `setLength`, `deleteCharAt`, `delete`,
//!   `reverse` (a surrogate there leaves that character free), `substring`
//!   and `toString` (the new string's first [`Explorer::followed_chars`] characters; the
//!   others are free);
//! - `append(Object)` and `insert(int, Object)` are not intrinsics: their
//!   bytecode converts the object (`String.valueOf`) and calls the
//!   `String` form;
//! - any other method ([`BuilderMethod::Other`]): a result the model does
//!   not follow, and, unless the method only reads, the builder's contents
//!   become unknown — more behaviours than the JVM has, so refutations stay
//!   proofs. One that hands out the builder's internals (`getValue`) or
//!   writes an argument (`getChars`) is cut with a reason.
//!
//! The backward search states each effect only on the cells that later
//! reads use ([`Explorer::redefine_cells`]): `after(b, k)` in terms of
//! `prior`. A builder the method is given (a parameter, a field, an
//! object the code tests with `instanceof`) has at the entry the length
//! and characters these arrays hold there, which labeling makes concrete
//! (`labeling::builders`: `new StringBuilder("…")`).

use super::calls::Env;
use super::cmv::St;
use super::explore::Explorer;
use super::sequence::{Effect, SequenceKeys};
use super::unsupported::Unsupported;
use crate::classfile::JType;
use crate::jdk::methods::{BuilderMethod, BUILDER_CLASSES};
use crate::jdk::strings::prelude::{StringCopies, StringMemory, Text};
use crate::jdk::strings::text::Piece;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;

/// Methods among [`BuilderMethod::Other`] that change nothing.
const READ_ONLY: [&str; 10] = [
    "indexOf",
    "lastIndexOf",
    "capacity",
    "codePointAt",
    "codePointBefore",
    "codePointCount",
    "offsetByCodePoints",
    "compareTo",
    "isEmpty",
    "hashCode",
];

/// A call of a builder method: the method (`name`), the builder `b` (the
/// receiver), the other arguments typed, the result and the call's
/// instruction index.
#[derive(Clone, Copy)]
struct BuilderCall<'p> {
    method: BuilderMethod,
    name: &'p str,
    b: TermId,
    args: &'p [(TermId, JType)],
    result: Option<&'p (TermId, JType)>,
    index: usize,
}

impl Explorer<'_> {
    /// The constraints of builder method `method` (`name`) called at
    /// `index`, with the call's parameters (the receiver first, typed) and
    /// result in `env`.
    pub(super) fn builder_call(
        &mut self,
        st: &mut St,
        method: BuilderMethod,
        name: &str,
        env: &Env,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let (params, result) = (&env.params, env.result.as_ref());
        let b = params.first().ok_or(Unsupported::NoReceiver)?.0;
        let args = &params[1..];
        // A method returning the builder (`append`, `insert`, … and their
        // bridges typed `Appendable`/`AbstractStringBuilder`) returns `this`.
        if let Some((r, JType::Object(c))) = result {
            // `subSequence` returns its substring typed `CharSequence`.
            let text = c == "java/lang/String"
                || (c == "java/lang/CharSequence" && method == BuilderMethod::Substring);
            if !text {
                if c == "java/lang/Appendable" || BUILDER_CLASSES.contains(&c.as_str()) {
                    out.push(self.terms.eq(*r, b));
                } else {
                    return Err(Unsupported::BuilderInternals(name.to_string()));
                }
            }
        }
        let call = BuilderCall {
            method,
            name,
            b,
            args,
            result,
            index,
        };
        match method {
            BuilderMethod::Init => self.builder_init(st, &call, out),
            BuilderMethod::Append | BuilderMethod::Insert => {
                self.builder_append_or_insert(st, &call, out)
            }
            BuilderMethod::Length => self.builder_length_call(st, &call, out),
            BuilderMethod::CharAt => self.builder_char_at(st, &call, out),
            BuilderMethod::SetCharAt => self.builder_set_char_at(st, &call, out),
            BuilderMethod::SetLength => self.builder_set_length(st, &call, out),
            BuilderMethod::DeleteCharAt | BuilderMethod::Delete => {
                self.builder_delete(st, &call, out)
            }
            BuilderMethod::Reverse => self.builder_reverse(st, &call, out),
            BuilderMethod::Substring | BuilderMethod::ToString => {
                self.builder_substring(st, &call, out)
            }
            BuilderMethod::Other => self.builder_other(st, &call, out),
        }
    }

    /// A constructor: empty, with a capacity, or with the characters of a `String` or `CharSequence`.
    fn builder_init(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall { b, args, .. } = *call;
        let zero = self.terms.int(0);
        let piece = match args.first() {
            None => Piece::Literal(Vec::new()),
            Some((cap, JType::Int)) => {
                // NegativeArraySizeException otherwise.
                out.push(self.terms.cmp(BvCmp::Sge, *cap, zero));
                Piece::Literal(Vec::new())
            }
            Some((s, ty)) => {
                out.push(self.terms.ne(*s, zero));
                self.piece_of(*s, ty, out)
            }
        };
        let len = self.piece_len(st, &piece, out);
        let e = self.builder_before(st, b, out);
        let mut piece_cons = Vec::new();
        self.sequence_after(st, &e, len, out, &mut |ex, st, _, i, _| {
            (ex.piece_char(st, &piece, i, &mut piece_cons), Vec::new())
        });
        out.extend(piece_cons);
        Ok(())
    }

    /// `append(x)` and `insert(offset, x)`.
    fn builder_append_or_insert(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall {
            method, b, args, ..
        } = *call;
        let zero = self.terms.int(0);
        let (offset, x) = match method {
            BuilderMethod::Insert => (Some(args[0].0), &args[1]),
            _ => (None, &args[0]),
        };
        let piece = self.piece_of(x.0, &x.1, out);
        let n = self.piece_len(st, &piece, out);
        let e = self.builder_before(st, b, out);
        let at = offset.unwrap_or(e.old);
        if offset.is_some() {
            // StringIndexOutOfBoundsException otherwise.
            out.push(self.terms.cmp(BvCmp::Sge, at, zero));
            out.push(self.terms.cmp(BvCmp::Sle, at, e.old));
        }
        let total = self.terms.bin(BvOp::Add, e.old, n);
        out.push(self.terms.cmp(BvCmp::Sge, total, zero));
        let end = self.terms.bin(BvOp::Add, at, n);
        let mut piece_cons = Vec::new();
        self.sequence_after(st, &e, total, out, &mut |ex, st, cells, i, _| {
            // i < at: kept; at <= i < at + n: the piece; past it:
            // the character n before.
            let rel = ex.terms.bin(BvOp::Sub, i, at);
            let c = ex.piece_char(st, &piece, rel, &mut piece_cons);
            let before = ex.terms.cmp(BvCmp::Slt, i, at);
            let inside = ex.terms.cmp(BvCmp::Slt, i, end);
            let (kept, used_k) = ex.sequence_cell(cells, b, i);
            let mut used = vec![used_k];
            let v = if offset.is_some() {
                let back = ex.terms.bin(BvOp::Sub, i, n);
                let (moved, used_m) = ex.sequence_cell(cells, b, back);
                used.push(used_m);
                ex.terms.ite(inside, c, moved)
            } else {
                c
            };
            (ex.terms.ite(before, kept, v), used)
        });
        out.extend(piece_cons);
        Ok(())
    }

    /// `length()`.
    fn builder_length_call(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall { b, result, .. } = *call;
        let r = result.ok_or(Unsupported::NoResult)?.0;
        let len = self.builder_length(st, b, out);
        out.push(self.terms.eq(r, len));
        Ok(())
    }

    /// `charAt(i)` on its normal path.
    fn builder_char_at(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall {
            b, args, result, ..
        } = *call;
        let zero = self.terms.int(0);
        let r = result.ok_or(Unsupported::NoResult)?.0;
        let i = args[0].0;
        let len = self.builder_length(st, b, out);
        out.push(self.terms.cmp(BvCmp::Sge, i, zero));
        out.push(self.terms.cmp(BvCmp::Slt, i, len));
        let c = self.builder_char(st, b, i, out);
        out.push(self.terms.eq(r, c));
        Ok(())
    }

    /// `setCharAt(i, c)` on its normal path.
    fn builder_set_char_at(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall { b, args, .. } = *call;
        let zero = self.terms.int(0);
        let (i, c) = (args[0].0, args[1].0);
        let e = self.builder_before(st, b, out);
        out.push(self.terms.cmp(BvCmp::Sge, i, zero));
        out.push(self.terms.cmp(BvCmp::Slt, i, e.old));
        self.sequence_after(st, &e, e.old, out, &mut |ex, _, cells, k, _| {
            let (kept, used) = ex.sequence_cell(cells, b, k);
            let here = ex.terms.eq(k, i);
            (ex.terms.ite(here, c, kept), vec![used])
        });
        Ok(())
    }

    /// `setLength(n)`: characters past the old length are `'\0'`.
    fn builder_set_length(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall { b, args, .. } = *call;
        let zero = self.terms.int(0);
        let n = args[0].0;
        out.push(self.terms.cmp(BvCmp::Sge, n, zero));
        let e = self.builder_before(st, b, out);
        self.sequence_after(st, &e, n, out, &mut |ex, _, cells, k, old| {
            // Characters past the old length are '\0'.
            let (kept, used) = ex.sequence_cell(cells, b, k);
            let within = ex.terms.cmp(BvCmp::Slt, k, old);
            let nul = ex.terms.int(0);
            (ex.terms.ite(within, kept, nul), vec![used])
        });
        Ok(())
    }

    /// `deleteCharAt(i)` and `delete(start, end)`.
    fn builder_delete(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall {
            method, b, args, ..
        } = *call;
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        let e = self.builder_before(st, b, out);
        let len = e.old;
        let (start, n) = if method == BuilderMethod::DeleteCharAt {
            let i = args[0].0;
            out.push(self.terms.cmp(BvCmp::Sge, i, zero));
            out.push(self.terms.cmp(BvCmp::Slt, i, len));
            (i, one)
        } else {
            // `end` is clamped to the length; then
            // 0 <= start <= end (else StringIndexOutOfBoundsException).
            let (start, end) = (args[0].0, args[1].0);
            let past = self.terms.cmp(BvCmp::Sgt, end, len);
            let end = self.terms.ite(past, len, end);
            out.push(self.terms.cmp(BvCmp::Sge, start, zero));
            out.push(self.terms.cmp(BvCmp::Sle, start, end));
            (start, self.terms.bin(BvOp::Sub, end, start))
        };
        let new_len = self.terms.bin(BvOp::Sub, len, n);
        self.sequence_after(st, &e, new_len, out, &mut |ex, _, cells, k, _| {
            let from = ex.terms.bin(BvOp::Add, k, n);
            let (moved, used_m) = ex.sequence_cell(cells, b, from);
            let (kept, used_k) = ex.sequence_cell(cells, b, k);
            let before = ex.terms.cmp(BvCmp::Slt, k, start);
            (ex.terms.ite(before, kept, moved), vec![used_m, used_k])
        });
        Ok(())
    }

    /// `reverse()`.
    fn builder_reverse(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall { b, .. } = *call;
        let e = self.builder_before(st, b, out);
        self.sequence_after(st, &e, e.old, out, &mut |ex, _, cells, k, old| {
            ex.reversed_char(cells, b, k, old)
        });
        Ok(())
    }

    /// `substring(start[, end])` and `toString()`: a new string.
    fn builder_substring(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall {
            method,
            b,
            args,
            result,
            index,
            ..
        } = *call;
        let zero = self.terms.int(0);
        let r = result.ok_or(Unsupported::NoResult)?.0;
        let len = self.builder_length(st, b, out);
        let (start, end) = match (method, args) {
            (BuilderMethod::ToString, _) => (zero, len),
            (_, [s]) => (s.0, len),
            (_, [s, e, ..]) => (s.0, e.0),
            _ => return Err(Unsupported::NoSuchParameter),
        };
        out.push(self.terms.cmp(BvCmp::Sge, start, zero));
        out.push(self.terms.cmp(BvCmp::Sle, start, end));
        out.push(self.terms.cmp(BvCmp::Sle, end, len));
        self.new_string(st, r, index, out)?;
        let n = self.terms.bin(BvOp::Sub, end, start);
        let len_r = self.string_length(st, r, out);
        out.push(self.terms.eq(len_r, n));
        out.push(self.past_followed(n, r));
        let count = self.followed_chars();
        self.copy_chars(st, (n, count), out, None, |ex, st, k, out| {
            let from = ex.terms.bin(BvOp::Add, start, k);
            let c = ex.builder_char(st, b, from, out);
            (c, ex.string_char(st, r, k, out))
        });
        Ok(())
    }

    /// Any other method: a new `String` result, and unless it only reads, the builder's contents unknown.
    fn builder_other(
        &mut self,
        st: &mut St,
        call: &BuilderCall<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let BuilderCall {
            name,
            b,
            result,
            index,
            ..
        } = *call;
        if name == "getChars" {
            return Err(Unsupported::BuilderInternals(name.to_string()));
        }
        if let Some((r, JType::Object(c))) = result {
            if c == "java/lang/String" {
                self.new_string(st, *r, index, out)?;
            }
        }
        if !READ_ONLY.contains(&name) {
            self.builder_havoc(st, b, out);
        }
        Ok(())
    }
    /// The length of builder `b` at this point (never negative).
    fn builder_length(&mut self, st: &mut St, b: TermId, out: &mut Vec<TermId>) -> TermId {
        let lengths = self.heap_array(st, FieldKey::builder_length(), Sort::Array(32));
        let len = self.terms.select(lengths, b);
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, len, zero));
        len
    }

    /// Character `k` of builder `b` at this point.
    fn builder_char(&mut self, st: &mut St, b: TermId, k: TermId, out: &mut Vec<TermId>) -> TermId {
        let cells = self.heap_array(st, FieldKey::builder_chars(), Sort::Cells(32));
        let (c, key) = self.sequence_cell(cells, b, k);
        st.mem.cell_reads.push((cells, key));
        if let Some(r) = self.in_range(&JType::Char, c) {
            out.push(r);
        }
        c
    }

    /// The character at `k` of builder `b` (of length `n`, characters
    /// `cells` before the call) after `reverse()`, as JDK 17's
    /// `AbstractStringBuilder.reverse` makes it: the character from the
    /// other end, `r[k] = c[n-1-k]`, then every low surrogate followed by a
    /// high one in `r` swapped back with it, left to right, so that a
    /// surrogate pair stays in order. Such pairs never overlap (a
    /// character is not both low and high), so the swap is local:
    /// `r'[k]` is `r[k+1]` when `r[k]` is low and `r[k+1]` high, `r[k-1]`
    /// when `r[k]` is high and `r[k-1]` low, else `r[k]`.
    fn reversed_char(
        &mut self,
        cells: TermId,
        b: TermId,
        k: TermId,
        n: TermId,
    ) -> (TermId, Vec<TermId>) {
        let one = self.terms.int(1);
        let zero = self.terms.int(0);
        let last = self.terms.bin(BvOp::Sub, n, one);
        // r[k], r[k+1] and r[k-1]: c[n-1-k], c[n-2-k] and c[n-k].
        let from = self.terms.bin(BvOp::Sub, last, k);
        let next_from = self.terms.bin(BvOp::Sub, from, one);
        let prev_from = self.terms.bin(BvOp::Add, from, one);
        let (here, used_h) = self.sequence_cell(cells, b, from);
        let (next, used_n) = self.sequence_cell(cells, b, next_from);
        let (prev, used_p) = self.sequence_cell(cells, b, prev_from);
        let has_next = self.terms.cmp(BvCmp::Sge, next_from, zero);
        let has_prev = self.terms.cmp(BvCmp::Sgt, k, zero);
        let (low_lo, low_hi) = (self.terms.int(0xDC00), self.terms.int(0xDFFF));
        let (high_lo, high_hi) = (self.terms.int(0xD800), self.terms.int(0xDBFF));
        let within = |ex: &mut Self, c: TermId, lo: TermId, hi: TermId| {
            let a = ex.terms.cmp(BvCmp::Sge, c, lo);
            let z = ex.terms.cmp(BvCmp::Sle, c, hi);
            ex.terms.and(vec![a, z])
        };
        let here_low = within(self, here, low_lo, low_hi);
        let here_high = within(self, here, high_lo, high_hi);
        let next_high = within(self, next, high_lo, high_hi);
        let prev_low = within(self, prev, low_lo, low_hi);
        let swap_next = self.terms.and(vec![here_low, has_next, next_high]);
        let swap_prev = self.terms.and(vec![here_high, has_prev, prev_low]);
        let v = self.terms.ite(swap_prev, prev, here);
        let v = self.terms.ite(swap_next, next, v);
        (v, vec![used_h, used_n, used_p])
    }

    /// Steps back to just before an effect on builder `b`
    /// ([`Explorer::sequence_before`] over the builders' arrays).
    fn builder_before(&mut self, st: &mut St, b: TermId, out: &mut Vec<TermId>) -> Effect {
        let keys = SequenceKeys {
            length: FieldKey::builder_length(),
            cells: FieldKey::builder_chars(),
            cells_sort: Sort::Cells(32),
        };
        self.sequence_before(st, &keys, b, out)
    }

    /// Steps back over a call that may change builder `b` in ways the
    /// model does not follow: its length and characters after it are free.
    fn builder_havoc(&mut self, st: &mut St, b: TermId, out: &mut Vec<TermId>) {
        let new_len = self.fresh("builder-length", Sort::Bv(32));
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Sge, new_len, zero));
        // Always outside the model: a state on this path rests on the free
        // contents.
        let always = self.terms.bool(true);
        out.push(self.beyond_model(always, new_len));
        let e = self.builder_before(st, b, out);
        let mut free = Vec::new();
        self.sequence_after(st, &e, new_len, out, &mut |ex, _, _, _, _| {
            let c = ex.fresh("builder-char", Sort::Bv(32));
            if let Some(r) = ex.in_range(&JType::Char, c) {
                free.push(r);
            }
            (c, Vec::new())
        });
        out.extend(free);
    }

    /// String `s` holds the contents of builder `b` (not null) at this
    /// point: `new String(StringBuilder)`, the first [`Explorer::followed_chars`]
    /// characters related, the others free.
    pub(super) fn string_of_builder(
        &mut self,
        st: &mut St,
        s: TermId,
        b: TermId,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.non_null(b));
        let len = self.builder_length(st, b, out);
        let len_s = self.string_length(st, s, out);
        out.push(self.terms.eq(len_s, len));
        out.push(self.past_followed(len, s));
        let count = self.followed_chars();
        self.copy_chars(st, (len, count), out, None, |ex, st, k, out| {
            let c = ex.builder_char(st, b, k, out);
            (c, ex.string_char(st, s, k, out))
        });
    }
}
