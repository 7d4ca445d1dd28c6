//! Which objects a print call passes, read off the calling method's own
//! bytecode and verifier types (JVMS §4.10.1): whether every object that
//! `print`, `printf` or `format` may turn into text is a JDK value — a
//! `String`, a box or null — whose `toString` runs no code of the program.
//!
//! `System.out.printf("%d%n", x)` compiles (JLS §15.12.4.2, variable arity)
//! to a new `Object[]` made just before the call, `dup`, an index and a
//! value stored into it per argument, then the call. When the array is made
//! that way in the call's own block and each stored value's verifier type
//! is such a value, no program `toString` can run: the call raises nothing
//! of the program's and its effects need no assumption
//! ([`super::printing`], `search/callee_raises.rs`). Any other shape — an
//! array from elsewhere, a value computed by an instruction this reading
//! does not follow — answers no, as before.

use crate::classfile::bytecode::{ArrayElem, InvokeKind, StackOp};
use crate::classfile::{JType, Op};
use crate::frames::VType;
use crate::jdk::engine::Site;

/// JDK classes whose `toString` runs no code of the program.
const VALUE_CLASSES: [&str; 9] = [
    "java/lang/String",
    "java/lang/Integer",
    "java/lang/Long",
    "java/lang/Short",
    "java/lang/Byte",
    "java/lang/Character",
    "java/lang/Boolean",
    "java/lang/Float",
    "java/lang/Double",
];

/// Whether a verifier type is null or one of [`VALUE_CLASSES`].
fn is_value(t: &VType) -> bool {
    match t {
        VType::Null => true,
        VType::Ref(class) => VALUE_CLASSES.contains(&class.as_str()),
        _ => false,
    }
}

/// Whether every object the call at `index` of `m` passes as text (its
/// `Object`, `CharSequence` and `Object[]` parameters) is a JDK value.
pub fn prints_only_values(m: Site<'_>, index: usize) -> bool {
    let code = m.code;
    let Some(insn) = code.instructions.get(index) else {
        return false;
    };
    let Op::Invoke(_, r) = &insn.op else {
        return false;
    };
    let Some(frame) = m.frames.at(insn.pc) else {
        return false;
    };
    let params = &r.desc.params;
    let Some(first) = frame.stack.len().checked_sub(params.len()) else {
        return false;
    };
    params.iter().enumerate().all(|(i, p)| {
        let at = first + i;
        match p {
            JType::Object(c) if c == "java/lang/Object" || c == "java/lang/CharSequence" => {
                frame.stack.get(at).is_some_and(is_value)
            }
            JType::Array(e) if matches!(&**e, JType::Object(c) if c == "java/lang/Object") => {
                array_of_values(m, index, at)
            }
            _ => true,
        }
    })
}

/// Whether the `Object[]` at stack slot `slot` when instruction `call`
/// runs was made by an `anewarray` in the same block, with `dup`, index,
/// value, `aastore` groups after it whose values are JDK values.
fn array_of_values(m: Site<'_>, call: usize, slot: usize) -> bool {
    let code = m.code;
    let pc = |i: usize| code.instructions[i].pc;
    let depth = |i: usize| m.frames.at(pc(i)).map(|f| f.stack.len());
    let block = m.cfg.block_of(pc(call));
    // The `anewarray` whose result is at `slot`: the last one before the
    // call, in its block, taken with `slot + 1` values (the count on top).
    let Some(made) = (0..call).rev().find(|&i| {
        matches!(code.instructions[i].op, Op::ANewArray(_)) && depth(i) == Some(slot + 1)
    }) else {
        return false;
    };
    if (made..=call).any(|i| m.cfg.block_of(pc(i)) != block) {
        return false;
    }
    // After it: groups `dup; <index>; <value>; aastore`, each value
    // computed by instructions that leave the array and its copy alone.
    let mut i = made + 1;
    while i < call {
        if depth(i) != Some(slot + 1) || !matches!(code.instructions[i].op, Op::Stack(StackOp::Dup))
        {
            return false;
        }
        let Some(store) = (i + 1..call).find(|&j| {
            matches!(code.instructions[j].op, Op::ArrayStore(ArrayElem::Ref))
                && depth(j) == Some(slot + 4)
        }) else {
            return false;
        };
        let kept_above = (i + 1..store).all(|j| {
            depth(j).is_some_and(|d| d >= slot + 2)
                && pops(&code.instructions[j].op)
                    .is_some_and(|n| depth(j).is_some_and(|d| d - n >= slot + 2))
        });
        let stored = m
            .frames
            .at(pc(store))
            .and_then(|f| f.stack.last())
            .is_some_and(is_value);
        if !kept_above || !stored {
            return false;
        }
        i = store + 1;
    }
    depth(call).is_some()
}

/// How many operand stack values `op` takes, for the instructions that
/// compute a printed value; `None` for any other (the reading gives up).
pub fn pops(op: &Op) -> Option<usize> {
    Some(match op {
        Op::Nop | Op::Const(_) | Op::Load(..) | Op::GetStatic(_) => 0,
        Op::GetField(_) | Op::Convert(_) | Op::Neg(_) | Op::CheckCast(_) => 1,
        Op::Binary(..) | Op::Compare(_) | Op::ArrayLoad(_) => 2,
        Op::Invoke(kind, r) => r.desc.params.len() + usize::from(*kind != InvokeKind::Static),
        _ => return None,
    })
}
