//! What the running method's own bytecode says of a value a collection
//! model compares as `Objects.equals` (issue 36; [`super::equality`]): its
//! verifier type (JVMS §4.10.1) where that is `String` or a box compared
//! by value — final classes, so the value is null or of exactly that
//! class — and, when an `ldc` of the same block pushed it (JVMS §6.5
//! `ldc`), its text. A key of known class needs no case for the other
//! classes, and a literal's characters are constants: `m.put("a", 1)`
//! compares each key with `"a"` by its length and characters, with no
//! equation between character rows (the array extensionality that made
//! string-keyed input maps cost seconds per check).

use super::cmv::{Act, St};
use super::explore::Explorer;
use crate::classfile::bytecode::Constant;
use crate::classfile::Op;
use crate::frames::VType;
use crate::jdk::collections::VALUE_BOXES;
use crate::model::term::TermId;

const STRING: &str = "java/lang/String";

/// What is known of a compared value before the path meets where it was
/// made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum KnownKey {
    /// A string literal (never null): its UTF-16 code units.
    Literal(Vec<u16>),
    /// Null or an object of exactly this class: `java/lang/String` or one
    /// of [`VALUE_BOXES`].
    Class(&'static str),
}

/// The final classes whose verifier type fixes the class of a value.
fn final_class(name: &str) -> Option<&'static str> {
    std::iter::once(STRING)
        .chain(VALUE_BOXES.iter().map(|(class, _)| *class))
        .find(|class| *class == name)
}

/// The stack slot (from the bottom) that holds `t` when the active method
/// `act` is just before its instruction, if any.
fn slot_of(act: &Act, t: TermId, depth: usize) -> Option<usize> {
    if act.stack.len() != depth {
        return None;
    }
    act.stack.iter().rposition(|&s| s == t)
}

/// The instruction of `act`'s block before its current one that pushed
/// the value at stack `slot`: walking back, every instruction between
/// leaves the slot alone (it takes only values above it).
fn producer(act: &Act, slot: usize) -> Option<&Op> {
    let m = &act.m;
    let code = m.code();
    let pc = |i: usize| code.instructions[i].pc;
    let depth = |i: usize| m.frames.at(pc(i)).map(|f| f.stack.len());
    let block = m.cfg.block_of(pc(act.index))?;
    for i in (0..act.index).rev() {
        if m.cfg.block_of(pc(i)) != Some(block) {
            return None;
        }
        let op = &code.instructions[i].op;
        let takes = crate::jdk::strings::printed_values::pops(op)?;
        let before = depth(i)?;
        if before == slot && takes == 0 && depth(i + 1) == Some(slot + 1) {
            return Some(op);
        }
        if before < slot + 1 + takes {
            return None;
        }
    }
    None
}

impl Explorer<'_> {
    /// What the active method's bytecode says of value `t`, where `t` is on
    /// its operand stack (a call's argument while the call is stepped
    /// over).
    pub(super) fn known_key(&self, st: &St, t: TermId) -> Option<KnownKey> {
        let act = st.acts.last()?;
        let insn = act.m.code().instructions.get(act.index)?;
        let frame = act.m.frames.at(insn.pc)?;
        let slot = slot_of(act, t, frame.stack.len())?;
        let VType::Ref(name) = frame.stack.get(slot)? else {
            return None;
        };
        let class = final_class(name)?;
        if class == STRING {
            if let Some(Op::Const(c)) = producer(act, slot) {
                if let Constant::String(text) = &**c {
                    return Some(KnownKey::Literal(text.encode_utf16().collect()));
                }
            }
        }
        Some(KnownKey::Class(class))
    }
}
