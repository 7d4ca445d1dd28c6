//! `java.util.regex` for *literal* regular expressions: `Pattern.compile`,
//! `Pattern.matcher`, `Matcher.find`, `Matcher.start` and `Matcher.end` as
//! intrinsics on their normal paths (their exceptions are explored in their
//! bytecode, see `search/throws.rs`), instead of the JDK's regex compiler
//! and matcher, in which the backward search drowns.
//!
//! The model holds, as heap arrays like a field's, apart from the JDK's own
//! fields:
//!
//! - per `Pattern`, its regex (`<regex>`, immutable);
//! - per `Matcher`, its pattern and text (`<pattern>`, `<text>`, immutable:
//!   `reset(CharSequence)` and `usePattern` are not modelled) and the JDK's
//!   match state (`<first>`, `<last>`, as `Matcher.first` and `last`):
//!   `first` is the start of the current match, -1 when there is none;
//!   `last` is its end, where the next `find` starts.
//!
//! JDK 17 semantics followed (`Matcher.find`, `search`, `start`, `end`, with
//! the whole text as the region):
//!
//! - `matcher(t)`: `first = -1`, `last = 0`;
//! - `find()`: it searches from `n = last`, or `last + 1` when the current
//!   match is empty (`last == first`); past the end of the text it fails
//!   and leaves `first` as it is; else the match is at the first `i >= n`
//!   where the text contains the regex (`String.indexOf(String, int)`,
//!   [`StringMethod::IndexOfString`](super::StringMethod)): `first = i`,
//!   `last = i + length`, result true; with none, `first = -1`, `last`
//!   unchanged, result false;
//! - `start()` and `end()`: `first` and `last`, on the normal path with
//!   `first >= 0` (else IllegalStateException).
//!
//! Exact for a *literal* regex: at most [`LITERAL`] characters, none of
//! them a metacharacter (`\ ^ $ . | ? * + ( ) [ ] { }`) nor a surrogate, so
//! that `Pattern` compiles it to a slice of exactly those characters,
//! matched against a text of at most [`TEXT`] characters (the string
//! model's reach). The model also takes every pattern and matcher to be
//! made on the path by these intrinsics, and every text to be a `String`.
//! The path is *restricted* to those cases, which leaves runs out (a longer
//! text is left out rather than given a free outcome: a free outcome of
//! each `find` on its own would let a failed `find` be followed by one
//! that succeeds, a path the search would take first and the JVM refute):
//! each intrinsic records an assumption, so no proof rests on the
//! restriction (the target is then `unknown`, never `unreachable`). A
//! reached state is checked by the replay as any other.
//!
//! Any other method of `Pattern` and `Matcher` is explored in the JDK's
//! bytecode, where the JDK's own fields of a pattern or matcher made here
//! are not related to the model's (a read of one is free: more behaviours
//! than the JVM has, and such a path carries the assumption).

use super::prelude::*;
use crate::classfile::JType;
use crate::frames::VType;
use crate::jdk::methods::RegexMethod;
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;

const PATTERN: &str = "java/util/regex/Pattern";
const MATCHER: &str = "java/util/regex/Matcher";
const STRING: &str = "java/lang/String";

/// The longest regex the model takes for literal.
const LITERAL: i32 = super::text::TOKEN_CHARS;

/// The longest text the model searches.
const TEXT: i32 = super::text::TOKEN_CHARS;

/// The characters with a meaning of their own in a regex.
const META: &[u8] = b"\\^$.|?*+()[]{}";

// The assumption's text below names the bounds.
const _: () = assert!(LITERAL == 16 && TEXT == 16);

/// What every path through these intrinsics is restricted to.
const ASSUMPTION: &str = "regular expressions were taken to be literal (at most 16 characters, \
     no metacharacter nor surrogate), compiled and matched on the path, against a String of at \
     most 16 characters";

/// A model field (see the module's documentation).
fn field(class: &str, name: &str) -> FieldKey {
    FieldKey {
        class: class.into(),
        name: name.into(),
    }
}

/// The sort of model field `name`'s heap array: the pattern, text and
/// regex are objects, the bounds of the match `int`s.
fn part_sort(name: &str) -> Sort {
    match name {
        "<pattern>" | "<text>" | "<regex>" => Sort::RefArray,
        _ => Sort::Array(32),
    }
}

