//! The text form of a decoded instruction (JVMS §6.5 mnemonics, as javap
//! writes them), with symbolic references written out in full: what
//! `jaut cfg`, the path and the reasons print.

use std::fmt;

use super::bytecode::{Instruction, Op};
use super::descriptor::JType;
impl fmt::Display for Instruction {
    /// javap-like text, with symbolic references written out in full.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.wide {
            f.write_str("wide ")?;
        }
        f.write_str(self.mnemonic())?;
        match &self.op {
            Op::Const(c) => match self.opcode {
                // aconst_null, iconst_*, lconst_*, fconst_*, dconst_*: the
                // mnemonic already names the value.
                0x01..=0x0f => Ok(()),
                _ => write!(f, " {c}"),
            },
            // The short forms (`iload_0` … `aload_3`, `istore_0` …
            // `astore_3`) name the index in the mnemonic; `istore 5`
            // (0x36-0x3a), between the two ranges, does not.
            Op::Load(_, index) | Op::Store(_, index)
                if self.wide || !matches!(self.opcode, 0x1a..=0x2d | 0x3b..=0x4e) =>
            {
                write!(f, " {index}")
            }
            Op::Ret(index) => write!(f, " {index}"),
            Op::Iinc { index, delta } => write!(f, " {index}, {delta}"),
            Op::If { target, .. }
            | Op::IfICmp { target, .. }
            | Op::IfACmp { target, .. }
            | Op::IfNull { target, .. }
            | Op::Goto(target)
            | Op::Jsr(target) => write!(f, " {target}"),
            Op::TableSwitch {
                default,
                low,
                targets,
                ..
            } => {
                f.write_str(" {")?;
                for (i, t) in targets.iter().enumerate() {
                    write!(f, " {}: {t},", *low as i64 + i as i64)?;
                }
                write!(f, " default: {default} }}")
            }
            Op::LookupSwitch { default, pairs } => {
                f.write_str(" {")?;
                for (k, t) in pairs {
                    write!(f, " {k}: {t},")?;
                }
                write!(f, " default: {default} }}")
            }
            Op::GetStatic(r) | Op::PutStatic(r) | Op::GetField(r) | Op::PutField(r) => {
                write!(f, " {r}")
            }
            Op::Invoke(_, m) => write!(f, " {m}"),
            Op::InvokeDynamic { name, desc, .. } => write!(f, " {name}{desc}"),
            Op::New(class) => write!(f, " {class}"),
            Op::NewArray(elem) => match elem.array_type() {
                Some(JType::Array(t)) => write!(f, " {t}"),
                _ => Ok(()),
            },
            Op::ANewArray(t) | Op::CheckCast(t) | Op::InstanceOf(t) => {
                write!(f, " {}", t.class_ref_name())
            }
            Op::MultiANewArray(t, dims) => write!(f, " {}, {dims}", t.descriptor()),
            _ => Ok(()),
        }
    }
}
