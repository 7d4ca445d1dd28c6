//! String concatenation as javac compiles it since JDK 9 (JLS §15.18.1):
//! `invokedynamic makeConcatWithConstants` with a recipe, a string whose
//! `\u{1}` marks stand for the call's arguments in order and `\u{2}` for the
//! bootstrap method's further constants
//! (`java.lang.invoke.StringConcatFactory`); `makeConcat` has no recipe and
//! joins its arguments.
//!
//! The result is a new string: its length is exact, and so are its first
//! [`Text::followed_chars`] characters, each argument written as string conversion
//! writes it ([`super::text`]); the characters past them are left free
//! (more behaviours than the JVM has; the replay checks a state that relies
//! on them). An argument that is an object other than a string is
//! converted by its `toString`, which the model does not run: its text is
//! free, and the call is assumed to have no other effect.
//!
//! A concatenation of primitives and strings alone raises nothing
//! ([`raises_nothing`]): their string conversions (JLS §5.1.11) run no code
//! of the program. So `assert e : "text " + x;` adds no way to fail but its
//! own.

use super::prelude::*;
use super::text::Piece;
use crate::classfile::bootstrap::BootstrapArg;
use crate::classfile::descriptor::MethodDescriptor;
use crate::classfile::{Class, JType, Op};
use crate::jdk::unsupported::Unsupported;
use crate::model::term::{BvCmp, Sort, TermId};

/// The class of javac's concatenation bootstrap methods.
const FACTORY: &str = "java/lang/invoke/StringConcatFactory";

const ARG: char = '\u{1}';
const CONSTANT: char = '\u{2}';

/// A string concatenation stepped over: the index of its bootstrap
/// method, its descriptor, the arguments, the result and the
/// `invokedynamic`'s instruction index.
#[derive(Clone, Copy)]
pub struct Concatenation<'a> {
    pub bootstrap: u16,
    pub desc: &'a MethodDescriptor,
    pub args: &'a [TermId],
    pub r: TermId,
    pub index: usize,
}

/// String concatenation (`invokedynamic makeConcatWithConstants`).
pub trait Concat: Engine {
    /// `r` is the string the concatenation call at `index` with bootstrap
    /// method `bootstrap` of the current class and arguments `args` (typed
    /// by `desc`) makes.
    fn concatenation(
        &mut self,
        st: &mut Self::State,
        call: &Concatenation<'_>,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let Concatenation {
            bootstrap,
            desc,
            args,
            r,
            index,
        } = *call;
        let class = st.site().class.clone();
        let bsm = class
            .bootstrap_method(bootstrap)
            .ok_or(Unsupported::Concat)?;
        let mut pieces = Vec::new();
        let mut next_arg = 0;
        let typed = |ex: &mut Self, k: usize, out: &mut Vec<TermId>| -> Option<Piece> {
            let ty = desc.params.get(k)?;
            if let JType::Object(c) = ty {
                if c != "java/lang/String" {
                    ex.assume(format!(
                        "the toString of a {} joined into a string was taken to have no effect",
                        c.replace('/', ".")
                    ));
                }
            }
            Some(ex.piece_of(args[k], ty, out))
        };
        if bsm.handle.name == "makeConcatWithConstants" {
            let Some(BootstrapArg::String(recipe)) = bsm.args.first() else {
                return Err(Unsupported::Concat);
            };
            let mut constants = bsm.args[1..].iter();
            let mut text = String::new();
            for ch in recipe.chars() {
                if ch != ARG && ch != CONSTANT {
                    text.push(ch);
                    continue;
                }
                if !text.is_empty() {
                    pieces.push(self.recipe_text(&std::mem::take(&mut text), out));
                }
                if ch == ARG {
                    pieces.push(typed(self, next_arg, out).ok_or(Unsupported::Concat)?);
                    next_arg += 1;
                } else {
                    let c = match constants.next() {
                        Some(BootstrapArg::String(s)) => s.clone(),
                        Some(BootstrapArg::Int(v)) => v.to_string(),
                        Some(BootstrapArg::Long(v)) => v.to_string(),
                        _ => return Err(Unsupported::Concat),
                    };
                    pieces.push(self.recipe_text(&c, out));
                }
            }
            if !text.is_empty() {
                pieces.push(self.recipe_text(&text, out));
            }
        } else {
            for k in 0..desc.params.len() {
                pieces.push(typed(self, k, out).ok_or(Unsupported::Concat)?);
            }
        }
        self.new_string(st, r, index, out)?;
        self.string_of_pieces(st, r, &pieces, out);
        Ok(())
    }

    /// Constant text of a recipe: exact, unless the class file's string
    /// could not be read exactly (then free text of its length).
    fn recipe_text(&mut self, text: &str, out: &mut Vec<TermId>) -> Piece {
        let units: Vec<u16> = text.encode_utf16().collect();
        if text.contains('\u{FFFD}') {
            // Its true length is unknown too (a lost unit may have been a
            // surrogate pair).
            let len = self.fresh("text-length", Sort::Bv(32));
            let zero = self.terms().int(0);
            out.push(self.terms().cmp(BvCmp::Sge, len, zero));
            return Piece::Free(len);
        }
        Piece::Literal(units)
    }
}

impl<E: Engine + ?Sized> Concat for E {}

/// Whether `op`, an instruction of `class`, is a string concatenation
/// that raises nothing: `StringConcatFactory`'s bootstrap methods, all of
/// whose arguments are primitives or strings (a null one is written
/// `null`). Not counted: the virtual-machine errors jaut never aims at
/// (`OutOfMemoryError`), nor a `BootstrapMethodError` the JDK's factory
/// would raise only for a recipe javac never writes. An object's
/// `toString` may raise anything.
pub fn raises_nothing(class: &Class, op: &Op) -> bool {
    let Op::InvokeDynamic {
        desc, bootstrap, ..
    } = op
    else {
        return false;
    };
    let factory = class.bootstrap_method(*bootstrap).is_some_and(|b| {
        b.handle.owner == FACTORY
            && matches!(
                b.handle.name.as_str(),
                "makeConcatWithConstants" | "makeConcat"
            )
    });
    factory
        && desc.params.iter().all(|p| match p {
            JType::Object(c) => c == "java/lang/String",
            JType::Array(_) | JType::Void => false,
            _ => true,
        })
}
