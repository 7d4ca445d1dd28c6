//! `java.lang.Character`'s classification, case mapping, `getType` and
//! `digit` ([`crate::jdk::characters`]) as constraints: exact on
//! every code point, from the JVM's own tables ([`crate::unicode`]): a
//! chain of cases, one per value the table takes, each a disjunction of
//! ranges of code points. This keeps the search out of `CharacterData`, the abstract JDK
//! class whose subclasses answer these calls from tables built by their
//! class initializers.
//!
//! When the tables do not hold for the JDK at hand (another feature
//! release) the answer is left free and flagged as beyond the model: more
//! behaviours than the JVM has, so refutations stay proofs, and a state
//! that relies on a free answer is checked by the replay.

use super::prelude::*;
use crate::jdk::characters::CharacterMethod;
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::unicode::{Image, Outside, Run, Table};

/// The `java.lang.Character` methods as constraints.
pub trait Characters: Engine {
    /// `result` of `method(c)`, for `c` at most `top` (0xFFFF for a
    /// `char`).
    fn character_call(
        &mut self,
        method: CharacterMethod,
        c: TermId,
        top: u32,
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        match crate::unicode::tables().map(|t| t.get(method.name())) {
            Ok(Some(table)) => {
                let exact = self.table_term(table, c, top, out);
                out.push(self.terms().eq(result, exact));
            }
            _ => {
                let all = self.terms().bool(true);
                out.push(self.beyond_model(all, result));
            }
        }
    }

    /// The image of Latin-1 character `c` under case mapping `method`, for
    /// the string models that map Latin-1 character by character; `None`
    /// without tables.
    fn latin1_mapping(&mut self, method: CharacterMethod, c: TermId) -> Option<TermId> {
        let table = crate::unicode::tables().ok()?.get(method.name())?;
        let runs = table.below(0xff);
        let low = self.terms().extract(15, 0, c);
        Some(self.runs_term(&runs, c, low, 16, c))
    }

    /// `result` of `Character.digit(c, radix)`: the value of `c` as a digit
    /// of `radix` (the table of `digit(c, 36)` below `radix`), -1 when it
    /// is none or the radix is outside 2..=36.
    fn character_digit(
        &mut self,
        c: TermId,
        radix: TermId,
        top: u32,
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        let Some(table) = crate::unicode::tables()
            .ok()
            .and_then(|t| t.get(CharacterMethod::DIGIT_TABLE))
        else {
            let all = self.terms().bool(true);
            out.push(self.beyond_model(all, result));
            return;
        };
        let v = self.table_term(table, c, top, out);
        let below = self.terms().cmp(BvCmp::Slt, v, radix);
        let (two, max) = (self.terms().int(2), self.terms().int(36));
        let r_lo = self.terms().cmp(BvCmp::Sge, radix, two);
        let r_hi = self.terms().cmp(BvCmp::Sle, radix, max);
        let ok = self.terms().and(vec![below, r_lo, r_hi]);
        let minus = self.terms().int(-1);
        let exact = self.terms().ite(ok, v, minus);
        out.push(self.terms().eq(result, exact));
    }

