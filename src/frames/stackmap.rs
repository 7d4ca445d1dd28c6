//! The StackMapTable (JVMS §4.7.4): expansion of its compressed entries into
//! full frames, and the cross-check of inferred frames against it.

use super::{entry_frame, Frame, FrameError, Frames, VType};
use crate::classfile::{Class, Method, Pc, StackMapEntry, VerificationType};
use crate::classpath::ClassPath;

fn vtype(t: &VerificationType) -> VType {
    match t {
        VerificationType::Top => VType::Top,
        VerificationType::Integer => VType::Int,
        VerificationType::Float => VType::Float,
        VerificationType::Long => VType::Long,
        VerificationType::Double => VType::Double,
        VerificationType::Null => VType::Null,
        VerificationType::UninitializedThis => VType::UninitThis,
        VerificationType::Uninitialized(pc) => VType::Uninit(*pc),
        VerificationType::Object(name) => VType::Ref(name.clone()),
    }
}

/// Locals in the table's compressed form (one entry per long) → slots.
fn expand(compressed: &[VType], max_locals: usize) -> Vec<VType> {
    let mut slots = Vec::with_capacity(max_locals);
    for t in compressed {
        slots.push(t.clone());
        if t.size() == 2 {
            slots.push(VType::Top);
        }
    }
    slots.resize(slots.len().max(max_locals), VType::Top);
    slots
}

/// Slots → the compressed form, dropping trailing `Top`s as the table does.
fn compress(slots: &[VType]) -> Vec<VType> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < slots.len() {
        out.push(slots[i].clone());
        i += slots[i].size();
    }
    while out.last() == Some(&VType::Top) {
        out.pop();
    }
    out
}

/// The frames the StackMapTable declares, by pc; empty when the method has
/// no table.
pub fn declared_frames(class: &Class, method: &Method) -> Result<Vec<(Pc, Frame)>, FrameError> {
    let Some(code) = &method.code else {
        return Ok(Vec::new());
    };
    let Some(entries) = &code.stack_map else {
        return Ok(Vec::new());
    };
    let max_locals = code.max_locals as usize;
    let mut locals = compress(&entry_frame(class, method, max_locals).locals);
    let mut out = Vec::with_capacity(entries.len());
    let mut pc: Option<Pc> = None;
    for e in entries {
        let this_pc = match pc {
            None => e.offset_delta() as Pc,
            Some(prev) => prev + e.offset_delta() as Pc + 1,
        };
        pc = Some(this_pc);
        let stack = match e {
            StackMapEntry::Same { .. } => Vec::new(),
            StackMapEntry::SameLocals1StackItem { stack, .. } => vec![vtype(stack)],
            StackMapEntry::Chop { chop, .. } => {
                let keep = locals.len().checked_sub(*chop as usize).ok_or(FrameError {
                    pc: this_pc,
                    message: "StackMapTable chops more locals than there are".into(),
                })?;
                locals.truncate(keep);
                Vec::new()
            }
            StackMapEntry::Append { locals: more, .. } => {
                locals.extend(more.iter().map(vtype));
                Vec::new()
            }
            StackMapEntry::Full {
                locals: l, stack, ..
            } => {
                locals = l.iter().map(vtype).collect();
                stack.iter().map(vtype).collect()
            }
        };
        let slots = expand(&locals, max_locals);
        if slots.len() > max_locals {
            return Err(FrameError {
                pc: this_pc,
                message: "StackMapTable frame has more locals than max_locals".into(),
            });
        }
        out.push((
            this_pc,
            Frame {
                locals: slots,
                stack,
            },
        ));
    }
    Ok(out)
}

/// Checks inferred frames against the StackMapTable: at each pc it declares,
/// every inferred local and stack value must be assignable to the declared
/// one. Returns the number of frames checked.
pub fn check_stack_map(
    cp: &ClassPath,
    class: &Class,
    method: &Method,
    frames: &Frames,
) -> Result<usize, FrameError> {
    let declared = declared_frames(class, method)?;
    let mut checked = 0;
    for (pc, want) in &declared {
        let Some(have) = frames.at(*pc) else {
            if frames.pcs.binary_search(pc).is_err() {
                return Err(FrameError {
                    pc: *pc,
                    message: "StackMapTable frame at a pc that is not an instruction".into(),
                });
            }
            // Dead code: javac emits frames for handlers whose try range
            // cannot throw; the inference never reaches them.
            continue;
        };
        if have.stack.len() != want.stack.len() {
            return Err(FrameError {
                pc: *pc,
                message: format!("inferred {have}, StackMapTable declares {want}"),
            });
        }
        let pairs = have
            .locals
            .iter()
            .zip(&want.locals)
            .chain(have.stack.iter().zip(&want.stack));
        for (h, w) in pairs {
            if !assignable(cp, h, w) {
                return Err(FrameError {
                    pc: *pc,
                    message: format!("inferred {have}, StackMapTable declares {want}"),
                });
            }
        }
        checked += 1;
    }
    Ok(checked)
}

/// JVMS §4.10.1.2 `isAssignable`, with interfaces accepting any reference
/// as the type checker treats them. A class missing from the class path is
/// given the benefit of the doubt.
fn assignable(cp: &ClassPath, from: &VType, to: &VType) -> bool {
    if from == to || *to == VType::Top {
        return true;
    }
    match (from, to) {
        (VType::Null, VType::Ref(_)) => true,
        (VType::Ref(a), VType::Ref(b)) if a.starts_with('[') && b.starts_with('[') => {
            // Element-wise, so interface elements accept any reference too.
            let elem = |d: &str| match &d[1..] {
                e if e.starts_with('[') => Some(VType::Ref(e.to_string())),
                e => e
                    .strip_prefix('L')
                    .and_then(|e| e.strip_suffix(';'))
                    .map(|c| VType::Ref(c.to_string())),
            };
            match (elem(a), elem(b)) {
                (Some(ea), Some(eb)) => assignable(cp, &ea, &eb),
                _ => a == b,
            }
        }
        (VType::Ref(a), VType::Ref(b)) => {
            if !b.starts_with('[') {
                if let Ok(Some(target)) = cp.try_load(b) {
                    if target.is_interface() {
                        return true;
                    }
                }
            }
            cp.is_assignable(a, b).unwrap_or(true)
        }
        _ => false,
    }
}
