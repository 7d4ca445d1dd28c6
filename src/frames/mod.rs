//! The type of every operand-stack slot and local at every pc.
//!
//! Computed by forward data flow from the method descriptor, as the JVM's
//! verifier by type inference does (JVMS §4.10.2): each instruction's
//! transfer function, successors by fall-through, branches and the exception
//! handlers covering instructions that can throw, and a merge at joins that
//! takes the first common superclass of two references (interfaces counting
//! as `Object`). The result is then checked against the method's
//! StackMapTable (JVMS §4.10.1), where present: at every pc the table
//! describes, each inferred type must be assignable to the declared one.
//!
//! Stack frames list values, not words: a `long` is one entry on the stack,
//! and two slots (`Long`, then `Top`) in the locals, as in the JVMS.
//! `jsr`/`ret` (class files before version 50) are refused.

mod stackmap;
mod step;

use std::collections::VecDeque;
use std::fmt;

use crate::classfile::bytecode::Throws;
use crate::classfile::{Class, JType, Method, Pc};
use crate::classpath::hierarchy::OBJECT;
use crate::classpath::ClassPath;

pub use stackmap::{check_stack_map, declared_frames};

/// A verification type (JVMS §4.10.1.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VType {
    /// Unusable: never written, or the merge of incompatible types.
    Top,
    Int,
    Float,
    Long,
    Double,
    Null,
    /// `this` in a constructor before the superclass constructor ran.
    UninitThis,
    /// The object created by the `new` at this pc, before its constructor ran.
    Uninit(Pc),
    /// A class (internal name) or an array (descriptor).
    Ref(String),
}

impl VType {
    pub fn of(ty: &JType) -> VType {
        match ty {
            JType::Long => VType::Long,
            JType::Float => VType::Float,
            JType::Double => VType::Double,
            JType::Object(name) => VType::Ref(name.clone()),
            JType::Array(_) => VType::Ref(ty.descriptor()),
            JType::Void => VType::Top,
            _ => VType::Int,
        }
    }

    /// Words taken in the locals or on the stack.
    pub fn size(&self) -> usize {
        match self {
            VType::Long | VType::Double => 2,
            _ => 1,
        }
    }

    pub fn is_reference(&self) -> bool {
        matches!(
            self,
            VType::Null | VType::UninitThis | VType::Uninit(_) | VType::Ref(_)
        )
    }
}

impl fmt::Display for VType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VType::Top => f.write_str("top"),
            VType::Int => f.write_str("int"),
            VType::Float => f.write_str("float"),
            VType::Long => f.write_str("long"),
            VType::Double => f.write_str("double"),
            VType::Null => f.write_str("null"),
            VType::UninitThis => f.write_str("uninitializedThis"),
            VType::Uninit(pc) => write!(f, "uninitialized({pc})"),
            VType::Ref(name) if name.starts_with('[') => match JType::parse(name) {
                Some(t) => write!(f, "{t}"),
                None => f.write_str(name),
            },
            VType::Ref(name) => f.write_str(&name.replace('/', ".")),
        }
    }
}

/// The types at one pc, before the instruction there executes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// One entry per local slot (`max_locals` of them).
    pub locals: Vec<VType>,
    /// Bottom first; one entry per value.
    pub stack: Vec<VType>,
}

impl Frame {
    /// Operand-stack depth in words, as `max_stack` counts it.
    pub fn stack_words(&self) -> usize {
        self.stack.iter().map(VType::size).sum()
    }
}

impl fmt::Display for Frame {
    /// `stack [int, Coord] locals [Coord, Chrono, int, top]`, with the second
    /// slot of a long or double left out of the locals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stack [")?;
        write_list(f, self.stack.iter())?;
        f.write_str("] locals [")?;
        let mut shown = Vec::new();
        let mut i = 0;
        while i < self.locals.len() {
            shown.push(&self.locals[i]);
            i += self.locals[i].size();
        }
        write_list(f, shown.into_iter())?;
        f.write_str("]")
    }
}