    /// `table`'s value at code point `c`, known to be at most `top` (any
    /// int for a code point: outside 0..=0x10FFFF the JDK answers as it
    /// does outside the runs), with its definition pushed on `out`.
    ///
    /// A fresh case number picks one image (a type, a predicate's 1, a
    /// mapping's shift, or the value outside the runs), and each case
    /// implies that `c` lies in one of its runs and what the value is. The
    /// cases partition the code points (the outside one is made of the
    /// runs' complement), so the value is exact; and a path that needs one
    /// value constrains `c` by that case's runs alone: Z3 decides
    /// `getType(c) == CURRENCY_SYMBOL` in milliseconds, where a chain of
    /// `ite` over 1,925 runs took a second a check. The runs compare `c`'s
    /// low bits unsigned: 16 for a `char`, 21 for a code point.
    fn table_term(&mut self, table: &Table, c: TermId, top: u32, out: &mut Vec<TermId>) -> TermId {
        let runs = table.below(top);
        let width = 32 - top.leading_zeros();
        let low = self.terms().extract(width - 1, 0, c);
        let mut cases: Vec<(Option<Image>, Vec<TermId>)> = Vec::new();
        for run in &runs {
            let on = self.run_holds(run, low, width);
            match cases
                .iter_mut()
                .find(|(image, _)| *image == Some(run.image))
            {
                Some((_, ons)) => ons.push(on),
                None => cases.push((Some(run.image), vec![on])),
            }
        }
        let gaps = crate::unicode::complement(&runs, top);
        let gaps = gaps.iter().map(|g| self.run_holds(g, low, width)).collect();
        cases.push((None, gaps));
        // A code point argument may be outside 0..=top (a `char` cannot).
        let code_point = (width > 16).then(|| {
            let limit = self.terms().int(top as i32 + 1);
            self.terms().cmp(BvCmp::Ult, c, limit)
        });
        let value = self.fresh("character-value", Sort::Bv(32));
        let case = self.fresh("character-case", Sort::Bv(32));
        let mut some = Vec::new();
        for (k, (image, ons)) in cases.into_iter().enumerate() {
            let k = self.terms().int(k as i32);
            let chosen = self.terms().eq(case, k);
            some.push(chosen);
            let mut member = self.terms().or(ons);
            if let Some(code_point) = code_point {
                member = if image.is_some() {
                    self.terms().and(vec![code_point, member])
                } else {
                    let not_code_point = self.terms().not(code_point);
                    self.terms().or(vec![not_code_point, member])
                };
            }
            let image = match image {
                Some(Image::Shift(d)) => {
                    let d = self.terms().int(d);
                    self.terms().bin(BvOp::Add, c, d)
                }
                Some(Image::Constant(k)) => self.terms().int(k),
                None => match table.outside {
                    Outside::Identity => c,
                    Outside::Constant(v) => self.terms().int(v),
                },
            };
            let is = self.terms().eq(value, image);
            let both = self.terms().and(vec![member, is]);
            out.push(self.terms().implies(chosen, both));
        }
        out.push(self.terms().or(some));
        value
    }

    /// The value at `c` of `runs` (disjoint), `outside` elsewhere, where
    /// `low` is `c`'s `width` low bits: a chain of `ite`, one case per
    /// image, each a disjunction of its runs — for the few runs of
    /// Latin-1's case mappings.
    fn runs_term(
        &mut self,
        runs: &[Run],
        c: TermId,
        low: TermId,
        width: u32,
        outside: TermId,
    ) -> TermId {
        let mut images: Vec<(Image, Vec<TermId>)> = Vec::new();
        for run in runs {
            let on = self.run_holds(run, low, width);
            match images.iter_mut().find(|(image, _)| *image == run.image) {
                Some((_, ons)) => ons.push(on),
                None => images.push((run.image, vec![on])),
            }
        }
        let mut v = outside;
        for (image, ons) in images.into_iter().rev() {
            let member = self.terms().or(ons);
            let value = match image {
                Image::Shift(d) => {
                    let d = self.terms().int(d);
                    self.terms().bin(BvOp::Add, c, d)
                }
                Image::Constant(k) => self.terms().int(k),
            };
            v = self.terms().ite(member, value, v);
        }
        v
    }

    /// `low`, a code point's `width` low bits, is one of `run`'s.
    fn run_holds(&mut self, run: &Run, low: TermId, width: u32) -> TermId {
        let first = self.terms().bv(i64::from(run.first), width);
        if run.first == run.last {
            return self.terms().eq(low, first);
        }
        let last = self.terms().bv(i64::from(run.last), width);
        let below = self.terms().cmp(BvCmp::Ult, low, first);
        let above = self.terms().cmp(BvCmp::Ult, last, low);
        let mut on = vec![self.terms().not(below), self.terms().not(above)];
        if run.stride > 1 {
            // Strides are 1 or 2 (Tables.java): the parity of the offset.
            let offset = self.terms().bin(BvOp::Sub, low, first);
            let parity = self.terms().extract(0, 0, offset);
            let even = self.terms().bv(0, 1);
            on.push(self.terms().eq(parity, even));
        }
        self.terms().and(on)
    }
}

impl<E: Engine + ?Sized> Characters for E {}