/// `java.util.regex` for literal regular expressions.
pub trait Regexes: Engine {
    /// The constraints of `method` called at `index` with `params` (the
    /// receiver first; `compile`'s regex) and result `r`.
    fn regex_call(
        &mut self,
        st: &mut Self::State,
        method: RegexMethod,
        params: &[(TermId, JType)],
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        self.assume(ASSUMPTION.to_string());
        let first = params.first().ok_or(Unsupported::NoReceiver)?.0;
        match method {
            RegexMethod::Compile => self.compile(st, first, r, index, out),
            RegexMethod::Matcher => {
                let text = params.get(1).ok_or(Unsupported::NoSuchParameter)?.0;
                self.new_matcher(st, first, text, r, index, out)
            }
            RegexMethod::Find => {
                self.find(st, first, r, out);
                Ok(())
            }
            RegexMethod::Start | RegexMethod::End => {
                self.match_bound(st, first, method == RegexMethod::End, r, out);
                Ok(())
            }
        }
    }

    /// `Pattern.compile(s)`: `s` is not null and literal, `r` a new
    /// pattern of it.
    fn compile(
        &mut self,
        st: &mut Self::State,
        s: TermId,
        r: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        out.push(self.non_null(s));
        let literal = self.literal(st, s, out);
        out.push(literal);
        self.allocated_by_call(st, PATTERN, r, index, out)?;
        let regexes = self.heap_array(st, field(PATTERN, "<regex>"), Sort::RefArray);
        let regex = self.terms().select(regexes, r);
        out.push(self.terms().eq(regex, s));
        Ok(())
    }

    /// String `s` is a literal regex.
    fn literal(&mut self, st: &mut Self::State, s: TermId, out: &mut Vec<TermId>) -> TermId {
        let len = self.string_length(st, s, out);
        let most = self.terms().int(LITERAL);
        let mut all = vec![self.terms().cmp(BvCmp::Sle, len, most)];
        let (lo, hi) = (self.terms().int(0xD800), self.terms().int(0xDFFF));
        for k in 0..LITERAL {
            let kt = self.terms().int(k);
            let inside = self.terms().cmp(BvCmp::Slt, kt, len);
            let c = self.string_char(st, s, kt, out);
            let mut plain: Vec<TermId> = META
                .iter()
                .map(|&m| {
                    let m = self.terms().int(i32::from(m));
                    self.terms().ne(c, m)
                })
                .collect();
            let below = self.terms().cmp(BvCmp::Slt, c, lo);
            let above = self.terms().cmp(BvCmp::Sgt, c, hi);
            plain.push(self.terms().or(vec![below, above]));
            let plain = self.terms().and(plain);
            all.push(self.terms().implies(inside, plain));
        }
        self.terms().and(all)
    }

    /// `p.matcher(text)`: `p` a pattern compiled on the path, `text` a
    /// string (not null), `m` a new matcher with no match, searching from 0.
    fn new_matcher(
        &mut self,
        st: &mut Self::State,
        p: TermId,
        t: TermId,
        m: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        if let Some(c) = self.text_not_a_string(st, index) {
            return Err(Unsupported::RegexText(c.replace('/', ".")));
        }
        out.push(self.made_on_path(p));
        out.push(self.non_null(t));
        let is_string = self.is_string(st, t);
        out.push(is_string);
        self.allocated_by_call(st, MATCHER, m, index, out)?;
        let minus_one = self.terms().int(-1);
        let zero = self.terms().int(0);
        for (name, v) in [
            ("<pattern>", p),
            ("<text>", t),
            ("<first>", minus_one),
            ("<last>", zero),
        ] {
            let values = self.heap_array(st, field(MATCHER, name), part_sort(name));
            let held = self.terms().select(values, m);
            out.push(self.terms().eq(held, v));
        }
        Ok(())
    }

    /// The class of the text passed to `matcher` at `index`, as the frame
    /// types it, when no `String` has it (a `StringBuilder`).
    fn text_not_a_string(&self, st: &mut Self::State, index: usize) -> Option<String> {
        let m = st.site();
        let pc = m.pc(index);
        match m.frames.at(pc)?.stack.last()? {
            VType::Ref(c) if !self.may_assign(STRING, c) => Some(c.clone()),
            _ => None,
        }
    }

    /// Object `o` was allocated on the path (not an input).
    fn made_on_path(&mut self, o: TermId) -> TermId {
        let zero = self.terms().int(0);
        self.terms().cmp(BvCmp::Slt, o, zero)
    }