fn write_list<'a>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = &'a VType>,
) -> fmt::Result {
    for (i, t) in items.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

/// Frames could not be computed: the code is not what a verifier accepts,
/// or uses `jsr`/`ret`.
#[derive(Debug, Clone, thiserror::Error)]
#[error("pc {pc}: {message}")]
pub struct FrameError {
    pub pc: Pc,
    pub message: String,
}

fn err<T>(pc: Pc, message: impl Into<String>) -> Result<T, FrameError> {
    Err(FrameError {
        pc,
        message: message.into(),
    })
}

/// The frame at every instruction of one method.
#[derive(Debug, Clone)]
pub struct Frames {
    /// Indexed like `Code::instructions`; `None` where no path from the entry
    /// reaches the instruction (dead code).
    frames: Vec<Option<Frame>>,
    pcs: Vec<Pc>,
}

impl Frames {
    /// The frame before the instruction at `pc`.
    pub fn at(&self, pc: Pc) -> Option<&Frame> {
        let idx = self.pcs.binary_search(&pc).ok()?;
        self.frames[idx].as_ref()
    }

    /// Frames by instruction index.
    pub fn by_index(&self, index: usize) -> Option<&Frame> {
        self.frames.get(index)?.as_ref()
    }

    /// Pcs of instructions no path reaches.
    pub fn unreachable_pcs(&self) -> Vec<Pc> {
        self.pcs
            .iter()
            .zip(&self.frames)
            .filter(|(_, f)| f.is_none())
            .map(|(pc, _)| *pc)
            .collect()
    }
}

/// The frame on entry to a method (JVMS §4.10.1.6 `methodInitialStackFrame`).
pub fn entry_frame(class: &Class, method: &Method, max_locals: usize) -> Frame {
    let mut locals = Vec::with_capacity(max_locals);
    if !method.is_static() {
        locals.push(if method.name == "<init>" && class.name != OBJECT {
            VType::UninitThis
        } else {
            VType::Ref(class.name.clone())
        });
    }
    for p in &method.desc.params {
        let t = VType::of(p);
        let wide = t.size() == 2;
        locals.push(t);
        if wide {
            locals.push(VType::Top);
        }
    }
    if locals.len() < max_locals {
        locals.resize(max_locals, VType::Top);
    }
    Frame {
        locals,
        stack: Vec::new(),
    }
}

/// Computes the frames of a method with code.
pub fn compute(cp: &ClassPath, class: &Class, method: &Method) -> Result<Frames, FrameError> {
    let Some(code) = &method.code else {
        return err(0, "method has no code");
    };
    let n = code.instructions.len();
    let pcs: Vec<Pc> = code.instructions.iter().map(|i| i.pc).collect();
    let index_of = |pc: Pc| pcs.binary_search(&pc).ok();
    let mut frames: Vec<Option<Frame>> = vec![None; n];
    if n == 0 {
        return err(0, "empty code");
    }
    let entry = entry_frame(class, method, code.max_locals as usize);
    if entry.locals.len() > code.max_locals as usize {
        return err(0, "parameters exceed max_locals");
    }
    frames[0] = Some(entry);
    let mut work: VecDeque<usize> = VecDeque::from([0]);
    let mut queued = vec![false; n];
    queued[0] = true;
    let mut merger = Merger { cp };

    while let Some(idx) = work.pop_front() {
        queued[idx] = false;
        let insn = &code.instructions[idx];
        let before = frames[idx]
            .clone()
            .expect("queued instructions have frames");
        let mut succs: Vec<(usize, Frame)> = Vec::new();

        if !matches!(insn.op.throws(), Throws::Nothing) {
            for h in code.handlers.iter().filter(|h| h.covers(insn.pc)) {
                let caught = h
                    .catch_type
                    .clone()
                    .unwrap_or_else(|| "java/lang/Throwable".into());
                let hidx = index_of(h.handler).ok_or_else(|| FrameError {
                    pc: insn.pc,
                    message: format!("handler pc {} is not an instruction", h.handler),
                })?;
                succs.push((
                    hidx,
                    Frame {
                        locals: before.locals.clone(),
                        stack: vec![VType::Ref(caught)],
                    },
                ));
            }
        }

        let after = step(class, code, insn.pc, &insn.op, before)?;
        if let Some(after) = after {
            if after.stack_words() > code.max_stack as usize {
                return err(
                    insn.pc,
                    format!("stack exceeds max_stack {}", code.max_stack),
                );
            }
            for t in insn.op.branch_targets() {
                let tidx = index_of(t).ok_or_else(|| FrameError {
                    pc: insn.pc,
                    message: format!("branch target {t} is not an instruction"),
                })?;
                succs.push((tidx, after.clone()));
            }
            if !insn.op.ends_flow() {
                if idx + 1 >= n {
                    return err(insn.pc, "falls off the end of the code");
                }
                succs.push((idx + 1, after));
            }
        }

        for (sidx, incoming) in succs {
            let changed = match &frames[sidx] {
                None => {
                    frames[sidx] = Some(incoming);
                    true
                }
                Some(old) => {
                    let merged = merger.merge(old, &incoming, pcs[sidx])?;
                    let changed = &merged != old;
                    frames[sidx] = Some(merged);
                    changed
                }
            };
            if changed && !queued[sidx] {
                queued[sidx] = true;
                work.push_back(sidx);
            }
        }
    }
    Ok(Frames { frames, pcs })
}

struct Merger<'a> {
    cp: &'a ClassPath,
}

impl Merger<'_> {
    fn merge(&mut self, old: &Frame, new: &Frame, pc: Pc) -> Result<Frame, FrameError> {
        if old.stack.len() != new.stack.len() {
            return err(
                pc,
                format!(
                    "stack depth differs at join: {} vs {} values",
                    old.stack.len(),
                    new.stack.len()
                ),
            );
        }
        let mut stack = Vec::with_capacity(old.stack.len());
        for (a, b) in old.stack.iter().zip(&new.stack) {
            let m = self.merge_type(a, b);
            if m == VType::Top {
                return err(pc, format!("stack types {a} and {b} cannot be merged"));
            }
            stack.push(m);
        }
        let mut locals: Vec<VType> = old
            .locals
            .iter()
            .zip(&new.locals)
            .map(|(a, b)| self.merge_type(a, b))
            .collect();
        // A long or double whose partner slot became Top is unusable.
        for i in 0..locals.len() {
            if matches!(locals[i], VType::Long | VType::Double)
                && locals.get(i + 1) != Some(&VType::Top)
            {
                locals[i] = VType::Top;
            }
        }
        Ok(Frame { locals, stack })
    }

    fn merge_type(&mut self, a: &VType, b: &VType) -> VType {
        if a == b {
            return a.clone();
        }
        match (a, b) {
            (VType::Null, VType::Ref(_)) => b.clone(),
            (VType::Ref(_), VType::Null) => a.clone(),
            (VType::Ref(x), VType::Ref(y)) => VType::Ref(
                // A class missing from the class path: `Object` is the only
                // supertype known for sure.
                self.cp
                    .common_superclass(x, y)
                    .unwrap_or_else(|_| OBJECT.to_string()),
            ),
            _ => VType::Top,
        }
    }
}

pub use step::step;