    /// Matcher `m`'s `name` (immutable).
    fn matcher_part(&mut self, st: &mut Self::State, m: TermId, name: &str) -> TermId {
        let values = self.heap_array(st, field(MATCHER, name), part_sort(name));
        self.terms().select(values, m)
    }

    /// `m.start()` (`end`: `m.end()`) is `r`: on the normal path there is
    /// a match.
    fn match_bound(
        &mut self,
        st: &mut Self::State,
        m: TermId,
        end: bool,
        r: TermId,
        out: &mut Vec<TermId>,
    ) {
        out.push(self.made_on_path(m));
        let first = self.matcher_part(st, m, "<first>");
        let zero = self.terms().int(0);
        out.push(self.terms().cmp(BvCmp::Sge, first, zero));
        let v = if end {
            self.matcher_part(st, m, "<last>")
        } else {
            first
        };
        out.push(self.terms().eq(r, v));
    }

    /// `m.find()` is `r`, stepping back over its change of `m`'s match.
    fn find(&mut self, st: &mut Self::State, m: TermId, r: TermId, out: &mut Vec<TermId>) {
        out.push(self.made_on_path(m));
        let p = self.matcher_part(st, m, "<pattern>");
        let t = self.matcher_part(st, m, "<text>");
        let regexes = self.heap_array(st, field(PATTERN, "<regex>"), Sort::RefArray);
        let regex = self.terms().select(regexes, p);
        let literal = self.literal(st, regex, out);
        out.push(literal);
        let step = self.match_before(st, m);
        let (first, last) = (step.first, step.last);
        // Where the search starts: past an empty match.
        let one = self.terms().int(1);
        let empty = self.terms().eq(last, first);
        let next = self.terms().bin(BvOp::Add, last, one);
        let n = self.terms().ite(empty, next, last);
        let len = self.string_length(st, t, out);
        let most = self.terms().int(TEXT);
        out.push(self.terms().cmp(BvCmp::Sle, len, most));
        let past = self.terms().cmp(BvCmp::Sgt, n, len);
        // Exact: the text is within the string model's reach.
        let (at, _) = self.index_of_string(st, t, regex, n, out);
        let zero = self.terms().int(0);
        let hit = self.terms().cmp(BvCmp::Sge, at, zero);
        let within = self.terms().not(past);
        let found = self.terms().and(vec![within, hit]);
        let v = self.terms().ite(found, one, zero);
        out.push(self.terms().eq(r, v));
        let minus_one = self.terms().int(-1);
        let missed = self.terms().ite(past, first, minus_one);
        let new_first = self.terms().ite(found, at, missed);
        let len_regex = self.string_length(st, regex, out);
        let end = self.terms().bin(BvOp::Add, at, len_regex);
        let new_last = self.terms().ite(found, end, last);
        self.match_after(&step, m, new_first, new_last, out);
    }

    /// Steps back to just before a change of matcher `m`'s match: the
    /// arrays of `<first>` and `<last>` become fresh ones for the state
    /// before the call (those after it, if a later read made them, are
    /// kept in the [`MatchStep`]).
    fn match_before(&mut self, st: &mut Self::State, m: TermId) -> MatchStep {
        let [first, last] = ["<first>", "<last>"].map(|name| {
            let key = field(MATCHER, name);
            let after = st.mem().fields.get(&key).copied();
            let prior = self.fresh(&key.to_string(), Sort::Array(32));
            st.mem_mut().fields.insert(key, prior);
            (after, prior)
        });
        MatchStep {
            first: self.terms().select(first.1, m),
            last: self.terms().select(last.1, m),
            arrays: [first, last],
        }
    }

    /// States the change: after the call, `m`'s match is `first`, `last`,
    /// and every other matcher's is as before.
    fn match_after(
        &mut self,
        step: &MatchStep,
        m: TermId,
        first: TermId,
        last: TermId,
        out: &mut Vec<TermId>,
    ) {
        for ((after, prior), v) in step.arrays.into_iter().zip([first, last]) {
            if let Some(after) = after {
                let updated = self.terms().store(prior, m, v);
                out.push(self.terms().eq(after, updated));
            }
        }
    }
}

impl<E: Engine + ?Sized> Regexes for E {}

/// A matcher's change being stepped over: for `<first>` and `<last>`, the
/// array after the call (if the path reads it later) and the one before;
/// and the matcher's values before.
pub struct MatchStep {
    arrays: [(Option<TermId>, TermId); 2],
    first: TermId,
    last: TermId,
}
